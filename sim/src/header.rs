//! The `key = value` lines at the top of a level file, and the one table of
//! keys they may use. Parsing, the "known keys" list in errors, writing a
//! level back out and the [`Tuning`] overrides all come from [`NUMBER_KEYS`],
//! so a new key is one new row. Keys `a`–`z` each describe a mover.

use crate::mover::{Dir, MoverSpec, SolidKind, MAX_MOVER_SPEED, MAX_MOVER_TILES};
use crate::printable::excerpt;
use crate::tuning::Tuning;
use crate::tuning::{MAX_BULLET_RADIUS, MAX_BULLET_SPEED};

/// Largest number most header values may hold (px/s, px/s² or s).
pub const MAX_HEADER_VALUE: f64 = 10_000_000.0;

/// The header key whose value is the level's name.
pub const TITLE_KEY: &str = "title";

/// The header key whose value is a hint said to the player as the level
/// starts.
pub const HINT_KEY: &str = "hint";

/// The header key whose value names the world (a group of levels in the
/// level select) a level belongs to.
pub const WORLD_KEY: &str = "world";

/// The header key whose value is the level's par time, s: what the level
/// select asks a player to beat.
pub const PAR_KEY: &str = "par";

/// The header keys whose values are text, in the order a level is written
/// back out (before every numeric key).
pub const TEXT_KEYS: [&str; 3] = [TITLE_KEY, HINT_KEY, WORLD_KEY];

/// The [`Tuning`] field a numeric header key overrides, and so the
/// precision its value is read in.
#[derive(Clone, Copy)]
pub enum Field {
    /// A controller constant, read as f32 like the controller's arithmetic.
    Single(fn(&mut Tuning) -> &mut f32),
    /// A bullet constant, read as f64 like bullets' coordinates.
    Double(fn(&mut Tuning) -> &mut f64),
    /// Not the simulation's: a value the game around it reads (the par
    /// time), read as f64.
    Game,
}

/// A header key whose value is a number: its name, its unit, its largest
/// value and the [`Tuning`] field it overrides.
pub struct NumberKey {
    /// The key as written in a level file.
    pub name: &'static str,
    /// The unit of its value, shown in errors.
    pub unit: &'static str,
    /// The largest value allowed (every value is finite and > 0).
    pub max: f64,
    /// The tuning field the value replaces.
    pub field: Field,
}

impl NumberKey {
    /// The value `text` spells, read in the field's precision, if it is a
    /// finite number > 0 and at most [`NumberKey::max`].
    pub fn parse(&self, text: &str) -> Option<f64> {
        let value = match self.field {
            Field::Single(_) => f64::from(text.parse::<f32>().ok()?),
            Field::Double(_) | Field::Game => text.parse::<f64>().ok()?,
        };
        (value.is_finite() && value > 0.0 && value <= self.max).then_some(value)
    }
}

/// Every numeric header key, in the order a level is written back out.
pub const NUMBER_KEYS: [NumberKey; 11] = [
    NumberKey {
        name: "gravity",
        unit: "px/s²",
        max: MAX_HEADER_VALUE,
        field: Field::Single(|t| &mut t.gravity),
    },
    NumberKey {
        name: "max_fall",
        unit: "px/s",
        max: MAX_HEADER_VALUE,
        field: Field::Single(|t| &mut t.max_fall),
    },
    NumberKey {
        name: "run_speed",
        unit: "px/s",
        max: MAX_HEADER_VALUE,
        field: Field::Single(|t| &mut t.run_speed),
    },
    NumberKey {
        name: "jump_speed",
        unit: "px/s",
        max: MAX_HEADER_VALUE,
        field: Field::Single(|t| &mut t.jump_speed),
    },
    NumberKey {
        name: "fire_every",
        unit: "s",
        max: MAX_HEADER_VALUE,
        field: Field::Double(|t| &mut t.fire_every),
    },
    NumberKey {
        name: "bullet_speed",
        unit: "px/s",
        max: MAX_BULLET_SPEED,
        field: Field::Double(|t| &mut t.bullet_speed),
    },
    NumberKey {
        name: "bullet_radius",
        unit: "px",
        max: MAX_BULLET_RADIUS,
        field: Field::Double(|t| &mut t.bullet_radius),
    },
    NumberKey {
        name: "walker_speed",
        unit: "px/s",
        max: MAX_HEADER_VALUE,
        field: Field::Single(|t| &mut t.walker_speed),
    },
    NumberKey {
        name: "spring_speed",
        unit: "px/s",
        max: MAX_HEADER_VALUE,
        field: Field::Single(|t| &mut t.spring_speed),
    },
    NumberKey {
        name: "wall_slide",
        unit: "px/s",
        max: MAX_HEADER_VALUE,
        field: Field::Single(|t| &mut t.wall_slide),
    },
    NumberKey {
        name: PAR_KEY,
        unit: "s",
        max: 3600.0,
        field: Field::Game,
    },
];

/// Every key a header may use, for error messages: `title, hint, gravity, …`.
pub fn known_keys() -> String {
    let mut names = TEXT_KEYS.to_vec();
    names.extend(NUMBER_KEYS.iter().map(|k| k.name));
    format!(
        "{}, or a letter a-z for a moving platform",
        names.join(", ")
    )
}

