//! The launch check: every blocker and warning that stands between the site and launch day,
//! each with where to fix it. `onespace launch-check` prints the list (exit status 1 while a
//! blocker is left) and the staff area's first page shows it to owners
//! ([`onespace_backoffice::launch`]). The list is worked out from [`Facts`]: the live content,
//! the server's settings and what the database and the booking provider say.

use chrono::{DateTime, NaiveDate, Utc};
use onespace_backoffice::launch::{Item, Severity};
use onespace_core::calendar::{london_date, Date};
use onespace_core::content::investors::Month;
use onespace_core::content::{Content, File, Place};
use onespace_site::LiveSite;
use onespace_store::published::versions;
use onespace_store::staff::{self, Role};
use onespace_store::{StorageError, Store};

use crate::content_source::Source;

/// The built-in content's made-up TeamUp account (content/schedule.toml): its timetable and
/// every purchase link lead nowhere until the studio's own account replaces it.
pub const PLACEHOLDER_PROVIDER_ID: u64 = 5_123_456;

/// How old the terms' effective date may be before the check asks for a review: a year.
pub const DEFAULT_POLICY_MAX_AGE_DAYS: u32 = 365;

/// The check's ages, as given on the command line or in the environment.
#[derive(Debug, Clone, clap::Args)]
pub struct LaunchArgs {
    /// Days after the terms' effective date before the launch check asks for them and the
    /// privacy notice to be reviewed (a warning).
    #[arg(long, env = "ONESPACE_LAUNCH_POLICY_MAX_AGE_DAYS", default_value_t = DEFAULT_POLICY_MAX_AGE_DAYS)]
    pub launch_policy_max_age_days: u32,
}

impl Default for LaunchArgs {
    fn default() -> Self {
        Self {
            launch_policy_max_age_days: DEFAULT_POLICY_MAX_AGE_DAYS,
        }
    }
}

/// What the booking provider says of the API key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyState {
    /// No key is configured.
    Missing,
    /// `onespace schedule check` found these problems with it.
    Refused(Vec<String>),
    /// A key is configured but the provider has not answered with it yet (no stored timetable).
    Unconfirmed,
    /// The provider answered with it.
    Accepted,
}

/// Everything the check looks at.
#[derive(Debug, Clone)]
pub struct Facts<'a> {
    /// The live content.
    pub content: &'a Content,
    /// Now.
    pub now: DateTime<Utc>,
    /// The server's settings.
    pub settings: &'a Settings,
    /// An owner account exists and is set up.
    pub owner: bool,
    /// The booking provider's key.
    pub key: KeyState,
}

/// The staff area's editor screen for a content file.
fn editor(file: File) -> Option<String> {
    Some(format!("/studio/content/edit/{}", file.name()))
}

/// An item: the command's `what` and `fix`, the owner's `plain` words, and its screen.
fn item(
    severity: Severity,
    (what, fix): (String, String),
    plain: String,
    screen: Option<String>,
) -> Item {
    Item {
        severity,
        what,
        fix,
        plain,
        screen,
    }
}

/// Said to the owner of what only the server's settings fix.
const SERVER_FIX: &str = "Whoever runs the site's server fixes this.";

