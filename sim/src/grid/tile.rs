//! The tiles a cell of the grid can hold, their characters and codes, and
//! which of them block or kill.

/// One cell of the grid. Stored in four bits, two to a byte, so a
/// 4096 × 4096 level holds 8 MiB of tiles (plus its 2 MiB index); the
/// tiles past the first sixteen (springs, checkpoints, gems) take a fifth bit,
/// kept apart and only on a level that has one.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Tile {
    /// `.` or space: nothing.
    #[default]
    Empty = 0,
    /// `#`: blocks from every side.
    Solid = 1,
    /// `-`: only its top edge blocks, and only a body falling onto it.
    OneWay = 2,
    /// `^`: touching kills.
    Spikes = 3,
    /// `E`: touching finishes the level.
    Exit = 4,
    /// `>`: a solid turret that fires to the right.
    TurretRight = 5,
    /// `<`: a solid turret that fires to the left.
    TurretLeft = 6,
    /// `T`: a solid turret that fires at the player.
    TurretAim = 7,
    /// `J`: a solid 45° slope rising to the right (◢).
    SlopeUpRight = 8,
    /// `L`: a solid 45° slope rising to the left (◣).
    SlopeUpLeft = 9,
    /// `1`: the low half of a solid 26.6° slope rising to the right.
    ShallowUpRightLow = 10,
    /// `2`: the high half of a solid 26.6° slope rising to the right.
    ShallowUpRightHigh = 11,
    /// `3`: the high half of a solid 26.6° slope falling to the right.
    ShallowDownRightHigh = 12,
    /// `4`: the low half of a solid 26.6° slope falling to the right.
    ShallowDownRightLow = 13,
    /// `{`: a one-way 45° slope rising to the right: only its surface
    /// line blocks, and only a body coming down onto it.
    OneWaySlopeUpRight = 14,
    /// `}`: a one-way 45° slope rising to the left.
    OneWaySlopeUpLeft = 15,
    /// `S`: a spring: blocks from every side like `#`, and throws a body
    /// standing on its top up at the level's `spring_speed`.
    Spring = 0x11,
    /// `F`: a checkpoint flag: touching it makes its cell where the player
    /// comes back after a death.
    Checkpoint = 0x12,
    /// `*`: a gem: touching it collects it (an optional goal; it blocks
    /// and kills nothing).
    Gem = 0x13,
}

impl Tile {
    /// The tile a level file's character stands for (`@`, `C` and `W` are
    /// empty cells with the spawn, a crate or a walker on them).
    pub fn from_char(ch: char) -> Option<Tile> {
        Some(match ch {
            '#' => Tile::Solid,
            '-' => Tile::OneWay,
            '^' => Tile::Spikes,
            'E' => Tile::Exit,
            '>' => Tile::TurretRight,
            '<' => Tile::TurretLeft,
            'T' => Tile::TurretAim,
            'J' => Tile::SlopeUpRight,
            'L' => Tile::SlopeUpLeft,
            '1' => Tile::ShallowUpRightLow,
            '2' => Tile::ShallowUpRightHigh,
            '3' => Tile::ShallowDownRightHigh,
            '4' => Tile::ShallowDownRightLow,
            '{' => Tile::OneWaySlopeUpRight,
            '}' => Tile::OneWaySlopeUpLeft,
            'S' => Tile::Spring,
            'F' => Tile::Checkpoint,
            '*' => Tile::Gem,
            '.' | ' ' | '@' | 'C' | 'W' => Tile::Empty,
            _ => return None,
        })
    }

    /// The tile a stored code holds: its nibble, and the fifth bit as 0x10
    /// (only values written by [`Grid::set`](super::Grid::set) occur).
    #[inline]
    pub(super) fn from_code(n: u8) -> Tile {
        match n {
            1 => Tile::Solid,
            2 => Tile::OneWay,
            3 => Tile::Spikes,
            4 => Tile::Exit,
            5 => Tile::TurretRight,
            6 => Tile::TurretLeft,
            7 => Tile::TurretAim,
            8 => Tile::SlopeUpRight,
            9 => Tile::SlopeUpLeft,
            10 => Tile::ShallowUpRightLow,
            11 => Tile::ShallowUpRightHigh,
            12 => Tile::ShallowDownRightHigh,
            13 => Tile::ShallowDownRightLow,
            14 => Tile::OneWaySlopeUpRight,
            15 => Tile::OneWaySlopeUpLeft,
            0x11 => Tile::Spring,
            0x12 => Tile::Checkpoint,
            0x13 => Tile::Gem,
            _ => Tile::Empty,
        }
    }

    /// The character a level file uses for this tile.
    pub fn to_char(self) -> char {
        match self {
            Tile::Empty => '.',
            Tile::Solid => '#',
            Tile::OneWay => '-',
            Tile::Spikes => '^',
            Tile::Exit => 'E',
            Tile::TurretRight => '>',
            Tile::TurretLeft => '<',
            Tile::TurretAim => 'T',
            Tile::SlopeUpRight => 'J',
            Tile::SlopeUpLeft => 'L',
            Tile::ShallowUpRightLow => '1',
            Tile::ShallowUpRightHigh => '2',
            Tile::ShallowDownRightHigh => '3',
            Tile::ShallowDownRightLow => '4',
            Tile::OneWaySlopeUpRight => '{',
            Tile::OneWaySlopeUpLeft => '}',
            Tile::Spring => 'S',
            Tile::Checkpoint => 'F',
            Tile::Gem => '*',
        }
    }

    /// Whether it blocks from every side, as a whole box: solid blocks,
    /// turrets and springs. (A solid slope blocks by its pixels:
    /// [`Tile::slope_height`].)
    #[inline]
    pub fn is_solid(self) -> bool {
        matches!(
            self,
            Tile::Solid | Tile::TurretRight | Tile::TurretLeft | Tile::TurretAim | Tile::Spring
        )
    }
}
