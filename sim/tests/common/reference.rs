//! A small, obviously-correct reference for the collision rules, written
//! apart from `src/collide/` and `src/grid.rs`: it reads tiles from the
//! level's own text rows and walks every move one pixel at a time, asking
//! at each pixel only "does this box overlap a solid?" and "is the box's
//! bottom crossing the top of a one-way tile?". It judges the moves a step
//! reports, so a bug the two exact modes share still shows.

use dropthrough_sim::collide::Blocker;
use dropthrough_sim::geom::{Axis, Rect};
use dropthrough_sim::mover::SolidKind;
use dropthrough_sim::MoveRecord;
use dropthrough_sim::Step;

use super::Frame;

const TILE: i32 = 16;

/// The level's grid as characters, row by row (short rows padded with `.`).
pub struct Reference {
    rows: Vec<Vec<char>>,
    width: i32,
}

impl Reference {
    /// From the grid rows of a level (no header lines).
    pub fn new(rows: &[String]) -> Reference {
        let rows: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
        let width = rows.iter().map(Vec::len).max().unwrap_or(0) as i32;
        Reference { rows, width }
    }

    /// The tile at (`col`, `row`): `#` outside on the left, right and top,
    /// `.` below the grid (the pit).
    fn tile(&self, col: i32, row: i32) -> char {
        if col < 0 || col >= self.width || row < 0 {
            return '#';
        }
        match self
            .rows
            .get(row as usize)
            .and_then(|r| r.get(col as usize))
        {
            Some('@') | Some(' ') | None => '.',
            Some(&c) => c,
        }
    }

    /// Whether any pixel of `r` lies in a solid tile.
    pub fn overlaps_solid(&self, r: &Rect) -> bool {
        let (x0, x1) = (r.x.div_euclid(TILE), (r.x + r.w - 1).div_euclid(TILE));
        let (y0, y1) = (r.y.div_euclid(TILE), (r.y + r.h - 1).div_euclid(TILE));
        (y0..=y1).any(|row| (x0..=x1).any(|col| self.tile(col, row) == '#'))
    }

    /// The y of the one-way top `r`'s bottom edge crosses when `r` moves
    /// down one more pixel, if a one-way tile is there under it.
    fn one_way_top_entered(&self, r: &Rect) -> Option<i32> {
        let bottom = r.y + r.h;
        if bottom.rem_euclid(TILE) != 0 {
            return None;
        }
        let row = bottom.div_euclid(TILE);
        let (x0, x1) = (r.x.div_euclid(TILE), (r.x + r.w - 1).div_euclid(TILE));
        (x0..=x1)
            .any(|col| self.tile(col, row) == '-')
            .then_some(bottom)
    }

    /// Whether any pixel of `r` lies in spikes or the exit.
    fn overlaps_trigger(&self, r: &Rect) -> bool {
        let (x0, x1) = (r.x.div_euclid(TILE), (r.x + r.w - 1).div_euclid(TILE));
        let (y0, y1) = (r.y.div_euclid(TILE), (r.y + r.h - 1).div_euclid(TILE));
        (y0..=y1).any(|row| (x0..=x1).any(|col| matches!(self.tile(col, row), '^' | 'E')))
    }

    /// Whether the box `r` stands on one-way tops only (a drop may start).
    fn on_one_way_only(&self, r: &Rect) -> bool {
        let bottom = r.y + r.h;
        if bottom.rem_euclid(TILE) != 0 {
            return false;
        }
        let row = bottom.div_euclid(TILE);
        let (x0, x1) = (r.x.div_euclid(TILE), (r.x + r.w - 1).div_euclid(TILE));
        let under: Vec<char> = (x0..=x1).map(|col| self.tile(col, row)).collect();
        under.contains(&'-') && !under.contains(&'#')
    }

    /// Whether moving `r` one pixel further along `axis` (going `sign`) is
    /// blocked: a solid, or a one-way top entered going down that is not
    /// the one being dropped through; or a mover in the way, like a tile.
    fn blocked(
        &self,
        r: &Rect,
        axis: Axis,
        sign: i32,
        dropping: Option<i32>,
        movers: &[Blocker],
    ) -> bool {
        let next = r.shifted(axis, sign);
        if self.overlaps_solid(&next) {
            return true;
        }
        let overlaps_x = |m: &Rect| r.x < m.x + m.w && m.x < r.x + r.w;
        let mover_blocks = movers.iter().any(|m| match m.kind {
            SolidKind::Solid => next.overlaps(&m.rect),
            SolidKind::OneWay => {
                axis == Axis::Y && sign > 0 && r.y + r.h == m.rect.y && overlaps_x(&m.rect)
            }
        });
        mover_blocks
            || axis == Axis::Y
                && sign > 0
                && self
                    .one_way_top_entered(r)
                    .is_some_and(|top| dropping != Some(top))
    }

