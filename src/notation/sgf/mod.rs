//! SGF FF[4] for Go: a lenient reader (`grammars/sgf.pest`, a flat token
//! stream; nesting is rebuilt with an explicit stack) and a writer.
//!
//! Read: GM FF CA SZ AB AW AE PL KM RE RU GN C, B/W with passes (`[]`, and
//! `[tt]` on boards up to 19), variations, compressed point lists (`[aa:cc]`).
//! Other properties are kept (root: `GoGame::extra`, moves: `GoMove::extra`)
//! and written back. Setup inside the tree (AB/AW/AE after the root) is kept
//! but not replayed, with a warning.

pub mod bench;
mod grammar;

use crate::diagnostic::Diagnostic;
use crate::notation::go_corner::{from_sgf, to_sgf};
use crate::notation::go_record::{self, GoGame, GoLine, GoMove};
use crate::rules::go::{Color, Move, Point, MAX_SIZE};
use crate::span::Span;
use crate::tree::{Source, Unread};
use grammar::Token;

/// What reading found: the games and every problem.
#[derive(Clone, Debug, PartialEq)]
pub struct ParsedSgf {
    pub games: Vec<GoGame>,
    pub unread: Vec<Unread>,
    pub diagnostics: Vec<Diagnostic>,
}

struct Prop {
    ident: String,
    values: Vec<(String, Span)>,
    span: Span,
}

struct Node {
    props: Vec<Prop>,
    children: Vec<usize>,
    span: Span,
}

/// Undo SGF escapes: `\` + line break is nothing (a soft break), `\` + c is c.
pub fn unescape(raw: &str) -> String {
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
    out
}

/// Escape text for a value: `\` and `]` get a backslash.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\\' || c == ']' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Read SGF text. Never fails; everything not understood is reported and kept.
pub fn parse(text: &str) -> ParsedSgf {
    let mut diagnostics = Vec::new();
    let mut unread = Vec::new();
    let mut nodes: Vec<Node> = Vec::new();
    let mut roots: Vec<usize> = Vec::new();
    // The node a new node attaches to, per open tree (None: a new game at the top level).
    let mut stack: Vec<Option<usize>> = Vec::new();
    let mut current: Option<usize> = None;
    let mut open_spans: Vec<Span> = Vec::new();
    let mut games = Vec::new();
    for (token, span) in grammar::tokens(text) {
        match token {
            Token::Open => {
                stack.push(current);
                open_spans.push(span);
            }
            Token::Close => match stack.pop() {
                Some(c) => {
                    current = c;
                    open_spans.pop();
                    if stack.is_empty() {
                        // A whole game tree is closed: build its games and free its nodes.
                        for root in roots.drain(..) {
                            if let Some(g) = build_game(&nodes, root, &mut diagnostics) {
                                games.push(g);
                            }
                        }
                        nodes.clear();
                        current = None;
                    }
                }
                None => {
                    diagnostics.push(Diagnostic::error("sgf::unmatched-close", "`)` closes no game tree", span));
                    unread.push(Unread { raw: span.slice(text).to_string(), span });
                }
            },
            Token::NodeStart => {
                let id = nodes.len();
                nodes.push(Node { props: Vec::new(), children: Vec::new(), span });
                match current {
                    Some(parent) => nodes[parent].children.push(id),
                    None => {
                        if stack.is_empty() {
                            diagnostics.push(Diagnostic::warning("sgf::node-outside-tree", "a node outside any `( … )`", span));
                        }
                        roots.push(id);
                    }
                }
                current = Some(id);
            }
            Token::Property { ident, ident_span, values } => match current {
                Some(n) => {
                    // FF[3] long names (`AddBlack`) keep their capitals only.
                    let short: String = ident.chars().filter(|c| c.is_ascii_uppercase()).collect();
                    if short != ident {
                        diagnostics.push(Diagnostic::note("sgf::lower-case-ident", format!("{ident:?} read as {short:?}"), ident_span));
                    }
                    nodes[n].span = nodes[n].span.join(span);
                    nodes[n].props.push(Prop { ident: short, values, span });
                }
                None => {
                    diagnostics.push(Diagnostic::error("sgf::property-outside-node", "a property before any `;` node", span));
                    unread.push(Unread { raw: span.slice(text).to_string(), span });
                }
            },
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
                if stack.is_empty() {
                    unread.push(Unread { raw: raw.to_string(), span });
                } else {
                    diagnostics.push(Diagnostic::error("sgf::junk", format!("cannot read {:?}", truncate(raw)), span));
                    unread.push(Unread { raw: raw.to_string(), span });
                }
            }
        }
    }
    if let Some(open) = open_spans.first() {
        diagnostics.push(
            Diagnostic::error("sgf::unclosed", format!("{} game tree(s) not closed with `)`", open_spans.len()), *open)
                .with_label("opened here"),
        );
    }
    for root in roots {
        if let Some(g) = build_game(&nodes, root, &mut diagnostics) {
            games.push(g);
        }
    }
    ParsedSgf { games, unread, diagnostics }
}

