//! Men and columns. A column is a stack of men; its top man, the leader,
//! decides who owns and moves it.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Rank {
    Private,
    /// Green for White, red for Black in the book.
    Officer,
}

/// One man.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Man {
    pub color: Color,
    pub rank: Rank,
}

impl Man {
    pub const WHITE: Man = Man { color: Color::White, rank: Rank::Private };
    pub const GREEN: Man = Man { color: Color::White, rank: Rank::Officer };
    pub const BLACK: Man = Man { color: Color::Black, rank: Rank::Private };
    pub const RED: Man = Man { color: Color::Black, rank: Rank::Officer };
    /// The four kinds of man, in the order of their letters `w W b B`.
    pub const ALL: [Man; 4] = [Man::WHITE, Man::GREEN, Man::BLACK, Man::RED];

    pub const fn is_officer(self) -> bool {
        matches!(self.rank, Rank::Officer)
    }
}

/// The most men one column can hold: all 22 on the board.
pub const MAX_HEIGHT: u8 = 32;

/// A column packed in bits: bit `i` of each mask is the man `i` places from the bottom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Column {
    height: u8,
    black: u32,
    officer: u32,
}

impl Column {
    pub const EMPTY: Column = Column { height: 0, black: 0, officer: 0 };

    pub fn single(man: Man) -> Column {
        let mut c = Column::EMPTY;
        c.push_top(man);
        c
    }

    /// The column in one word for hashing (equal columns, equal words; the
    /// height shares the top bits, which only a column of over 26 men uses).
    pub fn word(self) -> u64 {
        (u64::from(self.black) | u64::from(self.officer) << 32) ^ u64::from(self.height).rotate_right(6)
    }

    pub const fn height(self) -> u8 {
        self.height
    }

    pub const fn is_empty(self) -> bool {
        self.height == 0
    }

    fn man_at(self, i: u8) -> Man {
        Man {
            color: if self.black >> i & 1 == 1 { Color::Black } else { Color::White },
            rank: if self.officer >> i & 1 == 1 { Rank::Officer } else { Rank::Private },
        }
    }

    /// The leader.
    pub fn top(self) -> Option<Man> {
        (self.height > 0).then(|| self.man_at(self.height - 1))
    }

    /// Men from the leader down.
    pub fn men_top_down(self) -> impl Iterator<Item = Man> {
        (0..self.height).rev().map(move |i| self.man_at(i))
    }

    /// The column as bits that tell it from any other even run together
    /// with more (see `Position::key`): its height in ones and a zero, then
    /// which men are black, then which are officers. The bits and how many.
    pub(super) fn segment(self) -> (u128, u32) {
        let height = u32::from(self.height);
        let ones = (1u128 << height) - 1;
        let bits = (ones << 1) << (2 * height) | u128::from(self.black) << height | u128::from(self.officer);
        (bits, 3 * height + 1)
    }

    /// Build from men listed top-down; `None` if there are more than `MAX_HEIGHT`.
    pub fn from_top_down(men: &[Man]) -> Option<Column> {
        if men.len() > MAX_HEIGHT as usize {
            return None;
        }
        let mut c = Column::EMPTY;
        for &m in men.iter().rev() {
            c.push_top(m);
        }
        Some(c)
    }

    /// Callers keep the height under `MAX_HEIGHT` (a board holds at most 22 men).
    pub fn push_top(&mut self, man: Man) {
        let bit = 1u32 << self.height;
        if man.color == Color::Black {
            self.black |= bit;
        }
        if man.is_officer() {
            self.officer |= bit;
        }
        self.height += 1;
    }

    pub fn pop_top(&mut self) -> Option<Man> {
        let man = self.top()?;
        self.height -= 1;
        let keep = (1u32 << self.height) - 1;
        self.black &= keep;
        self.officer &= keep;
        Some(man)
    }

    /// A prisoner goes to the bottom of the capturing column.
    pub fn push_bottom(&mut self, man: Man) {
        self.black = self.black << 1 | (man.color == Color::Black) as u32;
        self.officer = self.officer << 1 | man.is_officer() as u32;
        self.height += 1;
    }

    pub fn pop_bottom(&mut self) -> Option<Man> {
        if self.height == 0 {
            return None;
        }
        let man = self.man_at(0);
        self.black >>= 1;
        self.officer >>= 1;
        self.height -= 1;
        Some(man)
    }

    /// Make the leader an officer (promotion), or a private again (taking a promotion back).
    pub fn set_top_rank(&mut self, rank: Rank) {
        if self.height > 0 {
            let bit = 1u32 << (self.height - 1);
            match rank {
                Rank::Officer => self.officer |= bit,
                Rank::Private => self.officer &= !bit,
            }
        }
    }

    /// The man `depth` below the leader (0: the leader itself).
    pub fn man_below_top(self, depth: usize) -> Option<Man> {
        (depth < usize::from(self.height)).then(|| self.man_at(self.height - 1 - depth as u8))
    }

