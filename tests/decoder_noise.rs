//! The repair decoder on generated noisy games (random legal games printed in
//! book style and corrupted the ways OCR corrupts): floors under what was
//! measured, so a change that makes reading worse fails here.
//! Measured with seed 99, 200 games: 2% 97.0% exact / 0.022% wrong,
//! 5% 95.5% / 0.012%, 10% 87.0% / 0.118%.

use gamescribe::bench::noise::evaluate;
use gamescribe::repair::DecodeOptions;

fn check(rate: f64, min_exact: f64, max_wrong: f64) {
    let r = evaluate(99, 200, rate, 80, &DecodeOptions::default());
    let exact = r.exact_games as f64 / r.games as f64;
    let wrong = r.moves_wrong as f64 / r.moves_read.max(1) as f64;
    assert!(exact >= min_exact, "{rate}: {:.1}% exact, want at least {:.1}% ({r:?})", 100.0 * exact, 100.0 * min_exact);
    assert!(wrong <= max_wrong, "{rate}: {:.3}% of moves wrong, want at most {:.3}%", 100.0 * wrong, 100.0 * max_wrong);
}

#[test]
fn two_percent_noise() {
    check(0.02, 0.95, 0.001);
}

#[test]
fn five_percent_noise() {
    check(0.05, 0.92, 0.001);
}

#[test]
fn ten_percent_noise() {
    check(0.10, 0.80, 0.004);
}

/// A misprint can move to a later move: `1-5` printed `1-6` reads as
/// printed, and the later `5-9` then reads as 6-9 by one digit confusion,
/// exactly as dear as the truth (1-5 mended, 5-9 as printed). The reader
/// must not take either: it stops where the two part, with both readings.
/// (Game 10 of the 5% failures, seed 1852, before the check was added.)
#[test]
fn a_misprint_that_moves_to_a_later_move_is_not_read_as_two_wrong_moves() {
    use gamescribe::text::draughts::{self as book_text, BookDraughts};
    use gamescribe::repair::{decode, StopReason};
    use gamescribe::rules::draughts::Position;
    let printed = "9-14 22-18 14-17 21-14 10-17 18-15 11-18 23-14 6-9 26-22 9-18 22-13 12-16 24-20 8-11 27-23 18-27 32-23 3-8 31-26 11-15 20-11 7-16 13-9 5-14 28-24 15-18 24-19 18-27 19-12-3 1-5 26-22 14-18 22-15 5-9 15-10 27-32 25-22 32-27 3-8 4-11 10-7 9-13 30-25";
    let noisy = "9-14 222-118 14-17 21-1410-17 18-15 11-1823-74 6-9 26-2 9-118 22-13~ 12-1G 24-20 8-11 27-23 1827 32-23^ 3-8 31-2b 11-15 20-11 7-16 7-16 13-9 5-14 28-24 15-18 24-19 18-27 19-12-3 1-6 26-22 14-18 22-155-9 15-10 15-10 27-32 25-22 32-27 3-8 4-11 10-7 9-13 3025";
    let start = Position::initial();
    let opts = DecodeOptions::default();
    let truth = decode(&BookDraughts, &start, &book_text::scan(printed, 0), &opts);
    assert!(truth.stop.is_none() && truth.moves.len() == 44);
    let read = decode(&BookDraughts, &start, &book_text::scan(noisy, 0), &opts);
    let wrong = read.moves.iter().zip(&truth.moves).filter(|(r, t)| r.mv != t.mv).count();
    assert_eq!(wrong, 0, "read {} moves", read.moves.len());
    assert_eq!(read.moves.len(), 30, "stops before 1-5 / 1-6, its 31st move");
    let Some(StopReason::Ambiguous { readings }) = read.stop.map(|s| s.reason) else { panic!("an ambiguous stop") };
    assert!(readings.contains(&vec![1, 5]) && readings.contains(&vec![1, 6]), "{readings:?}");
}
