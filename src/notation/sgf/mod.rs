//! SGF FF[4] (and FF[1]–FF[3]) for Go: a lenient reader and a writer.
//!
//! Bytes are decoded first (`decode.rs`: a byte-order mark, else the root's
//! `CA`, else ISO-8859-1 as the spec and sgfmill have it); the text is then
//! tokenised by a hand-written lexer (`lex.rs`, tested against the reference
//! grammar `grammars/sgf.pest`) and each game tree is built in an arena of
//! spans before it becomes a `GoGame`.
//!
//! Nodes are kept as they stand: a node without a move (setup, a comment,
//! markup) is a `GoNode` in its place, setup (`AB`/`AW`/`AE`) in any node is
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

pub use decode::{decode, non_utf8_charset, Charset, DecodeProblem, Decoded};

use crate::diagnostic::Diagnostic;
use crate::notation::go_corner::{from_sgf, to_sgf};
use crate::notation::go_record::{self, GoGame, GoLine, GoMove, GoNode, SetupChange};
use crate::rules::go::{Color, Move, Point, MAX_SIZE};
use crate::span::Span;
use crate::tree::{Game, Source, Unread};
use lex::Token;
use std::borrow::Cow;

/// What reading found: the games and every problem.
#[derive(Clone, Debug, PartialEq)]
pub struct ParsedSgf {
    pub games: Vec<GoGame>,
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
pub fn parse_visiting(text: &str, mut visit: impl FnMut(GoGame)) -> ParsedSgf {
    let mut diagnostics = Vec::new();
    let mut unread = Vec::new();
    let mut arena = Arena::default();
    let mut roots: Vec<u32> = Vec::new();
    // The node a new node attaches to, per open tree (NONE: a new game at the top level).
    let mut stack: Vec<u32> = Vec::new();
    let mut current = NONE;
    let mut open_spans: Vec<Span> = Vec::new();
    // The identifier the next values belong to.
    let mut ident: Option<Span> = None;
    let finish_prop = |arena: &mut Arena, ident: &mut Option<Span>, start: usize| {
        if let Some(id) = ident.take() {
            let end = arena.values.len() as u32;
            arena.props.push(Prop { ident: id, values: (start as u32, end) });
            if let Some(n) = arena.nodes.last_mut() {
                n.props.1 = arena.props.len() as u32;
            }
        }
    };
    let mut values_start = 0usize;
    for (token, span) in lex::tokens(text) {
        if token != Token::Value {
            finish_prop(&mut arena, &mut ident, values_start);
        }
        match token {
            Token::Open => {
                stack.push(current);
                open_spans.push(span);
            }
            Token::Close => match stack.pop() {
                Some(c) => {
                    current = c;
                    let opened = open_spans.pop();
                    if stack.is_empty() {
                        // A whole game tree is closed: build its games and free its nodes.
                        for root in roots.drain(..) {
                            // The game is its whole tree, brackets and all: nothing between them is lost.
                            let whole = opened.map(|open| open.join(span));
                            match build_game(text, &arena, root, &mut diagnostics) {
                                Some(mut g) => {
                                    if let Some(whole) = whole {
                                        g.span = g.span.join(whole);
                                    }
                                    visit(g);
                                }
                                // A game not read (its diagnostic says why) is kept as text.
                                None => unread.extend(whole.map(|w| Unread { raw: w.slice(text).to_string(), span: w })),
                            }
                        }
                        arena.clear();
                        current = NONE;
                    }
                }
                None => {
                    diagnostics.push(Diagnostic::error("sgf::unmatched-close", "`)` closes no game tree", span));
                    unread.push(Unread { raw: span.slice(text).to_string(), span });
                }
            },
            Token::NodeStart if stack.is_empty() => {
                // A `;` in text between game trees (a licence before the game) is prose.
                unread.push(Unread { raw: span.slice(text).to_string(), span });
            }
            Token::NodeStart => {
                let id = arena.nodes.len() as u32;
                let at = arena.props.len() as u32;
                arena.nodes.push(Node { props: (at, at), first_child: NONE, last_child: NONE, next_sibling: NONE, span });
                if current == NONE {
                    roots.push(id);
                } else {
                    let parent = &mut arena.nodes[current as usize];
                    let last = parent.last_child;
                    parent.last_child = id;
                    if last == NONE {
                        parent.first_child = id;
                    } else {
                        arena.nodes[last as usize].next_sibling = id;
                    }
                }
                current = id;
            }
            Token::Ident => {
                if current == NONE {
                    diagnostics.push(Diagnostic::error("sgf::property-outside-node", "a property before any `;` node", span));
                    unread.push(Unread { raw: span.slice(text).to_string(), span });
                } else {
                    ident = Some(span);
                    values_start = arena.values.len();
                }
            }
            Token::Value => {
                if ident.is_some() {
                    arena.values.push(span);
                    let node = &mut arena.nodes[current as usize];
                    node.span = node.span.join(Span::new(span.start, span.end + 1));
                } else {
                    // The values of a property outside any node: reported with its identifier.
                    unread.push(Unread { raw: span.slice(text).to_string(), span });
                }
            }
            Token::Unterminated => {
                diagnostics.push(
                    Diagnostic::error("sgf::unterminated-value", "a value's `]` never comes", span)
                        .with_label("kept unread from here to the end"),
                );
                unread.push(Unread { raw: span.slice(text).to_string(), span });
            }
            Token::Junk => {
                let raw = span.slice(text);
                // Text between game trees is allowed (and common); inside one it is an error.
                if !stack.is_empty() {
                    diagnostics.push(Diagnostic::error("sgf::junk", format!("cannot read {:?}", truncate(raw)), span));
                }
                unread.push(Unread { raw: raw.to_string(), span });
            }
        }
    }
    finish_prop(&mut arena, &mut ident, values_start);
    if let Some(open) = open_spans.first() {
        diagnostics.push(
            Diagnostic::error("sgf::unclosed", format!("{} game tree(s) not closed with `)`", open_spans.len()), *open)
                .with_label("opened here"),
        );
    }
    for root in roots {
        if let Some(g) = build_game(text, &arena, root, &mut diagnostics) {
            visit(g);
        }
    }
    ParsedSgf { games: Vec::new(), unread, diagnostics }
}

fn truncate(s: &str) -> String {
    s.chars().take(40).collect()
}

/// A node's properties by short identifier, a property given twice read as
/// one with all its values (as sgfmill reads it).
struct NodeProps<'t> {
    list: Vec<(Cow<'t, str>, Vec<Span>, Span)>,
}

fn node_props<'t>(text: &'t str, arena: &Arena, n: u32, diags: &mut Vec<Diagnostic>) -> NodeProps<'t> {
    let mut list: Vec<(Cow<'t, str>, Vec<Span>, Span)> = Vec::with_capacity(arena.props(n).len());
    for p in arena.props(n) {
        let ident = short_ident(p.ident.slice(text));
        let values = arena.values(p);
        let span = Span::new(p.ident.start, values.last().map_or(p.ident.end, |v| v.end + 1));
        if ident.is_empty() {
            diags.push(Diagnostic::error("sgf::bad-ident", format!("{:?} is no property name (it has no capital)", p.ident.slice(text)), p.ident));
            continue;
        }
        match list.iter_mut().find(|(i, _, _)| *i == ident) {
            Some((_, vs, _)) => {
                diags.push(
                    Diagnostic::warning("sgf::duplicate-property", format!("{ident} is given twice in this node; read as one with all the values"), span)
                        .with_label("written back once"),
                );
                vs.extend_from_slice(values);
            }
            None => list.push((ident, values.to_vec(), span)),
        }
    }
    NodeProps { list }
}

