//! Every key and gamepad button the game can be given, one table: its
//! name in the settings file and what the screen calls it.

use std::fmt;

macro_rules! keys {
    (keyboard { $($key:ident $key_id:literal $key_label:literal,)* } pad { $($pad:ident $pad_id:literal $pad_label:literal,)* }) => {
        /// A key, by the name printed on a US keyboard's key in that place,
        /// or a gamepad's button (the stick counts as its d-pad).
        #[allow(missing_docs)] // each is the key it names
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Key { $($key,)* $($pad,)* }

        impl Key {
            /// Every key, then every gamepad button.
            pub const ALL: &'static [Key] = &[$(Key::$key,)* $(Key::$pad,)*];

            /// Its name in the settings file: its label without spaces,
            /// punctuation by name (`Period`, `LeftBracket`), digits as
            /// themselves, gamepad buttons by place (`PadSouth`).
            pub fn id(self) -> &'static str {
                match self { $(Key::$key => $key_id,)* $(Key::$pad => $pad_id,)* }
            }

            /// What the screen calls it.
            fn label(self) -> &'static str {
                match self { $(Key::$key => $key_label,)* $(Key::$pad => $pad_label,)* }
            }

            /// Whether it is a gamepad's button rather than a key.
            pub fn is_pad(self) -> bool {
                matches!(self, $(Key::$pad)|*)
            }
        }
    };
}

keys! {
keyboard {
    Left "Left" "Left",
    Right "Right" "Right",
    Up "Up" "Up",
    Down "Down" "Down",
    Space "Space" "Space",
    Enter "Enter" "Enter",
    KeypadEnter "KeypadEnter" "keypad Enter",
    Escape "Escape" "Esc",
    Tab "Tab" "Tab",
    Backspace "Backspace" "Backspace",
    Period "Period" ".",
    Comma "Comma" ",",
    Slash "Slash" "/",
    Semicolon "Semicolon" ";",
    Apostrophe "Apostrophe" "'",
    Minus "Minus" "-",
    Equal "Equal" "=",
    LeftBracket "LeftBracket" "[",
    RightBracket "RightBracket" "]",
    Backslash "Backslash" "\\",
    LeftShift "LeftShift" "left Shift",
    RightShift "RightShift" "right Shift",
    LeftControl "LeftControl" "left Ctrl",
    RightControl "RightControl" "right Ctrl",
    LeftAlt "LeftAlt" "left Alt",
    RightAlt "RightAlt" "right Alt",
    Insert "Insert" "Insert",
    Delete "Delete" "Delete",
    Home "Home" "Home",
    End "End" "End",
    PageUp "PageUp" "Page Up",
    PageDown "PageDown" "Page Down",
    A "A" "A",
    B "B" "B",
    C "C" "C",
    D "D" "D",
    E "E" "E",
    F "F" "F",
    G "G" "G",
    H "H" "H",
    I "I" "I",
    J "J" "J",
    K "K" "K",
    L "L" "L",
    M "M" "M",
    N "N" "N",
    O "O" "O",
    P "P" "P",
    Q "Q" "Q",
    R "R" "R",
    S "S" "S",
    T "T" "T",
    U "U" "U",
    V "V" "V",
    W "W" "W",
    X "X" "X",
    Y "Y" "Y",
    Z "Z" "Z",
    Key0 "0" "0",
    Key1 "1" "1",
    Key2 "2" "2",
    Key3 "3" "3",
    Key4 "4" "4",
    Key5 "5" "5",
    Key6 "6" "6",
    Key7 "7" "7",
    Key8 "8" "8",
    Key9 "9" "9",
    F1 "F1" "F1",
    F2 "F2" "F2",
    F3 "F3" "F3",
    F4 "F4" "F4",
    F5 "F5" "F5",
    F6 "F6" "F6",
    F7 "F7" "F7",
    F8 "F8" "F8",
    F9 "F9" "F9",
    F10 "F10" "F10",
    F11 "F11" "F11",
    F12 "F12" "F12",
}
pad {
    PadSouth "PadSouth" "pad A",
    PadEast "PadEast" "pad B",
    PadWest "PadWest" "pad X",
    PadNorth "PadNorth" "pad Y",
    PadUp "PadUp" "pad Up",
    PadDown "PadDown" "pad Down",
    PadLeft "PadLeft" "pad Left",
    PadRight "PadRight" "pad Right",
    PadStart "PadStart" "pad Start",
    PadSelect "PadSelect" "pad Select",
    PadL "PadL" "pad LB",
    PadR "PadR" "pad RB",
}
}

impl Key {
    /// The key a settings file names (case does not matter).
    pub fn from_id(id: &str) -> Option<Key> {
        Key::ALL
            .iter()
            .copied()
            .find(|k| k.id().eq_ignore_ascii_case(id))
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}
