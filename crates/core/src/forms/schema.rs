//! The fields of each form.

use serde::Serialize;

use super::{
    FormName, CHOICE_MAX, EMAIL_MAX, NAME_MAX, PHONE_MAX, TEXT_MAX, UTF16_UNITS_PER_CHAR_MAX,
};
use crate::content::founder;
use crate::content::Prices;
use crate::{invest, offers};

/// How a field is entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum InputType {
    /// One line of text.
    Text,
    /// An e-mail address (`type="email"`).
    Email,
    /// A phone number (`type="tel"`).
    Tel,
    /// Several lines of text.
    Textarea,
    /// One choice from a drop-down list.
    Select,
    /// One choice from radio buttons.
    Radio,
}

impl InputType {
    /// Whether the value may span several lines.
    pub const fn multiline(self) -> bool {
        matches!(self, Self::Textarea)
    }

    /// Whether the value is chosen from the field's options.
    pub const fn is_choice(self) -> bool {
        matches!(self, Self::Select | Self::Radio)
    }
}

/// One choice of a select or radio field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldOption {
    /// Submitted value.
    pub value: &'static str,
    /// Shown text.
    pub label: String,
}

impl FieldOption {
    fn same(value: &'static str) -> Self {
        Self {
            value,
            label: value.to_owned(),
        }
    }
}

/// One field of a form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Field {
    /// Name in the payload and the HTML form.
    pub name: &'static str,
    /// Label shown.
    pub label: &'static str,
    /// Input type.
    pub input_type: InputType,
    /// Must be filled in.
    pub required: bool,
    /// HTML `autocomplete` token.
    pub autocomplete: Option<&'static str>,
    /// Most characters (Unicode scalar values) accepted: the limit the core's validation
    /// applies and its message names.
    pub max_length: usize,
    /// The HTML `maxlength` attribute: browsers count UTF-16 code units there, in which a
    /// character outside the Basic Multilingual Plane (most emoji, some CJK) takes two, so the
    /// attribute allows the worst case of [`Self::max_length`] characters and the core's
    /// validation applies the exact limit. A `maxlength` of `max_length` would cut a message in
    /// emoji at half its allowance.
    pub input_max_length: usize,
    /// Placeholder text.
    pub placeholder: Option<&'static str>,
    /// Choices of a select or radio field, in order.
    pub options: Vec<FieldOption>,
    /// How messages refer to the field ('your email address').
    #[serde(skip)]
    pub noun: &'static str,
}

impl Field {
    fn new(
        name: &'static str,
        label: &'static str,
        input_type: InputType,
        noun: &'static str,
    ) -> Self {
        let max_length = match input_type {
            InputType::Email => EMAIL_MAX,
            InputType::Tel => PHONE_MAX,
            InputType::Textarea => TEXT_MAX,
            InputType::Select | InputType::Radio => CHOICE_MAX,
            InputType::Text => NAME_MAX,
        };
        Self {
            name,
            label,
            input_type,
            required: false,
            autocomplete: None,
            max_length,
            input_max_length: max_length * UTF16_UNITS_PER_CHAR_MAX,
            placeholder: None,
            options: Vec::new(),
            noun,
        }
    }

    fn required(mut self) -> Self {
        self.required = true;
        self
    }

    fn autocomplete(mut self, token: &'static str) -> Self {
        self.autocomplete = Some(token);
        self
    }

    fn placeholder(mut self, text: &'static str) -> Self {
        self.placeholder = Some(text);
        self
    }

    fn options(mut self, options: Vec<FieldOption>) -> Self {
        self.options = options;
        self
    }

    /// Whether `value` is one of the field's options (always true for fields without options).
    pub fn allows(&self, value: &str) -> bool {
        !self.input_type.is_choice() || self.options.iter().any(|option| option.value == value)
    }
}

/// A form: its fields in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FormSchema {
    /// Which form.
    pub form: FormName,
    /// Fields in display order.
    pub fields: Vec<Field>,
}

impl FormSchema {
    /// The field with this name.
    pub fn field(&self, name: &str) -> Option<&Field> {
        self.fields.iter().find(|field| field.name == name)
    }
}

/// Interest options of the contact form (SPEC section 3).
pub const INTERESTS: [&str; 8] = [
    "Membership Information",
    "6-Week Challenge",
    "Fire & Ice Recovery",
    "Corporate Wellness",
    "Personal Training",
    "Room Hire",
    "Student/Blue Light/Over 60's Discount",
    "Other",
];

/// Membership types of the cancellation form (SPEC section 3).
pub const MEMBERSHIP_TYPES: [&str; 4] = ["Flex", "Unlimited", "Challenge", "Other"];

/// `payAnnually` values.
pub const PAY_ANNUALLY: [&str; 2] = ["yes", "no"];

fn name(field: &'static str) -> Field {
    Field::new(field, "Full Name", InputType::Text, "your name")
        .required()
        .autocomplete("name")
}

fn email() -> Field {
    Field::new("email", "Email", InputType::Email, "your email address")
        .required()
        .autocomplete("email")
}

