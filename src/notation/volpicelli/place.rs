//! Stage 3: each located reference placed on the board (SGF and GTP names),
//! or kept as prose with the reason; then checked against the `.wq` record
//! that rebuilds its diagram, when there is one.

use super::references::{Frame, Located};
use super::scan::RawPoint;
use crate::diagnostic::{Code, Diagnostic};
use crate::notation::go_corner::{Corner, CornerPoint, reach, to_gtp, to_sgf};
use crate::notation::go_record;
use crate::rules::go::{Move, Point};
use crate::tree::{PointClaim, PointReading, PointReference, RecordCheck};
use regex::Regex;
use std::collections::HashSet;
use std::sync::LazyLock;

/// References whose named corner the essay's own geometry contradicts, found
/// by reading it: each is kept as prose with the evidence, never moved to
/// another corner on our say-so.
/// (diagram, corner named, letter, number, why)
const CONTRADICTED: &[(u8, Corner, char, u8, &str)] = &[(
    7,
    Corner::Ping,
    'a',
    9,
    "White's answer when Black's échelon reaches the side at j 1: read from the named corner (平, lower left) a 9 lies on the bottom edge, \
     nowhere near j 1; only read from 上 (upper left) is it beside the échelon's end, and the text names no corner for it",
)];

/// A `.wq` record and what it holds, for checking the essay's references.
#[derive(Clone, Debug)]
pub struct Record {
    /// The file name the diagnostics cite.
    pub name: String,
    /// The diagrams it rebuilds (its title or first comments name them).
    pub diagrams: Vec<u8>,
    pub corner: Corner,
    pub size: u8,
    /// The stones set up before the first move.
    pub setup: HashSet<Point>,
    /// Setup stones and every point a move of any line plays.
    pub stones: HashSet<Point>,
    /// Every point a move of any line takes, by the engine's replay.
    pub captured: HashSet<Point>,
}

static DIAGRAMS: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"Diagrams?\s+(?P<a>[IVX]+)(?:\s*(?:[-–]|and)\s*(?P<b>[IVX]+))?").expect("valid regex"));
static CORNER_LINE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?m)^corner:\s*(?P<c>[^\s;]+)").expect("valid regex"));

impl Record {
    /// Read a record; `None` if it names no diagram or no corner (then it
    /// rebuilds nothing the essay can be checked against).
    pub fn from_text(name: &str, text: &str) -> Option<Record> {
        let corner = Corner::from_name(CORNER_LINE.captures(text)?.name("c")?.as_str())?;
        let parsed = go_record::parse(text);
        let game = &parsed.game;
        let info = game.go_info()?;
        let about = std::iter::once(info.title.as_str()).chain(info.comments.iter().map(String::as_str)).collect::<Vec<_>>().join(" ");
        let c = DIAGRAMS.captures(&about)?;
        let a = super::scan::roman(c.name("a")?.as_str())?;
        let b = c.name("b").and_then(|b| super::scan::roman(b.as_str())).unwrap_or(a);
        let replayed = go_record::replay(game);
        let start = game.go_setup()?;
        let setup: HashSet<Point> = start.black.iter().chain(&start.white).copied().collect();
        let mut stones = setup.clone();
        stones.extend(game.lines.iter().flat_map(|l| &l.moves).filter_map(|m| m.go.as_deref()).filter(|m| m.refused().is_none()).filter_map(|m| match m.mv {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        }));
        let captured = replayed.lines.iter().flat_map(|l| l.captures.iter().flatten()).copied().collect();
        Some(Record { name: name.to_string(), diagrams: (a.min(b)..=a.max(b)).collect(), corner, size: start.size, setup, stones, captured })
    }
}

/// What placing and checking found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub found: usize,
    pub placed: usize,
    pub unplaced: usize,
    /// Placed in a diagram a record rebuilds.
    pub in_records: usize,
    /// Of those, with a stone, capture or empty-point claim the record was checked for.
    pub checked: usize,
    pub agree: usize,
}

