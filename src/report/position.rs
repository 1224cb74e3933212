//! The positions a report draws: each line replayed through its game's engine,
//! one drawable board per ply. Only what a board shows is kept (who stands
//! where), so a report never depends on the engines' internals.

use crate::notation::go_corner::from_sgf;
use crate::rules::{draughts, go, lasca};
use crate::tree::{Game, Line, Source, Start};

/// Which engine replays a source's moves.
pub use crate::tree::GameKind;

impl GameKind {
    /// The game the source's notation holds; a source with no game (the Go
    /// essay) is drawn as draughts, which it never asks for.
    pub fn of(source: &Source) -> GameKind {
        source.notation.game().unwrap_or(GameKind::Draughts)
    }
}

/// A draughts piece: black or white, man or king.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub black: bool,
    pub king: bool,
}

/// What one board shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Board {
    /// `squares[n - 1]` is square `n` (1–32, Black's home squares 1–12 at the top).
    Draughts { squares: [Option<Piece>; 32] },
    /// `columns[n - 1]` is square `n` (1–25), men from the leader down.
    Lasca { columns: Vec<Vec<lasca::Man>> },
    /// Row-major from the top-left point; `last` is the point last played.
    Go { size: u8, stones: Vec<Option<go::Color>>, last: Option<go::Point> },
}

/// A line's boards: `boards[k]` after `k` of its moves. Shorter than the line's
/// moves plus one when a move cannot be replayed (`stuck_at` says which).
#[derive(Clone, Debug, Default)]
pub struct Replayed {
    pub boards: Vec<Board>,
    pub stuck_at: Option<usize>,
}

impl Replayed {
    /// The board after `ply` moves, or the last one reached before it.
    pub fn at(&self, ply: usize) -> Option<&Board> {
        self.boards.get(ply.min(self.boards.len().saturating_sub(1)))
    }
}

/// Each line of a game replayed from where it starts: its own `start`, its
/// parent's board at the branch ply, or the game's start.
pub fn replay_game(kind: GameKind, game: &Game) -> Vec<Replayed> {
    let mut done: Vec<Option<Replayed>> = vec![None; game.lines.len()];
    for i in 0..game.lines.len() {
        replay_line(kind, game, i, &mut done);
    }
    done.into_iter().map(Option::unwrap_or_default).collect()
}

fn replay_line(kind: GameKind, game: &Game, i: usize, done: &mut Vec<Option<Replayed>>) {
    if done[i].is_some() {
        return;
    }
    let line = &game.lines[i];
    // A line whose parent links are bad (out of range, a loop) plays from its own start.
    let parent = line.parent.filter(|_| game.ancestry(i).is_some());
    let from_parent = match (&line.start, parent) {
        (None, Some(p)) => {
            replay_line(kind, game, p, done);
            done[p].as_ref().and_then(|r| r.at(line.branch_ply)).cloned()
        }
        _ => None,
    };
    let start = from_parent.or_else(|| start_board(kind, line.start.as_ref().unwrap_or(&game.start)));
    done[i] = Some(match start {
        Some(board) => replay_moves(kind, board, line),
        None => Replayed { boards: Vec::new(), stuck_at: Some(0) },
    });
}

/// The board a start text describes; an empty text is the game's opening position.
pub fn start_board(kind: GameKind, start: &Start) -> Option<Board> {
    match kind {
        GameKind::Draughts => {
            let setup = start.draughts().unwrap_or_else(|| Ok(draughts::Position::initial().setup())).ok()?;
            Some(draughts_board(&setup))
        }
        GameKind::Lasca => {
            let setup = start.lasca().unwrap_or_else(|| Ok(lasca::Setup::initial())).ok()?;
            Some(Board::Lasca { columns: setup.columns.to_vec() })
        }
        GameKind::Go => start.go().unwrap_or_else(|| Ok(go::Setup::default())).ok().map(|s| go_board(&s, None)),
    }
}

/// The opening position of a game kind (no board is drawn for a line that starts there).
pub fn initial_board(kind: GameKind) -> Option<Board> {
    start_board(kind, &Start::Unset)
}

fn draughts_board(setup: &draughts::Setup) -> Board {
    let mut squares = [None; 32];
    for (n, sq) in squares.iter_mut().enumerate() {
        let bit = 1u32 << n;
        *sq = if setup.black_men & bit != 0 {
            Some(Piece { black: true, king: false })
        } else if setup.black_kings & bit != 0 {
            Some(Piece { black: true, king: true })
        } else if setup.white_men & bit != 0 {
            Some(Piece { black: false, king: false })
        } else if setup.white_kings & bit != 0 {
            Some(Piece { black: false, king: true })
        } else {
            None
        };
    }
    Board::Draughts { squares }
}

