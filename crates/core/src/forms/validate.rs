//! Per-field validation: the same rules and messages on the server and in the browser.

use std::collections::BTreeMap;

use serde::Serialize;

use super::schema::{schema, Field, InputType};
use super::FormName;

/// Submitted values by field name. Missing fields count as empty; unknown fields are ignored.
pub type Values = BTreeMap<String, String>;

/// Errors by field name; each message tells the visitor what to do.
pub type FieldErrors = BTreeMap<String, String>;

/// The outcome of validating a form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Validation {
    /// True when there are no errors.
    pub ok: bool,
    /// Errors by field name.
    pub errors: FieldErrors,
}

/// Validates `values` for `form`. Values are judged trimmed of surrounding whitespace.
pub fn validate(form: FormName, values: &Values) -> Validation {
    validate_with(form, |name| values.get(name).map(String::as_str))
}

/// Validates with a lookup from field name to value, for callers holding typed payloads.
pub fn validate_with<'a>(form: FormName, lookup: impl Fn(&str) -> Option<&'a str>) -> Validation {
    // Inserted one by one rather than collected: collecting into a map sorts first, and the
    // sort's code is a few kilobytes of the browser's module for a handful of fields.
    let mut errors = FieldErrors::new();
    for field in &schema(form).fields {
        let value = lookup(field.name).unwrap_or_default().trim();
        if let Some(message) = check(field, value) {
            errors.insert(field.name.to_owned(), message);
        }
    }
    Validation {
        ok: errors.is_empty(),
        errors,
    }
}

/// The first problem with one field's (trimmed) value.
fn check(field: &Field, value: &str) -> Option<String> {
    let noun = field.noun;
    if value.is_empty() {
        return field.required.then(|| {
            if field.input_type.is_choice() {
                format!("Please choose {noun}.")
            } else {
                format!("Please enter {noun}.")
            }
        });
    }
    let length = value.chars().count();
    if length > field.max_length {
        return Some(format!(
            "Please shorten {noun} to {} characters or fewer.",
            group_thousands(field.max_length)
        ));
    }
    if !field.input_type.multiline() && value.chars().any(is_line_break) {
        return Some(format!("Please write {noun} on one line."));
    }
    if value
        .chars()
        .any(|c| c.is_control() && !is_line_break(c) && c != '\t')
    {
        return Some(format!(
            "Please remove unusual control characters from {noun}."
        ));
    }
    if !field.allows(value) {
        return Some(format!("Please choose {noun} from the list."));
    }
    match field.input_type {
        InputType::Email if !is_email(value) => {
            Some("Please enter a valid email address.".to_owned())
        }
        InputType::Tel if !is_phone(value) => Some("Please enter a valid phone number.".to_owned()),
        _ => None,
    }
}

/// Whether `c` ends a line: LF, CR, vertical tab, form feed, NEL, line or paragraph separator.
pub(crate) fn is_line_break(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r' | '\u{0b}' | '\u{0c}' | '\u{85}' | '\u{2028}' | '\u{2029}'
    )
}

/// `number` with commas between thousands (`5,000`), as messages show limits.
pub fn group_thousands(number: usize) -> String {
    let digits = number.to_string();
    let mut grouped = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// A practical e-mail check: `local@domain.tld` with no spaces, quotes or brackets, a local part
/// of at most 64 characters and a domain of dot-separated labels (international letters allowed)
/// ending in a top-level label of two or more letters.
pub(crate) fn is_email(value: &str) -> bool {
    let Some((local, domain)) = value.rsplit_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local.chars().count() <= 64
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local
            .chars()
            .all(|c| !c.is_whitespace() && !c.is_control() && !"@()<>[]\\,;:\"".contains(c));
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|label| {
            !label.is_empty()
                && label.chars().count() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_alphanumeric() || c == '-')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.chars().count() >= 2 && tld.chars().all(char::is_alphabetic));
    local_ok && domain_ok
}

