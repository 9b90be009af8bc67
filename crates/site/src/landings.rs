//! The words of the six service landing pages, each a row's `landing` in the route table
//! (`crate::routes`); their layout is `crate::pages::landing`. Figures (prices, minutes) are not
//! written here: the layout takes them from the core.

use onespace_core::content::Place;

use crate::art::Art;
use crate::icons::{Feature, Icon};

/// One landing page's content.
#[derive(Debug)]
pub struct Landing {
    /// Service name for structured data.
    pub service: &'static str,
    /// Eyebrow above the heading.
    pub eyebrow: &'static str,
    /// The `<h1>`.
    pub title: &'static str,
    /// Hero lead.
    pub lead: &'static str,
    /// Hero image's art (until a photo takes its place).
    pub art: Art,
    /// Hero image's text alternative (of its art; a photo brings its own).
    pub hero_image: &'static str,
    /// Where `photos.toml` may give the hero a photo.
    pub hero_place: Place,
    /// Heading over the benefits.
    pub benefits_title: &'static str,
    /// Four benefit cards.
    pub benefits: [Feature; 4],
    /// Imagery section heading.
    pub studio_title: &'static str,
    /// Imagery section text.
    pub studio_text: &'static str,
    /// Photo slots of the imagery section: place, art, description. Each art differs from
    /// the hero's and its neighbour's, so no two pictures side by side look alike.
    pub photos: &'static [(Place, Art, &'static str)],
    /// Extra section (HYROX): heading and cards.
    pub extras: Option<(&'static str, [Feature; 3])>,
}

const fn f(icon: Icon, title: &'static str, text: &'static str) -> Feature {
    Feature { icon, title, text }
}

/// /hot-yoga.
pub const HOT_YOGA: Landing = Landing {
    service: "Hot Yoga",
    eyebrow: "Hot yoga in Livingston",
    title: "Hot Yoga That Feels Good",
    lead: "Clean, dry infrared heat at 32-35 °C with no humidity. Move deeper, sweat it out and leave calmer than you came in.",
    art: Art::HotYoga, hero_image: "A hot yoga class in the infrared studio", hero_place: Place::HotYogaHero,
    benefits_title: "Why infrared hot yoga?",
    benefits: [
        f(Icon::Flame, "Dry infrared heat", "Warms your body, not the air: no stuffy, humid room."),
        f(Icon::Leaf, "Greater flexibility", "Warm muscles stretch further and more safely."),
        f(Icon::Brain, "Stress release", "Heat, breath and flow leave your mind clear."),
        f(Icon::Heart, "All levels", "Beginner-friendly options in every class."),
    ],
    studio_title: "An infrared studio built for comfort",
    studio_text: "Overhead infrared panels, fresh air and soft lighting make the heat feel welcoming, never overwhelming.",
    photos: &[(Place::HotYogaStudio, Art::Infrared, "The infrared hot yoga studio")],
    extras: None,
};

/// /yoga-beginners.
pub const YOGA_BEGINNERS: Landing = Landing {
    service: "Yoga for Beginners",
    eyebrow: "Yoga for beginners in Livingston",
    title: "Never Done Yoga? Start Here.",
    lead: "Friendly, beginner-first classes where nobody expects you to touch your toes. Build strength, flexibility and calm at your own pace.",
    art: Art::Yoga, hero_image: "A beginner yoga class at One Space", hero_place: Place::YogaBeginnersHero,
    benefits_title: "Made for first-timers",
    benefits: [
        f(Icon::Heart, "No experience needed", "Coaches explain every pose and offer easier options throughout."),
        f(Icon::Leaf, "Gentle progress", "Build flexibility and strength week by week, without strain."),
        f(Icon::Brain, "Stress relief", "Slow breathing and mindful movement calm a busy mind."),
        f(Icon::Users, "Welcoming classes", "Small groups of real people, all levels, no judgement."),
    ],
    studio_title: "A calm, welcoming space",
    studio_text: "Warm tones, soft lighting and everything you need provided. Borrow a mat, grab some water and settle in.",
    photos: &[(Place::YogaBeginnersStudio, Art::Calm, "The calm yoga studio at One Space")],
    extras: None,
};

