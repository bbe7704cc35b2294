//! A circle against an axis-aligned box, in f64: whether their interiors
//! overlap, and the first time a moving circle's interior overlaps a box's.
//!
//! The swept test is the classic one: a circle of radius `r` overlaps a box
//! exactly when its centre is inside the box grown by `r` with rounded
//! corners. That shape is the union of two rectangles (the box grown
//! sideways, and grown up and down) and four discs at the box's corners, so
//! the times the centre is inside it are the union of six open intervals,
//! one per piece — and because the shape is convex, that union is one
//! interval too.

use crate::geom::Rect;

/// A 2D point or vector, px.
pub type Vec2 = (f64, f64);

/// An axis-aligned box in f64: `[x0, x1] × [y0, y1]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxF {
    /// Left edge.
    pub x0: f64,
    /// Top edge.
    pub y0: f64,
    /// Right edge.
    pub x1: f64,
    /// Bottom edge.
    pub y1: f64,
}

impl BoxF {
    /// The box a pixel rectangle covers.
    pub fn of(r: Rect) -> BoxF {
        BoxF {
            x0: f64::from(r.x),
            y0: f64::from(r.y),
            x1: f64::from(r.right()),
            y1: f64::from(r.bottom()),
        }
    }

    /// The box moved by `(dx, dy)`.
    pub fn shifted(self, (dx, dy): Vec2) -> BoxF {
        BoxF {
            x0: self.x0 + dx,
            y0: self.y0 + dy,
            x1: self.x1 + dx,
            y1: self.y1 + dy,
        }
    }

    /// The point of the box nearest to `p` (`p` itself when inside).
    pub fn nearest(&self, (px, py): Vec2) -> Vec2 {
        (px.clamp(self.x0, self.x1), py.clamp(self.y0, self.y1))
    }
}

/// Whether a circle at `centre` with radius `r` overlaps the box's interior
/// (touching is not overlapping).
pub fn overlaps(centre: Vec2, r: f64, b: &BoxF) -> bool {
    let (nx, ny) = b.nearest(centre);
    let (dx, dy) = (centre.0 - nx, centre.1 - ny);
    dx * dx + dy * dy < r * r
}

/// The first `t` in `[0, 1]` at which a circle of radius `r` whose centre
/// moves from `p` to `p + d` overlaps the box's interior, or `None` if it
/// never does (a path that only touches it does not).
pub fn first_overlap(p: Vec2, d: Vec2, r: f64, b: &BoxF) -> Option<f64> {
    // The rounded box lies inside the box grown by `r` all round: a path
    // that misses that within the step misses it (the common case, cheaply).
    let (enter, leave) = slab_times(p, d, (b.x0 - r, b.x1 + r), (b.y0 - r, b.y1 + r))?;
    if enter >= 1.0 || leave <= 0.0 {
        return None;
    }
    let (enter, leave) = inside_times(p, d, r, b)?;
    (enter < 1.0 && leave > 0.0).then_some(enter.max(0.0))
}

/// The open interval of times `t` (any real) at which the centre `p + t·d`
/// is strictly inside the box grown by `r` with rounded corners, if it ever is.
fn inside_times(p: Vec2, d: Vec2, r: f64, b: &BoxF) -> Option<(f64, f64)> {
    let pieces = [
        slab_times(p, d, (b.x0 - r, b.x1 + r), (b.y0, b.y1)),
        slab_times(p, d, (b.x0, b.x1), (b.y0 - r, b.y1 + r)),
        disc_times(p, d, (b.x0, b.y0), r),
        disc_times(p, d, (b.x1, b.y0), r),
        disc_times(p, d, (b.x0, b.y1), r),
        disc_times(p, d, (b.x1, b.y1), r),
    ];
    pieces
        .into_iter()
        .flatten()
        .reduce(|(a0, a1), (b0, b1)| (a0.min(b0), a1.max(b1)))
}

/// When `p + t·d` is strictly inside the open rectangle `xs × ys`.
fn slab_times(p: Vec2, d: Vec2, xs: (f64, f64), ys: (f64, f64)) -> Option<(f64, f64)> {
    let (x0, x1) = axis_times(p.0, d.0, xs)?;
    let (y0, y1) = axis_times(p.1, d.1, ys)?;
    let (enter, leave) = (x0.max(y0), x1.min(y1));
    (enter < leave).then_some((enter, leave))
}

/// When `p + t·d` is strictly between `lo` and `hi` on one axis.
pub(crate) fn axis_times(p: f64, d: f64, (lo, hi): (f64, f64)) -> Option<(f64, f64)> {
    if d == 0.0 {
        // NOTE: `-0.0 == 0.0`: a path with no motion on this axis is inside
        // for all time or never, whatever the sign of its zero.
        return (lo < p && p < hi).then_some((f64::NEG_INFINITY, f64::INFINITY));
    }
    let (a, b) = ((lo - p) / d, (hi - p) / d);
    Some((a.min(b), a.max(b)))
}

