//! The staff area's clock. Session limits (30 minutes idle, 12 hours in all), set-up links (24
//! hours), the sign-in throttle's window and the second factor's 30-second codes all read the
//! time here, so a test can move it: with `--studio-clock-file` (hidden; never set in
//! production) the file holds a number of seconds added to the real clock, read at each use.
//! A missing or unreadable file adds nothing.

use std::path::PathBuf;

/// Where the staff area reads the time.
#[derive(Debug, Clone, Default)]
pub struct StaffClock {
    offset_file: Option<PathBuf>,
}

impl StaffClock {
    /// The real clock, moved by the seconds in `offset_file` when one is given.
    pub fn new(offset_file: Option<PathBuf>) -> Self {
        Self { offset_file }
    }

    /// Now, in Unix milliseconds.
    pub fn now_ms(&self) -> i64 {
        crate::now_ms().saturating_add(self.offset_seconds().saturating_mul(1000))
    }

    fn offset_seconds(&self) -> i64 {
        self.offset_file
            .as_ref()
            .and_then(|path| std::fs::read_to_string(path).ok())
            .and_then(|text| text.trim().parse::<i64>().ok())
            .unwrap_or(0)
    }
}
