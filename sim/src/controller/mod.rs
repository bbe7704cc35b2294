//! The controller: how held and pressed buttons become a body's velocity —
//! run, jump (coyote time, jump buffer, variable height, lift momentum),
//! gravity and fast-fall — and the decision to drop through a one-way
//! platform; and how a body's own move along one axis goes (the upward
//! corner correction included), and when it stands. Every body driven by
//! keys (the level's player, a game's actors) runs exactly this code.
//! Finding what stops a move is `collide`'s job; the order of a step is
//! `World::step`'s.

use crate::collide::{
    self, slopes, standing_on, stands_on_top, Blocker, CollisionMode, KnownRamp, Passing, SolidSet,
    Surface, Triggers,
};
use crate::geom::{Axis, Rect, TILE};
use crate::grid::Grid;
use crate::input::{Buttons, Keys};
use crate::mover::SolidKind;
use crate::tuning::{per_step, steps, Tuning};
use crate::world::{Body, Climb, Drive, MoveRecord};

mod walls;

/// How far a rising box whose head clipped a ceiling's corner slides
/// sideways around it instead of bumping, px (Celeste's upward corner
/// correction).
pub const CORNER_CORRECTION: i32 = 4;

/// The largest distance one step may ask to move, px. Far beyond any level.
const MAX_MOVE: f32 = (1 << 24) as f32;

impl Body {
    /// Step (1) for this body: its drive turns into velocity. Keys go
    /// through the controller, in order: the timers (a jump press fills the
    /// buffer, the ground refills coyote time), a drop through the one-way
    /// tops underfoot on a Down press (a Jump pressed in the same step
    /// wins), the run, the jump, gravity, fast-fall and variable jump
    /// height. A walker takes its speed; gravity pulls walkers, crates and
    /// velocity bodies that ask for it. `blockers` are the moving solids
    /// where they are now. Says whether it jumped and whether it dropped.
    pub(crate) fn decide(
        &mut self,
        buttons: &Buttons,
        grid: &Grid,
        blockers: &[Blocker],
        tuning: &Tuning,
    ) -> (bool, bool) {
        match self.drive {
            Drive::Keys => {
                self.tick_timers(buttons, tuning);
                let dropped =
                    buttons.pressed.down && !buttons.pressed.jump && self.try_drop(grid, blockers);
                self.run(buttons.held, tuning);
                let jumped = self.try_jump(tuning) || self.try_wall_jump(grid, tuning);
                self.fall(buttons.held, tuning);
                self.slide(buttons.held, grid, tuning);
                (jumped, dropped)
            }
            Drive::Walker => {
                self.vx = self.facing as f32 * tuning.walker_speed;
                self.vy = approach(self.vy, tuning.max_fall, per_step(tuning.gravity));
                (false, false)
            }
            Drive::Fall | Drive::Velocity { gravity: true } => {
                self.vy = approach(self.vy, tuning.max_fall, per_step(tuning.gravity));
                (false, false)
            }
            Drive::Velocity { gravity: false } => (false, false),
        }
    }

    /// Being carried by a solid moving at `velocity` px/s: a jump in the
    /// next `lift_steps` steps gets that velocity too.
    pub(crate) fn ride(&mut self, velocity: (f32, f32), lift_steps: u32) {
        self.lift = velocity;
        self.lift_left = lift_steps;
    }

