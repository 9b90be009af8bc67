//! The staff area at `/studio` (the back office of the studio, the business): staff sign in with a password and a second factor, read,
//! answer, export and erase enquiries, edit the site's content as drafts they publish now or
//! schedule for a UK date and time (or restore an earlier version), preview the whole site from
//! their draft on any date, upload photos into their draft, and owners manage staff and read the audit log.
//!
//! The public site has no accounts and keeps none: with no staff account in the database every
//! `/studio` path answers the site's 404 page, so a site that does not use the area has no
//! sign-in surface. Accounts are made only by `onespace studio add-user` (or an owner's
//! invitation), which prints a single-use set-up link; nothing ships with a default account,
//! password or secret. The area is built to OWASP ASVS level 2:
//!
//! - [`passwords`]: argon2id at OWASP's minimum, 12 to 128 characters, refused when guessable
//!   (zxcvbn); [`second_factor`]: TOTP codes used once, ten recovery codes; [`sealing`]: the
//!   TOTP secrets encrypted at rest with a key kept outside the database; [`passkeys`]:
//!   signing in with a passkey alone (WebAuthn), which owners may require of everyone.
//! - [`session`]: server-side sessions in the database (256-bit ids stored hashed, a
//!   `__Host-` cookie that is Secure, HttpOnly and SameSite=Strict, a new id at sign-in, 30
//!   minutes idle and 12 hours in all), and the guard every route goes through: [`ROUTES`] says
//!   who may use each path and the guard reads it, so no handler decides access on its own.
//!   Every state-changing request needs a same-site `Origin` (or `Sec-Fetch-Site`) and the
//!   session's form token.
//! - [`throttle`]: growing waits after failed sign-ins and a 15-minute pause after ten, per
//!   e-mail address and per client network, each attempt counted in the database before its
//!   secret is checked; an unknown address costs the same argon2 work and gets the same answer
//!   as a wrong password; argon2 runs at most one per core at once ([`passwords::Gate`]);
//!   [`devices`]: a browser that signed in before is counted apart, so guesses from elsewhere
//!   cannot keep its person out.
//! - [`audit`]: who did what, when and from where, for owners, kept as long as enquiries.
//! - `pages`: the handlers; `views`: the templates, which render only what they are given.
//!
//! Its tables and SQL are `onespace_store`'s (`staff`, `audit`, `drafts`); only the server's
//! wiring (`app`, `main`) uses this crate.

pub(crate) mod audit;
pub mod cli;
mod devices;
mod diff;
pub mod export;
pub mod launch;
mod marks;
mod pages;
pub mod passkeys;
mod passwords;
pub mod preview;
pub mod sealing;
mod second_factor;
mod session;
mod throttle;
mod tokens;
mod views;
pub mod visitors;

use std::path::PathBuf;
use std::time::Duration;

use actix_web::http::header;
use actix_web::{web, HttpResponse, Resource};

pub use onespace_store::StaffClock;
/// The staff session's cookie: the public pages leave a browser holding it out of the visitor
/// counts.
pub use session::SESSION_COOKIE;

use onespace_store::Store;

/// How long a set-up link works.
pub const SET_UP_LINK_LIFETIME_MS: i64 = 24 * 60 * 60 * 1000;

/// The staff area's shared state, added to the app with `.app_data(web::Data::new(...))` by
/// `main`; without it every `/studio` path is the not-found page.
#[derive(Debug)]
pub struct StaffArea {
    store: Store,
    clock: StaffClock,
    public_url: String,
    proxy: onespace_http::Proxy,
    dummy_hash: String,
    passwords: passwords::Gate,
    keys: sealing::Keys,
    passkeys: Option<passkeys::Passkeys>,
    mail_folder: Option<PathBuf>,
    content_folder: Option<PathBuf>,
    image_cache: PathBuf,
    /// How long followed visits' steps are kept (the Visitors page says so).
    visits_retention: Duration,
}

