//! Turrets and bullets. A turret (`>`, `<`, `T`) is a solid tile that fires
//! every few steps; a bullet is a circle flying in a straight line at a
//! constant velocity, in f64, until its first contact with a solid tile or
//! turret, the grid's solid outside, a solid (a solid mover, a crate) or a
//! body it can hit (the player, a walker, a game's actor).
//!
//! Each step every bullet travels its whole displacement, and the
//! collision mode decides how contact is found (see [`travel`]):
//! - `sweep`: exactly — the circle against each box is the centre's
//!   segment against the box grown by the radius with rounded corners
//!   ([`circle`]), with tiles found by walking the grid along the segment
//!   ([`walk`]), and moving boxes taken relative to the bullet;
//! - `substep`: at the end of each of `ceil(length)` equal parts of the
//!   path, so never through a wall, but up to a pixel late, and a graze
//!   thinner than a part is missed;
//! - `naive`: only where the bullet ends the step, so fast bullets pass
//!   through walls and the player.

pub mod circle;
pub mod polygon;
pub mod walk;

use circle::{first_overlap, overlaps, BoxF, Vec2};
use polygon::Shape;

use crate::collide::CollisionMode;
use crate::geom::{Rect, TILE};
use crate::grid::{Grid, Tile};
use crate::tuning::{Tuning, STEPS_PER_SECOND};
pub use crate::tuning::{MAX_BULLET_RADIUS, MAX_BULLET_SPEED};

/// Most bullets in flight at once; a turret whose shot would go past it does not fire.
pub const MAX_BULLETS: usize = 65_536;

/// Where a turret fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// `>`: to the right.
    Right,
    /// `<`: to the left.
    Left,
    /// `T`: at the centre of the player's box.
    Player,
}

/// A turret tile of a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turret {
    /// Its column.
    pub col: i32,
    /// Its row.
    pub row: i32,
    /// Where it fires.
    pub aim: Aim,
}

impl Turret {
    /// The turret a tile is, if it is one.
    pub fn at(col: i32, row: i32, tile: Tile) -> Option<Turret> {
        let aim = match tile {
            Tile::TurretRight => Aim::Right,
            Tile::TurretLeft => Aim::Left,
            Tile::TurretAim => Aim::Player,
            _ => return None,
        };
        Some(Turret { col, row, aim })
    }

    /// Where its bullets start, for bullets of radius `r`: just outside
    /// its firing face for `>` and `<`, its centre for `T`.
    pub fn muzzle(&self, r: f64) -> Vec2 {
        let (x, y) = (f64::from(self.col * TILE), f64::from(self.row * TILE));
        let size = f64::from(TILE);
        match self.aim {
            Aim::Right => (x + size + r, y + size / 2.0),
            Aim::Left => (x - r, y + size / 2.0),
            Aim::Player => (x + size / 2.0, y + size / 2.0),
        }
    }
}

/// Steps between two shots: `fire_every` seconds in whole steps, at least one.
pub fn fire_period(fire_every: f64) -> u64 {
    // NOTE: f64's `round` rounds halves away from zero.
    (fire_every * f64::from(STEPS_PER_SECOND)).round().max(1.0) as u64
}

/// A bullet in flight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bullet {
    /// Counts from 1 in firing order.
    pub id: u64,
    /// Its centre, px.
    pub pos: Vec2,
    /// Its velocity, px/s.
    pub vel: Vec2,
    /// The turret that fired it, which it never hits (none for a bullet
    /// the game fired itself, [`Bullets::spawn`]).
    pub owner: Option<(i32, i32)>,
}

impl Bullet {
    /// Its displacement over one step, px.
    pub fn step_motion(&self) -> Vec2 {
        let per_second = f64::from(STEPS_PER_SECOND);
        (self.vel.0 / per_second, self.vel.1 / per_second)
    }
}

