//! Scheduled changes to the content: a draft set to go live at a UK date and time, listed until
//! then, cancellable, and published at its time by whichever node of the site gets to it first,
//! with no visitor request needed.
//!
//! A schedule keeps the draft's whole set of files and the version it started from (its base).
//! Every node runs [`run`], which each [`TICK`] looks for waiting schedules whose time has come
//! on the studio's clock (`crate::clock::StaffClock`, which the tests move) and settles each:
//!
//! - **Checked again at that moment.** What would go live is checked exactly as a publish is
//!   ([`versions::checked`]); a change that no longer passes is *held*, with the check's
//!   messages, and nothing is published.
//! - **Never a silent overwrite.** If the live version is still the base, the files go live as
//!   scheduled. If another version was published since, the change is merged file by file
//!   (`super::merge`, the same rule a draft brought up to date follows, whole files only since
//!   nobody reviews it at that moment): a file the schedule changed (against its base) that the
//!   live content has not changed since the base is applied on top of the live version; a file
//!   both changed differently holds the schedule ("version 5 changed Prices since this
//!   was scheduled").
//! - **Exactly once, and never lost.** Settling is one database transaction: it claims the row
//!   (`UPDATE ... SET state = ... WHERE id = $1 AND state = 'waiting'`), inserts the version
//!   with the same "only if the live version is still N" statement a publish uses
//!   ([`versions::INSERT_NEXT`]) and appends the audit line, then commits. A node whose claim
//!   hits no row stops: another node (or a cancel) settled it first; on PostgreSQL its update
//!   waits on the first one's row lock and then finds the row no longer waiting, on SQLite the
//!   database's single write lock orders them. Because the claim, the version and the audit
//!   line commit together, a node that dies between the claim and the insert leaves nothing
//!   behind: its transaction rolls back, the row is still waiting, and the next tick (on any
//!   node) publishes it. A lease or a separate "claimed" state would need a timeout to recover
//!   from such a death and could publish twice if the timeout were too short; the transaction
//!   needs neither. If the live version moved between reading it and inserting, the insert
//!   finds no row, the transaction rolls back and the next tick merges against the new one.
//!
//! A published schedule becomes a version of [`Kind::Scheduled`] whose author is the person
//! who scheduled it; every node then serves it within [`versions::POLL`]
//! ([`versions::follow`]).

use std::collections::BTreeMap;
use std::time::Duration;

use chrono::{DateTime, Utc};
use onespace_core::content::check::words;
use onespace_core::content::File;

use super::merge::{self, Lines};
use super::versions::{self, Files, Kind, Version};
use crate::audit::{Action, INSERT_LINE};
use crate::clock::StaffClock;
use crate::{StorageError, Store};

/// How often each node looks for schedules whose time has come.
pub const TICK: Duration = Duration::from_secs(1);

/// The most schedules one tick settles (the rest wait a second).
const PER_TICK: i64 = 20;

/// Where a schedule stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    /// Its time has not come.
    Waiting,
    /// It went live as a version.
    Published,
    /// At its time it no longer passed, or clashed with a later version: nothing went live.
    Held,
    /// Cancelled before its time.
    Cancelled,
}

impl State {
    /// As stored.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Waiting => "waiting",
            Self::Published => "published",
            Self::Held => "held",
            Self::Cancelled => "cancelled",
        }
    }

    fn parse(value: &str) -> Option<Self> {
        [Self::Waiting, Self::Published, Self::Held, Self::Cancelled]
            .into_iter()
            .find(|state| state.as_str() == value)
    }
}

/// One scheduled change.
#[derive(Debug, Clone)]
pub struct Schedule {
    /// Its id (UUID v7).
    pub id: String,
    /// When it was scheduled, Unix ms.
    pub created_at: i64,
    /// Who scheduled it (a staff member's e-mail).
    pub created_by: String,
    /// The version the draft started from.
    pub base: i64,
    /// Every content file as it should go live.
    pub files: Files,
    /// Why, as written; may be empty.
    pub note: String,
    /// When it goes live, Unix ms.
    pub go_live_at: i64,
    /// Where it stands.
    pub state: State,
    /// When it left waiting, Unix ms.
    pub settled_at: Option<i64>,
    /// Who cancelled it.
    pub settled_by: Option<String>,
    /// The version it became.
    pub published: Option<i64>,
    /// Why it was held, one reason a line.
    pub held_reason: Option<String>,
}

