//! The route table: the one place that names every page's path, title, meta description,
//! header mode, sitemap entry, enquiry form, dated offer, main photo and landing words.
//! Handlers, navigation, canonical links and the sitemap all read from here, so no route string
//! is typed twice.

/// Every page of the site.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Page {
    Home,
    About,
    OurClasses,
    Timetable,
    Memberships,
    Challenge,
    FireIce,
    Hyrox,
    IntroOffer,
    MeetTheTeam,
    CorporateWellness,
    Invest,
    InvestInOneSpace,
    Contact,
    Faq,
    Terms,
    Privacy,
    FastAccess,
    YogaRetreat,
    FounderMemberships,
    BackToSchool,
    SeptemberSale,
    HotYoga,
    YogaBeginners,
    Pilates,
    GroupPt,
    HyroxTraining,
    FireIceRecovery,
}

/// Which header a page shows: the full navigation, or only the logo and 'Start Today' on the
/// service landing pages, where the visitor should not be led away from the offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeaderMode {
    /// Logo, navigation, Start Today.
    Full,
    /// Logo and Start Today only.
    Landing,
}

/// One row of the route table.
#[derive(Debug, Clone, Copy)]
pub struct Route {
    /// The page.
    pub page: Page,
    /// Path, also the canonical path.
    pub path: &'static str,
    /// Document title.
    pub title: &'static str,
    /// Meta description (also Open Graph and Twitter description).
    pub description: &'static str,
    /// Header mode.
    pub header: HeaderMode,
    /// Listed in /sitemap.xml. The countdown page stays out so that search engines do not send
    /// visitors to a countdown; a dated offer's page is listed only while the offer is on
    /// (`crate::pages::campaigns::listed`).
    pub in_sitemap: bool,
    /// The dated offer whose page this is: the page follows the offer's calendar
    /// (`crate::pages::campaigns`).
    pub campaign: Option<Campaign>,
    /// The enquiry form the page carries (its POST is taken at the same path).
    pub form: Option<PageForm>,
    /// The page's main photo: its picture when the page is shared.
    pub main_photo: Option<MainPhoto>,
    /// A service landing page's words (with [`HeaderMode::Landing`]).
    pub landing: Option<&'static landings::Landing>,
}

/// An enquiry form on a page.
#[derive(Debug, Clone, Copy)]
pub struct PageForm {
    /// The schema.
    pub form: FormName,
    /// The page it posts to.
    pub page: Page,
    /// The form's id and the fragment of its action.
    pub anchor: &'static str,
    /// The hidden `formType` value (`contact`, `investment`, `membership`).
    pub form_type: &'static str,
}

/// Where a page's main photo is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MainPhoto {
    /// Its hero, beside the heading: the page's largest image, loaded first.
    Hero(Place),
    /// Further down: loaded lazily like every other photo.
    Further(Place),
}

impl MainPhoto {
    /// The photo's place.
    pub fn place(self) -> Place {
        match self {
            Self::Hero(place) | Self::Further(place) => place,
        }
    }
}

use onespace_core::content::Place;

use crate::landings;
use onespace_core::forms::FormName;
use onespace_core::offers::Campaign;
use HeaderMode::{Full, Landing};

/// The contact form.
pub const CONTACT_FORM: PageForm = PageForm {
    form: FormName::Contact,
    page: Page::Contact,
    anchor: "contact-form",
    form_type: "contact",
};

/// The investor contact form (its message is sent as `why`).
pub const INVEST_FORM: PageForm = PageForm {
    form: FormName::InvestorContact,
    page: Page::Invest,
    anchor: "investment-form",
    form_type: "investment",
};

/// The register-interest form.
pub const INVESTOR_FORM: PageForm = PageForm {
    form: FormName::InvestmentInterest,
    page: Page::InvestInOneSpace,
    anchor: "register-form",
    form_type: "investment",
};

/// The membership request form.
pub const FOUNDER_FORM: PageForm = PageForm {
    form: FormName::Membership,
    page: Page::FounderMemberships,
    anchor: "membership-form",
    form_type: "membership",
};

