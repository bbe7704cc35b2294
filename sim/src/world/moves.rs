//! A body's own move, step (4): along x, then along y, with its own
//! velocity. One path for every body that moves on its own: the player, a
//! game's actors and walkers alike; their policies say what differs (who
//! pushes rows of crates, who turns at a wall, who stomps). Here too is
//! what happens when a body meets a deadly one (a walker) on the way —
//! the stomp from above, a death otherwise — judged on the whole path of
//! every move.

use crate::collide::{AxisMove, Hit, Surface, Touch};
use crate::controller::whole_reach;
use crate::few::{Blockers, Chain, Ids};
use crate::geom::{Axis, Rect};
use crate::id::{BodyId, Carrier};

use super::body::{Body, Cause};
use super::crates::Row;
use super::index::Layer;
use super::near::{feet, own_y_path, swept, union, walk_area};
use super::report::MoveRecord;
use super::World;

mod pushing;

impl World {
    /// Step (4) for one body: its own move along x, then along y (a crate
    /// has none: it falls in step 3, and its report's move along y is that
    /// fall).
    pub(crate) fn own_moves(&mut self, id: BodyId) {
        let b = &mut self.bodies[id.index()];
        let falls = b.drive == super::Drive::Fall;
        b.report.x = None;
        if !falls {
            b.report.y = None;
        }
        if falls || !b.movable() {
            return;
        }
        if let Some(meeting) = self.alone(id) {
            self.own_moves_alone(id, meeting);
            return;
        }
        let x = self.own_move_x(id);
        self.bodies[id.index()].report.x = Some(x);
        if self.bodies[id.index()].movable() {
            let y = self.own_move_y(id);
            self.bodies[id.index()].report.y = Some(y);
        }
    }

    /// Whether nothing but the tiles can change body `id`'s own move this
    /// step: it is not solid (a solid's move carries and pushes), and
    /// within the reach of its move along x and then y, with pixels to
    /// spare, there is nothing that blocks it (a solid, a solid body) and
    /// nothing that kills it or that it stomps (a deadly body, if hazards
    /// kill it). Then its own move asks the tiles alone, as in a world of
    /// bodies apart, and the answer says whether it may meet a body it
    /// kills there (a body hazards kill, if it is deadly): that does not
    /// change its move, so it is asked on each move's path after it, as
    /// the full move does. A walk on a level with slopes meets bodies box
    /// by box along its staircase, so there a body it may kill makes the
    /// move a full one.
    #[inline(always)]
    fn alone(&self, id: BodyId) -> Option<bool> {
        let b = &self.bodies[id.index()];
        if b.rules.solid {
            return None;
        }
        let walks = self.walks_here();
        let area = self.own_area(b);
        let (hazards, deadly) = (b.rules.hazards, b.rules.deadly);
        let near = |layer: Layer, victim: bool| {
            self.index.any_near(layer, &area, |j| {
                let o = &self.bodies[j.index()];
                j != id && o.present() && (!victim || o.rules.hazards) && o.rect.overlaps(&area)
            })
        };
        let blocks = self
            .solids
            .iter()
            .any(|s| !s.removed && s.rect.overlaps(&area))
            || near(Layer::Solid, false);
        if blocks || (hazards && near(Layer::Deadly, false)) {
            return None;
        }
        let meeting = deadly && near(Layer::Other, true);
        match meeting && walks {
            true => None,
            false => Some(meeting),
        }
    }

    /// Every box body `b`'s own moves this step may take it through, as
    /// its velocity (and any plain move) now asks: along x by its whole
    /// pixels (up and down a ramp as far, on a level with slopes), then
    /// along y, with pixels to spare on every side.
    #[inline(always)]
    pub(crate) fn own_area(&self, b: &Body) -> Rect {
        let reach = whole_reach(b.vx, b.rx, b.nudge.0);
        let along_y = own_y_path(b);
        // NOTE: the path along y has pixels to spare on every side (the
        // corner slide's sideways, a pixel and more up and down), so the
        // whole area does too.
        // NOTE: a walk may take the body up or down as far as along x.
        match self.walks_here() {
            true => union(walk_area(b.rect, reach), walk_area(along_y, reach)),
            false => union(
                swept(b.rect, Axis::X, reach),
                union(along_y, along_y.shifted(Axis::X, reach)),
            ),
        }
    }

