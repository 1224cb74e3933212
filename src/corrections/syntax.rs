//! The corrections file's syntax: one entry a line, `#` starts a comment, a
//! trailing `[...]` is the entry's note. Parsed with nom, every part keeping
//! its byte span in the corrections file, so each error is drawn there.
//!
//! ```text
//! at 98:12 "98 29" -> "23 19"            [scan p. 14]
//! at bytes 35568..35569 "1" -> "10"
//! game 1, variation 5: 11 15 23 19 8 11 22 17 Drawn.
//! game 3, trunk, move 33: 3 8
//! game 1, variation 36 branches at move 12 of variation 25
//! game 1, variation 36, start: B:W18,24,K10:B12,16
//! game 1, variation 5, result: W. wins
//! game 1, variation 5, contributor: Mr. Wyllie
//! ```

use crate::diagnostic::{Code, Diagnostic};
use crate::span::Span;
use crate::tree::Outcome;
use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take_while1};
use nom::character::complete::{char, digit1, space0, space1};
use nom::combinator::{map, map_res, opt};
use nom::sequence::{preceded, tuple};
use nom::IResult;

/// A value with the bytes of the corrections file it was written in.
#[derive(Clone, Debug, PartialEq)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

/// A place in the source, as an editor finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// 1-based line and column (in characters), as diagnostics print them.
    LineCol { line: usize, col: usize },
    /// Byte offsets of the file on disk, end exclusive.
    Bytes { start: usize, end: usize },
}

/// Which line of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineRef {
    Trunk,
    Variation(u32),
    /// A line by its label as the tree gives it (`V.2`, `b4-first`).
    Label(String),
}

impl std::fmt::Display for LineRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineRef::Trunk => write!(f, "trunk"),
            LineRef::Variation(n) => write!(f, "variation {n}"),
            LineRef::Label(l) => write!(f, "line {l:?}"),
        }
    }
}

/// A line of a game, as written in an entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Address {
    /// 1-based, in the order the source gives its games.
    pub game: Spanned<usize>,
    pub line: Spanned<LineRef>,
}

/// A move as squares: `11 15`, `11-15`, `22x15`, `9x18x25`.
pub type Squares = Vec<u8>;

/// A stated result as typed in.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultText {
    pub outcome: Outcome,
    pub printed: String,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    /// Replace the text at a place, which must read `expected`.
    Text { place: Spanned<Place>, expected: Spanned<String>, replacement: Spanned<String> },
    /// A whole line typed in from the scan.
    Moves { at: Address, moves: Vec<Spanned<Squares>>, result: Option<Spanned<ResultText>> },
    /// One move of a line (1-based); one past the last adds a move.
    Move { at: Address, number: Spanned<usize>, mv: Spanned<Squares> },
    /// The line's first move replaces move `number` of `parent`.
    Branch { at: Address, number: Spanned<usize>, parent: Spanned<LineRef> },
    Start { at: Address, fen: Spanned<String> },
    Result { at: Address, result: Spanned<ResultText> },
    Contributor { at: Address, name: Spanned<String> },
}

