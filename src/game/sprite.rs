//! The player as a small character, drawn from rectangles in the box the
//! simulation moves (12 × 16 px): a head with an eye on the side it faces,
//! a body, and legs that stride while running, tuck on the way up, spread
//! falling and bend on landing; arms that go up when it falls. Which frame
//! shows is a pure function of what the simulation says (speed, ground),
//! so it is tested without a window. Drawn only: traces never see it.

/// Which frame of the character shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pose {
    /// Standing still.
    Idle,
    /// Running: the stride's half, 0 or 1.
    Run(u8),
    /// Rising.
    Jump,
    /// Falling.
    Fall,
    /// Just landed: knees bent for a moment.
    Land,
}

/// Horizontal speed below which the character stands, px/s.
const STILL: f32 = 20.0;
/// Vertical speed past which it rises or falls rather than hangs, px/s.
const AIRBORNE: f32 = 30.0;
/// How long the knees stay bent after landing, s.
pub const LAND_TIME: f64 = 0.1;
/// Px run per half stride.
const STRIDE: f32 = 6.0;

/// The frame for a character moving at (`vx`, `vy`) px/s, on the ground or
/// not, `since_land` s after it last landed, at `x` px (which half of its
/// stride it is in).
pub fn pose(vx: f32, vy: f32, grounded: bool, since_land: f64, x: f32) -> Pose {
    if !grounded {
        return if vy < -AIRBORNE {
            Pose::Jump
        } else {
            Pose::Fall
        };
    }
    if since_land < LAND_TIME {
        return Pose::Land;
    }
    if vx.abs() < STILL {
        return Pose::Idle;
    }
    Pose::Run(((x / STRIDE).floor().rem_euclid(2.0)) as u8)
}

/// A part of the character: a rectangle in the box's px (x right, y down
/// from its top left; it may reach out of the box, as arms do), and
/// whether it is the eye.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Part {
    /// Left, px from the box's left.
    pub x: f32,
    /// Top, px from the box's top.
    pub y: f32,
    /// Width, px.
    pub w: f32,
    /// Height, px.
    pub h: f32,
    /// Drawn in the eye's colour.
    pub eye: bool,
}

const fn part(x: f32, y: f32, w: f32, h: f32) -> Part {
    Part {
        x,
        y,
        w,
        h,
        eye: false,
    }
}

/// The character's parts in a `w` × `h` box for `pose`, facing right
/// (`facing` ≥ 0) or left. Standing, they fill the box's corners, so the
/// box is exactly where the simulation has it.
pub fn parts(pose: Pose, facing: i32, w: f32, h: f32) -> Vec<Part> {
    let leg = 4.0_f32.min(h / 4.0);
    let body_h = h - leg;
    let mut parts = vec![part(0.0, 0.0, w, body_h)];
    let (lx, rx, lw) = (0.0, w - w / 3.0, w / 3.0);
    match pose {
        Pose::Idle => {
            parts.push(part(lx + 1.0, body_h, lw, leg));
            parts.push(part(rx - 1.0, body_h, lw, leg));
            // NOTE: the corners too, so the box is drawn whole.
            parts.push(part(0.0, h - 1.0, w, 1.0));
        }
        Pose::Run(half) => {
            let (front, back) = if half == 0 {
                (leg, leg - 2.0)
            } else {
                (leg - 2.0, leg)
            };
            parts.push(part(lx, body_h, lw, front));
            parts.push(part(rx, body_h, lw, back));
        }
        Pose::Jump => {
            parts.push(part(lx + 2.0, body_h, lw, leg - 2.0));
            parts.push(part(rx - 2.0, body_h, lw, leg - 2.0));
        }
        Pose::Fall => {
            parts.push(part(lx, body_h, lw, leg));
            parts.push(part(rx, body_h, lw, leg));
            // Arms up.
            parts.push(part(-2.0, -3.0, 2.0, 5.0));
            parts.push(part(w, -3.0, 2.0, 5.0));
        }
        Pose::Land => {
            parts.push(part(-1.0, body_h + 1.0, lw + 1.0, leg - 1.0));
            parts.push(part(rx, body_h + 1.0, lw + 1.0, leg - 1.0));
        }
    }
    let eye_x = if facing >= 0 { w - 4.0 } else { 2.0 };
    parts.push(Part {
        eye: true,
        ..part(eye_x, 4.0, 2.0, 3.0)
    });
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pose_follows_the_simulation() {
        assert_eq!(pose(0.0, 0.0, true, 1.0, 0.0), Pose::Idle);
        assert_eq!(pose(180.0, 0.0, true, 1.0, 0.0), Pose::Run(0));
        assert_eq!(pose(180.0, 0.0, true, 1.0, 6.0), Pose::Run(1));
        assert_eq!(pose(-180.0, 0.0, true, 1.0, -1.0), Pose::Run(1));
        assert_eq!(pose(0.0, -200.0, false, 1.0, 0.0), Pose::Jump);
        assert_eq!(pose(0.0, 200.0, false, 1.0, 0.0), Pose::Fall);
        assert_eq!(
            pose(0.0, 0.0, false, 1.0, 0.0),
            Pose::Fall,
            "the apex hangs"
        );
        assert_eq!(pose(180.0, 0.0, true, 0.05, 0.0), Pose::Land);
    }

    #[test]
    fn standing_fills_the_box_and_the_eye_is_on_the_side_it_faces() {
        let bbox = |parts: &[Part]| {
            parts
                .iter()
                .fold((f32::MAX, f32::MAX, f32::MIN, f32::MIN), |b, p| {
                    (
                        b.0.min(p.x),
                        b.1.min(p.y),
                        b.2.max(p.x + p.w),
                        b.3.max(p.y + p.h),
                    )
                })
        };
        let idle = parts(Pose::Idle, 1, 12.0, 16.0);
        assert_eq!(bbox(&idle), (0.0, 0.0, 12.0, 16.0));
        let eye = |f| {
            parts(Pose::Idle, f, 12.0, 16.0)
                .into_iter()
                .find(|p| p.eye)
                .unwrap()
        };
        assert!(eye(1).x > 6.0 && eye(-1).x < 6.0);
        for pose in [
            Pose::Run(0),
            Pose::Run(1),
            Pose::Jump,
            Pose::Fall,
            Pose::Land,
        ] {
            let b = bbox(&parts(pose, 1, 12.0, 16.0));
            assert!(
                b.1 >= -3.0 && b.3 <= 16.0,
                "{pose:?} stays near its box: {b:?}"
            );
            assert_ne!(
                parts(pose, 1, 12.0, 16.0),
                idle,
                "{pose:?} differs from standing"
            );
        }
        assert_ne!(
            parts(Pose::Run(0), 1, 12.0, 16.0),
            parts(Pose::Run(1), 1, 12.0, 16.0)
        );
    }
}
