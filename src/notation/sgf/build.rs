//! Building a game from the spans of one closed game tree: the root's
//! properties, then each node in tree order, moves on their line and moveless
//! nodes kept where they stand.

use super::{decode, short_ident, unescape, Arena};
use crate::diagnostic::{Code, Diagnostic};
use crate::notation::go_corner::from_sgf;
use crate::rules::go::Setup;
use crate::tree::{Game, GoGameInfo, GoLineInfo, GoMove, GoNode, Line, MoveHeld, MoveNode, SetupChange, Start};
use crate::rules::go::{Color, Move, Point, MAX_SIZE};
use crate::span::Span;
use std::borrow::Cow;

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
            diags.push(Diagnostic::error(Code::SgfBadIdent, format!("{:?} is no property name (it has no capital)", p.ident.slice(text)), p.ident));
            continue;
        }
        match list.iter_mut().find(|(i, _, _)| *i == ident) {
            Some((_, vs, _)) => {
                diags.push(
                    Diagnostic::warning(Code::SgfDuplicateProperty, format!("{ident} is given twice in this node; read as one with all the values"), span)
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
            diags.push(Diagnostic::error(Code::SgfBadPoint, format!("{raw:?} is not a point on {size} lines"), *span).with_label("left out"));
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
        Diagnostic::warning(Code::SgfSeveralComments, format!("C holds one text; these {} values are kept as written", values.len()), span)
            .with_label("not read as a comment"),
    );
    extra.push(("C".into(), raw_values(text, values)));
}

fn first_text(text: &str, values: &[Span]) -> String {
    values.first().map(|v| unescape(v.slice(text)).into_owned()).unwrap_or_default()
}

/// One game from its root node; `None` if its size cannot be played.
pub(super) fn build_game(text: &str, arena: &Arena, root: u32, diags: &mut Vec<Diagnostic>) -> Option<Game> {
    let mut game = build_head(text, arena, root, diags)?;
    read_nodes(text, arena, root, &mut game, diags);
    Some(game)
}

/// A game as its root node gives it, without the nodes below; `None` if its size cannot be played.
pub(super) fn build_head(text: &str, arena: &Arena, root: u32, diags: &mut Vec<Diagnostic>) -> Option<Game> {
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
                    Diagnostic::error(Code::SgfBadSize, format!("board size {v:?} is not a square board of 1..={MAX_SIZE}"), span)
                        .with_label("this game is not read"),
                );
                return None;
            }
        }
    }
    let mut game = read_root(text, &root_props, size, diags);
    game.span = arena.nodes[root as usize].span;
    Some(game)
}

/// The root node's properties: the start, and what the game's Go data holds.
fn read_root(text: &str, root_props: &NodeProps<'_>, size: u8, diags: &mut Vec<Diagnostic>) -> Game {
    let mut setup = Setup { size, black: Vec::new(), white: Vec::new(), to_move: Color::Black };
    let mut game = GoGameInfo::default();
    for (ident, values, pspan) in &root_props.list {
        let span = values.first().copied().unwrap_or(*pspan);
        let value = first_text(text, values);
        match ident.as_ref() {
            "SZ" | "FF" => {}
            "GM" => {
                if value.trim() != "1" {
                    diags.push(Diagnostic::warning(Code::SgfNotGo, format!("GM[{value}] is not Go (GM[1]); read as Go"), span));
                }
            }
            "CA" => {
                if !decode::knows(&value) {
                    diags.push(
                        Diagnostic::warning(Code::SgfCharset, format!("CA[{value}] names no charset we know"), span)
                            .with_label("read as UTF-8 where the bytes are UTF-8, else as ISO-8859-1"),
                    );
                }
            }
            "AB" => setup.black.extend(point_list(text, values, size, diags)),
            "AW" => setup.white.extend(point_list(text, values, size, diags)),
            "AE" => game.cleared.extend(point_list(text, values, size, diags)),
            "PL" => {
                match value.trim() {
                    "B" | "b" | "1" => setup.to_move = Color::Black,
                    "W" | "w" | "2" => setup.to_move = Color::White,
                    _ => diags.push(Diagnostic::error(Code::SgfBadColour, format!("PL[{value}] is not B or W"), span)),
                }
                // Kept as given too (`PL[B]` is written back, not only `PL[W]`).
                game.extra.push(("PL".into(), raw_values(text, values)));
            }
            "KM" => match value.trim().parse::<f64>() {
                Ok(k) if k.is_finite() && writes_back_as_printed(k, value.trim()) => game.komi = Some(k),
                Ok(k) if k.is_finite() => {
                    // Writing the number back would change it (`1e20`, rounding): keep the text.
                    diags.push(Diagnostic::note(Code::SgfKomiAsText, format!("KM[{value}] has more digits than a number holds; kept as printed"), span));
                    game.extra.push(("KM".into(), vec![value]));
                }
                _ => {
                    diags.push(Diagnostic::warning(Code::SgfBadKomi, format!("KM[{value}] is not a number; kept as text"), span));
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
                diags.push(Diagnostic::warning(Code::SgfMoveInRoot, "a move in the root node is read as setup", span));
                let pts = point_list(text, values, size, diags);
                if ident == "B" { setup.black.extend(pts) } else { setup.white.extend(pts) }
            }
            _ => game.extra.push((ident.to_string(), raw_values(text, values))),
        }
    }
    // The start holds the stones the root leaves standing (AE clears them).
    setup.black.retain(|p| !game.cleared.contains(p));
    setup.white.retain(|p| !game.cleared.contains(p));
    let mut out = Game::new_go(size);
    out.start = Start::Go(setup);
    out.go = Some(Box::new(game));
    out
}

/// The nodes below the root, in tree order, onto `game`'s lines.
fn read_nodes(text: &str, arena: &Arena, root: u32, game: &mut Game, diags: &mut Vec<Diagnostic>) {
    let size = game.go_size();
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
        return;
    }
    if let Some(first) = arena.children(root).next() {
        game.lines[0].moves.reserve_exact(arena.line_length(first));
    }
    while let Some(Item { node: id, place, mut ply, mut nodes }) = work.pop() {
        let line = match place {
            Place::On(l) => l,
            Place::Leaves(parent) => {
                let mut line = variation(game.lines.len(), parent, ply, nodes);
                line.span = arena.nodes[id as usize].span;
                line.moves = Vec::with_capacity(arena.line_length(id));
                game.lines.push(line);
                game.lines.len() - 1
            }
        };
        let (mv, node) = read_node(text, arena, id, size, diags);
        match mv {
            Some((m, span)) => {
                game.lines[line].moves.push(move_node(text, m, span, node, std::mem::take(&mut pending)));
                ply += 1;
                nodes = 0;
            }
            None => {
                pending.push(node);
                nodes += 1;
            }
        }
        if !push_children(&mut work, id, line, ply, nodes) && !pending.is_empty() {
            game.lines[line].go_info_mut().after = std::mem::take(&mut pending);
        }
    }
}

