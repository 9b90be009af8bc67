//! JSON inside HTML `<script>` elements (island props and JSON-LD).
//!
//! `<`, `>` and `&` are written as `\u003c`, `\u003e` and `\u0026`, which JSON parsers read back
//! as the same characters, so no value can close the element or open a comment.

use maud::{Markup, PreEscaped};
use serde::Serialize;

/// `value` as JSON that is safe inside a `<script>` element.
pub fn script_safe_json<T: Serialize + ?Sized>(value: &T) -> String {
    let json = serde_json::to_string(value).unwrap_or_else(|_| "null".to_owned());
    let mut out = String::with_capacity(json.len());
    for character in json.chars() {
        match character {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            other => out.push(other),
        }
    }
    out
}

/// A JSON-LD block for the document head.
pub fn json_ld<T: Serialize + ?Sized>(value: &T) -> Markup {
    PreEscaped(format!(
        "<script type=\"application/ld+json\">{}</script>",
        script_safe_json(value)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_cannot_close_the_script_element() {
        let json = script_safe_json(&serde_json::json!({ "text": "</script><!-- & >" }));
        assert!(!json.contains('<') && !json.contains('>') && !json.contains('&'));
        let back: serde_json::Value =
            serde_json::from_str(&json).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(back["text"], "</script><!-- & >");
    }
}
