//! The fixed-step clock the window runs the simulation on: real frame time
//! goes into an accumulator, whole 1/60 s steps come out. Catch-up is capped
//! so a long stall never replays a backlog, and slow motion, pause and single
//! steps only change how many steps come out, never what a step does.

use dropthrough_sim::tuning::STEPS_PER_SECOND;

/// One simulation step, in seconds.
const STEP: f64 = 1.0 / STEPS_PER_SECOND as f64;

/// The most steps one rendered frame may run; beyond this, time is dropped.
pub const MAX_STEPS_PER_FRAME: u32 = 4;

/// The slow-motion speeds `[` and `]` cycle through.
pub const SPEEDS: [f64; 3] = [1.0, 0.5, 0.25];

/// The window's fixed-step clock: turns rendered-frame time into whole simulation steps.
#[derive(Clone, Debug)]
pub struct FixedClock {
    /// Real time not yet turned into steps, s (always within one step).
    accumulator: f64,
    /// Index into [`SPEEDS`].
    speed: usize,
    paused: bool,
    /// A single step asked for while paused.
    step_once: bool,
}

impl Default for FixedClock {
    fn default() -> Self {
        FixedClock {
            accumulator: 0.0,
            speed: 0,
            paused: false,
            step_once: false,
        }
    }
}

impl FixedClock {
    /// Adds `frame_seconds` of real time and returns how many steps to run now.
    /// A negative, NaN or infinite frame time counts as zero.
    pub fn advance(&mut self, frame_seconds: f64) -> u32 {
        if self.paused {
            self.accumulator = 0.0;
            return std::mem::take(&mut self.step_once) as u32;
        }
        let real = if frame_seconds.is_finite() && frame_seconds > 0.0 {
            frame_seconds
        } else {
            0.0
        };
        // Clamp before adding, so a huge frame time cannot lose precision.
        let budget = STEP * f64::from(MAX_STEPS_PER_FRAME + 1);
        self.accumulator += real.min(budget) * SPEEDS[self.speed];
        let steps = (self.accumulator / STEP).floor() as u32;
        if steps > MAX_STEPS_PER_FRAME {
            self.accumulator = 0.0;
            return MAX_STEPS_PER_FRAME;
        }
        self.accumulator -= f64::from(steps) * STEP;
        steps
    }

    /// How far the clock is into the next step, 0..1: for drawing between the
    /// last two states.
    pub fn alpha(&self) -> f32 {
        if self.paused {
            return 1.0;
        }
        (self.accumulator / STEP).clamp(0.0, 1.0) as f32
    }

    /// Pauses, or resumes, the simulation.
    pub fn toggle_pause(&mut self) {
        self.paused = !self.paused;
        self.step_once = false;
    }

    /// Whether the simulation is paused.
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// While paused, lets exactly one step through on the next frame.
    pub fn step_once(&mut self) {
        if self.paused {
            self.step_once = true;
        }
    }

    /// The current speed multiplier (1, ½ or ¼).
    pub fn speed(&self) -> f64 {
        SPEEDS[self.speed]
    }

    /// `]`: one notch faster, up to full speed.
    pub fn faster(&mut self) {
        self.speed = self.speed.saturating_sub(1);
    }

    /// `[`: one notch slower, down to quarter speed.
    pub fn slower(&mut self) {
        self.speed = (self.speed + 1).min(SPEEDS.len() - 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_second_of_frames_is_sixty_steps() {
        let mut clock = FixedClock::default();
        let steps: u32 = (0..144).map(|_| clock.advance(1.0 / 144.0)).sum();
        assert!((59..=60).contains(&steps), "{steps}");
    }

    #[test]
    fn a_ten_second_stall_runs_a_few_steps_not_six_hundred() {
        let mut clock = FixedClock::default();
        assert_eq!(clock.advance(10.0), MAX_STEPS_PER_FRAME);
        assert_eq!(clock.advance(0.0), 0, "the backlog was dropped");
    }

    #[test]
    fn zero_nan_and_negative_frame_times_run_nothing() {
        let mut clock = FixedClock::default();
        for t in [0.0, f64::NAN, -1.0, f64::INFINITY, f64::NEG_INFINITY] {
            assert_eq!(clock.advance(t), 0, "{t}");
            assert!(clock.alpha().is_finite());
        }
        assert_eq!(clock.advance(STEP * 1.5), 1, "still works afterwards");
    }

    #[test]
    fn pause_stops_steps_and_step_once_lets_one_through() {
        let mut clock = FixedClock::default();
        clock.toggle_pause();
        assert_eq!(clock.advance(1.0), 0);
        clock.step_once();
        assert_eq!(clock.advance(0.0), 1);
        assert_eq!(clock.advance(1.0), 0);
        clock.toggle_pause();
        assert_eq!(clock.advance(STEP), 1);
    }

    #[test]
    fn slow_motion_halves_and_quarters_the_step_rate() {
        let mut clock = FixedClock::default();
        clock.slower();
        let half: u32 = (0..120).map(|_| clock.advance(1.0 / 120.0)).sum();
        clock.slower();
        clock.slower();
        assert_eq!(clock.speed(), 0.25);
        let quarter: u32 = (0..120).map(|_| clock.advance(1.0 / 120.0)).sum();
        assert!((29..=30).contains(&half), "{half}");
        assert!((14..=15).contains(&quarter), "{quarter}");
        clock.faster();
        clock.faster();
        clock.faster();
        assert_eq!(clock.speed(), 1.0);
    }
}
