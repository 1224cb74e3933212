//! A generator of noisy games to measure the decoder: random legal games,
//! printed in book style, corrupted the ways OCR corrupts print.

use crate::text::draughts::{self as draughts_text, BookDraughts};
use crate::repair::{decode, DecodeOptions};
use crate::rules::draughts::{Move, Position};
use std::time::Instant;

/// A small deterministic generator (SplitMix64), so every run is repeatable.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
}

/// A random legal game from `start` of at most `max_plies` plies.
pub fn random_game(rng: &mut Rng, start: &Position, max_plies: usize) -> Vec<Move> {
    let mut pos = *start;
    let mut moves = Vec::new();
    for _ in 0..max_plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len())];
        pos = pos.play(&mv);
        moves.push(mv);
    }
    moves
}

/// Print a game as a book would, in one of the period styles. A capture is
/// written with every landing square where its ends alone would be ambiguous.
pub fn print_book_style(rng: &mut Rng, start: &Position, moves: &[Move]) -> String {
    let style = rng.below(4);
    let mut out = String::new();
    let mut pos = *start;
    for (i, mv) in moves.iter().enumerate() {
        let ambiguous = mv.is_capture() && pos.legal_moves().iter().filter(|m| m.from() == mv.from() && m.to() == mv.to()).count() > 1;
        let squares: Vec<String> = if mv.is_capture() && mv.path().len() > 1 && (ambiguous || rng.chance(0.5)) {
            mv.squares().iter().map(u8::to_string).collect()
        } else {
            vec![mv.from().to_string(), mv.to().to_string()]
        };
        pos = pos.play(mv);
        let (join, gap) = match style {
            0 => (" ", "\n"),
            1 => ("-", " "),
            2 => (".", "\n"),
            _ => (if mv.is_capture() { "x" } else { "-" }, " "),
        };
        if i > 0 {
            out.push_str(gap);
        }
        out.push_str(&squares.join(join));
    }
    out
}

/// Letters OCR prints for a digit.
fn letter_for(d: u8) -> &'static [u8] {
    match d {
        b'9' => b"gq",
        b'1' => b"lIi|",
        b'0' => b"Oo",
        b'5' => b"sS",
        b'6' => b"bG",
        b'8' => b"B",
        b'2' => b"zZ",
        b'7' => b"T",
        b'4' => b"A",
        _ => b"",
    }
}

fn similar_digit(d: u8) -> Option<u8> {
    match d {
        b'3' => Some(b'8'),
        b'8' => Some(b'3'),
        b'5' => Some(b'6'),
        b'6' => Some(b'5'),
        b'1' => Some(b'7'),
        b'7' => Some(b'1'),
        b'0' => Some(b'9'),
        b'9' => Some(b'0'),
        _ => None,
    }
}

