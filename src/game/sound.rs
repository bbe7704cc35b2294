//! Sound effects, made here: each is a few lines of synthesis (square and
//! triangle waves with pitch sweeps, and noise, under a short envelope)
//! written out as a WAV file in memory. Played on the step's events, never
//! in the simulation. M mutes.
//!
//! Sound is a cargo feature (`--features sound`): on Linux macroquad's audio
//! links ALSA's libasound, which a fresh machine may not have. Without the
//! feature, or on a machine with no sound device (the audio thread cannot
//! open one and stops), the game plays on in silence.

// NOTE: without the feature the effects are still made by the tests, so
// they stay checked in every build; only playing them needs the feature.
#![cfg_attr(not(feature = "sound"), allow(dead_code))]

use std::sync::atomic::{AtomicBool, Ordering};

use dropthrough_sim::bullet::BulletEvent;
use dropthrough_sim::Step;

/// Set when the audio thread stopped (no sound device): nothing is played.
pub static AUDIO_DEAD: AtomicBool = AtomicBool::new(false);

/// Samples per second of the generated sounds.
const RATE: u32 = 44_100;

/// A waveform: its value at phase `p` in `[0, 1)`.
#[derive(Clone, Copy)]
pub(super) enum Wave {
    Square,
    Triangle,
    Noise,
}

impl Wave {
    /// A tone's value at `phase` in `[0, 1)` (noise has no tone: 0).
    pub(super) fn tone(self, phase: f32) -> f32 {
        match self {
            Wave::Square if phase < 0.5 => 1.0,
            Wave::Square => -1.0,
            Wave::Triangle => 1.0 - 4.0 * (phase - 0.5).abs(),
            Wave::Noise => 0.0,
        }
    }
}

/// One effect: a wave sweeping from `from` to `to` Hz over `seconds`, at
/// `volume`, with a quick attack and a linear fade.
struct Voice {
    wave: Wave,
    from: f32,
    to: f32,
    seconds: f32,
    volume: f32,
}

/// The effects, in [`Effect`] order.
const VOICES: [&[Voice]; 13] = [
    // Jump: a quick rising blip.
    &[Voice {
        wave: Wave::Square,
        from: 320.0,
        to: 640.0,
        seconds: 0.09,
        volume: 0.22,
    }],
    // Land: a soft low thud.
    &[
        Voice {
            wave: Wave::Noise,
            from: 900.0,
            to: 200.0,
            seconds: 0.06,
            volume: 0.25,
        },
        Voice {
            wave: Wave::Triangle,
            from: 110.0,
            to: 70.0,
            seconds: 0.07,
            volume: 0.35,
        },
    ],
    // Drop: a falling blip.
    &[Voice {
        wave: Wave::Square,
        from: 520.0,
        to: 240.0,
        seconds: 0.1,
        volume: 0.2,
    }],
    // Death: a crunch and a long falling tone.
    &[
        Voice {
            wave: Wave::Noise,
            from: 3000.0,
            to: 300.0,
            seconds: 0.25,
            volume: 0.3,
        },
        Voice {
            wave: Wave::Square,
            from: 440.0,
            to: 60.0,
            seconds: 0.4,
            volume: 0.2,
        },
    ],
    // Exit: a rising arpeggio (three voices, one after another).
    &[
        Voice {
            wave: Wave::Triangle,
            from: 523.0,
            to: 523.0,
            seconds: 0.12,
            volume: 0.35,
        },
        Voice {
            wave: Wave::Triangle,
            from: 659.0,
            to: 659.0,
            seconds: 0.24,
            volume: 0.35,
        },
        Voice {
            wave: Wave::Triangle,
            from: 784.0,
            to: 784.0,
            seconds: 0.4,
            volume: 0.35,
        },
    ],
    // A turret fires: a short high pop.
    &[Voice {
        wave: Wave::Square,
        from: 1400.0,
        to: 900.0,
        seconds: 0.04,
        volume: 0.12,
    }],
    // A bullet stops: a tiny tick of noise.
    &[Voice {
        wave: Wave::Noise,
        from: 4000.0,
        to: 1000.0,
        seconds: 0.03,
        volume: 0.12,
    }],
    // A stomp: a springy boing, up then down.
    &[
        Voice {
            wave: Wave::Square,
            from: 220.0,
            to: 660.0,
            seconds: 0.08,
            volume: 0.2,
        },
        Voice {
            wave: Wave::Triangle,
            from: 330.0,
            to: 165.0,
            seconds: 0.12,
            volume: 0.3,
        },
    ],
    // A crate or walker crushed: a low crunch.
    &[Voice {
        wave: Wave::Noise,
        from: 900.0,
        to: 120.0,
        seconds: 0.18,
        volume: 0.3,
    }],
    // A crate pushed along: a short low scrape.
    &[Voice {
        wave: Wave::Noise,
        from: 500.0,
        to: 300.0,
        seconds: 0.05,
        volume: 0.1,
    }],
    // A spring throws: a long rising twang.
    &[
        Voice {
            wave: Wave::Triangle,
            from: 180.0,
            to: 900.0,
            seconds: 0.22,
            volume: 0.35,
        },
        Voice {
            wave: Wave::Square,
            from: 90.0,
            to: 450.0,
            seconds: 0.16,
            volume: 0.1,
        },
    ],
    // A gem collected: a quick high chime.
    &[
        Voice {
            wave: Wave::Triangle,
            from: 1568.0,
            to: 1568.0,
            seconds: 0.06,
            volume: 0.25,
        },
        Voice {
            wave: Wave::Triangle,
            from: 2093.0,
            to: 2093.0,
            seconds: 0.15,
            volume: 0.25,
        },
    ],
    // A checkpoint taken: two bright notes, one after the other.
    &[
        Voice {
            wave: Wave::Triangle,
            from: 784.0,
            to: 784.0,
            seconds: 0.1,
            volume: 0.3,
        },
        Voice {
            wave: Wave::Triangle,
            from: 1175.0,
            to: 1175.0,
            seconds: 0.25,
            volume: 0.3,
        },
    ],
];

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

