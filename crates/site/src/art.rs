//! The studio's art: a drawing for each service and place, standing where its photo will go.
//!
//! One shared motif on every picture read as placeholders, so each subject has its own
//! composition and colour within the heat-and-ice palette: heat waves rising for hot yoga, a
//! reformer under a bridge's arc for pilates, a sled on a track for HYROX, a grid of kettlebells
//! for functional training, flame beside ice crystal for Fire & Ice, contour lines under a scan
//! for body scans, and so on. The server draws them inline as SVG, computed from the box's size so
//! they fill any [`super::Ratio`] without distortion.
//!
//! No ids: a page holds several drawings, and a `<defs>` id would repeat. Colours come from the
//! slot's `art-*` class (`frontend/src/styles.css`, the art block) through custom properties, and
//! gradients are the slot's CSS background, never SVG gradients. The Content-Security-Policy
//! refuses inline styles, so nothing here writes a `style` attribute either.

use std::fmt::Write;

use maud::{html, Markup, PreEscaped};

/// What a slot depicts: each gets its own drawing and colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Art {
    /// Heat waves rising under a low sun, in ember: hot yoga.
    HotYoga,
    /// Infrared panels radiating over the floor: the heated studio.
    Infrared,
    /// A sun half risen over still water, on sand: yoga.
    Yoga,
    /// Ripples from one drop, in pale ice: calm, rest.
    Calm,
    /// A bridge's arc over a reformer's carriage, rails and springs: pilates.
    Pilates,
    /// Mats laid out in rows: a class about to start.
    Mats,
    /// A small group in formation on a dotted floor: group PT.
    GroupPt,
    /// A grid of kettlebells: functional training.
    Functional,
    /// Two circles, coach and member, overlapping: 1-2-1 coaching.
    OneToOne,
    /// A sled on a track running to the horizon: HYROX.
    Hyrox,
    /// A running loop with its eight stations: a HYROX race floor.
    Stations,
    /// Flame beside ice crystal on a split of heat and ice: Fire & Ice recovery.
    FireIce,
    /// Ice floating on water: the cold plunge.
    Plunge,
    /// Contour lines under a scanning line: body composition scans, measured change.
    BodyScan,
    /// Three arches with light in the middle one: the studio.
    Studio,
    /// A ring of overlapping circles: the community.
    Community,
    /// Five figures side by side: a team.
    Team,
    /// A softbox lighting a lens's aperture: a photo shoot.
    Shoot,
    /// Hills under a sun: a day away.
    Retreat,
    /// Sparks of different sizes: new classes.
    NewClasses,
    /// A room opening in depth: more space.
    Room,
}

impl Art {
    /// Its name: the slot's `art-*` class and its `data-art` attribute (the tests compare
    /// neighbouring slots by it).
    pub fn key(self) -> &'static str {
        match self {
            Self::HotYoga => "hot-yoga",
            Self::Infrared => "infrared",
            Self::Yoga => "yoga",
            Self::Calm => "calm",
            Self::Pilates => "pilates",
            Self::Mats => "mats",
            Self::GroupPt => "group-pt",
            Self::Functional => "functional",
            Self::OneToOne => "one-to-one",
            Self::Hyrox => "hyrox",
            Self::Stations => "stations",
            Self::FireIce => "fire-ice",
            Self::Plunge => "plunge",
            Self::BodyScan => "body-scan",
            Self::Studio => "studio",
            Self::Community => "community",
            Self::Team => "team",
            Self::Shoot => "shoot",
            Self::Retreat => "retreat",
            Self::NewClasses => "new-classes",
            Self::Room => "room",
        }
    }

    /// The drawing for a box `width` by `height`, as an `<svg>` that covers it.
    pub fn draw(self, width: u32, height: u32) -> Markup {
        let mut canvas = Canvas::new(width, height);
        match self {
            Self::HotYoga => hot_yoga(&mut canvas),
            Self::Infrared => infrared(&mut canvas),
            Self::Yoga => yoga(&mut canvas),
            Self::Calm => calm(&mut canvas),
            Self::Pilates => pilates(&mut canvas),
            Self::Mats => mats(&mut canvas),
            Self::GroupPt => group_pt(&mut canvas),
            Self::Functional => functional(&mut canvas),
            Self::OneToOne => one_to_one(&mut canvas),
            Self::Hyrox => hyrox(&mut canvas),
            Self::Stations => stations(&mut canvas),
            Self::FireIce => fire_ice(&mut canvas),
            Self::Plunge => plunge(&mut canvas),
            Self::BodyScan => body_scan(&mut canvas),
            Self::Studio => studio(&mut canvas),
            Self::Community => community(&mut canvas),
            Self::Team => team(&mut canvas),
            Self::Shoot => shoot(&mut canvas),
            Self::Retreat => retreat(&mut canvas),
            Self::NewClasses => new_classes(&mut canvas),
            Self::Room => room(&mut canvas),
        }
        let view_box = format!("0 0 {width} {height}");
        html! {
            svg class="image-slot-art" viewBox=(view_box) width=(width) height=(height) preserveAspectRatio="xMidYMid slice" fill="none" aria-hidden="true" {
                (PreEscaped(canvas.out))
            }
        }
    }
}