/// Every item left, blockers first.
pub fn check(facts: &Facts<'_>) -> Vec<Item> {
    use Severity::{Blocker, Warning};
    let content = facts.content;
    let today = london_date(facts.now);
    let mut items = Vec::new();
    let schedule = &content.schedule;
    if schedule.provider_id == PLACEHOLDER_PROVIDER_ID {
        items.push(item(
            Blocker,
            (
                format!(
                    "The TeamUp provider id is {PLACEHOLDER_PROVIDER_ID}, the example account: the \
                     timetable and every booking button lead nowhere."
                ),
                "schedule.toml: provider_id and customer_site (docs/teamup.md)".to_owned(),
            ),
            "The timetable and every booking button still lead to the example booking account: \
             set the studio's own account."
                .to_owned(),
            editor(File::Schedule),
        ));
    }
    let placeholder = format!("/p/{PLACEHOLDER_PROVIDER_ID}-");
    let links: Vec<String> = content
        .prices
        .purchase_links()
        .into_iter()
        .filter(|(_, url)| url.contains(&placeholder))
        .map(|(path, _)| path)
        .collect();
    if !links.is_empty() {
        items.push(item(
            Blocker,
            (
                format!(
                    "{} purchase link(s) are on the example account's TeamUp site.",
                    links.len()
                ),
                format!("prices.toml: {}", links.join(", ")),
            ),
            format!(
                "{} buy button(s) on the Memberships page still lead to the example booking \
                 account.",
                links.len()
            ),
            editor(File::Prices),
        ));
    }
    match &facts.key {
        KeyState::Accepted => {}
        KeyState::Missing => items.push(item(
            Blocker,
            (
                "No TeamUp API key: the timetable shows only the typical week.".to_owned(),
                "server setting ONESPACE_TEAMUP_API_KEY or ONESPACE_TEAMUP_API_KEY_FILE \
             (docs/teamup.md)"
                    .to_owned(),
            ),
            format!(
                "The timetable shows only the typical week: the site has no key to the booking \
                 system yet. {SERVER_FIX}"
            ),
            None,
        )),
        KeyState::Unconfirmed => items.push(item(
            Blocker,
            (
                "TeamUp has not answered with the configured API key yet.".to_owned(),
                "run 'onespace schedule check' on the server and fix what it names".to_owned(),
            ),
            format!("The booking system has not answered with the site's key yet. {SERVER_FIX}"),
            None,
        )),
        KeyState::Refused(problems) => items.push(item(
            Blocker,
            (
                format!("TeamUp refuses the configuration: {}", problems.join("; ")),
                "server setting ONESPACE_TEAMUP_API_KEY, or provider_id in schedule.toml \
             ('onespace schedule check' says which)"
                    .to_owned(),
            ),
            format!("The booking system refuses the site's key or account. {SERVER_FIX}"),
            None,
        )),
    }
    let bare: Vec<&str> = Place::ALL
        .iter()
        .filter(|place| content.photos.at(**place).is_none())
        .map(|place| place.key())
        .collect();
    if !bare.is_empty() {
        items.push(item(
            Blocker,
            (
                format!(
                    "{} of {} places still show drawn art instead of the studio's photographs: {}.",
                    bare.len(),
                    Place::ALL.len(),
                    bare.join(", ")
                ),
                "photos.toml, a [[photo]] per place (docs/photos.md)".to_owned(),
            ),
            format!(
                "{} of {} places on the site still show drawn art instead of the studio's \
                 photographs.",
                bare.len(),
                Place::ALL.len()
            ),
            Some("/studio/content/photos".to_owned()),
        ));
    }
    if !facts.owner {
        items.push(item(
            Blocker,
            (
                "No owner account is set up in the staff area.".to_owned(),
                "run 'onespace studio add-user EMAIL --role owner' and open the link it prints \
             (docs/staff-area.md)"
                    .to_owned(),
            ),
            "No owner account is set up in the staff area.".to_owned(),
            Some("/studio/staff".to_owned()),
        ));
    }
    if !facts.settings.mail_leaves {
        items.push(item(
            Blocker,
            (
                "Enquiry mail is written to files on this machine; nobody receives it.".to_owned(),
                "server setting ONESPACE_SMTP_URL (docs/mail-and-database.md)".to_owned(),
            ),
            format!("Enquiry mail stays on the server: nobody receives it. {SERVER_FIX}"),
            None,
        ));
    }
    let https = facts.settings.public_url.starts_with("https://");
    if !https {
        items.push(item(
            Blocker,
            (
                format!("The public URL {} is not https.", facts.settings.public_url),
                "server setting ONESPACE_PUBLIC_URL (docs/deploy.md)".to_owned(),
            ),
            format!("The site's address is not a secure (https) one. {SERVER_FIX}"),
            None,
        ));
    } else if !facts.settings.trust_proxy {
        // The server speaks plain HTTP only: an https site always reaches it through a proxy.
        items.push(item(
            Blocker,
            (
                "The site is https, so requests arrive through a proxy, but trust-proxy is off: \
             every visitor shares the proxy's address in the enquiry limit and the staff area \
             cannot see the https."
                    .to_owned(),
                "server setting ONESPACE_TRUST_PROXY=true (docs/deploy.md)".to_owned(),
            ),
            format!(
                "The server cannot tell visitors apart or see that the site is secure. \
                 {SERVER_FIX}"
            ),
            None,
        ));
    }
    let investors = &content.investors;
    // The content's own age (`figures_age_months`), the one the pages warn at.
    if investors.age_warning(Month::of(today)).is_some() {
        items.push(item(
            Blocker,
            (
                format!(
                    "The investor figures are as of {}, more than {} months ago: both investor \
                     pages say they are old.",
                    investors.as_of.long(),
                    investors.figures_age_months.max(1)
                ),
                "investors.toml: as_of and the figures (figures_age_months sets the age)"
                    .to_owned(),
            ),
            format!(
                "The investor figures are as of {}, more than {} months ago: bring them up to \
                 date.",
                investors.as_of.long(),
                investors.figures_age_months.max(1)
            ),
            editor(File::Investors),
        ));
    }
    let unapproved: Vec<&str> = [
        ("risk_warning", &investors.risk_warning),
        ("approved_by", &investors.approved_by),
    ]
    .into_iter()
    .filter(|(_, value)| value.trim().is_empty())
    .map(|(field, _)| field)
    .collect();
    if !unapproved.is_empty() {
        items.push(item(
            Blocker,
            (
                "The investor pages promote shares without the prescribed risk warning or naming \
                 the FCA-authorised firm that approved them (FSMA section 21)."
                    .to_owned(),
                format!(
                    "investors.toml: {} (the file's comments say what each needs)",
                    unapproved.join(", ")
                ),
            ),
            "The investor pages need the risk warning UK rules prescribe for share offers and \
             the name of the FCA-authorised firm that approved them."
                .to_owned(),
            editor(File::Investors),
        ));
    }
    let forecast = &investors.forecast;
    let last = forecast.starts.plus(u32::from(forecast.months.max(1)) - 1);
    if month_end(last.year, last.month) < today {
        items.push(item(
            Blocker,
            (
                format!("The investors' revenue forecast ended in {}.", last.long()),
                "investors.toml: [forecast] starts and months".to_owned(),
            ),
            format!(
                "The investors' revenue forecast ended in {}: start it again.",
                last.long()
            ),
            editor(File::Investors),
        ));
    }
    let offers = &content.offers;
    if offers.challenge.price.is_none() {
        items.push(item(
            Warning,
            (
                "The 6-week challenge has no price: /challenge says it is given at the free \
                 consultation."
                    .to_owned(),
                "offers.toml: [challenge] price".to_owned(),
            ),
            "The 6 Week Challenge shows no price: its page says the price is given at the free \
             consultation."
                .to_owned(),
            editor(File::Offers),
        ));
    }
    let uncredited = content.testimonials.uncredited();
    if !uncredited.is_empty() {
        let said = format!(
            "{} of {} member quotes do not say where and when they were said; a quote credited \
             only to a first name reads as made up.",
            uncredited.len(),
            content.testimonials.testimonials.len()
        );
        items.push(item(
            Warning,
            (
                said.clone(),
                "testimonials.toml: each quote's source and date".to_owned(),
            ),
            said,
            editor(File::Testimonials),
        ));
    }
    // Each dated offer: its name in offers.toml (for the command), the owner's, and its end.
    let ended: Vec<(&str, &str, Date)> = [
        (
            "back_to_school",
            "Back to school",
            offers.back_to_school.ends,
        ),
        (
            "september_sale",
            "September sale",
            offers.september_sale.ends,
        ),
        ("year_end", "Year end", offers.year_end.ends),
        (
            "challenge",
            "6 Week Challenge",
            offers.challenge.sign_up_ends,
        ),
    ]
    .into_iter()
    .filter(|(_, _, ends)| ends.naive().is_some_and(|ends| ends < today))
    .collect();
    if !ended.is_empty() {
        let listed = |name: fn(&(&str, &str, Date)) -> String| {
            ended.iter().map(name).collect::<Vec<_>>().join(", ")
        };
        items.push(item(
            Warning,
            (
                format!(
                    "Offers whose dates have all passed: {}; their pages are off until new \
                     dates are set.",
                    listed(|(key, _, ends)| format!("{key} (ended {})", ends.iso()))
                ),
                "offers.toml: each offer's dates".to_owned(),
            ),
            format!(
                "Offers whose dates have all passed: {}; their pages are off until new dates \
                 are set.",
                listed(|(_, name, _)| (*name).to_owned())
            ),
            editor(File::Offers),
        ));
    }
    if let Some(date) = offers.retreat.date.and_then(Date::naive) {
        if date < today {
            items.push(item(
                Warning,
                (
                    format!("The yoga retreat's date {} has passed.", date),
                    "offers.toml: [retreat] date".to_owned(),
                ),
                format!(
                    "The yoga retreat's date, {}, has passed.",
                    date.format("%-d %B %Y")
                ),
                editor(File::Offers),
            ));
        }
    }
    let terms = onespace_site::pages::TERMS_EFFECTIVE;
    match NaiveDate::parse_from_str(terms, "%d %B %Y") {
        Ok(effective)
            if (today - effective).num_days()
                > i64::from(facts.settings.ages.launch_policy_max_age_days) =>
        {
            items.push(item(
                Warning,
                (
                    format!(
                    "The terms (/terms) took effect on {terms}, more than {} days ago, and the \
                     privacy notice (/privacy) states no effective date: have both reviewed.",
                    facts.settings.ages.launch_policy_max_age_days
                ),
                    "the site's code: crates/site/src/pages/legal.rs and privacy.rs \
                 (ONESPACE_LAUNCH_POLICY_MAX_AGE_DAYS sets the age)"
                        .to_owned(),
                ),
                format!(
                    "The terms took effect on {terms}, more than {} days ago, and the privacy \
                     notice states no date: have both reviewed by whoever builds the site.",
                    facts.settings.ages.launch_policy_max_age_days
                ),
                None,
            ));
        }
        _ => {}
    }
    items.sort_by_key(|item| item.severity == Warning);
    items
}

