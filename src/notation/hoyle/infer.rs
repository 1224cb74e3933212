//! When a diagram is lost: the pieces a printed solution needs, found by playing
//! its moves on a board that starts unknown, and every choice of which of them
//! are kings. Each candidate is only a guess until the whole solution replays.

use super::solution::{Marker, RawSolution};
use crate::text::draughts::scan;
use crate::repair::TokenKind;
use crate::rules::draughts::{Color, Setup, Square};

/// Every way of crowning pieces: the black and white squares given, each piece a
/// man or a king (those in `must_be_king` and men that could not stand on their
/// crowning row always kings), fewest kings first, at most `limit` setups.
pub fn king_assignments(black: &[u8], white: &[u8], turn: Color, must_be_king: &[u8], limit: usize) -> Vec<Setup> {
    let pieces: Vec<(u8, Color)> = black.iter().map(|&s| (s, Color::Black)).chain(white.iter().map(|&s| (s, Color::White))).filter(|(s, _)| (1..=32).contains(s)).collect();
    let forced = |(s, c): (u8, Color)| must_be_king.contains(&s) || (c == Color::Black && s >= 29) || (c == Color::White && s <= 4);
    let free: Vec<usize> = (0..pieces.len()).filter(|&i| !forced(pieces[i])).collect();
    if free.len() > 20 {
        return Vec::new();
    }
    let mut masks: Vec<u32> = (0..(1u32 << free.len())).collect();
    masks.sort_by_key(|m| (m.count_ones(), *m));
    masks
        .into_iter()
        .take(limit)
        .map(|mask| {
            let mut setup = Setup { turn: Some(turn), ..Setup::default() };
            for (i, &(s, c)) in pieces.iter().enumerate() {
                let king = forced((s, c)) || free.iter().position(|&f| f == i).is_some_and(|k| mask & (1 << k) != 0);
                let bit = 1u32 << (s - 1);
                match (c, king) {
                    (Color::Black, false) => setup.black_men |= bit,
                    (Color::Black, true) => setup.black_kings |= bit,
                    (Color::White, false) => setup.white_men |= bit,
                    (Color::White, true) => setup.white_kings |= bit,
                }
            }
            setup
        })
        .collect()
}

/// The two squares of a printed move, with the OCR habit of a zero after a
/// single digit (`10.60` for 10.6) undone. Only for guessing pieces.
fn loose_pair(text: &str, span: crate::span::Span) -> Option<(u8, u8)> {
    let numbers: Vec<u8> = scan(span.slice(text), 0)
        .iter()
        .filter(|t| t.kind == TokenKind::Number)
        .filter_map(|t| t.text.parse::<u32>().ok())
        .map(|n| if n > 32 && n % 10 == 0 { n / 10 } else { n })
        .filter_map(|n| u8::try_from(n).ok().filter(|n| (1..=32).contains(n)))
        .collect();
    match numbers.as_slice() {
        [a, b, ..] => Some((*a, *b)),
        _ => None,
    }
}

/// The moves of line `li` from the solution's start: its parents' moves up to the mark, then its own.
fn full_moves(text: &str, raw: &RawSolution, li: usize, depth: usize) -> Vec<Option<(u8, u8)>> {
    let line = &raw.lines[li];
    let own: Vec<Option<(u8, u8)>> = line.items.iter().map(|it| loose_pair(text, it.span)).collect();
    let Some(marker) = &line.placed_by else { return own };
    if depth > raw.lines.len() {
        return own;
    }
    for (p, parent) in raw.lines.iter().enumerate().take(li) {
        if let Some(k) = parent.items.iter().position(|it| it.marker.as_ref().is_some_and(|(m, _)| m == marker)) {
            let mut moves: Vec<Option<(u8, u8)>> = full_moves(text, raw, p, depth + 1);
            // A parent whose own start is unknown gives no moves: none come before the mark then.
            let before = moves.len().saturating_sub(parent.items.len() - k);
            moves.truncate(before);
            moves.extend(own);
            return moves;
        }
    }
    if matches!(marker, Marker::Letter(_) | Marker::Variation(_)) { Vec::new() } else { own }
}

#[derive(Clone, Copy)]
struct Guess {
    color: Color,
    origin: u8,
    king: bool,
}

