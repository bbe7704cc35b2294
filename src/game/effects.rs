//! What makes a jump feel right and is only drawn, never simulated: dust
//! where the player lands or jumps, a landing squash scaled by the fall
//! speed and a stretch on jumping, a short flash where the player died, a
//! little screen shake on a crush, and a trail behind a move too fast for
//! the eye. Everything here reads the steps the world already took.

use dropthrough_sim::geom::{Rect, TILE};
use dropthrough_sim::Step;
use macroquad::prelude::*;

use super::camera::Viewport;
use super::palette::{DEATH, DUST, TRAIL};

/// How long a puff of dust lasts, s.
const DUST_TIME: f64 = 0.35;
/// How long the death flash lasts, s: the beat that shows a death before
/// the player is drawn again at the spawn (a key pressed ends it sooner).
pub const DEATH_BEAT: f64 = 0.35;
/// How long a crush shakes the screen, s, and how far, screen px.
const SHAKE_TIME: f64 = 0.25;
const SHAKE_PX: f32 = 4.0;
/// Steps a landing squash lasts.
const SQUASH_STEPS: f32 = 8.0;
/// How far a jump stretches the player (as a negative squash).
const JUMP_STRETCH: f32 = 0.6;
/// Most specks of dust at once.
const MAX_DUST: usize = 96;
/// How long a fast move's trail stays, s.
const TRAIL_TIME: f64 = 0.5;
/// A step that moves the player further than this, px, leaves a trail:
/// from a tile a step, naive mode can skip a tile, and at sixty steps a
/// second the eye no longer follows the box (the Lab's Blur and The Well).
const TRAIL_FROM: i32 = TILE;
/// The trail's boxes are this far apart along a step, px.
const TRAIL_EVERY: i32 = 8;
/// Most boxes of trail at once.
const MAX_TRAIL: usize = 240;

/// One speck: where it started (world px), its drift (px/s) and birth time.
struct Speck {
    at: (f32, f32),
    drift: (f32, f32),
    since: f64,
}

/// The drawn-only effects of the steps taken so far.
#[derive(Default)]
pub struct Effects {
    dust: Vec<Speck>,
    /// Where and when the player last died.
    death: Option<((f32, f32), f64)>,
    shake_until: f64,
    /// The last landing's squash, 0 to 1 (scaled by how fast it fell), or
    /// a jump's stretch (negative).
    squash: f32,
    /// Steps of that squash left.
    squash_left: f32,
    /// The boxes a fast move went through, and when.
    trail: Vec<(Rect, f64)>,
}

/// The boxes drawn behind a step from `before` to `now`: none for a step
/// of at most [`TRAIL_FROM`] px along each axis; otherwise `before` and
/// boxes every [`TRAIL_EVERY`] px on the straight line to `now` (not `now`
/// itself: the player is drawn there). The line is where the eye expects
/// the box, not its path (a step moves along x, then y): it shows what
/// the step crossed, which is what naive mode gets wrong.
pub fn trail_boxes(before: Rect, now: Rect) -> Vec<Rect> {
    let (dx, dy) = (now.x - before.x, now.y - before.y);
    let far = dx.abs().max(dy.abs());
    if far <= TRAIL_FROM {
        return Vec::new();
    }
    let n = (far + TRAIL_EVERY - 1) / TRAIL_EVERY;
    (0..n)
        .map(|k| Rect {
            x: before.x + dx * k / n,
            y: before.y + dy * k / n,
            ..before
        })
        .collect()
}

impl Effects {
    /// Notes what step `step` did: the player's box `before` and `now`, how
    /// fast it fell into the step (`fall`, px/s) against its top fall speed.
    pub fn after_step(
        &mut self,
        step: &Step,
        before: Rect,
        now: Rect,
        fall: (f32, f32),
        time: f64,
    ) {
        let feet = |r: Rect| (r.x as f32 + r.w as f32 / 2.0, r.bottom() as f32);
        let e = step.events;
        self.squash_left = (self.squash_left - 1.0).max(0.0);
        if e.land {
            self.squash = (fall.0 / fall.1.max(1.0)).clamp(0.25, 1.0);
            self.squash_left = SQUASH_STEPS;
            self.puff(feet(now), 6, time);
        }
        if e.jump {
            self.puff(feet(before), 4, time);
            // Stretched tall and thin as it leaves the ground.
            self.squash = -JUMP_STRETCH;
            self.squash_left = SQUASH_STEPS;
        }
        if e.death {
            let centre = (
                before.x as f32 + before.w as f32 / 2.0,
                before.y as f32 + before.h as f32 / 2.0,
            );
            self.death = Some((centre, time));
            self.puff(centre, 10, time);
        }
        if step.report.crushed_by.is_some() {
            self.shake_until = time + SHAKE_TIME;
        }
        self.dust.retain(|s| time - s.since < DUST_TIME);
        self.trail.retain(|&(_, since)| time - since < TRAIL_TIME);
        // NOTE: a death's step ends at the spawn: nothing went between.
        if !e.death {
            self.trail
                .extend(trail_boxes(before, now).into_iter().map(|r| (r, time)));
        }
        if self.trail.len() > MAX_TRAIL {
            let extra = self.trail.len() - MAX_TRAIL;
            self.trail.drain(..extra);
        }
    }

