//! The PDN syntax tree: what the text says, before any rule of the game is
//! applied. `parse` recovers after every error and keeps each piece of text it
//! cannot read as an `Unread` element, so nothing is dropped.
//!
//! Variations are kept in a flat arena (`GameSyntax::lines`) and opened and
//! closed with an explicit stack: nesting costs no native stack, and dropping
//! the tree does not recurse either.

use super::lex::{Lexeme, Lexer, Token, TERMINATORS};
use crate::diagnostic::{Code, Diagnostic};
use crate::span::Span;
use serde::Serialize;
use std::iter::Peekable;

/// Variations nested deeper than this are kept as unread text.
pub const MAX_DEPTH: usize = 256;

/// Moves read in one game, variations included; the movetext after them is
/// kept as one unread element. The longest game in the real files we test has
/// 238, and a game's moves are held while it is replayed: without a bound, one
/// endless game would take memory without end.
pub const MAX_MOVES: usize = 10_000;

/// Every game in a file and every problem met while reading its syntax.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Parsed {
    pub games: Vec<GameSyntax>,
    pub diagnostics: Vec<Diagnostic>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct GameSyntax {
    pub tags: Vec<Tag>,
    /// `lines[0]` is the main line; each variation is a line whose `parent`
    /// holds an `Element::Variation` pointing at it.
    pub lines: Vec<LineSyntax>,
    /// The game terminator: `1-0`, `0-1`, `1/2-1/2`, `*` (and `2-0`, `0-2`, `1-1`).
    pub result: Option<Spanned>,
    pub span: Span,
}

