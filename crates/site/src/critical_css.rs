//! The stylesheet rules a page uses, inlined in its `<head>`, so a first visit paints without
//! waiting for the stylesheet.
//!
//! **Why.** A phone's first page otherwise waits for the document, then for the stylesheet, and
//! a page whose largest element is a photo waits for the photo too. Over HTTP/1.1 the stylesheet
//! and the photo both start when the document ends, and whichever goes second opens a new
//! connection: a handshake's round trip more before the photo shows. The whole stylesheet inline
//! (15 KB compressed) would push the document past what a new connection sends in its first round
//! trip (TCP's initial window, about 14 KB), so each page carries only the rules its own markup
//! can match, under a third of it (some 6 KB compressed; `crate::site` links the stylesheet
//! instead where even that would not fit). The whole stylesheet is fetched by the client entry
//! before the first island mounts, for what an island builds (`frontend/src/site/stylesheet.ts`;
//! the start script names it), and without scripts a `<noscript>` link loads it as before.
//!
//! **Which rules.** A style rule is kept when one of its selectors could match the page: every
//! element name, class and id the selector names outside parentheses is in the page's markup.
//! Pseudo-classes, attribute selectors, how the names are combined and whatever sits inside
//! `:is()`, `:where()`, `:not()` or `:has()` are not checked, so a rule is only ever kept too often, never dropped while it could
//! apply (a `:hover` rule is kept with its class, a `details[open]` rule with its element).
//! Grouping rules (`@media`, `@supports`, `@layer`, `@container`) are kept with the rules inside
//! them that are kept; every other at-rule (`@font-face`, `@property`, `@keyframes`, a layer
//! order statement) is kept as it is: they apply to nothing by themselves, and a font face is
//! only fetched when a kept rule uses it. Rules keep the stylesheet's order, so the cascade is
//! the stylesheet's.

use std::collections::HashSet;

use cssparser::{Parser, Token};

/// At-rules whose block holds rules (kept with the rules inside them that a page uses).
const GROUPING_AT_RULES: [&str; 6] = [
    "media",
    "supports",
    "layer",
    "container",
    "scope",
    "starting-style",
];

/// A stylesheet read rule by rule, for [`StyleRules::used_by`].
#[derive(Debug, Default)]
pub struct StyleRules {
    rules: Vec<Rule>,
}

#[derive(Debug)]
enum Rule {
    /// An at-rule kept on every page, with its text.
    Always(String),
    /// A style rule: its text, and for each selector the element names (lower case), classes
    /// (`.name`) and ids (`#name`) it needs on the page.
    Style {
        text: String,
        selectors: Vec<Vec<String>>,
    },
    /// A grouping at-rule: its prelude (`@media (min-width:48rem)`) and the rules in its block.
    Group { prelude: String, rules: Vec<Rule> },
}

impl StyleRules {
    /// Reads `css`. Nothing in it is refused: text the reader cannot place is kept on every page.
    pub fn parse(css: &str) -> Self {
        let mut parser = Parser::new(css);
        Self {
            rules: rule_list(&mut parser),
        }
    }

    /// The rules of the stylesheet that `html` (a page's markup, as rendered) can use, as CSS text;
    /// `set_by_scripts` are classes the page's inline script may add before any stylesheet arrives
    /// (they are not in the markup).
    pub fn used_by(&self, html: &str, set_by_scripts: &[&str]) -> String {
        let mut names = names_in(html);
        names.extend(set_by_scripts.iter().map(|class| format!(".{class}")));
        let mut css = String::new();
        write_used(&self.rules, &names, &mut css);
        css
    }
}

/// Appends the rules among `rules` that `names` satisfy; whether any was.
fn write_used(rules: &[Rule], names: &HashSet<String>, css: &mut String) -> bool {
    let mut wrote = false;
    for rule in rules {
        match rule {
            Rule::Always(text) => {
                css.push_str(text);
                wrote = true;
            }
            Rule::Style { text, selectors } => {
                let applies = selectors
                    .iter()
                    .any(|needs| needs.iter().all(|name| names.contains(name)));
                if applies {
                    css.push_str(text);
                    wrote = true;
                }
            }
            Rule::Group { prelude, rules } => {
                let start = css.len();
                css.push_str(prelude);
                css.push('{');
                if write_used(rules, names, css) {
                    css.push('}');
                    wrote = true;
                } else {
                    css.truncate(start);
                }
            }
        }
    }
    wrote
}

