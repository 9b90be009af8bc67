//! JSON-LD (schema.org) for the pages that carry structured data. Every figure comes from the
//! core; the values are plain `serde_json` so the tests can parse them back.

use onespace_core::catalogue::{intro, trial};
use onespace_core::offers::Campaign;
use onespace_core::{studio, Pence};
use serde_json::{json, Value};

use crate::render::RenderContext;
use crate::routes::{Page, Route};

/// A price as schema.org wants it: `49`, `62.50`.
pub fn schema_price(price: Pence) -> String {
    if price.0 % 100 == 0 {
        (price.0 / 100).to_string()
    } else {
        format!("{}.{:02}", price.0 / 100, price.0 % 100)
    }
}

/// The studio's postal address.
fn postal_address(context: &RenderContext) -> Value {
    let address = &context.content.studio.address;
    json!({
        "@type": "PostalAddress",
        "streetAddress": address.street,
        "addressLocality": address.locality,
        "addressRegion": address.region,
        "postalCode": address.postcode,
        "addressCountry": address.country,
    })
}

/// A short reference to the studio, for `provider`, `seller` and `organizer`.
fn studio_ref(context: &RenderContext) -> Value {
    json!({
        "@type": "HealthClub",
        "name": studio::NAME,
        "url": context.absolute(Page::Home.path()),
        "telephone": context.content.studio.phone.tel,
        "address": postal_address(context),
    })
}

/// WebPage for the home page, naming the site and the studio.
pub fn web_page(route: &Route, context: &RenderContext) -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": "WebPage",
        "name": route.title,
        "description": route.description,
        "url": context.absolute(route.path),
        "inLanguage": "en-GB",
        "isPartOf": { "@type": "WebSite", "name": studio::NAME, "url": context.absolute(Page::Home.path()) },
        "about": studio_ref(context),
    })
}

/// The studio as a HealthClub (a LocalBusiness) for /about: address, phone, e-mail, opening
/// hours and the social profile. No map coordinates are published.
pub fn health_club(context: &RenderContext) -> Value {
    let contact = &context.content.studio;
    let hours: Vec<Value> = contact
        .opening_hours
        .iter()
        .map(|line| {
            json!({
                "@type": "OpeningHoursSpecification",
                "dayOfWeek": line.weekdays,
                "opens": line.opens.iso(),
                "closes": line.closes.iso(),
            })
        })
        .collect();
    json!({
        "@context": "https://schema.org",
        "@type": "HealthClub",
        "name": studio::NAME,
        "description": studio::TAGLINE,
        "url": context.absolute(Page::Home.path()),
        "image": context.absolute("/og-image.png"),
        "logo": context.absolute("/icon-512.png"),
        "telephone": contact.phone.tel,
        "email": contact.email,
        "address": postal_address(context),
        "openingHoursSpecification": hours,
        "sameAs": [contact.social.url],
        "priceRange": "££",
    })
}

/// The price the trial's Offer data states, and the description that says it: the regular price
/// while the intro price depends on a countdown (it is not the price every visitor is offered,
/// and the page shows the regular price too), the intro price when the studio chose no countdown
/// (then it is simply the online price).
fn trial_offer_price(context: &RenderContext) -> (Pence, String) {
    let trial = &context.content.prices.trial;
    let days = trial::DAYS;
    if trial.intro_revisit().is_some() {
        (
            trial.price,
            format!(
                "{days} days of every class and Fire & Ice recovery for {}.",
                trial.price.format()
            ),
        )
    } else {
        (
            trial.intro_price(),
            format!(
                "{days} days of every class and Fire & Ice recovery for {} online (usually {}).",
                trial.intro_price().format(),
                trial.price.format()
            ),
        )
    }
}

/// The 14-day trial as an Offer for /intro-offer.
pub fn intro_offer(context: &RenderContext) -> Value {
    let (price, description) = trial_offer_price(context);
    json!({
        "@context": "https://schema.org",
        "@type": "Offer",
        "name": trial::NAME,
        "description": description,
        "price": schema_price(price),
        "priceCurrency": "GBP",
        "availability": "https://schema.org/InStock",
        "url": context.absolute(Page::IntroOffer.path()),
        "seller": studio_ref(context),
    })
}

/// A service landing page's Service with the 2-week intro offer (SPEC: price 49, GBP; the intro
/// price with the studio's no-countdown choice, see `trial_offer_price`).
pub fn service(name: &str, description: &str, route: &Route, context: &RenderContext) -> Value {
    let (price, offer_description) = trial_offer_price(context);
    json!({
        "@context": "https://schema.org",
        "@type": "Service",
        "name": name,
        "description": description,
        "serviceType": name,
        "url": context.absolute(route.path),
        "areaServed": ["Livingston", "West Lothian", "Edinburgh"],
        "provider": studio_ref(context),
        "offers": {
            "@type": "Offer",
            "name": intro::SCHEMA_NAME,
            "description": offer_description,
            "price": schema_price(price),
            "priceCurrency": "GBP",
            "url": context.absolute(route.path),
        },
    })
}

