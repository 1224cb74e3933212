//! An endgame database for English draughts: win, loss or draw for the side to
//! move in every position of up to N pieces, built by retrograde analysis.
//!
//! Positions are kept with Black to move only: a position with White to move is
//! the board turned half round with the colours swapped. Each material slice
//! (Black men, Black kings, White men, White kings) has a perfect index
//! (`index.rs`) and two bits a position; a slice is one file with a header and
//! a checksum (`file.rs`), built after every slice its moves can reach
//! (`build.rs`). Opened from disk, a slice is read (and its checksum checked)
//! the first time a position of it is probed: a check that needs three
//! slices of a 600 MB database reads three files.

mod build;
mod file;
mod index;

pub use build::{build, BuildEvent, BuildReport, SliceReport};
pub use file::{slice_file_name, SliceFileError, SliceProblem};
pub use index::{counted_size, SliceIndex};

use super::{Color, Position};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// How many pieces of each kind a slice holds, Black to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    pub bm: u8,
    pub bk: u8,
    pub wm: u8,
    pub wk: u8,
}

impl Material {
    pub fn of(black_men: u32, black_kings: u32, white_men: u32, white_kings: u32) -> Material {
        Material {
            bm: black_men.count_ones() as u8,
            bk: black_kings.count_ones() as u8,
            wm: white_men.count_ones() as u8,
            wk: white_kings.count_ones() as u8,
        }
    }

    pub fn pieces(self) -> u8 {
        self.bm + self.bk + self.wm + self.wk
    }

    pub fn men(self) -> u8 {
        self.bm + self.wm
    }

    /// The same material with the colours swapped.
    pub fn mirror(self) -> Material {
        Material { bm: self.wm, bk: self.wk, wm: self.bm, wk: self.bk }
    }

    /// Slot in the table of slices: each count 0–7 (a database holds at most
    /// seven pieces), so the table is 4096 entries and stays in the L1 cache.
    #[inline(always)]
    fn slot(bm: u32, bk: u32, wm: u32, wk: u32) -> Option<usize> {
        ((bm | bk | wm | wk) < 8).then(|| ((bm as usize * 8 + bk as usize) * 8 + wm as usize) * 8 + wk as usize)
    }

    /// Every slice of exactly `n` pieces with at least one piece a side.
    pub fn all_with(n: u8) -> Vec<Material> {
        let mut out = Vec::new();
        for bm in 0..=n {
            for bk in 0..=n - bm {
                for wm in 0..=n - bm - bk {
                    let wk = n - bm - bk - wm;
                    if bm + bk > 0 && wm + wk > 0 && bm + bk <= 12 && wm + wk <= 12 {
                        out.push(Material { bm, bk, wm, wk });
                    }
                }
            }
        }
        out
    }
}

impl std::fmt::Display for Material {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}m{}k v {}m{}k", self.bm, self.bk, self.wm, self.wk)
    }
}

/// The value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Wdl {
    Win,
    Loss,
    Draw,
}

/// Two-bit codes as stored; `UNKNOWN` only during a build.
pub(crate) const UNKNOWN: u8 = 0;
pub(crate) const WIN: u8 = 1;
pub(crate) const LOSS: u8 = 2;
pub(crate) const DRAW: u8 = 3;

fn wdl_of(code: u8) -> Option<Wdl> {
    match code {
        WIN => Some(Wdl::Win),
        LOSS => Some(Wdl::Loss),
        DRAW => Some(Wdl::Draw),
        _ => None,
    }
}

/// `Egdb::locate`'s answers for a side with no piece left.
const WON: u32 = u32::MAX - 1;
const LOST: u32 = u32::MAX - 2;

/// One slice: its index and four positions a byte, read from the database's
/// folder on first use when it was opened from disk (`None` once reading it failed).
struct Slice {
    index: SliceIndex,
    packed: OnceLock<Option<Vec<u8>>>,
}