/// A schedule to store.
#[derive(Debug, Clone, Copy)]
pub struct NewSchedule<'a> {
    /// Who schedules it.
    pub created_by: &'a str,
    /// The version the draft started from.
    pub base: i64,
    /// The files, already checked.
    pub files: &'a Files,
    /// Why; may be empty.
    pub note: &'a str,
    /// When it goes live, Unix ms.
    pub go_live_at: i64,
    /// Now, Unix ms.
    pub now: i64,
}

const COLUMNS: &str = "id, created_at, created_by, base_number, files, note, go_live_at, state, \
                       settled_at, settled_by, published_number, held_reason, format";

type Row = (
    String,
    i64,
    String,
    i64,
    String,
    String,
    i64,
    String,
    Option<i64>,
    Option<String>,
    Option<i64>,
    Option<String>,
    i64,
);

fn schedule_of(row: Row) -> Result<Schedule, StorageError> {
    let (id, created_at, created_by, base, files, note, go_live_at, state) =
        (row.0, row.1, row.2, row.3, row.4, row.5, row.6, row.7);
    let what = format!("content schedule {id}");
    let state = State::parse(&state)
        .ok_or_else(|| StorageError::unreadable(&what, format_args!("unknown state '{state}'")))?;
    let files =
        serde_json::from_str(&files).map_err(|error| StorageError::unreadable(&what, error))?;
    // Scheduled by a release before the content's format changed: read in this release's.
    let files = versions::in_current_format(files, row.12, &what)?;
    Ok(Schedule {
        id,
        created_at,
        created_by,
        base,
        files,
        note,
        go_live_at,
        state,
        settled_at: row.8,
        settled_by: row.9,
        published: row.10,
        held_reason: row.11,
    })
}

fn encode(files: &Files) -> Result<String, StorageError> {
    serde_json::to_string(files)
        .map_err(|error| StorageError::Query(sqlx::Error::Encode(error.into())))
}

/// Stores `new` as waiting; returns its id.
pub async fn add(store: &Store, new: NewSchedule<'_>) -> Result<String, StorageError> {
    let id = uuid::Uuid::now_v7().to_string();
    let files = encode(new.files)?;
    on_pool!(store, pool => {
        sqlx::query(
            "INSERT INTO content_schedules (id, created_at, created_by, base_number, files, note, \
             go_live_at, state, format) VALUES ($1, $2, $3, $4, $5, $6, $7, 'waiting', $8)",
        )
        .bind(&id)
        .bind(new.now)
        .bind(new.created_by)
        .bind(new.base)
        .bind(&files)
        .bind(new.note)
        .bind(new.go_live_at)
        .bind(super::formats::CURRENT)
        .execute(pool)
        .await
        .map(drop)?
    });
    Ok(id)
}

/// Schedule `id`, if there is one.
pub async fn get(store: &Store, id: &str) -> Result<Option<Schedule>, StorageError> {
    let sql = format!("SELECT {COLUMNS} FROM content_schedules WHERE id = $1");
    let row: Option<Row> = on_pool!(store, pool => {
        sqlx::query_as(&sql).bind(id).fetch_optional(pool).await?
    });
    row.map(schedule_of).transpose()
}

/// Every waiting schedule, soonest first.
pub async fn waiting(store: &Store) -> Result<Vec<Schedule>, StorageError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM content_schedules WHERE state = 'waiting' \
         ORDER BY go_live_at, id"
    );
    let rows: Vec<Row> = on_pool!(store, pool => {
        sqlx::query_as(&sql).fetch_all(pool).await?
    });
    rows.into_iter().map(schedule_of).collect()
}

/// The newest `limit` schedules that are no longer waiting (published, held, cancelled), by
/// their time, latest first.
pub async fn settled(store: &Store, limit: i64) -> Result<Vec<Schedule>, StorageError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM content_schedules WHERE state <> 'waiting' \
         ORDER BY go_live_at DESC, id DESC LIMIT $1"
    );
    let rows: Vec<Row> = on_pool!(store, pool => {
        sqlx::query_as(&sql).bind(limit).fetch_all(pool).await?
    });
    rows.into_iter().map(schedule_of).collect()
}