fn phone() -> Field {
    Field::new("phone", "Phone", InputType::Tel, "your phone number").autocomplete("tel")
}

fn investment_amounts() -> Vec<FieldOption> {
    let mut options: Vec<FieldOption> = invest::TIERS
        .iter()
        .map(|tier| FieldOption {
            value: tier.key,
            label: format!("{} - {}", tier.amount.format(), tier.title),
        })
        .collect();
    options.push(FieldOption {
        value: "other",
        label: "Other amount".to_owned(),
    });
    options
}

/// The founder plans as choices: `Lite - £39.20/month` with the content's prices; the name alone
/// where no prices are given (the browser's mail forms, which have no plan choice).
fn founder_plans(prices: Option<&Prices>) -> Vec<FieldOption> {
    founder::PLANS
        .iter()
        .map(|plan| {
            let price = prices.and_then(|prices| {
                let base = prices.plan(plan.based_on)?.price;
                Some(prices.founder.monthly(base))
            });
            FieldOption {
                value: plan.key,
                label: match price {
                    Some(price) => format!("{} - {}/month", plan.name, price.format()),
                    None => plan.name.to_owned(),
                },
            }
        })
        .collect()
}

/// The schema of `form`, its choices' labels without prices (field names, types and rules are
/// the same as [`priced_schema`]'s).
pub fn schema(form: FormName) -> FormSchema {
    schema_with(form, None)
}

/// The schema of `form` as the page shows it, choices labelled with `prices`.
pub fn priced_schema(form: FormName, prices: &Prices) -> FormSchema {
    schema_with(form, Some(prices))
}

fn schema_with(form: FormName, prices: Option<&Prices>) -> FormSchema {
    let fields = match form {
        FormName::Discount => vec![
            name("name"),
            email(),
            phone().required(),
            Field::new(
                "discountType",
                "Discount Type",
                InputType::Select,
                "your discount type",
            )
            .required()
            .options(
                offers::concession::GROUPS
                    .into_iter()
                    .map(FieldOption::same)
                    .collect(),
            ),
            Field::new(
                "additionalInfo",
                "Additional Information",
                InputType::Textarea,
                "the additional information",
            )
            .placeholder("e.g. your college, service or anything we should know"),
        ],
        FormName::Contact => vec![
            Field::new(
                "firstName",
                "First Name",
                InputType::Text,
                "your first name",
            )
            .required()
            .autocomplete("given-name"),
            Field::new("lastName", "Last Name", InputType::Text, "your last name")
                .required()
                .autocomplete("family-name"),
            email(),
            phone(),
            Field::new(
                "interest",
                "I'm interested in",
                InputType::Select,
                "your interest",
            )
            .options(INTERESTS.into_iter().map(FieldOption::same).collect()),
            Field::new("message", "Message", InputType::Textarea, "your message")
                .required()
                .placeholder("How can we help?"),
        ],
        FormName::ChatContact => vec![
            name("name"),
            email(),
            Field::new("message", "Message", InputType::Textarea, "your message").required(),
        ],
        FormName::Cancellation => vec![
            name("name"),
            email(),
            Field::new(
                "membershipType",
                "Current Membership Type",
                InputType::Select,
                "your current membership type",
            )
            .required()
            .options(
                MEMBERSHIP_TYPES
                    .into_iter()
                    .map(FieldOption::same)
                    .collect(),
            ),
            Field::new(
                "reason",
                "Reason for Cancelling",
                InputType::Textarea,
                "your reason",
            )
            .placeholder("Optional - it helps us improve"),
        ],
        FormName::InvestmentInterest => vec![
            name("name"),
            email(),
            phone(),
            Field::new(
                "investmentAmount",
                "Investment Amount",
                InputType::Select,
                "an investment amount",
            )
            .options(investment_amounts()),
            Field::new(
                "why",
                "Why are you interested?",
                InputType::Textarea,
                "your answer",
            ),
        ],
        FormName::InvestorContact => vec![
            name("name"),
            email(),
            phone(),
            Field::new("why", "Message", InputType::Textarea, "your message")
                .placeholder("Tell us what you'd like to know"),
        ],
        FormName::Membership => vec![
            name("fullName"),
            email(),
            phone(),
            Field::new(
                "selectedMembership",
                "Membership Plan",
                InputType::Select,
                "a membership plan",
            )
            .required()
            .options(founder_plans(prices)),
            Field::new(
                "payAnnually",
                "Payment",
                InputType::Radio,
                "how you'd like to pay",
            )
            .required()
            .options(vec![
                FieldOption {
                    value: PAY_ANNUALLY[0],
                    label: "Pay annually (2 months free)".to_owned(),
                },
                FieldOption {
                    value: PAY_ANNUALLY[1],
                    label: "Pay monthly".to_owned(),
                },
            ]),
            Field::new(
                "additionalNotes",
                "Additional Notes",
                InputType::Textarea,
                "your notes",
            ),
        ],
    };
    FormSchema { form, fields }
}
