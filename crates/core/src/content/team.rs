//! `team.toml`: the coaches on 'Meet the Team', in card order. Cards of coaches who offer 1-2-1
//! sessions open an enquiry dialog whose mail link names the coach (see
//! [`crate::mail::one_to_one`]). A coach may name a photo in the content folder's `images/`
//! folder, with its alt text; one without shows a designed stand-in naming their discipline.

use serde::{Deserialize, Serialize};

use super::Errors;

/// Everything in `team.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Team {
    /// The coaches, in card order.
    pub coaches: Vec<Coach>,
}

/// A coach.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Coach {
    /// Stable identifier: the card's anchor (`/meet-the-team#ross`) and the 1-2-1 button's
    /// reference; lower-case letters, digits and hyphens.
    pub id: String,
    /// Full name.
    pub name: String,
    /// Role as shown under the name.
    pub role: String,
    /// Short biography.
    pub bio: String,
    /// Specialties shown as tags.
    pub specialties: Vec<String>,
    /// Offers 1-2-1 personal training (the card's 'Enquire about 1-2-1').
    #[serde(default)]
    pub one_to_one: bool,
    /// A photo's file name in the content folder's `images/` folder (`ross.jpg`).
    #[serde(default)]
    pub photo: Option<String>,
    /// What the photo shows, for visitors who cannot see it; required with a photo.
    #[serde(default)]
    pub photo_alt: Option<String>,
    /// The studio's founder, whom /about introduces with their portrait; one coach at most.
    #[serde(default)]
    pub founder: bool,
}

/// The photo formats the photo pipeline reads.
pub const PHOTO_EXTENSIONS: [&str; 3] = ["jpg", "jpeg", "png"];

impl Team {
    /// The coach with this id.
    pub fn coach(&self, id: &str) -> Option<&Coach> {
        self.coaches.iter().find(|coach| coach.id == id)
    }

    /// The founder, if the content names one.
    pub fn founder(&self) -> Option<&Coach> {
        self.coaches.iter().find(|coach| coach.founder)
    }

    /// The coaches who offer 1-2-1 sessions.
    pub fn one_to_one(&self) -> impl Iterator<Item = &Coach> {
        self.coaches.iter().filter(|coach| coach.one_to_one)
    }

    /// The checks serde cannot make.
    pub(super) fn validate(&self, errors: &mut Errors) {
        if self.coaches.is_empty() {
            errors.push("coaches", "must list at least one coach");
        }
        errors.unique_ids(
            "coaches",
            self.coaches.iter().map(|coach| coach.id.as_str()),
        );
        if let Some(first) = self.coaches.iter().position(|coach| coach.founder) {
            for (index, coach) in self.coaches.iter().enumerate().skip(first + 1) {
                if coach.founder {
                    errors.push(
                        format!("coaches[{index}].founder"),
                        format!("only one coach is the founder, and coaches[{first}] already is"),
                    );
                }
            }
        }
        for (index, coach) in self.coaches.iter().enumerate() {
            let path = format!("coaches[{index}]");
            let slug = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
            if !coach.id.is_empty() && !coach.id.chars().all(slug) {
                errors.push(
                    format!("{path}.id"),
                    "must be lower-case letters, digits and hyphens, like \"ross\" or \"anna-marie\"",
                );
            }
            errors.named(format!("{path}.name"), &coach.name);
            errors.named(format!("{path}.role"), &coach.role);
            errors.named(format!("{path}.bio"), &coach.bio);
            if coach.specialties.is_empty() {
                errors.push(
                    format!("{path}.specialties"),
                    "must name at least one specialty",
                );
            }
            for (tag, specialty) in coach.specialties.iter().enumerate() {
                errors.named(format!("{path}.specialties[{tag}]"), specialty);
            }
            match (&coach.photo, &coach.photo_alt) {
                (Some(photo), alt) => {
                    let extension = photo.rsplit_once('.').map(|(_, ext)| ext.to_lowercase());
                    let upload = super::photos::upload_hash(photo).is_some();
                    let plain = upload
                        || !photo.starts_with('.')
                            && !photo.contains(['/', '\\'])
                            && !photo.chars().any(char::is_whitespace);
                    if !upload
                        && (!plain
                            || !extension
                                .is_some_and(|ext| PHOTO_EXTENSIONS.contains(&ext.as_str())))
                    {
                        errors.push(
                            format!("{path}.photo"),
                            "must be the name of a .jpg or .png file in the images folder, like \"ross.jpg\"",
                        );
                    }
                    match alt {
                        Some(alt) => errors.named(format!("{path}.photo_alt"), alt),
                        None => errors.push(
                            format!("{path}.photo_alt"),
                            "is required with a photo: say what it shows, like \"Ross coaching a HYROX class\"",
                        ),
                    }
                }
                (None, Some(_)) => errors.push(
                    format!("{path}.photo_alt"),
                    "describes a photo, so it needs `photo` naming the file",
                ),
                (None, None) => {}
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::content::File;

    /// The repository's `content/team.toml`, for the core's tests.
    #[allow(clippy::expect_used)]
    pub(crate) fn default_team() -> Team {
        toml::from_str(include_str!("../../../../content/team.toml"))
            .expect("content/team.toml reads")
    }

    fn broken(team: &Team) -> Vec<(String, String)> {
        crate::content::tests::rule_errors(File::Team, |errors| team.validate(errors))
    }

    #[test]
    fn the_default_team_passes_and_a_photo_needs_its_alt_text_and_a_plain_name() {
        let mut team = default_team();
        assert_eq!(broken(&team), []);
        assert_eq!(team.one_to_one().count(), 2);
        team.coaches[0].photo = Some("kirsty.jpg".into());
        assert_eq!(broken(&team)[0].0, "coaches[0].photo_alt");
        team.coaches[0].photo_alt = Some("Kirsty teaching hot yoga".into());
        assert_eq!(broken(&team), []);
        for bad in [
            "../secret.jpg",
            "team/kirsty.jpg",
            "kirsty.gif",
            "kirsty",
            ".jpg",
        ] {
            team.coaches[0].photo = Some(bad.into());
            assert_eq!(broken(&team)[0].0, "coaches[0].photo", "{bad}");
        }
        team.coaches[0].photo = None;
        assert_eq!(broken(&team)[0].0, "coaches[0].photo_alt");
    }

    #[test]
    fn one_coach_at_most_is_the_founder() {
        let mut team = default_team();
        assert_eq!(
            team.founder().map(|coach| coach.id.as_str()),
            Some("kirsty")
        );
        team.coaches[2].founder = true;
        let errors = broken(&team);
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].0, "coaches[2].founder");
        assert!(
            errors[0].1.contains("coaches[0] already is"),
            "{}",
            errors[0].1
        );
    }
}
