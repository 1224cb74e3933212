//! A line can only end early with an `unread` element and a diagnostic (issue 23):
//! take a corpus line, damage one character of one of its moves, read again,
//! and every move of the clean line must still be accounted for (read, kept
//! unread, or under a diagnostic), and a line that comes out shorter must
//! carry a diagnostic.

use gamescribe::input::Input;
use gamescribe::notation::{Given, Reader};
use gamescribe::span::Span;
use gamescribe::tree::Source;
use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

/// Texts of each reader that read cleanly and fast, with the notation to force.
struct Case {
    path: PathBuf,
    notation: Reader,
    text: String,
    clean: Source,
    /// (game, line, move) of every move that has an ASCII character to damage.
    moves: Vec<(usize, usize, usize)>,
}

fn hoyle_section() -> String {
    // "Two Kings To One": title to result, the solution issue 23 found losing moves.
    let book = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/hoyle-draughts.txt")).expect("Hoyle corpus");
    let start = book.find("Two Kings To One.").expect("section title");
    let end = start + book[start..].find("W. wins.").expect("section result") + "W. wins.\n".len();
    format!("Hoyle's Games\n\n{}", &book[start..end])
}

static CASES: LazyLock<Vec<Case>> = LazyLock::new(|| {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = |p: &str| std::fs::read_to_string(root.join(p)).expect("corpus file");
    let sources = [
        ("tests/corpus/numeric/valid/clean.txt", Reader::Numeric, file("tests/corpus/numeric/valid/clean.txt")),
        ("tests/corpus/pdn/valid/annotated.pdn", Reader::Pdn, file("tests/corpus/pdn/valid/annotated.pdn")),
        ("tests/corpus/pdn/valid/king-tour.pdn", Reader::Pdn, file("tests/corpus/pdn/valid/king-tour.pdn")),
        ("corpus/go/diagram-08.wq", Reader::Go, file("corpus/go/diagram-08.wq")),
        ("hoyle-two-kings.txt", Reader::Hoyle, hoyle_section()),
    ];
    sources
        .into_iter()
        .map(|(p, notation, text)| {
            let path = PathBuf::from(p);
            let clean = Input::from_text(&path, &text).read(notation, &Given::default());
            let mut moves = Vec::new();
            for (g, game) in clean.games.iter().enumerate() {
                for (l, line) in game.lines.iter().enumerate() {
                    for (m, mv) in line.moves.iter().enumerate() {
                        if mv.span.slice(&text).bytes().any(|b| b.is_ascii_alphanumeric()) {
                            moves.push((g, l, m));
                        }
                    }
                }
            }
            assert!(!moves.is_empty(), "{p}: no moves read from the clean text");
            Case { path, notation, text, clean, moves }
        })
        .collect()
});

fn overlaps(a: Span, b: Span) -> bool {
    a.start < b.end && b.start < a.end
}