fn truncate(s: &str) -> String {
    s.chars().take(40).collect()
}

fn first_value(p: &Prop) -> Option<&(String, Span)> {
    p.values.first()
}

/// Points of a list value: `aa` or a rectangle `aa:cc`.
fn point_list(p: &Prop, size: u8, diags: &mut Vec<Diagnostic>) -> Vec<Point> {
    let mut out = Vec::new();
    for (raw, span) in &p.values {
        let bad = |diags: &mut Vec<Diagnostic>| {
            diags.push(Diagnostic::error("sgf::bad-point", format!("{raw:?} is not a point on {size} lines"), *span));
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

/// One game from its root node; `None` if its size cannot be played.
fn build_game(nodes: &[Node], root: usize, diags: &mut Vec<Diagnostic>) -> Option<GoGame> {
    let root_node = &nodes[root];
    let mut size = 19u8;
    for p in &root_node.props {
        if p.ident == "SZ"
            && let Some((v, span)) = first_value(p)
        {
            match v.trim().parse::<u8>() {
                Ok(n) if (1..=MAX_SIZE).contains(&n) => size = n,
                _ => {
                    diags.push(
                        Diagnostic::error("sgf::bad-size", format!("board size {v:?} is not a square board of 1..={MAX_SIZE}"), *span)
                            .with_label("this game is not read"),
                    );
                    return None;
                }
            }
        }
    }
    let mut game = GoGame::new(size);
    game.span = root_node.span;
    for p in &root_node.props {
        let value = first_value(p).map(|(v, _)| unescape(v)).unwrap_or_default();
        let span = first_value(p).map_or(p.span, |(_, s)| *s);
        match p.ident.as_str() {
            "SZ" | "FF" => {}
            "GM" => {
                if value.trim() != "1" {
                    diags.push(Diagnostic::warning("sgf::not-go", format!("GM[{value}] is not Go (GM[1]); read as Go"), span));
                }
            }
            "CA" => {
                if !value.trim().eq_ignore_ascii_case("utf-8") && !value.trim().eq_ignore_ascii_case("utf8") {
                    diags.push(Diagnostic::warning("sgf::charset", format!("CA[{value}]: the text was read as UTF-8"), span));
                }
            }
            "AB" => game.black.extend(point_list(p, size, diags)),
            "AW" => game.white.extend(point_list(p, size, diags)),
            "AE" => game.empty.extend(point_list(p, size, diags)),
            "PL" => match value.trim() {
                "B" | "b" | "1" => game.to_play = Color::Black,
                "W" | "w" | "2" => game.to_play = Color::White,
                _ => diags.push(Diagnostic::error("sgf::bad-colour", format!("PL[{value}] is not B or W"), span)),
            },
            "KM" => match value.trim().parse::<f64>() {
                Ok(k) if k.is_finite() && writes_back_as_printed(k, value.trim()) => game.komi = Some(k),
                Ok(k) if k.is_finite() => {
                    // Writing the number back would change it (`1e20`, rounding): keep the text.
                    diags.push(Diagnostic::note("sgf::komi-as-text", format!("KM[{value}] has more digits than a number holds; kept as printed"), span));
                    game.extra.push(("KM".into(), vec![value]));
                }
                _ => {
                    diags.push(Diagnostic::warning("sgf::bad-komi", format!("KM[{value}] is not a number; kept as text"), span));
                    game.extra.push(("KM".into(), vec![value]));
                }
            },
            "RE" => game.result = Some(value),
            "RU" => game.ruleset = Some(value),
            "GN" => game.title = value,
            "C" => game.comments.push(value),
            "B" | "W" => diags.push(Diagnostic::warning("sgf::move-in-root", "a move in the root node is read as setup", span)),
            _ => game.extra.push((p.ident.clone(), p.values.iter().map(|(v, _)| unescape(v)).collect())),
        }
    }
    // A root move (rare) is kept as setup so nothing is lost.
    for p in &root_node.props {
        if p.ident == "B" || p.ident == "W" {
            let pts = point_list(p, size, diags);
            if p.ident == "B" { game.black.extend(pts) } else { game.white.extend(pts) }
        }
    }
    // Walk the tree without recursion. The first child continues its line;
    // each later child starts a variation branching after `ply` moves.
    enum Place {
        On(usize),
        Branch { parent: usize, ply: usize },
    }
    let mut work: Vec<(usize, Place, usize)> = Vec::new();
    let children = &nodes[root].children;
    for &c in children.iter().skip(1).rev() {
        work.push((c, Place::Branch { parent: 0, ply: 0 }, 0));
    }
    if let Some(&c) = children.first() {
        work.push((c, Place::On(0), 0));
    }
    while let Some((id, place, depth)) = work.pop() {
        let node = &nodes[id];
        let line = match place {
            Place::On(l) => l,
            Place::Branch { parent, ply } => {
                game.lines.push(GoLine {
                    label: format!("{}", game.lines.len()),
                    parent: Some(parent),
                    branch_ply: ply,
                    span: node.span,
                    ..GoLine::default()
                });
                game.lines.len() - 1
            }
        };
        let mut depth_after = depth;
        if let Some(mv) = node_move(node, size, diags) {
            game.lines[line].moves.push(mv);
            depth_after += 1;
        } else {
            attach_moveless(&mut game, line, node, diags);
        }
        for &c in node.children.iter().skip(1).rev() {
            work.push((c, Place::Branch { parent: line, ply: depth_after }, depth_after));
        }
        if let Some(&c) = node.children.first() {
            work.push((c, Place::On(line), depth_after));
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

/// The move of a node, if it has one (B or W).
fn node_move(node: &Node, size: u8, diags: &mut Vec<Diagnostic>) -> Option<GoMove> {
    let mut found: Option<GoMove> = None;
    for p in &node.props {
        let color = match p.ident.as_str() {
            "B" => Color::Black,
            "W" => Color::White,
            _ => continue,
        };
        let (raw, span) = first_value(p).cloned().unwrap_or_default();
        let raw = raw.trim();
        let mv = if raw.is_empty() || (raw == "tt" && size <= 19) {
            Move::Pass
        } else {
            match from_sgf(raw, size) {
                Some(pt) => Move::Play(pt),
                None => {
                    diags.push(Diagnostic::error("sgf::bad-point", format!("{raw:?} is not a point on {size} lines"), span));
                    continue;
                }
            }
        };
        if found.is_some() {
            diags.push(Diagnostic::error("sgf::two-moves", "a node with two moves; the second is ignored", p.span));
            continue;
        }
        found = Some(GoMove {
            color,
            mv,
            span: p.span,
            printed: format!("{}[{raw}]", p.ident),
            comments: Vec::new(),
            expect_captures: None,
            refused: None,
            extra: Vec::new(),
        });
    }
    let mv = found.as_mut()?;
    for p in &node.props {
        match p.ident.as_str() {
            "B" | "W" => {}
            "C" => mv.comments.extend(p.values.iter().map(|(v, _)| unescape(v))),
            "AB" | "AW" | "AE" => {
                diags.push(Diagnostic::warning("sgf::setup-in-tree", "setup after the root is kept but not replayed", p.span));
                mv.extra.push((p.ident.clone(), p.values.iter().map(|(v, _)| unescape(v)).collect()));
            }
            _ => mv.extra.push((p.ident.clone(), p.values.iter().map(|(v, _)| unescape(v)).collect())),
        }
    }
    found
}

/// A node without a move: its comment joins the line's last move (or the game),
/// its other properties are kept on that move.
fn attach_moveless(game: &mut GoGame, line: usize, node: &Node, diags: &mut Vec<Diagnostic>) {
    for p in &node.props {
        if p.ident == "B" || p.ident == "W" {
            // A move that could not be read: already reported where it stands.
            continue;
        }
        let values: Vec<String> = p.values.iter().map(|(v, _)| unescape(v)).collect();
        let target = game.lines[line].moves.last_mut();
        match (p.ident.as_str(), target) {
            ("C", Some(m)) => m.comments.extend(values),
            ("C", None) => game.comments.extend(values),
            (_, Some(m)) => {
                if matches!(p.ident.as_str(), "AB" | "AW" | "AE") {
                    diags.push(Diagnostic::warning("sgf::setup-in-tree", "setup after the root is kept but not replayed", p.span));
                }
                m.extra.push((p.ident.clone(), values));
            }
            (_, None) => {
                diags.push(Diagnostic::warning("sgf::setup-in-tree", "a property in a node before any move is kept on the game", p.span));
                game.extra.push((p.ident.clone(), values));
            }
        }
    }
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

/// Write games as one SGF collection (FF[4], UTF-8). Passes are written `[]`.
pub fn write(games: &[GoGame]) -> String {
    let mut out = String::new();
    for game in games {
        write_game(&mut out, game);
        out.push('\n');
    }
    out
}

fn write_game(out: &mut String, game: &GoGame) {
    // A move the text says is refused is not a move: it becomes a comment on
    // the node before it, and takes no place in the tree (but keeps its ply
    // in `paths`, so branch points still count it as the record does).
    let mut moves: Vec<&GoMove> = vec![];
    let mut children: Vec<Vec<usize>> = vec![Vec::new()];
    let mut notes: Vec<Vec<String>> = vec![Vec::new()];
    let mut paths: Vec<Vec<usize>> = Vec::new();
    for (i, line) in game.lines.iter().enumerate() {
        let parent = line.parent.filter(|&p| p < i).unwrap_or(0);
        let mut path: Vec<usize> = if i == 0 { Vec::new() } else { paths[parent].clone() };
        path.truncate(if i == 0 { 0 } else { line.branch_ply });
        let mut at = path.last().copied().unwrap_or(0);
        for mv in &line.moves {
            if let Some(reason) = &mv.refused {
                let what = match mv.mv {
                    Move::Pass => "pass".to_string(),
                    Move::Play(p) => to_sgf(p),
                };
                notes[at].push(format!("Refused: {} {what} ({reason})", mv.color.letter()));
                path.push(at);
                continue;
            }
            moves.push(mv);
            children.push(Vec::new());
            notes.push(Vec::new());
            let id = moves.len();
            children[at].push(id);
            path.push(id);
            at = id;
        }
        paths.push(path);
    }

    out.push_str(&format!("(;GM[1]FF[4]CA[UTF-8]SZ[{}]", game.size));
    if let Some(r) = &game.ruleset {
        prop(out, "RU", std::slice::from_ref(r));
    }
    if let Some(k) = game.komi {
        out.push_str(&format!("KM[{k}]"));
    }
    if let Some(r) = &game.result {
        prop(out, "RE", std::slice::from_ref(r));
    }
    if !game.title.is_empty() {
        prop(out, "GN", std::slice::from_ref(&game.title));
    }
    let mut root_comments = game.comments.clone();
    root_comments.extend(notes[0].iter().cloned());
    if !root_comments.is_empty() {
        prop(out, "C", &[root_comments.join("\n\n")]);
    }
    let setup = game.setup();
    for (ident, pts) in [("AB", &setup.black), ("AW", &setup.white)] {
        prop(out, ident, &pts.iter().map(|&p| to_sgf(p)).collect::<Vec<_>>());
    }
    if game.to_play == Color::White {
        out.push_str("PL[W]");
    }
    for (ident, values) in &game.extra {
        prop(out, ident, values);
    }
    out.push('\n');

    // Rebuild the tree: node 0 is the root, node n>0 is a move (line, index).
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
                let mv = moves[id - 1];
                if in_row == 10 {
                    out.push('\n');
                    in_row = 0;
                }
                in_row += 1;
                let value = match mv.mv {
                    Move::Pass => String::new(),
                    Move::Play(p) => to_sgf(p),
                };
                out.push_str(&format!(";{}[{value}]", mv.color.letter()));
                let mut comments = mv.comments.clone();
                comments.extend(notes[id].iter().cloned());
                if !comments.is_empty() {
                    prop(out, "C", &[comments.join("\n\n")]);
                }
                for (ident, values) in &mv.extra {
                    prop(out, ident, values);
                }
                push_children(&mut work, &children[id]);
            }
        }
    }
    out.push_str(")\n");
}

/// Read, replay and build the shared tree for an SGF file.
pub fn read(name: &str, text: &str) -> Source {
    let parsed = parse(text);
    let mut diagnostics = parsed.diagnostics;
    let mut games = Vec::new();
    // Each game is converted and dropped in turn, to keep the peak small on big files.
    for g in parsed.games {
        let replayed = go_record::replay(&g);
        diagnostics.extend(replayed.diagnostics.iter().cloned());
        let mut game = go_record::to_game(&g, &replayed);
        // A move's printed text is exactly what its span covers (`B [dd]`, a second value).
        for m in game.lines.iter_mut().flat_map(|l| &mut l.moves) {
            if let Some(printed) = text.get(m.span.start..m.span.end) {
                if printed != m.printed {
                    m.printed = printed.to_string();
                }
            }
        }
        games.push(game);
    }
    if games.is_empty() {
        diagnostics.push(
            Diagnostic::error("sgf::no-games", "no game found: the text has no `(;` game tree", Span::new(0, text.len()))
                .with_label("no game tree here")
                .with_help("an SGF game looks like (;GM[1]FF[4]SZ[19];B[pd];W[dd])"),
        );
    }
    diagnostics.sort_by_key(|d| d.span.start);
    Source { name: name.to_string(), notation: "sgf".into(), games, unread: parsed.unread, diagnostics }
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
        let strip = |games: &[GoGame]| -> Vec<GoGame> {
            games
                .iter()
                .map(|g| {
                    let mut g = g.clone();
                    g.span = Span::default();
                    for l in &mut g.lines {
                        l.span = Span::default();
                        for m in &mut l.moves {
                            m.span = Span::default();
                            m.printed.clear();
                        }
                    }
                    g
                })
                .collect()
        };
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
