use super::*;

#[test]
fn the_defaults_read_back_from_their_own_text() {
    let text = Settings::default().to_text();
    assert_eq!(
        Settings::parse(&text, "s.txt"),
        (Settings::default(), vec![])
    );
}

#[test]
fn each_line_applies_and_each_bad_line_is_said_with_its_place() {
    let text = "// mine\nkey jump = Ctrl Space\nkey left = Hyper\n\nkey jmp = Z\nvolume = 40 // quiet\nvolume = 400\nghost = off\nfullscreen = yes\nspeed = 3\nkey right = D D\nkey down =\n";
    let (s, problems) = Settings::parse(text, "s.txt");
    assert_eq!(s.volume, 40);
    assert!(!s.ghost && !s.fullscreen);
    assert_eq!(s.bindings.keys(Command::Right), &[Key::D]);
    assert_eq!(
        s.bindings.keys(Command::Jump),
        Bindings::default().keys(Command::Jump)
    );
    assert_eq!(
        s.bindings.keys(Command::Down),
        Bindings::default().keys(Command::Down)
    );
    assert_eq!(problems.len(), 7, "{problems:#?}");
    assert!(
        problems[0].starts_with("s.txt:2:12: unknown key 'Ctrl' (expected key names such as Space"),
        "{}",
        problems[0]
    );
    assert!(
        problems[1].starts_with("s.txt:3:12: unknown key 'Hyper'"),
        "{}",
        problems[1]
    );
    assert!(
        problems[2].starts_with("s.txt:5:5: unknown command 'jmp' (expected one of left, right"),
        "{}",
        problems[2]
    );
    assert_eq!(
        problems[3],
        "s.txt:7:10: bad volume '400' (expected a whole number from 0 to 100)"
    );
    assert_eq!(
        problems[4],
        "s.txt:9:14: bad value 'yes' for fullscreen (expected on or off)"
    );
    assert!(
        problems[5].starts_with("s.txt:10:1: unknown setting 'speed'"),
        "{}",
        problems[5]
    );
    assert!(problems[6].starts_with("s.txt:12:"), "{}", problems[6]);
}

#[test]
fn the_readmes_example_reads_without_a_problem() {
    let readme = include_str!("../../README.md");
    let from = readme.find("**Settings.**").expect("the README says how");
    let block = readme[from..].split("```").nth(1).expect("an example");
    // The fence's first line is its info string (`text`).
    let block = block.split_once('\n').map_or(block, |(_, rest)| rest);
    let (s, problems) = Settings::parse(block, "README.md");
    assert_eq!(problems, Vec::<String>::new());
    assert_eq!(
        (s.volume, s.bindings.keys(Command::Right)),
        (80, &[Key::D][..])
    );
}