/// A mono 16-bit PCM WAV file of `samples`.
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

/// The effects, loaded in the background, whether they are muted, and how
/// loud they play.
pub struct Sounds {
    muted: bool,
    /// 0 (silent) to 1.
    volume: f32,
    #[cfg(feature = "sound")]
    loaded: std::sync::Arc<std::sync::Mutex<Vec<macroquad::audio::Sound>>>,
    /// Each world's loop, once made and loaded.
    #[cfg(feature = "sound")]
    music: std::sync::Arc<std::sync::Mutex<Vec<macroquad::audio::Sound>>>,
    /// The loop playing now, and at what volume.
    #[cfg(feature = "sound")]
    playing: Option<(usize, f32)>,
}

/// How loud the music plays beside the effects (both under the volume
/// setting).
const MUSIC_LEVEL: f32 = 0.35;

/// How many worlds have a loop of their own; later ones repeat them.
pub const TUNES: usize = 5;

impl Sounds {
    /// Starts making and loading every effect, without waiting for them
    /// (a browser decodes them later): sounds play once they are ready.
    pub fn start() -> Sounds {
        let sounds = Sounds {
            muted: false,
            volume: 1.0,
            #[cfg(feature = "sound")]
            loaded: Default::default(),
            #[cfg(feature = "sound")]
            music: Default::default(),
            #[cfg(feature = "sound")]
            playing: None,
        };
        #[cfg(feature = "sound")]
        {
            let slot = std::sync::Arc::clone(&sounds.loaded);
            let music = std::sync::Arc::clone(&sounds.music);
            macroquad::experimental::coroutines::start_coroutine(async move {
                // A few frames for the audio thread to find the sound device
                // or stop: without one, nothing is loaded (or said) at all.
                for _ in 0..10 {
                    macroquad::window::next_frame().await;
                }
                let mut loaded = Vec::new();
                for effect in Effect::ALL {
                    if AUDIO_DEAD.load(Ordering::Relaxed) {
                        return;
                    }
                    match macroquad::audio::load_sound_from_bytes(&wav(&samples(effect), RATE))
                        .await
                    {
                        Ok(sound) => loaded.push(sound),
                        Err(_) => return,
                    }
                }
                if let Ok(mut slot) = slot.lock() {
                    *slot = loaded;
                }
                let mut tunes = Vec::new();
                for world in 0..TUNES {
                    let bytes = wav(&super::music::tune(world), super::music::RATE);
                    match macroquad::audio::load_sound_from_bytes(&bytes).await {
                        Ok(sound) => tunes.push(sound),
                        Err(_) => return,
                    }
                }
                if let Ok(mut slot) = music.lock() {
                    *slot = tunes;
                }
            });
        }
        sounds
    }

    /// Sets how loud the effects play, 0 (silent) to 100 %.
    pub fn set_volume(&mut self, percent: u8) {
        self.volume = f32::from(percent.min(100)) / 100.0;
    }

    /// M: mutes or unmutes; in a build without sound, says how to get it.
    pub fn toggle_mute(&mut self) -> Option<&'static str> {
        self.muted = !self.muted;
        (!cfg!(feature = "sound"))
            .then_some("this build has no sound: cargo run --release --features sound")
    }

    /// What the status bar says: nothing while sound plays (or in a build
    /// without it, where M says why).
    pub fn state(&self) -> Option<&'static str> {
        if !cfg!(feature = "sound") {
            None
        } else if AUDIO_DEAD.load(Ordering::Relaxed) {
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
        #[cfg(feature = "sound")]
        {
            let dead = AUDIO_DEAD.load(Ordering::Relaxed);
            let volume = self.volume * MUSIC_LEVEL;
            let want = world
                .filter(|_| !self.muted && !dead && volume > 0.0)
                .map(|w| (w % TUNES, volume));
            if want == self.playing {
                return;
            }
            let Ok(tunes) = self.music.try_lock() else {
                return;
            };
            if tunes.is_empty() {
                return;
            }
            if let Some((w, _)) = self.playing {
                macroquad::audio::stop_sound(&tunes[w]);
            }
            if let Some((w, volume)) = want {
                let params = macroquad::audio::PlaySoundParams {
                    looped: true,
                    volume,
                };
                macroquad::audio::play_sound(&tunes[w], params);
            }
            self.playing = want;
        }
        #[cfg(not(feature = "sound"))]
        let _ = world;
    }

    /// Plays `effects`, unless muted or without sound.
    pub fn play(&self, effects: &[Effect]) {
        if self.muted || AUDIO_DEAD.load(Ordering::Relaxed) {
            return;
        }
        #[cfg(feature = "sound")]
        if let Ok(loaded) = self.loaded.try_lock() {
            for &effect in effects {
                if let Some(sound) = loaded.get(effect as usize) {
                    let params = macroquad::audio::PlaySoundParams {
                        looped: false,
                        volume: self.volume,
                    };
                    macroquad::audio::play_sound(sound, params);
                }
            }
        }
        #[cfg(not(feature = "sound"))]
        let _ = effects;
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
