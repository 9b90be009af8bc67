//! Each form's labels, toasts and thank-you texts, word for word as SPEC sections 4, 5 and 8
//! give them.

use serde::Serialize;

use super::FormName;

/// A toast notification.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Toast {
    /// Title line.
    pub title: &'static str,
    /// Second line, if any.
    pub description: Option<&'static str>,
    /// Shown in the destructive (error) style.
    pub destructive: bool,
}

impl Toast {
    const fn info(title: &'static str, description: &'static str) -> Self {
        Self {
            title,
            description: Some(description),
            destructive: false,
        }
    }

    const fn error(title: &'static str, description: Option<&'static str>) -> Self {
        Self {
            title,
            description,
            destructive: true,
        }
    }
}

/// What a form shows around submitting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FormMessages {
    /// Submit button label.
    pub submit_label: &'static str,
    /// Submit button label while sending (forms that post to the server).
    pub submitting_label: Option<&'static str>,
    /// Toast when a required field is missing (forms whose SPEC names one).
    pub missing: Option<Toast>,
    /// Toast on success.
    pub success: Option<Toast>,
    /// Toast on failure.
    pub failure: Option<Toast>,
    /// Panel that replaces the form on success.
    pub thank_you: Option<&'static str>,
    /// Link on the thank-you panel back to the form.
    pub again_label: Option<&'static str>,
}

const SENDING: &str = "Sending...";
const ERROR: &str = "Error";

/// The membership thank-you panel (SPEC: staff will be in touch within 24 hours).
pub const MEMBERSHIP_THANK_YOU: &str =
    "Thank you! A member of our team will be in touch within 24 hours to confirm your membership \
     details.";

/// The messages of `form`.
pub const fn messages(form: FormName) -> FormMessages {
    match form {
        FormName::Discount => FormMessages {
            submit_label: "Request Discount Code",
            submitting_label: None,
            missing: Some(Toast::error("Please fill in all required fields", None)),
            success: Some(Toast::info(
                "Email client opened",
                "Please send the email to complete your discount request.",
            )),
            failure: None,
            thank_you: None,
            again_label: None,
        },
        FormName::Contact => FormMessages {
            submit_label: "Send Message",
            submitting_label: Some(SENDING),
            missing: None,
            success: Some(Toast::info(
                "Message Sent!",
                "Thank you for contacting us. We'll get back to you soon!",
            )),
            failure: Some(Toast::error(ERROR, Some("Failed to send message. Please try again."))),
            thank_you: Some("Thanks for contacting us! We'll get back in touch ASAP."),
            again_label: Some("Send another message"),
        },
        FormName::ChatContact => FormMessages {
            submit_label: "Send Message",
            submitting_label: None,
            missing: None,
            success: None,
            failure: None,
            thank_you: None,
            again_label: None,
        },
        FormName::Cancellation => FormMessages {
            submit_label: "Send Cancellation Request",
            submitting_label: None,
            missing: None,
            success: None,
            failure: None,
            thank_you: None,
            again_label: None,
        },
        FormName::InvestmentInterest => FormMessages {
            submit_label: "Register Interest",
            submitting_label: Some(SENDING),
            missing: None,
            success: Some(Toast::info(
                "Interest Registered!",
                "Thank you for your interest! We'll send you our investor pack and be in touch soon.",
            )),
            failure: Some(Toast::error(
                ERROR,
                Some("Failed to register interest. Please try again."),
            )),
            thank_you: None,
            again_label: None,
        },
        FormName::InvestorContact => FormMessages {
            submit_label: "Send Message",
            submitting_label: Some(SENDING),
            missing: None,
            success: Some(Toast::info(
                "Message Sent!",
                "Thank you for your interest! We'll be in touch soon to discuss the investment \
                 opportunity.",
            )),
            failure: Some(Toast::error(
                ERROR,
                Some("Failed to send message. Please try again or contact us directly."),
            )),
            thank_you: None,
            again_label: None,
        },
        FormName::Membership => FormMessages {
            submit_label: "Confirm Membership Request",
            submitting_label: Some("Confirming..."),
            missing: Some(Toast::error(
                "Missing Information",
                Some("Please fill in all required fields."),
            )),
            success: Some(Toast::info(
                "Membership Request Sent!",
                "Thank you! We'll be in touch soon to confirm your membership details.",
            )),
            failure: Some(Toast::error(
                ERROR,
                Some("There was a problem sending your request. Please try again."),
            )),
            thank_you: Some(MEMBERSHIP_THANK_YOU),
            again_label: Some("Submit Another Request"),
        },
    }
}
