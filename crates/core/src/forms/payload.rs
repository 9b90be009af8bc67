//! The JSON bodies posted to `send-contact-email` (SPEC section 7), field names exactly as there.
//!
//! Every field deserialises with a default, so a missing field becomes a per-field validation
//! error ('Please enter your email address.') rather than a parse failure.

use serde::{Deserialize, Serialize};

use super::schema::schema;
use super::validate::{is_line_break, validate_with, FieldErrors};
use super::FormName;

/// Contact enquiry ('Get in Touch').
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ContactEnquiry {
    /// First name.
    pub first_name: String,
    /// Last name.
    pub last_name: String,
    /// E-mail address.
    pub email: String,
    /// Phone (optional, empty when not given).
    pub phone: String,
    /// One of the interest options (optional).
    pub interest: String,
    /// Message.
    pub message: String,
}

/// Investment interest (landing page) or investor contact message (contact page). Both post
/// `formType: "investment"`; only the interest form sends `investmentAmount`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct InvestmentEnquiry {
    /// Name.
    pub name: String,
    /// E-mail address.
    pub email: String,
    /// Phone (optional).
    pub phone: String,
    /// `2k`, `5k`, `10k`, `20k` or `other`; absent for the investor contact message.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub investment_amount: Option<String>,
    /// Why they are interested, or the investor contact message.
    pub why: String,
}

impl InvestmentEnquiry {
    /// Which of the two forms sent this: the interest form when an amount field was sent.
    pub fn form(&self) -> FormName {
        if self.investment_amount.is_some() {
            FormName::InvestmentInterest
        } else {
            FormName::InvestorContact
        }
    }
}

/// Founder membership request.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct MembershipRequest {
    /// Full name.
    pub full_name: String,
    /// E-mail address.
    pub email: String,
    /// Phone (optional).
    pub phone: String,
    /// A founder plan key (see [`crate::content::founder::PLANS`]).
    pub selected_membership: String,
    /// `yes` or `no`.
    pub pay_annually: String,
    /// Notes (optional).
    pub additional_notes: String,
}

/// A body posted to `send-contact-email`, tagged by `formType`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "formType", rename_all = "lowercase")]
pub enum Enquiry {
    /// `formType: "contact"`.
    Contact(ContactEnquiry),
    /// `formType: "investment"`.
    Investment(InvestmentEnquiry),
    /// `formType: "membership"`.
    Membership(MembershipRequest),
}

impl Enquiry {
    /// The form whose schema and messages apply.
    pub fn form(&self) -> FormName {
        match self {
            Self::Contact(_) => FormName::Contact,
            Self::Investment(enquiry) => enquiry.form(),
            Self::Membership(_) => FormName::Membership,
        }
    }

    /// The value of a field by its payload name.
    pub fn get(&self, field: &str) -> Option<&str> {
        let value = match (self, field) {
            (Self::Contact(c), "firstName") => &c.first_name,
            (Self::Contact(c), "lastName") => &c.last_name,
            (Self::Contact(c), "email") => &c.email,
            (Self::Contact(c), "phone") => &c.phone,
            (Self::Contact(c), "interest") => &c.interest,
            (Self::Contact(c), "message") => &c.message,
            (Self::Investment(i), "name") => &i.name,
            (Self::Investment(i), "email") => &i.email,
            (Self::Investment(i), "phone") => &i.phone,
            (Self::Investment(i), "investmentAmount") => return i.investment_amount.as_deref(),
            (Self::Investment(i), "why") => &i.why,
            (Self::Membership(m), "fullName") => &m.full_name,
            (Self::Membership(m), "email") => &m.email,
            (Self::Membership(m), "phone") => &m.phone,
            (Self::Membership(m), "selectedMembership") => &m.selected_membership,
            (Self::Membership(m), "payAnnually") => &m.pay_annually,
            (Self::Membership(m), "additionalNotes") => &m.additional_notes,
            _ => return None,
        };
        Some(value)
    }

    /// Checks the enquiry with its form's rules.
    pub fn validate(&self) -> Result<(), FieldErrors> {
        let result = validate_with(self.form(), |field| self.get(field));
        if result.ok {
            Ok(())
        } else {
            Err(result.errors)
        }
    }

    /// Makes the enquiry as it is judged, stored and mailed: every line break a visitor's
    /// system may send (CRLF from a form post, a lone CR, and the rarer vertical tab, form feed,
    /// NEL, line and paragraph separators) becomes LF, then surrounding whitespace is trimmed.
    /// Store and mail the tidied enquiry; a CRLF then counts as the one character the visitor
    /// typed, as the browser's `maxlength` counts it.
    pub fn tidy(&mut self) {
        fn tidy(value: &mut String) {
            let normalised = normalise_line_breaks(value);
            let trimmed = normalised.trim();
            if trimmed != value.as_str() {
                *value = trimmed.to_owned();
            }
        }
        match self {
            Self::Contact(c) => {
                for value in [
                    &mut c.first_name,
                    &mut c.last_name,
                    &mut c.email,
                    &mut c.phone,
                    &mut c.interest,
                    &mut c.message,
                ] {
                    tidy(value);
                }
            }
            Self::Investment(i) => {
                for value in [&mut i.name, &mut i.email, &mut i.phone, &mut i.why] {
                    tidy(value);
                }
                if let Some(amount) = i.investment_amount.as_mut() {
                    tidy(amount);
                }
            }
            Self::Membership(m) => {
                for value in [
                    &mut m.full_name,
                    &mut m.email,
                    &mut m.phone,
                    &mut m.selected_membership,
                    &mut m.pay_annually,
                    &mut m.additional_notes,
                ] {
                    tidy(value);
                }
            }
        }
    }

