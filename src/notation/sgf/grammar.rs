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

/// Tokenise lazily, one token per pest call, so memory does not grow with
/// the file beyond what the caller keeps; junk with only white space between
/// is joined into one token.
pub fn tokens(text: &str) -> Tokens<'_> {
    Tokens { text, at: 0, held: None }
}

pub struct Tokens<'a> {
    text: &'a str,
    at: usize,
    /// A junk token waiting to see whether more junk follows.
    held: Option<Span>,
}

impl Tokens<'_> {
    fn raw_next(&mut self) -> Option<(Token, Span)> {
        let rest = &self.text[self.at..];
        let skipped = rest.len() - rest.trim_start_matches([' ', '\t', '\r', '\n', '\u{FEFF}']).len();
        self.at += skipped;
        if self.at >= self.text.len() {
            return None;
        }
        match next_token(self.text, self.at) {
            Some((token, span)) => {
                self.at = span.end.max(self.at + 1);
                while !self.text.is_char_boundary(self.at) {
                    self.at += 1;
                }
                Some((token, span))
            }
            None => {
                // The grammar takes any character as junk; keep the rest if it ever does not.
                let span = Span::new(self.at, self.text.len());
                self.at = self.text.len();
                Some((Token::Junk, span))
            }
        }
    }
}

impl Iterator for Tokens<'_> {
    type Item = (Token, Span);

    fn next(&mut self) -> Option<(Token, Span)> {
        loop {
            match self.raw_next() {
                Some((Token::Junk, span)) => match self.held {
                    Some(last) if self.text.get(last.end..span.start).is_some_and(|gap| gap.trim().is_empty()) => {
                        self.held = Some(Span::new(last.start, span.end));
                    }
                    Some(last) => {
                        self.held = Some(span);
                        return Some((Token::Junk, last));
                    }
                    None => self.held = Some(span),
                },
                Some(other) => match self.held.take() {
                    Some(last) => {
                        // Give back the junk first; the token waits one call.
                        self.at = other.1.start;
                        return Some((Token::Junk, last));
                    }
                    None => return Some(other),
                },
                None => return self.held.take().map(|s| (Token::Junk, s)),
            }
        }
    }
}

/// The token starting at byte `at`.
fn next_token(text: &str, at: usize) -> Option<(Token, Span)> {
    let pair = SgfGrammar::parse(Rule::token, &text[at..]).ok()?.next()?;
    let shift = |s: pest::Span| Span::new(s.start() + at, s.end() + at);
    let span = shift(pair.as_span());
    let token = match pair.as_rule() {
        Rule::open => Token::Open,
        Rule::close => Token::Close,
        Rule::node_start => Token::NodeStart,
        Rule::unterminated => Token::Unterminated,
        Rule::property => {
            let mut ident = String::new();
            let mut ident_span = span;
            let mut values = Vec::new();
            let mut end = span.end;
            for part in pair.into_inner() {
                let s = shift(part.as_span());
                match part.as_rule() {
                    Rule::ident => {
                        ident = part.as_str().to_string();
                        ident_span = s;
                    }
                    Rule::value => {
                        let (text, vs) = match part.into_inner().next() {
                            Some(t) => (t.as_str().to_string(), shift(t.as_span())),
                            None => (String::new(), Span::new(s.start + 1, s.start + 1)),
                        };
                        values.push((text, vs));
                        end = s.end;
                    }
                    _ => {}
                }
            }
            // White space after the last `]` is not part of the property.
            return Some((Token::Property { ident, ident_span, values }, Span::new(span.start, end)));
        }
        _ => {
            // Trailing white space is not part of the junk.
            let kept = span.slice(text).trim_end().len().max(1);
            let end = (span.start + kept).min(span.end);
            let end = (end..=span.end).find(|&e| text.is_char_boundary(e)).unwrap_or(span.end);
            return Some((Token::Junk, Span::new(span.start, end)));
        }
    };
    Some((token, span))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_token_kind_is_recognised() {
        let t: Vec<_> = tokens("(;B[aa] C[a\\]b] AB[aa] [bb]) x? W[").collect();
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
    fn the_whole_file_rule_accepts_anything() {
        for text in ["", "(;B[aa]", "junk ((( ]]] [x", "(;C[\\]"] {
            assert!(SgfGrammar::parse(Rule::file, text).is_ok(), "{text}");
        }
    }

    #[test]
    fn prose_is_one_junk_token_and_stops_before_a_property() {
        let t: Vec<_> = tokens("Game one, played 1850. B[aa]").collect();
        assert_eq!(t.len(), 2);
        assert_eq!(t[0], (Token::Junk, Span::new(0, 22)));
    }

    #[test]
    fn an_empty_value_is_a_value() {
        let t: Vec<_> = tokens("W[]").collect();
        assert!(matches!(&t[0].0, Token::Property { values, .. } if values == &vec![(String::new(), Span::new(2, 2))]));
    }
}

#[cfg(test)]
mod against_the_lexer {
    use super::{tokens, Token};
    use crate::span::Span;
    use crate::notation::sgf::lex;
    use proptest::prelude::*;

    /// The lexer's tokens in the grammar's shape: an identifier and its values are one property.
    fn from_lexer(text: &str) -> Vec<(Token, Span)> {
        let mut out: Vec<(Token, Span)> = Vec::new();
        for (t, span) in lex::tokens(text) {
            let token = match t {
                lex::Token::Open => Token::Open,
                lex::Token::Close => Token::Close,
                lex::Token::NodeStart => Token::NodeStart,
                lex::Token::Unterminated => Token::Unterminated,
                lex::Token::Junk => Token::Junk,
                lex::Token::Ident => Token::Property { ident: span.slice(text).to_string(), ident_span: span, values: Vec::new() },
                lex::Token::Value => {
                    if let Some((Token::Property { values, .. }, whole)) = out.last_mut() {
                        values.push((span.slice(text).to_string(), span));
                        *whole = Span::new(whole.start, span.end + 1);
                    }
                    continue;
                }
            };
            out.push((token, span));
        }
        out
    }

    /// A property's outer span is left out: pest's takes in the white space after it.
    fn outer_span_left_out(tokens: Vec<(Token, Span)>) -> Vec<(Token, Span)> {
        tokens.into_iter().map(|(t, s)| if matches!(t, Token::Property { .. }) { (t, Span::default()) } else { (t, s) }).collect()
    }

    fn same(text: &str) -> Result<(), TestCaseError> {
        let reference = outer_span_left_out(tokens(text).collect());
        prop_assert_eq!(outer_span_left_out(from_lexer(text)), reference, "{:?}", text);
        Ok(())
    }

    #[test]
    fn the_lexer_agrees_with_the_grammar_on_samples() {
        for text in ["(;B[aa] C[a\\]b] AB[aa] [bb]) x? W[", "Game one, played 1850. B[aa]", "W[]", "(;GM[1]\n(;B[aa]C[x\\\\])(;W[bb]))", "AB [x", "[x] y", "é ( ; ]", "(;C[\\"] {
            same(text).unwrap();
        }
    }

    proptest! {
        #[test]
        fn the_lexer_agrees_with_the_grammar(parts in proptest::collection::vec(prop_oneof![
            Just("(".to_string()), Just(")".to_string()), Just(";".to_string()), Just("[".to_string()), Just("]".to_string()),
            Just("\\".to_string()), Just(" ".to_string()), Just("\n".to_string()), Just("\u{feff}".to_string()),
            "[A-Za-z]{1,3}", "[a-z]{0,2}", "[é漢,.:?]{1,2}"
        ], 0..40)) {
            same(&parts.concat())?;
        }
    }
}
