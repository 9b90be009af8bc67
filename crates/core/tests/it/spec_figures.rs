//! Every figure and message SPEC.md states, checked against the core. Where the core computes a
//! figure, this test holds the computation to SPEC's number.

use onespace_core::catalogue::{challenge, fire_ice, intro, timed, trial};
use onespace_core::content::founder;
use onespace_core::content::offers::BackToSchool;
use onespace_core::content::{Offers, Prices, Studio, Team};
use onespace_core::countdown;
use onespace_core::forms::{messages, schema, FormName};
use onespace_core::offers::concession;
use onespace_core::{chat, invest, policy, Pence};

fn shown(pence: Pence) -> String {
    pence.format()
}

/// The studio's default prices: the repository's `content/prices.toml`, embedded in the server.
fn prices() -> Prices {
    let text = include_str!("../../../../content/prices.toml");
    toml::from_str(text).expect("content/prices.toml reads")
}

/// The studio's default offers: the repository's `content/offers.toml`.
fn offers() -> Offers {
    let text = include_str!("../../../../content/offers.toml");
    toml::from_str(text).expect("content/offers.toml reads")
}

/// The studio's default contact details and hours: the repository's `content/studio.toml`.
fn studio() -> Studio {
    let text = include_str!("../../../../content/studio.toml");
    toml::from_str(text).expect("content/studio.toml reads")
}

/// The studio's default coaches: the repository's `content/team.toml`.
fn team() -> Team {
    let text = include_str!("../../../../content/team.toml");
    toml::from_str(text).expect("content/team.toml reads")
}

#[test]
fn monthly_memberships_and_unlimited_options() {
    let prices = prices();
    assert_eq!(
        onespace_core::content::Content {
            prices: prices.clone(),
            schedule: toml::from_str(include_str!("../../../../content/schedule.toml"))
                .expect("content/schedule.toml reads"),
            photos: Default::default(),
            offers: offers(),
            studio: studio(),
            team: team(),
            faq: toml::from_str(include_str!("../../../../content/faq.toml"))
                .expect("content/faq.toml reads"),
            testimonials: toml::from_str(include_str!("../../../../content/testimonials.toml"))
                .expect("content/testimonials.toml reads"),
            investors: investors(),
        }
        .validate(),
        []
    );
    let rows: Vec<(&str, String, Option<u32>, bool)> = prices
        .monthly
        .iter()
        .map(|plan| {
            (
                plan.name.as_str(),
                shown(plan.price),
                plan.sessions,
                plan.featured,
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("Lite", "£49".to_owned(), Some(4), false),
            ("Core", "£79".to_owned(), Some(8), false),
            ("Flex", "£99".to_owned(), Some(12), true),
            ("Unlimited", "£139".to_owned(), None, false),
        ]
    );
    let options: Vec<(&str, String)> = prices
        .unlimited
        .iter()
        .map(|plan| (plan.name.as_str(), shown(plan.price)))
        .collect();
    assert_eq!(
        options,
        [
            ("Functional Training", "£109".to_owned()),
            ("Yoga & Pilates", "£109".to_owned()),
            ("Fire & Ice", "£109".to_owned()),
        ]
    );
    let descriptions: Vec<String> = prices
        .monthly
        .iter()
        .map(|plan| plan.description())
        .collect();
    assert_eq!(
        descriptions,
        [
            "£12.25 per session",
            "£9.88 per session",
            "£8.25 per session",
            "Unlimited sessions"
        ]
    );
    let keys: Vec<&str> = prices
        .monthly
        .iter()
        .chain(&prices.unlimited)
        .map(|plan| plan.id.as_str())
        .collect();
    let mut unique = keys.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), keys.len(), "plan keys are unique");
}

