//! The chat assistant (SPEC sections 2, 4): a floating button on every page. Without JavaScript
//! the button is a link to the contact page drawn the same way, so nothing moves when the island
//! takes over. It loads when the visitor reaches for it (pointer over, focus, touch), so pages
//! download no React before then; a click that comes before it has loaded is caught by the
//! `data-chat-open` trigger and opens the panel once it has. Its replies and forms need the core,
//! which it fetches as it mounts, and its replies the facts ([`FACTS_PATH`]), which it fetches
//! when the panel first opens: no page carries them, so no page grows.

use maud::{html, Markup};
use onespace_core::chat;
use onespace_core::content::Studio;
use serde_json::json;

use crate::render::{island, Load};
use crate::routes::Page;

/// Accessible name of the floating button.
const OPEN_LABEL: &str = "Chat with our assistant";

/// The speech-bubble icon (the island draws the same one).
fn icon() -> Markup {
    html! {
        svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false" {
            path d="M4 5h16v11H8l-4 4z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" {}
        }
    }
}

/// Where the chat's facts are served: the studio's prices, hours, address, challenge dates and
/// the coming classes of the stored timetable copy ([`chat::ChatFacts`]), as JSON, rendered
/// with the pages so they change together.
pub const FACTS_PATH: &str = "/chat-facts.json";

/// The chat's facts as served at [`FACTS_PATH`].
pub fn facts_json(context: &crate::render::RenderContext) -> String {
    serde_json::to_string(&chat::ChatFacts::new(
        &context.content,
        context.timetable.as_deref(),
        context.now,
    ))
    .unwrap_or_else(|_| "null".to_owned())
}

/// The site-wide chat island, for the layout. Its button has the id `chat`, the target of the
/// pages' 'Chat with Our Assistant' links without JavaScript. Its props are the panel's words,
/// the greeting, the confirmations, the e-mail its mail links go `to` (the `studio`'s) and where
/// its facts are: the core (WebAssembly) words every reply from those facts at the visitor's
/// instant, as the server would.
pub fn assistant(studio: &Studio) -> Markup {
    island(
        "ChatAssistant",
        Load::Interaction,
        &json!({
            "openLabel": OPEN_LABEL,
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
            "factsUrl": FACTS_PATH,
            "fallback": chat::fallback(),
            "greeting": chat::GREETING,
            "contactConfirmation": chat::contact_confirmation(studio),
            "cancelConfirmation": chat::cancel_confirmation(studio),
            "to": studio.email,
        }),
        html! {
            a id="chat" class="chat-fab" href=(Page::Contact.path()) aria-label="Contact us" data-chat-open { (icon()) }
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
    fn the_fallback_is_a_link_to_contact_drawn_as_the_chat_button() {
        let studio = onespace_core::content::embedded::content()
            .expect("the default content is valid")
            .studio;
        let html = assistant(&studio).into_string();
        assert!(html.contains(r#""factsUrl":"/chat-facts.json""#));
        assert_eq!(
            html.matches("showCancelButton").count(),
            1,
            "the fallback is the only reply in the page"
        );
        assert!(html.contains(r#""topic":"fallback""#));
        assert!(html.contains(r#"data-island="ChatAssistant" data-load="interaction""#));
        assert!(html.contains(
            r#"<a id="chat" class="chat-fab" href="/contact" aria-label="Contact us" data-chat-open>"#
        ));
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
