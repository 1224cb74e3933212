//! Stage 1: the essay's text cut into blocks (paragraphs and captions) and
//! the marks the later stages read: point references as printed, corner
//! phrases ("the upper left-hand corner of Diagram VIII") and diagram numbers.
//! Nothing here knows which corner a reference lies in.

use crate::notation::go_corner::{CornerPoint, parse_corner_point};
use crate::span::Span;
use regex::Regex;
use std::sync::LazyLock;

/// A paragraph, or a line that only labels a lost diagram (`VIII.`, `## X.`, `**B.**`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    pub span: Span,
    pub caption: bool,
}

/// A point as printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RawPoint {
    /// Volpicelli's letter (ordinate) and number (abscissa), corner from context.
    Letter { letter: char, number: u8 },
    /// Chinese corner notation, corner included: `上 三 四`.
    Corner(CornerPoint),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawRef {
    pub span: Span,
    pub point: RawPoint,
}

/// Which part of a diagram a phrase names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// `(upper|lower) (left|right)-hand corner` (or angle).
    Corner { upper: bool, left: bool },
    /// "the centre of the same diagram".
    Centre,
}

/// A phrase naming a part of a diagram; `diagram` when the phrase itself names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartMark {
    pub span: Span,
    pub part: Part,
    pub diagram: Option<u8>,
    /// "10 lines each side": the diagram is a board of its own size.
    pub lines: Option<u8>,
}

/// Everything the later stages need, in text order within each list.
#[derive(Clone, Debug, Default)]
pub struct Scan {
    pub blocks: Vec<Block>,
    pub refs: Vec<RawRef>,
    pub parts: Vec<PartMark>,
    /// `Diagram IX` mentions (and "the same diagram (IX)"), by where they are.
    pub diagrams: Vec<(Span, u8)>,
}

// `*d* 4`, `*d 4*`, `$d$ 4` (the OCR's math markup); the number stands alone.
static LETTER_REF: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\*(?P<l1>[a-z])\*[ \t]+(?P<n1>\d{1,2})\b|\*(?P<l2>[a-z])[ \t]+(?P<n2>\d{1,2})\*|\$[ \t]*(?P<l3>[a-z])[ \t]*\$[ \t]+(?P<n3>\d{1,2})\b")
        .expect("valid regex")
});
// A tone corner, then two numbers (Chinese or Arabic), spaced, or two unspaced Chinese numerals.
static CORNER_REF: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"[平上去入][ \t]*(?:[一二三四五六七八九十]{1,3}|\d{1,2})[ \t,]+(?:[一二三四五六七八九十]{1,3}|\d{1,2})\b|[平上去入][一二三四五六七八九]{2}")
        .expect("valid regex")
});
static PART: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?:Diagram\s+(?P<before>[IVX]+)\s+in\s+the\s+)?\b(?P<vert>upper|lower)\s+(?P<hor>left|right)(?:-hand)?\s+(?:corner|angle)(?:\s+of\s+(?:Diagram\s+(?P<after>[IVX]+)|the\s+same\s+diagram))?")
        .expect("valid regex")
});
static CENTRE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\bcentre\s+of\s+the\s+same\s+diagram(?:\s*\((?P<d>[IVX]+)\))?").expect("valid regex"));
static DIAGRAM: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\bDiagram\s+(?P<d>[IVX]+)\b").expect("valid regex"));
static LINES: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^[^.;]*?\b(?P<n>\d{1,2})\s+lines\s+each\s+side").expect("valid regex"));
static CAPTION: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(?:#+\s*)?[IVX]+\.?$|^\*\*[A-Z]\.\*\*$|^-{3,}$").expect("valid regex"));

/// A diagram number written in I, V and X (the essay numbers its diagrams so);
/// `None` for any other letter or a value outside 1..=255.
pub fn roman(s: &str) -> Option<u8> {
    let digits: Vec<i32> = s
        .chars()
        .map(|c| match c.to_ascii_uppercase() {
            'I' => Some(1),
            'V' => Some(5),
            'X' => Some(10),
            _ => None,
        })
        .collect::<Option<_>>()?;
    // A smaller digit before a larger one is subtracted (IX = 9).
    let total: i32 = digits.iter().enumerate().map(|(i, &d)| if digits.get(i + 1).is_some_and(|&next| next > d) { -d } else { d }).sum();
    u8::try_from(total).ok().filter(|&v| v > 0)
}

/// Blank-line separated blocks, trimmed; captions told apart.
fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut end = 0;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let body = line.trim();
        if body.is_empty() {
            if let Some(s) = start.take() {
                out.push(block(text, s, end));
            }
        } else {
            let lead = line.len() - line.trim_start().len();
            start.get_or_insert(at + lead);
            end = at + line.trim_end().len();
        }
        at += line.len();
    }
    if let Some(s) = start {
        out.push(block(text, s, end));
    }
    out
}

fn block(text: &str, start: usize, end: usize) -> Block {
    let span = Span::new(start, end);
    Block { span, caption: CAPTION.is_match(span.slice(text).trim()) }
}