/// The mover letter a key names, if it is one lowercase letter `a`–`z`.
pub fn mover_key(key: &str) -> Option<char> {
    let mut chars = key.chars();
    match (chars.next(), chars.next()) {
        (Some(c @ 'a'..='z'), None) => Some(c),
        _ => None,
    }
}

/// What a mover's value should look like, for errors.
pub const MOVER_VALUE: &str = "KIND DIR TILES SPEED, e.g. 'oneway up 6 120'";

/// A mover's value `KIND DIR TILES SPEED`, or the character offset of the
/// word that is wrong and what was expected there.
pub fn parse_mover(value: &str) -> Result<MoverSpec, (usize, String)> {
    let mut words = Vec::new();
    let mut offset = 0;
    for piece in value.split(' ') {
        if !piece.is_empty() {
            words.push((offset, piece));
        }
        offset += piece.chars().count() + 1;
    }
    let end = value.chars().count();
    let word = |i: usize| words.get(i).copied().unwrap_or((end, ""));
    if words.len() > 4 {
        return Err((
            words[4].0,
            format!(
                "'{}' after the speed (expected {MOVER_VALUE})",
                excerpt(words[4].1)
            ),
        ));
    }
    let (at, kind) = word(0);
    let kind = match kind {
        "solid" => SolidKind::Solid,
        "oneway" => SolidKind::OneWay,
        _ => {
            return Err((
                at,
                format!(
                    "bad kind '{}' (expected solid or oneway in {MOVER_VALUE})",
                    excerpt(kind)
                ),
            ))
        }
    };
    let (at, dir) = word(1);
    let dir = match dir {
        "up" => Dir::Up,
        "down" => Dir::Down,
        "left" => Dir::Left,
        "right" => Dir::Right,
        _ => {
            return Err((
                at,
                format!(
                    "bad direction '{}' (expected up, down, left or right in {MOVER_VALUE})",
                    excerpt(dir)
                ),
            ))
        }
    };
    let (at, tiles) = word(2);
    let tiles = tiles
        .parse::<u32>()
        .ok()
        .filter(|t| (1..=MAX_MOVER_TILES).contains(t))
        .ok_or_else(|| {
            (
                at,
                format!(
                    "bad tiles '{}' (expected a whole number from 1 to {MAX_MOVER_TILES})",
                    excerpt(tiles)
                ),
            )
        })?;
    let (at, speed) = word(3);
    let speed = speed
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && *v > 0.0 && *v <= MAX_MOVER_SPEED)
        .ok_or_else(|| {
            (
                at,
                format!(
                    "bad speed '{}' (expected px/s, a finite number > 0 and at most 10000000)",
                    excerpt(speed)
                ),
            )
        })?;
    Ok(MoverSpec {
        kind,
        dir,
        tiles,
        speed,
    })
}

/// The optional `key = value` lines at the top of a level file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Header {
    /// The level's name, shown in the window (else the file name is).
    pub title: Option<String>,
    /// A hint the window says when the level starts.
    pub hint: Option<String>,
    /// The world the level belongs to in the level select.
    pub world: Option<String>,
    /// The value of each of [`NUMBER_KEYS`] the level sets, by index.
    numbers: [Option<f64>; NUMBER_KEYS.len()],
    /// Each mover's value, by letter (`a` first).
    movers: [Option<MoverSpec>; 26],
}

impl Header {
    /// The value the level gives the numeric key `name`, if it sets it.
    pub fn number(&self, name: &str) -> Option<f64> {
        let index = NUMBER_KEYS.iter().position(|k| k.name == name)?;
        self.numbers[index]
    }

    /// Sets the numeric key at `index` into [`NUMBER_KEYS`].
    pub(crate) fn set_number(&mut self, index: usize, value: f64) {
        self.numbers[index] = Some(value);
    }

    /// The numeric keys the level sets, in table order, with their values.
    pub fn numbers(&self) -> impl Iterator<Item = (&'static NumberKey, f64)> + '_ {
        NUMBER_KEYS
            .iter()
            .zip(self.numbers)
            .filter_map(|(key, value)| Some((key, value?)))
    }

    /// The value of mover `letter`'s line, if there is one.
    pub fn mover(&self, letter: char) -> Option<MoverSpec> {
        let index = (letter as u32).checked_sub('a' as u32)? as usize;
        *self.movers.get(index)?
    }

    /// Sets mover `letter`'s value (`letter` is `a`–`z`).
    pub(crate) fn set_mover(&mut self, letter: char, spec: MoverSpec) {
        self.movers[(letter as u8 - b'a') as usize] = Some(spec);
    }

    /// The movers the header describes, in letter order.
    pub fn movers(&self) -> impl Iterator<Item = (char, MoverSpec)> + '_ {
        (b'a'..=b'z')
            .zip(self.movers)
            .filter_map(|(letter, spec)| Some((letter as char, spec?)))
    }

    /// The defaults with every value this header sets put in place: a
    /// level's own tuning.
    pub fn tuning(&self) -> Tuning {
        self.apply(Tuning::default())
    }

    /// `tuning` with every value this header sets put in place.
    pub fn apply(&self, mut tuning: Tuning) -> Tuning {
        for (key, value) in self.numbers() {
            match key.field {
                // NOTE: exact: the value was read as an f32 (`NumberKey::parse`).
                Field::Single(field) => *field(&mut tuning) = value as f32,
                Field::Double(field) => *field(&mut tuning) = value,
                Field::Game => {}
            }
        }
        tuning
    }
}
