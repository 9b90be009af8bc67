//! What the site counts of its visitors, in two tables (migration 11):
//!
//! - `visitor_counts`: daily totals without any identifier, one row per UK day and what was
//!   counted (a page view, a landing with its referring host and campaign, a purchase or trial
//!   click, an enquiry). A batch *adds* to a row (`count = count + excluded.count`), so every
//!   node's batches add up in one PostgreSQL database as in one SQLite file. Kept for good.
//! - `visit_steps`: the steps of visits whose visitor accepted analytics, linked by the visit's
//!   random id; an enquiry's step names the enquiry, so its export and erasure cover it. Kept
//!   for the retention period ([`delete_steps_before`]), then only the daily totals remain.
//!
//! The counting itself happens in memory on the server (`onespace_server::visitors`); this
//! module only writes its batches ([`Batch`], one transaction each, on SQLite through the group
//! commit) and reads them back for the staff area's Visitors page.

use crate::{StorageError, Store};

/// Days a consented visit's steps are kept unless the server is told otherwise
/// (ONESPACE_VISITS_RETENTION_DAYS); the daily totals stay.
pub const DEFAULT_RETENTION_DAYS: u64 = 90;

/// What a count or a step is of. Stored by its [`Self::name`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// A page answered to a browser.
    View,
    /// The first page of a visit: arrived from another site, an advert or directly.
    Landing,
    /// A click on a purchase or booking link to the booking provider.
    Purchase,
    /// A trial call to action followed (a step to the intro offer from another page).
    Trial,
    /// An enquiry sent with one of the site's forms.
    Enquiry,
}

impl Kind {
    /// Every kind, in funnel order.
    pub const ALL: [Kind; 5] = [
        Kind::Landing,
        Kind::View,
        Kind::Trial,
        Kind::Purchase,
        Kind::Enquiry,
    ];

    /// The stored name.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::View => "view",
            Kind::Landing => "landing",
            Kind::Purchase => "purchase",
            Kind::Trial => "trial",
            Kind::Enquiry => "enquiry",
        }
    }

    /// The kind stored as `name`.
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.name() == name)
    }
}

/// Where a landing came from: the referring site's host and the campaign's `utm_` values, each
/// already checked and clipped by the server; empty when absent. For other kinds all empty.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Source {
    /// The referring site's host (`www.facebook.com`), empty for a direct visit.
    pub referrer: String,
    /// `utm_source`.
    pub source: String,
    /// `utm_medium`.
    pub medium: String,
    /// `utm_campaign`.
    pub campaign: String,
}

impl Source {
    /// A source as its four columns are stored.
    fn stored(referrer: String, source: String, medium: String, campaign: String) -> Self {
        Self {
            referrer,
            source,
            medium,
            campaign,
        }
    }
}

/// One daily total's key.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CountKey {
    /// The UK day, `YYYY-MM-DD`.
    pub day: String,
    /// What was counted.
    pub kind: Kind,
    /// The page's path (for an enquiry, the form's page; for a click, the page it was on).
    pub page: String,
    /// For a landing, where it came from; for a click, [`Source::referrer`] is the link's host.
    pub from: Source,
}

/// One step of a consented visit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The visit's random id, as the visitor's browser made it.
    pub visit: String,
    /// When, Unix ms.
    pub at: i64,
    /// What the step was.
    pub kind: Kind,
    /// The page's path.
    pub page: String,
    /// For a landing, where it came from.
    pub from: Source,
    /// For an enquiry, its id.
    pub enquiry: Option<String>,
}

/// What one flush writes: totals to add and steps to keep.
#[derive(Debug, Clone, Default)]
pub struct Batch {
    /// Each key with the count to add to it.
    pub counts: Vec<(CountKey, i64)>,
    /// Consented visits' steps.
    pub steps: Vec<Step>,
}

impl Batch {
    /// Whether there is nothing to write.
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty() && self.steps.is_empty()
    }
}

