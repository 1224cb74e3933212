//! SGF FF[4] (and FF[1]–FF[3]) for Go: a lenient reader and a writer.
//!
//! Bytes are decoded first (`decode.rs`: a byte-order mark, else the root's
//! `CA`, else ISO-8859-1 as the spec and sgfmill have it); the text is then
//! tokenised by a hand-written lexer (`lex.rs`, tested against the reference
//! grammar `grammars/sgf.pest`) and each game tree is built in an arena of
//! spans before it becomes a tree `Game` with its Go data (`tree::GoGameInfo`,
//! `GoLineInfo`, `GoMove`).
//!
//! Nodes are kept as they stand: a node without a move (setup, a comment,
//! markup) is a `tree::GoNode` in its place, setup (`AB`/`AW`/`AE`) in any node is
//! replayed in order, and properties we do not model are kept with their values
//! as written. What the writer normalises: the output is UTF-8 with `CA[UTF-8]`
//! and `FF[4]`; FF[3] long names (`AddBlack`) are written short (`AB`); a
//! property given twice in one node is read as one with all the values
//! (sgfmill does the same) and written once; several `C` values are joined by
//! a blank line; a move in the root node is read as setup.

pub mod bench;
mod decode;
#[cfg(test)]
mod grammar;
mod lex;
mod build;
mod count;
mod write;

pub use write::write;

pub use decode::{decode, non_utf8_charset, Charset, DecodeProblem, Decoded};

use crate::diagnostic::{Code, Diagnostic};
use crate::notation::go_record;
use crate::span::Span;
use crate::tree::{CountedGame, CountedPart, Game, Source, Unread};
use lex::Token;
use std::borrow::Cow;

/// What reading found: the games and every problem.
#[derive(Clone, Debug, PartialEq)]
pub struct ParsedSgf {
    /// The games with their Go data, not yet replayed.
    pub games: Vec<Game>,
    pub unread: Vec<Unread>,
    pub diagnostics: Vec<Diagnostic>,
}

/// One property: its identifier and its values (ranges into the arena).
struct Prop {
    ident: Span,
    values: (u32, u32),
}

/// One node: its properties (a range of the arena), its children, its span.
struct Node {
    props: (u32, u32),
    first_child: u32,
    last_child: u32,
    next_sibling: u32,
    span: Span,
}

const NONE: u32 = u32::MAX;

/// The nodes of one game tree as spans into the text; cleared after each tree.
#[derive(Default)]
struct Arena {
    nodes: Vec<Node>,
    props: Vec<Prop>,
    values: Vec<Span>,
}

impl Arena {
    fn clear(&mut self) {
        self.nodes.clear();
        self.props.clear();
        self.values.clear();
    }

    /// How many nodes the line from `n` runs through (`n` and each first
    /// child after it): the most moves it holds, to make room for at once.
    fn line_length(&self, mut n: u32) -> usize {
        let mut length = 1;
        loop {
            let next = self.nodes[n as usize].first_child;
            if next == NONE {
                return length;
            }
            length += 1;
            n = next;
        }
    }

    fn children(&self, n: u32) -> impl Iterator<Item = u32> + '_ {
        let mut at = self.nodes[n as usize].first_child;
        std::iter::from_fn(move || {
            (at != NONE).then(|| {
                let here = at;
                at = self.nodes[here as usize].next_sibling;
                here
            })
        })
    }

    fn props(&self, n: u32) -> &[Prop] {
        let (a, b) = self.nodes[n as usize].props;
        &self.props[a as usize..b as usize]
    }

    fn values(&self, p: &Prop) -> &[Span] {
        &self.values[p.values.0 as usize..p.values.1 as usize]
    }
}

/// Undo SGF escapes: `\` + line break is nothing (a soft break), `\` + c is c.
pub fn unescape(raw: &str) -> Cow<'_, str> {
    if !raw.contains('\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('\r') if chars.peek() == Some(&'\n') => {
                chars.next();
            }
            Some('\n') if chars.peek() == Some(&'\r') => {
                chars.next();
            }
            Some('\r' | '\n') => {}
            Some(other) => out.push(other),
            None => {}
        }
    }
    Cow::Owned(out)
}