impl Body {
    pub fn address(&self) -> Option<&Address> {
        match self {
            Body::Text { .. } => None,
            Body::Moves { at, .. } | Body::Move { at, .. } | Body::Branch { at, .. } | Body::Start { at, .. } | Body::Result { at, .. } | Body::Contributor { at, .. } => {
                Some(at)
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub body: Body,
    pub note: Option<String>,
    /// The entry without its comment.
    pub span: Span,
    /// 1-based line in the corrections file.
    pub line: usize,
}

/// Every entry that parses, and a diagnostic (spans in `text`) for each line that does not.
pub fn parse(text: &str) -> (Vec<Entry>, Vec<Diagnostic>) {
    let mut entries = Vec::new();
    let mut diagnostics = Vec::new();
    let mut at = 0;
    for (n, raw) in text.split_inclusive('\n').enumerate() {
        let start = at;
        at += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        let code = strip_comment(line);
        let (code, note) = match split_note(code) {
            Ok(x) => x,
            Err(open) => {
                diagnostics.push(syntax_error(Span::new(start + open, start + code.len()), "a note opened with `[` is not closed with `]` at the end of the entry", "note starts here"));
                continue;
            }
        };
        let trimmed = code.trim_end();
        if trimmed.trim_start().is_empty() {
            if note.is_some() {
                diagnostics.push(syntax_error(Span::new(start, start + code.len().max(1)), "a note with no entry before it", "note alone"));
            }
            continue;
        }
        let lead = trimmed.len() - trimmed.trim_start().len();
        let body_text = &trimmed[lead..];
        let base = start + lead;
        match entry(body_text) {
            Ok((rest, body)) => {
                let rest_trimmed = rest.trim_start();
                if rest_trimmed.is_empty() {
                    let body = shift(body, base, body_text);
                    entries.push(Entry { body, note, span: Span::new(base, base + body_text.len()), line: n + 1 });
                } else {
                    let off = base + (body_text.len() - rest_trimmed.len());
                    diagnostics.push(syntax_error(Span::new(off, base + body_text.len()), "unexpected text after the entry", "not understood").with_help(HELP));
                }
            }
            Err(e) => {
                let (rest, expected) = match e {
                    nom::Err::Error(e) | nom::Err::Failure(e) => (e.input, e.expected),
                    nom::Err::Incomplete(_) => ("", "more"),
                };
                let expected = if expected.is_empty() { "an entry" } else { expected };
                let off = base + (body_text.len() - rest.len());
                let end = off + rest.split_whitespace().next().map_or(0, str::len);
                diagnostics.push(syntax_error(Span::new(off, end.max(off)), &format!("expected {expected}"), "here").with_help(HELP));
            }
        }
    }
    (entries, diagnostics)
}

const HELP: &str = "entries read `at LINE:COL \"old\" -> \"new\"`, `game N, variation V: MOVES [RESULT]`, `game N, trunk, move M: MOVE`, `game N, variation V branches at move M of variation W`, `game N, variation V, start: FEN`, `..., result: Drawn.` or `..., contributor: NAME`; a note goes in `[...]` at the end";

fn syntax_error(span: Span, message: &str, label: &str) -> Diagnostic {
    Diagnostic::error(Code::FixesSyntax, message.to_string(), span).with_label(label)
}

/// The line before a `#` that is not inside a quoted string.
fn strip_comment(line: &str) -> &str {
    let mut quoted = false;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            '#' if !quoted => return &line[..i],
            _ => {}
        }
    }
    line
}

/// The entry and its trailing `[note]`; `Err(offset of the '[')` if it is not closed.
fn split_note(code: &str) -> Result<(&str, Option<String>), usize> {
    let trimmed = code.trim_end();
    let mut quoted = false;
    let mut escaped = false;
    let mut open = None;
    for (i, c) in trimmed.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            '[' if !quoted && open.is_none() => open = Some(i),
            _ => {}
        }
    }
    match open {
        None => Ok((code, None)),
        Some(i) if trimmed.ends_with(']') => Ok((&code[..i], Some(trimmed[i + 1..trimmed.len() - 1].trim().to_string()))),
        Some(i) => Err(i),
    }
}

/// A nom error that says what was expected.
#[derive(Debug)]
struct Expected<'a> {
    input: &'a str,
    expected: &'static str,
}

impl<'a> nom::error::ParseError<&'a str> for Expected<'a> {
    fn from_error_kind(input: &'a str, _: nom::error::ErrorKind) -> Self {
        Expected { input, expected: "" }
    }
    fn append(_: &'a str, _: nom::error::ErrorKind, other: Self) -> Self {
        other
    }
    fn or(self, other: Self) -> Self {
        // The alternative that got further says more.
        if other.input.len() < self.input.len() { other } else { self }
    }
}

impl<'a, E> nom::error::FromExternalError<&'a str, E> for Expected<'a> {
    fn from_external_error(input: &'a str, _: nom::error::ErrorKind, _: E) -> Self {
        Expected { input, expected: "a number" }
    }
}

type Res<'a, T> = IResult<&'a str, T, Expected<'a>>;

