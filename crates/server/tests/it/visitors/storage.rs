//! The visitor tables on both databases: batches from several nodes add up, steps are read
//! back by visit, the retention period deletes old steps only, and an enquiry's erasure takes
//! its visit with it.

use onespace_store::visitors::{self, Batch, CountKey, Kind, Source, Step};
use onespace_store::Store;

use crate::harness::postgres::Postgres;
use crate::harness::TempDir;

fn postgres() -> &'static Postgres {
    static SERVER: std::sync::OnceLock<Postgres> = std::sync::OnceLock::new();
    SERVER.get_or_init(Postgres::start)
}

fn landing(day: &str, campaign: &str) -> CountKey {
    CountKey {
        day: day.to_owned(),
        kind: Kind::Landing,
        page: "/hot-yoga".to_owned(),
        from: Source {
            referrer: "l.facebook.com".to_owned(),
            source: "facebook".to_owned(),
            medium: String::new(),
            campaign: campaign.to_owned(),
        },
    }
}

fn step(visit: &str, at: i64, kind: Kind, enquiry: Option<&str>) -> Step {
    Step {
        visit: visit.to_owned(),
        at,
        kind,
        page: "/hot-yoga".to_owned(),
        from: Source::default(),
        enquiry: enquiry.map(str::to_owned),
    }
}

/// Two nodes (two stores on one database) write batches at once; the totals are their sum.
async fn nodes_add_up(first: Store, second: Store) {
    let batch = |count: i64| Batch {
        counts: vec![
            (landing("2026-11-27", "spring"), count),
            (landing("2026-11-28", "spring"), 1),
        ],
        steps: Vec::new(),
    };
    let writes = (0..10).map(|n| {
        let store = if n % 2 == 0 {
            first.clone()
        } else {
            second.clone()
        };
        tokio::spawn(async move { visitors::write(&store, batch(n + 1)).await })
    });
    for write in writes.collect::<Vec<_>>() {
        write.await.unwrap().unwrap();
    }
    let totals = visitors::totals(&first, "2026-11-27", "2026-11-27")
        .await
        .unwrap();
    assert_eq!(totals.len(), 1, "{totals:?}");
    assert_eq!(totals[0].count, (1..=10).sum::<i64>());
    assert_eq!(totals[0].from.campaign, "spring");
    let both_days = visitors::totals(&second, "2026-11-01", "2026-11-30")
        .await
        .unwrap();
    assert_eq!(
        both_days.iter().map(|total| total.count).sum::<i64>(),
        55 + 10
    );

    let now = onespace_store::now_ms();
    let old = now - 100 * 86_400_000;
    let steps = Batch {
        counts: Vec::new(),
        steps: vec![
            step("v-old", old, Kind::Landing, None),
            step("v-1", now, Kind::Landing, None),
            step("v-1", now + 1, Kind::Purchase, None),
            step("v-2", now, Kind::Landing, None),
            step("v-2", now + 2, Kind::Enquiry, Some("enquiry-2")),
        ],
    };
    visitors::write(&second, steps).await.unwrap();
    let recent = visitors::steps(&first, now - 1000, now + 1000)
        .await
        .unwrap();
    assert_eq!(recent.len(), 4);
    assert_eq!(recent[0].visit, "v-1");
    assert_eq!(recent[1].kind, Kind::Purchase);
    let of_enquiry = visitors::visit_of_enquiry(&first, "enquiry-2")
        .await
        .unwrap();
    assert_eq!(
        of_enquiry.len(),
        2,
        "the enquiry's whole visit: {of_enquiry:?}"
    );
    assert_eq!(
        visitors::delete_steps_before(&first, now - 90 * 86_400_000)
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        visitors::erase_visit_of_enquiry(&first, "enquiry-2")
            .await
            .unwrap(),
        2
    );
    let left = visitors::steps(&first, 0, i64::MAX).await.unwrap();
    assert_eq!(
        left.iter()
            .map(|step| step.visit.as_str())
            .collect::<Vec<_>>(),
        ["v-1", "v-1"]
    );
    let totals = visitors::totals(&first, "2026-11-01", "2026-11-30")
        .await
        .unwrap();
    assert_eq!(
        totals.iter().map(|total| total.count).sum::<i64>(),
        65,
        "daily totals stay"
    );
    first.close().await;
    second.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_nodes_add_up() {
    let dir = TempDir::new("visitors");
    let first = Store::open(None, dir.path()).await.unwrap();
    let second = Store::open(None, dir.path()).await.unwrap();
    nodes_add_up(first, second).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_nodes_add_up() {
    let url = tokio::task::spawn_blocking(|| postgres().database("visitors"))
        .await
        .unwrap();
    let dir = TempDir::new("pgvisitors");
    let first = Store::open(Some(&url), dir.path()).await.unwrap();
    let second = Store::open(Some(&url), dir.path()).await.unwrap();
    nodes_add_up(first, second).await;
}
