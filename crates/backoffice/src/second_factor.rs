//! The second factor every account must have (ASVS level 2): time-based one-time codes (RFC
//! 6238: SHA-1, 6 digits, 30-second steps, one step of clock drift either way) from any
//! authenticator app, read by `totp-rs`; each code is accepted once (the last step used is
//! stored), as RFC 6238 section 5.2 asks. Ten single-use recovery codes (74 random bits each,
//! stored as salted argon2id hashes) stand in for a lost phone.
//!
//! The TOTP secret is kept in the database as base32, because checking a code needs it; who can
//! read the database can mint codes, but still needs the password, which is only hashed.

use totp_rs::{Builder, Secret, Totp};

use super::{passwords, tokens};

/// Name shown in the authenticator app beside the account.
const ISSUER: &str = "One Space studio";

/// How many recovery codes an account gets.
pub const RECOVERY_CODES: usize = 10;

/// Letters and digits of recovery codes: no 0/o, 1/l/i, so a code read aloud or copied by hand
/// is typed right.
const RECOVERY_ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

/// A new random secret (160 bits, as RFC 4226 recommends), in base32.
pub fn new_secret() -> String {
    Secret::generate().to_base32()
}

fn totp(secret: &str, account: &str) -> Option<Totp> {
    let secret = Secret::try_from_base32(secret).ok()?;
    Builder::new()
        .with_secret(secret)
        .with_account_name(account.replace(':', " "))
        .with_issuer(Some(ISSUER))
        .build()
        .ok()
}

/// What the set-up page shows to add the account to an app: the `otpauth://` link, its QR code
/// as a PNG data URI, and the secret grouped in fours for typing by hand.
#[derive(Debug, Clone)]
pub struct Enrolment {
    /// The `otpauth://totp/...` URL.
    pub url: String,
    /// `data:image/png;base64,...`
    pub qr_data_uri: String,
    /// The base32 secret in groups of four.
    pub secret_groups: String,
}

/// The enrolment details of `secret` for `account` (its e-mail address).
pub fn enrolment(secret: &str, account: &str) -> Option<Enrolment> {
    let totp = totp(secret, account)?;
    let url = totp.to_url().ok()?;
    let qr = totp.to_qr_base64().ok()?;
    let secret_groups = secret
        .as_bytes()
        .chunks(4)
        .map(|chunk| String::from_utf8_lossy(chunk).into_owned())
        .collect::<Vec<_>>()
        .join(" ");
    Some(Enrolment {
        url,
        qr_data_uri: format!("data:image/png;base64,{qr}"),
        secret_groups,
    })
}

/// The step of `code` if it is right for `secret` at `now_ms` and later than `last_step` (a code
/// already used, or one older than it, is refused). Spaces in the code are ignored.
pub fn check_code(secret: &str, code: &str, now_ms: i64, last_step: Option<i64>) -> Option<i64> {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let totp = totp(secret, "account")?;
    let seconds = u64::try_from(now_ms / 1000).ok()?;
    let step = i64::try_from(totp.check(&code, seconds)?).ok()?;
    match last_step {
        Some(last) if step <= last => None,
        _ => Some(step),
    }
}

/// The code of `secret` at `now_ms`.
#[cfg(test)]
pub fn code_at(secret: &str, now_ms: i64) -> Option<String> {
    let totp = totp(secret, "account")?;
    Some(
        totp.generate(u64::try_from(now_ms / 1000).ok()?)
            .to_string(),
    )
}

/// Letters in a recovery code: 15 of [`RECOVERY_ALPHABET`]'s 31 are 74 bits, above the 64
/// that ASVS 2.6 asks of a look-up secret.
const RECOVERY_LETTERS: usize = 15;

/// Letters of a recovery code issued before codes grew to [`RECOVERY_LETTERS`]: still accepted
/// (stored as an unsalted SHA-256, [`matching_recovery_hash`]) until used or replaced.
const OLD_RECOVERY_LETTERS: usize = 10;

/// Ten new recovery codes, `xxxxx-xxxxx-xxxxx` (74 bits each). Letters are drawn from random
/// bytes below the largest multiple of the alphabet's size, so each letter is equally likely.
pub fn new_recovery_codes() -> Vec<String> {
    let alphabet = RECOVERY_ALPHABET.len();
    let unbiased_below = 256 - 256 % alphabet;
    (0..RECOVERY_CODES)
        .map(|_| {
            let mut letters = String::with_capacity(RECOVERY_LETTERS);
            while letters.len() < RECOVERY_LETTERS {
                let random = tokens::random_token();
                letters.extend(
                    tokens::decode(&random)
                        .into_iter()
                        .map(usize::from)
                        .filter(|byte| *byte < unbiased_below)
                        .map(|byte| char::from(RECOVERY_ALPHABET[byte % alphabet]))
                        .take(RECOVERY_LETTERS - letters.len()),
                );
            }
            grouped(&letters)
        })
        .collect()
}

/// `letters` in groups of five joined by hyphens.
fn grouped(letters: &str) -> String {
    letters
        .as_bytes()
        .chunks(5)
        .map(|chunk| String::from_utf8_lossy(chunk).into_owned())
        .collect::<Vec<_>>()
        .join("-")
}

/// A recovery code as typed (any case, with or without the hyphens and spaces) in the form it
/// was issued, or `None` when it cannot be one.
pub fn normalise_recovery_code(typed: &str) -> Option<String> {
    let letters: String = typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let known_length = [RECOVERY_LETTERS, OLD_RECOVERY_LETTERS].contains(&letters.len());
    if !known_length || !letters.bytes().all(|b| RECOVERY_ALPHABET.contains(&b)) {
        return None;
    }
    Some(grouped(&letters))
}

