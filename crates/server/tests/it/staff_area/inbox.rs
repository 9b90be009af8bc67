//! The staff area's inbox against the real binary on SQLite and on PostgreSQL: filters, search,
//! states, the CSV export, erasure and their audit lines.

use crate::harness;
use crate::harness::staff::{csrf, on_both, Db, Site};

use super::first_enquiry_id;

on_both!("";
    the_inbox_filters_searches_marks_exports_and_erases,
);

async fn the_inbox_filters_searches_marks_exports_and_erases(db: Db, name: &str) {
    let site = Site::start(db, name).await;
    let (secret, _) = site.account("owner@example.com", "owner").await;
    let posts = [
        r#"{"formType":"contact","firstName":"Alice","lastName":"Ember","email":"alice@example.com","phone":"","interest":"","message":"About hot yoga"}"#,
        r#"{"formType":"contact","firstName":"Bob","lastName":"Frost","email":"bob@example.org","phone":"","interest":"","message":"=HYPERLINK(\"x\")"}"#,
        r#"{"formType":"investment","name":"Cara Invest","email":"cara@example.com","phone":"","investmentAmount":"5k","why":"Growth"}"#,
        r#"{"formType":"investment","name":"Dan Investor","email":"dan@example.com","phone":"","why":"A question"}"#,
        r#"{"formType":"membership","fullName":"Eve Founder","email":"eve@example.com","phone":"07700 900123","selectedMembership":"founder-unlimited","payAnnually":"no","additionalNotes":""}"#,
    ];
    for body in posts {
        let response = site.server.post_json(body).await;
        assert_eq!(response.status, 201, "{}", response.text());
    }
    let mut owner = site.signed_in("owner@example.com", &secret).await;
    let all = owner.get("/studio/enquiries").await.text();
    assert!(all.contains("5 enquiries"), "{all}");
    let names = [
        "Eve Founder",
        "Dan Investor",
        "Cara Invest",
        "Bob Frost",
        "Alice Ember",
    ];
    let positions: Vec<usize> = names.iter().map(|name| all.find(name).unwrap()).collect();
    assert!(
        positions.windows(2).all(|pair| pair[0] < pair[1]),
        "newest first"
    );
    assert!(
        all.contains("<svg class=\"studio-chart-svg\""),
        "the weekly chart"
    );
    let filters = [
        ("?form=contact", vec!["Alice Ember", "Bob Frost"]),
        ("?form=investment", vec!["Cara Invest"]),
        ("?form=investor-contact", vec!["Dan Investor"]),
        ("?form=membership", vec!["Eve Founder"]),
        ("?q=FROST", vec!["Bob Frost"]),
        ("?q=example.org", vec!["Bob Frost"]),
        ("?q=nobody", vec![]),
    ];
    for (query, expected) in filters {
        let page = owner.get(&format!("/studio/enquiries{query}")).await.text();
        for name in names {
            assert_eq!(
                page.contains(name),
                expected.contains(&name),
                "{query}: {name}"
            );
        }
    }

    // Open Alice's, mark it answered with a note, and filter by state.
    let page = owner.get("/studio/enquiries?q=alice").await.text();
    let id = first_enquiry_id(&page);
    let detail = owner.get(&format!("/studio/enquiries/{id}")).await.text();
    assert!(detail.contains("About hot yoga"));
    assert!(detail.contains("href=\"mailto:alice@example.com?subject=Re%3A%20Website%20enquiry%20from%20Alice%20Ember\""), "{detail}");
    let token = csrf(&detail);
    let bad_state = owner
        .post(
            &format!("/studio/enquiries/{id}/state"),
            &[("csrf", &token), ("state", "deleted")],
        )
        .await;
    assert_eq!(bad_state.status, 422);
    let marked = owner
        .post(
            &format!("/studio/enquiries/{id}/state"),
            &[
                ("csrf", &token),
                ("state", "answered"),
                ("note", "Called back, booked a trial"),
            ],
        )
        .await;
    assert_eq!(marked.status, 303, "{}", marked.text());
    let detail = owner.get(&format!("/studio/enquiries/{id}")).await.text();
    assert!(detail.contains("Called back, booked a trial"), "{detail}");
    assert!(detail.contains("by owner@example.com"));
    let answered = owner.get("/studio/enquiries?state=answered").await.text();
    assert!(answered.contains("Alice Ember") && !answered.contains("Bob Frost"));
    let new = owner.get("/studio/enquiries?state=new").await.text();
    assert!(!new.contains("Alice Ember") && new.contains("Bob Frost"));

    // The CSV export is the filtered list, formulas defused.
    let csv = owner.get("/studio/enquiries/export.csv?form=contact").await;
    assert_eq!(csv.status, 200);
    assert!(csv.header("content-type").unwrap().starts_with("text/csv"));
    assert!(csv
        .header("content-disposition")
        .unwrap()
        .starts_with("attachment;"));
    let text = csv.text();
    assert_eq!(text.trim_end().split("\r\n").count(), 3, "{text}");
    assert!(text.contains("\"'=HYPERLINK(\"\"x\"\")\""), "{text}");
    assert!(!text.contains("Cara"));

    // Erase Bob's: the row, the outbox and the mail file go; the audit log says so.
    let bob = first_enquiry_id(&owner.get("/studio/enquiries?q=bob").await.text());
    let confirm = owner.get(&format!("/studio/enquiries/{bob}/erase")).await;
    assert_eq!(confirm.status, 200);
    assert!(confirm.text().contains("Erase this enquiry?"));
    let mail_file = site.dir.path().join("outbox").join(format!("{bob}.eml"));
    harness::wait_for(std::time::Duration::from_secs(20), "the mail file", || {
        mail_file.exists()
    })
    .await;
    let erased = owner
        .post(
            &format!("/studio/enquiries/{bob}/erase"),
            &[("csrf", &csrf(&confirm.text()))],
        )
        .await;
    assert_eq!(erased.status, 303, "{}", erased.text());
    let after = owner.get("/studio/enquiries?erased=1").await.text();
    assert!(after.contains("The enquiry was erased."));
    assert!(!after.contains("Bob Frost"));
    assert!(after.contains("4 enquiries"));
    assert_eq!(
        owner.get(&format!("/studio/enquiries/{bob}")).await.status,
        404
    );
    assert!(!mail_file.exists(), "the mail file is erased too");
    let exported = harness::export(site.dir.path(), site.database_url.as_deref());
    assert_eq!(exported.len(), 4);
    assert!(exported.iter().all(|row| row["id"] != bob.as_str()));
    let audit = owner.get("/studio/audit").await.text();
    for line in [
        format!("<td>enquiry-erased</td><td>{bob} (Contact form)</td>"),
        format!("<td>enquiry-viewed</td><td>{id}</td>"),
        format!("<td>enquiry-changed</td><td>{id} marked answered</td>"),
        "<td>enquiries-exported</td><td>2 enquiries (form=contact)</td>".to_owned(),
    ] {
        assert!(audit.contains(&line), "{line} in {audit}");
    }
}
