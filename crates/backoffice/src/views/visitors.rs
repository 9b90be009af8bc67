//! `/studio/visitors`: what the site brought the studio over a period, in the owner's words,
//! server-rendered like the inbox and readable on a phone (tables scroll within their frame).

use maud::{html, Markup, PreEscaped};

use super::{page, Chrome};
use crate::visitors::{Converting, Period, Report, PERIODS};

/// What the page shows.
pub struct VisitorsPage<'a> {
    /// The period shown.
    pub period: Period,
    /// The number of days, when the period is one of [`PERIODS`] ending today.
    pub days: Option<u32>,
    /// Why the asked-for period was not taken, if it was not.
    pub notice: Option<&'a str>,
    /// The figures.
    pub report: &'a Report,
    /// The query string of the period shown (for the CSV link), with its `?`.
    pub query: &'a str,
    /// Days a followed visit's steps are kept.
    pub retention_days: u64,
}

/// The page.
pub fn visitors(chrome: &Chrome<'_>, view: &VisitorsPage<'_>) -> String {
    let report = view.report;
    let (first, last) = view.period.keys();
    let spoken = format!(
        "{} to {}",
        view.period.first.format("%-d %b %Y"),
        view.period.last.format("%-d %b %Y")
    );
    page(
        chrome,
        "Visitors",
        html! {
            div class="studio-heading-row" {
                h1 class="studio-title" { "Visitors" }
                a class="btn btn-sm btn-outline" href=(format!("/studio/visitors/export.csv{}", view.query)) download {
                    "Download these figures (CSV)"
                }
            }
            p class="studio-subtitle" { "How people found the website and what they did, " (spoken) "." }
            @if let Some(notice) = view.notice {
                div class="studio-notice" role="status" { p { (notice) } }
            }
            form class="studio-filters" method="get" action="/studio/visitors" aria-label="Choose the period" {
                div class="field" {
                    label class="field-label" for="visitors-days" { "Last" }
                    select class="field-input" id="visitors-days" name="days" {
                        @for days in PERIODS {
                            option value=(days) selected[view.days == Some(days)] { (days) " days" }
                        }
                    }
                }
                div class="studio-filter-actions" {
                    button class="btn btn-primary btn-sm" type="submit" { "Show" }
                }
            }
            form class="studio-filters" method="get" action="/studio/visitors" aria-label="Choose dates" {
                div class="field" {
                    label class="field-label" for="visitors-from" { "From" }
                    input class="field-input" id="visitors-from" name="from" type="date" value=(first);
                }
                div class="field" {
                    label class="field-label" for="visitors-to" { "To" }
                    input class="field-input" id="visitors-to" name="to" type="date" value=(last);
                }
                div class="studio-filter-actions" {
                    button class="btn btn-primary btn-sm" type="submit" { "Show these dates" }
                }
            }
            dl class="stat-grid" {
                (stat("Visits", report.overall.visits, "Each visit counted once, where it began."))
                (stat("Page views", report.page_views, "Pages seen by visitors (not by search engines or the studio's staff)."))
                (stat("Followed visits", report.overall.followed, "Visits of people who chose 'Accept All', followed from page to page."))
                (stat("Clicks to buy or book", report.actions.purchase_clicks, "Clicks on a buy or book button that opens the booking site."))
                (stat("Enquiries", report.actions.enquiries, "Messages sent with the website's forms."))
            }
            (funnel(&report.overall))
            h2 class="studio-subtitle" { "Where visits began" }
            p { "Visits count everyone; the other columns count followed visits only." }
            (converting_table("Landing pages", "Page", report.landings.iter().map(|(page, figures)| (html! { (page) }, figures))))
            h2 class="studio-subtitle" { "Where visitors came from" }
            p { "The advert's source and campaign when the link named them, otherwise the website that linked here." }
            (converting_table(
                "Sources and campaigns",
                "Came from",
                report.origins.iter().map(|(origin, figures)| {
                    (html! {
                        (origin.source)
                        @if !origin.medium.is_empty() { " · " (origin.medium) }
                        @if !origin.campaign.is_empty() { " · campaign " strong { (origin.campaign) } }
                    }, figures)
                }),
            ))
            h2 class="studio-subtitle" { "Pages" }
            div class="table-wrap" role="region" aria-label="Pages: views, clicks and enquiries" tabindex="0" {
                table class="data-table" {
                    thead { tr {
                        th scope="col" { "Page" } th scope="col" { "Views" }
                        th scope="col" { "Clicks to buy" } th scope="col" { "Clicks to the trial" } th scope="col" { "Enquiries" }
                    } }
                    tbody {
                        @for (page, actions) in &report.pages {
                            tr {
                                th scope="row" { (page) }
                                td { (actions.views) } td { (actions.purchase_clicks) }
                                td { (actions.trial_clicks) } td { (actions.enquiries) }
                            }
                        }
                        @if report.pages.is_empty() {
                            tr { td colspan="5" { "Nothing counted in this period." } }
                        }
                    }
                }
            }
            h2 class="studio-subtitle" { "What is counted" }
            p {
                "Every visit is counted without knowing who it is: no cookie, nothing kept in the browser. "
                "Search engines, link previews and anyone signed in to the staff area are left out. "
                "Only visitors who chose 'Accept All' (and whose browser does not ask for privacy) are followed from page to page, for "
                (view.retention_days) " days; after that only the daily totals remain."
            }
        },
    )
}

