//! The controller: how held and pressed buttons become velocity — run, jump
//! (coyote time, jump buffer, variable height), gravity and fast-fall, and the
//! decision to drop through a one-way platform — and the body those move:
//! its box, sub-pixel remainders and ground state. Finding what stops a move
//! is `collide`'s job; the order of a step is `World::step`'s.

use crate::collide::{
    self, standing_on, stands_on_top, AxisMove, CollisionMode, MoverBox, MoverSet, Passing, Surface,
};
use crate::geom::{Axis, Rect, TILE};
use crate::grid::Grid;
use crate::input::{Buttons, Keys};
use crate::level::Level;
use crate::mover::MoverKind;
use crate::tuning::{per_step, steps, Tuning};

/// How far a rising box whose head clipped a ceiling's corner slides
/// sideways around it instead of bumping, px (Celeste's upward corner
/// correction).
pub const CORNER_CORRECTION: i32 = 4;

/// The largest distance one step may ask to move, px. Far beyond any level.
const MAX_MOVE: f32 = (1 << 24) as f32;

/// The player's body and controller. Its fields are private: everything
/// that moves the box or changes its ground and drop-through state goes
/// through the methods below, which `World::step` calls in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// The box, in integer pixels.
    rect: Rect,
    /// Horizontal velocity, px/s.
    vx: f32,
    /// Vertical velocity, px/s (y grows down).
    vy: f32,
    /// Sub-pixel motion not yet applied, px (each within ±0.5).
    remainder_x: f32,
    remainder_y: f32,
    /// Standing on a solid or one-way surface (and not moving up).
    grounded: bool,
    /// -1 or +1: the way the player last ran.
    facing: i32,
    /// What is being dropped through: a one-way tile top (its y, px),
    /// ignored until the feet pass below it or the player lands, and one-way
    /// movers (a bit per letter), ignored until the player lands.
    dropping: Passing,
    /// The velocity of the mover last ridden, px/s, and the steps left in
    /// which a jump still gets it (lift momentum).
    lift: (f32, f32),
    lift_left: u32,
    /// Steps left in which a jump still works after leaving the ground.
    coyote: u32,
    /// Steps left in which a pressed jump waits for ground to jump from.
    jump_buffer: u32,
    /// Steps left in which holding jump keeps the rise at jump speed.
    jump_hold: u32,
    /// Spikes and the exit do nothing to it: a game's own actor, whose
    /// rules are the game's (the level's player has this off).
    ignores_triggers: bool,
}

impl Player {
    /// A player standing on the bottom edge of the spawn cell, centred on it.
    pub fn spawn(level: &Level, tuning: &Tuning) -> Player {
        let (col, row) = level.spawn;
        let (w, h) = (tuning.player_width, tuning.player_height);
        Player::at(
            &level.grid,
            Rect::new(col * TILE + (TILE - w) / 2, (row + 1) * TILE - h, w, h),
        )
    }

    /// A player at rest with its box at `rect`, grounded if it stands on something.
    pub fn at(grid: &Grid, rect: Rect) -> Player {
        Player {
            rect,
            vx: 0.0,
            vy: 0.0,
            remainder_x: 0.0,
            remainder_y: 0.0,
            grounded: standing_on(grid, &[], &rect, &Passing::default()).is_some(),
            facing: 1,
            dropping: Passing::default(),
            lift: (0.0, 0.0),
            lift_left: 0,
            coyote: 0,
            jump_buffer: 0,
            jump_hold: 0,
            ignores_triggers: false,
        }
    }

    /// A game's own actor at rest with its box at `rect`: the player's
    /// controller and body, but spikes and the exit do nothing to it.
    pub fn actor(grid: &Grid, rect: Rect) -> Player {
        Player {
            ignores_triggers: true,
            ..Player::at(grid, rect)
        }
    }

    /// One step of the controller's decisions, in order: the timers (a jump
    /// press fills the buffer, the ground refills coyote time), a drop
    /// through the one-way tops underfoot on a Down press (a Jump pressed in
    /// the same step wins), the run, the jump, gravity, fast-fall and
    /// variable jump height. `solids` are the moving solids where they are
    /// now (movers and crates). Says whether it jumped and whether it
    /// dropped. Moving the box is [`Player::move_axis`]'s job, X then Y,
    /// then [`Player::settle`].
    pub fn decide(
        &mut self,
        buttons: &Buttons,
        grid: &Grid,
        solids: &[MoverBox],
        tuning: &Tuning,
    ) -> (bool, bool) {
        self.tick_timers(buttons, tuning);
        let dropped = buttons.pressed.down && !buttons.pressed.jump && self.try_drop(grid, solids);
        self.run(buttons.held, tuning);
        let jumped = self.try_jump(tuning);
        self.fall(buttons.held, tuning);
        (jumped, dropped)
    }

