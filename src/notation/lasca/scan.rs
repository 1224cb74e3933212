//! The OCR-tolerant scanner for Lasca's dash notation (nom). Every byte ends
//! up in one token or in the whitespace between tokens.
//!
//! Move numbers `(12)` (also `{5)`, `«27)`, `LI1B)`: any word closed by `)`)
//! become markers, so the decoder reads squares only; `*` and `%` (promotion)
//! are markers too. Dashes of every kind, `~` and `=` are separators. A word
//! is split into its digit-like runs (numbers: `i7`, `g`, `O`) and the rest
//! (junk: the `r` of `r12`, the `e` of `7e10`).

use crate::repair::{is_digit_like, Token, TokenKind};
use crate::span::Span;
use nom::branch::alt;
use nom::bytes::complete::take_while1;
use nom::character::complete::{anychar, one_of};
use nom::combinator::{recognize, value};
use nom::IResult;

fn is_separator(c: char) -> bool {
    matches!(c, '-' | '–' | '—' | '−' | '~' | '=' | '.' | ',' | ':' | ';' | '·')
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '|' || c == '!'
}

fn is_junk(c: char) -> bool {
    !c.is_whitespace() && !is_word(c) && !is_separator(c) && !matches!(c, '*' | '%' | '(' | ')')
}

/// Letters this book's OCR makes of digits beyond the common ones (printed, digit, cost).
pub const LASCA_LETTERS: [(u8, u8, f64); 2] = [(b'y', b'9', 0.6), (b'Q', b'9', 0.8)];

fn digit_like(c: char) -> bool {
    c.is_ascii() && (is_digit_like(c as u8) || LASCA_LETTERS.iter().any(|l| l.0 == c as u8))
}

/// A move number: `(12)`, `{5)`, `«27)`, `LI1B)` (a short word closed by `)`),
/// or an opening bracket with a short word and no closer (`(1 9—13`, `(B! 13`),
/// or a number closed by a quote (`13’ 10—13`, OCR for `(3)`).
fn move_number(input: &str) -> IResult<&str, &str> {
    let fail = || nom::Err::Error(nom::error::Error::new(input, nom::error::ErrorKind::Verify));
    let open = input.starts_with(['(', '{', '«', '+', '[']);
    let after_open = if open { &input[input.chars().next().map_or(0, char::len_utf8)..] } else { input };
    let after_spaces = after_open.trim_start_matches(' ');
    let word_len = after_spaces.find(|c: char| !is_word(c)).unwrap_or(after_spaces.len());
    let word = &after_spaces[..word_len];
    let rest = &after_spaces[word_len..];
    let short = !word.is_empty() && word.chars().count() <= 4;
    let used = |n: usize| -> IResult<&str, &str> { Ok((&input[n..], &input[..n])) };
    let consumed = input.len() - rest.len();
    if short && rest.starts_with(')') {
        return used(consumed + 1);
    }
    let numeric = word.chars().count() <= 2 && word.chars().all(digit_like);
    if open && numeric && rest.starts_with([' ', '\t', '\n', '\r']) {
        return used(consumed);
    }
    if !open && numeric && word.chars().any(|c| c.is_ascii_digit()) && rest.starts_with(['’', '\'']) {
        return used(consumed + rest.chars().next().map_or(0, char::len_utf8));
    }
    Err(fail())
}

/// Length of a `<|…|>` insertion at the start of `input`, if there is one on this line.
fn markup(input: &str) -> Option<usize> {
    let inner = input.strip_prefix("<|")?;
    let close = inner.find("|>")?;
    (!inner[..close].contains('\n')).then_some(close + 4)
}

fn promotion(input: &str) -> IResult<&str, &str> {
    recognize(one_of("*%"))(input)
}

fn separator(input: &str) -> IResult<&str, &str> {
    take_while1(is_separator)(input)
}

fn junk(input: &str) -> IResult<&str, &str> {
    alt((take_while1(is_junk), recognize(anychar)))(input)
}

/// The number a move-number marker stands for, if its characters read as digits.
pub fn move_number_value(marker: &str) -> Option<u32> {
    word_value(marker.trim_start_matches(['(', '{', '«', '+', '[', ' ']).trim_end_matches([')', '’', '\'', ' ']))
}

/// A word read as a number, each letter as the digit OCR most often makes of it.
pub fn word_value(word: &str) -> Option<u32> {
    let digits: String = word
        .bytes()
        .map(|c| if c.is_ascii_digit() { Some(c as char) } else { crate::repair::letter_readings(c).first().map(|&(d, _)| d as char) })
        .collect::<Option<String>>()?;
    digits.parse().ok()
}

/// Whether a marker token is a move number (and not a promotion mark).
pub fn is_move_number(token: &Token) -> bool {
    token.kind == TokenKind::Marker && !token.text.chars().all(|c| c == '*' || c == '%')
}

