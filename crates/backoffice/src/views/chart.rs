//! Enquiries per week by form, as an inline SVG bar chart (stacked, one colour per form) with
//! the same figures in a table for screen readers and anyone who prefers numbers.

use maud::{html, Markup, PreEscaped};

/// One week's counts.
pub struct Week {
    /// Its label (`17 Nov`): the Monday it starts on.
    pub label: String,
    /// Counts per series, in [`SERIES`] order.
    pub counts: [usize; 4],
}

/// The series (forms) and their fill classes.
pub const SERIES: [(&str, &str); 4] = [
    ("Contact", "studio-bar-contact"),
    ("Investment", "studio-bar-investment"),
    ("Investor contact", "studio-bar-investor"),
    ("Membership", "studio-bar-membership"),
];

const WIDTH: usize = 600;
const HEIGHT: usize = 160;
const AXIS: usize = 20;

/// The chart and its table.
pub fn weekly(weeks: &[Week]) -> Markup {
    let max = weeks
        .iter()
        .map(|week| week.counts.iter().sum::<usize>())
        .max()
        .unwrap_or(0)
        .max(1);
    let slot = WIDTH / weeks.len().max(1);
    let bar = slot * 2 / 3;
    let plot = HEIGHT - AXIS;
    let mut svg = String::new();
    for (index, week) in weeks.iter().enumerate() {
        let x = index * slot + (slot - bar) / 2;
        let mut top = plot;
        for (count, (_, class)) in week.counts.iter().zip(SERIES) {
            if *count == 0 {
                continue;
            }
            let height = (count * plot).div_ceil(max);
            top = top.saturating_sub(height);
            svg.push_str(&format!(
                r#"<rect class="{class}" x="{x}" y="{top}" width="{bar}" height="{height}"/>"#
            ));
        }
        // Every other week is labelled, counting back from this week's, which always is.
        if (weeks.len() - 1 - index) % 2 == 0 || weeks.len() <= 6 {
            // The last label ends at its bar's right edge, so that it is never cut off by the
            // chart's edge when the labels are drawn larger on a phone.
            let (anchor, at) = if index + 1 == weeks.len() {
                ("end", x + bar)
            } else {
                ("middle", x + bar / 2)
            };
            svg.push_str(&format!(
                r#"<text class="studio-chart-label" x="{at}" y="{}" text-anchor="{anchor}">{}</text>"#,
                HEIGHT - 4,
                escape(&week.label)
            ));
        }
    }
    let total: usize = weeks
        .iter()
        .map(|week| week.counts.iter().sum::<usize>())
        .sum();
    html! {
        figure class="studio-chart" {
            figcaption class="studio-chart-caption" {
                "Enquiries per week, last " (weeks.len()) " weeks (" (total) " in all)"
            }
            ul class="studio-legend" {
                @for (name, class) in SERIES {
                    li { span class=(format!("studio-swatch {class}")) {} (name) }
                }
            }
            svg class="studio-chart-svg" viewBox=(format!("0 0 {WIDTH} {HEIGHT}")) role="img"
                aria-label="Bar chart of enquiries per week; the table below gives the figures" {
                (PreEscaped(svg))
            }
            details class="studio-chart-table" {
                summary { "Show the figures" }
                div class="table-wrap" role="region" aria-label="Enquiries per week, the figures" tabindex="0" {
                    table class="data-table" {
                        thead { tr { th scope="col" { "Week of" } @for (name, _) in SERIES { th scope="col" { (name) } } } }
                        tbody {
                            @for week in weeks {
                                tr { th scope="row" { (week.label) } @for count in week.counts { td { (count) } } }
                            }
                        }
                    }
                }
            }
        }
    }
}

fn escape(text: &str) -> String {
    maud::html! { (text) }.into_string()
}
