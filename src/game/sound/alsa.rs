//! Sound on Linux with nothing to install at build time: ALSA's libasound
//! is opened when the game starts (`dlopen`), not linked, and one thread
//! mixes the effects and the music into its default device. A machine with
//! no libasound, or no sound device, plays on in silence after one line on
//! stderr.

use std::ffi::{c_char, c_int, c_long, c_uint, c_ulong, c_void, CStr, CString};
use std::sync::atomic::Ordering;
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::Arc;

use super::AUDIO_DEAD;

/// The library's name: the one every ALSA since 2002 installs.
pub const LIBRARY: &str = "libasound.so.2";

/// Frames mixed and written at a time: 10 ms.
const CHUNK: usize = 441;

/// How much ALSA may buffer ahead, µs: the effects' worst delay.
const LATENCY_US: c_uint = 50_000;

type Pcm = c_void;
type OpenFn = unsafe extern "C" fn(*mut *mut Pcm, *const c_char, c_int, c_int) -> c_int;
type SetParamsFn =
    unsafe extern "C" fn(*mut Pcm, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
type WriteiFn = unsafe extern "C" fn(*mut Pcm, *const c_void, c_ulong) -> c_long;
type RecoverFn = unsafe extern "C" fn(*mut Pcm, c_int, c_int) -> c_int;
type CloseFn = unsafe extern "C" fn(*mut Pcm) -> c_int;
type StrerrorFn = unsafe extern "C" fn(c_int) -> *const c_char;
type ErrorHandler = extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char);
type SetErrorHandlerFn = unsafe extern "C" fn(Option<ErrorHandler>) -> c_int;

/// Where ALSA's own messages go: nowhere. The game says once, in its own
/// words, why there is no sound; ALSA would print several lines first.
extern "C" fn quiet(_: *const c_char, _: c_int, _: *const c_char, _: c_int, _: *const c_char) {}

// The values of <alsa/pcm.h> the game passes.
const SND_PCM_STREAM_PLAYBACK: c_int = 0;
const SND_PCM_FORMAT_S16_LE: c_int = 2;
const SND_PCM_ACCESS_RW_INTERLEAVED: c_int = 3;

/// The functions of libasound the game calls, found at run time.
pub struct Alsa {
    open: OpenFn,
    set_params: SetParamsFn,
    writei: WriteiFn,
    recover: RecoverFn,
    close: CloseFn,
    strerror: StrerrorFn,
}

