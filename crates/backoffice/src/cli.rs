//! Adding staff: `onespace studio add-user EMAIL --role owner|editor` (and an owner's
//! invitation in the area) makes the account and a set-up link. The link's token is printed
//! once and stored only as its hash; it works once, for 24 hours. Run against the same data
//! folder or `DATABASE_URL` as `serve`, with the server running or not.

use onespace_store::{StorageError, Store};

use super::tokens;
use super::SET_UP_LINK_LIFETIME_MS;
use onespace_store::staff::{self, Role};

pub use onespace_store::staff::Role as StaffRole;

/// What an invitation made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Invited {
    /// A set-up link (the account is new, or not set up yet and any older link is replaced).
    Link {
        /// The whole link to send.
        url: String,
        /// When it stops working, Unix ms.
        expires_at: i64,
    },
    /// The address already has an account that is set up.
    AlreadySetUp,
}

/// Whether `email` (lower case, trimmed) can be a sign-in name; the reason when not.
pub fn check_email(email: &str) -> Result<(), String> {
    if email.is_empty() {
        return Err("Enter their e-mail address.".to_owned());
    }
    if email.chars().count() > 254 || email.parse::<lettre::Address>().is_err() {
        return Err(format!(
            "'{email}' is not an e-mail address like name@example.com."
        ));
    }
    Ok(())
}

/// Makes the account for `email` if it has none, and a new set-up link for it.
pub async fn invite(
    store: &Store,
    email: &str,
    role: Role,
    public_url: &str,
    now: i64,
) -> Result<Invited, StorageError> {
    let account = match staff::account_by_email(store, email).await? {
        Some(account) if account.is_set_up() => return Ok(Invited::AlreadySetUp),
        Some(account) => account.id,
        None => {
            let id = uuid::Uuid::now_v7().to_string();
            if !staff::insert_account(store, &id, email, role, now).await? {
                // Added by someone else at the same moment: use theirs.
                match staff::account_by_email(store, email).await? {
                    Some(account) if !account.is_set_up() => account.id,
                    _ => return Ok(Invited::AlreadySetUp),
                }
            } else {
                id
            }
        }
    };
    let token = tokens::random_token();
    let expires_at = now + SET_UP_LINK_LIFETIME_MS;
    staff::replace_invite(store, &account, &tokens::digest(&token), expires_at).await?;
    Ok(Invited::Link {
        url: format!("{}/studio/set-up/{token}", public_url.trim_end_matches('/')),
        expires_at,
    })
}

/// `onespace studio add-user`: the line to print, or why not.
pub async fn add_user(
    store: &Store,
    email: &str,
    role: Role,
    public_url: &str,
    clock: &super::StaffClock,
) -> Result<Result<String, String>, StorageError> {
    let email = email.trim().to_lowercase();
    if let Err(message) = check_email(&email) {
        return Ok(Err(message));
    }
    let now = clock.now_ms();
    match invite(store, &email, role, public_url, now).await? {
        Invited::Link { url, .. } => {
            let entry = staff::AuditEntry {
                at: now,
                actor: None,
                action: super::audit::Action::SetUpLinkMade.as_str().to_owned(),
                detail: format!(
                    "for {email} ({}) by onespace studio add-user",
                    role.as_str()
                ),
                address: "command line".to_owned(),
            };
            staff::record_audit(store, &entry).await?;
            Ok(Ok(format!(
                "Set-up link for {email} ({}), valid once for 24 hours:\n{url}",
                role.as_str()
            )))
        }
        Invited::AlreadySetUp => Ok(Err(format!(
            "{email} already has an account; an owner can remove it in the staff area first"
        ))),
    }
}
