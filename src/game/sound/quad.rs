//! Sound where macroquad plays it with nothing to install: the browser,
//! Windows and macOS. Each sound is written as a WAV file in memory and
//! loaded in the background (a browser decodes them later).

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

use macroquad::audio::{load_sound_from_bytes, play_sound, stop_sound, PlaySoundParams, Sound};

use super::{all_effects, wav, Effect, AUDIO_DEAD, RATE, TUNES};

/// The effects and the tunes, once loaded.
pub(super) struct Backend {
    loaded: Arc<Mutex<Vec<Sound>>>,
    music: Arc<Mutex<Vec<Sound>>>,
    /// The loop playing now.
    playing: Option<usize>,
}

impl Backend {
    pub(super) fn start() -> Backend {
        let backend = Backend {
            loaded: Default::default(),
            music: Default::default(),
            playing: None,
        };
        let slot = Arc::clone(&backend.loaded);
        let music = Arc::clone(&backend.music);
        macroquad::experimental::coroutines::start_coroutine(async move {
            // A few frames for the audio thread to find the sound device or
            // stop: without one, nothing is loaded (or said) at all.
            for _ in 0..10 {
                macroquad::window::next_frame().await;
            }
            let mut loaded = Vec::new();
            for samples in all_effects() {
                if AUDIO_DEAD.load(Ordering::Relaxed) {
                    return;
                }
                match load_sound_from_bytes(&wav(&samples, RATE)).await {
                    Ok(sound) => loaded.push(sound),
                    Err(_) => return,
                }
            }
            if let Ok(mut slot) = slot.lock() {
                *slot = loaded;
            }
            let mut tunes = Vec::new();
            for world in 0..TUNES {
                let bytes = wav(&super::super::music::tune(world), super::super::music::RATE);
                match load_sound_from_bytes(&bytes).await {
                    Ok(sound) => tunes.push(sound),
                    Err(_) => return,
                }
            }
            if let Ok(mut slot) = music.lock() {
                *slot = tunes;
            }
        });
        backend
    }

    pub(super) fn play(&self, effect: Effect, volume: f32) {
        if let Ok(loaded) = self.loaded.try_lock() {
            if let Some(sound) = loaded.get(effect as usize) {
                let params = PlaySoundParams {
                    looped: false,
                    volume,
                };
                play_sound(sound, params);
            }
        }
    }

    /// Loops `want`'s tune at its volume, or none; false while the tunes
    /// are still loading (ask again next frame).
    pub(super) fn music(&mut self, want: Option<(usize, f32)>) -> bool {
        let Ok(tunes) = self.music.try_lock() else {
            return false;
        };
        if tunes.is_empty() {
            return false;
        }
        if let Some(w) = self.playing {
            stop_sound(&tunes[w]);
        }
        if let Some((w, volume)) = want {
            let params = PlaySoundParams {
                looped: true,
                volume,
            };
            play_sound(&tunes[w], params);
        }
        self.playing = want.map(|(w, _)| w);
        true
    }
}
