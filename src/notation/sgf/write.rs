//! The SGF writer: FF[4], UTF-8, one collection; each line's nodes hung
//! where the line leaves its parent.

use super::escape;
use crate::notation::go_corner::to_sgf;
use crate::tree::{Game, GoGameInfo, GoMove, GoNode, SetupChange};
use crate::rules::go::{Color, Move, Point};

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
pub fn write(games: &[Game]) -> String {
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

/// The written tree of `game`: its nodes (0 the root, then each line's own
/// nodes in order) and each node's children in order (a line's next own
/// node first, then the lines that leave there).
fn layout(game: &Game) -> (Vec<Written<'_>>, Vec<Vec<usize>>) {
    let mut nodes: Vec<Written> = vec![Written::Root];
    let mut lines: Vec<LineNodes> = Vec::with_capacity(game.lines.len());
    for (li, line) in game.lines.iter().enumerate() {
        let info = line.go_info();
        let start = if li == 0 { (0, 0) } else { (line.branch_ply, info.branch_nodes) };
        let parent = line.parent.filter(|&p| p < li).unwrap_or(0);
        let mut at = start;
        let mut l = LineNodes { after: Vec::new(), ids: Vec::new(), start, parent };
        fn add<'g>(w: Written<'g>, at: (usize, usize), l: &mut LineNodes, nodes: &mut Vec<Written<'g>>) {
            l.after.push(at);
            l.ids.push(nodes.len());
            nodes.push(w);
        }
        for mv in line.moves.iter().filter_map(|m| m.go.as_deref()) {
            for n in mv.before() {
                at.1 += 1;
                add(Written::Plain(n), at, &mut l, &mut nodes);
            }
            at = (at.0 + 1, 0);
            add(Written::Move(mv), at, &mut l, &mut nodes);
        }
        for n in &info.after {
            at.1 += 1;
            add(Written::Plain(n), at, &mut l, &mut nodes);
        }
        lines.push(l);
    }
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
    (nodes, children)
}

/// The root node's properties (after `(;`).
fn write_root(out: &mut String, game: &Game) {
    let no_info = GoGameInfo::default();
    let info = game.go_info().unwrap_or(&no_info);
    let setup = game.go_setup().unwrap_or_default();
    out.push_str("(;GM[1]FF[4]CA[UTF-8]");
    out.push_str(&format!("SZ[{}]", setup.size));
    if !info.title.is_empty() {
        prop(out, "GN", std::slice::from_ref(&info.title));
    }
    if let Some(r) = &info.ruleset {
        prop(out, "RU", std::slice::from_ref(r));
    }
    if let Some(k) = info.komi {
        out.push_str(&format!("KM[{k}]"));
    }
    if let Some(r) = &info.result {
        prop(out, "RE", std::slice::from_ref(r));
    }
    comment_prop(out, &info.comments);
    points_prop(out, "AB", &setup.black);
    points_prop(out, "AW", &setup.white);
    points_prop(out, "AE", &info.cleared);
    if setup.to_move == Color::White && !info.extra.iter().any(|(i, _)| i == "PL") {
        out.push_str("PL[W]");
    }
    for (ident, values) in &info.extra {
        raw_prop(out, ident, values);
    }
    out.push('\n');
}

/// One node's properties (after its `;`).
fn write_node(out: &mut String, node: Written<'_>) {
    match node {
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
            comment_prop(out, mv.comments());
            for (ident, values) in mv.extra() {
                raw_prop(out, ident, values);
            }
        }
    }
}

fn write_game(out: &mut String, game: &Game) {
    let (nodes, children) = layout(game);
    write_root(out, game);
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
                write_node(out, nodes[id]);
                push_children(&mut work, &children[id]);
            }
        }
    }
    out.push_str(")\n");
}
