//! The content format: which shape of the content files a stored version is written in, and
//! the migrations that bring an older one to this release's.
//!
//! A version keeps its files' TOML text as written, so a release whose content types change
//! (a field renamed or moved) would misread the versions stored before it. Each version
//! therefore records the format it was written in (the `format` column, 1 for every version
//! stored before formats were numbered), and a release that changes the types raises
//! [`CURRENT`] and adds to [`MIGRATIONS`] a function from the old format's files to the new
//! one's. Whenever a version is read (to serve, restore, merge or as a draft's base,
//! `super::versions`) its files are brought to [`CURRENT`] in memory; at start the live version
//! is also stored again, migrated, as a version of its own ("Migrated to this release's content
//! format"), so the history says when and why the text changed, drafts start from text in the
//! current format, and the next start has nothing left to migrate.
//!
//! A version in a newer format than this release knows (an older release started on a database
//! a newer one has written) is never read as if it were current: the server refuses to start
//! on it and says so, and a running node leaves it unserved.
//!
//! The migrations are plain functions of the whole set of files, so one may move a field from
//! one file to another; they should edit the text in place (`onespace_core::content::check::
//! form::{read, write}`) so the studio's comments survive.

use super::versions::Files;

/// The content format this release reads and writes.
pub const CURRENT: i64 = 1;

/// One step: files of format `from` to format `from + 1`.
#[derive(Debug, Clone, Copy)]
pub struct Migration {
    /// The format it reads.
    pub from: i64,
    /// What it changes, in words, for the migrated version's note.
    pub what: &'static str,
    /// The change itself; an error says why these files cannot be migrated.
    pub run: fn(&Files) -> Result<Files, String>,
}

/// The formats a build knows: its current one and the steps that lead to it, in order.
#[derive(Debug, Clone, Copy)]
pub struct Formats<'a> {
    /// The format written.
    pub current: i64,
    /// The steps, each from the format before `current` it reads, oldest first, ending at
    /// `current - 1`.
    pub migrations: &'a [Migration],
}

/// Every step from an older content format to [`CURRENT`]; none yet: format 1 is the first.
const MIGRATIONS: [Migration; 0] = [];

/// This release's formats.
pub const RELEASE: Formats<'static> = Formats {
    current: CURRENT,
    migrations: &MIGRATIONS,
};

/// Why a version's files cannot be brought to the current format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// Written by a newer release: reading it as this one's would be a guess.
    #[error(
        "it is in content format {format}, newer than this release reads (format {current}): \
         it was written by a newer release of the site; run that release (or a newer one) \
         rather than this one"
    )]
    Newer {
        /// The version's format.
        format: i64,
        /// This release's.
        current: i64,
    },
    /// Older than the oldest format this release migrates from.
    #[error(
        "it is in content format {format}, older than this release migrates from (format \
         {oldest} onwards): start a release in between first, which migrates it"
    )]
    TooOld {
        /// The version's format.
        format: i64,
        /// The oldest format this release reads.
        oldest: i64,
    },
    /// A step refused the files.
    #[error("migrating it from content format {from} failed: {why}")]
    Failed {
        /// The format the step reads.
        from: i64,
        /// Why.
        why: String,
    },
}

/// What [`Formats::migrate`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Migrated {
    /// The files in the current format.
    pub files: Files,
    /// What each step applied changed, oldest first; empty if the files were current.
    pub steps: Vec<&'static str>,
}

