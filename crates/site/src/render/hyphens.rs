//! Words a reader would take for two are never broken at their hyphen: "14-" / "Day" reads as
//! two words. Browsers break after any hyphen, and CSS has no switch for it, so once the page is
//! rendered each such word is wrapped in a span of [`KEEP_WHOLE`]: one place, whatever template
//! wrote the text, and the words stay the words (no U+2011 hyphens the fonts may lack, and text
//! matches and screen readers read them as typed). The class makes no box of its own
//! (`display: contents`, `frontend/src/styles.css`): in a flex row (a badge, a button) a span
//! with a box would be an item of its own, and the spaces beside it would go.
//!
//! Which words: in a heading, every hyphenated word ("14-Day", "money-back"); in running text,
//! a word that starts with a number ("14-day", "1-2-1", "32-35"), where a break reads worst;
//! other running text ("real-" / "life") breaks as books break it, keeping lines even.
//!
//! Left alone: tags and attributes, the text of elements whose content is not markup (scripts,
//! styles, a title, a text area, a select's options, SVG), and islands (`data-island`), whose
//! first render replaces their server markup and must lay out the same.

/// The class of a word kept whole.
pub const KEEP_WHOLE: &str = "keep-whole";

/// Elements whose content is copied as it is.
const VERBATIM: [&str; 6] = ["script", "style", "title", "textarea", "select", "svg"];

/// Elements with no closing tag.
const VOID: [&str; 13] = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr",
];

/// `html` with the words above kept on one line.
pub fn keep_hyphenated_words_whole(html: &str) -> String {
    let mut out = String::with_capacity(html.len() + html.len() / 50);
    let mut rest = html;
    // The open elements, outermost first.
    let mut open: Vec<&str> = Vec::new();
    // How many elements were open, the island's own included, when an island began.
    let mut island_depth: Option<usize> = None;
    loop {
        let text_end = rest.find('<').unwrap_or(rest.len());
        let rule = if island_depth.is_some() {
            Rule::Verbatim
        } else if open.iter().any(|name| is_heading(name)) {
            Rule::Heading
        } else {
            Rule::Running
        };
        copy_text(&rest[..text_end], rule, &mut out);
        rest = &rest[text_end..];
        if rest.is_empty() {
            break;
        }
        let end = rest.find('>').map_or(rest.len(), |end| end + 1);
        let tag = &rest[..end];
        out.push_str(tag);
        rest = &rest[end..];
        let name = tag_name(tag);
        if name.is_empty() {
            continue;
        }
        if tag.starts_with("</") {
            if let Some(at) = open.iter().rposition(|open| *open == name) {
                open.truncate(at);
            }
            if island_depth.is_some_and(|depth| open.len() < depth) {
                island_depth = None;
            }
            continue;
        }
        if VOID.contains(&name) || tag.ends_with("/>") {
            continue;
        }
        open.push(name);
        if island_depth.is_none() && tag.contains(" data-island=") {
            island_depth = Some(open.len());
        }
        if VERBATIM.contains(&name) {
            let close = format!("</{name}");
            let stop = rest.find(&close).unwrap_or(rest.len());
            out.push_str(&rest[..stop]);
            rest = &rest[stop..];
        }
    }
    out
}

/// Which words of a run of text are kept whole.
#[derive(Clone, Copy)]
enum Rule {
    /// None: the text is copied as it is.
    Verbatim,
    /// Every hyphenated word.
    Heading,
    /// Hyphenated words that start with a number.
    Running,
}

/// `div` of `<div class="x">` or `</div>`; empty for a comment or doctype.
fn tag_name(tag: &str) -> &str {
    let name = tag.trim_start_matches('<').trim_start_matches('/');
    let end = name
        .find(|character: char| !character.is_ascii_alphanumeric())
        .unwrap_or(name.len());
    &name[..end]
}

fn is_heading(name: &str) -> bool {
    matches!(name.as_bytes(), [b'h', b'1'..=b'6'])
}