/// Whether an owner account exists whose set-up link was used.
pub async fn owner_set_up(store: &Store) -> Result<bool, StorageError> {
    Ok(staff::accounts(store)
        .await?
        .iter()
        .any(|account| account.role == Role::Owner && account.is_set_up()))
}

/// The content the site serves: the folder's when one is named, otherwise the database's live
/// version (the built-in content while it has none).
pub async fn live_content(store: &Store, source: &Source) -> anyhow::Result<Content> {
    let content = match (source, versions::live(store).await?) {
        (Source::Embedded, Some(version)) => version.content(),
        _ => source.load(),
    };
    content.map_err(|errors| anyhow::Error::new(onespace_site::site::ContentErrors(errors)))
}

/// The key as the staff area's page judges it without asking the provider on every view: a key
/// is accepted once a timetable read with it is stored.
pub async fn key_state_from_store(store: &Store, configured: bool) -> KeyState {
    match (configured, store.load_schedule().await) {
        (false, _) => KeyState::Missing,
        (true, Ok(Some(_))) => KeyState::Accepted,
        (true, _) => KeyState::Unconfirmed,
    }
}

/// The server's settings the check reads.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The ages.
    pub ages: LaunchArgs,
    /// The public origin.
    pub public_url: String,
    /// ONESPACE_TRUST_PROXY.
    pub trust_proxy: bool,
    /// Mail goes to an SMTP server.
    pub mail_leaves: bool,
    /// A TeamUp key is configured.
    pub key_configured: bool,
}

