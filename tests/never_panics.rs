//! Arbitrary input never panics a reader, and every span stays inside the text.

use gamescribe::notation::numeric::{self, ReadOptions};
use gamescribe::rules::draughts::parse_fen;
use proptest::prelude::*;

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
