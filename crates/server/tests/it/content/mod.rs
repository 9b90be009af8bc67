//! The site's content: the content folder through the binary (`folder`), its versions in the
//! database, and the studio's photos, preview and scheduled publishing.

mod folder;
mod photos;
mod preview;
mod scheduled;
mod versions;
