//! The voices of each sound effect: which waves, which pitches, how long
//! and how loud.

/// A waveform: its value at phase `p` in `[0, 1)`.
#[derive(Clone, Copy)]
pub(in crate::game) enum Wave {
    Square,
    Triangle,
    Noise,
}

impl Wave {
    /// A tone's value at `phase` in `[0, 1)` (noise has no tone: 0).
    pub(in crate::game) fn tone(self, phase: f32) -> f32 {
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
pub(super) struct Voice {
    pub(super) wave: Wave,
    pub(super) from: f32,
    pub(super) to: f32,
    pub(super) seconds: f32,
    pub(super) volume: f32,
}

/// The effects, in [`Effect`] order.
pub(super) const VOICES: [&[Voice]; 13] = [
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
