//! A game's section: its lines as nested `<details>`, each move beside the
//! text it was read from, and the boards drawn along a line.

use super::place::has_start_board;
use super::{escape, outcome_name, severity_name, status_name, verdict_badge, Ctx};
use crate::report::board_svg::{self, Size};
use crate::diagnostic::{Code, Severity};
use crate::report::position::{replay_game, Board, GameKind, Replayed};
use crate::tree::{AnnotationKind, LineStatus, MoveNode};
use std::fmt::Write;


pub(super) fn game_section(s: &mut String, cx: &mut Ctx, g: usize) {
    let game = &cx.source.games[g];
    let replayed = replay_game(cx.kind, game);
    let _ = write!(s, "<section class=game id=g{g}><h2>{}</h2>", escape(&game.name));
    if !game.tags.is_empty() {
        s.push_str("<dl class=tags>");
        for (k, v) in &game.tags {
            let _ = write!(s, "<dt>{}</dt><dd>{}</dd>", escape(k), escape(v));
        }
        s.push_str("</dl>");
    }
    // Children at their parent's branch ply; a line whose parent is missing or loops stands at the top.
    let n = game.lines.len();
    let children: Vec<Vec<usize>> = (0..n).map(|i| game.children(i).collect()).collect();
    // Ply of each line's first move from the game's start; `None` below a line with its own start (its move numbers are unknown).
    // Branch plies already count from the game's start.
    let base: Vec<Option<usize>> = (0..n)
        .map(|i| {
            let own_start = game.ancestors(i).any(|at| game.lines[at].start.is_some());
            let line = &game.lines[i];
            (!own_start).then(|| if line.parent.is_some() { line.branch_ply } else { 0 })
        })
        .collect();
    let mut done = vec![false; n];
    for i in 0..n {
        let top = game.lines[i].parent.is_none_or(|p| p >= n || p == i);
        if top {
            line_block(s, cx, g, i, &children, &base, &replayed, &mut done, 0);
        }
    }
    // Lines only reachable through a loop of parents.
    for i in 0..n {
        if !done[i] {
            line_block(s, cx, g, i, &children, &base, &replayed, &mut done, 0);
        }
    }
    s.push_str("</section>");
}

