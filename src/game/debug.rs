//! The F1 debug view: the player's hitbox (its cut shape on a level with
//! slopes), the last step's moves as the mode saw them, the velocity and
//! the one-way top being dropped through; each mover's swept span and the
//! ones carrying, pushing or crushing; each bullet's swept capsule and its
//! contact. Reads the `World` and the last `Step`; changes nothing.

use dropthrough_sim::collide::CollisionMode;
use dropthrough_sim::geom::{Axis, Rect};
use dropthrough_sim::{Carrier, MoveRecord, SolidId};
use dropthrough_sim::{Step, World};
use macroquad::prelude::*;

use super::camera::Viewport;
use super::draw::{world_outline, world_rect};
use super::palette::*;
use super::text;

/// F1: the hitbox, the last step's moves as the mode saw them, the velocity
/// and the one-way top being dropped through.
pub fn draw(world: &World, step: &Step, vp: &Viewport) {
    let p = world.player();
    let r = p.rect();
    mover_debug(world, step, vp);
    bullet_debug(world, vp);
    for b in world
        .bodies()
        .filter(|b| b.in_play() && b.kind() != dropthrough_sim::Kind::Player)
    {
        world_outline(vp, b.rect(), HITBOX);
    }
    for m in step.report.x.iter().chain(&step.report.y) {
        axis_move(vp, world.mode(), m);
    }
    world_outline(vp, r, HITBOX);
    if world.level().grid().has_slopes() {
        for b in world.bodies().filter(|b| b.in_play()) {
            cut_shape(vp, b.rect(), SHAPE);
        }
    }
    let (cx, cy) = (r.x as f32 + r.w as f32 / 2.0, r.y as f32 + r.h as f32 / 2.0);
    // The velocity, drawn as the distance it covers in 0.1 s.
    let (ax, ay) = vp.to_screen(cx, cy);
    let (bx, by) = vp.to_screen(cx + p.vx() * 0.1, cy + p.vy() * 0.1);
    draw_line(ax, ay, bx, by, 2.0, HITBOX);
    // Labels go beside the box: right of it, or left where the screen ends.
    let (left, _) = vp.to_screen(r.x as f32, 0.0);
    let (right, _) = vp.to_screen(r.right() as f32, 0.0);
    let label = format!("v = ({:.0}, {:.0}) px/s", p.vx(), p.vy());
    text::draw(&label, label_x(&label, left, right), ay - 26.0, HITBOX);
    if let Some(c) = step.report.x.and_then(|x| x.climb) {
        let label = format!("walk: {} up, {} snapped down", c.steps_up, c.snaps);
        text::draw(&label, label_x(&label, left, right), ay - 8.0, SHAPE);
    }
    if let Some(top) = p.dropping_through() {
        let (sx, sy) = vp.to_screen(vp.area.x as f32, top as f32);
        let ex = sx + vp.area.w as f32 * vp.zoom;
        draw_line(sx, sy, ex, sy, 2.0, DROPPING);
        let label = format!("dropping through y={top}");
        text::draw(&label, label_x(&label, left, right), sy - 20.0, DROPPING);
    }
}

/// The lower edge of a body's shape against slopes: its box's bottom with
/// the corners cut at 45° (column `i` ends `d(i)` px above the bottom),
/// drawn as the stairs it is, pixel column by pixel column.
fn cut_shape(vp: &Viewport, r: Rect, colour: Color) {
    let edge = |x: i32| dropthrough_sim::collide::shape::edge(&r, x) as f32;
    for x in r.x..r.right() {
        let e = edge(x);
        let (ax, ay) = vp.to_screen(x as f32, e);
        let (bx, _) = vp.to_screen((x + 1) as f32, e);
        draw_line(ax, ay, bx, ay, 1.0, colour);
        if x + 1 < r.right() {
            let (_, cy) = vp.to_screen(0.0, edge(x + 1));
            draw_line(bx, ay, bx, cy, 1.0, colour);
        }
    }
}

/// Each mover's swept span in the last step (where it went from and to),
/// the mover the player rode, and the mover that pushed or crushed it.
fn mover_debug(world: &World, step: &Step, vp: &Viewport) {
    let n = world.frame();
    for (index, m) in world.level().movers().iter().enumerate() {
        let (a, b) = (m.rect_at(n.saturating_sub(1)), m.rect_at(n));
        let span = Rect::new(
            a.x.min(b.x),
            a.y.min(b.y),
            (a.x - b.x).abs() + b.w,
            (a.y - b.y).abs() + b.h,
        );
        world_outline(vp, span, SWEPT);
        let mut label = m.letter.to_string();
        let mut colour = SWEPT;
        let me = Some(Carrier::Solid(SolidId(index as u32)));
        if step.report.rode == me {
            label.push_str(" carries");
            colour = RIDDEN;
            world_outline(vp, b, RIDDEN);
        }
        if step.report.crushed_by == me {
            label.push_str(" CRUSHED");
            colour = BLOCKED;
            world_outline(vp, b, BLOCKED);
        } else if me.is_some_and(|c| step.report.pushed_by.contains(&c)) {
            label.push_str(" pushes");
            colour = TRIED;
            world_outline(vp, b, TRIED);
        }
        let (sx, sy) = vp.to_screen(b.x as f32, b.bottom() as f32);
        text::draw(&label, sx + 2.0, sy + 2.0, colour);
    }
}

