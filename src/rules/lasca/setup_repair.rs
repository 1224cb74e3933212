//! Setup repair: the smallest changes to a stated position (remove, add or
//! recolour a man) after which a given test — typically "the printed
//! solution replays legally" — passes.

use super::column::{Column, Man};
use super::position::{PackedSetup, Setup};
use crate::fast_hash::FastSet;
use std::fmt;

/// One change to a setup. `depth` counts from the leader (0 = top man).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case", tag = "change")]
pub enum Change {
    Remove { square: u8, depth: usize, man: Man },
    Add { square: u8, depth: usize, man: Man },
    Recolour { square: u8, depth: usize, from: Man, to: Man },
}

/// The book's colour names for a man.
pub fn colour_name(m: Man) -> &'static str {
    match (m.color, m.is_officer()) {
        (super::Color::White, false) => "white",
        (super::Color::White, true) => "green",
        (super::Color::Black, false) => "black",
        (super::Color::Black, true) => "red",
    }
}

fn place(depth: usize) -> String {
    if depth == 0 { "on top".into() } else { format!("{} from the top", ordinal(depth + 1)) }
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Change::Remove { square, depth, man } => write!(f, "remove the {} man {} on {square}", colour_name(man), place(depth)),
            Change::Add { square, depth, man } => write!(f, "add a {} man {} on {square}", colour_name(man), place(depth)),
            Change::Recolour { square, depth, from, to } => {
                write!(f, "make the {} man {} on {square} {}", colour_name(from), place(depth), colour_name(to))
            }
        }
    }
}

impl Change {
    /// Apply to a setup; `None` if it does not fit (no such man).
    pub fn apply(&self, setup: &Setup) -> Option<Setup> {
        let mut s = setup.clone();
        self.make(&mut s).then_some(s)
    }

    /// Apply in place; false (and `setup` untouched) if it does not fit.
    fn make(&self, setup: &mut Setup) -> bool {
        let Some(col) = (self.square() as usize).checked_sub(1).and_then(|i| setup.columns.get_mut(i)) else { return false };
        match *self {
            Change::Remove { depth, man, .. } => (col.get(depth) == Some(&man)).then(|| col.remove(depth)).is_some(),
            Change::Add { depth, man, .. } => (depth <= col.len()).then(|| col.insert(depth, man)).is_some(),
            Change::Recolour { depth, from, to, .. } => col.get_mut(depth).filter(|slot| **slot == from).map(|slot| *slot = to).is_some(),
        }
    }

    /// [`Change::make`] on a packed setup (a column a word: nothing to
    /// allocate or shift in memory). False, and `setup` untouched, if it does
    /// not fit, or would overfill a column.
    fn make_packed(&self, setup: &mut PackedSetup) -> bool {
        let Some(col) = (self.square() as usize).checked_sub(1).and_then(|i| setup.columns.get_mut(i)) else { return false };
        match *self {
            Change::Remove { depth, man, .. } => col.man_below_top(depth) == Some(man) && col.remove_below_top(depth).is_some(),
            Change::Add { depth, man, .. } => col.insert_below_top(depth, man),
            Change::Recolour { depth, from, to, .. } => col.man_below_top(depth) == Some(from) && col.set_below_top(depth, to),
        }
    }

    /// Take back a change [`Change::make_packed`] made.
    fn unmake_packed(&self, setup: &mut PackedSetup) {
        let col = &mut setup.columns[self.square() as usize - 1];
        match *self {
            Change::Remove { depth, man, .. } => {
                col.insert_below_top(depth, man);
            }
            Change::Add { depth, .. } => {
                col.remove_below_top(depth);
            }
            Change::Recolour { depth, from, .. } => {
                col.set_below_top(depth, from);
            }
        }
    }

    fn square(&self) -> u8 {
        match *self {
            Change::Remove { square, .. } | Change::Add { square, .. } | Change::Recolour { square, .. } => square,
        }
    }
}