fn draughts_setup(squares: &[Option<Piece>; 32], black_to_move: bool) -> draughts::Setup {
    let mut s = draughts::Setup { turn: Some(if black_to_move { draughts::Color::Black } else { draughts::Color::White }), ..Default::default() };
    for (n, p) in squares.iter().enumerate() {
        let bit = 1u32 << n;
        match p {
            Some(Piece { black: true, king: false }) => s.black_men |= bit,
            Some(Piece { black: true, king: true }) => s.black_kings |= bit,
            Some(Piece { black: false, king: false }) => s.white_men |= bit,
            Some(Piece { black: false, king: true }) => s.white_kings |= bit,
            None => {}
        }
    }
    s
}

/// `SZ[19]AB[dd][pp]AW[..]PL[W]`, the start text the Go readers write.
fn go_board(setup: &go::Setup, last: Option<go::Point>) -> Board {
    let size = setup.size;
    let mut stones = vec![None; usize::from(size) * usize::from(size)];
    for (pts, color) in [(&setup.black, go::Color::Black), (&setup.white, go::Color::White)] {
        for p in pts {
            if let Some(cell) = stones.get_mut(usize::from(p.y) * usize::from(size) + usize::from(p.x)) {
                *cell = Some(color);
            }
        }
    }
    Board::Go { size, stones, last }
}

fn replay_moves(kind: GameKind, start: Board, line: &Line) -> Replayed {
    let mut out = Replayed { boards: vec![start.clone()], stuck_at: None };
    match (kind, start) {
        (GameKind::Draughts, Board::Draughts { squares }) => {
            // Who moves first is not in every start text: try the side that has the first move.
            let first = line.moves.first().and_then(|m| m.squares.first()).and_then(|&s| squares.get(usize::from(s).wrapping_sub(1)).copied().flatten());
            let setup = draughts_setup(&squares, first.is_none_or(|p| p.black));
            let Ok(mut pos) = draughts::Position::from_setup_ignoring(setup, &ALL_DRAUGHTS_PROBLEMS) else {
                out.stuck_at = Some(0);
                return out;
            };
            for (k, node) in line.moves.iter().enumerate() {
                let Some(mv) = pos.legal_moves().into_iter().find(|m| m.squares() == node.squares) else {
                    out.stuck_at = Some(k);
                    break;
                };
                pos = pos.play(&mv);
                out.boards.push(draughts_board(&pos.setup()));
            }
        }
        (GameKind::Lasca, Board::Lasca { columns }) => {
            let mut setup = lasca::Setup::default();
            for (slot, col) in setup.columns.iter_mut().zip(columns) {
                *slot = col;
            }
            let first = line.moves.first().and_then(|m| m.squares.first()).and_then(|&s| setup.columns.get(usize::from(s).wrapping_sub(1))).and_then(|c| c.first());
            if let Some(leader) = first {
                setup.turn = leader.color;
            }
            let Ok(mut pos) = lasca::Position::from_setup_ignoring(&setup, &ALL_LASCA_PROBLEMS) else {
                out.stuck_at = Some(0);
                return out;
            };
            for (k, node) in line.moves.iter().enumerate() {
                // The tree gives a Lasca move as its from-square and landing squares.
                let Some(mv) = pos.legal_moves().into_iter().find(|m| std::iter::once(m.from()).chain(m.landings()).eq(node.squares.iter().copied())) else {
                    out.stuck_at = Some(k);
                    break;
                };
                pos = pos.play(&mv);
                out.boards.push(Board::Lasca { columns: pos.setup().columns.to_vec() });
            }
        }
        (GameKind::Go, Board::Go { size, stones, .. }) => {
            let mut setup = go::Setup { size, ..Default::default() };
            for (i, s) in stones.iter().enumerate() {
                let p = go::Point::new((i % usize::from(size)) as u8, (i / usize::from(size)) as u8);
                match s {
                    Some(go::Color::Black) => setup.black.push(p),
                    Some(go::Color::White) => setup.white.push(p),
                    None => {}
                }
            }
            let Ok(mut pos) = go::Position::from_setup(setup) else {
                out.stuck_at = Some(0);
                return out;
            };
            for (k, node) in line.moves.iter().enumerate() {
                let Some((color, mv)) = go_move(&node.text, size) else {
                    out.stuck_at = Some(k);
                    break;
                };
                if pos.play_as(color, mv).is_err() {
                    out.stuck_at = Some(k);
                    break;
                }
                let last = match mv {
                    go::Move::Play(p) => Some(p),
                    go::Move::Pass => None,
                };
                out.boards.push(go_board(&pos.setup(), last));
            }
        }
        _ => out.stuck_at = Some(0),
    }
    out
}

