//! Reads the chat's facts (the JSON the server serves at `/chat-facts.json`, the serde form of
//! `onespace_core::chat::ChatFacts`) from a JavaScript object with js-sys, field by field.
//!
//! The native core reads the same JSON with serde; here a derived `Deserialize` through
//! serde-wasm-bindgen would carry serde's visitors and error messages (with a float formatter)
//! into the module a phone downloads when the chat opens, for values that are plain strings and numbers. The
//! shared vectors (`frontend/src/core/vectors.test.ts`) run every chat question through this
//! reader, so it reads what the server writes.

use std::cell::Cell;

use js_sys::{Array, Reflect};
use onespace_core::chat::facts::{
    ChallengeFact, ChatFacts, ClassFact, ClassesFact, DayFact, DriveFact, HoursFact, PriceFact,
    SlotFact, StudioFact, TrialFact, TypicalFact,
};
use onespace_core::countdown::IntroCountdown;
use onespace_core::Pence;
use wasm_bindgen::{JsCast, JsError, JsValue};

/// Reads fields, noting the first that is missing or of the wrong kind and going on with an
/// empty value: no early return, so no unwinding of half-read values in the module's code.
#[derive(Default)]
struct Reader {
    wrong: Cell<Option<&'static str>>,
}

impl Reader {
    fn wrong(&self, key: &'static str) {
        if self.wrong.get().is_none() {
            self.wrong.set(Some(key));
        }
    }

    fn text(&self, object: &JsValue, key: &'static str) -> String {
        field(object, key).as_string().unwrap_or_else(|| {
            self.wrong(key);
            String::new()
        })
    }

    fn optional_text(&self, object: &JsValue, key: &'static str) -> Option<String> {
        let value = field(object, key);
        if absent(&value) {
            return None;
        }
        let text = value.as_string();
        if text.is_none() {
            self.wrong(key);
        }
        text
    }

    /// A finite number, 0 otherwise (the casts below saturate: a number out of a field's range
    /// is clamped).
    fn number(&self, object: &JsValue, key: &'static str) -> f64 {
        self.checked_number(&field(object, key), key)
    }

    fn checked_number(&self, value: &JsValue, key: &'static str) -> f64 {
        match value.as_f64() {
            Some(number) if number.is_finite() => number,
            _ => {
                self.wrong(key);
                0.0
            }
        }
    }

    fn optional_number(&self, object: &JsValue, key: &'static str) -> Option<f64> {
        let value = field(object, key);
        (!absent(&value)).then(|| self.checked_number(&value, key))
    }

    fn flag(&self, object: &JsValue, key: &'static str) -> bool {
        let value = field(object, key);
        if value.is_undefined() {
            return false;
        }
        value.as_bool().unwrap_or_else(|| {
            self.wrong(key);
            false
        })
    }

    fn list<T>(
        &self,
        object: &JsValue,
        key: &'static str,
        read: fn(&Self, &JsValue) -> T,
    ) -> Vec<T> {
        let value = field(object, key);
        if !Array::is_array(&value) {
            self.wrong(key);
            return Vec::new();
        }
        value
            .unchecked_into::<Array>()
            .iter()
            .map(|item| read(self, &item))
            .collect()
    }

    fn price(&self, object: &JsValue) -> PriceFact {
        PriceFact {
            name: self.text(object, "name"),
            price: Pence(self.number(object, "price") as u64),
            sessions: self.optional_number(object, "sessions").map(|n| n as u32),
            validity: self.optional_text(object, "validity"),
        }
    }

    fn trial(&self, object: &JsValue) -> TrialFact {
        TrialFact {
            name: self.text(object, "name"),
            price: Pence(self.number(object, "price") as u64),
            intro_discount: Pence(self.number(object, "introDiscount") as u64),
            countdown: match self.text(object, "countdown").as_str() {
                "every-visit" => IntroCountdown::EveryVisit,
                "once-per-visitor" => IntroCountdown::OncePerVisitor,
                "none" => IntroCountdown::NoCountdown,
                _ => {
                    self.wrong("countdown");
                    IntroCountdown::EveryVisit
                }
            },
            regular_days: self
                .optional_number(object, "regularDays")
                .map(|n| n as u16),
        }
    }

