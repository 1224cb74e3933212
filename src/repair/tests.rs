//! Unit tests of the decoder on small hand-made token streams, with a toy
//! game whose legal moves are a script (one list of moves a ply).

use super::decode::{Cursor, Decoder};
use super::spellings::Spellings;
use super::*;

/// The position is the ply; the moves legal at each ply are given, each as its one spelling.
struct Script(Vec<Vec<Vec<u32>>>);

impl Spelling for Script {
    type Position = usize;
    type Move = Vec<u32>;
    fn legal_moves(&self, ply: &usize) -> Vec<Vec<u32>> {
        self.0.get(*ply).cloned().unwrap_or_default()
    }
    fn play(&self, ply: &usize, _: &Vec<u32>) -> usize {
        ply + 1
    }
    fn spellings(&self, _: &usize, mv: &Vec<u32>) -> Vec<Vec<u32>> {
        vec![mv.clone()]
    }
}

/// Tokens as a notation's scanner would make them: runs of letters and
/// digits (numbers if every character may be a digit), `-` between, other marks junk.
fn scan(text: &str) -> Vec<Token> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c.is_ascii_alphanumeric() {
            while i < bytes.len() && bytes[i].is_ascii_alphanumeric() {
                i += 1;
            }
        } else {
            i += 1;
        }
        let word = &text[start..i];
        let kind = match c {
            b'-' => TokenKind::Separator,
            _ if word.bytes().all(is_digit_like) => TokenKind::Number,
            _ => TokenKind::Junk,
        };
        out.push(Token::new(kind, word, Span::new(start, i)));
    }
    out
}

fn opening() -> Script {
    Script(vec![vec![vec![11, 15], vec![9, 13], vec![10, 14]], vec![vec![22, 18], vec![24, 20], vec![23, 19]], vec![vec![15, 22], vec![15, 19]]])
}

fn read(game: &Script, text: &str) -> Decoded<Vec<u32>> {
    decode(game, &0, &scan(text), &DecodeOptions::default())
}

fn moves(decoded: &Decoded<Vec<u32>>) -> Vec<Vec<u32>> {
    decoded.moves.iter().map(|m| m.mv.clone()).collect()
}

#[test]
fn a_clean_line_reads_exactly_with_no_edits() {
    let d = read(&opening(), "11-15 22-18 15-22");
    assert_eq!(moves(&d), vec![vec![11, 15], vec![22, 18], vec![15, 22]]);
    assert!(d.moves.iter().all(|m| m.edits.is_empty() && m.cost == 0.0));
    assert_eq!(d.stop, None);
    assert_eq!(d.moves[1].span, Span::new(6, 11));
    assert_eq!(d.moves[1].tokens, 3..6, "number, separator, number");
}

/// A long line's moves are kept beside the tree made from them, so neither
/// holds the room its growth left: five moves read by the search (the last
/// is mended), then made into a line.
#[test]
fn a_line_read_holds_no_spare_room() {
    let game = Script(vec![vec![vec![11, 15]], vec![vec![22, 18]], vec![vec![15, 22]], vec![vec![25, 18]], vec![vec![9, 13]]]);
    let text = "11-15 22-18 15-22 25-18 9-l3";
    let d = read(&game, text);
    assert_eq!((d.moves.len(), d.stop.is_none(), d.moves[4].edits.len()), (5, true, 1));
    assert_eq!(d.moves.capacity(), 5);
    let line = build_line(&game, &0, text, &d, |_, mv| (format!("{mv:?}"), Vec::new()));
    assert_eq!((line.moves.len(), line.moves.capacity()), (5, 5));
}

#[test]
fn a_letter_for_a_digit_is_mended_and_logged() {
    let d = read(&opening(), "11-l5 22-18 15-22");
    assert_eq!(moves(&d), vec![vec![11, 15], vec![22, 18], vec![15, 22]]);
    assert_eq!(d.stop, None);
    let edits = &d.moves[0].edits;
    assert_eq!(edits.len(), 1, "{edits:?}");
    assert_eq!((edits[0].from.as_str(), edits[0].to.as_str(), edits[0].kind.as_str()), ("l5", "15", "letter-for-digit"));
    assert_eq!(edits[0].span, Span::new(3, 5));
    assert!(d.moves[1].edits.is_empty());
}

