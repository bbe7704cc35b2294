//! The level editor without the window: a level file's text as a document
//! that keeps what the author wrote (header order, `//` comments, `.` or
//! space for empty tiles, line endings), the edits the window makes on it —
//! paint and erase a tile, fill a rectangle, draw a mover, move the spawn,
//! set a header value — with undo and redo, and saving through a temporary
//! file and a rename.
//!
//! Every edit leaves a level that parses: one that would not (a spawn on a
//! solid mover's path, a value out of range) is undone at once and says why
//! in [`Editor::message`]. So the file on disk is valid after every save.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::store::AtomicFile;
use dropthrough_sim::header::{NUMBER_KEYS, TEXT_KEYS};
use dropthrough_sim::level::Level;
use dropthrough_sim::mover::{Dir, MoverSpec, SolidKind};

mod doc;

use doc::Doc;

/// A cell `(col, row)` of the grid.
pub type Cell = (usize, usize);

/// Most edits that can be undone.
pub const UNDO_LIMIT: usize = 500;

/// What a click paints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// A tile character: `#` `-` `^` `E` `>` `<` `T`, a slope `J` `L` `1`
    /// `2` `3` `4` `{` `}`, a spring `S`, a checkpoint `F`, a gem `*`, a crate `C` or
    /// a walker `W`, or `.` to erase.
    Tile(char),
    /// Moves the player's spawn `@` here.
    Spawn,
    /// A new moving platform, drawn as a rectangle.
    Mover(SolidKind),
}

impl Brush {
    /// Every brush, in the palette's order (keys 1–9, then 0, `-` and
    /// `=`, then R for the ramps: its slot paints one of [`Brush::RAMPS`]
    /// at a time, the next one each time it is chosen again; then G for a
    /// spring, F for a checkpoint flag and V for a gem).
    pub const PALETTE: [Brush; 16] = [
        Brush::Tile('#'),
        Brush::Tile('-'),
        Brush::Tile('^'),
        Brush::Tile('E'),
        Brush::Spawn,
        Brush::Tile('>'),
        Brush::Tile('<'),
        Brush::Tile('T'),
        Brush::Mover(SolidKind::OneWay),
        Brush::Mover(SolidKind::Solid),
        Brush::Tile('C'),
        Brush::Tile('W'),
        Brush::Tile('J'),
        Brush::Tile('S'),
        Brush::Tile('F'),
        Brush::Tile('*'),
    ];

    /// The palette's slot of the ramps.
    pub const RAMP_SLOT: usize = 12;

    /// The eight slope tiles, in the order the ramp slot goes through them.
    pub const RAMPS: [char; 8] = ['J', 'L', '1', '2', '3', '4', '{', '}'];

    /// Erases: paints an empty tile.
    pub const ERASE: Brush = Brush::Tile('.');

    /// What the palette calls it.
    pub fn name(self) -> &'static str {
        match self {
            Brush::Tile('#') => "solid",
            Brush::Tile('-') => "one-way ledge",
            Brush::Tile('^') => "spikes",
            Brush::Tile('E') => "exit",
            Brush::Tile('>') => "turret, fires right",
            Brush::Tile('<') => "turret, fires left",
            Brush::Tile('T') => "turret, aims at you",
            Brush::Tile('C') => "crate",
            Brush::Tile('W') => "walker",
            Brush::Tile('J') => "ramp 45°, up to the right",
            Brush::Tile('L') => "ramp 45°, up to the left",
            Brush::Tile('1') => "ramp 26°, up to the right, low half",
            Brush::Tile('2') => "ramp 26°, up to the right, high half",
            Brush::Tile('3') => "ramp 26°, down to the right, high half",
            Brush::Tile('4') => "ramp 26°, down to the right, low half",
            Brush::Tile('{') => "one-way ramp 45°, up to the right",
            Brush::Tile('}') => "one-way ramp 45°, up to the left",
            Brush::Tile('S') => "spring",
            Brush::Tile('F') => "checkpoint",
            Brush::Tile('*') => "gem (collect it)",
            Brush::Tile(_) => "erase",
            Brush::Spawn => "spawn (moves it)",
            Brush::Mover(SolidKind::OneWay) => "one-way mover",
            Brush::Mover(SolidKind::Solid) => "solid mover",
        }
    }
}

