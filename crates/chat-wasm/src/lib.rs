//! The chat panel's WebAssembly module: the core's chat replies (`onespace_core::chat`), computed
//! from the facts the server serves at `/chat-facts.json`, so the panel answers exactly as the
//! server does for the same facts and instant.
//!
//! A module of its own rather than exports of `onespace-wasm`: the replies (the schedule's
//! words, times and class rows, the prices' questions) are most of the code the chat added, and
//! every island that needs a rule (countdowns, forms, the timetable's filters) loads the public
//! module. This one is fetched only when the chat panel opens, beside the facts.
//! `frontend/src/core/vectors.test.ts` runs the shared chat vectors through it.

mod facts;

use onespace_core::calendar::instant_from_ms;
use onespace_core::chat;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
export type ChatTopic =
  | "schedule"
  | "location"
  | "whatToBring"
  | "firstTime"
  | "membership"
  | "challenge"
  | "cancel"
  | "contact"
  | "fireIce"
  | "fallback";

/** A link in a reply: a page of the site, or the provider's page in a new tab. */
export interface ChatLink {
  label: string;
  href: string;
  external: boolean;
}

/** One class in a schedule reply (UK day and time). */
export interface ChatClassRow {
  day: string;
  time: string;
  name: string;
  coach: string | null;
  status: string | null;
  full: boolean;
  bookUrl: string | null;
  bookLabel: string;
}

export interface ChatReply {
  topic: ChatTopic;
  text: string;
  classes: ChatClassRow[];
  notes: string[];
  links: ChatLink[];
  showContactButton: boolean;
  showCancelButton: boolean;
}

/** A price the chat names (`price` in integer pence). */
export interface ChatPriceFact {
  name: string;
  price: number;
  /** Sessions (a month for memberships); `null` is unlimited. */
  sessions: number | null;
  validity?: string | null;
}

/** The facts the chat answers from, as the server serves them at `/chat-facts.json`
 * (onespace_core::chat::ChatFacts): plain numbers and strings. Instants are ms since the Unix
 * epoch, times of day minutes since midnight, days of the week 0 (Monday) to 6 (Sunday). Read
 * by the core only. */
export interface ChatFacts {
  plans: ChatPriceFact[];
  unlimited: ChatPriceFact[];
  packs: ChatPriceFact[];
  trial: {
    name: string;
    /** Integer pence, as `introDiscount`. */
    price: number;
    introDiscount: number;
    /** How the intro price is offered: "every-visit", "once-per-visitor" or "none". */
    countdown: string;
    regularDays: number | null;
  };
  concessionPercent: number;
  studio: {
    address: string;
    email: string;
    phone: string;
    tel: string;
    parking: string;
    openingHours: { days: string; weekdays: number[]; opens: number; closes: number }[];
    driveTimes: { from: string; minutes: number; via: string | null }[];
    consultationSlots: { day: string; time: number }[];
  };
  challenge: {
    starts: { year: number; month: number; day: number };
    consultationUrl: string;
  };
  classes: {
    fetchedMs: number | null;
    live: {
      name: string;
      kind: string;
      coach: string | null;
      startsMs: number;
      spacesLeft: number | null;
      waitlistOpen: boolean;
      bookingClosesMs: number | null;
      bookingUrl: string | null;
    }[];
    typical: { day: number; time: number; name: string; kind: string; coach: string | null }[];
    scheduleUrl: string;
  };
}
"#;

/// Serialises a core value as a JSON-compatible JavaScript value.
fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|error| JsError::new(&error.to_string()))
}

/// The topic of a visitor's chat message by the keyword groups alone (`null` for blank input).
#[wasm_bindgen(js_name = chatTopic, unchecked_return_type = "ChatTopic | null")]
pub fn chat_topic(text: &str) -> Result<JsValue, JsError> {
    to_js(&chat::message_topic(text))
}

/// The assistant's reply to `text` at `nowMs` from `facts` (the JSON the server serves at
/// `/chat-facts.json`): `null` for blank input. Throws when `facts` are not the server's.
/// `nowMs` is read as JavaScript's `Date.now()`: NaN is the epoch, and a time beyond chrono's
/// range is its first or last instant.
#[wasm_bindgen(js_name = chatReply, unchecked_return_type = "ChatReply | null")]
pub fn chat_reply(
    text: &str,
    #[wasm_bindgen(unchecked_param_type = "ChatFacts")] facts: JsValue,
    #[wasm_bindgen(js_name = "nowMs")] now_ms: f64,
) -> Result<JsValue, JsError> {
    let facts = facts::read(&facts)?;
    // `as` saturates and reads NaN as 0.
    to_js(&chat::respond(text, &facts, instant_from_ms(now_ms as i64)))
}
