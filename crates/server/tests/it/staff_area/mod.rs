//! The staff area at /studio, driven as a browser would: cookies kept, `Origin` sent on posts,
//! form tokens read from the pages (`harness::staff`). Each case runs on SQLite and on
//! PostgreSQL.

mod access;
mod attacker;
mod content;
mod inbox;
mod passkeys;
mod wording;

/// The id of the first enquiry linked from an inbox page.
fn first_enquiry_id(html: &str) -> String {
    let marker = "class=\"studio-item-link\" href=\"/studio/enquiries/";
    let start = html.find(marker).expect("an enquiry in the list") + marker.len();
    html[start..].split('"').next().unwrap().to_owned()
}

/// Saves `text` as `file` in the person's draft.
async fn save_draft(browser: &mut crate::harness::staff::Browser, file: &str, text: &str) {
    let path = format!("/studio/content/edit/{file}");
    let token = browser.csrf_of(&path).await;
    let saved = browser
        .post(&path, &[("csrf", &token), ("text", text)])
        .await;
    assert_eq!(saved.status, 303, "{}", saved.text());
}