const ALL_DRAUGHTS_PROBLEMS: [draughts::PositionErrorKind; 4] = [
    draughts::PositionErrorKind::Overlap,
    draughts::PositionErrorKind::ManOnCrownRow,
    draughts::PositionErrorKind::TooManyPieces,
    draughts::PositionErrorKind::NoTurn,
];

const ALL_LASCA_PROBLEMS: [lasca::PositionErrorKind; 3] =
    [lasca::PositionErrorKind::TooManyMen, lasca::PositionErrorKind::MenMissing, lasca::PositionErrorKind::PrivateOnFarRow];

/// A Go move's canonical tree text: `B dq`, `W pass`.
fn go_move(text: &str, size: u8) -> Option<(go::Color, go::Move)> {
    let (who, at) = text.split_once(' ')?;
    let color = match who {
        "B" => go::Color::Black,
        "W" => go::Color::White,
        _ => return None,
    };
    let mv = if at == "pass" { go::Move::Pass } else { go::Move::Play(from_sgf(at, size)?) };
    Some((color, mv))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::MoveNode;

    fn line(moves: &[&[u8]]) -> Line {
        Line { moves: moves.iter().map(|s| MoveNode { squares: s.to_vec(), ..MoveNode::default() }).collect(), ..Line::trunk() }
    }

    #[test]
    fn draughts_line_is_replayed_move_by_move() {
        let game = Game { lines: vec![line(&[&[11, 15], &[23, 19]])], ..Game::default() };
        let r = &replay_game(GameKind::Draughts, &game)[0];
        assert_eq!(r.boards.len(), 3);
        assert_eq!(r.stuck_at, None);
        let Board::Draughts { squares } = &r.boards[2] else { panic!() };
        assert_eq!(squares[14], Some(Piece { black: true, king: false }));
        assert_eq!(squares[10], None);
        assert_eq!(squares[18], Some(Piece { black: false, king: false }));
    }

    #[test]
    fn an_illegal_move_stops_the_replay_where_it_stands() {
        let game = Game { lines: vec![line(&[&[11, 15], &[11, 16]])], ..Game::default() };
        let r = &replay_game(GameKind::Draughts, &game)[0];
        assert_eq!((r.boards.len(), r.stuck_at), (2, Some(1)));
    }

    #[test]
    fn a_variation_starts_from_its_parent_at_the_branch_ply() {
        let mut v = line(&[&[22, 18]]);
        v.parent = Some(0);
        v.branch_ply = 1;
        let game = Game { lines: vec![line(&[&[11, 15], &[23, 19]]), v], ..Game::default() };
        let r = &replay_game(GameKind::Draughts, &game)[1];
        assert_eq!(r.boards.len(), 2, "{r:?}");
        assert_eq!(r.stuck_at, None);
    }

    #[test]
    fn go_start_text_and_moves() {
        let mut l = Line::trunk();
        l.moves.push(MoveNode { text: "W dd".into(), ..MoveNode::default() });
        let game = Game { start: Start::from_text("SZ[9]AB[cc]PL[W]"), lines: vec![l], ..Game::default() };
        let r = &replay_game(GameKind::Go, &game)[0];
        let Board::Go { size, stones, last } = &r.boards[1] else { panic!() };
        assert_eq!(*size, 9);
        assert_eq!(stones.iter().flatten().count(), 2);
        assert_eq!(*last, Some(go::Point::new(3, 3)));
    }

    #[test]
    fn a_lasca_capture_is_matched_by_its_landing_squares() {
        // White 9-13, Black 17-13-9 captures (from 17 over 13 to 9): the tree gives 17, 9.
        let game = Game { lines: vec![line(&[&[9, 13], &[17, 9]])], ..Game::default() };
        let r = &replay_game(GameKind::Lasca, &game)[0];
        assert_eq!(r.stuck_at, None, "{r:?}");
        let Board::Lasca { columns } = &r.boards[2] else { panic!() };
        assert_eq!(columns[8].len(), 2, "the captured man goes under the capturer");
    }

    #[test]
    fn a_loop_of_parents_does_not_hang() {
        let mut a = line(&[&[11, 15]]);
        a.parent = Some(1);
        let mut b = line(&[&[11, 15]]);
        b.parent = Some(0);
        let game = Game { lines: vec![a, b], ..Game::default() };
        assert_eq!(replay_game(GameKind::Draughts, &game).len(), 2);
    }
}
