//! Makes sure the frontend build folder exists so the crate compiles before the frontend is
//! built (the server then reports the missing build at start), and re-embeds the assets
//! whenever a new frontend build writes its manifest. With the `dev` feature the folder is
//! `frontend/dist-dev` (`make dev`), which a debug build reads from disk on each request: a
//! frontend rebuild then needs no recompile of the server, so the folder is not watched.
//!
//! Only builds without debug assertions (release) embed the files: rust-embed reads the folder
//! at run time in the others (the test and `dev` profiles, and clippy's check). So those do not
//! watch the manifest either, and `make test` compiles the tests and runs clippy while the
//! frontend is still being built, without compiling them again when its manifest appears.

fn main() {
    let dev = std::env::var_os("CARGO_FEATURE_DEV").is_some();
    let folder = if dev {
        "../../frontend/dist-dev"
    } else {
        "../../frontend/dist"
    };
    let dist = std::path::Path::new(folder);
    if !dist.exists() {
        let _ = std::fs::create_dir_all(dist);
    }
    let embeds = std::env::var_os("CARGO_CFG_DEBUG_ASSERTIONS").is_none();
    if dev || !embeds {
        println!("cargo:rerun-if-changed=build.rs");
    } else {
        println!("cargo:rerun-if-changed={folder}/.vite/manifest.json");
        println!("cargo:rerun-if-changed={folder}");
    }
}
