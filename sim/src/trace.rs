//! The trace CSV (one row per step; docs/FORMATS.md), the bullets CSV (one
//! row per bullet per step) and the actors CSV (one row per crate and
//! walker per step), each written to any `Write` as the run goes. (Writing
//! them to files whole or not at all is the game's file store's job.)

use std::io::{self, Write};

use crate::world::{Events, World};

/// The trace's header line.
pub const HEADER: &str = "frame,x,y,w,h,vx,vy,grounded,event";

/// Writes a trace: the header and the spawn row when it starts, then one
/// row per step. The headless run and the window both write through it.
pub struct TraceWriter<W: Write> {
    out: W,
}

impl<W: Write> TraceWriter<W> {
    /// Writes the header and row 0: `world` as it stands before any step.
    pub fn start(mut out: W, world: &World) -> io::Result<TraceWriter<W>> {
        writeln!(out, "{HEADER}")?;
        write_row(&mut out, world, &Events::default())?;
        Ok(TraceWriter { out })
    }

    /// Writes the row of the step just taken: `world` after it, and its events.
    pub fn row(&mut self, world: &World, events: &Events) -> io::Result<()> {
        write_row(&mut self.out, world, events)
    }

    /// The output, to commit or flush.
    pub fn into_inner(self) -> W {
        self.out
    }
}

/// The bullets CSV's header line.
pub const BULLETS_HEADER: &str = "frame,id,x,y,event";

/// Writes the bullets CSV: the header when it starts, then after each step
/// one row per bullet that flew or was fired in it, by id.
pub struct BulletWriter<W: Write> {
    out: W,
    rows: u64,
    max_rows: u64,
}

/// Most rows a bullets CSV holds unless a larger limit is asked for
/// ([`BulletWriter::with_max_rows`], `--bullets-max-rows`): about 1 GB. A
/// long run at the bullet bound writes 65,536 rows a step, gigabytes a
/// minute; past the limit the run fails and the file is not written.
pub const DEFAULT_MAX_BULLET_ROWS: u64 = 20_000_000;

impl<W: Write> BulletWriter<W> {
    /// Writes the header.
    pub fn start(mut out: W) -> io::Result<BulletWriter<W>> {
        writeln!(out, "{BULLETS_HEADER}")?;
        Ok(BulletWriter {
            out,
            rows: 0,
            max_rows: DEFAULT_MAX_BULLET_ROWS,
        })
    }

    /// Allows at most `max_rows` rows (0: no limit).
    pub fn with_max_rows(mut self, max_rows: u64) -> BulletWriter<W> {
        self.max_rows = if max_rows == 0 { u64::MAX } else { max_rows };
        self
    }

    /// Writes the rows of the step just taken; an error once the file would
    /// pass its limit of rows.
    pub fn rows(&mut self, world: &World) -> io::Result<()> {
        let rows = world.bullet_rows();
        self.rows = self.rows.saturating_add(rows.len() as u64);
        if self.rows > self.max_rows {
            return Err(io::Error::other(format!(
                "the bullets CSV would pass {} rows at frame {} (raise the limit with --bullets-max-rows N, 0 for none)",
                self.max_rows,
                world.frame()
            )));
        }
        for row in rows {
            writeln!(
                self.out,
                "{},{},{},{},{}",
                world.frame(),
                row.id,
                row.pos.0,
                row.pos.1,
                row.event.name()
            )?;
        }
        Ok(())
    }

    /// The output, to commit or flush.
    pub fn into_inner(self) -> W {
        self.out
    }
}

/// The actors CSV's header line.
pub const ACTORS_HEADER: &str = "frame,id,kind,x,y,w,h,alive,event";

/// Writes the actors CSV: the header and frame 0 when it starts, then
/// after each step one row per crate and walker, by id (gone ones too).
/// It streams: a long run with many bodies is written as it goes, never
/// held in memory.
pub struct ActorWriter<W: Write> {
    out: W,
}

impl<W: Write> ActorWriter<W> {
    /// Writes the header and frame 0's rows: `world` before any step.
    pub fn start(mut out: W, world: &World) -> io::Result<ActorWriter<W>> {
        writeln!(out, "{ACTORS_HEADER}")?;
        let mut writer = ActorWriter { out };
        writer.rows(world)?;
        Ok(writer)
    }

    /// Writes the rows of the step just taken.
    pub fn rows(&mut self, world: &World) -> io::Result<()> {
        let frame = world.frame();
        for (i, b) in world.level_bodies().iter().enumerate() {
            let r = b.rect();
            // Frame 0 reports no events.
            let events = if frame == 0 {
                String::new()
            } else {
                b.events().actors_names(b.kind())
            };
            writeln!(
                self.out,
                "{frame},{},{},{},{},{},{},{},{events}",
                i + 1,
                b.kind().name(),
                r.x,
                r.y,
                r.w,
                r.h,
                u8::from(b.alive()),
            )?;
        }
        Ok(())
    }

    /// The output, to commit or flush.
    pub fn into_inner(self) -> W {
        self.out
    }
}

fn write_row(out: &mut impl Write, world: &World, events: &Events) -> io::Result<()> {
    let p = world.player();
    let r = p.rect();
    writeln!(
        out,
        "{},{},{},{},{},{},{},{},{}",
        world.frame(),
        r.x,
        r.y,
        r.w,
        r.h,
        p.vx(),
        p.vy(),
        p.grounded() as u8,
        events
    )
}