/// Cancels schedule `id` if it is still waiting: `false` if it was not (already published,
/// held or cancelled, or no such schedule). The same conditional update as the ticker's claim,
/// so a cancel and a publish at the same moment cannot both happen.
pub async fn cancel(store: &Store, id: &str, by: &str, now: i64) -> Result<bool, StorageError> {
    let changed = on_pool!(store, pool => {
        sqlx::query(
            "UPDATE content_schedules SET state = 'cancelled', settled_at = $1, settled_by = $2 \
             WHERE id = $3 AND state = 'waiting'",
        )
        .bind(now)
        .bind(by)
        .bind(id)
        .execute(pool)
        .await?
        .rows_affected()
    });
    Ok(changed == 1)
}

/// What going live would do now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plan {
    /// These files go live as the version after `on`.
    Publish {
        /// The live version they go on top of.
        on: i64,
        /// Every file.
        files: Files,
    },
    /// Nothing goes live, for these reasons (one a line).
    Hold(Vec<String>),
}

/// What `schedule` would do if it went live on `live` now: checked, merged if the live version
/// moved on since it was scheduled.
pub async fn plan(
    store: &Store,
    schedule: &Schedule,
    live: &Version,
) -> Result<Plan, StorageError> {
    let files = if live.number == schedule.base {
        schedule.files.clone()
    } else {
        let Some(base) = versions::version(store, schedule.base).await? else {
            return Ok(Plan::Hold(vec![format!(
                "version {} that this was scheduled from is no longer stored",
                schedule.base
            )]));
        };
        let merged = merge::three_way(&schedule.files, &base.files, &live.files, Lines::Whole);
        if merged.clashes.is_empty() {
            merged.files
        } else {
            let mut reasons = Vec::new();
            for file in merged.clashes {
                let by =
                    merge::changed_by(store, schedule.base, live, &file, base.files.get(&file))
                        .await?;
                // Said to the owner on the schedule's page: the area by its title.
                let area = File::from_name(&file)
                    .map_or_else(|| file.clone(), |area| area.title().to_owned());
                reasons.push(format!(
                    "version {by} changed {area} since this was scheduled from version {}",
                    schedule.base
                ));
            }
            return Ok(Plan::Hold(reasons));
        }
    };
    if let Err(errors) = versions::checked(&files) {
        // In the owner's words, as every staff screen says a mistake.
        return Ok(Plan::Hold(
            errors
                .iter()
                .map(|error| {
                    let text = files.get(&error.file).map_or("", String::as_str);
                    words::said(error, text).sentence
                })
                .collect(),
        ));
    }
    if files == live.files {
        return Ok(Plan::Hold(vec![format!(
            "version {} already holds these changes: there is nothing left to publish",
            live.number
        )]));
    }
    Ok(Plan::Publish {
        on: live.number,
        files,
    })
}

/// How settling one schedule ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Settled {
    /// It went live as this version (this node published it).
    Published(i64),
    /// It was held, for these reasons.
    Held(Vec<String>),
    /// Another node, or a cancel, settled it first: nothing done here.
    Taken,
    /// The live version changed while it was being published: it is still waiting, and the
    /// next tick merges it with the new one.
    LiveMoved,
}

/// An instant as the studio reads it: UK time, `24 Nov 2026, 17:05`.
pub fn uk_time(ms: i64) -> String {
    DateTime::<Utc>::from_timestamp_millis(ms)
        .map(|instant| {
            onespace_core::calendar::london_time(instant)
                .format("%-d %b %Y, %H:%M")
                .to_string()
        })
        .unwrap_or_default()
}

