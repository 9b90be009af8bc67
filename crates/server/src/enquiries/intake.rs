//! From a request body to a stored enquiry: reading the JSON or form fields into the core's
//! [`Enquiry`], the honeypot, the core's validation and the transaction that stores the enquiry
//! with its queued mail.

use std::collections::BTreeMap;

use onespace_core::forms::{schema, Enquiry, FormName};
use serde_json::{Map, Value};

use super::error::EnquiryError;
use super::idempotency::{self, IdempotencyKey};
use super::Enquiries;
use onespace_store::{now_ms, Inserted, NewEnquiry};

use onespace_core::forms::wire::HONEYPOT;

/// The `formType` values of SPEC section 7.
pub const FORM_TYPES: [&str; 3] = ["contact", "investment", "membership"];

/// A parsed post.
#[derive(Debug)]
pub struct Submission {
    /// The enquiry as posted.
    pub enquiry: Enquiry,
    /// The honeypot was filled in.
    pub robot: bool,
    /// The post's idempotency key, if it carried one.
    pub key: Option<IdempotencyKey>,
}

/// A plain form post as read: the submission (without its key), the values as typed and the
/// raw key field, checked after the values are kept so that a bad key loses nothing typed.
#[derive(Debug)]
pub struct FormPost {
    /// The enquiry and honeypot.
    pub submission: Submission,
    /// The form's fields as typed, to show again.
    pub values: BTreeMap<String, String>,
    /// The hidden key field ([`onespace_core::forms::wire::IDEMPOTENCY_FIELD`]) as posted.
    pub key: Option<String>,
}

fn unknown_form_type() -> EnquiryError {
    EnquiryError::field(
        "formType",
        "Please say which form this is: formType must be 'contact', 'investment' or 'membership'.",
    )
}

/// The payload fields of a `formType` (the investment interest form's are a superset of the
/// investor contact form's).
fn fields(form_type: &str) -> Vec<&'static str> {
    let form = match form_type {
        "contact" => FormName::Contact,
        "investment" => FormName::InvestmentInterest,
        _ => FormName::Membership,
    };
    schema(form).fields.iter().map(|field| field.name).collect()
}

/// Reads a JSON body from the islands.
pub fn from_json(body: &[u8]) -> Result<Submission, EnquiryError> {
    let value: Value = serde_json::from_slice(body)
        .map_err(|error| EnquiryError::MalformedJson(error.to_string()))?;
    let Value::Object(mut object) = value else {
        return Err(EnquiryError::BadRequest(
            "The body must be a JSON object with a formType and the form's fields.".to_owned(),
        ));
    };
    let form_type = match object.get("formType") {
        Some(Value::String(kind)) if FORM_TYPES.contains(&kind.as_str()) => kind.clone(),
        _ => return Err(unknown_form_type()),
    };
    let robot = object.remove(HONEYPOT).as_ref().is_some_and(filled);
    let mut wrong = BTreeMap::new();
    for name in fields(&form_type) {
        match object.get(name) {
            Some(Value::Null) => {
                object.remove(name);
            }
            Some(Value::String(_)) | None => {}
            Some(other) => {
                wrong.insert(
                    name.to_owned(),
                    format!(
                        "{name} must be text (a JSON string), not {}.",
                        kind_of(other)
                    ),
                );
            }
        }
    }
    if !wrong.is_empty() {
        return Err(EnquiryError::Invalid(wrong));
    }
    let enquiry = serde_json::from_value(Value::Object(object)).map_err(|error| {
        EnquiryError::BadRequest(format!("The enquiry cannot be read: {error}."))
    })?;
    Ok(Submission {
        enquiry,
        robot,
        key: None,
    })
}

/// Whether a honeypot value holds anything: text that is not blank, any number, `true`, or a
/// list or object holding such a value. The site's own scripts send the field as text (empty);
/// whatever else a client puts there is what a robot filling in every field does, so any type
/// counts, and only `null`, blank text, `false` and empty lists or objects count as left empty.
fn filled(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => false,
        Value::Bool(true) | Value::Number(_) => true,
        Value::String(text) => !text.trim().is_empty(),
        Value::Array(items) => items.iter().any(filled),
        Value::Object(members) => members.values().any(filled),
    }
}

fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "text",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// Reads an HTML form post (urlencoded) for a page whose form posts `form_type`: the
/// submission, the values as typed (to show them again if validation fails) and the key field.
pub fn from_form(body: &[u8], form_type: &str) -> Result<FormPost, EnquiryError> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(body).map_err(|_| {
        EnquiryError::BadRequest("The form data could not be read as UTF-8 text.".to_owned())
    })?;
    // Every copy of the honeypot counts: a robot may send it twice with the last one empty.
    let robot = pairs
        .iter()
        .any(|(name, value)| name == HONEYPOT && !value.trim().is_empty());
    let mut values: BTreeMap<String, String> = pairs.into_iter().collect();
    values.remove(HONEYPOT);
    let key = values.remove(onespace_core::forms::wire::IDEMPOTENCY_FIELD);
    match values.remove("formType") {
        Some(posted) if posted != form_type => return Err(unknown_form_type()),
        _ => {}
    }
    let mut object: Map<String, Value> = fields(form_type)
        .into_iter()
        .filter_map(|name| Some((name.to_owned(), Value::String(values.get(name)?.clone()))))
        .collect();
    object.insert("formType".to_owned(), Value::String(form_type.to_owned()));
    let enquiry = serde_json::from_value(Value::Object(object)).map_err(|error| {
        EnquiryError::BadRequest(format!("The enquiry cannot be read: {error}."))
    })?;
    values.retain(|name, _| fields(form_type).contains(&name.as_str()));
    Ok(FormPost {
        submission: Submission {
            enquiry,
            robot,
            key: None,
        },
        values,
        key,
    })
}

/// What a visitor had typed, from the part of a form post for `form_type` that arrived before
/// the upload stalled: the fields received whole (each ended by `&`), never the last one, which
/// may be cut short (a visitor sending it again as shown would send half a message).
pub fn typed_before_stall(received: &[u8], form_type: &str) -> BTreeMap<String, String> {
    let whole = received
        .iter()
        .rposition(|&byte| byte == b'&')
        .map_or(&received[..0], |end| &received[..end]);
    let Ok(pairs) = serde_urlencoded::from_bytes::<Vec<(String, String)>>(whole) else {
        return BTreeMap::new();
    };
    let fields = fields(form_type);
    pairs
        .into_iter()
        .filter(|(name, _)| fields.contains(&name.as_str()))
        .collect()
}

/// Where a post without an idempotency key gets one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MissingKey {
    /// Derived from its content (the plain form, whose cached page cannot carry one).
    FromContent,
    /// None: every such post is a new enquiry (API clients that send no header).
    None,
}

/// A post checked and ready to store.
#[derive(Debug)]
pub struct Prepared {
    /// The id the enquiry gets if it is new.
    id: String,
    /// What to store; `None` for a robot's post (answered as sent, never stored).
    record: Option<NewEnquiry>,
    /// The key the post is stored under, for the page answering a plain form post.
    pub key: Option<IdempotencyKey>,
}

/// Tidies and validates the enquiry and settles its idempotency key.
pub fn prepare(submission: Submission, missing: MissingKey) -> Result<Prepared, EnquiryError> {
    let Submission {
        mut enquiry,
        robot,
        key,
    } = submission;
    let id = uuid::Uuid::now_v7().to_string();
    let form = enquiry.form().as_str();
    if robot {
        tracing::info!(form, "honeypot filled: answered as sent, not stored");
        return Ok(Prepared {
            id,
            record: None,
            key,
        });
    }
    enquiry.tidy();
    enquiry.validate().map_err(EnquiryError::Invalid)?;
    let payload = serde_json::to_string(&enquiry).map_err(|error| {
        EnquiryError::BadRequest(format!("The enquiry cannot be stored: {error}."))
    })?;
    let received_at = now_ms();
    let (key, earlier_keys) = match (key, missing) {
        (Some(key), _) => (Some(key), Vec::new()),
        (None, MissingKey::FromContent) => {
            let (current, previous) = idempotency::from_content(form, &payload, received_at);
            (Some(current), vec![previous.as_str().to_owned()])
        }
        (None, MissingKey::None) => (None, Vec::new()),
    };
    let record = NewEnquiry {
        id: id.clone(),
        received_at,
        form,
        payload,
        idempotency_key: key.as_ref().map(|key| key.as_str().to_owned()),
        earlier_keys,
    };
    Ok(Prepared {
        id,
        record: Some(record),
        key,
    })
}

/// What became of an accepted post.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Stored now, under this id.
    New(String),
    /// Stored before under the same key, or a robot's post answered alike and not stored: the
    /// id answered.
    Answered(String),
}

impl Outcome {
    /// The id the post is answered with.
    pub fn id(&self) -> &str {
        match self {
            Self::New(id) | Self::Answered(id) => id,
        }
    }
}

/// Stores a prepared enquiry with its queued mail once committed, or finds the enquiry stored
/// before under the same key (nothing new is stored then). A robot's post gets an id and the
/// same answer, but nothing is stored or mailed.
pub async fn store(state: &Enquiries, prepared: Prepared) -> Result<Outcome, EnquiryError> {
    let Prepared { id, record, .. } = prepared;
    let Some(record) = record else {
        return Ok(Outcome::Answered(id));
    };
    let form = record.form;
    match state.store.insert(&record).await {
        Ok(Inserted::New) => {
            state.wake.notify_one();
            tracing::info!(enquiry = %id, form, "enquiry stored");
            Ok(Outcome::New(id))
        }
        Ok(Inserted::Existing(first)) => {
            tracing::info!(enquiry = %first, form, "enquiry sent again: answered as the first, not stored again");
            Ok(Outcome::Answered(first))
        }
        Err(error) => {
            tracing::error!(form, %error, "enquiry not stored");
            Err(error.into())
        }
    }
}