/// Escape text for a value: `\` and `]` get a backslash.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.contains(['\\', ']']) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 4);
    for c in text.chars() {
        if c == '\\' || c == ']' {
            out.push('\\');
        }
        out.push(c);
    }
    Cow::Owned(out)
}

/// FF[3] long names (`AddBlack`) keep their capitals only.
fn short_ident(raw: &str) -> Cow<'_, str> {
    if raw.bytes().all(|b| b.is_ascii_uppercase()) {
        Cow::Borrowed(raw)
    } else {
        Cow::Owned(raw.chars().filter(char::is_ascii_uppercase).collect())
    }
}

/// Does this look like an SGF file (by name, or by its first bytes)?
pub fn looks_like_sgf(path: &std::path::Path, bytes: &[u8]) -> bool {
    if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")) {
        return true;
    }
    let text = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF][..]).unwrap_or(bytes);
    let first: Vec<u8> = text.iter().copied().filter(|b| !b.is_ascii_whitespace()).take(2).collect();
    first == b"(;"
}

/// Read SGF text. Never fails; everything not understood is reported and kept.
pub fn parse(text: &str) -> ParsedSgf {
    let mut games = Vec::new();
    let parsed = parse_visiting(text, |g| games.push(g));
    ParsedSgf { games, ..parsed }
}

/// As [`parse`], each game handed to `visit` as soon as its tree closes and
/// not kept (the result has no games): memory for one game tree at a time.
pub fn parse_visiting(text: &str, mut visit: impl FnMut(Game)) -> ParsedSgf {
    read_nodes_with(text, WholeTrees::default(), &mut visit)
}

/// The tokens of `text` read into nodes, and the nodes made into what
/// `nodes` makes of them, handed to `visit`.
fn read_nodes_with<N: Nodes>(text: &str, nodes: N, visit: &mut impl FnMut(N::Made)) -> ParsedSgf {
    let mut reading = Reading::new(text, nodes);
    for (token, span) in lex::tokens(text) {
        reading.token(token, span, visit);
        reading.nodes.hand_on(visit);
    }
    reading.finish(visit)
}

/// What is read so far besides the nodes' shape: the text, the properties
/// of the nodes not yet made into anything, and what was found.
struct Read<'t> {
    text: &'t str,
    arena: Arena,
    diagnostics: Vec<Diagnostic>,
    unread: Vec<Unread>,
}

impl Read<'_> {
    fn keep_unread(&mut self, span: Span) {
        self.unread.push(Unread { raw: span.slice(self.text).to_string(), span });
    }
}

