//! Every file the game keeps or writes goes through here, under one rule:
//! never write over what could not be read. A kept file that cannot be read
//! is set aside (renamed `NAME.damaged-DATE`) before new data takes its
//! place; a FIFO, device or folder where a file should be is reported and
//! never opened for reading or replaced; writes go to a temporary file that
//! is synced and renamed into place, so a crash never leaves half a file, and
//! a temporary file left by a killed run is removed the next time that output
//! is written.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// What a path names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// Nothing yet.
    Missing,
    /// A regular file (or a link to one).
    Regular,
    /// A folder.
    Directory,
    /// A named pipe: reading it waits for a writer.
    Fifo,
    /// A character or block device.
    Device,
    /// A socket.
    Socket,
    /// A symbolic link to nothing.
    DanglingLink,
    /// Anything else the system has.
    Other,
}

impl FileKind {
    /// What `path` names, following links.
    pub fn of(path: &Path) -> io::Result<FileKind> {
        let meta = match std::fs::metadata(path) {
            Ok(meta) => meta,
            // A path through a regular file names nothing (its folder is
            // then reported as what it is).
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
                ) =>
            {
                return Ok(match std::fs::symlink_metadata(path) {
                    Ok(_) => FileKind::DanglingLink,
                    Err(_) => FileKind::Missing,
                });
            }
            Err(e) => return Err(e),
        };
        let kind = meta.file_type();
        if kind.is_file() {
            return Ok(FileKind::Regular);
        }
        if kind.is_dir() {
            return Ok(FileKind::Directory);
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if kind.is_fifo() {
                return Ok(FileKind::Fifo);
            }
            if kind.is_char_device() || kind.is_block_device() {
                return Ok(FileKind::Device);
            }
            if kind.is_socket() {
                return Ok(FileKind::Socket);
            }
        }
        Ok(FileKind::Other)
    }

    /// How an error names it: "a FIFO", "a device", …
    pub fn describe(self) -> &'static str {
        match self {
            FileKind::Missing => "missing",
            FileKind::Regular => "a regular file",
            FileKind::Directory => "a folder",
            FileKind::Fifo => "a FIFO (named pipe)",
            FileKind::Device => "a device",
            FileKind::Socket => "a socket",
            FileKind::DanglingLink => "a link to nothing",
            FileKind::Other => "not a regular file",
        }
    }
}

/// The error for a path that is not a regular file where one should be.
fn not_a_file(kind: FileKind) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!(
            "it is {}, not a regular file (files are only written where there is none or a regular one)",
            kind.describe()
        ),
    )
}

/// Whether a file may be put at `path`: nothing or a regular file is there.
fn replaceable(path: &Path) -> io::Result<()> {
    match FileKind::of(path)? {
        FileKind::Missing | FileKind::Regular => Ok(()),
        kind => Err(not_a_file(kind)),
    }
}

/// Whether `path` may be written as an output: nothing or a regular file is
/// there, and its folder exists. Says why not.
pub fn check_output(path: &Path) -> io::Result<()> {
    if path.file_name().is_none() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a file name",
        ));
    }
    replaceable(path)?;
    let parent = parent_dir(path);
    match FileKind::of(&parent)? {
        FileKind::Directory => Ok(()),
        FileKind::Missing => Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("its folder {} does not exist", parent.display()),
        )),
        kind => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("its folder {} is {}", parent.display(), kind.describe()),
        )),
    }
}

fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Why a kept file could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// Something other than a regular file is there; it was not opened.
    NotAFile(FileKind),
    /// Larger than the limit.
    TooBig(u64),
    /// The system refused.
    Io(io::Error),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::NotAFile(kind) => write!(f, "it is {}, not a regular file", kind.describe()),
            ReadError::TooBig(limit) => write!(f, "it is larger than {} MiB", limit >> 20),
            ReadError::Io(e) => e.fmt(f),
        }
    }
}

