//! The editor's palette: a swatch per brush, each drawn as what it paints
//! (the ramp slot as the ramp chosen now), with its key, the chosen one
//! framed.

use dropthrough::editor::Brush;
use dropthrough_sim::body::{BodyKind, BodySpec};
use dropthrough_sim::geom::{Rect, TILE};
use dropthrough_sim::grid::Tile;
use macroquad::prelude::*;

use super::super::camera::Viewport;
use super::super::draw;
use super::super::layout::{Area, SWATCH};
use super::super::palette::{self as colours, TEXT};
use super::super::text;

/// Draws the palette's swatches in the boxes `swatches`: the ramp slot as
/// ramp `ramp` of [`Brush::RAMPS`], brush `chosen` framed.
pub(super) fn draw(swatches: &[Area], ramp: usize, chosen: usize, time: f64) {
    let ramp = Brush::Tile(Brush::RAMPS[ramp]);
    let brushes = Brush::PALETTE.iter().enumerate().map(|(i, b)| match i {
        Brush::RAMP_SLOT => ramp,
        _ => *b,
    });
    for (i, (brush, at)) in brushes.zip(swatches).enumerate() {
        let brush = &brush;
        let (x, y) = (at.x, at.y);
        let vp = Viewport {
            zoom: SWATCH / TILE as f32,
            origin: (x, y),
            area: Rect::new(0, 0, TILE, TILE),
        };
        draw_rectangle(x, y, SWATCH, SWATCH, colours::BACKGROUND);
        match brush {
            Brush::Spawn => draw_rectangle(
                x + SWATCH * 0.25,
                y + 2.0,
                SWATCH * 0.5,
                SWATCH - 2.0,
                colours::PLAYER,
            ),
            Brush::Mover(kind) => {
                let home = Rect::new(0, 0, TILE, TILE);
                let mover = dropthrough_sim::mover::Mover {
                    letter: 'a',
                    spec: dropthrough_sim::mover::MoverSpec {
                        kind: *kind,
                        dir: dropthrough_sim::mover::Dir::Up,
                        tiles: 1,
                        speed: 1.0,
                    },
                    home,
                };
                draw::movers(&[mover], 0, &vp, 0.0);
            }
            Brush::Tile(c) if BodyKind::from_char(*c).is_some() => {
                let kind = BodyKind::from_char(*c).unwrap_or(BodyKind::Crate);
                let body = BodySpec::in_cell(kind, 0, 0);
                draw::body(&vp, kind.into(), draw::float_rect(body.home), -1);
            }
            Brush::Tile(c) => {
                let tile = Tile::from_char(*c).unwrap_or(Tile::Empty);
                let open = draw::Around {
                    open_top: true,
                    ..draw::Around::default()
                };
                draw::tile(&vp, tile, 0.0, 0.0, open, time);
            }
        }
        let key = match i {
            9 => "0".to_string(),
            10 => "-".to_string(),
            11 => "=".to_string(),
            Brush::RAMP_SLOT => "R".to_string(),
            13 => "G".to_string(),
            14 => "F".to_string(),
            15 => "V".to_string(),
            i => (i + 1).to_string(),
        };
        text::draw(&key, x + 1.0, y, TEXT);
        if i == chosen {
            draw_rectangle_lines(
                x - 3.0,
                y - 3.0,
                SWATCH + 6.0,
                SWATCH + 6.0,
                2.0,
                colours::EDIT_CURSOR,
            );
        }
    }
}
