//! Where a landing came from, read from the request's `Referer` and the page address's
//! `utm_source`, `utm_medium` and `utm_campaign`, checked and clipped before anything is kept:
//! the values come from anyone and end up in the staff area and a CSV.

use onespace_store::visitors::Source;

/// Longest host kept (DNS allows 253; anything longer is not a host).
pub const HOST_MAX: usize = 253;
/// Longest campaign value kept, in characters: campaign names are short words; a longer value
/// is clipped.
pub const UTM_MAX: usize = 64;
/// Stands for a referrer that is not a well-formed host.
pub const UNREADABLE: &str = "(unreadable)";

/// The referring site's host from a `Referer` value, lower case: `None` when there is no
/// referrer or it is this site (`own_host`), [`UNREADABLE`] when it is not an http(s) URL with a
/// well-formed host.
pub fn referrer_host(referer: Option<&[u8]>, own_host: &str) -> Option<String> {
    let referer = referer?;
    let Some(url) = std::str::from_utf8(referer)
        .ok()
        .and_then(|text| url::Url::parse(text).ok())
        .filter(|url| matches!(url.scheme(), "http" | "https"))
    else {
        return Some(UNREADABLE.to_owned());
    };
    let host = url.host_str()?.to_ascii_lowercase();
    if host == own_host {
        return None;
    }
    let well_formed = host.len() <= HOST_MAX
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '[' | ']' | ':'));
    Some(if well_formed {
        host
    } else {
        UNREADABLE.to_owned()
    })
}

/// The path of a `Referer` on this site (`own_host`), for a step from one page to another.
pub fn own_referrer_path(referer: Option<&[u8]>, own_host: &str) -> Option<String> {
    let url = url::Url::parse(std::str::from_utf8(referer?).ok()?).ok()?;
    (url.host_str()? == own_host).then(|| url.path().to_owned())
}

/// The landing's source: `referrer` (see [`referrer_host`]) and the campaign values of the
/// page's query string, each [`clip`]ped.
pub fn source(referrer: Option<String>, query: &str) -> Source {
    let mut source = Source {
        referrer: referrer.unwrap_or_default(),
        ..Source::default()
    };
    for (name, value) in url::form_urlencoded::parse(query.as_bytes()) {
        let slot = match name.as_ref() {
            "utm_source" => &mut source.source,
            "utm_medium" => &mut source.medium,
            "utm_campaign" => &mut source.campaign,
            _ => continue,
        };
        if slot.is_empty() {
            *slot = clip(&value);
        }
    }
    source
}

/// A campaign value as kept: lower case, letters, digits and `- _ . +` only (spaces become
/// `-`; anything else, markup and undecodable bytes included, is dropped), at most
/// [`UTM_MAX`] characters.
pub fn clip(value: &str) -> String {
    value
        .trim()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | '+') => Some(c),
            _ => None,
        })
        .flat_map(char::to_lowercase)
        .take(UTM_MAX)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_landing_keeps_the_referrers_host_and_its_campaign_clipped() {
        let from = source(
            referrer_host(
                Some(b"https://L.Facebook.com/some/path?fbclid=x"),
                "onespace.test",
            ),
            "utm_source=Facebook&utm_medium=paid%20social&utm_campaign=spring%3Cscript%3E&x=1",
        );
        assert_eq!(from.referrer, "l.facebook.com");
        assert_eq!(from.source, "facebook");
        assert_eq!(from.medium, "paid-social");
        assert_eq!(from.campaign, "springscript");
    }

    #[test]
    fn own_pages_absent_and_absurd_referrers() {
        assert_eq!(
            referrer_host(Some(b"http://onespace.test/hot-yoga"), "onespace.test"),
            None
        );
        assert_eq!(referrer_host(None, "onespace.test"), None);
        for absurd in [
            &b"javascript:alert(1)"[..],
            b"\xff\xfe",
            b"not a url",
            b"https://a_b<c>.com/",
        ] {
            assert_eq!(
                referrer_host(Some(absurd), "onespace.test").as_deref(),
                Some(UNREADABLE),
                "{absurd:?}"
            );
        }
        assert_eq!(
            own_referrer_path(Some(b"http://onespace.test/hot-yoga?a=1"), "onespace.test")
                .as_deref(),
            Some("/hot-yoga")
        );
    }

    #[test]
    fn huge_and_undecodable_values_are_clipped() {
        let huge = format!("utm_campaign={}", "a".repeat(10_240));
        assert_eq!(source(None, &huge).campaign.chars().count(), UTM_MAX);
        let bytes = source(None, "utm_source=%FF%FEfb");
        assert_eq!(bytes.source, "fb");
    }
}