/// The rules of a rule list (the stylesheet, or a grouping rule's block).
fn rule_list(parser: &mut Parser<'_>) -> Vec<Rule> {
    let mut rules = Vec::new();
    loop {
        parser.skip_whitespace();
        let start = parser.position();
        let Ok(token) = parser.next_including_whitespace_and_comments() else {
            return rules;
        };
        let rule = match token.clone() {
            Token::Comment(_) => continue,
            Token::AtKeyword(name) => at_rule(parser, start, &name),
            first => style_rule(parser, start, first),
        };
        rules.push(rule);
    }
}

/// An at-rule, its keyword read.
fn at_rule(parser: &mut Parser<'_>, start: cssparser::SourcePosition, name: &str) -> Rule {
    loop {
        match parser.next_including_whitespace_and_comments() {
            Ok(Token::CurlyBracketBlock) => {
                let grouping = GROUPING_AT_RULES
                    .iter()
                    .any(|grouping| name.eq_ignore_ascii_case(grouping));
                if !grouping {
                    skip_block(parser);
                    return Rule::Always(parser.slice_from(start).to_owned());
                }
                // Up to and without the block's `{`, just read.
                let read = parser.slice_from(start);
                let prelude = read.strip_suffix('{').unwrap_or(read).trim_end().to_owned();
                let rules = parser
                    .parse_nested_block(|block| {
                        Ok::<_, cssparser::ParseError<()>>(rule_list(block))
                    })
                    .unwrap_or_default();
                return Rule::Group { prelude, rules };
            }
            Ok(Token::Semicolon) | Err(_) => {
                return Rule::Always(parser.slice_from(start).to_owned());
            }
            Ok(_) => {}
        }
    }
}

/// Reads past the block whose `{` was just read.
fn skip_block(parser: &mut Parser<'_>) {
    let _ = parser.parse_nested_block(|_| Ok::<_, cssparser::ParseError<()>>(()));
}

/// A style rule, its first selector token (`first`) read: the element names, classes and ids
/// each selector needs, then its block.
fn style_rule(parser: &mut Parser<'_>, start: cssparser::SourcePosition, first: Token<'_>) -> Rule {
    let mut selectors = Vec::new();
    let mut needs = Vec::new();
    // What the token before was, for the one after it: `.` makes a class, `:` a pseudo-class.
    let mut after = ' ';
    let mut token = Ok(first);
    loop {
        let mut next_after = ' ';
        match token {
            Ok(Token::CurlyBracketBlock) | Err(_) => break,
            Ok(Token::Comma) => selectors.push(std::mem::take(&mut needs)),
            Ok(Token::Delim('.')) => next_after = '.',
            Ok(Token::Colon) => next_after = ':',
            Ok(Token::Ident(name)) => match after {
                '.' => needs.push(format!(".{name}")),
                ':' => {}
                _ => needs.push(name.to_ascii_lowercase()),
            },
            Ok(Token::IDHash(name)) => needs.push(format!("#{name}")),
            Ok(_) => {}
        }
        after = next_after;
        token = next(parser);
    }
    selectors.push(needs);
    skip_block(parser);
    Rule::Style {
        text: parser.slice_from(start).to_owned(),
        selectors,
    }
}

/// The next token of a selector, owned (a block's contents are skipped, not entered).
fn next<'i>(parser: &mut Parser<'i>) -> Result<Token<'i>, ()> {
    parser
        .next_including_whitespace_and_comments()
        .cloned()
        .map_err(|_| ())
}

