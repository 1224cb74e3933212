//! Checking SGF node by node: each node is replayed when the next one starts
//! and then let go, so one long game is checked in the memory of the boards
//! its open variations wait on, not of its tree. It finds what `read`
//! (build, replay, finish) finds of a game, but keeps only what `check`
//! counts: each line's status and moves, the trunk's stated result with its
//! verdict, and every diagnostic, in the same order (a test holds both to it
//! on every SGF file we have).
//!
//! The shape is the tree's: a node's first child goes on with its line and
//! each later child starts a line, numbered in the order of the text, which
//! is the order `read` numbers them in. Every line is whole in the text
//! before the next begins, so a line is counted when its last node is let go.
//!
//! Asked for pieces, it also hands on each game as `read` builds it, piece
//! by piece ([`GamePiece`]): each move as its node is replayed, each line as
//! it begins and ends. A writer can then write one long game as it is read.

use super::build::{build_head, move_node, read_node, variation};
use super::{Node, Nodes, Read, NONE};
use crate::diagnostic::Diagnostic;
use crate::notation::go_record::{line_annotations, line_status, move_annotations, name_and_tags, replay};
use crate::rules::go::{Point, Position};
use crate::span::Span;
use crate::tree::{CountedGame, CountedPart, Game, GamePiece, GoLineInfo, GoNode, Line, LineCounts};
use crate::verdict::go::{add_marked_territory, judge_stated_result, TrunkEnd, TrunkReplayed};

/// How a line stands at one of its nodes.
#[derive(Clone, Copy, Debug, Default)]
struct LineSoFar {
    index: usize,
    moves: usize,
    played: usize,
    stopped: bool,
}

/// A node that may still be gone on from: the position after it (`None`:
/// its line stopped at or before it, or the game has no start), its line,
/// and whether a child has gone on with that line.
#[derive(Clone, Debug, Default)]
struct NodeState {
    pos: Option<Position>,
    line: LineSoFar,
    /// Moves on the full path to this node, and moveless nodes since the last
    /// of them: where a line leaving the node branches.
    ply: usize,
    nodes: usize,
    /// The node is the first of a line below the trunk (its span is the line's).
    begins_line: bool,
    has_child: bool,
    /// What carries the node's span and must grow with it, where a value
    /// after a bracket lands on the node once it is replayed (as `read` grows it).
    spans: SpanUse,
}

/// Where a replayed node's span went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum SpanUse {
    #[default]
    Nowhere,
    /// The game's span (the root).
    Game,
    /// The diagnostic of its setup, at this index of the game's replay diagnostics.
    Diagnostic(usize),
}

/// One game (a root node and what hangs from it) being counted.
#[derive(Default)]
struct GameCount {
    /// The game its root gives, without moves; `None` until the root is
    /// read, and after it if its size cannot be played (then nothing below is read).
    head: Option<Game>,
    read_root: bool,
    start: Option<Position>,
    lines_started: usize,
    counts: LineCounts,
    /// The territory `TB`/`TW` mark at the trunk's end so far (its last
    /// move's node and the moveless nodes after it).
    trunk_marks: (Vec<Point>, Vec<Point>),
    /// Where among `replayed` the setup's diagnostic is: its span is the
    /// game's, known whole only when the tree closes.
    setup_diagnostic: Option<usize>,
    /// What reading the nodes found (handed on when the tree closes, where
    /// `read` builds its games) and what replaying them found.
    read: Vec<Diagnostic>,
    replayed: Vec<Diagnostic>,
    /// With pieces: the variation begun last, without moves (the trunk is
    /// the head's), and the moveless nodes read since its last move (the
    /// next move holds them, or the line's end).
    line: Option<Line>,
    moveless: Vec<GoNode>,
}