impl StaffArea {
    /// The area on `store`: `public_url` is the site's origin (forms must come from it, and the
    /// area insists on https when it is https), `proxy` the studio's proxy whose forwarding
    /// headers are believed (as for the forms), `keys` those sealing the second factor's
    /// secrets, `mail_folder`
    /// the folder of `.eml` files when mail is delivered there (an erased enquiry's file goes
    /// too), `content_folder` the folder the site's content is served from when one is named
    /// (the database's versions are then not served, and the area says so), `image_cache` the
    /// photo pipeline's cache, where the preview prepares a draft's new photos.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        store: Store,
        clock: StaffClock,
        public_url: &str,
        proxy: onespace_http::Proxy,
        keys: sealing::Keys,
        mail_folder: Option<PathBuf>,
        content_folder: Option<PathBuf>,
        image_cache: PathBuf,
    ) -> Self {
        Self {
            store,
            clock,
            public_url: public_url.to_owned(),
            proxy,
            dummy_hash: passwords::dummy_hash(),
            passwords: passwords::Gate::default(),
            keys,
            passkeys: passkeys::Passkeys::new(public_url),
            mail_folder,
            content_folder,
            image_cache,
            visits_retention: Duration::from_secs(
                onespace_store::visitors::DEFAULT_RETENTION_DAYS * 86_400,
            ),
        }
    }

    /// The area telling, on its Visitors page, that followed visits are kept `retention`.
    pub fn with_visits_retention(self, retention: Duration) -> Self {
        Self {
            visits_retention: retention,
            ..self
        }
    }

    /// Deletes ended sessions, old failures, expired set-up links, and audit lines older than
    /// `retention` (the enquiries' period): run by the mail worker's daily retention.
    pub async fn tidy(&self, retention: Duration) {
        let now = self.clock.now_ms();
        let retention_ms = i64::try_from(retention.as_millis()).unwrap_or(i64::MAX);
        let tidied = onespace_store::staff::tidy(
            &self.store,
            now - session::IDLE_MS,
            now - session::ABSOLUTE_MS,
            now - throttle::WINDOW_MS,
            now,
        )
        .await;
        let audit = onespace_store::staff::delete_audit_before(
            &self.store,
            now.saturating_sub(retention_ms),
        )
        .await;
        let ceremonies = onespace_store::passkeys::tidy(&self.store, now).await;
        if let Err(error) = tidied.and(audit.map(drop)).and(ceremonies) {
            tracing::warn!(%error, "staff area: cannot delete ended sessions or old audit lines");
        }
    }
}

/// Where the area lives: every answer under it is private ([`private_headers`]).
pub const PATH_PREFIX: &str = "/studio";

/// Whether `path` is the area's or under it.
pub fn is_area_path(path: &str) -> bool {
    path.strip_prefix(PATH_PREFIX)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// Marks an answer of the area private, whatever made it (a handler, the framework refusing a
/// request, a redirect, the server's error page): never stored by a cache, never indexed, no
/// referrer sent to another site (set-up links carry their token in the path). `same-origin`,
/// not `no-referrer`: under `no-referrer` browsers send `Origin: null` with a form post, which
/// the area must refuse, so no form of the area could be sent. The server applies it to every
/// answer under [`PATH_PREFIX`].
pub fn private_headers(headers: &mut header::HeaderMap) {
    let stored = headers
        .get(header::CACHE_CONTROL)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| !value.contains("no-store"));
    if stored || !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(
            header::CACHE_CONTROL,
            header::HeaderValue::from_static("no-store"),
        );
    }
    headers.insert(
        header::HeaderName::from_static("x-robots-tag"),
        header::HeaderValue::from_static("noindex, nofollow"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        header::HeaderValue::from_static("same-origin"),
    );
}

/// Who may use a path of the area.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Access {
    /// Anyone (while the area exists): signing in and setting up an account.
    Public,
    /// Any signed-in staff member.
    Staff,
    /// Signed-in owners only.
    Owner,
}

