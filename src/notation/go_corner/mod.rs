//! The Chinese corner notation for Go and Volpicelli's letter variant, and the
//! SGF and GTP point names they convert to.
//!
//! # Geometry
//!
//! The board is split into four corners named after the four tones:
//! 平 lower left, 上 upper left, 去 upper right, 入 lower right. A point is two
//! numbers counted from that corner along the two sides, 1 at the corner up to
//! the middle line (10 on 19 lines; line 10 is shared with the neighbouring
//! corner). Volpicelli: "place one's self successively at each corner of the
//! board and look towards the opposite corner; one will then have a series from
//! 1 to 10 on the right side and another on the left. [...] the first [right]
//! represent the abscissas and the second [left] the ordinates, then every point
//! [...] is designated by giving first the number of the ordinate and then the
//! number of the abscissa." So, with columns counted from the left and rows from
//! the bottom (1-based, `n` lines):
//!
//! | corner | abscissa side (right hand) | ordinate side (left hand) | column | row |
//! |---|---|---|---|---|
//! | 平 lower left  | bottom edge | left edge  | abscissa | ordinate |
//! | 上 upper left  | left edge   | top edge   | ordinate | n+1−abscissa |
//! | 去 upper right | top edge    | right edge | n+1−abscissa | n+1−ordinate |
//! | 入 lower right | right edge  | bottom edge| n+1−ordinate | abscissa |
//!
//! This matches the source's account of Diagram II ("the side of the board next
//! to A serves to count the ordinates in its right half and the abscissas in
//! its left half", and so on round the board), and its Diagram VII: Black's
//! échelon ends at 平 j 1 (column 1, row 10) and White blocks at a 9, which
//! only lies next to it read in the 上 corner (column 1, row 11).
//!
//! Volpicelli writes the ordinate as a letter a–j and the abscissa as a number
//! (`d 4`); his corner comes from the diagram, so readers take a corner as context.
//!
//! # Canonical corner
//!
//! A point is *reached* from a corner when both its numbers are at most
//! `(n+1)/2` (10 on 19 lines). Points on a middle line are reached from two
//! corners, the centre from all four. Writing picks the first corner in the
//! order 平, 上, 去, 入 that reaches the point.

use crate::rules::go::{Point, MAX_SIZE};
use std::fmt;

/// One of the four corners, in the tone order 平 上 去 入.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Corner {
    /// 平 *p'ing*, lower left.
    Ping,
    /// 上 *shang*, upper left.
    Shang,
    /// 去 *ch'ü*, upper right.
    Qu,
    /// 入 *ju*, lower right.
    Ru,
}

/// Names a corner is read by (lower-case; the Han character first).
const NAMES: [(Corner, &[&str]); 4] = [
    (Corner::Ping, &["平", "p'ing", "p‘ing", "p’ing", "ping", "lower-left", "lower left", "bottom-left", "bottom left"]),
    (Corner::Shang, &["上", "shang", "upper-left", "upper left", "top-left", "top left"]),
    (Corner::Qu, &["去", "ch'ü", "ch‘ü", "ch’ü", "ch'u", "chü", "chu", "qu", "upper-right", "upper right", "top-right", "top right"]),
    (Corner::Ru, &["入", "ju", "ru", "lower-right", "lower right", "bottom-right", "bottom right"]),
];

impl Corner {
    pub const ALL: [Corner; 4] = [Corner::Ping, Corner::Shang, Corner::Qu, Corner::Ru];