/// Nodes replayed one at a time: the handles are indices into `live`, the
/// nodes that may still be gone on from (the current one, and those an open
/// `(` waits on).
#[derive(Default)]
pub(super) struct NodeByNode {
    live: Vec<NodeState>,
    /// The handle each open `(` opened at (NONE: the top of a tree).
    opened_at: Vec<u32>,
    /// The node whose properties are still being read (the arena's one node).
    pending: Option<u32>,
    /// The games of the open tree: the last is being read.
    games: Vec<GameCount>,
    /// The pieces made and not yet handed on; `None` when none are asked for.
    pieces: Option<Vec<GamePiece>>,
}

impl NodeByNode {
    /// Counting only, or (`pieces`) handing on each game piece by piece too.
    pub(super) fn new(pieces: bool) -> NodeByNode {
        NodeByNode { pieces: pieces.then(Vec::new), ..NodeByNode::default() }
    }

    /// The pending node's properties are all read: replay it, and empty the arena.
    fn complete(&mut self, read: &mut Read<'_>) {
        let Some(handle) = self.pending.take() else { return };
        let (Some(game), Some(state)) = (self.games.last_mut(), self.live.get_mut(handle as usize)) else { return };
        if !game.read_root {
            game.read_root = true;
            read_root_node(game, state, read, self.pieces.as_mut());
        } else if let Some(size) = game.head.as_ref().map(Game::go_size) {
            replay_node(game, state, read, size, self.pieces.as_mut());
        }
        read.arena.clear();
    }

    /// Let go of every live node past `keep` (NONE: all); a node no child
    /// went on from ends its line.
    fn let_go_after(&mut self, keep: u32) {
        let from = if keep == NONE { 0 } else { (keep as usize + 1).min(self.live.len()) };
        for state in self.live.drain(from..).rev() {
            if let (false, Some(game)) = (state.has_child, self.games.last_mut()) {
                line_ended(game, &state, self.pieces.as_mut());
            }
        }
    }
}

impl Nodes for NodeByNode {
    type Made = (CountedPart, Vec<Diagnostic>);

    fn start(&mut self, read: &mut Read<'_>, parent: u32, span: Span) -> u32 {
        self.complete(read);
        self.let_go_after(parent);
        let state = if parent == NONE {
            self.games.push(GameCount::default());
            NodeState::default()
        } else {
            let game = self.games.last_mut().expect("a node below a root has its game");
            let waited_on = self.opened_at.last() == Some(&parent);
            let from = &mut self.live[parent as usize];
            let goes_on = !from.has_child;
            from.has_child = true;
            let (ply, nodes, parent_line) = (from.ply, from.nodes, from.line.index);
            let line = if goes_on {
                from.line
            } else {
                game.lines_started += 1;
                LineSoFar { index: game.lines_started - 1, stopped: from.pos.is_none(), ..LineSoFar::default() }
            };
            // A node no `(` waits on is gone on from once: its board moves on to its child.
            let pos = if waited_on { from.pos.clone() } else { self.live.pop().and_then(|s| s.pos) };
            if let (false, Some(pieces), Some(_)) = (goes_on, self.pieces.as_mut(), &game.head) {
                // As `read` begins a line: numbered in the order of the text, leaving its parent's path here.
                let begun = variation(line.index, parent_line, ply, nodes);
                pieces.push(GamePiece::LineBegins(Box::new(begun.clone())));
                game.line = Some(begun);
            }
            NodeState { pos, line, ply, nodes, begins_line: !goes_on, ..NodeState::default() }
        };
        self.live.push(state);
        read.arena.nodes.push(Node { props: (0, 0), first_child: NONE, last_child: NONE, next_sibling: NONE, span });
        let handle = (self.live.len() - 1) as u32;
        self.pending = Some(handle);
        handle
    }

