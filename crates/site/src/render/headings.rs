//! Headings never break at a hyphen: "14-Day" or "money-back" split over two lines reads as two
//! words ("14-" / "Day"). Browsers break after any hyphen, and CSS has no switch for it, so each
//! hyphenated word in a heading's text is wrapped in a `whitespace-nowrap` span once the page is
//! rendered: one place, whatever template wrote the heading, and the words stay the words
//! (no U+2011 hyphens the fonts may lack, and text matches and screen readers read them as typed).

/// `html` with every hyphenated word inside `<h1>`..`<h6>` kept on one line. Tags and attributes
/// are left alone; only text between them changes.
pub fn keep_hyphenated_words_whole(html: &str) -> String {
    let mut out = String::with_capacity(html.len() + html.len() / 50);
    let mut rest = html;
    while let Some(start) = find_heading_start(rest) {
        let Some(open_end) = rest[start..].find('>').map(|end| start + end + 1) else {
            break;
        };
        let level = &rest[start + 2..start + 3];
        let close = format!("</h{level}>");
        let Some(body_end) = rest[open_end..].find(&close).map(|end| open_end + end) else {
            break;
        };
        out.push_str(&rest[..open_end]);
        wrap_text_runs(&rest[open_end..body_end], &mut out);
        rest = &rest[body_end..];
    }
    out.push_str(rest);
    out
}

/// The next `<h1`..`<h6` followed by a space or `>`.
fn find_heading_start(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(found) = text[from..].find("<h").map(|at| from + at) {
        let level = bytes.get(found + 2).copied();
        let after = bytes.get(found + 3).copied();
        if matches!(level, Some(b'1'..=b'6')) && matches!(after, Some(b' ' | b'>')) {
            return Some(found);
        }
        from = found + 2;
    }
    None
}

/// Copies a heading's inner HTML to `out`, wrapping hyphenated words of its text runs.
fn wrap_text_runs(inner: &str, out: &mut String) {
    let mut rest = inner;
    while !rest.is_empty() {
        match rest.find('<') {
            Some(0) => {
                let end = rest.find('>').map_or(rest.len(), |end| end + 1);
                out.push_str(&rest[..end]);
                rest = &rest[end..];
            }
            Some(at) => {
                wrap_words(&rest[..at], out);
                rest = &rest[at..];
            }
            None => {
                wrap_words(rest, out);
                rest = "";
            }
        }
    }
}

/// Wraps each space-separated word with a hyphen between two letters or digits.
fn wrap_words(text: &str, out: &mut String) {
    for (index, word) in text.split(' ').enumerate() {
        if index > 0 {
            out.push(' ');
        }
        if breaks_at_hyphen(word) {
            out.push_str("<span class=\"whitespace-nowrap\">");
            out.push_str(word);
            out.push_str("</span>");
        } else {
            out.push_str(word);
        }
    }
}

fn breaks_at_hyphen(word: &str) -> bool {
    let chars: Vec<char> = word.chars().collect();
    chars
        .windows(3)
        .any(|three| three[1] == '-' && three[0].is_alphanumeric() && three[2].is_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hyphenated_words_in_headings_are_kept_whole() {
        let html = r#"<h1 class="page-title">Start Your 14-Day Trial</h1><p>a 14-day trial</p><h2 id="x">Our money-back <a href="/hot-yoga">1-2-1 coaching</a></h2>"#;
        assert_eq!(
            keep_hyphenated_words_whole(html),
            r#"<h1 class="page-title">Start Your <span class="whitespace-nowrap">14-Day</span> Trial</h1><p>a 14-day trial</p><h2 id="x">Our <span class="whitespace-nowrap">money-back</span> <a href="/hot-yoga"><span class="whitespace-nowrap">1-2-1</span> coaching</a></h2>"#
        );
    }

    #[test]
    fn everything_else_is_left_as_it_was() {
        for html in [
            "<header><hgroup>a-b</hgroup></header>",
            "<h2>Mon - Fri</h2>",
            "<h3>Unclosed 14-Day",
            "<html><head></head><body><h4>no hyphen</h4></body></html>",
        ] {
            assert_eq!(keep_hyphenated_words_whole(html), html);
        }
    }
}
