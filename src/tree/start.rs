//! Where a game (or a line with a start of its own) begins: a typed position
//! per game kind, using the engines' own `Setup` types.
//!
//! In JSON and YAML a start is the same text as before it was typed (PDN FEN
//! for draughts, the column format for Lasca, SGF root properties for Go), so
//! the tree keeps its shape; reading it back gives the same typed value.

use crate::rules::{draughts, go, lasca};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

#[derive(Clone, Debug, Default, PartialEq)]
pub enum Start {
    /// Not given: the game kind's opening position.
    #[default]
    Unset,
    Draughts(draughts::Setup),
    /// Boxed: 25 stacks make it the largest start, and every line has a `Start`.
    Lasca(Box<lasca::Setup>),
    Go(go::Setup),
    /// A start as the source printed it, which could not be read as a
    /// position: kept, never guessed.
    Printed(String),
}

impl Start {
    pub fn is_unset(&self) -> bool {
        matches!(self, Start::Unset)
    }

    /// The draughts setup: `None` if unset; an error if the start is of
    /// another game or printed text that is not a draughts position.
    pub fn draughts(&self) -> Option<Result<draughts::Setup, String>> {
        match self {
            Start::Unset => None,
            Start::Draughts(s) => Some(Ok(*s)),
            Start::Printed(text) => Some(draughts::parse_fen(text).map_err(|e| e.to_string())),
            other => Some(Err(format!("{other} is not a draughts position"))),
        }
    }

    /// The Lasca setup (as [`Start::draughts`]).
    pub fn lasca(&self) -> Option<Result<lasca::Setup, String>> {
        match self {
            Start::Unset => None,
            Start::Lasca(s) => Some(Ok(s.as_ref().clone())),
            Start::Printed(text) => Some(lasca::parse_setup(text).map_err(|e| e.to_string())),
            other => Some(Err(format!("{other} is not a Lasca position"))),
        }
    }

    /// The Go setup (as [`Start::draughts`]).
    pub fn go(&self) -> Option<Result<go::Setup, String>> {
        match self {
            Start::Unset => None,
            Start::Go(s) => Some(Ok(s.clone())),
            Start::Printed(text) => Some(parse_go(text).ok_or_else(|| format!("{text} is not a Go position"))),
            other => Some(Err(format!("{other} is not a Go position"))),
        }
    }

    /// A start printed in the source that could not be read (unset if empty).
    pub fn printed(text: &str) -> Start {
        if text.is_empty() { Start::Unset } else { Start::Printed(text.to_string()) }
    }

    /// The start its text stands for: typed where the text is exactly what
    /// the typed start would write, else kept as printed.
    pub fn from_text(text: &str) -> Start {
        let typed = if text.is_empty() {
            Some(Start::Unset)
        } else if text.starts_with("SZ[") {
            parse_go(text).map(Start::Go)
        } else if text.starts_with(['w', 'b']) {
            lasca::parse_setup(text).ok().map(|s| Start::Lasca(Box::new(s)))
        } else {
            draughts::parse_fen(text).ok().map(Start::Draughts)
        };
        typed.filter(|s| s.to_string() == text).unwrap_or_else(|| Start::Printed(text.to_string()))
    }
}

impl fmt::Display for Start {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `pad`, so that tables can give a start a width.
        match self {
            Start::Unset => f.pad(""),
            Start::Draughts(s) => f.pad(&draughts::write_fen(s)),
            Start::Lasca(s) => f.pad(&lasca::write_setup(s)),
            Start::Go(s) => f.pad(&write_go(s)),
            Start::Printed(text) => f.pad(text),
        }
    }
}

impl Serialize for Start {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Start {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Start, D::Error> {
        Ok(Start::from_text(&String::deserialize(deserializer)?))
    }
}

/// SGF's point letters: `a` is 0.
fn sgf_point(p: go::Point) -> String {
    [p.x, p.y].iter().map(|&n| if n < 26 { (b'a' + n) as char } else { (b'A' + n - 26) as char }).collect()
}

fn sgf_coordinate(c: char) -> Option<u8> {
    match c {
        'a'..='z' => Some(c as u8 - b'a'),
        'A'..='Z' => Some(c as u8 - b'A' + 26),
        _ => None,
    }
}

/// A Go setup as SGF root properties: `SZ[9]AB[cc][dd]AW[ee]PL[W]`.
fn write_go(setup: &go::Setup) -> String {
    let mut s = format!("SZ[{}]", setup.size);
    for (key, points) in [("AB", &setup.black), ("AW", &setup.white)] {
        if !points.is_empty() {
            s.push_str(key);
            for &p in points {
                s.push_str(&format!("[{}]", sgf_point(p)));
            }
        }
    }
    if setup.to_move == go::Color::White {
        s.push_str("PL[W]");
    }
    s
}

fn parse_go(text: &str) -> Option<go::Setup> {
    let mut setup = go::Setup::default();
    let mut key = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let name: String = rest[..open].chars().filter(|c| c.is_ascii_uppercase()).collect();
        if !name.is_empty() {
            key = name;
        }
        let close = open + rest[open..].find(']')?;
        let value = &rest[open + 1..close];
        let point = || {
            let mut c = value.chars();
            let p = go::Point::new(sgf_coordinate(c.next()?)?, sgf_coordinate(c.next()?)?);
            (c.next().is_none() && p.on_board(setup.size)).then_some(p)
        };
        match key.as_str() {
            "SZ" => setup.size = value.parse().ok()?,
            "AB" => setup.black.push(point()?),
            "AW" => setup.white.push(point()?),
            "PL" if value == "W" => setup.to_move = go::Color::White,
            _ => {}
        }
        rest = &rest[close + 1..];
    }
    Some(setup)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_writes_and_reads_back_its_own_text() {
        let draughts = Start::Draughts(draughts::Position::initial().setup());
        let lasca = Start::Lasca(Box::new(lasca::Setup::initial()));
        let go = Start::Go(go::Setup { size: 9, black: vec![go::Point::new(2, 2)], white: vec![go::Point::new(3, 4)], to_move: go::Color::White });
        assert_eq!(go.to_string(), "SZ[9]AB[cc]AW[de]PL[W]");
        assert_eq!(format!("{:<8}|", Start::Printed("W:W1".into())), "W:W1    |");
        for start in [Start::Unset, draughts, lasca, go, Start::Printed("W:W33:B1".into())] {
            let json = serde_json::to_string(&start).unwrap();
            assert_eq!(json, format!("{:?}", start.to_string()));
            assert_eq!(serde_json::from_str::<Start>(&json).unwrap(), start, "{json}");
        }
    }

    #[test]
    fn text_that_is_not_what_a_setup_writes_stays_printed() {
        assert_eq!(Start::from_text("W:W18:B14."), Start::Printed("W:W18:B14.".into()));
        assert!(matches!(Start::from_text("W:W18:B14"), Start::Draughts(_)));
        assert!(Start::from_text("W:W18:B14.").draughts().is_some_and(|s| s.is_ok()));
        assert!(Start::Unset.draughts().is_none());
        assert!(Start::Lasca(Box::new(lasca::Setup::initial())).draughts().is_some_and(|s| s.is_err()));
    }
}
