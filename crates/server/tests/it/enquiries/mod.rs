//! The enquiry forms: the API in-process, and delivery, hardening, outages, relays and storage
//! with real processes (the binary, an SMTP sink, PostgreSQL).

mod api;
mod corpus;
mod delivery;
mod hardening;
mod outage;
mod relay;
mod storage;
