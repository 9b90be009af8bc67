//! Owners' audit log page.

use maud::html;

use super::iso;
use super::page;
use super::uk_time;
use super::Chrome;
use onespace_store::staff::AuditEntry;

/// `/studio/audit`: newest first, `page` of `pages`.
pub fn list(chrome: &Chrome<'_>, entries: &[AuditEntry], page_number: usize, more: bool) -> String {
    page(
        chrome,
        "Audit log",
        html! {
            h1 class="studio-title" id="audit-title" { "Audit log" }
            p class="studio-lead" { "Sign-ins, staff changes and what was done with enquiries, newest first. Refusals repeated within 15 minutes for one account, or from one address, are one line: Times says how many. Lines are kept as long as enquiries are." }
            div class="table-wrap" role="region" aria-labelledby="audit-title" tabindex="0" {
                table class="data-table studio-audit" {
                    thead { tr { th scope="col" { "When" } th scope="col" { "Who" } th scope="col" { "What" } th scope="col" { "Details" } th scope="col" { "From" } th scope="col" { "Times" } } }
                    tbody {
                        @for entry in entries {
                            tr {
                                td { time datetime=(iso(entry.at)) { (uk_time(entry.at)) } }
                                td { (entry.actor.as_deref().unwrap_or("—")) }
                                td { (entry.action) }
                                td { (entry.detail) }
                                td { (entry.address) }
                                td { (entry.repeats) }
                            }
                        }
                    }
                }
            }
            nav class="studio-pages" aria-label="Pages of the audit log" {
                @if page_number > 1 { a href=(format!("/studio/audit?page={}", page_number - 1)) { "Newer" } }
                @if more { a href=(format!("/studio/audit?page={}", page_number + 1)) { "Older" } }
            }
        },
    )
}
