//! Schema migrations, run at every start. Each migration runs once, in its own transaction, and
//! is recorded in `schema_migrations`; on PostgreSQL an advisory lock makes nodes that start
//! together take turns. The SQL is portable between SQLite and PostgreSQL: times are Unix
//! milliseconds in BIGINT columns and ids are text.

use sqlx::{PgPool, SqlitePool};

use super::StorageError;

/// Migrations in order; never edit one that has shipped, add a new one.
const MIGRATIONS: [(i64, &str); 12] = [
    (
        1,
        "CREATE TABLE enquiries (
        id TEXT PRIMARY KEY,
        received_at BIGINT NOT NULL,
        form TEXT NOT NULL,
        payload TEXT NOT NULL
    );
    CREATE INDEX enquiries_received_at ON enquiries (received_at);
    CREATE TABLE mail_outbox (
        enquiry_id TEXT PRIMARY KEY REFERENCES enquiries (id) ON DELETE CASCADE,
        attempts BIGINT NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL,
        claimed_until BIGINT,
        claimed_by TEXT,
        sent_at BIGINT,
        last_error TEXT
    );
    CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;",
    ),
    // The last good copy of the class schedule (one row), so a restart while the booking provider
    // is down still shows classes.
    (
        2,
        "CREATE TABLE schedule_copy (
        id BIGINT PRIMARY KEY,
        fetched_at BIGINT NOT NULL,
        payload TEXT NOT NULL
    );",
    ),
    // The idempotency key of the post that stored an enquiry (`crate::enquiries::idempotency`):
    // unique, so a resend of the same post finds the first and stores nothing new. Enquiries
    // stored before it, and posts without a key, have none (NULLs never collide).
    (
        3,
        "ALTER TABLE enquiries ADD COLUMN idempotency_key TEXT;
    CREATE UNIQUE INDEX enquiries_idempotency_key ON enquiries (idempotency_key);",
    ),
    // The studio's own area (`crate::studio`): staff accounts, their set-up links, recovery
    // codes and sessions, failed sign-ins for the throttle, the audit log, and each enquiry's
    // state in the inbox. Secrets that only need comparing (session ids, set-up tokens, recovery
    // codes) are stored as SHA-256 hashes, passwords as argon2id PHC strings.
    (
        4,
        "CREATE TABLE studio_accounts (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        role TEXT NOT NULL,
        password_hash TEXT,
        totp_secret TEXT,
        totp_last_step BIGINT,
        created_at BIGINT NOT NULL
    );
    CREATE TABLE studio_invites (
        token_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES studio_accounts (id) ON DELETE CASCADE,
        expires_at BIGINT NOT NULL,
        used_at BIGINT,
        totp_secret TEXT
    );
    CREATE TABLE studio_recovery_codes (
        account_id TEXT NOT NULL REFERENCES studio_accounts (id) ON DELETE CASCADE,
        code_hash TEXT NOT NULL,
        used_at BIGINT,
        PRIMARY KEY (account_id, code_hash)
    );
    CREATE TABLE studio_sessions (
        id_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES studio_accounts (id) ON DELETE CASCADE,
        stage TEXT NOT NULL,
        csrf TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        last_seen_at BIGINT NOT NULL,
        address TEXT NOT NULL
    );
    CREATE INDEX studio_sessions_account ON studio_sessions (account_id);
    CREATE TABLE studio_failures (
        at BIGINT NOT NULL,
        email_key TEXT NOT NULL,
        address TEXT NOT NULL
    );
    CREATE INDEX studio_failures_email ON studio_failures (email_key, at);
    CREATE INDEX studio_failures_address ON studio_failures (address, at);
    CREATE TABLE studio_audit (
        id TEXT PRIMARY KEY,
        at BIGINT NOT NULL,
        actor TEXT,
        action TEXT NOT NULL,
        detail TEXT NOT NULL,
        address TEXT NOT NULL
    );
    CREATE INDEX studio_audit_at ON studio_audit (at);
    ALTER TABLE enquiries ADD COLUMN state TEXT NOT NULL DEFAULT 'new';
    ALTER TABLE enquiries ADD COLUMN state_note TEXT;
    ALTER TABLE enquiries ADD COLUMN state_changed_at BIGINT;
    ALTER TABLE enquiries ADD COLUMN state_changed_by TEXT;",
    ),
    // The site's published content (`crate::published::versions`): every version whole, numbered
    // from 1, with what made it (a release's built-in copy, an import, a publish, a restore),
    // who and why. The number is the primary key, so two publishes from the same version cannot
    // both become the next one.
    (
        5,
        "CREATE TABLE content_versions (
        number BIGINT PRIMARY KEY,
        created_at BIGINT NOT NULL,
        kind TEXT NOT NULL,
        author TEXT,
        note TEXT NOT NULL,
        files TEXT NOT NULL
    );",
    ),
    // Each staff member's content draft (`crate::drafts`): the whole set of files as
    // they are editing it and the version it started from, saved as they work.
    (
        6,
        "CREATE TABLE content_drafts (
        account_id TEXT PRIMARY KEY REFERENCES studio_accounts (id) ON DELETE CASCADE,
        base_number BIGINT NOT NULL,
        files TEXT NOT NULL,
        updated_at BIGINT NOT NULL
    );",
    ),
    // Scheduled changes to the content (`crate::published::scheduled`): a draft's whole set of
    // files, the version it started from and the instant it goes live, published by whichever
    // node claims it first. `state` is waiting, published, held or cancelled; a row leaves
    // waiting once, with when (`settled_at`) and, as it ended, the version it became, why it
    // was held or who cancelled it. Authors are e-mail addresses, like the versions', so a
    // removed account's schedules keep their names. The index finds the due ones each second.
    (
        7,
        "CREATE TABLE content_schedules (
        id TEXT PRIMARY KEY,
        created_at BIGINT NOT NULL,
        created_by TEXT NOT NULL,
        base_number BIGINT NOT NULL,
        files TEXT NOT NULL,
        note TEXT NOT NULL,
        go_live_at BIGINT NOT NULL,
        state TEXT NOT NULL,
        settled_at BIGINT,
        settled_by TEXT,
        published_number BIGINT,
        held_reason TEXT
    );
    CREATE INDEX content_schedules_due ON content_schedules (state, go_live_at);",
    ),
    // Photos uploaded in the studio (`crate::photos`): each original once, keyed by
    // the SHA-256 of its bytes, which the content names it by (`uploads/<hash>.jpg`), so the
    // versions stay plain text and every node prepares the same photo. BYTEA is PostgreSQL's
    // binary type; SQLite keeps the bytes as a BLOB under any declared type.
    (
        8,
        "CREATE TABLE content_photos (
        hash TEXT PRIMARY KEY,
        bytes BYTEA NOT NULL,
        media_type TEXT NOT NULL,
        width BIGINT NOT NULL,
        height BIGINT NOT NULL,
        uploaded_by TEXT NOT NULL,
        uploaded_at BIGINT NOT NULL
    );",
    ),
    // The content format the files of each version, draft and schedule are written in
    // (`crate::published::formats`), so a release whose content types change migrates what was
    // stored before it rather than misreading it. Everything stored until now is format 1, the
    // first.
    (
        9,
        "ALTER TABLE content_versions ADD COLUMN format BIGINT NOT NULL DEFAULT 1;
    ALTER TABLE content_drafts ADD COLUMN format BIGINT NOT NULL DEFAULT 1;
    ALTER TABLE content_schedules ADD COLUMN format BIGINT NOT NULL DEFAULT 1;",
    ),
    // The staff area under attack (`crate::staff`): a sign-in attempt is reserved as a failure
    // row (`id` names it, so a right secret deletes it) before its secret is checked, while the
    // attempt's throttle keys are locked (`studio_throttle_keys`, one row per e-mail key and
    // per client network, locked by writing it), so attempts sent at once are counted one by
    // one on every node. Repeated refusals are one audit line counting them (`repeats`).
    (
        10,
        "CREATE TABLE studio_throttle_keys (
        key TEXT PRIMARY KEY,
        touched_at BIGINT NOT NULL
    );
    ALTER TABLE studio_failures ADD COLUMN id TEXT;
    CREATE INDEX studio_failures_id ON studio_failures (id);
    ALTER TABLE studio_audit ADD COLUMN repeats BIGINT NOT NULL DEFAULT 1;",
    ),
    // What the site counts of its visitors (`crate::visitors`): daily totals without any
    // identifier, added to by every node's batches (the key is the primary key, so a batch's
    // `ON CONFLICT ... DO UPDATE` adds), and the steps of visits whose visitor accepted
    // analytics, linked by the visit's random id and kept for the retention period.
    (
        11,
        "CREATE TABLE visitor_counts (
        day TEXT NOT NULL,
        kind TEXT NOT NULL,
        page TEXT NOT NULL,
        referrer TEXT NOT NULL,
        source TEXT NOT NULL,
        medium TEXT NOT NULL,
        campaign TEXT NOT NULL,
        count BIGINT NOT NULL,
        PRIMARY KEY (day, kind, page, referrer, source, medium, campaign)
    );
    CREATE TABLE visit_steps (
        visit TEXT NOT NULL,
        at BIGINT NOT NULL,
        kind TEXT NOT NULL,
        page TEXT NOT NULL,
        referrer TEXT NOT NULL,
        source TEXT NOT NULL,
        medium TEXT NOT NULL,
        campaign TEXT NOT NULL,
        enquiry_id TEXT
    );
    CREATE INDEX visit_steps_at ON visit_steps (at);
    CREATE INDEX visit_steps_visit ON visit_steps (visit);
    CREATE INDEX visit_steps_enquiry ON visit_steps (enquiry_id);",
    ),
    // Passkeys (`crate::passkeys`): each staff member's registered passkeys (the credential as
    // the WebAuthn library stores it, JSON), the challenge of a ceremony under way (bound to
    // its session or sign-in form, taken once), and the area's settings (whether owners
    // require passkeys); and the browsers each person signed in on (`studio_devices`, found by
    // the SHA-256 of their device cookie), whose attempts the throttle counts apart.
    (
        12,
        "CREATE TABLE studio_passkeys (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES studio_accounts (id) ON DELETE CASCADE,
        credential TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        last_used_at BIGINT
    );
    CREATE INDEX studio_passkeys_account ON studio_passkeys (account_id);
    CREATE TABLE studio_ceremonies (
        key TEXT PRIMARY KEY,
        state TEXT NOT NULL,
        expires_at BIGINT NOT NULL
    );
    CREATE TABLE studio_settings (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    CREATE TABLE studio_devices (
        token_hash TEXT PRIMARY KEY,
        email_key TEXT NOT NULL,
        expires_at BIGINT NOT NULL
    );",
    ),
];

