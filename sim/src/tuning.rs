//! Every constant of the controller in one `Copy` struct, each with its unit.
//! The defaults are Celeste's, scaled ×2 for our 16 px tiles; a level's header
//! may override gravity, max_fall, run_speed, jump_speed, the bullets'
//! fire_every, bullet_speed and bullet_radius, and walker_speed.

/// Fastest bullet a level may ask for, px/s.
pub const MAX_BULLET_SPEED: f64 = 10_000_000.0;
/// Largest bullet radius a level may ask for, px (half a tile).
pub const MAX_BULLET_RADIUS: f64 = 8.0;

/// Simulation steps per second. One step = one trace row = one input-script frame.
pub const STEPS_PER_SECOND: u32 = 60;

/// A rate per second (px/s, or px/s² for a speed change) as the amount per step.
/// Dividing by 60 keeps round numbers round, where multiplying by an inexact
/// 1/60 would print 30.000002 in traces.
pub fn per_step(per_second: f32) -> f32 {
    per_second / STEPS_PER_SECOND as f32
}

/// Every constant of the controller, each with its unit; `Default` gives the game's feel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tuning {
    /// Downward acceleration, px/s².
    pub gravity: f32,
    /// Terminal fall speed, px/s.
    pub max_fall: f32,
    /// Terminal fall speed while holding Down in the air, as a multiple of `max_fall`.
    pub fast_fall_mult: f32,
    /// Gravity multiplier near the top of a jump while jump is held (unitless).
    pub apex_gravity_mult: f32,
    /// Vertical speed below which `apex_gravity_mult` applies, px/s.
    pub apex_threshold: f32,
    /// Top running speed, px/s.
    pub run_speed: f32,
    /// Time to reach `run_speed` from rest (and to stop from it) on the ground, s.
    pub run_accel_time: f32,
    /// Horizontal acceleration multiplier in the air (unitless).
    pub air_control: f32,
    /// Upward speed at the start of a jump, px/s.
    pub jump_speed: f32,
    /// How long holding jump keeps the rise at `jump_speed`, s. Releasing early cuts the jump.
    pub jump_hold_time: f32,
    /// How long after walking off a ledge a jump still works, s.
    pub coyote_time: f32,
    /// How long a jump pressed in the air is remembered before landing, s.
    pub jump_buffer_time: f32,
    /// How long after riding a mover a jump still gets its velocity, s.
    pub lift_time: f32,
    /// The most sideways speed a mover's velocity adds to a jump, px/s.
    pub lift_max_x: f32,
    /// The most upward speed a mover's velocity adds to a jump, px/s
    /// (a mover moving down adds nothing).
    pub lift_max_up: f32,
    /// Time between two shots of a turret, s (rounded to whole steps, at least one).
    pub fire_every: f64,
    /// Speed of a bullet, px/s.
    pub bullet_speed: f64,
    /// Radius of a bullet, px.
    pub bullet_radius: f64,
    /// How fast a walker walks, px/s.
    pub walker_speed: f32,
    /// The upward speed a spring throws a body at, px/s.
    pub spring_speed: f32,
    /// The most a body driven by keys falls while it slides down a wall it
    /// holds toward, px/s; above 0 it also wall-jumps. 0 (the default):
    /// no wall slides or wall jumps.
    pub wall_slide: f32,
    /// Player box width, px (at most one tile, so the spawn box fits its cell).
    pub player_width: i32,
    /// Player box height, px (at most one tile, so the spawn box fits its cell).
    pub player_height: i32,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            gravity: 1800.0,
            max_fall: 320.0,
            fast_fall_mult: 1.5,
            apex_gravity_mult: 0.5,
            apex_threshold: 80.0,
            run_speed: 180.0,
            run_accel_time: 0.09,
            air_control: 0.65,
            jump_speed: 210.0,
            jump_hold_time: 0.2,
            coyote_time: 0.1,
            jump_buffer_time: 0.1,
            lift_time: 0.16,
            lift_max_x: 360.0,
            lift_max_up: 260.0,
            fire_every: 1.5,
            bullet_speed: 360.0,
            bullet_radius: 3.0,
            walker_speed: 48.0,
            spring_speed: 480.0,
            wall_slide: 0.0,
            player_width: 12,
            player_height: 16,
        }
    }
}

impl Tuning {
    /// Horizontal acceleration on the ground, px/s².
    pub fn run_accel(&self) -> f32 {
        self.run_speed / self.run_accel_time
    }
}

/// A duration in seconds as a whole number of steps (timers count steps).
pub fn steps(seconds: f32) -> u32 {
    let x = seconds * STEPS_PER_SECOND as f32;
    // NOTE: for 0 <= x < 2^23 this is `x.round()` (halves away from zero)
    // without a libm call: `x as u32` truncates, and `x - whole` is exact there.
    if (0.0..8_388_608.0).contains(&x) {
        let whole = x as u32;
        whole + u32::from(x - whole as f32 >= 0.5)
    } else {
        x.round() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_round_halves_away_from_zero_like_f32_round() {
        // Halves, the values just either side of them, and the fallback's range.
        let mut xs = vec![
            0.0f32,
            0.5,
            1.5,
            2.5,
            0.49999997,
            8_388_607.5,
            8_388_608.0,
            1e9,
        ];
        xs.extend([0.5f32, 1.5, 9.5].map(|h| f32::from_bits(h.to_bits() - 1)));
        xs.extend((0..20_000).map(|k| k as f32 * 0.0371));
        for x in xs {
            let seconds = x / STEPS_PER_SECOND as f32;
            let want = (seconds * STEPS_PER_SECOND as f32).round() as u32;
            assert_eq!(steps(seconds), want, "{seconds} s");
        }
        assert_eq!(steps(0.16), 10);
        assert_eq!(steps(2.5 / 60.0), 3);
    }
}
