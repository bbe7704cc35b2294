//! The level file's parser: lines to a header, a grid and what the grid
//! holds, checked as it goes; the first error names its line and column.

use super::*;

/// Parses level text; `file` names the source in errors.
pub(super) fn parse(text: &str, file: &str) -> Result<Level, LevelError> {
    Parser {
        file,
        header: Header::default(),
        key_lines: [0; TEXT_KEYS.len() + NUMBER_KEYS.len()],
        rows: Vec::new(),
        row_lines: Vec::new(),
        width: 0,
        first_grid_line: None,
        spawn: None,
        mover_keys: [None; 26],
        mover_tiles: [None; 26],
        bodies: Vec::new(),
        checkpoints: Vec::new(),
    }
    .run(text)
}

struct Parser<'a> {
    file: &'a str,
    header: Header,
    /// The line each known key was set on (0 = not yet): each of
    /// [`TEXT_KEYS`], then each of [`NUMBER_KEYS`].
    key_lines: [usize; TEXT_KEYS.len() + NUMBER_KEYS.len()],
    /// The grid rows' text, checked; turned into tiles once the width is known.
    rows: Vec<&'a str>,
    width: usize,
    first_grid_line: Option<usize>,
    /// The file line of each grid row.
    row_lines: Vec<usize>,
    /// `(line, col, grid col, grid row)` of the `@`.
    spawn: Option<(usize, usize, i32, i32)>,
    /// `(line, col)` of each mover letter's header key, by letter.
    mover_keys: [Option<(usize, usize)>; 26],
    /// Where each mover letter is in the grid, by letter.
    mover_tiles: [Option<MoverTiles>; 26],
    /// The crates and walkers in reading order, with the `(line, col)` of each.
    bodies: Vec<(BodySpec, (usize, usize))>,
    /// The checkpoints' cells, in reading order, with the `(line, col)` of each.
    checkpoints: Vec<(Cell, (usize, usize))>,
}

/// Where one mover letter's tiles are in the grid.
#[derive(Clone, Copy)]
struct MoverTiles {
    /// `(line, col)` of its first tile in the file.
    first: (usize, usize),
    /// Grid columns and rows it spans, inclusive.
    cols: (usize, usize),
    rows: (usize, usize),
    count: usize,
}

impl<'a> Parser<'a> {
    fn error(&self, line: usize, col: usize, kind: LevelErrorKind) -> LevelError {
        LevelError {
            file: self.file.to_string(),
            line,
            col,
            kind,
        }
    }

    fn run(mut self, text: &'a str) -> Result<Level, LevelError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // The last line with anything on it, where a missing grid is reported.
        let mut last_line = 1;
        // Blank lines after the last grid row are not rows; they are held here
        // and only become empty rows if another grid row follows.
        let mut pending_blank_rows: Vec<usize> = Vec::new();
        for (index, raw) in text.split('\n').enumerate() {
            let line_no = index + 1;
            let line = raw.strip_suffix('\r').unwrap_or(raw);
            if !line.is_empty() {
                last_line = line_no;
            }
            if line.starts_with("//") {
                continue;
            }
            let blank = line.trim_matches(' ').is_empty();
            if self.first_grid_line.is_none() {
                if blank {
                    continue;
                }
                if line.contains('=') {
                    self.header_line(line, line_no)?;
                    continue;
                }
                self.first_grid_line = Some(line_no);
            } else if blank {
                pending_blank_rows.push(line_no);
                continue;
            }
            if looks_like_header(line) {
                return Err(self.error(line_no, 1, LevelErrorKind::HeaderAfterGrid));
            }
            for blank_line in std::mem::take(&mut pending_blank_rows) {
                self.push_row("", blank_line)?;
            }
            self.check_row(line, line_no)?;
            self.push_row(line, line_no)?;
        }
        let Some(first_grid_line) = self.first_grid_line else {
            return Err(self.error(last_line, 1, LevelErrorKind::EmptyGrid));
        };
        let Some((_, _, col, row)) = self.spawn else {
            return Err(self.error(first_grid_line, 1, LevelErrorKind::NoSpawn));
        };
        let movers = self.movers((col, row))?;
        self.check_bodies(&movers)?;
        let mut grid = Grid::blank(self.width, self.rows.len());
        let mut has_exit = false;
        let mut turrets = Vec::new();
        for (r, row) in self.rows.iter().enumerate() {
            // Mover letters are empty tiles: the mover is not part of the grid.
            let tiles = row
                .chars()
                .map(|ch| Tile::from_char(ch).unwrap_or_default());
            for (c, tile) in tiles.enumerate() {
                has_exit |= tile == Tile::Exit;
                turrets.extend(Turret::at(c as i32, r as i32, tile));
                grid.set(c, r, tile);
            }
        }
        Ok(Level {
            header: self.header,
            grid,
            spawn: Some(Cell::new(col, row)),
            movers,
            turrets,
            bodies: self.bodies.into_iter().map(|(b, _)| b).collect(),
            has_exit,
        })
    }

