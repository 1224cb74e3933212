//! Clean natural notation by the pest grammar `grammars/paterson.pest`.

use crate::rules::the_move::Mark;
use crate::span::Span;
use pest::Parser;

#[derive(pest_derive::Parser)]
#[grammar = "../grammars/paterson.pest"]
struct PatersonGrammar;

/// A move as printed: its natural squares, its mark and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawNaturalMove {
    /// Natural square numbers (`33`, `44`), from and every square printed after it.
    pub squares: Vec<u8>,
    /// The mark between the squares (the first, if a long capture repeats it).
    pub mark: Option<(Mark, Span)>,
    pub span: Span,
}

/// Read clean natural movetext; `None` if the text is not clean.
pub fn parse_clean(text: &str, offset: usize) -> Option<Vec<RawNaturalMove>> {
    let block = PatersonGrammar::parse(Rule::block, text).ok()?.next()?;
    let mut moves = Vec::new();
    for mv in block.into_inner().filter(|p| p.as_rule() == Rule::r#move) {
        let span = mv.as_span();
        let mut squares = Vec::new();
        let mut mark = None;
        for part in mv.into_inner().flat_map(|inner| inner.into_inner()) {
            match part.as_rule() {
                Rule::square => squares.push(part.as_str().parse::<u8>().ok()?),
                Rule::mark if mark.is_none() => {
                    let s = part.as_span();
                    let m = Mark::from_symbol(part.as_str().chars().next()?)?;
                    mark = Some((m, Span::new(s.start() + offset, s.end() + offset)));
                }
                _ => {}
            }
        }
        moves.push(RawNaturalMove { squares, mark, span: Span::new(span.start() + offset, span.end() + offset) });
    }
    Some(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_steps_and_marked_captures() {
        let moves = parse_clean("33 44\n44,66  55 . 73\n13:35", 0).unwrap();
        let squares: Vec<Vec<u8>> = moves.iter().map(|m| m.squares.clone()).collect();
        assert_eq!(squares, vec![vec![33, 44], vec![44, 66], vec![55, 73], vec![13, 35]]);
        assert_eq!(moves[0].mark, None);
        assert_eq!(moves[1].mark.map(|m| m.0), Some(Mark::Comma));
        assert_eq!(moves[2].mark, Some((Mark::Period, Span::new(16, 17))));
        assert_eq!(moves[3].mark.map(|m| m.0), Some(Mark::Colon));
    }

    #[test]
    fn rejects_ocr_damage() {
        assert!(parse_clean("† 33 44", 0).is_none());
        assert!(parse_clean(". 62 73", 0).is_none());
        assert!(parse_clean("33 44 46", 0).is_none());
        assert!(parse_clean("Drawn.", 0).is_none());
    }

    #[test]
    fn each_rule_consumes_its_whole_input() {
        for (rule, input) in [(Rule::square, "33"), (Rule::mark, ","), (Rule::capture, "44 , 66"), (Rule::step, "33 44")] {
            let parsed = PatersonGrammar::parse(rule, input).unwrap().next().unwrap();
            assert_eq!(parsed.as_str(), input, "{rule:?}");
        }
    }
}
