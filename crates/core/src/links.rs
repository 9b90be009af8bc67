//! External addresses: purchase, booking, review and social links, written once.
//!
//! Every purchase and booking happens on the booking provider's pages and opens in a new tab
//! (SPEC section 1); the server and the islands take these addresses from here only.

/// Google Maps listing, for 'Leave a Review'.
pub const REVIEW: &str = "https://www.google.com/maps/search/?api=1&query=One+Space+Livingston";

/// Instagram profile behind the social handle.
pub const INSTAGRAM: &str = "https://www.instagram.com/onespacelivingston/";
