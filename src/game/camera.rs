//! The camera: an integer zoom that fits the window, a view that follows the
//! player with a small dead zone and never shows outside the level, and the
//! mapping from world pixels to screen pixels. The level is shown in the band
//! between the status bar and the help lines, never under them.

use dropthrough_sim::geom::Rect;

/// World pixels the zoom tries to fit on screen (30 × 20 tiles in the
/// default 960 × 640 window).
const FIT_W: f32 = 400.0;
const FIT_H: f32 = 256.0;
/// The band a level that fits whole is zoomed to fill: the screen less the
/// status bar and the help lines (so the zoom does not change with H).
const HUD_TOP: f32 = 32.0;
const HUD_BOTTOM: f32 = 56.0;
/// The player may move this far (world px) from the view's centre before it follows.
const DEAD_ZONE_W: f32 = 32.0;
const DEAD_ZONE_H: f32 = 24.0;

#[derive(Default)]
pub struct Camera {
    /// The centre of the view, world px; `None` until the first frame.
    centre: Option<(f32, f32)>,
    /// The least zoom (0 or 1: none): 2 with the touch pad, so a phone's
    /// small screen shows 32-px tiles, not 16.
    pub least_zoom: f32,
}

/// The least zoom with the on-screen pad (a phone or a tablet).
pub const TOUCH_ZOOM: f32 = 2.0;

/// Where the world is on screen this frame.
#[derive(Clone, Copy, Debug)]
pub struct Viewport {
    /// Screen pixels per world pixel (a whole number, for crisp pixels).
    pub zoom: f32,
    /// Screen position of the world origin, whole screen pixels.
    pub origin: (f32, f32),
    /// The world area on screen, px.
    pub area: Rect,
}

impl Viewport {
    /// Screen position of a world point.
    pub fn to_screen(self, x: f32, y: f32) -> (f32, f32) {
        (self.origin.0 + x * self.zoom, self.origin.1 + y * self.zoom)
    }
}

impl Camera {
    /// Snaps to the target on the next frame (a new level, a restart).
    pub fn reset(&mut self) {
        self.centre = None;
    }

    /// Follows `target` (the player's centre, world px) in a level of
    /// `level_w × level_h` px on a screen of `screen_w × screen_h`, showing
    /// the level only between the screen rows `band.0` and `band.1`.
    pub fn follow(
        &mut self,
        target: (f32, f32),
        level: (f32, f32),
        screen: (f32, f32),
        band: (f32, f32),
    ) -> Viewport {
        let zoom = zoom_for(level, screen).max(self.least_zoom);
        let band_h = (band.1 - band.0).max(1.0);
        let view = (screen.0 / zoom, band_h / zoom);
        let (mut cx, mut cy) = self.centre.unwrap_or(target);
        cx = follow_axis(cx, target.0, DEAD_ZONE_W);
        cy = follow_axis(cy, target.1, DEAD_ZONE_H);
        cx = clamp_axis(cx, view.0, level.0);
        cy = clamp_axis(cy, view.1, level.1);
        self.centre = Some((cx, cy));
        let left = cx - view.0 / 2.0;
        let top = cy - view.1 / 2.0;
        Viewport {
            zoom,
            origin: ((-left * zoom).round(), (band.0 - top * zoom).round()),
            area: Rect::new(
                left.floor() as i32,
                top.floor() as i32,
                view.0.ceil() as i32 + 1,
                view.1.ceil() as i32 + 1,
            ),
        }
    }
}

/// The whole-number zoom: enough to show about `FIT_W × FIT_H` world pixels,
/// or more if the whole level then still fits between the HUD bars, so a
/// small level fills the window instead of floating in the middle of it.
fn zoom_for(level: (f32, f32), screen: (f32, f32)) -> f32 {
    let view = (screen.0 / FIT_W).min(screen.1 / FIT_H).floor();
    let whole = (screen.0 / level.0)
        .min((screen.1 - HUD_TOP - HUD_BOTTOM) / level.1)
        .floor();
    view.max(whole).max(1.0)
}

/// Moves the centre just enough to keep the target within the dead zone.
fn follow_axis(centre: f32, target: f32, dead_zone: f32) -> f32 {
    let half = dead_zone / 2.0;
    centre.clamp(target - half, target + half)
}

