//! Links that carry a level, and a run with it: the level file's bytes
//! (and the run file's) deflated and written in URL-safe base64 in the
//! URL's fragment, the part after `#`, which a browser never sends to a
//! server. `https://…/index.html#level=DATA&run=DATA` opens in the browser
//! build, and `dropthrough 'LINK'` opens the same link on the desktop: only
//! the fragment is read, so any page address in front of it will do.
//!
//! A fragment is read with the same care as a level file: one that is too
//! long, damaged or not a level says which and where, and nothing panics.

use std::fmt;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use dropthrough_sim::printable::excerpt;
use miniz_oxide::deflate::compress_to_vec;
use miniz_oxide::inflate::decompress_to_vec_with_limit;
use thiserror::Error;

/// The longest fragment read, in characters. Every bundled level and a
/// 64 × 64 level fit in under 2,000; this leaves room for big levels and
/// long runs without letting a link keep the game busy.
pub const MAX_FRAGMENT: usize = 200_000;
/// The most bytes one part of a link may inflate to (a level file or a run
/// file): a small link cannot become gigabytes.
pub const MAX_PART_BYTES: usize = 4 * 1024 * 1024;

/// What a link carries: a level file and, if one rides along, a run file,
/// both as the bytes their files would hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shared {
    /// The level file's bytes.
    pub level: Vec<u8>,
    /// A run file's bytes (an input script, claims allowed), if any.
    pub run: Option<Vec<u8>>,
}

/// Why a link could not be read.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum LinkError {
    /// More than [`MAX_FRAGMENT`] characters.
    #[error("link: the part after # is {len} characters long, more than the {MAX_FRAGMENT} a link may have")]
    TooLong {
        /// Its length.
        len: usize,
    },
    /// No `level=` part.
    #[error("link: no level in it (expected #level=… after the page's address)")]
    NoLevel,
    /// A part this version does not know.
    #[error("link: column {column}: unknown part '{key}' (expected level= or run=)")]
    UnknownPart {
        /// The part's name.
        key: String,
        /// Where it starts in the fragment, 1-based.
        column: usize,
    },
    /// The same part twice.
    #[error("link: column {column}: a second {key}= (a link carries one)")]
    Twice {
        /// The part's name.
        key: &'static str,
        /// Where the second starts, 1-based.
        column: usize,
    },
    /// A character base64 does not have, or a cut-off end.
    #[error("link: column {column}: the {part} is damaged (expected letters, digits, - and _ only); was the link cut short or changed?")]
    NotBase64 {
        /// "level" or "run".
        part: &'static str,
        /// Where in the fragment, 1-based.
        column: usize,
    },
    /// Base64 that does not inflate.
    #[error(
        "link: the {part} is damaged (it does not unpack); was the link cut short or changed?"
    )]
    NotDeflate {
        /// "level" or "run".
        part: &'static str,
    },
    /// Inflates to more than [`MAX_PART_BYTES`].
    #[error(
        "link: the {part} unpacks to more than {MAX_PART_BYTES} bytes, more than a link may carry"
    )]
    TooBig {
        /// "level" or "run".
        part: &'static str,
    },
}

impl Shared {
    /// The fragment (without `#`) that carries this level and run.
    pub fn fragment(&self) -> String {
        let mut out = format!("level={}", pack(&self.level));
        if let Some(run) = &self.run {
            out.push_str("&run=");
            out.push_str(&pack(run));
        }
        out
    }

    /// Reads a link: a whole URL (only what follows its first `#` is read)
    /// or a fragment, with or without its `#`. Columns in errors count
    /// characters of the fragment as given (after the `#`), from 1.
    pub fn parse(link: &str) -> Result<Shared, LinkError> {
        let fragment = fragment_of(link);
        let len = fragment.trim().chars().count();
        if len > MAX_FRAGMENT {
            return Err(LinkError::TooLong { len });
        }
        let mut level = None;
        let mut run = None;
        for Part {
            key, value, column, ..
        } in parts(fragment)
        {
            let (name, slot) = match key {
                "level" => ("level", &mut level),
                "run" => ("run", &mut run),
                _ => {
                    return Err(LinkError::UnknownPart {
                        key: excerpt(key).into_owned(),
                        column,
                    })
                }
            };
            if slot.is_some() {
                return Err(LinkError::Twice { key: name, column });
            }
            let value_column = column + key.chars().count() + 1;
            *slot = Some(unpack(value, name, value_column)?);
        }
        Ok(Shared {
            level: level.ok_or(LinkError::NoLevel)?,
            run,
        })
    }