/// What happened to a bullet in a step, as the bullets CSV spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BulletEvent {
    /// Fired this step (at its start point).
    Fire,
    /// Flew on.
    Fly,
    /// Stopped at a solid tile, turret, the outside or a solid mover.
    Wall,
    /// Stopped at the player or a walker, killing it.
    Hit,
    /// Left the grid below.
    Out,
}

impl BulletEvent {
    /// The CSV's spelling (empty while it flies).
    pub fn name(self) -> &'static str {
        match self {
            BulletEvent::Fire => "fire",
            BulletEvent::Fly => "",
            BulletEvent::Wall => "wall",
            BulletEvent::Hit => "hit",
            BulletEvent::Out => "out",
        }
    }
}

/// Where a bullet's circle first touched a box: the point on the box, and
/// the box's outward normal there (unit length; for a start already
/// overlapping, against the motion).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    /// The point of the box the circle touches, px.
    pub point: Vec2,
    /// The surface normal at it.
    pub normal: Vec2,
}

/// One bullet's step: what the bullets CSV shows, and what the debug view draws.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BulletRow {
    /// The bullet.
    pub id: u64,
    /// Its centre after the step (at the contact, if it stopped).
    pub pos: Vec2,
    /// Its centre before the step (its start point when fired).
    pub from: Vec2,
    /// What happened.
    pub event: BulletEvent,
    /// Where it touched what stopped it, if it stopped.
    pub contact: Option<Contact>,
}

/// A box moving in a straight line through a step, from `start` to `end`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moving {
    /// Where it starts the step.
    pub start: BoxF,
    /// Where it ends the step.
    pub end: BoxF,
}

impl Moving {
    /// A box moving from pixel rectangle `start` to `end`.
    pub fn between(start: Rect, end: Rect) -> Moving {
        Moving {
            start: BoxF::of(start),
            end: BoxF::of(end),
        }
    }

    /// Its motion over the step.
    fn motion(&self) -> Vec2 {
        (self.end.x0 - self.start.x0, self.end.y0 - self.start.y0)
    }

    /// Where it is a fraction `t` of the way through the step.
    fn at(&self, t: f64) -> BoxF {
        if t == 1.0 {
            return self.end;
        }
        let (dx, dy) = self.motion();
        self.start.shifted((dx * t, dy * t))
    }
}

/// What a bullet struck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Struck {
    /// A solid tile or turret, the solid outside, or a solid (a solid
    /// mover, a crate).
    Wall,
    /// A body it can hit: its index in [`Obstacles::targets`].
    Target(usize),
}

/// Where a bullet's path in a step stopped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stop {
    /// The fraction of the step's path travelled, in `[0, 1]`.
    pub t: f64,
    /// The bullet's centre there.
    pub at: Vec2,
    /// What it struck.
    pub struck: Struck,
    /// Where on it.
    pub contact: Contact,
}

/// What a bullet can run into this step besides the tiles.
#[derive(Clone, Copy, Debug)]
pub struct Obstacles<'a> {
    /// The tiles.
    pub grid: &'a Grid,
    /// The solids that stop bullets (solid movers, crates), each from
    /// where it started the step to where it ended it.
    pub movers: &'a [Moving],
    /// The bodies bullets hit (the player, walkers, a game's actors), by
    /// id, each likewise (`None`: one not there to hit, such as one that
    /// died earlier this step). The earlier wins a tie, and any wins a tie
    /// with a wall.
    pub targets: &'a [Option<Moving>],
}

/// Where a bullet of radius `r` whose centre moves from `from` by `d` this
/// step first meets something, as `mode` finds it; `None` if it flies on.
/// It never hits `owner`'s tile. Touching is not contact. When a wall and
/// the player are met at the same instant, the player is hit.
pub fn travel(
    mode: CollisionMode,
    obstacles: &Obstacles<'_>,
    from: Vec2,
    d: Vec2,
    r: f64,
    owner: Option<(i32, i32)>,
) -> Option<Stop> {
    match mode {
        CollisionMode::Sweep => sweep(obstacles, from, d, r, owner),
        CollisionMode::Substep => substep(obstacles, from, d, r, owner),
        CollisionMode::Naive => probe(obstacles, from, d, r, owner, 1.0),
    }
}