#[test]
fn session_packs() {
    let prices = prices();
    let rows: Vec<(&str, String, Option<String>, bool, String)> = prices
        .packs
        .iter()
        .map(|pack| {
            (
                pack.name.as_str(),
                shown(pack.price),
                pack.validity.map(|validity| validity.display()),
                pack.featured,
                pack.per_session(),
            )
        })
        .collect();
    let expect = |name, price: &str, validity: Option<&str>, featured, per: &str| {
        (
            name,
            price.to_owned(),
            validity.map(str::to_owned),
            featured,
            per.to_owned(),
        )
    };
    assert_eq!(
        rows,
        [
            expect("Drop-in", "£13", None, false, "Single session"),
            expect(
                "5 Pack",
                "£62.50",
                Some("30 days"),
                false,
                "£12.50 per session"
            ),
            expect(
                "10 Pack",
                "£120",
                Some("3 months"),
                false,
                "£12 per session"
            ),
            expect("20 Pack", "£200", Some("6 months"), true, "£10 per session"),
            expect(
                "50 Pack",
                "£450",
                Some("12 months"),
                false,
                "£9 per session"
            ),
        ]
    );
    assert!(
        prices.drop_in().unwrap().purchase_url.is_none(),
        "drop-in books via the timetable"
    );
    assert_eq!(prices.pack(5).unwrap().expiry(), "Valid for 30 days");
}

#[test]
fn trial_intro_and_timed_offers() {
    assert_eq!(trial::NAME, "14-Day Ultimate Experience");
    assert_eq!(trial::DAYS, 14);
    let trial_prices = prices().trial;
    assert_eq!(shown(trial_prices.price), "£49");
    assert_eq!(shown(trial_prices.intro_price()), "£39");
    assert_eq!(shown(trial_prices.intro_discount), "£10");
    assert_eq!(
        trial_prices.intro_button_text(),
        "Get £10 Off - Pay £39 (Usually £49)"
    );
    assert_eq!(intro::SCHEMA_NAME, "2-Week Intro Offer");
    assert_eq!(countdown::INTRO_OFFER_WINDOW_MS, 10 * 60 * 1000);
    assert_eq!(
        countdown::INTRO_OFFER_EXPIRED,
        "Offer Expired - Regular Price Applies"
    );
    assert_eq!(timed::PERCENT_OFF, 10);
    assert_eq!(shown(timed::SHOWN_PRICE), "£44");
    assert_eq!(
        shown(timed::computed_price(trial_prices.price)),
        "£44.10",
        "SPEC shows £44; documented"
    );
    assert_eq!(countdown::TIMED_OFFER_WINDOW_MS, 300 * 1000);
    assert_eq!(countdown::TIMED_OFFER_EXPIRED, "Time's Up!");
    assert_eq!(
        timed::refund_terms(),
        "Refund needs 12 sessions in 3 weeks plus both body scans."
    );
    assert_eq!(
        trial::guarantee_terms(),
        "Refunds need 8 sessions in 2 weeks plus your body scans."
    );
}

#[test]
fn fire_and_ice() {
    assert_eq!(fire_ice::MINUTES, 40);
    assert_eq!(shown(fire_ice::DROP_IN), "£25");
    // SPEC's "up to 81%" follows from no listed price; the saving is derived: the unlimited
    // Fire & Ice plan (£109) used 3 times a week against the £25 drop-in.
    let percent = prices().fire_ice_saving_percent();
    assert_eq!(
        percent.map(fire_ice::saving_text).as_deref(),
        Some("Save up to 66%")
    );
    // SPEC's figure, when the studio states it in prices.toml.
    let mut spec = prices();
    spec.fire_ice.saving_claim = Some(81);
    assert_eq!(spec.fire_ice_saving_percent(), Some(81));
    // A plan dearer than 13 drop-ins a month saves nothing.
    assert_eq!(
        fire_ice::max_saving_percent(onespace_core::Pence::pounds(400)),
        0
    );
    assert_eq!(fire_ice::MAX_PER_WEEK, 3);
    assert_eq!(fire_ice::session_text(), "40-minute private session");
}

