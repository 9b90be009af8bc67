//! `onespace render --out DIR`: writes every page, the sitemap, robots.txt and every asset as
//! static files, each with `.gz` and `.br` siblings, for a CDN or a static host (nginx with
//! `gzip_static`), and the studio's photos' variants below /images/. Forms in those pages still
//! post to the server.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::site::Site;
use onespace_http::Representation;

/// Writes the site below `out`; returns the number of files written (encodings included).
pub fn write_site(site: &Site, out: &Path) -> io::Result<usize> {
    let mut written = 0;
    for (path, page) in site.pages() {
        let file = if path == "/" {
            out.join("index.html")
        } else {
            out.join(format!("{}.html", path.trim_start_matches('/')))
        };
        written += write_representation(&file, page)?;
    }
    written += write_representation(&out.join("404.html"), &site.not_found)?;
    written += write_representation(&out.join("sitemap.xml"), &site.sitemap)?;
    written += write_representation(&out.join("robots.txt"), &site.robots)?;
    for (path, asset) in site.assets.paths() {
        written += write_representation(&out.join(path.trim_start_matches('/')), asset)?;
    }
    let images = out.join(onespace_images::IMAGES_PREFIX.trim_matches('/'));
    for (file, variant) in site.context().images.files() {
        written += write_representation(&images.join(file), variant)?;
    }
    Ok(written)
}

fn write_representation(file: &Path, representation: &Representation) -> io::Result<usize> {
    if let Some(parent) = file.parent() {
        fs::create_dir_all(parent)?;
    }
    fs::write(file, representation.identity())?;
    let mut count = 1;
    for (suffix, body) in [
        ("gz", representation.gzip()),
        ("br", representation.brotli()),
    ] {
        if let Some(body) = body {
            fs::write(with_suffix(file, suffix), body)?;
            count += 1;
        }
    }
    Ok(count)
}

fn with_suffix(file: &Path, suffix: &str) -> PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(".");
    name.push(suffix);
    PathBuf::from(name)
}