    fn grow(&mut self, read: &mut Read<'_>, at: u32, value: Span) {
        let reach = Span::new(value.start, value.end + 1);
        if self.pending == Some(at) {
            if let Some(node) = read.arena.nodes.first_mut() {
                node.span = node.span.join(reach);
            }
            return;
        }
        // A value after a `)` grows a node already replayed: what took its span grows too.
        let (Some(state), Some(game)) = (self.live.get(at as usize), self.games.last_mut()) else { return };
        match state.spans {
            SpanUse::Nowhere => {}
            SpanUse::Game => {
                if let Some(head) = &mut game.head {
                    head.span = head.span.join(reach);
                }
            }
            SpanUse::Diagnostic(i) => {
                if let Some(d) = game.replayed.get_mut(i) {
                    d.span = d.span.join(reach);
                }
            }
        }
    }

    fn open(&mut self, at: u32) {
        self.opened_at.push(at);
    }

    fn back_to(&mut self, read: &mut Read<'_>, to: u32) {
        self.opened_at.pop();
        // Nodes past `to` are let go when the next node starts: the pending
        // one may still get properties (`read` gives them to the last node).
        if to == NONE {
            self.complete(read);
            self.let_go_after(NONE);
        }
    }

    fn hand_on(&mut self, visit: &mut impl FnMut(Self::Made)) {
        if let Some(pieces) = self.pieces.as_mut().filter(|p| !p.is_empty()) {
            pieces.drain(..).for_each(|piece| visit((CountedPart::Piece(piece), Vec::new())));
        }
    }

    fn close_tree(&mut self, read: &mut Read<'_>, whole: Option<Span>, visit: &mut impl FnMut(Self::Made)) {
        self.complete(read);
        self.let_go_after(NONE);
        self.hand_on(visit);
        self.opened_at.clear();
        for game in std::mem::take(&mut self.games) {
            let GameCount { head, counts, setup_diagnostic, read: mut found, mut replayed, .. } = game;
            read.diagnostics.append(&mut found);
            let Some(mut head) = head else {
                if let Some(w) = whole {
                    read.keep_unread(w);
                }
                continue;
            };
            if let Some(whole) = whole {
                head.span = head.span.join(whole);
            }
            if let Some(d) = setup_diagnostic.and_then(|i| replayed.get_mut(i)) {
                d.span = head.span;
            }
            name_and_tags(&mut head);
            if self.pieces.is_some() {
                visit((CountedPart::Piece(GamePiece::Ends(Box::new(without_lines(&head)))), Vec::new()));
            }
            visit((CountedPart::Game(Box::new(CountedGame { head, lines: counts })), replayed));
        }
        read.arena.clear();
    }
}

/// The root node: the game's head, its start, and the trunk's first state.
fn read_root_node(game: &mut GameCount, state: &mut NodeState, read: &Read<'_>, pieces: Option<&mut Vec<GamePiece>>) {
    game.lines_started = 1;
    let Some(head) = build_head(read.text, &read.arena, 0, &mut game.read) else { return };
    let before = game.replayed.len();
    game.start = replay::start_position(&head, &mut game.replayed);
    if game.replayed.len() > before {
        game.setup_diagnostic = Some(before);
    }
    state.pos = game.start.clone();
    state.spans = SpanUse::Game;
    if let Some(pieces) = pieces {
        // The name and tags come from the root alone, as they will be at the end.
        let mut begins = without_lines(&head);
        name_and_tags(&mut begins);
        pieces.push(GamePiece::Begins(Box::new(begins)));
        pieces.push(GamePiece::LineBegins(Box::new(without_moves(&head.lines[0]))));
    }
    game.head = Some(head);
}