/// How a shape is painted: classes of the art block, coloured by the slot's `art-*` class.
#[derive(Debug, Clone, Copy)]
enum Ink {
    /// The drawing's main line.
    Line,
    /// A fainter line.
    Soft,
    /// The accent line.
    Accent,
    /// The quiet fill.
    Fill,
    /// The accent fill.
    AccentFill,
}

impl Ink {
    fn class(self) -> &'static str {
        match self {
            Self::Line => "a-line",
            Self::Soft => "a-soft",
            Self::Accent => "a-accent",
            Self::Fill => "a-fill",
            Self::AccentFill => "a-accent-fill",
        }
    }
}

/// The box being drawn in, and the SVG written so far. Coordinates are in the box's own units
/// (its photo's pixel size); `x` and `y` turn fractions of the width and height into them.
/// They are written in whole units: at most half a unit off, under half a pixel at 1440 px,
/// where a decimal place cost a home page about 190 B compressed (docs/performance.md).
struct Canvas {
    width: f64,
    height: f64,
    out: String,
}

impl Canvas {
    fn new(width: u32, height: u32) -> Self {
        Self {
            width: f64::from(width),
            height: f64::from(height),
            out: String::new(),
        }
    }

    /// `fraction` of the width.
    fn x(&self, fraction: f64) -> f64 {
        self.width * fraction
    }

    /// `fraction` of the height.
    fn y(&self, fraction: f64) -> f64 {
        self.height * fraction
    }

    /// `fraction` of the shorter side: sizes that must stay round whatever the ratio.
    fn unit(&self, fraction: f64) -> f64 {
        self.width.min(self.height) * fraction
    }