impl Alsa {
    /// Opens `library` (the library stays open for the rest of the run)
    /// and finds its functions; why not, if it cannot.
    pub fn load(library: &str) -> Result<Alsa, String> {
        let name = CString::new(library).map_err(|_| format!("{library}: not a library name"))?;
        // SAFETY: dlopen takes a NUL-terminated name; a null handle is an
        // error, said by dlerror.
        let handle = unsafe { libc::dlopen(name.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
        if handle.is_null() {
            return Err(format!("{library} not found: {}", dl_error()));
        }
        let find = |symbol: &CStr| {
            // SAFETY: a NUL-terminated name on a live handle.
            let f = unsafe { libc::dlsym(handle, symbol.as_ptr()) };
            match f.is_null() {
                true => Err(format!("{library} has no {}", symbol.to_string_lossy())),
                false => Ok(f),
            }
        };
        // SAFETY: each symbol is libasound's function of that name, whose C
        // signature (alsa/pcm.h, alsa/error.h) is the type it is cast to.
        // The error handler's C type is variadic; `quiet` reads none of its
        // arguments, which the Linux calling conventions allow.
        unsafe {
            let set_handler = std::mem::transmute::<*mut c_void, SetErrorHandlerFn>(find(
                c"snd_lib_error_set_handler",
            )?);
            set_handler(Some(quiet));
            Ok(Alsa {
                open: std::mem::transmute::<*mut c_void, OpenFn>(find(c"snd_pcm_open")?),
                set_params: std::mem::transmute::<*mut c_void, SetParamsFn>(find(
                    c"snd_pcm_set_params",
                )?),
                writei: std::mem::transmute::<*mut c_void, WriteiFn>(find(c"snd_pcm_writei")?),
                recover: std::mem::transmute::<*mut c_void, RecoverFn>(find(c"snd_pcm_recover")?),
                close: std::mem::transmute::<*mut c_void, CloseFn>(find(c"snd_pcm_close")?),
                strerror: std::mem::transmute::<*mut c_void, StrerrorFn>(find(c"snd_strerror")?),
            })
        }
    }

    /// ALSA's words for error code `code`.
    fn error(&self, code: c_int) -> String {
        // SAFETY: snd_strerror returns a static string for any code.
        let text = unsafe { (self.strerror)(code) };
        match text.is_null() {
            true => format!("error {code}"),
            // SAFETY: non-null, NUL-terminated, static.
            false => unsafe { CStr::from_ptr(text) }
                .to_string_lossy()
                .into_owned(),
        }
    }

    /// Opens `device` ("default": the machine's own) for 16-bit mono at
    /// `rate` samples a second.
    pub fn open(&self, device: &str, rate: u32) -> Result<Device<'_>, String> {
        let name = CString::new(device).map_err(|_| format!("{device}: not a device name"))?;
        let mut pcm: *mut Pcm = std::ptr::null_mut();
        // SAFETY: `pcm` is written by a successful open; the name is
        // NUL-terminated.
        let code = unsafe { (self.open)(&mut pcm, name.as_ptr(), SND_PCM_STREAM_PLAYBACK, 0) };
        if code < 0 || pcm.is_null() {
            return Err(format!("no sound device '{device}': {}", self.error(code)));
        }
        let device = Device { alsa: self, pcm };
        // SAFETY: an open PCM.
        let code = unsafe {
            (self.set_params)(
                pcm,
                SND_PCM_FORMAT_S16_LE,
                SND_PCM_ACCESS_RW_INTERLEAVED,
                1,
                rate,
                1,
                LATENCY_US,
            )
        };
        if code < 0 {
            return Err(format!("sound device: {}", self.error(code)));
        }
        Ok(device)
    }
}

/// What dlerror says, once.
fn dl_error() -> String {
    // SAFETY: dlerror returns null or a NUL-terminated message.
    let text = unsafe { libc::dlerror() };
    match text.is_null() {
        true => "unknown error".to_string(),
        // SAFETY: as above.
        false => unsafe { CStr::from_ptr(text) }
            .to_string_lossy()
            .into_owned(),
    }
}

/// An open playback device; closed when dropped.
pub struct Device<'a> {
    alsa: &'a Alsa,
    pcm: *mut Pcm,
}

impl Device<'_> {
    /// Plays `frames` (mono samples), waiting while the device's buffer is
    /// full; recovers from an underrun. Why not, if the device is gone.
    pub fn write(&mut self, mut frames: &[i16]) -> Result<(), String> {
        while !frames.is_empty() {
            // SAFETY: `frames` holds `len` 16-bit mono frames, the format
            // the device was set to.
            let n = unsafe {
                (self.alsa.writei)(self.pcm, frames.as_ptr().cast(), frames.len() as c_ulong)
            };
            if n < 0 {
                let code = n as c_int;
                // SAFETY: an open PCM; `silent` 1 keeps ALSA from printing.
                if unsafe { (self.alsa.recover)(self.pcm, code, 1) } < 0 {
                    return Err(format!("sound device: {}", self.alsa.error(code)));
                }
                continue;
            }
            frames = &frames[(n as usize).min(frames.len())..];
        }
        Ok(())
    }
}

impl Drop for Device<'_> {
    fn drop(&mut self) {
        // SAFETY: an open PCM, closed once.
        unsafe { (self.alsa.close)(self.pcm) };
    }
}

/// What the game asks of the mixer.
pub enum Command {
    /// Play effect number `.0` once at volume `.1` (0 to 1).
    Play(usize, f32),
    /// Loop tune number `.0` at volume `.1`, or none.
    Music(Option<(usize, f32)>),
}

