//! Sub-stepping: move one pixel at a time and test each pixel. The box can
//! never skip a surface, because it visits every position on its path; the
//! price is one test per pixel, so the cost grows with speed.
//!
//! The test at each pixel is whether the box one pixel further on would
//! overlap anything that blocks or triggers. That box covers the tiles the
//! box already covers (free, or it would not be there) plus, only when the
//! leading edge sits exactly on a tile edge, one new line of tiles. So the
//! tile test looks at that line, when there is one, and is otherwise free.
//! Each moving solid in the way is asked too, at every pixel.

use super::blockers::stops_next_pixel;
use super::{line_contact, AxisMove, Hit, Move, Surface};
use crate::geom::TILE;
use crate::id::Obstacle;

#[inline(always)]
pub(super) fn move_axis(m: &Move) -> AxisMove {
    let (axis, sign) = (m.axis, m.distance.signum());
    let bottom_before = m.from.bottom();
    let mut result = AxisMove::default();
    let mut at = m.from;
    let mut lead = m.from.leading_edge(axis, sign);
    let across = m.from.across(axis);
    for _ in 0..m.distance.unsigned_abs() {
        let mut surface: Option<(Surface, Obstacle)> = None;
        let mut touch = None;
        if lead.rem_euclid(TILE) == 0 {
            let line = if sign > 0 {
                lead / TILE
            } else {
                lead.div_euclid(TILE) - 1
            };
            let contact = line_contact(
                m.grid,
                axis,
                sign,
                line,
                across.clone(),
                bottom_before,
                m.dropping_through,
                m.triggers,
            );
            surface = contact.surface;
            touch = contact.touch;
        }
        // NOTE: the first solid blocker wins over a tile met at the same
        // pixel; a one-way one only when nothing else stops it (the sweep
        // picks the same one).
        let mut solid_blocker = false;
        for b in &m.candidates {
            match stops_next_pixel(b, &at, axis, sign, bottom_before) {
                Some(Surface::Solid) if !solid_blocker => {
                    solid_blocker = true;
                    surface = Some((Surface::Solid, b.owner.into()));
                }
                Some(s) if surface.is_none() => surface = Some((s, b.owner.into())),
                _ => {}
            }
        }
        if let Some((surface, by)) = surface {
            result.hit = Some(Hit {
                surface,
                edge: lead,
                by,
            });
            return result;
        }
        if touch.is_some() {
            result.moved += sign;
            result.touch = touch;
            return result;
        }
        lead += sign;
        result.moved += sign;
        at = at.shifted(axis, sign);
    }
    result
}