/// /pilates.
pub const PILATES: Landing = Landing {
    service: "Warm Pilates",
    eyebrow: "Warm pilates in Livingston",
    title: "Warm Pilates for a Stronger Core",
    lead: "Low-impact, high-reward classes in a gently heated studio. Improve posture, protect your back and feel strong from the centre out.",
    art: Art::Pilates, hero_image: "A warm pilates class at One Space", hero_place: Place::PilatesHero,
    benefits_title: "Strength from the centre",
    benefits: [
        f(Icon::Shield, "Core strength", "Deep abdominal and back work that supports everything you do."),
        f(Icon::Sun, "Warm muscles", "Gentle heat helps you move with more ease and control."),
        f(Icon::Heart, "Better posture", "Counter hours at a desk with alignment-focused sessions."),
        f(Icon::Leaf, "Low impact", "Kind on joints and suitable for every level and stage of life."),
    ],
    studio_title: "Designed for mindful movement",
    studio_text: "Our warm studio, expert instructors and small classes mean every rep gets attention.",
    photos: &[(Place::PilatesStudio, Art::Mats, "Pilates mats laid out in the warm studio")],
    extras: None,
};

/// /group-pt.
pub const GROUP_PT: Landing = Landing {
    service: "Group Personal Training",
    eyebrow: "Group PT in Livingston",
    title: "Personal Training Results, Group Training Energy",
    lead: "Expert coaching in small groups: a plan that progresses, a coach who knows your name and a crew that keeps you coming back.",
    art: Art::GroupPt, hero_image: "A small-group training session at One Space", hero_place: Place::GroupPtHero,
    benefits_title: "Coached to get results",
    benefits: [
        f(Icon::Users, "Small groups", "Coaching attention that big gym classes can't match."),
        f(Icon::Chart, "Progressive plans", "Programmes that build week by week, so you keep improving."),
        f(Icon::Dumbbell, "Strength and fitness", "Build muscle, burn fat and move better."),
        f(Icon::Heart, "Accountability", "Coaches and teammates who notice when you are missing."),
    ],
    studio_title: "Built for training",
    studio_text: "A functional floor with quality kit, space to move and coaches on every session.",
    photos: &[
        (Place::GroupPtStudio, Art::Functional, "Members lifting during group PT"),
        (Place::GroupPtStudioSecond, Art::OneToOne, "A coach guiding a member through a movement"),
    ],
    extras: None,
};

/// /hyrox-training.
pub const HYROX_TRAINING: Landing = Landing {
    service: "HYROX Training",
    eyebrow: "HYROX training in West Lothian",
    title: "Train for Your Best HYROX Yet",
    lead: "Race-specific coaching for first-timers and podium chasers: running, stations and pacing, with a community that races together.",
    art: Art::Hyrox, hero_image: "HYROX training with sleds and wall balls", hero_place: Place::HyroxTrainingHero,
    benefits_title: "Everything you need for race day",
    benefits: [
        f(Icon::Trophy, "Race-specific sessions", "Every station coached, from SkiErg to wall balls."),
        f(Icon::Clock, "Pacing strategy", "Learn to run strong between stations and finish fast."),
        f(Icon::Chart, "Measured progress", "Benchmarks and simulations to track your improvement."),
        f(Icon::Snowflake, "Recovery included", "Fire & Ice sessions to bounce back between hard days."),
    ],
    studio_title: "A HYROX-ready training floor",
    studio_text: "Sleds, rowers, SkiErgs and wall ball targets, with coaches who race HYROX themselves.",
    photos: &[(Place::HyroxTrainingStudio, Art::Stations, "The HYROX training floor")],
    extras: Some(("Be part of the HYROX crew", [
        f(Icon::Calendar, "Early access to event tickets", "Members get early access to pre-sale HYROX event tickets."),
        f(Icon::Star, "Discounted simulations", "Race simulation events at a member discount."),
        f(Icon::Users, "Community", "Train, travel and race together with the One Space HYROX crew."),
    ])),
};

/// /fire-ice-recovery.
pub const FIRE_ICE_RECOVERY: Landing = Landing {
    service: "Fire & Ice Recovery",
    eyebrow: "Fire & Ice recovery in Livingston",
    title: "Recover Faster with Fire & Ice",
    lead: "A private infrared sauna and ice bath room, just for you. Ease sore muscles, sleep better and leave feeling brand new.",
    art: Art::FireIce, hero_image: "The private Fire & Ice recovery room", hero_place: Place::FireIceRecoveryHero,
    benefits_title: "Heat, then ice",
    benefits: [
        f(Icon::Dumbbell, "Faster recovery", "Contrast therapy eases soreness after hard training."),
        f(Icon::Sun, "Better sleep", "Wind down with a deep warm-then-cool reset."),
        f(Icon::Brain, "Calmer mind", "Cold exposure builds calm breathing under stress."),
        f(Icon::Shield, "Private room", "Your own space: alone, with a partner or a friend."),
    ],
    studio_title: "Your private recovery room",
    studio_text: "An infrared sauna and a cold plunge side by side, with towels and a guided routine for first-timers.",
    photos: &[(Place::FireIceRecoveryStudio, Art::Plunge, "Infrared sauna beside the ice bath")],
    extras: None,
};
