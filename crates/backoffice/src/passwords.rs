//! Staff passwords: chosen at set-up or changed in the area, checked against the rules below,
//! stored as argon2id PHC strings with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane:
//! the `argon2` crate's defaults, asserted by a test), verified in constant time by the crate.
//!
//! The rules follow NIST SP 800-63B and ASVS 2.1: at least 12 characters and at most 128, any
//! characters at all (spaces, emoji), no composition rules, and no password a kept strength
//! estimator (`zxcvbn`, which knows common passwords, names, dictionary words, keyboard walks
//! and dates) rates below 3 of 4, judged with the person's e-mail address and the studio's name
//! as words an attacker would try first.

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use std::time::Duration;

/// Fewest characters in a password.
pub const MIN_CHARS: usize = 12;
/// Most characters in a password: long passphrases fit, a megabyte of text is not hashed.
pub const MAX_CHARS: usize = 128;

/// Words the strength estimator treats as guessable for everyone.
const STUDIO_WORDS: [&str; 5] = ["onespace", "one space", "livingston", "studio", "yoga"];

/// Why a new password cannot be used, in words for the person choosing it; `None` when it can.
pub fn refusal(password: &str, email: &str) -> Option<String> {
    let length = password.chars().count();
    if length < MIN_CHARS {
        return Some(format!(
            "Use at least {MIN_CHARS} characters (this one has {length}). A few unrelated words \
             make a long password that is easy to remember."
        ));
    }
    if length > MAX_CHARS {
        return Some(format!(
            "Use at most {MAX_CHARS} characters (this one has {length})."
        ));
    }
    let local_part = email.split('@').next().unwrap_or_default();
    let mut inputs: Vec<&str> = STUDIO_WORDS.to_vec();
    inputs.extend([email, local_part]);
    let estimate = zxcvbn::zxcvbn(password, &inputs);
    if estimate.score() >= zxcvbn::Score::Three {
        return None;
    }
    let mut reason = String::from("This password is too easy to guess");
    if let Some(feedback) = estimate.feedback() {
        if let Some(warning) = feedback.warning() {
            reason = format!("This password is too easy to guess: {warning}");
        }
        reason = reason.trim_end_matches('.').to_owned() + ".";
        for suggestion in feedback.suggestions() {
            reason.push(' ');
            reason.push_str(&suggestion.to_string());
        }
    } else {
        reason.push('.');
    }
    Some(reason)
}

/// Why a new password typed twice (`password`, then `confirm`) cannot be used; `None` when it
/// can.
pub fn refusal_of_new(password: &str, confirm: &str, email: &str) -> Option<String> {
    refusal(password, email).or_else(|| {
        (password != confirm)
            .then(|| "The two passwords are not the same. Type the new password twice.".to_owned())
    })
}

/// The argon2id hash of `password`, as a PHC string with its own random salt.
pub fn hash(password: &str) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    Ok(Argon2::default()
        .hash_password(password.as_bytes(), &salt)?
        .to_string())
}

/// Whether `password` matches the stored `phc` hash. A malformed stored hash matches nothing.
pub fn verify(phc: &str, password: &str) -> bool {
    PasswordHash::new(phc).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

/// How long a password check waits for one of the [`Gate`]'s turns before the answer is
/// "busy, try again" (429).
pub const GATE_WAIT: Duration = Duration::from_secs(2);

/// The server is checking as many passwords as it may at once, and none finished within
/// [`GATE_WAIT`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Busy;

/// Bounds how many argon2 runs (each 19 MiB and tens of milliseconds of one core) happen at
/// once: one per core, so a flood of sign-ins costs at most that many times 19 MiB and leaves
/// the pages' threads their share; others wait their turn up to [`GATE_WAIT`].
#[derive(Debug)]
pub struct Gate {
    turns: tokio::sync::Semaphore,
}

impl Default for Gate {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
        Self {
            turns: tokio::sync::Semaphore::new(cores),
        }
    }
}

impl Gate {
    /// Runs `work` (argon2) on a blocking thread once a turn is free.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<Option<T>, Busy> {
        let Ok(Ok(_turn)) = tokio::time::timeout(GATE_WAIT, self.turns.acquire()).await else {
            return Err(Busy);
        };
        Ok(actix_web::web::block(work).await.ok())
    }

    /// Whether `password` matches the stored `phc` hash ([`verify`]), in its turn.
    pub async fn verify(&self, phc: String, password: String) -> Result<bool, Busy> {
        Ok(self
            .run(move || verify(&phc, &password))
            .await?
            .unwrap_or(false))
    }

    /// The hash of a new password ([`hash`]), in its turn; `Ok(None)` if it could not be made.
    pub async fn hash(&self, password: String) -> Result<Option<String>, Busy> {
        Ok(self.run(move || hash(&password).ok()).await?.flatten())
    }
}

/// A hash of a random password, made once at start: an unknown e-mail address is checked
/// against it, so that it costs the same time as a known one with a wrong password.
pub fn dummy_hash() -> String {
    hash(&super::tokens::random_token()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_short_long_and_guessable_passwords_and_says_why() {
        let short = refusal("short pass", "jo@example.com").unwrap_or_default();
        assert!(short.contains("at least 12 characters"), "{short}");
        let long = refusal(&"horse ".repeat(30), "jo@example.com").unwrap_or_default();
        assert!(long.contains("at most 128"), "{long}");
        let common = refusal("password1234", "jo@example.com").unwrap_or_default();
        assert!(
            common.starts_with("This password is too easy to guess"),
            "{common}"
        );
        let refused = refusal("onespace2025!", "jo@example.com");
        assert!(refused.is_some());
        let own = refusal("jo.smith@example.com", "jo.smith@example.com");
        assert!(own.is_some());
        assert_eq!(
            refusal("correct horse battery staple ember", "jo@example.com"),
            None
        );
        assert_eq!(
            refusal("ünïcödé 🔥 sauna ice bath plunge", "jo@example.com"),
            None
        );
    }

    #[test]
    fn hashes_with_argon2id_at_owasp_minimum_and_verifies() {
        let phc = hash("correct horse battery staple").unwrap_or_default();
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        assert!(verify(&phc, "correct horse battery staple"));
        assert!(!verify(&phc, "correct horse battery stapl"));
        assert!(!verify("not a hash", "anything"));
    }
}