/// Keeps the view inside the level; a level smaller than the view is centred.
fn clamp_axis(centre: f32, view: f32, level: f32) -> f32 {
    if level <= view {
        level / 2.0
    } else {
        centre.clamp(view / 2.0, level - view / 2.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCREEN: (f32, f32) = (960.0, 640.0);
    const BAND: (f32, f32) = (HUD_TOP, 640.0 - HUD_BOTTOM);

    /// The screen rows a world box covers.
    fn screen_rows(vp: &Viewport, top: f32, bottom: f32) -> (f32, f32) {
        (vp.to_screen(0.0, top).1, vp.to_screen(0.0, bottom).1)
    }

    #[test]
    fn with_the_touch_pad_a_phone_shows_the_level_at_least_twice_its_size() {
        let phone = (844.0, 390.0);
        let level = (640.0, 400.0);
        assert_eq!(zoom_for(level, phone), 1.0, "the fit alone");
        let mut camera = Camera {
            least_zoom: TOUCH_ZOOM,
            ..Camera::default()
        };
        let vp = camera.follow((320.0, 200.0), level, phone, (32.0, 334.0));
        assert_eq!(vp.zoom, 2.0);
        assert!(vp.area.w <= 423 && vp.area.h <= 152, "{:?}", vp.area);
    }

    #[test]
    fn a_small_level_is_zoomed_to_fill_the_band_between_the_hud_bars() {
        // 12 × 8 tiles in a 960 × 640 window: 5× would be 640 px tall, too
        // tall for the bars; 4× fits.
        assert_eq!(zoom_for((192.0, 128.0), SCREEN), 4.0);
        let vp = Camera::default().follow((20.0, 20.0), (192.0, 128.0), SCREEN, BAND);
        let (top, bottom) = screen_rows(&vp, 0.0, 128.0);
        assert!(top >= BAND.0 && bottom <= BAND.1, "{top}..{bottom}");
    }

    #[test]
    fn a_large_level_shows_30_by_20_tiles_in_the_default_window() {
        assert_eq!(zoom_for((640.0, 176.0), SCREEN), 2.0);
        assert_eq!(zoom_for((80.0, 2560.0), (1920.0, 1080.0)), 4.0);
        assert_eq!(zoom_for((65536.0, 65536.0), SCREEN), 2.0);
        // With the help lines hidden, the whole window shows 30 × 20 tiles.
        let vp =
            Camera::default().follow((800.0, 800.0), (1600.0, 1600.0), SCREEN, (0.0, SCREEN.1));
        assert_eq!((vp.area.w - 1, vp.area.h - 1), (30 * 16, 20 * 16));
    }

    #[test]
    fn the_view_never_shows_outside_a_large_level() {
        let level = (1600.0, 1600.0);
        let mut camera = Camera::default();
        for target in [(0.0, 0.0), (1600.0, 1600.0), (800.0, 5.0), (-50.0, 9999.0)] {
            let vp = camera.follow(target, level, SCREEN, BAND);
            let (left, top) = vp.to_screen(0.0, 0.0);
            let (right, bottom) = vp.to_screen(level.0, level.1);
            assert!(left <= 0.0 && top <= BAND.0, "{target:?}: {left}, {top}");
            assert!(
                right >= SCREEN.0 && bottom >= BAND.1,
                "{target:?}: {right}, {bottom}"
            );
        }
    }

    /// A tall level's top row at the start and its bottom row at the end
    /// are shown inside the band, not under the bars: the well's spawn at
    /// the top and its exit at the bottom.
    #[test]
    fn a_tall_level_s_top_and_bottom_rows_are_shown_between_the_bars() {
        let level = (9.0 * 16.0, 160.0 * 16.0);
        let mut camera = Camera::default();
        let vp = camera.follow((72.0, 24.0), level, SCREEN, BAND);
        let (top, _) = screen_rows(&vp, 0.0, 16.0);
        assert!(top >= BAND.0, "top row at {top}, under the status bar");
        for y in (24..level.1 as i32).step_by(40) {
            camera.follow((72.0, y as f32), level, SCREEN, BAND);
        }
        let vp = camera.follow((72.0, level.1 - 24.0), level, SCREEN, BAND);
        let (exit_top, exit_bottom) = screen_rows(&vp, level.1 - 32.0, level.1 - 16.0);
        assert!(
            exit_top >= BAND.0 && exit_bottom <= BAND.1,
            "exit row at {exit_top}..{exit_bottom}, band {BAND:?}"
        );
        // Hiding the help lines gives the level the room they took.
        let vp = camera.follow((72.0, level.1 - 24.0), level, SCREEN, (BAND.0, SCREEN.1));
        let (_, bottom) = screen_rows(&vp, 0.0, level.1);
        assert!(bottom <= SCREEN.1 && bottom >= BAND.1, "{bottom}");
    }
}
