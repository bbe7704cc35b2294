//! The editor's document: a level file's text split where the editor
//! changes it, written back exactly as it was read.

use dropthrough_sim::level::MAX_GRID_SIDE;

use super::Brush;

/// A level file's text, split where the editor changes it.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Doc {
    /// Whether the file started with a byte-order mark.
    pub(super) bom: bool,
    /// `"\r\n"` if the file's first line ended so, else `"\n"`.
    pub(super) newline: &'static str,
    /// Lines above the first grid row: header lines, comments, blank lines.
    pub(super) head: Vec<String>,
    /// The grid rows, as written (`.` or space for empty).
    pub(super) rows: Vec<Vec<char>>,
    /// Comment lines between rows: `(i, line)` comes just before row `i`.
    pub(super) comments: Vec<(usize, String)>,
    /// Lines after the last row (blank lines, comments).
    pub(super) tail: Vec<String>,
    /// Whether the text ended with a newline.
    pub(super) final_newline: bool,
}

impl Doc {
    pub(super) fn parse(text: &str) -> Doc {
        let bom = text.starts_with('\u{feff}');
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let newline = match text.find('\n') {
            Some(i) if text[..i].ends_with('\r') => "\r\n",
            _ => "\n",
        };
        let final_newline = text.ends_with('\n');
        let body = text.strip_suffix('\n').unwrap_or(text);
        let mut doc = Doc {
            bom,
            newline,
            head: Vec::new(),
            rows: Vec::new(),
            comments: Vec::new(),
            tail: Vec::new(),
            final_newline,
        };
        // Lines after the last row so far: rows if another row follows.
        let mut pending: Vec<&str> = Vec::new();
        let mut in_grid = false;
        for raw in body.split('\n') {
            let line = raw.strip_suffix('\r').unwrap_or(raw);
            let blank = line.trim_matches(' ').is_empty();
            if !in_grid {
                if line.starts_with("//") || blank || line.contains('=') {
                    doc.head.push(line.to_string());
                    continue;
                }
                in_grid = true;
            }
            if line.starts_with("//") || blank {
                pending.push(line);
                continue;
            }
            for held in pending.drain(..) {
                if held.starts_with("//") {
                    doc.comments.push((doc.rows.len(), held.to_string()));
                } else {
                    doc.rows.push(held.chars().collect());
                }
            }
            doc.rows.push(line.chars().collect());
        }
        doc.tail = pending.into_iter().map(str::to_string).collect();
        doc
    }

    pub(super) fn text(&self) -> String {
        let mut lines: Vec<String> = self.head.clone();
        let mut comments = self.comments.iter().peekable();
        for (i, row) in self.rows.iter().enumerate() {
            while let Some((_, c)) = comments.next_if(|(at, _)| *at <= i) {
                lines.push(c.clone());
            }
            lines.push(row.iter().collect());
        }
        lines.extend(comments.map(|(_, c)| c.clone()));
        lines.extend(self.tail.iter().cloned());
        let mut text = String::new();
        if self.bom {
            text.push('\u{feff}');
        }
        text.push_str(&lines.join(self.newline));
        if self.final_newline {
            text.push_str(self.newline);
        }
        text
    }

    pub(super) fn get(&self, col: usize, row: usize) -> char {
        let c = self
            .rows
            .get(row)
            .and_then(|r| r.get(col))
            .copied()
            .unwrap_or('.');
        if c == ' ' {
            '.'
        } else {
            c
        }
    }

    /// Sets a tile, growing the grid right and down as needed.
    pub(super) fn set(&mut self, col: usize, row: usize, c: char) {
        if self.get(col, row) == c {
            return;
        }
        while self.rows.len() <= row {
            self.rows.push(Vec::new());
        }
        let r = &mut self.rows[row];
        while r.len() <= col {
            r.push('.');
        }
        r[col] = c;
    }

    pub(super) fn width(&self) -> usize {
        self.rows.iter().map(Vec::len).max().unwrap_or(0)
    }

    /// Every cell holding `c`.
    pub(super) fn cells_of(&self, c: char) -> Vec<(usize, usize)> {
        let mut cells = Vec::new();
        for (row, r) in self.rows.iter().enumerate() {
            for (col, &x) in r.iter().enumerate() {
                if x == c {
                    cells.push((col, row));
                }
            }
        }
        cells
    }

    /// The index in `head` of key `key`'s line.
    pub(super) fn header_line(&self, key: &str) -> Option<usize> {
        self.head.iter().position(|line| {
            !line.starts_with("//") && line.split_once('=').is_some_and(|(k, _)| k.trim() == key)
        })
    }

    pub(super) fn header(&self, key: &str) -> Option<String> {
        let i = self.header_line(key)?;
        let (_, value) = self.head[i].split_once('=')?;
        Some(value.trim().to_string())
    }

    /// Sets `key`'s value where its line is, or in a new line after the
    /// last header line; an empty value removes the line.
    pub(super) fn set_header(&mut self, key: &str, value: &str) {
        let line = format!("{key} = {value}");
        match (self.header_line(key), value.is_empty()) {
            (Some(i), true) => {
                self.head.remove(i);
            }
            (Some(i), false) => self.head[i] = line,
            (None, true) => {}
            (None, false) => {
                let after = self
                    .head
                    .iter()
                    .rposition(|l| !l.starts_with("//") && l.contains('='))
                    .map_or(self.head.len(), |i| i + 1);
                self.head.insert(after, line);
            }
        }
    }

    /// Empties every cell of mover `letter` and drops its header line.
    pub(super) fn remove_mover(&mut self, letter: char) {
        for (col, row) in self.cells_of(letter) {
            self.rows[row][col] = '.';
        }
        self.set_header(&letter.to_string(), "");
    }

    /// Paints one cell: over a mover removes the whole mover (a mover is
    /// one rectangle); the spawn is moved, never erased or duplicated.
    pub(super) fn paint(
        &mut self,
        col: usize,
        row: usize,
        brush: Brush,
    ) -> Result<(), &'static str> {
        if col >= MAX_GRID_SIDE || row >= MAX_GRID_SIDE {
            return Err("the grid is at most 4096 tiles on a side");
        }
        let here = self.get(col, row);
        let c = match brush {
            Brush::Tile(c) => c,
            Brush::Spawn => '@',
            Brush::Mover(_) => return Err("draw a mover as a rectangle"),
        };
        if here == c {
            return Ok(());
        }
        if here == '@' {
            return Err("the spawn is moved, not erased: paint it elsewhere with the spawn brush");
        }
        if here.is_ascii_lowercase() {
            self.remove_mover(here);
        }
        if c == '@' {
            for (x, y) in self.cells_of('@') {
                self.rows[y][x] = '.';
            }
        }
        self.set(col, row, c);
        Ok(())
    }
}
