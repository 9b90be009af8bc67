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
//! One exception: a pseudo-element or pseudo-class that only form controls have
//! (`::placeholder`, the date and number inputs' parts) needs an `input`, `textarea` or `select`
//! on the page; the preflight's dozen resets for them were some 190 B of the home page compressed.
//! Grouping rules (`@media`, `@supports`, `@layer`, `@container`) are kept with the rules inside
//! them that are kept; every other at-rule (`@font-face`, `@property`, `@keyframes`, a layer
//! order statement) is kept as it is: they apply to nothing by themselves, and a font face is
//! only fetched when a kept rule uses it. Rules keep the stylesheet's order, so the cascade is
//! the stylesheet's.
//!
//! **Which custom properties.** A custom property changes what is drawn only through a `var()`
//! that reads it. Of the kept rules, a custom property's declarations (`--x: ...`) and its
//! `@property` registration are kept when a kept declaration reads it, directly or through
//! another custom property that is read: the theme's colours a page never uses, and Tailwind's
//! registrations and old-browser defaults for effects it has none of, stay in the stylesheet.
//! They were a third of a page's inline rules, and every element's style carried the defaults.
//! A `var(` anywhere in a kept declaration counts as a read, so a false find keeps a property
//! too often, never drops one. A rule whose block holds nested rules is kept whole.

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

/// Pseudo-elements and pseudo-classes that only a form control has (the preflight's resets for
/// date, number and file inputs, placeholders and Firefox's invalid state), with the name a
/// selector naming one needs on the page ([`FORM_CONTROL`]); `::-webkit-datetime-edit` stands
/// for its `-*-field` family too.
const FORM_CONTROL_PSEUDOS: [&str; 9] = [
    "placeholder",
    "file-selector-button",
    "-webkit-date-and-time-value",
    "-webkit-calendar-picker-indicator",
    "-webkit-inner-spin-button",
    "-webkit-outer-spin-button",
    "-webkit-search-decoration",
    "-moz-ui-invalid",
    "-webkit-datetime-edit",
];

/// What a page has when it has an `input`, a `textarea` or a `select` (never a name in markup).
const FORM_CONTROL: &str = "<form control>";

/// Whether the pseudo-element or pseudo-class `name` belongs to form controls only.
fn is_form_control_pseudo(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    FORM_CONTROL_PSEUDOS.contains(&name.as_str()) || name.starts_with("-webkit-datetime-edit-")
}

/// A stylesheet read rule by rule, for [`StyleRules::used_by`].
#[derive(Debug, Default)]
pub struct StyleRules {
    rules: Vec<Rule>,
}

#[derive(Debug)]
enum Rule {
    /// An at-rule kept on every page, with its text.
    Always(String),
    /// A custom property's registration (`@property --x {...}`): its name and text, kept when the
    /// property is read.
    Property { name: String, text: String },
    /// A style rule: its text, for each selector the element names (lower case), classes
    /// (`.name`) and ids (`#name`) it needs on the page, and its declarations (none read when
    /// its block holds nested rules: the rule is then kept whole).
    Style {
        text: String,
        selectors: Vec<Vec<String>>,
        block: Option<Block>,
    },
    /// A grouping at-rule: its prelude (`@media (min-width:48rem)`) and the rules in its block.
    Group { prelude: String, rules: Vec<Rule> },
}

/// A style rule's block, read declaration by declaration.
#[derive(Debug)]
struct Block {
    /// The rule's text up to and with its `{`.
    prelude: String,
    declarations: Vec<Declaration>,
}

#[derive(Debug)]
struct Declaration {
    /// Its text, without the `;` that ends it.
    text: String,
    /// The custom property it sets (`--x`), if it sets one.
    sets: Option<String>,
    /// The custom properties it reads (`var(--x`).
    reads: Vec<String>,
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
        if ["input", "textarea", "select"]
            .iter()
            .any(|control| names.contains(*control))
        {
            names.insert(FORM_CONTROL.to_owned());
        }
        let page = Page {
            read: read_properties(&self.rules, &names),
            names,
        };
        let mut css = String::new();
        write_used(&self.rules, &page, &mut css);
        css
    }
}

/// What a page has: the names in its markup, and the custom properties its kept rules read.
struct Page {
    names: HashSet<String>,
    read: HashSet<String>,
}

/// Whether a style rule with `selectors` could match a page with `names`.
fn could_match(selectors: &[Vec<String>], names: &HashSet<String>) -> bool {
    selectors
        .iter()
        .any(|needs| needs.iter().all(|name| names.contains(name)))
}

/// The custom properties that the rules kept for a page with `names` read: those their other
/// declarations (and the at-rules kept on every page) read, then those that the custom
/// properties already found read, until nothing is added.
fn read_properties(rules: &[Rule], names: &HashSet<String>) -> HashSet<String> {
    let mut read = HashSet::new();
    let mut sets: Vec<&Declaration> = Vec::new();
    collect_reads(rules, names, &mut read, &mut sets);
    loop {
        let before = read.len();
        for declaration in &sets {
            if declaration
                .sets
                .as_ref()
                .is_some_and(|name| read.contains(name))
            {
                read.extend(declaration.reads.iter().cloned());
            }
        }
        if read.len() == before {
            return read;
        }
    }
}

