//! Entries by structure, applied to the tree after reading: a line typed in
//! from the scan, one move, a branch point, a start position, a result, a
//! contributor. Each is found by its game and line, replayed with the draughts
//! engine from where its line starts, and applied only if every move stays
//! legal; otherwise it is an error in the corrections file and the tree is
//! left as read.
//!
//! A column read in pieces (a line that stopped, then its rests read on after
//! gaps, `LineOrigin::Resumed`) is made whole again by the entries that fill
//! its gaps: a single move added where a piece stopped, after which the next
//! piece starts from exactly the position it leaves, joins that piece on (its
//! moves as the reader read them from the printed text, checked by the rules
//! from there); a whole line typed in for the column replaces every piece.
//! Pieces so taken up are removed from the game, their variations moved onto
//! the whole line at the position they branch from.

use super::syntax::{Address, Body, LineRef, Spanned, Squares};
use super::Loaded;
use crate::diagnostic::{Code, Diagnostic};
use crate::text::draughts::move_text_among;
use crate::rules::draughts::{parse_fen, resolve_among, write_fen, Position, ResolveError};
use crate::span::Span;
use crate::tree::{Annotation, AnnotationKind, Correction, CorrectionKind, Contributor, Game, Line, LineOrigin, LineStatus, MoveNode, Origin, Source, Start, StatedResult};
use std::collections::{BTreeSet, HashMap};

/// Apply every structure entry of `loaded` to `source`; the diagnostics have spans in the corrections file.
pub fn apply(source: &mut Source, loaded: &Loaded) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    let draughts = !matches!(source.notation.game(), Some(crate::tree::GameKind::Lasca | crate::tree::GameKind::Go));
    // What each entry claims, to find two entries for one thing.
    let mut claimed: HashMap<Claim, usize> = HashMap::new();
    let mut order: Vec<(u8, usize, usize, usize)> = Vec::new();
    for (index, entry) in loaded.entries.iter().enumerate() {
        let Some(at) = entry.body.address() else { continue };
        if !draughts {
            diagnostics.push(
                Diagnostic::error(Code::FixesNotDraughts, format!("entries by game and line are replayed with the draughts rules; this source was read as {}", source.notation), entry.span)
                    .with_label("cannot be applied")
                    .with_help("correct this source by place (`at LINE:COL \"old\" -> \"new\"`)"),
            );
            continue;
        }
        let Some((g, l)) = find(source, at, &mut diagnostics) else { continue };
        let Some((stage, claims)) = claims_of(&entry.body) else { continue };
        if let Some((other, what)) = clash(&claimed, g, l, &claims) {
            diagnostics.push(
                Diagnostic::error(
                    Code::FixesDuplicateEntry,
                    format!("two entries for one thing: the entry on line {} already sets the {what} of game {}, {}", loaded.entries[other].line, at.game.value, at.line.value),
                    entry.span,
                )
                .with_label("contradicts an earlier entry"),
            );
            continue;
        }
        for (what, n) in claims {
            claimed.insert((g, l, what, n), index);
        }
        order.push((stage, index, g, l));
    }
    // Where lines start first, then whole lines, then single moves, then results and contributors.
    order.sort_by_key(|o| (o.0, o.1));
    // Pieces of columns taken up into a whole line, per game: removed at the end, so addresses stay valid until then.
    let mut taken_up: HashMap<usize, BTreeSet<usize>> = HashMap::new();
    for (_, index, g, l) in order {
        let taken = taken_up.entry(g).or_default();
        if taken.contains(&l) {
            let entry = &loaded.entries[index];
            diagnostics.push(
                Diagnostic::error(Code::FixesContradiction, format!("not applied: game {}, {} was taken up into its whole column by another entry", g + 1, source.games[g].lines[l].label), entry.span)
                    .with_label("this piece is no longer a line")
                    .with_help("address the column the piece belongs to"),
            );
            continue;
        }
        if let Err(d) = apply_entry(&mut source.games[g], l, index, loaded, taken) {
            diagnostics.push(d);
        }
    }
    for (g, gone) in taken_up {
        remove_lines(&mut source.games[g], &gone);
    }
    diagnostics
}

/// The pieces of the column line `index` belongs to that come after it, by piece number.
fn later_pieces(game: &Game, index: usize, taken: &BTreeSet<usize>) -> Vec<usize> {
    let (column, after) = match game.lines[index].origin {
        LineOrigin::Resumed { of, piece, .. } => (of, piece),
        _ => (index, 1),
    };
    let mut pieces: Vec<(usize, usize)> = game
        .lines
        .iter()
        .enumerate()
        .filter(|(i, _)| !taken.contains(i))
        .filter_map(|(i, l)| match l.origin {
            LineOrigin::Resumed { of, piece, .. } if of == column && piece > after => Some((piece, i)),
            _ => None,
        })
        .collect();
    pieces.sort_unstable();
    pieces.into_iter().map(|(_, i)| i).collect()
}