/// When `p + t·d` is strictly inside the disc of radius `r` around `c`.
pub(crate) fn disc_times(p: Vec2, d: Vec2, c: Vec2, r: f64) -> Option<(f64, f64)> {
    let f = (p.0 - c.0, p.1 - c.1);
    let a = d.0 * d.0 + d.1 * d.1;
    let half_b = f.0 * d.0 + f.1 * d.1;
    let k = f.0 * f.0 + f.1 * f.1 - r * r;
    if a == 0.0 {
        return (k < 0.0).then_some((f64::NEG_INFINITY, f64::INFINITY));
    }
    let disc = half_b * half_b - a * k;
    if disc <= 0.0 {
        // Missed, or a tangent: touching only.
        return None;
    }
    // NOTE: the root without cancellation first, the other from their
    // product (k / a), so a grazing path keeps its precision.
    let q = -(half_b + half_b.signum() * disc.sqrt());
    let (t0, t1) = if q == 0.0 {
        let s = (-k / a).sqrt();
        (-s, s)
    } else {
        (q / a, k / q)
    };
    Some((t0.min(t1), t0.max(t1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TILE: BoxF = BoxF {
        x0: 16.0,
        y0: 16.0,
        x1: 32.0,
        y1: 32.0,
    };

    #[test]
    fn touching_is_not_overlapping() {
        assert!(!overlaps((13.0, 20.0), 3.0, &TILE));
        assert!(overlaps((13.001, 20.0), 3.0, &TILE));
        // At a corner: distance 5 from (16, 16).
        assert!(!overlaps((13.0, 12.0), 5.0, &TILE));
        assert!(overlaps((13.0, 12.0), 5.0001, &TILE));
        assert!(overlaps((20.0, 20.0), 1.0, &TILE), "inside");
    }

    #[test]
    fn a_head_on_path_stops_one_radius_before_the_face() {
        let t = first_overlap((0.0, 24.0), (100.0, 0.0), 3.0, &TILE).unwrap();
        assert_eq!(0.0 + t * 100.0, 13.0);
        // From the other side, moving left.
        let t = first_overlap((100.0, 24.0), (-100.0, 0.0), 3.0, &TILE).unwrap();
        assert_eq!(100.0 - t * 100.0, 35.0);
    }

    #[test]
    fn a_path_that_ends_touching_or_only_grazes_has_no_contact() {
        assert_eq!(first_overlap((0.0, 24.0), (13.0, 0.0), 3.0, &TILE), None);
        // Along the top face, one radius above it.
        assert_eq!(first_overlap((0.0, 13.0), (100.0, 0.0), 3.0, &TILE), None);
        // Tangent to the top-left corner's disc: the path passes (13, 12),
        // 5 px from the corner (16, 16), at right angles to it (a 3-4-5 triangle).
        assert_eq!(first_overlap((-3.0, 24.0), (32.0, -24.0), 5.0, &TILE), None);
        // A hair closer, it touches the corner.
        let t = first_overlap((-3.0, 24.0), (32.0, -24.0), 5.001, &TILE).unwrap();
        assert!((t - 0.5).abs() < 0.01, "{t}");
    }

    #[test]
    fn a_start_inside_is_a_contact_at_zero() {
        assert_eq!(
            first_overlap((14.0, 24.0), (-50.0, 0.0), 3.0, &TILE),
            Some(0.0)
        );
    }

    #[test]
    fn a_corner_hit_is_at_one_radius_from_the_corner() {
        // Diagonal towards the top-left corner, offset a little.
        let (p, d, r) = ((0.0, 1.0), (20.0, 20.0), 3.0);
        let t = first_overlap(p, d, r, &TILE).unwrap();
        let c = (p.0 + t * d.0, p.1 + t * d.1);
        let dist = ((c.0 - 16.0).powi(2) + (c.1 - 16.0).powi(2)).sqrt();
        assert!((dist - r).abs() < 1e-12, "{dist}");
        assert!(
            c.0 < 16.0 && c.1 < 16.0,
            "hits the corner, not a face: {c:?}"
        );
    }

    #[test]
    fn zero_and_negative_zero_motion_on_an_axis_agree() {
        for dy in [0.0, -0.0] {
            let t = first_overlap((0.0, 24.0), (100.0, dy), 3.0, &TILE);
            assert_eq!(t, Some(0.13));
            let t = first_overlap((24.0, 0.0), (dy, 100.0), 3.0, &TILE);
            assert_eq!(t, Some(0.13));
        }
        assert_eq!(first_overlap((0.0, 0.0), (0.0, 0.0), 3.0, &TILE), None);
        assert_eq!(
            first_overlap((14.0, 20.0), (0.0, -0.0), 3.0, &TILE),
            Some(0.0)
        );
    }
}