#[allow(clippy::too_many_arguments)]
fn line_block(s: &mut String, cx: &mut Ctx, g: usize, i: usize, children: &[Vec<usize>], base: &[Option<usize>], replayed: &[Replayed], done: &mut [bool], depth: usize) {
    if done[i] {
        return;
    }
    done[i] = true;
    let game = &cx.source.games[g];
    let line = &game.lines[i];
    let status = status_name(line.status);
    let _ = write!(s, "<details class=\"line {status}\" id=g{g}-l{i} open><summary><b>{}</b> <span class=\"st {status}\">{status}</span> {} moves", escape(&line.label), line.moves.len());
    if let Some(p) = line.parent {
        let parent = game.lines.get(p).map_or("?", |l| l.label.as_str());
        let _ = write!(s, ", from {} after {} moves", escape(parent), line.branch_ply);
    }
    if line.start.is_some() {
        s.push_str(", <i>own start</i>");
    }
    if let Some(r) = &line.stated_result {
        let _ = write!(s, " · <span class=result>stated: “{}” ({})</span>", escape(r.printed.trim()), outcome_name(r.outcome));
    }
    let pages: Vec<String> = line
        .pages
        .iter()
        .filter_map(|&p| game.pages.get(p))
        .map(|p| match (p.number, &p.head) {
            (Some(n), _) => format!("p. {n}"),
            (None, Some(head)) => head.clone(),
            (None, None) => String::new(),
        })
        .filter(|p| !p.is_empty())
        .collect();
    if !pages.is_empty() {
        let _ = write!(s, " · <span class=pages>{}</span>", escape(&pages.join(", ")));
    }
    if let Some(c) = &line.contributor {
        let _ = write!(s, " · <span class=contributor>contributed by {}</span>", escape(&c.name));
    }
    let _ = write!(s, "<span class=verdict>{}</span>", verdict_badge(line));
    let _ = write!(s, " <a href=\"#g{g}-l{i}\">#</a></summary>");
    // Moves, with the variations that branch at each.
    let kids = &children[i];
    s.push_str("<div class=moves>");
    let stuck = replayed.get(i).and_then(|r| r.stuck_at);
    for k in 0..=line.moves.len() {
        if let Some(m) = line.moves.get(k) {
            move_html(s, cx, g, i, k, base[i].map(|b| b + k), m, stuck == Some(k));
        }
        // A variation follows the move it replaces (move `branch_ply` of its parent).
        let last = k == line.moves.len();
        let ply = k + if line.parent.is_some() { line.branch_ply } else { 0 };
        for &c in kids.iter().filter(|&&c| game.lines[c].branch_ply == ply || (last && game.lines[c].branch_ply > ply)) {
            if depth < 60 {
                line_block(s, cx, g, c, children, base, replayed, done, depth + 1);
            }
        }
    }
    s.push_str("</div>");
    if let Some(u) = &line.unread {
        let _ = write!(s, "<p id=s{g}-{i}>Stops after {} moves; not read:</p><div class=unread>{}</div>", line.moves.len(), escape(&u.raw));
    }
    if !line.annotations.is_empty() {
        s.push_str("<ul>");
        for a in &line.annotations {
            let _ = write!(s, "<li><b>{}</b> {}</li>", escape(a.kind.as_str()), escape(&a.text));
        }
        s.push_str("</ul>");
    }
    similar_links(s, g, game, line);
    boards(s, cx, g, i, replayed.get(i));
    if let Some(ds) = cx.by_line.get(&(g, i)) {
        // One entry per kind of finding, each of its diagnostics a numbered link.
        s.push_str("<p class=dl>");
        let mut codes: Vec<(Code, Severity, Vec<usize>)> = Vec::new();
        for &d in ds {
            let diag = &cx.source.diagnostics[d];
            match codes.iter_mut().find(|c| c.0 == diag.code) {
                Some(c) => c.2.push(d),
                None => codes.push((diag.code, diag.severity, vec![d])),
            }
        }
        for (code, sev, list) in codes {
            let _ = write!(s, "<span class={}>{} <code>{}</code>", severity_name(sev), severity_name(sev), escape(code.as_str()));
            for (n, d) in list.iter().enumerate() {
                let _ = write!(s, " <a href=\"#d{d}\">{}</a>", n + 1);
            }
            s.push_str("</span> ");
        }
        s.push_str("</p>");
    }
    s.push_str("</details>");
}

#[allow(clippy::too_many_arguments)]
fn move_html(s: &mut String, cx: &Ctx, g: usize, l: usize, k: usize, ply: Option<usize>, m: &MoveNode, stuck: bool) {
    if let Some(ply) = ply.filter(|p| p.is_multiple_of(2) && cx.kind != GameKind::Go) {
        let _ = write!(s, "<b>{}.</b>", ply / 2 + 1);
    }
    let class = if stuck {
        " class=x"
    } else if m.repair.is_some() {
        " class=r"
    } else {
        ""
    };
    let id = if cx.targets.contains(&(g, l, k)) { format!(" id=m{g}-{l}-{k}") } else { String::new() };
    let _ = write!(s, "<i{class}{id}>{}", escape(&m.text));
    let printed: String = m.printed.split_whitespace().collect::<Vec<_>>().join(" ");
    if printed != m.text {
        let _ = write!(s, "<small>{}</small>", escape(&printed));
    }
    if let Some(r) = &m.repair {
        let edits: Vec<String> = r
            .edits
            .iter()
            .map(|e| if e.to.is_empty() { format!("“{}” dropped ({})", e.from, e.kind) } else { format!("“{}”→“{}” ({})", e.from, e.to, e.kind) })
            .collect();
        let _ = write!(s, "<em>{} · confidence {:.2}</em>", escape(&edits.join(", ")), r.confidence);
    }
    if stuck {
        s.push_str("<em> (not replayed)</em>");
    }
    s.push_str("</i>");
    for a in &m.annotations {
        if a.kind == AnnotationKind::Star {
            s.push_str("<span class=a>*</span>");
        } else {
            let _ = write!(s, "<span class=a>[{}: {}]</span>", escape(a.kind.as_str()), escape(&a.text));
        }
    }
}