/// Settles `schedule` at `now` as `plan` says, in one transaction with its version and its
/// audit line (see the module's comment for why that is exactly once and never lost).
async fn settle(
    store: &Store,
    schedule: &Schedule,
    plan: &Plan,
    now: i64,
) -> Result<Settled, StorageError> {
    let when = uk_time(schedule.go_live_at);
    let (state, number, reason, action, detail) = match plan {
        Plan::Publish { on, .. } => (
            State::Published,
            Some(on + 1),
            None,
            Action::ContentPublishedOnSchedule,
            format!(
                "version {} from version {on}, scheduled for {when} (schedule {})",
                on + 1,
                schedule.id
            ),
        ),
        Plan::Hold(reasons) => (
            State::Held,
            None,
            Some(reasons.join("\n")),
            Action::ContentScheduleHeld,
            format!(
                "schedule {} for {when} held: {}",
                schedule.id,
                reasons.join("; ")
            ),
        ),
    };
    let files = match plan {
        Plan::Publish { files, .. } => Some(encode(files)?),
        Plan::Hold(_) => None,
    };
    let audit_id = uuid::Uuid::now_v7().to_string();
    let done: Result<Settled, StorageError> = on_pool!(store, pool => {
        let mut tx = pool.begin().await?;
        // The claim comes first: on SQLite it takes the write lock before anything is read.
        let claimed = sqlx::query(
            "UPDATE content_schedules SET state = $1, settled_at = $2, published_number = $3, \
             held_reason = $4 WHERE id = $5 AND state = 'waiting'",
        )
        .bind(state.as_str())
        .bind(now)
        .bind(number)
        .bind(&reason)
        .bind(&schedule.id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if claimed != 1 {
            tx.rollback().await?;
            return Ok(Settled::Taken);
        }
        if let (Some(files), Plan::Publish { on, .. }) = (&files, plan) {
            let inserted = sqlx::query(versions::INSERT_NEXT)
                .bind(crate::now_ms())
                .bind(Kind::Scheduled.as_str())
                .bind(&schedule.created_by)
                .bind(&schedule.note)
                .bind(files)
                .bind(*on)
                .bind(super::formats::CURRENT)
                .execute(&mut *tx)
                .await;
            let inserted = match inserted {
                Ok(done) => done.rows_affected(),
                Err(sqlx::Error::Database(error)) if error.is_unique_violation() => 0,
                Err(error) => return Err(error.into()),
            };
            if inserted != 1 {
                tx.rollback().await?;
                return Ok(Settled::LiveMoved);
            }
        }
        sqlx::query(INSERT_LINE)
            .bind(&audit_id)
            .bind(now)
            .bind(&schedule.created_by)
            .bind(action.as_str())
            .bind(&detail)
            .bind("scheduled publishing")
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(match plan {
            Plan::Publish { on, .. } => Settled::Published(on + 1),
            Plan::Hold(reasons) => Settled::Held(reasons.clone()),
        })
    });
    if matches!(done, Ok(Settled::Published(_) | Settled::Held(_))) {
        tracing::info!(
            target: "onespace::backoffice::audit",
            actor = schedule.created_by.as_str(),
            action = action.as_str(),
            detail = detail.as_str(),
            address = "scheduled publishing",
            "studio audit"
        );
    }
    done
}

/// Settles every schedule due at `now` (up to [`PER_TICK`]): each one published, held, or left
/// to the node that got to it first. Returns what this node did, by schedule id.
pub async fn publish_due(
    store: &Store,
    now: i64,
) -> Result<BTreeMap<String, Settled>, StorageError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM content_schedules WHERE state = 'waiting' AND go_live_at <= $1 \
         ORDER BY go_live_at, id LIMIT $2"
    );
    let rows: Vec<Row> = on_pool!(store, pool => {
        sqlx::query_as(&sql).bind(now).bind(PER_TICK).fetch_all(pool).await?
    });
    let mut done = BTreeMap::new();
    for row in rows {
        let schedule = schedule_of(row)?;
        let Some(live) = versions::live(store).await? else {
            // No content stored yet (the server stores it before it serves): wait.
            continue;
        };
        let plan = plan(store, &schedule, &live).await?;
        let settled = settle(store, &schedule, &plan, now).await?;
        match &settled {
            Settled::Published(number) => tracing::info!(
                schedule = schedule.id.as_str(),
                number,
                "content: scheduled change published"
            ),
            Settled::Held(reasons) => tracing::warn!(
                schedule = schedule.id.as_str(),
                reasons = reasons.join("; ").as_str(),
                "content: scheduled change held, nothing published"
            ),
            Settled::Taken | Settled::LiveMoved => {}
        }
        done.insert(schedule.id, settled);
    }
    Ok(done)
}

/// Publishes scheduled changes at their time for as long as the server runs: every [`TICK`],
/// by the studio's clock. Spawn it on the server's runtime beside [`versions::follow`].
pub async fn run(store: Store, clock: StaffClock) {
    loop {
        tokio::time::sleep(TICK).await;
        if let Err(error) = publish_due(&store, clock.now_ms()).await {
            tracing::warn!(%error, "content: cannot publish the scheduled changes due");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_read_back_as_stored() {
        for state in [
            State::Waiting,
            State::Published,
            State::Held,
            State::Cancelled,
        ] {
            assert_eq!(State::parse(state.as_str()), Some(state));
        }
        assert_eq!(State::parse("claimed"), None);
    }
}
