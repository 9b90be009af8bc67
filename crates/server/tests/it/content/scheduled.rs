//! Scheduled publishing of the content, on SQLite and PostgreSQL: a draft scheduled through the
//! studio's forms for a UK date and time, refused for a time that has passed or cannot be read
//! (the draft kept), listed, viewed and cancelled; the studio clock (`ONESPACE_STUDIO_CLOCK_FILE`)
//! moved past its time, the site serves it within seconds with no studio request at all; a
//! schedule that clashes with a later version of the same file is held and shown as such; with
//! two servers on one PostgreSQL it is published exactly once (one version, one audit line).
//! The store's cases prove the same at the source: many nodes settling one due schedule at once
//! publish it once, a schedule is merged over a later version of another file, and one that no
//! longer passes the check is held with the check's messages.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use onespace_store::published::scheduled::{self, NewSchedule, Settled, State};
use onespace_store::published::versions::{self, Added, Kind, NewVersion};
use onespace_store::Store;

use crate::harness;
use crate::harness::staff::{on_both, Browser, Db, Site};
use crate::harness::{lite_price_at, prices_with_lite, Server, TempDir};

/// Waits until `addr`'s /memberships shows the Lite plan at `price`.
async fn wait_for_lite(addr: &str, price: &str) {
    harness::wait_for_lite(addr, price, harness::REACH).await;
}

/// The studio's time `minutes` from now (its clock moved by the site's offset), as the
/// Schedule form's UK date and time fields, on the minute.
fn uk_fields(site: &Site, minutes: i64) -> (String, String) {
    let seconds = i64::try_from(site.now_seconds()).unwrap() + minutes * 60;
    let instant = DateTime::<Utc>::from_timestamp(seconds, 0).unwrap();
    let local = onespace_core::calendar::london_time(instant);
    (
        local.format("%Y-%m-%d").to_string(),
        local.format("%H:%M").to_string(),
    )
}

/// Moves the studio's clock out of UK 00:00-03:00 if it is there, before anything else: the
/// clocks change in that window twice a year, and the times these tests schedule (up to half
/// an hour on) must neither be skipped nor happen twice.
fn away_from_the_clock_change(site: &Site) {
    let (_, time) = uk_fields(site, 0);
    if time.as_str() < "03:00" {
        site.advance(4 * 3600);
    }
}

/// Saves `prices.toml` with Lite at `price` as `browser`'s draft.
async fn draft_lite(browser: &mut Browser, price: &str) -> String {
    let token = browser.csrf_of("/studio/content/edit/prices.toml").await;
    let saved = browser
        .post(
            "/studio/content/edit/prices.toml",
            &[("csrf", &token), ("text", &prices_with_lite(price))],
        )
        .await;
    assert_eq!(saved.status, 303, "{}", saved.text());
    token
}

/// Schedules `browser`'s draft at `date` `time` (UK): the response.
async fn schedule(
    browser: &mut Browser,
    token: &str,
    (date, time): (&str, &str),
    note: &str,
) -> harness::Response {
    browser
        .post(
            "/studio/content/draft/schedule",
            &[
                ("csrf", token),
                ("date", date),
                ("time", time),
                ("note", note),
            ],
        )
        .await
}

/// The schedule id of a `?scheduled=ID` location.
fn scheduled_id(location: Option<&str>) -> String {
    location
        .and_then(|location| location.strip_prefix("/studio/content/scheduled?scheduled="))
        .unwrap_or_else(|| panic!("not a scheduled location: {location:?}"))
        .to_owned()
}

on_both!("schedules_";a_draft_is_scheduled_listed_cancelled_and_goes_live_at_its_time_by_itself);