/// Points of a list value: `aa` or a rectangle `aa:cc`.
fn point_list(text: &str, values: &[Span], size: u8, diags: &mut Vec<Diagnostic>) -> Vec<Point> {
    let mut out = Vec::new();
    for span in values {
        let raw = span.slice(text).trim();
        let bad = |diags: &mut Vec<Diagnostic>| {
            diags.push(Diagnostic::error("sgf::bad-point", format!("{raw:?} is not a point on {size} lines"), *span).with_label("left out"));
        };
        match raw.split_once(':') {
            Some((a, b)) => match (from_sgf(a, size), from_sgf(b, size)) {
                (Some(a), Some(b)) => {
                    for y in a.y.min(b.y)..=a.y.max(b.y) {
                        for x in a.x.min(b.x)..=a.x.max(b.x) {
                            out.push(Point::new(x, y));
                        }
                    }
                }
                _ => bad(diags),
            },
            None => match from_sgf(raw, size) {
                Some(pt) => out.push(pt),
                None => bad(diags),
            },
        }
    }
    out
}

fn raw_values(text: &str, values: &[Span]) -> Vec<String> {
    values.iter().map(|v| v.slice(text).to_string()).collect()
}

/// `C` holds one text; several values (or `C` given twice) are kept as
/// written, so they go back as they came (sgfmill reads them as a list).
fn several_comments(text: &str, values: &[Span], span: Span, extra: &mut Vec<(String, Vec<String>)>, diags: &mut Vec<Diagnostic>) {
    diags.push(
        Diagnostic::warning("sgf::several-comments", format!("C holds one text; these {} values are kept as written", values.len()), span)
            .with_label("not read as a comment"),
    );
    extra.push(("C".into(), raw_values(text, values)));
}