/// A new mover's header value: it moves a few tiles and back, slowly.
fn new_mover_spec(kind: SolidKind) -> &'static str {
    match kind {
        SolidKind::OneWay => "oneway up 3 60",
        SolidKind::Solid => "solid right 3 60",
    }
}

/// `spec` with word `word` (0 kind, 1 direction, 2 tiles, 3 speed) stepped
/// once forward or back, as [`Editor::step_mover`] says.
pub fn stepped_mover(spec: MoverSpec, word: usize, forward: bool) -> MoverSpec {
    let mut next = spec;
    match word {
        0 => {
            next.kind = match spec.kind {
                SolidKind::Solid => SolidKind::OneWay,
                SolidKind::OneWay => SolidKind::Solid,
            }
        }
        1 => {
            const CLOCKWISE: [Dir; 4] = [Dir::Up, Dir::Right, Dir::Down, Dir::Left];
            let at = CLOCKWISE.iter().position(|&d| d == spec.dir).unwrap_or(0);
            next.dir = CLOCKWISE[(at + if forward { 1 } else { 3 }) % 4];
        }
        2 => {
            next.tiles = match forward {
                true if spec.tiles >= 16 => spec.tiles,
                true => spec.tiles + 1,
                false => spec.tiles.saturating_sub(1).max(1),
            }
        }
        _ => {
            let steps = (spec.speed / 20.0).floor();
            next.speed = match forward {
                true => (steps + 1.0) * 20.0,
                false if spec.speed % 20.0 != 0.0 => steps * 20.0,
                false => (steps - 1.0) * 20.0,
            }
            .clamp(20.0, 600.0);
        }
    }
    next
}

/// The text of a new level (N in the level select): a walled room with a
/// floor, the spawn on the left and the exit on the right.
pub fn template(title: &str) -> String {
    let mut text = format!(
        "title = {title}\n\
         // Made with dropthrough's editor. Tiles: # solid, - one-way ledge, ^ spikes,\n\
         // E exit, @ spawn, > < T turrets, J L 1 2 3 4 ramps, {{ }} one-way ramps,\n\
         // S spring, F checkpoint, * gem, C crate, W walker, a-z moving platforms\n\
         // (each with a header line).\n"
    );
    let (w, h) = (40, 14);
    for row in 0..h {
        let line: String = (0..w)
            .map(|col| match (col, row) {
                (0, _) | (_, 0) => '#',
                _ if col == w - 1 || row == h - 1 => '#',
                (2, r) if r == h - 2 => '@',
                (c, r) if c == w - 3 && r == h - 2 => 'E',
                _ => '.',
            })
            .collect();
        text.push_str(&line);
        text.push('\n');
    }
    text
}

/// A level being edited: its document, what can be undone and redone, and
/// whether it changed since it was opened or saved.
pub struct Editor {
    path: PathBuf,
    doc: Doc,
    level: Level,
    undo: Vec<Doc>,
    redo: Vec<Doc>,
    /// The document before the paint stroke in progress, if one is.
    stroke: Option<Doc>,
    /// The text last saved (or opened).
    saved: String,
    message: Option<String>,
}

impl Editor {
    /// Edits `text`, the level file at `path`; the text must parse (it is
    /// the file as it is on disk, or as it was dropped in).
    pub fn open(path: &Path, text: &str) -> Result<Editor, dropthrough_sim::LevelError> {
        let level = Level::parse(text, &path.display().to_string())?;
        Ok(Editor {
            path: path.to_path_buf(),
            doc: Doc::parse(text),
            level,
            undo: Vec::new(),
            redo: Vec::new(),
            stroke: None,
            saved: text.to_string(),
            message: None,
        })
    }

    /// The file it saves to.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The level as edited so far (it always parses).
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// The level file's text as edited so far.
    pub fn text(&self) -> String {
        self.doc.text()
    }

    /// Whether there are edits not yet saved.
    pub fn unsaved(&self) -> bool {
        self.doc.text() != self.saved
    }

