//! A short music loop per world, made by the game as its effects are: a
//! triangle bass on the beat and a square-wave melody on a pentatonic
//! scale, both from a small seeded generator, so each world has its own
//! tune and the same one every time. Eight seconds, looped; every note
//! fades out before the next, so the loop joins without a click.

// NOTE: only the `sound` build plays it; the tests make it in every build.
#![cfg_attr(not(feature = "sound"), allow(dead_code))]

/// Samples per second of the music (half the effects' rate: it is quiet
/// and low, and a browser decodes it faster).
pub const RATE: u32 = 22_050;
/// Beats per minute.
const BPM: f32 = 120.0;
/// Bars in the loop, four beats each: 4 bars at 120 BPM are 8 s.
const BARS: usize = 4;
use super::sound::Wave;

/// A major pentatonic scale, in semitones above the root.
const SCALE: [i32; 5] = [0, 2, 4, 7, 9];

/// A note's frequency, `semitones` above (or below) `root` Hz.
fn pitch(root: f32, semitones: i32) -> f32 {
    root * 2f32.powf(semitones as f32 / 12.0)
}

/// The loop of world number `world` (0 the first), samples in `[-1, 1]`.
pub fn tune(world: usize) -> Vec<f32> {
    let beat = (60.0 / BPM * RATE as f32) as usize;
    let eighth = beat / 2;
    let len = beat * 4 * BARS;
    let mut out = vec![0.0f32; len];
    // Each world its root (a fourth apart) and its own melody.
    let root = pitch(220.0, [0, 5, -2, 3, -4][world % 5]);
    let mut seed = 0x9e37_79b9u32 ^ (world as u32).wrapping_mul(0x85eb_ca6b);
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed
    };
    // The chord roots of the four bars: I, VI, IV, V of the scale.
    let bars = [0, 9, 5, 7];
    for (bar, chord) in bars.iter().enumerate().take(BARS) {
        for b in 0..4 {
            let at = (bar * 4 + b) * beat;
            let semis = chord - 24 + if b % 2 == 1 { 7 } else { 0 };
            note(&mut out, at, beat, pitch(root, semis), 0.22, Wave::Triangle);
        }
        for e in 0..8 {
            let at = (bar * 8 + e) * eighth;
            // Some eighths rest; the others pick a scale step near the chord.
            if next() % 4 == 0 {
                continue;
            }
            let step = SCALE[(next() % 5) as usize] + 12 * (next() % 2) as i32;
            note(&mut out, at, eighth, pitch(root, step), 0.08, Wave::Square);
        }
    }
    out
}

/// Adds a note of `len` samples at `at`: a quick attack, then a decay to
/// silence by its end.
fn note(out: &mut [f32], at: usize, len: usize, freq: f32, volume: f32, wave: Wave) {
    let mut phase = 0.0f32;
    for i in 0..len.min(out.len().saturating_sub(at)) {
        phase = (phase + freq / RATE as f32).fract();
        let value = wave.tone(phase);
        let t = i as f32 / len as f32;
        let attack = (i as f32 / (0.005 * RATE as f32)).min(1.0);
        out[at + i] += value * volume * attack * (1.0 - t) * (1.0 - t);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_world_has_its_own_audible_eight_second_loop_that_never_clips_or_clicks() {
        let tunes: Vec<Vec<f32>> = (0..5).map(tune).collect();
        for (w, t) in tunes.iter().enumerate() {
            assert_eq!(t.len(), 8 * RATE as usize, "world {w}");
            let peak = t.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            assert!(peak > 0.1 && peak <= 1.0, "world {w}: peak {peak}");
            // The loop joins where every note has faded: no click.
            assert!(
                t[0].abs() < 0.01 && t[t.len() - 1].abs() < 0.01,
                "world {w}"
            );
        }
        for a in 0..5 {
            for b in a + 1..5 {
                assert_ne!(tunes[a], tunes[b], "worlds {a} and {b}");
            }
        }
        assert_eq!(tune(2), tune(2), "the same every time");
    }
}