/// Corrupt about `rate` of the characters the ways OCR does. Gaps between
/// moves are where whole moves get printed twice, as OCR repeats fragments.
pub fn corrupt(rng: &mut Rng, text: &str, rate: f64) -> String {
    let bytes = text.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(bytes.len() + 8);
    let mut move_start = 0;
    let mut last_move: Vec<u8> = Vec::new();
    for (i, &c) in bytes.iter().enumerate() {
        let gap_between_moves = c == b'\n' || (c == b' ' && bytes[move_start..i].contains(&b'-'));
        if gap_between_moves || c == b'\n' {
            last_move = bytes[move_start..i].to_vec();
            move_start = i + 1;
        }
        if !rng.chance(rate) {
            out.push(c);
            continue;
        }
        if c.is_ascii_digit() {
            match rng.below(10) {
                0..=3 if !letter_for(c).is_empty() => {
                    let l = letter_for(c);
                    out.push(l[rng.below(l.len())]);
                }
                0..=5 if similar_digit(c).is_some() => out.push(similar_digit(c).unwrap_or(c)),
                6 => {} // dropped
                7 => out.extend_from_slice(&[c, c]),
                8 => out.extend_from_slice(&[c, b' ']), // split
                _ => {
                    out.push(c);
                    out.push(b"',~^"[rng.below(4)]);
                }
            }
        } else if c == b' ' || c == b'\n' {
            match rng.below(10) {
                0..=5 => {} // run together: the gap is lost
                6..=7 => {
                    out.push(c);
                    out.push(b"',~^"[rng.below(4)]);
                    out.push(c);
                }
                _ if gap_between_moves && !last_move.is_empty() => {
                    // The previous move printed twice.
                    out.push(c);
                    out.extend_from_slice(&last_move);
                    out.push(c);
                }
                _ => out.push(c),
            }
        } else if rng.chance(0.5) {
            // A separator misread as junk, or lost.
            out.push(b"',~;"[rng.below(4)]);
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// What a decoder evaluation found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NoiseReport {
    pub rate: f64,
    pub games: usize,
    pub exact_games: usize,
    pub moves_printed: usize,
    pub moves_read: usize,
    /// Moves read as a different legal move than the one printed.
    pub moves_wrong: usize,
    pub seconds: f64,
    /// Games that stopped, by reason.
    pub stopped_ambiguous: usize,
    pub stopped_no_reading: usize,
    pub stopped_after_end: usize,
    /// Games that stopped at their very last move (nothing after it to decide by).
    pub stopped_at_last_move: usize,
    /// The first few games not read exactly: noisy text, and what happened.
    pub failures: Vec<String>,
}

/// Decode `games` random noisy games at `rate` and compare with the truth.
pub fn evaluate(seed: u64, games: usize, rate: f64, max_plies: usize, opts: &DecodeOptions) -> NoiseReport {
    let mut rng = Rng::new(seed);
    let mut report = NoiseReport { rate, games, ..NoiseReport::default() };
    let start = Position::initial();
    let clock = Instant::now();
    for _ in 0..games {
        let plies = 20 + rng.below(max_plies.saturating_sub(20).max(1));
        let truth = random_game(&mut rng, &start, plies);
        let printed = print_book_style(&mut rng, &start, &truth);
        let noisy = corrupt(&mut rng, &printed, rate);
        let tokens = draughts_text::scan(&noisy, 0);
        let decoded = decode(&BookDraughts, &start, &tokens, opts);
        report.moves_printed += truth.len();
        report.moves_read += decoded.moves.len();
        let wrong = decoded.moves.iter().zip(&truth).filter(|(d, t)| d.mv != **t).count();
        report.moves_wrong += wrong;
        if let Some(stop) = &decoded.stop {
            match stop.reason {
                crate::repair::StopReason::Ambiguous { .. } => report.stopped_ambiguous += 1,
                crate::repair::StopReason::NoLegalReading => report.stopped_no_reading += 1,
                crate::repair::StopReason::GameOver => report.stopped_after_end += 1,
            }
            if decoded.moves.len() + 1 == truth.len() {
                report.stopped_at_last_move += 1;
            }
        }
        if wrong == 0 && decoded.moves.len() == truth.len() && decoded.stop.is_none() {
            report.exact_games += 1;
        } else if report.failures.len() < 12 || (wrong > 0 && report.failures.len() < 24) {
            let first_wrong = decoded.moves.iter().zip(&truth).position(|(d, t)| d.mv != *t);
            report.failures.push(format!(
                "--- read {} of {} moves, {wrong} wrong; first wrong: {:?}; stop: {:?}\nprinted: {}\nnoisy:   {}\nstopped at: {:?}",
                decoded.moves.len(),
                truth.len(),
                first_wrong.map(|i| (i, truth[i], decoded.moves[i].mv, &decoded.moves[i].edits)),
                decoded.stop.as_ref().map(|s| &s.reason),
                printed.replace('\n', " | "),
                noisy.replace('\n', " | "),
                decoded.stop.as_ref().map(|s| s.span.slice(&noisy).chars().take(40).collect::<String>()),
            ));
        }
    }
    report.seconds = clock.elapsed().as_secs_f64();
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_games_decode_exactly() {
        let r = evaluate(1, 20, 0.0, 60, &DecodeOptions::default());
        assert_eq!(r.exact_games, 20, "{r:?}");
        assert_eq!(r.moves_wrong, 0);
    }

    #[test]
    fn corruption_changes_about_the_rate() {
        let mut rng = Rng::new(7);
        let text = "11 15\n23 19\n8 11\n22 17\n".repeat(50);
        let noisy = corrupt(&mut rng, &text, 0.05);
        let differing = text.bytes().zip(noisy.bytes()).take_while(|(a, b)| a == b).count();
        assert!(differing < text.len(), "some corruption happens");
        assert_ne!(text, noisy);
    }
}
