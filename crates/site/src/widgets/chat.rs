//! The chat assistant (SPEC sections 2, 4): a floating button on every page. Without JavaScript
//! the button is a link to the contact page drawn the same way, so nothing moves when the island
//! takes over. It loads when the visitor reaches for it (pointer over, focus, touch), so pages
//! download no React before then; a click that comes before it has loaded is caught by the
//! `data-chat-open` trigger and opens the panel once it has. As it mounts it fetches the facts
//! ([`FACTS_PATH`]): the panel's words and the replies' facts. No page carries either, so no page
//! grows (the words were some 450 B of every page compressed, and put the home page's rules
//! past the first round trip). Its replies need the chat's own WebAssembly module, fetched when
//! the panel first opens.

use maud::{html, Markup};
use onespace_core::chat;
use onespace_core::content::Studio;
use serde_json::{json, Value};

use crate::render::{island, Load};
use crate::routes::Page;

/// Accessible name of the floating button.
const OPEN_LABEL: &str = "Chat with our assistant";

/// Accessible name of the button as a link to the contact page (without JavaScript, and the
/// island's again when the facts cannot be fetched).
const CONTACT_LABEL: &str = "Contact us";

/// The speech-bubble icon (the island draws the same one).
fn icon() -> Markup {
    html! {
        svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" {
            path d="M4 5h16v11H8l-4 4z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" {}
        }
    }
}

/// Where the chat's facts are served: the panel's words ([`panel_words`], under `panel`) and
/// what the replies are computed from, the studio's prices, hours, address, challenge dates and
/// the coming classes of the stored timetable copy ([`chat::ChatFacts`]), as JSON, rendered with
/// the pages so they change together.
pub const FACTS_PATH: &str = "/chat-facts.json";

/// The chat's facts as served at [`FACTS_PATH`]: [`chat::ChatFacts`] (which the core reads) with
/// the panel's words beside them under `panel` (which the core ignores).
pub fn facts_json(context: &crate::render::RenderContext) -> String {
    let facts = chat::ChatFacts::new(&context.content, context.timetable.as_deref(), context.now);
    let mut facts = serde_json::to_value(&facts).unwrap_or(Value::Null);
    if let Value::Object(fields) = &mut facts {
        fields.insert("panel".to_owned(), panel_words(&context.content.studio));
    }
    facts.to_string()
}

/// The panel's words: its labels, the greeting, the fallback reply (said when the chat's module
/// cannot be loaded), the dialogs' titles, the confirmations and the e-mail its mail links go `to`
/// (the `studio`'s). The replies themselves are the core's, worded from the facts at the
/// visitor's instant.
pub fn panel_words(studio: &Studio) -> Value {
    json!({
        "labels": {
            "title": "One Space Assistant",
            "inputLabel": "Your message",
            // Short enough to show whole in the 390 px panel while the input has focus (a focused
            // input cuts its placeholder without an ellipsis).
            "placeholder": "Ask about classes, prices...",
            "sendLabel": "Send",
            "closeLabel": "Close chat",
            "contactButton": "Contact the team",
            "cancelButton": "Cancel membership",
        },
        "contactDialogTitle": "Contact the team",
        "cancelDialogTitle": "Cancel your membership",
        "texts": super::enquiry_form::field_texts(),
        "fallback": chat::fallback(),
        "greeting": chat::GREETING,
        "contactConfirmation": chat::contact_confirmation(studio),
        "cancelConfirmation": chat::cancel_confirmation(studio),
        "to": studio.email,
    })
}

/// The site-wide chat island, for the layout. Its button has the id `chat`, the target of the
/// pages' 'Chat with Our Assistant' links without JavaScript. Its props are the button's name,
/// where the facts are and the contact page's link (address and name), which the button is
/// again when they cannot be fetched.
pub fn assistant() -> Markup {
    let contact = Page::Contact.path();
    island(
        "ChatAssistant",
        Load::Interaction,
        &json!({
            "openLabel": OPEN_LABEL,
            "factsUrl": FACTS_PATH,
            "contactUrl": contact,
            "contactLabel": CONTACT_LABEL,
        }),
        html! {
            a id="chat" class="chat-fab" href=(contact) aria-label=(CONTACT_LABEL) data-chat-open { (icon()) }
        },
    )
}

/// A button in page content that opens the chat (e.g. 'Chat with Our Assistant' on /contact and
/// /faq). Without JavaScript it is a link to `fallback_href`.
pub fn open_button(label: &str, fallback_href: &str, class: &str) -> Markup {
    html! {
        a class=(class) href=(fallback_href) data-chat-open { (label) }
    }
}

#[cfg(test)]
#[allow(clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn the_fallback_is_a_link_to_contact_drawn_as_the_chat_button_and_the_words_are_not_in_the_page(
    ) {
        let html = assistant().into_string();
        assert!(html.contains(r#""factsUrl":"/chat-facts.json""#));
        assert!(html.contains(r#""contactUrl":"/contact""#));
        assert!(html.contains(r#""contactLabel":"Contact us""#));
        assert!(
            !html.contains("greeting"),
            "the words come with the facts: {html}"
        );
        assert!(html.contains(r#"data-island="ChatAssistant" data-load="interaction""#));
        assert!(html.contains(
            r#"<a id="chat" class="chat-fab" href="/contact" aria-label="Contact us" data-chat-open>"#
        ));
    }

    #[test]
    fn the_panel_words_name_the_studio_and_carry_the_fallback_reply() {
        let studio = onespace_core::content::embedded::content()
            .expect("the default content is valid")
            .studio;
        let words = panel_words(&studio);
        assert_eq!(words["to"], studio.email.as_str());
        assert_eq!(words["greeting"], chat::GREETING);
        assert_eq!(words["fallback"]["topic"], "fallback");
        assert_eq!(words["fallback"]["showContactButton"], true);
        let confirmation = words["contactConfirmation"].as_str().unwrap_or_default();
        assert!(
            confirmation.contains(studio.email.as_str()),
            "{confirmation}"
        );
    }

    #[test]
    fn open_buttons_carry_the_trigger_attribute() {
        let html = open_button("Chat with Our Assistant", "/faq", "btn").into_string();
        assert_eq!(
            html,
            r#"<a class="btn" href="/faq" data-chat-open>Chat with Our Assistant</a>"#
        );
    }
}