fn stat(label: &str, value: i64, note: &str) -> Markup {
    html! {
        div class="stat" {
            dt { (label) }
            dd { (value) }
            dd class="stat-note" { (note) }
        }
    }
}

/// The funnel of the followed visits: a bar chart and, for screen readers and anyone who
/// prefers numbers, the same figures in a table.
fn funnel(overall: &Converting) -> Markup {
    const WIDTH: i64 = 600;
    const BAR: i64 = 36;
    let steps = [
        (
            "Landed on the website",
            overall.followed,
            "studio-bar-contact",
        ),
        (
            "Looked at prices or an offer",
            overall.reached_offer,
            "studio-bar-investment",
        ),
        (
            "Clicked to buy or sent an enquiry",
            overall.converted,
            "studio-bar-membership",
        ),
    ];
    let most = overall.followed.max(1);
    let mut svg = String::new();
    for (index, (label, count, class)) in steps.iter().enumerate() {
        let y = index as i64 * (BAR + 28);
        let width = (count * (WIDTH - 60) + most - 1) / most;
        svg.push_str(&format!(
            r#"<text class="studio-chart-label" x="0" y="{}">{}</text><rect class="{class}" x="0" y="{}" width="{width}" height="{BAR}"/><text class="studio-chart-label" x="{}" y="{}">{count}</text>"#,
            y + 16,
            html! { (label) }.into_string(),
            y + 20,
            width + 8,
            y + 20 + BAR / 2 + 5,
        ));
    }
    let height = steps.len() as i64 * (BAR + 28);
    html! {
        figure class="studio-chart" {
            figcaption class="studio-chart-caption" { "The followed visits, step by step" }
            svg class="studio-chart-svg" viewBox=(format!("0 0 {WIDTH} {height}")) role="img"
                aria-label="Bar chart of followed visits at each step; the table below gives the figures" {
                (PreEscaped(svg))
            }
            div class="table-wrap" role="region" aria-label="Followed visits at each step" tabindex="0" {
                table class="data-table" {
                    thead { tr { th scope="col" { "Step" } th scope="col" { "Followed visits" } th scope="col" { "Share" } } }
                    tbody {
                        @for (label, count, _) in steps {
                            tr {
                                th scope="row" { (label) }
                                td { (count) }
                                td { @if overall.followed > 0 { ((count * 100 + overall.followed / 2) / overall.followed) "%" } }
                            }
                        }
                    }
                }
            }
        }
    }
}

fn converting_table<'a>(
    label: &str,
    first_column: &str,
    rows: impl Iterator<Item = (Markup, &'a Converting)>,
) -> Markup {
    let rows: Vec<_> = rows.collect();
    html! {
        div class="table-wrap" role="region" aria-label=(label) tabindex="0" {
            table class="data-table" {
                thead { tr {
                    th scope="col" { (first_column) } th scope="col" { "Visits" } th scope="col" { "Followed" }
                    th scope="col" { "Looked at prices" } th scope="col" { "Clicked to buy or enquired" } th scope="col" { "Conversion" }
                } }
                tbody {
                    @for (name, figures) in &rows {
                        tr {
                            th scope="row" { (name) }
                            td { (figures.visits) } td { (figures.followed) }
                            td { (figures.reached_offer) } td { (figures.converted) }
                            td { @if let Some(rate) = figures.rate() { (rate) "%" } @else { "–" } }
                        }
                    }
                    @if rows.is_empty() {
                        tr { td colspan="6" { "No visits in this period." } }
                    }
                }
            }
        }
    }
}
