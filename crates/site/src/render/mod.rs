//! What rendering a page is made of: what it is rendered from and what it gives the layout
//! ([`document`]), islands markup, safely embedded JSON, headings and an enquiry form's state.
//! The layout around every page is `crate::layout`.

pub mod document;
pub mod form_view;
pub mod headings;
pub mod island;
pub mod json;

pub use document::{Document, RenderContext};
pub use form_view::FormView;
pub use island::{island, Load};