impl Settings {
    /// The facts of these settings with the rest.
    pub fn facts<'a>(&'a self, content: &'a Content, owner: bool, key: KeyState) -> Facts<'a> {
        Facts {
            content,
            now: Utc::now(),
            settings: self,
            owner,
            key,
        }
    }
}

/// The list for the staff area: worked out on each view from the live site's content, the
/// database and the server's settings.
pub fn staff_list(
    site: std::sync::Arc<LiveSite>,
    store: Store,
    settings: Settings,
) -> onespace_backoffice::launch::LaunchList {
    let settings = std::sync::Arc::new(settings);
    onespace_backoffice::launch::LaunchList::new(move || {
        let (site, store, settings) = (site.clone(), store.clone(), settings.clone());
        Box::pin(async move {
            let content = site.current().context().content.clone();
            let owner = owner_set_up(&store).await.unwrap_or(false);
            let key = key_state_from_store(&store, settings.key_configured).await;
            check(&settings.facts(&content, owner, key))
        })
    })
}

/// The last day of a month.
fn month_end(year: u16, month: u8) -> NaiveDate {
    let (next_year, next_month) = if month == 12 {
        (i32::from(year) + 1, 1)
    } else {
        (i32::from(year), u32::from(month) + 1)
    };
    NaiveDate::from_ymd_opt(next_year, next_month, 1)
        .and_then(|first| first.pred_opt())
        .unwrap_or(NaiveDate::MIN)
}

/// The list as `onespace launch-check` prints it, with its last line; the number of blockers.
pub fn print(items: &[Item], out: &mut impl std::io::Write) -> std::io::Result<usize> {
    for item in items {
        writeln!(out, "{:<8} {}", item.severity.as_str(), item.what)?;
        match &item.screen {
            Some(screen) => writeln!(out, "         fix: {} (staff area: {screen})", item.fix)?,
            None => writeln!(out, "         fix: {}", item.fix)?,
        }
    }
    let blockers = items
        .iter()
        .filter(|item| item.severity == Severity::Blocker)
        .count();
    let warnings = items.len() - blockers;
    if blockers > 0 {
        writeln!(
            out,
            "launch check: {blockers} blocker(s), {warnings} warning(s): not ready to launch"
        )?;
    } else {
        writeln!(
            out,
            "launch check: no blockers, {warnings} warning(s): ready to launch"
        )?;
    }
    Ok(blockers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_terms_date_reads_and_months_end() {
        let effective =
            NaiveDate::parse_from_str(onespace_site::pages::TERMS_EFFECTIVE, "%d %B %Y");
        assert!(effective.is_ok(), "{effective:?}");
        assert_eq!(month_end(2025, 6).to_string(), "2025-06-30");
        assert_eq!(month_end(2024, 2).to_string(), "2024-02-29");
        assert_eq!(month_end(2025, 12).to_string(), "2025-12-31");
    }
}
