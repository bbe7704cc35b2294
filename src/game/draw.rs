//! Drawing the world: the tiles in view, the movers and their tracks, the
//! crates, walkers, bullets, the player and its ghost (the F1 debug view is
//! `debug.rs`). Reads the `World`; changes nothing.

use dropthrough_sim::bullet::BulletEvent;
use dropthrough_sim::geom::{Axis, Rect, TILE};
use dropthrough_sim::grid::{Grid, Tile};
use dropthrough_sim::mover::{Mover, SolidKind};
use dropthrough_sim::Kind;
use dropthrough_sim::World;
use macroquad::prelude::*;

use super::camera::Viewport;
use super::palette::*;
use super::sprite;

/// A rectangle given in world pixels, snapped to whole screen pixels.
pub(super) fn world_rect(vp: &Viewport, x: f32, y: f32, w: f32, h: f32, color: Color) {
    let (sx, sy) = vp.to_screen(x, y);
    let (ex, ey) = vp.to_screen(x + w, y + h);
    let (sx, sy, ex, ey) = (sx.round(), sy.round(), ex.round(), ey.round());
    draw_rectangle(sx, sy, ex - sx, ey - sy, color);
}

/// A box given in world pixels, outlined 2 screen px thick.
pub fn world_outline(vp: &Viewport, r: Rect, color: Color) {
    let (sx, sy) = vp.to_screen(r.x as f32, r.y as f32);
    draw_rectangle_lines(
        sx,
        sy,
        r.w as f32 * vp.zoom,
        r.h as f32 * vp.zoom,
        2.0,
        color,
    );
}

/// A skyline of two layers of towers behind the level, scrolling slower
/// than it (a quarter and a half of the camera's speed), so the level
/// has depth. Drawn only in the level's area on screen.
fn backdrop(vp: &Viewport) {
    let (left, top) = (vp.area.x as f32, vp.area.y as f32);
    let (w, h) = (vp.area.w as f32 * vp.zoom, vp.area.h as f32 * vp.zoom);
    let (sx, sy) = vp.to_screen(left, top);
    for (factor, colour, spacing, seed) in [
        (0.25_f32, SKYLINE_FAR, 56.0_f32, 11u32),
        (0.5, SKYLINE_NEAR, 88.0, 7),
    ] {
        let spacing = spacing * vp.zoom;
        // The layer's own scroll: a part of the camera's.
        let shift = vp.origin.0 * factor;
        let first = ((sx - shift) / spacing).floor() as i64 - 1;
        let count = (w / spacing) as i64 + 3;
        for i in first..first + count {
            // A fixed height per tower: a small integer hash of its index.
            let mut x = (i as u32).wrapping_mul(2_654_435_761) ^ seed;
            x ^= x >> 15;
            x = x.wrapping_mul(2_246_822_519);
            x ^= x >> 13;
            let height = h * (0.15 + 0.4 * (x % 1000) as f32 / 1000.0 * factor * 2.0);
            let tx = shift + i as f32 * spacing;
            let (l, r) = (tx.max(sx), (tx + spacing * 0.7).min(sx + w));
            if r > l {
                draw_rectangle(l, sy + h - height, r - l, height, colour);
            }
        }
    }
}

/// The tiles in view, and only those.
pub fn level(grid: &Grid, vp: &Viewport, time: f64) {
    backdrop(vp);
    let (cols, rows) = grid.tiles_in(vp.area);
    let t = TILE as f32;
    let inside = |col: i32, row: i32| {
        (0..grid.width() as i32).contains(&col) && (0..grid.height() as i32).contains(&row)
    };
    for row in rows {
        for col in cols.clone() {
            let solid = |c: i32, r: i32| grid.get(c, r) == Tile::Solid;
            // Outside the grid counts as solid (the pit below too, for drawing:
            // the level's outer frame has no edges).
            let open = |c: i32, r: i32| inside(c, r) && !grid.get(c, r).is_solid();
            let around = Around {
                open_top: !grid.get(col, row - 1).is_solid(),
                open_bottom: open(col, row + 1),
                open_left: open(col - 1, row),
                open_right: open(col + 1, row),
                seam_right: inside(col + 1, row) && solid(col + 1, row),
                seam_below: inside(col, row + 1) && solid(col, row + 1),
            };
            tile(
                vp,
                grid.get(col, row),
                col as f32 * t,
                row as f32 * t,
                around,
                time,
            );
        }
    }
}

