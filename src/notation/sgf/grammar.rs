//! The pest grammar and the flat token list it yields (pest types stay here).

use crate::span::Span;
use pest::Parser;

#[derive(pest_derive::Parser)]
#[grammar = "../grammars/sgf.pest"]
struct SgfGrammar;

#[derive(Clone, Debug, PartialEq)]
pub enum Token {
    Open,
    Close,
    NodeStart,
    /// Identifier and raw (still escaped) values with their spans (inside the brackets).
    Property { ident: String, ident_span: Span, values: Vec<(String, Span)> },
    Unterminated,
    Junk,
}

/// Tokenise; junk characters with only white space between are joined into one token.
pub fn tokens(text: &str) -> Vec<(Token, Span)> {
    let mut out: Vec<(Token, Span)> = Vec::new();
    let pairs = match SgfGrammar::parse(Rule::file, text) {
        Ok(p) => p,
        // The grammar accepts every input (junk takes any character); keep the text if it ever does not.
        Err(_) => return vec![(Token::Junk, Span::new(0, text.len()))],
    };
    for file in pairs {
        for pair in file.into_inner() {
            let span = Span::new(pair.as_span().start(), pair.as_span().end());
            let token = match pair.as_rule() {
                Rule::open => Token::Open,
                Rule::close => Token::Close,
                Rule::node_start => Token::NodeStart,
                Rule::unterminated => Token::Unterminated,
                Rule::junk => {
                    if let Some((Token::Junk, last)) = out.last_mut()
                        && text.get(last.end..span.start).is_some_and(|gap| gap.trim().is_empty())
                    {
                        last.end = span.end;
                        continue;
                    }
                    Token::Junk
                }
                Rule::property => {
                    let mut ident = String::new();
                    let mut ident_span = span;
                    let mut values = Vec::new();
                    for part in pair.into_inner() {
                        let s = Span::new(part.as_span().start(), part.as_span().end());
                        match part.as_rule() {
                            Rule::ident => {
                                ident = part.as_str().to_string();
                                ident_span = s;
                            }
                            Rule::value => {
                                let inner = part.into_inner().next();
                                let (text, vs) = match inner {
                                    Some(t) => (t.as_str().to_string(), Span::new(t.as_span().start(), t.as_span().end())),
                                    None => (String::new(), Span::new(s.start + 1, s.start + 1)),
                                };
                                values.push((text, vs));
                            }
                            _ => {}
                        }
                    }
                    Token::Property { ident, ident_span, values }
                }
                _ => continue,
            };
            out.push((token, span));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_token_kind_is_recognised() {
        let t = tokens("(;B[aa] C[a\\]b] AB[aa] [bb]) x? W[");
        let kinds: Vec<&str> = t
            .iter()
            .map(|(k, _)| match k {
                Token::Open => "(",
                Token::Close => ")",
                Token::NodeStart => ";",
                Token::Property { .. } => "P",
                Token::Unterminated => "U",
                Token::Junk => "J",
            })
            .collect();
        assert_eq!(kinds, vec!["(", ";", "P", "P", "P", ")", "J", "U"]);
        match &t[3].0 {
            Token::Property { ident, values, .. } => {
                assert_eq!(ident, "C");
                assert_eq!(values[0].0, "a\\]b");
            }
            other => panic!("{other:?}"),
        }
        match &t[4].0 {
            Token::Property { values, .. } => assert_eq!(values.len(), 2),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_empty_value_is_a_value() {
        let t = tokens("W[]");
        assert!(matches!(&t[0].0, Token::Property { values, .. } if values == &vec![(String::new(), Span::new(2, 2))]));
    }
}
