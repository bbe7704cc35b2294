//! Where bullets end: below the grid, at the cap on bullets in flight, on hostile values, with a thousand turrets.

use super::*;

#[test]
fn a_bullet_entirely_below_the_grid_is_out() {
    let text = "
        #####
        #@..#
        #...#
        ##.##
    ";
    // The grid ends at y = 64; radius 3.
    for (speed, event) in [
        (17.0 * 60.0, BulletEvent::Out),
        (16.0 * 60.0, BulletEvent::Fly),
    ] {
        let mut w = world(text, CollisionMode::Sweep);
        let id = w.spawn_bullet((40.0, 50.0), (0.0, speed)).unwrap();
        w.step(keys(""));
        assert_eq!(row(&w, id).event, event, "{speed}");
    }
    // Into the side walls, it stops there instead; the top is solid too.
    let mut w = world(text, CollisionMode::Sweep);
    let up = w.spawn_bullet((40.0, 40.0), (0.0, -60_000.0)).unwrap();
    let left = w.spawn_bullet((40.0, 40.0), (-60_000.0, 0.0)).unwrap();
    w.step(keys(""));
    assert_eq!(
        (row(&w, up).event, row(&w, up).pos),
        (BulletEvent::Wall, (40.0, 19.0))
    );
    assert_eq!(
        (row(&w, left).event, row(&w, left).pos),
        (BulletEvent::Wall, (19.0, 40.0))
    );
}

#[test]
fn at_most_65536_bullets_fly_and_a_turret_holds_its_fire_at_the_bound() {
    let text = "
        fire_every = 0.0166
        ##########
        #>.......#
        #@.......#
        ##########
    ";
    let mut w = world(text, CollisionMode::Sweep);
    // Still bullets in the middle of the room, where nothing touches them.
    for _ in 0..MAX_BULLETS - 1 {
        assert!(w.spawn_bullet((100.0, 40.0), (0.0, 0.0)).is_ok());
    }
    w.step(keys(""));
    assert_eq!(
        w.bullets().len(),
        MAX_BULLETS,
        "the turret's shot fills the last place"
    );
    w.step(keys(""));
    assert!(w.bullet_rows().iter().all(|r| r.event != BulletEvent::Fire));
    assert_eq!(
        w.spawn_bullet((100.0, 40.0), (0.0, 0.0)),
        Err(dropthrough_sim::WorldError::TooManyBullets)
    );
    assert_eq!(w.bullets().len(), MAX_BULLETS);
}

#[test]
fn a_wall_and_the_player_touched_at_the_same_instant_the_player_is_hit() {
    use dropthrough_sim::bullet::{travel, Moving, Obstacles, Struck};
    use dropthrough_sim::geom::Rect;
    // The tile [160, 176]² and a player box just below it, left faces in
    // line; the bullet's centre runs along y = 176, where they meet.
    let room = level(&room());
    let still = Rect::new(160, 176, 12, 16);
    let obstacles = Obstacles {
        grid: room.grid(),
        movers: &[],
        targets: &[Some(Moving::between(still, still))],
    };
    for mode in EXACT {
        let stop = travel(mode, &obstacles, (100.0, 176.0), (100.0, 0.0), 3.0, None);
        assert_eq!(stop.map(|s| s.struck), Some(Struck::Target(0)), "{mode}");
    }
}

#[test]
fn hostile_bullet_values_are_errors_at_their_place() {
    for (line, want) in [
        ("bullet_radius = 0", "bad value '0' for bullet_radius (expected a finite number > 0 and at most 8, in px)"),
        ("bullet_radius = 9", "at most 8, in px"),
        ("bullet_radius = NaN", "bad value 'NaN' for bullet_radius"),
        ("bullet_speed = 1e9", "bad value '1e9' for bullet_speed (expected a finite number > 0 and at most 10000000, in px/s)"),
        ("fire_every = 0", "bad value '0' for fire_every"),
        ("fire_every = -1", "bad value '-1' for fire_every"),
    ] {
        let text = format!("{line}\n#>@#\n####\n");
        let e = dropthrough_sim::Level::parse(&text, "x.txt").unwrap_err().to_string();
        let col = line.find('=').unwrap() + 3;
        assert!(e.starts_with(&format!("x.txt:1:{col}: ")), "{e}");
        assert!(e.contains(want), "{line}: {e}");
    }
}

#[test]
fn a_thousand_turrets_firing_every_step_stay_within_the_bound() {
    // 1,020 turrets, each with room for its slow bullets, firing every step.
    let mut text = String::from("fire_every = 0.001\nbullet_speed = 1\n");
    let wall = "#".repeat(53);
    text.push_str(&format!("{wall}\n"));
    for _ in 0..60 {
        text.push_str(&format!("#{}#\n", ">..".repeat(17)));
    }
    text.push_str(&format!("#@{}#\n{wall}\n", ".".repeat(50)));
    let mut w = World::new(
        dropthrough_sim::Level::parse(&text, "x.txt").unwrap(),
        CollisionMode::Sweep,
    );
    assert_eq!(w.level().turrets().len(), 1020);
    for _ in 0..80 {
        w.step(keys(""));
        assert!(w.bullets().len() <= MAX_BULLETS);
    }
    assert_eq!(
        w.bullets().len(),
        MAX_BULLETS,
        "the bound is reached and held"
    );
}
