//! What stops a bullet: a box (a tile, a mover, a crate, a body) or, for a
//! solid slope, the convex polygon under its straight segment — bounded by
//! the segment, the cell's bottom edge and its sides. Contact is the
//! circle's interior overlapping the shape's interior (touching is not).
//!
//! The swept test against a polygon: a moving circle first overlaps a
//! convex polygon it starts clear of when its centre first comes closer
//! than the radius to one of the polygon's edges, so the first contact is
//! the earliest entry of the centre's path into an edge's *capsule* (the
//! open set of points closer than `r` to the edge): the edge's band, a
//! rectangle `r` either side of it, and the discs at its two ends.

use super::circle::{self, BoxF, Vec2};
use crate::grid::Tile;

/// A convex polygon, its vertices in order around it (3 or 4 used).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Polygon {
    points: [Vec2; 4],
    n: usize,
}

/// A shape that stops bullets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// A box: a tile, the outside, a mover, a crate, a body.
    Box(BoxF),
    /// The polygon under a solid slope's segment.
    Slope(Polygon),
}

impl Shape {
    /// What tile `tile` in cell (`col`, `row`) is to a bullet: the polygon
    /// under its segment for a solid slope, else its whole box.
    pub fn of_tile(tile: Tile, col: i32, row: i32) -> Shape {
        let cell = BoxF::of(crate::geom::tile_rect(col, row));
        match tile.slope_segment() {
            Some(heights) => Shape::Slope(Polygon::under(cell, heights)),
            None => Shape::Box(cell),
        }
    }

    /// The point of the shape nearest to `p` (`p` itself when inside).
    pub fn nearest(&self, p: Vec2) -> Vec2 {
        match self {
            Shape::Box(b) => b.nearest(p),
            Shape::Slope(poly) => poly.nearest(p),
        }
    }

    /// Whether a circle at `c` of radius `r` overlaps the shape's interior.
    pub fn overlaps(&self, c: Vec2, r: f64) -> bool {
        match self {
            Shape::Box(b) => circle::overlaps(c, r, b),
            Shape::Slope(poly) => poly.overlaps(c, r),
        }
    }

    /// The first `t` in `[0, 1]` at which a circle of radius `r` whose
    /// centre moves from `p` to `p + d` overlaps the shape's interior.
    pub fn first_overlap(&self, p: Vec2, d: Vec2, r: f64) -> Option<f64> {
        match self {
            Shape::Box(b) => circle::first_overlap(p, d, r, b),
            Shape::Slope(poly) => poly.first_overlap(p, d, r),
        }
    }
}

impl Polygon {
    /// The polygon under the segment from height `hl` at `cell`'s left
    /// edge to `hr` at its right (px above its bottom edge).
    pub fn under(cell: BoxF, (hl, hr): (i32, i32)) -> Polygon {
        let (hl, hr) = (f64::from(hl), f64::from(hr));
        let top_left = (cell.x0, cell.y1 - hl);
        let top_right = (cell.x1, cell.y1 - hr);
        let (bl, br) = ((cell.x0, cell.y1), (cell.x1, cell.y1));
        // Clockwise on screen (y down): along the top, down the right,
        // back along the bottom, up the left; a side of no height dropped.
        let mut points = [(0.0, 0.0); 4];
        let mut n = 0;
        for p in [top_left, top_right, br, bl] {
            if n == 0 || points[n - 1] != p {
                points[n] = p;
                n += 1;
            }
        }
        if n > 1 && points[n - 1] == points[0] {
            n -= 1;
        }
        Polygon { points, n }
    }

    /// Its vertices.
    pub fn points(&self) -> &[Vec2] {
        &self.points[..self.n]
    }

    /// Its edges, each from one vertex to the next.
    fn edges(&self) -> impl Iterator<Item = (Vec2, Vec2)> + '_ {
        (0..self.n).map(|i| (self.points[i], self.points[(i + 1) % self.n]))
    }

    /// Whether `p` is strictly inside.
    fn contains(&self, p: Vec2) -> bool {
        // NOTE: clockwise on screen with y down is counter-clockwise in
        // the usual orientation: inside is to the right of each edge here.
        self.edges().all(|(a, b)| cross(sub(b, a), sub(p, a)) > 0.0)
    }

    /// The point of the polygon nearest to `p`.
    pub fn nearest(&self, p: Vec2) -> Vec2 {
        if self.contains(p) {
            return p;
        }
        self.edges()
            .map(|(a, b)| nearest_on_segment(p, a, b))
            .min_by(|x, y| dist2(p, *x).total_cmp(&dist2(p, *y)))
            .unwrap_or(p)
    }

    /// Whether a circle at `c` of radius `r` overlaps its interior.
    pub fn overlaps(&self, c: Vec2, r: f64) -> bool {
        self.contains(c) || dist2(c, self.nearest(c)) < r * r
    }

    /// The first `t` in `[0, 1]` at which the moving circle overlaps it.
    pub fn first_overlap(&self, p: Vec2, d: Vec2, r: f64) -> Option<f64> {
        if self.overlaps(p, r) {
            return Some(0.0);
        }
        self.edges()
            .filter_map(|(a, b)| capsule_entry(p, d, r, a, b))
            .filter(|&t| t < 1.0)
            .min_by(f64::total_cmp)
    }
}

