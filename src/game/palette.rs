//! Every colour the window draws with, in one place: a calm dark-blue
//! night for the background, cool grey-blue stone for what blocks, warm
//! wood for what can be passed from below, red for what hurts, green for
//! the way out, the player the one hot orange on screen, and its ghost a
//! translucent cool blue that never reads as the player. The end-to-end
//! tests find the level and the player on screenshots by `SOLID` and
//! `PLAYER`, so those two change only together with scripts/e2e_check.py
//! and tests/web/web_test.mjs.

use macroquad::color::{Color, WHITE};

// The level.
/// Laid over the level behind a menu: it dims it to 45 %.
pub const DIM_BEHIND_MENU: Color = Color::new(0.0, 0.0, 0.0, 0.55);
/// Behind everything.
pub const BACKGROUND: Color = Color::new(0.086, 0.094, 0.149, 1.0);
/// The far and the near skyline behind the level: barely lighter than the
/// background (at most 6 of 255 per channel, so the translucent ghost
/// over them still reads as the ghost to the end-to-end test).
pub const SKYLINE_FAR: Color = Color::new(0.098, 0.106, 0.164, 1.0);
pub const SKYLINE_NEAR: Color = Color::new(0.108, 0.117, 0.173, 1.0);
/// Solid tiles: stone.
pub const SOLID: Color = Color::new(0.337, 0.361, 0.478, 1.0);
/// A solid tile's top edge where nothing is on it: the ground reads as ground.
pub const SOLID_TOP: Color = Color::new(0.51, 0.54, 0.667, 1.0);
/// A solid block's open sides and bottom, in shade.
pub const SOLID_SHADE: Color = Color::new(0.23, 0.25, 0.34, 1.0);
/// The faint line between two solid blocks: stone laid in blocks.
pub const SOLID_SEAM: Color = Color::new(0.3, 0.32, 0.43, 1.0);
/// One-way ledges and movers: thin wooden planks.
pub const PLANK: Color = Color::new(0.69, 0.5, 0.282, 1.0);
/// A plank's lit top edge: the only side that blocks.
pub const PLANK_TOP: Color = Color::new(0.98, 0.824, 0.549, 1.0);
/// Spikes: pale points on a blood-red base.
pub const SPIKE: Color = Color::new(0.863, 0.863, 0.922, 1.0);
pub const SPIKE_BASE: Color = Color::new(0.55, 0.118, 0.157, 1.0);
/// The exit's glowing door frame.
pub const EXIT: Color = Color::new(0.275, 0.863, 0.51, 1.0);
/// Springs: a stone block with a coil and a bright plate on top.
pub const SPRING_COIL: Color = Color::new(0.8, 0.82, 0.9, 1.0);
pub const SPRING_PLATE: Color = Color::new(1.0, 0.8, 0.25, 1.0);
/// Checkpoints: a pale flag on a pole; gold once it is where you come back.
pub const FLAG_POLE: Color = Color::new(0.75, 0.76, 0.82, 1.0);
pub const FLAG: Color = Color::new(0.5, 0.65, 0.95, 1.0);
pub const FLAG_TAKEN: Color = Color::new(1.0, 0.82, 0.3, 1.0);
/// Gems: a cyan diamond with a bright facet.
pub const GEM: Color = Color::new(0.35, 0.9, 0.95, 1.0);
pub const GEM_SHINE: Color = Color::new(0.9, 1.0, 1.0, 1.0);
/// Turrets: a dark block with a lit face and a red muzzle where it fires from.
pub const TURRET: Color = Color::new(0.22, 0.2, 0.26, 1.0);
pub const TURRET_FACE: Color = Color::new(0.42, 0.36, 0.4, 1.0);
pub const TURRET_MUZZLE: Color = Color::new(0.95, 0.25, 0.2, 1.0);
/// Bullets, and the flash where one stops.
pub const BULLET: Color = Color::new(1.0, 0.92, 0.55, 1.0);
pub const FLASH: Color = Color::new(1.0, 0.95, 0.8, 1.0);
/// A solid mover: stone, warmer, with a lit border.
pub const MOVER: Color = Color::new(0.45, 0.4, 0.55, 1.0);
pub const MOVER_EDGE: Color = Color::new(0.75, 0.68, 0.9, 1.0);
/// A mover's track (its path, drawn under it) and the blocks at its ends.
pub const TRACK: Color = Color::new(0.75, 0.68, 0.9, 0.3);
pub const TRACK_END: Color = Color::new(0.75, 0.68, 0.9, 0.55);

