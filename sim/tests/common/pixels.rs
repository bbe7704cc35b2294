//! A pixel reference for every kind of body at once, written from the
//! rules' words apart from `src/`: crates, walkers and actors a game drives
//! by a velocity (pushing crates, riding them, crushed by them), among
//! solid and one-way tiles. Every move goes one pixel at a time, asking
//! only "is that pixel free?"; rows of crates move a pixel at a time with
//! the body that pushes them. What a step does to one body is the rule's
//! sentence for it, in the rules' order:
//!
//! 1. walkers take their speed, walkers and crates gain gravity; each body
//!    notes the crate it stands on (its support, the first by id);
//! 2. crates fall, lowest first: a crate stops at tiles, one-way tops it
//!    was above and other crates; the walkers and actors under it go down
//!    with it or are crushed; then it carries its riders down;
//! 3. walkers, then actors, by id, move x then y: a walker turns when
//!    stopped short; an actor's move along x pushes the row of crates
//!    ahead (the whole row stops where any of it stops), then each crate
//!    it moved carries its riders and pushes the walkers and actors ahead
//!    of it (who is ahead judged where everything was when the row began;
//!    a rider must stand on the crate's old place then and as it is
//!    carried); an actor stopped short on an axis loses that axis's
//!    remainder, and one that stands going down loses its fall's;
//! 4. a crate or walker entirely below the grid is gone.
//!
//! Cases the rules above do not cover (a crate carrying a crate sideways,
//! a crate of a row riding another crate of the row) set
//! [`Pixels::unsure`]: a test stops comparing there.

const T: i32 = 16;

/// What a body is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum What {
    Crate,
    Walker,
    /// An actor moved by the velocity `(vx, vy)` px/s the game gives it
    /// every step; it pushes crates and nothing hurts it but a crush.
    Actor(f32, f32),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Body {
    pub what: What,
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
    vy: f32,
    rx: f32,
    ry: f32,
    facing: i32,
    pub alive: bool,
}

impl Body {
    pub fn new(what: What, x: i32, y: i32, w: i32, h: i32) -> Body {
        Body {
            what,
            x,
            y,
            w,
            h,
            vy: 0.0,
            rx: 0.0,
            ry: 0.0,
            facing: -1,
            alive: true,
        }
    }

    fn overlaps(&self, x: i32, y: i32, w: i32, h: i32) -> bool {
        self.x < x + w && x < self.x + self.w && self.y < y + h && y < self.y + self.h
    }

    fn is_crate(&self) -> bool {
        self.what == What::Crate
    }
}

pub struct Pixels {
    rows: Vec<Vec<char>>,
    pub bodies: Vec<Body>,
    gravity: f32,
    max_fall: f32,
    speed: f32,
    /// Something happened that the rules here do not cover.
    pub unsure: Option<String>,
}

impl Pixels {
    /// `rows`: the grid's tiles (`#`, `-`, anything else empty).
    pub fn new(
        rows: Vec<Vec<char>>,
        bodies: Vec<Body>,
        gravity: f32,
        fall: f32,
        speed: f32,
    ) -> Self {
        Pixels {
            rows,
            bodies,
            gravity,
            max_fall: fall,
            speed,
            unsure: None,
        }
    }

    fn tile(&self, c: i32, r: i32) -> char {
        if c < 0 || c >= self.rows[0].len() as i32 || r < 0 {
            return '#';
        }
        self.rows.get(r as usize).map_or('.', |row| row[c as usize])
    }

    /// A box at (x, y) overlaps a solid tile.
    fn solid(&self, x: i32, y: i32, w: i32, h: i32) -> bool {
        (y.div_euclid(T)..=(y + h - 1).div_euclid(T))
            .any(|r| (x.div_euclid(T)..=(x + w - 1).div_euclid(T)).any(|c| self.tile(c, r) == '#'))
    }

    /// A box whose bottom is exactly on a one-way tile's top, over it.
    fn on_ledge(&self, x: i32, bottom: i32, w: i32) -> bool {
        bottom % T == 0
            && (x.div_euclid(T)..=(x + w - 1).div_euclid(T))
                .any(|c| self.tile(c, bottom / T) == '-')
    }

    /// The crates in play other than those in `skip` overlapping the box.
    fn crate_at(&self, skip: &[usize], x: i32, y: i32, w: i32, h: i32) -> Option<usize> {
        (0..self.bodies.len()).find(|&j| {
            let c = &self.bodies[j];
            !skip.contains(&j) && c.alive && c.is_crate() && c.overlaps(x, y, w, h)
        })
    }