    pub const fn hanzi(self) -> &'static str {
        match self {
            Corner::Ping => "平",
            Corner::Shang => "上",
            Corner::Qu => "去",
            Corner::Ru => "入",
        }
    }

    /// The tone name romanised as the source does (Wade-Giles).
    pub const fn romanised(self) -> &'static str {
        match self {
            Corner::Ping => "p'ing",
            Corner::Shang => "shang",
            Corner::Qu => "ch'ü",
            Corner::Ru => "ju",
        }
    }

    pub const fn english(self) -> &'static str {
        match self {
            Corner::Ping => "lower-left",
            Corner::Shang => "upper-left",
            Corner::Qu => "upper-right",
            Corner::Ru => "lower-right",
        }
    }

    /// Read a corner name (Han character, romanised tone, or English), any case.
    pub fn from_name(name: &str) -> Option<Corner> {
        let lower = name.trim().to_lowercase();
        NAMES.iter().find(|(_, names)| names.contains(&lower.as_str())).map(|(c, _)| *c)
    }

    /// The corner name at the start of `text` (longest match) and its length in bytes.
    pub fn prefix_of(text: &str) -> Option<(Corner, usize)> {
        let lower = text.to_lowercase();
        // Lower-casing keeps byte lengths for the names we know (ASCII, Han, ü).
        let mut best: Option<(Corner, usize)> = None;
        for (corner, names) in NAMES {
            for name in names {
                if lower.starts_with(name) && best.is_none_or(|(_, l)| name.len() > l) {
                    let rest = &lower[name.len()..];
                    let word_ends = name.chars().all(|c| !c.is_ascii_alphabetic())
                        || !rest.starts_with(|c: char| c.is_alphabetic() || c == '\'');
                    if word_ends {
                        best = Some((corner, name.len()));
                    }
                }
            }
        }
        best
    }
}

impl fmt::Display for Corner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.hanzi())
    }
}

/// A point named from a corner: ordinate first, then abscissa, both from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct CornerPoint {
    pub corner: Corner,
    pub ordinate: u8,
    pub abscissa: u8,
}

/// The highest number that still belongs to a corner on `size` lines (10 on 19).
pub const fn reach(size: u8) -> u8 {
    size.div_ceil(2)
}

impl CornerPoint {
    pub const fn new(corner: Corner, ordinate: u8, abscissa: u8) -> CornerPoint {
        CornerPoint { corner, ordinate, abscissa }
    }

    /// The board point, if both numbers are on a `size`-line board.
    pub fn to_point(self, size: u8) -> Option<Point> {
        let (o, a, n) = (self.ordinate, self.abscissa, size);
        if o == 0 || a == 0 || o > n || a > n {
            return None;
        }
        // Column from the left and row from the bottom, 1-based.
        let (col, row) = match self.corner {
            Corner::Ping => (a, o),
            Corner::Shang => (o, n + 1 - a),
            Corner::Qu => (n + 1 - a, n + 1 - o),
            Corner::Ru => (n + 1 - o, a),
        };
        Some(Point::new(col - 1, n - row))
    }

    /// The point named from `corner` (any numbers up to `size`), if it is on the board.
    pub fn from_point(p: Point, corner: Corner, size: u8) -> Option<CornerPoint> {
        if !p.on_board(size) {
            return None;
        }
        let n = size;
        let (col, row) = (p.x + 1, n - p.y);
        let (o, a) = match corner {
            Corner::Ping => (row, col),
            Corner::Shang => (col, n + 1 - row),
            Corner::Qu => (n + 1 - row, n + 1 - col),
            Corner::Ru => (n + 1 - col, row),
        };
        Some(CornerPoint::new(corner, o, a))
    }

    /// Does this name stay within its corner's quarter (both numbers up to `reach`)?
    pub fn within_reach(self, size: u8) -> bool {
        let r = reach(size);
        (1..=r).contains(&self.ordinate) && (1..=r).contains(&self.abscissa)
    }

    /// Every corner's name that reaches `p`, in the order 平 上 去 入.
    pub fn names_of(p: Point, size: u8) -> Vec<CornerPoint> {
        Corner::ALL
            .iter()
            .filter_map(|&c| CornerPoint::from_point(p, c, size))
            .filter(|cp| cp.within_reach(size))
            .collect()
    }