/// A node below the root, played on its line's board.
fn replay_node(game: &mut GameCount, state: &mut NodeState, read: &Read<'_>, size: u8, pieces: Option<&mut Vec<GamePiece>>) {
    let (mv, node) = read_node(read.text, &read.arena, 0, size, &mut game.read);
    let on_trunk = state.line.index == 0;
    if state.begins_line
        && let Some(line) = &mut game.line
    {
        line.span = node.span;
    }
    let Some((mv, span)) = mv else {
        if on_trunk {
            add_marked_territory(&mut game.trunk_marks, &node.extra, size);
        }
        state.nodes += 1;
        if let Some(pos) = &mut state.pos {
            let before = game.replayed.len();
            replay::apply_setup(pos, size, &node.setup, node.span, &mut game.replayed);
            if game.replayed.len() > before {
                state.spans = SpanUse::Diagnostic(before);
            }
        }
        if pieces.is_some() {
            game.moveless.push(node);
        }
        return;
    };
    state.line.moves += 1;
    (state.ply, state.nodes) = (state.ply + 1, 0);
    let mut took = None;
    if let Some(pos) = &mut state.pos {
        replay::apply_setup(pos, size, &node.setup, span, &mut game.replayed);
        match replay::play_one(pos, size, &mv, span, &mut game.replayed) {
            Ok(captured) => {
                state.line.played += 1;
                took = Some(captured);
            }
            Err(()) => {
                state.line.stopped = true;
                state.pos = None;
            }
        }
    }
    if on_trunk {
        // Marks count at the trunk's end: its last move's node and the moveless nodes after it.
        game.trunk_marks = (Vec::new(), Vec::new());
        add_marked_territory(&mut game.trunk_marks, &node.extra, size);
    }
    if let Some(pieces) = pieces {
        // The move as `read` builds it, and what `finish` shows of it once replayed.
        let mut made = move_node(read.text, mv, span, node, std::mem::take(&mut game.moveless));
        if let Some(held) = made.go.as_deref() {
            made.annotations = move_annotations(held, span, took.as_ref());
        }
        pieces.push(GamePiece::Move(made));
    }
}

/// A line's last node was let go: count the line, and judge the trunk's stated result where it ends.
fn line_ended(game: &mut GameCount, last: &NodeState, pieces: Option<&mut Vec<GamePiece>>) {
    let Some(head) = &mut game.head else { return };
    let line = last.line;
    let status = line_status(game.start.is_some().then_some((line.played, line.stopped)), line.moves);
    game.counts.add(status, line.moves);
    if line.index == 0 {
        judge_trunk(head, status, &mut game.trunk_marks, game.start.is_some(), last);
    }
    if let Some(pieces) = pieces {
        let ended = finished_line(game, line.index, status);
        pieces.push(GamePiece::LineEnds(Box::new(ended)));
    }
}

/// The line `index` that ended with `status`, as `finish` leaves it (without
/// its moves): its status, the moveless nodes after its last move, and (the
/// trunk) its stated result with the replay's verdict.
fn finished_line(game: &mut GameCount, index: usize, status: crate::tree::LineStatus) -> Line {
    let mut ended = match (index, &game.head) {
        (0, Some(head)) => without_moves(&head.lines[0]),
        // Every variation was begun where its first node started.
        _ => game.line.take().unwrap_or_else(|| Line { label: index.to_string(), ..Line::default() }),
    };
    ended.status = status;
    if !game.moveless.is_empty() {
        ended.go_info_mut().after = std::mem::take(&mut game.moveless);
    }
    ended.annotations = line_annotations(ended.go_info());
    ended
}

/// A game without its lines, and a line without its moves: what a piece holds of them.
fn without_lines(game: &Game) -> Game {
    Game { lines: Vec::new(), ..game.clone() }
}

fn without_moves(line: &Line) -> Line {
    Line { moves: Vec::new(), ..line.clone() }
}

/// The trunk's stated result judged on the board where it ends (its
/// territory marks, how far it replayed), onto the head's trunk.
fn judge_trunk(head: &mut Game, status: crate::tree::LineStatus, trunk_marks: &mut (Vec<Point>, Vec<Point>), set_up: bool, last: &NodeState) {
    let line = last.line;
    let replayed = match (set_up, &last.pos) {
        (false, _) => TrunkReplayed::NotSetUp,
        (true, Some(end)) if !line.stopped => TrunkReplayed::Ended(end),
        _ => TrunkReplayed::Stopped,
    };
    let no_marks = GoLineInfo::default();
    let trunk = TrunkEnd { line: &no_marks, territory: std::mem::take(trunk_marks), replayed };
    let judged = judge_stated_result(head, &trunk);
    let trunk_line = &mut head.lines[0];
    trunk_line.status = status;
    if let Some((stated, verdict)) = judged {
        trunk_line.stated_result = Some(stated);
        trunk_line.verdict = Some(verdict);
    }
}