/// `parser`, its failure naming `what`.
fn expect<'a, T>(what: &'static str, mut parser: impl FnMut(&'a str) -> Res<'a, T>) -> impl FnMut(&'a str) -> Res<'a, T> {
    move |input: &'a str| match parser(input) {
        Ok(x) => Ok(x),
        Err(nom::Err::Error(e)) if e.input.len() >= input.len() => Err(nom::Err::Error(Expected { input, expected: what })),
        // A nom primitive failed inside: its place, our words.
        Err(nom::Err::Error(e)) if e.expected.is_empty() => Err(nom::Err::Error(Expected { input: e.input, expected: what })),
        Err(nom::Err::Failure(e)) if e.expected.is_empty() => Err(nom::Err::Failure(Expected { input: e.input, expected: what })),
        Err(e) => Err(e),
    }
}

/// A committed parse: after its keyword an entry's shape is known, so a failure is final.
fn cut<'a, T>(what: &'static str, parser: impl FnMut(&'a str) -> Res<'a, T>) -> impl FnMut(&'a str) -> Res<'a, T> {
    let mut inner = expect(what, parser);
    move |input: &'a str| inner(input).map_err(|e| match e {
        nom::Err::Error(e) => nom::Err::Failure(e),
        other => other,
    })
}

/// Spans inside the parser are relative offsets from the line's end (the
/// remaining length), fixed up by `shift` once the line's place is known.
fn here(rest: &str) -> usize {
    rest.len()
}

fn spanned<'a, T>(mut parser: impl FnMut(&'a str) -> Res<'a, T>) -> impl FnMut(&'a str) -> Res<'a, Spanned<T>> {
    move |input: &'a str| {
        let (rest, value) = parser(input)?;
        // Remaining lengths, turned into offsets by `shift`.
        Ok((rest, Spanned { value, span: Span::new(here(input), here(rest)) }))
    }
}

fn number(input: &str) -> Res<'_, usize> {
    map_res(digit1, str::parse::<usize>)(input)
}

fn comma(input: &str) -> Res<'_, ()> {
    map(tuple((space0, char(','), space0)), |_| ())(input)
}

fn line_ref(input: &str) -> Res<'_, LineRef> {
    expect(
        "`trunk`, `variation N` or `line \"LABEL\"`",
        alt((
            map(tag_no_case("trunk"), |_| LineRef::Trunk),
            map(preceded(tuple((tag_no_case("variation"), space1)), map_res(digit1, str::parse::<u32>)), LineRef::Variation),
            map(preceded(tuple((tag_no_case("line"), space1)), quoted), LineRef::Label),
        )),
    )(input)
}

/// `"..."` with `\"` and `\\` escapes.
fn quoted(input: &str) -> Res<'_, String> {
    let Some(body) = input.strip_prefix('"') else {
        return Err(nom::Err::Error(Expected { input, expected: "a quoted text" }));
    };
    let mut out = String::new();
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Ok((&body[i + 1..], out)),
            '\\' => match chars.next() {
                Some((_, e @ ('"' | '\\'))) => out.push(e),
                Some((j, _)) => return Err(nom::Err::Failure(Expected { input: &body[j..], expected: "`\\\"` or `\\\\` (the only escapes)" })),
                None => break,
            },
            _ => out.push(c),
        }
    }
    Err(nom::Err::Failure(Expected { input: "", expected: "a closing `\"`" }))
}

fn place(input: &str) -> Res<'_, Place> {
    alt((
        map(tuple((tag_no_case("bytes"), space1, number, tag(".."), number)), |(_, _, start, _, end)| Place::Bytes { start, end }),
        map(tuple((number, char(':'), number)), |(line, _, col)| Place::LineCol { line, col }),
    ))(input)
}

fn text_entry(input: &str) -> Res<'_, Body> {
    let (input, _) = tuple((tag_no_case("at"), space1))(input)?;
    let (input, place) = cut("a place: `LINE:COL` or `bytes START..END`", spanned(place))(input)?;
    let (input, _) = space1(input).map_err(|_: nom::Err<Expected>| nom::Err::Failure(Expected { input, expected: "a space" }))?;
    let (input, expected) = cut("the text expected there, quoted", spanned(quoted))(input)?;
    let (input, _) = cut("`->`", tuple((space0, tag("->"), space0)))(input)?;
    let (input, replacement) = cut("the replacement, quoted", spanned(quoted))(input)?;
    Ok((input, Body::Text { place, expected, replacement }))
}

/// One move token: `11-15`, `22x15`, `9x18x25`, or a bare square number.
enum Token {
    Whole(Squares),
    Square(u8),
}

