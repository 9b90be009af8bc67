//! The preview's own rules, apart from its handler (`pages::preview`) so they are tested on
//! their own: the instant asked for, the preview's addresses, and how a page the public site
//! would serve becomes a page of the preview.
//!
//! A preview is the site rendered from a chosen content (the person's draft, or the live
//! version) at a chosen instant, with the pages' own renderer (`onespace_site::pages::document`,
//! `onespace_site::layout`): nothing is re-implemented for it, so what it shows is what the
//! site will show. Its addresses keep the instant (`at`) and the choice of content (`of`), so
//! following a link inside a preview stays in the same preview.

use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, Utc};

use onespace_site::routes;

/// The address of the preview's home page; a page's preview is this plus the page's path.
pub const PREFIX: &str = "/studio/content/preview";

/// The instant's form in a preview's address: a UK date and time to the minute.
const AT_FORMAT: &str = "%Y-%m-%dT%H:%M";

/// The years a preview may be asked for. Wider than any offer the studio will plan, narrow
/// enough that every date rule on the site has a real calendar to work on.
const YEARS: std::ops::RangeInclusive<i32> = 2000..=2100;

/// A UK date and time of day, to the minute, as a preview is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moment(NaiveDateTime);

impl Moment {
    /// `at` as a preview's address writes it (`2025-09-15T14:30`, UK time).
    pub fn parse(at: &str) -> Option<Self> {
        NaiveDateTime::parse_from_str(at.trim(), AT_FORMAT)
            .ok()
            .and_then(Self::within_years)
    }

    /// The preview form's two fields: a date (`2025-09-15`) and a time on the 24-hour clock
    /// (`14:30`, or `9:05`); no time is the start of the day.
    pub fn from_fields(date: &str, time: &str) -> Option<Self> {
        let date = NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d").ok()?;
        let time = match time.trim() {
            "" => NaiveTime::MIN,
            typed => NaiveTime::parse_from_str(typed, "%H:%M").ok()?,
        };
        Self::within_years(date.and_time(time))
    }

    /// The UK date and time at `instant`, to the minute.
    pub fn at_instant(instant: DateTime<Utc>) -> Self {
        use chrono::Timelike;
        let local = onespace_core::calendar::london_time(instant).naive_local();
        Self(
            local
                .with_second(0)
                .and_then(|local| local.with_nanosecond(0))
                .unwrap_or(local),
        )
    }

    fn within_years(local: NaiveDateTime) -> Option<Self> {
        use chrono::Datelike;
        YEARS.contains(&local.year()).then_some(Self(local))
    }

    /// The instant the studio's clocks show this (`onespace_core::calendar::london_instant`).
    pub fn instant(self) -> DateTime<Utc> {
        onespace_core::calendar::london_instant(self.0)
    }

    /// As the preview's address writes it: `2025-09-15T14:30`.
    pub fn at(self) -> String {
        self.0.format(AT_FORMAT).to_string()
    }

    /// The date, as a date field's value: `2025-09-15`.
    pub fn date(self) -> String {
        self.0.format("%Y-%m-%d").to_string()
    }

    /// The time of day on the 24-hour clock: `14:30`.
    pub fn time(self) -> String {
        self.0.format("%H:%M").to_string()
    }

    /// As the studio reads it: `Mon 15 Sep 2025, 14:30`.
    pub fn describe(self) -> String {
        self.0.format("%a %-d %b %Y, %H:%M").to_string()
    }
}

/// What a preview's address asks for besides the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Asked {
    /// The chosen instant; none is now (each page is then rendered for the moment it is asked).
    pub at: Option<Moment>,
    /// The live version rather than the person's draft.
    pub live: bool,
}

impl Asked {
    /// The preview's address of the site's page at `path` (`/`, `/memberships`), as it goes in
    /// a URL (`&` between parameters).
    pub fn url(self, path: &str) -> String {
        let mut url = String::from(PREFIX);
        if path != "/" {
            url.push_str(path);
        }
        let mut separator = '?';
        if let Some(at) = self.at {
            url.push(separator);
            url.push_str("at=");
            url.push_str(&at.at());
            separator = '&';
        }
        if self.live {
            url.push(separator);
            url.push_str("of=live");
        }
        url
    }

    /// [`Asked::url`] as it is written inside an HTML attribute (`&amp;`).
    fn href(self, path: &str) -> String {
        self.url(path).replace('&', "&amp;")
    }
}

/// Where the preview's photos are served, to staff only: a photo a draft names has no public
/// address until it is published, so a previewed page names its photos here rather than under
/// the site's `/images/` (the studio's route table serves `{file}` under it).
pub const IMAGES_PREFIX: &str = "/studio/content/preview-images/";

