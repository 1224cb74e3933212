//! The essay's placed points as SGF: one game per diagram corner the text
//! names, an empty board with the points marked (the essay gives no colours
//! and no game, so nothing is set up or played). Marks by what the text says
//! of a point: `SQ` taken, `TR` a stone stands, `MA` played, `CR` only named or said to be empty;
//! a point gets the first of these in that order (SGF allows one mark a point).

use crate::notation::go_corner::{Corner, to_sgf};
use crate::notation::sgf::escape;
use crate::rules::go::Point;
use crate::tree::{PointClaim, PointReading, Source};
use std::collections::BTreeMap;

/// One diagram corner's points, in text order.
struct Board {
    diagram: Option<u8>,
    corner: Corner,
    size: u8,
    points: Vec<(Point, PointClaim, String)>,
}

fn rank(claim: PointClaim) -> u8 {
    match claim {
        PointClaim::Captured => 0,
        PointClaim::Stone => 1,
        PointClaim::Move => 2,
        PointClaim::Empty | PointClaim::SupposedCapture | PointClaim::Named => 3,
    }
}

fn roman(mut n: u8) -> String {
    let mut s = String::new();
    for (value, digits) in [(10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")] {
        while n >= value {
            s.push_str(digits);
            n -= value;
        }
    }
    s
}

/// The SGF collection; `None` if no point is placed.
pub fn write_sgf(source: &Source) -> Option<String> {
    let mut boards: Vec<Board> = Vec::new();
    for r in source.prose.iter().flat_map(|p| &p.points) {
        let PointReading::Placed { corner, size, column, row, .. } = r.reading else { continue };
        let point = Point::new(column - 1, size - row);
        let board = match boards.iter().position(|b| b.diagram == r.diagram && b.corner == corner && b.size == size) {
            Some(i) => &mut boards[i],
            None => {
                boards.push(Board { diagram: r.diagram, corner, size, points: Vec::new() });
                boards.last_mut()?
            }
        };
        board.points.push((point, r.claim, r.printed.replace(['*', '$'], "").split_whitespace().collect::<Vec<_>>().join(" ")));
    }
    if boards.is_empty() {
        return None;
    }
    let mut out = String::new();
    for b in &boards {
        let name = match b.diagram {
            Some(d) => format!("Diagram {}, {} corner ({})", roman(d), b.corner.english(), b.corner),
            None => format!("{} corner ({})", b.corner.english(), b.corner),
        };
        let mut marks: BTreeMap<Point, PointClaim> = BTreeMap::new();
        for &(p, claim, _) in &b.points {
            marks
                .entry(p)
                .and_modify(|c| {
                    if rank(claim) < rank(*c) {
                        *c = claim
                    }
                })
                .or_insert(claim);
        }
        let named: Vec<&str> = b.points.iter().map(|(_, _, t)| t.as_str()).collect();
        out.push_str(&format!("(;FF[4]GM[1]CA[UTF-8]SZ[{}]GN[{}]", b.size, escape(&name)));
        out.push_str(&format!(
            "C[{}]",
            escape(&format!(
                "Points the essay names in {name}, in text order: {}. SQ taken, TR a stone stands, MA played, CR named or empty.",
                named.join(", ")
            ))
        ));
        for (key, claim) in [("SQ", PointClaim::Captured), ("TR", PointClaim::Stone), ("MA", PointClaim::Move), ("CR", PointClaim::Named)] {
            let pts: Vec<String> = marks.iter().filter(|(_, c)| rank(**c) == rank(claim)).map(|(p, _)| format!("[{}]", to_sgf(*p))).collect();
            if !pts.is_empty() {
                out.push_str(key);
                out.push_str(&pts.concat());
            }
        }
        out.push_str(")\n");
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_game_per_corner_with_one_mark_per_point() {
        let text = "In the lower left-hand corner of Diagram IX, the men at *a* 4. Black plays *a* 3, taking *a* 4.\n\nIn the upper left-hand corner of Diagram IV, *a* 2.";
        let source = super::super::read("t", text);
        let sgf = write_sgf(&source).expect("points placed");
        let games: Vec<&str> = sgf.lines().collect();
        assert_eq!(games.len(), 2, "{sgf}");
        assert!(games[0].contains("GN[Diagram IX, lower-left corner (平)]"), "{sgf}");
        // a 4 is a stone and taken: one mark, the capture's.
        assert!(games[0].contains("SQ[ds]") && !games[0].contains("TR[") && games[0].contains("MA[cs]"), "{sgf}");
        assert!(games[1].contains("SZ[19]") && games[1].contains("CR[ab]"), "{sgf}");
        assert!(write_sgf(&super::super::read("t", "no points")).is_none());
    }
}
