//! Along a regular ramp a walk goes a period at a time (`repeat.rs`):
//! on long ramps of every kind, with a ceiling over some, a few cells
//! changed, a moving solid, triggers and lines dropped through, a walk
//! of up to 3,000 px must give what the pixel rule gives, box by box.
use super::*;
use proptest::prelude::*;

/// A ramp across a grid `w` cells wide: its cells by column (the
/// surface cell, then what fills under it), rising `rise` rows per
/// column pattern.
const RAMPS: [(&[char], char); 8] = [
    (&['J'], '#'),
    (&['L'], '#'),
    (&['1', '2'], '#'),
    (&['3', '4'], '#'),
    (&['{'], '.'),
    (&['}'], '.'),
    (&['{'], '#'),
    (&['.'], '#'),
];

#[derive(Debug, Clone)]
struct Case {
    rows: Vec<String>,
    body: (i32, i32, i32),
    distance: i32,
    rising: bool,
    triggers: bool,
    dropped_above: Option<i32>,
    blocker: Option<(Rect, bool)>,
}

fn case() -> impl Strategy<Value = Case> {
    let cell = prop::sample::select(vec![
        '.', '#', '-', '^', 'E', 'J', 'L', '1', '2', '3', '4', '{', '}',
    ]);
    (
        (24usize..48, 20usize..40, 0..RAMPS.len(), 2..8usize),
        prop::option::of(2..5usize),
        prop::collection::vec((0..48usize, 0..40usize, cell), 0..4),
        (0..48 * 16, 2..20i32, 2..28i32),
        (-3000..3000i32, any::<bool>(), any::<bool>()),
        prop::option::of(0..640i32),
        prop::option::of(((0..768i32, 0..640i32, 4..40i32, 4..40i32), any::<bool>())),
    )
        .prop_map(
            |((w, h, kind, start), ceiling, changes, body, rest, dropped, blocker)| {
                let (surface, fill) = RAMPS[kind];
                let rising = match surface[0] {
                    'J' | '1' | '{' => -1,
                    'L' | '3' | '}' => 1,
                    _ => 0,
                };
                let mut g = vec![vec!['.'; w]; h];
                for col in 0..w {
                    let step = (col / surface.len()) as i32 * rising;
                    let start = (h - start) as i32 + if rising > 0 { -(w as i32) } else { 0 };
                    let row = start + step;
                    if !(0..h as i32).contains(&row) {
                        continue;
                    }
                    let row = row as usize;
                    g[row][col] = surface[col % surface.len()];
                    for below in g.iter_mut().skip(row + 1) {
                        below[col] = fill;
                    }
                    if let Some(up) = ceiling.filter(|&up| up <= row) {
                        g[row - up][col] = '#';
                    }
                }
                for (col, row, t) in changes {
                    g[row % h][col % w] = t;
                }
                let blocker =
                    blocker.map(|((x, y, bw, bh), solid)| (Rect::new(x, y, bw, bh), solid));
                Case {
                    rows: g.into_iter().map(|r| r.into_iter().collect()).collect(),
                    body,
                    distance: rest.0,
                    rising: rest.1,
                    triggers: rest.2,
                    dropped_above: dropped,
                    blocker,
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, max_global_rejects: 50_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn a_walk_a_period_at_a_time_is_the_pixel_rule(c in case()) {
        let rows: Vec<&str> = c.rows.iter().map(String::as_str).collect();
        let g = grid(&rows);
        let blockers: Vec<Blocker> = c.blocker.iter().map(|&(rect, solid)| Blocker {
            rect,
            kind: if solid { SolidKind::Solid } else { SolidKind::OneWay },
            owner: crate::id::Carrier::Solid(crate::id::SolidId(0)),
        }).collect();
        let dropped = |t: i32| c.dropped_above.is_some_and(|d| t < d);
        let around = Around {
            blockers: &blockers,
            dropped: &dropped,
            triggers: if c.triggers { Triggers::ALL } else { Triggers::NONE },
        };
        // The body lands on the ramp from above its column.
        let (x, bw, bh) = c.body;
        let x = x.min(g.pixel_width() - bw);
        let high = (0..g.pixel_height() - bh).find(|&y| shape::free(&g, &Rect::new(x, y, bw, bh)));
        prop_assume!(high.is_some());
        let top = Rect::new(x, high.unwrap(), bw, bh);
        let fall = plain_move(&g, &around, top, Axis::Y, g.pixel_height());
        let from = top.shifted(Axis::Y, fall.moved);
        prop_assume!(fall.touch.is_none() && stands(&g, &around, &from));
        let (mut fast, mut pixels) = (Vec::new(), Vec::new());
        let by_periods = walk_by(&g, &around, (from, c.distance), c.rising, Some(&mut fast), true);
        let by_pixels = walk_by(&g, &around, (from, c.distance), c.rising, Some(&mut pixels), false);
        prop_assert_eq!(by_periods, by_pixels, "walk from {:?} by {}", from, c.distance);
        // NOTE: with no trail to keep, a walk may go in closed form (`flush.rs`).
        let bare = walk(&g, &around, from, c.distance, c.rising, None);
        prop_assert_eq!(bare, by_pixels, "walk from {:?} by {}, no trail", from, c.distance);
        prop_assert!(same_path(from, &fast, &pixels), "{:?}\n{:?}", fast, pixels);
    }
}
