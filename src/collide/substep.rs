//! Sub-stepping: move one pixel at a time and test each pixel. The box can
//! never skip a surface, because it visits every position on its path; the
//! price is one test per pixel, so the cost grows with speed.
//!
//! The test at each pixel is whether the box one pixel further on would
//! overlap anything that blocks or triggers. That box covers the tiles the
//! box already covers (free, or it would not be there) plus, only when the
//! leading edge sits exactly on a tile edge, one new line of tiles. So the
//! test looks at that line, when there is one, and is otherwise free.

use super::{line_contact, AxisMove, Hit};
use crate::geom::{Axis, Rect, TILE};
use crate::grid::Grid;

#[inline]
pub(super) fn move_axis(
    grid: &Grid,
    from: Rect,
    axis: Axis,
    distance: i32,
    dropping_through: Option<i32>,
) -> AxisMove {
    let sign = distance.signum();
    let bottom_before = from.bottom();
    let mut result = AxisMove::default();
    let mut lead = from.leading_edge(axis, sign);
    let across = from.across(axis);
    for _ in 0..distance.unsigned_abs() {
        if lead.rem_euclid(TILE) == 0 {
            let line = if sign > 0 {
                lead / TILE
            } else {
                lead.div_euclid(TILE) - 1
            };
            let contact = line_contact(
                grid,
                axis,
                sign,
                line,
                across.clone(),
                bottom_before,
                dropping_through,
            );
            if let Some(surface) = contact.surface {
                result.hit = Some(Hit {
                    surface,
                    edge: lead,
                });
                return result;
            }
            if contact.touch.is_some() {
                result.moved += sign;
                result.touch = contact.touch;
                return result;
            }
        }
        lead += sign;
        result.moved += sign;
    }
    result
}
