/**
 * What the server's form widget passes to the enquiry form islands: everything the first render
 * needs (schema, labels, the no-JavaScript post's values and messages), taken from the core on the
 * server, so the island's first render is the server's markup and nothing moves.
 */
import type { Field, FormMessages, FormName } from '../../wasm-pkg/onespace_wasm';
import type { FieldErrors, FieldValues } from './FormFields';

/** A link on the thank-you panel (e.g. the FAQ, or the chat when `chatOpen`). */
export interface ThanksAction {
  label: string;
  href: string;
  chatOpen?: boolean;
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
  /** Prefix of field ids. */
  idPrefix: string;
  fields: Field[];
  messages: FormMessages;
  choosePrompt: string;
  /** Name of the field people leave empty and bots fill in. */
  honeypot: string;
  thanksActions?: ThanksAction[];
  /** After a no-JavaScript post: what was typed, the messages, or the thank-you panel. */
  values?: FieldValues;
  errors?: FieldErrors;
  sent?: boolean;
}