/// All routes, in the order the sitemap lists them.
pub const ROUTES: [Route; 28] = [
    Route { page: Page::Home, path: "/", title: "One Space | Hot Yoga, HYROX & Recovery Studio in Livingston", description: "Everything you need in one space: hot yoga, warm pilates, group PT, HYROX training and Fire & Ice recovery in Livingston, West Lothian. Start your 14-day trial today.", header: Full, in_sitemap: true, campaign: None, form: None, main_photo: None, landing: None },
    Route { page: Page::About, path: "/about", title: "About One Space | Livingston Hot Yoga & Fitness Studio", description: "Our story, what makes One Space different, our mental health mission and how to find us in Livingston, minutes from Edinburgh, Bathgate, Broxburn and Whitburn.", header: Full, in_sitemap: true, campaign: None, form: None, main_photo: Some(MainPhoto::Further(Place::AboutStudio)), landing: None },
    Route { page: Page::OurClasses, path: "/our-classes", title: "Our Classes | Hot Yoga, Pilates, HYROX & Functional Training | One Space", description: "Hot yoga at 32-35 °C, yoga, warm pilates, HYROX training, functional training and private Fire & Ice recovery at One Space, Livingston.", header: Full, in_sitemap: true, campaign: None, form: None, main_photo: None, landing: None },
    Route { page: Page::Timetable, path: "/timetable", title: "Timetable | Book Your Classes | One Space Livingston", description: "See the One Space class timetable and book hot yoga, pilates, group PT and HYROX classes online. All levels welcome.", header: Full, in_sitemap: true, campaign: None, form: None, main_photo: None, landing: None },
    Route { page: Page::Memberships, path: "/memberships", title: "Pricing & Memberships | One Space Livingston", description: "Flexible memberships with no contracts and 30 days' notice to cancel: monthly plans from £49, unlimited options, session packs and a 14-day trial.", header: Full, in_sitemap: true, campaign: None, form: None, main_photo: None, landing: None },
    Route { page: Page::Challenge, path: "/challenge", title: "6 Week Challenge | One Space Livingston", description: "Transform in six weeks with classes, Fire & Ice recovery, body composition scans, a meal plan and weekly check-ins. Book your free consultation.", header: Full, in_sitemap: true, campaign: None, form: None, main_photo: Some(MainPhoto::Further(Place::Challenge)), landing: None },
    Route { page: Page::FireIce, path: "/fire-ice", title: "Fire & Ice Recovery | Infrared Sauna & Ice Bath | One Space", description: "A private 40-minute recovery room with infrared sauna and ice bath in Livingston. Recover faster, sleep better and feel brand new.", header: Full, in_sitemap: true, campaign: None, form: None, main_photo: Some(MainPhoto::Further(Place::FireIce)), landing: None },
    Route { page: Page::Hyrox, path: "/hyrox", title: "HYROX Training in West Lothian | One Space", description: "Train for HYROX at One Space: eight 1 km runs and eight stations, solo, doubles or relay. Beginner programme and race simulation events.", header: Full, in_sitemap: true, campaign: None, form: None, main_photo: Some(MainPhoto::Further(Place::Hyrox)), landing: None },
    Route { page: Page::IntroOffer, path: "/intro-offer", title: "14-Day Intro Offer | Start Today | One Space Livingston", description: "Try everything at One Space for 14 days: hot yoga, pilates, group PT, HYROX and Fire & Ice recovery, with a money-back guarantee.", header: Full, in_sitemap: true, campaign: None, form: None, main_photo: Some(MainPhoto::Further(Place::IntroOffer)), landing: None },
    Route { page: Page::MeetTheTeam, path: "/meet-the-team", title: "Meet the Team | One Space Livingston", description: "Meet the One Space instructors and coaches, and enquire about 1-2-1 personal training.", header: Full, in_sitemap: true, campaign: None, form: None, main_photo: None, landing: None },
    Route { page: Page::CorporateWellness, path: "/corporate-wellness", title: "Corporate Wellness & Shoot Hire | One Space Livingston", description: "Corporate wellness days, staff wellness credits, think days, evening socials and content creation and shoot hire at One Space in Livingston.", header: Full, in_sitemap: true, campaign: None, form: None, main_photo: Some(MainPhoto::Further(Place::Corporate)), landing: None },
    Route { page: Page::Invest, path: "/invest", title: "Invest in One Space | Investor Information", description: "One Space is raising £50,000 to grow West Lothian's premier hot yoga, HYROX and recovery studio. Financial snapshot, forecast and how to get in touch.", header: Full, in_sitemap: true, campaign: None, form: Some(INVEST_FORM), main_photo: None, landing: None },
    Route { page: Page::InvestInOneSpace, path: "/investinonespace", title: "Become a One Space Investor | Investment Tiers", description: "Join the One Space community as an investor: four investment tiers from £2,000, with perks and non-voting B-share equity from £10,000. Register your interest.", header: Full, in_sitemap: true, campaign: None, form: Some(INVESTOR_FORM), main_photo: Some(MainPhoto::Further(Place::Invest)), landing: None },
    Route { page: Page::Contact, path: "/contact", title: "Contact One Space | Visit Our Livingston Studio", description: "Visit One Space in Livingston: free on-site parking, opening hours, phone and e-mail. Send us a message or ask our assistant.", header: Full, in_sitemap: true, campaign: None, form: Some(CONTACT_FORM), main_photo: None, landing: None },
    Route { page: Page::Faq, path: "/faq", title: "FAQ | One Space Livingston", description: "Answers on opening hours, parking, the 14-day trial, classes, what to bring, cancellation, Fire & Ice, HYROX, booking and the 6-week challenge.", header: Full, in_sitemap: true, campaign: None, form: None, main_photo: None, landing: None },
    Route { page: Page::Terms, path: "/terms", title: "Terms & Conditions | One Space", description: "The One Space membership, booking, cancellation and studio terms and conditions, effective 3 June 2025.", header: Full, in_sitemap: true, campaign: None, form: None, main_photo: None, landing: None },
    Route { page: Page::Privacy, path: "/privacy", title: "Privacy Notice | One Space", description: "How One Space collects, uses, keeps and protects your personal data, and how to ask for it.", header: Full, in_sitemap: true, campaign: None, form: None, main_photo: None, landing: None },
    Route { page: Page::FastAccess, path: "/fast-access", title: "Fast Access Offer | 10% Off | One Space", description: "A five-minute fast access offer: 10% off the One Space 14-day trial.", header: Full, in_sitemap: false, campaign: None, form: None, main_photo: None, landing: None },
    Route { page: Page::YogaRetreat, path: "/yoga-retreat", title: "Yoga Day Retreat | One Space", description: "A One Space yoga day retreat at a sculpture park: yoga, lunch and time to reset, 10:00 AM to 5:00 PM.", header: Full, in_sitemap: true, campaign: None, form: None, main_photo: Some(MainPhoto::Further(Place::Retreat)), landing: None },
    Route { page: Page::FounderMemberships, path: "/founder-memberships", title: "Founder Memberships | 20% Off For Life | One Space", description: "Lock in 20% off for life with a One Space founder membership, monthly or annually with two months free.", header: Full, in_sitemap: true, campaign: None, form: Some(FOUNDER_FORM), main_photo: None, landing: None },
    Route { page: Page::BackToSchool, path: "/back-to-school", title: "Back to School Offers | One Space Livingston", description: "Back to school savings: 20% extra credits on packs, 20% off memberships with code 2025 and the 6 Week Challenge from 1 September.", header: Full, in_sitemap: true, campaign: Some(Campaign::BackToSchool), form: None, main_photo: None, landing: None },
    Route { page: Page::SeptemberSale, path: "/september-sale", title: "September Sale | 50% Off First Month + Free PT | One Space", description: "50% off your first month plus a free 1-2-1 PT session. Only 7 spots left at One Space Livingston.", header: Full, in_sitemap: true, campaign: Some(Campaign::SeptemberSale), form: None, main_photo: None, landing: None },
    Route { page: Page::HotYoga, path: "/hot-yoga", title: "Hot Yoga in Livingston | 2-Week Intro Offer | One Space", description: "Hot yoga in clean, dry infrared heat at 32-35 °C. Try two weeks at One Space Livingston with our online intro offer.", header: Landing, in_sitemap: true, campaign: None, form: None, main_photo: Some(MainPhoto::Hero(Place::HotYogaHero)), landing: Some(&landings::HOT_YOGA) },
    Route { page: Page::YogaBeginners, path: "/yoga-beginners", title: "Yoga for Beginners in Livingston | One Space", description: "Beginner-friendly yoga classes in Livingston. Start with a 2-week intro offer at One Space.", header: Landing, in_sitemap: true, campaign: None, form: None, main_photo: Some(MainPhoto::Hero(Place::YogaBeginnersHero)), landing: Some(&landings::YOGA_BEGINNERS) },
    Route { page: Page::Pilates, path: "/pilates", title: "Warm Pilates in Livingston | One Space", description: "Warm pilates for strength, posture and core at One Space Livingston. Try two weeks with our online intro offer.", header: Landing, in_sitemap: true, campaign: None, form: None, main_photo: Some(MainPhoto::Hero(Place::PilatesHero)), landing: Some(&landings::PILATES) },
    Route { page: Page::GroupPt, path: "/group-pt", title: "Group Personal Training in Livingston | One Space", description: "Small-group personal training with expert coaching at One Space Livingston. Try two weeks with our online intro offer.", header: Landing, in_sitemap: true, campaign: None, form: None, main_photo: Some(MainPhoto::Hero(Place::GroupPtHero)), landing: Some(&landings::GROUP_PT) },
    Route { page: Page::HyroxTraining, path: "/hyrox-training", title: "HYROX Training Classes in Livingston | One Space", description: "HYROX training classes, simulations and community at One Space Livingston. Try two weeks with our online intro offer.", header: Landing, in_sitemap: true, campaign: None, form: None, main_photo: Some(MainPhoto::Hero(Place::HyroxTrainingHero)), landing: Some(&landings::HYROX_TRAINING) },
    Route { page: Page::FireIceRecovery, path: "/fire-ice-recovery", title: "Fire & Ice Recovery in Livingston | One Space", description: "Private infrared sauna and ice bath recovery sessions at One Space Livingston. Try two weeks with our online intro offer.", header: Landing, in_sitemap: true, campaign: None, form: None, main_photo: Some(MainPhoto::Hero(Place::FireIceRecoveryHero)), landing: Some(&landings::FIRE_ICE_RECOVERY) },
];