#[test]
fn saved_settings_load_back_and_a_file_too_big_to_read_is_set_aside_not_written_over() {
    let dir = std::env::temp_dir().join(format!("dropthrough-settings-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // NOTE: no folder yet: the first save makes it.
    assert_eq!(
        Settings::load(&dir),
        (Settings::default(), vec![]),
        "none yet"
    );
    let mut mine = Settings {
        volume: 7,
        ..Settings::default()
    };
    mine.bindings.set(Command::Jump, vec![Key::Z]);
    assert_eq!(mine.save(&dir).unwrap(), None);
    assert_eq!(Settings::load(&dir), (mine.clone(), vec![]));
    assert_eq!(
        std::fs::read_to_string(dir.join(FILE)).unwrap(),
        mine.to_text(),
        "a new file has every line"
    );

    let huge = vec![b'/'; MAX_BYTES as usize + 1];
    std::fs::write(dir.join(FILE), &huge).unwrap();
    let (loaded, said) = Settings::load(&dir);
    assert_eq!(loaded, Settings::default());
    assert_eq!(said.len(), 1);
    assert!(said[0].contains("cannot read settings"), "{}", said[0]);
    let aside = mine.save(&dir).unwrap().expect("set aside");
    assert_eq!(std::fs::read(&aside).unwrap(), huge, "kept as it was");
    assert_eq!(Settings::load(&dir), (mine.clone(), vec![]));
    let _ = std::fs::remove_dir_all(&dir);
}

/// What a player wrote stays: comments, blank lines, the order of the
/// lines, a byte-order mark, `\r\n` line ends, and lines the game
/// cannot read (bad UTF-8 included), byte for byte; a changed value is
/// changed on its own line, and a new one goes at the end.
#[test]
fn a_change_keeps_every_line_the_player_wrote() {
    let old: &[u8] = b"\xef\xbb\xbf// my settings\r\nvolume   =  40   // quiet at night\r\n\r\n// caf\xe9 lines\r\nkey jump = Hyper\r\nghost = off\r\nkey left = A Left\r\n";
    let (mut now, problems) = Settings::parse_bytes(old, "s.txt");
    assert_eq!(
        (now.volume, now.ghost),
        (40, false),
        "the BOM and CRLF are read"
    );
    assert_eq!(now.bindings.keys(Command::Left), &[Key::A, Key::Left]);
    // The comment with a bad byte is a comment: only Hyper is a problem.
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with("s.txt:5:12: unknown key 'Hyper'"),
        "{}",
        problems[0]
    );
    // Unchanged: written back byte for byte.
    assert_eq!(now.merged_into(Some(old)), old);
    now.volume = 90;
    now.bindings.set(Command::Jump, vec![Key::Z]);
    now.fullscreen = true;
    let new = now.merged_into(Some(old));
    assert_eq!(
        new,
        b"\xef\xbb\xbf// my settings\r\nvolume = 90   // quiet at night\r\n\r\n// caf\xe9 lines\r\nkey jump = Hyper\r\nghost = off\r\nkey left = A Left\r\nkey jump = Z\r\nfullscreen = on\r\n"
    );
    let (back, problems) = Settings::parse_bytes(&new, "s.txt");
    assert_eq!(back, now);
    assert_eq!(problems.len(), 1, "Hyper is still the player's line");
}

#[test]
fn a_line_that_is_not_utf8_is_one_problem_and_the_others_apply() {
    let old: &[u8] = b"volume = 30\nkey back = \xff\xfeX\nghost = off";
    let (now, problems) = Settings::parse_bytes(old, "s.txt");
    assert_eq!((now.volume, now.ghost), (30, false));
    assert_eq!(
        problems,
        ["s.txt:2:12: invalid UTF-8 at byte column 12 (expected UTF-8 text)"]
    );
    let mut changed = now.clone();
    changed.volume = 31;
    assert_eq!(
        changed.merged_into(Some(old)),
        b"volume = 31\nkey back = \xff\xfeX\nghost = off",
        "no line end added where there was none"
    );
    // A first line after a byte-order mark applies (it used to be lost).
    let (s, problems) = Settings::parse_bytes(b"\xef\xbb\xbfkey back = X\n", "s.txt");
    assert_eq!(
        (s.bindings.keys(Command::Back), problems.len()),
        (&[Key::X][..], 0)
    );
}

#[test]
fn the_same_setting_twice_is_changed_on_both_lines_and_a_default_is_not_added() {
    let old: &[u8] = b"volume = 10\nvolume = 20\n";
    let s = Settings {
        volume: 50,
        ..Settings::default()
    };
    assert_eq!(s.merged_into(Some(old)), b"volume = 50\nvolume = 50\n");
    assert_eq!(Settings::default().merged_into(Some(b"")), b"");
    // A line added to a file of `\n` line ends ends with `\n` too; a
    // changed value keeps a space before a comment that had none.
    let quiet = Settings {
        volume: 90,
        ghost: false,
        ..Settings::default()
    };
    assert_eq!(
        quiet.merged_into(Some(b"volume = 40// quiet\n")),
        b"volume = 90 // quiet\nghost = off\n"
    );
    assert_eq!(
        Settings::default().merged_into(Some(b"volume = 10")),
        b"volume = 100"
    );
}

/// Any file of lines a player might write (good, bad, not UTF-8,
/// commented, repeated, with `\r\n` and a byte-order mark) and any
/// settings: the file the game writes reads back as exactly those
/// settings, and every line it could not read is still in it.
#[test]
fn any_file_changed_to_any_settings_reads_back_as_them_and_keeps_the_rest() {
    use proptest::prelude::*;
    let pieces: Vec<&[u8]> = vec![
        b"volume = 40",
        b"volume = 400",
        b"  volume=7 // low",
        b"ghost = off",
        b"ghost = maybe",
        b"fullscreen = on // big",
        b"key jump = Z Space",
        b"key jump = Hyper",
        b"key left = A",
        b"key  back =  X // mine",
        b"key nothing = A",
        b"// a comment // with two",
        b"// caf\xe9",
        b"key down = \xff",
        b"",
        b"   ",
        b"no equals here",
        b"= 3",
        b"volume = 1\r",
    ];
    let keys = [Key::Z, Key::A, Key::X, Key::Space, Key::Left];
    let strategy = (
        proptest::collection::vec(0..pieces.len(), 0..12),
        any::<bool>(),
        any::<bool>(),
        0u8..=100,
        any::<(bool, bool)>(),
        proptest::collection::vec((0..Command::ALL.len(), 0..keys.len()), 0..4),
        0..3usize,
    );
    let mut runner = proptest::test_runner::TestRunner::default();
    runner
        .run(
            &strategy,
            |(lines, bom, crlf, volume, (ghost, fullscreen), binds, cut)| {
                let mut old = Vec::new();
                if bom {
                    old.extend_from_slice(b"\xef\xbb\xbf");
                }
                for &i in &lines {
                    old.extend_from_slice(pieces[i]);
                    old.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
                }
                // NOTE: the last line without its line end, or with half
                // of a `\r\n`.
                old.truncate(old.len().saturating_sub(cut.min(if crlf { 2 } else { 1 })));
                let mut wanted = Settings {
                    volume,
                    ghost,
                    fullscreen,
                    ..Settings::default()
                };
                for (c, k) in binds {
                    wanted.bindings.set(Command::ALL[c], vec![keys[k]]);
                }
                let new = wanted.merged_into(Some(&old));
                let (back, _) = Settings::parse_bytes(&new, "s.txt");
                prop_assert_eq!(&back, &wanted);
                // Every line that could not be read is still there.
                let kept: Vec<&[u8]> = lines_of(&new).collect();
                for line in lines_of(&old) {
                    let read = utf8_line(line).and_then(read_line);
                    if !matches!(read, Ok(Some(_))) {
                        prop_assert!(
                            kept.contains(&line),
                            "{:?} lost",
                            String::from_utf8_lossy(line)
                        );
                    }
                }
                // Written again, nothing changes.
                prop_assert_eq!(wanted.merged_into(Some(&new)), new);
                Ok(())
            },
        )
        .unwrap();
}