/// What is next to a tile, for drawing a solid one as a block: its open
/// sides get edges (a lit top, shaded sides and bottom), and a faint seam
/// runs between it and a solid neighbour.
#[derive(Clone, Copy, Default)]
pub struct Around {
    pub open_top: bool,
    pub open_bottom: bool,
    pub open_left: bool,
    pub open_right: bool,
    pub seam_right: bool,
    pub seam_below: bool,
}

/// One tile with its top-left corner at world `(x, y)`.
pub fn tile(vp: &Viewport, tile: Tile, x: f32, y: f32, around: Around, time: f64) {
    let t = TILE as f32;
    match tile {
        Tile::Empty => {}
        Tile::Solid => {
            world_rect(vp, x, y, t, t, SOLID);
            if around.seam_right {
                world_rect(vp, x + t - 1.0, y, 1.0, t, SOLID_SEAM);
            }
            if around.seam_below {
                world_rect(vp, x, y + t - 1.0, t, 1.0, SOLID_SEAM);
            }
            if around.open_left {
                world_rect(vp, x, y, 1.0, t, SOLID_SHADE);
            }
            if around.open_right {
                world_rect(vp, x + t - 1.0, y, 1.0, t, SOLID_SHADE);
            }
            if around.open_bottom {
                world_rect(vp, x, y + t - 2.0, t, 2.0, SOLID_SHADE);
            }
            if around.open_top {
                world_rect(vp, x, y, t, 2.0, SOLID_TOP);
            }
        }
        turret @ (Tile::TurretRight | Tile::TurretLeft | Tile::TurretAim) => {
            world_rect(vp, x, y, t, t, TURRET);
            world_rect(vp, x + 3.0, y + 3.0, t - 6.0, t - 6.0, TURRET_FACE);
            match turret {
                Tile::TurretRight => world_rect(vp, x + t - 4.0, y + 6.0, 4.0, 4.0, TURRET_MUZZLE),
                Tile::TurretLeft => world_rect(vp, x, y + 6.0, 4.0, 4.0, TURRET_MUZZLE),
                _ => world_rect(vp, x + 6.0, y + 6.0, 4.0, 4.0, TURRET_MUZZLE),
            }
        }
        slope @ (Tile::SlopeUpRight
        | Tile::SlopeUpLeft
        | Tile::ShallowUpRightLow
        | Tile::ShallowUpRightHigh
        | Tile::ShallowDownRightHigh
        | Tile::ShallowDownRightLow
        | Tile::OneWaySlopeUpRight
        | Tile::OneWaySlopeUpLeft) => draw_slope(vp, slope, x, y),
        Tile::OneWay => {
            world_rect(vp, x, y, t, 5.0, PLANK);
            world_rect(vp, x, y, t, 1.0, PLANK_TOP);
        }
        Tile::Spikes => {
            world_rect(vp, x, y + t - 3.0, t, 3.0, SPIKE_BASE);
            for i in 0..2 {
                let left = x + i as f32 * t / 2.0;
                let (ax, ay) = vp.to_screen(left, y + t - 3.0);
                let (bx, by) = vp.to_screen(left + t / 2.0, y + t - 3.0);
                let (cx, cy) = vp.to_screen(left + t / 4.0, y + 3.0);
                draw_triangle(vec2(ax, ay), vec2(bx, by), vec2(cx, cy), SPIKE);
            }
        }
        Tile::Spring => {
            world_rect(vp, x, y, t, t, SOLID_SHADE);
            world_rect(vp, x + 1.0, y + 10.0, t - 2.0, t - 10.0, SOLID);
            for i in 0..3 {
                let w = if i % 2 == 0 { t - 6.0 } else { t - 8.0 };
                world_rect(
                    vp,
                    x + (t - w) / 2.0,
                    y + 4.0 + i as f32 * 2.0,
                    w,
                    1.0,
                    SPRING_COIL,
                );
            }
            world_rect(vp, x, y, t, 3.0, SPRING_PLATE);
        }
        Tile::Checkpoint => flag(vp, x, y, FLAG),
        Tile::Gem => {
            let bob = (time * 3.0 + f64::from(x) * 0.05).sin() as f32 * 1.5;
            let (cx, cy) = (x + t / 2.0, y + t / 2.0 + bob);
            let at = |px: f32, py: f32| {
                let (sx, sy) = vp.to_screen(px, py);
                vec2(sx, sy)
            };
            let (top, bottom) = (at(cx, cy - 6.0), at(cx, cy + 6.0));
            let (left, right) = (at(cx - 5.0, cy), at(cx + 5.0, cy));
            draw_triangle(top, left, right, GEM);
            draw_triangle(bottom, left, right, GEM);
            draw_triangle(top, left, at(cx - 1.0, cy), GEM_SHINE);
        }
        Tile::Exit => {
            let glow = 0.6 + 0.4 * (time * 3.0).sin().abs() as f32;
            let frame = Color { a: glow, ..EXIT };
            world_rect(vp, x + 2.0, y, t - 4.0, t, frame);
            world_rect(vp, x + 4.0, y + 2.0, t - 8.0, t - 2.0, BACKGROUND);
            world_rect(vp, x + 6.0, y + 8.0, 2.0, 2.0, frame);
        }
    }
}

