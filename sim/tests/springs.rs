//! Springs (`S`), checkpoints (`F`) and gems (`*`), judged against a small reference
//! written from the rules' words in docs/FORMATS.md, reading the level's
//! own text: a body that can still move, is not rising and stands on a
//! spring's top at the end of step (5) is thrown up at `spring_speed`; a
//! body that can finish the level takes the first checkpoint in reading
//! order that its box, or the rectangle swept by its move along x or
//! along y, overlapped (unless the one it holds is among them) and comes
//! back there after a death; it collects every gem it touched that way.
//! At every speed up to 10,000,000 px/s, in
//! both exact modes, which agree step for step; naive falls through a
//! thin spring.

mod common;
use common::*;
use dropthrough_sim::geom::{Cell, Rect, TILE};
use dropthrough_sim::level::spawn_rect;
use dropthrough_sim::{
    BodyId, CollisionMode, Keys, Kind, Level, MoveRecord, Obstacle, Side, World,
};
use proptest::prelude::*;

/// The reference: the grid as the level file's characters.
struct Text {
    rows: Vec<Vec<char>>,
    width: i32,
}

impl Text {
    fn new(text: &str) -> Text {
        let rows: Vec<Vec<char>> = text
            .lines()
            .filter(|l| !l.contains('=') && !l.starts_with("//"))
            .map(|l| l.chars().collect())
            .collect();
        let width = rows.iter().map(Vec::len).max().unwrap_or(0) as i32;
        Text { rows, width }
    }

    /// `#` outside on the left, right and top; `.` below and past a short row.
    fn at(&self, col: i32, row: i32) -> char {
        if col < 0 || col >= self.width || row < 0 {
            return '#';
        }
        let row = self.rows.get(row as usize);
        row.and_then(|r| r.get(col as usize))
            .copied()
            .unwrap_or('.')
    }

    /// The tile columns and rows a box overlaps (by at least a pixel).
    fn cells(r: &Rect) -> impl Iterator<Item = (i32, i32)> {
        let cols = r.x.div_euclid(TILE)..=(r.x + r.w - 1).div_euclid(TILE);
        let rows = r.y.div_euclid(TILE)..=(r.y + r.h - 1).div_euclid(TILE);
        rows.flat_map(move |row| cols.clone().map(move |col| (col, row)))
    }

    /// "Stands on a spring's top": its bottom edge is a row's top edge and
    /// a spring is in that row under one of its columns — on a level with
    /// slopes, one that is not a ramp's shoulder (its left neighbour `J`,
    /// `2` or `{`, or its right neighbour `L`, `3` or `}`, in the grid).
    fn on_spring(&self, r: &Rect) -> bool {
        let bottom = r.y + r.h;
        let row = bottom / TILE;
        let inside = |c: i32| c >= 0 && c < self.width;
        let shoulder = |c: i32| {
            inside(c - 1) && "J2{".contains(self.at(c - 1, row))
                || inside(c + 1) && "L3}".contains(self.at(c + 1, row))
        };
        bottom % TILE == 0
            && (r.x.div_euclid(TILE)..=(r.x + r.w - 1).div_euclid(TILE))
                .any(|col| self.at(col, row) == 'S' && !shoulder(col))
    }

    /// Every cell holding `what` that a box overlaps.
    fn marks(&self, r: &Rect, what: char) -> Vec<Cell> {
        Text::cells(r)
            .filter(|&(c, row)| self.at(c, row) == what)
            .map(|(c, row)| Cell::new(c, row))
            .collect()
    }
}

/// The smallest box holding both.
fn hull(a: Rect, b: Rect) -> Rect {
    let (x, y) = (a.x.min(b.x), a.y.min(b.y));
    let (r, btm) = (a.right().max(b.right()), a.bottom().max(b.bottom()));
    Rect::new(x, y, r - x, btm - y)
}

