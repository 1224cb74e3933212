//! A perfect index for one material slice, Black to move.
//!
//! Black's men stand on 1–28 and White's on 5–32, so the men are ranked in
//! three parts: Black's men on 1–4 (where no White man can stand), Black's men
//! on 5–28, then White's men among the squares of 5–32 that Black's men leave
//! free. Kings take the squares the men leave. Each part is a colex rank of a
//! combination, and the parts multiply; the count of Black men on 1–4 splits
//! the slice into blocks, so every index names exactly one position.

use super::Material;

const MAX_N: usize = 33;
const MAX_K: usize = 13;

/// `BINOMIAL[n][k]` = n choose k, for n ≤ 32, k ≤ 12.
static BINOMIAL: [[u64; MAX_K]; MAX_N] = binomials();

const fn binomials() -> [[u64; MAX_K]; MAX_N] {
    let mut t = [[0u64; MAX_K]; MAX_N];
    let mut n = 0;
    while n < MAX_N {
        t[n][0] = 1;
        let mut k = 1;
        while k < MAX_K {
            t[n][k] = if n == 0 { 0 } else { t[n - 1][k - 1] + t[n - 1][k] };
            k += 1;
        }
        n += 1;
    }
    t
}

#[inline(always)]
pub fn choose(n: u32, k: u32) -> u64 {
    if k as usize >= MAX_K || n as usize >= MAX_N {
        return 0;
    }
    BINOMIAL[n as usize][k as usize]
}

/// Black men on squares 1–4 and 5–28, as bits.
const BLACK_LOW: u32 = 0x0000_000F;
const BLACK_HIGH: u32 = 0x0FFF_FFF0;

/// Colex rank of `pieces` among the squares not in `blocked`.
#[inline(always)]
fn rank_among(pieces: u32, blocked: u32) -> u64 {
    let mut rank = 0;
    let mut k = 1;
    let mut rest = pieces;
    while rest != 0 {
        let p = rest.trailing_zeros();
        rest &= rest - 1;
        let q = p - (blocked & ((1u32 << p) - 1)).count_ones();
        rank += BINOMIAL[q as usize][k];
        k += 1;
    }
    rank
}

/// The `count` squares of rank `rank` among the squares of `free`. The
/// squares come out highest first, so one walk down the free squares finds
/// them all (each step drops the highest square left).
#[inline(always)]
fn unrank_among(mut rank: u64, count: u32, free: u32) -> u32 {
    let mut out = 0;
    let mut left = free;
    let mut q = free.count_ones() as usize;
    for k in (1..=count as usize).rev() {
        // The largest q with C(q, k) ≤ rank: the q-th free square (from 0) is taken.
        loop {
            q -= 1;
            let top = 1u32 << (31 - left.leading_zeros());
            left &= !top;
            let c = BINOMIAL[q][k];
            if c <= rank {
                rank -= c;
                out |= top;
                break;
            }
        }
    }
    out
}

/// The shape of one slice: its blocks (by Black men on 1–4) and their sizes.
#[derive(Clone, Debug)]
pub struct SliceIndex {
    pub material: Material,
    /// Start of each block, by the number of Black men on 1–4 (0..=4), and the end.
    offsets: [u64; 6],
    size: u64,
}

impl SliceIndex {
    pub fn new(material: Material) -> SliceIndex {
        let Material { bm, bk, wm, wk } = material;
        let (bm, bk, wm, wk) = (bm as u32, bk as u32, wm as u32, wk as u32);
        let men = bm + wm;
        let kings = choose(32 - men, bk) * choose(32 - men - bk, wk);
        let mut offsets = [0u64; 6];
        let mut total = 0;
        for low in 0..=4u32 {
            offsets[low as usize] = total;
            if low <= bm {
                let high = bm - low;
                total += choose(4, low) * choose(24, high) * choose(28 - high, wm) * kings;
            }
        }
        offsets[5] = total;
        SliceIndex { material, offsets, size: total }
    }

    /// Positions in the slice (Black to move).
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The index of an arrangement of this slice's material, Black to move.
    #[inline(always)]
    pub fn rank(&self, black_men: u32, black_kings: u32, white_men: u32, white_kings: u32) -> u64 {
        let Material { bm, bk, wm, wk } = self.material;
        let low = black_men & BLACK_LOW;
        let high = (black_men & BLACK_HIGH) >> 4;
        let nlow = low.count_ones();
        let nhigh = bm as u32 - nlow;
        let men = black_men | white_men;
        let free = 32 - (bm + wm) as u32;
        let mut r = rank_among(low, 0);
        r = r * choose(24, nhigh) + rank_among(high, 0);
        r = r * choose(28 - nhigh, wm as u32) + rank_among(white_men >> 4, high);
        r = r * choose(free, bk as u32) + rank_among(black_kings, men);
        r = r * choose(free - bk as u32, wk as u32) + rank_among(white_kings, men | black_kings);
        self.offsets[nlow as usize] + r
    }

