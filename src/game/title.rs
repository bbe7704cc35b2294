//! The title screen, shown when the game starts on its level select: the
//! game's name, and under it a small level where the character runs along
//! one-way ledges and drops through them one at a time, falls out of the
//! bottom and comes back at the top. The level is a real `World`, stepped
//! with scripted keys, so the title shows the game's own physics. Any key,
//! button, click or tap goes on to the level select (and does nothing
//! else there).

use dropthrough_sim::geom::{Rect, TILE};
use dropthrough_sim::{CollisionMode, Keys, Level, World};
use macroquad::prelude::*;

use super::camera::Viewport;
use super::draw;
use super::palette::*;
use super::sprite;
use super::text;

/// The demo: a shaft of full-width one-way ledges over the pit.
const DEMO: &str = "\
##############
#.....@......#
#------------#
#............#
#............#
#------------#
#............#
#............#
#------------#
#............#
#............#
";

/// Steps in one turn of the demo's keys.
const TURN: u64 = 100;

/// The keys at step `n`: run right, stop, drop; run left, stop, drop.
pub fn demo_keys(n: u64) -> Keys {
    let t = n % TURN;
    Keys {
        right: t < 36,
        left: (49..85).contains(&t),
        down: (45..49).contains(&t) || (94..98).contains(&t),
        jump: false,
    }
}

/// The title and its demo, stepped at the game's rate.
pub struct Title {
    world: World,
    /// Time not yet stepped, s.
    pending: f64,
    /// When the character last landed (for its bent knees), s.
    landed: f64,
}

impl Title {
    pub fn new() -> Title {
        // NOTE: the demo is part of the program; it parsed when it was written
        // (a test steps it).
        let level = Level::parse(DEMO, "title").expect("the title's level parses");
        Title {
            world: World::new(level, CollisionMode::Substep),
            pending: 0.0,
            landed: f64::NEG_INFINITY,
        }
    }

    /// Steps the demo for `dt` seconds (at most a quarter of a second's
    /// worth, after a stall).
    pub fn advance(&mut self, dt: f64, now: f64) {
        const STEP: f64 = 1.0 / 60.0;
        self.pending = (self.pending + dt).min(0.25);
        while self.pending >= STEP {
            self.pending -= STEP;
            let step = self.world.step(demo_keys(self.world.frame()));
            if step.events.land {
                self.landed = now;
            }
        }
    }

    /// The whole window: the name, the line under it, the demo, and what
    /// to press.
    pub fn draw(&self, now: f64, touch: bool) {
        clear_background(BACKGROUND);
        let (w, h) = (screen_width(), screen_height());
        let name = "dropthrough";
        let scale = ((w * 0.7) / text::width(name)).floor().clamp(2.0, 6.0);
        let name_w = text::width(name) * scale;
        let top = (h * 0.06).round();
        // A shadow a pixel of the scaled font below and right.
        text::draw_scaled(
            name,
            (w - name_w) / 2.0 + scale,
            top + scale,
            scale,
            SOLID_SHADE,
        );
        text::draw_scaled(name, (w - name_w) / 2.0, top, scale, PLAYER);
        let line = "a platformer you never fall through - unless you mean to";
        let line_top = top + text::line_height() * scale + 8.0;
        text::draw(
            line,
            ((w - text::width(line)) / 2.0).max(4.0),
            line_top,
            SOLID_TOP,
        );

        // The demo, as large as fits between the lines, in whole pixels.
        let prompt = if touch {
            "tap to play"
        } else {
            "press any key"
        };
        let prompt_h = text::line_height() * 3.0;
        let area_top = line_top + text::line_height() * 2.0;
        let grid = self.world.level().grid();
        let (gw, gh) = (grid.width() as i32 * TILE, grid.height() as i32 * TILE);
        let room = ((h - area_top - prompt_h).max(1.0), w * 0.9);
        let zoom = (room.0 / gh as f32)
            .min(room.1 / gw as f32)
            .floor()
            .max(1.0);
        let origin = (((w - gw as f32 * zoom) / 2.0).round(), area_top.round());
        let vp = Viewport {
            zoom,
            origin,
            area: Rect::new(0, 0, gw, gh),
        };
        draw::level(grid, &vp, now);
        let p = self.world.player();
        let r = p.rect();
        let look = draw::Look {
            pose: sprite::pose(p.vx(), p.vy(), p.grounded(), now - self.landed, r.x as f32),
            facing: if p.vx() < 0.0 { -1 } else { 1 },
        };
        draw::player(
            &vp, r.x as f32, r.y as f32, r.w as f32, r.h as f32, look, 0.0,
        );

        // The prompt blinks: on for most of each second.
        if now.fract() < 0.7 {
            let top = origin.1 + gh as f32 * zoom + text::line_height();
            text::draw(
                prompt,
                (w - text::width(prompt)) / 2.0,
                top.min(h - prompt_h / 2.0),
                EXIT,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_drops_through_every_ledge_and_comes_back_for_ever() {
        let level = Level::parse(DEMO, "title").unwrap();
        let mut world = World::new(level, CollisionMode::Substep);
        let (mut drops, mut lands) = (0, 0);
        for _ in 0..20 * TURN {
            let step = world.step(demo_keys(world.frame()));
            drops += u32::from(step.events.drop);
            lands += u32::from(step.events.land);
        }
        // Three ledges a pass, two drops a turn: it falls out of the
        // bottom and comes back at the top, over and over.
        assert!(drops >= 30, "{drops} drops");
        assert!(lands >= 20, "{lands} landings");
        assert!(
            world.deaths() >= 10,
            "{} times out of the bottom",
            world.deaths()
        );
        assert!(!world.exited());
    }
}
