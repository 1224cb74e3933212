//! The OCR-tolerant scanner for draughts movetext (nom): every byte of the input
//! ends up in exactly one token or in the whitespace between tokens.

use crate::repair::{is_digit_like, Token, TokenKind};
use crate::span::Span;
use nom::branch::alt;
use nom::bytes::complete::{take_while, take_while1};
use nom::character::complete::{anychar, char, one_of};
use nom::combinator::{recognize, value};
use nom::IResult;

fn is_separator(c: char) -> bool {
    matches!(c, '-' | '–' | '—' | '.' | ',' | ':' | ';' | '·')
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '|' || c == '!'
}

fn is_junk(c: char) -> bool {
    !c.is_whitespace() && !is_word(c) && !is_separator(c) && c != '*'
}

fn word(input: &str) -> IResult<&str, &str> {
    take_while1(is_word)(input)
}

fn separator(input: &str) -> IResult<&str, TokenKind> {
    value(TokenKind::Separator, take_while1(is_separator))(input)
}

fn marker(input: &str) -> IResult<&str, TokenKind> {
    value(TokenKind::Marker, recognize(char('*')))(input)
}

fn junk(input: &str) -> IResult<&str, TokenKind> {
    alt((
        value(TokenKind::Junk, take_while1(is_junk)),
        value(TokenKind::Junk, recognize(one_of("\u{0}"))),
        value(TokenKind::Junk, recognize(anychar)),
    ))(input)
}

/// Classify one part of a word: digits (or letters OCR makes of digits) are a number.
fn word_kind(part: &str) -> TokenKind {
    let bytes = part.as_bytes();
    let digit_like = part.is_ascii() && bytes.iter().all(|&c| is_digit_like(c));
    let has_digit = bytes.iter().any(u8::is_ascii_digit);
    if digit_like && (has_digit || bytes.len() <= 2) { TokenKind::Number } else { TokenKind::Junk }
}

/// Scan text into tokens; `offset` is added to every span (for text cut from a larger source).
pub fn scan(text: &str, offset: usize) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let start = text.len() - rest.len();
        let ws: IResult<&str, &str> = take_while(char::is_whitespace)(rest);
        if let Ok((after, spaces)) = ws
            && !spaces.is_empty() {
                rest = after;
                continue;
            }
        if let Ok((after, w)) = word(rest) {
            push_word(&mut tokens, w, start + offset);
            rest = after;
            continue;
        }
        let parsed = alt((separator, marker, junk))(rest);
        match parsed {
            Ok((after, kind)) => {
                let len = rest.len() - after.len();
                tokens.push(Token::new(kind, &rest[..len], Span::new(start + offset, start + offset + len)));
                rest = after;
            }
            // `junk` takes any character, so this cannot happen; keep the text anyway.
            Err(_) => {
                tokens.push(Token::new(TokenKind::Junk, rest, Span::new(start + offset, text.len() + offset)));
                break;
            }
        }
    }
    tokens
}

/// A word like `11x18x25` holds numbers and capture marks: split it.
fn push_word(tokens: &mut Vec<Token>, w: &str, start: usize) {
    let mut part_start = 0;
    let bytes = w.as_bytes();
    for (i, &c) in bytes.iter().enumerate() {
        let before = i.checked_sub(1).map(|j| bytes[j]);
        let after = bytes.get(i + 1).copied();
        // `11x18`, and also a capture mark cut off on one side: `15 x22`, `15x 22`.
        let is_mark = match (before, after) {
            (Some(b), Some(a)) => is_digit_like(b) && is_digit_like(a),
            (None, Some(a)) => a.is_ascii_digit(),
            (Some(b), None) => b.is_ascii_digit(),
            (None, None) => false,
        };
        if (c == b'x' || c == b'X') && is_mark {
            if part_start < i {
                let part = &w[part_start..i];
                tokens.push(Token::new(word_kind(part), part, Span::new(start + part_start, start + i)));
            }
            tokens.push(Token::new(TokenKind::Separator, &w[i..i + 1], Span::new(start + i, start + i + 1)));
            part_start = i + 1;
        }
    }
    let part = &w[part_start..];
    if !part.is_empty() {
        tokens.push(Token::new(word_kind(part), part, Span::new(start + part_start, start + w.len())));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(TokenKind, String)> {
        scan(text, 0).into_iter().map(|t| (t.kind, t.text)).collect()
    }

    #[test]
    fn reads_every_book_form() {
        use TokenKind::*;
        assert_eq!(
            kinds("11x18x25 22.18 09-13"),
            vec![
                (Number, "11".into()),
                (Separator, "x".into()),
                (Number, "18".into()),
                (Separator, "x".into()),
                (Number, "25".into()),
                (Number, "22".into()),
                (Separator, ".".into()),
                (Number, "18".into()),
                (Number, "09".into()),
                (Separator, "-".into()),
                (Number, "13".into()),
            ]
        );
    }

    #[test]
    fn a_capture_mark_cut_off_on_one_side_is_still_a_mark() {
        use TokenKind::*;
        assert_eq!(kinds("15 x22"), vec![(Number, "15".into()), (Separator, "x".into()), (Number, "22".into())]);
        assert_eq!(kinds("15x 22"), vec![(Number, "15".into()), (Separator, "x".into()), (Number, "22".into())]);
    }

    #[test]
    fn ocr_letters_stay_in_numbers_and_words_are_junk() {
        use TokenKind::*;
        assert_eq!(kinds("l5 g Drawn."), vec![(Number, "l5".into()), (Number, "g".into()), (Junk, "Drawn".into()), (Separator, ".".into())]);
    }

    #[test]
    fn spans_cover_the_text_exactly() {
        let text = "11 15, 23—19 (é) 8x11*";
        for t in scan(text, 0) {
            assert_eq!(&text[t.span.start..t.span.end], t.text);
        }
        let covered: usize = scan(text, 0).iter().map(|t| t.span.len()).sum();
        let spaces = text.chars().filter(|c| c.is_whitespace()).count();
        assert_eq!(covered + spaces, text.len());
    }
}