    /// Whether body `i` stands on a tile, a one-way top or a crate.
    fn stands(&self, i: usize) -> bool {
        let b = &self.bodies[i];
        let bottom = b.y + b.h;
        self.solid(b.x, bottom, b.w, 1)
            || self.on_ledge(b.x, bottom, b.w)
            || self.crate_at(&[i], b.x, bottom, b.w, 1).is_some()
    }

    /// Whether body `i` stands on crate `c`.
    fn stands_on(&self, i: usize, c: usize) -> bool {
        let (b, c) = (&self.bodies[i], &self.bodies[c]);
        c.alive && c.y == b.y + b.h && c.x < b.x + b.w && b.x < c.x + c.w
    }

    fn pixels(v: f32, rem: &mut f32) -> i32 {
        let total = *rem + v / 60.0;
        let whole = total.round();
        *rem = total - whole;
        whole as i32
    }

    /// The crates body `i` overlaps now: they do not stop its move.
    fn inside(&self, i: usize) -> Vec<usize> {
        let b = &self.bodies[i];
        let mut skip: Vec<usize> = (0..self.bodies.len())
            .filter(|&j| {
                let c = &self.bodies[j];
                j != i && c.alive && c.is_crate() && c.overlaps(b.x, b.y, b.w, b.h)
            })
            .collect();
        skip.push(i);
        skip
    }

    /// Moves body `i` down one pixel if nothing blocks it (`bottom0`: its
    /// bottom when its move began, for one-way tops; `skip`: crates that
    /// do not stop it). A crate takes the walkers and actors under it
    /// along; one that cannot go is crushed.
    fn down_one(&mut self, i: usize, bottom0: i32, skip: &[usize]) -> bool {
        let b = self.bodies[i].clone();
        let (x, y) = (b.x, b.y + 1);
        if b.y >= self.rows.len() as i32 * T {
            return false; // in the pit: a fall stops there
        }
        let ledge = self.on_ledge(b.x, b.y + b.h, b.w) && bottom0 <= b.y + b.h;
        if self.solid(x, y, b.w, b.h) || ledge || self.crate_at(skip, x, y, b.w, b.h).is_some() {
            return false;
        }
        self.bodies[i].y += 1;
        if b.is_crate() {
            for j in 0..self.bodies.len() {
                let o = self.bodies[j].clone();
                if !o.is_crate() && o.alive && o.overlaps(x, y, b.w, b.h) {
                    let skip = [j, i];
                    if !self.down_one(j, o.y + o.h, &skip) {
                        self.bodies[j].alive = false;
                    }
                }
            }
        }
        true
    }

    /// The first crate (by id) body `i` stands on, at the step's start.
    fn support(&self, i: usize) -> Option<usize> {
        (0..self.bodies.len())
            .find(|&j| j != i && self.bodies[j].is_crate() && self.stands_on(i, j))
    }

    /// Carries the riders of crate `i` down `d` px, riders carrying theirs.
    fn carry_down(&mut self, i: usize, old: (i32, i32), d: i32, riders: &mut [Option<usize>]) {
        for r in 0..self.bodies.len() {
            let on_old = {
                let b = &self.bodies[r];
                b.y + b.h == old.1 && b.x < old.0 + T && old.0 < b.x + b.w
            };
            if riders[r] != Some(i) || !self.bodies[r].alive {
                continue;
            }
            if !on_old {
                riders[r] = None; // it left the crate before the crate moved
                continue;
            }
            let before = (self.bodies[r].x, self.bodies[r].y);
            let bottom0 = self.bodies[r].y + self.bodies[r].h;
            let skip = self.inside(r);
            let mut moved = 0;
            while moved < d && self.down_one(r, bottom0, &skip) {
                moved += 1;
            }
            if self.bodies[r].is_crate() && moved > 0 {
                self.carry_down(r, before, moved, riders);
            }
            // Left behind: it rides the crate no more this step.
            if !self.stands_on(r, i) {
                riders[r] = None;
            }
        }
    }

