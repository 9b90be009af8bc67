//! HTML rendering shared by every page: the document layout, the header and footer, islands
//! markup and safely embedded JSON.

pub mod island;
pub mod json;
pub mod layout;

pub use island::{island, Load};
pub use layout::{Document, RenderContext};
