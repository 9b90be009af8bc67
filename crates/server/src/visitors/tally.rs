//! The counts taken in memory between two writes: one map of daily totals and a list of
//! consented visits' steps, behind one lock held for an increment. Bounded, so a flood of made-up
//! campaign names cannot grow it without end: past [`MOST_KEYS`] distinct totals a new landing's
//! source is counted as [`OTHER`], and past [`MOST_STEPS`] steps further steps are dropped (and
//! the drop is logged), until the next write empties it.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

use chrono::NaiveDate;
use onespace_core::calendar;
use onespace_store::visitors::{Batch, CountKey, Kind, Source, Step};

/// Most distinct daily totals held between two writes.
pub const MOST_KEYS: usize = 20_000;
/// Most visits' steps held between two writes.
pub const MOST_STEPS: usize = 100_000;
/// The referrer a landing is counted under once [`MOST_KEYS`] is reached.
pub const OTHER: &str = "(other)";

/// A total's key in memory: the UK day, what, which page and from where.
type Key = (NaiveDate, Kind, &'static str, Source);

#[derive(Debug, Default)]
struct Held {
    counts: HashMap<Key, i64>,
    steps: Vec<Step>,
    dropped: u64,
}

/// What is counted and not yet written; shared by every worker thread.
#[derive(Debug, Default)]
pub struct Tally {
    held: Mutex<Held>,
}

/// The tally locked for one request's counts, at one instant.
pub struct Counting<'a> {
    held: MutexGuard<'a, Held>,
    at: i64,
    day: NaiveDate,
}

impl Tally {
    /// Locks the tally for the counts of one request, now.
    pub fn begin(&self) -> Counting<'_> {
        let at = onespace_store::now_ms();
        Counting {
            held: self.held.lock().unwrap_or_else(PoisonError::into_inner),
            at,
            day: calendar::london_date(calendar::instant_from_ms(at)),
        }
    }

    /// Takes everything counted so far as a batch to write, leaving the tally empty.
    pub fn take(&self) -> Batch {
        let held = std::mem::take(&mut *self.held.lock().unwrap_or_else(PoisonError::into_inner));
        if held.dropped > 0 {
            tracing::warn!(
                dropped = held.dropped,
                "visitors: steps dropped, too many between two writes"
            );
        }
        Batch {
            counts: held
                .counts
                .into_iter()
                .map(|((day, kind, page, from), count)| {
                    let key = CountKey {
                        day: day.format("%Y-%m-%d").to_string(),
                        kind,
                        page: page.to_owned(),
                        from,
                    };
                    (key, count)
                })
                .collect(),
            steps: held.steps,
        }
    }

    /// How many totals and steps are held (for the tests and the log).
    pub fn held(&self) -> (usize, usize) {
        let held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        (held.counts.len(), held.steps.len())
    }
}

impl Counting<'_> {
    /// Adds one to a total and, for a consented visit, a step of it.
    pub fn add(
        &mut self,
        kind: Kind,
        page: &'static str,
        from: Source,
        visit: Option<&str>,
        enquiry: Option<&str>,
    ) {
        if let Some(visit) = visit {
            self.push_step(kind, page, from.clone(), visit, enquiry);
        }
        let mut key = (self.day, kind, page, from);
        if self.held.counts.len() >= MOST_KEYS && !self.held.counts.contains_key(&key) {
            key.3 = Source {
                referrer: OTHER.to_owned(),
                ..Source::default()
            };
        }
        *self.held.counts.entry(key).or_default() += 1;
    }

    /// Adds a step of a consented visit alone, for what was counted already (a landing whose
    /// page was answered before the visit's id existed).
    pub fn step(&mut self, kind: Kind, page: &'static str, from: Source, visit: &str) {
        self.push_step(kind, page, from, visit, None);
    }

    fn push_step(
        &mut self,
        kind: Kind,
        page: &'static str,
        from: Source,
        visit: &str,
        enquiry: Option<&str>,
    ) {
        if self.held.steps.len() >= MOST_STEPS {
            self.held.dropped += 1;
            return;
        }
        let step = Step {
            visit: visit.to_owned(),
            at: self.at,
            kind,
            page: page.to_owned(),
            from,
            enquiry: enquiry.map(str::to_owned),
        };
        self.held.steps.push(step);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_add_up_and_a_flood_of_sources_stays_bounded() {
        let tally = Tally::default();
        for _ in 0..3 {
            tally
                .begin()
                .add(Kind::View, "/hot-yoga", Source::default(), None, None);
        }
        for n in 0..(MOST_KEYS + 50) {
            let from = Source {
                campaign: format!("c{n}"),
                ..Source::default()
            };
            tally.begin().add(Kind::Landing, "/", from, None, None);
        }
        let batch = tally.take();
        assert!(batch.counts.len() <= MOST_KEYS + 1);
        let views: i64 = batch
            .counts
            .iter()
            .filter(|(key, _)| key.kind == Kind::View)
            .map(|(_, count)| count)
            .sum();
        assert_eq!(views, 3);
        let landings: i64 = batch
            .counts
            .iter()
            .filter(|(key, _)| key.kind == Kind::Landing)
            .map(|(_, count)| count)
            .sum();
        assert_eq!(
            landings,
            (MOST_KEYS + 50) as i64,
            "nothing lost, the excess under (other)"
        );
        assert!(batch.steps.is_empty(), "no visit, no step");
        assert_eq!(tally.held(), (0, 0));
    }
}
