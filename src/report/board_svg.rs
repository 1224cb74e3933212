//! SVG boards for the report. Every board, piece and arrowhead is defined once
//! in `defs()` and placed with `<use>`, so a page of a thousand boards stays
//! small: a draughts board costs one `<use>` per piece, its numbered squares
//! come from one image in the style sheet (`board_css`).

use super::position::{Board, Piece};
use crate::rules::{go, lasca};
use std::fmt::Write;

/// How big a board is drawn: one at a stop, or one of several candidate readings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    Normal,
    Small,
}

impl Size {
    fn width(self) -> u32 {
        match self {
            Size::Normal => 200,
            Size::Small => 128,
        }
    }
}

/// The empty boards (squares, numbers, grid), each drawn once as an SVG image
/// in the style sheet and shown behind every board of its kind: a browser
/// decodes it once instead of building a hundred elements per board.
pub fn board_css() -> String {
    let mut draughts = String::from("<rect width='80' height='80' fill='#eadbb8'/>");
    for n in 1..=32u8 {
        let (x, y) = draughts_corner(n);
        let _ = write!(draughts, "<rect x='{x}' y='{y}' width='10' height='10' fill='#6f8f5a'/><text x='{}' y='{}' font-size='2.8' fill='#e8eddc' font-family='sans-serif'>{n}</text>", x as f32 + 0.6, y as f32 + 2.8);
    }
    let mut lasca_board = String::from("<rect width='70' height='70' fill='#eadbb8'/>");
    for n in 1..=25u8 {
        let (x, y) = lasca_corner(n);
        let _ = write!(lasca_board, "<rect x='{x}' y='{y}' width='10' height='10' fill='#8a7a62'/><text x='{}' y='{}' font-size='2.6' fill='#f1e9d8' font-family='sans-serif'>{n}</text>", x as f32 + 0.6, y as f32 + 2.6);
    }
    format!(
        "svg.board.draughts{{background:url(\"{}\") 0 0/100% 100%}}svg.board.lasca{{background:url(\"{}\") 0 0/100% 100%}}svg.board.go19{{background:url(\"{}\") 0 0/100% 100%}}",
        data_url(80, &draughts),
        data_url(70, &lasca_board),
        data_url(190, &go_grid(19))
    )
}

/// An SVG image as a `data:` URL for CSS.
fn data_url(extent: u32, body: &str) -> String {
    let svg = format!("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {extent} {extent}'>{body}</svg>");
    format!("data:image/svg+xml,{}", svg.replace('%', "%25").replace('#', "%23").replace('<', "%3C").replace('>', "%3E").replace('"', "%22"))
}

/// The shared definitions: put once, in a hidden `<svg>`, at the top of the page.
pub fn defs() -> String {
    let mut s = String::from(
        "<svg class=defs width=0 height=0 aria-hidden=true style=\"position:absolute\"><defs>\
<marker id=ah viewBox=\"0 0 10 10\" refX=6 refY=5 markerWidth=4 markerHeight=4 orient=auto-start-reverse><path d=\"M0 0L10 5L0 10z\" fill=\"#d22\"/></marker>\
<g id=dbm><circle r=4 fill=\"#222\" stroke=\"#000\" stroke-width=.4 /></g>\
<g id=dwm><circle r=4 fill=\"#f4f0e6\" stroke=\"#333\" stroke-width=.4 /></g>\
<g id=dbk><circle r=4 fill=\"#222\" stroke=\"#000\" stroke-width=.4 /><text y=1.6 font-size=4.5 text-anchor=middle fill=\"#fd4\">K</text></g>\
<g id=dwk><circle r=4 fill=\"#f4f0e6\" stroke=\"#333\" stroke-width=.4 /><text y=1.6 font-size=4.5 text-anchor=middle fill=\"#a60\">K</text></g>\
<g id=lw><ellipse rx=3.8 ry=1.8 fill=\"#f4f0e6\" stroke=\"#333\" stroke-width=.35 /></g>\
<g id=lb><ellipse rx=3.8 ry=1.8 fill=\"#222\" stroke=\"#000\" stroke-width=.35 /></g>\
<g id=lW><ellipse rx=3.8 ry=1.8 fill=\"#2a2\" stroke=\"#050\" stroke-width=.35 /></g>\
<g id=lB><ellipse rx=3.8 ry=1.8 fill=\"#d22\" stroke=\"#500\" stroke-width=.35 /></g>\
<g id=gb><circle r=4.6 fill=\"#111\"/></g>\
<g id=gw><circle r=4.6 fill=\"#fff\" stroke=\"#111\" stroke-width=.5 /></g>",
    );
    s.push_str("</defs></svg>");
    s
}

