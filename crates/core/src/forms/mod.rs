//! The site's seven forms (SPEC section 3): their schemas, validators, messages and payloads.
//!
//! - [`FormName`] names a form; [`schema`] gives its fields (labels, input types, required,
//!   autocomplete, maximum lengths, option lists) and [`messages`] its toasts and labels.
//! - [`validate`] checks submitted values against the schema and returns per-field errors, the
//!   same on the server and in the browser.
//! - [`Enquiry`] is the JSON body the site posts to `send-contact-email` (SPEC section 7),
//!   tagged by `formType`.
//!
//! SPEC shows no length limits. These are generous limits that no genuine enquiry reaches and that
//! let the server refuse oversized fields: names [`NAME_MAX`], e-mail addresses [`EMAIL_MAX`]
//! (the longest valid address), phone numbers [`PHONE_MAX`] and free text [`TEXT_MAX`]
//! characters.

mod messages;
mod payload;
mod schema;
mod validate;
pub mod wire;

use serde::{Deserialize, Serialize};

pub use messages::{messages, FormMessages, Toast};
pub use payload::{
    normalise_line_breaks, ContactEnquiry, Enquiry, InvestmentEnquiry, MembershipRequest,
};
pub use schema::{priced_schema, schema, Field, FieldOption, FormSchema, InputType};
pub use validate::{group_thousands, validate, validate_with, FieldErrors, Validation, Values};

/// Validates `values` for the form named `name` (see [`FormName::as_str`]).
pub fn validate_named(name: &str, values: &Values) -> Result<Validation, UnknownForm> {
    Ok(validate(name.parse()?, values))
}

/// Longest name accepted, in characters.
pub const NAME_MAX: usize = 100;
/// Longest e-mail address accepted, in characters (RFC 5321's path limit).
pub const EMAIL_MAX: usize = 254;
/// Longest phone number accepted, in characters.
pub const PHONE_MAX: usize = 30;
/// Longest free text (messages, reasons, notes) accepted, in characters.
pub const TEXT_MAX: usize = 5000;
/// Longest value of a choice field accepted, in characters.
pub const CHOICE_MAX: usize = 100;

/// Most UTF-16 code units one character takes (a surrogate pair), for browsers' `maxlength`.
pub const UTF16_UNITS_PER_CHAR_MAX: usize = 2;
/// Most bytes one character takes in a request body: four UTF-8 bytes percent-encoded in a form
/// post (`%F0%9F%98%80`), or a JSON surrogate-pair escape (`\ud83d\ude00`); both are 12.
pub const BODY_BYTES_PER_CHAR_MAX: usize = 12;

/// One of the site's forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum FormName {
    /// Student, Blue Light and over-60s discount request (opens a mail link).
    Discount,
    /// 'Get in Touch' on the contact page.
    Contact,
    /// The chat assistant's contact dialog (opens a mail link).
    ChatContact,
    /// The chat assistant's cancellation dialog (opens a mail link).
    Cancellation,
    /// Register interest on the investor landing page.
    InvestmentInterest,
    /// The investor contact page's form.
    InvestorContact,
    /// The founder page's membership request.
    Membership,
}

impl FormName {
    /// Every form.
    pub const ALL: [FormName; 7] = [
        Self::Discount,
        Self::Contact,
        Self::ChatContact,
        Self::Cancellation,
        Self::InvestmentInterest,
        Self::InvestorContact,
        Self::Membership,
    ];

    /// The name the islands use: `discount`, `contact`, `chatContact`, `cancellation`,
    /// `investmentInterest`, `investorContact`, `membership`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Discount => "discount",
            Self::Contact => "contact",
            Self::ChatContact => "chatContact",
            Self::Cancellation => "cancellation",
            Self::InvestmentInterest => "investmentInterest",
            Self::InvestorContact => "investorContact",
            Self::Membership => "membership",
        }
    }

    /// The form with this name, if any.
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|form| form.as_str() == name)
    }
}

/// A form name that is not one of [`FormName::ALL`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownForm(pub String);

impl std::fmt::Display for UnknownForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Unknown form '{}'.", self.0)
    }
}

impl std::error::Error for UnknownForm {}

impl std::str::FromStr for FormName {
    type Err = UnknownForm;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::parse(name).ok_or_else(|| UnknownForm(name.to_owned()))
    }
}

impl std::fmt::Display for FormName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
