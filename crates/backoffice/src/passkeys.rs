//! Passkeys (WebAuthn, through `webauthn-rs`): a staff member registers one from their account
//! page and then signs in with it alone, no password typed. A passkey is bound by the browser
//! to this site's domain and checked here against the site's origin, so a look-alike site
//! cannot use it or pass on what it signs (phishing-resistant); the device asks for its own
//! screen lock or fingerprint each time (user verification required), so a passkey is both
//! factors at once.
//!
//! Each ceremony's challenge is stored in the database ([`onespace_store::passkeys`]) under a
//! key bound to where it started: the signed-in session for registering, the sign-in form's
//! browser token for signing in. It is taken (deleted) by the answer, so it works once, and
//! expires after [`CEREMONY_MS`].
//!
//! Passkeys need a domain name: with a public URL on an IP address (as some tests use) the
//! area offers none ([`Passkeys::new`] is `None`).

use base64::Engine;
use onespace_store::passkeys::{self as store, StoredPasskey};
use onespace_store::staff::Account;
use onespace_store::{StorageError, Store};
use webauthn_rs::prelude::{
    DiscoverableAuthentication, Passkey, PasskeyRegistration, PublicKeyCredential,
    RegisterPublicKeyCredential, Url, Uuid, Webauthn, WebauthnBuilder,
};

/// How long a ceremony's challenge works: 5 minutes, as long as a password waits for its code.
pub const CEREMONY_MS: i64 = crate::session::SECOND_FACTOR_MS;

/// The area's setting that requires a passkey of every staff member.
pub const REQUIRED_SETTING: &str = "passkeys-required";

/// The name the device shows for the site when it saves or offers a passkey.
const SITE_NAME: &str = "One Space studio";

/// The site as a WebAuthn relying party.
#[derive(Debug)]
pub struct Passkeys {
    webauthn: Webauthn,
}

/// Why a passkey was not accepted (the detail is for the audit log, never shown).
#[derive(Debug)]
pub enum Refused {
    /// No ceremony was under way for this session or form (none started, used, or expired).
    NoCeremony,
    /// The answer is not a passkey's, or it does not match the ceremony (another site's
    /// origin, a wrong signature, a replayed or cloned counter...).
    Invalid(String),
    /// The passkey is not registered here.
    Unknown,
}

impl Refused {
    /// The audit log's words.
    pub fn detail(&self) -> String {
        match self {
            Self::NoCeremony => {
                "passkey refused: no sign-in under way (used or expired)".to_owned()
            }
            Self::Invalid(why) => format!("passkey refused: {why}"),
            Self::Unknown => "passkey refused: not registered here".to_owned(),
        }
    }
}

impl Passkeys {
    /// The relying party of `public_url` (its host is the passkeys' domain), or `None` when it
    /// has no domain name.
    pub fn new(public_url: &str) -> Option<Self> {
        let origin = Url::parse(public_url).ok()?;
        let domain = origin.domain()?.to_owned();
        let webauthn = WebauthnBuilder::new(&domain, &origin)
            .ok()?
            .rp_name(SITE_NAME)
            .build()
            .ok()?;
        Some(Self { webauthn })
    }

    /// Starts registering a passkey for `account`, which has `existing` (not offered again):
    /// the options for the browser (JSON) and the state to keep until the answer.
    pub fn start_registration(
        &self,
        account: &Account,
        existing: &[StoredPasskey],
    ) -> Option<(serde_json::Value, String)> {
        let user = Uuid::parse_str(&account.id).ok()?;
        let exclude = existing
            .iter()
            .filter_map(|stored| credential(stored).map(|passkey| passkey.cred_id().clone()))
            .collect::<Vec<_>>();
        let (options, state) = self
            .webauthn
            .start_passkey_registration(user, &account.email, &account.email, Some(exclude))
            .ok()?;
        let mut options = serde_json::to_value(options).ok()?;
        // A passkey the device keeps and offers by itself (a discoverable credential), so that
        // signing in needs no e-mail address: the library's default leaves that to the device.
        if let Some(selection) = options.pointer_mut("/publicKey/authenticatorSelection") {
            selection["residentKey"] = "required".into();
            selection["requireResidentKey"] = true.into();
        }
        Some((options, serde_json::to_string(&state).ok()?))
    }