    /// The box, in integer pixels.
    pub fn rect(&self) -> Rect {
        self.rect
    }

    /// Horizontal velocity, px/s (positive: right).
    pub fn vx(&self) -> f32 {
        self.vx
    }

    /// Vertical velocity, px/s (positive: down).
    pub fn vy(&self) -> f32 {
        self.vy
    }

    /// Whether the box stands on a solid or one-way surface.
    pub fn grounded(&self) -> bool {
        self.grounded
    }

    /// -1 or +1: the way the player last ran.
    pub fn facing(&self) -> i32 {
        self.facing
    }

    /// The y (px) of the one-way top being dropped through, until the feet
    /// pass below it or the player lands.
    pub fn dropping_through(&self) -> Option<i32> {
        self.dropping.tile_top
    }

    /// The one-way movers being dropped through (by index in letter
    /// order), until the player lands.
    pub fn dropping_movers(&self) -> &MoverSet {
        &self.dropping.movers
    }

    /// Being carried by a mover moving at `velocity` px/s: a jump in the
    /// next `lift_steps` steps gets that velocity too.
    pub fn ride(&mut self, velocity: (f32, f32), lift_steps: u32) {
        self.lift = velocity;
        self.lift_left = lift_steps;
    }

    /// Counts down the coyote and jump-buffer timers; a jump press fills the buffer.
    pub fn tick_timers(&mut self, buttons: &Buttons, tuning: &Tuning) {
        self.jump_buffer = if buttons.pressed.jump {
            steps(tuning.jump_buffer_time).max(1)
        } else {
            self.jump_buffer.saturating_sub(1)
        };
        self.coyote = if self.grounded {
            steps(tuning.coyote_time)
        } else {
            self.coyote.saturating_sub(1)
        };
    }

    /// Starts dropping through the one-way tops under the feet — tiles and
    /// movers — if the player stands on one-way tops only (never when any
    /// solid is underfoot).
    pub fn try_drop(&mut self, grid: &Grid, movers: &[MoverBox]) -> bool {
        let under = standing_on(grid, movers, &self.rect, &Passing::default());
        if !self.grounded || under != Some(Surface::OneWay) {
            return false;
        }
        self.dropping = Passing {
            tile_top: Some(self.rect.bottom()),
            movers: movers
                .iter()
                .filter(|m| stands_on_top(&self.rect, &m.rect))
                .filter_map(|m| m.mover)
                .collect(),
            ..Passing::default()
        };
        self.grounded = false;
        self.coyote = 0;
        true
    }

    /// Accelerates toward the run speed the held keys ask for (or toward rest).
    pub fn run(&mut self, held: Keys, tuning: &Tuning) {
        let dir = held.run_dir();
        if dir != 0 {
            self.facing = dir;
        }
        let control = if self.grounded {
            1.0
        } else {
            tuning.air_control
        };
        let target = dir as f32 * tuning.run_speed;
        self.vx = approach(self.vx, target, per_step(tuning.run_accel() * control));
    }

    /// Jumps if a jump is buffered and the player is on the ground or within
    /// coyote time. Jumping soon after riding a mover adds its velocity
    /// (capped; never downward).
    pub fn try_jump(&mut self, tuning: &Tuning) -> bool {
        let lift = if self.lift_left > 0 {
            self.lift
        } else {
            (0.0, 0.0)
        };
        self.lift_left = self.lift_left.saturating_sub(1);
        if self.jump_buffer == 0 || !(self.grounded || self.coyote > 0) {
            return false;
        }
        let cap = tuning.lift_max_x;
        self.vx += lift.0.clamp(-cap, cap);
        self.vy = -tuning.jump_speed + lift.1.clamp(-tuning.lift_max_up, 0.0);
        self.jump_hold = steps(tuning.jump_hold_time);
        self.jump_buffer = 0;
        self.coyote = 0;
        self.grounded = false;
        true
    }

    /// Gravity (halved near the apex while jump is held), the fall-speed cap
    /// (higher while Down is held: fast-fall), and variable jump height:
    /// holding jump keeps the rise at jump speed for a while, letting go ends it.
    pub fn fall(&mut self, held: Keys, tuning: &Tuning) {
        if !self.grounded {
            let cap = if held.down {
                tuning.max_fall * tuning.fast_fall_mult
            } else {
                tuning.max_fall
            };
            let apex = held.jump && self.vy.abs() < tuning.apex_threshold;
            let mult = if apex { tuning.apex_gravity_mult } else { 1.0 };
            self.vy = approach(self.vy, cap, per_step(tuning.gravity * mult));
        }
        if self.jump_hold > 0 {
            if held.jump {
                self.vy = self.vy.min(-tuning.jump_speed);
                self.jump_hold -= 1;
            } else {
                self.jump_hold = 0;
            }
        }
    }