fn draughts_corner(n: u8) -> (u32, u32) {
    let i = u32::from(n - 1);
    let row = i / 4;
    let col = 2 * (i % 4) + if row % 2 == 0 { 1 } else { 0 };
    (col * 10, row * 10)
}

fn draughts_center(n: u8) -> Option<(u32, u32)> {
    (1..=32).contains(&n).then(|| {
        let (x, y) = draughts_corner(n);
        (x + 5, y + 5)
    })
}

fn lasca_corner(n: u8) -> (u32, u32) {
    let (row, file) = lasca::coords(usize::from(n - 1));
    (file as u32 * 10, (6 - row) as u32 * 10)
}

fn lasca_center(n: u8) -> Option<(u32, u32)> {
    (1..=25).contains(&n).then(|| {
        let (x, y) = lasca_corner(n);
        (x + 5, y + 5)
    })
}

/// Lines and star points of a Go board, in units of 10 per point.
fn go_grid(size: u8) -> String {
    let n = u32::from(size);
    let end = n * 10 - 5;
    let mut s = format!("<rect width='{}' height='{}' fill='#dcb35c'/><path stroke='#333' stroke-width='.4' d='", n * 10, n * 10);
    for i in 0..n {
        let at = i * 10 + 5;
        let _ = write!(s, "M5 {at}H{end}M{at} 5V{end}");
    }
    s.push_str("'/>");
    if size == 19 {
        for x in [3u32, 9, 15] {
            for y in [3u32, 9, 15] {
                let _ = write!(s, "<circle cx='{}' cy='{}' r='1' fill='#333'/>", x * 10 + 5, y * 10 + 5);
            }
        }
    }
    s
}

