//! Arbitrary input never panics a reader, and every span stays inside the text.
//! Every reader is fed arbitrary text, book-like soup (the characters its
//! notation prints, in runs) and arbitrary bytes through `Input`, as a file is.

use gamescribe::input::{for_each_span, Checked, Input};
use gamescribe::notation::numeric::{self, ReadOptions};
use gamescribe::notation::{Given, Reader};
use gamescribe::rules::draughts::parse_fen;
use gamescribe::tree::{Source, Streamed};
use proptest::prelude::*;
use std::path::Path;

/// Every reader, with a file name that does not steer detection.
const READERS: [Reader; 9] = [
    Reader::Numeric,
    Reader::Pdn,
    Reader::Anderson,
    Reader::Hoyle,
    Reader::Paterson,
    Reader::Lasca,
    Reader::Go,
    Reader::Sgf,
    Reader::Auto,
];

fn check_spans(source: &gamescribe::tree::Source, text: &str) -> Result<(), TestCaseError> {
    for d in &source.diagnostics {
        prop_assert!(d.span.start <= d.span.end && d.span.end <= text.len(), "{:?}", d);
    }
    for g in &source.games {
        for l in &g.lines {
            for m in &l.moves {
                prop_assert!(m.span.end <= text.len());
                prop_assert_eq!(m.span.slice(text), m.printed.as_str());
            }
        }
    }
    Ok(())
}

/// Read `bytes` as a file in every notation: no panic, every span inside the
/// file, and the same source read whole and streamed.
fn every_reader_survives(bytes: &[u8]) -> Result<(), TestCaseError> {
    let input = Input::from_bytes(Path::new("fuzz"), bytes);
    for notation in READERS {
        let mut source = input.read(notation, &Given::default());
        let mut outside = None;
        for_each_span(&mut source, |s| {
            if s.start > s.end || s.end > bytes.len() {
                outside = Some(*s);
            }
        });
        prop_assert!(outside.is_none(), "{notation:?}: span {outside:?} outside {} bytes", bytes.len());
        // Read as `check` reads it, a game (and a stretch's diagnostics) at a time: the same source.
        let streamed = Source::gathered(|visit| input.read_visiting(notation, &Given::default(), visit));
        prop_assert_eq!(&streamed, &source, "{:?}: streamed, then whole", notation);
        // Read as the human `check` reads it (an SGF game counted node by node) and as
        // `check --format json` reads it (an SGF game in pieces): the same diagnostics.
        let ways: [(&str, fn(&Input, Reader, &Given, &mut dyn FnMut(Checked)) -> Source); 2] = [("counted", Input::read_counting), ("in pieces", Input::read_in_pieces)];
        for (how, read) in ways {
            let mut found = Vec::new();
            let rest = read(&input, notation, &Given::default(), &mut |part| {
                if let Checked::Part(Streamed::Parts(parts)) = part {
                    found.extend(parts.diagnostics);
                }
            });
            found.extend(rest.diagnostics);
            prop_assert_eq!(&found, &source.diagnostics, "{:?}: {}, then whole", notation, how);
        }
    }
    Ok(())
}

/// Runs of what the books print: move numbers, squares, separators, results,
/// headers, SGF brackets, Go record keys, page furniture.
fn book_like() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "[0-9]{1,2}[-x.][0-9]{1,2}",
        "\\([0-9]{1,2}\\)",
        "[0-9]{1,3}\\.",
        "[ \t\n]{1,3}",
        Just("Drawn.".to_string()),
        Just("W. wins.".to_string()),
        Just("GAME.\t1\t2\t3\n".to_string()),
        Just("Solution.\n".to_string()),
        Just("Var. 1.".to_string()),
        Just("[Event \"x\"]\n".to_string()),
        Just("(;GM[1]SZ[9];B[ee]".to_string()),
        Just(")".to_string()),
        Just("size: 19\n".to_string()),
        Just("black: ".to_string()),
        Just("平 三 四".to_string()),
        Just("Black to Move and Win.".to_string()),
        Just("{".to_string()),
        "\\PC{1,4}",
    ];
    proptest::collection::vec(piece, 0..40).prop_map(|p| p.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn numeric_reader_survives_any_text(text in "\\PC{0,300}") {
        let source = numeric::read("fuzz", &text, &ReadOptions::default());
        check_spans(&source, &text)?;
    }

    #[test]
    fn numeric_reader_survives_move_like_soup(text in "([0-9lIOgsSbBzZ]{1,3}[ .x\\-\n,'~]{0,2}){0,60}") {
        let source = numeric::read("fuzz", &text, &ReadOptions::default());
        check_spans(&source, &text)?;
    }

    #[test]
    fn fen_reader_survives_any_text(text in "[BW]?:?[BWK0-9,:.\\- ]{0,40}") {
        let _ = parse_fen(&text);
    }
}

proptest! {
    // Nine readers per case: fewer cases keep this well under a few seconds.
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_reader_survives_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        every_reader_survives(&bytes)?;
    }

    #[test]
    fn every_reader_survives_arbitrary_text(text in "\\PC{0,200}") {
        every_reader_survives(text.as_bytes())?;
    }

    #[test]
    fn every_reader_survives_book_like_text(text in book_like()) {
        every_reader_survives(text.as_bytes())?;
    }
}