#[test]
fn numbers_run_together_are_taken_apart() {
    let d = read(&opening(), "11-1522-18 15-22");
    assert_eq!(moves(&d), vec![vec![11, 15], vec![22, 18], vec![15, 22]]);
    let kinds: Vec<&str> = d.moves.iter().flat_map(|m| m.edits.iter().map(|e| e.kind.as_str())).collect();
    assert_eq!(kinds, vec!["run-together"]);
}

#[test]
fn two_equally_good_readings_are_refused() {
    let game = Script(vec![vec![vec![11, 15], vec![11, 16]]]);
    let d = read(&game, "11-1");
    assert!(d.moves.is_empty());
    let stop = d.stop.expect("the line must stop");
    match stop.reason {
        StopReason::Ambiguous { mut readings } => {
            readings.sort();
            assert_eq!(readings, vec![vec![11, 15], vec![11, 16]]);
        }
        other => panic!("expected an ambiguous stop, got {other:?}"),
    }
    assert_eq!((stop.at_token, stop.span), (0, Span::new(0, 4)));
}

#[test]
fn text_no_legal_move_explains_stops_the_line_and_is_kept() {
    let d = read(&opening(), "11-15 5-30");
    assert_eq!(moves(&d), vec![vec![11, 15]]);
    let stop = d.stop.expect("the line must stop");
    assert_eq!(stop.reason, StopReason::NoLegalReading);
    // Whatever the move took of the text, the rest is kept, to the end.
    assert_eq!(stop.span.end, 10);
    assert!(stop.span.start >= d.moves[0].span.end && stop.span.start <= 8, "{stop:?}");
}

#[test]
fn text_after_the_game_is_over_is_not_read() {
    let game = Script(vec![vec![vec![11, 15]]]);
    let d = read(&game, "11-15 22-18");
    assert_eq!(moves(&d), vec![vec![11, 15]]);
    assert_eq!(d.stop.map(|s| s.reason), Some(StopReason::GameOver));
}

#[test]
fn specks_after_the_last_move_are_kept_as_trailing_junk() {
    let d = read(&opening(), "11-15 22-18 ~");
    assert_eq!(moves(&d).len(), 2);
    assert_eq!(d.stop, None);
    assert_eq!(d.trailing_junk, vec![Span::new(12, 13)]);
}

#[test]
fn the_remembered_look_to_end_agrees_with_a_fresh_beam() {
    let game = opening();
    for text in ["11-15 22-18 15-22", "11-l5 22-1 15-22", "11-15 2218 ~ 15-22", "9-13 24-20 15-19"] {
        let tokens = scan(text);
        let opts = DecodeOptions::default();
        let dec = Decoder::new(&game, &tokens, &opts);
        for item in 0..=dec.items.len() {
            for ply in 0..3 {
                let at = Cursor { item, off: 0 };
                let fresh = dec.cost_to_end_afresh(&ply, at, Spellings::nothing(), f64::INFINITY).unwrap();
                // The first answer fills the memo, the second comes from it.
                assert_eq!(dec.cost_to_end(&ply, at, &Spellings::nothing()), fresh, "{text:?} from item {item}, ply {ply}");
                assert_eq!(dec.cost_to_end(&ply, at, &Spellings::nothing()), fresh, "{text:?} from item {item}, ply {ply}");
                // A fresh decoder, with nothing remembered, agrees too.
                assert_eq!(Decoder::new(&game, &tokens, &opts).cost_to_end_afresh(&ply, at, Spellings::nothing(), f64::INFINITY), Some(fresh));
            }
        }
    }
}

#[test]
fn the_look_to_end_counts_what_it_leaves_unread() {
    let game = opening();
    let tokens = scan("11-15 22-18 15-22");
    let opts = DecodeOptions::default();
    let dec = Decoder::new(&game, &tokens, &opts);
    assert_eq!(dec.cost_to_end(&0, Cursor { item: 0, off: 0 }, &Spellings::nothing()), (0.0, true));
    // From the third ply, the first two moves' text cannot be read: it is left unread.
    let (cost, complete) = dec.cost_to_end(&2, Cursor { item: 0, off: 0 }, &Spellings::nothing());
    assert!(!complete || cost > 0.0, "{cost} {complete}");
}