fn first_text(text: &str, values: &[Span]) -> String {
    values.first().map(|v| unescape(v.slice(text)).into_owned()).unwrap_or_default()
}

/// One game from its root node; `None` if its size cannot be played.
fn build_game(text: &str, arena: &Arena, root: u32, diags: &mut Vec<Diagnostic>) -> Option<GoGame> {
    let root_props = node_props(text, arena, root, diags);
    let mut size = 19u8;
    if let Some((_, values, _)) = root_props.list.iter().find(|(i, _, _)| i == "SZ") {
        let v = values.first().map_or("", |s| s.slice(text));
        let span = values.first().copied().unwrap_or_default();
        // `SZ[19:19]` is a square board too.
        let square = match v.split_once(':') {
            Some((a, b)) if a.trim() == b.trim() => a,
            Some(_) => "",
            None => v,
        };
        match square.trim().parse::<u8>() {
            Ok(n) if (1..=MAX_SIZE).contains(&n) => size = n,
            _ => {
                diags.push(
                    Diagnostic::error("sgf::bad-size", format!("board size {v:?} is not a square board of 1..={MAX_SIZE}"), span)
                        .with_label("this game is not read"),
                );
                return None;
            }
        }
    }
    let mut game = GoGame::new(size);
    game.span = arena.nodes[root as usize].span;
    for (ident, values, pspan) in &root_props.list {
        let span = values.first().copied().unwrap_or(*pspan);
        let value = first_text(text, values);
        match ident.as_ref() {
            "SZ" | "FF" => {}
            "GM" => {
                if value.trim() != "1" {
                    diags.push(Diagnostic::warning("sgf::not-go", format!("GM[{value}] is not Go (GM[1]); read as Go"), span));
                }
            }
            "CA" => {
                if !decode::knows(&value) {
                    diags.push(
                        Diagnostic::warning("sgf::charset", format!("CA[{value}] names no charset we know"), span)
                            .with_label("read as UTF-8 where the bytes are UTF-8, else as ISO-8859-1"),
                    );
                }
            }
            "AB" => game.black.extend(point_list(text, values, size, diags)),
            "AW" => game.white.extend(point_list(text, values, size, diags)),
            "AE" => game.empty.extend(point_list(text, values, size, diags)),
            "PL" => {
                match value.trim() {
                    "B" | "b" | "1" => game.to_play = Color::Black,
                    "W" | "w" | "2" => game.to_play = Color::White,
                    _ => diags.push(Diagnostic::error("sgf::bad-colour", format!("PL[{value}] is not B or W"), span)),
                }
                // Kept as given too (`PL[B]` is written back, not only `PL[W]`).
                game.extra.push(("PL".into(), raw_values(text, values)));
            }
            "KM" => match value.trim().parse::<f64>() {
                Ok(k) if k.is_finite() && writes_back_as_printed(k, value.trim()) => game.komi = Some(k),
                Ok(k) if k.is_finite() => {
                    // Writing the number back would change it (`1e20`, rounding): keep the text.
                    diags.push(Diagnostic::note("sgf::komi-as-text", format!("KM[{value}] has more digits than a number holds; kept as printed"), span));
                    game.extra.push(("KM".into(), vec![value]));
                }
                _ => {
                    diags.push(Diagnostic::warning("sgf::bad-komi", format!("KM[{value}] is not a number; kept as text"), span));
                    game.extra.push(("KM".into(), raw_values(text, values)));
                }
            },
            "RE" => game.result = Some(value),
            "RU" => game.ruleset = Some(value),
            // An empty `GN[]` is kept as written (an empty title is not written).
            "GN" if value.is_empty() => game.extra.push(("GN".into(), raw_values(text, values))),
            "GN" => game.title = value,
            "C" if values.len() == 1 => game.comments.push(value),
            "C" => several_comments(text, values, *pspan, &mut game.extra, diags),
            "B" | "W" => {
                diags.push(Diagnostic::warning("sgf::move-in-root", "a move in the root node is read as setup", span));
                let pts = point_list(text, values, size, diags);
                if ident == "B" { game.black.extend(pts) } else { game.white.extend(pts) }
            }
            _ => game.extra.push((ident.to_string(), raw_values(text, values))),
        }
    }
    // Walk the tree without recursion. The first child continues its line;
    // each later child starts a variation. `ply` counts the moves of the full
    // line so far and `nodes` the moveless nodes since its last move.
    enum Place {
        On(usize),
        Leaves(usize),
    }
    struct Item {
        node: u32,
        place: Place,
        ply: usize,
        nodes: usize,
    }
    let mut work: Vec<Item> = Vec::new();
    let mut pending: Vec<GoNode> = Vec::new();
    // The first child continues `line`; the others leave it (their lines are
    // made when they are taken, so lines are numbered in tree order).
    let push_children = |work: &mut Vec<Item>, n: u32, line: usize, ply: usize, nodes: usize| -> bool {
        let Some(first) = arena.children(n).next() else { return false };
        let mark = work.len();
        for k in arena.children(n).skip(1) {
            work.push(Item { node: k, place: Place::Leaves(line), ply, nodes });
        }
        work[mark..].reverse();
        work.push(Item { node: first, place: Place::On(line), ply, nodes });
        true
    };
    if !push_children(&mut work, root, 0, 0, 0) {
        return Some(game);
    }
    while let Some(Item { node: id, place, mut ply, mut nodes }) = work.pop() {
        let line = match place {
            Place::On(l) => l,
            Place::Leaves(parent) => {
                game.lines.push(GoLine {
                    label: format!("{}", game.lines.len()),
                    parent: Some(parent),
                    branch_ply: ply,
                    branch_nodes: nodes,
                    span: arena.nodes[id as usize].span,
                    ..GoLine::default()
                });
                game.lines.len() - 1
            }
        };
        let props = node_props(text, arena, id, diags);
        let node_span = arena.nodes[id as usize].span;
        let mut mv: Option<GoMove> = None;
        let mut setup = SetupChange::default();
        let mut comments = Vec::new();
        let mut extra = Vec::new();
        for (ident, values, pspan) in &props.list {
            match ident.as_ref() {
                "B" | "W" => {
                    let color = if ident == "B" { Color::Black } else { Color::White };
                    let span = values.first().copied().unwrap_or(*pspan);
                    let raw = values.first().map_or("", |v| v.slice(text)).trim();
                    let m = if raw.is_empty() || (raw == "tt" && size <= 19) {
                        Move::Pass
                    } else {
                        match from_sgf(raw, size) {
                            Some(pt) => Move::Play(pt),
                            None => {
                                diags.push(
                                    Diagnostic::error("sgf::bad-point", format!("{raw:?} is not a point on {size} lines"), span)
                                        .with_label("not replayed; kept as written"),
                                );
                                extra.push((ident.to_string(), raw_values(text, values)));
                                continue;
                            }
                        }
                    };
                    if mv.is_some() {
                        diags.push(
                            Diagnostic::error("sgf::two-moves", "a node with two moves; the second is not replayed", *pspan).with_label("kept as written"),
                        );
                        extra.push((ident.to_string(), raw_values(text, values)));
                        continue;
                    }
                    let mut g = GoMove::new(color, m, *pspan);
                    g.printed = pspan.slice(text).to_string();
                    mv = Some(g);
                }
                "AB" => setup.black.extend(point_list(text, values, size, diags)),
                "AW" => setup.white.extend(point_list(text, values, size, diags)),
                "AE" => setup.empty.extend(point_list(text, values, size, diags)),
                "C" if values.len() == 1 => comments.push(first_text(text, values)),
                "C" => several_comments(text, values, *pspan, &mut extra, diags),
                _ => extra.push((ident.to_string(), raw_values(text, values))),
            }
        }
        match mv {
            Some(mut m) => {
                m.setup = (!setup.is_empty()).then(|| Box::new(setup));
                m.comments = comments;
                m.extra = extra;
                m.before = std::mem::take(&mut pending);
                game.lines[line].moves.push(m);
                ply += 1;
                nodes = 0;
            }
            None => {
                pending.push(GoNode { setup, comments, extra, span: node_span });
                nodes += 1;
            }
        }
        if !push_children(&mut work, id, line, ply, nodes) {
            game.lines[line].after = std::mem::take(&mut pending);
        }
    }
    Some(game)
}

