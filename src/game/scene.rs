//! What the window draws besides the world's own state: the player, its
//! ghost and the bodies between their last two steps, bullet flashes,
//! stomped walkers, dust and shake, and the camera; kept up to date after
//! each step and drawn each frame. Nothing here changes the simulation.

use dropthrough::session::{Phase, Session};
use dropthrough_sim::bullet::BulletEvent;
use dropthrough_sim::geom::Rect;
use dropthrough_sim::Step;
use macroquad::prelude::*;

use super::camera::Camera;
use super::layout::Area;
use super::{debug, draw, effects, palette, sound, sprite};

/// Most bullet flashes shown at once.
const MAX_FLASHES: usize = 64;

/// What is drawn for the player: the last two states, for interpolation.
struct Motion {
    before: Rect,
    now: Rect,
}

impl Motion {
    fn still(rect: Rect) -> Motion {
        Motion {
            before: rect,
            now: rect,
        }
    }

    fn at(&self, alpha: f32) -> (f32, f32) {
        let lerp = |a: i32, b: i32| a as f32 + (b - a) as f32 * alpha;
        (
            lerp(self.before.x, self.now.x),
            lerp(self.before.y, self.now.y),
        )
    }
}

/// The drawn-only state of the level being played.
pub struct Scene {
    camera: Camera,
    motion: Motion,
    ghost_motion: Option<Motion>,
    /// Crates and walkers before the last step (empty: draw them where
    /// they are).
    bodies_before: Vec<Rect>,
    /// Walkers stomped lately, and when.
    splats: Vec<(Rect, f64)>,
    flashes: Vec<draw::Flash>,
    effects: effects::Effects,
    /// The last step that moved the player sideways, for the debug view.
    last_step: Step,
    /// When the player last landed, for the bent knees.
    landed_at: f64,
    /// Where the player was put back after its last death.
    respawned: Option<Rect>,
}

/// What the view shows besides the world.
pub struct View {
    /// The help lines.
    pub help: bool,
    /// The debug view.
    pub debug: bool,
}

impl Scene {
    /// The scene of the level `session` is at, still.
    pub fn new(session: &Session) -> Scene {
        Scene {
            camera: Camera::default(),
            motion: Motion::still(session.world().player().rect()),
            ghost_motion: session.ghost().map(|g| Motion::still(g.player().rect())),
            bodies_before: Vec::new(),
            splats: Vec::new(),
            flashes: Vec::new(),
            effects: effects::Effects::default(),
            last_step: Step::default(),
            landed_at: f64::MIN,
            respawned: None,
        }
    }

    /// A level (re)started: nothing carries over but the camera's place.
    pub fn reset(&mut self, session: &Session) {
        let camera = std::mem::take(&mut self.camera);
        *self = Scene {
            camera,
            ..Scene::new(session)
        };
        self.camera.reset();
    }

    /// Steps `session` once with `keys`, brings the scene up to date and
    /// plays the step's sounds. Returns the step.
    pub fn step(
        &mut self,
        session: &mut Session,
        keys: dropthrough_sim::Keys,
        sounds: &sound::Sounds,
    ) -> Step {
        let before = session.world().player().rect();
        let fall = session.world().player().vy().max(0.0);
        let ghost_before = session.ghost().map(|g| g.player().rect());
        let rects_before: Vec<Rect> = session
            .world()
            .level_bodies()
            .iter()
            .map(|b| b.rect())
            .collect();
        let step = session.step(keys);
        if let (Some(g), Some(before), Some(gm)) =
            (session.ghost(), ghost_before, self.ghost_motion.as_mut())
        {
            gm.before = before;
            gm.now = g.player().rect();
        }
        let world = session.world();
        let now = world.player().rect();
        self.motion.before = if step.events.death { now } else { before };
        if step.events.death {
            self.respawned = Some(now);
        }
        self.motion.now = now;
        let t = get_time();
        let max_fall = world.tuning().max_fall;
        self.effects
            .after_step(&step, before, now, (fall, max_fall), t);
        if step.report.x.is_some() {
            self.last_step = step.clone();
        }
        if step.events.land {
            self.landed_at = t;
        }
        let bullet_events: Vec<BulletEvent> = world.bullet_rows().iter().map(|b| b.event).collect();
        let bodies = world.level_bodies();
        let body_sounds = sound::BodySounds {
            crushed: bodies.iter().any(|b| b.events().crush),
            pushed: bodies.iter().zip(&rects_before).any(|(b, r)| {
                b.kind() == dropthrough_sim::Kind::Crate && b.alive() && b.rect().x != r.x
            }),
        };
        // NOTE: a body put back after a death is drawn where it is put.
        self.bodies_before = bodies
            .iter()
            .zip(&rects_before)
            .map(|(b, &r)| if b.events().reset { b.rect() } else { r })
            .collect();
        self.splats.retain(|&(_, at)| t - at < draw::SPLAT_TIME);
        let stomped = bodies.iter().filter(|b| b.events().stomped);
        self.splats.extend(stomped.map(|b| (b.rect(), t)));
        sounds.play(&sound::effects_of(&step, &bullet_events, body_sounds));
        let stopped = world
            .bullet_rows()
            .iter()
            .filter(|b| matches!(b.event, BulletEvent::Wall | BulletEvent::Hit));
        self.flashes.retain(|f| t - f.since < draw::FLASH_TIME);
        self.flashes.extend(stopped.map(|b| draw::Flash {
            at: b.pos,
            since: t,
        }));
        // A storm of bullets flashes only where the first few stopped.
        self.flashes.truncate(MAX_FLASHES);
        step
    }