/// Ten new recovery codes (to show once) and their hashes (to store), hashed in one turn of
/// the password checks: `None` when hashing failed.
pub async fn new_recovery_codes_hashed(
    gate: &passwords::Gate,
) -> Result<Option<(Vec<String>, Vec<String>)>, passwords::Busy> {
    let codes = new_recovery_codes();
    let shown = codes.clone();
    let hashes = gate
        .run(move || {
            shown
                .iter()
                .map(|code| recovery_hash(code))
                .collect::<Option<Vec<String>>>()
        })
        .await?
        .flatten();
    Ok(hashes.map(|hashes| (codes, hashes)))
}

/// How a new recovery code is stored: an argon2id hash with its own salt, like a password.
pub fn recovery_hash(code: &str) -> Option<String> {
    passwords::hash(code).ok()
}

/// The stored hash among `hashes` that `code` (normalised) matches: an argon2id hash, or, for
/// a code issued before they were salted, its plain SHA-256 (compared in constant time).
pub fn matching_recovery_hash(hashes: &[String], code: &str) -> Option<String> {
    let unsalted = tokens::digest(code);
    hashes
        .iter()
        .find(|hash| {
            if hash.starts_with('$') {
                passwords::verify(hash, code)
            } else {
                tokens::same(hash, &unsalted)
            }
        })
        .cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_checked_once_and_within_a_step_of_drift() {
        let secret = new_secret();
        let now = 1_764_000_000_000;
        let code = code_at(&secret, now).unwrap_or_default();
        let step = check_code(&secret, &code, now, None);
        assert!(step.is_some());
        assert_eq!(
            check_code(&secret, &code, now, step),
            None,
            "a code is used once"
        );
        assert!(
            check_code(&secret, &code, now + 30_000, None).is_some(),
            "one step late"
        );
        assert_eq!(check_code(&secret, &code, now + 95_000, None), None);
        let spaced = format!("{} {}", &code[..3], &code[3..]);
        assert!(check_code(&secret, &spaced, now, None).is_some());
        for bad in [
            "",
            "12345",
            "1234567",
            "abcdef",
            "１２３４５６",
            &"9".repeat(5000),
        ] {
            assert_eq!(check_code(&secret, bad, now, None), None, "{bad}");
        }
        assert_eq!(check_code("not base32!", "123456", now, None), None);
    }

    #[test]
    fn enrolment_has_a_qr_code_and_the_secret_in_groups() {
        let secret = new_secret();
        let enrolment =
            enrolment(&secret, "jo@example.com").unwrap_or_else(|| panic!("no enrolment"));
        assert!(
            enrolment
                .url
                .starts_with("otpauth://totp/One%20Space%20studio:jo"),
            "{}",
            enrolment.url
        );
        assert!(enrolment.qr_data_uri.starts_with("data:image/png;base64,"));
        assert_eq!(enrolment.secret_groups.replace(' ', ""), secret);
    }

    #[test]
    fn recovery_codes_are_ten_distinct_and_read_back_however_typed() {
        let codes = new_recovery_codes();
        assert_eq!(codes.len(), 10);
        let distinct: std::collections::HashSet<_> = codes.iter().collect();
        assert_eq!(distinct.len(), 10);
        for code in &codes {
            assert_eq!(
                normalise_recovery_code(code).as_deref(),
                Some(code.as_str())
            );
            let typed = code.to_uppercase().replace('-', " ");
            assert_eq!(
                normalise_recovery_code(&typed).as_deref(),
                Some(code.as_str())
            );
        }
        assert_eq!(normalise_recovery_code("00000-00000"), None);
        assert_eq!(normalise_recovery_code("abc"), None);
        assert_eq!(
            normalise_recovery_code("ABCDE FGHJK").as_deref(),
            Some("abcde-fghjk"),
            "a code issued before codes grew"
        );
    }

    #[test]
    fn recovery_codes_hold_more_than_64_bits_and_are_stored_salted() {
        let codes = new_recovery_codes();
        for code in &codes {
            assert_eq!(code.len(), 17, "{code}");
        }
        let bits = RECOVERY_LETTERS as f64 * (RECOVERY_ALPHABET.len() as f64).log2();
        assert!(bits >= 64.0, "{bits}");
        let first = recovery_hash(&codes[0]).unwrap_or_default();
        let again = recovery_hash(&codes[0]).unwrap_or_default();
        assert!(first.starts_with("$argon2id$"), "{first}");
        assert_ne!(first, again, "each with its own salt");
        let stored = vec![tokens::digest("abcde-fghjk"), first.clone()];
        assert_eq!(matching_recovery_hash(&stored, &codes[0]), Some(first));
        assert_eq!(
            matching_recovery_hash(&stored, "abcde-fghjk"),
            Some(tokens::digest("abcde-fghjk"))
        );
        assert_eq!(matching_recovery_hash(&stored, &codes[1]), None);
    }

    #[test]
    fn every_letter_of_the_alphabet_turns_up() {
        let letters: std::collections::HashSet<char> = (0..20)
            .flat_map(|_| new_recovery_codes())
            .flat_map(|code| code.chars().collect::<Vec<_>>())
            .filter(|c| *c != '-')
            .collect();
        assert_eq!(letters.len(), RECOVERY_ALPHABET.len());
    }
}