impl Slice {
    #[inline(always)]
    fn code(&self, i: u64, disk: &Disk) -> Option<u8> {
        let packed = self.packed.get_or_init(|| disk.load(self.index.material)).as_ref()?;
        Some((packed[(i >> 2) as usize] >> ((i & 3) * 2)) & 3)
    }
}

/// Where slices not yet in memory are read from, and what reading them found.
#[derive(Default)]
struct Disk {
    dir: Option<PathBuf>,
    /// Slices found damaged when first read.
    problems: Mutex<Vec<SliceFileError>>,
}

impl Disk {
    #[cold]
    fn load(&self, m: Material) -> Option<Vec<u8>> {
        match file::read_slice(self.dir.as_deref()?, m) {
            Ok(packed) => Some(packed),
            Err(e) => {
                // A slice that turns out damaged is left out and reported; the search goes on without it.
                if let Ok(mut list) = self.problems.lock() {
                    list.push(e);
                }
                None
            }
        }
    }
}

/// The slices known, by material.
pub struct Egdb {
    /// One more than the place in `slices` of each material's slice (0: not
    /// there), by `Material::slot`: u16 so the table is 8 KB.
    by_slot: Vec<u16>,
    slices: Vec<Slice>,
    /// Every slice of up to this many pieces is present.
    complete_to: u8,
    disk: Disk,
}

impl Default for Egdb {
    fn default() -> Egdb {
        Egdb::empty()
    }
}

impl Egdb {
    pub fn empty() -> Egdb {
        Egdb { by_slot: vec![0; 8 * 8 * 8 * 8], slices: Vec::new(), complete_to: 1, disk: Disk::default() }
    }

    /// Positions of up to this many pieces can be probed.
    pub fn pieces(&self) -> u8 {
        self.complete_to
    }

    /// Bytes held by the slices read so far.
    pub fn memory_bytes(&self) -> usize {
        self.slices.iter().filter_map(|s| s.packed.get()?.as_ref().map(Vec::len)).sum()
    }

    /// Slices found damaged when first read (each is left out of every answer).
    pub fn problems(&self) -> Vec<SliceFileError> {
        self.disk.problems.lock().map(|l| l.clone()).unwrap_or_default()
    }

    /// Loads every slice of up to `pieces` pieces from `dir`. A missing or
    /// corrupt file is an error naming it.
    pub fn open(dir: &Path, pieces: u8) -> Result<Egdb, SliceFileError> {
        let mut db = Egdb::empty();
        for n in 2..=pieces {
            for m in Material::all_with(n) {
                let packed = file::read_slice(dir, m)?;
                db.insert(m, packed);
            }
            db.complete_to = n;
        }
        Ok(db)
    }

    /// The largest complete set of slices found in `dir` (up to `pieces`),
    /// each read on first use: `None` if not even the two-piece slices are
    /// there. A piece count whose slices are partly there, or of the wrong
    /// length, ends the set and is reported (a count with no slice at all is
    /// simply not built); a checksum is checked when its slice is first read.
    pub fn open_available(dir: &Path, pieces: u8) -> (Option<Egdb>, Vec<SliceFileError>) {
        let mut db = Egdb::empty();
        db.disk.dir = Some(dir.to_path_buf());
        for n in 2..=pieces {
            let mut found = Vec::new();
            let mut problems = Vec::new();
            for m in Material::all_with(n) {
                match file::check_slice_length(dir, m) {
                    Ok(()) => found.push(m),
                    Err(e) => problems.push(e),
                }
            }
            if !problems.is_empty() {
                if found.is_empty() && problems.iter().all(|e| e.problem == SliceProblem::Missing) {
                    problems.clear();
                }
                return ((n > 2).then_some(db), problems);
            }
            for m in found {
                db.add(m, OnceLock::new());
            }
            db.complete_to = n;
        }
        ((db.complete_to >= 2).then_some(db), Vec::new())
    }

    fn insert(&mut self, m: Material, packed: Vec<u8>) {
        self.add(m, OnceLock::from(Some(packed)));
    }

