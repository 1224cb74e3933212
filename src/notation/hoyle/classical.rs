//! The classical end-game positions as published elsewhere, and how a position
//! found for one of Hoyle's solutions relates to them.
//!
//! Books print the same ending from either side of the board: one shows White
//! winning towards square 1, Hoyle shows Black winning towards 32. Turning the
//! board half round and exchanging the colours maps one onto the other, so
//! every published setting is also tried turned.

use crate::rules::draughts::{parse_fen, resolve, Position, Setup};

/// A classical position in one published setting.
#[derive(Clone, Copy, Debug)]
pub struct Classical {
    /// The name Hoyle's section titles use ("First Position").
    pub name: &'static str,
    /// Where the setting is printed.
    pub source: &'static str,
    /// FEN of the setting; its side to move is the one the source gives.
    pub fen: &'static str,
}

/// Published settings a Hoyle solution may start from. The diagrams in the
/// sources were read square by square; a source's orientation is kept and the
/// turned setting is derived, never typed in.
pub const CLASSICAL: &[Classical] = &[
    Classical { name: "First Position", source: "E. Lasker, Chess and Checkers (1918), diagram 93", fen: "W:WK19,K23:BK28,12" },
    // The text under the diagram names other squares the man may stand on; 3 is the first.
    Classical { name: "First Position", source: "E. Lasker, Chess and Checkers (1918), diagram 93 with the man on 3", fen: "W:WK19,K23:BK28,3" },
    Classical { name: "Second Position", source: "E. Lasker, Chess and Checkers (1918), diagram 95", fen: "W:W27,30,K22:B20,21,K9" },
    Classical {
        name: "Fourth Position",
        source: "B. Boland, Famous Positions in the Game of Checkers, diagram 1 (as republished by The Checker Maven)",
        fen: "B:W30,K31,K32:BK20,21,K22,K23",
    },
    Classical {
        name: "Fourth Position",
        source: "B. Boland, Famous Positions in the Game of Checkers, diagram 2 (as republished by The Checker Maven)",
        fen: "W:W30,K31,K32:BK20,21,K22,K23",
    },
    Classical { name: "Two Kings To One", source: "E. Lasker, Chess and Checkers (1918), diagram 89", fen: "W:WK19,K23:BK32" },
];

/// The setting turned half round with the colours exchanged: square `s` becomes `33 - s`.
pub fn turned(setup: Setup) -> Setup {
    Setup {
        black_men: setup.white_men.reverse_bits(),
        black_kings: setup.white_kings.reverse_bits(),
        white_men: setup.black_men.reverse_bits(),
        white_kings: setup.black_kings.reverse_bits(),
        turn: setup.turn.map(|c| c.other()),
    }
}

/// A published setting in both orientations, labelled. With kings only, the
/// board turned half round is the same ending for the same colours too.
pub fn settings(c: &Classical) -> Vec<(String, Setup)> {
    let Ok(setup) = parse_fen(c.fen) else { return Vec::new() };
    let mut out = vec![(format!("{} as published ({})", c.name, c.source), setup), (format!("{} turned to the other side ({})", c.name, c.source), turned(setup))];
    if setup.black_men | setup.white_men == 0 {
        let rotated = Setup { black_kings: setup.black_kings.reverse_bits(), white_kings: setup.white_kings.reverse_bits(), ..setup };
        out.push((format!("{} turned half round ({})", c.name, c.source), rotated));
    }
    out
}

/// How a start relates to the classical positions.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Relation {
    /// Every piece and king where a published setting has it, the same side to move.
    Setting(String),
    /// The trunk comes to a published setting after `ply` moves.
    Reaches { setting: String, ply: usize },
    /// The men of a published setting, with the kings standing elsewhere.
    SameMen(String),
}

impl Relation {
    pub fn describe(&self) -> String {
        match self {
            Relation::Setting(s) => format!("classical: {s}"),
            Relation::Reaches { setting, ply } => format!("reaches the classical {setting} after {ply} moves"),
            Relation::SameMen(s) => format!("the men of the classical {s}, the kings elsewhere"),
        }
    }
}

