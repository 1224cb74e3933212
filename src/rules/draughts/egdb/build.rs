//! Building the slices by retrograde value iteration.
//!
//! Slices are built smallest first: by piece count, then by the number of men,
//! since a capture lowers the first and a crowning the second. A slice and its
//! colour-swapped twin are built together (each one's moves lead into the
//! other). Every position is first judged from its moves; those left open are
//! judged again, pass after pass, until a pass changes nothing; what is still
//! open then can be held by both sides for ever, a draw.

use super::{file, Egdb, Material, SliceIndex, DRAW, LOSS, UNKNOWN, WIN};
use crate::rules::draughts::position::{Color, Position};
use std::path::Path;
use std::time::{Duration, Instant};

/// What the build reports as it goes.
#[derive(Clone, Debug)]
pub enum BuildEvent {
    /// Positions judged so far, out of the total of every slice to build.
    Progress { done: u64, total: u64 },
    Slice(SliceReport),
}

#[derive(Clone, Debug)]
pub struct SliceReport {
    pub material: Material,
    pub positions: u64,
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    pub bytes: u64,
    /// Already on disk and verified: not rebuilt.
    pub reused: bool,
    pub passes: u32,
    /// Build time of the slice with its colour-swapped twin (zero on the twin).
    pub time: Duration,
}

#[derive(Clone, Debug, Default)]
pub struct BuildReport {
    pub slices: Vec<SliceReport>,
    pub time: Duration,
}

/// Builds (or checks and reuses) every slice of up to `pieces` pieces in `dir`
/// and returns the database loaded.
pub fn build(dir: &Path, pieces: u8, mut event: impl FnMut(BuildEvent)) -> std::io::Result<(Egdb, BuildReport)> {
    let started = Instant::now();
    let mut db = Egdb::empty();
    let mut report = BuildReport::default();
    let total: u64 = (2..=pieces).flat_map(Material::all_with).map(|m| SliceIndex::new(m).size()).sum();
    let mut done = 0u64;
    for n in 2..=pieces {
        for group in groups(n) {
            let t0 = Instant::now();
            let stored: Option<Vec<Vec<u8>>> = group.iter().map(|&m| file::read_slice(dir, m).ok()).collect();
            let (packed, passes, reused) = match stored {
                Some(p) => (p, 0, true),
                None => {
                    let (codes, passes) = solve_group(&db, &group, |d| event(BuildEvent::Progress { done: done + d, total }));
                    let packed: Vec<Vec<u8>> = codes.iter().map(|c| pack(c)).collect();
                    for (&m, p) in group.iter().zip(&packed) {
                        file::write_slice(dir, m, p)?;
                    }
                    (packed, passes, false)
                }
            };
            for (k, (&m, p)) in group.iter().zip(packed).enumerate() {
                let size = SliceIndex::new(m).size();
                done += size;
                let mut counts = [0u64; 4];
                for i in 0..size {
                    counts[((p[(i >> 2) as usize] >> ((i & 3) * 2)) & 3) as usize] += 1;
                }
                let slice_report = SliceReport {
                    material: m,
                    positions: size,
                    wins: counts[WIN as usize],
                    losses: counts[LOSS as usize],
                    draws: counts[DRAW as usize],
                    bytes: p.len() as u64,
                    reused,
                    passes,
                    // A slice and its twin are built together: the time goes to the first.
                    time: if k == 0 { t0.elapsed() } else { Duration::ZERO },
                };
                db.insert(m, p);
                event(BuildEvent::Slice(slice_report.clone()));
                report.slices.push(slice_report);
            }
            event(BuildEvent::Progress { done, total });
        }
        db.complete_to = n;
    }
    report.time = started.elapsed();
    Ok((db, report))
}