/// What /memberships sells, as an OfferCatalog: the monthly memberships and the unlimited
/// options (priced per month) and the session packs, each at the price on its card and linked to
/// where it is bought, so search engines read the same prices as visitors.
pub fn membership_catalog(route: &Route, context: &RenderContext) -> Value {
    let prices = &context.content.prices;
    let seller = studio_ref(context);
    let monthly = |plan: &onespace_core::content::prices::MembershipPlan| {
        json!({
            "@type": "Offer",
            "name": plan.name,
            "description": format!("{} a month: {}.", plan.price.format(), plan.description()),
            "price": schema_price(plan.price),
            "priceCurrency": "GBP",
            "priceSpecification": {
                "@type": "UnitPriceSpecification",
                "price": schema_price(plan.price),
                "priceCurrency": "GBP",
                "referenceQuantity": { "@type": "QuantitativeValue", "value": 1, "unitCode": "MON" },
            },
            "url": plan.purchase_url,
            "seller": seller,
        })
    };
    let packs: Vec<Value> = prices
        .packs
        .iter()
        .map(|pack| {
            json!({
                "@type": "Offer",
                "name": pack.name,
                "description": format!(
                    "{}: {}. {}.",
                    pack.price.format(),
                    pack.per_session(),
                    pack.expiry()
                ),
                "price": schema_price(pack.price),
                "priceCurrency": "GBP",
                "url": pack.purchase_url.clone().unwrap_or_else(|| context.absolute(Page::Timetable.path())),
                "seller": seller,
            })
        })
        .collect();
    json!({
        "@context": "https://schema.org",
        "@type": "OfferCatalog",
        "name": "One Space memberships and session packs",
        "url": context.absolute(route.path),
        "itemListElement": [
            {
                "@type": "OfferCatalog",
                "name": "Rolling Monthly Memberships",
                "itemListElement": prices.monthly.iter().map(monthly).collect::<Vec<_>>(),
            },
            {
                "@type": "OfferCatalog",
                "name": "Unlimited Membership Options",
                "itemListElement": prices.unlimited.iter().map(monthly).collect::<Vec<_>>(),
            },
            { "@type": "OfferCatalog", "name": "Session Packs", "itemListElement": packs },
        ],
    })
}

/// The back-to-school offer as an Event, dated by its window (only rendered while it is live).
pub fn back_to_school_event(route: &Route, context: &RenderContext) -> Value {
    let window = Campaign::BackToSchool.window(&context.content.offers);
    json!({
        "@context": "https://schema.org",
        "@type": "Event",
        "name": "Back to School Offers at One Space",
        "description": super::back_to_school::description(&context.content),
        "startDate": window.starts.iso(),
        "endDate": window.ends.iso(),
        "eventStatus": "https://schema.org/EventScheduled",
        "eventAttendanceMode": "https://schema.org/OfflineEventAttendanceMode",
        "url": context.absolute(route.path),
        "location": { "@type": "Place", "name": studio::NAME, "address": postal_address(context) },
        "organizer": studio_ref(context),
    })
}

/// The September sale as a SpecialAnnouncement, dated by its window (only rendered while it is
/// live).
pub fn september_announcement(
    headline: &str,
    text: &str,
    route: &Route,
    context: &RenderContext,
) -> Value {
    let window = Campaign::SeptemberSale.window(&context.content.offers);
    json!({
        "@context": "https://schema.org",
        "@type": "SpecialAnnouncement",
        "name": headline,
        "text": text,
        "datePosted": window.starts.iso(),
        "expires": window.ends.iso(),
        "url": context.absolute(route.path),
        "announcementLocation": studio_ref(context),
    })
}

/// The timetable's classes (the days the page shows) as schema.org Events, in one JSON-LD array:
/// name, start and end with the UK offset, the studio as location and organizer, the class's
/// booking page as the offer, attended in person. Empty (no block) until a copy was fetched.
pub fn class_events(context: &RenderContext) -> Vec<Value> {
    use onespace_core::calendar::london_time;
    use onespace_core::timetable::{Availability, SHOWN_DAYS};
    let Some(copy) = context.timetable.as_deref() else {
        return Vec::new();
    };
    let events: Vec<Value> = copy
        .upcoming(context.now, SHOWN_DAYS)
        .map(|class| {
            let mut event = json!({
                "@context": "https://schema.org",
                "@type": "Event",
                "name": class.name,
                "description": format!("{} class at {}, Livingston.", class.name, studio::NAME),
                "startDate": london_time(class.starts_at).to_rfc3339(),
                "endDate": london_time(class.ends_at).to_rfc3339(),
                "eventStatus": "https://schema.org/EventScheduled",
                "eventAttendanceMode": "https://schema.org/OfflineEventAttendanceMode",
                "location": { "@type": "Place", "name": studio::NAME, "address": postal_address(context) },
                "organizer": studio_ref(context),
                "offers": {
                    "@type": "Offer",
                    "url": crate::widgets::schedule::class_booking_url(&context.content.schedule, class),
                    "availability": match class.availability(context.now) {
                        Availability::Full | Availability::Waitlist | Availability::Closed => {
                            "https://schema.org/SoldOut"
                        }
                        Availability::Open | Availability::Spaces(_) => "https://schema.org/InStock",
                    },
                },
            });
            if let Some(coach) = &class.coach {
                event["performer"] = json!({ "@type": "Person", "name": coach });
            }
            event
        })
        .collect();
    if events.is_empty() {
        Vec::new()
    } else {
        vec![Value::Array(events)]
    }
}