/// After line `index` took up `pieces`: every line branching from a piece
/// branches from line `index` where its start position arises there, or, if
/// it does not, keeps that position as its own start. The pieces are marked taken.
fn move_children(game: &mut Game, index: usize, pieces: &[usize], taken: &mut BTreeSet<usize>) {
    let base = if game.lines[index].parent.is_some() { game.lines[index].branch_ply } else { 0 };
    let along: Vec<Position> = start_of(game, index)
        .map(|mut pos| {
            let mut out = vec![pos];
            for m in &game.lines[index].moves {
                let Ok(mv) = resolve_among(&pos.legal_moves(), &m.squares) else { break };
                pos = pos.play(&mv);
                out.push(pos);
            }
            out
        })
        .unwrap_or_default();
    for &piece in pieces {
        let children: Vec<usize> = game.children(piece).collect();
        for child in children {
            let Ok(from) = start_of(game, child) else { continue };
            let below: Vec<usize> = (0..game.lines.len()).filter(|&i| game.descends_from(i, child)).collect();
            let old = game.lines[child].branch_ply;
            let new = match along.iter().position(|p| *p == from) {
                Some(k) => {
                    game.lines[child].parent = Some(index);
                    base + k
                }
                None => {
                    game.lines[child].parent = None;
                    game.lines[child].start = Some(Start::Draughts(from.setup()));
                    0
                }
            };
            game.lines[child].branch_ply = new;
            // Plies below count from the same start as the child's.
            for i in below {
                game.lines[i].branch_ply = (game.lines[i].branch_ply + new).saturating_sub(old);
            }
        }
        taken.insert(piece);
    }
}

/// Remove lines `gone` from `game`, every index into its lines mended.
fn remove_lines(game: &mut Game, gone: &BTreeSet<usize>) {
    let mut new_index = Vec::with_capacity(game.lines.len());
    let mut next = 0;
    for i in 0..game.lines.len() {
        new_index.push((!gone.contains(&i)).then(|| {
            next += 1;
            next - 1
        }));
    }
    let lines = std::mem::take(&mut game.lines);
    game.lines = lines.into_iter().enumerate().filter(|(i, _)| !gone.contains(i)).map(|(_, l)| l).collect();
    for line in &mut game.lines {
        line.parent = line.parent.and_then(|p| new_index[p]);
        if let LineOrigin::Resumed { of, .. } = &mut line.origin
            && let Some(now) = new_index[*of]
        {
            *of = now;
        }
    }
}