    /// The canonical name: the first corner in 平 上 去 入 order that reaches `p`.
    pub fn canonical(p: Point, size: u8) -> Option<CornerPoint> {
        CornerPoint::names_of(p, size).into_iter().next()
    }

    /// `平 三 四`: corner, then ordinate and abscissa in Chinese numerals.
    pub fn write_chinese(self) -> String {
        format!("{} {} {}", self.corner, chinese_numeral(self.ordinate), chinese_numeral(self.abscissa))
    }

    /// `平 3 4`.
    pub fn write_arabic(self) -> String {
        format!("{} {} {}", self.corner, self.ordinate, self.abscissa)
    }

    /// Volpicelli's `c 4` (no corner), if the ordinate has a letter (a–z).
    pub fn write_volpicelli(self) -> Option<String> {
        ordinate_letter(self.ordinate).map(|l| format!("{l} {}", self.abscissa))
    }
}

/// The letter for an ordinate: 1 → a … 10 → j (and on for larger boards).
pub fn ordinate_letter(n: u8) -> Option<char> {
    (1..=26).contains(&n).then(|| (b'a' + n - 1) as char)
}

const DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// 1 → 一, 10 → 十, 14 → 十四, 20 → 二十, 25 → 二十五.
pub fn chinese_numeral(n: u8) -> String {
    let (tens, units) = (n / 10, n % 10);
    let mut s = String::new();
    if tens > 1 {
        s.push(DIGITS[tens as usize - 1]);
    }
    if tens > 0 {
        s.push('十');
    }
    if units > 0 {
        s.push(DIGITS[units as usize - 1]);
    }
    s
}

/// Read a Chinese numeral (一 … 九十九), also the forms with 〇/零 or 两.
pub fn parse_chinese_numeral(s: &str) -> Option<u8> {
    let digit = |c: char| match c {
        '两' => Some(2),
        '〇' | '零' => Some(0),
        _ => DIGITS.iter().position(|&d| d == c).map(|i| i as u8 + 1),
    };
    let chars: Vec<char> = s.chars().collect();
    match chars.as_slice() {
        [] => None,
        ['十'] => Some(10),
        ['十', u] => Some(10 + digit(*u)?),
        [t, '十'] => Some(10 * digit(*t)?),
        [t, '十', u] => Some(10 * digit(*t)? + digit(*u)?),
        [d] => digit(*d).filter(|&d| d > 0),
        _ => None,
    }
}

/// One number of a point as written.
fn is_han_numeral(c: char) -> bool {
    DIGITS.contains(&c) || matches!(c, '十' | '两' | '〇' | '零')
}

/// Why a point could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PointError {
    #[error("no corner given and none set for this block")]
    NoCorner,
    #[error("expected two numbers (ordinate, then abscissa), found {0}")]
    Count(usize),
    #[error("{0:?} is not a number, a Chinese numeral or a letter a–z")]
    NotANumber(String),
    #[error("a letter may only stand for the ordinate (the first number)")]
    LetterAbscissa,
    #[error("{0:?} is neither corner notation, GTP (D4) nor SGF (dd)")]
    Unrecognised(String),
    #[error("{0} is beyond the {1}-line board")]
    OffBoard(String, u8),
}