/// One path of the area.
#[derive(Clone, Copy)]
pub struct StaffRoute {
    /// The path pattern (actix's, `{id}` for a segment).
    pub path: &'static str,
    /// The methods it answers besides HEAD.
    pub methods: &'static [&'static str],
    /// Who may use it: the guard ([`session`]) reads this.
    pub access: Access,
    /// Adds the handlers to its resource.
    attach: fn(Resource) -> Resource,
}

/// Every path of the staff area: the one place that says who may use what. The tests walk it
/// to prove that no path but the public ones answers without a session.
pub const ROUTES: [StaffRoute; 44] = [
    StaffRoute {
        path: "/studio",
        methods: &["GET"],
        access: Access::Staff,
        attach: |r| r.route(web::get().to(pages::inbox::home)),
    },
    StaffRoute {
        path: "/studio/sign-in",
        methods: &["GET", "POST"],
        access: Access::Public,
        attach: |r| {
            r.route(web::get().to(pages::sign_in::form))
                .route(web::post().to(pages::sign_in::submit))
        },
    },
    StaffRoute {
        path: "/studio/sign-in/code",
        methods: &["GET", "POST"],
        access: Access::Public,
        attach: |r| {
            r.route(web::get().to(pages::sign_in::code_form))
                .route(web::post().to(pages::sign_in::code_submit))
        },
    },
    StaffRoute {
        path: "/studio/sign-in/passkey/start",
        methods: &["POST"],
        access: Access::Public,
        attach: |r| r.route(web::post().to(pages::passkeys::sign_in_start)),
    },
    StaffRoute {
        path: "/studio/sign-in/passkey",
        methods: &["POST"],
        access: Access::Public,
        attach: |r| r.route(web::post().to(pages::passkeys::sign_in_finish)),
    },
    StaffRoute {
        path: "/studio/set-up/{token}",
        methods: &["GET", "POST"],
        access: Access::Public,
        attach: |r| {
            r.route(web::get().to(pages::set_up::form))
                .route(web::post().to(pages::set_up::submit))
        },
    },
    StaffRoute {
        path: "/studio/sign-out",
        methods: &["POST"],
        access: Access::Staff,
        attach: |r| r.route(web::post().to(pages::sign_in::sign_out)),
    },
    StaffRoute {
        path: "/studio/visitors",
        methods: &["GET"],
        access: Access::Staff,
        attach: |r| r.route(web::get().to(pages::visitors::show)),
    },
    StaffRoute {
        path: "/studio/visitors/export.csv",
        methods: &["GET"],
        access: Access::Staff,
        attach: |r| r.route(web::get().to(pages::visitors::export)),
    },
    StaffRoute {
        path: "/studio/account",
        methods: &["GET"],
        access: Access::Staff,
        attach: |r| r.route(web::get().to(pages::account::show)),
    },
    StaffRoute {
        path: "/studio/account/sign-out-everywhere",
        methods: &["POST"],
        access: Access::Staff,
        attach: |r| r.route(web::post().to(pages::account::sign_out_everywhere)),
    },
    StaffRoute {
        path: "/studio/account/password",
        methods: &["GET", "POST"],
        access: Access::Staff,
        attach: |r| {
            r.route(web::get().to(pages::account::password_form))
                .route(web::post().to(pages::account::password_submit))
        },
    },
    StaffRoute {
        path: "/studio/account/recovery-codes",
        methods: &["GET", "POST"],
        access: Access::Staff,
        attach: |r| {
            r.route(web::get().to(pages::account::recovery_codes_form))
                .route(web::post().to(pages::account::recovery_codes_submit))
        },
    },
    StaffRoute {
        path: "/studio/account/passkeys/start",
        methods: &["POST"],
        access: Access::Staff,
        attach: |r| r.route(web::post().to(pages::passkeys::add_start)),
    },
    StaffRoute {
        path: "/studio/account/passkeys/finish",
        methods: &["POST"],
        access: Access::Staff,
        attach: |r| r.route(web::post().to(pages::passkeys::add_finish)),
    },
    StaffRoute {
        path: "/studio/enquiries",
        methods: &["GET"],
        access: Access::Staff,
        attach: |r| r.route(web::get().to(pages::inbox::list)),
    },
    StaffRoute {
        path: "/studio/enquiries/export.csv",
        methods: &["GET"],
        access: Access::Owner,
        attach: |r| r.route(web::get().to(pages::inbox::export)),
    },
    StaffRoute {
        path: "/studio/enquiries/{id}",
        methods: &["GET"],
        access: Access::Staff,
        attach: |r| r.route(web::get().to(pages::inbox::show)),
    },
    StaffRoute {
        path: "/studio/enquiries/{id}/state",
        methods: &["POST"],
        access: Access::Staff,
        attach: |r| r.route(web::post().to(pages::inbox::change_state)),
    },
    StaffRoute {
        path: "/studio/enquiries/{id}/erase",
        methods: &["GET", "POST"],
        access: Access::Owner,
        attach: |r| {
            r.route(web::get().to(pages::inbox::erase_form))
                .route(web::post().to(pages::inbox::erase))
        },
    },
    StaffRoute {
        path: "/studio/staff",
        methods: &["GET"],
        access: Access::Owner,
        attach: |r| r.route(web::get().to(pages::staff::list)),
    },
    StaffRoute {
        path: "/studio/staff/invite",
        methods: &["POST"],
        access: Access::Owner,
        attach: |r| r.route(web::post().to(pages::staff::invite)),
    },
    StaffRoute {
        path: "/studio/staff/passkeys",
        methods: &["POST"],
        access: Access::Owner,
        attach: |r| r.route(web::post().to(pages::passkeys::set_required)),
    },
    StaffRoute {
        path: "/studio/staff/{id}/passkeys/remove",
        methods: &["POST"],
        access: Access::Owner,
        attach: |r| r.route(web::post().to(pages::passkeys::reset)),
    },
    StaffRoute {
        path: "/studio/staff/{id}/remove",
        methods: &["POST"],
        access: Access::Owner,
        attach: |r| r.route(web::post().to(pages::staff::remove)),
    },
    StaffRoute {
        path: "/studio/content",
        methods: &["GET"],
        access: Access::Staff,
        attach: |r| r.route(web::get().to(pages::content::history)),
    },
    StaffRoute {
        path: "/studio/content/edit/{file}",
        methods: &["GET", "POST"],
        access: Access::Staff,
        attach: |r| {
            r.route(web::get().to(pages::content::edit_form))
                .route(web::post().to(pages::content::edit_save))
        },
    },
    StaffRoute {
        path: "/studio/content/photos",
        methods: &["GET", "POST"],
        access: Access::Staff,
        attach: |r| {
            r.route(web::get().to(pages::photos::form))
                .route(web::post().to(pages::photos::upload))
        },
    },
    StaffRoute {
        path: "/studio/content/draft",
        methods: &["GET"],
        access: Access::Staff,
        attach: |r| r.route(web::get().to(pages::content::review)),
    },
    StaffRoute {
        path: "/studio/content/draft/publish",
        methods: &["POST"],
        access: Access::Staff,
        attach: |r| r.route(web::post().to(pages::content::publish)),
    },
    StaffRoute {
        path: "/studio/content/draft/discard",
        methods: &["POST"],
        access: Access::Staff,
        attach: |r| r.route(web::post().to(pages::content::discard)),
    },
    StaffRoute {
        path: "/studio/content/draft/update",
        methods: &["POST"],
        access: Access::Staff,
        attach: |r| r.route(web::post().to(pages::content::bring_up_to_date)),
    },
    StaffRoute {
        path: "/studio/content/draft/start-again",
        methods: &["POST"],
        access: Access::Staff,
        attach: |r| r.route(web::post().to(pages::content::start_again)),
    },
    StaffRoute {
        path: "/studio/content/preview",
        methods: &["GET"],
        access: Access::Staff,
        attach: |r| r.route(web::get().to(pages::preview::home)),
    },
    StaffRoute {
        path: "/studio/content/preview-edit.js",
        methods: &["GET"],
        access: Access::Staff,
        attach: |r| r.route(web::get().to(pages::preview::edit_script)),
    },
    StaffRoute {
        path: "/studio/content/preview-images/{file}",
        methods: &["GET"],
        access: Access::Staff,
        attach: |r| r.route(web::get().to(pages::preview::image)),
    },
    StaffRoute {
        path: "/studio/content/preview/{path:.*}",
        methods: &["GET"],
        access: Access::Staff,
        attach: |r| r.route(web::get().to(pages::preview::page)),
    },
    StaffRoute {
        path: "/studio/content/draft/schedule",
        methods: &["POST"],
        access: Access::Staff,
        attach: |r| r.route(web::post().to(pages::content::schedule)),
    },
    StaffRoute {
        path: "/studio/content/scheduled",
        methods: &["GET"],
        access: Access::Staff,
        attach: |r| r.route(web::get().to(pages::schedules::list)),
    },
    StaffRoute {
        path: "/studio/content/scheduled/{id}",
        methods: &["GET"],
        access: Access::Staff,
        attach: |r| r.route(web::get().to(pages::schedules::show)),
    },
    StaffRoute {
        path: "/studio/content/scheduled/{id}/cancel",
        methods: &["POST"],
        access: Access::Staff,
        attach: |r| r.route(web::post().to(pages::schedules::cancel)),
    },
    StaffRoute {
        path: "/studio/content/versions/{number}",
        methods: &["GET"],
        access: Access::Staff,
        attach: |r| r.route(web::get().to(pages::content::version)),
    },
    StaffRoute {
        path: "/studio/content/versions/{number}/restore",
        methods: &["POST"],
        access: Access::Staff,
        attach: |r| r.route(web::post().to(pages::content::restore)),
    },
    StaffRoute {
        path: "/studio/audit",
        methods: &["GET"],
        access: Access::Owner,
        attach: |r| r.route(web::get().to(pages::audit_log::list)),
    },
];