/// The rectangle a move swept: its box before to its box after (for a
/// walk along a ramp, the box after is where the walk took it along y
/// too).
fn moved(m: &Option<MoveRecord>) -> Option<Rect> {
    m.map(|m| hull(m.from, m.to()))
}

/// Plays `inputs` and judges every step of the player by the reference.
fn judge(text: &str, mode: CollisionMode, inputs: &[Keys]) -> Result<Vec<Frame>, String> {
    let level = Level::parse(text, "random.txt").map_err(|e| e.to_string())?;
    let reference = Text::new(text);
    let mut world = World::new(level.clone(), mode);
    let speed = world.tuning().spring_speed;
    let spawn = level.spawn().expect("a spawn");
    let size = (world.player().rect().w, world.player().rect().h);
    let mut holds: Option<Cell> = None;
    let mut collected: Vec<Cell> = Vec::new();
    let mut frames = Vec::new();
    for (i, &keys) in inputs.iter().enumerate() {
        let step = world.step(keys);
        let p = world.player();
        let e = step.events;
        let at = |what: &str| format!("step {}: {what}: {:?} {e:?}", i + 1, p.rect());
        frames.push(snapshot(&world, e));
        if e.exit {
            break;
        }
        if e.death {
            let back = holds.unwrap_or(spawn);
            let expected = spawn_rect(back.col, back.row, size.0, size.1);
            if p.rect() != expected {
                return Err(at(&format!("came back away from {back:?}")));
            }
            continue;
        }
        // Not rising: a body that was not thrown keeps its speed, so one
        // standing on a spring unthrown must be rising.
        let stands = reference.on_spring(&p.rect()) && (e.spring || p.vy() >= 0.0);
        if e.spring != stands {
            return Err(at(&format!(
                "spring event {} but on a spring {stands}",
                e.spring
            )));
        }
        if e.spring && (p.vy() != -speed || p.grounded()) {
            return Err(at("thrown, but not at the spring's speed"));
        }
        // The checkpoints and gems touched: now, or on the way along x or y.
        let areas = [Some(p.rect()), moved(&step.report.x), moved(&step.report.y)];
        let touched_all = |what: char| {
            let mut cells: Vec<Cell> = areas
                .iter()
                .flatten()
                .flat_map(|r| reference.marks(r, what))
                .collect();
            cells.sort_by_key(|c| (c.row, c.col));
            cells.dedup();
            cells
        };
        let mut gems = touched_all('*');
        gems.retain(|c| !collected.contains(c));
        collected.extend(&gems);
        if e.gem == gems.is_empty() || world.gems() as usize != collected.len() {
            return Err(at(&format!(
                "gem event {} for {gems:?}, {} in all",
                e.gem,
                world.gems()
            )));
        }
        if gems
            .iter()
            .any(|&c| world.level().grid().tile(c) != dropthrough_sim::grid::Tile::Empty)
        {
            return Err(at("a gem collected is still there"));
        }
        let mut touched = touched_all('F');
        touched.sort_by_key(|c| (c.row, c.col));
        let takes = match (touched.first(), holds) {
            (Some(_), Some(h)) if touched.contains(&h) => None,
            (first, _) => first.copied(),
        };
        if e.checkpoint != takes.is_some() {
            return Err(at(&format!(
                "checkpoint event {}, touched {touched:?}",
                e.checkpoint
            )));
        }
        holds = takes.or(holds);
        if p.checkpoint() != holds {
            return Err(at(&format!("holds {:?}, not {holds:?}", p.checkpoint())));
        }
    }
    Ok(frames)
}

fn tile() -> impl Strategy<Value = char> {
    prop_oneof![10 => Just('.'), 3 => Just('#'), 2 => Just('-'), 1 => Just('^'), 2 => Just('S'), 2 => Just('F'), 2 => Just('*'), 3 => prop::sample::select(vec!['J', 'L', '1', '2', '3', '4', '{', '}'])]
}