fn move_token(input: &str) -> Res<'_, Token> {
    let (rest, word) = take_while1(|c: char| c.is_ascii_digit() || c == '-' || c == 'x' || c == 'X')(input)?;
    if !word.starts_with(|c: char| c.is_ascii_digit()) {
        return Err(nom::Err::Error(Expected { input, expected: "a move" }));
    }
    let parts: Vec<&str> = word.split(['-', 'x', 'X']).collect();
    let squares: Option<Squares> = parts.iter().map(|p| p.parse::<u8>().ok().filter(|n| (1..=32).contains(n))).collect();
    match squares {
        Some(s) if s.len() == 1 => Ok((rest, Token::Square(s[0]))),
        Some(s) => Ok((rest, Token::Whole(s))),
        None => Err(nom::Err::Failure(Expected { input, expected: "a move of squares 1 to 32 (`11 15`, `11-15`, `22x15`)" })),
    }
}

/// Moves: bare squares are taken two at a time (`11 15 23 19`), as the books print them.
fn moves(mut input: &str) -> Res<'_, Vec<Spanned<Squares>>> {
    let mut out = Vec::new();
    let mut pending: Option<(u8, usize)> = None;
    loop {
        let (after_space, _) = space0(input)?;
        let Ok((rest, token)) = move_token(after_space) else {
            if let Err(nom::Err::Failure(e)) = move_token(after_space) {
                return Err(nom::Err::Failure(e));
            }
            break;
        };
        match token {
            Token::Whole(s) => {
                if pending.is_some() {
                    return Err(nom::Err::Failure(Expected { input: after_space, expected: "the square a move goes to (bare squares pair up as from, to)" }));
                }
                out.push(Spanned { value: s, span: Span::new(here(after_space), here(rest)) });
            }
            Token::Square(n) => match pending.take() {
                None => pending = Some((n, here(after_space))),
                Some((from, at)) => out.push(Spanned { value: vec![from, n], span: Span::new(at, here(rest)) }),
            },
        }
        input = rest;
    }
    if pending.is_some() {
        return Err(nom::Err::Failure(Expected { input, expected: "the square the last move goes to" }));
    }
    Ok((input, out))
}

fn result_text(input: &str) -> Res<'_, ResultText> {
    let words = [
        ("drawn.", Outcome::Draw),
        ("drawn", Outcome::Draw),
        ("draw", Outcome::Draw),
        ("black wins", Outcome::BlackWins),
        ("white wins", Outcome::WhiteWins),
        ("b. wins", Outcome::BlackWins),
        ("w. wins", Outcome::WhiteWins),
        ("b wins", Outcome::BlackWins),
        ("w wins", Outcome::WhiteWins),
    ];
    for (w, outcome) in words {
        if input.len() >= w.len() && input.is_char_boundary(w.len()) && input[..w.len()].eq_ignore_ascii_case(w) {
            let mut len = w.len();
            if !w.ends_with('.') && input[len..].starts_with('.') {
                len += 1;
            }
            return Ok((&input[len..], ResultText { outcome, printed: input[..len].to_string() }));
        }
    }
    Err(nom::Err::Error(Expected { input, expected: "a result: `Drawn.`, `B. wins`, `W. wins`, `Black wins`, `White wins`" }))
}