async fn a_draft_is_scheduled_listed_cancelled_and_goes_live_at_its_time_by_itself(
    db: Db,
    name: &str,
) {
    let site = Site::start(db, name).await;
    away_from_the_clock_change(&site);
    let (secret, _) = site.account("owner@example.com", "owner").await;
    let (editor_secret, _) = site.account("editor@example.com", "editor").await;
    let mut owner = site.signed_in("owner@example.com", &secret).await;
    let mut editor = site.signed_in("editor@example.com", &editor_secret).await;
    let addr = site.server.addr.clone();
    assert_eq!(lite_price_at(&addr).await, "£49");

    // The review offers Schedule beside Publish.
    let token = draft_lite(&mut owner, "55").await;
    let review = owner.get("/studio/content/draft").await.text();
    assert!(
        review.contains(r#"action="/studio/content/draft/schedule""#),
        "{review}"
    );
    assert!(review.contains(r#"type="date""#), "{review}");

    // A time that has passed is refused with the reason, everything typed kept, the draft too.
    let (date, time) = uk_fields(&site, -5);
    let refused = schedule(&mut owner, &token, (&date, &time), "too late").await;
    assert_eq!(refused.status, 422, "{}", refused.text());
    let page = refused.text();
    assert!(page.contains("Nothing was scheduled:"), "{page}");
    assert!(page.contains("has passed (it is"), "{page}");
    assert!(page.contains(&format!(r#"value="{date}""#)), "{page}");
    assert!(page.contains(r#"value="too late""#), "{page}");
    let refused = schedule(&mut owner, &token, (&date, "9am"), "").await;
    assert_eq!(refused.status, 422);
    assert!(
        refused
            .text()
            .contains("&#39;9am&#39; is not a time of day: write it on the 24-hour clock")
            || refused
                .text()
                .contains("'9am' is not a time of day: write it on the 24-hour clock"),
        "{}",
        refused.text()
    );
    let review = owner.get("/studio/content/draft").await;
    assert_eq!(review.status, 200);
    assert!(review.text().contains("<ins>price = 55</ins>"));

    // Scheduled for 20 minutes on: listed as waiting, the draft ended, the site unchanged.
    let (date, time) = uk_fields(&site, 20);
    let scheduled = schedule(&mut owner, &token, (&date, &time), "Lite to £55").await;
    assert_eq!(scheduled.status, 303, "{}", scheduled.text());
    let first = scheduled_id(scheduled.header("location"));
    let list = owner
        .get(&format!("/studio/content/scheduled?scheduled={first}"))
        .await
        .text();
    assert!(list.contains("Scheduled: it goes live at"), "{list}");
    assert!(list.contains("Waiting"), "{list}");
    assert!(
        list.contains("<td data-label=\"Note\">Lite to £55</td>"),
        "{list}"
    );
    assert!(
        list.contains("<td data-label=\"Who\">owner@example.com</td>"),
        "{list}"
    );
    assert!(
        list.contains(&format!("/studio/content/scheduled/{first}/cancel")),
        "{list}"
    );
    let draft = owner.get("/studio/content/draft").await;
    assert_eq!(draft.status, 303, "the draft ended");
    let view = owner
        .get(&format!("/studio/content/scheduled/{first}"))
        .await
        .text();
    assert!(view.contains("Against the live version 1"), "{view}");
    assert!(view.contains("<ins>price = 55</ins>"), "{view}");
    assert!(view.contains("<del>price = 49</del>"), "{view}");
    let history = owner.get("/studio/content").await.text();
    assert!(
        history.contains(r#"href="/studio/content/scheduled""#),
        "{history}"
    );

    // The editor schedules a clashing change from version 1 for a minute later, and the owner
    // a third change, which they cancel.
    let editor_token = draft_lite(&mut editor, "60").await;
    let (date, time) = uk_fields(&site, 21);
    let clashing = schedule(&mut editor, &editor_token, (&date, &time), "Lite to £60").await;
    assert_eq!(clashing.status, 303, "{}", clashing.text());
    let second = scheduled_id(clashing.header("location"));
    draft_lite(&mut owner, "70").await;
    let (date, time) = uk_fields(&site, 30);
    let third = schedule(&mut owner, &token, (&date, &time), "").await;
    assert_eq!(third.status, 303, "{}", third.text());
    let third = scheduled_id(third.header("location"));
    let cancel = format!("/studio/content/scheduled/{third}/cancel");
    let cancelled = owner.post(&cancel, &[("csrf", &token)]).await;
    assert_eq!(cancelled.status, 303, "{}", cancelled.text());
    assert_eq!(
        cancelled.header("location"),
        Some("/studio/content/scheduled?cancelled=1")
    );
    let again = owner.post(&cancel, &[("csrf", &token)]).await;
    assert_eq!(again.status, 409);
    assert!(again.text().contains("It was cancelled already."));
    let list = owner.get("/studio/content/scheduled").await.text();
    assert!(list.contains("Cancelled by owner@example.com"), "{list}");

    // Nothing goes live early.
    tokio::time::sleep(scheduled::TICK * 2).await;
    assert_eq!(lite_price_at(&addr).await, "£49");

    // The studio's clock passes both times: the first goes live with no studio request, and
    // the second, which changed the same file from version 1, is held.
    site.advance(22 * 60);
    wait_for_lite(&addr, "£55").await;
    tokio::time::sleep(scheduled::TICK * 3).await;
    assert_eq!(lite_price_at(&addr).await, "£55");
    let list = owner.get("/studio/content/scheduled").await.text();
    assert!(
        list.contains(r#"Published as <a href="/studio/content/versions/2">version 2</a>"#),
        "{list}"
    );
    assert!(
        list.contains("<strong>Held</strong>: nothing went live."),
        "{list}"
    );
    assert!(
        list.contains("version 2 changed Prices since this was scheduled from version 1"),
        "{list}"
    );
    assert!(!list.contains(&format!("/studio/content/scheduled/{second}/cancel")));
    let history = owner.get("/studio/content").await.text();
    assert!(
        history.contains(
            r#"<td data-label="Version"><a href="/studio/content/versions/2">2</a> <strong>(live)</strong></td>"#
        ),
        "{history}"
    );
    assert!(history.contains("Scheduled change"), "{history}");
    assert!(!history.contains("/studio/content/versions/3"), "{history}");

    // Every schedule, cancel, publish and hold is in the audit log.
    let audit = owner.get("/studio/audit").await.text();
    for line in [
        format!("<td>content-scheduled</td><td>schedule {first} from version 1 for "),
        format!("<td>content-schedule-cancelled</td><td>schedule {third} for "),
        "<td>content-published-on-schedule</td><td>version 2 from version 1, scheduled for "
            .to_owned(),
        format!("<td>content-schedule-held</td><td>schedule {second} for "),
    ] {
        assert!(audit.contains(&line), "{line} in {audit}");
    }
    assert_eq!(audit.matches("content-published-on-schedule").count(), 1);
    assert!(!site.log().contains("panicked"), "{}", site.log());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_on_one_postgresql_publish_a_schedule_exactly_once() {
    let _turn = harness::several_nodes_turn().await;
    let site = Site::start(Db::Postgres, "schedules_two_nodes").await;
    // A second node on the same database and the same studio clock.
    let other_data = TempDir::new("schedules-node-b");
    let env: Vec<(&str, &str)> = site
        .env
        .iter()
        .map(|(name, value)| (name.as_str(), value.as_str()))
        .collect();
    let other = Server::start(other_data.path(), &env).await;
    away_from_the_clock_change(&site);
    let (secret, _) = site.account("owner@example.com", "owner").await;
    let mut owner = site.signed_in("owner@example.com", &secret).await;
    let token = draft_lite(&mut owner, "57.50").await;
    let (date, time) = uk_fields(&site, 20);
    let scheduled = schedule(&mut owner, &token, (&date, &time), "").await;
    assert_eq!(scheduled.status, 303, "{}", scheduled.text());

    site.advance(21 * 60);
    wait_for_lite(&site.server.addr, "£57.50").await;
    wait_for_lite(&other.addr, "£57.50").await;
    // Both nodes have had several ticks since it was due.
    tokio::time::sleep(scheduled::TICK * 3).await;
    let store = Store::open(site.database_url.as_deref(), site.dir.path())
        .await
        .unwrap();
    assert_eq!(versions::live_number(&store).await.unwrap(), Some(2));
    store.close().await;
    let audit = owner.get("/studio/audit").await.text();
    assert_eq!(
        audit.matches("content-published-on-schedule").count(),
        1,
        "{audit}"
    );
    let published = |log: &str| log.matches("content: scheduled change published").count();
    assert_eq!(published(&site.log()) + published(&other.log()), 1);
}

/// Defines the SQLite and the PostgreSQL variant of a store case `async fn name(store: Store)`.
macro_rules! on_both_stores {
    ($case:ident) => {
        mod $case {
            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn sqlite() {
                let dir = super::TempDir::new("schedules-store");
                let store = super::Store::open(None, dir.path()).await.unwrap();
                super::$case(store).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn postgres() {
                let name = concat!("schedules_", stringify!($case)).to_owned();
                let url = tokio::task::spawn_blocking(move || {
                    crate::harness::staff::postgres().database(&name)
                })
                .await
                .unwrap();
                let dir = super::TempDir::new("schedules-store-pg");
                let store = super::Store::open(Some(&url), dir.path()).await.unwrap();
                super::$case(store).await;
            }
        }
    };
}

fn files_with_lite(price: &str) -> BTreeMap<String, String> {
    let mut files = versions::release_files();
    files.insert("prices.toml".to_owned(), prices_with_lite(price));
    files
}

/// A schedule of `files` from `base`, due at `at`.
async fn scheduled(store: &Store, base: i64, files: &BTreeMap<String, String>, at: i64) -> String {
    let new = NewSchedule {
        created_by: "owner@example.com",
        base,
        files,
        note: "",
        go_live_at: at,
        now: at - 60_000,
    };
    scheduled::add(store, new).await.unwrap()
}

/// Audit lines with `action`.
async fn audit_lines(store: &Store, action: &str) -> i64 {
    let sql = "SELECT COUNT(*) FROM studio_audit WHERE action = $1";
    match store {
        Store::Sqlite(pool, ..) => sqlx::query_scalar(sql)
            .bind(action)
            .fetch_one(pool)
            .await
            .unwrap(),
        Store::Postgres(pool) => sqlx::query_scalar(sql)
            .bind(action)
            .fetch_one(pool)
            .await
            .unwrap(),
    }
}

on_both_stores!(a_due_schedule_is_published_once_however_many_nodes_settle_it);
async fn a_due_schedule_is_published_once_however_many_nodes_settle_it(store: Store) {
    let (live, _) = versions::at_start(&store).await.unwrap();
    assert_eq!(live, 1);
    let at = 1_900_000_000_000;
    let id = scheduled(&store, 1, &files_with_lite("55"), at).await;
    // Not before its time.
    assert!(scheduled::publish_due(&store, at - 1)
        .await
        .unwrap()
        .is_empty());
    // Sixteen nodes settle it at once: one publishes, the others find it taken.
    let nodes: Vec<_> = (0..16)
        .map(|_| {
            let store = store.clone();
            tokio::spawn(async move { scheduled::publish_due(&store, at).await.unwrap() })
        })
        .collect();
    let mut published = 0;
    for node in nodes {
        for (settled_id, settled) in node.await.unwrap() {
            assert_eq!(settled_id, id);
            match settled {
                Settled::Published(number) => {
                    assert_eq!(number, 2);
                    published += 1;
                }
                Settled::Taken => {}
                other => panic!("{other:?}"),
            }
        }
    }
    assert_eq!(published, 1);
    let live = versions::live(&store).await.unwrap().unwrap();
    assert_eq!(live.number, 2);
    assert_eq!(live.kind, Kind::Scheduled);
    assert_eq!(live.author.as_deref(), Some("owner@example.com"));
    let schedule = scheduled::get(&store, &id).await.unwrap().unwrap();
    assert_eq!(schedule.state, State::Published);
    assert_eq!(schedule.published, Some(2));
    assert_eq!(
        audit_lines(&store, "content-published-on-schedule").await,
        1
    );
    // Once settled it cannot be cancelled, and nothing is due any more.
    assert!(!scheduled::cancel(&store, &id, "owner@example.com", at)
        .await
        .unwrap());
    assert!(scheduled::publish_due(&store, at + 1)
        .await
        .unwrap()
        .is_empty());
    store.close().await;
}

on_both_stores!(a_schedule_is_merged_over_a_later_version_and_held_when_both_changed_a_file);
async fn a_schedule_is_merged_over_a_later_version_and_held_when_both_changed_a_file(store: Store) {
    versions::at_start(&store).await.unwrap();
    let at = 1_900_000_000_000;
    let lite = scheduled(&store, 1, &files_with_lite("55"), at).await;
    let clash = scheduled(&store, 1, &files_with_lite("60"), at + 1).await;
    let cancelled = scheduled(&store, 1, &files_with_lite("70"), at + 2).await;
    assert!(
        scheduled::cancel(&store, &cancelled, "editor@example.com", at)
            .await
            .unwrap()
    );
    // Version 2 changes another file after the schedules started from version 1.
    let mut faq = versions::release_files();
    let text = faq.get_mut("faq.toml").unwrap();
    *text = text.replacen(
        "question = \"Is there parking?\"",
        "question = \"Where can I park?\"",
        1,
    );
    let new = NewVersion {
        kind: Kind::Import,
        author: None,
        note: "",
        files: &faq,
    };
    assert_eq!(
        versions::add(&store, Some(1), new).await.unwrap(),
        Added::Stored(2)
    );

    let done = scheduled::publish_due(&store, at + 10).await.unwrap();
    assert_eq!(done.get(&lite), Some(&Settled::Published(3)), "{done:?}");
    assert_eq!(
        done.get(&clash),
        Some(&Settled::Held(vec![
            "version 3 changed Prices since this was scheduled from version 1".to_owned()
        ])),
        "{done:?}"
    );
    assert_eq!(done.get(&cancelled), None);
    // Both changes are live: the schedule's price and version 2's question.
    let live = versions::live(&store).await.unwrap().unwrap();
    assert_eq!(live.number, 3);
    assert_eq!(live.files["prices.toml"], prices_with_lite("55"));
    assert!(live.files["faq.toml"].contains("Where can I park?"));
    let held = scheduled::get(&store, &clash).await.unwrap().unwrap();
    assert_eq!(held.state, State::Held);
    assert!(held
        .held_reason
        .unwrap()
        .contains("version 3 changed Prices"));
    assert_eq!(
        scheduled::get(&store, &cancelled)
            .await
            .unwrap()
            .unwrap()
            .state,
        State::Cancelled
    );
    assert_eq!(audit_lines(&store, "content-schedule-held").await, 1);
    store.close().await;
}

on_both_stores!(a_schedule_that_no_longer_passes_is_held_with_the_checks_messages);
async fn a_schedule_that_no_longer_passes_is_held_with_the_checks_messages(store: Store) {
    versions::at_start(&store).await.unwrap();
    let at = 1_900_000_000_000;
    // Stored past the check, as a schedule made under a release whose check was laxer.
    let id = scheduled(&store, 1, &files_with_lite("\"£5x\""), at).await;
    let done = scheduled::publish_due(&store, at).await.unwrap();
    let Some(Settled::Held(reasons)) = done.get(&id) else {
        panic!("{done:?}");
    };
    assert_eq!(
        reasons,
        &vec!["Lite's price must be in pounds, like 49 or 62.50".to_owned()]
    );
    assert_eq!(versions::live_number(&store).await.unwrap(), Some(1));
    assert_eq!(audit_lines(&store, "content-schedule-held").await, 1);
    store.close().await;
}

/// The route table lists the scheduling paths for staff, so the route walk in `staff_area/access.rs`
/// (`no_studio_route_answers_without_a_session`, which reads the same table) proves that none of
/// them answers without a session.
#[test]
fn the_scheduling_paths_are_in_the_route_table_for_staff() {
    let output = std::process::Command::new(harness::binary())
        .args(["studio", "routes"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&output.stdout).unwrap();
    for (path, method) in [
        ("/studio/content/draft/schedule", "POST"),
        ("/studio/content/scheduled", "GET"),
        ("/studio/content/scheduled/{id}", "GET"),
        ("/studio/content/scheduled/{id}/cancel", "POST"),
    ] {
        let row = rows
            .iter()
            .find(|row| row["path"] == path)
            .unwrap_or_else(|| panic!("{path} is not in the route table"));
        assert_eq!(row["access"], "staff", "{path}");
        assert_eq!(row["methods"], serde_json::json!([method]), "{path}");
    }
}