/// Every single change that can be made to a setup on square `first` or
/// after: square by square, each man from the leader down (removed, then
/// recoloured), then each place a man may be added.
fn single_changes_packed(setup: &PackedSetup, first: u8) -> Vec<Change> {
    let mut out = Vec::new();
    for (i, col) in setup.columns.iter().enumerate().skip(usize::from(first.max(1) - 1)) {
        let square = i as u8 + 1;
        let height = usize::from(col.height());
        for (depth, man) in col.men_top_down().enumerate() {
            out.push(Change::Remove { square, depth, man });
            for to in Man::ALL {
                if to != man {
                    out.push(Change::Recolour { square, depth, from: man, to });
                }
            }
        }
        for depth in 0..=height {
            for man in Man::ALL {
                out.push(Change::Add { square, depth, man });
            }
        }
    }
    out
}

/// One way to mend the setup.
#[derive(Clone, Debug, PartialEq)]
pub struct Fix {
    pub changes: Vec<Change>,
    /// The mended setup.
    pub position: Setup,
}

/// The outcome of the search.
#[derive(Clone, Debug, PartialEq)]
pub struct FixSearch {
    /// The fewest changes that work (`None` if none up to the limit does).
    pub changes_needed: Option<usize>,
    /// Every distinct mended setup with that many changes.
    pub fixes: Vec<Fix>,
    /// Distinct setups tested (those the quick test admits, see [`minimal_fixes_among`]).
    pub tried: usize,
}

/// Search one change, then two, … up to `max_changes`, for setups that pass `accept`.
/// Stops at the first count that has any fix and reports every fix of that count.
/// The setups tested are packed ([`PackedSetup`]): the search makes tens of
/// thousands. A setup with a column too high to pack is not searched.
pub fn minimal_fixes(setup: &Setup, max_changes: usize, accept: impl FnMut(&PackedSetup) -> bool) -> FixSearch {
    search(setup, max_changes, None, accept)
}

/// [`minimal_fixes`] among the setups with `leaders` (columns led by White,
/// by Black). A setup with others is not tested or counted; with the last
/// change it is not even remembered, which is most of the search's work, as
/// most setups have other leaders.
pub fn minimal_fixes_keeping_leaders(setup: &Setup, max_changes: usize, leaders: (usize, usize), accept: impl FnMut(&PackedSetup) -> bool) -> FixSearch {
    search(setup, max_changes, Some(leaders), accept)
}

