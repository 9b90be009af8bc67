//! The studio's contact details and opening hours, written once.
//!
//! SPEC names the contact block's parts (address, e-mail, social handle, phone) but not their
//! values; the values below are the studio's published details as configured for this site and
//! are the one place to change them.

use serde::Serialize;

/// Trading name shown in the header, footer and structured data.
pub const NAME: &str = "One Space";

/// Footer tagline.
pub const TAGLINE: &str = "West Lothian's Premier Hot Yoga, HYROX & Recovery Studio";

/// Postal address, line by line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    /// Street line.
    pub street: &'static str,
    /// Town.
    pub locality: &'static str,
    /// Council area.
    pub region: &'static str,
    /// Postcode.
    pub postcode: &'static str,
    /// ISO country code.
    pub country: &'static str,
}

/// The studio's address.
pub const ADDRESS: Address = Address {
    street: "Unit 3, Houstoun Road",
    locality: "Livingston",
    region: "West Lothian",
    postcode: "EH54 5BZ",
    country: "GB",
};

/// Team e-mail address, used by every mail link.
pub const EMAIL: &str = "hello@onespacestudio.co.uk";

/// Phone number as shown.
pub const PHONE_DISPLAY: &str = "01506 238 238";

/// Phone number for `tel:` links (E.164).
pub const PHONE_TEL: &str = "+441506238238";

/// Instagram handle.
pub const SOCIAL_HANDLE: &str = "@onespacelivingston";

/// One line of opening hours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OpeningHours {
    /// Days as shown, e.g. `Mon-Fri`.
    pub days: &'static str,
    /// Opening time as shown, e.g. `6:00 AM`.
    pub opens: &'static str,
    /// Closing time as shown.
    pub closes: &'static str,
    /// schema.org day names for structured data.
    pub schema_days: &'static [&'static str],
    /// 24-hour opening time for structured data.
    pub opens_24h: &'static str,
    /// 24-hour closing time for structured data.
    pub closes_24h: &'static str,
}

/// Opening hours (SPEC section 9).
pub const OPENING_HOURS: [OpeningHours; 3] = [
    OpeningHours {
        days: "Mon-Fri",
        opens: "6:00 AM",
        closes: "8:00 PM",
        schema_days: &["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens_24h: "06:00",
        closes_24h: "20:00",
    },
    OpeningHours {
        days: "Sat",
        opens: "8:00 AM",
        closes: "12:00 PM",
        schema_days: &["Saturday"],
        opens_24h: "08:00",
        closes_24h: "12:00",
    },
    OpeningHours {
        days: "Sun",
        opens: "9:00 AM",
        closes: "12:00 PM",
        schema_days: &["Sunday"],
        opens_24h: "09:00",
        closes_24h: "12:00",
    },
];

impl OpeningHours {
    /// `Mon-Fri 6:00 AM-8:00 PM`.
    pub fn display(&self) -> String {
        format!("{} {}-{}", self.days, self.opens, self.closes)
    }
}
