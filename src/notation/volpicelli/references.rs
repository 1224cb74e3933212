//! Stage 2: each scanned reference given the part of a diagram the text has
//! put it in (its *frame*) and what its sentence says of it (its *claim*).
//!
//! The frame is the last part named before the reference ("In the lower
//! right-hand corner of Diagram X ..."), carried across page breaks; it is
//! dropped where the text is lost (a paragraph that starts mid-sentence after
//! one that ended) and where a diagram is named without a part.

use super::scan::{Block, Part, RawRef, Scan};
use crate::notation::go_corner::Corner;
use crate::span::Span;
use crate::tree::PointClaim;
use regex::Regex;
use std::sync::LazyLock;

/// Where the text has put a reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Frame {
    /// No diagram named yet.
    Nothing,
    /// A diagram named, no part of it.
    Diagram(u8),
    /// A corner of a diagram, on a board of `size` lines.
    Corner { diagram: Option<u8>, corner: Corner, size: u8 },
    /// The centre of a diagram, where points straddle the corners.
    Centre { diagram: Option<u8> },
    /// The words before the reference are lost: the paragraph starts mid-sentence.
    Lost,
}

impl Frame {
    pub fn diagram(self) -> Option<u8> {
        match self {
            Frame::Diagram(d) => Some(d),
            Frame::Corner { diagram, .. } | Frame::Centre { diagram } => diagram,
            Frame::Nothing | Frame::Lost => None,
        }
    }
}

/// A reference with its frame and claim, and the block it stands in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Located {
    pub raw: RawRef,
    pub frame: Frame,
    pub claim: PointClaim,
    pub block: usize,
    /// The list it is printed in (points joined only by `,` `and` `or`), numbered through the text.
    pub list: usize,
}

/// The corner a phrase names, by the tone names' geometry (see `go_corner`).
pub const fn corner_of(upper: bool, left: bool) -> Corner {
    match (upper, left) {
        (false, true) => Corner::Ping,
        (true, true) => Corner::Shang,
        (true, false) => Corner::Qu,
        (false, false) => Corner::Ru,
    }
}

enum Event {
    Part(super::scan::PartMark),
    Diagram(u8),
    Ref(usize),
}

/// Give every reference its frame and claim.
pub fn locate(text: &str, scan: &Scan) -> Vec<Located> {
    let mut out = Vec::new();
    let mut frame = Frame::Nothing;
    let mut last_diagram: Option<u8> = None;
    let mut previous: Option<Block> = None;
    let mut lists = 0;
    for (index, block) in scan.blocks.iter().enumerate() {
        if block.caption {
            continue;
        }
        if previous.is_some_and(|p| starts_mid_sentence(text, p, *block)) {
            frame = Frame::Lost;
        }
        previous = Some(*block);
        let within = |s: Span| s.start >= block.span.start && s.end <= block.span.end;
        let mut events: Vec<(usize, Event)> = Vec::new();
        events.extend(scan.parts.iter().filter(|p| within(p.span)).map(|p| (p.span.start, Event::Part(*p))));
        events.extend(
            scan.diagrams
                .iter()
                .filter(|(s, _)| within(*s) && !scan.parts.iter().any(|p| p.span.start <= s.start && s.end <= p.span.end))
                .map(|(s, d)| (s.start, Event::Diagram(*d))),
        );
        let refs: Vec<usize> = (0..scan.refs.len()).filter(|&i| within(scan.refs[i].span)).collect();
        events.extend(refs.iter().map(|&i| (scan.refs[i].span.start, Event::Ref(i))));
        events.sort_by_key(|e| e.0);
        for (_, event) in events {
            match event {
                Event::Part(p) => {
                    let diagram = p.diagram.or(last_diagram);
                    last_diagram = diagram;
                    let size = p.lines.unwrap_or(19);
                    frame = match p.part {
                        Part::Corner { upper, left } => Frame::Corner { diagram, corner: corner_of(upper, left), size },
                        Part::Centre => Frame::Centre { diagram },
                    };
                }
                Event::Diagram(d) => {
                    last_diagram = Some(d);
                    if frame.diagram() != Some(d) {
                        frame = Frame::Diagram(d);
                    }
                }
                Event::Ref(i) => out.push(Located { raw: scan.refs[i], frame, claim: PointClaim::Named, block: index, list: 0 }),
            }
        }
        let first = out.len() - refs.len();
        lists = assign_claims(text, block.span, &mut out[first..], lists);
    }
    out
}

/// A block that starts with a small letter after one that ended a sentence:
/// the start of its sentence (and whatever it named) is lost.
fn starts_mid_sentence(text: &str, previous: Block, block: Block) -> bool {
    let ends = previous.span.slice(text).trim_end_matches(['*', '_', ' ']).ends_with(['.', '!', '?', '"', '”']);
    let starts_small = block.span.slice(text).trim_start_matches(['*', '_', '$', ' ']).starts_with(|c: char| c.is_lowercase());
    ends && starts_small
}

static SEPARATOR: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\s*,?\s*(?:(?:and|or)\s+)?$").expect("valid regex"));
static CAPTURE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b(?:take|takes|taking|taken|capture|captures|capturing|captured)\b").expect("valid regex"));
static PLAY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?:play|plays|playing|played|place|places|placing|placed|fill|fills|filling|filled|extend|extends|extending|move|moves)\b")
        .expect("valid regex")
});
static HOLD: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b(?:has|have|having)\b").expect("valid regex"));
static EMPTY: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b(?:spot|spots|empty|space|spaces)\b").expect("valid regex"));
static STONE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b(?:men|man|pieces|piece)\b").expect("valid regex"));
static MODAL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b(?:can|could|would|might|may|cannot)\b").expect("valid regex"));

