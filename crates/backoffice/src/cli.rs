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
        /// What the invitation changed for someone invited before and not set up yet.
        replaced: Replaced,
    },
    /// The address already has an account that is set up.
    AlreadySetUp,
}

/// What a new invitation changed for someone invited before who has not set up yet: the last
/// invitation decides their role, and only its link works.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Replaced {
    /// The role they had, when the invitation gave another.
    pub role_was: Option<Role>,
    /// Whether an earlier link that still worked was ended.
    pub link: bool,
}

impl Replaced {
    /// The audit log's words for an invitation of `email` as `role`: `for jo@example.com
    /// (editor, was owner; the earlier link no longer works)`.
    pub fn detail(&self, email: &str, role: Role) -> String {
        let was = self
            .role_was
            .map(|was| format!(", was {}", was.as_str()))
            .unwrap_or_default();
        let link = if self.link {
            "; the earlier link no longer works"
        } else {
            ""
        };
        format!("for {email} ({}{was}{link})", role.as_str())
    }
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
    let (was, link) = staff::replace_invite(
        store,
        &account,
        role,
        &tokens::digest(&token),
        expires_at,
        now,
    )
    .await?;
    Ok(Invited::Link {
        url: format!("{}/studio/set-up/{token}", public_url.trim_end_matches('/')),
        expires_at,
        replaced: Replaced {
            role_was: was.filter(|was| *was != role),
            link,
        },
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
        Invited::Link { url, replaced, .. } => {
            let entry = staff::AuditEntry {
                at: now,
                actor: None,
                action: super::audit::Action::SetUpLinkMade.as_str().to_owned(),
                detail: format!(
                    "{} by onespace studio add-user",
                    replaced.detail(&email, role)
                ),
                address: "command line".to_owned(),
                repeats: 1,
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