/// One board as an inline `<svg class="board">`, with an arrow along `arrow`
/// (the squares a move touches) when given.
pub fn board(board: &Board, arrow: Option<&[u8]>, size: Size, label: &str) -> String {
    let mut s = String::new();
    match board {
        Board::Draughts { squares } => {
            open(&mut s, "draughts", 80, size, label);
            for (i, p) in squares.iter().enumerate() {
                if let Some(Piece { black, king }) = p {
                    let (x, y) = draughts_center(i as u8 + 1).unwrap_or_default();
                    let id = match (black, king) {
                        (true, false) => "dbm",
                        (true, true) => "dbk",
                        (false, false) => "dwm",
                        (false, true) => "dwk",
                    };
                    let _ = write!(s, "<use href=\"#{id}\" x={x} y={y} />");
                }
            }
            if let Some(squares) = arrow {
                draw_arrow(&mut s, squares.iter().filter_map(|&n| draughts_center(n)));
            }
        }
        Board::Lasca { columns } => {
            open(&mut s, "lasca", 70, size, label);
            for (i, col) in columns.iter().enumerate() {
                let Some((x, y)) = lasca_center(i as u8 + 1) else { continue };
                // Bottom man lowest, the leader on top; a tall column shows its top six and its height.
                let shown = col.len().min(6);
                for (k, man) in col[..shown].iter().rev().enumerate() {
                    let id = match (man.color, man.is_officer()) {
                        (lasca::Color::White, false) => "lw",
                        (lasca::Color::White, true) => "lW",
                        (lasca::Color::Black, false) => "lb",
                        (lasca::Color::Black, true) => "lB",
                    };
                    let dy = 2.5 - 1.5 * k as f32;
                    let _ = write!(s, "<use href=\"#{id}\" x={x} y={} />", y as f32 + dy);
                }
                if col.len() > 1 {
                    let _ = write!(s, "<text x={} y={} font-size=2.6 fill=\"#fff\" text-anchor=end>{}</text>", x + 4, y + 4, col.len());
                }
            }
            if let Some(squares) = arrow {
                draw_arrow(&mut s, squares.iter().filter_map(|&n| lasca_center(n)));
            }
        }
        Board::Go { size: n, stones, last } => {
            // A 19×19 grid comes from the style sheet; other sizes are drawn in place.
            open(&mut s, if *n == 19 { "go go19" } else { "go" }, u32::from(*n) * 10, size, label);
            if *n != 19 {
                s.push_str(&go_grid(*n));
            }
            let w = usize::from(*n);
            for (i, stone) in stones.iter().enumerate() {
                if let Some(c) = stone {
                    let id = if *c == go::Color::Black { "gb" } else { "gw" };
                    let _ = write!(s, "<use href=\"#{id}\" x={} y={} />", (i % w) * 10 + 5, (i / w) * 10 + 5);
                }
            }
            if let Some(p) = last {
                let _ = write!(s, "<circle class=last cx={} cy={} r=2.4 fill=none stroke=\"#d22\" stroke-width=1 />", u32::from(p.x) * 10 + 5, u32::from(p.y) * 10 + 5);
            }
        }
    }
    s.push_str("</svg>");
    s
}

fn open(s: &mut String, class: &str, extent: u32, size: Size, label: &str) {
    let small = if size == Size::Small { " small" } else { "" };
    let _ = write!(
        s,
        "<svg class=\"board {class}{small}\" viewBox=\"0 0 {extent} {extent}\" width={w} height={w} role=img aria-label=\"{}\">",
        super::html::escape(label),
        w = size.width()
    );
}

fn draw_arrow(s: &mut String, points: impl Iterator<Item = (u32, u32)>) {
    let pts: Vec<String> = points.map(|(x, y)| format!("{x},{y}")).collect();
    if pts.len() >= 2 {
        let _ = write!(s, "<polyline class=arrow points=\"{}\" fill=none stroke=\"#d22\" stroke-width=1.6 marker-end=\"url(#ah)\"/>", pts.join(" "));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draughts_numbering_puts_1_top_left_dark_and_29_bottom_left() {
        assert_eq!(draughts_corner(1), (10, 0));
        assert_eq!(draughts_corner(4), (70, 0));
        assert_eq!(draughts_corner(5), (0, 10));
        assert_eq!(draughts_corner(29), (0, 70));
        assert_eq!(draughts_corner(32), (60, 70));
    }

    #[test]
    fn lasca_square_1_is_bottom_left_and_25_top_right() {
        assert_eq!(lasca_corner(1), (0, 60));
        assert_eq!(lasca_corner(25), (60, 0));
    }

    #[test]
    fn a_board_uses_the_shared_definitions_and_draws_the_arrow() {
        let b = super::super::position::initial_board(super::super::position::GameKind::Draughts).unwrap();
        let svg = board(&b, Some(&[11, 15]), Size::Small, "11-15");
        assert_eq!(svg.matches("href=\"#dbm\"").count(), 12);
        assert_eq!(svg.matches("href=\"#dwm\"").count(), 12);
        assert!(svg.contains("polyline class=arrow points=\"55,25 45,35\""), "{svg}");
        let css = board_css();
        assert!(css.contains("svg.board.draughts{background:url(\"data:image/svg+xml,%3Csvg xmlns="), "{css}");
        assert!(!css[css.find("data:").unwrap()..].contains('#'), "every # is escaped in the data URL");
        assert_eq!(css.matches("%3Ctext").count(), 32 + 25);
    }
}
