//! The plain board drawing of a Go position (`board`, `Display`).

use super::point::Color;
use super::position::Position;
use std::fmt;

impl Position {
    /// The board as text: columns A–Z without I, rows numbered from the bottom,
    /// `X` Black, `O` White, `+` the marked points (hoshi), `.` empty.
    pub fn board_text(&self) -> String {
        let n = self.size as usize;
        let letters: Vec<char> = ('A'..='Z').filter(|&c| c != 'I').take(n).collect();
        let header: String = letters.iter().map(|c| format!(" {c}")).collect();
        let mut out = format!("   {header}\n");
        for y in 0..n {
            let row = n - y;
            out.push_str(&format!("{row:>2} "));
            for x in 0..n {
                let ch = match self.cells[y * n + x] {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None if is_star(x, y, n) => '+',
                    None => '.',
                };
                out.push(' ');
                out.push(ch);
            }
            out.push_str(&format!(" {row:>2}\n"));
        }
        out.push_str(&format!("   {header}\n"));
        out.push_str(&format!(
            "{} to play; prisoners: Black {}, White {}\n",
            self.to_move, self.prisoners[0], self.prisoners[1]
        ));
        out
    }
}

/// The marked points: the fourth line from each edge (the source's 艮 巽 坤 乾),
/// edge midpoints on that line, and the centre, on odd boards of 9 and up.
fn is_star(x: usize, y: usize, n: usize) -> bool {
    if n < 9 || n.is_multiple_of(2) {
        return false;
    }
    let edge = if n >= 13 { 3 } else { 2 };
    let lines = [edge, n / 2, n - 1 - edge];
    lines.contains(&x) && lines.contains(&y) && (n >= 13 || (x == n / 2) == (y == n / 2))
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.board_text())
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::go::{Point, Position, Setup};

    fn p(x: u8, y: u8) -> Point {
        Point::new(x, y)
    }

    #[test]
    fn board_text_draws_stones_and_labels() {
        let setup = Setup { size: 9, black: vec![p(0, 8)], white: vec![p(8, 0)], ..Setup::default() };
        let text = Position::from_setup(setup).unwrap().board_text();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "    A B C D E F G H J");
        assert_eq!(lines[1], " 9  . . . . . . . . O  9");
        assert_eq!(lines[9], " 1  X . . . . . . . .  1");
        assert!(lines[3].contains('+'));
    }

}