/// `substep`'s result: the first of the `ceil(length)` equal parts of the
/// path whose end overlaps something, probed as [`probe`] does.
///
/// NOTE: the result is exactly that of probing every part's end in order
/// (the reference in the tests does just that), but a part is probed only
/// where the exact sweep, run from the last part probed, says an overlap can
/// begin: parts before that point cannot end in one. So a fast bullet costs
/// one sweep and one probe per thing it grazes or hits, not one probe per
/// pixel (up to ~170,000 at 10^7 px/s). One part before the swept contact is
/// probed too, against rounding.
fn substep(
    obstacles: &Obstacles<'_>,
    from: Vec2,
    d: Vec2,
    r: f64,
    owner: Option<(i32, i32)>,
) -> Option<Stop> {
    let parts = d.0.hypot(d.1).ceil().max(1.0);
    let n = parts as u64;
    let mut movers = Vec::new();
    // The next part to probe; every part before it is known not to overlap.
    let mut i = 1;
    while i <= n {
        let t0 = (i - 1) as f64 / parts;
        let (t, _, _) = earliest_after(obstacles, &mut movers, from, d, r, owner, t0)?;
        let first = ((t * parts).floor() as u64).saturating_sub(1).max(i);
        if first > n {
            return None;
        }
        if let Some(stop) = probe(obstacles, from, d, r, owner, first as f64 / parts) {
            return Some(stop);
        }
        i = first + 1;
    }
    None
}

/// The exact first contact (time over the whole step, what, its box) of the
/// rest of the path from the fraction `t0` on, with every moving box taken
/// from where it is at `t0` (`movers` is scratch space for them).
fn earliest_after(
    obstacles: &Obstacles<'_>,
    movers: &mut Vec<Moving>,
    from: Vec2,
    d: Vec2,
    r: f64,
    owner: Option<(i32, i32)>,
    t0: f64,
) -> Option<(f64, Struck, Shape)> {
    if t0 == 0.0 {
        return earliest(obstacles, from, d, r, owner);
    }
    let rest = |m: &Moving| Moving {
        start: m.at(t0),
        end: m.end,
    };
    movers.clear();
    movers.extend(obstacles.movers.iter().map(rest));
    let targets: Vec<Option<Moving>> = obstacles
        .targets
        .iter()
        .map(|w| w.as_ref().map(rest))
        .collect();
    let later = Obstacles {
        grid: obstacles.grid,
        movers,
        targets: &targets,
    };
    let start = (from.0 + d.0 * t0, from.1 + d.1 * t0);
    let left = 1.0 - t0;
    let (t, struck, b) = earliest(&later, start, (d.0 * left, d.1 * left), r, owner)?;
    Some((t0 + t * left, struck, b))
}

/// The exact first contact along the path.
fn sweep(
    obstacles: &Obstacles<'_>,
    from: Vec2,
    d: Vec2,
    r: f64,
    owner: Option<(i32, i32)>,
) -> Option<Stop> {
    let (t, struck, b) = earliest(obstacles, from, d, r, owner)?;
    let at = (from.0 + d.0 * t, from.1 + d.1 * t);
    Some(Stop {
        t,
        at,
        struck,
        contact: contact(at, d, &b),
    })
}

