//! The check table's numbers and the sentence that explains the exit code,
//! shared by `check`'s terminal output and the HTML report so both say the same.

use crate::diagnostic::Severity;
use crate::tree::{LineCounts, Source};

/// Per-source counts for the summary table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub games: usize,
    pub lines: usize,
    pub legal: usize,
    pub repaired: usize,
    pub partial: usize,
    pub unreadable: usize,
    pub moves: usize,
    pub errors: usize,
    pub warnings: usize,
    pub notes: usize,
    pub verdicts: crate::verdict::VerdictCounts,
}

impl Tally {
    pub fn of(source: &Source) -> Tally {
        let mut t = Tally::default();
        source.games.iter().for_each(|g| t.add_game(g));
        t.count_diagnostics(source);
        t
    }

    /// Counts one game's lines, moves and verdicts (a streamed check counts
    /// games as they are read).
    pub fn add_game(&mut self, game: &crate::tree::Game) {
        let mut counts = LineCounts::default();
        for line in &game.lines {
            counts.add(line.status, line.moves.len());
        }
        self.add_game_counts(&counts, game.lines.iter().filter_map(|l| l.verdict.as_ref()));
    }

    /// Counts a game counted as it was read (its moves not kept): its lines
    /// and moves as counted, the verdicts its head holds.
    pub fn add_counted(&mut self, game: &crate::tree::CountedGame) {
        self.add_game_counts(&game.lines, game.head.lines.iter().filter_map(|l| l.verdict.as_ref()));
    }

    fn add_game_counts<'a>(&mut self, c: &LineCounts, verdicts: impl Iterator<Item = &'a crate::tree::Verdict>) {
        let t = self;
        t.games += 1;
        t.lines += c.lines;
        t.moves += c.moves;
        t.legal += c.legal;
        t.repaired += c.repaired;
        t.partial += c.partial;
        t.unreadable += c.unreadable;
        for verdict in verdicts {
            t.verdicts.add(verdict.class);
        }
    }

    /// Counts the source's diagnostics by severity.
    pub fn count_diagnostics(&mut self, source: &Source) {
        (self.errors, self.warnings, self.notes) = (0, 0, 0);
        self.add_diagnostics(&source.diagnostics);
    }

    /// Counts diagnostics handed on while a source is read, on top of those counted.
    pub fn add_diagnostics(&mut self, diagnostics: &[crate::diagnostic::Diagnostic]) {
        for d in diagnostics {
            match d.severity {
                Severity::Error => self.errors += 1,
                Severity::Warning => self.warnings += 1,
                Severity::Note => self.notes += 1,
            }
        }
    }

    pub fn add(&mut self, o: &Tally) {
        self.games += o.games;
        self.lines += o.lines;
        self.legal += o.legal;
        self.repaired += o.repaired;
        self.partial += o.partial;
        self.unreadable += o.unreadable;
        self.moves += o.moves;
        self.errors += o.errors;
        self.warnings += o.warnings;
        self.notes += o.notes;
        self.verdicts.add_counts(&o.verdicts);
    }

    /// Whether this source alone makes `check` exit 1.
    pub fn fails(&self, strict: bool) -> bool {
        self.errors > 0 || (strict && self.repaired + self.warnings > 0)
    }
}

/// The exit code `check` gives for these sources and why, as one sentence.
/// `unreadable_files` counts files that could not be read at all.
pub fn exit_reason(rows: &[(&str, &Tally)], strict: bool, unreadable_files: usize) -> (u8, String) {
    let mut total = Tally::default();
    for (_, t) in rows {
        total.add(t);
    }
    let plural = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let files_with = |pick: &dyn Fn(&Tally) -> usize| -> String {
        let named: Vec<String> = rows.iter().filter(|(_, t)| pick(t) > 0).map(|(n, t)| format!("{n} {}", pick(t))).collect();
        named.join(", ")
    };
    if unreadable_files > 0 {
        return (2, format!("exit 2: {} could not be read (see the messages above)", plural(unreadable_files, "file", "files")));
    }
    if total.errors > 0 {
        let why = format!("exit 1: {} ({})", plural(total.errors, "error remains", "errors remain"), files_with(&|t| t.errors));
        return (1, why);
    }
    let lenient = total.repaired + total.warnings;
    if strict && lenient > 0 {
        return (
            1,
            format!(
                "exit 1 under --strict: no errors, but {} and {} count as errors",
                plural(total.repaired, "repaired line", "repaired lines"),
                plural(total.warnings, "warning", "warnings")
            ),
        );
    }
    let mut why = format!("exit 0: no errors in {}", plural(rows.len(), "file", "files"));
    if lenient > 0 {
        why.push_str(&format!(
            "; {} and {} would fail under --strict",
            plural(total.repaired, "repaired line", "repaired lines"),
            plural(total.warnings, "warning", "warnings")
        ));
    } else if strict {
        why.push_str(", no repairs and no warnings (--strict)");
    }
    (0, why)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(errors: usize, repaired: usize, warnings: usize) -> Tally {
        Tally { errors, repaired, warnings, ..Tally::default() }
    }

    #[test]
    fn errors_name_the_files_they_are_in() {
        let (a, b) = (tally(3, 0, 0), tally(0, 2, 1));
        let (code, why) = exit_reason(&[("a.txt", &a), ("b.txt", &b)], false, 0);
        assert_eq!(code, 1);
        assert_eq!(why, "exit 1: 3 errors remain (a.txt 3)");
    }

    #[test]
    fn strict_counts_repairs_and_warnings() {
        let b = tally(0, 2, 1);
        assert_eq!(exit_reason(&[("b", &b)], true, 0), (1, "exit 1 under --strict: no errors, but 2 repaired lines and 1 warning count as errors".into()));
        assert_eq!(exit_reason(&[("b", &b)], false, 0), (0, "exit 0: no errors in 1 file; 2 repaired lines and 1 warning would fail under --strict".into()));
        let c = tally(0, 0, 0);
        assert_eq!(exit_reason(&[("c", &c)], true, 0).0, 0);
    }

    #[test]
    fn an_unreadable_file_is_exit_2() {
        assert_eq!(exit_reason(&[], false, 1).0, 2);
    }
}
