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

/// An island element for `component` with `props`, wrapping `fallback`. The client fetches the
/// whole stylesheet before mounting it: what it builds may use rules the page's inline ones lack.
pub fn island<P: Serialize + ?Sized>(
    component: &str,
    load: Load,
    props: &P,
    fallback: Markup,
) -> Markup {
    element(component, load, props, None, fallback)
}

/// An island that draws with the page's own rules: it writes into `fallback` and adds at most
/// the `classes` named (`data-island-classes`), which the page's inline rules count as the
/// page's (`crate::critical_css`). The client mounts it without fetching the whole stylesheet,
/// whose arrival would restyle the page for nothing as it loads.
pub fn page_styled_island<P: Serialize + ?Sized>(
    component: &str,
    load: Load,
    props: &P,
    classes: &[&str],
    fallback: Markup,
) -> Markup {
    element(component, load, props, Some(&classes.join(" ")), fallback)
}

fn element<P: Serialize + ?Sized>(
    component: &str,
    load: Load,
    props: &P,
    classes: Option<&str>,
    fallback: Markup,
) -> Markup {
    html! {
        div data-island=(component) data-load=(load.as_str()) data-island-classes=[classes] {
            script type="application/json" data-island-props {
                (PreEscaped(script_safe_json(props)))
            }
            (fallback)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_styled_island_names_the_classes_it_adds() {
        let markup = page_styled_island("Clock", Load::Eager, &(), &["a", "b"], html! { p {} });
        assert_eq!(
            markup.into_string(),
            r#"<div data-island="Clock" data-load="load" data-island-classes="a b"><script type="application/json" data-island-props>null</script><p></p></div>"#
        );
        let plain = island("Clock", Load::Eager, &(), html! {}).into_string();
        assert!(!plain.contains("data-island-classes"), "{plain}");
    }
}