type Pieces = (u32, u32, u32, u32);

fn pieces(s: &Setup) -> Pieces {
    (s.black_men, s.black_kings, s.white_men, s.white_kings)
}

/// Every published setting in every orientation tried, labelled.
fn all_settings() -> Vec<(String, Setup)> {
    CLASSICAL.iter().flat_map(settings).collect()
}

/// The positions along a line of square paths from `start`, the start first; it
/// stops where a move does not resolve.
pub fn positions_along(start: Setup, moves: &[Vec<u8>]) -> Vec<Setup> {
    let Ok(mut pos) = Position::from_setup(start) else { return Vec::new() };
    let mut out = vec![pos.setup()];
    for squares in moves {
        let Ok(mv) = resolve(&pos, squares) else { break };
        pos = pos.play(&mv);
        out.push(pos.setup());
    }
    out
}

/// The closest relation of a start (the first of `along`, the trunk's positions) to a published setting.
pub fn relation(along: &[Setup]) -> Option<Relation> {
    let start = along.first()?;
    let settings = all_settings();
    let same = |p: &Setup| settings.iter().find(|(_, c)| pieces(c) == pieces(p) && c.turn == p.turn).map(|(label, _)| label.clone());
    if let Some(label) = same(start) {
        return Some(Relation::Setting(label));
    }
    for (ply, p) in along.iter().enumerate().skip(1) {
        if let Some(setting) = same(p) {
            return Some(Relation::Reaches { setting, ply });
        }
    }
    let kings = |s: &Setup| (s.black_kings.count_ones(), s.white_kings.count_ones());
    settings
        .into_iter()
        .find(|(_, c)| c.black_men | c.white_men != 0 && (c.black_men, c.white_men) == (start.black_men, start.white_men) && kings(c) == kings(start))
        .map(|(label, _)| Relation::SameMen(label))
}

/// Starts completed from a published setting the trunk comes inside of: where a
/// position along it holds only pieces the setting holds, in their places and
/// with the same side to move, the setting's other pieces are the diagram's
/// unmoved ones and are added to the start (their squares must be empty all the way).
pub fn completed_by_reach(along: &[Setup]) -> Vec<(String, Setup)> {
    let Some(start) = along.first() else { return Vec::new() };
    let mut out: Vec<(String, Setup)> = Vec::new();
    let occupied_ever = along.iter().fold(0u32, |acc, p| acc | p.black_men | p.black_kings | p.white_men | p.white_kings);
    let settings = all_settings();
    for p in along {
        for (label, c) in &settings {
            let (pc, cc) = (pieces(p), pieces(c));
            let inside = pc.0 & !cc.0 == 0 && pc.1 & !cc.1 == 0 && pc.2 & !cc.2 == 0 && pc.3 & !cc.3 == 0;
            let extra = (cc.0 & !pc.0, cc.1 & !pc.1, cc.2 & !pc.2, cc.3 & !pc.3);
            let extra_squares = extra.0 | extra.1 | extra.2 | extra.3;
            if !inside || c.turn != p.turn || extra_squares == 0 || extra_squares & occupied_ever != 0 {
                continue;
            }
            let completed = Setup {
                black_men: start.black_men | extra.0,
                black_kings: start.black_kings | extra.1,
                white_men: start.white_men | extra.2,
                white_kings: start.white_kings | extra.3,
                turn: start.turn,
            };
            if !out.iter().any(|(_, s)| *s == completed) {
                out.push((label.clone(), completed));
            }
        }
    }
    out
}

