//! Sound effects, made here: each is a few lines of synthesis (square and
//! triangle waves with pitch sweeps, and noise, under a short envelope),
//! and each world's music (`music.rs`). Played on the step's events, never
//! in the simulation. M mutes.
//!
//! Every windowed build has sound, with nothing to install to build it. On
//! Linux the game opens ALSA's libasound when it starts and mixes into the
//! default device itself (`alsa.rs`); elsewhere, and in the browser,
//! macroquad plays the sounds (`quad.rs`). With no library or no sound
//! device, the game says so once and plays on in silence.

use std::sync::atomic::{AtomicBool, Ordering};

use dropthrough_sim::bullet::BulletEvent;
use dropthrough_sim::Step;

#[cfg(target_os = "linux")]
mod alsa;
#[cfg(not(target_os = "linux"))]
mod quad;
mod voices;

pub(super) use voices::Wave;
use voices::VOICES;

/// Set when the audio stopped (no library, no sound device): nothing is
/// played.
pub static AUDIO_DEAD: AtomicBool = AtomicBool::new(false);

/// Samples per second of the generated sounds.
const RATE: u32 = 44_100;

/// What can be heard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Jump,
    Land,
    Drop,
    Death,
    Exit,
    Fire,
    Stop,
    Stomp,
    Crush,
    Scrape,
    Spring,
    Gem,
    Checkpoint,
}

impl Effect {
    const ALL: [Effect; 13] = [
        Effect::Jump,
        Effect::Land,
        Effect::Drop,
        Effect::Death,
        Effect::Exit,
        Effect::Fire,
        Effect::Stop,
        Effect::Stomp,
        Effect::Crush,
        Effect::Scrape,
        Effect::Spring,
        Effect::Gem,
        Effect::Checkpoint,
    ];
}

/// What the crates and walkers did in a step, as sounds hear it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BodySounds {
    /// A crate or walker was crushed.
    pub crushed: bool,
    /// A crate moved sideways (pushed).
    pub pushed: bool,
}

/// The effects one step makes, each once however many bullets made it.
pub fn effects_of(step: &Step, bullets: &[BulletEvent], bodies: BodySounds) -> Vec<Effect> {
    let e = &step.events;
    let fired = bullets.contains(&BulletEvent::Fire);
    let stopped = bullets
        .iter()
        .any(|b| matches!(b, BulletEvent::Wall | BulletEvent::Hit));
    [
        (e.jump, Effect::Jump),
        (e.land && !e.death, Effect::Land),
        (e.drop, Effect::Drop),
        (e.death, Effect::Death),
        (e.exit, Effect::Exit),
        (fired, Effect::Fire),
        (stopped && !e.death, Effect::Stop),
        (e.stomp, Effect::Stomp),
        (bodies.crushed, Effect::Crush),
        (bodies.pushed && !e.death, Effect::Scrape),
        (e.spring, Effect::Spring),
        (e.gem, Effect::Gem),
        (e.checkpoint, Effect::Checkpoint),
    ]
    .into_iter()
    .filter_map(|(on, effect)| on.then_some(effect))
    .collect()
}

/// The samples of an effect, in `[-1, 1]`. An exit's voices follow one
/// another; every other effect's voices sound together.
fn samples(effect: Effect) -> Vec<f32> {
    let voices = VOICES[effect as usize];
    let sequential = matches!(effect, Effect::Exit | Effect::Checkpoint | Effect::Gem);
    let mut out: Vec<f32> = Vec::new();
    let mut start = 0usize;
    let mut noise = 0x2545_f491u32;
    for v in voices {
        let n = (v.seconds * RATE as f32) as usize;
        let offset = if sequential { start } else { 0 };
        if out.len() < offset + n {
            out.resize(offset + n, 0.0);
        }
        let mut phase = 0.0f32;
        let mut held = 0.0f32;
        for i in 0..n {
            let t = i as f32 / n as f32;
            let freq = v.from + (v.to - v.from) * t;
            let before = phase;
            phase = (phase + freq / RATE as f32).fract();
            let value = match v.wave {
                Wave::Square | Wave::Triangle => v.wave.tone(phase),
                Wave::Noise => {
                    // A new random value each cycle: noise pitched by `freq`.
                    if phase < before {
                        noise ^= noise << 13;
                        noise ^= noise >> 17;
                        noise ^= noise << 5;
                        held = noise as f32 / u32::MAX as f32 * 2.0 - 1.0;
                    }
                    held
                }
            };
            let attack = (i as f32 / (0.004 * RATE as f32)).min(1.0);
            out[offset + i] += value * v.volume * attack * (1.0 - t);
        }
        start += n / 2;
    }
    for s in &mut out {
        *s = s.clamp(-1.0, 1.0);
    }
    out
}

/// A mono 16-bit PCM WAV file of `samples` (macroquad loads sounds from
/// files; on Linux the mixer takes the samples themselves).
#[cfg_attr(target_os = "linux", allow(dead_code))]
fn wav(samples: &[f32], rate: u32) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut bytes = Vec::with_capacity(44 + data_len as usize);
    bytes.extend_from_slice(b"RIFF");
    bytes.extend_from_slice(&(36 + data_len).to_le_bytes());
    bytes.extend_from_slice(b"WAVEfmt ");
    bytes.extend_from_slice(&16u32.to_le_bytes());
    bytes.extend_from_slice(&1u16.to_le_bytes()); // PCM
    bytes.extend_from_slice(&1u16.to_le_bytes()); // mono
    bytes.extend_from_slice(&rate.to_le_bytes());
    bytes.extend_from_slice(&(rate * 2).to_le_bytes());
    bytes.extend_from_slice(&2u16.to_le_bytes());
    bytes.extend_from_slice(&16u16.to_le_bytes());
    bytes.extend_from_slice(b"data");
    bytes.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        bytes.extend_from_slice(&((s * 32767.0) as i16).to_le_bytes());
    }
    bytes
}