/// Defines `write_batch` for one database's connection type (the statements are the same).
macro_rules! batch_statements {
    ($connection:ty) => {
        /// Adds the batch's totals and inserts its steps, in the caller's transaction.
        pub async fn write_batch(
            connection: &mut $connection,
            batch: &$crate::visitors::Batch,
        ) -> Result<(), $crate::StorageError> {
            for (key, count) in &batch.counts {
                sqlx::query(
                    "INSERT INTO visitor_counts \
                     (day, kind, page, referrer, source, medium, campaign, count) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
                     ON CONFLICT (day, kind, page, referrer, source, medium, campaign) \
                     DO UPDATE SET count = visitor_counts.count + excluded.count",
                )
                .bind(&key.day)
                .bind(key.kind.name())
                .bind(&key.page)
                .bind(&key.from.referrer)
                .bind(&key.from.source)
                .bind(&key.from.medium)
                .bind(&key.from.campaign)
                .bind(count)
                .execute(&mut *connection)
                .await?;
            }
            for step in &batch.steps {
                sqlx::query(
                    "INSERT INTO visit_steps \
                     (visit, at, kind, page, referrer, source, medium, campaign, enquiry_id) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                )
                .bind(&step.visit)
                .bind(step.at)
                .bind(step.kind.name())
                .bind(&step.page)
                .bind(&step.from.referrer)
                .bind(&step.from.source)
                .bind(&step.from.medium)
                .bind(&step.from.campaign)
                .bind(&step.enquiry)
                .execute(&mut *connection)
                .await?;
            }
            Ok(())
        }
    };
}

/// The batch's statements on SQLite, run by the group commit's writer.
pub(crate) mod on_sqlite {
    batch_statements!(sqlx::SqliteConnection);
}

mod on_postgres {
    batch_statements!(sqlx::PgConnection);
}

/// Writes a batch in one transaction: on SQLite in the group commit's next group (one writer,
/// one sync), on PostgreSQL in a transaction of its own.
pub async fn write(store: &Store, batch: Batch) -> Result<(), StorageError> {
    if batch.is_empty() {
        return Ok(());
    }
    match store {
        Store::Sqlite(_, writer) => writer.visitors(batch).await,
        Store::Postgres(pool) => {
            let mut tx = pool.begin().await?;
            on_postgres::write_batch(&mut tx, &batch).await?;
            tx.commit().await?;
            Ok(())
        }
    }
}

/// A daily total summed over a period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Total {
    /// What was counted.
    pub kind: Kind,
    /// The page.
    pub page: String,
    /// Where from (landings), or the link's host (clicks).
    pub from: Source,
    /// How many.
    pub count: i64,
}

/// The totals of the UK days `first..=last` (`YYYY-MM-DD`), summed per kind, page and source.
pub async fn totals(store: &Store, first: &str, last: &str) -> Result<Vec<Total>, StorageError> {
    let rows: Vec<(String, String, String, String, String, String, i64)> = on_pool!(store, pool => {
        sqlx::query_as(
            "SELECT kind, page, referrer, source, medium, campaign, CAST(SUM(count) AS BIGINT) \
             FROM visitor_counts WHERE day >= $1 AND day <= $2 \
             GROUP BY kind, page, referrer, source, medium, campaign \
             ORDER BY kind, page, referrer, source, medium, campaign",
        )
        .bind(first)
        .bind(last)
        .fetch_all(pool)
        .await?
    });
    Ok(rows
        .into_iter()
        .filter_map(|(kind, page, referrer, source, medium, campaign, count)| {
            Some(Total {
                kind: Kind::parse(&kind)?,
                page,
                from: Source::stored(referrer, source, medium, campaign),
                count,
            })
        })
        .collect())
}

/// The consented visits' steps between two instants (Unix ms, `from..to`), by visit then time.
pub async fn steps(store: &Store, from: i64, to: i64) -> Result<Vec<Step>, StorageError> {
    read_steps(store, Steps::Between(from, to)).await
}