/// Starts a solution's printed moves may need, fewest pieces and kings first.
pub(crate) fn candidate_setups(text: &str, raw: &RawSolution, turn: Color, limit: usize) -> Vec<Setup> {
    let lines: Vec<Vec<Option<(u8, u8)>>> = (0..raw.lines.len()).map(|li| full_moves(text, raw, li, 0)).collect();
    let mut guesses: Vec<Guess> = Vec::new();
    // Two passes: pieces found in a later line stand on the board in the earlier ones too.
    for _ in 0..2 {
        for moves in &lines {
            follow_line(moves, turn, &mut guesses);
        }
    }
    subsets_as_setups(guesses, turn, limit)
}

/// Follow one line's moves from the pieces guessed so far, adding a piece
/// wherever a move starts from, or jumps over, a square no piece is known on;
/// a piece moving backwards before it is crowned is a king.
fn follow_line(moves: &[Option<(u8, u8)>], turn: Color, guesses: &mut Vec<Guess>) {
    let mut board: [Option<usize>; 33] = [None; 33];
    let mut touched = [false; 33];
    let mut crowned = vec![false; guesses.len() + 64];
    for (i, g) in guesses.iter().enumerate() {
        board[g.origin as usize] = Some(i);
    }
    let mut side = turn;
    for mv in moves {
        let Some((from, to)) = *mv else {
            side = side.other();
            continue;
        };
        let (f, t) = (from as usize, to as usize);
        if board[f].is_none() && !touched[f] {
            guesses.push(Guess { color: side, origin: from, king: false });
            board[f] = Some(guesses.len() - 1);
            crowned.push(false);
        }
        let Some(piece) = board[f] else {
            side = side.other();
            continue;
        };
        if guesses[piece].color == side {
            let (Some(a), Some(b)) = (Square::new(from), Square::new(to)) else { continue };
            let forward = if side == Color::Black { b.row() > a.row() } else { b.row() < a.row() };
            if !forward && !crowned[piece] {
                guesses[piece].king = true;
            }
            if a.row().abs_diff(b.row()) == 2 && a.file().abs_diff(b.file()) == 2
                && let Some(mid) = Square::at((a.row() + b.row()) / 2, (a.file() + b.file()) / 2)
            {
                let m = mid.number() as usize;
                match board[m] {
                    Some(q) if guesses[q].color != side => board[m] = None,
                    None if !touched[m] => {
                        guesses.push(Guess { color: side.other(), origin: mid.number(), king: false });
                        crowned.push(false);
                    }
                    _ => {}
                }
                touched[m] = true;
            }
            touched[f] = true;
            touched[t] = true;
            board[t] = Some(piece);
            board[f] = None;
            let crown_row = if side == Color::Black { b.row() == 7 } else { b.row() == 0 };
            if crown_row {
                crowned[piece] = true;
            }
        }
        side = side.other();
    }
}

/// Setups from subsets of the guessed pieces, up to `limit`.
fn subsets_as_setups(mut guesses: Vec<Guess>, turn: Color, limit: usize) -> Vec<Setup> {
    // Misread moves add pieces that are not there: try subsets, fewest pieces first,
    // each piece a man unless the moves show it is a king; then every crowning.
    guesses.truncate(16);
    let n = guesses.len();
    let mut masks: Vec<u32> = (1..(1u32 << n)).collect();
    masks.sort_by_key(|m| (m.count_ones(), *m));
    let mut out = Vec::new();
    for every_crowning in [false, true] {
        for &mask in &masks {
            let chosen: Vec<Guess> = (0..n).filter(|i| mask & (1 << i) != 0).map(|i| guesses[i]).collect();
            let black: Vec<u8> = chosen.iter().filter(|g| g.color == Color::Black).map(|g| g.origin).collect();
            let white: Vec<u8> = chosen.iter().filter(|g| g.color == Color::White).map(|g| g.origin).collect();
            let kings: Vec<u8> = chosen.iter().filter(|g| g.king).map(|g| g.origin).collect();
            let all = king_assignments(&black, &white, turn, &kings, if every_crowning { limit } else { 1 });
            out.extend(all.into_iter().skip(usize::from(every_crowning)));
            if out.len() >= limit {
                out.truncate(limit);
                return out;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kings_are_forced_on_crowning_rows_and_enumerated_elsewhere() {
        let setups = king_assignments(&[30, 14], &[18], Color::White, &[], 100);
        // 30 is always a king; 14 and 18 each man or king.
        assert_eq!(setups.len(), 4);
        assert!(setups.iter().all(|s| s.black_kings & (1 << 29) != 0));
        assert_eq!(setups[0].black_men, 1 << 13, "fewest kings first");
    }
}
