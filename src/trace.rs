//! The trace CSV (one row per step; docs/FORMATS.md), the bullets CSV (one
//! row per bullet per step) and [`AtomicFile`],
//! which writes any output to a temporary file and renames it into place, so
//! a run that fails never leaves half a file.

use std::io::{self, Write};

pub use crate::store::AtomicFile;
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
}

impl<W: Write> BulletWriter<W> {
    /// Writes the header.
    pub fn start(mut out: W) -> io::Result<BulletWriter<W>> {
        writeln!(out, "{BULLETS_HEADER}")?;
        Ok(BulletWriter { out })
    }

    /// Writes the rows of the step just taken.
    pub fn rows(&mut self, world: &World) -> io::Result<()> {
        for row in world.bullet_rows() {
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