    /// Why the last edit or save was refused, or what it did.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// The character at a cell, `.` outside the grid or for empty.
    pub fn tile(&self, cell: Cell) -> char {
        self.doc.get(cell.0, cell.1)
    }

    /// Applies `edit` as one undoable step if the level still parses
    /// afterwards; otherwise keeps the document as it was and says why.
    fn change(&mut self, edit: impl FnOnce(&mut Doc) -> Result<(), String>) -> bool {
        let before = self.doc.clone();
        if let Err(why) = edit(&mut self.doc) {
            self.doc = before;
            self.message = Some(why);
            return false;
        }
        if self.doc == before {
            return true;
        }
        if !self.reparse() {
            self.doc = before;
            return false;
        }
        self.push_undo(before);
        true
    }

    /// Parses the document into `level`; on an error keeps the old level
    /// and puts the error in `message`.
    fn reparse(&mut self) -> bool {
        match Level::parse(&self.doc.text(), &self.path.display().to_string()) {
            Ok(level) => {
                self.level = level;
                self.message = None;
                true
            }
            Err(e) => {
                self.message = Some(format!("not done: {}", e.kind));
                false
            }
        }
    }

    fn push_undo(&mut self, before: Doc) {
        self.undo.push(before);
        if self.undo.len() > UNDO_LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// Starts a paint stroke: the cells painted until [`Editor::end_stroke`]
    /// undo as one edit.
    pub fn begin_stroke(&mut self) {
        self.end_stroke();
        self.stroke = Some(self.doc.clone());
    }

    /// Paints one cell as part of the stroke in progress (or alone).
    pub fn paint(&mut self, cell: Cell, brush: Brush) {
        if self.stroke.is_none() {
            self.change(|doc| doc.paint(cell.0, cell.1, brush).map_err(String::from));
            return;
        }
        let before = self.doc.clone();
        match self.doc.paint(cell.0, cell.1, brush) {
            Ok(()) if self.doc != before => {
                if !self.reparse() {
                    self.doc = before;
                }
            }
            Ok(()) => {}
            Err(why) => self.message = Some(why.to_string()),
        }
    }

    /// Ends the paint stroke in progress: one undoable edit.
    pub fn end_stroke(&mut self) {
        if let Some(before) = self.stroke.take() {
            if before != self.doc {
                self.push_undo(before);
            }
        }
    }

    /// Fills the rectangle between two corner cells with `brush` (a mover
    /// brush makes one new mover there, with a header line of its own).
    pub fn rect(&mut self, a: Cell, b: Cell, brush: Brush) {
        self.end_stroke();
        let (c0, c1) = (a.0.min(b.0), a.0.max(b.0));
        let (r0, r1) = (a.1.min(b.1), a.1.max(b.1));
        self.change(|doc| match brush {
            Brush::Mover(kind) => {
                // (In a level that loads, a letter has a header line exactly
                // when it is in the grid.)
                let letter = ('a'..='z')
                    .find(|l| doc.cells_of(*l).is_empty())
                    .ok_or("a level has at most 26 movers (a-z)")?;
                for row in r0..=r1 {
                    for col in c0..=c1 {
                        doc.paint(col, row, Brush::ERASE)?;
                        doc.set(col, row, letter);
                    }
                }
                doc.set_header(&letter.to_string(), new_mover_spec(kind));
                Ok(())
            }
            Brush::Spawn => doc.paint(b.0, b.1, brush).map_err(String::from),
            Brush::Tile(_) => {
                for row in r0..=r1 {
                    for col in c0..=c1 {
                        // The spawn stays where it is inside a filled rectangle.
                        if doc.get(col, row) != '@' {
                            doc.paint(col, row, brush)?;
                        }
                    }
                }
                Ok(())
            }
        });
    }

    /// The header values the panel edits, in order: the title and the
    /// hint, every numeric key, then each mover's line; `""` for a key not
    /// set.
    pub fn header_fields(&self) -> Vec<(String, String)> {
        let mut fields: Vec<(String, String)> = TEXT_KEYS
            .iter()
            .map(|&key| (key.to_string(), self.doc.header(key).unwrap_or_default()))
            .collect();
        for key in &NUMBER_KEYS {
            fields.push((
                key.name.to_string(),
                self.doc.header(key.name).unwrap_or_default(),
            ));
        }
        for mover in self.level.movers() {
            let key = mover.letter.to_string();
            let value = self.doc.header(&key).unwrap_or_default();
            fields.push((key, value));
        }
        fields
    }

    /// Sets header `key` to `value` (empty: remove the line, so a number
    /// goes back to its default). Refused, with the reason, if the level
    /// would not parse; a mover's line cannot be removed while it is drawn.
    pub fn set_header(&mut self, key: &str, value: &str) -> Result<(), String> {
        self.end_stroke();
        let value = value.trim();
        let is_mover = dropthrough_sim::header::mover_key(key).is_some();
        if is_mover && value.is_empty() {
            let why = format!("a mover needs its line: erase the mover '{key}' to remove it");
            self.message = Some(why.clone());
            return Err(why);
        }
        if value.contains('\n') || value.contains('\r') {
            return Err("a header value is one line".into());
        }
        let key = key.to_string();
        let value = value.to_string();
        if self.change(|doc| {
            doc.set_header(&key, &value);
            Ok(())
        }) {
            Ok(())
        } else {
            Err(self.message.clone().unwrap_or_default())
        }
    }

    /// Steps word `word` (0 kind, 1 direction, 2 tiles, 3 speed) of mover
    /// `key`'s line once forward (or back), as a click on it in the panel
    /// does: solid and oneway in turn, the directions clockwise, a tile
    /// more or less (1 to 16), 20 px/s faster or slower (20 to 600, from
    /// the next multiple of 20). Refused, with the reason, as
    /// [`Editor::set_header`] refuses.
    pub fn step_mover(&mut self, key: &str, word: usize, forward: bool) -> Result<(), String> {
        let value = self.doc.header(key).unwrap_or_default();
        let spec = dropthrough_sim::header::parse_mover(&value)
            .map_err(|(_, why)| format!("{key}: {why}"))?;
        let next = stepped_mover(spec, word, forward);
        self.set_header(key, &next.to_string())
    }

    /// Undoes the last edit; false if there is none.
    pub fn undo(&mut self) -> bool {
        self.end_stroke();
        let Some(before) = self.undo.pop() else {
            return false;
        };
        let now = std::mem::replace(&mut self.doc, before);
        self.redo.push(now);
        self.reparse();
        true
    }

    /// Redoes the last undone edit; false if there is none.
    pub fn redo(&mut self) -> bool {
        self.end_stroke();
        let Some(after) = self.redo.pop() else {
            return false;
        };
        let now = std::mem::replace(&mut self.doc, after);
        self.undo.push(now);
        self.reparse();
        true
    }

    /// Makes `path` the file [`Editor::save`] writes (a copy of a bundled
    /// level among the player's own, say); the edits and their undo stay.
    pub fn save_as(&mut self, path: PathBuf) {
        self.path = path;
    }

    /// Writes the level to its file through a temporary file and a rename:
    /// the file is the old or the new level at every moment, never half.
    /// Returns the text written.
    pub fn save(&mut self) -> Result<String, String> {
        self.end_stroke();
        let text = self.doc.text();
        let result = AtomicFile::create(&self.path).and_then(|mut file| {
            file.write_all(text.as_bytes())?;
            file.commit()
        });
        match result {
            Ok(()) => {
                self.saved = text.clone();
                self.message = Some(format!("saved {}", self.path.display()));
                Ok(text)
            }
            Err(e) => {
                let why = format!("{}: cannot save: {e}", self.path.display());
                self.message = Some(why.clone());
                Err(why)
            }
        }
    }

    /// The level was kept somewhere other than its file (the browser's
    /// storage, `place`): its text now is the saved one. Returns that text.
    pub fn mark_saved(&mut self, place: &str) -> String {
        self.end_stroke();
        let text = self.doc.text();
        self.saved = text.clone();
        self.message = Some(format!("saved {}", place));
        text
    }

    /// The grid's size in tiles as written (columns of the longest row, rows).
    pub fn size(&self) -> (usize, usize) {
        (self.doc.width(), self.doc.rows.len())
    }
}

#[cfg(test)]
mod tests;