/// The time, in `[0, 1]`, of the path's first contact, what it struck and
/// that thing's shape then.
fn earliest(
    obstacles: &Obstacles<'_>,
    from: Vec2,
    d: Vec2,
    r: f64,
    owner: Option<(i32, i32)>,
) -> Option<(f64, Struck, Shape)> {
    let grid = obstacles.grid;
    let mut best: Option<(f64, Struck, Shape)> = walk::first_tile_contact(grid, from, d, r, owner)
        .map(|(t, (col, row))| {
            (
                t,
                Struck::Wall,
                Shape::of_tile(grid.get(col, row), col, row),
            )
        });
    // Against a moving box, the bullet's motion relative to it.
    let relative = |m: &Moving| {
        let (mx, my) = m.motion();
        let t = first_overlap(from, (d.0 - mx, d.1 - my), r, &m.start)?;
        Some((t, m.at(t)))
    };
    for m in obstacles.movers {
        if let Some((t, b)) = relative(m) {
            if best.is_none_or(|(bt, _, _)| t < bt) {
                best = Some((t, Struck::Wall, Shape::Box(b)));
            }
        }
    }
    for (i, w) in obstacles.targets.iter().enumerate() {
        if let Some((t, b)) = w.as_ref().and_then(relative) {
            // A body wins a tie with a wall; the lower id a tie between bodies.
            let wins =
                |(bt, struck, _): (f64, Struck, Shape)| t < bt || t == bt && struck == Struck::Wall;
            if best.is_none_or(wins) {
                best = Some((t, Struck::Target(i), Shape::Box(b)));
            }
        }
    }
    best
}

/// Whether the bullet, a fraction `t` of the way along its path, overlaps
/// anything there (the bodies first, by id), and where it stopped if so.
fn probe(
    obstacles: &Obstacles<'_>,
    from: Vec2,
    d: Vec2,
    r: f64,
    owner: Option<(i32, i32)>,
    t: f64,
) -> Option<Stop> {
    let at = (from.0 + d.0 * t, from.1 + d.1 * t);
    let stop = |struck, b: Shape| Stop {
        t,
        at,
        struck,
        contact: contact(at, d, &b),
    };
    for (i, w) in obstacles.targets.iter().enumerate() {
        if let Some(b) = w.as_ref().map(|w| w.at(t)) {
            if overlaps(at, r, &b) {
                return Some(stop(Struck::Target(i), Shape::Box(b)));
            }
        }
    }
    if let Some(b) = walk::overlapping_tile(obstacles.grid, at, r, owner) {
        return Some(stop(Struck::Wall, b));
    }
    obstacles
        .movers
        .iter()
        .map(|m| m.at(t))
        .find(|b| overlaps(at, r, b))
        .map(|b| stop(Struck::Wall, Shape::Box(b)))
}

/// The contact of a circle centred at `c`, moving along `d`, with shape `b`.
fn contact(c: Vec2, d: Vec2, b: &Shape) -> Contact {
    let point = b.nearest(c);
    let (nx, ny) = (c.0 - point.0, c.1 - point.1);
    let len = nx.hypot(ny);
    let normal = if len > 0.0 {
        (nx / len, ny / len)
    } else {
        let len = d.0.hypot(d.1);
        if len > 0.0 {
            (-d.0 / len, -d.1 / len)
        } else {
            (0.0, 0.0)
        }
    };
    Contact { point, normal }
}

/// Every bullet in flight, the turrets that fire them, and what each did in
/// the last step.
#[derive(Clone, Debug, Default)]
pub struct Bullets {
    flying: Vec<Bullet>,
    rows: Vec<BulletRow>,
    fired: u64,
}

impl Bullets {
    /// The bullets in flight, oldest first.
    pub fn flying(&self) -> &[Bullet] {
        &self.flying
    }

    /// One row per bullet of the last step, by id: every bullet that flew
    /// (and where it stopped, if it did), then every bullet fired.
    pub fn rows(&self) -> &[BulletRow] {
        &self.rows
    }

    /// Bullets fired since the level started.
    pub fn fired(&self) -> u64 {
        self.fired
    }

