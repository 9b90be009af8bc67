//! The names a form's post carries besides its fields, shared by the templates that write them
//! and the handlers that read them.

/// The header the islands send an enquiry's idempotency key in.
pub const IDEMPOTENCY_HEADER: &str = "Idempotency-Key";

/// The hidden field the plain form sends the idempotency key in.
pub const IDEMPOTENCY_FIELD: &str = "idempotencyKey";

/// The hidden field that people leave empty and form-filling robots do not.
pub const HONEYPOT: &str = "website";
