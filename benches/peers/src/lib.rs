//! The bullet scenes both dropthrough and rapier2d are measured on: a
//! 1024 × 1024 px level (64 × 64 tiles) walled around, and 10,000 bullets of
//! radius 3 in open cells, each flying in its own direction. Inside, either
//! a level's worth of platforms and pillars ([`Layout::Platforms`]) or
//! clutter: 4% of the tiles solid, at random ([`Layout::Clutter`]).

/// Tiles per side.
pub const TILES: usize = 64;
/// Bullets in flight.
pub const BULLETS: usize = 10_000;
/// Bullet radius, px.
pub const RADIUS: f64 = 3.0;

/// The scene: the level's rows, and each bullet's start and unit direction.
pub struct Scene {
    /// Grid rows, `#` solid, `.` empty, one `@` spawn.
    pub rows: Vec<Vec<char>>,
    /// Start (px) and direction (unit vector) of each bullet.
    pub bullets: Vec<((f64, f64), (f64, f64))>,
}

/// A small deterministic generator (the scene is the same every run).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// What is inside the level's walls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// 24 platforms 4–12 tiles long and 8 pillars 3–8 tiles tall: a level.
    Platforms,
    /// 4% of the tiles solid, scattered at random.
    Clutter,
}

impl Layout {
    /// Its name in benchmark ids.
    pub fn name(self) -> &'static str {
        match self {
            Layout::Platforms => "platforms",
            Layout::Clutter => "clutter",
        }
    }
}

impl Scene {
    /// Walls around, `layout` inside, bullets in cells with nothing solid
    /// around them.
    pub fn new(layout: Layout) -> Scene {
        Scene::sized(layout, TILES, 1)
    }

    /// [`Scene::new`] in a level `tiles` a side, with `scale` times as
    /// many platforms and pillars for each of its four quarters' worth of
    /// area (1 for the 64-tile level).
    pub fn sized(layout: Layout, tiles: usize, scale: usize) -> Scene {
        let mut rng = Lcg(7);
        let mut rows = vec![vec!['.'; tiles]; tiles];
        for (r, row) in rows.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                let edge = r == 0 || c == 0 || r == tiles - 1 || c == tiles - 1;
                if edge || (layout == Layout::Clutter && rng.next() < 0.04) {
                    *cell = '#';
                }
            }
        }
        if layout == Layout::Platforms {
            let mut at = |n: usize| 2 + (rng.next() * n as f64) as usize;
            for _ in 0..24 * scale {
                let (c, r, len) = (at(tiles - 16), at(tiles - 4), 4 + at(8));
                (c..c + len).for_each(|x| rows[r][x] = '#');
            }
            for _ in 0..8 * scale {
                let (c, r, len) = (at(tiles - 4), at(tiles - 12), 3 + at(5));
                (r..r + len).for_each(|y| rows[y][c] = '#');
            }
        }
        rows[tiles - 2][1] = '@';
        rows[tiles - 1][1] = '#';
        let open = |rows: &Vec<Vec<char>>, c: usize, r: usize| {
            (r - 1..=r + 1).all(|y| (c - 1..=c + 1).all(|x| rows[y][x] == '.'))
        };
        let mut bullets = Vec::with_capacity(BULLETS);
        while bullets.len() < BULLETS {
            let c = 1 + (rng.next() * (tiles - 2) as f64) as usize;
            let r = 1 + (rng.next() * (tiles - 2) as f64) as usize;
            if !open(&rows, c, r) {
                continue;
            }
            let pos = (c as f64 * 16.0 + 8.0, r as f64 * 16.0 + 8.0);
            let angle = rng.next() * std::f64::consts::TAU;
            bullets.push((pos, (angle.cos(), angle.sin())));
        }
        Scene { rows, bullets }
    }

    /// The solid tiles as boxes for a physics engine: each run of solid
    /// tiles in a row merged into one, as (centre x, centre y, half width),
    /// px; every box is half a tile high.
    pub fn wall_runs(&self) -> Vec<(f32, f32, f32)> {
        let mut runs = Vec::new();
        for (r, row) in self.rows.iter().enumerate() {
            let mut c = 0;
            while c < row.len() {
                if row[c] != '#' {
                    c += 1;
                    continue;
                }
                let start = c;
                while c < row.len() && row[c] == '#' {
                    c += 1;
                }
                let w = (c - start) as f32 * 16.0;
                runs.push((
                    start as f32 * 16.0 + w / 2.0,
                    r as f32 * 16.0 + 8.0,
                    w / 2.0,
                ));
            }
        }
        runs
    }

    /// The level file's text.
    pub fn level_text(&self) -> String {
        let mut text = format!("bullet_radius = {RADIUS}\n");
        for row in &self.rows {
            text.extend(row.iter());
            text.push('\n');
        }
        text
    }
}