    /// Whether `arg` (a command-line argument) is a link rather than a
    /// file name: it has a `#`, and the first part after it that
    /// [`Shared::parse`] reads is one of a link's, `level=` or `run=` (the
    /// parts come in any order; one without a level is then said to be a
    /// link with no level, not a missing file).
    pub fn is_link(arg: &str) -> bool {
        arg.contains('#')
            && parts(fragment_of(arg))
                .next()
                .is_some_and(|p| matches!(p.key, "level" | "run") && p.has_value)
    }
}

/// The part of a link after its first `#` (all of it if there is none).
fn fragment_of(link: &str) -> &str {
    link.split_once('#').map_or(link, |(_, f)| f)
}

/// One `KEY=VALUE` part of a fragment.
struct Part<'a> {
    key: &'a str,
    value: &'a str,
    /// Whether it has an `=`.
    has_value: bool,
    /// Where its key starts in the fragment, in characters from 1.
    column: usize,
}

/// A fragment's parts, split at `&`, without the spaces around the whole
/// fragment (a pasted link's line end) and without empty parts (`&&`, a
/// leading `&`, a lone `=`), as every build reads them.
fn parts(fragment: &str) -> impl Iterator<Item = Part<'_>> {
    let lead = fragment.len() - fragment.trim_start().len();
    let mut column = fragment[..lead].chars().count() + 1;
    fragment.trim().split('&').filter_map(move |pair| {
        let at = column;
        column += pair.chars().count() + 1;
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let has_value = pair.contains('=');
        // NOTE: a lone `=` is as empty as `&&`.
        (!key.is_empty() || !value.is_empty()).then_some(Part {
            key,
            value,
            has_value,
            column: at,
        })
    })
}

impl fmt::Display for Shared {
    /// The fragment with its `#`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.fragment())
    }
}

/// Deflates `bytes` (best compression) and writes them in URL-safe base64.
fn pack(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(compress_to_vec(bytes, 10))
}