/// Scan text into tokens; `offset` is added to every span.
pub fn scan(text: &str, offset: usize) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let start = offset + text.len() - rest.len();
        let spaces: IResult<&str, &str> = take_while1(char::is_whitespace)(rest);
        if let Ok((after, _)) = spaces {
            rest = after;
            continue;
        }
        if let Some(end) = markup(rest) {
            // `<|…|>` left in the text by whoever prepared it: one junk token.
            tokens.push(Token::new(TokenKind::Junk, &rest[..end], Span::new(start, start + end)));
            rest = &rest[end..];
            continue;
        }
        if let Ok((after, found)) = move_number(rest) {
            tokens.push(Token::new(TokenKind::Marker, found, Span::new(start, start + found.len())));
            rest = after;
            continue;
        }
        let word: IResult<&str, &str> = take_while1(is_word)(rest);
        if let Ok((after, w)) = word {
            push_word(&mut tokens, w, start);
            rest = after;
            continue;
        }
        let parsed = alt((
            value(TokenKind::Marker, promotion),
            value(TokenKind::Separator, separator),
            value(TokenKind::Junk, junk),
        ))(rest);
        let Ok((after, kind)) = parsed else {
            // `junk` takes any character; keep the text whatever happens.
            tokens.push(Token::new(TokenKind::Junk, rest, Span::new(start, offset + text.len())));
            break;
        };
        let len = rest.len() - after.len();
        tokens.push(Token::new(kind, &rest[..len], Span::new(start, start + len)));
        rest = after;
    }
    tokens
}

/// Split a word into digit-like runs (numbers) and the rest (junk).
fn push_word(tokens: &mut Vec<Token>, w: &str, start: usize) {
    let mut run_start = 0;
    let mut run_digit: Option<bool> = None;
    for (i, c) in w.char_indices() {
        let digit = digit_like(c);
        match run_digit {
            Some(d) if d == digit => {}
            Some(d) => {
                push_run(tokens, &w[run_start..i], start + run_start, d);
                run_start = i;
                run_digit = Some(digit);
            }
            None => run_digit = Some(digit),
        }
    }
    if let Some(d) = run_digit {
        push_run(tokens, &w[run_start..], start + run_start, d);
    }
}

fn push_run(tokens: &mut Vec<Token>, run: &str, start: usize, digit_like: bool) {
    // Letters alone make a number only when short (`g`, `Q`, `i7`); `Ill` is a word.
    let has_digit = run.bytes().any(|c| c.is_ascii_digit());
    let kind = if digit_like && (has_digit || run.len() <= 2) { TokenKind::Number } else { TokenKind::Junk };
    tokens.push(Token::new(kind, run, Span::new(start, start + run.len())));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(TokenKind, &str)> {
        let tokens = scan(text, 0);
        tokens.iter().map(|t| (t.kind, &text[t.span.start..t.span.end])).collect()
    }

    #[test]
    fn move_numbers_are_markers_even_when_misread() {
        use TokenKind::*;
        assert_eq!(kinds("(12) 3—6—09,"), vec![(Marker, "(12)"), (Number, "3"), (Separator, "—"), (Number, "6"), (Separator, "—"), (Number, "09"), (Separator, ",")]);
        assert_eq!(kinds("{5)")[0], (Marker, "{5)"));
        assert_eq!(kinds("«27)")[0], (Marker, "«27)"));
        assert_eq!(kinds("LI1B)")[0], (Marker, "LI1B)"));
        assert_eq!(kinds("(B! 13")[0], (Marker, "(B!"));
        assert_eq!(kinds("(1 9—13")[..2], [(Marker, "(1"), (Number, "9")]);
        assert_eq!(kinds("13’ 10—13")[0], (Marker, "13’"));
        // `(8,` is a misread 18, not a move number.
        assert_eq!(kinds("(8, 17")[..2], [(Junk, "("), (Number, "8")]);
        assert_eq!(move_number_value("(12)"), Some(12));
        assert_eq!(move_number_value("{5)"), Some(5));
        assert_eq!(move_number_value("(B!"), Some(81));
        assert_eq!(move_number_value("LI1B)"), None);
    }

    #[test]
    fn words_split_into_numbers_and_junk() {
        use TokenKind::*;
        assert_eq!(kinds("r12"), vec![(Junk, "r"), (Number, "12")]);
        assert_eq!(kinds("7e10"), vec![(Number, "7"), (Junk, "e"), (Number, "10")]);
        assert_eq!(kinds("i7"), vec![(Number, "i7")]);
        assert_eq!(kinds("22%"), vec![(Number, "22"), (Marker, "%")]);
        assert_eq!(kinds("21<|MARK-7d30|>17."), vec![(Number, "21"), (Junk, "<|MARK-7d30|>"), (Number, "17"), (Separator, ".")]);
        assert_eq!(kinds("13~-17"), vec![(Number, "13"), (Separator, "~-"), (Number, "17")]);
    }

    #[test]
    fn every_byte_is_kept() {
        let text = "(B! 13-—-16--1¢9, 22--19—16. «27) 21—17, 2 5 LI1B) ¶ \u{0} x";
        let tokens = scan(text, 0);
        let covered: usize = tokens.iter().map(|t| t.span.end - t.span.start).sum();
        let spaces: usize = text.chars().filter(|c| c.is_whitespace()).map(char::len_utf8).sum();
        assert_eq!(covered + spaces, text.len());
        for t in &tokens {
            assert_eq!(&text[t.span.start..t.span.end], t.text);
        }
    }
}
