//! Building the slices by retrograde value iteration.
//!
//! Slices are built smallest first: by piece count, then by the number of men,
//! since a capture lowers the first and a crowning the second. A slice and its
//! colour-swapped twin are built together (each one's moves lead into the
//! other), by retrograde analysis: see `solve_group`.

use super::{file, Egdb, Material, SliceIndex, DRAW, LOSS, UNKNOWN, WIN};
use crate::rules::draughts::bitboard;
use crate::rules::draughts::{Color, Position};
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

/// While a group is solved, one byte a position: the value so far (two low
/// bits), whether a move out of the group draws (`DRAW_EXIT`), and how many
/// moves inside the group are not yet known to lose for the mover (the bits
/// from `COUNT_SHIFT`: a side has at most seven pieces here, each with at most
/// four steps, so five bits hold the count).
const DRAW_EXIT: u8 = 4;
const COUNT_SHIFT: u32 = 3;

/// The value of each position of the group's slices (one byte each) and the
/// number of propagation rounds it took (the longest forced win, in plies).
///
/// Retrograde analysis: one forward look at every position settles it from
/// its moves out of the group (captures, crownings, into slices already
/// built) and counts its moves that stay inside. Then each position found won
/// or lost is taken back move by move: a parent with a move to a lost position
/// wins; a parent whose last open move is found to lead to a won position has
/// lost (or draws, if a move out of the group draws). What is never settled
/// can be held for ever by both sides: a draw.
fn solve_group(db: &Egdb, group: &[Material], mut progress: impl FnMut(u64)) -> (Vec<Vec<u8>>, u32) {
    let indexes: Vec<SliceIndex> = group.iter().map(|&m| SliceIndex::new(m)).collect();
    let mut state: Vec<Vec<u8>> = indexes.iter().map(|ix| vec![UNKNOWN; ix.size() as usize]).collect();
    // Settled wins and losses whose parents are still to be told, by slice.
    let mut frontier: Vec<Vec<u32>> = vec![Vec::new(); group.len()];
    let mut seen = 0u64;
    for s in 0..group.len() {
        frontier[s] = first_look_all(db, group, &indexes[s], &mut state[s], |d| progress(seen + d));
        seen += indexes[s].size();
    }
    // A slice's twin (its parents' slice) within the group.
    let twin: Vec<usize> = group.iter().map(|m| group.iter().position(|g| *g == m.mirror()).expect("a group holds each slice's twin")).collect();
    let mut rounds = 1;
    let mut next: Vec<Vec<u32>> = vec![Vec::new(); group.len()];
    while frontier.iter().any(|f| !f.is_empty()) {
        for s in 0..group.len() {
            let t = twin[s];
            for &i in &frontier[s] {
                let value = state[s][i as usize] & 3;
                let parents = &mut state[t];
                let index = &indexes[t];
                let found = &mut next[t];
                for_each_parent(&indexes[s], i as u64, |bm, bk, wm, wk| {
                    let p = index.rank(bm, bk, wm, wk) as usize;
                    let st = parents[p];
                    if st & 3 != UNKNOWN {
                        return;
                    }
                    if value == LOSS {
                        parents[p] = WIN;
                        found.push(p as u32);
                    } else {
                        let open = (st >> COUNT_SHIFT) - 1;
                        if open > 0 {
                            parents[p] = (open << COUNT_SHIFT) | (st & DRAW_EXIT);
                        } else if st & DRAW_EXIT != 0 {
                            parents[p] = DRAW;
                        } else {
                            parents[p] = LOSS;
                            found.push(p as u32);
                        }
                    }
                });
            }
        }
        std::mem::swap(&mut frontier, &mut next);
        next.iter_mut().for_each(Vec::clear);
        rounds += 1;
    }
    for slice in &mut state {
        for st in slice.iter_mut() {
            *st = if *st & 3 == UNKNOWN { DRAW } else { *st & 3 };
        }
    }
    (state, rounds)
}

/// Positions the first look takes at a time: small enough to spread a slice
/// over the cores evenly, large enough that taking one costs nothing.
const FIRST_LOOK_BLOCK: usize = 1 << 14;

