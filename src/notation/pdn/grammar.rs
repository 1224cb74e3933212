//! The pest grammar for clean PDN (`grammars/pdn.pest`), used as the reference
//! that the fast lexer is checked against.

use pest::Parser;

#[derive(pest_derive::Parser)]
#[grammar = "../grammars/pdn.pest"]
struct PdnGrammar;

/// A clean game's outline: tag names, moves in order of appearance (variations
/// included), variation count and result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outline {
    pub tags: Vec<String>,
    pub moves: Vec<String>,
    pub variations: usize,
    pub comments: usize,
    pub result: String,
}

/// Parse clean PDN with the pest grammar; `Err` with pest's message if it is not clean.
pub fn outline(text: &str) -> Result<Vec<Outline>, String> {
    let file = PdnGrammar::parse(Rule::file, text).map_err(|e| e.to_string())?;
    let mut games = Vec::new();
    for game in file.flatten().filter(|p| p.as_rule() == Rule::game) {
        let mut o = Outline::default();
        for p in game.into_inner().flatten() {
            match p.as_rule() {
                Rule::tag_name => o.tags.push(p.as_str().to_string()),
                Rule::r#move => o.moves.push(p.as_str().to_string()),
                Rule::variation => o.variations += 1,
                Rule::comment => o.comments += 1,
                Rule::result => o.result = p.as_str().to_string(),
                _ => {}
            }
        }
        games.push(o);
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tags_moves_variations_and_result() {
        let text = "[Event \"a\"]\n[GameType \"21\"]\n1. 11-15 23-19 (1... 22-18 {x}) 2. 9x18x27 1-0\n";
        let games = outline(text).unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].tags, ["Event", "GameType"]);
        assert_eq!(games[0].moves, ["11-15", "23-19", "22-18", "9x18x27"]);
        assert_eq!(games[0].variations, 1);
        assert_eq!(games[0].result, "1-0");
    }

    #[test]
    fn rejects_unclosed_variations() {
        assert!(outline("1. 11-15 (23-19 *").is_err());
    }
}
