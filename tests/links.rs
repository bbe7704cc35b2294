//! Links that carry a level and a run: every bundled level, with its
//! golden run riding along, fits a link under 2,000 characters, and so does
//! a 64 × 64 level; what comes back plays as the files do.

use std::path::Path;

use dropthrough::link::Shared;
use dropthrough_sim::run::{self, RunFile};
use dropthrough_sim::Level;

/// A long page address the fragment might follow (a game portal's).
const PAGE: &str = "https://someone.itch.io/dropthrough/html/12345678/index.html";

fn link_len(shared: &Shared) -> usize {
    PAGE.len() + shared.to_string().len()
}

fn bundled() -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect();
    out.sort();
    out
}

#[test]
fn every_bundled_level_and_its_run_fit_a_link_and_verify_from_it() {
    let runs = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/runs");
    let levels = bundled();
    assert!(levels.len() >= 30);
    for (name, bytes) in levels {
        let run = std::fs::read(runs.join(format!("{name}.run"))).unwrap();
        let shared = Shared {
            level: bytes.clone(),
            run: Some(run),
        };
        let len = link_len(&shared);
        assert!(
            len < 2000,
            "{name}: a link with its run is {len} characters"
        );
        let back = Shared::parse(&format!("{PAGE}{shared}")).unwrap();
        assert_eq!(back.level, bytes, "{name}");
        // The run from the link verifies on the level from the link.
        let run = RunFile::parse(&String::from_utf8(back.run.unwrap()).unwrap(), &name).unwrap();
        let level = Level::parse_bytes(&back.level, &name).unwrap();
        assert!(
            run::verify(&run, &back.level, level).is_ok(),
            "{name}: the run from the link does not verify"
        );
    }
}

/// A 64 × 64 level as an author might draw one: rooms of walls, ledges of
/// one-way platforms, spikes, crates, walkers, a turret and a mover,
/// varied row by row (a little xorshift, so it is the same every run).
fn big_level() -> String {
    let mut seed = 0x9e37_79b9_u32;
    let mut next = |n: u32| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed % n
    };
    let mut rows = vec![vec!['.'; 64]; 64];
    for (y, row) in rows.iter_mut().enumerate() {
        row[0] = '#';
        row[63] = '#';
        if y == 0 || y == 63 {
            row.fill('#');
        } else if y % 6 == 0 {
            // A floor with gaps, ledges and spikes.
            let mut x = 1;
            while x < 63 {
                let len = 3 + next(9) as usize;
                let tile = match next(4) {
                    0 => '-',
                    1 => '.',
                    _ => '#',
                };
                for cell in row.iter_mut().take((x + len).min(63)).skip(x) {
                    *cell = tile;
                }
                if tile == '#' && next(3) == 0 {
                    row[x] = '^';
                }
                x += len;
            }
        } else if y % 6 == 5 && next(2) == 0 {
            let x = 2 + next(58) as usize;
            row[x] = if next(2) == 0 { 'C' } else { 'W' };
        }
    }
    rows[62][2] = '@';
    rows[4][60] = 'E';
    rows[3][30] = 'T';
    let mut text =
        String::from("title = Big Room\nfire_every = 2\n// sixty-four tiles by sixty-four\n");
    for row in rows {
        text.extend(row);
        text.push('\n');
    }
    text
}

#[test]
fn a_64_by_64_level_fits_a_link() {
    let text = big_level();
    let level = Level::parse(&text, "big.txt").expect("the big level is a level");
    assert_eq!((level.grid().width(), level.grid().height()), (64, 64));
    let shared = Shared {
        level: text.into_bytes(),
        run: None,
    };
    let len = link_len(&shared);
    assert!(len < 2000, "a 64 × 64 level's link is {len} characters");
}
