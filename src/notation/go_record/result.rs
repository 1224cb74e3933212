//! A Go result as written (SGF `RE`, the record's `result:`): `B+6`, `W+3.5`,
//! `W+R`, `B+Time`, `0`, `Draw`, `Void`, `?`, read into a typed claim.

use crate::rules::go::Color;

/// How the stated result was won.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GoClaim {
    /// Won on the count: by this many points, or by an unstated number (`B+`).
    Score { winner: Color, margin: Option<f64> },
    /// A count of equal totals (`0`, `Draw`, `Jigo`).
    Jigo,
    /// Won otherwise: resignation, time, forfeit (`W+R`, `B+T`, `B+F`).
    NotCounted { winner: Color },
    /// No result (`Void`, `?`, empty) or text that is none of the above.
    Nothing,
}

impl GoClaim {
    /// The claim in a result's text; what it cannot read is `Nothing`.
    pub fn read(text: &str) -> GoClaim {
        let t = text.trim();
        let lower = t.to_ascii_lowercase();
        if ["0", "draw", "jigo", "d"].contains(&lower.as_str()) {
            return GoClaim::Jigo;
        }
        let Some((side, rest)) = lower.split_once('+') else { return GoClaim::Nothing };
        let winner = match side.trim() {
            "b" | "black" => Color::Black,
            "w" | "white" => Color::White,
            _ => return GoClaim::Nothing,
        };
        let rest = rest.trim();
        if rest.is_empty() {
            return GoClaim::Score { winner, margin: None };
        }
        if ["r", "resign", "t", "time", "f", "forfeit"].contains(&rest) {
            return GoClaim::NotCounted { winner };
        }
        match rest.parse::<f64>() {
            Ok(m) if m.is_finite() && m >= 0.0 => GoClaim::Score { winner, margin: Some(m) },
            _ => GoClaim::Nothing,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_forms_sgf_and_the_record_use() {
        assert_eq!(GoClaim::read("W+6"), GoClaim::Score { winner: Color::White, margin: Some(6.0) });
        assert_eq!(GoClaim::read(" B+3.5 "), GoClaim::Score { winner: Color::Black, margin: Some(3.5) });
        assert_eq!(GoClaim::read("B+"), GoClaim::Score { winner: Color::Black, margin: None });
        assert_eq!(GoClaim::read("W+Resign"), GoClaim::NotCounted { winner: Color::White });
        assert_eq!(GoClaim::read("B+T"), GoClaim::NotCounted { winner: Color::Black });
        assert_eq!(GoClaim::read("0"), GoClaim::Jigo);
        assert_eq!(GoClaim::read("Draw"), GoClaim::Jigo);
        for nothing in ["Void", "?", "", "W+lots", "X+3", "B+-2"] {
            assert_eq!(GoClaim::read(nothing), GoClaim::Nothing, "{nothing}");
        }
    }
}
