//! `mailto:` links the site opens in the visitor's own e-mail client: the discount request, the
//! chat assistant's contact and cancellation dialogs, 1-2-1 enquiries and drop-in enquiries.
//!
//! Subjects and bodies are percent-encoded per RFC 6068: every byte except the unreserved
//! characters `A-Z a-z 0-9 - . _ ~` is encoded (so spaces are `%20` and `& ? # = % +` cannot end
//! or change a header), and every line break is sent as `%0D%0A`.
//!
//! Every link is addressed `to` the studio's e-mail from the content (`studio.toml`): the server
//! passes it to the islands in their props, so the WebAssembly module keeps the wording rules and
//! no address is compiled in.

use serde::{Deserialize, Serialize};

use crate::forms::Values;
use crate::{policy, Pence};

/// Subject of the discount request.
pub const DISCOUNT_SUBJECT: &str = "One Space Discount";
/// Subject of the chat assistant's contact form.
pub const CHAT_CONTACT_SUBJECT: &str = "Contact from One Space Website";
/// Subject of the cancellation request.
pub const CANCELLATION_SUBJECT: &str = "Cancel Membership";
/// Subject of the drop-in enquiry.
pub const DROP_IN_SUBJECT: &str = "Drop-in Class Enquiry";

/// Percent-encodes `text` for a `mailto:` header value, line breaks as `%0D%0A`.
pub fn encode(text: &str) -> String {
    let normalised = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut encoded = String::with_capacity(normalised.len() * 3);
    for byte in normalised.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                encoded.push(char::from(byte));
            }
            b'\n' => encoded.push_str("%0D%0A"),
            _ => {
                const HEX: &[u8; 16] = b"0123456789ABCDEF";
                encoded.push('%');
                encoded.push(char::from(HEX[usize::from(byte >> 4)]));
                encoded.push(char::from(HEX[usize::from(byte & 0x0f)]));
            }
        }
    }
    encoded
}

/// A `mailto:` link to `to` with this subject and body.
pub fn mailto(to: &str, subject: &str, body: &str) -> String {
    format!(
        "mailto:{}?subject={}&body={}",
        to.trim(),
        encode(subject),
        encode(body)
    )
}

/// The discount dialog's values (field names as the discount form's).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DiscountRequest {
    /// Name.
    pub name: String,
    /// E-mail address.
    pub email: String,
    /// Phone.
    pub phone: String,
    /// Student, Blue Light or Over 60s.
    pub discount_type: String,
    /// Anything else (optional).
    pub additional_info: String,
    /// The concession discount, per cent, from the content (`offers.toml`): the page gives it
    /// to the dialog (`percentOff`), since the WebAssembly module keeps no content. 0 (not
    /// given) leaves the figure out of the mail rather than promise a wrong one.
    pub percent_off: u64,
}

/// The chat assistant's contact dialog's values.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ChatContact {
    /// Name.
    pub name: String,
    /// E-mail address.
    pub email: String,
    /// Message.
    pub message: String,
}

/// The chat assistant's cancellation dialog's values.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CancellationRequest {
    /// Full name.
    pub name: String,
    /// E-mail address.
    pub email: String,
    /// Flex, Unlimited, Challenge or Other.
    pub membership_type: String,
    /// Reason (optional).
    pub reason: String,
}

fn or_not_given(value: &str) -> &str {
    let value = value.trim();
    if value.is_empty() {
        "Not given"
    } else {
        value
    }
}

/// The discount request link (subject 'One Space Discount').
pub fn discount_request(to: &str, request: &DiscountRequest) -> String {
    let what = match request.percent_off {
        0 => " on recurring memberships".to_owned(),
        percent => format!(" ({percent}% off recurring memberships)"),
    };
    let body = format!(
        "Hi One Space team,\n\nI'd like to request the {kind} discount{what}.\n\nName: {name}\n\
         Email: {email}\nPhone: {phone}\nDiscount type: {kind}\n\
         Additional information: {info}\n\nI'm happy to show proof of eligibility.\n\nThanks",
        kind = request.discount_type.trim(),
        name = request.name.trim(),
        email = request.email.trim(),
        phone = request.phone.trim(),
        info = or_not_given(&request.additional_info),
    );
    mailto(to, DISCOUNT_SUBJECT, &body)
}

/// The chat contact link (subject 'Contact from One Space Website').
pub fn chat_contact(to: &str, contact: &ChatContact) -> String {
    let body = format!(
        "Name: {}\nEmail: {}\n\nMessage:\n{}",
        contact.name.trim(),
        contact.email.trim(),
        contact.message.trim()
    );
    mailto(to, CHAT_CONTACT_SUBJECT, &body)
}