fn figure(s: &mut String, cx: &mut Ctx, board: Option<&Board>, arrow: Option<&[u8]>, size: Size, caption: &str) {
    s.push_str("<figure>");
    match board {
        Some(b) => s.push_str(&board_svg::board(b, arrow, size, caption)),
        None => {
            let _ = write!(
                s,
                "<svg class=\"board unknown\" viewBox=\"0 0 80 80\" width=120 height=120 role=img aria-label=\"{}\"><rect width=80 height=80 fill=\"#eee\"/><text x=40 y=42 font-size=6 text-anchor=middle>position unknown</text></svg>",
                escape(caption)
            );
        }
    }
    cx.boards += 1;
    let _ = write!(s, "<figcaption>{}</figcaption></figure>", escape(caption));
}

fn boards(s: &mut String, cx: &mut Ctx, g: usize, i: usize, replayed: Option<&Replayed>) {
    let game = &cx.source.games[g];
    let line = &game.lines[i];
    let empty = Replayed::default();
    let r = replayed.unwrap_or(&empty);
    s.push_str("<div class=boards>");
    if has_start_board(cx.kind, game, line) {
        let caption = if line.start.is_some() { "start (inferred or set for this line)" } else { "start (set by the source)" };
        figure(s, cx, r.boards.first(), None, Size::Normal, caption);
    }
    let plies = cx.error_plies.get(&(g, i)).cloned().unwrap_or_default();
    for k in plies {
        let text = line.moves.get(k).map_or("", |m| m.text.as_str());
        figure(s, cx, r.at(k), line.moves.get(k).map(|m| m.squares.as_slice()), Size::Normal, &format!("before move {} ({text}): an error", k + 1));
    }
    let end = r.boards.last();
    let caption = match (r.stuck_at, &line.unread, line.status) {
        (Some(k), _, _) => format!("the replay stops before move {} ({})", k + 1, line.moves.get(k).map_or("", |m| m.text.as_str())),
        (None, Some(_), _) | (None, None, LineStatus::Partial | LineStatus::Unreadable) => format!("stops after {} moves", line.moves.len()),
        (None, None, _) => format!("end, after {} moves", line.moves.len()),
    };
    match &line.refused {
        Some(refused) => figure(s, cx, end, Some(&refused.squares), Size::Normal, &format!("{caption}; the next move as printed, {}, is against the rules", refused.text)),
        None => figure(s, cx, end, None, Size::Normal, &caption),
    }
    if !line.readings.is_empty() {
        s.push_str("<div class=cands><span>Possible readings:</span>");
        for reading in &line.readings {
            figure(s, cx, end, Some(&reading.squares), Size::Small, &format!("read as {}", reading.text));
        }
        s.push_str("</div>");
    }
    s.push_str("</div>");
}

/// A line's `s` signs: each a link to the line it points at, or said to point nowhere found.
fn similar_links(s: &mut String, g: usize, game: &crate::tree::Game, line: &crate::tree::Line) {
    if line.similar.is_empty() {
        return;
    }
    s.push_str("<ul class=similar>");
    for link in &line.similar {
        let at = link.at_move.and_then(|m| line.moves.get(m)).map_or_else(|| "in the unread text".to_string(), |m| format!("at {}", escape(&m.text)));
        match &link.target {
            Some(t) => {
                let name = if t.line == "trunk" { "the trunk".to_string() } else { format!("variation {}", escape(&t.line)) };
                let before = t.at_move.map_or(String::new(), |m| format!(" before its move {}", m + 1));
                let same = match t.same_position {
                    Some(true) => ", the same position",
                    Some(false) => ", a similar (not the same) position",
                    None => "",
                };
                match game.lines.iter().position(|l| l.label == t.line) {
                    Some(to) => {
                        let _ = write!(s, "<li><b>similar position</b> s {at}: see <a href=\"#g{g}-l{to}\">{name}</a>{before} ({}{same})</li>", t.by.as_str());
                    }
                    None => {
                        let _ = write!(s, "<li><b>similar position</b> s {at}: see {name}{before} ({}{same})</li>", t.by.as_str());
                    }
                }
            }
            None => {
                let _ = write!(s, "<li><b>similar position</b> s {at}: its target was not found</li>");
            }
        }
    }
    s.push_str("</ul>");
}