fn search(setup: &Setup, max_changes: usize, keeping: Option<(usize, usize)>, mut accept: impl FnMut(&PackedSetup) -> bool) -> FixSearch {
    let Some(start) = PackedSetup::of(setup) else { return FixSearch { changes_needed: None, fixes: Vec::new(), tried: 0 } };
    let mut seen = Seen::default();
    seen.insert(&start);
    let mut frontier: Vec<(PackedSetup, Vec<Change>)> = vec![(start, Vec::new())];
    let mut tried = 0;
    for count in 1..=max_changes {
        // The setups of the last count are tested, never changed again.
        let last = count == max_changes;
        let mut next = Vec::new();
        let mut fixes = Vec::new();
        for (base, path) in &frontier {
            let base_leaders = base.leaders();
            // A second change on a square before the first's makes a setup
            // met already: the two commute, and the base of the second one
            // alone came first (the first changes go square by square).
            let first = match path.as_slice() {
                [only] => only.square(),
                _ => 1,
            };
            // The last change on a later square than the one before it makes a
            // setup met nowhere else: it differs from the stated one on two
            // squares, the base is one of a kind, and the pair is made in one
            // order only. So only the columns it leaves on its square need
            // telling apart (two changes there may leave the same column).
            let unique_after = (last && path.len() == 1).then_some(first);
            let mut columns_made: Vec<(u8, Column)> = Vec::new();
            // Each change is made to one copy of the base and taken back.
            let mut changed = *base;
            for change in single_changes_packed(base, first) {
                if !change.make_packed(&mut changed) {
                    continue;
                }
                // One column changed: only its leader can change the count.
                let square = usize::from(change.square() - 1);
                let leaders = led(led(base_leaders, base.columns[square].top(), false), changed.columns[square].top(), true);
                debug_assert_eq!(leaders, changed.leaders(), "{change}");
                let admitted = keeping.is_none_or(|k| k == leaders);
                let new = match unique_after {
                    Some(before) if change.square() > before => {
                        let made = (change.square(), changed.columns[square]);
                        // The changes go square by square: only this square's columns are kept.
                        if columns_made.first().is_some_and(|c| c.0 != made.0) {
                            columns_made.clear();
                        }
                        let new = admitted && !columns_made.contains(&made);
                        if new {
                            columns_made.push(made);
                        }
                        new
                    }
                    _ => (!last || admitted) && seen.insert(&changed),
                };
                // Refused with the last change: nothing more is asked of it.
                if new {
                    tried += usize::from(admitted);
                    let passes = admitted && accept(&changed);
                    if passes || !last {
                        let mut changes = path.clone();
                        changes.push(change);
                        if passes {
                            fixes.push(Fix { changes: changes.clone(), position: changed.setup() });
                        }
                        if !last {
                            next.push((changed, changes));
                        }
                    }
                }
                change.unmake_packed(&mut changed);
            }
            debug_assert_eq!(changed, *base, "every change taken back");
        }
        if !fixes.is_empty() {
            return FixSearch { changes_needed: Some(count), fixes, tried };
        }
        frontier = next;
    }
    FixSearch { changes_needed: None, fixes: Vec::new(), tried }
}

/// The setups met, by their keys: tens of thousands, each a few hundred
/// bytes whole. One too full for a key is kept whole.
#[derive(Default)]
struct Seen {
    keys: FastSet<u128>,
    whole: FastSet<PackedSetup>,
}

impl Seen {
    /// True if `setup` was not met before.
    fn insert(&mut self, setup: &PackedSetup) -> bool {
        match setup.key() {
            Some(key) => self.keys.insert(key),
            None => self.whole.insert(*setup),
        }
    }
}