#[cfg(test)]
mod tests {
    use super::super::{count_streamed, count_streamed_with, read};
    use crate::export::json_stream::JsonSources;
    use crate::tree::CountedPart;
    use crate::diagnostic::Diagnostic;
    use crate::report::Tally;
    use crate::rules::draughts::egdb::Egdb;
    use crate::tree::{CountedGame, Notation, StatedResult, Verdict};
    use crate::verdict::{judge_game, judge_piece, judge_source, Judge, CHECK_BUDGET};
    use proptest::prelude::*;

    /// What `check` takes of a text: its counts, its diagnostics (the
    /// judge's last) and each game's name and trunk verdict.
    type Checked = (Tally, Vec<Diagnostic>, Vec<(String, Option<StatedResult>, Option<Verdict>)>);

    fn by_tree(text: &str) -> Checked {
        let db = Egdb::empty();
        let judge = Judge { db: &db, budget: CHECK_BUDGET };
        let mut source = read("t", text);
        judge_source(&mut source, &judge);
        let trunks = source.games.iter().map(|g| (g.name.clone(), g.lines[0].stated_result.clone(), g.lines[0].verdict.clone())).collect();
        (Tally::of(&source), source.diagnostics, trunks)
    }

    fn by_count(text: &str) -> Checked {
        let db = Egdb::empty();
        let judge = Judge { db: &db, budget: CHECK_BUDGET };
        let (mut tally, mut disputes, mut trunks) = (Tally::default(), Vec::new(), Vec::new());
        let mut source = count_streamed("t", text, |game| {
            let (head, mut found) = judge_game(game.head, Notation::Sgf, &judge);
            trunks.push((head.name.clone(), head.lines[0].stated_result.clone(), head.lines[0].verdict.clone()));
            tally.add_counted(&CountedGame { head, ..game });
            disputes.append(&mut found);
        });
        source.diagnostics.append(&mut disputes);
        tally.add_diagnostics(&source.diagnostics);
        (tally, source.diagnostics, trunks)
    }

    fn agree(text: &str) -> Tally {
        let (tree, count) = (by_tree(text), by_count(text));
        assert_eq!(count, tree, "counted and whole differ on {text:?}");
        if super::super::pieces_are_exact(text) {
            assert_eq!(json_by_pieces(text), json_by_tree(text), "pieces and whole differ on {text:?}");
        }
        count.0
    }

    /// The games' JSON as `check --format json` writes them whole, judged.
    fn json_by_tree(text: &str) -> String {
        let db = Egdb::empty();
        let judge = Judge { db: &db, budget: CHECK_BUDGET };
        let mut doc = JsonSources::new(Vec::new());
        doc.begin_source("t", Notation::Sgf).unwrap();
        for game in read("t", text).games {
            doc.game(&judge_game(game, Notation::Sgf, &judge).0).unwrap();
        }
        doc.end_source(&crate::tree::Source::default()).unwrap();
        String::from_utf8(doc.finish().unwrap()).unwrap()
    }

    /// The games' JSON written piece by piece as they are counted.
    fn json_by_pieces(text: &str) -> String {
        let mut doc = JsonSources::new(Vec::new());
        doc.begin_source("t", Notation::Sgf).unwrap();
        count_streamed_with("t", text, true, |part| {
            if let CountedPart::Piece(mut piece) = part {
                judge_piece(&mut piece, Notation::Sgf);
                doc.piece(&piece).unwrap();
            }
        });
        doc.end_source(&crate::tree::Source::default()).unwrap();
        String::from_utf8(doc.finish().unwrap()).unwrap()
    }

