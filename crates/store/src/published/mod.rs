//! The site's published content in the database: [`versions`] (every version whole, numbered),
//! [`scheduled`] (changes set to go live at a UK date and time), [`merge`] (a change put on top
//! of a later version file by file) and [`formats`] (the content format each version is written
//! in, and the migrations a release brings to it).

pub mod formats;
pub mod merge;
pub mod scheduled;
pub mod versions;