    /// The non-empty fields as (label, value) pairs in form order, for the studio's mail.
    pub fn labelled_fields(&self) -> Vec<(&'static str, String)> {
        let form = schema(self.form());
        form.fields
            .iter()
            .filter_map(|field| {
                let value = self.get(field.name)?.trim();
                if value.is_empty() {
                    return None;
                }
                let shown = field
                    .options
                    .iter()
                    .find(|option| option.value == value)
                    .map_or_else(|| value.to_owned(), |option| option.label.clone());
                Some((field.label, shown))
            })
            .collect()
    }

    /// A subject line for the studio's mail about this enquiry.
    pub fn subject(&self) -> String {
        match self {
            Self::Contact(c) => format!(
                "Website enquiry from {} {}",
                c.first_name.trim(),
                c.last_name.trim()
            ),
            Self::Investment(i) if i.investment_amount.is_some() => {
                format!("Investment interest from {}", i.name.trim())
            }
            Self::Investment(i) => format!("Investor message from {}", i.name.trim()),
            Self::Membership(m) => {
                format!("Founder membership request from {}", m.full_name.trim())
            }
        }
    }
}

/// `text` with every line break (see [`is_line_break`]) as LF and CRLF as one LF; borrowed
/// when there is nothing to change.
pub fn normalise_line_breaks(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| c != '\n' && is_line_break(c)) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' && chars.peek() == Some(&'\n') {
            continue;
        }
        out.push(if is_line_break(c) { '\n' } else { c });
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_use_spec_field_names_and_form_types() {
        let contact = Enquiry::Contact(ContactEnquiry {
            first_name: "Jo".into(),
            last_name: "Smith".into(),
            email: "jo@example.com".into(),
            message: "Hi".into(),
            ..ContactEnquiry::default()
        });
        let json = serde_json::to_value(&contact).unwrap_or_default();
        assert_eq!(
            json,
            serde_json::json!({"formType": "contact", "firstName": "Jo", "lastName": "Smith",
                "email": "jo@example.com", "phone": "", "interest": "", "message": "Hi"})
        );
        let investor: Enquiry = serde_json::from_str(
            r#"{"formType":"investment","name":"Al","email":"al@example.com","phone":"","why":"Hello"}"#,
        )
        .unwrap_or(Enquiry::Contact(ContactEnquiry::default()));
        assert_eq!(investor.form(), FormName::InvestorContact);
        assert_eq!(
            serde_json::to_value(&investor).unwrap_or_default(),
            serde_json::json!({"formType":"investment","name":"Al","email":"al@example.com","phone":"","why":"Hello"})
        );
        assert_eq!(investor.validate(), Ok(()));
    }

    #[test]
    fn missing_fields_become_field_errors() {
        let body: Result<Enquiry, _> = serde_json::from_str(r#"{"formType":"membership"}"#);
        let errors = body
            .map(|e| e.validate())
            .ok()
            .and_then(Result::err)
            .unwrap_or_default();
        assert_eq!(errors["fullName"], "Please enter your name.");
        assert_eq!(
            errors["payAnnually"],
            "Please choose how you'd like to pay."
        );
        let wrong: Result<Enquiry, _> = serde_json::from_str(r#"{"formType":"nope"}"#);
        assert!(wrong.is_err());
    }

    #[test]
    fn interest_amount_must_be_an_option() {
        let enquiry = Enquiry::Investment(InvestmentEnquiry {
            name: "Al".into(),
            email: "al@example.com".into(),
            investment_amount: Some("1m".into()),
            ..InvestmentEnquiry::default()
        });
        let errors = enquiry.validate().err().unwrap_or_default();
        assert_eq!(
            errors["investmentAmount"],
            "Please choose an investment amount from the list."
        );
        assert_eq!(enquiry.subject(), "Investment interest from Al");
    }

    #[test]
    fn line_breaks_become_lf_before_judging_and_storing() {
        assert_eq!(
            normalise_line_breaks("a\r\nb\rc\nd\u{2028}e"),
            "a\nb\nc\nd\ne"
        );
        assert!(matches!(
            normalise_line_breaks("plain\ntext"),
            std::borrow::Cow::Borrowed(_)
        ));
        let mut enquiry = Enquiry::Contact(ContactEnquiry {
            first_name: " Jo\r".into(),
            last_name: "Smith".into(),
            email: "jo@example.com".into(),
            message: format!("{}\r\n", "line\r\n".repeat(2500)),
            ..ContactEnquiry::default()
        });
        enquiry.tidy();
        assert_eq!(enquiry.get("firstName"), Some("Jo"));
        let message = enquiry.get("message").unwrap_or_default();
        assert!(!message.contains('\r'));
        assert_eq!(message.chars().count(), 5 * 2500 - 1);
        let mut short = Enquiry::Contact(ContactEnquiry {
            first_name: "Jo".into(),
            last_name: "Smith".into(),
            email: "jo@example.com".into(),
            message: "ab\r\n".repeat(1666) + "ab",
            ..ContactEnquiry::default()
        });
        assert!(short.validate().is_err(), "6,666 characters with CRLF");
        short.tidy();
        assert_eq!(short.validate(), Ok(()), "5,000 characters as typed");
    }
}