    #[test]
    fn lines_are_counted_as_the_whole_tree_counts_them() {
        // Variations at several depths, a variation of a variation, moveless nodes between moves.
        let t = agree("(;GM[1]SZ[9];B[aa];W[bb](;B[cc];W[dd](;B[ee])(;B[ef];W[fg]))(;B[gg]C[x];W[hh])(;AB[ii];W[ih]))");
        assert_eq!((t.games, t.lines, t.legal, t.moves), (1, 4, 4, 10));
    }

    #[test]
    fn a_stopped_line_and_what_leaves_it_after_the_stop_are_counted_alike() {
        // W plays on B's stone at move 3: the trunk stops; a variation leaving
        // before the stop replays, one leaving after it cannot.
        let t = agree("(;SZ[9];B[aa](;W[bb];B[bb];W[cc](;B[dd])(;B[de]))(;W[ee];B[ff]))");
        assert_eq!((t.lines, t.legal, t.partial, t.unreadable, t.errors), (3, 1, 1, 1, 1));
    }

    #[test]
    fn bad_setups_sizes_and_several_roots_in_one_tree_agree() {
        agree("(;SZ[3]AB[aa][ab][ba]AW[bb][ac][ca];B[cc])");
        agree("(;SZ[3]AB[aa]AW[ab][ba];B[cc])");
        agree("(;SZ[99];B[aa];W[bb])(;SZ[5];B[aa])");
        agree("((;SZ[5];B[aa](;W[bb])(;W[cc]))(;SZ[7];B[dd];W[ee]))");
        agree("(;SZ[5];B[aa];W[bb]");
        agree("(;SZ[5](;B[aa](;W[bb]");
    }

    #[test]
    fn properties_after_a_bracket_go_where_the_whole_tree_puts_them() {
        // A property after `(` or `)` belongs to the node read last.
        agree("(;SZ[5];B[aa](AB[cc];W[bb])C[late](;W[dd]AW[aa]))");
        agree("(;SZ[5];B[aa](;W[bb])B[cc](;W[dd]))");
        agree("(;SZ[5];B[aa])C[x]");
        agree("(;SZ[5];B[aa](;W[ab]);W[ba];B[bb])");
    }

    #[test]
    fn a_value_after_a_bracket_grows_the_span_of_what_its_node_said() {
        // Found by the count_sgf fuzz target: the moveless node's setup takes
        // a stone off, and `C[x]` after the `)` grows that node, so the
        // diagnostic's span reaches it in the whole tree.
        let (tree, count) = (by_tree("(;SZ[3]AB[ba][ab];AW[aa](;B[cc])C[x])"), by_count("(;SZ[3]AB[ba][ab];AW[aa](;B[cc])C[x])"));
        assert_eq!(count, tree);
        assert!(tree.1.iter().any(|d| d.code == crate::diagnostic::Code::GoSetupWithoutLiberty && d.span.end == 36), "{:?}", tree.1);
        // The root's own: a setup that is no position, in a tree never closed.
        agree("(;SZ[3]AB[aa][ab][ba]AW[bb](;B[cc])C[x]");
    }

    #[test]
    fn the_trunks_stated_result_is_judged_where_it_ends() {
        let filled = "(;GM[1]FF[4]SZ[5]KM[0]RU[Chinese]RE[B+1]AB[ba][bb][bc][bd][be]AW[da][db][dc][dd][de];B[ca];W[cb];B[cc];W[cd];B[ce];W[];B[]TB[aa][ab][ac][ad][ae]TW[ea][eb][ec][ed][ee])";
        agree(filled);
        agree(&filled.replace("RE[B+1]", "RE[W+1]"));
        // The marks on a moveless node after the last move count; a variation's do not.
        agree(&filled.replace(";B[]TB", ";B[];TB").replace(")", "(;C[end])(;B[aa]TB[ea]))"));
        let t = agree(&filled.replace("RE[B+1]", "RE[W+3]"));
        assert_eq!(t.verdicts.disputed, 1);
    }

