//! The level select: opening it, moving its cursor, choosing a level.

use super::*;

impl Session {
    /// Shows the level select, its cursor on the level just played. A
    /// session without one keeps playing.
    pub fn open_menu(&mut self) {
        if self.menu.is_none() {
            return;
        }
        self.end_run();
        self.end_replay(ReplayEnd::LeftLevel);
        self.menu = Some(self.index);
        self.phase = Phase::Menu;
        self.ghost = None;
    }

    /// Moves the level select's cursor by `by` levels, wrapping around.
    pub fn menu_move(&mut self, by: isize) {
        if let (Some(cursor), Phase::Menu) = (self.menu, self.phase) {
            let n = self.levels.len() as isize;
            self.menu = Some((cursor as isize + by).rem_euclid(n) as usize);
        }
    }

    /// Plays the level under the level select's cursor.
    pub fn menu_choose(&mut self) {
        if let (Some(cursor), Phase::Menu) = (self.menu, self.phase) {
            self.results = vec![None; self.levels.len()];
            self.go_to(cursor);
        }
    }

    /// A click or tap on level `i`'s row in the level select: on the row
    /// under the cursor it plays that level, on another row it moves the
    /// cursor there (a second tap plays it). Says whether it was a level.
    pub fn menu_tap(&mut self, i: usize) -> bool {
        match (self.menu, self.phase) {
            (Some(cursor), Phase::Menu) if i < self.levels.len() => {
                self.menu = Some(i);
                if cursor == i {
                    self.menu_choose();
                }
                true
            }
            _ => false,
        }
    }

    /// The level select's cursor, if this session has one.
    pub fn menu_cursor(&self) -> Option<usize> {
        self.menu
    }
}