/// A phone number: digits with optional spaces, dashes, dots and brackets, an optional leading
/// `+`, and between 7 and 15 digits (E.164's maximum), e.g. `01506 238 238`, `+44 (0)7700 900123`.
pub(crate) fn is_phone(value: &str) -> bool {
    let body = value.strip_prefix('+').unwrap_or(value);
    let digits = body.chars().filter(char::is_ascii_digit).count();
    body.chars()
        .all(|c| c.is_ascii_digit() || " -.()".contains(c))
        && (7..=15).contains(&digits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn values(pairs: &[(&str, &str)]) -> Values {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn empty_required_fields_say_what_to_enter() {
        let result = validate(FormName::Contact, &Values::new());
        assert!(!result.ok);
        assert_eq!(result.errors["firstName"], "Please enter your first name.");
        assert_eq!(result.errors["email"], "Please enter your email address.");
        assert_eq!(result.errors["message"], "Please enter your message.");
        assert!(!result.errors.contains_key("phone"));
        let membership = validate(FormName::Membership, &Values::new());
        assert_eq!(
            membership.errors["selectedMembership"],
            "Please choose a membership plan."
        );
        assert_eq!(
            membership.errors["payAnnually"],
            "Please choose how you'd like to pay."
        );
    }

    #[test]
    fn emails_and_phones_are_checked() {
        for good in ["a@b.co", "jo.smith+yoga@example.org.uk", "eilidh@bücher.de"] {
            assert!(is_email(good), "{good}");
        }
        for bad in [
            "",
            "a",
            "a@b",
            "a@b.c",
            "a b@c.com",
            "a@@b.com",
            "@b.com",
            "a@.com",
            "a@b..com",
            "a.@b.com",
            "a@-b.com",
        ] {
            assert!(!is_email(bad), "{bad}");
        }
        for good in ["01506 238 238", "+44 (0)7700 900123", "07700-900-123"] {
            assert!(is_phone(good), "{good}");
        }
        for bad in ["123", "phone me", "++441506238238", "0150623823812345678"] {
            assert!(!is_phone(bad), "{bad}");
        }
        let result = validate(
            FormName::Discount,
            &values(&[("email", "nope"), ("phone", "12")]),
        );
        assert_eq!(
            result.errors["email"],
            "Please enter a valid email address."
        );
        assert_eq!(result.errors["phone"], "Please enter a valid phone number.");
    }

    #[test]
    fn options_lengths_and_line_breaks_are_enforced() {
        let long = "x".repeat(5001);
        let result = validate(
            FormName::Contact,
            &values(&[
                ("firstName", "Jo\nBcc: x@y.com"),
                ("lastName", "Smith"),
                ("email", "jo@example.com"),
                ("interest", "Free Money"),
                ("message", &long),
            ]),
        );
        assert_eq!(
            result.errors["firstName"],
            "Please write your first name on one line."
        );
        assert_eq!(
            result.errors["interest"],
            "Please choose your interest from the list."
        );
        assert_eq!(
            result.errors["message"],
            "Please shorten your message to 5,000 characters or fewer."
        );
    }

    #[test]
    fn a_complete_form_passes_with_surrounding_whitespace() {
        let result = validate(
            FormName::Membership,
            &values(&[
                ("fullName", "  Jo Smith "),
                ("email", " jo@example.com "),
                ("selectedMembership", "founder-flex"),
                ("payAnnually", "no"),
                ("formType", "membership"),
            ]),
        );
        assert_eq!(
            result,
            Validation {
                ok: true,
                errors: FieldErrors::new()
            }
        );
    }

    proptest! {
        #[test]
        fn never_panics_and_reports_only_known_fields(
            form in proptest::sample::select(FormName::ALL.to_vec()),
            raw in proptest::collection::vec((any::<String>(), any::<String>()), 0..8),
            known in proptest::collection::vec(any::<String>(), 0..8),
        ) {
            let fields = schema(form).fields;
            let mut values: Values = raw.into_iter().collect();
            for (field, value) in fields.iter().zip(known) {
                values.insert(field.name.to_owned(), value);
            }
            let result = validate(form, &values);
            prop_assert_eq!(result.ok, result.errors.is_empty());
            for name in result.errors.keys() {
                prop_assert!(fields.iter().any(|field| field.name == name));
            }
        }

        #[test]
        fn valid_looking_emails_pass(local in "[a-z0-9._+-]{1,20}", domain in "[a-z0-9]{1,10}", tld in "[a-z]{2,6}") {
            let email = format!("{local}@{domain}.{tld}");
            let clean = !local.starts_with('.') && !local.ends_with('.') && !local.contains("..");
            prop_assert_eq!(is_email(&email), clean);
        }
    }
}