    fn path(&mut self, ink: Ink, d: &str) {
        let _ = write!(self.out, r#"<path class="{}" d="{d}"/>"#, ink.class());
    }

    fn circle(&mut self, ink: Ink, cx: f64, cy: f64, r: f64) {
        let _ = write!(
            self.out,
            r#"<circle class="{}" cx="{cx:.0}" cy="{cy:.0}" r="{r:.0}"/>"#,
            ink.class()
        );
    }

    fn rect(&mut self, ink: Ink, (x, y): (f64, f64), (width, height): (f64, f64), radius: f64) {
        let _ = write!(
            self.out,
            r#"<rect class="{}" x="{x:.0}" y="{y:.0}" width="{width:.0}" height="{height:.0}" rx="{radius:.0}"/>"#,
            ink.class()
        );
    }

    fn line(&mut self, ink: Ink, (x1, y1): (f64, f64), (x2, y2): (f64, f64)) {
        self.path(ink, &format!("M{x1:.0} {y1:.0}L{x2:.0} {y2:.0}"));
    }

    /// A wave across the whole width at `y`: `amplitude` high, `wavelength` long, shifted by
    /// `phase` (a fraction of the wavelength).
    fn wave(&mut self, ink: Ink, y: f64, amplitude: f64, wavelength: f64, phase: f64) {
        let half = wavelength / 2.0;
        let mut x = -wavelength * (1.0 + phase);
        let mut d = format!(
            "M{x:.0} {y:.0}Q{:.0} {:.0} {:.0} {y:.0}",
            x + half / 2.0,
            y - amplitude * 2.0,
            x + half
        );
        x += half;
        while x < self.width + wavelength {
            x += half;
            let _ = write!(d, "T{x:.0} {y:.0}");
        }
        self.path(ink, &d);
    }

    /// A closed curve through `points`.
    fn polygon(&mut self, ink: Ink, points: &[(f64, f64)]) {
        let mut d = String::new();
        for (index, (x, y)) in points.iter().enumerate() {
            let _ = write!(d, "{}{x:.0} {y:.0}", if index == 0 { 'M' } else { 'L' });
        }
        d.push('Z');
        self.path(ink, &d);
    }
}

fn hot_yoga(c: &mut Canvas) {
    let (sun_x, sun_y) = (c.x(0.74), c.y(0.3));
    c.circle(Ink::AccentFill, sun_x, sun_y, c.unit(0.17));
    c.circle(Ink::Soft, sun_x, sun_y, c.unit(0.25));
    let wavelength = c.width / 2.6;
    for step in 0..8 {
        let rise = f64::from(step);
        let ink = if step % 3 == 0 { Ink::Line } else { Ink::Soft };
        // Higher lines shimmer more, as heat does.
        let amplitude = c.unit(0.012) * (1.0 + (7.0 - rise) * 0.35);
        c.wave(
            ink,
            c.y(0.48 + rise * 0.07),
            amplitude,
            wavelength,
            rise * 0.17,
        );
    }
}

fn infrared(c: &mut Canvas) {
    let panels = 5;
    let span = c.width / f64::from(panels);
    let floor = c.y(0.86);
    for panel in 0..panels {
        let centre = span * (f64::from(panel) + 0.5);
        c.rect(
            Ink::AccentFill,
            (centre - span * 0.32, c.y(0.08)),
            (span * 0.64, c.y(0.07)),
            c.unit(0.012),
        );
        for ray in [-0.5, -0.2, 0.2, 0.5] {
            let ink = if ray == -0.2_f64 || ray == 0.2_f64 {
                Ink::Line
            } else {
                Ink::Soft
            };
            c.line(
                ink,
                (centre + ray * span * 0.3, c.y(0.17)),
                (centre + ray * span * 1.1, floor),
            );
        }
    }
    c.line(Ink::Line, (0.0, floor), (c.width, floor));
}

fn yoga(c: &mut Canvas) {
    let horizon = c.y(0.62);
    let (cx, r) = (c.x(0.5), c.unit(0.2));
    c.path(
        Ink::AccentFill,
        &format!(
            "M{:.0} {horizon:.0}A{r:.0} {r:.0} 0 0 1 {:.0} {horizon:.0}Z",
            cx - r,
            cx + r
        ),
    );
    for scale in [1.4, 1.8, 2.2] {
        let ring = r * scale;
        c.path(
            Ink::Soft,
            &format!(
                "M{:.0} {horizon:.0}A{ring:.0} {ring:.0} 0 0 1 {:.0} {horizon:.0}",
                cx - ring,
                cx + ring
            ),
        );
    }
    c.line(Ink::Line, (0.0, horizon), (c.width, horizon));
    for (step, half_width) in [0.9, 0.62, 0.4, 0.22].iter().enumerate() {
        let y = horizon + c.y(0.06) * (step as f64 + 1.0);
        c.line(
            Ink::Accent,
            (cx - r * half_width, y),
            (cx + r * half_width, y),
        );
    }
}

fn calm(c: &mut Canvas) {
    let (cx, cy) = (c.x(0.46), c.y(0.64));
    for ring in 1..=6 {
        let rx = c.x(0.09) * f64::from(ring);
        let ink = if ring <= 3 { Ink::Line } else { Ink::Soft };
        c.path(
            ink,
            &format!(
                "M{:.0} {cy:.0}a{rx:.0} {:.0} 0 1 0 {:.0} 0a{rx:.0} {:.0} 0 1 0 {:.0} 0",
                cx - rx,
                rx * 0.26,
                rx * 2.0,
                rx * 0.26,
                -rx * 2.0
            ),
        );
    }
    c.circle(Ink::AccentFill, cx, c.y(0.3), c.unit(0.025));
    c.line(Ink::Soft, (cx, c.y(0.36)), (cx, c.y(0.52)));
}

fn pilates(c: &mut Canvas) {
    let (left, right) = (c.x(0.12), c.x(0.88));
    let rail = c.y(0.74);
    c.line(Ink::Line, (left, rail), (right, rail));
    c.line(
        Ink::Line,
        (left, rail + c.y(0.05)),
        (right, rail + c.y(0.05)),
    );
    // The springs, drawn as a zigzag from the frame to the carriage.
    let mut springs = format!("M{left:.0} {:.0}", rail - c.y(0.04));
    let step = (c.x(0.34) - left) / 10.0;
    for index in 1..=10 {
        let dy = if index % 2 == 0 { -0.04 } else { -0.08 };
        let _ = write!(
            springs,
            "L{:.0} {:.0}",
            left + step * f64::from(index),
            rail + c.y(dy)
        );
    }
    c.path(Ink::Soft, &springs);
    c.rect(
        Ink::AccentFill,
        (c.x(0.34), rail - c.y(0.1)),
        (c.x(0.26), c.y(0.08)),
        c.unit(0.02),
    );
    c.path(
        Ink::Line,
        &format!(
            "M{right:.0} {rail:.0}V{:.0}a{:.0} {:.0} 0 0 0 {:.0} 0",
            c.y(0.5),
            c.x(0.03),
            c.x(0.03),
            -c.x(0.06)
        ),
    );
    // A bridge: the spine's long arc over the machine, and its echo.
    for (ink, lift) in [(Ink::Accent, 0.0), (Ink::Soft, 0.07)] {
        c.path(
            ink,
            &format!(
                "M{:.0} {:.0}C{:.0} {:.0} {:.0} {:.0} {:.0} {:.0}",
                c.x(0.2),
                c.y(0.58 - lift),
                c.x(0.3),
                c.y(0.08 - lift),
                c.x(0.68),
                c.y(0.08 - lift),
                c.x(0.78),
                c.y(0.5 - lift)
            ),
        );
    }
}

fn mats(c: &mut Canvas) {
    let (columns, rows) = (4, 2);
    let cell_x = c.x(0.8) / f64::from(columns);
    let cell_y = c.y(0.7) / f64::from(rows);
    for row in 0..rows {
        for column in 0..columns {
            let x = c.x(0.1) + cell_x * f64::from(column) + f64::from(row) * cell_x * 0.25;
            let y = c.y(0.15) + cell_y * f64::from(row);
            let ink = if (row + column) % 3 == 0 {
                Ink::AccentFill
            } else {
                Ink::Fill
            };
            c.rect(ink, (x, y), (cell_x * 0.62, cell_y * 0.8), c.unit(0.02));
            c.line(
                Ink::Soft,
                (x, y + cell_y * 0.14),
                (x + cell_x * 0.62, y + cell_y * 0.14),
            );
        }
    }
}

fn group_pt(c: &mut Canvas) {
    let gap = c.unit(0.06);
    let mut dots = String::new();
    let mut y = c.y(0.08);
    while y < c.height {
        let mut x = gap / 2.0;
        while x < c.width {
            let _ = write!(dots, "M{x:.0} {y:.0}h0");
            x += gap;
        }
        y += gap;
    }
    c.path(Ink::Soft, &dots);
    let r = c.unit(0.07);
    for (index, (fx, fy)) in [
        (0.3, 0.4),
        (0.5, 0.36),
        (0.7, 0.4),
        (0.38, 0.66),
        (0.62, 0.66),
        (0.5, 0.62),
    ]
    .iter()
    .enumerate()
    {
        let (cx, cy) = (c.x(*fx), c.y(*fy));
        if index == 5 {
            c.circle(Ink::AccentFill, cx, cy, r);
        } else {
            c.circle(Ink::Accent, cx, cy, r);
            c.circle(Ink::Line, cx, cy, r * 0.35);
        }
    }
}

fn functional(c: &mut Canvas) {
    let (columns, rows) = (4, 3);
    let cell = (c.width / f64::from(columns)).min(c.height / f64::from(rows)) * 0.9;
    let left = (c.width - cell * f64::from(columns)) / 2.0;
    let top = (c.height - cell * f64::from(rows)) / 2.0;
    for row in 0..rows {
        for column in 0..columns {
            let cx = left + cell * (f64::from(column) + 0.5);
            let base = top + cell * (f64::from(row) + 0.62);
            let r = cell * 0.24;
            let accent = row == 1 && column == 2;
            c.circle(
                if accent { Ink::AccentFill } else { Ink::Line },
                cx,
                base,
                r,
            );
            // The handle: a broad loop meeting the bell's shoulders, wider than the bell's
            // neck, so it reads as a kettlebell and not a padlock.
            let (shoulder_x, shoulder_y) = (r * 0.72, base - r * 0.7);
            c.path(
                if accent { Ink::Accent } else { Ink::Line },
                &format!(
                    "M{:.0} {shoulder_y:.0}C{:.0} {:.0} {:.0} {:.0} {:.0} {shoulder_y:.0}",
                    cx - shoulder_x,
                    cx - r * 1.15,
                    base - r * 2.05,
                    cx + r * 1.15,
                    base - r * 2.05,
                    cx + shoulder_x
                ),
            );
        }
    }
}

fn one_to_one(c: &mut Canvas) {
    let r = c.unit(0.27);
    let (cy, offset) = (c.y(0.52), r * 0.55);
    let (left, right) = (c.x(0.5) - offset, c.x(0.5) + offset);
    // Where the circles cross: half the distance between centres along, the rest across.
    let half_chord = (r * r - offset * offset).sqrt();
    c.path(
        Ink::AccentFill,
        &format!(
            "M{0:.0} {1:.0}A{r:.0} {r:.0} 0 0 1 {0:.0} {2:.0}A{r:.0} {r:.0} 0 0 1 {0:.0} {1:.0}Z",
            c.x(0.5),
            cy - half_chord,
            cy + half_chord
        ),
    );
    c.circle(Ink::Line, left, cy, r);
    c.circle(Ink::Accent, right, cy, r);
    c.circle(Ink::Soft, left, cy, r * 0.62);
    c.circle(Ink::Soft, right, cy, r * 0.62);
}

fn hyrox(c: &mut Canvas) {
    let (vx, vy) = (c.x(0.5), c.y(0.26));
    c.line(Ink::Soft, (0.0, vy), (c.width, vy));
    let lanes = [-0.9, -0.45, -0.15, 0.15, 0.45, 0.9];
    for lane in lanes {
        c.line(Ink::Line, (vx, vy), (vx + c.x(lane * 1.1), c.height));
    }
    // Lane markings closer together towards the horizon.
    for step in 1..=6 {
        let depth = (f64::from(step) / 6.0).powf(1.8);
        let y = vy + (c.height - vy) * depth;
        let half = c.x(0.15 * 1.1) * depth;
        c.line(Ink::Accent, (vx - half, y), (vx + half, y));
    }
    let (base, top) = (c.y(0.9), c.y(0.8));
    c.polygon(
        Ink::AccentFill,
        &[
            (c.x(0.38), base),
            (c.x(0.62), base),
            (c.x(0.58), top),
            (c.x(0.42), top),
        ],
    );
    c.path(
        Ink::Line,
        &format!(
            "M{:.0} {top:.0}V{:.0}H{:.0}V{top:.0}",
            c.x(0.44),
            c.y(0.62),
            c.x(0.56)
        ),
    );
}

fn stations(c: &mut Canvas) {
    let (left, right, top, bottom) = (c.x(0.12), c.x(0.88), c.y(0.26), c.y(0.74));
    let r = (bottom - top) / 2.0;
    c.rect(Ink::Line, (left, top), (right - left, bottom - top), r);
    c.rect(
        Ink::Fill,
        (left + r, top + r * 0.55),
        (right - left - 2.0 * r, r * 0.9),
        c.unit(0.02),
    );
    let size = c.unit(0.06);
    for index in 0..8 {
        let along = f64::from(index % 4) / 3.0;
        let x = left + r + (right - left - 2.0 * r) * along;
        let y = if index < 4 { top } else { bottom };
        let ink = if index == 5 {
            Ink::AccentFill
        } else {
            Ink::Fill
        };
        c.rect(
            ink,
            (x - size / 2.0, y - size / 2.0),
            (size, size),
            size * 0.2,
        );
    }
}

fn fire_ice(c: &mut Canvas) {
    let (base_x, base_y) = (c.x(0.28), c.y(0.8));
    for scale in [1.0, 0.7, 0.42] {
        let h = c.y(0.58) * scale;
        let p = |dx: f64, dy: f64| format!("{:.0} {:.0}", base_x + dx * h, base_y + dy * h);
        c.path(
            Ink::Line,
            &format!(
                "M{}C{} {} {}C{} {} {}C{} {} {}C{} {} {}Z",
                p(0.0, 0.0),
                p(-0.42, 0.0),
                p(-0.5, -0.38),
                p(-0.32, -0.62),
                p(-0.2, -0.8),
                p(-0.04, -0.86),
                p(0.0, -1.0),
                p(0.12, -0.78),
                p(0.4, -0.62),
                p(0.38, -0.32),
                p(0.36, -0.08),
                p(0.2, 0.0),
                p(0.0, 0.0)
            ),
        );
    }
    let (cx, cy, arm) = (c.x(0.72), c.y(0.5), c.unit(0.26));
    for spoke in 0..6 {
        let angle = std::f64::consts::PI / 3.0 * f64::from(spoke) + std::f64::consts::FRAC_PI_2;
        let (dx, dy) = (angle.cos(), -angle.sin());
        c.line(Ink::Line, (cx, cy), (cx + dx * arm, cy + dy * arm));
        let (bx, by) = (cx + dx * arm * 0.62, cy + dy * arm * 0.62);
        for turn in [0.6_f64, -0.6] {
            let branch = angle + turn;
            c.line(
                Ink::Soft,
                (bx, by),
                (
                    bx + branch.cos() * arm * 0.28,
                    by - branch.sin() * arm * 0.28,
                ),
            );
        }
    }
    let hexagon: Vec<(f64, f64)> = (0..6)
        .map(|corner| {
            let angle = std::f64::consts::PI / 3.0 * f64::from(corner);
            (cx + angle.cos() * arm * 0.32, cy + angle.sin() * arm * 0.32)
        })
        .collect();
    c.polygon(Ink::Line, &hexagon);
}

fn plunge(c: &mut Canvas) {
    let surface = c.y(0.42);
    let wavelength = c.width / 3.0;
    c.wave(Ink::Line, surface, c.unit(0.012), wavelength, 0.0);
    for step in 1..=5 {
        c.wave(
            Ink::Soft,
            surface + c.y(0.1) * f64::from(step),
            c.unit(0.006),
            wavelength,
            f64::from(step) * 0.2,
        );
    }
    let size = c.unit(0.13);
    for (fx, tilt) in [(0.26, -12.0), (0.48, 8.0), (0.7, -5.0)] {
        let (x, y) = (c.x(fx), surface - size * 0.55);
        let _ = write!(c.out, r#"<g transform="rotate({tilt} {x:.0} {y:.0})">"#);
        c.rect(
            Ink::Fill,
            (x - size / 2.0, y - size / 2.0),
            (size, size),
            size * 0.18,
        );
        c.out.push_str("</g>");
    }
    for (fx, fy, fr) in [
        (0.2, 0.62, 0.012),
        (0.23, 0.7, 0.008),
        (0.6, 0.78, 0.014),
        (0.64, 0.86, 0.009),
        (0.82, 0.6, 0.01),
    ] {
        c.circle(Ink::Line, c.x(fx), c.y(fy), c.unit(fr));
    }
}

fn body_scan(c: &mut Canvas) {
    let (cx, cy) = (c.x(0.5), c.y(0.54));
    for ring in 1..=7 {
        let scale = c.unit(0.065) * f64::from(ring);
        let shift = f64::from(ring) * 0.5;
        let points: Vec<(f64, f64)> = (0..36)
            .map(|index| {
                let angle = std::f64::consts::TAU * f64::from(index) / 36.0;
                let wobble =
                    1.0 + 0.07 * (3.0 * angle + shift).sin() + 0.04 * (5.0 * angle - shift).cos();
                (
                    cx + angle.cos() * scale * 1.3 * wobble,
                    cy + angle.sin() * scale * wobble,
                )
            })
            .collect();
        c.polygon(if ring % 2 == 0 { Ink::Line } else { Ink::Soft }, &points);
    }
    // The scanning line crosses the rings and stops short of the edges, a dot at each end: a
    // translucent band from edge to edge behind it read as a grey bar laid over the drawing.
    let scan = c.y(0.4);
    let (left, right) = (c.x(0.14), c.x(0.86));
    c.line(Ink::Accent, (left, scan), (right, scan));
    for x in [left, right] {
        c.circle(Ink::Accent, x, scan, c.unit(0.012));
    }
}

fn studio(c: &mut Canvas) {
    let floor = c.y(0.82);
    for (index, fx) in [0.26, 0.5, 0.74].iter().enumerate() {
        let middle = index == 1;
        let half = c.unit(0.11);
        let top = c.y(if middle { 0.16 } else { 0.3 });
        let d = format!(
            "M{:.0} {floor:.0}V{:.0}A{half:.0} {half:.0} 0 0 1 {:.0} {:.0}V{floor:.0}",
            c.x(*fx) - half,
            top + half,
            c.x(*fx) + half,
            top + half
        );
        if middle {
            c.path(Ink::Fill, &format!("{d}Z"));
            c.circle(Ink::AccentFill, c.x(*fx), top + half * 1.6, half * 0.5);
        }
        c.path(Ink::Line, &d);
    }
    c.line(Ink::Line, (0.0, floor), (c.width, floor));
    c.line(
        Ink::Soft,
        (0.0, floor + c.y(0.05)),
        (c.width, floor + c.y(0.05)),
    );
}

fn community(c: &mut Canvas) {
    let (cx, cy) = (c.x(0.5), c.y(0.5));
    let (ring, r) = (c.unit(0.2), c.unit(0.14));
    c.circle(Ink::Fill, cx, cy, ring * 0.55);
    for index in 0..8 {
        let angle = std::f64::consts::TAU * f64::from(index) / 8.0;
        let ink = if index % 2 == 0 {
            Ink::Line
        } else {
            Ink::Accent
        };
        c.circle(ink, cx + angle.cos() * ring, cy + angle.sin() * ring, r);
    }
}

fn team(c: &mut Canvas) {
    let floor = c.y(0.84);
    let width = c.x(0.09);
    for (index, (fx, tall)) in [
        (0.2, 0.4),
        (0.35, 0.52),
        (0.5, 0.6),
        (0.65, 0.5),
        (0.8, 0.38),
    ]
    .iter()
    .enumerate()
    {
        let ink = if index == 2 {
            Ink::AccentFill
        } else {
            Ink::Fill
        };
        let x = c.x(*fx);
        let top = floor - c.y(*tall);
        c.rect(
            ink,
            (x - width / 2.0, top),
            (width, floor - top),
            width / 2.0,
        );
        c.circle(Ink::Line, x, top - width * 0.75, width * 0.42);
    }
    c.line(Ink::Line, (0.0, floor), (c.width, floor));
}

fn shoot(c: &mut Canvas) {
    let (cx, cy, r) = (c.x(0.62), c.y(0.52), c.unit(0.26));
    let (box_x, box_y, box_w, box_h) = (c.x(0.08), c.y(0.1), c.x(0.18), c.y(0.2));
    c.polygon(
        Ink::Fill,
        &[
            (box_x + box_w, box_y),
            (box_x + box_w, box_y + box_h),
            (cx, cy + r * 0.9),
            (cx, cy - r * 0.9),
        ],
    );
    c.rect(
        Ink::AccentFill,
        (box_x, box_y),
        (box_w, box_h),
        c.unit(0.01),
    );
    c.circle(Ink::Line, cx, cy, r);
    let corners: Vec<(f64, f64)> = (0..6)
        .map(|corner| {
            let angle = std::f64::consts::PI / 3.0 * f64::from(corner) + 0.3;
            (cx + angle.cos() * r * 0.42, cy + angle.sin() * r * 0.42)
        })
        .collect();
    c.polygon(Ink::Accent, &corners);
    for (index, (x, y)) in corners.iter().enumerate() {
        let angle = std::f64::consts::PI / 3.0 * index as f64 + 0.3 + 1.2;
        c.line(
            Ink::Soft,
            (*x, *y),
            (cx + angle.cos() * r, cy + angle.sin() * r),
        );
    }
}

fn retreat(c: &mut Canvas) {
    c.circle(Ink::AccentFill, c.x(0.7), c.y(0.3), c.unit(0.1));
    c.circle(Ink::Soft, c.x(0.7), c.y(0.3), c.unit(0.15));
    for (ink, start, peak_x, peak, end) in [
        (Ink::Fill, 0.62, 0.3, 0.42, 0.58),
        (Ink::AccentFill, 0.76, 0.7, 0.56, 0.7),
        (Ink::Fill, 0.86, 0.45, 0.74, 0.84),
    ] {
        c.path(
            ink,
            &format!(
                "M0 {:.0}Q{:.0} {:.0} {:.0} {:.0}V{:.0}H0Z",
                c.y(start),
                c.x(peak_x),
                c.y(peak),
                c.width,
                c.y(end),
                c.height
            ),
        );
    }
    c.line(Ink::Line, (0.0, c.y(0.86)), (c.width, c.y(0.86)));
}

fn new_classes(c: &mut Canvas) {
    for (index, (fx, fy, size)) in [
        (0.22, 0.3, 0.1),
        (0.5, 0.5, 0.2),
        (0.78, 0.28, 0.08),
        (0.3, 0.74, 0.07),
        (0.76, 0.72, 0.12),
    ]
    .iter()
    .enumerate()
    {
        let (cx, cy, s) = (c.x(*fx), c.y(*fy), c.unit(*size));
        let ink = if index == 1 {
            Ink::AccentFill
        } else {
            Ink::Fill
        };
        c.path(ink, &format!("M{cx:.0} {:.0}Q{cx:.0} {cy:.0} {:.0} {cy:.0}Q{cx:.0} {cy:.0} {cx:.0} {:.0}Q{cx:.0} {cy:.0} {:.0} {cy:.0}Q{cx:.0} {cy:.0} {cx:.0} {:.0}Z", cy - s, cx + s, cy + s, cx - s, cy - s));
    }
    c.circle(Ink::Soft, c.x(0.5), c.y(0.5), c.unit(0.3));
}

fn room(c: &mut Canvas) {
    let (cx, cy) = (c.x(0.5), c.y(0.55));
    let mut frames = Vec::new();
    for scale in [0.92, 0.66, 0.46, 0.3] {
        let (half_w, half_h) = (c.x(0.5) * scale, c.y(0.5) * scale);
        frames.push((cx - half_w, cy - half_h, half_w * 2.0, half_h * 2.0));
    }
    for (index, (x, y, w, h)) in frames.iter().enumerate() {
        let ink = match index {
            0 => Ink::Soft,
            3 => Ink::AccentFill,
            _ => Ink::Line,
        };
        c.rect(ink, (*x, *y), (*w, *h), 0.0);
    }
    if let (Some(outer), Some(inner)) = (frames.first().copied(), frames.last().copied()) {
        let (ox, oy, ow, oh) = outer;
        let (ix, iy, iw, ih) = inner;
        for ((ax, ay), (bx, by)) in [
            ((ox, oy), (ix, iy)),
            ((ox + ow, oy), (ix + iw, iy)),
            ((ox, oy + oh), (ix, iy + ih)),
            ((ox + ow, oy + oh), (ix + iw, iy + ih)),
        ] {
            c.line(Ink::Soft, (ax, ay), (bx, by));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Art; 21] = [
        Art::HotYoga,
        Art::Infrared,
        Art::Yoga,
        Art::Calm,
        Art::Pilates,
        Art::Mats,
        Art::GroupPt,
        Art::Functional,
        Art::OneToOne,
        Art::Hyrox,
        Art::Stations,
        Art::FireIce,
        Art::Plunge,
        Art::BodyScan,
        Art::Studio,
        Art::Community,
        Art::Team,
        Art::Shoot,
        Art::Retreat,
        Art::NewClasses,
        Art::Room,
    ];

    /// Each drawing is its own, has no id that a second drawing on the page would repeat, no
    /// style the CSP would refuse and no number that is not one.
    #[test]
    fn every_drawing_differs_and_is_valid_inline_svg() {
        let drawings: Vec<String> = ALL
            .iter()
            .map(|art| art.draw(1200, 900).into_string())
            .collect();
        let unique: std::collections::HashSet<&String> = drawings.iter().collect();
        assert_eq!(unique.len(), ALL.len());
        let keys: std::collections::HashSet<&str> = ALL.iter().map(|art| art.key()).collect();
        assert_eq!(keys.len(), ALL.len());
        for (art, svg) in ALL.iter().zip(&drawings) {
            for forbidden in [" id=", "style=", "NaN", "inf", "url("] {
                assert!(!svg.contains(forbidden), "{art:?} contains {forbidden}");
            }
            assert!(svg.len() < 6_000, "{art:?} is {} bytes", svg.len());
        }
    }

    /// The body scan is rings under a line, with no band laid across the whole picture.
    #[test]
    fn the_body_scan_lays_no_band_across_the_drawing() {
        let svg = Art::BodyScan.draw(1200, 900).into_string();
        assert!(!svg.contains("<rect"), "{svg}");
    }
}
