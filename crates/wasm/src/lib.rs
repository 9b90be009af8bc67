//! A thin wasm-bindgen layer over `onespace-core`: every export converts its arguments, calls the
//! core and returns plain JavaScript values (JSON-compatible: objects, arrays, `null`), so the
//! islands show exactly what the server renders.
//!
//! The TypeScript types of the values are written in the `typescript_custom_section` below and
//! attached to each export with `unchecked_param_type` / `unchecked_return_type`, so the generated
//! `.d.ts` has real types rather than `any`. `frontend/src/core/vectors.test.ts` checks the
//! exports against the shared vectors the native core passes.
//!
//! Only what an island calls is exported: every export adds to the module that phones download,
//! and the server renders everything else.

mod types;

use onespace_core::calendar::{instant_from_ms, Window};
use onespace_core::forms::{self, FormName, Values};
use onespace_core::mail::{self, MailKind};
use onespace_core::timetable::Filter;
use onespace_core::{countdown, Pence};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Serialises a core value as a JSON-compatible JavaScript value.
fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|error| JsError::new(&error.to_string()))
}

/// The largest time JavaScript's `Date` represents, in milliseconds; inputs are clamped to it
/// so every result stays a safe JavaScript integer.
const MAX_TIME_MS: f64 = 8.64e15;

/// JavaScript numbers to whole non-negative integers no larger than [`MAX_TIME_MS`]; NaN and
/// negatives become 0.
fn whole(value: f64) -> u64 {
    if value.is_finite() && value > 0.0 {
        value.min(MAX_TIME_MS) as u64
    } else {
        0
    }
}

fn stored(end_ms: Option<f64>) -> Option<u64> {
    end_ms
        .filter(|end| end.is_finite() && *end >= 0.0)
        .map(whole)
}

/// Reads a `{ field: value }` object; `null`/`undefined` is an empty form, and `null`,
/// `undefined` or missing values count as empty. Numbers and booleans from a widget are read as
/// JavaScript prints them. The object is walked with js-sys rather than deserialised with serde:
/// serde's error messages would carry a float formatter into the module for nothing.
fn read_values(input: JsValue) -> Result<Values, JsError> {
    if input.is_null() || input.is_undefined() {
        return Ok(Values::new());
    }
    if !input.is_object() || js_sys::Array::is_array(&input) {
        return Err(JsError::new("Form values must be an object of strings"));
    }
    let mut values = Values::new();
    for entry in js_sys::Object::entries(input.unchecked_ref()).iter() {
        let pair: js_sys::Array = entry.unchecked_into();
        let name = pair.get(0).as_string().unwrap_or_default();
        let value = pair.get(1);
        let text = if let Some(text) = value.as_string() {
            text
        } else if value.is_null() || value.is_undefined() {
            String::new()
        } else if let Some(flag) = value.as_bool() {
            flag.to_string()
        } else if value.as_f64().is_some() {
            value
                .unchecked_into::<js_sys::Number>()
                .to_string_with_radix(10)
                .map(String::from)
                .unwrap_or_default()
        } else {
            return Err(JsError::new(&format!(
                "Form value '{name}' must be text, a number or a boolean"
            )));
        };
        values.insert(name, text);
    }
    Ok(values)
}

fn form(name: &str) -> Result<FormName, JsError> {
    name.parse()
        .map_err(|error: forms::UnknownForm| JsError::new(&error.to_string()))
}

/// The intro-offer countdown at `nowMs` for the end time kept in browser storage (`undefined`
/// or `null` when nothing is stored). `regularMs` is how long a visitor whose window ran out sees
/// the regular price before a new window (the studio's `once-per-visitor` choice); `undefined`
/// starts a new window on every visit (SPEC). Store the returned `endMs`.
#[wasm_bindgen(js_name = introOfferCountdown, unchecked_return_type = "CountdownState")]
pub fn intro_offer_countdown(
    #[wasm_bindgen(js_name = "nowMs")] now_ms: f64,
    #[wasm_bindgen(js_name = "storedEndMs")] stored_end_ms: Option<f64>,
    #[wasm_bindgen(js_name = "regularMs")] regular_ms: Option<f64>,
) -> Result<JsValue, JsError> {
    let revisit = match regular_ms {
        Some(period) => countdown::Revisit::RegularFor(whole(period)),
        None => countdown::Revisit::NewWindow,
    };
    to_js(&countdown::intro_offer(
        whole(now_ms),
        stored(stored_end_ms),
        revisit,
    ))
}

/// The countdown state at `nowMs` for a window ending at `endMs`, without renewal: used on every
/// tick after the first, so a countdown that reaches zero stays expired until the next visit.
#[wasm_bindgen(js_name = countdownAt, unchecked_return_type = "CountdownState")]
pub fn countdown_at(
    #[wasm_bindgen(js_name = "nowMs")] now_ms: f64,
    #[wasm_bindgen(js_name = "endMs")] end_ms: f64,
) -> Result<JsValue, JsError> {
    to_js(&countdown::state_at(whole(now_ms), whole(end_ms)))
}

