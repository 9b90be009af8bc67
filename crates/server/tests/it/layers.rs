//! The crate graph is the architecture: each crate may depend only on the crates below it
//! (docs/ARCHITECTURE.md), and the crate that renders the public pages never reaches the
//! database driver, not even through another crate. Read from `cargo metadata`, so a new
//! dependency that breaks the direction fails here, whatever the code says.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// Each crate of ours and the crates of ours it may depend on (normal dependencies).
const ALLOWED: [(&str, &[&str]); 10] = [
    ("onespace-core", &[]),
    ("onespace-http", &[]),
    ("onespace-store", &["onespace-core"]),
    ("onespace-images", &["onespace-http", "onespace-core"]),
    (
        "onespace-site",
        &["onespace-images", "onespace-http", "onespace-core"],
    ),
    (
        "onespace-backoffice",
        &[
            "onespace-site",
            "onespace-store",
            "onespace-images",
            "onespace-http",
            "onespace-core",
        ],
    ),
    (
        "onespace-server",
        &[
            "onespace-backoffice",
            "onespace-site",
            "onespace-store",
            "onespace-images",
            "onespace-http",
            "onespace-core",
        ],
    ),
    ("onespace-wasm", &["onespace-core"]),
    ("onespace-editor-wasm", &["onespace-core"]),
    ("onespace-chat-wasm", &["onespace-core"]),
];

/// The machine's target triple (`rustc -vV`): the graph is resolved for it alone, so no other
/// platform's crates are fetched to read it.
fn host() -> String {
    let output = Command::new("rustc")
        .arg("-vV")
        .output()
        .expect("rustc -vV runs");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .find_map(|line| line.strip_prefix("host: "))
        .expect("rustc names its host")
        .to_owned()
}

/// The workspace's resolved graph: package name to the names of its normal dependencies.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let output = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--filter-platform",
            &host(),
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: Value = serde_json::from_slice(&output.stdout).expect("cargo metadata's JSON");
    let names: BTreeMap<&str, &str> = metadata["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .filter_map(|package| Some((package["id"].as_str()?, package["name"].as_str()?)))
        .collect();
    metadata["resolve"]["nodes"]
        .as_array()
        .expect("the resolved graph")
        .iter()
        .filter_map(|node| {
            let name = names.get(node["id"].as_str()?)?;
            let deps = node["deps"]
                .as_array()?
                .iter()
                .filter(|dep| {
                    // Normal dependencies only: tests and build scripts may use more.
                    dep["dep_kinds"]
                        .as_array()
                        .is_some_and(|kinds| kinds.iter().any(|kind| kind["kind"].is_null()))
                })
                .filter_map(|dep| {
                    names
                        .get(dep["pkg"].as_str()?)
                        .map(|name| (*name).to_owned())
                })
                .collect();
            Some(((*name).to_owned(), deps))
        })
        .collect()
}