/// Reads a file the game keeps: `Ok(None)` if there is none. A FIFO, device
/// or folder is never opened (reading a FIFO would wait forever).
pub fn read_kept(path: &Path, limit: u64) -> Result<Option<Vec<u8>>, ReadError> {
    match FileKind::of(path).map_err(ReadError::Io)? {
        FileKind::Missing => return Ok(None),
        FileKind::Regular => {}
        kind => return Err(ReadError::NotAFile(kind)),
    }
    let file = File::open(path).map_err(ReadError::Io)?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooBig(limit));
    }
    Ok(Some(bytes))
}

/// Renames a kept file that could not be read to `NAME.damaged-DATE` beside
/// it (`-2`, `-3`, … if that is taken), so new data can be written in its
/// place without losing it. Returns the new path.
pub fn set_aside(path: &Path) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let stamp = utc_stamp(SystemTime::now());
    for n in 1..1000 {
        let mut aside = name.to_os_string();
        aside.push(format!(".damaged-{stamp}"));
        if n > 1 {
            aside.push(format!("-{n}"));
        }
        let aside = path.with_file_name(aside);
        if FileKind::of(&aside)? == FileKind::Missing {
            std::fs::rename(path, &aside)?;
            return Ok(aside);
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        "too many damaged copies beside it",
    ))
}

/// `time` in UTC as `YYYYMMDD-HHMMSS`.
fn utc_stamp(time: SystemTime) -> String {
    let secs = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Howard Hinnant's days-to-civil, for days since 1970-01-01.
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}{month:02}{day:02}-{:02}{:02}{:02}",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// A lock on a folder the game keeps files in, held while it lives: a second
/// game on the same folder reads it but does not write.
#[derive(Debug)]
pub struct DirLock {
    _file: File,
}

/// The lock file's name in a locked folder.
pub const LOCK_FILE: &str = "lock";

impl DirLock {
    /// Takes the lock on `dir` (which must exist): `Ok(None)` if another
    /// process holds it.
    pub fn try_take(dir: &Path) -> io::Result<Option<DirLock>> {
        let path = dir.join(LOCK_FILE);
        replaceable(&path)?;
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)?;
        // NOTE: a game that is just closing (or a process forked from this
        // one, for the instant before it runs another program) may hold the
        // lock for a moment: try a few times before calling it taken.
        for _ in 0..10 {
            match file.try_lock() {
                Err(std::fs::TryLockError::WouldBlock) => {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                other => return DirLock::taken(file, other),
            }
        }
        Ok(None)
    }

    fn taken(file: File, tried: Result<(), std::fs::TryLockError>) -> io::Result<Option<DirLock>> {
        match tried {
            Ok(()) => Ok(Some(DirLock { _file: file })),
            Err(std::fs::TryLockError::WouldBlock) => Ok(None),
            Err(std::fs::TryLockError::Error(e)) if e.kind() == io::ErrorKind::Unsupported => {
                // A file system without locks: go on unlocked.
                Ok(Some(DirLock { _file: file }))
            }
            Err(std::fs::TryLockError::Error(e)) => Err(e),
        }
    }
}

/// A file written in full or not at all: bytes go to a temporary file beside
/// the destination, moved into place by [`AtomicFile::commit`]. Dropped
/// uncommitted, it removes the temporary file and leaves the destination as
/// it was.
pub struct AtomicFile {
    dest: PathBuf,
    temp: PathBuf,
    out: Option<BufWriter<File>>,
    /// Renamed into place: the temporary file no longer exists.
    committed: bool,
}

impl AtomicFile {
    /// Opens a temporary file beside `dest` (named `.NAME.PID.tmp`), after
    /// checking that `dest` is a regular file or nothing ([`check_output`])
    /// and removing temporary files of `dest` left by runs no longer alive.
    /// A link to a regular file is written through: the link stays.
    pub fn create(dest: &Path) -> io::Result<AtomicFile> {
        check_output(dest)?;
        let dest = match std::fs::symlink_metadata(dest) {
            Ok(meta) if meta.file_type().is_symlink() => std::fs::canonicalize(dest)?,
            _ => dest.to_path_buf(),
        };
        let name = dest.file_name().unwrap_or_default();
        let mut prefix = std::ffi::OsString::from(".");
        prefix.push(name);
        prefix.push(".");
        remove_stale_temps(&parent_dir(&dest), &prefix.to_string_lossy());
        let mut temp_name = prefix;
        temp_name.push(format!("{}.tmp", std::process::id()));
        let temp = dest.with_file_name(temp_name);
        // NOTE: our own, from an earlier write of this run.
        let _ = std::fs::remove_file(&temp);
        // NOTE: made while the list of live temporary files is held, so a
        // stop signal never finds a file it does not know of.
        let mut live = live_temps();
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        live.push(temp.clone());
        drop(live);
        Ok(AtomicFile {
            dest,
            temp,
            out: Some(BufWriter::new(file)),
            committed: false,
        })
    }