impl Formats<'_> {
    /// The oldest format these steps lead from.
    pub fn oldest(&self) -> i64 {
        self.current - i64::try_from(self.migrations.len()).unwrap_or(i64::MAX)
    }

    /// `files`, written in `format`, brought to the current format.
    pub fn migrate(&self, files: &Files, format: i64) -> Result<Migrated, FormatError> {
        if format > self.current {
            return Err(FormatError::Newer {
                format,
                current: self.current,
            });
        }
        if format < self.oldest() {
            return Err(FormatError::TooOld {
                format,
                oldest: self.oldest(),
            });
        }
        let mut migrated = Migrated {
            files: files.clone(),
            steps: Vec::new(),
        };
        for step in self.migrations.iter().filter(|step| step.from >= format) {
            migrated.files = (step.run)(&migrated.files).map_err(|why| FormatError::Failed {
                from: step.from,
                why,
            })?;
            migrated.steps.push(step.what);
        }
        Ok(migrated)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use onespace_core::content::check::form;
    use onespace_core::content::File;

    use super::*;
    use crate::published::versions::{checked, release_files};

    /// A format 0 in which `[trial]`'s `intro_discount` was called `online_discount`: the
    /// kind of rename a release would migrate, written as a release would write it.
    fn rename_online_discount(files: &Files) -> Result<Files, String> {
        let mut files = files.clone();
        let text = files
            .get("prices.toml")
            .ok_or("prices.toml is missing")?
            .clone();
        let mut values = form::read(File::Prices, &text).map_err(|error| error.to_string())?;
        let trial = values
            .get_mut("trial")
            .and_then(|trial| trial.as_object_mut())
            .ok_or("prices.toml has no [trial]")?;
        if let Some(discount) = trial.remove("online_discount") {
            trial.insert("intro_discount".to_owned(), discount);
        }
        files.insert("prices.toml".to_owned(), form::write(&text, &values));
        Ok(files)
    }

    const RENAME: [Migration; 1] = [Migration {
        from: 0,
        what: "prices.toml: [trial] online_discount is now intro_discount",
        run: rename_online_discount,
    }];

    const WITH_RENAME: Formats<'static> = Formats {
        current: 1,
        migrations: &RENAME,
    };

    /// The release's files as format 0 wrote them.
    fn format_zero() -> Files {
        let mut files = release_files();
        let prices = files.get_mut("prices.toml").unwrap();
        assert!(prices.contains("\nintro_discount = 10\n"));
        *prices = prices.replacen("\nintro_discount = 10\n", "\nonline_discount = 10\n", 1);
        files
    }

    #[test]
    fn an_older_version_is_brought_to_the_current_format_comments_and_all() {
        let old = format_zero();
        // Read as it is, format 0 is a mistake, never a guess.
        assert!(checked(&old).is_err());
        let migrated = WITH_RENAME.migrate(&old, 0).unwrap();
        assert_eq!(
            migrated.steps,
            vec!["prices.toml: [trial] online_discount is now intro_discount"]
        );
        let content = checked(&migrated.files).unwrap();
        assert_eq!(content.prices.trial.intro_discount.0, 1000);
        let prices = &migrated.files["prices.toml"];
        assert!(
            prices.contains("# The 14-Day Ultimate Experience."),
            "{prices}"
        );
        assert!(!prices.contains("online_discount"), "{prices}");
        // Every other file is as it was.
        for (name, text) in &old {
            if name != "prices.toml" {
                assert_eq!(&migrated.files[name], text, "{name}");
            }
        }
        // A current version is left alone.
        let current = WITH_RENAME.migrate(&migrated.files, 1).unwrap();
        assert_eq!(current.files, migrated.files);
        assert!(current.steps.is_empty());
    }

    #[test]
    fn a_newer_or_unknown_older_format_is_refused_never_misread() {
        let files = release_files();
        assert_eq!(
            WITH_RENAME.migrate(&files, 2),
            Err(FormatError::Newer {
                format: 2,
                current: 1
            })
        );
        assert_eq!(
            WITH_RENAME.migrate(&files, -1),
            Err(FormatError::TooOld {
                format: -1,
                oldest: 0
            })
        );
        assert_eq!(RELEASE.oldest(), CURRENT);
        assert_eq!(RELEASE.migrate(&files, CURRENT).unwrap().files, files);
        assert!(matches!(
            RELEASE.migrate(&files, CURRENT + 1),
            Err(FormatError::Newer { .. })
        ));
        let message = RELEASE
            .migrate(&files, CURRENT + 1)
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("newer than this release reads"),
            "{message}"
        );
    }

    #[test]
    fn a_step_that_cannot_migrate_says_why() {
        let mut files = format_zero();
        files.remove("prices.toml");
        assert_eq!(
            WITH_RENAME.migrate(&files, 0),
            Err(FormatError::Failed {
                from: 0,
                why: "prices.toml is missing".to_owned()
            })
        );
    }

    #[test]
    fn the_steps_lead_one_format_at_a_time_to_the_current_one() {
        for formats in [RELEASE, WITH_RENAME] {
            for (at, step) in formats.migrations.iter().enumerate() {
                assert_eq!(step.from, formats.oldest() + i64::try_from(at).unwrap());
            }
        }
    }
}