impl Page {
    /// This page's row of the route table.
    pub fn route(self) -> &'static Route {
        // Every variant has exactly one row; the test below checks it.
        ROUTES
            .iter()
            .find(|route| route.page == self)
            .unwrap_or(&ROUTES[0])
    }

    /// This page's path.
    pub fn path(self) -> &'static str {
        self.route().path
    }
}

/// The route whose path is `path`, if any.
pub fn find(path: &str) -> Option<&'static Route> {
    ROUTES.iter().find(|route| route.path == path)
}

/// The route table as JSON, for `onespace routes`; `listed` says whether a route is in the
/// sitemap at the instant asked for. A dated offer's page also gives `liveFrom`, the first day
/// of its offer as `offers` dates it, so tools (the audit) can look at it on a day it is live.
pub fn table_json(
    listed: impl Fn(&Route) -> bool,
    offers: &onespace_core::content::Offers,
) -> String {
    let rows: Vec<_> = ROUTES
        .iter()
        .map(|route| {
            serde_json::json!({
                "path": route.path,
                "title": route.title,
                "description": route.description,
                "landing": route.header == HeaderMode::Landing,
                "inSitemap": listed(route),
                "liveFrom": route.campaign
                    .map(|campaign| campaign.window(offers).starts.iso()),
            })
        })
        .collect();
    serde_json::to_string_pretty(&rows).unwrap_or_else(|_| "[]".to_owned())
}

