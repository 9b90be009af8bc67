//! The statements that read the same on SQLite and PostgreSQL, written once. They use `$N`
//! placeholders, which PostgreSQL takes natively and sqlx binds by number on SQLite too; only the
//! claim differs between the two databases and stays in each module. The macro instantiates the
//! functions for one pool type, since sqlx's generic bounds for "any database" would outweigh
//! the statements themselves.

/// Defines `store_enquiry`, `mark_sent`, `retry_later`, `delete_before` and `all` for one
/// database: its pool, connection and driver types.
macro_rules! shared_statements {
    ($pool:ty, $connection:ty, $database:ty) => {
        /// Stores the enquiry and queues the studio's mail, inside the caller's transaction, or
        /// finds the enquiry stored before under one of its idempotency keys and writes nothing.
        /// On SQLite the caller's transaction must hold the write lock from its start
        /// (`BEGIN IMMEDIATE`, `super::group_commit`): one that reads first cannot wait for
        /// another writer and fails at once instead.
        pub async fn store_enquiry(
            connection: &mut $connection,
            enquiry: &$crate::NewEnquiry,
        ) -> Result<$crate::Inserted, $crate::StorageError> {
            use $crate::Inserted;
            const FIND: &str = "SELECT id FROM enquiries WHERE idempotency_key = $1";
            for key in &enquiry.earlier_keys {
                let found: Option<String> = sqlx::query_scalar(FIND)
                    .bind(key)
                    .fetch_optional(&mut *connection)
                    .await?;
                if let Some(id) = found {
                    return Ok(Inserted::Existing(id));
                }
            }
            let inserted = sqlx::query(
                "INSERT INTO enquiries (id, received_at, form, payload, idempotency_key)
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (idempotency_key) DO NOTHING",
            )
            .bind(&enquiry.id)
            .bind(enquiry.received_at)
            .bind(enquiry.form)
            .bind(&enquiry.payload)
            .bind(&enquiry.idempotency_key)
            .execute(&mut *connection)
            .await?
            .rows_affected();
            if inserted == 0 {
                // Only a key can conflict (ids are fresh UUIDs): the first copy is stored.
                let first: String = sqlx::query_scalar(FIND)
                    .bind(&enquiry.idempotency_key)
                    .fetch_one(&mut *connection)
                    .await?;
                return Ok(Inserted::Existing(first));
            }
            sqlx::query("INSERT INTO mail_outbox (enquiry_id, next_attempt_at) VALUES ($1, $2)")
                .bind(&enquiry.id)
                .bind(enquiry.received_at)
                .execute(&mut *connection)
                .await?;
            Ok(Inserted::New)
        }

        /// Records that the mail server accepted the enquiry's mail at `now`.
        pub async fn mark_sent(
            executor: impl sqlx::Executor<'_, Database = $database>,
            enquiry_id: &str,
            now: i64,
        ) -> Result<(), $crate::StorageError> {
            sqlx::query(
                "UPDATE mail_outbox SET sent_at = $1, claimed_until = NULL, last_error = NULL
                 WHERE enquiry_id = $2 AND sent_at IS NULL",
            )
            .bind(now)
            .bind(enquiry_id)
            .execute(executor)
            .await?;
            Ok(())
        }

        /// Releases the claim for another attempt at `next`, if this claim still holds the row.
        pub async fn retry_later(
            pool: &$pool,
            mail: &$crate::ClaimedMail,
            next: i64,
            error: &str,
        ) -> Result<(), $crate::StorageError> {
            sqlx::query(
                "UPDATE mail_outbox SET claimed_until = NULL, claimed_by = NULL, next_attempt_at = $1,
                 last_error = $2 WHERE enquiry_id = $3 AND claimed_by = $4 AND sent_at IS NULL",
            )
            .bind(next)
            .bind(error)
            .bind(&mail.enquiry_id)
            .bind(&mail.token)
            .execute(pool)
            .await?;
            Ok(())
        }

        /// Deletes enquiries received before `cutoff` with their outbox rows; returns how many.
        pub async fn delete_before(
            pool: &$pool,
            cutoff: i64,
        ) -> Result<u64, $crate::StorageError> {
            let mut tx = pool.begin().await?;
            sqlx::query(
                "DELETE FROM mail_outbox WHERE enquiry_id IN
                 (SELECT id FROM enquiries WHERE received_at < $1)",
            )
            .bind(cutoff)
            .execute(&mut *tx)
            .await?;
            let deleted = sqlx::query("DELETE FROM enquiries WHERE received_at < $1")
                .bind(cutoff)
                .execute(&mut *tx)
                .await?
                .rows_affected();
            tx.commit().await?;
            Ok(deleted)
        }

        /// Every enquiry with the time its mail was sent, oldest first.
        pub async fn all(
            pool: &$pool,
        ) -> Result<Vec<$crate::StoredEnquiry>, $crate::StorageError> {
            let rows = sqlx::query(
                "SELECT e.id, e.received_at, e.form, e.payload, o.sent_at
                 FROM enquiries e LEFT JOIN mail_outbox o ON o.enquiry_id = e.id
                 ORDER BY e.received_at, e.id",
            )
            .fetch_all(pool)
            .await?;
            Ok(rows
                .iter()
                .map($crate::StoredEnquiry::from_row)
                .collect::<Result<_, _>>()?)
        }
    };
}

pub(crate) use shared_statements;
