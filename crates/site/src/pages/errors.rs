//! The not-found (404) and unexpected-error (500) pages.

use maud::html;

use crate::render::Document;

use crate::routes::Page;

/// 'Oops! Page not found' with a link home.
pub fn not_found() -> Document {
    Document::error_page(
        "Page Not Found | One Space",
        html! {
            section class="page-hero error-page" {
                div class="container-page text-center" {
                    p class="error-code" { "404" }
                    h1 class="page-title" { "Oops! Page not found" }
                    p class="page-lead" { "The page you are looking for has moved or never existed." }
                    div class="hero-actions justify-center" {
                        a class="btn btn-primary" href=(Page::Home.path()) { "Return to Home" }
                    }
                }
            }
        },
    )
}

/// 'Unexpected Application Error!' with the status.
pub fn server_error(status: u16) -> Document {
    Document::error_page(
        "Unexpected Application Error! | One Space",
        html! {
            section class="page-hero error-page" {
                div class="container-page text-center" {
                    p class="error-code" { (status) }
                    h1 class="page-title" { "Unexpected Application Error!" }
                    p class="page-lead" { "Something went wrong on our side. Please try again in a moment." }
                    div class="hero-actions justify-center" {
                        a class="btn btn-primary" href=(Page::Home.path()) { "Return to Home" }
                    }
                }
            }
        },
    )
}