#[test]
fn a_capped_look_to_end_agrees_below_its_cap_and_says_none_above() {
    let game = opening();
    for text in ["11-15 22-18 15-22", "11-l5 22-1 15-22", "9-13 24-20 15-19", "l1 15 2 18 15 2Z"] {
        let tokens = scan(text);
        let opts = DecodeOptions::default();
        for item in 0..=tokens.len() {
            let at = Cursor { item, off: 0 };
            let exact = Decoder::new(&game, &tokens, &opts).cost_to_end(&0, at, &Spellings::nothing());
            for cap in [0.0, 0.5, 1.0, 2.5, 6.0, 40.0] {
                // A fresh decoder each time, and one that has seen other caps: both agree.
                let fresh = Decoder::new(&game, &tokens, &opts).cost_to_end_below(&0, at, &Spellings::nothing(), cap);
                assert_eq!(fresh, (exact.0 < cap).then_some(exact), "{text:?} from item {item} below {cap}");
            }
            let shared = Decoder::new(&game, &tokens, &opts);
            for cap in [0.5, 40.0, 0.0, 6.0, 1.0] {
                assert_eq!(shared.cost_to_end_below(&0, at, &Spellings::nothing(), cap), (exact.0 < cap).then_some(exact), "{text:?} from item {item} below {cap}, remembered");
            }
        }
    }
}

#[test]
fn one_reader_reads_each_start_as_a_fresh_decode_does() {
    // Two openings in one script, so reading from ply 0 and from ply 3 both make sense.
    let mut plies = opening().0;
    plies.extend(opening().0);
    let game = Script(plies);
    for text in ["11-15 22-18 15-22", "11-l5 22-1 15-22", "9-13 24-20 15-19", "l1 15 2 18 15 2Z 11 15"] {
        let tokens = scan(text);
        let opts = DecodeOptions::default();
        let reader = Reader::new(Script(game.0.clone()), tokens.clone(), opts.clone());
        // Starts revisited, and a start no reading fits between them.
        for start in [0, 3, 1, 0, 5, 3, 0] {
            let fresh = decode(&game, &start, &tokens, &opts);
            assert_eq!(reader.decode(&start), fresh, "{text:?} from ply {start}");
            let early = decode_unless_it_stops(&game, &start, &tokens, &opts);
            assert_eq!(reader.decode_unless_it_stops(&start), early, "{text:?} from ply {start}, read to the end first");
        }
    }
}

/// A line read to its end without the audit is read again with it by taking
/// the same decisions, not by searching again: it must come out as the full
/// reading does, mends and stops alike.
#[test]
fn a_line_read_again_with_the_audit_is_the_full_reading() {
    let mut plies = opening().0;
    plies.extend(opening().0);
    let game = Script(plies);
    let mut read_to_the_end_with_mends = 0;
    for text in ["11-15 22-18 15-22", "11-l5 22-1 15-22", "1l 15 2Z 18 15 22 11 l5 22 18", "11 15 22 18 15 22 11 1S 22 I8 15 2", "11-15 22 18 15-22 11 15 22-18 1522", "9-13 24-20 15-19"] {
        let tokens = scan(text);
        let opts = DecodeOptions::default();
        for start in [0, 1, 3] {
            let full = decode(&game, &start, &tokens, &opts);
            match decode_unless_it_stops(&game, &start, &tokens, &opts) {
                Some(early) => {
                    assert_eq!(early, full, "{text:?} from ply {start}");
                    read_to_the_end_with_mends += usize::from(early.moves.iter().any(|m| !m.edits.is_empty()));
                }
                None => assert!(full.stop.is_some(), "{text:?} from ply {start}: given up, yet the full reading reads to the end"),
            }
        }
    }
    assert!(read_to_the_end_with_mends >= 2, "{read_to_the_end_with_mends} lines read to the end with mends");
}

