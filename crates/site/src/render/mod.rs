//! HTML rendering shared by every page: the document layout, the header and footer, islands
//! markup and safely embedded JSON.

pub mod critical_css;
pub mod form;
pub mod headings;
pub mod island;
pub mod json;
pub mod layout;
pub mod start;

pub use form::FormView;
pub use island::{island, Load};
pub use layout::{Document, RenderContext};
