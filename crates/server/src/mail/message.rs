//! The studio's mail about one enquiry: a plain-text part and an escaped HTML alternative, the
//! visitor as Reply-To, and a Message-ID derived from the enquiry id so that every delivery of
//! the same enquiry is recognisably the same message.

use lettre::message::{Mailbox, MultiPart};
use lettre::{Address, Message};
use maud::html;
use onespace_core::forms::{Enquiry, FormName};

use onespace_store::format_utc;

/// Longest subject line, in characters.
const SUBJECT_MAX: usize = 200;

/// Removes line breaks and other control characters from a header value and collapses the
/// whitespace, so that no value can end its header and start another.
pub fn header_safe(value: &str) -> String {
    let cleaned: String = value
        .chars()
        .map(|c| {
            if c.is_control() || is_line_separator(c) {
                ' '
            } else {
                c
            }
        })
        .collect();
    cleaned
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(SUBJECT_MAX)
        .collect()
}

fn is_line_separator(c: char) -> bool {
    matches!(c, '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// The Message-ID of the mail about enquiry `id`, in the sender's domain.
pub fn message_id(id: &str, from: &Mailbox) -> String {
    let safe: String = id
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    format!("<enquiry-{safe}@{}>", from.email.domain())
}

/// What the studio calls each form's enquiries.
fn kind(form: FormName) -> &'static str {
    match form {
        FormName::Contact => "contact enquiry",
        FormName::InvestmentInterest => "investment interest registration",
        FormName::InvestorContact => "investor message",
        FormName::Membership => "founder membership request",
        _ => "enquiry",
    }
}

/// The visitor as a mailbox for Reply-To, when their address is one lettre can write.
fn reply_to(enquiry: &Enquiry) -> Option<Mailbox> {
    let address: Address = enquiry.get("email")?.trim().parse().ok()?;
    let name = ["fullName", "name"]
        .iter()
        .find_map(|field| enquiry.get(field).filter(|v| !v.trim().is_empty()))
        .map(str::to_owned)
        .or_else(|| {
            let first = enquiry.get("firstName")?;
            let last = enquiry.get("lastName").unwrap_or_default();
            Some(format!("{first} {last}"))
        })
        .map(|name| header_safe(&name))
        .filter(|name| !name.is_empty());
    Some(Mailbox::new(name, address))
}

/// Composes the mail about enquiry `id`, received at `received_at` (Unix milliseconds).
pub fn compose(
    id: &str,
    received_at: i64,
    enquiry: &Enquiry,
    from: &Mailbox,
    to: &Mailbox,
) -> Result<Message, lettre::error::Error> {
    let kind = kind(enquiry.form());
    let fields = enquiry.labelled_fields();
    let received = format_utc(received_at);
    let mut text = format!("New {kind} from the website.\n\n");
    for (label, value) in &fields {
        if value.contains('\n') {
            text.push_str(&format!("{label}:\n{value}\n\n"));
        } else {
            text.push_str(&format!("{label}: {value}\n"));
        }
    }
    text.push_str(&format!(
        "\nReceived {received}, enquiry {id}.\nReply to this mail to answer the visitor.\n"
    ));
    let html = html! {
        p { "New " (kind) " from the website." }
        table {
            @for (label, value) in &fields {
                tr {
                    th align="left" valign="top" { (label) }
                    td { @for (index, line) in value.lines().enumerate() { @if index > 0 { br; } (line) } }
                }
            }
        }
        p { "Received " (received) ", enquiry " (id) "." }
        p { "Reply to this mail to answer the visitor." }
    };
    let mut builder = Message::builder()
        .from(from.clone())
        .to(to.clone())
        .subject(header_safe(&enquiry.subject()))
        .message_id(Some(message_id(id, from)))
        .date_now();
    if let Some(mailbox) = reply_to(enquiry) {
        builder = builder.reply_to(mailbox);
    }
    builder.multipart(MultiPart::alternative_plain_html(text, html.into_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use onespace_core::forms::ContactEnquiry;

    fn mailbox(text: &str) -> Mailbox {
        text.parse().unwrap_or_else(|_| panic!("{text}"))
    }

    #[test]
    fn header_values_lose_line_breaks() {
        assert_eq!(
            header_safe("Jo\r\nBcc: evil@example.com"),
            "Jo Bcc: evil@example.com"
        );
        assert_eq!(header_safe("a\u{2028}b\tc"), "a b c");
    }

    #[test]
    fn the_mail_escapes_html_and_injects_no_header() {
        let enquiry = Enquiry::Contact(ContactEnquiry {
            first_name: "Jo\r\nBcc: evil@example.com".into(),
            last_name: "<script>alert(1)</script>".into(),
            email: "jo@example.com".into(),
            message: "Hi\r\nthere\r\n\r\nSubject: nope".into(),
            ..ContactEnquiry::default()
        });
        let from = mailbox("One Space website <website@onespacestudio.co.uk>");
        let message = compose(
            "0190-abc",
            0,
            &enquiry,
            &from,
            &mailbox("hello@onespacestudio.co.uk"),
        )
        .unwrap_or_else(|error| panic!("{error}"));
        let raw = String::from_utf8_lossy(&message.formatted()).into_owned();
        let (head, body) = raw.split_once("\r\n\r\n").unwrap_or_default();
        assert!(!head.lines().any(|line| line.starts_with("Bcc:")), "{head}");
        assert!(
            !head.lines().any(|line| line.starts_with("Subject: nope")),
            "{head}"
        );
        assert!(
            head.contains("Message-ID: <enquiry-0190-abc@onespacestudio.co.uk>"),
            "{head}"
        );
        let html = body
            .split("Content-Type: text/html")
            .nth(1)
            .unwrap_or_default();
        assert!(!html.contains("<script>"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
        assert!(head.contains("Reply-To:"), "{head}");
    }
}