    #[test]
    fn the_long_generated_game_agrees() {
        let t = agree(&crate::bench::long_game::sgf_one_game(40_000, 5));
        assert!(t.moves > 5_000 && t.lines > 1, "{t:?}");
    }

    fn sgf_soup() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            Just("(".to_string()),
            Just(")".to_string()),
            Just(";".to_string()),
            Just("SZ[5]".to_string()),
            Just("RE[B+R]".to_string()),
            Just("TB[aa]".to_string()),
            Just("C[x]".to_string()),
            Just("x".to_string()),
            (prop_oneof![Just("B"), Just("W"), Just("AB"), Just("AW"), Just("AE")], 0u8..6, 0u8..6)
                .prop_map(|(id, x, y)| format!("{id}[{}{}]", (b'a' + x) as char, (b'a' + y) as char)),
        ];
        proptest::collection::vec(piece, 0..60).prop_map(|pieces| pieces.concat())
    }

    /// Well-formed trees (nodes of moves, setups, passes, comments and marks;
    /// variations of variations): every one can be written in pieces.
    fn sgf_tree() -> impl Strategy<Value = String> {
        let property = prop_oneof![
            (prop_oneof![Just("B"), Just("W"), Just("AB"), Just("AW"), Just("AE"), Just("TB")], 0u8..5, 0u8..5)
                .prop_map(|(id, x, y)| format!("{id}[{}{}]", (b'a' + x) as char, (b'a' + y) as char)),
            Just("B[]".to_string()),
            Just("C[x]".to_string()),
        ];
        let node = proptest::collection::vec(property, 0..3).prop_map(|props| format!(";{}", props.concat()));
        let sequence = proptest::collection::vec(node, 1..4).prop_map(|nodes| nodes.concat());
        sequence.clone().prop_recursive(4, 48, 3, move |tree| {
            (sequence.clone(), proptest::collection::vec(tree, 0..3))
                .prop_map(|(nodes, variations)| format!("{nodes}{}", variations.iter().map(|v| format!("({v})")).collect::<String>()))
        })
    }

    #[test]
    fn pieces_are_exact_unless_a_later_piece_changes_an_earlier_one() {
        use super::super::pieces_are_exact;
        for exact in ["", "(;SZ[5];B[aa](;W[bb])(;W[cc]))", "(;B[aa])(;B[bb])", "(;B[aa](C[x];W[bb]))", "(;B[aa])C[x]", "((;B[aa](;W[bb])))"] {
            assert!(pieces_are_exact(exact), "{exact}");
        }
        // A property after an inner `)` (through a later `(` too), and two games in one tree.
        for inexact in ["(;B[aa](;W[bb])C[x])", "(;B[aa](;W[bb])(C[x];W[cc]))", "((;SZ[5])(;SZ[3]))", "((;SZ[5]);SZ[3])"] {
            assert!(!pieces_are_exact(inexact), "{inexact}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn any_well_formed_tree_is_written_in_pieces_as_the_whole_tree_writes_it(tree in sgf_tree()) {
            let text = format!("(;SZ[5]{tree})");
            prop_assert!(super::super::pieces_are_exact(&text), "{}", text);
            prop_assert_eq!(json_by_pieces(&text), json_by_tree(&text));
            prop_assert_eq!(by_count(&text), by_tree(&text));
        }

        #[test]
        fn any_tree_of_sgf_pieces_is_counted_as_the_whole_tree_counts_it(body in sgf_soup()) {
            let text = format!("(;SZ[5]{body}");
            prop_assert_eq!(by_count(&text), by_tree(&text));
            if super::super::pieces_are_exact(&text) {
                prop_assert_eq!(json_by_pieces(&text), json_by_tree(&text));
            }
        }
    }
}
