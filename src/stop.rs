//! Stop signals: a run stopped by SIGTERM, SIGINT (Ctrl+C in its terminal)
//! or SIGHUP removes its temporary files before it exits (128 + the
//! signal's number), so nothing half-written is left beside its outputs. A
//! game in a window is asked to quit instead, as closing the window asks:
//! the unsaved-edit guard applies, and its recording is written. (SIGKILL
//! cannot be caught: what it leaves, the next write of the same output
//! removes.)

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether a window is open that takes a stop signal as a request to quit.
static WINDOW: AtomicBool = AtomicBool::new(false);
/// A stop signal the window has not yet taken.
static ASKED: AtomicBool = AtomicBool::new(false);

/// Listens for stop signals for the rest of the process (on Unix; elsewhere
/// the system's default stands). Says why not if it cannot.
pub fn listen() -> Result<(), String> {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGINT, SIGHUP])
            .map_err(|e| e.to_string())?;
        std::thread::Builder::new()
            .name("stop signals".into())
            .spawn(move || {
                for signal in signals.forever() {
                    if WINDOW.load(Ordering::SeqCst) {
                        ASKED.store(true, Ordering::SeqCst);
                        continue;
                    }
                    crate::store::remove_live_temps();
                    std::process::exit(128 + signal);
                }
            })
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// From now on a stop signal asks the window to quit ([`asked`]) rather
/// than ending the process.
pub fn window_open() {
    WINDOW.store(true, Ordering::SeqCst);
}

/// Whether a stop signal arrived since the last call (each is taken once).
pub fn asked() -> bool {
    ASKED.swap(false, Ordering::SeqCst)
}
