//! Clean draughts movetext (no OCR damage) by the pest grammar `grammars/numeric.pest`.

use crate::span::Span;
use pest::Parser;

#[derive(pest_derive::Parser)]
#[grammar = "../grammars/numeric.pest"]
struct NumericGrammar;

/// A move as printed: its squares and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawMove {
    pub squares: Vec<u8>,
    pub span: Span,
}

/// Read clean movetext; `None` if the text is not clean (OCR damage, prose, results).
pub fn parse_clean(text: &str, offset: usize) -> Option<Vec<RawMove>> {
    let block = NumericGrammar::parse(Rule::block, text).ok()?.next()?;
    let mut moves = Vec::new();
    for mv in block.into_inner().filter(|p| p.as_rule() == Rule::r#move) {
        let span = mv.as_span();
        let squares: Option<Vec<u8>> = mv
            .into_inner()
            .flat_map(|inner| inner.into_inner())
            .filter(|p| p.as_rule() == Rule::square)
            .map(|p| p.as_str().parse::<u8>().ok())
            .collect();
        moves.push(RawMove { squares: squares?, span: Span::new(span.start() + offset, span.end() + offset) });
    }
    Some(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_clean_form() {
        let moves = parse_clean("11-15 24 20\n8x11x18, 22.18 09.13", 0).unwrap();
        let squares: Vec<Vec<u8>> = moves.iter().map(|m| m.squares.clone()).collect();
        assert_eq!(squares, vec![vec![11, 15], vec![24, 20], vec![8, 11, 18], vec![22, 18], vec![9, 13]]);
        assert_eq!(moves[1].span, Span::new(6, 11));
    }

    #[test]
    fn rejects_ocr_damage() {
        assert!(parse_clean("11-15 2l 20", 0).is_none());
        assert!(parse_clean("11 15 Drawn.", 0).is_none());
        assert!(parse_clean("11 15 24", 0).is_none());
    }

    #[test]
    fn empty_text_is_clean_and_moveless() {
        assert_eq!(parse_clean("", 0), Some(vec![]));
        assert_eq!(parse_clean(" \n ", 0), Some(vec![]));
    }
}
