//! A byte-level PDN lexer: the fast path. `grammars/pdn.pest` states the same
//! clean syntax and a test checks the two agree.

use crate::span::Span;

/// The game terminators this reader knows (draughts' own `2-0`, `0-2`, `1-1` too), the longest first.
pub const TERMINATORS: [&str; 7] = ["1/2-1/2", "1-0", "0-1", "2-0", "0-2", "1-1", "*"];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lexeme {
    /// `[Name "value"]`: spans of the name and of the value between the quotes.
    Tag { name: Span, value: Span },
    /// A tag that does not close on its line.
    BadTag,
    /// `12.` or `12...`
    MoveNumber,
    /// Squares joined by `-` or `x`, with any strength marks (`!`, `?`) after.
    Move,
    /// `{…}`: the span of the text inside.
    Comment { inner: Span },
    /// `{` with no closing `}`.
    UnterminatedComment,
    /// `;` to the end of the line.
    LineComment,
    /// A line starting with `%`.
    Escape,
    RavOpen,
    RavClose,
    /// `$12`
    Nag,
    /// `1-0`, `0-1`, `1/2-1/2`, `2-0`, `0-2`, `1-1`, `*`
    Result,
    /// Anything else, up to the next blank.
    Junk,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub lexeme: Lexeme,
    pub span: Span,
}

#[derive(Clone)]
pub struct Lexer<'a> {
    bytes: &'a [u8],
    pos: usize,
    line_start: bool,
}

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer { bytes: text.as_bytes(), pos: 0, line_start: true }
    }

    fn peek(&self, k: usize) -> u8 {
        self.bytes.get(self.pos + k).copied().unwrap_or(0)
    }

    fn digits(&self, from: usize) -> usize {
        self.bytes[from.min(self.bytes.len())..].iter().take_while(|b| b.is_ascii_digit()).count()
    }

    fn until(&self, from: usize, stop: impl Fn(u8) -> bool) -> usize {
        let from = from.min(self.bytes.len());
        from + self.bytes[from..].iter().position(|&b| stop(b)).unwrap_or(self.bytes.len() - from)
    }

    fn is_break(b: u8) -> bool {
        b.is_ascii_whitespace() || matches!(b, b'{' | b'}' | b'(' | b')' | b'[' | b';' | 0)
    }

    fn token(&mut self, lexeme: Lexeme, end: usize) -> Option<Token> {
        let span = Span::new(self.pos, end);
        self.pos = end;
        self.line_start = false;
        Some(Token { lexeme, span })
    }

    /// A result token at `pos`, if one stands there on its own.
    fn result_len(&self) -> Option<usize> {
        let rest = &self.bytes[self.pos..];
        for r in TERMINATORS.map(str::as_bytes) {
            if rest.starts_with(r) && Self::is_break(rest.get(r.len()).copied().unwrap_or(0)) {
                return Some(r.len());
            }
        }
        None
    }
}

impl Iterator for Lexer<'_> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        loop {
            let b = *self.bytes.get(self.pos)?;
            if b == b'\n' {
                self.pos += 1;
                self.line_start = true;
            } else if b.is_ascii_whitespace() {
                self.pos += 1;
            } else {
                break;
            }
        }
        let start = self.pos;
        let b = self.bytes[start];
        if b == b'%' && self.line_start {
            let end = self.until(start, |c| c == b'\n');
            return self.token(Lexeme::Escape, end);
        }
        match b {
            b'{' => match self.bytes[start + 1..].iter().position(|&c| c == b'}') {
                Some(k) => {
                    let inner = Span::new(start + 1, start + 1 + k);
                    self.token(Lexeme::Comment { inner }, start + k + 2)
                }
                None => self.token(Lexeme::UnterminatedComment, self.bytes.len()),
            },
            b';' => {
                let end = self.until(start, |c| c == b'\n');
                self.token(Lexeme::LineComment, end)
            }
            b'(' => self.token(Lexeme::RavOpen, start + 1),
            b')' => self.token(Lexeme::RavClose, start + 1),
            b'[' => self.tag(),
            b'$' if self.peek(1).is_ascii_digit() => {
                let end = start + 1 + self.digits(start + 1);
                self.token(Lexeme::Nag, end)
            }
            _ => {
                if let Some(n) = self.result_len() {
                    return self.token(Lexeme::Result, start + n);
                }
                if b.is_ascii_digit() {
                    let d = self.digits(start);
                    let after = self.peek(d);
                    if after == b'.' {
                        let dots = self.bytes[start + d..].iter().take_while(|&&c| c == b'.').count();
                        return self.token(Lexeme::MoveNumber, start + d + dots);
                    }
                    if after == b'-' || after == b'x' || after == b'X' {
                        let mut end = start + d;
                        while matches!(self.bytes.get(end), Some(b'-' | b'x' | b'X')) && self.bytes.get(end + 1).is_some_and(u8::is_ascii_digit) {
                            end += 1;
                            end += self.digits(end);
                        }
                        end = self.until(end, |c| !matches!(c, b'!' | b'?' | b'*'));
                        if Self::is_break(self.bytes.get(end).copied().unwrap_or(0)) {
                            return self.token(Lexeme::Move, end);
                        }
                    }
                }
                let end = self.until(start, Self::is_break).max(start + 1);
                // Never split a UTF-8 character.
                let mut end = end.min(self.bytes.len());
                while end < self.bytes.len() && (self.bytes[end] & 0xC0) == 0x80 {
                    end += 1;
                }
                self.token(Lexeme::Junk, end)
            }
        }
    }
}

