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

export type MailKind = "discount" | "chatContact" | "cancellation" | "oneToOne";
"#;