    /// Step (4) for a body [`World::alone`]: its own move along x, then y,
    /// among the tiles alone; if `meeting`, a body it kills on either
    /// move's path dies, as [`World::meets`] says; what it touches ends
    /// its motion, and a walker notes whether it stands.
    fn own_moves_alone(&mut self, id: BodyId, meeting: bool) {
        let mode = self.mode;
        let b = &mut self.bodies[id.index()];
        let (from, layer) = (b.rect, World::layer(b));
        let x = b.own_x(mode, &self.level.grid, &[], None);
        b.walled(&x);
        b.report.x = Some(x);
        let mid = x.to();
        self.index.moved(layer, id, &from, &mid);
        if meeting {
            self.meets_on_the_way(id, from, mid);
        }
        if x.outcome.touch.is_some() && self.bodies[id.index()].movable() {
            self.touched(id, x.outcome.touch);
        }
        let b = &mut self.bodies[id.index()];
        if !b.movable() {
            return;
        }
        let y = b.own_y(mode, &self.level.grid, &[]);
        b.report.y = Some(y);
        let to = y.to();
        self.index.moved(layer, id, &mid, &to);
        if meeting {
            self.meets_on_the_way(id, mid, to);
        }
        self.stood_after(id, &y);
        if y.outcome.touch.is_some() && self.bodies[id.index()].movable() {
            self.touched(id, y.outcome.touch);
        }
    }

    /// A body's own move along x. Reaching the side of a crate, a body
    /// that pushes pushes the row of crates ahead a pixel at a time, in
    /// every mode, and stops flush with the row where the row stops; then
    /// each crate it moved carries and pushes in turn, in id order. A wall
    /// stops its run (a walker turns around).
    pub(crate) fn own_move_x(&mut self, id: BodyId) -> MoveRecord {
        let i = id.index();
        let from = self.bodies[i].rect;
        let blockers = match self.any_blockers() {
            true => {
                // NOTE: what may block it is found along the whole move asked for
                // (a walk's included, up and down a ramp, and what it stands on).
                let b = &self.bodies[i];
                let reach = whole_reach(b.vx, b.rx, b.nudge.0);
                let riding = self.own_riders(id);
                let skip = |o: BodyId| o == id || riding.contains(&o);
                let area = match self.walks_here() {
                    true => walk_area(from, reach),
                    false => swept(from, Axis::X, reach),
                };
                self.blockers(&[], skip, &area)
            }
            false => Blockers::new(),
        };
        // NOTE: a walk's boxes, one by one, where it may meet a deadly
        // body (its path is a staircase, not one box).
        let mut trail = Vec::new();
        let meeting = self.walks_here()
            && (self.bodies[i].rules.deadly || !self.index.is_empty(Layer::Deadly));
        let b = &mut self.bodies[i];
        let grid = &self.level.grid;
        let mut record = b.own_x(self.mode, grid, &blockers, meeting.then_some(&mut trail));
        let wanted = record.wanted;
        let at = record.to();
        let layer = World::layer(b);
        self.index.moved(layer, id, &from, &at);
        let sign = wanted.signum();
        let rest = wanted - record.outcome.moved;
        let mut row = Row::default();
        let pushes = b.rules.pushes && record.outcome.touch.is_none() && rest != 0;
        let walking = record.climb.is_some();
        if pushes && record.outcome.hit.is_some() && self.crate_at(id, &at.shifted(Axis::X, sign)) {
            if walking {
                self.walk_pushing(id, &mut record, &mut row, meeting.then_some(&mut trail));
            } else {
                let triggers = self.bodies[i].triggers();
                let (moved, blocked, touch) = self.pushes(&mut row, (id, at), rest, triggers);
                let to = at.shifted(Axis::X, moved);
                self.place(id, to);
                record.outcome.moved += moved;
                record.outcome.touch = touch;
                record.outcome.hit = blocked.then(|| Hit {
                    surface: Surface::Solid,
                    edge: to.leading_edge(Axis::X, sign),
                    by: self.what_stops(id, to, sign, &blockers),
                });
            }
        }
        let b = &mut self.bodies[i];
        b.walled(&record);
        let to = record.to();
        match record.climb {
            Some(_) => self.meets_along(id, from, &trail, to),
            None => self.meets(id, from, to),
        }
        let mut moved = row.crates;
        if !moved.is_empty() {
            moved.sort_by_key(|&(j, _)| j);
            self.row_moved(&moved, &mut Chain::new(), Some(id));
        }
        self.own_move_done(id, from, record.outcome.touch);
        record
    }