/// Read a point in corner notation: an optional corner name, then ordinate and
/// abscissa as Arabic numbers, Chinese numerals or (ordinate only) a letter.
/// Separators: spaces, `-`, `,`, `.`, `/`. Unspaced Chinese (`平三四`) takes one
/// character per number. `context` is the corner for text that names none.
pub fn parse_corner_point(text: &str, context: Option<Corner>) -> Result<CornerPoint, PointError> {
    let text = text.trim();
    let (corner, rest) = match Corner::prefix_of(text) {
        Some((c, len)) => (Some(c), &text[len..]),
        None => (context, text),
    };
    let corner = corner.ok_or(PointError::NoCorner)?;
    let mut tokens: Vec<String> = Vec::new();
    for word in rest.split(|c: char| c.is_whitespace() || matches!(c, '-' | ',' | '.' | '/' | '、' | '，')) {
        if word.is_empty() {
            continue;
        }
        // Split runs of different kinds: "c4" -> c, 4; "三四" -> 三, 四.
        let chars: Vec<char> = word.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let mut j = i + 1;
            if c.is_ascii_digit() {
                while j < chars.len() && chars[j].is_ascii_digit() {
                    j += 1;
                }
            } else if is_han_numeral(c) && word.chars().count() > 1 && chars.iter().all(|&c| is_han_numeral(c)) {
                // A run of Han numerals with no spaces: one character each unless it is one number like 十四.
                if parse_chinese_numeral(word).is_some() && rest.split_whitespace().count() > 1 {
                    j = chars.len();
                }
            } else if !c.is_ascii_alphabetic() || chars.get(j).is_some_and(|n| n.is_ascii_digit()) || j == chars.len() {
                // single character token
            } else {
                while j < chars.len() && chars[j].is_alphabetic() {
                    j += 1;
                }
            }
            tokens.push(chars[i..j].iter().collect());
            i = j;
        }
    }
    if tokens.len() != 2 {
        return Err(PointError::Count(tokens.len()));
    }
    let number = |t: &str, first: bool| -> Result<u8, PointError> {
        if let Ok(n) = t.parse::<u8>() {
            return Ok(n);
        }
        if let Some(n) = parse_chinese_numeral(t) {
            return Ok(n);
        }
        let mut chars = t.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => {
                if first {
                    Ok(c.to_ascii_lowercase() as u8 - b'a' + 1)
                } else {
                    Err(PointError::LetterAbscissa)
                }
            }
            _ => Err(PointError::NotANumber(t.to_string())),
        }
    };
    let ordinate = number(&tokens[0], true)?;
    let abscissa = number(&tokens[1], false)?;
    if ordinate == 0 || abscissa == 0 || ordinate > MAX_SIZE || abscissa > MAX_SIZE {
        return Err(PointError::NotANumber(format!("{ordinate} {abscissa}")));
    }
    Ok(CornerPoint::new(corner, ordinate, abscissa))
}

/// SGF point letters: `a`–`z` then `A`–`Z` for 1–52.
fn sgf_letter(n: u8) -> char {
    if n < 26 { (b'a' + n) as char } else { (b'A' + n - 26) as char }
}

fn sgf_value(c: char) -> Option<u8> {
    match c {
        'a'..='z' => Some(c as u8 - b'a'),
        'A'..='Z' => Some(c as u8 - b'A' + 26),
        _ => None,
    }
}

/// The SGF name of a point: column letter then row letter, from the top left.
pub fn to_sgf(p: Point) -> String {
    format!("{}{}", sgf_letter(p.x), sgf_letter(p.y))
}

/// Read an SGF point (`"dd"`); `None` if malformed or off the board. Pass
/// values (`""`, `"tt"` on boards up to 19) are the caller's business.
pub fn from_sgf(s: &str, size: u8) -> Option<Point> {
    let mut chars = s.chars();
    let (x, y) = (sgf_value(chars.next()?)?, sgf_value(chars.next()?)?);
    if chars.next().is_some() {
        return None;
    }
    let p = Point::new(x, y);
    p.on_board(size).then_some(p)
}

/// The GTP column letters: A–Z without I.
fn gtp_letters() -> impl Iterator<Item = char> {
    ('A'..='Z').filter(|&c| c != 'I')
}

/// The GTP name of a point: column letter (no I) and row number from the bottom, `D4`.
pub fn to_gtp(p: Point, size: u8) -> String {
    let letter = gtp_letters().nth(p.x as usize).unwrap_or('?');
    format!("{letter}{}", p.row_from_bottom(size) + 1)
}