    /// No crate, walker or checkpoint is on a solid mover's path (each is
    /// where something starts again).
    fn check_bodies(&self, movers: &[Mover]) -> Result<(), LevelError> {
        let bodies = self.bodies.iter().map(|(body, at)| {
            let (col, row) = body.cell();
            (body.kind.to_char(), Cell::new(col, row), at)
        });
        let checkpoints = self.checkpoints.iter().map(|(cell, at)| ('F', *cell, at));
        for (what, cell, &(line, col)) in bodies.chain(checkpoints) {
            let crossing = movers
                .iter()
                .find(|m| m.spec.kind == SolidKind::Solid && m.path().overlaps(&cell.rect()));
            if let Some(m) = crossing {
                let (key_line, _) = m.index().and_then(|i| self.mover_keys[i]).unwrap_or((1, 1));
                let (letter, line_of) = (m.letter, key_line);
                let kind = match what {
                    'F' => LevelErrorKind::CheckpointInMoverPath {
                        letter,
                        line: line_of,
                    },
                    body => LevelErrorKind::BodyInMoverPath {
                        body,
                        letter,
                        line: line_of,
                    },
                };
                return Err(self.error(line, col, kind));
            }
        }
        Ok(())
    }

    fn push_row(&mut self, row: &'a str, line_no: usize) -> Result<(), LevelError> {
        if self.rows.len() == MAX_GRID_SIDE {
            return Err(self.error(line_no, 1, LevelErrorKind::TooTall));
        }
        self.rows.push(row);
        self.row_lines.push(line_no);
        Ok(())
    }

    /// Checks a grid row's characters and notes the spawn and the width.
    fn check_row(&mut self, line: &str, line_no: usize) -> Result<(), LevelError> {
        let grid_row = self.rows.len() as i32;
        let mut count = 0;
        for (index, ch) in line.chars().enumerate() {
            let col = index + 1;
            if index == MAX_GRID_SIDE {
                return Err(self.error(line_no, col, LevelErrorKind::TooWide));
            }
            if ch.is_ascii_lowercase() {
                self.note_mover_tile(ch, line_no, col, index, grid_row as usize);
            } else if Tile::from_char(ch).is_none() {
                let kind = if ch == '\t' {
                    LevelErrorKind::Tab
                } else {
                    LevelErrorKind::UnknownTile(ch)
                };
                return Err(self.error(line_no, col, kind));
            }
            if let Some(kind) = BodyKind::from_char(ch) {
                if self.bodies.len() == MAX_BODIES {
                    return Err(self.error(line_no, col, LevelErrorKind::TooManyBodies));
                }
                let body = BodySpec::in_cell(kind, index as i32, grid_row);
                self.bodies.push((body, (line_no, col)));
            }
            if Tile::from_char(ch) == Some(Tile::Checkpoint) {
                let cell = Cell::new(index as i32, grid_row);
                self.checkpoints.push((cell, (line_no, col)));
            }
            if ch == '@' {
                if let Some((first_line, first_col, _, _)) = self.spawn {
                    return Err(self.error(
                        line_no,
                        col,
                        LevelErrorKind::SecondSpawn {
                            first_line,
                            first_col,
                        },
                    ));
                }
                self.spawn = Some((line_no, col, index as i32, grid_row));
            }
            count = col;
        }
        self.width = self.width.max(count);
        Ok(())
    }

    fn note_mover_tile(&mut self, letter: char, line: usize, col: usize, c: usize, r: usize) {
        let slot = &mut self.mover_tiles[(letter as u8 - b'a') as usize];
        match slot {
            None => {
                *slot = Some(MoverTiles {
                    first: (line, col),
                    cols: (c, c),
                    rows: (r, r),
                    count: 1,
                })
            }
            Some(t) => {
                t.cols = (t.cols.0.min(c), t.cols.1.max(c));
                t.rows = (t.rows.0.min(r), t.rows.1.max(r));
                t.count += 1;
            }
        }
    }