    /// The arrangement (black men, black kings, white men, white kings) at `index`.
    pub fn unrank(&self, index: u64) -> (u32, u32, u32, u32) {
        let Material { bm, bk, wm, wk } = self.material;
        let (bm, bk, wm, wk) = (bm as u32, bk as u32, wm as u32, wk as u32);
        let nlow = (0..=4usize).rev().find(|&j| self.offsets[j] <= index && self.offsets[j + 1] > index).unwrap_or(0) as u32;
        let nhigh = bm - nlow;
        let mut r = index - self.offsets[nlow as usize];
        let free = 32 - bm - wm;
        let n_wk = choose(free - bk, wk);
        let r_wk = r % n_wk;
        r /= n_wk;
        let n_bk = choose(free, bk);
        let r_bk = r % n_bk;
        r /= n_bk;
        let n_w = choose(28 - nhigh, wm);
        let r_w = r % n_w;
        r /= n_w;
        let n_high = choose(24, nhigh);
        let r_high = r % n_high;
        let r_low = r / n_high;
        let low = unrank_among(r_low, nlow, BLACK_LOW);
        let high = unrank_among(r_high, nhigh, 0x00FF_FFFF);
        let black_men = low | (high << 4);
        let white_men = unrank_among(r_w, wm, 0x0FFF_FFFF & !high) << 4;
        let men = black_men | white_men;
        let black_kings = unrank_among(r_bk, bk, !men);
        let white_kings = unrank_among(r_wk, wk, !(men | black_kings));
        (black_men, black_kings, white_men, white_kings)
    }
}

/// The number of legal arrangements of `material` counted square by square
/// from the rules alone (an oracle for `SliceIndex::size`): Black men on 1–28,
/// White men on 5–32, no square shared, summed over how many men share 5–28.
pub fn counted_size(m: Material) -> u64 {
    let (bm, bk, wm, wk) = (m.bm as u32, m.bk as u32, m.wm as u32, m.wk as u32);
    // Squares only Black men use (1–4), only White men (29–32), both (5–28).
    let mut total = 0;
    for b_only in 0..=bm.min(4) {
        for w_only in 0..=wm.min(4) {
            let b_shared = bm - b_only;
            let w_shared = wm - w_only;
            if b_shared + w_shared > 24 {
                continue;
            }
            let men = choose(4, b_only) * choose(4, w_only) * choose(24, b_shared) * choose(24 - b_shared, w_shared);
            let free = 32 - bm - wm;
            total += men * choose(free, bk) * choose(free - bk, wk);
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_materials(max: u8) -> Vec<Material> {
        let mut out = Vec::new();
        for n in 2..=max {
            for bm in 0..=n {
                for bk in 0..=n - bm {
                    for wm in 0..=n - bm - bk {
                        let wk = n - bm - bk - wm;
                        if bm + bk > 0 && wm + wk > 0 {
                            out.push(Material { bm, bk, wm, wk });
                        }
                    }
                }
            }
        }
        out
    }

    /// Every index unranks to a legal arrangement of the slice's material
    /// that ranks back to itself, and the size matches the square-by-square count.
    #[test]
    fn index_is_perfect_up_to_four_pieces() {
        for m in all_materials(4) {
            let slice = SliceIndex::new(m);
            assert_eq!(slice.size(), counted_size(m), "{m:?}");
            for i in 0..slice.size() {
                let (bmen, bkings, wmen, wkings) = slice.unrank(i);
                assert_eq!(bmen & 0xF000_0000, 0, "{m:?} {i}");
                assert_eq!(wmen & 0x0000_000F, 0, "{m:?} {i}");
                let all = [bmen, bkings, wmen, wkings];
                assert_eq!(all.iter().map(|b| b.count_ones()).sum::<u32>(), (bmen | bkings | wmen | wkings).count_ones());
                assert_eq!(
                    [bmen.count_ones(), bkings.count_ones(), wmen.count_ones(), wkings.count_ones()],
                    [m.bm as u32, m.bk as u32, m.wm as u32, m.wk as u32]
                );
                assert_eq!(slice.rank(bmen, bkings, wmen, wkings), i, "{m:?}");
            }
        }
    }

    #[test]
    fn sizes_agree_with_the_count_up_to_eight_pieces() {
        for m in all_materials(8) {
            assert_eq!(SliceIndex::new(m).size(), counted_size(m), "{m:?}");
        }
    }
}