/// The cancellation link (subject 'Cancel Membership'), asking for processing with the notice
/// period.
pub fn cancellation(to: &str, request: &CancellationRequest) -> String {
    let body = format!(
        "Hi One Space team,\n\nPlease process the cancellation of my membership with {days} days' \
         notice, starting from the date of this e-mail.\n\nName: {name}\nEmail: {email}\n\
         Membership type: {kind}\nReason: {reason}\n\nThanks",
        days = policy::NOTICE_DAYS,
        name = request.name.trim(),
        email = request.email.trim(),
        kind = request.membership_type.trim(),
        reason = or_not_given(&request.reason),
    );
    mailto(to, CANCELLATION_SUBJECT, &body)
}

/// Subject of a 1-2-1 enquiry, naming the coach.
pub fn one_to_one_subject(coach: &str) -> String {
    format!("1-2-1 Personal Training Enquiry - {}", coach.trim())
}

/// A 1-2-1 enquiry to a coach: asks for times, pricing and what to expect, with blanks for the
/// visitor's details.
pub fn one_to_one(to: &str, coach: &str) -> String {
    let coach = coach.trim();
    let body = format!(
        "Hi {coach},\n\nI'm interested in 1-2-1 personal training with you. Could you let me know \
         your available times, your pricing and what I can expect from a session?\n\nName: \n\
         Phone: \nEmail: \nPreferred times: \n\nThanks"
    );
    mailto(to, &one_to_one_subject(coach), &body)
}

/// A drop-in enquiry naming the drop-in's `price` (from the content), with blanks for the
/// visitor's details.
pub fn drop_in(to: &str, price: Pence) -> String {
    let body = format!(
        "Hi One Space team,\n\nI'd like to book a drop-in class ({price}). Could you let me know \
         which classes have space?\n\nName: \nPhone: \nEmail: \nPreferred class and day: \n\nThanks",
        price = price.format()
    );
    mailto(to, DROP_IN_SUBJECT, &body)
}

/// Which mail link to build.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum MailKind {
    /// [`discount_request`], from the discount form's values.
    Discount,
    /// [`chat_contact`], from the chat contact form's values.
    ChatContact,
    /// [`cancellation`], from the cancellation form's values.
    Cancellation,
    /// [`one_to_one`], from the value `coach`.
    OneToOne,
}

impl MailKind {
    /// Every kind.
    /// The drop-in enquiry ([`drop_in`]) is not one: only the server builds it, naming the
    /// drop-in's price from the content.
    pub const ALL: [MailKind; 4] = [
        Self::Discount,
        Self::ChatContact,
        Self::Cancellation,
        Self::OneToOne,
    ];

    /// The name the islands use: `discount`, `chatContact`, `cancellation`, `oneToOne`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Discount => "discount",
            Self::ChatContact => "chatContact",
            Self::Cancellation => "cancellation",
            Self::OneToOne => "oneToOne",
        }
    }
}

/// A mail link kind that is not one of [`MailKind::ALL`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownMailKind(pub String);

impl std::fmt::Display for UnknownMailKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Unknown mail link kind '{}'.", self.0)
    }
}

impl std::error::Error for UnknownMailKind {}

impl std::str::FromStr for MailKind {
    type Err = UnknownMailKind;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|kind| kind.as_str() == name)
            .ok_or_else(|| UnknownMailKind(name.to_owned()))
    }
}

