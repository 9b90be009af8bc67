//! What rendering a page is made of: what it is rendered from and what it gives the layout
//! ([`document`]), islands markup, safely embedded JSON, words kept whole at their hyphen
//! ([`hyphens`]), an enquiry form's state and the preview's marks of which content field made an
//! element ([`marks`]).
//! The layout around every page is `crate::layout`.

pub mod document;
pub mod form_view;
pub mod hyphens;
pub mod island;
pub mod json;
pub mod marks;

pub use document::{Document, RenderContext};
pub use form_view::FormView;
pub use island::{island, page_styled_island, Load};