/// Damage byte `at` of the case's text with `with`; check the property.
fn check(case: &Case, pick: (usize, usize, usize), at_in_move: usize, with: char) -> Result<(), TestCaseError> {
    let (g, l, m) = pick;
    let line0 = &case.clean.games[g].lines[l];
    let span = line0.moves[m].span;
    // Only ASCII characters are damaged, by ASCII: offsets stay the same.
    let ascii: Vec<usize> = (span.start..span.end).filter(|&i| case.text.as_bytes()[i].is_ascii_alphanumeric()).collect();
    let at = ascii[at_in_move % ascii.len()];
    prop_assume!(case.text.as_bytes()[at] != with as u8);
    // Known gap, left to the Go record reader: a comment before the first move
    // is kept in the game's Go data (`GoGameInfo::comments`) without a span, so
    // a move turned into a comment by `;` could not be found there.
    prop_assume!(!(case.notation == Reader::Go && with == ';'));
    let mut damaged = case.text.clone().into_bytes();
    damaged[at] = with as u8;
    let damaged = String::from_utf8(damaged).expect("ASCII for ASCII");
    let read = Input::from_text(&case.path, &damaged).read(case.notation, &Given::default());
    let flagged = |s: Span| read.diagnostics.iter().any(|d| d.severity != gamescribe::diagnostic::Severity::Note && overlaps(d.span, s));
    let unread = |s: Span| {
        read.unread.iter().any(|u| overlaps(u.span, s)) || read.lines().any(|line| line.unread.as_ref().is_some_and(|u| overlaps(u.span, s)))
    };
    let read_as_move = |s: Span| read.lines().any(|line| line.moves.iter().any(|mv| overlaps(mv.span, s)));
    // Text a reader keeps as a comment (PDN `;` runs to the end of the line) is kept, not lost.
    // So is text read as a stated result (PDN `0-2` ends a game).
    let annotated = |s: Span| {
        read.lines().any(|line| {
            line.annotations.iter().chain(line.moves.iter().flat_map(|mv| &mv.annotations)).any(|a| overlaps(a.span, s))
                || line.stated_result.as_ref().is_some_and(|r| overlaps(r.span, s))
        })
    };
    let context = || format!("{}: {:?} at byte {at} made {with:?} in line {:?} ({} moves)", case.path.display(), &case.text[span.start..span.end], line0.label, line0.moves.len());
    // Every move of the clean line is read, kept unread, or under a diagnostic.
    for (k, mv) in line0.moves.iter().enumerate() {
        prop_assert!(read_as_move(mv.span) || unread(mv.span) || annotated(mv.span) || flagged(mv.span), "{}: move {k} {:?} vanished", context(), mv.printed);
    }
    // A line that comes out shorter carries a diagnostic.
    let now = read.games.get(g).and_then(|game| game.lines.iter().find(|x| x.label == line0.label)).map_or(0, |x| x.moves.len());
    if now < line0.moves.len() {
        let region = line0.span.join(line0.moves.last().map_or(line0.span, |mv| mv.span));
        prop_assert!(flagged(region), "{}: {now} of {} moves read and no diagnostic", context(), line0.moves.len());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_damaged_line_never_shrinks_unnoticed(case in 0usize..5, pick in any::<prop::sample::Index>(), at in 0usize..64, with in prop::sample::select(vec!['#', 'x', 'l', 'I', 'O', '|', '/', ' ', ',', ';', ':', '.', '-', 'S', '7', '0'])) {
        let case = &CASES[case];
        let pick = case.moves[pick.index(case.moves.len())];
        check(case, pick, at, with)?;
    }
}

/// The reproducer of issue 23: `09.13` printed `09.1#3` in "Two Kings To One".
#[test]
fn hoyle_two_kings_keeps_its_moves_after_a_damaged_line() {
    let text = hoyle_section();
    let clean = Input::from_text(Path::new("h.txt"), &text).read(Reader::Hoyle, &Given::default());
    let damaged_text = text.replacen("\n09.13\n", "\n09.1#3\n", 1);
    assert_ne!(damaged_text, text);
    let damaged = Input::from_text(Path::new("h.txt"), &damaged_text).read(Reader::Hoyle, &Given::default());
    let count = |s: &Source| s.lines().map(|l| l.moves.len()).sum::<usize>();
    let at = damaged_text.find("09.1#3").expect("damage");
    let noticed = damaged.diagnostics.iter().any(|d| d.severity != gamescribe::diagnostic::Severity::Note && d.span.start <= at + 6 && at < d.span.end.max(d.span.start + 1));
    let repaired = damaged.lines().flat_map(|l| &l.moves).any(|m| m.span.start <= at && at < m.span.end && m.repair.is_some());
    assert!((count(&damaged) == count(&clean) && repaired) || noticed, "clean {} moves, damaged {} moves; diagnostics {:?}", count(&clean), count(&damaged), damaged.diagnostics);
}