/// Builds the `kind` link to `to` from form values by field name (missing values count as
/// empty).
pub fn build(kind: MailKind, to: &str, values: &Values) -> String {
    let get = |name: &str| values.get(name).cloned().unwrap_or_default();
    match kind {
        MailKind::Discount => discount_request(
            to,
            &DiscountRequest {
                name: get("name"),
                email: get("email"),
                phone: get("phone"),
                discount_type: get("discountType"),
                additional_info: get("additionalInfo"),
                percent_off: get("percentOff").trim().parse().unwrap_or_default(),
            },
        ),
        MailKind::ChatContact => chat_contact(
            to,
            &ChatContact {
                name: get("name"),
                email: get("email"),
                message: get("message"),
            },
        ),
        MailKind::Cancellation => cancellation(
            to,
            &CancellationRequest {
                name: get("name"),
                email: get("email"),
                membership_type: get("membershipType"),
                reason: get("reason"),
            },
        ),
        MailKind::OneToOne => one_to_one(to, &get("coach")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Decodes a percent-encoded header value (test helper; the site never decodes).
    fn decode(encoded: &str) -> Option<String> {
        let bytes = encoded.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut index = 0;
        while index < bytes.len() {
            if bytes[index] == b'%' {
                let hex = encoded.get(index + 1..index + 3)?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                index += 3;
            } else {
                out.push(bytes[index]);
                index += 1;
            }
        }
        String::from_utf8(out).ok()
    }

    /// The address the tests write to.
    const TO: &str = "hello@example.co.uk";

    fn parts(link: &str) -> Option<(String, String)> {
        let query = link.strip_prefix(&format!("mailto:{TO}?"))?;
        let (subject, body) = query.split_once('&')?;
        Some((
            decode(subject.strip_prefix("subject=")?)?,
            decode(body.strip_prefix("body=")?)?,
        ))
    }

    #[test]
    fn encodes_reserved_characters_and_line_breaks() {
        assert_eq!(
            encode("a b&c?d#e=f%g+h\n"),
            "a%20b%26c%3Fd%23e%3Df%25g%2Bh%0D%0A"
        );
        assert_eq!(encode("£"), "%C2%A3");
        assert_eq!(encode("x\r\ny\rz"), "x%0D%0Ay%0D%0Az");
    }

    #[test]
    fn subjects_are_as_the_spec_names_them() {
        let (subject, body) = parts(&discount_request(
            TO,
            &DiscountRequest {
                percent_off: 20,
                ..DiscountRequest::default()
            },
        ))
        .unwrap_or_default();
        assert_eq!(subject, "One Space Discount");
        assert!(body.contains("discount (20% off recurring memberships)."));
        let (_, body) =
            parts(&discount_request(TO, &DiscountRequest::default())).unwrap_or_default();
        assert!(
            body.contains("discount on recurring memberships."),
            "{body}"
        );
        let (subject, _) = parts(&chat_contact(TO, &ChatContact::default())).unwrap_or_default();
        assert_eq!(subject, "Contact from One Space Website");
        let (subject, body) =
            parts(&cancellation(TO, &CancellationRequest::default())).unwrap_or_default();
        assert_eq!(subject, "Cancel Membership");
        assert!(
            body.contains("Please process the cancellation of my membership with 30 days' notice")
        );
        let (subject, body) = parts(&one_to_one(TO, "Ross Campbell")).unwrap_or_default();
        assert_eq!(subject, "1-2-1 Personal Training Enquiry - Ross Campbell");
        for blank in [
            "Name: \r\n",
            "Phone: \r\n",
            "Email: \r\n",
            "Preferred times: \r\n",
        ] {
            assert!(body.contains(blank), "{blank}");
        }
        assert!(body.contains("times, your pricing and what I can expect"));
        let (subject, body) = parts(&drop_in(TO, Pence::pounds(13))).unwrap_or_default();
        assert_eq!(subject, "Drop-in Class Enquiry");
        assert!(body.contains("(£13)"));
    }

    proptest! {
        #[test]
        fn encode_round_trips_any_text(text in any::<String>()) {
            let expected = text.replace("\r\n", "\n").replace('\r', "\n").replace('\n', "\r\n");
            prop_assert_eq!(decode(&encode(&text)), Some(expected));
            prop_assert!(encode(&text).bytes().all(|b| b.is_ascii_alphanumeric() || b"-._~%".contains(&b)));
        }

        #[test]
        fn links_decode_back_to_their_inputs(
            name in "[^\r\n]{0,40}",
            email in "[^\r\n]{0,40}",
            message in any::<String>(),
        ) {
            let link = chat_contact(TO, &ChatContact { name: name.clone(), email: email.clone(), message: message.clone() });
            let (subject, body) = parts(&link).unwrap_or_default();
            prop_assert_eq!(subject, CHAT_CONTACT_SUBJECT);
            let crlf = |s: &str| s.trim().replace("\r\n", "\n").replace('\r', "\n").replace('\n', "\r\n");
            let body_has = |value: &str| body.contains(&crlf(value));
            prop_assert!(body_has(&name));
            prop_assert!(body_has(&email));
            prop_assert!(body_has(&message));
            let link = cancellation(TO, &CancellationRequest { name: name.clone(), email, membership_type: "Flex".into(), reason: message });
            let (subject, body) = parts(&link).unwrap_or_default();
            prop_assert_eq!(subject, CANCELLATION_SUBJECT);
            prop_assert!(body.contains(&crlf(&name)));
        }
    }
}
