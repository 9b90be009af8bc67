//! Photos uploaded in the studio, on SQLite and PostgreSQL: a small real JPEG uploaded to
//! /hot-yoga's hero with its alt text is in the person's draft (the review shows photos.toml's
//! change) and not on the public page; once published, /hot-yoga shows it in a `<picture>` with
//! that alt text within seconds and its variant answers 200. Refused with their messages, the
//! typed alt text kept: no alt text, an iPhone HEIC, a file over the byte limit (before its body
//! is read), a text file named .jpg; a post without a session changes nothing. The script's
//! JSON answers follow the same rules. `content export` writes the original beside the files and
//! `content import` carries it into another database, refusing a photo whose bytes are not what
//! its name says or that is nowhere to be found. Before it is published the preview shows it,
//! from an address only staff reach.

use std::path::Path;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::harness;
use crate::harness::staff::{on_both, Browser, Db, Site};
use crate::harness::{content_command, request, said, small_jpeg, Response, TempDir};

const ALT: &str = "Members holding a pose in the heated studio";

const BOUNDARY: &str = "----onespace-photo-test-7d1f";

/// A multipart body of text fields, then the file.
fn multipart(fields: &[(&str, &str)], file_name: &str, file: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!(
                "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
            )
            .as_bytes(),
        );
    }
    body.extend_from_slice(
        format!(
            "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\nContent-Type: image/jpeg\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

/// Posts the upload form as the browser would, with `alt` and the file.
async fn upload(
    browser: &mut Browser,
    alt: &str,
    file_name: &str,
    file: &[u8],
    accept: Option<&str>,
) -> Response {
    let token = browser.csrf_of("/studio/content/photos").await;
    let body = multipart(
        &[
            ("csrf", &token),
            ("target", "hot-yoga/hero"),
            ("alt", alt),
            ("focus_x", "40"),
            ("focus_y", ""),
        ],
        file_name,
        file,
    );
    let origin = browser.origin();
    let content_type = format!("multipart/form-data; boundary={BOUNDARY}");
    let mut headers = vec![
        ("Origin", origin.as_str()),
        ("Content-Type", content_type.as_str()),
    ];
    if let Some(accept) = accept {
        headers.push(("Accept", accept));
    }
    browser
        .send("POST", "/studio/content/photos", &headers, &body)
        .await
}

/// The alt text of /hot-yoga's hero photo, if it shows one.
async fn hero_alt(addr: &str) -> Option<String> {
    let page = request(addr, "GET", "/hot-yoga", &[], b"").await.unwrap();
    let html = page.text();
    let start = html.find("data-photo-place=\"hot-yoga/hero\"")?;
    let slot = &html[start..];
    let img = &slot[slot.find("class=\"photo-img")?..];
    let alt = &img[img.find("alt=\"")? + 5..];
    Some(alt.split('"').next()?.to_owned())
}

on_both!("photos_";a_photo_uploaded_is_in_the_draft_and_public_once_published);

async fn a_photo_uploaded_is_in_the_draft_and_public_once_published(db: Db, name: &str) {
    let site = Site::start(db, name).await;
    let (secret, _) = site.account("owner@example.com", "owner").await;
    let mut owner = site.signed_in("owner@example.com", &secret).await;
    let addr = site.server.addr.clone();

    let content = owner.get("/studio/content").await;
    assert!(content.text().contains("href=\"/studio/content/photos\""));
    let form = owner.get("/studio/content/photos").await;
    assert_eq!(form.status, 200, "{}", form.text());
    let form = form.text();
    assert!(form.contains("id=\"photo-upload\""));
    assert!(form.contains("enctype=\"multipart/form-data\""));
    assert!(form.contains("accept=\"image/jpeg,image/png,image/webp\""));
    assert!(form.contains("must be exported as JPEG first"));

    // Refusals: each names what is wrong and keeps the alt text typed.
    let jpeg = small_jpeg();
    let no_alt = upload(&mut owner, "  ", "class.jpg", &jpeg, None).await;
    assert_eq!(no_alt.status, 422, "{}", no_alt.text());
    assert!(no_alt.text().contains("alt text is required"));

    let mut heic = vec![0, 0, 0, 24];
    heic.extend_from_slice(b"ftypheic\0\0\0\0mif1heic");
    heic.extend_from_slice(&[0; 64]);
    let refused = upload(&mut owner, ALT, "IMG_0001.HEIC", &heic, None).await;
    assert_eq!(refused.status, 422, "{}", refused.text());
    assert!(refused
        .text()
        .contains("HEIC photos from an iPhone must be exported as JPEG first"));
    assert!(refused.text().contains(&format!("value=\"{ALT}\"")));

    let text = upload(
        &mut owner,
        ALT,
        "notes.jpg",
        b"Shopping list: mats, towels",
        None,
    )
    .await;
    assert_eq!(text.status, 422, "{}", text.text());
    assert!(
        text.text().contains("is not a JPEG, PNG or WebP image"),
        "{}",
        text.text()
    );

    let json = upload(&mut owner, "", "class.jpg", &jpeg, Some("application/json")).await;
    assert_eq!(json.status, 422);
    let answer: serde_json::Value = serde_json::from_slice(&json.body).unwrap();
    assert_eq!(answer["field"], "alt");
    assert!(answer["error"].as_str().unwrap().contains("alt text"));

    // Over the byte limit: refused from its declared length, before the body is sent.
    let token = owner.csrf_of("/studio/content/photos").await;
    let mut stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let head = format!(
        "POST /studio/content/photos HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Origin: {}\r\nCookie: {}\r\nContent-Type: multipart/form-data; boundary={BOUNDARY}\r\n\
         Content-Length: 41000000\r\n\r\n",
        owner.origin(),
        owner.cookie_header()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let start = multipart(&[("csrf", &token), ("alt", ALT)], "huge.jpg", &[0xFF, 0xD8]);
    let _ = stream.write_all(&start[..start.len() - 20]).await;
    let mut raw = Vec::new();
    // The rest of the body is never sent: only an answer from the declared length can come.
    tokio::time::timeout(Duration::from_secs(60), stream.read_to_end(&mut raw))
        .await
        .expect("the oversized upload was not refused from its declared length")
        .ok();
    let huge = harness::http::parse(&raw).unwrap();
    assert_eq!(huge.status, 413, "{}", huge.text());
    assert!(huge.text().contains("larger than the 40 MB"));

    // Without a session nothing is stored.
    let mut stranger = site.browser();
    let body = multipart(&[("csrf", &token), ("alt", ALT)], "class.jpg", &jpeg);
    let content_type = format!("multipart/form-data; boundary={BOUNDARY}");
    let origin = stranger.origin();
    let anonymous = stranger
        .send(
            "POST",
            "/studio/content/photos",
            &[("Origin", &origin), ("Content-Type", &content_type)],
            &body,
        )
        .await;
    assert_eq!(anonymous.status, 403, "{}", anonymous.text());
    // Nor with another page's origin.
    let cookie = owner.cookie_header();
    let elsewhere = request(
        &addr,
        "POST",
        "/studio/content/photos",
        &[
            ("Origin", "https://elsewhere.example"),
            ("Cookie", &cookie),
            ("Content-Type", &content_type),
        ],
        &body,
    )
    .await
    .unwrap();
    assert_eq!(elsewhere.status, 403);
    let review = owner.get("/studio/content/draft").await;
    assert_eq!(review.status, 303, "no draft yet: {}", review.text());

    // The upload: into the draft, not on the site.
    let done = upload(&mut owner, ALT, "class.jpg", &jpeg, None).await;
    assert_eq!(done.status, 303, "{}", done.text());
    assert_eq!(done.header("location"), Some("/studio/content/draft"));
    let review = owner.get("/studio/content/draft").await;
    assert_eq!(review.status, 200);
    let review = review.text();
    assert!(review.contains("photos.toml"), "{review}");
    assert!(review.contains("uploads/"), "{review}");
    assert!(review.contains(ALT), "{review}");
    assert!(review.contains("focus_x = 40"), "{review}");
    // Above the technical details, the place by its name and the photo as a thumbnail: the
    // draft's upload at the preview's address for photos (staff only), the art before it in words.
    assert!(
        review.contains("<li>Photos › Hot Yoga page, beside the heading: added</li>"),
        "{review}"
    );
    let photos = &review[review
        .find("aria-label=\"Photos changed in Photos\"")
        .expect("the review shows the photos changed")..];
    assert!(
        photos.contains("<p class=\"studio-photo-place\">Hot Yoga page, beside the heading</p>"),
        "{photos}"
    );
    assert!(photos.contains("No photo: the page's own art"), "{photos}");
    assert!(photos.contains(&format!("alt=\"{ALT}\"")), "{photos}");
    let thumbnail = &photos[photos
        .find("src=\"/studio/content/preview-images/")
        .expect("the upload's thumbnail")
        + 5..];
    let thumbnail = thumbnail.split('"').next().unwrap().to_owned();
    let shown = owner.get(&thumbnail).await;
    assert_eq!(shown.status, 200, "{thumbnail}");
    assert_eq!(shown.header("content-type"), Some("image/jpeg"));
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(hero_alt(&addr).await, None, "shown before it was published");

    // The preview shows it, at the preview's own address for photos, to staff only.
    let preview = owner.get("/studio/content/preview/hot-yoga").await;
    assert_eq!(preview.status, 200, "{}", preview.text());
    let preview = preview.text();
    let at = preview
        .find("data-photo-place=\"hot-yoga/hero\"")
        .expect("the preview shows the draft's photo at the hero");
    assert!(preview[at..].contains(&format!("alt=\"{ALT}\"")));
    let src = &preview[at..][preview[at..]
        .find("src=\"/studio/content/preview-images/")
        .expect("the photo at the preview's address")
        + 5..];
    let src = src.split('"').next().unwrap().to_owned();
    let shown = owner.get(&src).await;
    assert_eq!(shown.status, 200, "{src}");
    assert_eq!(shown.header("content-type"), Some("image/jpeg"));
    assert_eq!(shown.header("cache-control"), Some("no-store, private"));
    let file = src.rsplit('/').next().unwrap();
    let public = request(&addr, "GET", &format!("/images/{file}"), &[], b"")
        .await
        .unwrap();
    assert_eq!(public.status, 404, "a visitor reached the draft's photo");
    let anonymous = site.browser().get(&src).await;
    assert_ne!(
        anonymous.status, 200,
        "the preview's photo answered without a session"
    );
    assert_eq!(
        owner
            .get("/studio/content/preview-images/..%2F..%2Fstudio.sqlite")
            .await
            .status,
        404
    );

    // The same photo again by script: one original, the JSON answer.
    let again = upload(
        &mut owner,
        ALT,
        "class.jpg",
        &jpeg,
        Some("application/json"),
    )
    .await;
    assert_eq!(again.status, 200, "{}", again.text());
    let answer: serde_json::Value = serde_json::from_slice(&again.body).unwrap();
    assert_eq!(answer["review"], "/studio/content/draft");

    // Published: on /hot-yoga within seconds, its variant served.
    let token = owner.csrf_of("/studio/content/draft").await;
    let published = owner
        .post(
            "/studio/content/draft/publish",
            &[("csrf", &token), ("note", "hero photo")],
        )
        .await;
    assert_eq!(published.status, 303, "{}", published.text());
    let deadline = Instant::now() + harness::REACH;
    while hero_alt(&addr).await.as_deref() != Some(ALT) {
        assert!(
            Instant::now() < deadline,
            "/hot-yoga never showed the photo: {}",
            site.log()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let page = request(&addr, "GET", "/hot-yoga", &[], b"")
        .await
        .unwrap()
        .text();
    let at = page.find("data-photo-place=\"hot-yoga/hero\"").unwrap();
    assert!(page[at..].contains("<picture>"));
    // The focal point typed (40 across, the middle down) is the crop's class.
    assert!(
        page[at..].contains("class=\"photo-img focus-x-40\""),
        "{}",
        page[at..].chars().take(2000).collect::<String>()
    );
    let src = &page[at..][page[at..].find("src=\"/images/").unwrap() + 5..];
    let src = src.split('"').next().unwrap();
    let variant = request(&addr, "GET", src, &[], b"").await.unwrap();
    assert_eq!(variant.status, 200, "{src}");
    assert_eq!(variant.header("content-type"), Some("image/jpeg"));
    // Version 1, against the live one, takes the photo away: the live photo, as the site serves
    // it, before.
    let earlier = owner.get("/studio/content/versions/1").await.text();
    let photos = &earlier[earlier
        .find("aria-label=\"Photos changed in Photos\"")
        .expect("the version shows the photo it takes away")..];
    assert!(photos.contains("src=\"/images/"), "{photos}");
    assert!(photos.contains("No photo: the page's own art"), "{photos}");

    // The audit log has the upload with its place and the draft's base version.
    let audit = owner.get("/studio/audit").await.text();
    assert!(audit.contains("content-photo-uploaded"), "{audit}");
    assert!(audit.contains("place hot-yoga/hero"), "{audit}");

    // A restart reads the original from the database again.
    let site = site.restart().await;
    let addr = site.server.addr.clone();
    let deadline = Instant::now() + harness::REACH;
    while hero_alt(&addr).await.as_deref() != Some(ALT) {
        assert!(
            Instant::now() < deadline,
            "not shown after a restart: {}",
            site.log()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    // `content export` writes the original beside the files; `content import` carries it into
    // another database, and refuses a folder whose photo is not what its name says or is missing.
    let exported = TempDir::new("exported");
    let out = content_command(
        &["export"],
        &exported.0.join("site"),
        site.dir.path(),
        site.database_url.as_deref(),
    );
    assert!(out.status.success(), "{}", said(&out));
    let photos = exported.0.join("site/images/uploads");
    let names: Vec<_> = std::fs::read_dir(&photos)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    assert_eq!(std::fs::read(photos.join(&names[0])).unwrap(), jpeg);
    assert!(names[0].ends_with(".jpg"));

    let elsewhere = TempDir::new("elsewhere");
    let import = |data: &Path| content_command(&["import"], &exported.0.join("site"), data, None);
    std::fs::write(photos.join(&names[0]), b"Shopping list: mats, towels").unwrap();
    let tampered = import(&elsewhere.0);
    assert!(!tampered.status.success(), "{}", said(&tampered));
    assert!(
        said(&tampered).contains("its bytes are not the photo its name promises"),
        "{}",
        said(&tampered)
    );
    std::fs::remove_file(photos.join(&names[0])).unwrap();
    let missing = import(&elsewhere.0);
    assert!(!missing.status.success(), "{}", said(&missing));
    assert!(
        said(&missing).contains("is neither in") && said(&missing).contains("nor in the database"),
        "{}",
        said(&missing)
    );
    std::fs::write(photos.join(&names[0]), &jpeg).unwrap();
    let imported = import(&elsewhere.0);
    assert!(imported.status.success(), "{}", said(&imported));
    assert!(
        said(&imported).contains("1 uploaded photo(s) from images/uploads/ stored with it"),
        "{}",
        said(&imported)
    );
    // The other database now holds the original: its own export writes it back.
    let again = TempDir::new("again");
    let out = content_command(&["export"], &again.0.join("site"), &elsewhere.0, None);
    assert!(out.status.success(), "{}", said(&out));
    assert_eq!(
        std::fs::read(again.0.join("site/images/uploads").join(&names[0])).unwrap(),
        jpeg
    );
}