/// Copies a run of text, wrapping the words that must stay whole.
fn copy_text(text: &str, rule: Rule, out: &mut String) {
    if matches!(rule, Rule::Verbatim) || !text.contains('-') {
        out.push_str(text);
        return;
    }
    for (index, word) in text.split(' ').enumerate() {
        if index > 0 {
            out.push(' ');
        }
        let whole =
            breaks_at_hyphen(word) && (matches!(rule, Rule::Heading) || starts_with_number(word));
        if whole {
            out.push_str("<span class=\"");
            out.push_str(KEEP_WHOLE);
            out.push_str("\">");
            out.push_str(word);
            out.push_str("</span>");
        } else {
            out.push_str(word);
        }
    }
}

/// A hyphen between two letters or digits.
fn breaks_at_hyphen(word: &str) -> bool {
    let chars: Vec<char> = word.chars().collect();
    chars
        .windows(3)
        .any(|three| three[1] == '-' && three[0].is_alphanumeric() && three[2].is_alphanumeric())
}

/// "14-day", "(1-2-1", "£10-off": the first letter or digit is a digit.
fn starts_with_number(word: &str) -> bool {
    word.chars()
        .find(|character| character.is_alphanumeric())
        .is_some_and(|character| character.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hyphenated_words_in_headings_are_kept_whole() {
        let html = r#"<h1 class="page-title">Start Your 14-Day Trial</h1><h2 id="x">Our money-back <a href="/hot-yoga">1-2-1 coaching</a></h2>"#;
        assert_eq!(
            keep_hyphenated_words_whole(html),
            r#"<h1 class="page-title">Start Your <span class="keep-whole">14-Day</span> Trial</h1><h2 id="x">Our <span class="keep-whole">money-back</span> <a href="/hot-yoga"><span class="keep-whole">1-2-1</span> coaching</a></h2>"#
        );
    }

    #[test]
    fn running_text_keeps_words_that_start_with_a_number_whole() {
        let html =
            r#"<p>on the 14-day trial, (1-2-1 coaching) at 32-35 °C, real-life movement</p>"#;
        assert_eq!(
            keep_hyphenated_words_whole(html),
            r#"<p>on the <span class="keep-whole">14-day</span> trial, <span class="keep-whole">(1-2-1</span> coaching) at <span class="keep-whole">32-35</span> °C, real-life movement</p>"#
        );
    }

    #[test]
    fn verbatim_elements_and_islands_are_left_as_they_were() {
        for html in [
            "<header><hgroup>a-b</hgroup></header>",
            "<h2>Mon - Fri</h2>",
            r#"<script type="application/json">{"text":"14-day"}</script><p>x</p>"#,
            "<title>14-Day Trial</title>",
            "<select><option>14-day trial</option></select>",
            "<textarea>14-day</textarea>",
            "<svg><text>1-2-1</text></svg>",
            "<br><p>a-b</p><li>real-life</li>",
            r#"<div data-island="Form"><div><p>14-day</p></div><h3>14-Day</h3></div>"#,
            "<html><head></head><body><h4>no hyphen</h4></body></html>",
        ] {
            assert_eq!(keep_hyphenated_words_whole(html), html);
        }
    }

    #[test]
    fn words_in_buttons_and_list_rows_are_kept_whole_too() {
        // A flex row's text stays one item: the class makes no box (`display: contents`).
        let html = r#"<a class="btn" href="/">Start My 14-Day Trial</a><li>1-2-1</li>"#;
        assert_eq!(
            keep_hyphenated_words_whole(html),
            r#"<a class="btn" href="/">Start My <span class="keep-whole">14-Day</span> Trial</a><li><span class="keep-whole">1-2-1</span></li>"#
        );
    }

    #[test]
    fn text_after_an_island_is_wrapped_again() {
        let html = r#"<div data-island="Form"><div>14-day</div></div><p>14-day</p>"#;
        assert_eq!(
            keep_hyphenated_words_whole(html),
            r#"<div data-island="Form"><div>14-day</div></div><p><span class="keep-whole">14-day</span></p>"#
        );
    }
}