/// Line `index` of a game, a variation leaving line `parent` after `ply`
/// moves of its full path and `nodes` moveless nodes after them (its span
/// and moves to come).
pub(super) fn variation(index: usize, parent: usize, ply: usize, nodes: usize) -> Line {
    Line {
        label: index.to_string(),
        parent: Some(parent),
        branch_ply: ply,
        go: (nodes > 0).then(|| Box::new(GoLineInfo { branch_nodes: nodes, ..GoLineInfo::default() })),
        ..Line::default()
    }
}

/// A node's move as the tree holds it: with what else the node holds (a
/// plain move holds nothing) and the moveless nodes `before` it.
pub(super) fn move_node(text: &str, mv: GoMove, span: Span, node: GoNode, before: Vec<GoNode>) -> MoveNode {
    let GoNode { setup, comments, extra, .. } = node;
    let held = MoveHeld { comments, extra, setup: (!setup.is_empty()).then_some(setup), before, ..MoveHeld::default() };
    MoveNode::go_move(GoMove::holding(mv.color, mv.mv, held), span, span.slice(text).to_string())
}

/// One node's properties: its move (with the span of its property), and its
/// setup, comments and other properties as a moveless node would hold them.
pub(super) fn read_node(text: &str, arena: &Arena, id: u32, size: u8, diags: &mut Vec<Diagnostic>) -> (Option<(GoMove, Span)>, GoNode) {
    let props = node_props(text, arena, id, diags);
    let node_span = arena.nodes[id as usize].span;
    let mut mv: Option<(GoMove, Span)> = None;
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
                                Diagnostic::error(Code::SgfBadPoint, format!("{raw:?} is not a point on {size} lines"), span)
                                    .with_label("not replayed; kept as written"),
                            );
                            extra.push((ident.to_string(), raw_values(text, values)));
                            continue;
                        }
                    }
                };
                if mv.is_some() {
                    diags.push(
                        Diagnostic::error(Code::SgfTwoMoves, "a node with two moves; the second is not replayed", *pspan).with_label("kept as written"),
                    );
                    extra.push((ident.to_string(), raw_values(text, values)));
                    continue;
                }
                mv = Some((GoMove::new(color, m), *pspan));
            }
            "AB" => setup.black.extend(point_list(text, values, size, diags)),
            "AW" => setup.white.extend(point_list(text, values, size, diags)),
            "AE" => setup.empty.extend(point_list(text, values, size, diags)),
            "C" if values.len() == 1 => comments.push(first_text(text, values)),
            "C" => several_comments(text, values, *pspan, &mut extra, diags),
            _ => extra.push((ident.to_string(), raw_values(text, values))),
        }
    }
    (mv, GoNode { setup, comments, extra, span: node_span })
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

