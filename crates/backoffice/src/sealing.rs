//! TOTP secrets sealed at rest: checking a code needs the secret itself, so it cannot be
//! hashed; it is encrypted (XChaCha20-Poly1305, a random 192-bit nonce per value, the account's
//! id as associated data so a value cannot be moved to another account) with a key kept outside
//! the database. A copy of the database alone then mints no codes.
//!
//! The key: `ONESPACE_STUDIO_KEYS` when set, otherwise the file [`KEY_FILE`] in the data
//! folder, made (readable by its owner only) at the first start. Either holds one or more
//! 256-bit keys in unpadded base64url, separated by commas or new lines: the first seals, every
//! one opens. Rotation: put a new key first and keep the old after it, restart every node (each
//! seals what the old key sealed again at start, [`reseal`]), then remove the old key. Nodes
//! sharing a PostgreSQL database need the same keys (the variable, or the same file on each).
//!
//! A stored value is `sealed:v1:<key id>:<nonce and ciphertext, base64url>`; the key id is
//! the first 8 hex digits of the key's SHA-256, so the right key is found without trying each.
//! A value without the prefix is a secret stored before sealing: it is read as it is and
//! sealed at the next start.

use std::path::{Path, PathBuf};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use sha2::{Digest, Sha256};

use onespace_store::staff;
use onespace_store::{StorageError, Store};

/// The key file in the data folder.
pub const KEY_FILE: &str = "studio-keys";

/// The environment variable that holds the keys instead of the file.
pub const KEY_VARIABLE: &str = "ONESPACE_STUDIO_KEYS";

const PREFIX: &str = "sealed:v1:";

/// Why the keys cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    /// The file cannot be read or made.
    #[error("the staff area's key file {path}: {source}")]
    File {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A key is not 32 bytes of unpadded base64url.
    #[error(
        "{0}: each key must be 32 random bytes in unpadded base64url (43 characters), separated \
         by commas or new lines"
    )]
    Malformed(String),
}

/// The keys: the first seals, all open.
#[derive(Clone)]
pub struct Keys {
    keys: Vec<(String, [u8; 32])>,
}

impl std::fmt::Debug for Keys {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ids: Vec<&str> = self.keys.iter().map(|(id, _)| id.as_str()).collect();
        formatter.debug_struct("Keys").field("ids", &ids).finish()
    }
}

impl Keys {
    /// The keys from `variable` (the value of [`KEY_VARIABLE`]) if set, otherwise from the key
    /// file in `data_dir`, made with a new key if missing.
    pub fn load(variable: Option<&str>, data_dir: &Path) -> Result<Self, KeyError> {
        if let Some(text) = variable.filter(|text| !text.trim().is_empty()) {
            return Self::parse(text, KEY_VARIABLE);
        }
        let path = data_dir.join(KEY_FILE);
        let failed = |source| KeyError::File {
            path: path.clone(),
            source,
        };
        if !path.exists() {
            write_private(&path, &format!("{}\n", super::tokens::random_token()))
                .map_err(failed)?;
            tracing::info!(path = %path.display(), "staff area: made a key for sealing second-factor secrets");
        }
        let text = std::fs::read_to_string(&path).map_err(failed)?;
        Self::parse(&text, &path.display().to_string())
    }

    fn parse(text: &str, source: &str) -> Result<Self, KeyError> {
        let keys = text
            .split([',', '\n'])
            .map(str::trim)
            .filter(|part| !part.is_empty())
            .map(|part| {
                let bytes: [u8; 32] = URL_SAFE_NO_PAD
                    .decode(part)
                    .ok()
                    .and_then(|bytes| bytes.try_into().ok())
                    .ok_or_else(|| KeyError::Malformed(source.to_owned()))?;
                Ok((key_id(&bytes), bytes))
            })
            .collect::<Result<Vec<_>, KeyError>>()?;
        if keys.is_empty() {
            return Err(KeyError::Malformed(source.to_owned()));
        }
        Ok(Self { keys })
    }

    /// `secret` sealed for `account_id` with the first key.
    pub fn seal(&self, secret: &str, account_id: &str) -> Option<String> {
        let (id, key) = self.keys.first()?;
        let mut nonce = [0u8; 24];
        getrandom::fill(&mut nonce).ok()?;
        let cipher = XChaCha20Poly1305::new(key.into());
        let payload = Payload {
            msg: secret.as_bytes(),
            aad: account_id.as_bytes(),
        };
        let sealed = cipher.encrypt(XNonce::from_slice(&nonce), payload).ok()?;
        let mut bytes = nonce.to_vec();
        bytes.extend(sealed);
        Some(format!("{PREFIX}{id}:{}", URL_SAFE_NO_PAD.encode(bytes)))
    }