/// Every effect's samples, in [`Effect`] order, at [`RATE`].
fn all_effects() -> Vec<Vec<f32>> {
    Effect::ALL.into_iter().map(samples).collect()
}

/// The platform's player of sounds.
#[cfg(target_os = "linux")]
struct Backend(std::sync::mpsc::Sender<alsa::Command>);

#[cfg(target_os = "linux")]
impl Backend {
    fn start() -> Backend {
        Backend(alsa::start(RATE, || {
            let tunes = (0..TUNES)
                .map(|w| alsa::doubled(&super::music::tune(w)))
                .collect();
            (all_effects(), tunes)
        }))
    }

    fn play(&self, effect: Effect, volume: f32) {
        let _ = self.0.send(alsa::Command::Play(effect as usize, volume));
    }

    fn music(&mut self, want: Option<(usize, f32)>) -> bool {
        let _ = self.0.send(alsa::Command::Music(want));
        true
    }
}

#[cfg(not(target_os = "linux"))]
use quad::Backend;

/// The effects and the music, whether they are muted, and how loud they
/// play.
pub struct Sounds {
    muted: bool,
    /// 0 (silent) to 1.
    volume: f32,
    backend: Backend,
    /// The loop playing now, and at what volume.
    playing: Option<(usize, f32)>,
}

/// How loud the music plays beside the effects (both under the volume
/// setting).
const MUSIC_LEVEL: f32 = 0.35;

/// How many worlds have a loop of their own; later ones repeat them.
pub const TUNES: usize = 5;

// music.rs's tunes are made at half the effects' rate (the mixer doubles them).
const _: () = assert!(super::music::RATE * 2 == RATE);

impl Sounds {
    /// Starts making and loading every sound, without waiting for them:
    /// sounds play once they are ready.
    pub fn start() -> Sounds {
        Sounds {
            muted: false,
            volume: 1.0,
            backend: Backend::start(),
            playing: None,
        }
    }

    /// Sets how loud the effects play, 0 (silent) to 100 %.
    pub fn set_volume(&mut self, percent: u8) {
        self.volume = f32::from(percent.min(100)) / 100.0;
    }

    /// M: mutes or unmutes.
    pub fn toggle_mute(&mut self) {
        self.muted = !self.muted;
    }

    /// What the status bar says: nothing while sound plays.
    pub fn state(&self) -> Option<&'static str> {
        if AUDIO_DEAD.load(Ordering::Relaxed) {
            Some("no sound device")
        } else if self.muted {
            Some("muted (M)")
        } else {
            None
        }
    }

    /// Plays world number `world`'s loop (none: silence), at the volume
    /// setting, unless muted; call every frame (the loops load a little
    /// after the game starts).
    pub fn music(&mut self, world: Option<usize>) {
        let dead = AUDIO_DEAD.load(Ordering::Relaxed);
        let volume = self.volume * MUSIC_LEVEL;
        let want = world
            .filter(|_| !self.muted && !dead && volume > 0.0)
            .map(|w| (w % TUNES, volume));
        if want != self.playing && self.backend.music(want) {
            self.playing = want;
        }
    }

    /// Plays `effects`, unless muted or without sound.
    pub fn play(&self, effects: &[Effect]) {
        if self.muted || AUDIO_DEAD.load(Ordering::Relaxed) {
            return;
        }
        for &effect in effects {
            self.backend.play(effect, self.volume);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dropthrough_sim::Events;

    #[test]
    fn every_effect_is_a_short_audible_wav_that_never_clips() {
        for effect in Effect::ALL {
            let s = samples(effect);
            let seconds = s.len() as f32 / RATE as f32;
            assert!((0.02..=0.6).contains(&seconds), "{effect:?}: {seconds} s");
            let peak = s.iter().fold(0.0f32, |m, x| m.max(x.abs()));
            assert!(peak > 0.05 && peak <= 1.0, "{effect:?}: peak {peak}");
            let bytes = wav(&s, RATE);
            assert_eq!(&bytes[..4], b"RIFF");
            assert_eq!(&bytes[8..16], b"WAVEfmt ");
            let len = u32::from_le_bytes(bytes[40..44].try_into().unwrap()) as usize;
            assert_eq!(len, s.len() * 2);
            assert_eq!(bytes.len(), 44 + len);
        }
    }

    #[test]
    fn a_step_sounds_each_of_its_events_once() {
        let mut step = Step::default();
        assert!(effects_of(&step, &[], BodySounds::default()).is_empty());
        step.events = Events {
            jump: true,
            ..Events::default()
        };
        let bullets = [BulletEvent::Fire, BulletEvent::Fire, BulletEvent::Wall];
        assert_eq!(
            effects_of(&step, &bullets, BodySounds::default()),
            [Effect::Jump, Effect::Fire, Effect::Stop]
        );
        step.events = Events {
            stomp: true,
            ..Events::default()
        };
        let bodies = BodySounds {
            crushed: true,
            pushed: true,
        };
        assert_eq!(
            effects_of(&step, &[], bodies),
            [Effect::Stomp, Effect::Crush, Effect::Scrape]
        );
        step.events = Events {
            death: true,
            land: true,
            ..Events::default()
        };
        assert_eq!(
            effects_of(&step, &[BulletEvent::Hit], BodySounds::default()),
            [Effect::Death],
            "a death is heard alone"
        );
        step.events = Events {
            spring: true,
            checkpoint: true,
            ..Events::default()
        };
        assert_eq!(
            effects_of(&step, &[], BodySounds::default()),
            [Effect::Spring, Effect::Checkpoint]
        );
    }
}
