use super::*;

#[test]
fn a_set_aside_file_keeps_its_bytes_under_a_name_not_yet_taken() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("records.txt");
    std::fs::write(&path, b"first").unwrap();
    let one = set_aside(&path).unwrap();
    std::fs::write(&path, b"second").unwrap();
    let two = set_aside(&path).unwrap();
    assert_ne!(one, two, "a second copy the same second gets its own name");
    assert!(two.to_string_lossy().ends_with("-2"), "{two:?}");
    assert_eq!(std::fs::read(&one).unwrap(), b"first");
    assert_eq!(std::fs::read(&two).unwrap(), b"second");
    assert!(!path.exists());
    let name = one.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with("records.txt.damaged-"), "{name}");
    assert_eq!(
        name.len(),
        "records.txt.damaged-YYYYMMDD-HHMMSS".len(),
        "the first copy has no number: {name}"
    );
}

#[test]
fn outputs_must_be_regular_files_or_nothing_in_a_folder_that_exists() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.csv");
    assert!(check_output(&file).is_ok(), "nothing there yet");
    std::fs::write(&file, "x").unwrap();
    assert!(check_output(&file).is_ok(), "a regular file");
    // A bare file name is in the current folder, which exists.
    assert!(check_output(Path::new("no-such-output-here.csv")).is_ok());
    let e = check_output(dir.path()).unwrap_err();
    assert!(e.to_string().contains("it is a folder"), "{e}");
    let e = check_output(&dir.path().join("no/such/t.csv")).unwrap_err();
    assert!(e.to_string().contains("does not exist"), "{e}");
    let e = check_output(&file.join("under-a-file.csv")).unwrap_err();
    assert!(e.to_string().contains("is a regular file"), "{e}");
    #[cfg(unix)]
    {
        assert_eq!(
            FileKind::of(Path::new("/dev/null")).unwrap(),
            FileKind::Device
        );
        let e = check_output(Path::new("/dev/null")).unwrap_err();
        assert!(e.to_string().contains("it is a device"), "{e}");
        let link = dir.path().join("dangling");
        std::os::unix::fs::symlink(dir.path().join("nowhere"), &link).unwrap();
        let e = check_output(&link).unwrap_err();
        assert!(e.to_string().contains("a link to nothing"), "{e}");
    }
}

#[test]
fn a_committed_file_replaces_the_old_one_and_leaves_no_temporary() {
    let dir = tempfile::tempdir().unwrap();
    let dest = dir.path().join("out.txt");
    std::fs::write(&dest, "old").unwrap();
    let mut file = AtomicFile::create(&dest).unwrap();
    file.write_all(b"new").unwrap();
    assert_eq!(
        std::fs::read_to_string(&dest).unwrap(),
        "old",
        "not before commit"
    );
    file.commit().unwrap();
    assert_eq!(std::fs::read_to_string(&dest).unwrap(), "new");
    let dropped = AtomicFile::create(&dest).unwrap();
    drop(dropped);
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 1, "only out.txt");
}

#[cfg(unix)]
#[test]
fn a_link_is_written_through_and_only_regular_stale_temporaries_go() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.csv");
    std::fs::write(&real, "old").unwrap();
    let link = dir.path().join("link.csv");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let mut file = AtomicFile::create(&link).unwrap();
    file.write_all(b"new").unwrap();
    file.commit().unwrap();
    let kind = std::fs::symlink_metadata(&link).unwrap().file_type();
    assert!(kind.is_symlink(), "the link stays a link");
    assert_eq!(
        std::fs::read_to_string(&real).unwrap(),
        "new",
        "written through it"
    );
    // Only a regular file left by a dead process is removed: a folder or
    // a link of that name is someone's, and stays.
    let (stale_dir, stale_link) = (
        dir.path().join(".real.csv.4294967290.tmp"),
        dir.path().join(".real.csv.4294967291.tmp"),
    );
    std::fs::create_dir(&stale_dir).unwrap();
    std::os::unix::fs::symlink(&real, &stale_link).unwrap();
    // And a file of a process still running (process 1 always is) is
    // that process's write in progress.
    let running = dir.path().join(".real.csv.1.tmp");
    std::fs::write(&running, "half").unwrap();
    AtomicFile::create(&real).unwrap().commit().unwrap();
    assert!(stale_dir.is_dir());
    assert!(std::fs::symlink_metadata(&stale_link).is_ok());
    assert!(running.exists(), "a live process's temporary file stays");
}

#[test]
fn stamps_are_utc_calendar_dates() {
    let at = |secs| utc_stamp(UNIX_EPOCH + std::time::Duration::from_secs(secs));
    assert_eq!(at(0), "19700101-000000");
    assert_eq!(at(951_782_400), "20000229-000000");
    assert_eq!(at(1_795_568_645), "20261125-010405");
    assert_eq!(at(4_107_542_399), "21000228-235959");
    // Around the leap days a century and four centuries bring (or not).
    for (secs, date) in [
        (4_107_542_400, "21000301"),
        (4_138_992_000, "21010228"),
        (4_139_078_400, "21010301"),
        (7_263_216_000, "22000301"),
        (10_418_803_200, "23000228"),
        (13_569_379_200, "23991231"),
        (13_574_563_200, "24000229"),
        (13_574_649_600, "24000301"),
    ] {
        assert_eq!(at(secs), format!("{date}-000000"));
    }
}