/// Each bullet's swept capsule in the last step (the two end circles and
/// the lines joining them) and, where it stopped, the contact point on the
/// box it touched and the box's normal there.
fn bullet_debug(world: &World, vp: &Viewport) {
    let r = world.tuning().bullet_radius as f32;
    for row in world.bullet_rows() {
        let (ax, ay) = vp.to_screen(row.from.0 as f32, row.from.1 as f32);
        let (bx, by) = vp.to_screen(row.pos.0 as f32, row.pos.1 as f32);
        let sr = r * vp.zoom;
        draw_circle_lines(ax, ay, sr, 1.0, SWEPT);
        draw_circle_lines(bx, by, sr, 1.0, SWEPT);
        let len = (bx - ax).hypot(by - ay);
        if len > 0.0 {
            // The capsule's sides: the centre line moved one radius either way.
            let (nx, ny) = (-(by - ay) / len * sr, (bx - ax) / len * sr);
            for s in [-1.0, 1.0] {
                draw_line(
                    ax + s * nx,
                    ay + s * ny,
                    bx + s * nx,
                    by + s * ny,
                    1.0,
                    SWEPT,
                );
            }
        }
        if let Some(c) = row.contact {
            let (px, py) = vp.to_screen(c.point.0 as f32, c.point.1 as f32);
            draw_circle(px, py, 3.0, NORMAL);
            let reach = 12.0 * vp.zoom;
            let (qx, qy) = (
                px + c.normal.0 as f32 * reach,
                py + c.normal.1 as f32 * reach,
            );
            draw_line(px, py, qx, qy, 2.0, NORMAL);
        }
    }
}

/// Where a debug label goes beside a box spanning the screen columns
/// `left..right`: just right of it, or just left of it when the label would
/// run off the right edge of the screen.
fn label_x(label: &str, left: f32, right: f32) -> f32 {
    let width = text::width(label);
    if right + 6.0 + width > screen_width() - 4.0 {
        (left - 6.0 - width).max(4.0)
    } else {
        right + 6.0
    }
}

/// One axis move: substep's pixels tried, sweep's swept span and contact
/// point, naive's jump target and where it was pushed back to.
fn axis_move(vp: &Viewport, mode: CollisionMode, m: &MoveRecord) {
    let sign = m.wanted.signum();
    let lead = |r: Rect| -> (f32, f32) {
        match m.axis {
            Axis::X => (
                r.leading_edge(Axis::X, sign) as f32,
                r.y as f32 + r.h as f32 / 2.0,
            ),
            Axis::Y => (
                r.x as f32 + r.w as f32 / 2.0,
                r.leading_edge(Axis::Y, sign) as f32,
            ),
        }
    };
    match mode {
        CollisionMode::Substep => {
            let tried = m.outcome.moved.unsigned_abs().min(4096) as i32;
            for i in 1..=tried {
                let (x, y) = lead(m.from.shifted(m.axis, sign * i));
                world_rect(vp, x - 0.5, y - 0.5, 1.0, 1.0, TRIED);
            }
            if m.outcome.hit.is_some() {
                let (x, y) = lead(m.from.shifted(m.axis, m.outcome.moved + sign));
                world_rect(vp, x - 0.5, y - 0.5, 1.0, 1.0, BLOCKED);
            }
        }
        CollisionMode::Sweep => {
            let to = m.to();
            let span = Rect::new(
                m.from.x.min(to.x),
                m.from.y.min(to.y),
                (m.from.x - to.x).abs() + m.from.w,
                (m.from.y - to.y).abs() + m.from.h,
            );
            world_outline(vp, span, TRIED);
            if let Some(hit) = m.outcome.hit {
                let (x0, y0, x1, y1) = match m.axis {
                    Axis::X => (hit.edge, to.y, hit.edge, to.bottom()),
                    Axis::Y => (to.x, hit.edge, to.right(), hit.edge),
                };
                let (ax, ay) = vp.to_screen(x0 as f32, y0 as f32);
                let (bx, by) = vp.to_screen(x1 as f32, y1 as f32);
                draw_line(ax, ay, bx, by, 3.0, BLOCKED);
            }
        }
        CollisionMode::Naive => {
            world_outline(vp, m.from.shifted(m.axis, m.wanted), BLOCKED);
        }
    }
}
