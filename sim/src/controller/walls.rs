//! The moves against walls and springs: a wall slide, a wall jump, and a
//! spring's throw. Wall slides and jumps are off unless the tuning's
//! `wall_slide` is above 0; both are decided from the box where the step
//! starts, so both exact modes make the same decisions.

use crate::collide;
use crate::geom::Axis;
use crate::grid::Grid;
use crate::input::Keys;
use crate::tuning::{steps, Tuning};
use crate::world::Body;

impl Body {
    /// Whether the body touches a wall on side `dir` (−1 left, 1 right):
    /// one pixel that way its box would overlap a solid tile (or the
    /// level's solid sides), or its shape a solid slope's pixels. Moving
    /// solids and crates are not walls to slide on or jump off.
    fn touches_wall(&self, grid: &Grid, dir: i32) -> bool {
        !collide::shape::free(grid, &self.rect.shifted(Axis::X, dir))
    }

    /// A wall jump, when wall jumps are on (`wall_slide` above 0): a jump
    /// is buffered and it touches a wall on exactly one side. It leaps
    /// away from that wall at the run speed, rising at the jump speed
    /// (held Jump keeps it rising as a jump does), facing away. Asked only
    /// once [`Body::try_jump`] refused, so with a jump buffered it is
    /// neither grounded nor within coyote time.
    pub(super) fn try_wall_jump(&mut self, grid: &Grid, tuning: &Tuning) -> bool {
        if tuning.wall_slide <= 0.0 || self.jump_buffer == 0 {
            return false;
        }
        let away = match (self.touches_wall(grid, -1), self.touches_wall(grid, 1)) {
            (true, false) => 1,
            (false, true) => -1,
            _ => return false,
        };
        self.vx = away as f32 * tuning.run_speed;
        self.vy = -tuning.jump_speed;
        self.facing = away;
        self.jump_hold = steps(tuning.jump_hold_time);
        self.jump_buffer = 0;
        true
    }

    /// A wall slide, when wall slides are on: in the air, holding toward
    /// a wall it touches and not Down, it falls at most `wall_slide` px/s.
    pub(super) fn slide(&mut self, held: Keys, grid: &Grid, tuning: &Tuning) {
        let dir = held.run_dir();
        let on = tuning.wall_slide > 0.0 && !self.grounded && !held.down && dir != 0;
        if on && self.vy > tuning.wall_slide && self.touches_wall(grid, dir) {
            self.vy = tuning.wall_slide;
        }
    }

    /// Step (5), once it has grounded: a body that can still move this
    /// step, is not rising, and stands on the top of a spring
    /// ([`collide::on_spring`]) is thrown up at the tuning's
    /// `spring_speed`, with no remainder. Not a jump (holding Jump does not
    /// keep it up, and no coyote time is left to jump with) and not a
    /// landing: it is not grounded, and a crate or walker does not stand.
    pub(crate) fn spring(&mut self, grid: &Grid, tuning: &Tuning) {
        if !grid.has_fifths() || !self.movable() || self.vy < 0.0 {
            return;
        }
        if !collide::on_spring(grid, &self.rect) {
            return;
        }
        self.vy = -tuning.spring_speed;
        self.ry = 0.0;
        self.jump_hold = 0;
        self.coyote = 0;
        self.grounded = false;
        self.stood = false;
        self.events.land = false;
        self.events.spring = true;
    }
}
