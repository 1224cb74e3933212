//! The SGF lexer: a hand-written byte scanner that yields the tokens
//! `grammars/sgf.pest` defines (that grammar is the reference it is tested
//! against in `grammar.rs`), as spans only, so nothing is allocated per token.

use crate::span::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    Open,
    Close,
    NodeStart,
    /// A property's identifier; one or more `Value`s follow.
    Ident,
    /// One value, its span inside the brackets (still escaped).
    Value,
    /// A value whose `]` never comes (from its identifier, if any, to the end).
    Unterminated,
    /// Text that starts no token; runs separated by white space only are one token.
    Junk,
}

/// Tokens of `text` with their spans.
pub fn tokens(text: &str) -> Lexer<'_> {
    Lexer { text, bytes: text.as_bytes(), at: 0, in_values: false, held: None, queued: None }
}

pub struct Lexer<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
    /// After an identifier or value: a `[` continues the property.
    in_values: bool,
    /// A junk run waiting to see whether more junk follows.
    held: Option<Span>,
    /// A token read while junk was held.
    queued: Option<(Token, Span)>,
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

impl Lexer<'_> {
    fn skip_space(&mut self) {
        loop {
            match self.bytes.get(self.at) {
                Some(&b) if is_space(b) => self.at += 1,
                // U+FEFF, as the grammar's WHITESPACE has it.
                Some(0xEF) if self.bytes[self.at..].starts_with(&[0xEF, 0xBB, 0xBF]) => self.at += 3,
                _ => return,
            }
        }
    }

    /// The end of a value starting at `open` (a `[`): the index of its `]`, if any.
    fn value_end(&self, open: usize) -> Option<usize> {
        let mut i = open + 1;
        while i < self.bytes.len() {
            match self.bytes[i] {
                b']' => return Some(i),
                // An escape takes the next character whole (it may be multi-byte).
                b'\\' => i += 1 + self.text[i + 1..].chars().next().map_or(0, char::len_utf8),
                _ => i += 1,
            }
        }
        None
    }

    fn letters_end(&self, from: usize) -> usize {
        let mut i = from;
        while i < self.bytes.len() && self.bytes[i].is_ascii_alphabetic() {
            i += 1;
        }
        i
    }

    /// After white space from `from`, is there a `[`? Between an identifier and
    /// its value U+FEFF counts as white space too (`with_bom`), as the grammar has it.
    fn bracket_follows(&self, from: usize, with_bom: bool) -> bool {
        let mut i = from;
        loop {
            match self.bytes.get(i) {
                Some(&b) if is_space(b) => i += 1,
                Some(0xEF) if with_bom && self.bytes[i..].starts_with(&[0xEF, 0xBB, 0xBF]) => i += 3,
                Some(&b) => return b == b'[',
                None => return false,
            }
        }
    }

    /// A junk run from `start`: words not followed by `[` and anything that
    /// starts no token; at least one character. Trailing white space is left out.
    fn junk(&mut self, start: usize) -> Span {
        let mut i = start;
        loop {
            match self.bytes.get(i) {
                Some(b) if b.is_ascii_alphabetic() => {
                    let end = self.letters_end(i);
                    if self.bracket_follows(end, false) {
                        break;
                    }
                    i = end;
                }
                Some(b'(' | b')' | b';' | b'[') | None => break,
                Some(_) => i += self.text[i..].chars().next().map_or(1, char::len_utf8),
            }
        }
        if i == start {
            i += self.text[start..].chars().next().map_or(1, char::len_utf8);
        }
        let kept = self.text[start..i].trim_end().len().max(1);
        let mut end = start + kept;
        while !self.text.is_char_boundary(end) {
            end += 1;
        }
        self.at = end;
        Span::new(start, end)
    }

    /// The next token, junk not yet joined.
    fn raw_next(&mut self) -> Option<(Token, Span)> {
        self.skip_space();
        let start = self.at;
        let b = *self.bytes.get(start)?;
        if self.in_values && b == b'[' {
            return Some(self.value_or_unterminated(start, start));
        }
        self.in_values = false;
        match b {
            b'(' => {
                self.at += 1;
                Some((Token::Open, Span::new(start, start + 1)))
            }
            b')' => {
                self.at += 1;
                Some((Token::Close, Span::new(start, start + 1)))
            }
            b';' => {
                self.at += 1;
                Some((Token::NodeStart, Span::new(start, start + 1)))
            }
            b'[' => Some(self.value_or_unterminated(start, start)),
            b if b.is_ascii_alphabetic() => {
                let end = self.letters_end(start);
                if !self.bracket_follows(end, true) {
                    return Some((Token::Junk, self.junk(start)));
                }
                let mut open = end;
                while self.bytes[open] != b'[' {
                    open += 1;
                }
                if self.value_end(open).is_none() && open != end {
                    // The grammar's unterminated value takes no space after its identifier.
                    return Some((Token::Junk, self.junk(start)));
                }
                if self.value_end(open).is_none() {
                    self.at = self.bytes.len();
                    return Some((Token::Unterminated, Span::new(start, self.bytes.len())));
                }
                self.at = open;
                self.in_values = true;
                Some((Token::Ident, Span::new(start, end)))
            }
            _ => Some((Token::Junk, self.junk(start))),
        }
    }

    /// A value at `open`; a lone `[` that never closes is the rest of the file,
    /// and a `[` with no identifier before it is junk (one character).
    fn value_or_unterminated(&mut self, open: usize, start: usize) -> (Token, Span) {
        match self.value_end(open) {
            Some(close) if self.in_values => {
                self.at = close + 1;
                (Token::Value, Span::new(open + 1, close))
            }
            Some(_) => {
                self.at = open + 1;
                (Token::Junk, Span::new(open, open + 1))
            }
            None => {
                self.in_values = false;
                self.at = self.bytes.len();
                (Token::Unterminated, Span::new(start, self.bytes.len()))
            }
        }
    }
}

