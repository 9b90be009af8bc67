//! Makes sure the frontend build folder exists so the crate compiles before the frontend is
//! built (the server then reports the missing build at start), and re-embeds the assets
//! whenever a new frontend build writes its manifest. With the `dev` feature the folder is
//! `frontend/dist-dev` (`make dev`), which a debug build reads from disk on each request: a
//! frontend rebuild then needs no recompile of the server, so the folder is not watched.

fn main() {
    let folder = if std::env::var_os("CARGO_FEATURE_DEV").is_some() {
        "../../frontend/dist-dev"
    } else {
        "../../frontend/dist"
    };
    let dist = std::path::Path::new(folder);
    if !dist.exists() {
        let _ = std::fs::create_dir_all(dist);
    }
    if std::env::var_os("CARGO_FEATURE_DEV").is_some() {
        println!("cargo:rerun-if-changed=build.rs");
    } else {
        println!("cargo:rerun-if-changed={folder}/.vite/manifest.json");
        println!("cargo:rerun-if-changed={folder}");
    }
}