/// The row of [`ROUTES`] whose pattern is `pattern`.
pub fn route(pattern: &str) -> Option<&'static StaffRoute> {
    ROUTES.iter().find(|route| route.path == pattern)
}

/// The route table as JSON (path, methods, access), for `onespace studio routes` and the tests.
pub fn routes_json() -> String {
    let rows: Vec<_> = ROUTES
        .iter()
        .map(|route| {
            serde_json::json!({ "path": route.path, "methods": route.methods, "access": route.access })
        })
        .collect();
    serde_json::to_string_pretty(&rows).unwrap_or_else(|_| "[]".to_owned())
}

/// Registers every path of [`ROUTES`]; any other method is 405 with `Allow`, and any other path
/// under `/studio/` is the site's not-found page.
pub fn configure(config: &mut web::ServiceConfig) {
    for route in &ROUTES {
        let allow = route.methods.join(", ");
        // Another method is 405, but only where the area exists: without it, 404 like any path.
        let resource = (route.attach)(web::resource(route.path)).default_service(web::to(
            move |_area: session::Area| {
                let allow = allow.clone();
                async move {
                    session::private(
                        HttpResponse::MethodNotAllowed()
                            .insert_header((header::ALLOW, allow))
                            .finish(),
                    )
                }
            },
        ));
        config.service(resource);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_area_is_studio_and_below_only() {
        assert!(is_area_path("/studio"));
        assert!(is_area_path("/studio/"));
        assert!(is_area_path("/studio/set-up/x"));
        assert!(!is_area_path("/studios"));
        assert!(!is_area_path("/"));
    }

    #[test]
    fn every_route_is_under_studio_once_and_only_sign_in_and_set_up_are_public() {
        let mut paths: Vec<_> = ROUTES.iter().map(|route| route.path).collect();
        paths.sort_unstable();
        paths.dedup();
        assert_eq!(paths.len(), ROUTES.len());
        for route in &ROUTES {
            assert!(route.path == "/studio" || route.path.starts_with("/studio/"));
            if route.access == Access::Public {
                assert!(
                    route.path.starts_with("/studio/sign-in")
                        || route.path.starts_with("/studio/set-up/"),
                    "{}",
                    route.path
                );
            }
        }
    }
}