/// Group a block's references into lists (only `,` `and` `or` between them)
/// and give each list the claim of the words before it; lists are numbered
/// from `lists`, and the next number is returned.
fn assign_claims(text: &str, block: Span, refs: &mut [Located], mut lists: usize) -> usize {
    let mut i = 0;
    let mut previous_end = block.start;
    while i < refs.len() {
        let mut j = i + 1;
        while j < refs.len() && SEPARATOR.is_match(&text[refs[j - 1].raw.span.end..refs[j].raw.span.start]) {
            j += 1;
        }
        let start = refs[i].raw.span.start;
        let clause_start = clause_start(text, previous_end, start);
        let claim = claim_of(&text[clause_start..start].to_lowercase());
        refs[i..j].iter_mut().for_each(|r| {
            r.claim = claim;
            r.list = lists;
        });
        lists += 1;
        previous_end = refs[j - 1].raw.span.end;
        i = j;
    }
    lists
}

/// Where the clause holding `at` starts: after the last `.`, `;`, `?` or `!`
/// (followed by a space) since `from`.
fn clause_start(text: &str, from: usize, at: usize) -> usize {
    let lead = &text[from..at];
    lead.char_indices()
        .rev()
        .find(|&(k, c)| matches!(c, '.' | ';' | '?' | '!') && lead[k + 1..].starts_with(char::is_whitespace))
        .map_or(from, |(k, c)| from + k + c.len_utf8())
}

/// The claim the words before a list make of it: the last verb governs
/// ("has ... men at" after "turn to play" says where stones stand).
pub fn claim_of(lead: &str) -> PointClaim {
    let lead = lead.replace("turn to play", "turn");
    let lead = lead.as_str();
    let capture = CAPTURE.find_iter(lead).last();
    let play = PLAY.find_iter(lead).last().map(|m| m.start());
    let hold = HOLD.find_iter(lead).last().map(|m| m.start());
    if hold.is_some_and(|h| capture.is_none_or(|c| c.start() < h) && play.is_none_or(|p| p < h)) && STONE.is_match(&lead[hold.unwrap_or(0)..]) {
        return PointClaim::Stone;
    }
    match capture {
        Some(c) if play.is_none_or(|p| p < c.start()) => {
            let before: Vec<&str> = lead[..c.start()].split_whitespace().rev().take(3).collect();
            if before.iter().any(|w| MODAL.is_match(w)) { PointClaim::SupposedCapture } else { PointClaim::Captured }
        }
        _ if play.is_some() => PointClaim::Move,
        _ if STONE.is_match(lead) => PointClaim::Stone,
        _ if EMPTY.is_match(lead) => PointClaim::Empty,
        _ => PointClaim::Named,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::volpicelli::scan::scan;

    fn frames(text: &str) -> Vec<(String, Frame, PointClaim)> {
        locate(text, &scan(text)).iter().map(|l| (l.raw.span.slice(text).to_string(), l.frame, l.claim)).collect()
    }

    #[test]
    fn the_last_named_corner_holds_across_page_breaks() {
        let text = "In the lower right-hand corner of Diagram X the men at *a* 1 and *b* 2. Black plays *b* 3, so\n\nX.\n\nthat White *c* 4.";
        let f = frames(text);
        let x = Frame::Corner { diagram: Some(10), corner: Corner::Ru, size: 19 };
        assert_eq!(f.iter().map(|r| r.1).collect::<Vec<_>>(), vec![x; 4]);
        assert_eq!(f.iter().map(|r| r.2).collect::<Vec<_>>(), vec![PointClaim::Stone, PointClaim::Stone, PointClaim::Move, PointClaim::Named]);
    }

    #[test]
    fn lost_text_centre_and_bare_diagrams_leave_no_corner() {
        let text = "In the upper left-hand corner of Diagram IV, *a* 2.\n\nsides by white pieces, *d* 4.\n\nIn the centre of the same diagram (IX) *h* 6. Diagram XII shows *c* 5.";
        let f = frames(text);
        assert_eq!(f[0].1, Frame::Corner { diagram: Some(4), corner: Corner::Shang, size: 19 });
        assert_eq!(f[1].1, Frame::Lost);
        assert_eq!(f[2].1, Frame::Centre { diagram: Some(9) });
        assert_eq!(f[3].1, Frame::Diagram(12));
    }

    #[test]
    fn claims_follow_the_last_verb() {
        assert_eq!(claim_of("black plays b 1, surrounding and taking all the seven men at "), PointClaim::Captured);
        assert_eq!(claim_of("before black could capture the white men "), PointClaim::SupposedCapture);
        assert_eq!(claim_of("because white would first take him by placing a man at "), PointClaim::Move);
        assert_eq!(claim_of("black has already overlapped him with his two men at "), PointClaim::Stone);
        assert_eq!(claim_of("such are the spots "), PointClaim::Empty);
        assert_eq!(claim_of("with three incomplete eyes at "), PointClaim::Named);
        assert_eq!(claim_of("now it is black's turn to play and he has three men at "), PointClaim::Stone);
        assert_eq!(claim_of("white has the move and places one of his men at "), PointClaim::Move);
    }
}