/// A random level of every tile springs and checkpoints meet, with random
/// speeds (the spring's included).
fn level_text() -> impl Strategy<Value = String> {
    (3usize..20, 4usize..36)
        .prop_flat_map(|(w, h)| {
            (
                prop::collection::vec(prop::collection::vec(tile(), w), h),
                0..w,
                0..h,
                [speed(), speed(), speed(), speed()],
            )
        })
        .prop_map(|(mut rows, sx, sy, speeds)| {
            rows[sy][sx] = '@';
            let mut text = String::new();
            let keys = ["gravity", "max_fall", "run_speed", "spring_speed"];
            for (key, value) in keys.iter().zip(speeds) {
                if let Some(v) = value {
                    text.push_str(&format!("{key} = {v}\n"));
                }
            }
            for row in rows {
                text.extend(row);
                text.push('\n');
            }
            text
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn springs_checkpoints_and_gems_follow_their_rules_in_both_exact_modes_alike(
        text in level_text(),
        inputs in random_inputs(40, 30),
    ) {
        let substep = judge(&text, CollisionMode::Substep, &inputs);
        let sweep = judge(&text, CollisionMode::Sweep, &inputs);
        let substep = substep.map_err(|e| TestCaseError::fail(format!("substep: {e}\n{text}")))?;
        let sweep = sweep.map_err(|e| TestCaseError::fail(format!("sweep: {e}\n{text}")))?;
        prop_assert_eq!(substep, sweep, "{}", text);
    }
}

/// A drop of `depth` empty rows onto a spring one tile thick over a pit.
fn drop_onto_spring(speed: u32, depth: usize) -> String {
    shaft(speed, &[], depth, &["#.S.#", "#...#", "#...#"])
}

#[test]
fn a_fall_at_any_speed_lands_on_a_spring_and_is_thrown_up() {
    for speed in [600, 5_000, 100_000, 10_000_000] {
        for mode in EXACT {
            let mut w = World::new(level(&drop_onto_spring(speed, 60)), mode);
            let frames = hold(&mut w, "none", 200);
            let thrown = first(&frames, |e| e.spring)
                .unwrap_or_else(|| panic!("{mode} at {speed}: never thrown"));
            let spring_top = (1 + 1 + 60) * TILE;
            assert_eq!(thrown.rect.bottom(), spring_top, "{mode} at {speed}");
            assert_eq!(
                thrown.vy, -480.0,
                "{mode} at {speed}: the default spring_speed"
            );
            assert!(!thrown.grounded && !thrown.events.land, "{mode} at {speed}");
            assert!(
                frames.iter().all(|f| !f.events.death),
                "{mode} at {speed}: never through the spring into the pit"
            );
        }
    }
}

#[test]
fn naive_falls_through_a_thin_spring_at_speed() {
    let mut w = World::new(level(&drop_onto_spring(100_000, 60)), CollisionMode::Naive);
    let frames = hold(&mut w, "none", 40);
    assert!(first(&frames, |e| e.spring).is_none());
    assert!(first(&frames, |e| e.death).is_some(), "into the pit");
}

#[test]
fn a_spring_throws_at_the_level_speed_and_holding_jump_does_not_add_to_it() {
    let text = "spring_speed = 900\n#######\n#.....#\n#.....#\n#..@..#\n###S###\n";
    for mode in EXACT {
        for held in ["none", "jump"] {
            let mut w = World::new(level(text), mode);
            let frames = hold(&mut w, held, 30);
            let thrown: Vec<&Frame> = frames.iter().filter(|f| f.events.spring).collect();
            assert!(!thrown.is_empty(), "{mode} {held}");
            assert!(thrown.iter().all(|f| f.vy == -900.0), "{mode} {held}");
            // The step after a throw: gravity only (no jump, no coyote).
            let k = frames.iter().position(|f| f.events.spring).unwrap_or(0);
            assert!(
                !frames[k + 1].events.jump,
                "{mode} {held}: no jump off a spring"
            );
            assert_eq!(frames[k + 1].vy, -900.0 + 30.0, "{mode} {held}");
        }
    }
}

#[test]
fn crates_and_walkers_are_thrown_too_and_a_crate_carries_what_rides_it() {
    // A crate falls fast onto a spring, a walker walks onto another.
    let text = "gravity = 100000\nmax_fall = 100000\n\
                ##########\n#C.......#\n#........#\n#........#\n#........#\n\
                #........#\n#...W....#\n#.@......#\n#S#S######\n";
    for mode in EXACT {
        let mut w = World::new(level(text), mode);
        let mut thrown = Vec::new();
        for _ in 0..120 {
            w.step(Keys::NONE);
            for b in w.bodies().filter(|b| b.kind() != Kind::Player) {
                if b.events().spring {
                    assert!(!b.events().land, "{mode}: thrown, not landed");
                    thrown.push((b.kind(), b.rect(), b.vy()));
                }
            }
        }
        let crate_thrown = thrown.iter().find(|t| t.0 == Kind::Crate);
        let walker_thrown = thrown.iter().find(|t| t.0 == Kind::Walker);
        let (_, r, vy) = crate_thrown.unwrap_or_else(|| panic!("{mode}: {thrown:?}"));
        assert_eq!((r.x, r.bottom(), *vy), (16, 8 * TILE, -480.0), "{mode}");
        let (_, r, _) = walker_thrown.unwrap_or_else(|| panic!("{mode}: {thrown:?}"));
        assert_eq!(r.bottom(), 8 * TILE, "{mode}");
        assert!(
            r.x < 4 * TILE && r.right() > 3 * TILE,
            "{mode}: on the spring at col 3"
        );
    }
    // A crate on a spring rises with the player standing on it.
    let text = "#####\n#.@.#\n#.C.#\n#...#\n#...#\n#...#\n#.S.#\n";
    for mode in EXACT {
        let mut w = World::new(level(text), mode);
        let mut rose_together = false;
        for _ in 0..90 {
            let before = (w.player().rect(), crate_of(&w).rect());
            w.step(Keys::NONE);
            let (p, c) = (w.player().rect(), crate_of(&w));
            assert!(
                !p.overlaps(&c.rect()),
                "{mode}: the player never inside the crate"
            );
            let up = c.rect().y < before.1.y;
            rose_together |= up && p.y - before.0.y == c.rect().y - before.1.y;
        }
        assert!(
            rose_together,
            "{mode}: the crate was thrown, carrying the player"
        );
    }
}

#[test]
fn a_thrown_crate_says_what_stopped_its_rise() {
    // A spring throws the lower of two crates a cell apart; it rises as a
    // row, takes in the upper when it reaches it, and the row stops when
    // that one meets the ceiling: the lower crate was stopped by the crate
    // above it. (A crate standing on it would not be in its row: a crate's
    // riders never block it, and the ceiling crushes such a rider.)
    let text = "spring_speed = 2000\n\
                #######\n#.C...#\n#.....#\n#.C...#\n#.S.@.#\n#######\n";
    for mode in EXACT {
        let mut w = World::new(level(text), mode);
        let (upper, lower) = (BodyId(1), BodyId(2));
        let mut rise = None;
        for _ in 0..5 {
            w.step(Keys::NONE);
            rise = w.body(lower).unwrap().report().y.filter(|y| y.wanted < 0);
            if rise.is_some() {
                break;
            }
        }
        let rise = rise.unwrap_or_else(|| panic!("{mode}: the lower crate was thrown"));
        assert_eq!(
            rise.stopped_by(),
            Some((Side::Ceiling, Obstacle::Body(upper))),
            "{mode}: {rise:?}"
        );
        let (u, l) = (w.body(upper).unwrap(), w.body(lower).unwrap());
        assert!(u.in_play() && l.in_play(), "{mode}");
        assert_eq!(
            (u.rect().y, l.rect().y),
            (16, 32),
            "{mode}: under the ceiling"
        );
    }
}

fn crate_of(w: &World) -> &dropthrough_sim::Body {
    w.bodies()
        .find(|b| b.kind() == Kind::Crate)
        .expect("the crate")
}

#[test]
fn a_death_brings_the_player_back_to_the_last_checkpoint_and_a_new_world_to_the_spawn() {
    // Run right past the flag, into the spikes.
    let text = "##########\n#........#\n#@..F...^#\n##########\n";
    for mode in EXACT {
        let mut w = World::new(level(text), mode);
        let frames = hold(&mut w, "right", 120);
        let took = first(&frames, |e| e.checkpoint).expect("took the flag");
        assert_eq!(took.rect.bottom(), 3 * TILE);
        let died = first(&frames, |e| e.death).expect("died on the spikes");
        assert_eq!(
            died.rect,
            spawn_rect(4, 2, 12, 16),
            "{mode}: back at the flag"
        );
        assert_eq!(w.player().checkpoint(), Some(Cell::new(4, 2)));
        assert_eq!(
            frames.iter().filter(|f| f.events.checkpoint).count(),
            1,
            "{mode}: touching the flag it holds again is no event"
        );
        let fresh = World::new(level(text), mode);
        assert_eq!(fresh.player().rect(), spawn_rect(1, 2, 12, 16));
        assert_eq!(fresh.player().checkpoint(), None);
    }
}

#[test]
fn a_fall_at_any_speed_through_a_checkpoint_takes_it_unless_it_dies_in_that_step() {
    for speed in [600, 100_000, 10_000_000] {
        // Through the flag, onto a floor: taken in the step it lands.
        let text = shaft(speed, &[], 30, &["#.F.#", "#...#", "#...#", "#####"]);
        for mode in EXACT {
            let mut w = World::new(level(&text), mode);
            let frames = hold(&mut w, "none", 200);
            let took = first(&frames, |e| e.checkpoint).expect("took the flag");
            assert!(took.events.land || speed == 600, "{mode} at {speed}");
            assert_eq!(w.player().checkpoint(), Some(Cell::new(2, 32)), "{mode}");
        }
        // Through the flag onto spikes in one step: a body that dies in a
        // step takes no checkpoint in it.
        let text = shaft(speed, &[], 30, &["#.F.#", "#...#", "#.^.#", "#####"]);
        for mode in EXACT {
            let mut w = World::new(level(&text), mode);
            let frames = hold(&mut w, "none", 200);
            let died = first(&frames, |e| e.death).expect("died on the spikes");
            let back = match died.events.checkpoint || w.player().checkpoint().is_some() {
                true => spawn_rect(2, 32, 12, 16),
                false => spawn_rect(2, 1, 12, 16),
            };
            assert_eq!(died.rect, back, "{mode} at {speed}");
            if speed >= 100_000 {
                assert_eq!(w.player().checkpoint(), None, "{mode} at {speed}: one step");
            }
        }
    }
}

#[test]
fn a_checkpoint_on_a_solid_movers_path_is_an_error_naming_both() {
    let text = "a = solid right 3 60\n########\n#@.....#\n#aF....#\n########\n";
    let e = Level::parse(text, "x.txt").expect_err("refused");
    assert_eq!(
        e.to_string(),
        "x.txt:4:3: this checkpoint 'F' is on the path of solid mover 'a' (line 1), \
         which would crush every respawn there (expected checkpoints off solid movers' paths)"
    );
}

#[test]
fn a_spring_throws_on_a_level_with_slopes_too() {
    // A ramp elsewhere makes the level one with slopes (shoulders asked).
    let text = "#########\n#.......#\n#.......#\n#.@...J.#\n##S######\n";
    for mode in EXACT {
        let mut w = World::new(level(text), mode);
        let frames = hold(&mut w, "none", 30);
        assert!(first(&frames, |e| e.spring).is_some(), "{mode}");
    }
}