// The player and its ghost.
/// The player's body.
/// Crates: a wooden box with a darker frame.
pub const CRATE: Color = Color::new(0.62, 0.42, 0.22, 1.0);
/// A crate's frame and cross brace.
pub const CRATE_FRAME: Color = Color::new(0.4, 0.25, 0.12, 1.0);
/// Walkers: a green beetle, so they never read as the player.
pub const WALKER: Color = Color::new(0.55, 0.85, 0.3, 1.0);
/// A walker's shell edge.
pub const WALKER_SHELL: Color = Color::new(0.25, 0.5, 0.15, 1.0);
pub const PLAYER: Color = Color::new(1.0, 0.47, 0.235, 1.0);
/// The player's eye, on the side it faces.
pub const EYE: Color = Color::new(0.1, 0.05, 0.05, 1.0);
/// The ghost of the best run.
pub const GHOST: Color = Color::new(0.55, 0.8, 1.0, 0.45);

// Effects (drawn only).
/// The boxes a move too fast for the eye went through: the player's
/// colour, paled and half seen.
pub const TRAIL: Color = Color::new(1.0, 0.78, 0.6, 0.5);
/// Dust kicked up on landing and jumping.
pub const DUST: Color = Color::new(0.78, 0.8, 0.9, 1.0);
/// The flash where the player died.
pub const DEATH: Color = Color::new(1.0, 0.35, 0.25, 1.0);

// The debug view (F1).
/// The player's hitbox, and the mover carrying it.
pub const HITBOX: Color = Color::new(0.3, 1.0, 0.4, 1.0);
pub const RIDDEN: Color = Color::new(0.3, 1.0, 0.4, 1.0);
/// The span a move tried, and where it was blocked.
pub const TRIED: Color = Color::new(1.0, 0.9, 0.3, 1.0);
pub const BLOCKED: Color = Color::new(1.0, 0.2, 0.2, 1.0);
/// The one-way top being dropped through.
pub const DROPPING: Color = Color::new(1.0, 0.3, 1.0, 1.0);
/// A mover's or bullet's swept span, and a bullet's contact normal.
pub const SWEPT: Color = Color::new(0.5, 0.8, 1.0, 0.9);
pub const NORMAL: Color = Color::new(1.0, 0.3, 0.3, 1.0);
/// A body's cut shape against slopes, and what its walk did on a ramp.
pub const SHAPE: Color = Color::new(1.0, 0.65, 0.2, 1.0);

// Text and panels.
pub const TEXT: Color = WHITE;
pub const DIM: Color = Color::new(0.75, 0.78, 0.85, 1.0);
/// Behind text: the status bar, help, menus, the editor's palette and panel.
pub const PANEL: Color = Color::new(0.04, 0.045, 0.075, 1.0);
pub const ERROR: Color = Color::new(1.0, 0.45, 0.45, 1.0);
pub const GOOD: Color = Color::new(0.5, 1.0, 0.6, 1.0);

// The editor.
/// The grid's area, a shade lighter than the background, and its tile lines.
pub const EDIT_GRID_BACK: Color = Color::new(0.11, 0.12, 0.19, 1.0);
pub const EDIT_GRID_LINE: Color = Color::new(1.0, 1.0, 1.0, 0.06);
/// A mover's whole path.
pub const EDIT_MOVER_PATH: Color = Color::new(0.75, 0.68, 0.9, 0.5);
/// The cell or rectangle under the mouse, and the chosen brush.
pub const EDIT_CURSOR: Color = Color::new(1.0, 0.9, 0.3, 1.0);