    /// Counts down the coyote and jump-buffer timers; a jump press fills the buffer.
    fn tick_timers(&mut self, buttons: &Buttons, tuning: &Tuning) {
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
    /// solids — if it stands on one-way tops only (never when anything
    /// solid is underfoot).
    fn try_drop(&mut self, grid: &Grid, blockers: &[Blocker]) -> bool {
        let under = standing_on(grid, blockers, &self.rect, &Passing::default());
        if !self.grounded || under != Some(Surface::OneWay) {
            return false;
        }
        self.dropping = Passing {
            tile_top: Some(self.rect.bottom()),
            deep: grid.has_slopes() && collide::on_one_way_tile_line(grid, &self.rect),
            solids: blockers
                .iter()
                .filter(|b| stands_on_top(&self.rect, &b.rect))
                .filter_map(Blocker::solid)
                .collect(),
            ..Passing::default()
        };
        self.grounded = false;
        self.coyote = 0;
        true
    }

    /// Accelerates toward the run speed the held keys ask for (or toward rest).
    fn run(&mut self, held: Keys, tuning: &Tuning) {
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

    /// Jumps if a jump is buffered and it is on the ground or within coyote
    /// time. Jumping soon after riding a solid adds its velocity (capped;
    /// never downward).
    fn try_jump(&mut self, tuning: &Tuning) -> bool {
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
    fn fall(&mut self, held: Keys, tuning: &Tuning) {
        if !self.grounded {
            let cap = if held.down {
                finite(tuning.max_fall * tuning.fast_fall_mult)
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

    /// Its own move along x with `mode` through `blockers`: the whole
    /// pixels of this step's speed (and any plain move the game asked
    /// for). What stops it is [`Body::walled`]'s to deal with, once any
    /// crates it pushes have had their say.
    #[inline(always)]
    pub(crate) fn own_x(
        &mut self,
        mode: CollisionMode,
        grid: &Grid,
        blockers: &[Blocker],
        trail: Option<&mut Vec<Rect>>,
    ) -> MoveRecord {
        let wanted = self.take_move(Axis::X);
        if grid.has_slopes() && !self.rules.solid && wanted != 0 {
            let walked = match mode {
                CollisionMode::Naive => self.naive_walk(grid, blockers, wanted),
                _ => self.walk(grid, blockers, wanted, trail),
            };
            if let Some(walked) = walked {
                return walked;
            }
        }
        self.shove(mode, grid, blockers, Axis::X, wanted)
    }

    /// [`Body::walk`] in naive mode: the whole way level, then lifted onto
    /// a ramp its shape ends in (or pushed back out of it). `None`: it
    /// does not stand.
    #[cold]
    fn naive_walk(&mut self, grid: &Grid, blockers: &[Blocker], wanted: i32) -> Option<MoveRecord> {
        standing_on(grid, blockers, &self.rect, &self.dropping)?;
        let through = collide::Through {
            tile_top: self.dropping.tile_top,
            deep: self.dropping.deep,
            solids: &self.dropping.solids,
            triggers: self.triggers(),
            known: &KnownRamp::NONE,
        };
        let (outcome, dy) = collide::naive_walk(grid, blockers, self.rect, wanted, &through);
        let record = MoveRecord {
            axis: Axis::X,
            from: self.rect,
            wanted,
            outcome,
            climb: Some(Climb {
                dy,
                y_span: (self.rect.y + dy.min(0), self.rect.y),
                steps_up: 0,
                snaps: 0,
                rising: self.vy < 0.0,
            }),
        };
        self.rect = record.to();
        Some(record)
    }

    /// Its own move along x of `wanted` px on a level with slopes, in an
    /// exact mode, as a walk if it stands: level, stepping up where only
    /// slope is in the way, snapping down onto a slope it walks down
    /// (never in the step it jumps). `trail` gets every box it visits.
    /// `None`: it does not stand, and moves as any box does.
    #[cold]
    fn walk(
        &mut self,
        grid: &Grid,
        blockers: &[Blocker],
        wanted: i32,
        trail: Option<&mut Vec<Rect>>,
    ) -> Option<MoveRecord> {
        let from = self.rect;
        let rising = self.vy < 0.0;
        let mut known = self.known_ramp;
        let walked = self.around(blockers, from, |around| {
            slopes::walk_if_standing(grid, around, (from, wanted), rising, trail, &mut known)
        });
        self.known_ramp = known;
        let walked = walked?;
        let record = MoveRecord {
            axis: Axis::X,
            from,
            wanted,
            outcome: walked.along_x,
            climb: Some(walked.climb),
        };
        self.rect = record.to();
        Some(record)
    }

    /// What its walks meet at box `at` besides the terrain, for `f`: the
    /// moving solids of `blockers` it is not in nor passing through, the
    /// one-way lines it drops through, and its triggers.
    pub(crate) fn around<R>(
        &self,
        blockers: &[Blocker],
        at: Rect,
        f: impl FnOnce(&slopes::Around) -> R,
    ) -> R {
        let blockers = collide::blockers_in_play(blockers, &at, &self.dropping.solids);
        let dropping = &self.dropping;
        let dropped = |t| dropping.passes_line(t);
        f(&slopes::Around {
            blockers: &blockers,
            dropped: &dropped,
            triggers: self.triggers(),
        })
    }

    /// After its own move along x (`x`, any push included): a wall that
    /// stopped it stops its run; a walker stopped short turns around.
    #[inline(always)]
    pub(crate) fn walled(&mut self, x: &MoveRecord) {
        let stopped = x.outcome.hit.is_some();
        match self.drive {
            Drive::Walker if stopped || x.outcome.moved != x.wanted => self.turn(),
            Drive::Walker => {}
            _ if stopped => self.stop_x(),
            _ => {}
        }
    }

    /// Its own move along y with `mode` through `blockers`: the whole
    /// pixels of this step's speed (and any plain move). A body driven by
    /// keys whose rise clips a ceiling's corner slides around it; a floor
    /// or ceiling stops its speed; a ceiling is a `bump`.
    #[inline(always)]
    pub(crate) fn own_y(
        &mut self,
        mode: CollisionMode,
        grid: &Grid,
        blockers: &[Blocker],
    ) -> MoveRecord {
        let wanted = self.take_move(Axis::Y);
        let mut y = self.shove(mode, grid, blockers, Axis::Y, wanted);
        let bumped = wanted < 0 && y.outcome.hit.is_some();
        let slides = self.drive == Drive::Keys && !self.rules.solid;
        if let Some(dx) = (bumped && slides)
            .then(|| self.corner_correction(grid, blockers))
            .flatten()
        {
            // The head clipped a ceiling's corner: slide around it and rise
            // on, keeping the jump's speed. The rest of the move is a move
            // of its own (the one reported).
            self.rect = self.rect.shifted(Axis::X, dx);
            y = self.shove(mode, grid, blockers, Axis::Y, wanted - y.outcome.moved);
        }
        if y.outcome.hit.is_some() {
            self.stop_y();
        }
        self.events.bump = y.outcome.hit.is_some() && y.wanted < 0;
        y
    }

    /// A crate's fall when nothing moves around it: down by its speed
    /// through the tiles alone, never through a one-way top (its report's
    /// move along y); standing, it has no vertical speed or remainder.
    pub(crate) fn fall_apart(&mut self, mode: CollisionMode, grid: &Grid) {
        if !self.movable() {
            return;
        }
        let d = whole_pixels(self.vy, &mut self.ry);
        if d != 0 {
            let through = collide::Through {
                tile_top: None,
                deep: false,
                solids: &SolidSet::default(),
                triggers: Triggers::NONE,
                known: &KnownRamp::NONE,
            };
            let from = self.rect;
            let m = collide::move_through(mode, grid, &[], from, (Axis::Y, d), &through);
            self.rect = from.shifted(Axis::Y, m.moved);
            self.report.y = Some(MoveRecord::plain(Axis::Y, from, d, m));
        }
        if self.stands_apart(grid) {
            self.stop_y();
        }
    }

    /// Whether it stands on the tiles (nothing else being there), never
    /// dropping through anything.
    pub(crate) fn stands_apart(&self, grid: &Grid) -> bool {
        standing_on(grid, &[], &self.rect, &Passing::default()).is_some()
    }

    /// Moves the box `distance` px along `axis` with `mode` and nothing
    /// else: no speed or remainder changes. What a body's own move, a
    /// carry and a push each start with (a carry or push with the solid
    /// doing it left out of `blockers`).
    // NOTE: always inlined, as `collide::move_axis` is: the records they
    // hand back then stay in registers, and `verify` replays a ten-minute
    // run in about two thirds of the time (docs/PERFORMANCE.md).
    #[inline(always)]
    pub(crate) fn shove(
        &mut self,
        mode: CollisionMode,
        grid: &Grid,
        blockers: &[Blocker],
        axis: Axis,
        distance: i32,
    ) -> MoveRecord {
        let through = collide::Through {
            tile_top: match axis {
                Axis::X => None,
                Axis::Y => self.dropping.tile_top,
            },
            deep: self.dropping.deep,
            solids: &self.dropping.solids,
            triggers: self.triggers(),
            known: &self.known_ramp,
        };
        let outcome =
            collide::move_through(mode, grid, blockers, self.rect, (axis, distance), &through);
        let record = MoveRecord::plain(axis, self.rect, distance, outcome);
        self.rect = record.to();
        record
    }

    /// After the moves: the tile top being dropped through is released once
    /// the feet are below it (a drop by depth: once they are 16 px or more
    /// below where it began, or the body rises), and the box is grounded if it stands on a
    /// surface (tiles, or moving solids where they are now) and is not
    /// moving up. Landing ends the fall and any drop. Returns whether it is
    /// grounded.
    pub(crate) fn settle(&mut self, grid: &Grid, blockers: &[Blocker]) -> bool {
        let bottom = self.rect.bottom();
        let released = self
            .dropping
            .tile_top
            .is_some_and(|top| match self.dropping.deep {
                true => bottom >= top + TILE || self.vy < 0.0,
                false => bottom > top,
            });
        if released {
            self.dropping.tile_top = None;
            self.dropping.deep = false;
        }
        self.grounded =
            self.vy >= 0.0 && standing_on(grid, blockers, &self.rect, &self.dropping).is_some();
        if self.grounded {
            self.stop_y();
            self.dropping = Passing::default();
        }
        self.grounded
    }

    /// The whole pixels to move along `axis` this step, with any plain move
    /// the game asked for; the fraction stays in the remainder.
    #[inline]
    pub(crate) fn take_move(&mut self, axis: Axis) -> i32 {
        let (own, nudge) = match axis {
            Axis::X => (
                whole_pixels(self.vx, &mut self.rx),
                std::mem::take(&mut self.nudge.0),
            ),
            Axis::Y => (
                whole_pixels(self.vy, &mut self.ry),
                std::mem::take(&mut self.nudge.1),
            ),
        };
        own.saturating_add(nudge)
    }

    /// Bounced off a stomped body: rising at half the jump speed, no
    /// remainder. Not a jump: holding or releasing Jump does not change it.
    pub(crate) fn bounce(&mut self, tuning: &Tuning) {
        self.vy = -tuning.jump_speed / 2.0;
        self.ry = 0.0;
        self.jump_hold = 0;
        self.grounded = false;
    }

    /// Where a rise stopped by a ceiling can slide to instead, Celeste's
    /// way: the nearest sideways shift of at most [`CORNER_CORRECTION`] px
    /// (the way it is moving first, right when still) where the box is
    /// free, touches none of its triggers, and has room to rise at least a
    /// pixel. `None`: a real bump.
    pub(crate) fn corner_correction(&self, grid: &Grid, blockers: &[Blocker]) -> Option<i32> {
        let first = if self.vx < 0.0 { -1 } else { 1 };
        let free = |r: &Rect| {
            collide::shape::free(grid, r)
                && !blockers
                    .iter()
                    .any(|b| b.kind == SolidKind::Solid && b.rect.overlaps(r))
        };
        let triggers = self.triggers();
        (1..=CORNER_CORRECTION)
            .flat_map(|d| [first * d, -first * d])
            .find(|&dx| {
                let beside = self.rect.shifted(Axis::X, dx);
                free(&beside)
                    && (triggers == Triggers::NONE
                        || collide::touching_any(grid, &beside, triggers).is_none())
                    && free(&beside.shifted(Axis::Y, -1))
            })
    }

    /// A wall stopped its run: no speed, no leftover fraction into it.
    pub(crate) fn stop_x(&mut self) {
        self.vx = 0.0;
        self.rx = 0.0;
    }

    /// A walker stopped short turns around: its next step goes the other
    /// way, from no leftover fraction.
    pub(crate) fn turn(&mut self) {
        self.facing = -self.facing;
        self.rx = 0.0;
    }

    /// A floor or ceiling stopped the fall or rise; a ceiling also ends the jump.
    pub(crate) fn stop_y(&mut self) {
        self.vy = 0.0;
        self.ry = 0.0;
        self.jump_hold = 0;
    }
}

/// The whole pixels a body moving at `v` px/s moves this step, with the
/// sub-pixel `remainder` carried over (rounded, halves away from zero; the
/// fraction left stays in `remainder`). Every body moves by this rule.
#[inline]
pub fn whole_pixels(v: f32, remainder: &mut f32) -> i32 {
    let total = *remainder + per_step(v);
    let (whole, pixels) = round_half_away(total);
    *remainder = total - whole;
    pixels
}

/// The pixels a move at `v` px/s with remainder `remainder` and a plain
/// move of `nudge` px would ask for this step, without taking them: what
/// [`Body::take_move`] will give.
pub(crate) fn whole_reach(v: f32, remainder: f32, nudge: i32) -> i32 {
    let mut r = remainder;
    whole_pixels(v, &mut r).saturating_add(nudge)
}

/// `x.round()` (halves away from zero), and as whole pixels, cut to the
/// most a move takes. Without a libm call where it can: below 2^23 in
/// size, truncating is exact and so is `x - whole`, and the pixels are
/// the truncated integer rounded, far below the cut.
#[inline(always)]
fn round_half_away(x: f32) -> (f32, i32) {
    if x.abs() < 8_388_608.0 {
        let t = x as i32;
        let frac = x - t as f32;
        let whole = t + i32::from(frac >= 0.5) - i32::from(frac <= -0.5);
        // NOTE: a zero keeps the sign of `x`, as `round` gives it.
        ((whole as f32).copysign(x), whole)
    } else {
        let whole = x.round();
        (whole, whole.clamp(-MAX_MOVE, MAX_MOVE) as i32)
    }
}

/// `v`, or the largest finite `f32` of its sign where a product of finite
/// tuning numbers overflowed (a fast-fall cap): every speed stays a number.
#[inline]
fn finite(v: f32) -> f32 {
    v.clamp(-f32::MAX, f32::MAX)
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
            let ((a, pixels), b) = (super::round_half_away(x), x.round());
            assert!(
                a == b && a.is_sign_negative() == b.is_sign_negative(),
                "{x}: {a} vs {b}"
            );
            let cut = b.clamp(-super::MAX_MOVE, super::MAX_MOVE) as i32;
            assert_eq!(pixels, cut, "{x}: the whole pixels");
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