/// A checkpoint's flag on its pole, in cell `(x, y)`, in `colour`.
fn flag(vp: &Viewport, x: f32, y: f32, colour: Color) {
    let t = TILE as f32;
    world_rect(vp, x + 3.0, y + 1.0, 2.0, t - 1.0, FLAG_POLE);
    world_rect(vp, x + 5.0, y + 2.0, 8.0, 5.0, colour);
    world_rect(vp, x + 2.0, y + t - 2.0, 4.0, 2.0, FLAG_POLE);
}

/// The checkpoint the player took last, drawn over its flag in gold.
pub fn checkpoint_taken(world: &World, vp: &Viewport) {
    if let Some(c) = world.player().checkpoint() {
        let t = TILE as f32;
        flag(vp, c.col as f32 * t, c.row as f32 * t, FLAG_TAKEN);
    }
}

/// A slope tile at world `(x, y)`, drawn as the ramp it is: a solid one
/// as the block under its surface with a lit edge along it, a one-way one
/// as a plank along its surface line (nothing under it).
fn draw_slope(vp: &Viewport, slope: Tile, x: f32, y: f32) {
    let t = TILE as f32;
    let (left, right) = match slope {
        Tile::OneWaySlopeUpRight => (0, 16),
        Tile::OneWaySlopeUpLeft => (16, 0),
        _ => slope.slope_segment().unwrap_or((16, 16)),
    };
    let at = |px: f32, py: f32| {
        let (sx, sy) = vp.to_screen(px, py);
        vec2(sx, sy)
    };
    let (top_left, top_right) = (y + t - left as f32, y + t - right as f32);
    let surface = |down: f32| (at(x, top_left + down), at(x + t, top_right + down));
    if slope.is_solid_slope() {
        let (a, b) = surface(0.0);
        let (c, d) = (at(x + t, y + t), at(x, y + t));
        draw_triangle(a, b, c, SOLID);
        draw_triangle(a, c, d, SOLID);
        draw_line(a.x, a.y, b.x, b.y, 2.0 * vp.zoom, SOLID_TOP);
    } else {
        let (a, b) = surface(0.0);
        let (c, d) = surface(4.0);
        draw_triangle(a, b, d, PLANK);
        draw_triangle(a, d, c, PLANK);
        draw_line(a.x, a.y, b.x, b.y, vp.zoom, PLANK_TOP);
    }
}

/// Each mover's track, to draw under the movers: a line through the middle
/// of every place it goes, from where it starts to where it turns back,
/// with a small block at each end.
pub fn tracks(movers: &[Mover], vp: &Viewport) {
    for m in movers {
        let p = m.path();
        let (w, h) = (m.home.w as f32, m.home.h as f32);
        let (x0, y0) = (p.x as f32 + w / 2.0, p.y as f32 + h / 2.0);
        let (x1, y1) = (p.right() as f32 - w / 2.0, p.bottom() as f32 - h / 2.0);
        let (line, ends) = (TRACK, TRACK_END);
        match m.spec.dir.axis() {
            Axis::X => world_rect(vp, x0, y0 - 1.0, x1 - x0, 2.0, line),
            Axis::Y => world_rect(vp, x0 - 1.0, y0, 2.0, y1 - y0, line),
        }
        for (x, y) in [(x0, y0), (x1, y1)] {
            world_rect(vp, x - 2.0, y - 2.0, 4.0, 4.0, ends);
        }
    }
}

