//! Reading on past a garbled stretch. Where the decoder stops and a later move
//! number says how many plies lie in between, every legal sequence of that many
//! plies is tried. The stretch is bridged only when exactly one resulting
//! position lets the following text read on (at least [`MIN_CONTINUATION`]
//! plies) and exactly one sequence reaches it: then the rules, not the garbled
//! print, fix those plies. Otherwise the line stops as before.

use super::{is_move_number, move_number_value, BookLasca};
use crate::diagnostic::{Code, Diagnostic};
use crate::repair::{self, DecodeOptions, Decoded, DecodedMove, Token};
use crate::rules::lasca::{Move, Position};
use crate::span::Span;
use crate::tree::Edit;
use std::collections::HashMap;

/// The most plies a bridge may span.
pub const MAX_GAP: usize = 4;
/// Plies the text after the bridge must read for the bridge to stand.
pub const MIN_CONTINUATION: usize = 6;
/// Bridges tried in one line.
const MAX_BRIDGES: usize = 4;

fn sequences(pos: &Position, plies: usize, prefix: &mut Vec<Move>, out: &mut Vec<(Vec<Move>, Position)>) {
    if plies == 0 {
        out.push((prefix.clone(), *pos));
        return;
    }
    for mv in pos.legal_moves() {
        prefix.push(mv);
        sequences(&pos.play(&mv), plies - 1, prefix, out);
        prefix.pop();
    }
}

/// Bridge the stops in `decoded` where the rules allow; returns the longer reading and a note per bridge.
pub fn bridge(start: &Position, text: &str, tokens: &[Token], mut decoded: Decoded<Move>, opts: &DecodeOptions) -> (Decoded<Move>, Vec<Diagnostic>) {
    let mut notes = Vec::new();
    for _ in 0..MAX_BRIDGES {
        let Some(stop) = decoded.stop.clone() else { break };
        let mut pos = *start;
        for m in &decoded.moves {
            pos = pos.play(&m.mv);
        }
        let read = decoded.moves.len();
        let white_first = start.turn() == crate::rules::lasca::Color::White;
        let mut bridged = false;
        for (at, ply) in marks_after(tokens, stop.at_token, read, white_first) {
            let gap = ply - read;
            let (mut by_position, mut good) = readings_on(&pos, gap, &tokens[at..], opts);
            let gap_span = Span::new(stop.span.start, tokens[at].span.start.max(stop.span.start));
            let gap_text = gap_span.slice(text).trim_end().to_string();
            let gap_span = Span::new(gap_span.start, gap_span.start + gap_text.len());
            if good.len() != 1 || by_position[&good[0].0].len() != 1 {
                notes.push(
                    Diagnostic::note(
                        Code::LascaNoBridge,
                        format!(
                            "{gap} plies lie between the stop and move number {}; {} positions reached by them let the text after read on",
                            (ply + 2) / 2,
                            good.len()
                        ),
                        gap_span,
                    )
                    .with_label(if good.is_empty() {
                        "not bridged: no legal plies let the text after read on"
                    } else {
                        "not bridged: the rules leave more than one reading"
                    }),
                );
                continue;
            }
            let (end, rest_reading) = good.pop().expect("one");
            let chosen = by_position.remove(&end).and_then(|mut seqs| seqs.pop()).unwrap_or_default();
            bridged = true;
            let texts: Vec<String> = chosen.iter().map(super::move_text).collect();
            notes.push(
                Diagnostic::warning(
                    Code::LascaBridged,
                    format!("garbled text read as {} ({gap} plies): the only legal plies after which the rest of the game reads on", texts.join(", ")),
                    gap_span,
                )
                .with_label("reconstructed from the rules and the text that follows")
                .with_help(format!("{} further plies read after it", rest_reading.moves.len())),
            );
            splice(&mut decoded, stop.at_token..at, gap_span, &gap_text, &chosen, &texts, rest_reading, opts);
            break;
        }
        if !bridged {
            break;
        }
    }
    (decoded, notes)
}

/// The next move numbers after the stop (at most two, at most `MAX_GAP`
/// plies on), as (token index, the ply each opens).
fn marks_after(tokens: &[Token], stop_at: usize, read: usize, white_first: bool) -> Vec<(usize, usize)> {
    tokens
        .iter()
        .enumerate()
        .skip(stop_at)
        .filter(|(_, t)| is_move_number(t))
        .filter_map(|(i, t)| move_number_value(&t.text).map(|v| (i, v as usize)))
        .filter(|&(_, v)| v >= 1)
        .map(|(i, v)| (i, 2 * (v - 1) + usize::from(!white_first)))
        .filter(|&(_, ply)| ply > read && ply <= read + MAX_GAP)
        .take(2)
        .collect()
}

/// Every legal sequence of `gap` plies from `pos`, by the position it
/// reaches, and the positions from which `rest` reads on far enough.
fn readings_on(pos: &Position, gap: usize, rest: &[Token], opts: &DecodeOptions) -> (HashMap<Position, Vec<Vec<Move>>>, Vec<(Position, Decoded<Move>)>) {
    let mut found = Vec::new();
    sequences(pos, gap, &mut Vec::new(), &mut found);
    let mut by_position: HashMap<Position, Vec<Vec<Move>>> = HashMap::new();
    for (seq, end) in found {
        by_position.entry(end).or_default().push(seq);
    }
    let mut good: Vec<(Position, Decoded<Move>)> = Vec::new();
    // The rest is read from every position the gap can reach.
    let reader = repair::Reader::new(BookLasca::default(), rest.to_vec(), opts.clone());
    for end in by_position.keys() {
        let reading = reader.decode(end);
        if reading.moves.len() >= MIN_CONTINUATION {
            good.push((*end, reading));
        }
    }
    (by_position, good)
}

/// Append the bridging plies (each a logged reconstruction over the gap's
/// text) and the reading after them, whose token indices start at `gap.end`.
#[allow(clippy::too_many_arguments)]
fn splice(decoded: &mut Decoded<Move>, gap: std::ops::Range<usize>, gap_span: Span, gap_text: &str, chosen: &[Move], texts: &[String], rest_reading: Decoded<Move>, opts: &DecodeOptions) {
    let at = gap.end;
    for (k, mv) in chosen.iter().enumerate() {
        let edit = Edit { span: gap_span, from: gap_text.to_string(), to: texts[k].clone(), kind: crate::tree::EditKind::Reconstructed, cost: opts.max_move_cost };
        decoded.moves.push(DecodedMove {
            mv: *mv,
            tokens: gap.clone(),
            span: gap_span,
            edits: vec![edit],
            cost: opts.max_move_cost,
            margin: 0.0,
            confidence: 0.5,
        });
    }
    for mut m in rest_reading.moves {
        m.tokens = m.tokens.start + at..m.tokens.end + at;
        decoded.moves.push(m);
    }
    decoded.stop = rest_reading.stop.map(|mut s| {
        s.at_token += at;
        s
    });
    decoded.trailing_junk = rest_reading.trailing_junk;
}