/// The bytes [`pack`] packed; `column` is where `text` starts in the
/// fragment (for errors).
fn unpack(text: &str, part: &'static str, column: usize) -> Result<Vec<u8>, LinkError> {
    if let Some(at) = text
        .chars()
        .position(|c| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
    {
        return Err(LinkError::NotBase64 {
            part,
            column: column + at,
        });
    }
    let packed = URL_SAFE_NO_PAD
        .decode(text)
        .map_err(|_| LinkError::NotBase64 {
            part,
            column: column + text.len(),
        })?;
    decompress_to_vec_with_limit(&packed, MAX_PART_BYTES).map_err(|e| {
        if e.status == miniz_oxide::inflate::TINFLStatus::HasMoreOutput {
            LinkError::TooBig { part }
        } else {
            LinkError::NotDeflate { part }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level() -> Vec<u8> {
        b"title: Tiny\n\n#####\n#@.E#\n#####\n".to_vec()
    }

    #[test]
    fn a_level_and_a_run_come_back_as_they_went() {
        let shared = Shared {
            level: level(),
            run: Some(b"#! mode: sweep\n1-30 right\n".to_vec()),
        };
        let link = format!("https://example.org/games/dropthrough/index.html{shared}");
        assert_eq!(Shared::parse(&link), Ok(shared.clone()));
        assert_eq!(Shared::parse(&shared.fragment()), Ok(shared));
    }

    #[test]
    fn the_fragment_uses_only_url_safe_characters() {
        let shared = Shared {
            level: (0..=255u8).cycle().take(5000).collect(),
            run: None,
        };
        let fragment = shared.fragment();
        assert!(fragment
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_=&".contains(c)));
        assert_eq!(Shared::parse(&fragment).unwrap(), shared);
    }

    #[test]
    fn damage_is_named_with_its_column() {
        let good = Shared {
            level: level(),
            run: None,
        }
        .fragment();
        // A character base64 has not.
        let mut bad = good.clone();
        bad.insert(10, '!');
        assert_eq!(
            Shared::parse(&bad),
            Err(LinkError::NotBase64 {
                part: "level",
                column: 11
            })
        );
        // Cut short: no longer a whole deflate stream.
        let cut = &good[..good.len() - 6];
        assert!(matches!(
            Shared::parse(cut),
            Err(LinkError::NotDeflate { .. } | LinkError::NotBase64 { .. })
        ));
        assert_eq!(
            Shared::parse(&format!("run={}", pack(b"1-9 right\n"))),
            Err(LinkError::NoLevel)
        );
        assert_eq!(
            Shared::parse(&format!("{good}&tile=3")),
            Err(LinkError::UnknownPart {
                key: "tile".into(),
                column: good.len() + 2
            })
        );
        assert!(matches!(
            Shared::parse(&format!("{good}&{good}")),
            Err(LinkError::Twice { key: "level", .. })
        ));
    }

    #[test]
    fn too_long_and_too_big_are_refused() {
        let long = format!("level={}", "A".repeat(MAX_FRAGMENT));
        assert!(matches!(
            Shared::parse(&long),
            Err(LinkError::TooLong { .. })
        ));
        // A small link that would unpack to more than a part may hold.
        let bomb = Shared {
            level: vec![b'.'; MAX_PART_BYTES + 1],
            run: None,
        };
        let fragment = bomb.fragment();
        assert!(fragment.len() < MAX_FRAGMENT);
        assert_eq!(
            Shared::parse(&fragment),
            Err(LinkError::TooBig { part: "level" })
        );
    }

    #[test]
    fn the_limits_are_the_documented_ones() {
        // 4 MiB unpacks; a byte more does not (the README says 4 MiB).
        let big = Shared {
            level: vec![b'.'; 4 * 1024 * 1024],
            run: None,
        };
        assert_eq!(
            Shared::parse(&big.fragment()).map(|s| s.level.len()),
            Ok(4_194_304)
        );
        // Exactly the longest fragment is read (and fails on what it holds).
        let longest = format!("level={}", "A".repeat(MAX_FRAGMENT - 6));
        assert!(!matches!(
            Shared::parse(&longest),
            Err(LinkError::TooLong { .. })
        ));
        assert!(matches!(
            Shared::parse(&format!("{longest}A")),
            Err(LinkError::TooLong { len: 200_001 })
        ));
    }

    #[test]
    fn empty_parts_are_skipped_and_columns_still_count_them() {
        let good = Shared {
            level: level(),
            run: None,
        };
        let fragment = good.fragment();
        assert_eq!(Shared::parse(&format!("&{fragment}&&")), Ok(good));
        assert_eq!(
            Shared::parse(&format!("&&{fragment}&&tile=3")),
            Err(LinkError::UnknownPart {
                key: "tile".into(),
                column: fragment.len() + 5
            })
        );
        assert_eq!(
            Shared::parse("&=x"),
            Err(LinkError::UnknownPart {
                key: "".into(),
                column: 2
            })
        );
        // A part cut to a length base64 cannot have: said at its end.
        assert_eq!(
            Shared::parse("&level=A"),
            Err(LinkError::NotBase64 {
                part: "level",
                column: 9
            })
        );
    }

    #[test]
    fn columns_count_characters_of_the_fragment_as_given() {
        // Spaces before the fragment count: the `!` is the tenth character.
        assert_eq!(
            Shared::parse("#  level=A!"),
            Err(LinkError::NotBase64 {
                part: "level",
                column: 10
            })
        );
        // A key of letters of two bytes each counts them once.
        assert_eq!(
            Shared::parse("#ééé=1&level=A!"),
            Err(LinkError::UnknownPart {
                key: "ééé".into(),
                column: 1
            })
        );
        let packed = pack(&level());
        assert_eq!(
            Shared::parse(&format!("#level={packed}&ééé=1")),
            Err(LinkError::UnknownPart {
                key: "ééé".into(),
                column: 8 + packed.len()
            })
        );
        // A long unknown part is quoted as an excerpt.
        let long = "k".repeat(10_000);
        let said = Shared::parse(&format!("#{long}=1"))
            .unwrap_err()
            .to_string();
        assert!(said.len() < 300, "{said}");
        assert!(said.contains("… (10000 characters)"), "{said}");
    }

    #[test]
    fn links_are_told_from_file_names() {
        assert!(Shared::is_link("https://x.org/#level=abc"));
        assert!(Shared::is_link("#level=abc"));
        assert!(Shared::is_link("https://x.org/#run=abc&level=abc"));
        assert!(Shared::is_link("#run=abc"));
        assert!(!Shared::is_link("#levels=abc"));
        assert!(!Shared::is_link("levels/01-first-steps.txt"));
        assert!(!Shared::is_link("odd#name.txt"));
        // What the link reader skips, this skips too: the same parts.
        for link in ["#&level=abc", "x#&&=&level=abc", "#  level=A!", "# &run=x"] {
            assert!(Shared::is_link(link), "{link}");
        }
        assert!(!Shared::is_link("#&notes"));
    }
}