    /// Moves the box along `axis` by this step's whole pixels with `mode`,
    /// through `movers` where they are now; a surface in the way stops the
    /// speed along that axis.
    // NOTE: always inlined, as `shove` and `collide::move_axis` are: the
    // records they hand back then stay in registers, and `verify` replays a
    // ten-minute run in about two thirds of the time (docs/PERFORMANCE.md).
    #[inline(always)]
    pub fn move_axis(
        &mut self,
        mode: CollisionMode,
        grid: &Grid,
        movers: &[MoverBox],
        axis: Axis,
    ) -> MoveRecord {
        let wanted = self.take_move(axis);
        let mut record = self.shove(mode, grid, movers, axis, wanted);
        let bumped = axis == Axis::Y && wanted < 0 && record.outcome.hit.is_some();
        if let Some(dx) = bumped
            .then(|| self.corner_correction(grid, movers))
            .flatten()
        {
            // The head clipped a ceiling's corner: slide around it and rise
            // on, keeping the jump's speed. The rest of the move is a move
            // of its own (the one reported).
            self.rect = self.rect.shifted(Axis::X, dx);
            record = self.shove(mode, grid, movers, axis, wanted - record.outcome.moved);
        }
        if record.outcome.hit.is_some() {
            match axis {
                Axis::X => self.stop_x(),
                Axis::Y => self.stop_y(),
            }
        }
        record
    }

    /// Moves the box `distance` px along `axis` with `mode` and nothing
    /// else: no speed or remainder changes. What carries and pushes do
    /// (with the solid doing it left out of `movers`).
    #[inline(always)]
    pub fn shove(
        &mut self,
        mode: CollisionMode,
        grid: &Grid,
        movers: &[MoverBox],
        axis: Axis,
        distance: i32,
    ) -> MoveRecord {
        let passing = Passing {
            tile_top: match axis {
                Axis::X => None,
                Axis::Y => self.dropping.tile_top,
            },
            movers: self.dropping.movers.clone(),
            through_triggers: self.ignores_triggers,
        };
        let outcome = collide::move_axis(mode, grid, movers, self.rect, axis, distance, &passing);
        let record = MoveRecord {
            axis,
            from: self.rect,
            wanted: distance,
            outcome,
        };
        self.rect = record.to();
        record
    }

    /// After the moves: the tile top being dropped through is released once
    /// the feet are below it, and the box is grounded if it stands on a
    /// surface (tiles, or movers where they are now) and is not moving up.
    /// Landing ends the fall and any drop. Returns whether it is grounded.
    pub fn settle(&mut self, grid: &Grid, movers: &[MoverBox]) -> bool {
        if self
            .dropping
            .tile_top
            .is_some_and(|top| self.rect.bottom() > top)
        {
            self.dropping.tile_top = None;
        }
        self.grounded =
            self.vy >= 0.0 && standing_on(grid, movers, &self.rect, &self.dropping).is_some();
        if self.grounded {
            self.stop_y();
            self.dropping = Passing::default();
        }
        self.grounded
    }

    /// The whole pixels to move along `axis` this step; the fraction stays in the remainder.
    pub fn take_move(&mut self, axis: Axis) -> i32 {
        match axis {
            Axis::X => whole_pixels(self.vx, &mut self.remainder_x),
            Axis::Y => whole_pixels(self.vy, &mut self.remainder_y),
        }
    }

    /// Bounced off a stomped walker: rising at half the jump speed, no
    /// remainder. Not a jump: holding or releasing Jump does not change it.
    pub(crate) fn stomp(&mut self, tuning: &Tuning) {
        self.vy = -tuning.jump_speed / 2.0;
        self.remainder_y = 0.0;
        self.jump_hold = 0;
        self.grounded = false;
    }

    /// Puts the box at `rect` (a stomp stopping the fall, a push moving
    /// it); nothing else changes.
    pub(crate) fn set_rect(&mut self, rect: Rect) {
        self.rect = rect;
    }

    /// A wall (or a row of crates that would not move) stopped the run.
    pub(crate) fn hit_wall(&mut self) {
        self.stop_x();
    }