impl Iterator for Lexer<'_> {
    type Item = (Token, Span);

    fn next(&mut self) -> Option<(Token, Span)> {
        if let Some(t) = self.queued.take() {
            return Some(t);
        }
        loop {
            match self.raw_next() {
                Some((Token::Junk, span)) => match self.held {
                    Some(last) if self.text[last.end..span.start].trim().is_empty() => self.held = Some(Span::new(last.start, span.end)),
                    Some(last) => {
                        self.held = Some(span);
                        return Some((Token::Junk, last));
                    }
                    None => self.held = Some(span),
                },
                Some(other) => match self.held.take() {
                    Some(last) => {
                        self.queued = Some(other);
                        return Some((Token::Junk, last));
                    }
                    None => return Some(other),
                },
                None => return self.held.take().map(|s| (Token::Junk, s)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(Token, &str)> {
        tokens(text).map(|(t, s)| (t, s.slice(text))).collect()
    }

    #[test]
    fn properties_values_and_structure() {
        use Token::*;
        assert_eq!(
            kinds("(;B[aa] C[a\\]b] AB[aa] [bb]) x? W["),
            vec![
                (Open, "("),
                (NodeStart, ";"),
                (Ident, "B"),
                (Value, "aa"),
                (Ident, "C"),
                (Value, "a\\]b"),
                (Ident, "AB"),
                (Value, "aa"),
                (Value, "bb"),
                (Close, ")"),
                (Junk, "x?"),
                (Unterminated, "W["),
            ]
        );
    }

    #[test]
    fn prose_is_one_junk_token_and_stops_before_a_property() {
        assert_eq!(kinds("Game one, played 1850. B[aa]")[0], (Token::Junk, "Game one, played 1850."));
        assert_eq!(kinds("W[]"), vec![(Token::Ident, "W"), (Token::Value, "")]);
    }
}