    fn add(&mut self, m: Material, packed: OnceLock<Option<Vec<u8>>>) {
        let slot = Material::slot(m.bm as u32, m.bk as u32, m.wm as u32, m.wk as u32).expect("at most seven pieces of a kind");
        let slice = Slice { index: SliceIndex::new(m), packed };
        match self.by_slot[slot] {
            0 => {
                self.slices.push(slice);
                self.by_slot[slot] = u16::try_from(self.slices.len()).expect("fewer than 65536 slices");
            }
            k => self.slices[k as usize - 1] = slice,
        }
    }

    /// Win, loss or draw for the side to move; `None` if the position has
    /// more pieces than the database holds.
    pub fn probe(&self, pos: &Position) -> Option<Wdl> {
        let (black, white, kings) = match pos.turn() {
            Color::Black => (pos.black(), pos.white(), pos.kings()),
            Color::White => (pos.white().reverse_bits(), pos.black().reverse_bits(), pos.kings().reverse_bits()),
        };
        wdl_of(self.code_black_to_move(black, white, kings)?)
    }

    /// `probe` for many positions at once: every index is computed first and
    /// the table bytes are read after, so the reads (cache misses, on a
    /// database larger than the cache) overlap instead of waiting one by one.
    pub fn probe_batch(&self, positions: &[Position], out: &mut Vec<Option<Wdl>>) {
        const CHUNK: usize = 64;
        out.clear();
        let mut at = [(u32::MAX, 0u64); CHUNK];
        for chunk in positions.chunks(CHUNK) {
            for (slot, pos) in at.iter_mut().zip(chunk) {
                *slot = self.locate(pos);
            }
            out.extend(at[..chunk.len()].iter().map(|&(slice, index)| match slice {
                u32::MAX => None,
                WON => Some(Wdl::Win),
                LOST => Some(Wdl::Loss),
                s => wdl_of(self.slices[s as usize].code(index, &self.disk)?),
            }));
        }
    }

    /// Where a position's value is stored: (slice, index), or `WON`/`LOST`
    /// for a side without pieces, or `u32::MAX` if the database lacks it.
    #[inline(always)]
    fn locate(&self, pos: &Position) -> (u32, u64) {
        let (black, white, kings) = match pos.turn() {
            Color::Black => (pos.black(), pos.white(), pos.kings()),
            Color::White => (pos.white().reverse_bits(), pos.black().reverse_bits(), pos.kings().reverse_bits()),
        };
        if black == 0 {
            return (LOST, 0);
        }
        if white == 0 {
            return (WON, 0);
        }
        let (bm, bk, wm, wk) = (black & !kings, black & kings, white & !kings, white & kings);
        let Some(slot) = Material::slot(bm.count_ones(), bk.count_ones(), wm.count_ones(), wk.count_ones()) else { return (u32::MAX, 0) };
        match self.by_slot[slot] {
            0 => (u32::MAX, 0),
            k => (k as u32 - 1, self.slices[k as usize - 1].index.rank(bm, bk, wm, wk)),
        }
    }

    /// The stored code of a position with Black to move; a side with no
    /// piece has lost.
    #[inline(always)]
    pub(crate) fn code_black_to_move(&self, black: u32, white: u32, kings: u32) -> Option<u8> {
        if black == 0 {
            return Some(LOSS);
        }
        if white == 0 {
            return Some(WIN);
        }
        let (bm, bk, wm, wk) = (black & !kings, black & kings, white & !kings, white & kings);
        let slot = Material::slot(bm.count_ones(), bk.count_ones(), wm.count_ones(), wk.count_ones())?;
        let slice = self.slices.get((self.by_slot[slot] as usize).wrapping_sub(1))?;
        slice.code(slice.index.rank(bm, bk, wm, wk), &self.disk)
    }
}

/// Where the database lives unless told: `$XDG_CACHE_HOME/gamescribe/egdb`,
/// else `~/.cache/gamescribe/egdb`.
pub fn default_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").filter(|v| !v.is_empty()).map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("gamescribe").join("egdb"))
}

#[cfg(test)]
pub(crate) mod tests;
