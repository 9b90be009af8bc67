//! `photos.toml`: which of the studio's photographs (files in the content folder's `images/`)
//! goes where on the site, with its text alternative. A place without a photo keeps its designed
//! art, so the site is complete with none, and the studio adds photos one at a time.
//!
//! Places are named `<page>/<spot>` after the page's address (`hot-yoga/hero` is the picture
//! beside /hot-yoga's heading), plus `share`, the picture a link shows when it is shared.
//! Coaches' portraits are in `team.toml`, beside each coach. The list of places is [`Place`]:
//! a name that is not one of them is refused, so a typo cannot silently show nothing.

use serde::{Deserialize, Serialize};

use super::Errors;

/// Declares the places with their names in `photos.toml` and what they are, in one list.
macro_rules! places {
    ($($variant:ident = $key:literal: $about:literal,)+) => {
        /// A place on the site that can show a photo.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
        pub enum Place {
            $(
                #[doc = $about]
                #[serde(rename = $key)]
                $variant,
            )+
        }

        impl Place {
            /// Every place, in the order `photos.toml` lists them.
            pub const ALL: &'static [Place] = &[$(Place::$variant),+];

            /// Its name in `photos.toml`.
            pub const fn key(self) -> &'static str {
                match self {
                    $(Place::$variant => $key,)+
                }
            }

            /// The place named `key` in `photos.toml`, if it is one.
            pub fn from_key(key: &str) -> Option<Place> {
                Place::ALL.iter().copied().find(|place| place.key() == key)
            }

            /// Where it is, for the studio.
            pub const fn about(self) -> &'static str {
                match self {
                    $(Place::$variant => $about,)+
                }
            }
        }
    };
}

places! {
    Share = "share": "The picture shown when a link to the site is shared, unless the page has its own (1200 x 630 works best).",
    HomeHeat = "home/hot-yoga-pilates": "Home page, Our services: Hot Yoga & Warm Pilates.",
    HomeTraining = "home/group-pt-hyrox": "Home page, Our services: Group PT & HYROX.",
    HomeRecovery = "home/fire-ice": "Home page, Our services: Fire & Ice Recovery.",
    AboutStudio = "about/studio": "About page, beside the studio's story.",
    AboutRecovery = "about/recovery": "About page, the infrared studio and recovery room.",
    ClassesHotYoga = "our-classes/hot-yoga": "Our Classes page, the Hot Yoga card.",
    ClassesYoga = "our-classes/yoga": "Our Classes page, the Yoga card.",
    ClassesPilates = "our-classes/pilates": "Our Classes page, the Pilates card.",
    ClassesHyrox = "our-classes/hyrox-training": "Our Classes page, the HYROX Training card.",
    ClassesFunctional = "our-classes/functional-training": "Our Classes page, the Functional Training card.",
    ClassesFireIce = "our-classes/fire-ice-recovery": "Our Classes page, the Fire & Ice Recovery card.",
    Challenge = "challenge/training": "Challenge page, members training together.",
    FireIce = "fire-ice/room": "Fire & Ice page, the recovery room.",
    Hyrox = "hyrox/training": "HYROX page, HYROX training.",
    IntroOffer = "intro-offer/after-class": "Intro Offer page, beside the guarantee.",
    Corporate = "corporate-wellness/wellness-day": "Corporate Wellness page, a team's wellness day.",
    CorporateShoot = "corporate-wellness/shoot-hire": "Corporate Wellness page, the studio set up for a shoot.",
    Invest = "investinonespace/members": "Invest in One Space page, members after a class.",
    Retreat = "yoga-retreat/venue": "Yoga Retreat page, the retreat's venue.",
    HotYogaHero = "hot-yoga/hero": "Hot Yoga page, beside the heading (the page's main photo).",
    HotYogaStudio = "hot-yoga/studio": "Hot Yoga page, The studio section.",
    YogaBeginnersHero = "yoga-beginners/hero": "Yoga for Beginners page, beside the heading (the page's main photo).",
    YogaBeginnersStudio = "yoga-beginners/studio": "Yoga for Beginners page, The studio section.",
    PilatesHero = "pilates/hero": "Pilates page, beside the heading (the page's main photo).",
    PilatesStudio = "pilates/studio": "Pilates page, The studio section.",
    GroupPtHero = "group-pt/hero": "Group PT page, beside the heading (the page's main photo).",
    GroupPtStudio = "group-pt/studio": "Group PT page, The studio section, first of two photos.",
    GroupPtStudioSecond = "group-pt/studio-2": "Group PT page, The studio section, second of two photos.",
    HyroxTrainingHero = "hyrox-training/hero": "HYROX Training page, beside the heading (the page's main photo).",
    HyroxTrainingStudio = "hyrox-training/studio": "HYROX Training page, The studio section.",
    FireIceRecoveryHero = "fire-ice-recovery/hero": "Fire & Ice Recovery page, beside the heading (the page's main photo).",
    FireIceRecoveryStudio = "fire-ice-recovery/studio": "Fire & Ice Recovery page, The studio section.",
}

