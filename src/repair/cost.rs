//! What OCR does to printed numbers, as edit costs. Lower is likelier.

use crate::tree::EditKind;

/// Costs of the structural errors between and inside tokens.
#[derive(Clone, Debug, PartialEq)]
pub struct CostModel {
    /// Two numbers printed with no space (`914` for `9 14`).
    pub run_together: f64,
    /// One number broken in two tokens (`1 5` for `15`).
    pub split: f64,
    /// A character missing from the print.
    pub dropped: f64,
    /// A character printed twice.
    pub doubled: f64,
    /// Any other extra character.
    pub inserted: f64,
    /// A digit read as a digit it resembles (3/8, 5/6, 1/7, 0/9, …).
    pub similar_digit: f64,
    /// A digit read as an unrelated digit.
    pub other_digit: f64,
    /// A junk token passed over.
    pub junk: f64,
    /// A whole number missing from the print.
    pub lost_number: f64,
    /// A stray number token passed over.
    pub stray_number: f64,
    /// A repeated run of tokens passed over: base cost plus this much per token.
    pub repeat_base: f64,
    pub repeat_per_token: f64,
    /// The most the two copies of a repeated run may differ (as read costs).
    pub repeat_mismatch_limit: f64,
    /// A notation's own letters for digits (printed, digit, cost), tried before the common ones.
    pub extra_letters: Vec<(u8, u8, f64)>,
    /// For text cut off at the page's edge: a number printed as only its
    /// leading digits costs this (`None`: such a number is dropped digits).
    pub cut_at_edge: Option<f64>,
}

impl Default for CostModel {
    fn default() -> CostModel {
        CostModel {
            run_together: 0.6,
            split: 0.8,
            dropped: 1.5,
            doubled: 0.9,
            inserted: 1.6,
            similar_digit: 1.1,
            other_digit: 2.2,
            junk: 0.6,
            lost_number: 2.4,
            stray_number: 2.0,
            repeat_base: 0.6,
            repeat_per_token: 0.1,
            repeat_mismatch_limit: 1.6,
            extra_letters: Vec::new(),
            cut_at_edge: None,
        }
    }
}

/// Letters (and marks) OCR prints for digits, with the cost of each reading.
pub fn letter_readings(c: u8) -> &'static [(u8, f64)] {
    match c {
        b'g' | b'q' => &[(b'9', 0.3)],
        b'l' | b'I' | b'i' | b'|' | b'!' | b'j' | b'J' => &[(b'1', 0.3)],
        b'O' | b'o' | b'D' | b'Q' => &[(b'0', 0.3), (b'6', 0.9)],
        b's' | b'S' => &[(b'5', 0.3), (b'8', 0.7)],
        b'b' | b'G' => &[(b'6', 0.3)],
        b'B' => &[(b'8', 0.3)],
        b'z' | b'Z' => &[(b'2', 0.3)],
        b'T' => &[(b'7', 0.4)],
        b'A' => &[(b'4', 0.5)],
        b't' => &[(b'1', 0.6), (b'4', 0.8)],
        _ => &[],
    }
}

/// Whether a character may stand for a digit in a number token.
pub fn is_digit_like(c: u8) -> bool {
    c.is_ascii_digit() || !letter_readings(c).is_empty()
}

fn similar_digits(a: u8, b: u8) -> bool {
    const PAIRS: [(u8, u8); 10] = [
        (b'3', b'8'),
        (b'5', b'6'),
        (b'1', b'7'),
        (b'0', b'9'),
        (b'6', b'8'),
        (b'0', b'8'),
        (b'3', b'9'),
        (b'5', b'9'),
        (b'1', b'4'),
        (b'0', b'6'),
    ];
    PAIRS.iter().any(|&(x, y)| (x, y) == (a, b) || (y, x) == (a, b))
}

impl CostModel {
    /// Cost of reading printed character `p` as digit `d`.
    pub fn substitute(&self, p: u8, d: u8) -> f64 {
        if p == d {
            0.0
        } else if p.is_ascii_digit() {
            if similar_digits(p, d) { self.similar_digit } else { self.other_digit }
        } else if let Some(&(_, _, cost)) = self.extra_letters.iter().find(|&&(c, digit, _)| c == p && digit == d) {
            cost
        } else {
            letter_readings(p)
                .iter()
                .find(|(digit, _)| *digit == d)
                .map_or(self.other_digit + 0.5, |(_, c)| *c)
        }
    }