/// The timed 10%-off page's countdown (5 minutes, no renewal). Store the returned `endMs`.
#[wasm_bindgen(js_name = timedOfferCountdown, unchecked_return_type = "CountdownState")]
pub fn timed_offer_countdown(
    #[wasm_bindgen(js_name = "nowMs")] now_ms: f64,
    #[wasm_bindgen(js_name = "storedEndMs")] stored_end_ms: Option<f64>,
) -> Result<JsValue, JsError> {
    to_js(&countdown::timed_offer(
        whole(now_ms),
        stored(stored_end_ms),
    ))
}

/// Where the offer running from `starts` to `ends` (`YYYY-MM-DD`, UK calendar days, both
/// included) stands at `nowMs`; throws for a date that is not a day or an end before the start.
#[wasm_bindgen(js_name = offerState, unchecked_return_type = "OfferState")]
pub fn offer_state(
    starts: &str,
    ends: &str,
    #[wasm_bindgen(js_name = "nowMs")] now_ms: f64,
) -> Result<JsValue, JsError> {
    let window = Window::parse(starts, ends).map_err(|error| JsError::new(&error.to_string()))?;
    to_js(&window.state_at(instant_from_ms(whole(now_ms) as i64)))
}

/// Formats an amount in pence as the site shows prices (`£62.50`, `£1,112`).
#[wasm_bindgen(js_name = formatPence)]
pub fn format_pence(pence: f64) -> String {
    Pence(whole(pence)).format()
}

/// Validates a form's values; throws only for an unknown form name.
#[wasm_bindgen(js_name = validateForm, unchecked_return_type = "Validation")]
pub fn validate_form(
    #[wasm_bindgen(js_name = "formName", unchecked_param_type = "FormName")] form_name: &str,
    #[wasm_bindgen(unchecked_param_type = "FormValues")] values: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&forms::validate(form(form_name)?, &read_values(values)?))
}

/// The fields of one form.
#[wasm_bindgen(js_name = formSchema, unchecked_return_type = "FormSchema")]
pub fn form_schema(
    #[wasm_bindgen(js_name = "formName", unchecked_param_type = "FormName")] form_name: &str,
) -> Result<JsValue, JsError> {
    to_js(&forms::schema(form(form_name)?))
}

/// One form's labels, toasts and thank-you text.
#[wasm_bindgen(js_name = formMessages, unchecked_return_type = "FormMessages")]
pub fn form_messages(
    #[wasm_bindgen(js_name = "formName", unchecked_param_type = "FormName")] form_name: &str,
) -> Result<JsValue, JsError> {
    to_js(&forms::messages(form(form_name)?))
}

/// A `mailto:` link of the given kind from form values (`oneToOne` reads `coach`), addressed
/// `to` the studio's e-mail, which the island has from its props (the content's `studio.toml`).
#[wasm_bindgen(js_name = mailLink)]
pub fn mail_link(
    #[wasm_bindgen(unchecked_param_type = "MailKind")] kind: &str,
    #[wasm_bindgen(unchecked_param_type = "FormValues")] values: JsValue,
    to: &str,
) -> Result<String, JsError> {
    let kind: MailKind = kind
        .parse()
        .map_err(|error: mail::UnknownMailKind| JsError::new(&error.to_string()))?;
    Ok(mail::build(kind, to, &read_values(values)?))
}

/// A 1-2-1 enquiry link to the named coach, addressed `to` the studio's e-mail.
#[wasm_bindgen(js_name = oneToOneMailLink)]
pub fn one_to_one_mail_link(coach: &str, to: &str) -> String {
    mail::one_to_one(to, coach)
}

/// The timetable filters read from a page address's query string (`?type=hot-yoga&day=tue`);
/// anything that is not a known key is dropped.
#[wasm_bindgen(js_name = timetableFilter, unchecked_return_type = "TimetableFilter")]
pub fn timetable_filter(query: &str) -> Result<JsValue, JsError> {
    to_js(&Filter::from_query(query))
}

/// The query string for a choice of class type and day (`""` for everything).
#[wasm_bindgen(js_name = timetableQuery)]
pub fn timetable_query(
    #[wasm_bindgen(js_name = "type")] kind: Option<String>,
    day: Option<String>,
) -> String {
    Filter::from_parts(kind.as_deref(), day.as_deref()).to_query()
}

/// Whether a class of type `classType` on day `classDay` is shown for the choice.
#[wasm_bindgen(js_name = timetableAdmits)]
pub fn timetable_admits(
    #[wasm_bindgen(js_name = "type")] kind: Option<String>,
    day: Option<String>,
    #[wasm_bindgen(js_name = "classType")] class_type: &str,
    #[wasm_bindgen(js_name = "classDay")] class_day: &str,
) -> bool {
    Filter::from_parts(kind.as_deref(), day.as_deref()).admits(class_type, class_day)
}