/// The movers, each between where it was after step `n - 1` and where it
/// is after step `n`, `alpha` of the way (as the player is drawn). A one-way
/// mover looks like a one-way ledge; a solid one like a lit block.
pub fn movers(movers: &[Mover], n: u64, vp: &Viewport, alpha: f32) {
    for m in movers {
        let (a, b) = (m.rect_at(n.saturating_sub(1)), m.rect_at(n));
        let lerp = |p: i32, q: i32| p as f32 + (q - p) as f32 * alpha;
        let (x, y, w, h) = (lerp(a.x, b.x), lerp(a.y, b.y), b.w as f32, b.h as f32);
        match m.spec.kind {
            SolidKind::Solid => {
                world_rect(vp, x, y, w, h, MOVER_EDGE);
                world_rect(vp, x + 2.0, y + 2.0, w - 4.0, h - 4.0, MOVER);
            }
            SolidKind::OneWay => {
                world_rect(vp, x, y, w, 5.0, PLANK);
                world_rect(vp, x, y, w, 1.0, PLANK_TOP);
                // Small posts under the plank, so it reads as a platform.
                for post in [x + 3.0, x + w - 5.0] {
                    world_rect(vp, post, y + 5.0, 2.0, 3.0, PLANK);
                }
            }
        }
    }
}

/// A box's place and size as the drawing functions take them.
pub fn float_rect(r: Rect) -> (f32, f32, f32, f32) {
    (r.x as f32, r.y as f32, r.w as f32, r.h as f32)
}

/// How long a stomped walker stays on screen, flattened, s.
pub const SPLAT_TIME: f64 = 0.6;

/// The crates and walkers in play, each between where it was before the
/// last step (`before`, by index; empty: where it is) and where it is now
/// by `alpha`, as the player is drawn; and each walker stomped in the last
/// `SPLAT_TIME` seconds (`splats`: where, and the window's time) flattened
/// where it died, sinking as it fades.
pub fn bodies(
    world: &World,
    vp: &Viewport,
    before: &[Rect],
    alpha: f32,
    splats: &[(Rect, f64)],
    now: f64,
) {
    for (i, b) in world.level_bodies().iter().enumerate() {
        if !b.alive() {
            continue;
        }
        let r = b.rect();
        let from = before.get(i).copied().unwrap_or(r);
        let lerp = |a: i32, b: i32| a as f32 + (b - a) as f32 * alpha;
        let (x, y) = (lerp(from.x, r.x), lerp(from.y, r.y));
        body(vp, b.kind(), (x, y, r.w as f32, r.h as f32), b.facing());
    }
    for &(r, t) in splats {
        let age = ((now - t) / SPLAT_TIME).clamp(0.0, 1.0) as f32;
        let (x, y, w, h) = (r.x as f32, r.y as f32, r.w as f32, r.h as f32);
        let flat = 4.0 * (1.0 - age) + 1.0;
        let mut shell = WALKER_SHELL;
        shell.a *= 1.0 - age;
        world_rect(
            vp,
            x - 1.0 - age * 2.0,
            y + h - flat,
            w + 2.0 + age * 4.0,
            flat,
            shell,
        );
    }
}