    /// Moves every bullet its step's displacement, stopping each at its
    /// first contact; bullets that stopped or left the grid below are gone.
    /// Once one hits a body, the others ignore it. Says which bodies were
    /// hit (indices into [`Obstacles::targets`], in the order they were
    /// hit). Starts the step's rows.
    pub fn fly(&mut self, mode: CollisionMode, obstacles: &Obstacles<'_>, r: f64) -> Vec<usize> {
        self.start_rows();
        if self.flying.is_empty() {
            return Vec::new();
        }
        let mut targets = obstacles.targets.to_vec();
        let bottom = f64::from(obstacles.grid.pixel_height());
        let mut hit = Vec::new();
        let rows = &mut self.rows;
        self.flying.retain_mut(|b| {
            let from = b.pos;
            let d = b.step_motion();
            let now = Obstacles {
                targets: &targets,
                ..*obstacles
            };
            let (event, contact) = match travel(mode, &now, from, d, r, b.owner) {
                Some(stop) => {
                    b.pos = stop.at;
                    let event = match stop.struck {
                        Struck::Target(i) => {
                            targets[i] = None;
                            hit.push(i);
                            BulletEvent::Hit
                        }
                        Struck::Wall => BulletEvent::Wall,
                    };
                    (event, Some(stop.contact))
                }
                None => {
                    b.pos = (from.0 + d.0, from.1 + d.1);
                    let out = b.pos.1 - r >= bottom;
                    let event = if out {
                        BulletEvent::Out
                    } else {
                        BulletEvent::Fly
                    };
                    (event, None)
                }
            };
            rows.push(BulletRow {
                id: b.id,
                pos: b.pos,
                from,
                event,
                contact,
            });
            event == BulletEvent::Fly
        });
        hit
    }

    /// Fires every turret whose turn it is on step `frame` (1-based), in
    /// reading order, while fewer than [`MAX_BULLETS`] fly. `T` aims at
    /// `target`, the centre of the player's box (with no target, or one on
    /// its own centre, it holds its fire).
    pub fn fire(&mut self, frame: u64, turrets: &[Turret], tuning: &Tuning, target: Option<Vec2>) {
        if turrets.is_empty() || frame == 0 || !frame.is_multiple_of(fire_period(tuning.fire_every))
        {
            return;
        }
        let (r, speed) = (tuning.bullet_radius, tuning.bullet_speed);
        for t in turrets {
            let pos = t.muzzle(r);
            let vel = match t.aim {
                Aim::Right => (speed, 0.0),
                Aim::Left => (-speed, 0.0),
                Aim::Player => {
                    let Some(target) = target else { continue };
                    let (dx, dy) = (target.0 - pos.0, target.1 - pos.1);
                    let len = dx.hypot(dy);
                    if len == 0.0 {
                        continue;
                    }
                    (dx / len * speed, dy / len * speed)
                }
            };
            self.spawn(pos, vel, Some((t.col, t.row)));
        }
    }

    /// Starts a step's rows: none yet. What [`Bullets::fly`] does first;
    /// all it does when nothing flies.
    pub fn start_rows(&mut self) {
        self.rows.clear();
    }

    /// Fires a bullet from `pos` with velocity `vel` (px/s) that never hits
    /// `owner`'s tile, unless [`MAX_BULLETS`] already fly. Its row says
    /// `fire`. Gives its id.
    pub fn spawn(&mut self, pos: Vec2, vel: Vec2, owner: Option<(i32, i32)>) -> Option<u64> {
        if self.flying.len() >= MAX_BULLETS {
            return None;
        }
        self.fired += 1;
        self.flying.push(Bullet {
            id: self.fired,
            pos,
            vel,
            owner,
        });
        self.rows.push(BulletRow {
            id: self.fired,
            pos,
            from: pos,
            event: BulletEvent::Fire,
            contact: None,
        });
        Some(self.fired)
    }
}

#[cfg(test)]
mod tests;