/// Whether `k` written back reads as the decimal printed (up to a sign, leading
/// and trailing zeros).
fn writes_back_as_printed(k: f64, printed: &str) -> bool {
    let canonical = |s: &str| -> String {
        let (sign, digits) = match s.strip_prefix('-') {
            Some(rest) => ("-", rest),
            None => ("", s.strip_prefix('+').unwrap_or(s)),
        };
        let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
        let int = int.trim_start_matches('0');
        let frac = frac.trim_end_matches('0');
        let int = if int.is_empty() { "0" } else { int };
        let body = if frac.is_empty() { int.to_string() } else { format!("{int}.{frac}") };
        if body == "0" { body } else { format!("{sign}{body}") }
    };
    canonical(&format!("{k}")) == canonical(printed)
}

fn prop(out: &mut String, ident: &str, values: &[String]) {
    if values.is_empty() {
        return;
    }
    out.push_str(ident);
    for v in values {
        out.push('[');
        out.push_str(&escape(v));
        out.push(']');
    }
}

/// A property whose values are kept as written (escapes included).
fn raw_prop(out: &mut String, ident: &str, values: &[String]) {
    out.push_str(ident);
    for v in values {
        out.push('[');
        out.push_str(v);
        out.push(']');
    }
}

fn points_prop(out: &mut String, ident: &str, points: &[Point]) {
    if points.is_empty() {
        return;
    }
    out.push_str(ident);
    for &p in points {
        out.push('[');
        out.push_str(&to_sgf(p));
        out.push(']');
    }
}