#[test]
fn founder_table() {
    let prices = prices();
    let rows: Vec<(&str, String, String, String, u32)> = founder::cards(&prices)
        .iter()
        .map(|card| {
            (
                card.plan.name,
                shown(card.original_price),
                shown(card.founder_price),
                shown(card.annual_price),
                card.plan.fire_ice_sessions,
            )
        })
        .collect();
    let row = |name, from: &str, to: &str, year: &str, sessions| {
        (
            name,
            from.to_owned(),
            to.to_owned(),
            year.to_owned(),
            sessions,
        )
    };
    assert_eq!(
        rows,
        [
            row(
                "Unlimited Gym + Yoga/Pilates",
                "£139",
                "£111.20",
                "£1,112",
                8
            ),
            row("Unlimited Gym Only", "£109", "£87.20", "£872", 4),
            row("Unlimited Yoga/Pilates Only", "£109", "£87.20", "£872", 4),
            row("Flex", "£99", "£79.20", "£792", 4),
            row("Core", "£79", "£63.20", "£632", 2),
            row("Lite", "£49", "£39.20", "£392", 1),
        ]
    );
    assert_eq!(prices.founder.percent_off, 20);
    assert_eq!(prices.founder.free_months(), 2);
    let form = schema(FormName::Membership);
    let keys: Vec<&str> = form
        .field("selectedMembership")
        .unwrap()
        .options
        .iter()
        .map(|o| o.value)
        .collect();
    let plan_keys: Vec<&str> = founder::PLANS.iter().map(|plan| plan.key).collect();
    assert_eq!(keys, plan_keys);
}

#[test]
fn investment_figures() {
    let tiers: Vec<(String, &str)> = invest::TIERS
        .iter()
        .map(|tier| (shown(tier.amount), tier.title))
        .collect();
    assert_eq!(
        tiers,
        [
            ("£2,000".to_owned(), "Community Champion"),
            ("£5,000".to_owned(), "Inner Circle"),
            ("£10,000".to_owned(), "Founding Investor"),
            ("£20,000".to_owned(), "Legacy Investor"),
        ]
    );
    assert!(invest::TIERS.iter().all(|tier| tier.perks.len() >= 3));
    assert_eq!(shown(invest::EQUITY_FROM), "£10,000");
    assert_eq!(shown(invest::LANDING_VALUATION), "£350,000");
    let investors = investors();
    let raise = &investors.raise;
    let loan = &raise.loan;
    assert_eq!(shown(raise.amount), "£50,000");
    assert_eq!(shown(raise.pre_money_valuation), "£400,000");
    assert_eq!(
        invest::percent_text(invest::equity_basis_points(raise.amount, raise)),
        "12.5%"
    );
    assert_eq!(
        invest::percent_text(invest::equity_basis_points(loan.equity_part, raise)),
        "6.25%"
    );
    assert_eq!(shown(loan.principal(raise)), "£25,000");
    assert_eq!(loan.interest_percent, 10);
    assert_eq!(loan.holiday_months, 6);
    assert_eq!(loan.repayments, 30);
    assert_eq!(shown(loan.monthly_repayment()), "£966.67");
    assert_eq!(shown(loan.total_repaid), "£29,000");
    let repaid = loan.monthly_repayment().times(u64::from(loan.repayments));
    assert!(repaid.0.abs_diff(loan.total_repaid.0) < u64::from(loan.repayments));
    let options = invest::deal_options(raise);
    assert_eq!(
        options[0].summary,
        "£50,000 for 12.5% equity at a £400,000 pre-money valuation"
    );
    assert!(options[1]
        .summary
        .contains("30 monthly repayments of £966.67 (£29,000 in total)"));
    assert_eq!(investors.active_members, 212);
    assert_eq!(investors.as_of.long(), "June 2025");
    assert_eq!(shown(investors.monthly_revenue), "£18,550");
    assert_eq!(
        (
            shown(investors.break_even.low),
            shown(investors.break_even.high)
        ),
        ("£16,000".into(), "£18,500".into())
    );
    assert_eq!(
        (
            shown(investors.outgoings.low),
            shown(investors.outgoings.high)
        ),
        ("£16,074".into(), "£18,574".into())
    );
    let forecast = investors.forecast();
    assert_eq!(forecast.len(), 12);
    assert_eq!(shown(forecast[0].revenue), "£18,550");
    assert_eq!(shown(forecast[11].revenue), "£47,500");
    assert_eq!(
        forecast.iter().map(|m| m.revenue).max(),
        Some(investors.forecast.peak)
    );
}