/// One body at (`x`, `y`), `w` × `h`: a crate is a framed box with a cross brace; a walker a
/// beetle with its eye on the side it walks to (`facing`).
pub fn body(vp: &Viewport, kind: Kind, (x, y, w, h): (f32, f32, f32, f32), facing: i32) {
    match kind {
        Kind::Crate => {
            world_rect(vp, x, y, w, h, CRATE_FRAME);
            world_rect(vp, x + 2.0, y + 2.0, w - 4.0, h - 4.0, CRATE);
            // The brace: a diagonal of small squares.
            for k in 0..4 {
                let t = 3.0 + k as f32 * 2.5;
                world_rect(vp, x + t, y + t, 2.0, 2.0, CRATE_FRAME);
            }
        }
        Kind::Walker | Kind::Actor | Kind::Player => {
            world_rect(vp, x, y + 3.0, w, h - 3.0, WALKER_SHELL);
            world_rect(vp, x + 1.0, y + 4.0, w - 2.0, h - 7.0, WALKER);
            world_rect(vp, x + 2.0, y + 1.0, w - 4.0, 3.0, WALKER_SHELL);
            let eye_x = if facing >= 0 { x + w - 4.0 } else { x + 2.0 };
            world_rect(vp, eye_x, y + 5.0, 2.0, 2.0, EYE);
            for foot in [x + 2.0, x + w - 4.0] {
                world_rect(vp, foot, y + h - 2.0, 2.0, 2.0, WALKER_SHELL);
            }
        }
    }
}

/// How long a flash lasts where a bullet stops, s.
pub const FLASH_TIME: f64 = 0.2;

/// Where a bullet stopped, and when (the window's clock, s).
#[derive(Clone, Copy, Debug)]
pub struct Flash {
    /// The bullet's centre at the contact, px.
    pub at: (f64, f64),
    /// When it stopped.
    pub since: f64,
}

/// The bullets of the last step, each `alpha` of the way from where it
/// started the step to where it ended it (a bullet that stopped is drawn
/// where it stopped, under its flash); then the flashes younger than
/// [`FLASH_TIME`].
pub fn bullets(world: &World, vp: &Viewport, alpha: f32, flashes: &[Flash], now: f64) {
    let r = world.tuning().bullet_radius as f32;
    for row in world.bullet_rows() {
        let t = match row.event {
            BulletEvent::Fly | BulletEvent::Fire => alpha,
            BulletEvent::Wall | BulletEvent::Hit | BulletEvent::Out => 1.0,
        };
        let x = row.from.0 as f32 + (row.pos.0 - row.from.0) as f32 * t;
        let y = row.from.1 as f32 + (row.pos.1 - row.from.1) as f32 * t;
        let (sx, sy) = vp.to_screen(x, y);
        draw_circle(sx, sy, (r * vp.zoom).max(1.5), BULLET);
    }
    for f in flashes {
        let age = ((now - f.since) / FLASH_TIME) as f32;
        if (0.0..1.0).contains(&age) {
            let (sx, sy) = vp.to_screen(f.at.0 as f32, f.at.1 as f32);
            let colour = Color {
                a: 1.0 - age,
                ..FLASH
            };
            draw_circle(sx, sy, (r + 6.0 * age) * vp.zoom, colour);
        }
    }
}

/// The player's box at a (possibly fractional) world position, facing
/// `facing`, squashed by `squash` (0 = not at all) after a landing, or
/// stretched (`squash` below 0) after a jump.
pub fn player(vp: &Viewport, x: f32, y: f32, w: f32, h: f32, look: Look, squash: f32) {
    let sw = w * (1.0 + 0.3 * squash);
    let sh = h * (1.0 - 0.3 * squash);
    let left = x + (w - sw) / 2.0;
    let top = y + h - sh;
    character(vp, (left, top, sw, sh), look, PLAYER, EYE);
}

/// How the character looks this frame: its pose and the way it faces.
#[derive(Clone, Copy)]
pub struct Look {
    /// The frame.
    pub pose: sprite::Pose,
    /// 1 right, -1 left.
    pub facing: i32,
}

/// The character's parts in the box (`x`, `y`, `w`, `h`), world px.
fn character(
    vp: &Viewport,
    (x, y, w, h): (f32, f32, f32, f32),
    look: Look,
    body: Color,
    eye: Color,
) {
    for p in sprite::parts(look.pose, look.facing, w, h) {
        let colour = if p.eye { eye } else { body };
        world_rect(vp, x + p.x, y + p.y, p.w, p.h, colour);
    }
}

/// The ghost of the best run at a (possibly fractional) world position.
pub fn ghost(vp: &Viewport, x: f32, y: f32, w: f32, h: f32, look: Look) {
    character(vp, (x, y, w, h), look, GHOST, Color { a: 0.6, ..EYE });
}