    fn hours(&self, object: &JsValue) -> HoursFact {
        HoursFact {
            days: self.text(object, "days"),
            weekdays: self.list(object, "weekdays", |reader, day| {
                reader.checked_number(day, "weekdays") as u8
            }),
            opens: self.number(object, "opens") as u16,
            closes: self.number(object, "closes") as u16,
        }
    }

    fn drive(&self, object: &JsValue) -> DriveFact {
        DriveFact {
            from: self.text(object, "from"),
            minutes: self.number(object, "minutes") as u32,
            via: self.optional_text(object, "via"),
        }
    }

    fn slot(&self, object: &JsValue) -> SlotFact {
        SlotFact {
            day: self.text(object, "day"),
            time: self.number(object, "time") as u16,
        }
    }

    fn studio(&self, object: &JsValue) -> StudioFact {
        StudioFact {
            address: self.text(object, "address"),
            email: self.text(object, "email"),
            phone: self.text(object, "phone"),
            tel: self.text(object, "tel"),
            parking: self.text(object, "parking"),
            opening_hours: self.list(object, "openingHours", Self::hours),
            drive_times: self.list(object, "driveTimes", Self::drive),
            consultation_slots: self.list(object, "consultationSlots", Self::slot),
        }
    }

    fn challenge(&self, object: &JsValue) -> ChallengeFact {
        let starts = field(object, "starts");
        ChallengeFact {
            starts: DayFact {
                year: self.number(&starts, "year") as i32,
                month: self.number(&starts, "month") as u32,
                day: self.number(&starts, "day") as u32,
            },
            consultation_url: self.text(object, "consultationUrl"),
        }
    }

    fn class(&self, object: &JsValue) -> ClassFact {
        ClassFact {
            name: self.text(object, "name"),
            kind: self.text(object, "kind"),
            coach: self.optional_text(object, "coach"),
            starts_ms: self.number(object, "startsMs") as i64,
            spaces_left: self.optional_number(object, "spacesLeft").map(|n| n as u32),
            waitlist_open: self.flag(object, "waitlistOpen"),
            booking_closes_ms: self
                .optional_number(object, "bookingClosesMs")
                .map(|n| n as i64),
            booking_url: self.optional_text(object, "bookingUrl"),
        }
    }

    fn typical(&self, object: &JsValue) -> TypicalFact {
        TypicalFact {
            day: self.number(object, "day") as u8,
            time: self.number(object, "time") as u16,
            name: self.text(object, "name"),
            kind: self.text(object, "kind"),
            coach: self.optional_text(object, "coach"),
        }
    }

    fn classes(&self, object: &JsValue) -> ClassesFact {
        ClassesFact {
            fetched_ms: self.optional_number(object, "fetchedMs").map(|n| n as i64),
            live: self.list(object, "live", Self::class),
            typical: self.list(object, "typical", Self::typical),
            schedule_url: self.text(object, "scheduleUrl"),
        }
    }
}

fn field(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn absent(value: &JsValue) -> bool {
    value.is_null() || value.is_undefined()
}

/// The facts in `value`; an error naming the first field that is missing or of the wrong kind.
pub fn read(value: &JsValue) -> Result<ChatFacts, JsError> {
    if !value.is_object() {
        return Err(JsError::new("chat facts: not an object"));
    }
    let reader = Reader::default();
    let facts = ChatFacts {
        plans: reader.list(value, "plans", Reader::price),
        unlimited: reader.list(value, "unlimited", Reader::price),
        packs: reader.list(value, "packs", Reader::price),
        trial: reader.trial(&field(value, "trial")),
        concession_percent: reader.number(value, "concessionPercent") as u64,
        studio: reader.studio(&field(value, "studio")),
        challenge: reader.challenge(&field(value, "challenge")),
        classes: reader.classes(&field(value, "classes")),
    };
    match reader.wrong.get() {
        None => Ok(facts),
        Some(key) => Err(JsError::new(&format!(
            "chat facts: '{key}' is missing or not the server's"
        ))),
    }
}