fn setup_props(out: &mut String, s: &SetupChange) {
    points_prop(out, "AB", &s.black);
    points_prop(out, "AW", &s.white);
    points_prop(out, "AE", &s.empty);
}

fn comment_prop(out: &mut String, comments: &[String]) {
    if !comments.is_empty() {
        prop(out, "C", &[comments.join("\n\n")]);
    }
}

/// Write games as one SGF collection (FF[4], UTF-8). Passes are written `[]`.
pub fn write(games: &[GoGame]) -> String {
    let mut out = String::new();
    for game in games {
        write_game(&mut out, game);
        out.push('\n');
    }
    out
}

/// A node of the written tree: the root, a moveless node or a move.
#[derive(Clone, Copy)]
enum Written<'g> {
    Root,
    Plain(&'g GoNode),
    Move(&'g GoMove),
}

/// Where each line's nodes stand in the written tree.
struct LineNodes {
    /// The point each own node leaves the line at: (moves, moveless nodes since).
    after: Vec<(usize, usize)>,
    ids: Vec<usize>,
    start: (usize, usize),
    parent: usize,
}

/// The node after which a line leaving `line` at `point` hangs.
fn node_at(lines: &[LineNodes], mut line: usize, point: (usize, usize)) -> usize {
    loop {
        let l = &lines[line];
        if line == 0 && point <= l.start {
            return 0;
        }
        if point <= l.start && line != 0 {
            line = l.parent;
            continue;
        }
        match l.after.binary_search(&point) {
            Ok(i) => return l.ids[i],
            // Past the end (or between points in bad data): the last node before it.
            Err(0) => {
                if line == 0 {
                    return 0;
                }
                line = l.parent;
            }
            Err(i) => return l.ids[i - 1],
        }
    }
}

fn write_game(out: &mut String, game: &GoGame) {
    // Number the nodes: 0 the root, then each line's own nodes in order.
    let mut nodes: Vec<Written> = vec![Written::Root];
    let mut lines: Vec<LineNodes> = Vec::with_capacity(game.lines.len());
    for (li, line) in game.lines.iter().enumerate() {
        let start = if li == 0 { (0, 0) } else { (line.branch_ply, line.branch_nodes) };
        let parent = line.parent.filter(|&p| p < li).unwrap_or(0);
        let mut at = start;
        let mut l = LineNodes { after: Vec::new(), ids: Vec::new(), start, parent };
        fn add<'g>(w: Written<'g>, at: (usize, usize), l: &mut LineNodes, nodes: &mut Vec<Written<'g>>) {
            l.after.push(at);
            l.ids.push(nodes.len());
            nodes.push(w);
        }
        for mv in &line.moves {
            for n in &mv.before {
                at.1 += 1;
                add(Written::Plain(n), at, &mut l, &mut nodes);
            }
            at = (at.0 + 1, 0);
            add(Written::Move(mv), at, &mut l, &mut nodes);
        }
        for n in &line.after {
            at.1 += 1;
            add(Written::Plain(n), at, &mut l, &mut nodes);
        }
        lines.push(l);
    }
    // Children in order: a line's next own node first, then the lines that leave there.
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    for (li, l) in lines.iter().enumerate() {
        let Some(&first) = l.ids.first() else { continue };
        let hang = if li == 0 { 0 } else { node_at(&lines, l.parent, l.start) };
        children[hang].push(first);
        for w in l.ids.windows(2) {
            children[w[0]].push(w[1]);
        }
    }
    // The continuation of a node's own line goes first.
    for l in &lines {
        for w in l.ids.windows(2) {
            let kids = &mut children[w[0]];
            if let Some(pos) = kids.iter().position(|&k| k == w[1]) {
                kids[..=pos].rotate_right(1);
            }
        }
    }

    out.push_str("(;GM[1]FF[4]CA[UTF-8]");
    out.push_str(&format!("SZ[{}]", game.size));
    if !game.title.is_empty() {
        prop(out, "GN", std::slice::from_ref(&game.title));
    }
    if let Some(r) = &game.ruleset {
        prop(out, "RU", std::slice::from_ref(r));
    }
    if let Some(k) = game.komi {
        out.push_str(&format!("KM[{k}]"));
    }
    if let Some(r) = &game.result {
        prop(out, "RE", std::slice::from_ref(r));
    }
    comment_prop(out, &game.comments);
    points_prop(out, "AB", &game.black);
    points_prop(out, "AW", &game.white);
    points_prop(out, "AE", &game.empty);
    if game.to_play == Color::White && !game.extra.iter().any(|(i, _)| i == "PL") {
        out.push_str("PL[W]");
    }
    for (ident, values) in &game.extra {
        raw_prop(out, ident, values);
    }
    out.push('\n');

    enum Step {
        Open,
        Node(usize),
        Close,
    }
    let mut work: Vec<Step> = Vec::new();
    let push_children = |work: &mut Vec<Step>, kids: &[usize]| {
        if kids.len() == 1 {
            work.push(Step::Node(kids[0]));
        } else {
            for &k in kids.iter().rev() {
                work.push(Step::Close);
                work.push(Step::Node(k));
                work.push(Step::Open);
            }
        }
    };
    push_children(&mut work, &children[0]);
    let mut in_row = 0;
    while let Some(step) = work.pop() {
        match step {
            Step::Open => {
                out.push_str("\n(");
                in_row = 0;
            }
            Step::Close => out.push(')'),
            Step::Node(id) => {
                if in_row == 10 {
                    out.push('\n');
                    in_row = 0;
                }
                in_row += 1;
                out.push(';');
                match nodes[id] {
                    Written::Root => {}
                    Written::Plain(n) => {
                        setup_props(out, &n.setup);
                        comment_prop(out, &n.comments);
                        for (ident, values) in &n.extra {
                            raw_prop(out, ident, values);
                        }
                    }
                    Written::Move(mv) => {
                        setup_props(out, mv.node_setup());
                        out.push(mv.color.letter());
                        out.push('[');
                        if let Move::Play(p) = mv.mv {
                            out.push_str(&to_sgf(p));
                        }
                        out.push(']');
                        comment_prop(out, &mv.comments);
                        for (ident, values) in &mv.extra {
                            raw_prop(out, ident, values);
                        }
                    }
                }
                push_children(&mut work, &children[id]);
            }
        }
    }
    out.push_str(")\n");
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
    let parsed = parse_visiting(text, |g| {
        any = true;
        let replayed = go_record::replay(&g);
        replay_diagnostics.extend(replayed.diagnostics.iter().cloned());
        let mut game = go_record::to_game(&g, &replayed);
        // A move's printed text is exactly what its span covers (`B [dd]`, a second value).
        for m in game.lines.iter_mut().flat_map(|l| &mut l.moves) {
            if let Some(printed) = text.get(m.span.start..m.span.end) {
                if printed != m.printed {
                    m.printed = printed.to_string();
                }
            }
        }
        visit(game);
    });
    let mut diagnostics = parsed.diagnostics;
    if let Some(at) = text.find('\u{FFFD}') {
        diagnostics.push(
            Diagnostic::warning("sgf::replacement-character", "the text holds U+FFFD: bytes its charset (CA) could not decode, or a file damaged before", Span::new(at, at + 3))
                .with_label("first one here"),
        );
    }
    diagnostics.append(&mut replay_diagnostics);
    if !any {
        diagnostics.push(
            Diagnostic::error("sgf::no-games", "no game found: the text has no `(;` game tree", Span::new(0, text.len()))
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
            Diagnostic::warning("sgf::charset", format!("CA[{label}] names no charset we know; read as {used}"), Span::new(0, decoded.text.len().min(1))),
        );
    }
    (source, decoded.text)
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_root_setup_moves_passes_comments_and_variations() {
        let text = "(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[5.5]RE[W+R]RU[Chinese]GN[t]C[game]AB[aa][cc:dd]AW[ee]PL[W]\n;W[ff]C[a \\] b \\\\ c];B[]\n(;W[tt];B[gg])(;W[hh]LB[hh:x]))";
        let p = parse(text);
        assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
        let g = &p.games[0];
        assert_eq!((g.size, g.komi, g.result.as_deref(), g.ruleset.as_deref()), (9, Some(5.5), Some("W+R"), Some("Chinese")));
        assert_eq!(g.black.len(), 1 + 4);
        assert_eq!(g.to_play, Color::White);
        assert_eq!(g.lines.len(), 2);
        assert_eq!(g.lines[0].moves.len(), 4);
        assert_eq!(g.lines[0].moves[0].comments, vec!["a ] b \\ c".to_string()]);
        assert_eq!(g.lines[0].moves[1].mv, Move::Pass);
        // tt on 9 lines is off the board, so it is a bad point, not a pass... unless ≤ 19: it is a pass.
        assert_eq!(g.lines[0].moves[2].mv, Move::Pass);
        assert_eq!((g.lines[1].parent, g.lines[1].branch_ply), (Some(0), 2));
        assert_eq!(g.lines[1].moves[0].extra, vec![("LB".to_string(), vec!["hh:x".to_string()])]);
    }

    #[test]
    fn writes_what_it_reads() {
        let text = "(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[5.5]GN[t]C[x]AB[aa]AW[ee]\n;B[ff]C[a \\] b \\\\ c];W[]\n(;B[gg];W[hh](;B[aa])(;B[bb]))(;B[hh]))";
        let first = parse(text);
        let written = write(&first.games);
        let second = parse(&written);
        assert!(second.diagnostics.is_empty(), "{written}\n{:?}", second.diagnostics);
        assert_eq!(strip(&second.games), strip(&first.games), "{written}");
    }

    #[test]
    fn damage_is_reported_and_kept() {
        let text = "junk before (;GM[1]SZ[9];B[zz] what? ;W[ab]) ) (;SZ[40];B[aa]) (;B[aa]C[never closed";
        let p = parse(text);
        let codes: Vec<&str> = p.diagnostics.iter().map(|d| d.code.as_str()).collect();
        for want in ["sgf::bad-point", "sgf::junk", "sgf::unmatched-close", "sgf::bad-size", "sgf::unterminated-value", "sgf::unclosed"] {
            assert!(codes.contains(&want), "{want} in {codes:?}");
        }
        assert_eq!(p.unread[0].raw, "junk before");
        assert_eq!(p.games.len(), 2, "the 40-line game is not read; the others are");
    }

    /// Count nodes of SGF text the simple way: `;` outside values.
    fn node_count(text: &str) -> usize {
        lex::tokens(text).filter(|(t, _)| *t == Token::NodeStart).count()
    }

    #[test]
    fn moveless_nodes_stay_in_place_and_their_setup_is_replayed() {
        let text = "(;GM[1]SZ[5];AB[aa][ba]C[setup];W[ab];AE[aa]AW[cc];B[aa](;W[dd])(;AB[ee];W[ed]))";
        let p = parse(text);
        assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
        let g = &p.games[0];
        assert_eq!(g.lines.len(), 2);
        assert_eq!(g.lines[0].moves.len(), 3);
        assert_eq!(g.lines[0].moves[0].before[0].setup.black, vec![Point::new(0, 0), Point::new(1, 0)]);
        assert_eq!(g.lines[0].moves[0].before[0].comments, vec!["setup".to_string()]);
        // The variation leaves after `B[aa]`, its setup node first.
        assert_eq!((g.lines[1].branch_ply, g.lines[1].branch_nodes, g.lines[1].moves[0].before.len()), (2, 0, 1));
        let r = go_record::replay(g);
        assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
        let end = &r.lines[0].end;
        // W[ab] took nothing; AE[aa] cleared a1's stone, AW[cc] set one, B[aa] played again.
        assert_eq!((end.at(Point::new(0, 0)), end.at(Point::new(2, 2)), end.at(Point::new(3, 3))), (Some(Color::Black), Some(Color::White), Some(Color::White)));
        assert_eq!(r.lines[1].end.at(Point::new(4, 4)), Some(Color::Black));
        assert_eq!(r.lines[1].end.at(Point::new(3, 3)), None);
        let written = write(&p.games);
        assert_eq!(node_count(&written), node_count(text), "{written}");
        let back = parse(&written);
        assert!(back.diagnostics.is_empty(), "{:?}", back.diagnostics);
        assert_eq!(strip(&back.games), strip(&p.games), "{written}");
    }

    #[test]
    fn a_point_cleared_by_ae_can_be_played() {
        // KataGo's sampletest9x9.sgf: `AE[hc]` then `B[hc]`.
        let p = parse("(;SZ[9]AB[hc];W[aa];AE[hc];B[hc])");
        let r = go_record::replay(&p.games[0]);
        assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
        assert_eq!(r.lines[0].played, 2);
    }

    #[test]
    fn a_variation_that_leaves_after_a_setup_node_keeps_that_setup() {
        let text = "(;SZ[5];B[aa];AB[cc](;W[bb])(;W[dd]))";
        let p = parse(text);
        let g = &p.games[0];
        assert_eq!((g.lines[1].branch_ply, g.lines[1].branch_nodes), (1, 1));
        let r = go_record::replay(g);
        assert_eq!(r.lines[1].end.at(Point::new(2, 2)), Some(Color::Black));
        let written = write(&p.games);
        assert_eq!(node_count(&written), 5, "{written}");
        assert_eq!(strip(&parse(&written).games), strip(&p.games));
        let (pos, _) = go_record::position_at(g, 1, None).unwrap();
        assert_eq!((pos.at(Point::new(2, 2)), pos.at(Point::new(3, 3))), (Some(Color::Black), Some(Color::White)));
    }

    #[test]
    fn properties_given_twice_and_long_names_are_written_once_and_short() {
        let p = parse("(;SZ[9];AddBlack[aa]AB[bb];B[cc]TR[aa]TR[bb])");
        let codes: Vec<&str> = p.diagnostics.iter().map(|d| d.code.as_str()).collect();
        assert_eq!(codes, vec!["sgf::duplicate-property", "sgf::duplicate-property"]);
        let written = write(&p.games);
        assert!(written.contains(";AB[aa][bb]\n") || written.contains(";AB[aa][bb];"), "{written}");
        assert!(written.contains("TR[aa][bb]"), "{written}");
    }

    #[test]
    fn unknown_properties_are_written_back_as_given() {
        let text = "(;SZ[9]PB[A \\ B]XY[q\\:r];B[aa]LB[aa:x\\:y];XZ[1])";
        let p = parse(text);
        let written = write(&p.games);
        for kept in ["PB[A \\ B]", "XY[q\\:r]", "LB[aa:x\\:y]", ";XZ[1]"] {
            assert!(written.contains(kept), "{kept} in {written}");
        }
    }

    fn strip(games: &[GoGame]) -> Vec<GoGame> {
        fn node(n: &mut GoNode) {
            n.span = Span::default();
        }
        games
            .iter()
            .map(|g| {
                let mut g = g.clone();
                g.span = Span::default();
                for l in &mut g.lines {
                    l.span = Span::default();
                    l.after.iter_mut().for_each(node);
                    for m in &mut l.moves {
                        m.span = Span::default();
                        m.printed.clear();
                        m.before.iter_mut().for_each(node);
                    }
                }
                g
            })
            .collect()
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        let depth = 200_000;
        let text = format!("(;GM[1]SZ[19]{}{}", "(;B[aa]".repeat(depth), ")".repeat(depth + 1));
        let p = parse(&text);
        assert!(p.diagnostics.is_empty());
        assert_eq!(p.games[0].lines[0].moves.len(), depth);
        let written = write(&p.games);
        assert_eq!(parse(&written).games[0].lines[0].moves.len(), depth);
    }
}