    /// Black men in the column.
    pub fn black_men(self) -> usize {
        self.black.count_ones() as usize
    }

    /// Put `man` in `depth` below the leader (0: on top, the height: at the
    /// bottom). False, and the column as it was, below the bottom or on a full column.
    pub fn insert_below_top(&mut self, depth: usize, man: Man) -> bool {
        if depth > usize::from(self.height) || self.height >= MAX_HEIGHT {
            return false;
        }
        // The bit the man takes; the men from there up move one bit up.
        let at = u32::from(self.height) - depth as u32;
        let open = |bits: u32, set: bool| {
            let bits = u64::from(bits);
            let low = bits & ((1u64 << at) - 1);
            (low | (bits >> at) << (at + 1) | u64::from(set) << at) as u32
        };
        self.black = open(self.black, man.color == Color::Black);
        self.officer = open(self.officer, man.is_officer());
        self.height += 1;
        true
    }

    /// Take out the man `depth` below the leader; `None`, and the column as it was, if there is none.
    pub fn remove_below_top(&mut self, depth: usize) -> Option<Man> {
        let man = self.man_below_top(depth)?;
        let at = u32::from(self.height) - 1 - depth as u32;
        let close = |bits: u32| {
            let bits = u64::from(bits);
            (bits & ((1u64 << at) - 1) | (bits >> (at + 1)) << at) as u32
        };
        self.black = close(self.black);
        self.officer = close(self.officer);
        self.height -= 1;
        Some(man)
    }

    /// Make the man `depth` below the leader `man`; false if there is none.
    pub fn set_below_top(&mut self, depth: usize, man: Man) -> bool {
        if depth >= usize::from(self.height) {
            return false;
        }
        let bit = 1u32 << (u32::from(self.height) - 1 - depth as u32);
        let put = |bits: &mut u32, set: bool| if set { *bits |= bit } else { *bits &= !bit };
        put(&mut self.black, man.color == Color::Black);
        put(&mut self.officer, man.is_officer());
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prisoners_go_under_and_come_back_out() {
        let mut c = Column::from_top_down(&[Man::GREEN, Man::WHITE]).unwrap();
        c.push_bottom(Man::RED);
        assert_eq!(c.men_top_down().collect::<Vec<_>>(), [Man::GREEN, Man::WHITE, Man::RED]);
        assert_eq!(c.pop_bottom(), Some(Man::RED));
        assert_eq!(c.pop_top(), Some(Man::GREEN));
        assert_eq!(c.top(), Some(Man::WHITE));
        c.set_top_rank(Rank::Officer);
        assert_eq!(c.top(), Some(Man::GREEN));
    }

    /// Men put in, taken out and recoloured at every depth of a few columns
    /// (a full one among them), against the same done to a list of men.
    #[test]
    fn men_change_at_any_depth_as_in_a_list() {
        let full: Vec<Man> = (0..MAX_HEIGHT as usize).map(|i| Man::ALL[i * 7 % 4]).collect();
        let columns: [&[Man]; 5] = [&[], &[Man::RED], &[Man::GREEN, Man::BLACK, Man::WHITE, Man::RED], &full[1..], &full];
        let mut checked = 0;
        for men in columns {
            let column = Column::from_top_down(men).unwrap();
            let listed = |c: Column| c.men_top_down().collect::<Vec<_>>();
            for depth in 0..=men.len() + 1 {
                assert_eq!(column.man_below_top(depth), men.get(depth).copied());
                for man in Man::ALL {
                    let mut want = men.to_vec();
                    let fits = depth <= want.len() && want.len() < MAX_HEIGHT as usize;
                    if fits {
                        want.insert(depth, man);
                    }
                    let mut got = column;
                    assert_eq!(got.insert_below_top(depth, man), fits);
                    assert_eq!(listed(got), if fits { want } else { men.to_vec() }, "insert {man:?} at {depth} into {men:?}");
                    let mut want = men.to_vec();
                    let there = depth < want.len();
                    if there {
                        want[depth] = man;
                    }
                    let mut got = column;
                    assert_eq!(got.set_below_top(depth, man), there);
                    assert_eq!(listed(got), want);
                    checked += 1;
                }
                let mut want = men.to_vec();
                let removed = (depth < want.len()).then(|| want.remove(depth));
                let mut got = column;
                assert_eq!(got.remove_below_top(depth), removed);
                assert_eq!(listed(got), want, "remove at {depth} from {men:?}");
                assert_eq!(got.black_men(), want.iter().filter(|m| m.color == Color::Black).count());
                // What was taken out goes back where it was.
                if let Some(man) = removed {
                    assert!(got.insert_below_top(depth, man));
                    assert_eq!(got, column);
                }
            }
        }
        assert!(checked > 250, "{checked}");
    }
}