/// Read a GTP point (`D4`, `q16`); `None` if malformed or off the board.
pub fn from_gtp(s: &str, size: u8) -> Option<Point> {
    let s = s.trim();
    let mut chars = s.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    let x = gtp_letters().position(|c| c == letter)? as u8;
    let row: u8 = chars.as_str().parse().ok()?;
    if row == 0 || row > size || x >= size {
        return None;
    }
    Some(Point::new(x, size - row))
}

/// The ways a single point can be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PointFormat {
    /// SGF letters from the top left: `cq`.
    Sgf,
    /// Column letter (no I) and row from the bottom: `C3`.
    Gtp,
    /// Canonical corner, Chinese numerals: `平 三 四`.
    GoCorner,
    /// Canonical corner, Volpicelli's letter and number: `平 c 4`.
    Volpicelli,
}

/// Read a point written in corner notation (with its corner), GTP (`D4`) or SGF (`dd`).
/// Corner notation is tried first, then GTP, then SGF.
pub fn read_any_point(text: &str, size: u8) -> Result<Point, PointError> {
    let text = text.trim();
    if Corner::prefix_of(text).is_some() {
        let cp = parse_corner_point(text, None)?;
        return cp.to_point(size).ok_or_else(|| PointError::OffBoard(cp.write_arabic(), size));
    }
    if let Some(p) = from_gtp(text, size) {
        return Ok(p);
    }
    if text.len() == 2 && text.chars().all(|c| c.is_ascii_alphabetic()) {
        return from_sgf(text, size).ok_or_else(|| PointError::OffBoard(text.to_string(), size));
    }
    Err(PointError::Unrecognised(text.to_string()))
}

