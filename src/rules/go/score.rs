//! Counting at the end: empty regions, neutral points, area and territory scores.

use super::point::{Color, Move, Point};
use super::position::Position;
use serde::{Deserialize, Serialize};

/// How the result is counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Scoring {
    /// The source's count: stones on the board plus the empty points they enclose.
    #[default]
    Area,
    /// Enclosed empty points plus prisoners (captured and dead stones).
    Territory,
}

/// A count of the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub scoring: Scoring,
    pub black_stones: u32,
    pub white_stones: u32,
    /// Empty points reached only by black (white) stones.
    pub black_territory: u32,
    pub white_territory: u32,
    /// Empty points reached by both colours, or by neither.
    pub neutral: u32,
    pub black_prisoners: u32,
    pub white_prisoners: u32,
    pub black_total: u32,
    pub white_total: u32,
}

impl Score {
    /// Black's total minus White's (komi not included).
    pub fn margin(&self) -> i64 {
        self.black_total as i64 - self.white_total as i64
    }
}

impl Position {
    /// Every empty region (4-connected) with the colours of the stones it touches.
    pub fn empty_regions(&self) -> Vec<(Vec<Point>, [bool; 2])> {
        let cells = self.cells();
        let mut seen = vec![false; cells.len()];
        let mut regions = Vec::new();
        for start in 0..cells.len() {
            if cells[start].is_some() || seen[start] {
                continue;
            }
            let mut touches = [false, false];
            let mut points = Vec::new();
            let mut stack = vec![start];
            seen[start] = true;
            while let Some(i) = stack.pop() {
                points.push(self.point(i));
                for n in self.neighbours(i) {
                    match cells[n] {
                        Some(c) => touches[c.index()] = true,
                        None if !seen[n] => {
                            seen[n] = true;
                            stack.push(n);
                        }
                        None => {}
                    }
                }
            }
            points.sort();
            regions.push((points, touches));
        }
        regions
    }

    /// Empty points that belong to neither side ("no man's land"), sorted.
    pub fn neutral_points(&self) -> Vec<Point> {
        let mut out: Vec<Point> =
            self.empty_regions().into_iter().filter(|(_, t)| t[0] == t[1]).flat_map(|(p, _)| p).collect();
        out.sort();
        out
    }

    /// Count the board as it stands (remove dead stones first with `remove_dead`).
    pub fn score(&self, scoring: Scoring) -> Score {
        let mut s = Score {
            scoring,
            black_stones: self.stone_count(Color::Black) as u32,
            white_stones: self.stone_count(Color::White) as u32,
            black_prisoners: self.prisoners(Color::Black),
            white_prisoners: self.prisoners(Color::White),
            ..Score::default()
        };
        for (points, touches) in self.empty_regions() {
            let n = points.len() as u32;
            match touches {
                [true, false] => s.black_territory += n,
                [false, true] => s.white_territory += n,
                _ => s.neutral += n,
            }
        }
        (s.black_total, s.white_total) = match scoring {
            Scoring::Area => (s.black_stones + s.black_territory, s.white_stones + s.white_territory),
            Scoring::Territory => (s.black_territory + s.black_prisoners, s.white_territory + s.white_prisoners),
        };
        s
    }

    /// The source's way of ending: the players fill the neutral points in turn,
    /// `first` beginning, each taking a neutral point next to one of his own
    /// stones (the first in board order) where that is legal, passing when he
    /// has none. Returns the moves played.
    pub fn fill_neutral_points(&mut self, first: Color) -> Vec<(Color, Move)> {
        let mut played = Vec::new();
        let mut color = first;
        let mut idle = 0;
        while idle < 2 {
            let choice = self.neutral_points().into_iter().find(|&p| {
                let i = self.index(p);
                self.neighbours(i).any(|n| self.cells()[n] == Some(color))
                    && self.check(color, Move::Play(p)).is_ok()
            });
            let mv = choice.map_or(Move::Pass, Move::Play);
            if self.play_as(color, mv).is_err() {
                break;
            }
            idle = if mv == Move::Pass { idle + 1 } else { 0 };
            played.push((color, mv));
            color = color.other();
        }
        while played.last().is_some_and(|(_, m)| *m == Move::Pass) {
            played.pop();
        }
        played
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::go::Setup;

    /// 5×5: Black holds the left two columns, White the right two, column 2 empty.
    fn split_board() -> Position {
        let mut black = Vec::new();
        let mut white = Vec::new();
        for y in 0..5 {
            black.push(Point::new(1, y));
            white.push(Point::new(3, y));
        }
        Position::from_setup(Setup { size: 5, black, white, to_move: Color::Black }).unwrap()
    }

    #[test]
    fn area_counts_stones_and_enclosed_points_and_leaves_the_middle_neutral() {
        let pos = split_board();
        let s = pos.score(Scoring::Area);
        assert_eq!((s.black_stones, s.black_territory, s.black_total), (5, 5, 10));
        assert_eq!((s.white_stones, s.white_territory, s.white_total), (5, 5, 10));
        assert_eq!(s.neutral, 5);
        assert_eq!(pos.neutral_points().len(), 5);
    }

    #[test]
    fn filling_neutral_points_alternately_leaves_none() {
        let mut pos = split_board();
        let moves = pos.fill_neutral_points(Color::Black);
        assert_eq!(moves.len(), 5);
        assert!(pos.neutral_points().is_empty());
        let s = pos.score(Scoring::Area);
        assert_eq!(s.black_total + s.white_total, 25);
        assert_eq!(s.margin(), 1, "Black filled three of the five");
    }

    #[test]
    fn dead_stones_become_prisoners_under_territory_scoring() {
        let mut pos = split_board();
        pos.play_as(Color::White, Move::Play(Point::new(0, 2))).unwrap();
        assert_eq!(pos.remove_dead(&[Point::new(0, 2)]), vec![Point::new(0, 2)]);
        let s = pos.score(Scoring::Territory);
        assert_eq!((s.black_territory, s.black_prisoners, s.black_total), (5, 1, 6));
    }
}