/// What an entry sets: (game, line, what, move number or 0).
type Claim = (usize, usize, &'static str, usize);

/// The stage an entry is applied in and what it sets in its line; `None` for
/// an entry by place.
fn claims_of(body: &Body) -> Option<(u8, Vec<(&'static str, usize)>)> {
    Some(match body {
        Body::Branch { .. } | Body::Start { .. } => (0, vec![("where it starts", 0)]),
        Body::Moves { result, .. } => (1, if result.is_some() { vec![("moves", 0), ("result", 0)] } else { vec![("moves", 0)] }),
        Body::Move { number, .. } => (2, vec![("move", number.value)]),
        Body::Result { .. } => (3, vec![("result", 0)]),
        Body::Contributor { .. } => (3, vec![("contributor", 0)]),
        Body::Text { .. } => return None,
    })
}

/// An earlier entry that already sets one of `claims` in line `l` of game
/// `g`: its index and what it sets.
fn clash(claimed: &HashMap<Claim, usize>, g: usize, l: usize, claims: &[(&'static str, usize)]) -> Option<(usize, &'static str)> {
    let mut clash = None;
    for (what, n) in claims {
        // A typed-in line and a single move of the same line contradict each other.
        let rival = if *what == "move" { claimed.get(&(g, l, "moves", 0)) } else { None };
        if let Some(&other) = claimed.get(&(g, l, what, *n)).or(rival) {
            clash = Some((other, *what));
        }
    }
    if *claims.first().map(|c| &c.0).unwrap_or(&"") == "moves"
        && let Some((_, &other)) = claimed.iter().find(|(k, _)| k.0 == g && k.1 == l && k.2 == "move")
    {
        clash = Some((other, "move"));
    }
    clash
}

/// Apply entry `index` to line `l` of `game`.
fn apply_entry(game: &mut Game, l: usize, index: usize, loaded: &Loaded, taken: &mut BTreeSet<usize>) -> Result<(), Diagnostic> {
    let entry = &loaded.entries[index];
    match &entry.body {
        Body::Moves { moves, result, .. } => typed_line(game, l, moves, result.as_ref(), loaded.correction(index, CorrectionKind::Moves), taken),
        Body::Move { number, mv, .. } => one_move(game, l, number, mv, loaded.correction(index, CorrectionKind::Move), taken),
        Body::Branch { number, parent, .. } => branch(game, l, number, parent, loaded.correction(index, CorrectionKind::BranchPoint)),
        Body::Start { fen, .. } => start(game, l, fen, loaded.correction(index, CorrectionKind::Start)),
        Body::Result { result, .. } => {
            let line = &mut game.lines[l];
            let end = line.span.end;
            line.stated_result = Some(StatedResult { outcome: result.value.outcome, printed: result.value.printed.clone(), span: Span::new(end, end) });
            line.corrections.push(loaded.correction(index, CorrectionKind::Result));
            Ok(())
        }
        Body::Contributor { name, .. } => {
            let line = &mut game.lines[l];
            let end = line.span.end;
            // The name the page printed stays in the tree, as the text the entry replaced.
            if let Some(printed) = line.contributor.take().filter(|c| !c.span.is_empty()) {
                line.annotations.push(Annotation { kind: AnnotationKind::Superseded, text: printed.name, span: printed.span });
            }
            line.contributor = Some(Contributor { name: name.value.trim().to_string(), span: Span::new(end, end) });
            line.corrections.push(loaded.correction(index, CorrectionKind::Contributor));
            Ok(())
        }
        Body::Text { .. } => Ok(()),
    }
}

/// The game and line an address names, or a diagnostic saying why there is none.
fn find(source: &Source, at: &Address, diagnostics: &mut Vec<Diagnostic>) -> Option<(usize, usize)> {
    let Some(game) = at.game.value.checked_sub(1).and_then(|g| source.games.get(g)) else {
        diagnostics.push(
            Diagnostic::error(Code::FixesUnknownGame, format!("there is no game {}: the source has {} games", at.game.value, source.games.len()), at.game.span).with_label("no such game"),
        );
        return None;
    };
    match line_index(game, &at.line.value) {
        Some(l) => Some((at.game.value - 1, l)),
        None => {
            let labels: Vec<&str> = game.lines.iter().map(|l| l.label.as_str()).take(12).collect();
            diagnostics.push(
                Diagnostic::error(Code::FixesUnknownLine, format!("game {} ({}) has no {}", at.game.value, game.name, at.line.value), at.line.span)
                    .with_label("no such line")
                    .with_help(format!("its lines: {}{}", labels.join(", "), if game.lines.len() > 12 { ", …" } else { "" })),
            );
            None
        }
    }
}

fn line_index(game: &Game, line: &LineRef) -> Option<usize> {
    match line {
        LineRef::Trunk => (!game.lines.is_empty()).then_some(0),
        LineRef::Variation(n) => {
            let n = n.to_string();
            game.lines.iter().position(|l| l.label == n || l.label.strip_prefix("V.") == Some(n.as_str()))
        }
        LineRef::Label(label) => game.lines.iter().position(|l| &l.label == label),
    }
}

/// The position a line's first move is played from, or why it cannot be found.
pub fn start_of(game: &Game, index: usize) -> Result<Position, String> {
    let line = &game.lines[index];
    let own = line.moves.len();
    let all = game.moves_from_start(index).ok_or("its parent lines form a loop")?;
    let before = &all[..all.len() - own];
    if line.parent.is_some() && before.len() != line.branch_ply {
        return Err(format!("its parent line has only {} of the {} moves before its branch point", before.len(), line.branch_ply));
    }
    let fen = game.start_of_line(index).ok_or("its parent lines form a loop")?;
    let mut pos = position(fen)?;
    for (k, m) in before.iter().enumerate() {
        let legal = pos.legal_moves();
        let mv = resolve_among(&legal, &m.squares).map_err(|_| format!("move {} of the moves before it ({}) does not replay", k + 1, m.text))?;
        pos = pos.play(&mv);
    }
    Ok(pos)
}

fn position(start: &Start) -> Result<Position, String> {
    let fen = start.to_string();
    let setup = match start.draughts() {
        None => return Ok(Position::initial()),
        Some(setup) => setup.map_err(|e| format!("its start {fen:?} is not a position: {e}"))?,
    };
    Position::from_setup(setup).map_err(|e| format!("its start {fen:?} is not a legal position: {e}"))
}

/// Play squares from `pos`: each move's node, or the index and reason of the first that is not legal.
fn replay(mut pos: Position, moves: &[&[u8]]) -> Result<(Vec<(String, Vec<u8>)>, Position), (usize, String)> {
    let mut out = Vec::new();
    for (k, squares) in moves.iter().enumerate() {
        let legal = pos.legal_moves();
        let mv = match resolve_among(&legal, squares) {
            Ok(m) => m,
            Err(ResolveError::Ambiguous(ms)) => {
                let paths: Vec<String> = ms.iter().map(|m| m.squares().iter().map(u8::to_string).collect::<Vec<_>>().join("x")).collect();
                return Err((k, format!("is ambiguous here: give the whole path ({})", paths.join(" or "))));
            }
            Err(_) => {
                let mut names: Vec<String> = legal.iter().map(|m| move_text_among(&legal, m)).collect();
                names.sort();
                names.dedup();
                let side = if pos.turn() == crate::rules::draughts::Color::Black { "Black" } else { "White" };
                return Err((k, format!("is not legal in {} ({side} to move; legal: {})", write_fen(&pos.setup()), if names.is_empty() { "none".into() } else { names.join(" ") })));
            }
        };
        out.push((move_text_among(&legal, &mv), mv.squares()));
        pos = pos.play(&mv);
    }
    Ok((out, pos))
}

fn spelled(squares: &[u8]) -> String {
    squares.iter().map(u8::to_string).collect::<Vec<_>>().join("-")
}

fn status_of(line: &Line) -> LineStatus {
    if line.unread.is_some() {
        if line.moves.is_empty() { LineStatus::Unreadable } else { LineStatus::Partial }
    } else if line.moves.iter().any(|m| m.repair.is_some()) {
        LineStatus::Repaired
    } else {
        LineStatus::Legal
    }
}

/// Every line that branches from `index` (directly or further down) replays after a change to it.
fn descendants_replay(game: &Game, index: usize) -> Result<(), String> {
    for (i, line) in game.lines.iter().enumerate() {
        if !game.descends_from(i, index) || line.start.is_some() {
            continue;
        }
        let from = start_of(game, i).map_err(|e| format!("line {} no longer replays: {e}", line.label))?;
        let squares: Vec<&[u8]> = line.moves.iter().map(|m| m.squares.as_slice()).collect();
        if let Err((k, why)) = replay(from, &squares) {
            return Err(format!("line {} no longer replays: its move {} ({}) {why}", line.label, k + 1, line.moves[k].text));
        }
    }
    Ok(())
}

/// Commit `changed` as line `index` if it and every line below it replay; else the error, spanning `span`.
fn commit(game: &mut Game, index: usize, changed: Line, span: Span) -> Result<(), Diagnostic> {
    let old = std::mem::replace(&mut game.lines[index], changed);
    if let Err(why) = descendants_replay(game, index) {
        game.lines[index] = old;
        return Err(Diagnostic::error(Code::FixesContradiction, format!("not applied: after it, {why}"), span).with_label("breaks a line below this one"));
    }
    Ok(())
}

fn corrected_node(text: String, squares: Vec<u8>, span: Span, correction: &Correction) -> MoveNode {
    MoveNode { text, squares, span, printed: String::new(), origin: Origin::Corrected(Box::new(correction.clone())), ..MoveNode::default() }
}

fn typed_line(game: &mut Game, index: usize, moves: &[Spanned<Squares>], result: Option<&Spanned<super::syntax::ResultText>>, correction: Correction, taken: &mut BTreeSet<usize>) -> Result<(), Diagnostic> {
    let span_all = moves.first().map_or(Span::default(), |m| m.span).join(moves.last().map_or(Span::default(), |m| m.span));
    let from = start_of(game, index).map_err(|e| Diagnostic::error(Code::FixesNoStart, format!("the line's start cannot be found: {e}"), span_all).with_label("not applied"))?;
    let squares: Vec<&[u8]> = moves.iter().map(|m| m.value.as_slice()).collect();
    let (nodes, _) = replay(from, &squares).map_err(|(k, why)| {
        Diagnostic::error(Code::FixesIllegalMove, format!("move {} ({}) {why}", k + 1, spelled(&moves[k].value)), moves[k].span).with_label("not legal here")
    })?;
    let mut line = game.lines[index].clone();
    let at = Span::new(line.span.start, line.span.start);
    line.moves = nodes.into_iter().map(|(t, s)| corrected_node(t, s, at, &correction)).collect();
    if let Some(unread) = line.unread.take() {
        // The printed text stays in the tree, superseded by what was typed in.
        line.annotations.push(Annotation { kind: AnnotationKind::Superseded, text: unread.raw, span: unread.span });
    }
    line.readings.clear();
    if let Some(r) = result {
        let end = line.span.end;
        line.stated_result = Some(StatedResult { outcome: r.value.outcome, printed: r.value.printed.clone(), span: Span::new(end, end) });
    }
    // The column typed in whole replaces the pieces it was read in; their printed text stays in the tree.
    let pieces = later_pieces(game, index, taken);
    for &p in &pieces {
        let piece = &game.lines[p];
        let mut printed: Vec<&str> = piece.moves.iter().map(|m| m.printed.trim()).filter(|t| !t.is_empty()).collect();
        printed.extend(piece.unread.as_ref().map(|u| u.raw.as_str()).filter(|r| !r.trim().is_empty()));
        line.annotations.push(Annotation { kind: AnnotationKind::Superseded, text: printed.join(" "), span: piece.span });
        line.corrections.extend(piece.corrections.iter().cloned());
    }
    line.status = status_of(&line);
    line.corrections.push(correction);
    commit(game, index, line, span_all)?;
    move_children(game, index, &pieces, taken);
    Ok(())
}

fn one_move(game: &mut Game, index: usize, number: &Spanned<usize>, mv: &Spanned<Squares>, correction: Correction, taken: &mut BTreeSet<usize>) -> Result<(), Diagnostic> {
    let line = game.lines[index].clone();
    let n = number.value;
    if n == 0 || n > line.moves.len() + 1 {
        return Err(Diagnostic::error(Code::FixesOutOfRange, format!("line {} has {} moves read; move {n} is neither one of them nor the next", line.label, line.moves.len()), number.span)
            .with_label("no such move"));
    }
    let from = start_of(game, index).map_err(|e| Diagnostic::error(Code::FixesNoStart, format!("the line's start cannot be found: {e}"), number.span).with_label("not applied"))?;
    let mut squares: Vec<&[u8]> = line.moves.iter().map(|m| m.squares.as_slice()).collect();
    if n == squares.len() + 1 {
        squares.push(&mv.value);
    } else {
        squares[n - 1] = &mv.value;
    }
    let (nodes, after) = replay(from, &squares).map_err(|(k, why)| {
        if k + 1 == n {
            Diagnostic::error(Code::FixesIllegalMove, format!("move {n} ({}) {why}", spelled(&mv.value)), mv.span).with_label("not legal here")
        } else {
            Diagnostic::error(Code::FixesContradiction, format!("not applied: after it, move {} as read ({}) {why}", k + 1, line.moves[k].text), mv.span).with_label("breaks a later move")
        }
    })?;
    let mut changed = line;
    let (text, sq) = nodes[n - 1].clone();
    if n <= changed.moves.len() {
        let node = &mut changed.moves[n - 1];
        node.text = text;
        node.squares = sq;
        node.repair = None;
        node.origin = Origin::Corrected(Box::new(correction.clone()));
    } else {
        let at = changed.unread.as_ref().map_or(changed.span.end, |u| u.span.start);
        changed.moves.push(corrected_node(text, sq, Span::new(at, at), &correction));
        changed.readings.clear();
        changed.refused = None;
        // The move filled the gap where the column stopped: the next piece, read
        // from the printed text after it, goes on from exactly this position.
        if let Some(piece) = next_piece_from(game, index, &changed, &after, taken) {
            join_piece(&mut changed, &game.lines[piece]);
            changed.status = status_of(&changed);
            changed.corrections.push(correction);
            commit(game, index, changed, mv.span)?;
            move_children(game, index, &[piece], taken);
            return Ok(());
        }
    }
    changed.status = status_of(&changed);
    changed.corrections.push(correction);
    commit(game, index, changed, mv.span)
}

/// The column's next piece, if line `index` (as `changed`, a move added
/// where it stopped, now in position `after`) stopped at a gap with no text
/// passed over, and that piece was read from exactly `after`.
fn next_piece_from(game: &Game, index: usize, changed: &Line, after: &Position, taken: &BTreeSet<usize>) -> Option<usize> {
    if changed.unread.as_ref().is_some_and(|u| !u.raw.trim().is_empty()) {
        return None;
    }
    let piece = *later_pieces(game, index, taken).first()?;
    let start = position(game.lines[piece].start.as_ref()?).ok()?;
    (start == *after).then_some(piece)
}

/// `piece`'s moves, as read, joined onto `line`, with where it stops and what it says.
fn join_piece(line: &mut Line, piece: &Line) {
    line.moves.extend(piece.moves.iter().cloned());
    line.unread.clone_from(&piece.unread);
    line.readings.clone_from(&piece.readings);
    line.refused.clone_from(&piece.refused);
    if piece.stated_result.is_some() {
        line.stated_result.clone_from(&piece.stated_result);
    }
    line.annotations.extend(piece.annotations.iter().cloned());
    line.corrections.extend(piece.corrections.iter().cloned());
    line.span = line.span.join(piece.span);
}

fn branch(game: &mut Game, index: usize, number: &Spanned<usize>, parent: &Spanned<LineRef>, correction: Correction) -> Result<(), Diagnostic> {
    let Some(p) = line_index(game, &parent.value) else {
        return Err(Diagnostic::error(Code::FixesUnknownLine, format!("{} has no {}", game.name, parent.value), parent.span).with_label("no such line"));
    };
    let mut above = game.ancestors(p);
    if above.by_ref().any(|a| a == index) || above.broken() {
        return Err(Diagnostic::error(Code::FixesContradiction, "a line cannot branch from itself or from a line below it", parent.span).with_label("a loop"));
    }
    let m = number.value;
    if m == 0 || m > game.lines[p].moves.len() {
        return Err(Diagnostic::error(Code::FixesOutOfRange, format!("{} has {} moves read; there is no move {m} to branch at", parent.value, game.lines[p].moves.len()), number.span)
            .with_label("no such move"));
    }
    let base = if game.lines[p].parent.is_some() { game.lines[p].branch_ply } else { 0 };
    let mut changed = game.lines[index].clone();
    changed.parent = Some(p);
    changed.branch_ply = base + m - 1;
    changed.start = None;
    changed.corrections.push(correction);
    let old = std::mem::replace(&mut game.lines[index], changed);
    let checked = start_of(game, index).and_then(|from| {
        let squares: Vec<&[u8]> = game.lines[index].moves.iter().map(|m| m.squares.as_slice()).collect();
        replay(from, &squares).map(|_| ()).map_err(|(k, why)| format!("its move {} ({}) {why}", k + 1, game.lines[index].moves[k].text))
    });
    if let Err(why) = checked {
        game.lines[index] = old;
        return Err(Diagnostic::error(Code::FixesIllegalMove, format!("not applied: from that branch point, {why}"), number.span).with_label("the line does not replay from here"));
    }
    let changed = std::mem::replace(&mut game.lines[index], old);
    commit(game, index, changed, number.span)
}

fn start(game: &mut Game, index: usize, fen: &Spanned<String>, correction: Correction) -> Result<(), Diagnostic> {
    let setup = parse_fen(&fen.value).map_err(|e| Diagnostic::error(Code::FixesBadPosition, format!("not a PDN FEN position: {e}"), fen.span).with_label("here"))?;
    let pos = Position::from_setup(setup).map_err(|e| Diagnostic::error(Code::FixesBadPosition, format!("not a legal position: {e}"), fen.span).with_label("here"))?;
    let mut changed = game.lines[index].clone();
    let squares: Vec<&[u8]> = changed.moves.iter().map(|m| m.squares.as_slice()).collect();
    replay(pos, &squares).map_err(|(k, why)| {
        Diagnostic::error(Code::FixesIllegalMove, format!("not applied: from this position the line's move {} ({}) {why}", k + 1, changed.moves[k].text), fen.span).with_label("the line does not replay from here")
    })?;
    changed.start = Some(Start::Draughts(setup));
    changed.parent = None;
    changed.branch_ply = 0;
    changed.corrections.push(correction);
    commit(game, index, changed, fen.span)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corrections::apply_to_source;
    use crate::tree::Origin;

    fn source(text: &str) -> Source {
        crate::notation::numeric::read("t.txt", text, &crate::notation::numeric::ReadOptions::default())
    }

    fn with(text: &str, fixes: &str) -> Source {
        let mut s = source(text);
        apply_to_source(&mut s, &Loaded::from_text("t.fixes", fixes));
        s
    }

    fn errors(s: &Source) -> Vec<String> {
        s.diagnostics.iter().filter(|d| d.is_error() && d.file.is_some()).map(|d| d.code.to_string()).collect()
    }

    #[test]
    fn a_typed_in_line_replaces_the_read_one_and_is_marked() {
        let s = with("11-15 23-19 8-11 22-17 Drawn.\n", "game 1, trunk: 11 15 23 19 9 14 W. wins [scan p. 3]\n");
        assert!(errors(&s).is_empty(), "{:?}", s.diagnostics);
        let line = &s.games[0].lines[0];
        let texts: Vec<&str> = line.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["11-15", "23-19", "9-14"]);
        assert!(matches!(&line.moves[2].origin, Origin::Corrected(c) if c.kind == CorrectionKind::Moves && c.note.as_deref() == Some("scan p. 3")));
        assert_eq!(line.stated_result.as_ref().map(|r| r.outcome), Some(crate::tree::Outcome::WhiteWins));
        assert_eq!(line.status, LineStatus::Legal);
    }

    #[test]
    fn an_illegal_typed_move_is_an_error_in_the_fixes_file() {
        let s = with("11-15 23-19\n", "game 1, trunk: 11 15 23 19 15 19\n");
        assert_eq!(errors(&s), ["fixes::illegal-move"]);
        let d = s.diagnostics.iter().find(|d| d.code == "fixes::illegal-move").unwrap();
        assert_eq!(d.span, Span::new(27, 32));
        assert_eq!(s.games[0].lines[0].moves.len(), 2, "the tree is left as read");
    }

    #[test]
    fn one_move_replaced_and_appended() {
        let s = with("11-15 23-19 8-11\n", "game 1, trunk, move 3: 9 14\ngame 1, trunk, move 4: 22 17\n");
        assert!(errors(&s).is_empty(), "{:?}", s.diagnostics);
        let texts: Vec<&str> = s.games[0].lines[0].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["11-15", "23-19", "9-14", "22-17"]);
        let s = with("11-15 23-19 8-11\n", "game 1, trunk, move 9: 9 14\ngame 2, trunk, move 1: 9 14\ngame 1, variation 3, move 1: 9 14\n");
        assert_eq!(errors(&s), ["fixes::unknown-game", "fixes::unknown-line", "fixes::out-of-range"]);
    }

    /// A `contributor:` entry sets the line's field; a name the page printed
    /// is kept as the text it supersedes, so its bytes stay in the tree.
    #[test]
    fn a_contributor_entry_sets_the_field_and_keeps_the_printed_name() {
        let s = with("11-15 23-19\n", "game 1, trunk, contributor: Mr. Wyllie [scan p. 14]\n");
        assert!(errors(&s).is_empty(), "{:?}", s.diagnostics);
        let line = &s.games[0].lines[0];
        assert_eq!(line.contributor.as_ref().map(|c| c.name.as_str()), Some("Mr. Wyllie"));
        assert!(line.annotations.iter().all(|a| a.kind != AnnotationKind::Contributor), "a field, not a note");
        assert!(matches!(line.corrections.as_slice(), [c] if c.kind == CorrectionKind::Contributor && c.note.as_deref() == Some("scan p. 14")));
        let mut s = source("11-15 23-19\n");
        s.games[0].lines[0].contributor = Some(Contributor { name: "J. Neilson".into(), span: Span::new(3, 8) });
        apply_to_source(&mut s, &Loaded::from_text("t.fixes", "game 1, trunk, contributor: Sturges\n"));
        let line = &s.games[0].lines[0];
        assert_eq!(line.contributor.as_ref().map(|c| c.name.as_str()), Some("Sturges"));
        assert_eq!(line.annotations.iter().map(|a| (a.kind, a.text.as_str(), a.span)).collect::<Vec<_>>(), [(AnnotationKind::Superseded, "J. Neilson", Span::new(3, 8))]);
    }

    #[test]
    fn two_entries_for_one_thing_contradict() {
        let s = with("11-15 23-19\n", "game 1, trunk, move 2: 22 17\ngame 1, trunk, move 2: 22 18\ngame 1, trunk: 11 15\n");
        assert_eq!(errors(&s), ["fixes::duplicate-entry", "fixes::duplicate-entry"]);
    }

    #[test]
    fn a_start_position_replays_the_line() {
        let s = with("11-15 23-19\n", "game 1, trunk, start: W:W18:B14\n");
        assert_eq!(errors(&s), ["fixes::illegal-move"]);
        let s = with("23-19\n", "game 1, trunk, start: W:W23:B5\n");
        assert!(errors(&s).is_empty(), "{:?}", s.diagnostics);
        assert_eq!(s.games[0].lines[0].start.as_ref().map(ToString::to_string).as_deref(), Some("W:W23:B5"));
    }

    /// A one-column Anderson page whose row of White's 23-19 (after 11-15) is
    /// lost: the reader reads `11-15`, stops, and reads the rest as a piece.
    fn lost_row_page() -> Source {
        let rows = ["11 15", "8 11", "22 17", "4 8", "17 13", "15 18", "24 20", "11 15", "28 24", "8 11", "26 22"];
        let text = format!("GAME.\t1\n{}\nDrawn.\n", rows.iter().map(|r| format!("{r}\t")).collect::<Vec<_>>().join("\n"));
        crate::notation::anderson::read("a.txt", &text)
    }

    fn anderson_with(fixes: &str) -> Source {
        let mut s = lost_row_page();
        apply_to_source(&mut s, &Loaded::from_text("a.fixes", fixes));
        s
    }

    fn labels(s: &Source) -> Vec<&str> {
        s.games[0].lines.iter().map(|l| l.label.as_str()).collect()
    }

    #[test]
    fn a_move_that_fills_the_gap_joins_the_resumed_piece() {
        let read = lost_row_page();
        assert_eq!(labels(&read), ["trunk", "trunk (resumed)"], "the page is read in two pieces");
        assert_eq!(read.games[0].lines[0].moves.len(), 1);
        let s = anderson_with("game 1, trunk, move 2: 23 19 [lost row]\n");
        assert!(errors(&s).is_empty(), "{:?}", s.diagnostics);
        assert_eq!(labels(&s), ["trunk"], "no piece is left beside the whole column");
        let trunk = &s.games[0].lines[0];
        let texts: Vec<&str> = trunk.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["11-15", "23-19", "8-11", "22-17", "4-8", "17-13", "15-18", "24-20", "11-15", "28-24", "8-11", "26-22"]);
        assert!(matches!(&trunk.moves[1].origin, Origin::Corrected(c) if c.kind == CorrectionKind::Move));
        // The rest is the printed text, as the reader read it.
        assert!(trunk.moves[2..].iter().all(|m| m.origin.is_printed() && !m.printed.is_empty()));
        assert_eq!(trunk.stated_result.as_ref().map(|r| r.outcome), Some(crate::tree::Outcome::Draw));
        assert_eq!(trunk.status, LineStatus::Legal);
    }

    #[test]
    fn a_move_the_piece_does_not_start_after_leaves_the_piece() {
        // 24-19 is legal, but the rest was read from the board after 23-19.
        let s = anderson_with("game 1, trunk, move 2: 24 19\n");
        assert!(errors(&s).is_empty(), "{:?}", s.diagnostics);
        assert_eq!(labels(&s), ["trunk", "trunk (resumed)"]);
        assert_eq!(s.games[0].lines[0].moves.len(), 2);
    }

    #[test]
    fn a_typed_in_column_replaces_its_pieces() {
        let s = anderson_with("game 1, trunk: 11 15 23 19 8 11 22 17 4 8 Drawn. [scan]\n");
        assert!(errors(&s).is_empty(), "{:?}", s.diagnostics);
        assert_eq!(labels(&s), ["trunk"]);
        let trunk = &s.games[0].lines[0];
        assert_eq!(trunk.moves.len(), 5);
        // The piece's printed text stays in the tree, superseded.
        assert!(trunk.annotations.iter().any(|a| a.kind == AnnotationKind::Superseded && a.text.starts_with("8 11")), "{:?}", trunk.annotations);
        // An entry for the piece after it was taken up is an error, not silently dropped.
        let s = anderson_with("game 1, trunk: 11 15 23 19 8 11\ngame 1, line \"trunk (resumed)\", result: Drawn.\n");
        assert_eq!(errors(&s), ["fixes::contradiction"]);
    }

    /// The lost-row page with a variation branching from the piece at its
    /// second move (22-18 for 22-17, after 8-11).
    fn with_a_variation_on_the_piece(fixes: &str) -> Source {
        let mut s = lost_row_page();
        let game = &mut s.games[0];
        let piece = game.lines.iter().position(|l| l.origin.is_resumed()).expect("a piece");
        let mv = MoveNode { text: "22-18".into(), squares: vec![22, 18], ..MoveNode::default() };
        game.lines.push(Line { label: "V".into(), parent: Some(piece), branch_ply: 1, moves: vec![mv], ..Line::default() });
        apply_to_source(&mut s, &Loaded::from_text("a.fixes", fixes));
        s
    }

    #[test]
    fn a_variation_on_a_piece_moves_onto_the_whole_line() {
        for fixes in ["game 1, trunk, move 2: 23 19\n", "game 1, trunk: 11 15 23 19 8 11 22 17\n"] {
            let s = with_a_variation_on_the_piece(fixes);
            assert!(errors(&s).is_empty(), "{:?}", s.diagnostics);
            assert_eq!(labels(&s), ["trunk", "V"], "{fixes}");
            let v = &s.games[0].lines[1];
            // 11-15 23-19 8-11 are played before it: it replaces the trunk's fourth move.
            assert_eq!((v.parent, v.branch_ply, v.start.is_none()), (Some(0), 3, true), "{fixes}");
            assert!(start_of(&s.games[0], 1).is_ok());
        }
        // A typed-in column that never reaches the variation's position: it keeps that position as its start.
        let s = with_a_variation_on_the_piece("game 1, trunk: 11 15 24 19\n");
        assert!(errors(&s).is_empty(), "{:?}", s.diagnostics);
        let v = &s.games[0].lines[1];
        assert_eq!((v.parent, v.branch_ply), (None, 0));
        assert_eq!(v.start.as_ref().map(ToString::to_string).as_deref(), Some("W:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,15"));
    }
}
