//! Makes sure the frontend build folder exists so the crate compiles before the frontend is
//! built (the server then reports the missing build at start), and re-embeds the assets
//! whenever a new frontend build writes its manifest.

fn main() {
    let dist = std::path::Path::new("../../frontend/dist");
    if !dist.exists() {
        let _ = std::fs::create_dir_all(dist);
    }
    println!("cargo:rerun-if-changed=../../frontend/dist/.vite/manifest.json");
    println!("cargo:rerun-if-changed=../../frontend/dist");
}