    /// What may block a walk of body `id` from `at` by `rest` px: every
    /// solid and solid body there but itself and its own riders.
    fn walk_blockers(&self, id: BodyId, at: Rect, rest: i32) -> Blockers {
        let riding = self.own_riders(id);
        let skip = |o: BodyId| o == id || riding.contains(&o);
        self.blockers(&[], skip, &walk_area(at, rest))
    }

    /// The crates riding a solid body `id` (and theirs): its own move is
    /// not blocked by them. Empty for any other body.
    fn own_riders(&self, id: BodyId) -> Ids {
        match self.bodies[id.index()].rules.solid {
            true => self.rider_crates(Carrier::Body(id)),
            false => Ids::new(),
        }
    }

    /// A body's own move along y; a body driven by keys whose rise clips a
    /// ceiling's corner slides around it; one that hazards kill, going
    /// down onto a deadly body from above, stomps it (before a floor met
    /// at the same pixel) and bounces.
    pub(crate) fn own_move_y(&mut self, id: BodyId) -> MoveRecord {
        let i = id.index();
        let from = self.bodies[i].rect;
        let blockers = match self.any_blockers() {
            true => {
                let riding = self.own_riders(id);
                let skip = |o: BodyId| o == id || riding.contains(&o);
                self.blockers(&[], skip, &own_y_path(&self.bodies[i]))
            }
            false => Blockers::new(),
        };
        let b = &mut self.bodies[i];
        let mut y = b.own_y(self.mode, &self.level.grid, &blockers);
        let hazards = b.rules.hazards;
        let to = y.to();
        let layer = World::layer(b);
        self.index.moved(layer, id, &from, &to);
        if y.wanted > 0 && hazards {
            if let Some(gap) = self.stomp_at(y.from, y.outcome.moved, y.outcome.hit.is_some()) {
                let at = y.from.shifted(Axis::Y, gap);
                self.place(id, at);
                let tuning = self.tunings[self.bodies[i].tuning as usize];
                self.bodies[i].bounce(&tuning);
                self.bodies[i].events.stomp = true;
                self.stomp_deadly(at);
                y.outcome = AxisMove {
                    moved: gap,
                    hit: None,
                    touch: None,
                };
            }
        }
        // NOTE: where it ended is the move's own answer (reading the box
        // back just after writing it would stall on the store).
        self.meets(id, from, y.to());
        self.stood_after(id, &y);
        self.own_move_done(id, from, y.outcome.touch);
        y
    }

    /// After the own move `y` of body `id` along y: a walker notes whether
    /// it stands (and stops falling if it does).
    fn stood_after(&mut self, id: BodyId, y: &MoveRecord) {
        // NOTE: a walker's `stood` is whether it stands after its own move
        // (no later move of the step can change that but a solid's, which
        // asks again). A fall stopped by a floor stands on it; a move that
        // stopped for nothing may still end standing.
        if let Some(floored) = self.bodies[id.index()].floored_after(y) {
            let stands = floored || self.stands(id);
            self.bodies[id.index()].note_stands(stands);
        }
    }

    /// After a body's own move from `from`: a trigger it touched ends its
    /// motion (spikes kill it), and a solid body carries and pushes what
    /// it meets, as any moving solid does.
    #[inline(always)]
    fn own_move_done(&mut self, id: BodyId, from: Rect, touch: Option<Touch>) {
        if touch.is_none() && !self.bodies[id.index()].rules.solid {
            return;
        }
        self.own_move_ended(id, from, touch);
    }

    fn own_move_ended(&mut self, id: BodyId, from: Rect, touch: Option<Touch>) {
        if self.bodies[id.index()].movable() {
            self.touched(id, touch);
        }
        let b = &self.bodies[id.index()];
        if b.rules.solid && b.in_play() {
            let to = b.rect;
            let (dx, dy) = (to.x - from.x, to.y - from.y);
            let mid = from.shifted(Axis::X, dx);
            let s = Carrier::Body(id);
            self.solid_moved(s, (from, mid), &mut Chain::new(), None);
            self.solid_moved(s, (mid, mid.shifted(Axis::Y, dy)), &mut Chain::new(), None);
        }
    }

