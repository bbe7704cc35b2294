//! Reading user text files safely, for levels and input scripts alike: never
//! more than a size limit, and invalid UTF-8 reported by line and byte column.

use std::io::Read;
use std::path::Path;

/// Why a file could not be read as text.
pub enum ReadError {
    Io(std::io::Error),
    /// Larger than the limit (a device such as /dev/zero has no size to report).
    TooBig,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(e) => e.fmt(f),
            ReadError::TooBig => f.write_str("the file is too large"),
        }
    }
}

/// Reads a whole file, refusing one larger than `limit` bytes without reading it all.
pub fn read_limited(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooBig);
    }
    Ok(bytes)
}

/// The bytes as UTF-8 text, or the 1-based line and byte column of the first invalid byte.
pub fn utf8(bytes: &[u8]) -> Result<&str, (usize, usize)> {
    std::str::from_utf8(bytes).map_err(|e| {
        let bad = e.valid_up_to();
        let before = &bytes[..bad];
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        (line, bad - line_start + 1)
    })
}