/// The repository's `content/investors.toml`.
fn investors() -> onespace_core::content::Investors {
    toml::from_str(include_str!("../../../../content/investors.toml"))
        .expect("content/investors.toml reads")
}

#[test]
fn discounts_and_campaigns() {
    let offers = offers();
    assert_eq!(offers.concession.percent_off, 20);
    assert_eq!(concession::GROUPS, ["Student", "Blue Light", "Over 60s"]);
    let year_end = &offers.year_end;
    assert_eq!(year_end.percent_off, 20);
    assert_eq!(year_end.ends.long(), "31 December 2025");
    let bts = &offers.back_to_school;
    assert_eq!(bts.code, "2025");
    assert_eq!(year_end.code, bts.code);
    assert_eq!(bts.ends.short(), "31/08/2025");
    assert_eq!(bts.payments_until.short(), "31/12/2025");
    assert_eq!(
        bts.banner(),
        "Ends 31 Aug — Don't miss your Back to School savings"
    );
    assert_eq!(bts.bonus_credits(20), Some(24));
    assert_eq!(bts.bonus_credits(30), Some(36));
    assert_eq!(bts.bonus_credits(50), Some(60));
    assert_eq!(bts.bonus_credits(10), None);
    // SPEC's 30-pack has no price, so no card: the bonus page sends it to the studio's desk.
    let prices = prices();
    assert!(BackToSchool::sold_online(&prices, 20) && BackToSchool::sold_online(&prices, 50));
    assert!(!BackToSchool::sold_online(&prices, 30));
    assert_eq!(offers.challenge.starts.long(), "1 September 2025");
    let sale = &offers.september_sale;
    assert_eq!(sale.spots_message(), "10 Available → 3 Gone → Only 7 Left!");
    assert_eq!(sale.left(), 7);
    assert_eq!(sale.headline(), "50% Off First Month + Free PT");
    let plan = sale.plan(&prices).unwrap();
    assert_eq!(shown(plan.price), "£49");
    assert_eq!(shown(sale.first_month(plan)), "£24.50");
    assert_eq!(sale.code_note(), "Use code: FIFTY or contact us to apply");
    assert_eq!(sale.free_pt_within_days, 30);
    let retreat = &offers.retreat;
    assert_eq!(shown(retreat.price), "£160");
    assert_eq!(shown(retreat.member_price()), "£140");
    assert_eq!(shown(retreat.member_saving), "£20");
    assert_eq!(retreat.hours(), "10:00 AM to 5:00 PM");
}