    /// Finishes registering: the passkey to store, from the browser's `answer` (JSON) and the
    /// state kept since the start.
    pub fn finish_registration(&self, answer: &str, state: &str) -> Result<Passkey, Refused> {
        let state: PasskeyRegistration =
            serde_json::from_str(state).map_err(|_| Refused::NoCeremony)?;
        let answer: RegisterPublicKeyCredential =
            serde_json::from_str(answer).map_err(|error| Refused::Invalid(error.to_string()))?;
        self.webauthn
            .finish_passkey_registration(&answer, &state)
            .map_err(|error| Refused::Invalid(error.to_string()))
    }

    /// Starts a sign-in with any of this site's passkeys the device holds: the options for the
    /// browser (JSON) and the state to keep until the answer.
    pub fn start_sign_in(&self) -> Option<(serde_json::Value, String)> {
        let (options, state) = self.webauthn.start_discoverable_authentication().ok()?;
        // The library asks for the browser's autofill ("conditional") prompt; the sign-in page
        // asks when its button is pressed instead, so only the public key options are sent.
        let options = serde_json::to_value(options).ok()?;
        Some((options, serde_json::to_string(&state).ok()?))
    }

    /// The account id and credential id the browser's sign-in `answer` names (not yet
    /// checked).
    pub fn identify(&self, answer: &str) -> Result<(PublicKeyCredential, String, String), Refused> {
        let answer: PublicKeyCredential =
            serde_json::from_str(answer).map_err(|error| Refused::Invalid(error.to_string()))?;
        let (user, id) = self
            .webauthn
            .identify_discoverable_authentication(&answer)
            .map_err(|error| Refused::Invalid(error.to_string()))?;
        let (user, id) = (user.to_string(), credential_id(id));
        Ok((answer, user, id))
    }

    /// Checks a sign-in `answer` against the state kept since the start and the stored
    /// passkey: the passkey as updated (its signature counter), to store again.
    pub fn finish_sign_in(
        &self,
        answer: &PublicKeyCredential,
        state: &str,
        stored: &StoredPasskey,
    ) -> Result<Passkey, Refused> {
        let state: DiscoverableAuthentication =
            serde_json::from_str(state).map_err(|_| Refused::NoCeremony)?;
        let mut passkey = credential(stored).ok_or(Refused::Unknown)?;
        let result = self
            .webauthn
            .finish_discoverable_authentication_v2(answer, state, &passkey)
            .map_err(|error| Refused::Invalid(error.to_string()))?;
        passkey.update_credential(&result);
        Ok(passkey)
    }
}

/// The stored passkey as the library reads it.
fn credential(stored: &StoredPasskey) -> Option<Passkey> {
    serde_json::from_str(&stored.credential).ok()
}

/// A credential id as stored: base64url without padding.
pub fn credential_id(bytes: &[u8]) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// `passkey` of `account_id` as stored.
pub fn to_store(account_id: &str, passkey: &Passkey, now: i64) -> Option<StoredPasskey> {
    Some(StoredPasskey {
        id: credential_id(passkey.cred_id().as_ref()),
        account_id: account_id.to_owned(),
        credential: serde_json::to_string(passkey).ok()?,
        created_at: now,
        last_used_at: None,
    })
}

/// Whether owners require a passkey of everyone.
pub async fn required(store: &Store) -> Result<bool, StorageError> {
    Ok(store::setting(store, REQUIRED_SETTING).await?.as_deref() == Some("yes"))
}

/// Whether `account` must add a passkey before anything else: owners require them, passkeys
/// work here, and it has none yet.
pub async fn missing(
    staff_area: &crate::StaffArea,
    account: &Account,
) -> Result<bool, StorageError> {
    if staff_area.passkeys.is_none() || !required(&staff_area.store).await? {
        return Ok(false);
    }
    Ok(store::of_account(&staff_area.store, &account.id)
        .await?
        .is_empty())
}

/// Whether `account` may sign in only with its passkey (or a recovery code, when it is lost):
/// owners require passkeys and it has one.
pub async fn only(staff_area: &crate::StaffArea, account: &Account) -> Result<bool, StorageError> {
    if staff_area.passkeys.is_none() || !required(&staff_area.store).await? {
        return Ok(false);
    }
    Ok(!store::of_account(&staff_area.store, &account.id)
        .await?
        .is_empty())
}

/// Where a staff member goes once signed in: their account page when they must add a passkey
/// first, else the enquiries.
pub async fn landing(
    staff_area: &crate::StaffArea,
    account: &Account,
) -> Result<&'static str, StorageError> {
    Ok(if missing(staff_area, account).await? {
        ADD_ONE_FIRST
    } else {
        "/studio/enquiries"
    })
}

/// The account page, asking for a passkey to be added.
pub const ADD_ONE_FIRST: &str = "/studio/account?passkey-needed=1";
