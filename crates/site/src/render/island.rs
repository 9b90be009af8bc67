//! Islands: server-rendered elements that a React component takes over in the browser.
//!
//! The element names its component (`data-island`), when to load it (`data-load`) and carries its
//! props as a JSON data block. Its children are the working fallback that a visitor without
//! JavaScript, and a crawler, sees; the client mounts the component over them in the same box.

use maud::{html, Markup, PreEscaped};
use serde::Serialize;

use super::json::script_safe_json;

/// When the client loads and mounts an island (as Astro's `client:*` directives).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Load {
    /// As soon as the page loads: above-the-fold behaviour such as countdowns.
    Eager,
    /// When the browser is idle: site-wide helpers such as the cookie banner.
    Idle,
    /// When the element scrolls into view.
    Visible,
    /// On the first pointer, focus or touch on the element.
    Interaction,
    /// Only when the visitor activates a control marked `data-island-trigger` inside it: for
    /// heavy third-party content (the booking widget) that most visitors never open. The control
    /// stays invisible until the client can act on it.
    Request,
}

impl Load {
    fn as_str(self) -> &'static str {
        match self {
            Self::Eager => "load",
            Self::Idle => "idle",
            Self::Visible => "visible",
            Self::Interaction => "interaction",
            Self::Request => "request",
        }
    }
}

/// An island element for `component` with `props`, wrapping `fallback`.
pub fn island<P: Serialize + ?Sized>(
    component: &str,
    load: Load,
    props: &P,
    fallback: Markup,
) -> Markup {
    html! {
        div data-island=(component) data-load=(load.as_str()) {
            script type="application/json" data-island-props {
                (PreEscaped(script_safe_json(props)))
            }
            (fallback)
        }
    }
}
