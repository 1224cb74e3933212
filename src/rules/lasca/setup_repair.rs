//! Setup repair: the smallest changes to a stated position (remove, add or
//! recolour a man) after which a given test — typically "the printed
//! solution replays legally" — passes.

use super::board::SQUARES;
use super::column::Man;
use super::position::Setup;
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

    /// Take back a change [`Change::make`] made.
    fn unmake(&self, setup: &mut Setup) {
        let col = &mut setup.columns[self.square() as usize - 1];
        match *self {
            Change::Remove { depth, man, .. } => col.insert(depth, man),
            Change::Add { depth, .. } => {
                col.remove(depth);
            }
            Change::Recolour { depth, from, .. } => col[depth] = from,
        }
    }

    fn square(&self) -> u8 {
        match *self {
            Change::Remove { square, .. } | Change::Add { square, .. } | Change::Recolour { square, .. } => square,
        }
    }
}

/// Every single change that can be made to `setup`.
pub fn single_changes(setup: &Setup) -> Vec<Change> {
    let mut out = Vec::new();
    for i in 0..SQUARES {
        let square = i as u8 + 1;
        let col = &setup.columns[i];
        for (depth, &man) in col.iter().enumerate() {
            out.push(Change::Remove { square, depth, man });
            for to in Man::ALL {
                if to != man {
                    out.push(Change::Recolour { square, depth, from: man, to });
                }
            }
        }
        for depth in 0..=col.len() {
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

/// A setup as a short byte string, one-to-one: each column's men, then a
/// separator; then the side to move. The search remembers tens of thousands of
/// setups: a key is one allocation where a setup is one per column.
fn key(setup: &Setup) -> Box<[u8]> {
    let mut out = Vec::with_capacity(64);
    write_key(setup, &mut out);
    out.into_boxed_slice()
}

/// [`key`], written into `out` (cleared first).
fn write_key(setup: &Setup, out: &mut Vec<u8>) {
    out.clear();
    for col in &setup.columns {
        out.extend(col.iter().map(|m| 2 * u8::from(m.color == super::Color::Black) + u8::from(m.is_officer())));
        out.push(u8::MAX);
    }
    out.push(u8::from(setup.turn == super::Color::Black));
}

/// Search one change, then two, … up to `max_changes`, for setups that pass `accept`.
/// Stops at the first count that has any fix and reports every fix of that count.
pub fn minimal_fixes(setup: &Setup, max_changes: usize, accept: impl FnMut(&Setup) -> bool) -> FixSearch {
    minimal_fixes_among(setup, max_changes, |_| true, accept)
}

/// [`minimal_fixes`] among the setups `admits`, a quick test asked before
/// `accept`. A setup it refuses is not tested or counted; with the last
/// change it is not even remembered, which is most of the search's work
/// when most setups are refused.
pub fn minimal_fixes_among(setup: &Setup, max_changes: usize, admits: impl Fn(&Setup) -> bool, mut accept: impl FnMut(&Setup) -> bool) -> FixSearch {
    let mut seen: FastSet<Box<[u8]>> = FastSet::default();
    seen.insert(key(setup));
    let mut frontier: Vec<(Setup, Vec<Change>)> = vec![(setup.clone(), Vec::new())];
    let mut tried = 0;
    let mut scratch = Vec::with_capacity(64);
    for count in 1..=max_changes {
        // The setups of the last count are tested, never changed again.
        let last = count == max_changes;
        let mut next = Vec::new();
        let mut fixes = Vec::new();
        for (base, path) in &frontier {
            // Each change is made to one copy of the base and taken back: a
            // setup is copied only to be kept.
            let mut changed = base.clone();
            for change in single_changes(base) {
                if !change.make(&mut changed) {
                    continue;
                }
                let admitted = admits(&changed);
                // Refused with the last change: nothing more is asked of it.
                if last && !admitted {
                    change.unmake(&mut changed);
                    continue;
                }
                write_key(&changed, &mut scratch);
                if !seen.contains(scratch.as_slice()) {
                    seen.insert(scratch.as_slice().into());
                    tried += usize::from(admitted);
                    let passes = admitted && accept(&changed);
                    if passes || !last {
                        let mut changes = path.clone();
                        changes.push(change);
                        if passes {
                            fixes.push(Fix { changes: changes.clone(), position: changed.clone() });
                        }
                        if !last {
                            next.push((changed.clone(), changes));
                        }
                    }
                }
                change.unmake(&mut changed);
            }
        }
        if !fixes.is_empty() {
            return FixSearch { changes_needed: Some(count), fixes, tried };
        }
        frontier = next;
    }
    FixSearch { changes_needed: None, fixes: Vec::new(), tried }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_change_is_found_before_two() {
        let start = Setup::initial();
        // A test only a setup without White's man on 1 and with a red on 25 passes.
        let wanted = |s: &Setup| s.columns[0].is_empty() && s.columns[24].first() == Some(&Man::RED);
        let found = minimal_fixes(&start, 2, wanted);
        assert_eq!(found.changes_needed, Some(2));
        assert!(found.fixes.iter().any(|f| f.changes.len() == 2));
        let one = minimal_fixes(&start, 2, |s: &Setup| s.columns[0].is_empty());
        assert_eq!(one.changes_needed, Some(1));
        assert_eq!(one.fixes.len(), 1);
        assert_eq!(one.fixes[0].changes[0].to_string(), "remove the white man on top on 1");
    }

    /// The quick test changes no answer, only what is tested: the same fixes
    /// in the same order as when it is asked inside `accept`.
    #[test]
    fn a_quick_test_first_finds_the_same_fixes() {
        let start = crate::rules::lasca::parse_setup("w 1:Bw 2:WwbBb 12:BB 19:b 8:w").unwrap();
        let tops = |s: &Setup| s.columns.iter().filter(|c| c.first().is_some_and(|m| m.color == crate::rules::lasca::Color::White)).count();
        // Two changes needed: the man on 8 gone and one of 19's or 12's tops made white.
        let wanted = |s: &Setup| s.columns[7].is_empty() && (s.columns[18].first() == Some(&Man::WHITE) || s.columns[11].first() == Some(&Man::GREEN));
        let inside = minimal_fixes(&start, 2, |s| tops(s) == 2 && wanted(s));
        let among = minimal_fixes_among(&start, 2, |s| tops(s) == 2, wanted);
        assert_eq!(inside.changes_needed, Some(2));
        assert!(inside.fixes.len() >= 2, "{:?}", inside.fixes);
        assert_eq!(among.changes_needed, inside.changes_needed);
        assert_eq!(among.fixes, inside.fixes);
        assert!(among.tried < inside.tried, "{} refused setups are not tested: {} < {}", inside.tried - among.tried, among.tried, inside.tried);
        // With nothing to find, both search everything and find nothing.
        let never = minimal_fixes_among(&start, 2, |s| tops(s) == 2, |_| false);
        assert_eq!((never.changes_needed, never.fixes.len()), (None, 0));
    }

    #[test]
    fn keys_tell_every_setup_apart() {
        let start = Setup::initial();
        let mut keys = std::collections::HashSet::new();
        let mut setups = std::collections::HashSet::new();
        for change in single_changes(&start) {
            let Some(changed) = change.apply(&start) else { continue };
            assert_eq!(keys.insert(key(&changed)), setups.insert(changed), "{change}");
        }
        // A man moved between columns, or the side to move, changes the key.
        let mut moved = start.clone();
        let man = moved.columns[0].pop().unwrap();
        moved.columns[1].push(man);
        assert_ne!(key(&moved), key(&start));
        let mut turned = start.clone();
        turned.turn = crate::rules::lasca::Color::Black;
        assert_ne!(key(&turned), key(&start));
    }

    #[test]
    fn a_change_taken_back_leaves_the_setup_as_it_was() {
        let start = crate::rules::lasca::parse_setup("w 1:Bw 2:WwbBb 12:BB 19:b").unwrap();
        let mut setup = start.clone();
        for change in single_changes(&start) {
            let applied = change.apply(&start);
            assert_eq!(change.make(&mut setup), applied.is_some(), "{change}");
            if let Some(applied) = applied {
                assert_eq!(setup, applied, "{change}");
                change.unmake(&mut setup);
            }
            assert_eq!(setup, start, "{change} taken back");
        }
        // A change that does not fit touches nothing.
        let absent = Change::Remove { square: 5, depth: 0, man: Man::WHITE };
        assert!(!absent.make(&mut setup));
        assert_eq!(setup, start);
    }
}