    /// After a move of body `id` from `from` to `to`: a body that hazards
    /// kill dies if its path touched a deadly body; a deadly body kills
    /// every such body its path touched.
    #[inline(always)]
    pub(crate) fn meets(&mut self, id: BodyId, from: Rect, to: Rect) {
        let b = &self.bodies[id.index()];
        // NOTE: the common case of a crowd with no walkers, answered at once.
        if !b.rules.deadly && self.index.is_empty(Layer::Deadly) {
            return;
        }
        self.meets_on_the_way(id, from, to);
    }

    /// After a walk of body `id` from `from` to `to` through the boxes of
    /// `trail`: what [`World::meets`] does, box by box (pushed crates
    /// moved it on level from the trail's last box to `to`).
    fn meets_along(&mut self, id: BodyId, from: Rect, trail: &[Rect], to: Rect) {
        let last = trail.last().copied().unwrap_or(from);
        let mut at = from;
        for &r in trail.iter().chain([to].iter().filter(|_| to != last)) {
            self.meets(id, at, r);
            at = r;
        }
    }

    fn meets_on_the_way(&mut self, id: BodyId, from: Rect, to: Rect) {
        let b = &self.bodies[id.index()];
        if !b.movable() {
            return;
        }
        let path = self.path(from, to);
        let (hazards, deadly) = (b.rules.hazards, b.rules.deadly);
        if hazards && self.deadly_on(id, &path) {
            self.die(id, Cause::Deadly, None);
        }
        if deadly {
            // NOTE: one at a time, without a list (ten thousand walkers
            // each ask, and meet no one): one that dies is no longer
            // movable, so the next question finds the next.
            for layer in [Layer::Other, Layer::Solid] {
                while let Some(j) = self.hazard_on(id, &path, layer) {
                    self.die_met(j);
                }
            }
        }
    }

    /// A body of `layer` in play, other than `id`, that hazards kill and
    /// that overlaps `path`.
    #[inline(always)]
    fn hazard_on(&self, id: BodyId, path: &Rect, layer: Layer) -> Option<BodyId> {
        let mut met = None;
        self.index.any_near(layer, path, |j| {
            let o = &self.bodies[j.index()];
            let hit = j != id && o.movable() && o.rules.hazards && o.rect.overlaps(path);
            if hit {
                met = Some(j);
            }
            hit
        });
        met
    }

    /// A body met a deadly one: it dies. (Rare: kept out of the way of the
    /// question every deadly body asks.)
    #[cold]
    #[inline(never)]
    fn die_met(&mut self, j: BodyId) {
        self.die(j, Cause::Deadly, None);
    }

    /// Whether a deadly body in play other than `id` overlaps `area`.
    pub(crate) fn deadly_on(&self, id: BodyId, area: &Rect) -> bool {
        self.index.any_near(Layer::Deadly, area, |j| {
            let b = &self.bodies[j.index()];
            j != id && b.movable() && b.rect.overlaps(area)
        })
    }

    /// The stomp of a body's own move along y from `from`, which the mode
    /// took `moved` px down (`hit`: a floor stopped it there): the
    /// distance to the nearest deadly body's top the feet would pass, if
    /// the body reaches it before (or at the same pixel as) the floor.
    fn stomp_at(&self, from: Rect, moved: i32, hit: bool) -> Option<i32> {
        if self.index.is_empty(Layer::Deadly) {
            return None;
        }
        let bottom = from.bottom();
        let to = from.shifted(Axis::Y, moved);
        let near = self
            .index
            .near(Layer::Deadly, &union(from, to.shifted(Axis::Y, 1)));
        let naive = self.mode == crate::CollisionMode::Naive;
        let gaps = near
            .into_iter()
            .map(|j| &self.bodies[j.index()])
            .filter_map(|b| {
                let w = &b.rect;
                let across = from.x < w.right() && w.x < from.right();
                let above = bottom <= w.y;
                let reached = !naive || to.overlaps(w);
                (b.movable() && across && above && reached).then_some(w.y - bottom)
            });
        let gap = gaps.min()?;
        (gap < moved || gap == moved && hit).then_some(gap)
    }

    /// A body stomps at `at`: every deadly body under its feet there dies.
    fn stomp_deadly(&mut self, at: Rect) {
        for j in self.index.near(Layer::Deadly, &feet(&at)) {
            let b = &self.bodies[j.index()];
            let across = at.x < b.rect.right() && b.rect.x < at.right();
            if b.movable() && across && b.rect.y == at.bottom() {
                self.die(j, Cause::Stomped, None);
            }
        }
    }
}