/// The reading of one reference: its corner point and board size, or why not.
fn reading(located: &Located) -> Result<(CornerPoint, u8), String> {
    let (letter, number) = match located.raw.point {
        RawPoint::Corner(cp) => {
            let size = match located.frame {
                Frame::Corner { size, .. } => size,
                _ => 19,
            };
            return Ok((cp, size));
        }
        RawPoint::Letter { letter, number } => (letter, number),
    };
    let (diagram, corner, size) = match located.frame {
        Frame::Corner { diagram, corner, size } => (diagram, corner, size),
        Frame::Nothing => return Err("no diagram or corner is named before it".into()),
        Frame::Diagram(d) => return Err(format!("Diagram {d} is named but not which corner")),
        Frame::Centre { .. } => {
            return Err("it is in the centre of the diagram, where the points straddle the corners and the text names the corner of none \
                        (\"the notation changes according as a spot is in one corner or another\")"
                .into());
        }
        Frame::Lost => return Err("the words before it are lost (the paragraph starts mid-sentence), so its diagram and corner are unknown".into()),
    };
    if let Some((.., why)) = CONTRADICTED.iter().find(|c| Some(c.0) == diagram && c.1 == corner && c.2 == letter && c.3 == number) {
        return Err((*why).to_string());
    }
    let ordinate = (letter as u8).wrapping_sub(b'a').wrapping_add(1);
    let cp = CornerPoint::new(corner, ordinate, number);
    // On the full board a corner reaches to line 10 (a–j, 1–10); a quarter board is the corner itself.
    let limit = if size == 19 { reach(size) } else { size };
    if ordinate > limit || number == 0 || number > limit {
        return Err(format!("{letter} {number} is beyond the {} corner's lines (a–{}, 1–{limit})", corner.english(), (b'a' + limit - 1) as char));
    }
    Ok((cp, size))
}

/// Place every reference and check it against the records; diagnostics say
/// what is kept as prose and where a record disagrees.
pub fn place(text: &str, located: &[Located], records: &[Record]) -> (Vec<PointReference>, Vec<Diagnostic>, Counts) {
    let mut out = Vec::new();
    let mut diagnostics = Vec::new();
    let mut counts = Counts { found: located.len(), ..Counts::default() };
    for l in located {
        let span = l.raw.span;
        let printed = span.slice(text).to_string();
        let diagram = l.frame.diagram();
        let (reading, check) = match reading(l) {
            Err(why) => {
                counts.unplaced += 1;
                diagnostics.push(
                    Diagnostic::note(Code::VolpicelliPointKeptAsProse, format!("{printed} is kept as prose: {why}"), span)
                        .with_label("not placed on the board"),
                );
                (PointReading::Unplaced { why }, None)
            }
            Ok((cp, size)) => match cp.to_point(size) {
                None => {
                    counts.unplaced += 1;
                    let why = format!("it is off a board of {size} lines");
                    diagnostics
                        .push(Diagnostic::note(Code::VolpicelliPointKeptAsProse, format!("{printed} is kept as prose: {why}"), span).with_label("not placed"));
                    (PointReading::Unplaced { why }, None)
                }
                Some(p) => {
                    counts.placed += 1;
                    let check = check(l, cp, diagram, records, &printed, &mut counts, &mut diagnostics);
                    let reading = PointReading::Placed {
                        corner: cp.corner,
                        ordinate: cp.ordinate,
                        abscissa: cp.abscissa,
                        size,
                        column: p.x + 1,
                        row: size - p.y,
                        sgf: to_sgf(p),
                        gtp: to_gtp(p, size),
                    };
                    (reading, check)
                }
            },
        };
        if located.iter().take_while(|o| o.raw.span.start < span.start).any(|o| o.list == l.list && o.raw.point == l.raw.point) {
            diagnostics.push(
                Diagnostic::note(Code::VolpicelliNamedTwice, format!("{printed} is named twice in one list (a misprint?)"), span)
                    .with_label("named before in this list"),
            );
        }
        out.push(PointReference { printed, span, diagram, reading, claim: l.claim, check });
    }
    (out, diagnostics, counts)
}

