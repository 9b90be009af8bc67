//! What the site counts of its visitors: the store's totals and steps on SQLite and
//! PostgreSQL with several nodes adding up, and the real binary counting pages, clicks and
//! enquiries, leaving robots and staff out, refusing forged beacons and writing every count
//! across a graceful stop. The browser's side (consent, the visit cookie, the Visitors page) is
//! tests/e2e/specs/visitors.spec.ts.

mod counting;
mod storage;