fn game_entry(input: &str) -> Res<'_, Body> {
    let (input, _) = tuple((tag_no_case("game"), space1))(input)?;
    let (input, game) = cut("a game number", spanned(number))(input)?;
    let (input, _) = cut("`,`", comma)(input)?;
    let (input, line) = cut("`trunk`, `variation N` or `line \"LABEL\"`", spanned(line_ref))(input)?;
    let at = Address { game, line };
    // `: MOVES [RESULT]`
    if let Ok((rest, _)) = tuple((space0::<&str, Expected>, char(':')))(input) {
        let (rest, mv) = cut("moves", moves)(rest)?;
        let (rest, _) = space0(rest)?;
        let (rest, result) = opt(spanned(result_text))(rest)?;
        if mv.is_empty() && result.is_none() {
            return Err(nom::Err::Failure(Expected { input: rest, expected: "the line's moves" }));
        }
        return Ok((rest, Body::Moves { at, moves: mv, result }));
    }
    // ` branches at move M of LINE`
    if let Ok((rest, _)) = tuple((space1::<&str, Expected>, tag_no_case("branches")))(input) {
        let (rest, _) = cut("`at move`", tuple((space1, tag_no_case("at"), space1, tag_no_case("move"), space1)))(rest)?;
        let (rest, number) = cut("a move number", spanned(number))(rest)?;
        let (rest, _) = cut("`of`", tuple((space1, tag_no_case("of"), space1)))(rest)?;
        let (rest, parent) = cut("the line it branches from", spanned(line_ref))(rest)?;
        return Ok((rest, Body::Branch { at, number, parent }));
    }
    let (input, _) = cut("`:` and moves, `, move N:`, `, start:`, `, result:`, `, contributor:` or ` branches at`", comma)(input)?;
    let (input, what) = cut(
        "`move N:`, `start:`, `result:` or `contributor:`",
        alt((tag_no_case("move"), tag_no_case("start"), tag_no_case("result"), tag_no_case("contributor"))),
    )(input)?;
    let colon = |i| cut("`:`", tuple((space0, char(':'), space0)))(i);
    match what.to_ascii_lowercase().as_str() {
        "move" => {
            let (input, _) = space1(input)?;
            let (input, number) = cut("a move number", spanned(number))(input)?;
            let (input, _) = colon(input)?;
            let (input, mut mv) = cut("one move", moves)(input)?;
            if mv.len() != 1 {
                return Err(nom::Err::Failure(Expected { input, expected: "exactly one move" }));
            }
            Ok((input, Body::Move { at, number, mv: mv.remove(0) }))
        }
        "start" => {
            let (input, _) = colon(input)?;
            let (input, fen) = cut("a position as PDN FEN", spanned(map(take_while1(|c: char| !c.is_whitespace()), str::to_string)))(input)?;
            Ok((input, Body::Start { at, fen }))
        }
        "result" => {
            let (input, _) = colon(input)?;
            let (input, result) = cut("a result", spanned(result_text))(input)?;
            Ok((input, Body::Result { at, result }))
        }
        _ => {
            let (input, _) = colon(input)?;
            let name = input.trim_end();
            if name.is_empty() {
                return Err(nom::Err::Failure(Expected { input, expected: "the contributor's name" }));
            }
            let span = Span::new(here(input), here(&input[name.len()..]));
            Ok((&input[name.len()..], Body::Contributor { at, name: Spanned { value: name.to_string(), span } }))
        }
    }
}

fn entry(input: &str) -> Res<'_, Body> {
    expect("an entry: `at ...` or `game N, ...`", alt((text_entry, game_entry)))(input)
}

