//! Reads the chat's facts (the JSON the server serves at `/chat-facts.json`, the serde form of
//! `onespace_core::chat::ChatFacts`) from a JavaScript object with js-sys, field by field.
//!
//! The native core reads the same JSON with serde; here a derived `Deserialize` through
//! serde-wasm-bindgen would carry serde's visitors and error messages (with a float formatter)
//! into the module every phone downloads, for values that are plain strings and numbers. The
//! shared vectors (`frontend/src/core/vectors.test.ts`) run every chat question through this
//! reader, so it reads what the server writes.

use js_sys::{Array, Reflect};
use onespace_core::chat::facts::{
    ChallengeFact, ChatFacts, ClassFact, ClassesFact, DayFact, DriveFact, HoursFact, PriceFact,
    SlotFact, StudioFact, TrialFact, TypicalFact,
};
use onespace_core::countdown::IntroCountdown;
use onespace_core::Pence;
use wasm_bindgen::{JsCast, JsError, JsValue};

type Read<T> = Result<T, JsError>;

fn wrong(key: &str) -> JsError {
    JsError::new(&format!(
        "chat facts: '{key}' is missing or not the server's"
    ))
}

fn field(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn absent(value: &JsValue) -> bool {
    value.is_null() || value.is_undefined()
}

fn text(object: &JsValue, key: &str) -> Read<String> {
    field(object, key).as_string().ok_or_else(|| wrong(key))
}

fn optional_text(object: &JsValue, key: &str) -> Read<Option<String>> {
    let value = field(object, key);
    if absent(&value) {
        return Ok(None);
    }
    value.as_string().map(Some).ok_or_else(|| wrong(key))
}

/// A finite number (the casts below saturate: a number out of a field's range is clamped).
fn number(object: &JsValue, key: &str) -> Read<f64> {
    field(object, key)
        .as_f64()
        .filter(|number| number.is_finite())
        .ok_or_else(|| wrong(key))
}

fn optional_number(object: &JsValue, key: &str) -> Read<Option<f64>> {
    if absent(&field(object, key)) {
        return Ok(None);
    }
    number(object, key).map(Some)
}

fn flag(object: &JsValue, key: &str) -> Read<bool> {
    let value = field(object, key);
    if value.is_undefined() {
        return Ok(false);
    }
    value.as_bool().ok_or_else(|| wrong(key))
}

fn list<T>(object: &JsValue, key: &str, read: fn(&JsValue) -> Read<T>) -> Read<Vec<T>> {
    let value = field(object, key);
    if !Array::is_array(&value) {
        return Err(wrong(key));
    }
    value
        .unchecked_into::<Array>()
        .iter()
        .map(|item| read(&item))
        .collect()
}

fn price(object: &JsValue) -> Read<PriceFact> {
    Ok(PriceFact {
        name: text(object, "name")?,
        price: Pence(number(object, "price")? as u64),
        sessions: optional_number(object, "sessions")?.map(|n| n as u32),
        validity: optional_text(object, "validity")?,
    })
}

fn trial(object: &JsValue) -> Read<TrialFact> {
    Ok(TrialFact {
        name: text(object, "name")?,
        price: Pence(number(object, "price")? as u64),
        intro_discount: Pence(number(object, "introDiscount")? as u64),
        countdown: match text(object, "countdown")?.as_str() {
            "every-visit" => IntroCountdown::EveryVisit,
            "once-per-visitor" => IntroCountdown::OncePerVisitor,
            "none" => IntroCountdown::NoCountdown,
            _ => return Err(wrong("countdown")),
        },
        regular_days: optional_number(object, "regularDays")?.map(|n| n as u16),
    })
}

fn hours(object: &JsValue) -> Read<HoursFact> {
    Ok(HoursFact {
        days: text(object, "days")?,
        weekdays: list(object, "weekdays", |day| {
            day.as_f64()
                .map(|n| n as u8)
                .ok_or_else(|| wrong("weekdays"))
        })?,
        opens: number(object, "opens")? as u16,
        closes: number(object, "closes")? as u16,
    })
}

fn drive(object: &JsValue) -> Read<DriveFact> {
    Ok(DriveFact {
        from: text(object, "from")?,
        minutes: number(object, "minutes")? as u32,
        via: optional_text(object, "via")?,
    })
}

fn slot(object: &JsValue) -> Read<SlotFact> {
    Ok(SlotFact {
        day: text(object, "day")?,
        time: number(object, "time")? as u16,
    })
}

fn studio(object: &JsValue) -> Read<StudioFact> {
    Ok(StudioFact {
        address: text(object, "address")?,
        email: text(object, "email")?,
        phone: text(object, "phone")?,
        tel: text(object, "tel")?,
        parking: text(object, "parking")?,
        opening_hours: list(object, "openingHours", hours)?,
        drive_times: list(object, "driveTimes", drive)?,
        consultation_slots: list(object, "consultationSlots", slot)?,
    })
}

fn challenge(object: &JsValue) -> Read<ChallengeFact> {
    let starts = field(object, "starts");
    Ok(ChallengeFact {
        starts: DayFact {
            year: number(&starts, "year")? as i32,
            month: number(&starts, "month")? as u32,
            day: number(&starts, "day")? as u32,
        },
        consultation_url: text(object, "consultationUrl")?,
    })
}

fn class(object: &JsValue) -> Read<ClassFact> {
    Ok(ClassFact {
        name: text(object, "name")?,
        kind: text(object, "kind")?,
        coach: optional_text(object, "coach")?,
        starts_ms: number(object, "startsMs")? as i64,
        spaces_left: optional_number(object, "spacesLeft")?.map(|n| n as u32),
        waitlist_open: flag(object, "waitlistOpen")?,
        booking_closes_ms: optional_number(object, "bookingClosesMs")?.map(|n| n as i64),
        booking_url: optional_text(object, "bookingUrl")?,
    })
}

fn typical(object: &JsValue) -> Read<TypicalFact> {
    Ok(TypicalFact {
        day: number(object, "day")? as u8,
        time: number(object, "time")? as u16,
        name: text(object, "name")?,
        kind: text(object, "kind")?,
        coach: optional_text(object, "coach")?,
    })
}

fn classes(object: &JsValue) -> Read<ClassesFact> {
    Ok(ClassesFact {
        fetched_ms: optional_number(object, "fetchedMs")?.map(|n| n as i64),
        live: list(object, "live", class)?,
        typical: list(object, "typical", typical)?,
        schedule_url: text(object, "scheduleUrl")?,
    })
}

/// The facts in `value`; an error naming the first field that is missing or of the wrong kind.
pub fn read(value: &JsValue) -> Read<ChatFacts> {
    if !value.is_object() {
        return Err(JsError::new("chat facts: not an object"));
    }
    Ok(ChatFacts {
        plans: list(value, "plans", price)?,
        unlimited: list(value, "unlimited", price)?,
        packs: list(value, "packs", price)?,
        trial: trial(&field(value, "trial"))?,
        concession_percent: number(value, "concessionPercent")? as u64,
        studio: studio(&field(value, "studio"))?,
        challenge: challenge(&field(value, "challenge"))?,
        classes: classes(&field(value, "classes"))?,
    })
}
