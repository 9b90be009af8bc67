/**
 * What the server's form widget passes to the enquiry form islands: everything the first render
 * needs (schema, labels, texts, the no-JavaScript post's values and messages), taken from the
 * core and the page on the server, so the island's first render is the server's markup and
 * nothing moves.
 */
import type { Field, FormMessages, FormName } from '../../wasm-pkg/onespace_wasm';
import type { FieldErrors, FieldTexts, FieldValues } from './FormFields';

/** Texts of the server's form besides the core's labels. */
export interface FormTexts extends FieldTexts {
  /** Heading of the list of problems after a failed send. */
  summaryTitle: string;
  /** 'Fields marked' ... '*' ... 'are required.' */
  requiredNoteBefore: string;
  requiredNoteAfter: string;
  honeypotLabel: string;
}

/** A link on the thank-you panel. */
export interface ThanksAction {
  label: string;
  href: string;
  className: string;
  /** Opens the chat assistant (and shows its icon). */
  chatOpen?: boolean;
  /** Returns to an empty form ('Send another message', 'Submit Another Request'). */
  again?: boolean;
}

/** The panel that replaces the form after a send. */
export interface ThanksPanel {
  title: string;
  text: string;
  actions: ThanksAction[];
}

export interface EnquiryFormProps {
  /** The core's form name: contact, investmentInterest, investorContact or membership. */
  form: FormName;
  /** The payload's formType (SPEC section 7). */
  formType: string;
  /** The forms API the island posts JSON to. */
  endpoint: string;
  /** Where the plain form posts (the page path and the form's anchor). */
  action: string;
  /** The form's id (the page's anchor); field ids start with it. */
  anchor: string;
  fields: Field[];
  messages: FormMessages;
  texts: FormTexts;
  /** Name of the field people leave empty and bots fill in. */
  honeypot: string;
  /** The header the JSON post carries its idempotency key in ('Idempotency-Key'). */
  idempotencyHeader: string;
  /** The plain form's hidden field for the key ('idempotencyKey'). */
  idempotencyField: string;
  /** The key of the no-JavaScript post this page answers, kept so a resend is the same post. */
  idempotencyKey?: string | null;
  /** Shown after a send, for forms that have a thank-you panel. */
  thanks?: ThanksPanel | null;
  /** After a no-JavaScript post: what was typed, the messages, or the thank-you panel. */
  values?: FieldValues;
  errors?: FieldErrors;
  sent?: boolean;
}