/// A piece of text with its place.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Spanned {
    pub text: String,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tag {
    pub name: String,
    /// With `\"` and `\\` unescaped.
    pub value: String,
    pub span: Span,
    pub value_span: Span,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct LineSyntax {
    /// The line this variation stands in; `None` for the main line.
    pub parent: Option<usize>,
    pub elements: Vec<Element>,
    /// From `(` to `)` (or to the last element if it never closes).
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Separator {
    /// `11-15`
    Step,
    /// `22x15`, `9x18x27`
    Capture,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RawMove {
    /// From, then each square printed after it.
    pub squares: Vec<u8>,
    pub separator: Separator,
    /// Strength marks printed after the move: `!`, `?`, `!?`, `*`.
    pub marks: String,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CommentKind {
    /// `{…}`
    Brace,
    /// `;` to the end of the line.
    Line,
    /// A line starting with `%`.
    Escape,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnreadReason {
    /// Text that is no PDN token.
    NotMovetext,
    /// A tag that does not close on its line.
    BadTag,
    /// A move whose squares do not fit a byte.
    BadMove,
    /// A move number or `$n` too large for any number: kept as printed, never clamped.
    NumberTooLarge,
    /// `{` with no `}`: the rest of the file.
    UnterminatedComment,
    /// `)` with no `(`.
    UnopenedVariation,
    /// A variation nested deeper than `MAX_DEPTH`.
    TooDeep,
    /// The movetext of a game past `MAX_MOVES` moves.
    TooLong,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Element {
    MoveNumber { number: u64, dots: usize, span: Span },
    Move(RawMove),
    /// `$12`
    Nag { code: u64, span: Span },
    /// A `*` standing alone after a move: a strength mark in old files.
    StrengthMark { text: String, span: Span },
    /// Comment text without its delimiters (`{`, `}`, `;`); `span` is the whole comment.
    Comment { comment: CommentKind, text: String, span: Span },
    /// Index of the variation in `GameSyntax::lines`.
    Variation { line: usize },
    /// Text kept as printed: the bytes of `span`.
    Unread { reason: UnreadReason, span: Span },
}

impl Element {
    pub fn span(&self) -> Span {
        match self {
            Element::Move(m) => m.span,
            Element::MoveNumber { span, .. }
            | Element::Nag { span, .. }
            | Element::StrengthMark { span, .. }
            | Element::Comment { span, .. }
            | Element::Unread { span, .. } => *span,
            Element::Variation { .. } => Span::default(),
        }
    }
}

/// Parse every game in `text`, collecting all diagnostics.
pub fn parse(text: &str) -> Parsed {
    let mut parsed = Parsed::default();
    for (game, mut diagnostics) in GameParser::new(text) {
        parsed.games.push(game);
        parsed.diagnostics.append(&mut diagnostics);
    }
    parsed
}

/// Squares of a move lexeme like `9x18x27!`; `None` if a number overflows a byte.
fn move_of(text: &str, span: Span) -> Option<RawMove> {
    let body_len = text.trim_end_matches(['!', '?', '*']).len();
    let (body, marks) = text.split_at(body_len);
    let squares = body.split(['-', 'x', 'X']).map(|s| s.parse::<u8>().ok()).collect::<Option<Vec<u8>>>()?;
    let separator = if body.contains(['x', 'X']) { Separator::Capture } else { Separator::Step };
    Some(RawMove { squares, separator, marks: marks.to_string(), span })
}

fn unescape(value: &str) -> String {
    if value.contains('\\') { value.replace("\\\"", "\"").replace("\\\\", "\\") } else { value.to_string() }
}

fn truncate(s: &str, n: usize) -> String {
    match s.char_indices().nth(n) {
        Some((at, _)) => format!("{}…", &s[..at]),
        None => s.to_string(),
    }
}

/// Reads one game at a time, so a caller can resolve and drop each game before
/// the next is read (memory bounded by the largest game, not the file).
pub struct GameParser<'a> {
    text: &'a str,
    tokens: Peekable<Lexer<'a>>,
    done: bool,
}

/// The game being read.
struct Builder {
    game: GameSyntax,
    diagnostics: Vec<Diagnostic>,
    /// Open lines, innermost last; `stack[0]` is the main line.
    stack: Vec<usize>,
    /// Whether movetext (not just tags) has been seen.
    started: bool,
    /// A variation past `MAX_DEPTH` being skipped: its nesting and where it started.
    skipping: Option<(usize, Span)>,
    /// The last element, if it is unread junk that the next junk may extend
    /// (line, element, diagnostic).
    junk: Option<(usize, usize, usize)>,
    /// Moves kept so far.
    moves: usize,
    /// Past `MAX_MOVES`: the movetext passed over since, to the game's end.
    too_long: Option<Span>,
}

impl Builder {
    fn new(at: usize) -> Builder {
        let main = LineSyntax { parent: None, elements: Vec::new(), span: Span::new(at, at) };
        Builder {
            game: GameSyntax { lines: vec![main], span: Span::new(at, at), ..GameSyntax::default() },
            diagnostics: Vec::new(),
            stack: vec![0],
            started: false,
            skipping: None,
            junk: None,
            moves: 0,
            too_long: None,
        }
    }

    fn current(&mut self) -> &mut LineSyntax {
        let i = self.stack.last().copied().unwrap_or(0);
        &mut self.game.lines[i]
    }

    fn push(&mut self, element: Element) {
        let end = element.span().end;
        let line = self.current();
        line.span.end = line.span.end.max(end);
        line.elements.push(element);
    }

    fn unread(&mut self, reason: UnreadReason, span: Span) {
        self.push(Element::Unread { reason, span });
    }

    /// A number no integer holds: an error, and its text kept as printed.
    fn number_too_large(&mut self, what: &str, span: Span, text: &str) {
        self.diagnostics.push(
            Diagnostic::error(Code::PdnNumberOutOfRange, format!("{what} {:?} is too large to be read as a number", truncate(span.slice(text), 40)), span)
                .with_label("kept unread as printed"),
        );
        self.unread(UnreadReason::NumberTooLarge, span);
    }

    /// End a skipped variation: everything from its `(` is one unread element.
    fn end_skip(&mut self, end: usize) {
        if let Some((_, open)) = self.skipping.take() {
            self.unread(UnreadReason::TooDeep, Span::new(open.start, end));
        }
    }

    /// Past `MAX_MOVES`, every token up to the game's result joins one unread
    /// run; `true` while `tok` belongs to it.
    fn pass_too_long(&mut self, tok: &Token, text: &str, next_starts_game: bool) -> bool {
        let Some(run) = self.too_long.as_mut() else { return false };
        let ends_game = tok.lexeme == Lexeme::Result && (next_starts_game || tok.span.slice(text) != "*");
        if ends_game {
            self.end_too_long();
            return false;
        }
        *run = run.join(tok.span);
        true
    }

    /// The run passed over past `MAX_MOVES`, as the unread end of the line it
    /// began in. The variations still open close in it.
    fn end_too_long(&mut self) {
        if let Some(run) = self.too_long.take() {
            self.push(Element::Unread { reason: UnreadReason::TooLong, span: run });
            self.stack.truncate(1);
        }
    }

    /// Close every variation still open when the game ends.
    fn close_open_variations(&mut self) {
        let end = self.game.span.end;
        let unclosed_skip = self.skipping.is_some();
        self.end_skip(end);
        if self.stack.len() > 1 || unclosed_skip {
            let first = self.stack.get(1).copied();
            let open = self.stack.len() - 1 + usize::from(unclosed_skip);
            let at = match first {
                // The `(` of the outermost open variation.
                Some(i) => Span::new(self.game.lines[i].span.start, self.game.lines[i].span.start + 1),
                None => self.current().elements.last().map(Element::span).unwrap_or_default(),
            };
            self.diagnostics.push(
                Diagnostic::error(Code::PdnUnterminatedVariation, format!("{open} variation(s) still open at the end of the game"), at)
                    .with_label("opened here, never closed")
                    .with_help("add the missing `)`"),
            );
            self.stack.truncate(1);
        }
    }

    fn has_content(&self) -> bool {
        self.started || !self.game.tags.is_empty() || self.game.lines[0].elements.iter().any(|e| matches!(e, Element::Unread { .. } | Element::Comment { .. }))
    }
}

/// Reading one token into the game being built.
impl Builder {
    /// Inside a variation too deep to keep, count its brackets; `true` while
    /// the token belongs to it.
    fn skip(&mut self, lexeme: Lexeme, span: Span) -> bool {
        let Some((depth, _)) = self.skipping.as_mut() else { return false };
        match lexeme {
            Lexeme::RavOpen => *depth += 1,
            Lexeme::RavClose => *depth -= 1,
            _ => {}
        }
        if *depth == 0 {
            self.end_skip(span.end);
        }
        true
    }

    /// Add one token to the game; `true` when it ends the game (a result).
    fn take(&mut self, tok: Token, text: &str, next_starts_game: bool) -> bool {
        let span = tok.span;
        let slice = span.slice(text);
        let junk = self.junk.take();
        if tok.lexeme != Lexeme::Junk {
            self.end_junk(junk, text);
        }
        match tok.lexeme {
            Lexeme::Tag { name, value } => {
                let (name_text, value_text) = (name.slice(text).to_string(), unescape(value.slice(text)));
                self.game.tags.push(Tag { name: name_text, value: value_text, span, value_span: value });
            }
            Lexeme::BadTag => {
                self.diagnostics.push(
                    Diagnostic::error(Code::PdnBadTag, "a tag must be [Name \"value\"] on one line", span)
                        .with_label("this tag does not close")
                        .with_help("check the quotes and the closing ]"),
                );
                self.unread(UnreadReason::BadTag, span);
            }
            Lexeme::MoveNumber => {
                self.started = true;
                let digits = slice.trim_end_matches('.');
                match digits.parse::<u64>() {
                    Ok(number) => self.push(Element::MoveNumber { number, dots: slice.len() - digits.len(), span }),
                    Err(_) => self.number_too_large("move number", span, text),
                }
            }
            Lexeme::Nag => {
                self.started = true;
                match slice[1..].parse::<u64>() {
                    Ok(code) => self.push(Element::Nag { code, span }),
                    Err(_) => self.number_too_large("annotation glyph ($n)", span, text),
                }
            }
            Lexeme::Move => self.take_move(slice, span),
            Lexeme::Comment { inner } => {
                self.started = true;
                self.push(Element::Comment { comment: CommentKind::Brace, text: inner.slice(text).to_string(), span });
            }
            Lexeme::UnterminatedComment => {
                self.diagnostics.push(
                    Diagnostic::error(Code::PdnUnterminatedComment, "this comment never closes; the rest of the file is kept unread", Span::new(span.start, span.start + 1))
                        .with_label("opened here")
                        .with_help("add the missing `}`"),
                );
                self.unread(UnreadReason::UnterminatedComment, span);
            }
            Lexeme::LineComment => self.take_line_comment(slice, span),
            Lexeme::Escape => {
                self.push(Element::Comment { comment: CommentKind::Escape, text: slice[1..].to_string(), span });
            }
            Lexeme::RavOpen => self.open_variation(span),
            Lexeme::RavClose => self.close_variation(span),
            Lexeme::Result => {
                if slice == "*" && !next_starts_game && self.stack.len() == 1 {
                    // Old files mark a strong move with `*`.
                    self.push(Element::StrengthMark { text: "*".into(), span });
                } else {
                    self.started = true;
                    self.game.result = Some(Spanned { text: slice.to_string(), span });
                    return true;
                }
            }
            Lexeme::Junk => self.take_junk(junk, slice, span, text),
        }
        false
    }

    fn take_move(&mut self, slice: &str, span: Span) {
        self.started = true;
        if self.moves == MAX_MOVES {
            self.diagnostics.push(
                Diagnostic::error(Code::PdnGameTooLong, format!("the game has more than {MAX_MOVES} moves; the rest of its movetext is kept unread"), span)
                    .with_label("not read from here")
                    .with_help("no game is this long: is a result or the next game's tags missing?"),
            );
            self.too_long = Some(span);
            return;
        }
        self.moves += 1;
        match move_of(slice, span) {
            Some(mv) => self.push(Element::Move(mv)),
            None => {
                self.diagnostics.push(
                    Diagnostic::error(Code::PdnBadMove, format!("{:?} is not a move: squares run 1 to 32", truncate(slice, 40)), span)
                        .with_label("not a move"),
                );
                self.unread(UnreadReason::BadMove, span);
            }
        }
    }

    fn take_line_comment(&mut self, slice: &str, span: Span) {
        // A `;` misread for a digit turns the rest of a movetext line into a
        // comment: kept as one, but said, so the line never shrinks unnoticed.
        let words = || slice[1..].split(|c: char| c.is_whitespace() || c == '.');
        let holds = if words().any(|w| move_of(w, span).is_some_and(|m| m.squares.len() >= 2)) {
            Some("moves; they are not played")
        } else if words().any(|w| is_move_without_its_first_square(w) || TERMINATORS.contains(&w)) {
            // `7-11 *` with its 7 misread: `;-11 *` loses the move and the game's end.
            Some("what reads as a move cut short or the game's end; it is not read")
        } else {
            None
        };
        if let Some(what) = holds {
            self.diagnostics.push(
                Diagnostic::warning(Code::PdnMovesInComment, format!("this `;` comment runs to the end of the line and holds {what}"), span)
                    .with_label("kept as a comment")
                    .with_help("if the `;` is a misprint, what follows it belongs to the game"),
            );
        }
        self.push(Element::Comment { comment: CommentKind::Line, text: slice[1..].to_string(), span });
    }

    /// `(`: a new line under the open one, or past `MAX_DEPTH` a run skipped as unread.
    fn open_variation(&mut self, span: Span) {
        self.started = true;
        if self.stack.len() > MAX_DEPTH {
            self.diagnostics.push(
                Diagnostic::error(Code::PdnTooDeep, format!("variations nest deeper than {MAX_DEPTH}; this one is kept unread"), span)
                    .with_label("too deep"),
            );
            self.skipping = Some((1, span));
        } else {
            let parent = self.stack.last().copied().unwrap_or(0);
            let index = self.game.lines.len();
            self.push(Element::Variation { line: index });
            self.game.lines.push(LineSyntax { parent: Some(parent), elements: Vec::new(), span });
            self.stack.push(index);
        }
    }

    fn close_variation(&mut self, span: Span) {
        if self.stack.len() > 1 {
            self.current().span.end = span.end;
            self.stack.pop();
        } else {
            self.diagnostics.push(Diagnostic::error(Code::PdnUnopenedVariation, "`)` closes no variation", span).with_label("no matching `(`"));
            self.unread(UnreadReason::UnopenedVariation, span);
        }
    }

    /// A run of junk that has ended: its diagnostic, of the whole run.
    fn end_junk(&mut self, junk: Option<(usize, usize, usize)>, text: &str) {
        let Some((l, e, d)) = junk else { return };
        let Element::Unread { span: run, .. } = self.game.lines[l].elements[e] else { return };
        if self.diagnostics[d].span != run {
            self.diagnostics[d] = junk_diagnostic(run.slice(text), run);
        }
    }

    /// Junk: a run of junk separated only by blanks is one unread element
    /// (`junk`, the last element if it is such a run, is extended).
    fn take_junk(&mut self, junk: Option<(usize, usize, usize)>, slice: &str, span: Span, text: &str) {
        self.started = true;
        let extend = junk.filter(|&(l, e, _)| {
            let line = &self.game.lines[l];
            e + 1 == line.elements.len() && text.get(line.elements[e].span().end..span.start).is_some_and(|gap| gap.trim().is_empty())
        });
        match extend {
            Some((l, e, d)) => {
                let line = &mut self.game.lines[l];
                line.span.end = line.span.end.max(span.end);
                let Element::Unread { span: run, .. } = &mut line.elements[e] else { return };
                // Its diagnostic is made once the run ends (see `end_junk`): made
                // again at each word, a long run would take the square of its length.
                *run = run.join(span);
                self.junk = Some((l, e, d));
            }
            None => {
                self.end_junk(junk, text);
                self.diagnostics.push(junk_diagnostic(slice, span));
                self.unread(UnreadReason::NotMovetext, span);
                let l = self.stack.last().copied().unwrap_or(0);
                self.junk = Some((l, self.game.lines[l].elements.len() - 1, self.diagnostics.len() - 1));
            }
        }
    }
}

impl<'a> GameParser<'a> {
    pub fn new(text: &'a str) -> GameParser<'a> {
        GameParser { text, tokens: Lexer::new(text).peekable(), done: false }
    }

    fn finish(&self, mut b: Builder) -> (GameSyntax, Vec<Diagnostic>) {
        let junk = b.junk.take();
        b.end_junk(junk, self.text);
        b.end_too_long();
        b.close_open_variations();
        // The room a line's growth left over would be held while its moves are replayed.
        for line in &mut b.game.lines {
            line.elements.shrink_to_fit();
        }
        (b.game, b.diagnostics)
    }
}

impl Iterator for GameParser<'_> {
    type Item = (GameSyntax, Vec<Diagnostic>);

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let text = self.text;
        let mut b: Option<Builder> = None;
        while let Some(&tok) = self.tokens.peek() {
            let span = tok.span;
            let g = b.get_or_insert_with(|| Builder::new(span.start));
            // A tag after movetext starts the next game, even inside an open variation.
            if matches!(tok.lexeme, Lexeme::Tag { .. }) && g.started {
                let finished = b.take()?;
                return Some(self.finish(finished));
            }
            self.tokens.next();
            if g.game.tags.is_empty() && !g.started && g.game.lines[0].elements.is_empty() {
                g.game.span.start = span.start;
            }
            g.game.span.end = g.game.span.end.max(span.end);
            if g.skip(tok.lexeme, span) {
                continue;
            }
            // A `*` that is not the game's last word is an old strength mark, not a result.
            let next_starts_game = matches!(tok.lexeme, Lexeme::Result) && self.tokens.peek().is_none_or(|t| matches!(t.lexeme, Lexeme::Tag { .. } | Lexeme::BadTag));
            if g.pass_too_long(&tok, text, next_starts_game) {
                continue;
            }
            if g.take(tok, text, next_starts_game) {
                let finished = b.take()?;
                return Some(self.finish(finished));
            }
        }
        self.done = true;
        match b {
            Some(g) if g.has_content() => Some(self.finish(g)),
            _ => None,
        }
    }
}

/// What a game holds, in source order, as (kind, exact source text), in the
/// terms of `grammar::events`: the differential tests compare the two.
pub fn events(game: &GameSyntax, text: &str) -> Vec<(&'static str, String)> {
    let mut out: Vec<(&'static str, String)> = game.tags.iter().map(|t| ("tag", format!("{}={}", t.name, t.value_span.slice(text)))).collect();
    // (line, next element) pairs: an explicit stack, as in the parser.
    let mut stack = vec![(0usize, 0usize)];
    while let Some((line, k)) = stack.pop() {
        let Some(element) = game.lines.get(line).and_then(|l| l.elements.get(k)) else {
            if line != 0 {
                out.push((")", String::new()));
            }
            continue;
        };
        stack.push((line, k + 1));
        let slice = element.span().slice(text).to_string();
        match element {
            Element::MoveNumber { .. } => out.push(("number", slice)),
            Element::Move(_) => out.push(("move", slice)),
            Element::Nag { .. } => out.push(("nag", slice)),
            Element::StrengthMark { .. } => out.push(("mark", slice)),
            Element::Comment { .. } => out.push(("comment", slice.trim_end().to_string())),
            Element::Unread { .. } => out.push(("unread", slice)),
            Element::Variation { line } => {
                out.push(("(", String::new()));
                stack.push((*line, 0));
            }
        }
    }
    if let Some(result) = &game.result {
        out.push(("result", result.text.clone()));
    }
    out
}

fn junk_diagnostic(raw: &str, span: Span) -> Diagnostic {
    let numbers = raw.split_whitespace().all(|w| w.chars().all(|c| c.is_ascii_digit()));
    Diagnostic::error(Code::PdnUnreadable, format!("{:?} is not PDN movetext", truncate(raw, 40)), span)
        .with_label("kept as unread text")
        .with_help(if numbers { "moves are written 11-15 or 22x15" } else { "comments go in { }" })
}

/// `-11` or `x18x25`: a move whose first square is gone (misread as the `;` before it).
fn is_move_without_its_first_square(word: &str) -> bool {
    let Some(rest) = word.strip_prefix('-').or_else(|| word.strip_prefix('x')) else { return false };
    !rest.is_empty() && rest.split(['-', 'x']).all(|n| n.parse::<u8>().is_ok_and(|n| (1..=32).contains(&n)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str, game: &GameSyntax, line: usize) -> Vec<String> {
        game.lines[line]
            .elements
            .iter()
            .map(|e| match e {
                Element::MoveNumber { number, .. } => format!("n{number}"),
                Element::Move(m) => format!("m{:?}{}", m.squares, m.marks),
                Element::Nag { code, .. } => format!("${code}"),
                Element::StrengthMark { text, .. } => format!("s{text}"),
                Element::Comment { text, .. } => format!("c{text}"),
                Element::Variation { line } => format!("v{line}"),
                Element::Unread { span, .. } => format!("u{}", span.slice(text)),
            })
            .collect()
    }

    #[test]
    fn builds_the_tree_of_a_game() {
        let text = "[Event \"a\"]\n1. 11-15! $3 23-19 (1... 22-18 {x} (22-17)) 2. 9x18x27 * 8-11 1-0";
        let p = parse(text);
        assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
        let g = &p.games[0];
        assert_eq!(g.tags[0].value, "a");
        assert_eq!(kinds(text, g, 0), ["n1", "m[11, 15]!", "$3", "m[23, 19]", "v1", "n2", "m[9, 18, 27]", "s*", "m[8, 11]"]);
        assert_eq!(kinds(text, g, 1), ["n1", "m[22, 18]", "cx", "v2"]);
        assert_eq!(g.lines[2].parent, Some(1));
        assert_eq!(g.result.as_ref().map(|r| r.text.as_str()), Some("1-0"));
    }

    #[test]
    fn junk_runs_are_one_element_and_games_split_at_tags() {
        let text = "1. 99 100 é 11-15 *\n[Event \"b\"]\n1. 11-15 (23-19\n[Event \"c\"]\n9-13";
        let p = parse(text);
        assert_eq!(p.games.len(), 3);
        assert_eq!(kinds(text, &p.games[0], 0), ["n1", "u99 100 é", "m[11, 15]"]);
        let codes: Vec<&str> = p.diagnostics.iter().map(|d| d.code.as_str()).collect();
        assert_eq!(codes, ["pdn::unreadable", "pdn::unterminated-variation"]);
        assert_eq!(kinds(text, &p.games[2], 0), ["m[9, 13]"]);
    }

    /// A `;` misread for a digit hides the rest of the line: said where the
    /// comment holds moves, a move cut short or the game's end, and not for a remark.
    #[test]
    fn a_line_comment_that_swallows_play_is_said() {
        let said = |text: &str| parse(text).diagnostics.iter().filter(|d| d.code == Code::PdnMovesInComment).count();
        for text in ["1. 11-15 ;3-19 8-11 *\n", "1. 11-15 23-19 2. ;-11 *\n", "1. 11-15 23-19 ;x18x25\n*", "1. 11-15 23-19 ; *\n", "1. 11-15 ;drawn 1/2-1/2\n"] {
            assert_eq!(said(text), 1, "{text:?}");
        }
        for text in ["1. 11-15 23-19 ; the usual reply\n*", "1. 11-15 ; -- a remark\n*", "1. 11-15 ; x marks 40\n*"] {
            assert_eq!(said(text), 0, "{text:?}");
        }
    }

    /// A junk run is one element and one diagnostic, both of the whole run.
    #[test]
    fn a_junk_run_is_reported_whole() {
        let text = "1. 11-15 zz yy xx 23-19 *";
        let p = parse(text);
        let Some(Element::Unread { span, .. }) = p.games[0].lines[0].elements.get(2) else { panic!("{:?}", p.games[0]) };
        assert_eq!(span.slice(text), "zz yy xx");
        assert_eq!(p.diagnostics.len(), 1);
        assert_eq!(p.diagnostics[0].span, *span);
        assert!(p.diagnostics[0].message.contains("zz yy xx"), "{}", p.diagnostics[0].message);
    }

    /// Past `MAX_MOVES`, the movetext up to the result is one unread element
    /// at the end of the line it began in, variations opened in it included,
    /// and the result still ends the game.
    #[test]
    fn a_game_past_the_most_moves_keeps_the_rest_unread() {
        let moves = "11-15 15-11 ".repeat(MAX_MOVES / 2);
        let rest = "22-18 (9-13 (1-5 27-24 18-14 1-0";
        let text = format!("[Event \"x\"]\n{moves}{rest}\n[Event \"y\"]\n9-14 *");
        let p = parse(&text);
        assert_eq!(p.games.len(), 2);
        let game = &p.games[0];
        assert_eq!(game.lines.len(), 1, "the variations past the limit are not opened");
        let elements = &game.lines[0].elements;
        assert_eq!(elements.iter().filter(|e| matches!(e, Element::Move(_))).count(), MAX_MOVES);
        let Some(Element::Unread { reason: UnreadReason::TooLong, span }) = elements.last() else { panic!("{:?}", elements.last()) };
        assert_eq!(span.slice(&text), &rest[..rest.len() - " 1-0".len()]);
        assert_eq!(game.result.as_ref().map(|r| r.text.as_str()), Some("1-0"));
        let codes: Vec<&str> = p.diagnostics.iter().map(|d| d.code.as_str()).collect();
        assert_eq!(codes, ["pdn::game-too-long"], "no variation is left open");
        assert_eq!(p.games[1].lines[0].elements.len(), 1);
    }

    #[test]
    fn too_deep_variations_are_one_unread_element() {
        let text = format!("11-15 {}{} *", "(22-18 ".repeat(MAX_DEPTH + 5), ")".repeat(MAX_DEPTH + 5));
        let p = parse(&text);
        assert_eq!(p.games.len(), 1);
        assert_eq!(p.games[0].lines.len(), MAX_DEPTH + 1);
        let deepest = &p.games[0].lines[MAX_DEPTH];
        let Some(Element::Unread { reason, span }) = deepest.elements.last() else { panic!("{deepest:?}") };
        assert_eq!(*reason, UnreadReason::TooDeep);
        assert_eq!(span.slice(&text).matches('(').count(), 5);
        assert_eq!(p.diagnostics.len(), 1);
    }
}