/// What the nodes of a game tree are made into as their tokens come: the
/// whole tree kept in the arena and built into games when it closes
/// ([`WholeTrees`]), or each node replayed and let go (`count::NodeByNode`).
/// A node is named by a handle of the implementation's own; `NONE` is the top
/// of a tree, where a node starts a game.
trait Nodes {
    type Made;
    /// A node starts below `parent`; its properties go to the arena's last
    /// node. Returns its handle.
    fn start(&mut self, read: &mut Read<'_>, parent: u32, span: Span) -> u32;
    /// A value of node `at` was read: its span grows to cover it and its `]`.
    fn grow(&mut self, read: &mut Read<'_>, at: u32, value: Span);
    /// A `(` opened at `at`.
    fn open(&mut self, _at: u32) {}
    /// A `)` inside a tree took the reading back to `to`.
    fn back_to(&mut self, _read: &mut Read<'_>, _to: u32) {}
    /// Hand on what is made before the tree closes (asked after every token).
    fn hand_on(&mut self, _visit: &mut impl FnMut(Self::Made)) {}
    /// The tree closed (`whole`: from its `(` to its `)`; `None` at the end of
    /// a text that leaves it open): what it made goes to `visit`.
    fn close_tree(&mut self, read: &mut Read<'_>, whole: Option<Span>, visit: &mut impl FnMut(Self::Made));
}

/// Every game tree kept whole in the arena, and built into its games when it closes.
#[derive(Default)]
struct WholeTrees {
    roots: Vec<u32>,
}

impl Nodes for WholeTrees {
    type Made = Game;

    fn start(&mut self, read: &mut Read<'_>, parent: u32, span: Span) -> u32 {
        let arena = &mut read.arena;
        let id = arena.nodes.len() as u32;
        let at = arena.props.len() as u32;
        arena.nodes.push(Node { props: (at, at), first_child: NONE, last_child: NONE, next_sibling: NONE, span });
        if parent == NONE {
            self.roots.push(id);
        } else {
            let node = &mut arena.nodes[parent as usize];
            let last = node.last_child;
            node.last_child = id;
            if last == NONE {
                node.first_child = id;
            } else {
                arena.nodes[last as usize].next_sibling = id;
            }
        }
        id
    }

    fn grow(&mut self, read: &mut Read<'_>, at: u32, value: Span) {
        let node = &mut read.arena.nodes[at as usize];
        node.span = node.span.join(Span::new(value.start, value.end + 1));
    }

    fn close_tree(&mut self, read: &mut Read<'_>, whole: Option<Span>, visit: &mut impl FnMut(Game)) {
        for root in std::mem::take(&mut self.roots) {
            match build::build_game(read.text, &read.arena, root, &mut read.diagnostics) {
                Some(mut g) => {
                    // The game is its whole tree, brackets and all: nothing between them is lost.
                    if let Some(whole) = whole {
                        g.span = g.span.join(whole);
                    }
                    visit(g);
                }
                // A game not read (its diagnostic says why) is kept as text.
                None => {
                    if let Some(w) = whole {
                        read.keep_unread(w);
                    }
                }
            }
        }
        read.arena.clear();
    }
}

/// Reading in progress: where the next node goes, the open brackets, the
/// property whose values are being read, and the rest in `read`.
struct Reading<'t, N> {
    read: Read<'t>,
    nodes: N,
    /// The node a new node attaches to, per open tree (NONE: a new game at the top level).
    stack: Vec<u32>,
    current: u32,
    open_spans: Vec<Span>,
    /// The identifier the next values belong to, and where its values start in the arena.
    ident: Option<Span>,
    values_start: usize,
}

impl<'t, N: Nodes> Reading<'t, N> {
    fn new(text: &'t str, nodes: N) -> Reading<'t, N> {
        Reading {
            read: Read { text, arena: Arena::default(), diagnostics: Vec::new(), unread: Vec::new() },
            nodes,
            stack: Vec::new(),
            current: NONE,
            open_spans: Vec::new(),
            ident: None,
            values_start: 0,
        }
    }

    /// The property whose values were being read is complete.
    fn finish_prop(&mut self) {
        if let Some(id) = self.ident.take() {
            let arena = &mut self.read.arena;
            let end = arena.values.len() as u32;
            arena.props.push(Prop { ident: id, values: (self.values_start as u32, end) });
            if let Some(n) = arena.nodes.last_mut() {
                n.props.1 = arena.props.len() as u32;
            }
        }
    }

    fn token(&mut self, token: Token, span: Span, visit: &mut impl FnMut(N::Made)) {
        if token != Token::Value {
            self.finish_prop();
        }
        let read = &mut self.read;
        match token {
            Token::Open => {
                self.nodes.open(self.current);
                self.stack.push(self.current);
                self.open_spans.push(span);
            }
            Token::Close => self.close(span, visit),
            // A `;` in text between game trees (a licence before the game) is prose.
            Token::NodeStart if self.stack.is_empty() => read.keep_unread(span),
            Token::NodeStart => self.current = self.nodes.start(read, self.current, span),
            Token::Ident if self.current == NONE => {
                read.diagnostics.push(Diagnostic::error(Code::SgfPropertyOutsideNode, "a property before any `;` node", span));
                read.keep_unread(span);
            }
            Token::Ident => {
                self.ident = Some(span);
                self.values_start = read.arena.values.len();
            }
            Token::Value if self.ident.is_some() => {
                read.arena.values.push(span);
                self.nodes.grow(read, self.current, span);
            }
            // The values of a property outside any node: reported with its identifier.
            Token::Value => read.keep_unread(span),
            Token::Unterminated => {
                read.diagnostics.push(
                    Diagnostic::error(Code::SgfUnterminatedValue, "a value's `]` never comes", span)
                        .with_label("kept unread from here to the end"),
                );
                read.keep_unread(span);
            }
            Token::Junk => {
                // Text between game trees is allowed (and common); inside one it is an error.
                if !self.stack.is_empty() {
                    read.diagnostics.push(Diagnostic::error(Code::SgfJunk, format!("cannot read {:?}", truncate(span.slice(read.text))), span));
                }
                read.keep_unread(span);
            }
        }
    }

    /// A `)`: when it closes a whole game tree, make its games and free its nodes.
    fn close(&mut self, span: Span, visit: &mut impl FnMut(N::Made)) {
        let Some(c) = self.stack.pop() else {
            self.read.diagnostics.push(Diagnostic::error(Code::SgfUnmatchedClose, "`)` closes no game tree", span));
            self.read.keep_unread(span);
            return;
        };
        self.current = c;
        let opened = self.open_spans.pop();
        if !self.stack.is_empty() {
            self.nodes.back_to(&mut self.read, c);
            return;
        }
        self.nodes.close_tree(&mut self.read, opened.map(|open| open.join(span)), visit);
        self.current = NONE;
    }

    /// The end of the text: trees left open are reported, and their games read.
    fn finish(mut self, visit: &mut impl FnMut(N::Made)) -> ParsedSgf {
        self.finish_prop();
        if let Some(open) = self.open_spans.first() {
            self.read.diagnostics.push(
                Diagnostic::error(Code::SgfUnclosed, format!("{} game tree(s) not closed with `)`", self.open_spans.len()), *open)
                    .with_label("opened here"),
            );
        }
        self.nodes.close_tree(&mut self.read, None, visit);
        ParsedSgf { games: Vec::new(), unread: self.read.unread, diagnostics: self.read.diagnostics }
    }
}

fn truncate(s: &str) -> String {
    s.chars().take(40).collect()
}

/// Read, replay and build the shared tree for SGF text (already decoded).
pub fn read(name: &str, text: &str) -> Source {
    let mut games = Vec::new();
    let mut source = read_streamed(name, text, |g| games.push(g));
    source.games = games;
    source
}

/// As [`read`], each game handed to `visit` as it is read and not kept (the
/// source comes back without games): checking a large file needs memory for
/// one game. The diagnostics are those of `read`, in the same order.
pub fn read_streamed(name: &str, text: &str, mut visit: impl FnMut(Game)) -> Source {
    let mut replay_diagnostics = Vec::new();
    let mut any = false;
    // Each game is converted as its tree closes and handed on.
    let parsed = parse_visiting(text, |mut game| {
        any = true;
        let replayed = go_record::replay(&game);
        replay_diagnostics.extend(replayed.diagnostics.iter().cloned());
        go_record::finish(&mut game, &replayed);
        visit(game);
    });
    source_of(name, text, parsed, replay_diagnostics, any)
}

/// As [`read_streamed`], but each game is replayed node by node as it is
/// read and handed on counted ([`CountedGame`]: its lines, moves and the
/// trunk's verdict), its moves not kept: one long game is checked in the
/// memory of the boards its open variations wait on. The diagnostics are
/// those of `read`, in the same order.
pub fn count_streamed(name: &str, text: &str, mut visit: impl FnMut(CountedGame)) -> Source {
    count_streamed_with(name, text, false, |part| {
        if let CountedPart::Game(game) = part {
            visit(*game);
        }
    })
}

/// As [`count_streamed`], each game also handed on piece by piece as it is
/// read if `pieces` ([`GamePiece`]: the game as `read` builds it, without
/// anyone holding it), before the game counted. Exact only where
/// [`pieces_are_exact`] says so.
pub fn count_streamed_with(name: &str, text: &str, pieces: bool, mut visit: impl FnMut(CountedPart)) -> Source {
    let mut replay_diagnostics = Vec::new();
    let mut any = false;
    let parsed = read_nodes_with(text, count::NodeByNode::new(pieces), &mut |(part, mut replayed): (CountedPart, Vec<Diagnostic>)| {
        any |= matches!(part, CountedPart::Game(_));
        replay_diagnostics.append(&mut replayed);
        visit(part);
    });
    source_of(name, text, parsed, replay_diagnostics, any)
}

/// Whether the pieces of [`count_streamed_with`] are the games `read` builds,
/// byte for byte. Not where a game's last piece is known only after another
/// game's first: where a property follows a `)` inside a tree (after any
/// `(`, before the next `;`), as it grows the span of a node read before the
/// `)` (see `count::SpanUse`); and where one tree holds several games, as
/// each game's span reaches to the tree's `)`.
pub fn pieces_are_exact(text: &str) -> bool {
    // As the reading goes: whether no node is open at each `(` (where a node starts a game).
    let mut at_open: Vec<bool> = Vec::new();
    let (mut no_node, mut after_close, mut games) = (true, false, 0);
    for (token, _) in lex::tokens(text) {
        match token {
            Token::Open => at_open.push(no_node),
            Token::Close => {
                no_node = at_open.pop().unwrap_or(true);
                after_close = !at_open.is_empty();
                if at_open.is_empty() {
                    (no_node, games) = (true, 0);
                }
            }
            Token::NodeStart if !at_open.is_empty() => {
                games += usize::from(no_node);
                if games > 1 {
                    return false;
                }
                (no_node, after_close) = (false, false);
            }
            Token::Ident if after_close => return false,
            _ => {}
        }
    }
    true
}

/// The source a read gives besides its games: what parsing found, then what
/// the replays found, in the order of the text.
fn source_of(name: &str, text: &str, parsed: ParsedSgf, mut replay_diagnostics: Vec<Diagnostic>, any_game: bool) -> Source {
    let mut diagnostics = parsed.diagnostics;
    if let Some(at) = text.find('\u{FFFD}') {
        diagnostics.push(
            Diagnostic::warning(Code::SgfReplacementCharacter, "the text holds U+FFFD: bytes its charset (CA) could not decode, or a file damaged before", Span::new(at, at + 3))
                .with_label("first one here"),
        );
    }
    diagnostics.append(&mut replay_diagnostics);
    if !any_game {
        diagnostics.push(
            Diagnostic::error(Code::SgfNoGames, "no game found: the text has no `(;` game tree", Span::new(0, text.len()))
                .with_label("no game tree here")
                .with_help("an SGF game looks like (;GM[1]FF[4]SZ[19];B[pd];W[dd])"),
        );
    }
    diagnostics.sort_by_key(|d| d.span.start);
    Source { name: name.to_string(), notation: crate::tree::Notation::Sgf, games: Vec::new(), unread: parsed.unread, diagnostics, ..Source::default() }
}

/// Read an SGF file's bytes: decoded by its charset (see `decode`), then read.
/// Returns the decoded text too (diagnostic spans point into it).
pub fn read_bytes(name: &str, bytes: &[u8]) -> (Source, String) {
    let decoded = decode(bytes);
    let mut source = read(name, &decoded.text);
    if let Some(DecodeProblem::UnknownCharset { label, used }) = &decoded.problem {
        source.diagnostics.insert(
            0,
            Diagnostic::warning(Code::SgfCharset, format!("CA[{label}] names no charset we know; read as {used}"), Span::new(0, decoded.text.len().min(1))),
        );
    }
    (source, decoded.text)
}
#[cfg(test)]
mod tests;