/// The first `t ≥ 0` (if any) at which `p + t·d` enters the band `r`
/// either side of the segment from `a` to `b` or the disc of radius `r`
/// at `b`. (The disc at `a` is the previous edge's disc at its end: over
/// all the edges, every capsule is covered.)
fn capsule_entry(p: Vec2, d: Vec2, r: f64, a: Vec2, b: Vec2) -> Option<f64> {
    let along = sub(b, a);
    let len = along.0.hypot(along.1);
    let u = (along.0 / len, along.1 / len);
    let v = (-u.1, u.0);
    // The path in the edge's own frame: along it and across it.
    let rel = sub(p, a);
    let (pu, pv) = (dot(rel, u), dot(rel, v));
    let (du, dv) = (dot(d, u), dot(d, v));
    let band = circle::axis_times(pu, du, (0.0, len)).and_then(|(s0, s1)| {
        let (w0, w1) = circle::axis_times(pv, dv, (-r, r))?;
        let (enter, leave) = (s0.max(w0), s1.min(w1));
        (enter < leave).then_some((enter, leave))
    });
    [band, circle::disc_times(p, d, b, r)]
        .into_iter()
        .flatten()
        .filter(|&(_, leave)| leave > 0.0)
        .map(|(enter, _)| enter.max(0.0))
        .min_by(f64::total_cmp)
}

fn sub(a: Vec2, b: Vec2) -> Vec2 {
    (a.0 - b.0, a.1 - b.1)
}

fn dot(a: Vec2, b: Vec2) -> f64 {
    a.0 * b.0 + a.1 * b.1
}

fn cross(a: Vec2, b: Vec2) -> f64 {
    a.0 * b.1 - a.1 * b.0
}

fn dist2(a: Vec2, b: Vec2) -> f64 {
    let (x, y) = sub(a, b);
    x * x + y * y
}

/// The point of the segment from `a` to `b` nearest to `p`.
fn nearest_on_segment(p: Vec2, a: Vec2, b: Vec2) -> Vec2 {
    let ab = sub(b, a);
    let t = (dot(sub(p, a), ab) / dot(ab, ab)).clamp(0.0, 1.0);
    (a.0 + ab.0 * t, a.1 + ab.1 * t)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `J` at cell (1, 1): its segment from (16, 32) up to (32, 16).
    fn j() -> Polygon {
        Polygon::under(BoxF::of(crate::geom::tile_rect(1, 1)), (0, 16))
    }

    #[test]
    fn the_polygons_have_their_corners() {
        assert_eq!(j().points(), &[(16.0, 32.0), (32.0, 16.0), (32.0, 32.0)]);
        let two = Polygon::under(BoxF::of(crate::geom::tile_rect(0, 0)), (8, 16));
        assert_eq!(
            two.points(),
            &[(0.0, 8.0), (16.0, 0.0), (16.0, 16.0), (0.0, 16.0)]
        );
    }

    #[test]
    fn inside_and_touching() {
        let p = j();
        assert!(p.contains((30.0, 30.0)));
        assert!(!p.contains((18.0, 18.0)), "above the segment");
        assert!(!p.contains((24.0, 24.0)), "on the segment is not inside");
        // A circle of radius 2 whose centre is √2·2 from the segment along
        // its normal only touches it.
        let s = 2.0 / std::f64::consts::SQRT_2;
        assert!(!p.overlaps((24.0 - s, 24.0 - s), 2.0));
        assert!(p.overlaps((24.0 - s * 0.99, 24.0 - s * 0.99), 2.0));
    }

    #[test]
    fn a_bullet_falling_onto_the_ramp_stops_one_radius_above_it() {
        // Straight down through x = 24, where the segment is at y = 24:
        // the circle first touches it when its centre is r·√2 above.
        let t = j()
            .first_overlap((24.0, 0.0), (0.0, 40.0), 2.0)
            .expect("hits");
        let y = 40.0 * t;
        assert!(
            (y - (24.0 - 2.0 * std::f64::consts::SQRT_2)).abs() < 1e-9,
            "{y}"
        );
        // A path over the ramp that misses it, and one that ends short.
        assert_eq!(j().first_overlap((0.0, 0.0), (40.0, 0.0), 2.0), None);
        assert_eq!(j().first_overlap((24.0, 0.0), (0.0, 10.0), 2.0), None);
    }

    #[test]
    fn a_bullet_under_the_slope_meets_its_bottom_and_one_beside_its_tall_side() {
        let t = j()
            .first_overlap((24.0, 60.0), (0.0, -40.0), 2.0)
            .expect("hits");
        assert!(
            (60.0 - 40.0 * t - 34.0).abs() < 1e-9,
            "one radius under y = 32"
        );
        let t = j()
            .first_overlap((60.0, 20.0), (-40.0, 0.0), 2.0)
            .expect("hits");
        assert!(
            (60.0 - 40.0 * t - 34.0).abs() < 1e-9,
            "one radius right of x = 32"
        );
        // Flying left just above the ramp's low corner: over the triangle.
        assert_eq!(j().first_overlap((60.0, 12.0), (-60.0, 0.0), 2.0), None);
    }

    #[test]
    fn the_nearest_point_and_the_normal_on_the_segment() {
        let s = 2.0 / std::f64::consts::SQRT_2;
        let c = (24.0 - s, 24.0 - s);
        let q = j().nearest(c);
        assert!(
            (q.0 - 24.0).abs() < 1e-9 && (q.1 - 24.0).abs() < 1e-9,
            "{q:?}"
        );
    }
}