/// Adds to `read` what the kept rules' declarations that set no custom property read, and to
/// `sets` those that set one.
fn collect_reads<'a>(
    rules: &'a [Rule],
    names: &HashSet<String>,
    read: &mut HashSet<String>,
    sets: &mut Vec<&'a Declaration>,
) {
    for rule in rules {
        match rule {
            Rule::Always(text) => read.extend(var_reads(text)),
            Rule::Property { .. } => {}
            Rule::Style {
                text,
                selectors,
                block,
            } => {
                if !could_match(selectors, names) {
                    continue;
                }
                let Some(block) = block else {
                    read.extend(var_reads(text));
                    continue;
                };
                for declaration in &block.declarations {
                    if declaration.sets.is_some() {
                        sets.push(declaration);
                    } else {
                        read.extend(declaration.reads.iter().cloned());
                    }
                }
            }
            Rule::Group { rules, .. } => collect_reads(rules, names, read, sets),
        }
    }
}

/// Appends the rules among `rules` that `page` uses; whether any was.
fn write_used(rules: &[Rule], page: &Page, css: &mut String) -> bool {
    let mut wrote = false;
    for rule in rules {
        match rule {
            Rule::Always(text) => {
                css.push_str(text);
                wrote = true;
            }
            Rule::Property { name, text } => {
                if page.read.contains(name) {
                    css.push_str(text);
                    wrote = true;
                }
            }
            Rule::Style {
                text,
                selectors,
                block,
            } => {
                if !could_match(selectors, &page.names) {
                    continue;
                }
                let Some(block) = block else {
                    css.push_str(text);
                    wrote = true;
                    continue;
                };
                let kept: Vec<&str> = block
                    .declarations
                    .iter()
                    .filter(|declaration| {
                        declaration
                            .sets
                            .as_ref()
                            .is_none_or(|name| page.read.contains(name))
                    })
                    .map(|declaration| declaration.text.as_str())
                    .collect();
                if kept.len() == block.declarations.len() {
                    css.push_str(text);
                    wrote = true;
                } else if !kept.is_empty() {
                    css.push_str(&block.prelude);
                    css.push_str(&kept.join(";"));
                    css.push('}');
                    wrote = true;
                }
            }
            Rule::Group { prelude, rules } => {
                let start = css.len();
                css.push_str(prelude);
                css.push('{');
                if write_used(rules, page, css) {
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

/// The custom properties `text` reads: every `--name` right after a `var(`.
fn var_reads(text: &str) -> Vec<String> {
    text.match_indices("var(")
        .filter_map(|(at, call)| {
            let rest = text[at + call.len()..].trim_start();
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
                .collect();
            name.starts_with("--").then_some(name)
        })
        .collect()
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
                    let text = parser.slice_from(start).to_owned();
                    if name.eq_ignore_ascii_case("property") {
                        if let Some(property) = text["@property".len()..]
                            .trim_start()
                            .split(|c: char| c == '{' || c.is_whitespace())
                            .next()
                            .filter(|property| property.starts_with("--"))
                        {
                            return Rule::Property {
                                name: property.to_owned(),
                                text,
                            };
                        }
                    }
                    return Rule::Always(text);
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
    let has_block = loop {
        let mut next_after = ' ';
        match token {
            Ok(Token::CurlyBracketBlock) => break true,
            Err(_) => break false,
            Ok(Token::Comma) => selectors.push(std::mem::take(&mut needs)),
            Ok(Token::Delim('.')) => next_after = '.',
            Ok(Token::Colon) => next_after = ':',
            Ok(Token::Ident(name)) => match after {
                '.' => needs.push(format!(".{name}")),
                ':' if is_form_control_pseudo(&name) => needs.push(FORM_CONTROL.to_owned()),
                ':' => {}
                _ => needs.push(name.to_ascii_lowercase()),
            },
            Ok(Token::IDHash(name)) => needs.push(format!("#{name}")),
            Ok(_) => {}
        }
        after = next_after;
        token = next(parser);
    };
    selectors.push(needs);
    let prelude = parser.slice_from(start).to_owned();
    // Text that ends before its block is kept as it is.
    let declarations = has_block
        .then(|| {
            parser
                .parse_nested_block(|block| Ok::<_, cssparser::ParseError<()>>(declarations(block)))
                .ok()
                .flatten()
        })
        .flatten();
    Rule::Style {
        text: parser.slice_from(start).to_owned(),
        selectors,
        block: declarations.map(|declarations| Block {
            prelude,
            declarations,
        }),
    }
}

/// A style rule's declarations, split at the `;` between them; `None` when the block holds a
/// nested rule (a `{` block of its own).
fn declarations(block: &mut Parser<'_>) -> Option<Vec<Declaration>> {
    let mut declarations = Vec::new();
    let mut start = block.position();
    loop {
        let token = block.next_including_whitespace_and_comments().cloned();
        match token {
            Ok(Token::CurlyBracketBlock) => return None,
            // A `;`, or the block's end: a declaration ends there.
            Ok(Token::Semicolon) | Err(_) => {
                let text = block.slice_from(start);
                let text = text.strip_suffix(';').unwrap_or(text).trim();
                if !text.is_empty() {
                    declarations.push(Declaration::read(text));
                }
                if token.is_err() {
                    return Some(declarations);
                }
                start = block.position();
            }
            Ok(_) => {}
        }
    }
}

impl Declaration {
    fn read(text: &str) -> Self {
        let sets = text
            .starts_with("--")
            .then(|| text.split(':').next().unwrap_or(text).trim().to_owned());
        Self {
            text: text.to_owned(),
            sets,
            reads: var_reads(text),
        }
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
    // An island that draws with the page's rules names the classes it adds
    // (`render::page_styled_island`).
    for (attribute, prefix) in [
        (" class=\"", '.'),
        (" data-island-classes=\"", '.'),
        (" id=\"", '#'),
    ] {
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
        @layer base{*,:before{box-sizing:border-box}h1{margin:0;color:var(--red)}}\
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
            "@layer base{*,:before{box-sizing:border-box}h1{margin:0;color:var(--red)}}",
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
        // Nothing kept reads the theme's colour without the `<h1>`.
        for dropped in ["h1{", ".hover\\:underline", "--red", "@layer theme{"] {
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
    fn form_control_parts_are_kept_only_with_a_form_control() {
        let rules = StyleRules::parse(
            "::placeholder{opacity:1}::-webkit-datetime-edit-year-field{padding:0}\
             :-moz-ui-invalid{box-shadow:none}::backdrop{margin:0}.card::placeholder{color:red}",
        );
        let without = rules.used_by(r#"<div class="card"><button>Go</button></div>"#, &[]);
        assert_eq!(without, "::backdrop{margin:0}");
        for control in [
            "<input name=x>",
            "<textarea></textarea>",
            "<select></select>",
        ] {
            let with = rules.used_by(&format!(r#"<div class="card">{control}</div>"#), &[]);
            assert_eq!(
                with,
                "::placeholder{opacity:1}::-webkit-datetime-edit-year-field{padding:0}\
                 :-moz-ui-invalid{box-shadow:none}::backdrop{margin:0}.card::placeholder{color:red}",
                "{control}"
            );
        }
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
    fn classes_an_island_names_as_its_own_count_as_present() {
        let rules = StyleRules::parse(".clock.ended{color:red}");
        assert_eq!(rules.used_by(r#"<div class="clock"></div>"#, &[]), "");
        assert_eq!(
            rules.used_by(
                r#"<div data-island-classes="ended"><div class="clock"></div></div>"#,
                &[]
            ),
            ".clock.ended{color:red}"
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
    fn custom_properties_stay_where_a_kept_rule_reads_them() {
        let rules = StyleRules::parse(
            "@property --tw-shadow{syntax:\"*\";inherits:false;initial-value:0 0 #0000}\
             @property --tw-rotate{syntax:\"*\";inherits:false}\
             @layer properties{@supports (not (x:y)){*,:before{--tw-shadow:0 0 #0000;--tw-rotate:initial}}}\
             :root{--ink:#111;--paper:#fff;--accent:var( --ink)}\
             .shadow{--tw-shadow:0 1px 2px var(--accent);box-shadow:var(--tw-shadow)}\
             .rotate{--tw-rotate:45deg;rotate:var(--tw-rotate)}",
        );
        assert_eq!(
            rules.used_by(r#"<p class="shadow">"#, &[]),
            "@property --tw-shadow{syntax:\"*\";inherits:false;initial-value:0 0 #0000}\
             @layer properties{@supports (not (x:y)){*,:before{--tw-shadow:0 0 #0000}}}\
             :root{--ink:#111;--accent:var( --ink)}\
             .shadow{--tw-shadow:0 1px 2px var(--accent);box-shadow:var(--tw-shadow)}"
        );
        // Without a reader, the registrations, the defaults and the theme's colours all go.
        assert_eq!(rules.used_by(r#"<p class="plain">"#, &[]), "");
    }

    #[test]
    fn a_rule_with_nested_rules_is_kept_whole() {
        let rules = StyleRules::parse(".a{--unread:1;&:hover{color:red}}");
        assert_eq!(
            rules.used_by(r#"<p class="a">"#, &[]),
            ".a{--unread:1;&:hover{color:red}}"
        );
    }

    #[test]
    fn text_it_cannot_place_is_kept_not_lost() {
        let rules = StyleRules::parse("@media screen{.a{color:red}");
        assert_eq!(
            rules.used_by(r#"<p class="a">"#, &[]),
            "@media screen{.a{color:red}}"
        );
        assert_eq!(StyleRules::parse("").used_by("<p>", &[]), "");
        assert_eq!(
            StyleRules::parse("p{color:red}b").used_by("<p><b>", &[]),
            "p{color:red}b"
        );
    }
}
