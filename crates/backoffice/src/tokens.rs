//! Random secrets and how they are kept: session ids, set-up tokens and form tokens are 256
//! random bits from the operating system, written as unpadded base64url (43 characters); the
//! database keeps only their SHA-256, so a copy of it opens no session and no set-up link.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// Length of a token as written: 32 bytes in unpadded base64url.
pub const TOKEN_LENGTH: usize = 43;

/// A new 256-bit random token.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    // The operating system's generator does not fail on a running Linux system; should it ever,
    // the process must not hand out predictable tokens.
    if let Err(error) = getrandom::fill(&mut bytes) {
        tracing::error!(%error, "no randomness from the operating system: stopping");
        std::process::abort();
    }
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The bytes of a token this module made (empty for anything else).
pub fn decode(token: &str) -> Vec<u8> {
    URL_SAFE_NO_PAD.decode(token).unwrap_or_default()
}

/// Whether `value` has the shape of a token this module made: checked before any lookup, so an
/// over-long or malformed cookie or link is refused without touching the database.
pub fn well_formed(value: &str) -> bool {
    value.len() == TOKEN_LENGTH
        && value
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_')
}

/// The SHA-256 of `value`, in hex: what the database stores instead of the secret.
pub fn digest(value: &str) -> String {
    let hash = Sha256::digest(value.as_bytes());
    hash.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Compares two secrets in time independent of where they differ.
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && bool::from(a.as_bytes().ct_eq(b.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_well_formed() {
        let a = random_token();
        let b = random_token();
        assert_ne!(a, b);
        assert!(well_formed(&a), "{a}");
        assert!(!well_formed(&format!("{a}x")));
        assert!(!well_formed(&"+".repeat(TOKEN_LENGTH)));
        assert!(!well_formed("short"));
        assert_eq!(digest("abc").len(), 64);
        assert!(same("abc", "abc"));
        assert!(!same("abc", "abd"));
        assert!(!same("abc", "ab"));
    }
}
