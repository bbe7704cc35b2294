//! dropthrough, the game around the simulation (`dropthrough_sim`): the
//! level flow and level select (`session`), best times and ghosts
//! (`records`), settings and the settings screen's rules, the editor's
//! document, links, the file store, the window's fixed clock and the
//! commands a player gives. None of it draws: the window (`src/game/`,
//! behind the default `window` feature) and the command line (`src/main.rs`)
//! drive it, and the tests drive it without them.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod clock;
pub mod command;
pub mod editor;
pub mod link;
pub mod records;
pub mod session;
pub mod settings;
pub mod settings_menu;
pub mod shelf;
pub mod stop;
pub mod store;
