//! Runs the shared test vectors (`tests/vectors.json`) through the native core. The same file runs
//! through the WebAssembly build in `frontend/src/core/vectors.test.ts`, so both sides must give
//! exactly the expected outputs.
//!
//! `BLESS_VECTORS=1 cargo test -p onespace-core --test it vectors` rewrites every `expected` from the
//! native outputs; review the diff before committing it.

use std::path::PathBuf;

use onespace_core::calendar::{instant_from_ms, Window};
use onespace_core::chat::ChatFacts;
use onespace_core::forms::{validate_named, Values};
use onespace_core::mail::{self, MailKind};
use onespace_core::timetable::Filter;
use onespace_core::{chat, countdown, Pence};
use serde_json::{json, Value};

fn path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/vectors.json")
}

fn values(case: &Value) -> Values {
    serde_json::from_value(case["values"].clone()).expect("values are strings")
}

fn stored(case: &Value) -> Option<u64> {
    case["storedEndMs"].as_u64()
}

/// The native output for one case of one group; `facts` are the vectors' `chatFacts`.
fn output(group: &str, case: &Value, facts: &Value) -> Value {
    match group {
        "chatReply" => {
            let name = case["facts"].as_str().expect("facts");
            let facts: ChatFacts =
                serde_json::from_value(facts[name].clone()).expect("chat facts read");
            let now = instant_from_ms(case["nowMs"].as_i64().expect("nowMs"));
            json!(chat::respond(
                case["text"].as_str().expect("text"),
                &facts,
                now
            ))
        }
        "formatPence" => json!(Pence(case["pence"].as_u64().expect("pence")).format()),
        "introOfferCountdown" => json!(countdown::intro_offer(
            case["nowMs"].as_u64().expect("nowMs"),
            stored(case),
            match case["regularMs"].as_u64() {
                Some(period) => countdown::Revisit::RegularFor(period),
                None => countdown::Revisit::NewWindow,
            }
        )),
        "timedOfferCountdown" => json!(countdown::timed_offer(
            case["nowMs"].as_u64().expect("nowMs"),
            stored(case)
        )),
        "validateForm" => match validate_named(case["form"].as_str().expect("form"), &values(case))
        {
            Ok(result) => json!(result),
            Err(error) => json!({ "error": error.to_string() }),
        },
        "chatTopic" => json!(chat::message_topic(case["text"].as_str().expect("text"))),
        "mailLink" => match case["kind"].as_str().expect("kind").parse::<MailKind>() {
            Ok(kind) => json!(mail::build(
                kind,
                case["to"].as_str().expect("to"),
                &values(case)
            )),
            Err(error) => json!({ "error": error.to_string() }),
        },
        "timetableFilter" => {
            let filter = Filter::from_query(case["query"].as_str().expect("query"));
            json!({ "filter": filter, "query": filter.to_query() })
        }
        "timetableAdmits" => json!(
            Filter::from_parts(case["type"].as_str(), case["day"].as_str()).admits(
                case["classType"].as_str().expect("classType"),
                case["classDay"].as_str().expect("classDay"),
            )
        ),
        "offerState" => {
            let text = |key: &str| case[key].as_str().expect(key);
            match Window::parse(text("starts"), text("ends")) {
                Ok(window) => {
                    json!(window.state_at(instant_from_ms(case["nowMs"].as_i64().expect("nowMs"))))
                }
                Err(error) => json!({ "error": error.to_string() }),
            }
        }
        other => panic!("unknown vector group {other}"),
    }
}

#[test]
fn native_core_matches_the_shared_vectors() {
    let text = std::fs::read_to_string(path()).expect("vectors.json");
    let mut vectors: Value = serde_json::from_str(&text).expect("valid JSON");
    let bless = std::env::var_os("BLESS_VECTORS").is_some();
    if bless {
        vectors["chatFacts"] = super::chat_questions::fixtures();
    }
    let facts = vectors["chatFacts"].clone();
    let mut failures = Vec::new();
    let mut count = 0;
    for (group, cases) in vectors.as_object_mut().expect("object") {
        let Some(cases) = cases.as_array_mut() else {
            continue;
        };
        for (index, case) in cases.iter_mut().enumerate() {
            let actual = output(group, case, &facts);
            if group == "chatReply" {
                if let Err(wrong) = super::chat_questions::check(case, &actual) {
                    failures.push(format!(
                        "chatReply[{index}] {:?}: {wrong}\n  reply {actual}",
                        case["text"]
                    ));
                }
            }
            count += 1;
            if bless {
                case["expected"] = actual;
            } else if case.get("expected") != Some(&actual) {
                failures.push(format!(
                    "{group}[{index}]: expected {}\n  actual {actual}",
                    case.get("expected").unwrap_or(&Value::Null)
                ));
            }
        }
    }
    if bless {
        let mut written = serde_json::to_string_pretty(&vectors).expect("serialise");
        written.push('\n');
        std::fs::write(path(), written).expect("write vectors.json");
    }
    assert!(count > 50, "only {count} vectors");
    assert!(
        failures.is_empty(),
        "{} vector(s) differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
