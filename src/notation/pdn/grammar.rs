//! The pest grammar for clean PDN (`grammars/pdn.pest`), the reference the
//! fast parser is checked against: `events` lists what the grammar reads, in
//! order, in the same terms as `syntax::events`.

use pest::iterators::Pair;
use pest::Parser;

#[derive(pest_derive::Parser)]
#[grammar = "../grammars/pdn.pest"]
struct PdnGrammar;

/// One thing read, as (kind, exact source text). Variations show as `(` … `)`.
pub type Event = (&'static str, String);

/// The events of each game in clean PDN; `Err` with pest's message if the
/// grammar does not accept the text.
pub fn events(text: &str) -> Result<Vec<Vec<Event>>, String> {
    let file = PdnGrammar::parse(Rule::file, text).map_err(|e| e.to_string())?;
    let mut games = Vec::new();
    for game in file.flatten().filter(|p| p.as_rule() == Rule::game) {
        let mut out = Vec::new();
        for p in game.into_inner() {
            walk(p, &mut out);
        }
        games.push(out);
    }
    Ok(games)
}

/// Pre-order walk; pest's own parse is recursive, so test inputs stay shallow.
fn walk(pair: Pair<'_, Rule>, out: &mut Vec<Event>) {
    let text = pair.as_str().to_string();
    match pair.as_rule() {
        Rule::tag => {
            let mut inner = pair.into_inner();
            let name = inner.next().map(|p| p.as_str().to_string()).unwrap_or_default();
            let value = inner.next().map(|p| p.as_str().to_string()).unwrap_or_default();
            out.push(("tag", format!("{name}={value}")));
        }
        Rule::move_number => out.push(("number", text)),
        Rule::r#move => out.push(("move", text)),
        Rule::nag => out.push(("nag", text)),
        Rule::star_mark => out.push(("mark", text)),
        Rule::comment | Rule::line_comment | Rule::escape => out.push(("comment", text.trim_end().to_string())),
        Rule::result => out.push(("result", text)),
        Rule::variation => {
            out.push(("(", String::new()));
            for p in pair.into_inner() {
                walk(p, out);
            }
            out.push((")", String::new()));
        }
        _ => {
            for p in pair.into_inner() {
                walk(p, out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tags_moves_variations_and_result() {
        let text = "[Event \"a\"]\n[GameType \"21\"]\n1. 11-15 23-19 (1... 22-18 {x}) 2. 9x18x27! $2 * 8-11 1-0\n";
        let games = events(text).unwrap();
        assert_eq!(games.len(), 1);
        let kinds: Vec<&str> = games[0].iter().map(|e| e.0).collect();
        assert_eq!(kinds, ["tag", "tag", "number", "move", "move", "(", "number", "move", "comment", ")", "number", "move", "nag", "mark", "move", "result"]);
        assert_eq!(games[0][11].1, "9x18x27!");
    }

    #[test]
    fn a_star_before_a_new_game_ends_it() {
        let games = events("11-15 *\n[Event \"b\"] 9-13 *").unwrap();
        assert_eq!(games.len(), 2);
    }

    #[test]
    fn rejects_unclosed_variations() {
        assert!(events("1. 11-15 (23-19 *").is_err());
    }
}
