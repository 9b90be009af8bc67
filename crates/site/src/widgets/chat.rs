//! The chat assistant (SPEC sections 2, 4): a floating button on every page. Without JavaScript
//! the button is a link to the contact page drawn the same way, so nothing moves when the island
//! takes over. It loads when the visitor reaches for it (pointer over, focus, touch), so pages
//! download no React before then; a click that comes before it has loaded is caught by the
//! `data-chat-open` trigger and opens the panel once it has. Its replies and forms need the core,
//! which it fetches as it mounts.

use maud::{html, Markup};
use onespace_core::chat::{self, ChatPrices};
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

/// The site-wide chat island, for the layout. Its button has the id `chat`, the target of the
/// pages' 'Chat with Our Assistant' links without JavaScript. Every reply is worded here, naming
/// `prices` and the `studio`'s hours, address and contacts (from the studio's content), and sent
/// in the props with the greeting, the confirmations and the e-mail its mail links go `to`; the
/// island asks the core only which topic a message is about.
pub fn assistant(prices: &ChatPrices, studio: &Studio) -> Markup {
    island(
        "ChatAssistant",
        Load::Interaction,
        &json!({
            "openLabel": OPEN_LABEL,
            "labels": {
                "title": "One Space Assistant",
                "inputLabel": "Your message",
                "placeholder": "Ask about classes, prices, parking...",
                "sendLabel": "Send",
                "closeLabel": "Close chat",
                "contactButton": "Contact the team",
                "cancelButton": "Cancel membership",
            },
            "contactDialogTitle": "Contact the team",
            "cancelDialogTitle": "Cancel your membership",
            "texts": super::enquiry_form::field_texts(),
            "replies": chat::replies(prices, studio),
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
        let prices = ChatPrices {
            plans: Vec::new(),
            single_focus: onespace_core::Pence(10900),
            drop_in: onespace_core::Pence(1300),
            trial: onespace_core::Pence(4900),
        };
        let html = assistant(&prices, &studio).into_string();
        assert!(html.contains("session packs start from a £13 drop-in"));
        assert!(html.contains("Try the 14-Day Ultimate Experience for £49."));
        assert_eq!(
            html.matches(r#""showCancelButton":"#).count(),
            9,
            "one reply a topic"
        );
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