/// Sums the effects playing and the music's loop into samples.
pub struct Mixer {
    effects: Vec<Arc<[f32]>>,
    tunes: Vec<Arc<[f32]>>,
    /// Each effect playing: which, how far in, how loud.
    voices: Vec<(usize, usize, f32)>,
    /// The loop playing: which, how far in, how loud.
    music: Option<(usize, usize, f32)>,
}

impl Mixer {
    /// A mixer of `effects` and `tunes`, all at the device's rate.
    pub fn new(effects: Vec<Vec<f32>>, tunes: Vec<Vec<f32>>) -> Mixer {
        Mixer {
            effects: effects.into_iter().map(Arc::from).collect(),
            tunes: tunes.into_iter().map(Arc::from).collect(),
            voices: Vec::new(),
            music: None,
        }
    }

    pub fn apply(&mut self, command: Command) {
        match command {
            Command::Play(effect, volume) if effect < self.effects.len() => {
                self.voices.push((effect, 0, volume));
            }
            Command::Play(..) => {}
            Command::Music(want) => {
                let want = want.filter(|&(t, _)| self.tunes.get(t).is_some_and(|t| !t.is_empty()));
                self.music = match (self.music, want) {
                    // The same tune louder or softer goes on where it was.
                    (Some((t, at, _)), Some((w, volume))) if t == w => Some((t, at, volume)),
                    (_, Some((w, volume))) => Some((w, 0, volume)),
                    (_, None) => None,
                };
            }
        }
    }

    /// The next `out.len()` samples: every voice summed, clipped to 16 bits.
    /// An effect that ends leaves; the music loops.
    pub fn fill(&mut self, out: &mut [i16]) {
        let mut sum = vec![0.0f32; out.len()];
        for (effect, at, volume) in &mut self.voices {
            let samples = &self.effects[*effect];
            let n = (samples.len() - *at).min(out.len());
            for (s, x) in sum.iter_mut().zip(&samples[*at..*at + n]) {
                *s += x * *volume;
            }
            *at += n;
        }
        let effects = &self.effects;
        self.voices.retain(|&(e, at, _)| at < effects[e].len());
        if let Some((tune, at, volume)) = &mut self.music {
            let samples = &self.tunes[*tune];
            for s in sum.iter_mut() {
                *s += samples[*at] * *volume;
                *at = (*at + 1) % samples.len();
            }
        }
        for (o, s) in out.iter_mut().zip(sum) {
            *o = (s.clamp(-1.0, 1.0) * 32767.0) as i16;
        }
    }
}

/// `samples` at twice their rate, each new sample halfway between its
/// neighbours (the last between the end and the start: tunes loop).
pub fn doubled(samples: &[f32]) -> Vec<f32> {
    let mut out = Vec::with_capacity(samples.len() * 2);
    for (i, &s) in samples.iter().enumerate() {
        let next = samples[(i + 1) % samples.len()];
        out.push(s);
        out.push((s + next) / 2.0);
    }
    out
}

/// Starts the audio thread: it opens libasound and the default device at
/// `rate`, makes the sounds with `make` (effects, tunes, both at `rate`),
/// and plays what it is sent until the game ends. Without a library or a
/// device it says why once and stops, and the game plays on silent.
pub fn start<F>(rate: u32, make: F) -> Sender<Command>
where
    F: FnOnce() -> (Vec<Vec<f32>>, Vec<Vec<f32>>) + Send + 'static,
{
    let (tx, rx) = mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("audio".into())
        .spawn(move || {
            if let Err(why) = play(rate, make, rx) {
                AUDIO_DEAD.store(true, Ordering::Relaxed);
                eprintln!("dropthrough: no sound ({why}); the game plays on without it");
            }
        });
    if spawned.is_err() {
        AUDIO_DEAD.store(true, Ordering::Relaxed);
    }
    tx
}