    /// The secret `stored` holds for `account_id`: opened with its key, or as it is when it
    /// was stored before sealing; `None` when no key opens it (a key was removed too early, or
    /// the value was moved from another account).
    pub fn open(&self, stored: &str, account_id: &str) -> Option<String> {
        let Some(rest) = stored.strip_prefix(PREFIX) else {
            return Some(stored.to_owned());
        };
        let (id, body) = rest.split_once(':')?;
        let (_, key) = self.keys.iter().find(|(known, _)| known == id)?;
        let bytes = URL_SAFE_NO_PAD.decode(body).ok()?;
        if bytes.len() < 24 {
            return None;
        }
        let (nonce, sealed) = bytes.split_at(24);
        let cipher = XChaCha20Poly1305::new(key.into());
        let payload = Payload {
            msg: sealed,
            aad: account_id.as_bytes(),
        };
        let plain = cipher.decrypt(XNonce::from_slice(nonce), payload).ok()?;
        String::from_utf8(plain).ok()
    }

    /// Whether `stored` is sealed with the first key (nothing to do at a start).
    fn is_current(&self, stored: &str) -> bool {
        self.keys
            .first()
            .is_some_and(|(id, _)| stored.starts_with(&format!("{PREFIX}{id}:")))
    }
}

fn key_id(key: &[u8; 32]) -> String {
    Sha256::digest(key)
        .iter()
        .take(4)
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Writes `text` to a new file readable by its owner only.
fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)?.write_all(text.as_bytes())
}

/// Seals again, with the first key, every stored TOTP secret that is not sealed with it (stored
/// before sealing, or under a key being rotated out): run at each start. Returns how many.
/// A value no key opens is left as it is and logged.
pub async fn reseal(store: &Store, keys: &Keys) -> Result<usize, StorageError> {
    let mut resealed = 0;
    for stored in staff::stored_totp_secrets(store).await? {
        if keys.is_current(&stored.value) {
            continue;
        }
        let Some(secret) = keys.open(&stored.value, &stored.account_id) else {
            tracing::warn!(
                account = %stored.account_id,
                "staff area: a second-factor secret opens with none of the keys (was a key removed too soon?)"
            );
            continue;
        };
        let Some(sealed) = keys.seal(&secret, &stored.account_id) else {
            continue;
        };
        if staff::replace_totp_secret(store, &stored, &sealed).await? {
            resealed += 1;
        }
    }
    Ok(resealed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(text: &str) -> Keys {
        Keys::parse(text, "test").unwrap_or_else(|error| panic!("{error}"))
    }

    #[test]
    fn sealed_secrets_open_only_for_their_account_and_with_a_known_key() {
        let old = super::super::tokens::random_token();
        let new = super::super::tokens::random_token();
        let before = keys(&old);
        let sealed = before
            .seal("JBSWY3DPEHPK3PXP", "account-1")
            .unwrap_or_default();
        assert!(sealed.starts_with(PREFIX), "{sealed}");
        assert!(!sealed.contains("JBSWY3DPEHPK3PXP"));
        assert_ne!(
            sealed,
            before
                .seal("JBSWY3DPEHPK3PXP", "account-1")
                .unwrap_or_default()
        );
        assert_eq!(
            before.open(&sealed, "account-1").as_deref(),
            Some("JBSWY3DPEHPK3PXP")
        );
        assert_eq!(
            before.open(&sealed, "account-2"),
            None,
            "moved to another account"
        );
        let rotated = keys(&format!("{new}\n{old}\n"));
        assert_eq!(
            rotated.open(&sealed, "account-1").as_deref(),
            Some("JBSWY3DPEHPK3PXP")
        );
        assert!(!rotated.is_current(&sealed));
        assert_eq!(
            keys(&new).open(&sealed, "account-1"),
            None,
            "old key removed"
        );
        assert_eq!(
            before.open("JBSWY3DPEHPK3PXP", "account-1").as_deref(),
            Some("JBSWY3DPEHPK3PXP")
        );
        assert!(Keys::parse("short", "test").is_err());
        assert!(Keys::parse(" \n", "test").is_err());
    }
}