/// Write a point on a `size` board in `format` (corner forms use the canonical corner).
pub fn write_point(p: Point, size: u8, format: PointFormat) -> String {
    let canonical = CornerPoint::canonical(p, size);
    match (format, canonical) {
        (PointFormat::Sgf, _) => to_sgf(p),
        (PointFormat::Gtp, _) => to_gtp(p, size),
        (PointFormat::GoCorner, Some(cp)) => cp.write_chinese(),
        (PointFormat::Volpicelli, Some(cp)) => match cp.write_volpicelli() {
            Some(v) => format!("{} {v}", cp.corner),
            None => cp.write_arabic(),
        },
        (_, None) => to_sgf(p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_corner_counts_from_its_own_corner_point() {
        // (1, 1) is the corner point itself.
        let n = 19;
        assert_eq!(CornerPoint::new(Corner::Ping, 1, 1).to_point(n), Some(Point::new(0, 18)));
        assert_eq!(CornerPoint::new(Corner::Shang, 1, 1).to_point(n), Some(Point::new(0, 0)));
        assert_eq!(CornerPoint::new(Corner::Qu, 1, 1).to_point(n), Some(Point::new(18, 0)));
        assert_eq!(CornerPoint::new(Corner::Ru, 1, 1).to_point(n), Some(Point::new(18, 18)));
    }

    #[test]
    fn ordinate_runs_along_the_left_hand_side() {
        // 平: ordinate up the left edge, abscissa along the bottom: 平 c 4 is column 4, row 3 = D3.
        let p = parse_corner_point("平 c 4", None).unwrap().to_point(19).unwrap();
        assert_eq!(to_gtp(p, 19), "D3");
        // 上: ordinate along the top edge, abscissa down the left edge.
        let p = CornerPoint::new(Corner::Shang, 3, 4).to_point(19).unwrap();
        assert_eq!(to_gtp(p, 19), "C16");
        // 去: ordinate down the right edge, abscissa along the top leftwards.
        let p = CornerPoint::new(Corner::Qu, 3, 4).to_point(19).unwrap();
        assert_eq!(to_gtp(p, 19), "Q17");
        // 入: ordinate along the bottom leftwards, abscissa up the right edge.
        let p = CornerPoint::new(Corner::Ru, 3, 4).to_point(19).unwrap();
        assert_eq!(to_gtp(p, 19), "R4");
    }

    #[test]
    fn the_echelon_of_diagram_vii_crosses_from_ping_to_shang() {
        // Black ends at 平 j 1, White blocks at a 9, read in 上: the next point up the left edge.
        let black = parse_corner_point("平 j 1", None).unwrap().to_point(19).unwrap();
        let white = parse_corner_point("上 a 9", None).unwrap().to_point(19).unwrap();
        assert_eq!((black.x, white.x), (0, 0));
        assert_eq!(black.y, white.y + 1);
    }

    #[test]
    fn line_ten_is_shared_by_neighbouring_corners() {
        let p = CornerPoint::new(Corner::Ping, 10, 3).to_point(19).unwrap();
        assert_eq!(CornerPoint::from_point(p, Corner::Shang, 19), Some(CornerPoint::new(Corner::Shang, 3, 10)));
        let centre = Point::new(9, 9);
        assert_eq!(CornerPoint::names_of(centre, 19).len(), 4);
        assert_eq!(CornerPoint::canonical(centre, 19), Some(CornerPoint::new(Corner::Ping, 10, 10)));
    }

    #[test]
    fn names_in_every_script_read_alike() {
        let want = CornerPoint::new(Corner::Qu, 4, 3);
        for text in ["去 四 三", "去四三", "去 4 3", "ch'ü d 3", "chu 4-3", "upper-right d3", "Upper Right 4,3", "去 d 3"] {
            assert_eq!(parse_corner_point(text, None), Ok(want), "{text}");
        }
        assert_eq!(parse_corner_point("d 3", Some(Corner::Qu)), Ok(want));
        assert_eq!(parse_corner_point("d 3", None), Err(PointError::NoCorner));
        assert_eq!(parse_corner_point("平 十 十", None), Ok(CornerPoint::new(Corner::Ping, 10, 10)));
        assert_eq!(parse_corner_point("平 十四 三", None), Ok(CornerPoint::new(Corner::Ping, 14, 3)));
        assert!(parse_corner_point("平 4 c", None).is_err());
        assert!(parse_corner_point("平 4", None).is_err());
        assert!(parse_corner_point("平 x y z", None).is_err());
    }

    #[test]
    fn chinese_numerals_round_trip() {
        for n in 1..=25 {
            assert_eq!(parse_chinese_numeral(&chinese_numeral(n)), Some(n), "{n}");
        }
        assert_eq!(chinese_numeral(10), "十");
        assert_eq!(chinese_numeral(25), "二十五");
    }

    #[test]
    fn sgf_and_gtp_names() {
        let p = Point::new(3, 15);
        assert_eq!(to_sgf(p), "dp");
        assert_eq!(from_sgf("dp", 19), Some(p));
        assert_eq!(to_gtp(p, 19), "D4");
        assert_eq!(from_gtp("d4", 19), Some(p));
        assert_eq!(to_gtp(Point::new(8, 0), 19), "J19");
        assert_eq!(from_gtp("I5", 19), None);
        assert_eq!(from_sgf("tt", 19), None);
        assert_eq!(from_sgf("tt", 21), Some(Point::new(19, 19)));
    }

    #[test]
    fn any_form_reads_and_writes() {
        let p = read_any_point("平 c 4", 19).unwrap();
        assert_eq!(read_any_point("D3", 19), Ok(p));
        assert_eq!(read_any_point("dq", 19), Ok(p));
        assert_eq!(write_point(p, 19, PointFormat::Sgf), "dq");
        assert_eq!(write_point(p, 19, PointFormat::Gtp), "D3");
        assert_eq!(write_point(p, 19, PointFormat::GoCorner), "平 三 四");
        assert_eq!(write_point(p, 19, PointFormat::Volpicelli), "平 c 4");
        assert!(read_any_point("nonsense", 19).is_err());
        assert!(read_any_point("平 c 40", 19).is_err());
    }
}