    /// Judges one reported move, pixel by pixel: no position on the way
    /// overlaps a solid or has crossed a one-way top it had to stop on;
    /// a move stopped by a hit is really blocked one pixel further; a move
    /// cut short without a hit or a trigger only stops at the pit; a
    /// trigger is touched only where the move ends.
    pub fn check_move(
        &self,
        m: &MoveRecord,
        dropping: Option<i32>,
        pit: i32,
    ) -> Result<(), String> {
        self.check_move_among(m, dropping, pit, &[])
    }

    /// [`Reference::check_move`] with movers where they are during the
    /// move, the ones the box passes through already left out. A mover the
    /// box overlaps when the move begins does not stop it (it may leave);
    /// a one-way mover only stops a box that starts at or above its top.
    pub fn check_move_among(
        &self,
        m: &MoveRecord,
        dropping: Option<i32>,
        pit: i32,
        movers: &[Blocker],
    ) -> Result<(), String> {
        let movers: Vec<Blocker> = movers
            .iter()
            .filter(|b| !m.from.overlaps(&b.rect))
            .filter(|b| b.kind == SolidKind::Solid || m.from.y + m.from.h <= b.rect.y)
            .copied()
            .collect();
        let movers = &movers[..];
        let moved = m.outcome.moved;
        let sign = moved.signum();
        let mut r = m.from;
        for i in 0..moved.abs() {
            if self.blocked(&r, m.axis, sign, dropping, movers) {
                return Err(format!(
                    "{:?} move from {:?} went {moved} px, but the reference is blocked after {i} px \
                     (dropping through {dropping:?})",
                    m.axis, m.from
                ));
            }
            r = r.shifted(m.axis, sign);
            let last = i + 1 == moved.abs();
            if self.overlaps_trigger(&r) && !(last && m.outcome.touch.is_some()) {
                return Err(format!(
                    "{:?} move from {:?} went on through a trigger at {r:?} (touch {:?})",
                    m.axis, m.from, m.outcome.touch
                ));
            }
        }
        if m.outcome.touch.is_some() && !self.overlaps_trigger(&r) {
            return Err(format!(
                "{:?} move from {:?} reports touching {:?} at {r:?}, where there is no trigger",
                m.axis, m.from, m.outcome.touch
            ));
        }
        let wanted_sign = m.wanted.signum();
        match (m.outcome.hit, m.outcome.touch) {
            (Some(_), _) if !self.blocked(&r, m.axis, wanted_sign, dropping, movers) => Err(format!(
                "{:?} move from {:?} reports a hit after {moved} px, but the reference is free there",
                m.axis, m.from
            )),
            (None, None) if moved != m.wanted => {
                let at_pit = m.axis == Axis::Y && m.from.y + moved >= pit;
                let at_edge = m.axis == Axis::X;
                if at_pit || at_edge {
                    Ok(())
                } else {
                    Err(format!(
                        "{:?} move from {:?} stopped at {moved} of {} px with no hit or trigger",
                        m.axis, m.from, m.wanted
                    ))
                }
            }
            _ => Ok(()),
        }
    }
}

/// The reference's own account of which one-way top is being dropped
/// through, kept from the trace's events alone.
#[derive(Default)]
pub struct DropTracker {
    dropping: Option<i32>,
}

impl DropTracker {
    /// Judges one step — including a step that ends in a death, whose moves
    /// the step still reports — then updates which top is being dropped.
    pub fn check_step(
        &mut self,
        reference: &Reference,
        before: &Frame,
        step: &Step,
        after: &Frame,
        pit: i32,
    ) -> Result<(), String> {
        let events = step.events;
        if events.drop {
            if !(before.grounded && reference.on_one_way_only(&before.rect)) {
                return Err(format!(
                    "dropped from {:?}, which does not stand on one-way tops only",
                    before.rect
                ));
            }
            self.dropping = Some(before.rect.y + before.rect.h);
        }
        let moves = step.report.x.iter().chain(&step.report.y);
        for m in moves {
            let dropping = if m.axis == Axis::Y {
                self.dropping
            } else {
                None
            };
            reference.check_move(m, dropping, pit)?;
        }
        let feet = after.rect.y + after.rect.h;
        if events.land || events.death || self.dropping.is_some_and(|top| feet > top) {
            self.dropping = None;
        }
        Ok(())
    }
}
