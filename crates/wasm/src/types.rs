//! TypeScript declarations of the values the exports take and return, emitted into the generated
//! `.d.ts`. They mirror the serde shapes of `onespace-core` (camelCase field names, `null` for
//! absent values, prices as integer pence); `frontend/src/core/vectors.test.ts` and the frontend's type
//! check keep them honest.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** The timetable's filters: a class type key and a day key (`mon`..`sun`), `null` for all. */
export interface TimetableFilter {
  type: string | null;
  day: string | null;
}

/** An amount of money in integer pence; show it with `formatPence`. */
export type Pence = number;

/** What a countdown shows at one instant. */
export interface CountdownState {
  /** End time to keep in browser storage (ms since the Unix epoch). */
  endMs: number;
  /** Whole seconds left, rounded up. */
  remainingSeconds: number;
  /** `mm:ss`. */
  display: string;
  /** True once the window has run out. */
  expired: boolean;
}

/** Where a dated offer stands at an instant (UK calendar days, Europe/London). */
export interface OfferState {
  phase: "upcoming" | "live" | "ended";
  /** Start instant, ms since the Unix epoch. */
  startsMs: number;
  /** End instant (the midnight after the last day, UK time), ms since the Unix epoch. */
  endsMs: number;
  /** While live, days left counting today (1 on the last day); 0 otherwise. */
  daysLeft: number;
}

export type FormName =
  | "discount"
  | "contact"
  | "chatContact"
  | "cancellation"
  | "investmentInterest"
  | "investorContact"
  | "membership";

/** Submitted values by field name; missing fields count as empty. */
export type FormValues = Record<string, string | number | boolean | null | undefined>;

export interface Validation {
  ok: boolean;
  /** Message by field name. */
  errors: Record<string, string>;
}

export type InputType = "text" | "email" | "tel" | "textarea" | "select" | "radio";

export interface FieldOption {
  value: string;
  label: string;
}

export interface Field {
  name: string;
  label: string;
  inputType: InputType;
  required: boolean;
  autocomplete: string | null;
  maxLength: number;
  inputMaxLength: number;
  placeholder: string | null;
  options: FieldOption[];
}

export interface FormSchema {
  form: FormName;
  fields: Field[];
}

export interface Toast {
  title: string;
  description: string | null;
  destructive: boolean;
}

export interface FormMessages {
  submitLabel: string;
  submittingLabel: string | null;
  missing: Toast | null;
  success: Toast | null;
  failure: Toast | null;
  thankYou: string | null;
  againLabel: string | null;
}

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

/** A price the chat names. */
export interface ChatPriceFact {
  name: string;
  price: Pence;
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
    price: Pence;
    introDiscount: Pence;
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

export type MailKind = "discount" | "chatContact" | "cancellation" | "oneToOne";
"#;