    /// An actor's own move along x: `d` px, pushing the rows of crates
    /// ahead a pixel at a time. Says how far it went.
    // NOTE: bodies are named by index throughout, as the rules name them by id.
    #[allow(clippy::needless_range_loop)]
    fn actor_x(&mut self, i: usize, d: i32, riders: &mut [Option<usize>]) -> i32 {
        let s = d.signum();
        let skip = self.inside(i);
        let start: Vec<(i32, i32)> = self.bodies.iter().map(|b| (b.x, b.y)).collect();
        let mut moved_by = vec![0; self.bodies.len()];
        let mut moved = 0;
        while moved != d {
            let b = self.bodies[i].clone();
            let nx = b.x + s;
            if self.solid(nx, b.y, b.w, b.h) {
                break;
            }
            // The row: the crates the next box overlaps (but those it
            // started inside), then every crate their next boxes overlap.
            let mut row: Vec<usize> = Vec::new();
            let mut front: Vec<usize> = (0..self.bodies.len())
                .filter(|&j| {
                    let c = &self.bodies[j];
                    !skip.contains(&j) && c.alive && c.is_crate() && c.overlaps(nx, b.y, b.w, b.h)
                })
                .collect();
            while let Some(k) = front.pop() {
                if row.contains(&k) {
                    continue;
                }
                row.push(k);
                let c = self.bodies[k].clone();
                for j in 0..self.bodies.len() {
                    let o = &self.bodies[j];
                    if o.alive
                        && o.is_crate()
                        && !row.contains(&j)
                        && o.overlaps(c.x + s, c.y, c.w, c.h)
                    {
                        front.push(j);
                    }
                }
            }
            if row.iter().any(|&j| {
                let c = &self.bodies[j];
                self.solid(c.x + s, c.y, c.w, c.h)
            }) {
                break;
            }
            for &j in &row {
                if riders[j].is_some_and(|sup| row.contains(&sup) && self.stands_on(j, sup)) {
                    self.unsure = Some(format!("crate {j} rides a crate of its own row"));
                }
                self.bodies[j].x += s;
                moved_by[j] += s;
            }
            self.bodies[i].x += s;
            moved += s;
        }
        // Each crate the push moved, by id: its riders, then what is ahead.
        for c in 0..self.bodies.len() {
            let dc = moved_by[c];
            if dc == 0 {
                continue;
            }
            let (ox, oy) = start[c];
            let mut carried = Vec::new();
            for r in 0..self.bodies.len() {
                // It stands on the crate's old place both where it was when
                // the crate began to move (with its row) and where it is
                // now, as the carry comes: a body that an earlier crate of
                // the row pushed onto this one's old place, or off it, is
                // no rider of it.
                let on_old = {
                    let b = &self.bodies[r];
                    let on = |x: i32, y: i32| y + b.h == oy && x < ox + T && ox < x + b.w;
                    b.alive && on(start[r].0, start[r].1) && on(b.x, b.y)
                };
                if riders[r] != Some(c) {
                    continue;
                }
                if !on_old {
                    riders[r] = None; // it left the crate before the crate moved
                    continue;
                }
                if self.bodies[r].is_crate() || r == i {
                    self.unsure = Some(format!("body {r} rides crate {c}, pushed sideways"));
                    continue;
                }
                carried.push(r);
                let skip = [self.inside(r), vec![c]].concat();
                let mut went = 0;
                while went != dc {
                    let b = &self.bodies[r];
                    let nx = b.x + dc.signum();
                    if self.solid(nx, b.y, b.w, b.h)
                        || self.crate_at(&skip, nx, b.y, b.w, b.h).is_some()
                    {
                        break;
                    }
                    self.bodies[r].x = nx;
                    went += dc.signum();
                }
                if !self.stands_on(r, c) {
                    riders[r] = None;
                }
            }
            // Pushed: walkers and actors (not the pusher, nor the riders it
            // carried) that
            // were wholly ahead of the crate's leading face, nearest first.
            let face0 = if s > 0 { ox + T } else { ox };
            let cx = self.bodies[c].x;
            let mut ahead: Vec<(i32, usize)> = (0..self.bodies.len())
                .filter(|&j| {
                    let b = &self.bodies[j];
                    let (bx, by) = start[j];
                    let wholly = if s > 0 {
                        bx >= face0
                    } else {
                        bx + b.w <= face0
                    };
                    j != i
                        && b.alive
                        && !b.is_crate()
                        && !carried.contains(&j)
                        && wholly
                        && by < oy + T
                        && oy < by + b.h
                        && if s > 0 { bx < cx + T } else { bx + b.w > cx }
                })
                .map(|j| {
                    let (bx, _) = start[j];
                    let gap = if s > 0 {
                        bx - face0
                    } else {
                        face0 - (bx + self.bodies[j].w)
                    };
                    (gap, j)
                })
                .collect();
            ahead.sort();
            for (_, j) in ahead {
                let skip = [self.inside(j), vec![c]].concat();
                loop {
                    let b = &self.bodies[j];
                    let flush = if s > 0 {
                        b.x >= cx + T
                    } else {
                        b.x + b.w <= cx
                    };
                    if flush {
                        break;
                    }
                    let nx = b.x + s;
                    if self.solid(nx, b.y, b.w, b.h)
                        || self.crate_at(&skip, nx, b.y, b.w, b.h).is_some()
                    {
                        self.bodies[j].alive = false; // crushed
                        break;
                    }
                    self.bodies[j].x = nx;
                }
            }
        }
        moved
    }