fn check(
    l: &Located,
    cp: CornerPoint,
    diagram: Option<u8>,
    records: &[Record],
    printed: &str,
    counts: &mut Counts,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<RecordCheck> {
    let record = records.iter().find(|r| r.corner == cp.corner && diagram.is_some_and(|d| r.diagrams.contains(&d)))?;
    counts.in_records += 1;
    let p = cp.to_point(record.size)?;
    let (agrees, says) = match l.claim {
        PointClaim::Stone => (record.stones.contains(&p), "a stone stands"),
        PointClaim::Captured => (record.captured.contains(&p), "a stone is taken"),
        PointClaim::Empty => (!record.setup.contains(&p), "the point is empty"),
        _ => return None,
    };
    counts.checked += 1;
    if agrees {
        counts.agree += 1;
    } else {
        let has = match l.claim {
            PointClaim::Stone => "no stone there, set up or played",
            PointClaim::Empty => "a stone there in its setup",
            _ => "no line of its replay takes a stone there",
        };
        diagnostics.push(
            Diagnostic::error(
                Code::VolpicelliRecordDisagrees,
                format!(
                    "the text says {says} at {printed} ({} {}, SGF {}), but {} has {has}",
                    cp.corner,
                    cp.write_volpicelli().unwrap_or_else(|| cp.write_arabic()),
                    to_sgf(p),
                    record.name
                ),
                l.raw.span,
            )
            .with_label("the record disagrees")
            .with_help(format!("either the record does not rebuild Diagram {} as the text describes it, or this point is misread", diagram.unwrap_or(0))),
        );
    }
    Some(RecordCheck { record: record.name.clone(), agrees })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::volpicelli::{references::locate, scan::scan};

    const RECORD: &str = "title: Diagram IX (平): test\nsize: 19\ncorner: 平\nwhite: a 4, a 5\nblack: a 6, b 4, b 5\nB a 3 takes a 4, a 5\n";

    fn placed(text: &str, records: &[Record]) -> (Vec<PointReference>, Vec<Diagnostic>, Counts) {
        place(text, &locate(text, &scan(text)), records)
    }

    #[test]
    fn reads_a_record_s_diagrams_stones_and_captures() {
        let r = Record::from_text("t.wq", RECORD).expect("a record of Diagram IX");
        assert_eq!((r.diagrams.clone(), r.corner, r.size), (vec![9], Corner::Ping, 19));
        // 平 a 3: ordinate a (row 1), abscissa 3 (column 3).
        let a3 = CornerPoint::new(Corner::Ping, 1, 3).to_point(19).expect("on the board");
        assert!(r.stones.contains(&a3));
        assert!(r.captured.contains(&CornerPoint::new(Corner::Ping, 1, 4).to_point(19).expect("on the board")));
        assert!(Record::from_text("t.wq", "title: no diagram\ncorner: 平\nB a 1\n").is_none());
    }

    #[test]
    fn places_in_the_named_corner_and_checks_stones_and_captures() {
        let record = Record::from_text("t.wq", RECORD).expect("record");
        let text = "In the lower left-hand corner of Diagram IX the white men at *a* 4 and *a* 5. Black plays *a* 3, taking the men at *a* 4 and *a* 5.";
        let (refs, diags, counts) = placed(text, std::slice::from_ref(&record));
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(counts, Counts { found: 5, placed: 5, unplaced: 0, in_records: 5, checked: 4, agree: 4 });
        match &refs[2].reading {
            PointReading::Placed { sgf, gtp, column, row, .. } => assert_eq!((sgf.as_str(), gtp.as_str(), *column, *row), ("cs", "C1", 3, 1)),
            other => panic!("{other:?}"),
        }
        // The same text against a record without White's a 4: a 5 keeps a liberty there, so nothing is taken.
        let altered = Record::from_text("t.wq", &RECORD.replace("white: a 4, a 5", "white: a 5")).expect("record");
        let (_, diags, counts) = placed(text, &[altered]);
        assert_eq!((counts.checked, counts.agree), (4, 1));
        assert_eq!(diags.iter().filter(|d| d.code == "volpicelli::record-disagrees").count(), 3, "{diags:?}");
        assert!(diags[0].message.contains("a stone stands at *a* 4"), "{}", diags[0].message);
    }

    #[test]
    fn keeps_unfixed_points_as_prose_with_a_note() {
        let text = "In the lower left-hand corner of Diagram VII, Black *j* 1, White *a* 9 and *k* 2.\n\nIn the centre of the same diagram (IX) *h* 6.";
        let (refs, diags, counts) = placed(text, &[]);
        assert_eq!((counts.placed, counts.unplaced), (1, 3));
        assert!(matches!(refs[1].reading, PointReading::Unplaced { ref why } if why.contains("échelon")));
        assert!(matches!(refs[2].reading, PointReading::Unplaced { ref why } if why.contains("beyond")));
        assert_eq!(diags.len(), 3);
        assert!(diags.iter().all(|d| d.code == "volpicelli::point-kept-as-prose"));
    }

    #[test]
    fn a_point_named_twice_in_one_list_gets_a_note_and_empty_points_are_checked() {
        let record = Record::from_text("t.wq", RECORD).expect("record");
        let text = "In the lower left-hand corner of Diagram IX, Black playing to *e* 6, *d* 7, *e* 6 and *d* 5. Such are the spots *a* 1 and *a* 4.";
        let (_, diags, counts) = placed(text, std::slice::from_ref(&record));
        let twice: Vec<&str> = diags.iter().filter(|d| d.code == "volpicelli::named-twice").map(|d| d.span.slice(text)).collect();
        assert_eq!(twice, vec!["*e* 6"]);
        // a 1 is empty in the record's setup, a 4 is White's.
        assert_eq!((counts.checked, counts.agree), (2, 1));
        assert!(diags.iter().any(|d| d.code == "volpicelli::record-disagrees" && d.message.contains("the point is empty at *a* 4")), "{diags:?}");
    }

    #[test]
    fn a_quarter_board_is_read_on_its_own_lines() {
        let text = "In the upper left-hand corner of Diagram XI, there is the ending of a game on a quarter of the board, 10 lines each side. Such are the spots *c* 5 and *i* 8.";
        let (refs, _, _) = placed(text, &[]);
        // 上 on 10 lines: column = ordinate, row = 11 − abscissa.
        match &refs[1].reading {
            PointReading::Placed { size, column, row, .. } => assert_eq!((*size, *column, *row), (10, 9, 3)),
            other => panic!("{other:?}"),
        }
    }
}