impl Lexer<'_> {
    fn tag(&mut self) -> Option<Token> {
        let start = self.pos;
        let line_end = self.until(start, |c| c == b'\n');
        let name_start = self.until(start + 1, |c| !c.is_ascii_whitespace()).min(line_end);
        let name_end = self.until(name_start, |c| !(c.is_ascii_alphanumeric() || c == b'_')).min(line_end);
        let quote = self.until(name_end, |c| !c.is_ascii_whitespace());
        if name_end == name_start || quote >= line_end || self.bytes[quote] != b'"' {
            return self.token(Lexeme::BadTag, line_end);
        }
        // The value runs to the next unescaped quote.
        let mut k = quote + 1;
        while k < line_end && self.bytes[k] != b'"' {
            k += if self.bytes[k] == b'\\' { 2 } else { 1 };
        }
        if k >= line_end {
            return self.token(Lexeme::BadTag, line_end);
        }
        let close = self.until(k + 1, |c| !c.is_ascii_whitespace());
        if close >= line_end || self.bytes[close] != b']' {
            return self.token(Lexeme::BadTag, line_end);
        }
        let lexeme = Lexeme::Tag { name: Span::new(name_start, name_end), value: Span::new(quote + 1, k) };
        self.token(lexeme, close + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lexemes(text: &str) -> Vec<(String, &'static str)> {
        Lexer::new(text)
            .map(|t| {
                let kind = match t.lexeme {
                    Lexeme::Tag { .. } => "tag",
                    Lexeme::BadTag => "bad-tag",
                    Lexeme::MoveNumber => "number",
                    Lexeme::Move => "move",
                    Lexeme::Comment { .. } => "comment",
                    Lexeme::UnterminatedComment => "unterminated",
                    Lexeme::LineComment => "line-comment",
                    Lexeme::Escape => "escape",
                    Lexeme::RavOpen => "(",
                    Lexeme::RavClose => ")",
                    Lexeme::Nag => "nag",
                    Lexeme::Result => "result",
                    Lexeme::Junk => "junk",
                };
                (t.span.slice(text).to_string(), kind)
            })
            .collect()
    }

    #[test]
    fn lexes_a_checkerboard_game() {
        let text = "[Event \"x \\\"y\\\"\"]\n%escape\n1. 11-15 23-19 2. 8-11! (2... 9x18x27 {a}) * 1-0";
        let got = lexemes(text);
        let kinds: Vec<&str> = got.iter().map(|g| g.1).collect();
        assert_eq!(kinds, ["tag", "escape", "number", "move", "move", "number", "move", "(", "number", "move", "comment", ")", "result", "result"]);
    }

    #[test]
    fn bad_input_becomes_lexemes_not_panics() {
        let kinds: Vec<&str> = lexemes("[Event \"open\n{never closed é").iter().map(|g| g.1).collect();
        assert_eq!(kinds, ["bad-tag", "unterminated"]);
        let kinds: Vec<&str> = lexemes("99 100 é€").iter().map(|g| g.1).collect();
        assert_eq!(kinds, ["junk", "junk", "junk"]);
    }
}
