//! The instructors on 'Meet the Team'. Cards of members who offer 1-2-1 sessions open an enquiry
//! dialog whose mail link names the coach (see [`crate::mail::one_to_one`]).

use serde::Serialize;

/// An instructor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TeamMember {
    /// Stable identifier (also the photo's file name).
    pub id: &'static str,
    /// Full name.
    pub name: &'static str,
    /// Role as shown under the name.
    pub role: &'static str,
    /// Short biography.
    pub bio: &'static str,
    /// Photo path, relative to the site's image folder.
    pub image: &'static str,
    /// Specialties shown as tags.
    pub specialties: &'static [&'static str],
    /// Offers 1-2-1 personal training.
    pub offers121: bool,
}

/// The team, in card order.
pub const TEAM: [TeamMember; 4] = [
    TeamMember {
        id: "kirsty",
        name: "Kirsty Maclean",
        role: "Founder & Lead Yoga Instructor",
        bio: "Kirsty opened One Space to give West Lothian a studio where strength, heat and \
              recovery sit under one roof. A 500-hour registered yoga teacher, she leads our hot \
              yoga programme and loves helping first-timers discover how good a class in the \
              infrared heat can feel.",
        image: "team/kirsty.jpg",
        specialties: &["Hot Yoga", "Vinyasa Flow", "Yin Yoga", "Breathwork"],
        offers121: false,
    },
    TeamMember {
        id: "ross",
        name: "Ross Campbell",
        role: "Head Coach - HYROX & Group PT",
        bio: "Ross is a qualified personal trainer and HYROX competitor who has coached everyone \
              from complete beginners to podium finishers. He runs our group PT and HYROX \
              sessions and builds simple, progressive programmes that fit around busy lives.",
        image: "team/ross.jpg",
        specialties: &["HYROX Training", "Group PT", "Strength & Conditioning"],
        offers121: true,
    },
    TeamMember {
        id: "eilidh",
        name: "Eilidh Fraser",
        role: "Pilates Instructor",
        bio: "Eilidh is a mat and reformer-trained Pilates teacher with a background in \
              physiotherapy support. Her warm pilates classes focus on core strength, posture \
              and moving well, with options for every level and stage of life.",
        image: "team/eilidh.jpg",
        specialties: &["Warm Pilates", "Core & Posture", "Pre & Postnatal"],
        offers121: false,
    },
    TeamMember {
        id: "jamie",
        name: "Jamie Reid",
        role: "Personal Trainer & Recovery Coach",
        bio: "Jamie combines personal training with recovery coaching, from body composition \
              scans to Fire & Ice sessions. He leads our 6-week challenges and helps members \
              set realistic goals, track progress and build habits that last.",
        image: "team/jamie.jpg",
        specialties: &[
            "1-2-1 Personal Training",
            "6-Week Challenge",
            "Body Composition",
            "Fire & Ice",
        ],
        offers121: true,
    },
];

/// The team member with this id.
pub fn member(id: &str) -> Option<&'static TeamMember> {
    TEAM.iter().find(|member| member.id == id)
}
