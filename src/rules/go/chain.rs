//! Board geometry and keys on the cell array: neighbours, a chain and its
//! liberties, and the hashes superko remembers arrangements by.

use super::point::Color;
use super::setup::KoRule;

/// Indices of 4-neighbours of cell `i` on a `size` board.
pub(super) fn neighbours_of(size: u8, i: usize) -> impl Iterator<Item = usize> {
    let n = size as usize;
    let (x, y) = (i % n, i / n);
    let left = (x > 0).then(|| i - 1);
    let right = (x + 1 < n).then(|| i + 1);
    let up = (y > 0).then(|| i - n);
    let down = (y + 1 < n).then(|| i + n);
    [left, right, up, down].into_iter().flatten()
}

/// The chain through cell `i` (empty if `i` is empty) and its number of distinct liberties.
pub(super) fn chain_in(cells: &[Option<Color>], size: u8, i: usize) -> (Vec<usize>, usize) {
    let Some(color) = cells[i] else { return (Vec::new(), 0) };
    // Bit sets on the stack: 25×25 = 625 cells fit in 10 words.
    let mut seen = [0u64; 10];
    let mut liberty = [0u64; 10];
    let mark = |set: &mut [u64; 10], n: usize| -> bool {
        let (w, b) = (n / 64, 1u64 << (n % 64));
        let fresh = set[w] & b == 0;
        set[w] |= b;
        fresh
    };
    let mut stack = vec![i];
    let mut stones = Vec::new();
    let mut liberties = 0;
    mark(&mut seen, i);
    while let Some(s) = stack.pop() {
        stones.push(s);
        for n in neighbours_of(size, s) {
            match cells[n] {
                None if mark(&mut liberty, n) => liberties += 1,
                Some(c) if c == color && mark(&mut seen, n) => stack.push(n),
                _ => {}
            }
        }
    }
    (stones, liberties)
}

/// Deterministic Zobrist-style key of one stone (splitmix64 of its index and colour).
fn stone_key(i: usize, color: Color) -> u64 {
    let mut z = (i as u64 * 2 + color.index() as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key an arrangement is remembered by for superko (with the player to
/// move under situational superko).
pub(super) fn history_key(cells: &[Option<Color>], ko: KoRule, to_move: Color) -> u64 {
    // Simple ko compares with the last position only: no history is kept.
    if ko == KoRule::Simple {
        return 0;
    }
    let h = cells.iter().enumerate().filter_map(|(i, c)| c.map(|c| stone_key(i, c))).fold(0, |a, b| a ^ b);
    match (ko, to_move) {
        (KoRule::SituationalSuperko, Color::White) => h ^ 0x5151_5151_5151_5151,
        _ => h,
    }
}