impl Place {
    /// Its name in the staff area's lists of changes, as the page names where it is: `Hot Yoga
    /// page, beside the heading`, [`Place::about`]'s first clause (what follows, in brackets or
    /// after a full stop, is help for choosing it).
    pub fn name(self) -> &'static str {
        match self {
            Place::Share => "Shared links",
            _ => {
                let about = self.about();
                about
                    .split(" (")
                    .next()
                    .unwrap_or(about)
                    .trim_end_matches('.')
            }
        }
    }

    /// The page it shows on: the first part of its name (`hot-yoga/hero` is on /hot-yoga), the
    /// home page's own and the shared picture on the home page.
    pub fn page(self) -> String {
        match self.key().split('/').next() {
            Some("home" | "share") | None => "/".to_owned(),
            Some(page) => format!("/{page}"),
        }
    }
}

/// Everything in `photos.toml`: the photos placed on the site, in any order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Photos {
    /// Each photo and where it shows.
    #[serde(default, rename = "photo")]
    pub placed: Vec<PlacedPhoto>,
}

/// One photo in one place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PlacedPhoto {
    /// Where it shows.
    pub place: Place,
    /// The file in the content folder's `images/` (`hot-room.jpg`).
    pub file: String,
    /// What it shows, for a visitor who cannot see it (screen readers, images off) and for
    /// search engines: required.
    pub alt: String,
    /// Where the photo's subject is across its width, 0 (left edge) to 100 (right edge), for
    /// the crop to its place's box; the middle (50) when left out. The pages apply it to the
    /// nearest [`FOCUS_STEP`] per cent, as a class of the site's stylesheet (its
    /// Content-Security-Policy refuses a `style` attribute).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "check", schemars(range(max = 100)))]
    pub focus_x: Option<u8>,
    /// Where the photo's subject is down its height, 0 (top) to 100 (bottom); the middle (50)
    /// when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "check", schemars(range(max = 100)))]
    pub focus_y: Option<u8>,
}

/// The steps, in per cent, a focal point is applied in: the site's stylesheet has a class for
/// each (`focus-x-0`, `focus-x-5`... `focus-y-100`, frontend/src/styles.css), which a visitor's
/// eye cannot tell from the exact point in a crop.
pub const FOCUS_STEP: u8 = 5;