    /// How squashed the player is drawn now: 0 (not at all) to 1, or
    /// stretched (below 0) after a jump.
    pub fn squash(&self) -> f32 {
        self.squash * self.squash_left / SQUASH_STEPS
    }

    fn puff(&mut self, (x, y): (f32, f32), n: usize, time: f64) {
        for i in 0..n {
            // Spread evenly left and right, a little upward.
            let side = if i % 2 == 0 { 1.0 } else { -1.0 };
            let speed = 14.0 + 9.0 * (i / 2) as f32;
            self.dust.push(Speck {
                at: (x, y - 1.0),
                drift: (side * speed, -6.0 - 3.0 * (i / 2) as f32),
                since: time,
            });
        }
        if self.dust.len() > MAX_DUST {
            let extra = self.dust.len() - MAX_DUST;
            self.dust.drain(..extra);
        }
    }

    /// Whether a death's beat is on at `time`.
    pub fn in_death_beat(&self, time: f64) -> bool {
        self.death
            .is_some_and(|(_, since)| (0.0..DEATH_BEAT).contains(&(time - since)))
    }

    /// The screen offset of the shake now (none once it is over).
    pub fn shake(&self, time: f64) -> (f32, f32) {
        if time >= self.shake_until {
            return (0.0, 0.0);
        }
        let left = ((self.shake_until - time) / SHAKE_TIME) as f32;
        let t = (time * 60.0) as f32;
        (
            SHAKE_PX * left * (t * 2.3).sin(),
            SHAKE_PX * left * (t * 3.1).cos(),
        )
    }

    /// The trail, the dust and the death flash.
    pub fn draw(&self, vp: &Viewport, time: f64) {
        for &(r, since) in &self.trail {
            let fade = 1.0 - ((time - since) / TRAIL_TIME) as f32;
            if fade > 0.0 {
                let colour = Color {
                    a: TRAIL.a * fade,
                    ..TRAIL
                };
                let (x, y) = vp.to_screen(r.x as f32, r.y as f32);
                let (w, h) = (r.w as f32 * vp.zoom, r.h as f32 * vp.zoom);
                draw_rectangle_lines(x, y, w, h, 2.0, colour);
            }
        }
        for s in &self.dust {
            let age = (time - s.since) as f32;
            let fade = 1.0 - age / DUST_TIME as f32;
            if fade <= 0.0 {
                continue;
            }
            let (x, y) = vp.to_screen(s.at.0 + s.drift.0 * age, s.at.1 + s.drift.1 * age);
            let size = (1.5 + 1.5 * fade) * vp.zoom;
            draw_rectangle(
                x - size / 2.0,
                y - size / 2.0,
                size,
                size,
                Color {
                    a: fade * 0.8,
                    ..DUST
                },
            );
        }
        if let Some(((x, y), since)) = self.death {
            let age = ((time - since) / DEATH_BEAT) as f32;
            if (0.0..1.0).contains(&age) {
                let (sx, sy) = vp.to_screen(x, y);
                let colour = Color {
                    a: 0.7 * (1.0 - age),
                    ..DEATH
                };
                draw_circle(sx, sy, (6.0 + 18.0 * age) * vp.zoom, colour);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_of_a_tile_or_less_leaves_no_trail() {
        let at = Rect::new(100, 50, 12, 16);
        for (dx, dy) in [(0, 0), (16, 0), (-16, 16), (5, -12)] {
            let now = Rect::new(at.x + dx, at.y + dy, 12, 16);
            assert!(trail_boxes(at, now).is_empty(), "({dx}, {dy})");
        }
    }

    #[test]
    fn a_fast_step_leaves_boxes_every_few_pixels_from_where_it_began() {
        let before = Rect::new(0, 40, 12, 16);
        // Blur's run: 58 px in a step.
        let boxes = trail_boxes(before, Rect::new(58, 40, 12, 16));
        assert_eq!(boxes.first(), Some(&before));
        assert_eq!(boxes.len(), 8, "{boxes:?}");
        assert!(boxes.iter().all(|r| r.y == 40 && r.w == 12 && r.h == 16));
        for pair in boxes.windows(2) {
            let gap = pair[1].x - pair[0].x;
            assert!((1..=TRAIL_EVERY).contains(&gap), "{boxes:?}");
        }
        assert!(boxes.last().unwrap().x < 58);
        // The Well's fall, up: the same on y, either way.
        let up = trail_boxes(Rect::new(7, 300, 12, 16), Rect::new(7, 180, 12, 16));
        assert_eq!(up.len(), 15);
        assert!(up.windows(2).all(|p| p[1].y < p[0].y && p[1].x == 7));
    }

    #[test]
    fn a_death_leaves_no_trail_to_the_spawn_and_a_trail_fades() {
        let mut fx = Effects::default();
        let (far, spawn) = (Rect::new(600, 40, 12, 16), Rect::new(16, 40, 12, 16));
        let mut step = Step::default();
        step.events.death = true;
        fx.after_step(&step, far, spawn, (0.0, 320.0), 1.0);
        assert!(fx.trail.is_empty());
        fx.after_step(&Step::default(), spawn, far, (0.0, 320.0), 2.0);
        assert!(!fx.trail.is_empty());
        fx.after_step(&Step::default(), far, far, (0.0, 320.0), 2.0 + TRAIL_TIME);
        assert!(fx.trail.is_empty(), "gone after {TRAIL_TIME} s");
    }
}