fn play<F>(rate: u32, make: F, rx: Receiver<Command>) -> Result<(), String>
where
    F: FnOnce() -> (Vec<Vec<f32>>, Vec<Vec<f32>>),
{
    let alsa = Alsa::load(LIBRARY)?;
    let mut device = alsa.open("default", rate)?;
    let (effects, tunes) = make();
    let mut mixer = Mixer::new(effects, tunes);
    let mut chunk = [0i16; CHUNK];
    // A device that takes sound faster than it plays (ALSA's null device,
    // a file) is kept to real time, as a sound card keeps itself.
    let began = std::time::Instant::now();
    let mut written = 0u64;
    loop {
        let ahead = std::time::Duration::from_secs_f64(written as f64 / f64::from(rate))
            .saturating_sub(began.elapsed());
        if ahead > std::time::Duration::from_micros(u64::from(LATENCY_US) * 2) {
            std::thread::sleep(ahead / 2);
        }
        loop {
            match rx.try_recv() {
                Ok(command) => mixer.apply(command),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return Ok(()),
            }
        }
        mixer.fill(&mut chunk);
        device.write(&chunk)?;
        written += CHUNK as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mixed(mixer: &mut Mixer, n: usize) -> Vec<i16> {
        let mut out = vec![0; n];
        mixer.fill(&mut out);
        out
    }

    #[test]
    fn an_effect_plays_once_at_its_volume_and_leaves() {
        let mut m = Mixer::new(vec![vec![0.5, -0.5, 0.25]], vec![]);
        m.apply(Command::Play(0, 0.5));
        assert_eq!(mixed(&mut m, 2), [8191, -8191]);
        assert_eq!(mixed(&mut m, 3), [4095, 0, 0]);
        assert!(m.voices.is_empty(), "a finished effect leaves");
        m.apply(Command::Play(7, 1.0));
        assert_eq!(
            mixed(&mut m, 2),
            [0, 0],
            "an effect that is not there is silence"
        );
    }

    #[test]
    fn voices_sum_and_clip_and_the_music_loops_where_it_was() {
        let mut m = Mixer::new(vec![vec![0.75; 4]], vec![vec![0.5, 0.0, -0.5]]);
        m.apply(Command::Play(0, 1.0));
        m.apply(Command::Play(0, 1.0));
        m.apply(Command::Music(Some((0, 1.0))));
        // 0.75 + 0.75 + the tune's 0.5, 0, -0.5, 0.5: clipped; then the tune alone.
        assert_eq!(mixed(&mut m, 5), [32767, 32767, 32767, 32767, 0]);
        // Louder music goes on from where it was (its third sample).
        m.apply(Command::Music(Some((0, 2.0))));
        assert_eq!(mixed(&mut m, 2), [-32767, 32767]);
        m.apply(Command::Music(None));
        assert_eq!(mixed(&mut m, 2), [0, 0]);
        m.apply(Command::Music(Some((0, 1.0))));
        assert_eq!(mixed(&mut m, 1), [16383], "started again from its start");
        m.apply(Command::Music(Some((3, 1.0))));
        assert_eq!(mixed(&mut m, 1), [0], "a tune that is not there is silence");
    }

    #[test]
    fn a_tune_doubled_is_halfway_between_and_loops() {
        assert_eq!(doubled(&[0.0, 1.0]), [0.0, 0.5, 1.0, 0.5]);
    }

    #[test]
    fn a_missing_library_is_said_by_name() {
        let err = Alsa::load("libdropthrough-no-such-library.so.9")
            .err()
            .unwrap();
        assert!(
            err.contains("libdropthrough-no-such-library.so.9 not found"),
            "{err}"
        );
    }

    // CI installs ALSA's library; the game needs it only at run time, and
    // its "null" device takes sound on any machine, with or without a card.
    #[test]
    fn libasound_opens_and_its_null_device_takes_a_chunk_of_sound() {
        let alsa = Alsa::load(LIBRARY).expect("libasound (apt install libasound2-dev)");
        let mut device = alsa.open("null", 44_100).expect("ALSA's null device");
        let mut m = Mixer::new(vec![vec![0.5; 1000]], vec![]);
        m.apply(Command::Play(0, 1.0));
        let mut chunk = [0i16; CHUNK];
        m.fill(&mut chunk);
        device.write(&chunk).expect("written");
        let err = alsa.open("no-such-device-xyz", 44_100).err().unwrap();
        assert!(
            err.contains("no sound device 'no-such-device-xyz'"),
            "{err}"
        );
    }
}