#[test]
fn each_crate_depends_only_on_the_crates_below_it() {
    let graph = graph();
    let allowed: BTreeMap<&str, &[&str]> = ALLOWED.into_iter().collect();
    let ours: Vec<&String> = graph
        .keys()
        .filter(|name| name.starts_with("onespace-"))
        .collect();
    let mut wrong = Vec::new();
    for name in &ours {
        let Some(may) = allowed.get(name.as_str()) else {
            wrong.push(format!(
                "{name} is not in the layer table (docs/ARCHITECTURE.md)"
            ));
            continue;
        };
        for dep in graph[*name]
            .iter()
            .filter(|dep| dep.starts_with("onespace-"))
        {
            if !may.contains(&dep.as_str()) {
                wrong.push(format!("{name} depends on {dep}, which is not below it"));
            }
        }
    }
    assert!(ours.len() >= ALLOWED.len(), "found only {ours:?}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_public_pages_never_reach_the_database_driver() {
    let graph = graph();
    for top in [
        "onespace-site",
        "onespace-images",
        "onespace-http",
        "onespace-core",
    ] {
        let mut seen = BTreeSet::new();
        let mut path: BTreeMap<String, String> = BTreeMap::new();
        let mut next = vec![top.to_owned()];
        while let Some(name) = next.pop() {
            if !seen.insert(name.clone()) {
                continue;
            }
            for dep in graph.get(&name).into_iter().flatten() {
                path.entry(dep.clone()).or_insert_with(|| name.clone());
                next.push(dep.clone());
            }
        }
        for driver in ["sqlx", "sqlx-core", "onespace-store"] {
            assert!(
                !seen.contains(driver),
                "{top} reaches {driver} (through {})",
                path.get(driver).map_or("?", String::as_str)
            );
        }
    }
    assert!(
        graph
            .get("onespace-store")
            .is_some_and(|deps| deps.contains("sqlx")),
        "the store is where sqlx is, so the check above means something"
    );
}

/// The crate's top-level modules (files and folders of `src`, less `lib`/`main`) and, for each,
/// the others its production code names as `crate::<module>`: comment lines and everything
/// from a file's `#[cfg(test)]` on are left out, as is a module's use of itself.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let modules: BTreeSet<String> = std::fs::read_dir(src)
        .expect("the crate's src")
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            let name = name.strip_suffix(".rs").unwrap_or(&name).to_owned();
            (name != "lib" && name != "main").then_some(name)
        })
        .collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut files = vec![src.to_path_buf()];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(
                std::fs::read_dir(&path)
                    .expect("a folder")
                    .flatten()
                    .map(|e| e.path()),
            );
            continue;
        }
        if path.extension().is_none_or(|ext| ext != "rs") {
            continue;
        }
        let relative = path.strip_prefix(src).expect("under src");
        let top = relative.components().next().expect("a name");
        let top = top.as_os_str().to_string_lossy();
        let top = top.strip_suffix(".rs").unwrap_or(&top).to_owned();
        if !modules.contains(&top) {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a source file");
        let production = text.split("#[cfg(test)]").next().unwrap_or_default();
        let names = graph.entry(top.clone()).or_default();
        for line in production
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
        {
            for (at, _) in line.match_indices("crate::") {
                let rest = &line[at + "crate::".len()..];
                let mut found: Vec<&str> = Vec::new();
                if let Some(group) = rest.strip_prefix('{') {
                    // `use crate::{a::b, c};`: each item's first name.
                    let group = group.split('}').next().unwrap_or_default();
                    found.extend(
                        group
                            .split(',')
                            .map(|item| item.trim().split("::").next().unwrap_or_default()),
                    );
                } else {
                    found.push(
                        rest.split(|c: char| !c.is_alphanumeric() && c != '_')
                            .next()
                            .unwrap_or_default(),
                    );
                }
                for name in found {
                    if name != top && modules.contains(name) {
                        names.insert(name.to_owned());
                    }
                }
            }
        }
    }
    graph
}

/// A circle in `graph`, as the modules along it, if there is one.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|seen| seen == node) {
            return Some(path[at..].to_vec());
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, graph, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn no_crate_has_a_circle_between_its_top_level_modules() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut circles = Vec::new();
    for name in [
        "core",
        "http",
        "store",
        "images",
        "site",
        "backoffice",
        "server",
    ] {
        let graph = module_graph(&crates.join(name).join("src"));
        assert!(!graph.is_empty(), "{name}: no modules read");
        if let Some(found) = circle(&graph) {
            circles.push(format!("{name}: {}", found.join(" -> ")));
        }
    }
    assert!(
        circles.is_empty(),
        "modules that name each other:\n{}",
        circles.join("\n")
    );
}

#[test]
fn a_circle_between_modules_is_found() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(node, next)| {
        (
            node.to_owned(),
            next.into_iter().map(str::to_owned).collect(),
        )
    })
    .collect();
    assert_eq!(circle(&graph).map(|found| found.len()), Some(3));
    let mut line = graph;
    line.insert("c".to_owned(), BTreeSet::new());
    assert_eq!(circle(&line), None);
}