/// The slices of `n` pieces in build order, a slice with its twin.
fn groups(n: u8) -> Vec<Vec<Material>> {
    let mut ms = Material::all_with(n);
    ms.sort_by_key(|m| (m.men(), *m));
    let mut out: Vec<Vec<Material>> = Vec::new();
    for m in ms {
        if out.iter().any(|g| g.contains(&m)) {
            continue;
        }
        let twin = m.mirror();
        out.push(if twin == m { vec![m] } else { vec![m, twin] });
    }
    out
}

fn pack(codes: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; codes.len().div_ceil(4)];
    for (i, &c) in codes.iter().enumerate() {
        out[i >> 2] |= c << ((i & 3) * 2);
    }
    out
}

/// The value of each position of the group's slices (one byte each) and the
/// number of passes it took.
fn solve_group(db: &Egdb, group: &[Material], mut progress: impl FnMut(u64)) -> (Vec<Vec<u8>>, u32) {
    let indexes: Vec<SliceIndex> = group.iter().map(|&m| SliceIndex::new(m)).collect();
    let mut codes: Vec<Vec<u8>> = indexes.iter().map(|ix| vec![UNKNOWN; ix.size() as usize]).collect();
    let mut open: Vec<Vec<u32>> = vec![Vec::new(); group.len()];
    let mut seen = 0u64;
    // First pass: every position, from its moves.
    for s in 0..group.len() {
        for i in 0..indexes[s].size() {
            let code = judge(db, group, &indexes, &codes, &indexes[s], i);
            codes[s][i as usize] = code;
            if code == UNKNOWN {
                open[s].push(i as u32);
            }
            seen += 1;
            if seen & 0xFFFF == 0 {
                progress(seen);
            }
        }
    }
    let mut passes = 1;
    loop {
        let mut changed = false;
        for s in 0..group.len() {
            let mut still = Vec::with_capacity(open[s].len());
            for &i in &open[s] {
                let code = judge(db, group, &indexes, &codes, &indexes[s], i as u64);
                if code == UNKNOWN {
                    still.push(i);
                } else {
                    codes[s][i as usize] = code;
                    changed = true;
                }
            }
            open[s] = still;
        }
        passes += 1;
        if !changed {
            break;
        }
    }
    for (s, list) in open.iter().enumerate() {
        for &i in list {
            codes[s][i as usize] = DRAW;
        }
    }
    (codes, passes)
}

/// The value of one position from the values of its children, `UNKNOWN` while
/// a child in the group is open.
#[inline]
fn judge(db: &Egdb, group: &[Material], indexes: &[SliceIndex], codes: &[Vec<u8>], index: &SliceIndex, i: u64) -> u8 {
    let (bm, bk, wm, wk) = index.unrank(i);
    let pos = Position::from_boards(bm | bk, wm | wk, bk | wk, Color::Black);
    let mut moves = 0;
    let mut open = false;
    let mut draw = false;
    let mut win = false;
    pos.for_each_child(|child| {
        if win {
            return;
        }
        moves += 1;
        // The child has White to move: turn it round so White is "Black".
        let black = child.white().reverse_bits();
        let white = child.black().reverse_bits();
        let kings = child.kings().reverse_bits();
        let code = if black == 0 {
            LOSS
        } else {
            let (cbm, cbk, cwm, cwk) = (black & !kings, black & kings, white & !kings, white & kings);
            let m = Material::of(cbm, cbk, cwm, cwk);
            match group.iter().position(|&g| g == m) {
                Some(s) => codes[s][indexes[s].rank(cbm, cbk, cwm, cwk) as usize],
                None => db.code_black_to_move(black, white, kings).expect("a smaller slice is built before the slices that reach it"),
            }
        };
        match code {
            LOSS => win = true,
            UNKNOWN => open = true,
            DRAW => draw = true,
            _ => {}
        }
    });
    if win {
        WIN
    } else if open {
        UNKNOWN
    } else if draw {
        DRAW
    } else {
        // Every move loses, or there is none.
        let _ = moves;
        LOSS
    }
}