/// Leader counts (White, Black) with a column led by `leader` added, or taken away.
fn led((white, black): (usize, usize), leader: Option<Man>, add: bool) -> (usize, usize) {
    let step = |n: usize| if add { n + 1 } else { n - 1 };
    match leader {
        Some(m) if m.color == super::Color::White => (step(white), black),
        Some(_) => (white, step(black)),
        None => (white, black),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn single_changes(setup: &Setup) -> Vec<Change> {
        single_changes_packed(&PackedSetup::of(setup).unwrap(), 1)
    }

    /// The search as plainly as it can be written: every change to every
    /// setup of the count before, setups kept whole, none skipped.
    fn plain_search(setup: &Setup, max_changes: usize, keeping: Option<(usize, usize)>, accept: impl Fn(&PackedSetup) -> bool) -> FixSearch {
        let mut seen = std::collections::HashSet::from([setup.clone()]);
        let mut frontier = vec![(setup.clone(), Vec::new())];
        let mut tried = 0;
        for count in 1..=max_changes {
            let (mut next, mut fixes) = (Vec::new(), Vec::new());
            for (base, path) in &frontier {
                for change in single_changes(base) {
                    let Some(changed) = change.apply(base) else { continue };
                    let packed = PackedSetup::of(&changed).unwrap();
                    let admitted = keeping.is_none_or(|k| k == packed.leaders());
                    if (count < max_changes || admitted) && seen.insert(changed.clone()) {
                        let changes: Vec<Change> = path.iter().copied().chain([change]).collect();
                        tried += usize::from(admitted);
                        if admitted && accept(&packed) {
                            fixes.push(Fix { changes: changes.clone(), position: changed.clone() });
                        }
                        next.push((changed, changes));
                    }
                }
            }
            if !fixes.is_empty() {
                return FixSearch { changes_needed: Some(count), fixes, tried };
            }
            frontier = next;
        }
        FixSearch { changes_needed: None, fixes: Vec::new(), tried }
    }

    /// The search skips the second changes that only meet a setup again, and
    /// finds what the plain search finds: the same fixes, by the same
    /// changes, in the same order, after testing as many setups.
    #[test]
    fn skipping_what_was_met_changes_nothing_found() {
        let starts = ["w 1:Bw 2:WwbBb 12:BB 19:b 8:w", "w 2:WwbBb 1:Bw 7:B 12:BB 14:B 19:b 20:b 22:B 8:w", "b 1:ww 2:w 3:bb 24:B"];
        for text in starts {
            let start = crate::rules::lasca::parse_setup(text).unwrap();
            let leaders = PackedSetup::of(&start).unwrap().leaders();
            // Tests that pass for a few setups of one and two changes, and for none.
            let tests: [&dyn Fn(&PackedSetup) -> bool; 4] = [
                &|s| s.setup().columns[7].is_empty() && s.setup().columns[0].len() == 1,
                &|s| s.setup().columns[18].first() == Some(&Man::WHITE) || s.setup().columns[2].len() == 3,
                &|s| s.leaders().0 == 1,
                &|_| false,
            ];
            for (k, test) in tests.iter().enumerate() {
                assert_eq!(minimal_fixes(&start, 2, test), plain_search(&start, 2, None, test), "{text}, test {k}");
                for keeping in [leaders, (leaders.0, leaders.1 + 1)] {
                    assert_eq!(minimal_fixes_keeping_leaders(&start, 2, keeping, test), plain_search(&start, 2, Some(keeping), test), "{text}, test {k}, leaders {keeping:?}");
                }
            }
        }
    }

    #[test]
    fn one_change_is_found_before_two() {
        let start = Setup::initial();
        // A test only a setup without White's man on 1 and with a red on 25 passes.
        let wanted = |s: &PackedSetup| {
            let s = s.setup();
            s.columns[0].is_empty() && s.columns[24].first() == Some(&Man::RED)
        };
        let found = minimal_fixes(&start, 2, wanted);
        assert_eq!(found.changes_needed, Some(2));
        assert!(found.fixes.iter().any(|f| f.changes.len() == 2));
        let one = minimal_fixes(&start, 2, |s: &PackedSetup| s.setup().columns[0].is_empty());
        assert_eq!(one.changes_needed, Some(1));
        assert_eq!(one.fixes.len(), 1);
        assert_eq!(one.fixes[0].changes[0].to_string(), "remove the white man on top on 1");
    }

    /// Keeping the leaders changes no answer, only what is tested: the same
    /// fixes in the same order as when the leaders are asked inside `accept`.
    #[test]
    fn keeping_the_leaders_first_finds_the_same_fixes() {
        let start = crate::rules::lasca::parse_setup("w 1:Bw 2:WwbBb 12:BB 19:b 8:w").unwrap();
        assert_eq!(PackedSetup::of(&start).unwrap().leaders(), (2, 3));
        // Two changes needed: the man on 8 gone and one of 19's or 12's tops made white.
        let wanted = |s: &PackedSetup| {
            let s = s.setup();
            s.columns[7].is_empty() && (s.columns[18].first() == Some(&Man::WHITE) || s.columns[11].first() == Some(&Man::GREEN))
        };
        let inside = minimal_fixes(&start, 2, |s| s.leaders() == (2, 2) && wanted(s));
        let among = minimal_fixes_keeping_leaders(&start, 2, (2, 2), wanted);
        assert_eq!(inside.changes_needed, Some(2));
        assert!(inside.fixes.len() >= 2, "{:?}", inside.fixes);
        assert_eq!(among.changes_needed, inside.changes_needed);
        assert_eq!(among.fixes, inside.fixes);
        assert!(among.tried < inside.tried, "{} setups with other leaders are not tested: {} < {}", inside.tried - among.tried, among.tried, inside.tried);
        // With nothing to find, both search everything and find nothing.
        let never = minimal_fixes_keeping_leaders(&start, 2, (2, 2), |_| false);
        assert_eq!((never.changes_needed, never.fixes.len()), (None, 0));
    }

    /// A setup too full for a key is remembered whole: met twice, it is new once.
    #[test]
    fn a_setup_without_a_key_is_still_met_once() {
        let full = crate::rules::lasca::parse_setup(&format!("w 13:{} 1:w 2:b 3:w 4:b 5:w 6:b 7:w 8:b", "wb".repeat(16))).unwrap();
        let packed = PackedSetup::of(&full).unwrap();
        assert_eq!(packed.key(), None, "40 men need over 128 bits");
        let small = PackedSetup::of(&Setup::initial()).unwrap();
        let mut seen = Seen::default();
        assert!(seen.insert(&packed) && seen.insert(&small));
        assert!(!seen.insert(&packed) && !seen.insert(&small));
        assert_eq!((seen.keys.len(), seen.whole.len()), (1, 1));
    }

    /// Every change made to a packed setup is the change made to the lists of
    /// men, it is taken back whole, and packing loses nothing: the leaders,
    /// the problems and the position are those of the setup.
    #[test]
    fn a_packed_change_is_the_change_to_the_setup() {
        use crate::rules::lasca::{Position, PositionErrorKind};
        let mut checked = 0;
        let mut by_key = std::collections::HashMap::new();
        for text in ["w 1:Bw 2:WwbBb 12:BB 19:b", "b 1:Bw 2:WwbBb 7:B 8:w 12:BB 14:B 19:b 20:b 22:B"] {
            let start = crate::rules::lasca::parse_setup(text).unwrap();
            let mut packed = PackedSetup::of(&start).unwrap();
            assert_eq!(packed.setup(), start);
            for change in single_changes(&start) {
                let applied = change.apply(&start);
                assert!(applied.is_some(), "{change}: every change listed fits");
                assert!(change.make_packed(&mut packed), "{change}");
                let changed = applied.unwrap();
                assert_eq!(packed.setup(), changed, "{change}");
                let leaders = changed.columns.iter().filter_map(|c| c.first()).fold((0, 0), |(w, b), m| if m.color == crate::rules::lasca::Color::White { (w + 1, b) } else { (w, b + 1) });
                assert_eq!(packed.leaders(), leaders, "{change}");
                for ignore in [&[][..], &[PositionErrorKind::MenMissing]] {
                    assert_eq!(packed.problems_except(ignore), changed.problems_except(ignore), "{change}");
                    assert_eq!(Position::from_packed_ignoring(&packed, ignore), Position::from_setup_ignoring(&changed, ignore), "{change}");
                }
                // One key a setup, and a position's key where it is one.
                let key = packed.key().expect("a few men fit a key");
                assert_eq!(*by_key.entry(key).or_insert_with(|| changed.clone()), changed, "{change}: two setups share a key");
                if let Ok(pos) = Position::from_packed_ignoring(&packed, &[PositionErrorKind::MenMissing]) {
                    assert_eq!(pos.key(), Some(key), "{change}");
                }
                change.unmake_packed(&mut packed);
                assert_eq!(packed.setup(), start, "{change} taken back");
                checked += 1;
            }
            // A change that does not fit touches nothing.
            let absent = Change::Remove { square: 5, depth: 0, man: Man::WHITE };
            assert!(!absent.make_packed(&mut packed));
            assert_eq!(packed.setup(), start);
        }
        assert!(checked >= 400, "{checked}");
    }
}