    /// Draws the level, its movers, bodies, bullets, the player and the
    /// ghost between their last two steps (`alpha` of the way) in `play`.
    pub fn draw(&mut self, session: &Session, view: &View, alpha: f32, play: Area, now: f64) {
        let world = session.world();
        let grid = &world.level().grid();
        let (x, y) = self.motion.at(alpha);
        let p = world.player();
        let r = p.rect();
        self.camera.least_zoom = match super::touch::shown() {
            true => super::camera::TOUCH_ZOOM,
            false => 1.0,
        };
        let mut viewport = self.camera.follow(
            (x + r.w as f32 / 2.0, y + r.h as f32 / 2.0),
            (grid.pixel_width() as f32, grid.pixel_height() as f32),
            (screen_width(), screen_height()),
            (play.y, play.bottom()),
        );
        // NOTE: the debug view shows boxes where they are: no shake, no squash.
        if !view.debug {
            let (dx, dy) = self.effects.shake(now);
            viewport.origin = (
                viewport.origin.0 + dx.round(),
                viewport.origin.1 + dy.round(),
            );
        }
        clear_background(palette::BACKGROUND);
        draw::level(grid, &viewport, now);
        draw::checkpoint_taken(world, &viewport);
        draw::tracks(world.level().movers(), &viewport);
        draw::movers(world.level().movers(), world.frame(), &viewport, alpha);
        draw::bodies(
            world,
            &viewport,
            &self.bodies_before,
            alpha,
            &self.splats,
            now,
        );
        draw::bullets(world, &viewport, alpha, &self.flashes, now);
        let look = draw::Look {
            pose: sprite::pose(p.vx(), p.vy(), p.grounded(), now - self.landed_at, x),
            facing: p.facing(),
        };
        let squash = if view.debug {
            0.0
        } else {
            self.effects.squash()
        };
        // NOTE: a death's beat shows the death, not the player back at the
        // spawn, until it is over or a key moves the player.
        let beat = self.effects.in_death_beat(now) && self.respawned == Some(r) && !view.debug;
        if !beat {
            draw::player(&viewport, x, y, r.w as f32, r.h as f32, look, squash);
        }
        let ghost_drawn = session.ghost_shown() && session.phase() != Phase::Menu && !view.debug;
        if let (Some(g), Some(gm), true) = (session.ghost(), &self.ghost_motion, ghost_drawn) {
            let (gx, gy) = gm.at(alpha);
            let (gp, gr) = (g.player(), g.player().rect());
            let look = draw::Look {
                pose: sprite::pose(gp.vx(), gp.vy(), gp.grounded(), f64::MAX, gx),
                facing: gp.facing(),
            };
            draw::ghost(&viewport, gx, gy, gr.w as f32, gr.h as f32, look);
        }
        self.effects.draw(&viewport, now);
        if view.debug {
            debug::draw(world, &self.last_step, &viewport);
        }
    }
}
