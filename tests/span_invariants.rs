//! Span invariants over every reader (issue 23): whatever the text, every span
//! of the tree and its diagnostics lies inside the file and starts and ends on
//! a character boundary, and a move's span is exactly its printed text.

use gamescribe::input::{for_each_span, Encoding, Input};
use gamescribe::notation::{Given, Reader};
use gamescribe::span::Span;
use proptest::prelude::*;
use std::path::Path;

const NOTATIONS: [Reader; 8] =
    [Reader::Numeric, Reader::Pdn, Reader::Anderson, Reader::Hoyle, Reader::Paterson, Reader::Lasca, Reader::Go, Reader::Sgf];

/// Pieces of every notation, multibyte characters and line endings.
const PIECES: [&str; 32] = [
    "11-15 ", "23x14 ", "9.14\n", "1. ", "$1 ", "{note} ", "; c\n", "[Event \"e\"]\n", "(;", "B[dd] ", ";W[pp]", ")", "KM[6.5]", "é", "平", "上 ", "B 平 c 4\n",
    "size: 9\n", "(1) 9-13, 22-18.", "Drawn.\n", "W. wins.\n", "GAME. 1 2\n", "\t", "\r\n", "\r", "\n", "\u{feff}", "—", "V.1—10.60\n", "x", " ", "\u{FFFD}",
];

fn check(bytes: &[u8]) -> Result<(), TestCaseError> {
    let input = Input::from_bytes(Path::new("t"), bytes);
    for notation in NOTATIONS {
        let mut source = input.read(notation, &Given::default());
        let mut spans: Vec<Span> = Vec::new();
        for_each_span(&mut source, |s| spans.push(*s));
        // Bytes that look like SGF are read in the charset SGF gives them (ISO-8859-1 without a
        // `CA`), a character a byte: only UTF-8 input has characters spans must not split.
        let original = std::str::from_utf8(bytes).ok().filter(|_| input.encoding == Encoding::Utf8);
        for s in spans {
            prop_assert!(s.start <= s.end && s.end <= bytes.len(), "{notation:?}: {s:?} outside {} bytes", bytes.len());
            if let Some(t) = original {
                prop_assert!(t.is_char_boundary(s.start) && t.is_char_boundary(s.end), "{notation:?}: {s:?} splits a character of {t:?}");
            }
            let n = input.span_to_normalised(s);
            prop_assert!(input.text.is_char_boundary(n.start) && input.text.is_char_boundary(n.end), "{notation:?}: {s:?} splits a character once read");
        }
        for line in source.lines() {
            for m in &line.moves {
                let printed = input.span_to_normalised(m.span).slice(&input.text);
                prop_assert_eq!(printed, m.printed.as_str(), "{:?}: a move's span is not its printed text", notation);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn every_span_of_every_reader_is_on_character_boundaries(pieces in prop::collection::vec(prop::sample::select(PIECES.to_vec()), 0..40)) {
        check(pieces.concat().as_bytes())?;
    }

    #[test]
    fn any_bytes_keep_spans_inside_the_file(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        check(&bytes)?;
    }
}

#[test]
fn a_multibyte_first_character_is_not_split_by_nothing_found() {
    // `hoyle::no-solutions` and `paterson::no-specimens` used (0, 1).
    check("é no game here\n".as_bytes()).unwrap();
    check("平".as_bytes()).unwrap();
}

/// Found by the proptest: text starting `(;` looks like SGF and is read as ISO-8859-1, so
/// `é` is two characters of one byte each; the spans are right, the old check was not.
#[test]
fn text_that_looks_like_sgf_is_checked_in_the_charset_it_was_read_in() {
    let input = Input::from_bytes(Path::new("t"), "(;é".as_bytes());
    assert_eq!(input.encoding, Encoding::Sgf("ISO-8859-1"));
    check("(;é".as_bytes()).unwrap();
}

#[test]
fn an_sgf_move_span_is_its_printed_text() {
    let input = Input::from_text(Path::new("t.sgf"), "(;GM[1]FF[4]SZ[19];B[dd] ;W[pp]  )\n");
    let source = input.read(Reader::Sgf, &Given::default());
    let moves: Vec<(Span, &str)> = source.lines().flat_map(|l| &l.moves).map(|m| (m.span, m.printed.as_str())).collect();
    assert_eq!(moves, vec![(Span::new(19, 24), "B[dd]"), (Span::new(26, 31), "W[pp]")]);
}