    pub fn step(&mut self) {
        // 1. Speeds, and supports.
        for b in self.bodies.iter_mut().filter(|b| b.alive) {
            if matches!(b.what, What::Actor(..)) {
                continue;
            }
            let target = self.max_fall;
            let step = self.gravity / 60.0;
            b.vy = if b.vy < target {
                (b.vy + step).min(target)
            } else {
                (b.vy - step).max(target)
            } + 0.0;
        }
        let mut riders: Vec<Option<usize>> = (0..self.bodies.len())
            .map(|i| self.bodies[i].alive.then(|| self.support(i)).flatten())
            .collect();
        // 2. Crates fall, lowest first, ties by id.
        let mut order: Vec<usize> = (0..self.bodies.len())
            .filter(|&i| self.bodies[i].alive && self.bodies[i].is_crate())
            .collect();
        order.sort_by_key(|&i| (-(self.bodies[i].y + self.bodies[i].h), i));
        for i in order {
            if !self.bodies[i].alive {
                continue;
            }
            let mut ry = self.bodies[i].ry;
            let d = Self::pixels(self.bodies[i].vy, &mut ry);
            self.bodies[i].ry = ry;
            let old = (self.bodies[i].x, self.bodies[i].y);
            let bottom0 = old.1 + T;
            let skip = self.inside(i);
            let mut moved = 0;
            while moved < d && self.down_one(i, bottom0, &skip) {
                moved += 1;
            }
            if moved > 0 {
                self.carry_down(i, old, moved, &mut riders);
            }
            if self.stands(i) {
                self.bodies[i].vy = 0.0;
                self.bodies[i].ry = 0.0;
            }
        }
        // 3. Walkers, then actors, by id: x, then y.
        for i in 0..self.bodies.len() {
            if !self.bodies[i].alive || self.bodies[i].is_crate() {
                continue;
            }
            let (vx, vy) = match self.bodies[i].what {
                What::Actor(vx, vy) => (vx, vy),
                _ => (self.bodies[i].facing as f32 * self.speed, self.bodies[i].vy),
            };
            let actor = matches!(self.bodies[i].what, What::Actor(..));
            let mut rx = self.bodies[i].rx;
            let dx = Self::pixels(vx, &mut rx);
            self.bodies[i].rx = rx;
            let moved = if actor {
                self.actor_x(i, dx, &mut riders)
            } else {
                let s = dx.signum();
                let skip = self.inside(i);
                let mut moved = 0;
                while moved != dx {
                    let b = &self.bodies[i];
                    let (x, y) = (b.x + s, b.y);
                    if self.solid(x, y, b.w, b.h) || self.crate_at(&skip, x, y, b.w, b.h).is_some()
                    {
                        break;
                    }
                    self.bodies[i].x += s;
                    moved += s;
                }
                moved
            };
            if moved != dx {
                self.bodies[i].facing = -self.bodies[i].facing;
                self.bodies[i].rx = 0.0;
            }
            if !self.bodies[i].alive {
                continue;
            }
            let mut ry = self.bodies[i].ry;
            let dy = Self::pixels(vy, &mut ry);
            self.bodies[i].ry = ry;
            let bottom0 = self.bodies[i].y + self.bodies[i].h;
            let skip = self.inside(i);
            let mut moved = 0;
            if dy > 0 {
                while moved < dy && self.down_one(i, bottom0, &skip) {
                    moved += 1;
                }
            } else {
                while moved > dy {
                    let b = &self.bodies[i];
                    if self.solid(b.x, b.y - 1, b.w, b.h)
                        || self.crate_at(&skip, b.x, b.y - 1, b.w, b.h).is_some()
                    {
                        break;
                    }
                    self.bodies[i].y -= 1;
                    moved -= 1;
                }
            }
            if actor && moved != dy {
                self.bodies[i].ry = 0.0;
            }
            if !actor && self.stands(i) {
                self.bodies[i].vy = 0.0;
                self.bodies[i].ry = 0.0;
            }
        }
        // 4. An actor standing on something after every own move, not
        // going up, loses its fall's remainder.
        for i in 0..self.bodies.len() {
            let b = &self.bodies[i];
            if b.alive && matches!(b.what, What::Actor(_, vy) if vy >= 0.0) && self.stands(i) {
                self.bodies[i].ry = 0.0;
            }
        }
        // 5. Out below the grid (actors fall on: nothing kills them there).
        let bottom = self.rows.len() as i32 * T;
        for b in self.bodies.iter_mut().filter(|b| b.alive && b.y >= bottom) {
            if !matches!(b.what, What::Actor(..)) {
                b.alive = false;
            }
        }
    }
}
