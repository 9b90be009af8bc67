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

/// Driving time from a nearby town (About page).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DriveTime {
    /// Town.
    pub from: &'static str,
    /// Minutes by car.
    pub minutes: u32,
    /// Route note, if the page names one.
    pub via: Option<&'static str>,
}

impl DriveTime {
    /// `Edinburgh: 25 min via M8`.
    pub fn display(&self) -> String {
        match self.via {
            Some(via) => format!("{}: {} min via {via}", self.from, self.minutes),
            None => format!("{}: {} min", self.from, self.minutes),
        }
    }
}

/// Drive times, nearest first (SPEC section 2, About).
pub const DRIVE_TIMES: [DriveTime; 5] = [
    DriveTime {
        from: "Livingston",
        minutes: 2,
        via: None,
    },
    DriveTime {
        from: "Bathgate",
        minutes: 10,
        via: None,
    },
    DriveTime {
        from: "Whitburn",
        minutes: 12,
        via: None,
    },
    DriveTime {
        from: "Broxburn",
        minutes: 15,
        via: None,
    },
    DriveTime {
        from: "Edinburgh",
        minutes: 25,
        via: Some("M8"),
    },
];

/// Parking, as the contact page and chat assistant state it.
pub const PARKING: &str = "Free on-site parking";

/// The postal address on one line: `Unit 3, Houstoun Road, Livingston, West Lothian EH54 5BZ`.
pub fn address_line() -> String {
    format!(
        "{}, {}, {} {}",
        ADDRESS.street, ADDRESS.locality, ADDRESS.region, ADDRESS.postcode
    )
}

/// Opening hours on one line: `Mon-Fri 6:00 AM-8:00 PM, Sat 8:00 AM-12:00 PM, Sun ...`.
pub fn opening_hours_line() -> String {
    OPENING_HOURS
        .iter()
        .map(OpeningHours::display)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A free 6-week challenge consultation slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ConsultationSlot {
    /// Day as shown.
    pub day: &'static str,
    /// Time as shown.
    pub time: &'static str,
}

/// Weekly consultation slots (SPEC section 9).
pub const CONSULTATION_SLOTS: [ConsultationSlot; 7] = [
    ConsultationSlot {
        day: "Monday",
        time: "10:00 AM",
    },
    ConsultationSlot {
        day: "Monday",
        time: "8:00 PM",
    },
    ConsultationSlot {
        day: "Tuesday",
        time: "8:00 PM",
    },
    ConsultationSlot {
        day: "Wednesday",
        time: "4:00 PM",
    },
    ConsultationSlot {
        day: "Thursday",
        time: "10:00 AM",
    },
    ConsultationSlot {
        day: "Thursday",
        time: "8:30 PM",
    },
    ConsultationSlot {
        day: "Friday",
        time: "11:00 AM",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hours_and_drive_times_read_as_the_spec_shows_them() {
        assert_eq!(
            opening_hours_line(),
            "Mon-Fri 6:00 AM-8:00 PM, Sat 8:00 AM-12:00 PM, Sun 9:00 AM-12:00 PM"
        );
        let shown: Vec<String> = DRIVE_TIMES.iter().map(DriveTime::display).collect();
        assert_eq!(
            shown,
            [
                "Livingston: 2 min",
                "Bathgate: 10 min",
                "Whitburn: 12 min",
                "Broxburn: 15 min",
                "Edinburgh: 25 min via M8"
            ]
        );
    }
}