#[test]
fn policy_hours_places_and_challenge() {
    assert_eq!(policy::NOTICE_DAYS, 30);
    assert_eq!(policy::BILLING_CYCLE_DAYS, 30);
    assert_eq!(policy::CANCEL_BOOKING_HOURS, 3);
    assert_eq!(
        (policy::FREE_NO_SHOWS_PER_MONTH, shown(policy::NO_SHOW_FEE)),
        (1, "£10".into())
    );
    assert_eq!(
        (
            policy::FREE_LATE_CANCELS_PER_MONTH,
            shown(policy::LATE_CANCEL_FEE)
        ),
        (2, "£5".into())
    );
    assert_eq!(
        (
            policy::ARRIVE_EARLY_MINUTES,
            policy::FIRST_CLASS_ARRIVE_EARLY_MINUTES
        ),
        (5, 15)
    );
    let studio = studio();
    assert_eq!(
        studio.opening_hours_line(),
        "Mon-Fri 6:00 AM-8:00 PM, Sat 8:00 AM-12:00 PM, Sun 9:00 AM-12:00 PM"
    );
    let drives: Vec<(&str, u32)> = studio
        .drive_times
        .iter()
        .map(|d| (d.from.as_str(), d.minutes))
        .collect();
    assert_eq!(
        drives,
        [
            ("Livingston", 2),
            ("Bathgate", 10),
            ("Whitburn", 12),
            ("Broxburn", 15),
            ("Edinburgh", 25)
        ]
    );
    let slots: Vec<String> = studio
        .consultation_slots
        .iter()
        .map(|s| s.display())
        .collect();
    assert_eq!(
        slots,
        [
            "Monday 10:00 AM",
            "Monday 8:00 PM",
            "Tuesday 8:00 PM",
            "Wednesday 4:00 PM",
            "Thursday 10:00 AM",
            "Thursday 8:30 PM",
            "Friday 11:00 AM"
        ]
    );
    assert_eq!(challenge::WEEKS, 6);
    assert_eq!(challenge::included().len(), 5);
    assert_eq!(
        challenge::included(),
        [
            "6 weeks of coached training",
            "3 Fire & Ice recovery sessions",
            "3 body composition scans",
            "7-day meal plan",
            "Weekly check-ins"
        ]
    );
    assert_eq!(
        challenge::stay_claim(),
        "86% of our challenge members stay long term"
    );
}

#[test]
fn form_messages_word_for_word() {
    let m = messages(FormName::Discount);
    assert_eq!(
        m.missing.map(|t| (t.title, t.destructive)),
        Some(("Please fill in all required fields", true))
    );
    assert_eq!(
        m.success.map(|t| (t.title, t.description)),
        Some((
            "Email client opened",
            Some("Please send the email to complete your discount request.")
        ))
    );
    let m = messages(FormName::Contact);
    assert_eq!(m.submitting_label, Some("Sending..."));
    assert_eq!(
        m.success.map(|t| (t.title, t.description)),
        Some((
            "Message Sent!",
            Some("Thank you for contacting us. We'll get back to you soon!")
        ))
    );
    assert_eq!(
        m.failure.map(|t| (t.title, t.description)),
        Some(("Error", Some("Failed to send message. Please try again.")))
    );
    assert_eq!(
        m.thank_you,
        Some("Thanks for contacting us! We'll get back in touch ASAP.")
    );
    assert_eq!(m.again_label, Some("Send another message"));
    let m = messages(FormName::InvestmentInterest);
    assert_eq!(
        m.success.map(|t| (t.title, t.description)),
        Some((
            "Interest Registered!",
            Some("Thank you for your interest! We'll send you our investor pack and be in touch soon.")
        ))
    );
    assert_eq!(
        m.failure.and_then(|t| t.description),
        Some("Failed to register interest. Please try again.")
    );
    let m = messages(FormName::InvestorContact);
    assert_eq!(
        m.success.map(|t| (t.title, t.description)),
        Some((
            "Message Sent!",
            Some("Thank you for your interest! We'll be in touch soon to discuss the investment opportunity.")
        ))
    );
    assert_eq!(
        m.failure.and_then(|t| t.description),
        Some("Failed to send message. Please try again or contact us directly.")
    );
    let m = messages(FormName::Membership);
    assert_eq!(m.submitting_label, Some("Confirming..."));
    assert_eq!(
        m.missing.map(|t| (t.title, t.description, t.destructive)),
        Some((
            "Missing Information",
            Some("Please fill in all required fields."),
            true
        ))
    );
    assert_eq!(
        m.success.map(|t| (t.title, t.description)),
        Some((
            "Membership Request Sent!",
            Some("Thank you! We'll be in touch soon to confirm your membership details.")
        ))
    );
    assert_eq!(
        m.failure.and_then(|t| t.description),
        Some("There was a problem sending your request. Please try again.")
    );
    assert!(m
        .thank_you
        .is_some_and(|text| text.contains("within 24 hours")));
    assert_eq!(m.again_label, Some("Submit Another Request"));
}

