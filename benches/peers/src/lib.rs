//! The bullet scene both dropthrough and rapier2d are measured on: a
//! 1024 × 1024 px level (64 × 64 tiles) walled around, with solid tiles
//! scattered inside, and 10,000 bullets of radius 3 in open cells, each
//! flying in its own direction.

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
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

impl Scene {
    /// Walls around, 4% of the inside solid, bullets in cells with nothing
    /// solid around them.
    pub fn new() -> Scene {
        let mut rng = Lcg(7);
        let mut rows = vec![vec!['.'; TILES]; TILES];
        for (r, row) in rows.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                let edge = r == 0 || c == 0 || r == TILES - 1 || c == TILES - 1;
                if edge || rng.next() < 0.04 {
                    *cell = '#';
                }
            }
        }
        rows[TILES - 2][1] = '@';
        rows[TILES - 1][1] = '#';
        let open = |rows: &Vec<Vec<char>>, c: usize, r: usize| {
            (r - 1..=r + 1).all(|y| (c - 1..=c + 1).all(|x| rows[y][x] == '.'))
        };
        let mut bullets = Vec::with_capacity(BULLETS);
        while bullets.len() < BULLETS {
            let c = 1 + (rng.next() * (TILES - 2) as f64) as usize;
            let r = 1 + (rng.next() * (TILES - 2) as f64) as usize;
            if !open(&rows, c, r) {
                continue;
            }
            let pos = (c as f64 * 16.0 + 8.0, r as f64 * 16.0 + 8.0);
            let angle = rng.next() * std::f64::consts::TAU;
            bullets.push((pos, (angle.cos(), angle.sin())));
        }
        Scene { rows, bullets }
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

impl Default for Scene {
    fn default() -> Self {
        Scene::new()
    }
}