/// [`prepare`] then [`store`].
pub async fn accept(
    state: &Enquiries,
    submission: Submission,
    missing: MissingKey,
) -> Result<Outcome, EnquiryError> {
    store(state, prepare(submission, missing)?).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(result: Result<Submission, EnquiryError>) -> BTreeMap<String, String> {
        match result {
            Err(EnquiryError::Invalid(errors)) => errors,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn json_needs_an_object_with_a_known_form_type_and_text_fields() {
        assert!(matches!(
            from_json(b"{"),
            Err(EnquiryError::MalformedJson(_))
        ));
        assert!(matches!(
            from_json(b"[1]"),
            Err(EnquiryError::BadRequest(_))
        ));
        assert!(errors(from_json(br#"{"formType":"quote"}"#)).contains_key("formType"));
        assert!(errors(from_json(br#"{"firstName":"Jo"}"#)).contains_key("formType"));
        let wrong = errors(from_json(
            br#"{"formType":"contact","phone":7,"message":["a"]}"#,
        ));
        assert_eq!(
            wrong["phone"],
            "phone must be text (a JSON string), not a number."
        );
        assert_eq!(
            wrong["message"],
            "message must be text (a JSON string), not a list."
        );
    }

    #[test]
    fn nulls_are_missing_and_the_honeypot_is_noticed() {
        let submission = from_json(
            br#"{"formType":"investment","name":"Al","email":"al@example.com","investmentAmount":null,"website":"spam.example"}"#,
        )
        .unwrap_or_else(|error| panic!("{error}"));
        assert!(submission.robot);
        assert_eq!(submission.enquiry.form(), FormName::InvestorContact);
        let robot = |honeypot: &str| {
            let body = format!(r#"{{"formType":"contact","website":{honeypot}}}"#);
            from_json(body.as_bytes())
                .unwrap_or_else(|error| panic!("{error}"))
                .robot
        };
        for value in [
            "1",
            "0",
            "true",
            r#"["x"]"#,
            r#"{"a":"x"}"#,
            r#"[[{"a":2}]]"#,
        ] {
            assert!(robot(value), "{value}");
        }
        for value in ["null", r#""""#, r#"" ""#, "false", "[]", "{}", r#"[""]"#] {
            assert!(!robot(value), "{value}");
        }
        let twice = from_form(b"formType=contact&website=spam&website=", "contact")
            .unwrap_or_else(|error| panic!("{error}"));
        assert!(twice.submission.robot);
    }

    #[test]
    fn a_stalled_form_post_keeps_the_fields_received_whole() {
        let received =
            b"formType=contact&firstName=J%C3%B6&lastName=Smith&website=&message=Hello+the";
        let typed = typed_before_stall(received, "contact");
        assert_eq!(
            typed,
            BTreeMap::from([
                ("firstName".to_owned(), "J\u{f6}".to_owned()),
                ("lastName".to_owned(), "Smith".to_owned()),
            ])
        );
        assert!(typed_before_stall(b"formType=contact&firstNa", "contact").is_empty());
        assert!(typed_before_stall(b"", "contact").is_empty());
        // Cut inside a character's percent-encoding: that field is the cut one, left out.
        let typed = typed_before_stall(b"firstName=Jo&lastName=J%C3", "contact");
        assert_eq!(typed.len(), 1);
    }

    #[test]
    fn form_posts_keep_the_typed_values_and_check_the_form_type() {
        let FormPost {
            submission,
            values,
            key,
        } = from_form(
            b"formType=contact&firstName=Jo&lastName=&email=jo%40example.com&message=Hi+there&website=&other=x&idempotencyKey=k",
            "contact",
        )
        .unwrap_or_else(|error| panic!("{error}"));
        assert!(!submission.robot);
        assert_eq!(key.as_deref(), Some("k"));
        assert!(!values.contains_key("idempotencyKey"));
        assert_eq!(values.get("firstName").map(String::as_str), Some("Jo"));
        assert!(!values.contains_key("other"));
        assert_eq!(submission.enquiry.get("message"), Some("Hi there"));
        assert!(from_form(b"formType=membership", "contact").is_err());
        // Bytes that are not UTF-8 arrive as replacement characters, never as a failure.
        assert!(from_form(b"firstName=%FF", "contact").is_ok());
    }
}