/// `start` with the men of every published setting it lacks, where their squares
/// are free: the pieces a diagram shows but no printed move touches.
pub fn with_classical_men(start: &Setup) -> Vec<(String, Setup)> {
    let occupied = start.black_men | start.black_kings | start.white_men | start.white_kings;
    let mut out: Vec<(String, Setup)> = Vec::new();
    for (label, setting) in all_settings() {
        let black = setting.black_men & !occupied;
        let white = setting.white_men & !occupied;
        // Only where the start already holds some of the setting's men: an unrelated setting's men are not evidence.
        let shared = (setting.black_men & start.black_men) | (setting.white_men & start.white_men);
        if black | white == 0 || shared == 0 {
            continue;
        }
        let merged = Setup { black_men: start.black_men | black, white_men: start.white_men | white, ..*start };
        if !out.iter().any(|(_, s)| *s == merged) {
            out.push((label, merged));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::draughts::{write_fen, Position};

    #[test]
    fn every_published_setting_is_a_legal_position() {
        for c in CLASSICAL {
            let setup = parse_fen(c.fen).unwrap_or_else(|e| panic!("{}: {e:?}", c.name));
            assert!(Position::from_setup(setup).is_ok(), "{}", c.name);
            assert!(Position::from_setup(turned(setup)).is_ok(), "{} turned", c.name);
        }
    }

    #[test]
    fn a_kings_only_setting_is_also_tried_turned_with_its_colours_kept() {
        let two_kings = CLASSICAL.iter().find(|c| c.name == "Two Kings To One").unwrap();
        let fens: Vec<String> = settings(two_kings).iter().map(|(_, s)| write_fen(s)).collect();
        assert_eq!(fens, ["W:WK19,K23:BK32", "B:WK1:BK10,K14", "W:WK10,K14:BK1"]);
    }

    #[test]
    fn turning_maps_a_square_to_thirty_three_less_it_and_swaps_colours() {
        let setup = parse_fen("W:W27,30,K22:B20,21,K9").unwrap();
        assert_eq!(write_fen(&turned(setup)), "B:W12,13,K24:B3,6,K11");
        assert_eq!(turned(turned(setup)), setup);
    }

    #[test]
    fn a_start_is_related_by_its_pieces_or_only_its_men() {
        let published = parse_fen("B:W12,13,K24:B3,6,K11").unwrap();
        assert!(matches!(relation(&[published]), Some(Relation::Setting(s)) if s.starts_with("Second Position turned")));
        let other_side_to_move = parse_fen("W:W12,13,K24:B3,6,K11").unwrap();
        assert!(!matches!(relation(&[other_side_to_move]), Some(Relation::Setting(_))));
        let kings_moved = parse_fen("B:W12,13,K11:B3,6,K5").unwrap();
        assert!(matches!(relation(&[kings_moved]), Some(Relation::SameMen(s)) if s.starts_with("Second Position turned")));
        assert_eq!(relation(&[parse_fen("B:W12,K11:B3,6,K5").unwrap()]), None);
    }

    #[test]
    fn a_line_that_comes_inside_a_setting_gets_its_unmoved_men() {
        // Two moves a side before Boland's Fourth Position: the black king starts on 28, not 20.
        let start = parse_fen("B:W30,K31,K32:BK22,K23,K28").unwrap();
        let along = positions_along(start, &[vec![28, 24], vec![32, 28], vec![24, 20], vec![28, 32]]);
        assert_eq!(along.len(), 5);
        let completed = completed_by_reach(&along);
        assert_eq!(completed.len(), 1, "{completed:?}");
        assert_eq!(write_fen(&completed[0].1), "B:W30,K31,K32:B21,K22,K23,K28");
        let along = positions_along(completed[0].1, &[vec![28, 24], vec![32, 28], vec![24, 20], vec![28, 32]]);
        assert_eq!(relation(&along), Some(Relation::Reaches { setting: completed[0].0.clone(), ply: 4 }));
    }

    #[test]
    fn missing_men_are_added_only_beside_men_the_start_shares() {
        let inferred = parse_fen("B:WK11,12:B3,K5,6").unwrap();
        let merged = with_classical_men(&inferred);
        assert!(merged.iter().any(|(_, s)| write_fen(s) == "B:WK11,12,13:B3,K5,6"), "{merged:?}");
        assert!(with_classical_men(&parse_fen("B:WK1:BK30").unwrap()).is_empty());
    }
}
