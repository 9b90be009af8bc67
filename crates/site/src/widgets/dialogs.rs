//! Dialogs that end in the visitor's e-mail client, and their triggers.
//!
//! - Discount (students, Blue Light holders, over 60s): 'Request Discount Code' buttons carry
//!   `data-discount-open`; without JavaScript they are the core's discount mail link with blank
//!   values, so the visitor can still write in.
//! - 1-2-1 personal training (team page): a coach's button carries `data-one-to-one` with the
//!   team member's id; without JavaScript it is the core's 1-2-1 mail link to that coach.
//! - Drop-in enquiries are a plain mail link from the core; no dialog is needed.
//!
//! The dialog islands render nothing until opened, so they load on first use (a trigger asks
//! them to load at once) and cost nothing before. Every link goes to the studio's e-mail from the
//! content (`studio.toml`), handed to the islands in their props (`to`).

use maud::{html, Markup};
use onespace_core::content::offers::Concession;
use onespace_core::content::team::Coach;
use onespace_core::content::{Content, Team};
use onespace_core::mail;
use serde_json::json;

use crate::render::{island, Load};

/// The discount dialog island (one per page that has discount buttons), writing `to` the studio.
pub fn discount_dialog(to: &str, discount: &Concession) -> Markup {
    island(
        "DiscountDialog",
        Load::Interaction,
        &json!({
            "title": "Request Your Discount Code",
            "description": format!("Students, Blue Light card holders and over 60s get {}% off recurring memberships. Tell us a little about you and we'll send your code once we've confirmed your details.", discount.percent_off),
            "percentOff": discount.percent_off,
            "texts": super::enquiry_form::field_texts(),
            "to": to,
        }),
        html! {},
    )
}

/// A button that opens the discount dialog (without JavaScript a mail link `to` the studio,
/// asking for the discount of the groups that may have it).
pub fn discount_button(label: &str, class: &str, to: &str, discount: &Concession) -> Markup {
    let fallback = mail::discount_request(
        to,
        &mail::DiscountRequest {
            discount_type: onespace_core::offers::concession::GROUPS.join(" / "),
            percent_off: discount.percent_off,
            ..mail::DiscountRequest::default()
        },
    );
    html! {
        a class=(class) href=(fallback) data-discount-open { (label) }
    }
}

/// The coaches who offer 1-2-1 sessions, by id, as the dialog names them.
fn one_to_one_coaches(team: &Team) -> serde_json::Map<String, serde_json::Value> {
    team.one_to_one()
        .map(|coach| (coach.id.clone(), json!(coach.name)))
        .collect()
}

/// The 1-2-1 dialog island (team page), with the names of the coaches its buttons may name and
/// the studio's e-mail and phone.
pub fn one_to_one_dialog(content: &Content) -> Markup {
    let studio = &content.studio;
    island(
        "OneToOneDialog",
        Load::Interaction,
        &json!({
            "titlePrefix": "1-2-1 Personal Training with",
            "description": "Ask about available times, pricing and what to expect. We'll open an e-mail ready for you to add your details and preferred times, or you can call the studio.",
            "emailLabel": "Email to Enquire",
            "callLabel": "Call the Studio",
            "coaches": one_to_one_coaches(&content.team),
            "to": studio.email,
            "tel": studio.tel_link(),
        }),
        html! {},
    )
}

/// A coach's button that opens the 1-2-1 dialog (the coach's mail link `to` the studio without
/// JavaScript).
pub fn one_to_one_button(member: &Coach, to: &str, label: &str, class: &str) -> Markup {
    html! {
        a class=(class) href=(mail::one_to_one(to, &member.name)) data-one-to-one=(member.id) { (label) }
    }
}

/// The drop-in enquiry at `price`: the core's mail link `to` the studio.
pub fn drop_in_link(label: &str, class: &str, to: &str, price: onespace_core::Pence) -> Markup {
    html! {
        a class=(class) href=(mail::drop_in(to, price)) { (label) }
    }
}

#[cfg(test)]
#[allow(clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn triggers_fall_back_to_the_cores_mail_links() {
        let content =
            onespace_core::content::embedded::content().expect("the default content is valid");
        let to = content.studio.email.as_str();
        let discount = discount_button(
            "Request Discount Code",
            "btn",
            to,
            &Concession { percent_off: 20 },
        )
        .into_string();
        assert!(discount.contains("data-discount-open"));
        assert!(discount.contains("href=\"mailto:"));
        let member = content.team.one_to_one().next().expect("a 1-2-1 coach");
        let coach = one_to_one_button(member, to, "Book a 1-2-1", "btn").into_string();
        assert!(coach.contains(&format!("data-one-to-one=\"{}\"", member.id)));
        assert!(coach.contains(&mail::one_to_one(to, &member.name).replace('&', "&amp;")));
        let price = onespace_core::Pence::pounds(13);
        assert!(drop_in_link("Enquire", "btn", to, price)
            .into_string()
            .contains(&mail::drop_in(to, price).replace('&', "&amp;")));
    }

    #[test]
    fn dialog_islands_render_nothing_until_opened() {
        let content =
            onespace_core::content::embedded::content().expect("the default content is valid");
        for dialog in [
            discount_dialog(&content.studio.email, &Concession { percent_off: 20 }),
            one_to_one_dialog(&content),
        ] {
            let html = dialog.into_string();
            assert!(html.ends_with("</script></div>"), "{html}");
        }
    }
}