/// The newest migration.
pub const LATEST: i64 = MIGRATIONS[MIGRATIONS.len() - 1].0;

/// The newest migration applied to an SQLite database that has some but not all of them:
/// `None` for a new database or an up-to-date one.
pub async fn pending_sqlite(pool: &SqlitePool) -> Result<Option<i64>, StorageError> {
    let known: Option<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'",
    )
    .fetch_optional(pool)
    .await?;
    if known.is_none() {
        return Ok(None);
    }
    let applied: Option<i64> = sqlx::query_scalar("SELECT MAX(version) FROM schema_migrations")
        .fetch_one(pool)
        .await?;
    Ok(applied.filter(|applied| *applied < LATEST))
}

const CREATE_TABLE: &str = "CREATE TABLE IF NOT EXISTS schema_migrations (
    version BIGINT PRIMARY KEY,
    applied_at BIGINT NOT NULL
)";

/// Key of the PostgreSQL advisory lock held while migrating.
const LOCK_KEY: i64 = 0x6f6e_6573_7061_6365;

/// Brings an SQLite database up to date.
pub async fn run_sqlite(pool: &SqlitePool) -> Result<(), StorageError> {
    sqlx::query(CREATE_TABLE).execute(pool).await?;
    for (version, sql) in MIGRATIONS {
        let failed = |source| StorageError::Migrate { version, source };
        let mut tx = pool.begin().await?;
        let done: Option<i64> =
            sqlx::query_scalar("SELECT version FROM schema_migrations WHERE version = ?")
                .bind(version)
                .fetch_optional(&mut *tx)
                .await?;
        if done.is_some() {
            continue;
        }
        sqlx::raw_sql(sql).execute(&mut *tx).await.map_err(failed)?;
        sqlx::query("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)")
            .bind(version)
            .bind(super::now_ms())
            .execute(&mut *tx)
            .await
            .map_err(failed)?;
        tx.commit().await.map_err(failed)?;
        tracing::info!(version, "database migrated");
    }
    Ok(())
}

/// Brings a PostgreSQL database up to date.
pub async fn run_postgres(pool: &PgPool) -> Result<(), StorageError> {
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT pg_advisory_xact_lock($1)")
        .bind(LOCK_KEY)
        .execute(&mut *tx)
        .await?;
    sqlx::query(CREATE_TABLE).execute(&mut *tx).await?;
    for (version, sql) in MIGRATIONS {
        let failed = |source| StorageError::Migrate { version, source };
        let done: Option<i64> =
            sqlx::query_scalar("SELECT version FROM schema_migrations WHERE version = $1")
                .bind(version)
                .fetch_optional(&mut *tx)
                .await?;
        if done.is_some() {
            continue;
        }
        sqlx::raw_sql(sql).execute(&mut *tx).await.map_err(failed)?;
        sqlx::query("INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)")
            .bind(version)
            .bind(super::now_ms())
            .execute(&mut *tx)
            .await
            .map_err(failed)?;
        tracing::info!(version, "database migrated");
    }
    tx.commit().await?;
    Ok(())
}