/// A look to the end follows the text only as far as the decoder's horizon
/// (a move read across it may take a few numbers past it): what lies well
/// beyond changes nothing. So every look costs about the same however long
/// the text, and a long text is read in time that grows with its length,
/// not with its square.
#[test]
fn a_look_to_the_end_stops_at_its_horizon() {
    // At every ply two moves from one square; the line prints the first of each.
    let plies = 100;
    let from = |p: usize| 1 + (p % 29) as u32;
    let game = Script((0..plies + 20).map(|p| vec![vec![from(p), from(p) + 1], vec![from(p), from(p) + 2]]).collect());
    let line: Vec<String> = (0..plies).map(|p| format!("{}-{}", from(p), from(p) + 1)).collect();
    let clean = line.join(" ");
    // Then numbers no move reads: the line breaks down there.
    let broken = format!("{clean} {}", ["99-77"; 20].join(" "));
    let (clean, broken) = (scan(&clean), scan(&broken));
    let bounded = DecodeOptions { horizon: 40, ..DecodeOptions::default() };
    // 200 numbers in the clean line: from item 100 on, a look sees within 100 items of the break.
    for item in 0..100 {
        let (at, ply) = (Cursor { item, off: 0 }, item / 2);
        let before_break = Decoder::new(&game, &clean, &bounded).cost_to_end(&ply, at, &Spellings::nothing());
        let with_break = Decoder::new(&game, &broken, &bounded).cost_to_end(&ply, at, &Spellings::nothing());
        assert_eq!(with_break, before_break, "from item {item}");
        if item % 2 == 0 {
            assert_eq!(with_break, (0.0, true), "from item {item}: the line reads clean through the horizon");
        }
    }
    // A look with no horizon pays for the break, however far ahead.
    let unbounded = DecodeOptions { horizon: usize::MAX, ..DecodeOptions::default() };
    let (cost, complete) = Decoder::new(&game, &broken, &unbounded).cost_to_end(&0, Cursor { item: 0, off: 0 }, &Spellings::nothing());
    assert!(cost > 0.0 && !complete, "{cost} {complete}");
}

#[test]
fn the_pieces_kept_for_one_reading_are_never_lent_to_another() {
    // "l5" reads as 15 (a letter for a digit) or as 16 (and a misread digit),
    // each in several ways: readings of two moves from the same place.
    let game = Script(vec![vec![vec![11, 15], vec![11, 16]], vec![vec![22, 18]]]);
    let tokens = scan("11-l5 22-18");
    let opts = DecodeOptions::default();
    let dec = Decoder::new(&game, &tokens, &opts);
    let at = Cursor { item: 0, off: 0 };
    let readings = dec.expand(&0, at, &Spellings::nothing());
    let fresh = |mv: &Vec<u32>, end| Decoder::new(&game, &tokens, &opts).pieces_of(&0, at, &Spellings::nothing(), mv, end);
    let answers: Vec<_> = readings.iter().map(|(mv, r)| fresh(mv, r.end)).collect();
    assert!(readings.iter().any(|(mv, _)| *mv == vec![11, 16]) && answers.iter().any(|a| *a != answers[0]), "{readings:?}");
    // Asked in turn, and again in the other order, of one decoder: each as a fresh decoder finds it.
    let order: Vec<usize> = (0..readings.len()).chain((0..readings.len()).rev()).chain([0, 0]).collect();
    for k in order {
        let (mv, reading) = &readings[k];
        assert_eq!(dec.pieces_of(&0, at, &Spellings::nothing(), mv, reading.end), answers[k], "{mv:?} to {:?}", reading.end);
    }
    // The same move from a board it is not legal on has no reading, hence no pieces.
    assert_eq!(dec.pieces_of(&1, at, &Spellings::nothing(), &readings[0].0, readings[0].1.end), Vec::new());
}

/// The moves legal after each list of moves played.
type Book = Vec<(Vec<Vec<u32>>, Vec<Vec<u32>>)>;

/// A game whose legal moves depend on the moves before them.
struct Branching(Book);

impl Spelling for Branching {
    type Position = Vec<Vec<u32>>;
    type Move = Vec<u32>;
    fn legal_moves(&self, played: &Vec<Vec<u32>>) -> Vec<Vec<u32>> {
        self.0.iter().find(|(p, _)| p == played).map(|(_, m)| m.clone()).unwrap_or_default()
    }
    fn play(&self, played: &Vec<Vec<u32>>, mv: &Vec<u32>) -> Vec<Vec<u32>> {
        let mut next = played.clone();
        next.push(mv.clone());
        next
    }
    fn spellings(&self, _: &Vec<Vec<u32>>, mv: &Vec<u32>) -> Vec<Vec<u32>> {
        vec![mv.clone()]
    }
}

