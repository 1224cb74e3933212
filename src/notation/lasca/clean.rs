//! Clean dash notation by the pest grammar `grammars/lasca.pest`.

use crate::span::Span;
use pest::Parser;

#[derive(pest_derive::Parser)]
#[grammar = "../grammars/lasca.pest"]
struct LascaGrammar;

/// A ply as printed: its squares and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawPly {
    pub squares: Vec<u8>,
    pub promotion: bool,
    pub span: Span,
}

/// A clean game: its plies and the closing prose, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CleanGame {
    /// The start position in the column format, where one is given.
    pub setup: Option<String>,
    pub plies: Vec<RawPly>,
    pub prose: Option<Span>,
}

/// Read clean movetext; `None` if the text is not clean.
pub fn parse_clean(text: &str, offset: usize) -> Option<CleanGame> {
    let game = LascaGrammar::parse(Rule::game, text).ok()?.next()?;
    let mut plies = Vec::new();
    let mut prose = None;
    let mut setup = None;
    for part in game.into_inner() {
        match part.as_rule() {
            Rule::start => setup = part.into_inner().next().map(|s| s.as_str().trim().to_string()),
            Rule::numbered => {
                for ply in part.into_inner().filter(|p| p.as_rule() == Rule::ply) {
                    let span = ply.as_span();
                    let mut squares = Vec::new();
                    let mut promotion = false;
                    for inner in ply.into_inner() {
                        match inner.as_rule() {
                            Rule::square => squares.push(inner.as_str().parse::<u8>().ok()?),
                            Rule::promotion => promotion = true,
                            _ => {}
                        }
                    }
                    plies.push(RawPly { squares, promotion, span: Span::new(span.start() + offset, span.end() + offset) });
                }
            }
            Rule::prose => {
                let s = part.as_span();
                let trimmed = s.as_str().trim_end();
                prose = Some(Span::new(s.start() + offset, s.start() + trimmed.len() + offset));
            }
            _ => {}
        }
    }
    Some(CleanGame { setup, plies, prose })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_numbered_moves_and_the_closing_prose() {
        let text = "(1) 9-13, 17-13-9. (2) 5-9-13, 21-17. (3) 13-17-21*. Black cannot move any more.";
        let game = parse_clean(text, 0).unwrap();
        let squares: Vec<&[u8]> = game.plies.iter().map(|p| p.squares.as_slice()).collect();
        assert_eq!(squares, vec![&[9, 13][..], &[17, 13, 9], &[5, 9, 13], &[21, 17], &[13, 17, 21]]);
        assert!(game.plies[4].promotion);
        assert_eq!(game.prose.map(|s| s.slice(text)), Some("Black cannot move any more."));
    }

    #[test]
    fn a_game_may_start_from_a_setup() {
        let game = parse_clean("[w 1:Bw 2:WwbBb] (1) 2-5, 1-5-9.", 0).unwrap();
        assert_eq!(game.setup.as_deref(), Some("w 1:Bw 2:WwbBb"));
        assert_eq!(game.plies.len(), 2);
    }

    #[test]
    fn ocr_damage_is_not_clean() {
        assert!(parse_clean("(1) g—13, 17——13—-9.", 0).is_none());
        assert!(parse_clean("(1 9-13, 17-13-9.", 0).is_none());
    }
}