fn capture_u8(c: &regex::Captures, names: &[&str]) -> Option<(char, u8)> {
    names.chunks(2).find_map(|pair| {
        let letter = c.name(pair[0])?.as_str().chars().next()?;
        let number = c.name(pair[1])?.as_str().parse().ok()?;
        Some((letter, number))
    })
}

/// Scan the whole text.
pub fn scan(text: &str) -> Scan {
    let mut refs: Vec<RawRef> = LETTER_REF
        .captures_iter(text)
        .filter_map(|c| {
            let m = c.get(0)?;
            let (letter, number) = capture_u8(&c, &["l1", "n1", "l2", "n2", "l3", "n3"])?;
            Some(RawRef { span: Span::new(m.start(), m.end()), point: RawPoint::Letter { letter, number } })
        })
        .collect();
    refs.extend(CORNER_REF.find_iter(text).filter_map(|m| {
        let point = parse_corner_point(m.as_str(), None).ok()?;
        Some(RawRef { span: Span::new(m.start(), m.end()), point: RawPoint::Corner(point) })
    }));
    refs.sort_by_key(|r| r.span.start);
    let mut parts: Vec<PartMark> = PART
        .captures_iter(text)
        .filter_map(|c| {
            let m = c.get(0)?;
            let diagram = c.name("before").or_else(|| c.name("after")).and_then(|d| roman(d.as_str()));
            let upper = c.name("vert")?.as_str().eq_ignore_ascii_case("upper");
            let left = c.name("hor")?.as_str().eq_ignore_ascii_case("left");
            let lines = LINES.captures(&text[m.end()..]).and_then(|l| l.name("n")?.as_str().parse().ok());
            Some(PartMark { span: Span::new(m.start(), m.end()), part: Part::Corner { upper, left }, diagram, lines })
        })
        .collect();
    parts.extend(CENTRE.captures_iter(text).filter_map(|c| {
        let m = c.get(0)?;
        let diagram = c.name("d").and_then(|d| roman(d.as_str()));
        Some(PartMark { span: Span::new(m.start(), m.end()), part: Part::Centre, diagram, lines: None })
    }));
    parts.sort_by_key(|p| p.span.start);
    let diagrams = DIAGRAM.captures_iter(text).filter_map(|c| Some((Span::new(c.get(0)?.start(), c.get(0)?.end()), roman(c.name("d")?.as_str())?))).collect();
    Scan { blocks: blocks(text), refs, parts, diagrams }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::go_corner::Corner;

    #[test]
    fn finds_every_printed_form_of_a_point() {
        let text = "men at *g* 4, *h 3*, $i$  4, and 上 三 四 or 入 10 2; not 平\tfor, nor 19 × 19.";
        let s = scan(text);
        let printed: Vec<&str> = s.refs.iter().map(|r| r.span.slice(text)).collect();
        assert_eq!(printed, vec!["*g* 4", "*h 3*", "$i$  4", "上 三 四", "入 10 2"]);
        assert_eq!(s.refs[0].point, RawPoint::Letter { letter: 'g', number: 4 });
        assert_eq!(s.refs[3].point, RawPoint::Corner(CornerPoint::new(Corner::Shang, 3, 4)));
        assert_eq!(s.refs[4].point, RawPoint::Corner(CornerPoint::new(Corner::Ru, 10, 2)));
    }

    #[test]
    fn reads_corner_phrases_with_their_diagram() {
        let text = "In the upper left-hand corner of Diagram XI, there is a game on a quarter of the board, 10 lines each side. \
                    as is seen in Diagram IV in the upper left-hand angle. In the lower right-hand corner of the same diagram. \
                    In the centre of the same diagram (IX) we have";
        let s = scan(text);
        let got: Vec<(Part, Option<u8>, Option<u8>)> = s.parts.iter().map(|p| (p.part, p.diagram, p.lines)).collect();
        assert_eq!(
            got,
            vec![
                (Part::Corner { upper: true, left: true }, Some(11), Some(10)),
                (Part::Corner { upper: true, left: true }, Some(4), None),
                (Part::Corner { upper: false, left: false }, None, None),
                (Part::Centre, Some(9), None),
            ]
        );
        assert_eq!(s.diagrams.iter().map(|d| d.1).collect::<Vec<_>>(), vec![11, 4]);
    }

    #[test]
    fn blocks_cover_all_but_blank_lines_and_know_captions() {
        let text = "\n\n# WEI-CH'I.\n\nsome text\nmore text  \n\nVIII.\n\n\n\n## X.\n**B.**\n";
        let b = blocks(text);
        let shown: Vec<(&str, bool)> = b.iter().map(|b| (b.span.slice(text), b.caption)).collect();
        assert_eq!(shown, vec![("# WEI-CH'I.", false), ("some text\nmore text", false), ("VIII.", true), ("## X.\n**B.**", false)]);
        let covered: usize = b.iter().map(|b| b.span.len()).sum();
        let non_space = text.chars().filter(|c| !c.is_whitespace()).map(char::len_utf8).sum::<usize>();
        assert!(covered >= non_space);
    }

    #[test]
    fn roman_numerals() {
        assert_eq!(["I", "IV", "VI", "IX", "XII", "VIII", "Q"].map(roman), [Some(1), Some(4), Some(6), Some(9), Some(12), Some(8), None]);
    }
}