/// Spans made inside the parser are remaining lengths of `text`; make them offsets of the file.
fn shift(body: Body, base: usize, text: &str) -> Body {
    let fix = |s: Span| Span::new(base + text.len() - s.start, base + text.len() - s.end);
    let sp = |mut x: Spanned<_>| {
        x.span = fix(x.span);
        x
    };
    let addr = |a: Address| Address { game: Spanned { span: fix(a.game.span), value: a.game.value }, line: Spanned { span: fix(a.line.span), value: a.line.value } };
    match body {
        Body::Text { place, expected, replacement } => Body::Text { place: Spanned { span: fix(place.span), value: place.value }, expected: sp(expected), replacement: sp(replacement) },
        Body::Moves { at, moves, result } => Body::Moves {
            at: addr(at),
            moves: moves.into_iter().map(|m| Spanned { span: fix(m.span), value: m.value }).collect(),
            result: result.map(|r| Spanned { span: fix(r.span), value: r.value }),
        },
        Body::Move { at, number, mv } => Body::Move { at: addr(at), number: Spanned { span: fix(number.span), value: number.value }, mv: Spanned { span: fix(mv.span), value: mv.value } },
        Body::Branch { at, number, parent } => {
            Body::Branch { at: addr(at), number: Spanned { span: fix(number.span), value: number.value }, parent: Spanned { span: fix(parent.span), value: parent.value } }
        }
        Body::Start { at, fen } => Body::Start { at: addr(at), fen: sp(fen) },
        Body::Result { at, result } => Body::Result { at: addr(at), result: Spanned { span: fix(result.span), value: result.value } },
        Body::Contributor { at, name } => Body::Contributor { at: addr(at), name: sp(name) },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Entry {
        let (entries, diags) = parse(text);
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(entries.len(), 1);
        entries.into_iter().next().unwrap()
    }

    fn error_at(text: &str) -> (Span, String) {
        let (entries, diags) = parse(text);
        assert!(entries.is_empty(), "{entries:?}");
        assert_eq!(diags.len(), 1, "{diags:?}");
        (diags[0].span, diags[0].message.clone())
    }

    #[test]
    fn text_entry_with_note_and_comment() {
        let e = one("  at 98:12 \"98 29\" -> \"23 19\"  [scan p. 14]  # the row\n");
        assert_eq!(e.note.as_deref(), Some("scan p. 14"));
        let Body::Text { place, expected, replacement } = e.body else { panic!() };
        assert_eq!(place.value, Place::LineCol { line: 98, col: 12 });
        assert_eq!(place.span, Span::new(5, 10));
        assert_eq!((expected.value.as_str(), expected.span), ("98 29", Span::new(11, 18)));
        assert_eq!(replacement.value, "23 19");
        assert_eq!(e.span.start, 2);
    }

    #[test]
    fn byte_place_and_escapes() {
        let e = one("at bytes 10..12 \"a\\\"#\" -> \"b\"\n");
        let Body::Text { place, expected, .. } = e.body else { panic!() };
        assert_eq!(place.value, Place::Bytes { start: 10, end: 12 });
        assert_eq!(expected.value, "a\"#");
    }

    #[test]
    fn whole_line_pairs_bare_squares() {
        let e = one("game 1, variation 5: 11 15 23-19 8 11 22x15 Drawn. [scan]");
        let Body::Moves { at, moves, result } = e.body else { panic!() };
        assert_eq!(at.game.value, 1);
        assert_eq!(at.line.value, LineRef::Variation(5));
        let squares: Vec<Squares> = moves.iter().map(|m| m.value.clone()).collect();
        assert_eq!(squares, vec![vec![11, 15], vec![23, 19], vec![8, 11], vec![22, 15]]);
        assert_eq!(moves[0].span, Span::new(21, 26));
        assert_eq!(result.unwrap().value.outcome, Outcome::Draw);
    }

    #[test]
    fn move_branch_start_result_contributor() {
        assert!(matches!(one("game 3, trunk, move 33: 3 8").body, Body::Move { ref number, ref mv, .. } if number.value == 33 && mv.value == vec![3, 8]));
        let b = one("game 1, variation 36 branches at move 12 of variation 25").body;
        assert!(matches!(b, Body::Branch { ref number, ref parent, .. } if number.value == 12 && parent.value == LineRef::Variation(25)));
        assert!(matches!(one("game 1, line \"V.2\", start: B:W18:B12").body, Body::Start { ref fen, ref at } if fen.value == "B:W18:B12" && at.line.value == LineRef::Label("V.2".into())));
        assert!(matches!(one("game 1, trunk, result: W. wins").body, Body::Result { ref result, .. } if result.value.outcome == Outcome::WhiteWins));
        assert!(matches!(one("game 2, variation 1, contributor: Mr. Wyllie").body, Body::Contributor { ref name, .. } if name.value == "Mr. Wyllie"));
    }

    #[test]
    fn blank_and_comment_lines_are_nothing() {
        let (e, d) = parse("# a comment\n\n   \n# at 1:1 \"x\" -> \"y\"\n");
        assert!(e.is_empty() && d.is_empty());
    }

    #[test]
    fn errors_point_where_the_entry_goes_wrong() {
        assert_eq!(error_at("game 1, varation 5: 11 15").0, Span::new(8, 16));
        let (span, msg) = error_at("at 3:4 \"x\" => \"y\"");
        assert_eq!(span.start, 11);
        assert!(msg.contains("->"), "{msg}");
        assert_eq!(error_at("game 1, trunk: 11 15 23").0.start, 23);
        assert!(error_at("game 1, trunk: 11 45").1.contains("1 to 32"));
        assert!(error_at("at 1:1 \"x\" -> \"y").1.contains("closing"));
        assert!(error_at("game 1, trunk, move 3: 11 15 [no end").1.contains("not closed"));
        assert!(error_at("hello").1.contains("an entry"));
        assert_eq!(error_at("game 1, trunk, move 3: 11 15 junk").0, Span::new(29, 33));
    }
}