impl PlacedPhoto {
    /// The focal point's classes for the photo's `<img>`, across then down, each to the nearest
    /// [`FOCUS_STEP`]; none for a side left out (the crop keeps the middle).
    pub fn focus_classes(&self) -> String {
        let step = |value: u8| (value.min(100) + FOCUS_STEP / 2) / FOCUS_STEP * FOCUS_STEP;
        [("x", self.focus_x), ("y", self.focus_y)]
            .into_iter()
            .filter_map(|(axis, value)| Some(format!("focus-{axis}-{}", step(value?))))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The folder part of a photo uploaded in the studio: its file name in the content is
/// `uploads/<sha256 of the original's bytes>.<jpg|png|webp>`, and the original is in the
/// database (one row per hash, however many versions name it), not in `images/`.
pub const UPLOADS_PREFIX: &str = "uploads/";

/// The extensions an upload's name may have, one per format the pipeline reads.
pub const UPLOAD_EXTENSIONS: [&str; 3] = ["jpg", "png", "webp"];

/// The content's name for an upload whose original's SHA-256 is `hash` (64 lower-case hex
/// digits) in the format of `extension`.
pub fn upload_name(hash: &str, extension: &str) -> String {
    format!("{UPLOADS_PREFIX}{hash}.{extension}")
}

/// The hash of the upload `name` names, if it is an upload's name: the only kind of photo name
/// with a folder in it, so it can never reach outside `images/` or the database.
pub fn upload_hash(name: &str) -> Option<&str> {
    let (hash, extension) = name.strip_prefix(UPLOADS_PREFIX)?.split_once('.')?;
    let hex = hash.len() == 64
        && hash
            .bytes()
            .all(|byte| byte.is_ascii_digit() || (b'a'..=b'f').contains(&byte));
    (hex && UPLOAD_EXTENSIONS.contains(&extension)).then_some(hash)
}

impl Photos {
    /// The photo placed at `place`, if any.
    pub fn at(&self, place: Place) -> Option<&PlacedPhoto> {
        self.placed.iter().find(|photo| photo.place == place)
    }

    pub(super) fn validate(&self, errors: &mut Errors) {
        let mut seen = Vec::new();
        for (index, photo) in self.placed.iter().enumerate() {
            if seen.contains(&photo.place) {
                errors.push(
                    format!("photo[{index}].place"),
                    format!(
                        "'{}' already has a photo; each place shows one",
                        photo.place.key()
                    ),
                );
            }
            seen.push(photo.place);
            check_file_and_alt(errors, &format!("photo[{index}]"), &photo.file, &photo.alt);
            for (field, value) in [("focus_x", photo.focus_x), ("focus_y", photo.focus_y)] {
                if value.is_some_and(|value| value > 100) {
                    errors.push(
                        format!("photo[{index}].{field}"),
                        "must be a percentage from 0 to 100 (50 is the middle)",
                    );
                }
            }
        }
    }
}

/// A photo's file must be a plain name in `images/`, and its text alternative must say what it
/// shows. Shared with the coaches' portraits.
pub fn check_file_and_alt(errors: &mut Errors, path: &str, file: &str, alt: &str) {
    let plain_name = upload_hash(file).is_some()
        || !file.trim().is_empty()
            && !file.starts_with('.')
            && !file.contains(['/', '\\'])
            && file == file.trim();
    if !plain_name {
        errors.push(
            format!("{path}.file"),
            "must be the name of a photo in the content folder's images/ folder, like \
             hot-room.jpg",
        );
    }
    if alt.trim().is_empty() {
        errors.push(
            format!("{path}.alt"),
            "must say what the photo shows, for visitors who cannot see it, like \"A hot yoga \
             class in the infrared studio\"",
        );
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::content::File;

    fn errors_of(photos: &Photos) -> Vec<(String, String)> {
        crate::content::tests::rule_errors(File::Photos, |errors| photos.validate(errors))
    }

    #[test]
    fn place_names_are_unique_and_read_back() {
        let mut keys: Vec<&str> = Place::ALL.iter().map(|place| place.key()).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), Place::ALL.len());
        for place in Place::ALL {
            let json = serde_json::to_string(place).unwrap();
            assert_eq!(json, format!("\"{}\"", place.key()));
            assert_eq!(serde_json::from_str::<Place>(&json).unwrap(), *place);
        }
    }

    #[test]
    fn the_default_file_lists_every_place_for_the_studio() {
        let text = include_str!("../../../../content/photos.toml");
        for place in Place::ALL {
            assert!(
                text.contains(&format!("#   {} ", place.key())),
                "{} is not listed",
                place.key()
            );
        }
    }

    #[test]
    fn a_focal_point_is_a_class_per_side_given_to_the_nearest_step() {
        let photo = |focus_x, focus_y| PlacedPhoto {
            place: Place::HotYogaHero,
            file: "hot-room.jpg".to_owned(),
            alt: "A hot yoga class".to_owned(),
            focus_x,
            focus_y,
        };
        assert_eq!(photo(None, None).focus_classes(), "");
        assert_eq!(
            photo(Some(40), Some(72)).focus_classes(),
            "focus-x-40 focus-y-70"
        );
        assert_eq!(photo(None, Some(98)).focus_classes(), "focus-y-100");
        assert_eq!(photo(Some(2), None).focus_classes(), "focus-x-0");
        assert_eq!(photo(Some(3), None).focus_classes(), "focus-x-5");
    }

    #[test]
    fn a_photo_needs_a_plain_file_name_alt_text_and_a_place_of_its_own() {
        let photo = |place, file: &str, alt: &str| PlacedPhoto {
            place,
            file: file.to_owned(),
            alt: alt.to_owned(),
            focus_x: None,
            focus_y: None,
        };
        let photos = Photos {
            placed: vec![
                photo(Place::HotYogaHero, "hot-room.jpg", "A hot yoga class"),
                photo(Place::HotYogaHero, "../secret.jpg", " "),
            ],
        };
        let upload = format!("uploads/{}.jpg", "ab".repeat(32));
        let mut placed = photo(Place::PilatesHero, &upload, "Reformers in a row");
        placed.focus_y = Some(101);
        let more = Photos {
            placed: vec![
                placed,
                photo(Place::Share, "uploads/../../etc.jpg", "A photo"),
            ],
        };
        let paths: Vec<String> = errors_of(&more).into_iter().map(|(path, _)| path).collect();
        assert_eq!(paths, ["photo[0].focus_y", "photo[1].file"]);
        assert_eq!(upload_hash(&upload), Some("ab".repeat(32).as_str()));
        assert_eq!(upload_hash("uploads/AB.jpg"), None);
        let errors = errors_of(&photos);
        let paths: Vec<&str> = errors.iter().map(|(path, _)| path.as_str()).collect();
        assert_eq!(paths, ["photo[1].place", "photo[1].file", "photo[1].alt"]);
        assert!(errors[0].1.contains("'hot-yoga/hero' already has a photo"));
        assert_eq!(
            photos.at(Place::HotYogaHero).map(|p| p.file.as_str()),
            Some("hot-room.jpg")
        );
        assert!(photos.at(Place::Share).is_none());
        assert!(errors_of(&Photos::default()).is_empty());
    }
}
