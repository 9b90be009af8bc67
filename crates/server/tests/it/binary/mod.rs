//! The `onespace` binary itself: its command line and start-up checks, and what the release
//! build ships.

mod cli;
mod release_build;