/// The element names (lower case), classes (`.name`) and ids (`#name`) in `html`. The markup is
/// ours (maud writes every attribute as `name="value"` and escapes `<` and `"` in text and
/// values), so a tag's `<` and a quoted attribute are all there is to find; a false find only
/// keeps a rule more.
fn names_in(html: &str) -> HashSet<String> {
    let mut names = HashSet::new();
    for (at, _) in html.match_indices('<') {
        let name: String = html[at + 1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        if !name.is_empty() {
            names.insert(name.to_ascii_lowercase());
        }
    }
    for (attribute, prefix) in [(" class=\"", '.'), (" id=\"", '#')] {
        for (at, _) in html.match_indices(attribute) {
            let value = &html[at + attribute.len()..];
            let value = &value[..value.find('"').unwrap_or(value.len())];
            for name in unescape(value).split_ascii_whitespace() {
                names.insert(format!("{prefix}{name}"));
            }
        }
    }
    names
}

/// An attribute value as the browser reads it: maud escapes `&`, `<`, `>` and `"`.
fn unescape(value: &str) -> String {
    value
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    const CSS: &str = "/*! a licence */@layer theme,base,utilities;\
        @font-face{font-family:Brand;src:url(/a.woff2)}\
        @layer theme{:root{--red:#f00}}\
        @layer base{*,:before{box-sizing:border-box}h1{margin:0}}\
        @layer utilities{.flex{display:flex}.grid{display:grid}\
        .md\\:grid-cols-2{grid-template-columns:1fr 1fr}\
        .hover\\:underline:hover{text-decoration:underline}\
        .card .title,.panel .title{font-weight:700}\
        .\\[\\&\\>\\*\\]\\:p-2>*{padding:.5rem}\
        #main:focus{outline:none}\
        .btn:not(.ghost){color:red}\
        @media (min-width:48rem){.md\\:flex{display:flex}.unused{display:none}}\
        @media print{.unused{display:none}}}\
        @keyframes spin{to{transform:rotate(1turn)}}";

    fn used(html: &str) -> String {
        StyleRules::parse(CSS).used_by(html, &[])
    }

    #[test]
    fn keeps_what_the_markup_can_match_and_drops_the_rest() {
        let css = used(r#"<main id="main"><h1 class="flex md:flex hover:underline">x</h1></main>"#);
        for kept in [
            "@layer theme,base,utilities;",
            "@font-face{font-family:Brand;src:url(/a.woff2)}",
            "@layer theme{:root{--red:#f00}}",
            "@layer base{*,:before{box-sizing:border-box}h1{margin:0}}",
            ".flex{display:flex}",
            ".hover\\:underline:hover{text-decoration:underline}",
            "#main:focus{outline:none}",
            "@media (min-width:48rem){.md\\:flex{display:flex}}",
            "@keyframes spin{to{transform:rotate(1turn)}}",
        ] {
            assert!(css.contains(kept), "{kept} missing from {css}");
        }
        for dropped in [
            ".grid{",
            "grid-cols-2",
            ".title",
            ".unused",
            "@media print",
            "a licence",
        ] {
            assert!(!css.contains(dropped), "{dropped} kept in {css}");
        }
        let css = used(r#"<main id="main"><p class="flex">x</p></main>"#);
        assert!(
            css.contains("@layer base{*,:before{box-sizing:border-box}}"),
            "{css}"
        );
        for dropped in ["h1{", ".hover\\:underline"] {
            assert!(!css.contains(dropped), "{dropped} kept in {css}");
        }
    }

    #[test]
    fn a_selector_needs_all_its_names_and_any_selector_of_a_list_keeps_the_rule() {
        assert!(!used(r#"<div class="title"></div>"#).contains(".title"));
        assert!(!used(r#"<div class="card"></div>"#).contains(".title"));
        assert!(used(r#"<div class="panel"><b class="title"></b></div>"#)
            .contains(".card .title,.panel .title{font-weight:700}"));
    }

    #[test]
    fn names_inside_parentheses_are_not_needed() {
        assert!(used(r#"<a class="btn ghost"></a>"#).contains(".btn:not(.ghost){color:red}"));
    }

    #[test]
    fn escaped_names_match_the_markup_as_the_browser_reads_it() {
        let css = used(r#"<ul class="md:grid-cols-2 [&amp;&gt;*]:p-2"></ul>"#);
        assert!(css.contains(".md\\:grid-cols-2{"), "{css}");
        assert!(css.contains("\\:p-2>*{padding:.5rem}"), "{css}");
    }

    #[test]
    fn classes_a_script_sets_before_the_stylesheet_arrives_count_as_present() {
        let rules = StyleRules::parse("html.faces-later BODY{font-family:serif}");
        assert_eq!(rules.used_by("<html><body></body></html>", &[]), "");
        assert_eq!(
            rules.used_by("<html><body></body></html>", &["faces-later"]),
            "html.faces-later BODY{font-family:serif}"
        );
    }

    #[test]
    fn what_is_kept_reads_as_a_stylesheet_again() {
        let css = used(r#"<main id="main" class="card flex md:flex"></main>"#);
        let again = StyleRules::parse(&css)
            .used_by(r#"<main id="main" class="card flex md:flex"></main>"#, &[]);
        assert_eq!(again, css);
    }

    #[test]
    fn text_it_cannot_place_is_kept_not_lost() {
        let rules = StyleRules::parse("@media screen{.a{color:red}");
        assert_eq!(
            rules.used_by(r#"<p class="a">"#, &[]),
            "@media screen{.a{color:red}}"
        );
        assert_eq!(StyleRules::parse("").used_by("<p>", &[]), "");
    }
}