/// `1-6` printed, legal and read as printed; four moves on, `5-9` can only
/// be mended (to `6-9`): read as `1-5`, the first move would explain it.
/// With `dead_end`, nothing after `1-6` reads like `5-9` at all.
fn misprint_shifted_four_moves(dead_end: bool) -> Branching {
    let m = |v: &[[u32; 2]]| v.iter().map(|x| x.to_vec()).collect::<Vec<_>>();
    let mut book: Book = vec![(m(&[]), m(&[[1, 5], [1, 6], [2, 7]]))];
    for first in [[1, 5], [1, 6], [2, 7]] {
        let f = first[1];
        let mut played = vec![first];
        for (k, next) in [[22u32, 18u32], [11, 15], [24, 19]].into_iter().enumerate() {
            let others = [[[23u32, 19u32], [21, 17]], [[9, 14], [12, 16]], [[25, 22], [26, 23]]][k];
            book.push((m(&played), m(&[next, others[0], others[1]])));
            played.push(next);
        }
        let fourths = if dead_end && f == 6 { [[30, 26], [31, 27], [32, 28]] } else { [[f, 9], [3, 8], [f, 10]] };
        book.push((m(&played), m(&fourths)));
        for fourth in fourths {
            let mut p = played.clone();
            p.push(fourth);
            book.push((m(&p), m(&[[18, 14], [28, 24]])));
            for fifth in [[18, 14], [28, 24]] {
                let mut q = p.clone();
                q.push(fifth);
                book.push((m(&q), m(&[[8, 11], [7, 10]])));
            }
        }
    }
    Branching(book)
}

/// The audit stops a line the reading without it reads to its end, where a
/// mend only shifts a misprint from an earlier move read as printed: the
/// line read again with it, from the decisions kept, stops there as the full
/// reading does.
#[test]
fn a_line_the_audit_stops_is_stopped_as_the_full_reading_stops_it() {
    let game = misprint_shifted_four_moves(false);
    let mut stopped_by_the_audit = 0;
    for text in ["1-6 22-18 11-15 24-19 5-9 18-14 8-11", "1-6 22-18 11-15 24-19 5-9", "1-6 22-18 11-15 24-19 S-9 18-14 8-11", "1-6 22-18 11-15 24-19 6-9 18-14 8-11", "1-5 22-18 11-15 24-19 5-9 18-14"] {
        let tokens = scan(text);
        let opts = DecodeOptions::default();
        let full = decode(&game, &vec![], &tokens, &opts);
        let early = decode_unless_it_stops(&game, &vec![], &tokens, &opts).expect("read to the end without the audit");
        assert_eq!(early, full, "{text:?}");
        stopped_by_the_audit += usize::from(matches!(full.stop, Some(Stop { reason: StopReason::Ambiguous { .. }, .. })));
    }
    assert_eq!(stopped_by_the_audit, 3);
}

/// A line that breaks down and reads on once an earlier move is read again
/// (the second look), read to its end without the audit: read again with
/// it from the decisions kept, it goes back to that move where the full
/// reading does.
#[test]
fn a_line_read_on_by_a_second_look_is_read_again_as_the_full_reading_reads_it() {
    let game = misprint_shifted_four_moves(true);
    let mut read_again = 0;
    for text in ["1-6 22-18 11-15 24-19 5-9 18-14 8-11", "1-6 22-18 11-15 24-19 5-9 18-14 8-11 ", "1-6 22-18 11-15 24-19 5-9 18-14"] {
        let tokens = scan(text);
        let opts = DecodeOptions::default();
        let full = decode(&game, &vec![], &tokens, &opts);
        let early = decode_unless_it_stops(&game, &vec![], &tokens, &opts).expect("read to the end without the audit");
        assert_eq!(early, full, "{text:?}");
        read_again += usize::from(full.moves.first().is_some_and(|m| m.mv == [1, 5]));
    }
    assert_eq!(read_again, 3);
}