#[test]
fn form_fields_match_spec_section_3() {
    let names =
        |form| -> Vec<&'static str> { schema(form).fields.iter().map(|f| f.name).collect() };
    let required = |form| -> Vec<&'static str> {
        schema(form)
            .fields
            .iter()
            .filter(|f| f.required)
            .map(|f| f.name)
            .collect()
    };
    assert_eq!(
        names(FormName::Discount),
        ["name", "email", "phone", "discountType", "additionalInfo"]
    );
    assert_eq!(
        required(FormName::Discount),
        ["name", "email", "phone", "discountType"]
    );
    assert_eq!(
        names(FormName::Contact),
        [
            "firstName",
            "lastName",
            "email",
            "phone",
            "interest",
            "message"
        ]
    );
    assert_eq!(
        required(FormName::Contact),
        ["firstName", "lastName", "email", "message"]
    );
    assert_eq!(
        required(FormName::ChatContact),
        ["name", "email", "message"]
    );
    assert_eq!(
        names(FormName::Cancellation),
        ["name", "email", "membershipType", "reason"]
    );
    assert_eq!(
        required(FormName::Cancellation),
        ["name", "email", "membershipType"]
    );
    assert_eq!(
        names(FormName::InvestmentInterest),
        ["name", "email", "phone", "investmentAmount", "why"]
    );
    assert_eq!(required(FormName::InvestmentInterest), ["name", "email"]);
    assert_eq!(
        names(FormName::InvestorContact),
        ["name", "email", "phone", "why"]
    );
    assert_eq!(required(FormName::InvestorContact), ["name", "email"]);
    assert_eq!(
        names(FormName::Membership),
        [
            "fullName",
            "email",
            "phone",
            "selectedMembership",
            "payAnnually",
            "additionalNotes"
        ]
    );
    assert_eq!(
        required(FormName::Membership),
        ["fullName", "email", "selectedMembership", "payAnnually"]
    );
    let options = |form, field| -> Vec<&'static str> {
        schema(form)
            .field(field)
            .unwrap()
            .options
            .iter()
            .map(|o| o.value)
            .collect()
    };
    assert_eq!(
        options(FormName::Discount, "discountType"),
        ["Student", "Blue Light", "Over 60s"]
    );
    assert_eq!(
        options(FormName::Cancellation, "membershipType"),
        ["Flex", "Unlimited", "Challenge", "Other"]
    );
    assert_eq!(
        options(FormName::InvestmentInterest, "investmentAmount"),
        ["2k", "5k", "10k", "20k", "other"]
    );
    assert_eq!(options(FormName::Membership, "payAnnually"), ["yes", "no"]);
    assert_eq!(
        options(FormName::Contact, "interest"),
        [
            "Membership Information",
            "6-Week Challenge",
            "Fire & Ice Recovery",
            "Corporate Wellness",
            "Personal Training",
            "Room Hire",
            "Student/Blue Light/Over 60's Discount",
            "Other"
        ]
    );
}

#[test]
fn chat_and_team() {
    let studio = studio();
    let now = "2026-07-06T08:00:00Z".parse().unwrap();
    let facts = chat::ChatFacts::new(&super::chat_questions::content(), None, now);
    let fallback = chat::respond("blah", &facts, now).unwrap();
    for topic in [
        "schedule",
        "location",
        "what to bring",
        "memberships",
        "6-week challenge",
    ] {
        assert!(fallback.text.contains(topic), "{topic}");
    }
    assert!(fallback.show_contact_button);
    let opened = chat::mail_opened(&studio);
    assert!(opened.contains("hello@onespacestudio.co.uk"));
    assert!(opened.contains("01506 238 238"));
    assert!(chat::contact_confirmation(&studio).ends_with(&opened));
    assert!(chat::cancel_confirmation(&studio).ends_with(&opened));
    let team = team();
    assert_eq!(team.coaches.len(), 4);
    assert!(team.one_to_one().count() >= 2);
}