/// Actors in the crowd scene.
pub const ACTORS: usize = 10_000;
/// An actor's box, px.
pub const ACTOR_SIZE: (i32, i32) = (8, 11);

/// The crowd scene: the platforms level and where each of [`ACTORS`] actors
/// starts (its box's top-left corner, px), in open cells, several to a
/// cell (actors pass through each other in both engines).
pub fn crowd() -> (Scene, Vec<(i32, i32)>) {
    let scene = Scene::new(Layout::Platforms);
    let mut rng = Lcg(11);
    let mut starts = Vec::with_capacity(ACTORS);
    while starts.len() < ACTORS {
        let c = 1 + (rng.next() * (TILES - 2) as f64) as usize;
        let r = 1 + (rng.next() * (TILES - 2) as f64) as usize;
        if scene.rows[r][c] == '.' {
            starts.push((c as i32 * 16 + 4, r as i32 * 16 + 5));
        }
    }
    (scene, starts)
}

/// What actor `i` does on step `n`: the way it runs (-1 or +1) and whether
/// it presses jump. Each runs one way for 40 steps, then the other, and
/// presses jump once every 30 steps, at its own time.
pub fn steer(i: usize, n: u64) -> (i32, bool) {
    let dir = if (n / 40 + i as u64).is_multiple_of(2) {
        1
    } else {
        -1
    };
    (dir, n % 30 == i as u64 % 30)
}

/// The crowd's level text at `speed` px per step: running, jumping and
/// falling at that speed, reaching it in about 10 steps of fall.
pub fn crowd_text(scene: &Scene, speed: u32) -> String {
    let v = speed * 60;
    let mut text = format!(
        "run_speed = {v}\njump_speed = {v}\nmax_fall = {v}\ngravity = {}\n",
        v * 6
    );
    for row in &scene.rows {
        text.extend(row.iter());
        text.push('\n');
    }
    text
}

/// Walkers in the walkers' scene.
pub const WALKERS: usize = 10_000;
/// A walker's box, px (the level format's: 14 × 14, standing on the bottom
/// of its cell, centred).
pub const WALKER_SIZE: i32 = 14;
/// The walkers' level side, in tiles: the platforms level at twice the
/// side (four times the area, and four times the platforms and pillars),
/// so that 10,000 walkers have a cell each.
pub const WALKER_TILES: usize = 128;

/// The walkers' scene: the level of platforms at [`WALKER_TILES`] a side
/// with [`WALKERS`] walkers (`W`) in open cells, the player sealed in a
/// cell of its own in a corner (a walker that met it would end the run).
pub fn walkers() -> Scene {
    let mut scene = Scene::sized(Layout::Platforms, WALKER_TILES, 4);
    scene.bullets.clear();
    let rows = &mut scene.rows;
    let n = WALKER_TILES;
    // The player: in the bottom-left cell, walled in.
    rows[n - 3][1] = '#';
    rows[n - 2][2] = '#';
    let mut rng = Lcg(13);
    let mut placed = 0;
    while placed < WALKERS {
        let c = 3 + (rng.next() * (n - 5) as f64) as usize;
        let r = 1 + (rng.next() * (n - 4) as f64) as usize;
        if rows[r][c] == '.' {
            rows[r][c] = 'W';
            placed += 1;
        }
    }
    scene
}

/// The walkers' level text at `speed` px per step: walking at that speed,
/// falling at up to it (reached in about ten steps of fall).
pub fn walkers_text(scene: &Scene, speed: u32) -> String {
    let v = speed * 60;
    let mut text = format!("walker_speed = {v}\nmax_fall = {v}\ngravity = {}\n", v * 6);
    for row in &scene.rows {
        text.extend(row.iter());
        text.push('\n');
    }
    text
}