/// The steps of every visit an enquiry was sent in, by enquiry id (the enquiries' export).
pub async fn visits_of_enquiries(
    store: &Store,
) -> Result<std::collections::HashMap<String, Vec<Step>>, StorageError> {
    let steps = read_steps(store, Steps::OfEnquiries).await?;
    let mut by_visit: std::collections::HashMap<&str, Vec<&Step>> =
        std::collections::HashMap::new();
    for step in &steps {
        by_visit.entry(step.visit.as_str()).or_default().push(step);
    }
    let mut visits = std::collections::HashMap::new();
    for step in &steps {
        if let Some(enquiry) = &step.enquiry {
            let whole = by_visit.get(step.visit.as_str()).into_iter().flatten();
            visits.insert(enquiry.clone(), whole.map(|step| (*step).clone()).collect());
        }
    }
    Ok(visits)
}

/// Every step of the visit an enquiry was sent in (its export), or none.
pub async fn visit_of_enquiry(store: &Store, enquiry_id: &str) -> Result<Vec<Step>, StorageError> {
    read_steps(store, Steps::VisitOfEnquiry(enquiry_id)).await
}

/// Deletes every step of the visit the enquiry `$1` was sent in: run by the enquiry's erasure
/// (`crate::staff::erase_enquiry`) in its transaction.
pub const ERASE_VISIT_OF_ENQUIRY: &str =
    "DELETE FROM visit_steps WHERE visit IN (SELECT visit FROM visit_steps WHERE enquiry_id = $1)";

/// Deletes every step of the visit an enquiry was sent in; returns how many.
pub async fn erase_visit_of_enquiry(store: &Store, enquiry_id: &str) -> Result<u64, StorageError> {
    Ok(on_pool!(store, pool => {
        sqlx::query(ERASE_VISIT_OF_ENQUIRY)
        .bind(enquiry_id)
        .execute(pool)
        .await?
        .rows_affected()
    }))
}

/// Deletes the steps before `cutoff` (Unix ms): the retention period's end. The daily totals
/// stay. Returns how many were deleted.
pub async fn delete_steps_before(store: &Store, cutoff: i64) -> Result<u64, StorageError> {
    Ok(on_pool!(store, pool => {
        sqlx::query("DELETE FROM visit_steps WHERE at < $1")
            .bind(cutoff)
            .execute(pool)
            .await?
            .rows_affected()
    }))
}

/// Which steps to read.
enum Steps<'a> {
    /// Those between two instants (Unix ms, `from..to`).
    Between(i64, i64),
    /// Those of the visit an enquiry was sent in.
    VisitOfEnquiry(&'a str),
    /// Those of every visit an enquiry was sent in.
    OfEnquiries,
}

/// A step's stored columns.
type StepRow = (
    String,
    i64,
    String,
    String,
    String,
    String,
    String,
    String,
    Option<String>,
);

async fn read_steps(store: &Store, which: Steps<'_>) -> Result<Vec<Step>, StorageError> {
    const COLUMNS: &str =
        "SELECT visit, at, kind, page, referrer, source, medium, campaign, enquiry_id \
         FROM visit_steps ";
    let rows: Vec<StepRow> = on_pool!(store, pool => {
        match which {
            Steps::Between(from, to) => {
                sqlx::query_as(&format!("{COLUMNS} WHERE at >= $1 AND at < $2 ORDER BY visit, at"))
                    .bind(from)
                    .bind(to)
                    .fetch_all(pool)
                    .await?
            }
            Steps::OfEnquiries => {
                sqlx::query_as(&format!(
                    "{COLUMNS} WHERE visit IN \
                     (SELECT visit FROM visit_steps WHERE enquiry_id IS NOT NULL) ORDER BY at"
                ))
                .fetch_all(pool)
                .await?
            }
            Steps::VisitOfEnquiry(enquiry_id) => {
                sqlx::query_as(&format!(
                    "{COLUMNS} WHERE visit IN \
                     (SELECT visit FROM visit_steps WHERE enquiry_id = $1) ORDER BY at"
                ))
                .bind(enquiry_id)
                .fetch_all(pool)
                .await?
            }
        }
    });
    Ok(rows
        .into_iter()
        .filter_map(
            |(visit, at, kind, page, referrer, source, medium, campaign, enquiry)| {
                Some(Step {
                    visit,
                    at,
                    kind: Kind::parse(&kind)?,
                    page,
                    from: Source::stored(referrer, source, medium, campaign),
                    enquiry,
                })
            },
        )
        .collect())
}