    /// The digit a printed character most likely stands for (itself if none).
    pub fn likeliest_digit(&self, c: u8) -> u8 {
        if c.is_ascii_digit() {
            return c;
        }
        if let Some(&(_, d, _)) = self.extra_letters.iter().find(|e| e.0 == c) {
            return d;
        }
        letter_readings(c).first().map_or(c, |r| r.0)
    }

    /// Weighted edit distance from the printed characters to the digits of a number.
    /// Leading zeros (`09`) are a printing habit, not an error.
    pub fn read_as(&self, printed: &[u8], target: &[u8]) -> f64 {
        let mut printed = printed;
        while printed.len() > 1 && printed[0] == b'0' && target.len() < printed.len() {
            printed = &printed[1..];
        }
        if let Some(cut) = self.cut_at_edge
            && self.is_cut(printed, target)
        {
            return cut;
        }
        let (n, m) = (printed.len(), target.len());
        // dist[i][j]: printed[..i] read as target[..j]. Numbers are at most a few characters.
        let mut dist = [[f64::INFINITY; 8]; 8];
        if n >= 8 || m >= 8 {
            return f64::INFINITY;
        }
        // What passing over each printed character costs depends on it alone:
        // `66`, and also `b6` or `qg` (one copy of a doubled digit misread as a letter).
        let mut likeliest = [0u8; 8];
        for (l, &c) in likeliest.iter_mut().zip(printed) {
            *l = self.likeliest_digit(c);
        }
        let same = |a: usize, b: usize| printed[a] == printed[b] || likeliest[a] == likeliest[b];
        let mut pass_over = [0.0; 8];
        for (i, cost) in pass_over.iter_mut().enumerate().take(n) {
            let doubled = (i > 0 && same(i - 1, i)) || (i + 1 < n && same(i + 1, i));
            *cost = if doubled { self.doubled } else { self.inserted };
        }
        dist[0][0] = 0.0;
        for i in 0..=n {
            for j in 0..=m {
                let here = dist[i][j];
                if !here.is_finite() {
                    continue;
                }
                if i < n && j < m {
                    let c = here + self.substitute(printed[i], target[j]);
                    dist[i + 1][j + 1] = dist[i + 1][j + 1].min(c);
                }
                if i < n {
                    dist[i + 1][j] = dist[i + 1][j].min(here + pass_over[i]);
                }
                if j < m {
                    dist[i][j + 1] = dist[i][j + 1].min(here + self.dropped);
                }
            }
        }
        dist[n][m]
    }
}

impl CostModel {
    /// Whether `printed` is `target` with its last digits cut off.
    pub fn is_cut(&self, printed: &[u8], target: &[u8]) -> bool {
        !printed.is_empty() && printed.len() < target.len() && printed.iter().all(u8::is_ascii_digit) && target.starts_with(printed)
    }
}

/// A name for the kind of error that turns `printed` into `target`, for the edit log.
pub fn classify(printed: &[u8], target: &[u8]) -> EditKind {
    if printed.iter().any(|c| !c.is_ascii_digit()) {
        EditKind::LetterForDigit
    } else if printed.len() > target.len() {
        if printed.windows(2).any(|w| w[0] == w[1]) { EditKind::Doubled } else { EditKind::Inserted }
    } else if printed.len() < target.len() {
        EditKind::Dropped
    } else {
        EditKind::DigitConfusion
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_reading_is_free() {
        let m = CostModel::default();
        assert_eq!(m.read_as(b"15", b"15"), 0.0);
        assert_eq!(m.read_as(b"09", b"9"), 0.0);
    }

    #[test]
    fn ocr_letters_are_cheap_and_other_digits_dear() {
        let m = CostModel::default();
        assert!(m.read_as(b"l5", b"15") < 0.5);
        assert!(m.read_as(b"g", b"9") < 0.5);
        assert!(m.read_as(b"18", b"13") < m.read_as(b"18", b"12"));
        assert!(m.read_as(b"111", b"11") < m.read_as(b"121", b"11"));
        assert!(m.read_as(b"1", b"15") >= m.dropped);
    }

    #[test]
    fn a_number_cut_at_the_edge_is_cheap_only_where_the_page_is_cut() {
        let cut = CostModel { cut_at_edge: Some(0.3), ..CostModel::default() };
        assert_eq!(cut.read_as(b"2", b"23"), 0.3);
        assert_eq!(cut.read_as(b"2", b"2"), 0.0);
        // Only the end of a number is lost, never its start.
        assert!(cut.read_as(b"3", b"23") >= cut.dropped);
        assert!(CostModel::default().read_as(b"2", b"23") >= CostModel::default().dropped);
    }
}