/// `html` with every photo address the layout writes under the site's `/images/` (`src`,
/// `srcset`, a preload's `href` and `imagesrcset`: always right after the attribute's opening
/// quote or after a `srcset` candidate's `, `) moved to [`IMAGES_PREFIX`], so a draft's new
/// photo shows in its preview. Absolute addresses (`og:image`, the JSON-LD) stay as they are.
pub fn rewrite_images(html: &str) -> String {
    let site = onespace_images::IMAGES_PREFIX;
    html.replace(&format!("\"{site}"), &format!("\"{IMAGES_PREFIX}"))
        .replace(&format!(", {site}"), &format!(", {IMAGES_PREFIX}"))
}

/// `html` (a whole page as the public site renders it) with every link to one of the site's
/// pages (`href="/memberships"`, `href="/"`, `href="/contact#form"`) leading to that page's
/// preview instead, with the same instant and content, so the whole previewed site can be
/// walked. Links to anything else (assets, photos, other sites, anchors in the page) stay as
/// they are. The layout writes every attribute value between double quotes, escaped, so a link
/// is always `href="..."` with no quote inside.
pub fn rewrite_links(html: &str, asked: Asked) -> String {
    const HREF: &str = "href=\"";
    let mut out = String::with_capacity(html.len() + html.len() / 8);
    let mut rest = html;
    while let Some(start) = rest.find(HREF) {
        let value_start = start + HREF.len();
        out.push_str(&rest[..value_start]);
        rest = &rest[value_start..];
        let Some(end) = rest.find('"') else { break };
        let value = &rest[..end];
        out.push_str(&rewritten(value, asked).unwrap_or_else(|| value.to_owned()));
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// A link's preview address, when it leads to a page of the site.
fn rewritten(value: &str, asked: Asked) -> Option<String> {
    if !value.starts_with('/') || value.starts_with("//") {
        return None;
    }
    let (before_fragment, fragment) = match value.split_once('#') {
        Some((before, fragment)) => (before, Some(fragment)),
        None => (value, None),
    };
    let (path, query) = match before_fragment.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (before_fragment, None),
    };
    let route = routes::find(path)?;
    let mut href = asked.href(route.path);
    if let Some(query) = query.filter(|query| !query.is_empty()) {
        href.push_str(if href.contains('?') { "&amp;" } else { "?" });
        href.push_str(query);
    }
    if let Some(fragment) = fragment {
        href.push('#');
        href.push_str(fragment);
    }
    Some(href)
}

/// `html` with `bar` as the first thing in its body. Spliced into the finished page rather
/// than given to the layout: the layout is the public site's, which knows nothing of the studio
/// (the studio uses the site's renderer, never the reverse), and the page around the bar stays
/// byte for byte what the site would serve.
pub fn insert_bar(html: &str, bar: &str) -> String {
    let after_body = html
        .find("<body")
        .and_then(|start| html[start..].find('>').map(|end| start + end + 1));
    match after_body {
        Some(at) => format!("{}{bar}{}", &html[..at], &html[at..]),
        // Never the case for the layout's pages; the bar still comes first.
        None => format!("{bar}{html}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moment(at: &str) -> Moment {
        Moment::parse(at).unwrap_or_else(|| panic!("{at} reads"))
    }

    #[test]
    fn a_moment_is_a_uk_date_and_time_to_the_minute() {
        // Summer time: 14:30 in London is 13:30 UTC.
        assert_eq!(
            moment("2025-09-15T14:30").instant().to_rfc3339(),
            "2025-09-15T13:30:00+00:00"
        );
        // Winter: the same.
        assert_eq!(
            moment("2025-12-01T09:05").instant().to_rfc3339(),
            "2025-12-01T09:05:00+00:00"
        );
        assert_eq!(
            Moment::from_fields("2025-09-15", "9:05"),
            Some(moment("2025-09-15T09:05"))
        );
        assert_eq!(
            Moment::from_fields("2025-09-15", ""),
            Some(moment("2025-09-15T00:00"))
        );
        for bad in [
            "",
            "2025-09-15",
            "2025-02-30T10:00",
            "2025-09-15T24:00",
            "15/09/2025 10:00",
            "1999-12-31T23:59",
            "2101-01-01T00:00",
            "2025-09-15T10:00<script>",
        ] {
            assert_eq!(Moment::parse(bad), None, "{bad}");
        }
        assert_eq!(Moment::from_fields("2025-09-15", "2pm"), None);
        assert_eq!(Moment::from_fields("next week", "10:00"), None);
        let now = moment("2025-07-01T18:07");
        assert_eq!(Moment::at_instant(now.instant()), now);
        assert_eq!(now.describe(), "Tue 1 Jul 2025, 18:07");
        assert_eq!(
            (now.date(), now.time()),
            ("2025-07-01".into(), "18:07".into())
        );
    }

    #[test]
    fn addresses_keep_the_instant_and_the_content() {
        let at = Some(moment("2025-09-15T14:30"));
        assert_eq!(Asked::default().url("/"), "/studio/content/preview");
        assert_eq!(
            Asked::default().url("/memberships"),
            "/studio/content/preview/memberships"
        );
        assert_eq!(
            Asked { at, live: true }.url("/about"),
            "/studio/content/preview/about?at=2025-09-15T14:30&of=live"
        );
        assert_eq!(
            Asked {
                at: None,
                live: true
            }
            .url("/"),
            "/studio/content/preview?of=live"
        );
    }

    #[test]
    fn photos_are_named_at_the_previews_own_address_and_absolute_ones_stay() {
        let page = concat!(
            r#"<link rel="preload" as="image" href="/images/ab-480.avif" imagesrcset="/images/ab-480.avif 480w, /images/ab-960.avif 960w">"#,
            r#"<img src="/images/ab-480.jpg" srcset="/images/ab-480.jpg 480w, /images/ab-960.jpg 960w" alt="A class">"#,
            r#"<meta property="og:image" content="https://www.example.com/images/ab-1200.jpg">"#,
            r#"<img src="data:image/webp;base64,AAAA" alt="">"#,
        );
        assert_eq!(
            rewrite_images(page),
            concat!(
                r#"<link rel="preload" as="image" href="/studio/content/preview-images/ab-480.avif" imagesrcset="/studio/content/preview-images/ab-480.avif 480w, /studio/content/preview-images/ab-960.avif 960w">"#,
                r#"<img src="/studio/content/preview-images/ab-480.jpg" srcset="/studio/content/preview-images/ab-480.jpg 480w, /studio/content/preview-images/ab-960.jpg 960w" alt="A class">"#,
                r#"<meta property="og:image" content="https://www.example.com/images/ab-1200.jpg">"#,
                r#"<img src="data:image/webp;base64,AAAA" alt="">"#,
            )
        );
        let route = format!("{IMAGES_PREFIX}{{file}}");
        assert!(
            crate::ROUTES
                .iter()
                .any(|staff_route| staff_route.path == route),
            "{route} is not in the staff area's route table"
        );
    }

    #[test]
    fn links_to_the_sites_pages_lead_into_the_preview_and_nothing_else_moves() {
        let asked = Asked {
            at: Some(moment("2025-09-15T14:30")),
            live: true,
        };
        let page = concat!(
            r#"<link rel="stylesheet" href="/assets/index-abc.css">"#,
            r#"<a href="/">Home</a><a href="/memberships">M</a>"#,
            r##"<a href="/contact#contact-form">C</a><a href="#main">skip</a>"##,
            r#"<a href="/images/abc-480.jpg">p</a><a href="https://example.com/">x</a>"#,
            r#"<a href="//evil.example/">y</a><a href="/no-such-page">z</a>"#,
            r#"<a href="/about?x=1">q</a><a href="mailto:hello@example.com">m</a>"#,
        );
        assert_eq!(
            rewrite_links(page, asked),
            concat!(
                r#"<link rel="stylesheet" href="/assets/index-abc.css">"#,
                r#"<a href="/studio/content/preview?at=2025-09-15T14:30&amp;of=live">Home</a>"#,
                r#"<a href="/studio/content/preview/memberships?at=2025-09-15T14:30&amp;of=live">M</a>"#,
                r#"<a href="/studio/content/preview/contact?at=2025-09-15T14:30&amp;of=live#contact-form">C</a>"#,
                r##"<a href="#main">skip</a>"##,
                r#"<a href="/images/abc-480.jpg">p</a><a href="https://example.com/">x</a>"#,
                r#"<a href="//evil.example/">y</a><a href="/no-such-page">z</a>"#,
                r#"<a href="/studio/content/preview/about?at=2025-09-15T14:30&amp;of=live&amp;x=1">q</a>"#,
                r#"<a href="mailto:hello@example.com">m</a>"#,
            )
        );
        assert_eq!(
            rewrite_links(r#"<a href="/about?x=1">q</a>"#, Asked::default()),
            r#"<a href="/studio/content/preview/about?x=1">q</a>"#
        );
        // An unclosed attribute (never written by the layout) is left as it is.
        assert_eq!(
            rewrite_links(r#"<a href="/about"#, Asked::default()),
            r#"<a href="/about"#
        );
    }

    #[test]
    fn the_bar_comes_first_in_the_body() {
        assert_eq!(
            insert_bar(
                "<html><head></head><body><a>x</a></body></html>",
                "<div>bar</div>"
            ),
            "<html><head></head><body><div>bar</div><a>x</a></body></html>"
        );
        assert_eq!(
            insert_bar(r#"<body class="x"><p>"#, "B"),
            r#"<body class="x">B<p>"#
        );
        assert_eq!(insert_bar("<p>", "B"), "B<p>");
    }
}