    /// The movers, checked: each letter in the grid has a header line and
    /// fills a rectangle, each header letter is in the grid, and no solid
    /// mover's path covers the spawn cell.
    fn movers(&self, spawn: (i32, i32)) -> Result<Vec<Mover>, LevelError> {
        let mut movers = Vec::new();
        for (i, tiles) in self.mover_tiles.iter().enumerate() {
            let letter = (b'a' + i as u8) as char;
            let Some(t) = tiles else { continue };
            let Some(spec) = self.header.mover(letter) else {
                let (line, col) = t.first;
                return Err(self.error(line, col, LevelErrorKind::MoverWithoutHeader(letter)));
            };
            let (w, h) = (t.cols.1 - t.cols.0 + 1, t.rows.1 - t.rows.0 + 1);
            if t.count != w * h {
                // NOTE: each row is walked once, so finding the hole costs
                // no more than reading the file (not a character lookup per cell).
                let hole = (t.rows.0..=t.rows.1)
                    .find_map(|r| {
                        let mut cells = self.rows[r].chars().skip(t.cols.0);
                        (t.cols.0..=t.cols.1)
                            .find(|_| cells.next() != Some(letter))
                            .map(|c| (c, r))
                    })
                    .unwrap_or((t.cols.0, t.rows.0));
                let line = |r: usize| self.row_lines[r];
                return Err(self.error(
                    line(hole.1),
                    hole.0 + 1,
                    LevelErrorKind::MoverNotRectangle {
                        letter,
                        top: line(t.rows.0),
                        left: t.cols.0 + 1,
                        bottom: line(t.rows.1),
                        right: t.cols.1 + 1,
                    },
                ));
            }
            movers.push(Mover {
                letter,
                spec,
                home: Rect::new(
                    t.cols.0 as i32 * TILE,
                    t.rows.0 as i32 * TILE,
                    w as i32 * TILE,
                    h as i32 * TILE,
                ),
            });
        }
        for (letter, _) in self.header.movers() {
            if self.mover_tiles[(letter as u8 - b'a') as usize].is_none() {
                let (line, col) = self.mover_keys[(letter as u8 - b'a') as usize].unwrap_or((1, 1));
                return Err(self.error(line, col, LevelErrorKind::MoverNotInGrid(letter)));
            }
        }
        let spawn_cell = Rect::new(spawn.0 * TILE, spawn.1 * TILE, TILE, TILE);
        for m in &movers {
            if m.spec.kind == SolidKind::Solid && m.path().overlaps(&spawn_cell) {
                let (line, col, _, _) = self.spawn.unwrap_or_default();
                let (key_line, _) = m.index().and_then(|i| self.mover_keys[i]).unwrap_or((1, 1));
                return Err(self.error(
                    line,
                    col,
                    LevelErrorKind::SpawnInMoverPath {
                        letter: m.letter,
                        line: key_line,
                    },
                ));
            }
        }
        Ok(movers)
    }

    fn header_line(&mut self, line: &str, line_no: usize) -> Result<(), LevelError> {
        let (key_raw, value_raw) = line.split_once('=').unwrap_or((line, ""));
        let key = key_raw.trim();
        let value = value_raw.trim();
        let key_col = 1 + key_raw.chars().take_while(|c| c.is_whitespace()).count();
        let value_col = 1
            + key_raw.chars().count()
            + 1
            + value_raw.chars().take_while(|c| c.is_whitespace()).count();
        if let Some(letter) = mover_key(key) {
            let index = (letter as u8 - b'a') as usize;
            if let Some((first_line, _)) = self.mover_keys[index] {
                return Err(self.error(
                    line_no,
                    key_col,
                    LevelErrorKind::DuplicateMover { letter, first_line },
                ));
            }
            self.mover_keys[index] = Some((line_no, key_col));
            let spec = parse_mover(value).map_err(|(at, problem)| {
                self.error(
                    line_no,
                    value_col + at,
                    LevelErrorKind::BadMover { letter, problem },
                )
            })?;
            self.header.set_mover(letter, spec);
            return Ok(());
        }
        // Slot i < TEXT is TEXT_KEYS[i]; slot TEXT + i is NUMBER_KEYS[i].
        const TEXT: usize = TEXT_KEYS.len();
        let slot = if let Some(i) = TEXT_KEYS.iter().position(|&k| k == key) {
            i
        } else if let Some(i) = NUMBER_KEYS.iter().position(|k| k.name == key) {
            TEXT + i
        } else {
            return Err(self.error(
                line_no,
                key_col,
                LevelErrorKind::UnknownKey(key.to_string()),
            ));
        };
        let name = match slot {
            i if i < TEXT => TEXT_KEYS[i],
            i => NUMBER_KEYS[i - TEXT].name,
        };
        if self.key_lines[slot] != 0 {
            let first_line = self.key_lines[slot];
            return Err(self.error(
                line_no,
                key_col,
                LevelErrorKind::DuplicateKey {
                    key: name,
                    first_line,
                },
            ));
        }
        self.key_lines[slot] = line_no;
        if slot < TEXT {
            let text = Some(value.to_string());
            match name {
                HINT_KEY => self.header.hint = text,
                WORLD_KEY => self.header.world = text,
                _ => self.header.title = text,
            }
            return Ok(());
        }
        let key = &NUMBER_KEYS[slot - TEXT];
        let Some(number) = key.parse(value) else {
            return Err(self.error(
                line_no,
                value_col,
                LevelErrorKind::BadNumber {
                    key: name,
                    value: value.to_string(),
                    unit: key.unit,
                    max: key.max,
                },
            ));
        };
        self.header.set_number(slot - TEXT, number);
        Ok(())
    }
}

/// `word = …` inside the grid: a header line in the wrong place.
fn looks_like_header(line: &str) -> bool {
    line.split_once('=').is_some_and(|(key, _)| {
        let key = key.trim();
        !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}
