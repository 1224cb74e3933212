//! One slice a file: a 32-byte header (magic, material, position count,
//! checksum) then two bits a position. A file whose header, length or
//! checksum is wrong is reported as corrupt, never used.

use super::{Material, SliceIndex};
use std::fmt;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 8] = b"GSEGDB01";
const HEADER: usize = 32;

/// What is wrong with a slice file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SliceProblem {
    Missing,
    Unreadable(String),
    /// Header, length or checksum does not match.
    Corrupt(&'static str),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SliceFileError {
    pub path: PathBuf,
    pub material: Material,
    pub problem: SliceProblem,
}

impl fmt::Display for SliceFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match &self.problem {
            SliceProblem::Missing => "is missing".to_string(),
            SliceProblem::Unreadable(e) => format!("cannot be read: {e}"),
            SliceProblem::Corrupt(why) => format!("is corrupt ({why})"),
        };
        write!(f, "endgame slice {} ({}) {what}", self.path.display(), self.material)
    }
}

impl std::error::Error for SliceFileError {}

pub fn slice_file_name(m: Material) -> String {
    format!("b{}-{}_w{}-{}.egdb", m.bm, m.bk, m.wm, m.wk)
}

/// FNV-1a, 64 bits: enough to catch a truncated or damaged file.
fn checksum(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn header(m: Material, positions: u64, sum: u64) -> [u8; HEADER] {
    let mut h = [0u8; HEADER];
    h[..8].copy_from_slice(MAGIC);
    h[8..12].copy_from_slice(&[m.bm, m.bk, m.wm, m.wk]);
    h[16..24].copy_from_slice(&positions.to_le_bytes());
    h[24..32].copy_from_slice(&sum.to_le_bytes());
    h
}

/// Writes through a temporary file and a rename, so an interrupted build
/// never leaves a file that looks whole.
pub fn write_slice(dir: &Path, m: Material, packed: &[u8]) -> std::io::Result<PathBuf> {
    fs::create_dir_all(dir)?;
    let path = dir.join(slice_file_name(m));
    let tmp = dir.join(format!("{}.part", slice_file_name(m)));
    let positions = SliceIndex::new(m).size();
    let mut f = fs::File::create(&tmp)?;
    f.write_all(&header(m, positions, checksum(packed)))?;
    f.write_all(packed)?;
    f.sync_all()?;
    fs::rename(&tmp, &path)?;
    Ok(path)
}

/// Whether a slice file is there with the length its material needs (the
/// header and checksum are checked when it is read).
pub fn check_slice_length(dir: &Path, m: Material) -> Result<(), SliceFileError> {
    let path = dir.join(slice_file_name(m));
    let fail = |problem| SliceFileError { path: path.clone(), material: m, problem };
    match fs::metadata(&path) {
        Ok(meta) if meta.len() == HEADER as u64 + SliceIndex::new(m).size().div_ceil(4) => Ok(()),
        Ok(_) => Err(fail(SliceProblem::Corrupt("wrong length"))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(fail(SliceProblem::Missing)),
        Err(e) => Err(fail(SliceProblem::Unreadable(e.to_string()))),
    }
}

/// The packed codes of a slice, checked against its header and checksum.
pub fn read_slice(dir: &Path, m: Material) -> Result<Vec<u8>, SliceFileError> {
    let path = dir.join(slice_file_name(m));
    let fail = |problem| SliceFileError { path: path.clone(), material: m, problem };
    let bytes = match fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(fail(SliceProblem::Missing)),
        Err(e) => return Err(fail(SliceProblem::Unreadable(e.to_string()))),
    };
    if bytes.len() < HEADER || &bytes[..8] != MAGIC {
        return Err(fail(SliceProblem::Corrupt("not a gamescribe endgame slice")));
    }
    if bytes[8..12] != [m.bm, m.bk, m.wm, m.wk] {
        return Err(fail(SliceProblem::Corrupt("header names another material")));
    }
    let positions = SliceIndex::new(m).size();
    let stored = u64::from_le_bytes(bytes[16..24].try_into().expect("eight bytes"));
    let data = &bytes[HEADER..];
    if stored != positions || data.len() as u64 != positions.div_ceil(4) {
        return Err(fail(SliceProblem::Corrupt("wrong length")));
    }
    let sum = u64::from_le_bytes(bytes[24..32].try_into().expect("eight bytes"));
    if checksum(data) != sum {
        return Err(fail(SliceProblem::Corrupt("checksum mismatch")));
    }
    Ok(data.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_file_is_refused() {
        let dir = std::env::temp_dir().join(format!("gs-egdb-file-{}", std::process::id()));
        let m = Material { bm: 0, bk: 1, wm: 0, wk: 1 };
        let n = SliceIndex::new(m).size().div_ceil(4) as usize;
        let data: Vec<u8> = (0..n).map(|i| (i * 7) as u8).collect();
        let path = write_slice(&dir, m, &data).unwrap();
        assert_eq!(read_slice(&dir, m).unwrap(), data);
        let mut bytes = fs::read(&path).unwrap();
        bytes[HEADER + 3] ^= 1;
        fs::write(&path, &bytes).unwrap();
        assert_eq!(read_slice(&dir, m).unwrap_err().problem, SliceProblem::Corrupt("checksum mismatch"));
        bytes.pop();
        fs::write(&path, &bytes).unwrap();
        assert_eq!(read_slice(&dir, m).unwrap_err().problem, SliceProblem::Corrupt("wrong length"));
        fs::remove_file(&path).unwrap();
        assert_eq!(read_slice(&dir, m).unwrap_err().problem, SliceProblem::Missing);
        let _ = fs::remove_dir_all(&dir);
    }
}