/// `first_look` for every position of a slice, on every core (each position
/// is judged alone, from slices already built), into `state`; returns the
/// positions it settled as won or lost, in index order.
fn first_look_all(db: &Egdb, group: &[Material], index: &SliceIndex, state: &mut [u8], mut progress: impl FnMut(u64)) -> Vec<u32> {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Mutex;
    let small = state.len() <= 4 * FIRST_LOOK_BLOCK;
    let blocks = Mutex::new(state.chunks_mut(FIRST_LOOK_BLOCK).enumerate());
    let judged = AtomicU64::new(0);
    // Threads are not worth starting for a small slice.
    let workers = if small { 1 } else { std::thread::available_parallelism().map_or(1, |n| n.get()) };
    let mut settled: Vec<Vec<u32>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut settled = Vec::new();
                    // A poisoned lock means another worker panicked: stop, and let its panic surface on join.
                    while let Some((b, block)) = blocks.lock().ok().and_then(|mut it| it.next()) {
                        let first = (b * FIRST_LOOK_BLOCK) as u64;
                        for (k, st) in block.iter_mut().enumerate() {
                            let i = first + k as u64;
                            *st = first_look(db, group, index, i);
                            if matches!(*st, WIN | LOSS) {
                                settled.push(i as u32);
                            }
                        }
                        judged.fetch_add(block.len() as u64, Ordering::Relaxed);
                    }
                    settled
                })
            })
            .collect();
        while !handles.iter().all(|h| h.is_finished()) {
            progress(judged.load(Ordering::Relaxed));
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        handles.into_iter().map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    });
    let mut all: Vec<u32> = settled.iter_mut().flat_map(std::mem::take).collect();
    // Blocks are taken in order but finish in any order: sort so the
    // propagation walks memory forwards, as a single thread would.
    all.sort_unstable();
    all
}

/// A position judged from its moves out of the group alone: `WIN`, `LOSS` or
/// `DRAW` when that settles it, else `UNKNOWN` with the count of its moves
/// that stay in the group (and `DRAW_EXIT` if a move out of it draws).
#[inline]
fn first_look(db: &Egdb, group: &[Material], index: &SliceIndex, i: u64) -> u8 {
    let (bm, bk, wm, wk) = index.unrank(i);
    let pos = Position::from_boards(bm | bk, wm | wk, bk | wk, Color::Black);
    let mut inside = 0u8;
    let mut draw = false;
    let mut win = false;
    pos.for_each_child(|child| {
        if win {
            return;
        }
        // The child has White to move: turn it round so White is "Black".
        let black = child.white().reverse_bits();
        let white = child.black().reverse_bits();
        let kings = child.kings().reverse_bits();
        if black == 0 {
            win = true;
            return;
        }
        let (cbm, cbk, cwm, cwk) = (black & !kings, black & kings, white & !kings, white & kings);
        // A step that neither takes nor crowns keeps the material: the twin slice.
        if group.contains(&Material::of(cbm, cbk, cwm, cwk)) {
            inside += 1;
            return;
        }
        match db.code_black_to_move(black, white, kings).expect("a smaller slice is built before the slices that reach it") {
            LOSS => win = true,
            DRAW => draw = true,
            _ => {}
        }
    });
    if win {
        WIN
    } else if inside == 0 {
        // Every move loses or draws, or there is none.
        if draw { DRAW } else { LOSS }
    } else {
        (inside << COUNT_SHIFT) | if draw { DRAW_EXIT } else { 0 }
    }
}

/// Every parent of position `i` of `index` (Black to move) inside the group:
/// the positions, White to move, from which a White step that neither takes
/// nor crowns leads here, each given turned round (the mover as "Black") as
/// (black men, black kings, white men, white kings). A step is legal only
/// where White had no capture.
#[inline]
fn for_each_parent(index: &SliceIndex, i: u64, mut visit: impl FnMut(u32, u32, u32, u32)) {
    let (bm, bk, wm, wk) = index.unrank(i);
    let (black, white, kings) = (bm | bk, wm | wk, bk | wk);
    let empty = !(black | white);
    let mut back = |from: u32, to: u32, king: bool| {
        let white = white & !to | from;
        let kings = if king { kings & !to | from } else { kings };
        if Position::from_boards(black, white, kings, Color::White).is_capture_position() {
            return;
        }
        let (nb, nw, nk) = (white.reverse_bits(), black.reverse_bits(), kings.reverse_bits());
        visit(nb & !nk, nb & nk, nw & !nk, nw & nk);
    };
    // White men step up (towards 1): each came from one of the two squares below.
    let mut men = wm;
    while men != 0 {
        let to = men & men.wrapping_neg();
        men &= men - 1;
        for from in [bitboard::down_left(to), bitboard::down_right(to)] {
            if from & empty != 0 {
                back(from, to, false);
            }
        }
    }
    let mut ks = wk;
    while ks != 0 {
        let to = ks & ks.wrapping_neg();
        ks &= ks - 1;
        for from in [bitboard::down_left(to), bitboard::down_right(to), bitboard::up_left(to), bitboard::up_right(to)] {
            if from & empty != 0 {
                back(from, to, true);
            }
        }
    }
}
