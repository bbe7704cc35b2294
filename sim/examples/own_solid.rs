//! Solids a game drives by its own rules, with no window: an elevator that
//! rises while something stands on it and sinks back when it is empty, and
//! a door that slams down every two seconds. The world carries what rides
//! them, pushes what they run into and crushes what they cannot clear, at
//! any speed; the game only says how far each moves in the next step.
//! Runs headless:
//!
//!     cargo run -p dropthrough-sim --example own_solid

use dropthrough_sim::{Carrier, Cause, CollisionMode, Keys, Level, Rect, SolidKind, World};

/// A room 20 tiles wide, 14 high: a floor, and a ceiling over the right half.
const ROOM: &str = "\
####################
#..................#
#..................#
#..................#
#..................#
#..................#
#..........#########
#..................#
#..................#
#..................#
#..................#
#..................#
#@.................#
####################
";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let level = Level::parse(ROOM, "room.txt")?;
    let mut world = World::new(level, CollisionMode::Sweep);

    // The elevator: a one-way plank two tiles wide on the floor, left half.
    let floor_top = 208;
    let elevator = world.add_solid(Rect::new(64, floor_top - 16, 32, 16), SolidKind::OneWay)?;
    // The door: a solid slab hanging from the ceiling, right half.
    let door = world.add_solid(Rect::new(224, 112, 32, 16), SolidKind::Solid)?;
    let door_top = 112;

    // Two actors of the game's: one on the elevator, one standing still
    // where the door comes down (it never moves on its own).
    let rider = world.add_actor(Rect::new(70, 176, 12, 16))?;
    let victim = world.add_actor(Rect::new(234, 192, 12, 16))?;

    let (mut top, mut crushed_at, mut how) = (floor_top, None, None);
    for step in 0..240u32 {
        // The elevator's rule: up 2 px a step while ridden, to the top of
        // the room; down again when empty.
        let e = world.solid(elevator).ok_or("the elevator")?.rect();
        let ridden = world
            .bodies()
            .any(|b| b.in_play() && b.support() == Some(Carrier::Solid(elevator)));
        let dy = match ridden {
            true if e.y > 48 => -2,
            false if e.bottom() < floor_top => 2,
            _ => 0,
        };
        world.move_solid(elevator, 0, dy)?;
        // The door's rule: every 120 steps it slams down to the floor in
        // one step (80 px: more than the actor is tall), and rises back 4 px
        // a step.
        let d = world.solid(door).ok_or("the door")?.rect();
        let dy = match step % 120 {
            60 => floor_top - d.bottom(),
            _ if d.y > door_top => -4,
            _ => 0,
        };
        world.move_solid(door, 0, dy)?;

        world.step(Keys::NONE);

        let r = world.body(rider).ok_or("the rider")?;
        top = top.min(r.rect().bottom());
        let v = world.body(victim).ok_or("the victim")?;
        if v.events().death && crushed_at.is_none() {
            crushed_at = Some(step);
            how = Some((v.cause(), v.report().crushed_by));
            println!(
                "step {step}: the door came down 80 px at once and crushed the actor under it ({:?}, by {:?})",
                v.cause(),
                v.report().crushed_by
            );
        }
    }
    println!(
        "the elevator carried its rider's feet from y = {} up to y = {top}",
        floor_top - 16
    );
    assert!(top <= 64, "the elevator carries its rider to the top");
    assert_eq!(
        crushed_at,
        Some(60),
        "the door crushes what it cannot clear"
    );
    assert_eq!(how, Some((Some(Cause::Crush), Some(Carrier::Solid(door)))));
    let v = world.body(victim).ok_or("the victim")?;
    assert!(!v.in_play(), "a crushed actor leaves play");
    Ok(())
}
