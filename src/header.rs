//! The `key = value` lines at the top of a level file, and the one table of
//! keys they may use. Parsing, the "known keys" list in errors, writing a
//! level back out and the [`Tuning`] overrides all come from [`NUMBER_KEYS`],
//! so a new key is one new row.

use crate::tuning::Tuning;

/// Largest number a header value may hold (px/s or px/s²).
pub const MAX_HEADER_VALUE: f32 = 10_000_000.0;

/// The one header key whose value is text: the level's name.
pub const TITLE_KEY: &str = "title";

/// A header key whose value is a number: its name, its unit, and the
/// [`Tuning`] field it overrides.
pub struct NumberKey {
    /// The key as written in a level file.
    pub name: &'static str,
    /// The unit of its value, shown in errors.
    pub unit: &'static str,
    /// The tuning field the value replaces.
    field: fn(&mut Tuning) -> &mut f32,
}

/// Every numeric header key, in the order a level is written back out.
/// Values are finite, > 0 and at most [`MAX_HEADER_VALUE`].
pub const NUMBER_KEYS: [NumberKey; 4] = [
    NumberKey {
        name: "gravity",
        unit: "px/s²",
        field: |t| &mut t.gravity,
    },
    NumberKey {
        name: "max_fall",
        unit: "px/s",
        field: |t| &mut t.max_fall,
    },
    NumberKey {
        name: "run_speed",
        unit: "px/s",
        field: |t| &mut t.run_speed,
    },
    NumberKey {
        name: "jump_speed",
        unit: "px/s",
        field: |t| &mut t.jump_speed,
    },
];

/// Every key a header may use, for error messages: `title, gravity, …`.
pub fn known_keys() -> String {
    let mut names = vec![TITLE_KEY];
    names.extend(NUMBER_KEYS.iter().map(|k| k.name));
    names.join(", ")
}

/// The optional `key = value` lines at the top of a level file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Header {
    /// The level's name, shown in the window (else the file name is).
    pub title: Option<String>,
    /// The value of each of [`NUMBER_KEYS`] the level sets, by index.
    numbers: [Option<f32>; NUMBER_KEYS.len()],
}

impl Header {
    /// The value the level gives the numeric key `name`, if it sets it.
    pub fn number(&self, name: &str) -> Option<f32> {
        let index = NUMBER_KEYS.iter().position(|k| k.name == name)?;
        self.numbers[index]
    }

    /// Sets the numeric key at `index` into [`NUMBER_KEYS`].
    pub(crate) fn set_number(&mut self, index: usize, value: f32) {
        self.numbers[index] = Some(value);
    }

    /// The numeric keys the level sets, in table order, with their values.
    pub fn numbers(&self) -> impl Iterator<Item = (&'static NumberKey, f32)> + '_ {
        NUMBER_KEYS
            .iter()
            .zip(self.numbers)
            .filter_map(|(key, value)| Some((key, value?)))
    }

    /// `tuning` with every value this header sets put in place.
    pub fn apply(&self, mut tuning: Tuning) -> Tuning {
        for (key, value) in self.numbers() {
            *(key.field)(&mut tuning) = value;
        }
        tuning
    }
}