    /// A wall stopped the run: no speed, no leftover fraction into it.
    /// Where a rise stopped by a ceiling can slide to instead, Celeste's
    /// way: the nearest sideways shift of at most
    /// [`CORNER_CORRECTION`] px (the way it is moving first, right when
    /// still) where the box is free, touches no trigger, and has room to
    /// rise at least a pixel. `None`: a real bump.
    fn corner_correction(&self, grid: &Grid, movers: &[MoverBox]) -> Option<i32> {
        let first = if self.vx < 0.0 { -1 } else { 1 };
        let free = |r: &Rect| {
            !collide::overlaps_solid(grid, r)
                && !movers
                    .iter()
                    .any(|m| m.kind == MoverKind::Solid && m.rect.overlaps(r))
        };
        (1..=CORNER_CORRECTION)
            .flat_map(|d| [first * d, -first * d])
            .find(|&dx| {
                let beside = self.rect.shifted(Axis::X, dx);
                free(&beside)
                    && collide::touching(grid, &beside).is_none()
                    && free(&beside.shifted(Axis::Y, -1))
            })
    }

    fn stop_x(&mut self) {
        self.vx = 0.0;
        self.remainder_x = 0.0;
    }

    /// A floor or ceiling stopped the fall or rise; a ceiling also ends the jump.
    fn stop_y(&mut self) {
        self.vy = 0.0;
        self.remainder_y = 0.0;
        self.jump_hold = 0;
    }
}

/// One axis move of the player's box in a step, as the debug view shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// The axis moved along.
    pub axis: Axis,
    /// The box before the move.
    pub from: Rect,
    /// The signed distance asked for, px.
    pub wanted: i32,
    /// How far it went, what stopped it, what it touched.
    pub outcome: AxisMove,
}

impl MoveRecord {
    /// The box after the move.
    pub fn to(&self) -> Rect {
        self.from.shifted(self.axis, self.outcome.moved)
    }
}

/// The whole pixels a body moving at `v` px/s moves this step, with the
/// sub-pixel `remainder` carried over (rounded, halves away from zero; the
/// fraction left stays in `remainder`). Every body moves by this rule.
pub fn whole_pixels(v: f32, remainder: &mut f32) -> i32 {
    let total = *remainder + per_step(v);
    let whole = round_half_away(total);
    *remainder = total - whole;
    whole.clamp(-MAX_MOVE, MAX_MOVE) as i32
}

/// `x.round()` (halves away from zero) without a libm call where it can:
/// below 2^23 in size, truncating is exact and so is `x - whole`.
fn round_half_away(x: f32) -> f32 {
    if x.abs() < 8_388_608.0 {
        let whole = x as i32 as f32;
        let frac = x - whole;
        if frac >= 0.5 {
            whole + 1.0
        } else if frac <= -0.5 {
            whole - 1.0
        } else {
            whole.copysign(x)
        }
    } else {
        x.round()
    }
}

/// `value` moved toward `target` by at most `step`, never past it.
/// (Adding 0.0 turns a -0.0 into 0.0, so traces never print "-0".)
pub fn approach(value: f32, target: f32, step: f32) -> f32 {
    let v = if value < target {
        (value + step).min(target)
    } else {
        (value - step).max(target)
    };
    v + 0.0
}

#[cfg(test)]
mod tests {
    use super::approach;

    #[test]
    fn rounding_is_f32_round_everywhere() {
        let mut xs: Vec<f32> = vec![
            0.0,
            -0.0,
            0.5,
            -0.5,
            1.5,
            -1.5,
            2.5,
            8_388_607.5,
            -8_388_607.5,
        ];
        xs.extend([0.5f32, 1.5, 2.5, 1e6 + 0.5].map(|h| f32::from_bits(h.to_bits() - 1)));
        xs.extend([0.5f32, 1.5, 2.5].map(|h| -f32::from_bits(h.to_bits() - 1)));
        xs.extend([1e9, -1e9, 8_388_608.0, f32::MAX, f32::MIN]);
        xs.extend((0..40_000).map(|k| (k as f32 - 20_000.0) * 0.0371));
        for x in xs {
            let (a, b) = (super::round_half_away(x), x.round());
            assert!(
                a == b && a.is_sign_negative() == b.is_sign_negative(),
                "{x}: {a} vs {b}"
            );
        }
    }

    #[test]
    fn approach_steps_toward_the_target_and_never_gives_minus_zero() {
        assert_eq!(approach(0.0, 10.0, 3.0), 3.0);
        assert_eq!(approach(9.0, 10.0, 3.0), 10.0);
        assert_eq!(approach(0.0, -10.0, 3.0), -3.0);
        assert_eq!(approach(-9.0, -10.0, 3.0), -10.0);
        let zero = approach(-0.0, -0.0, 1.0);
        assert!(
            zero == 0.0 && zero.is_sign_positive(),
            "-0 would print as '-0' in a trace"
        );
    }
}