/// The main navigation (SPEC section 2), in order.
pub const NAVIGATION: [(&str, Page); 10] = [
    ("Home", Page::Home),
    ("Our Classes", Page::OurClasses),
    ("Pricing", Page::Memberships),
    ("Timetable", Page::Timetable),
    ("6 Week Challenge", Page::Challenge),
    ("HYROX", Page::Hyrox),
    ("Fire & Ice", Page::FireIce),
    ("Corporate Wellness", Page::CorporateWellness),
    ("Contact", Page::Contact),
    ("FAQ", Page::Faq),
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The staff area's preview opens a change on the page the content names for it, and a
    /// photo's on the page its place is named after.
    #[test]
    fn the_pages_content_and_photo_places_name_are_routes() {
        let named = onespace_core::content::File::ALL
            .into_iter()
            .flat_map(onespace_core::content::File::pages)
            .map(str::to_owned)
            .chain(
                onespace_core::content::Place::ALL
                    .iter()
                    .map(|place| place.page()),
            );
        for path in named {
            assert!(find(&path).is_some(), "{path} is no page of the site");
        }
    }

    #[test]
    fn every_page_has_exactly_one_route_and_paths_are_unique() {
        let pages: HashSet<_> = ROUTES.iter().map(|r| r.page).collect();
        let paths: HashSet<_> = ROUTES.iter().map(|r| r.path).collect();
        assert_eq!(pages.len(), ROUTES.len());
        assert_eq!(paths.len(), ROUTES.len());
        for route in &ROUTES {
            assert_eq!(route.page.path(), route.path);
            assert!(route.title.contains("One Space"), "{}", route.path);
            assert!(
                (50..=170).contains(&route.description.len()),
                "{}",
                route.path
            );
        }
    }

    #[test]
    fn the_six_service_pages_use_the_landing_header() {
        let landing: Vec<_> = ROUTES
            .iter()
            .filter(|r| r.header == HeaderMode::Landing)
            .map(|r| r.path)
            .collect();
        assert_eq!(
            landing,
            [
                "/hot-yoga",
                "/yoga-beginners",
                "/pilates",
                "/group-pt",
                "/hyrox-training",
                "/fire-ice-recovery"
            ]
        );
    }
}