    /// Flushes and syncs the temporary file: all that is left is the rename.
    fn prepare(&mut self) -> io::Result<()> {
        if let Some(out) = self.out.take() {
            let file = out.into_inner().map_err(|e| e.into_error())?;
            file.sync_all()?;
        }
        Ok(())
    }

    /// Flushes, syncs and renames the file into place. On failure the
    /// temporary file is removed (when `self` drops) and the destination is
    /// left as it was.
    pub fn commit(mut self) -> io::Result<()> {
        self.prepare()?;
        self.rename()
    }

    fn rename(&mut self) -> io::Result<()> {
        // NOTE: checked again just before the rename: something else may
        // have been put there while the run was going.
        replaceable(&self.dest)?;
        let mut live = live_temps();
        std::fs::rename(&self.temp, &self.dest)?;
        self.committed = true;
        live.retain(|t| *t != self.temp);
        drop(live);
        sync_dir(&parent_dir(&self.dest));
        Ok(())
    }

    /// Commits several files together: each is written and synced before
    /// any is renamed, so a failure while writing leaves every destination as
    /// it was. Says which file failed (its index) and why.
    pub fn commit_all(mut files: Vec<AtomicFile>) -> Result<(), (usize, io::Error)> {
        for (i, file) in files.iter_mut().enumerate() {
            file.prepare().map_err(|e| (i, e))?;
        }
        for (i, file) in files.iter().enumerate() {
            replaceable(&file.dest).map_err(|e| (i, e))?;
        }
        for (i, file) in files.iter_mut().enumerate() {
            file.rename().map_err(|e| (i, e))?;
        }
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.out {
            Some(out) => out.write(buf),
            None => Err(io::Error::other("file already committed")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.out {
            Some(out) => out.flush(),
            None => Ok(()),
        }
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if !self.committed {
            drop(self.out.take());
            let mut live = live_temps();
            let _ = std::fs::remove_file(&self.temp);
            live.retain(|t| *t != self.temp);
        }
    }
}

/// The temporary files of this process not yet renamed into place or
/// removed: what a stop signal removes ([`remove_live_temps`]).
static LIVE_TEMPS: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());

fn live_temps() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    // NOTE: a panic while the list was held leaves it as it was: still
    // the files to remove.
    LIVE_TEMPS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes every temporary file this process has open for writing, and
/// keeps the list held so that no other is made: for a process about to
/// exit on a stop signal (SIGTERM, SIGINT, SIGHUP). Returns how many were
/// removed.
pub fn remove_live_temps() -> usize {
    let live = live_temps();
    let removed = live
        .iter()
        .filter(|t| std::fs::remove_file(t).is_ok())
        .count();
    // NOTE: never released: the process exits next.
    std::mem::forget(live);
    removed
}

/// Makes a rename in `dir` durable: the folder's entry is synced too (where
/// the system allows opening a folder; elsewhere the rename stands as it is).
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(folder) = File::open(dir) {
        let _ = folder.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// Removes `dir/PREFIXPID.tmp` files whose process is gone: a run killed
/// while writing leaves its temporary file behind. A process is known gone
/// where the system lists live ones (`/proc`); elsewhere a file untouched
/// for a day counts as left behind.
fn remove_stale_temps(dir: &Path, prefix: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(prefix))
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == std::process::id() || !entry.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        if process_gone(pid, &entry.path()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

fn process_gone(pid: u32, temp: &Path) -> bool {
    let proc = Path::new("/proc");
    if proc.join("self").exists() {
        return !proc.join(pid.to_string()).exists();
    }
    std::fs::metadata(temp)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age.as_secs() > 86_400)
}

#[cfg(test)]
mod tests;
