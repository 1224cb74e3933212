//! The diagnostics section: every diagnostic with `file:line:col`, its
//! excerpt and a link to the move it concerns.

use super::place::At;
use super::{escape, severity_name, Ctx};
use crate::diagnostic::excerpt_with;
use std::fmt::Write;

/// `piece_done` is handed the text after each diagnostic (to write it out when it has grown).
pub(super) fn diagnostics_section(s: &mut String, cx: &Ctx, piece_done: &mut dyn FnMut(&mut String)) {
    let _ = write!(s, "<h2 id=diagnostics>Diagnostics ({})</h2><ul class=diags>", cx.source.diagnostics.len());
    for (d, diag) in cx.source.diagnostics.iter().enumerate() {
        let sev = severity_name(diag.severity);
        if let Some(file) = &diag.file {
            // About the corrections file read with the source: its span is in that file, whose text this page does not hold.
            let _ = write!(
                s,
                "<li id=d{d} class={sev}><code>{} (bytes {}..{})</code> <span class=sev>{sev}</span> <code>{}</code>: {}",
                escape(file),
                diag.span.start,
                diag.span.end,
                escape(diag.code.as_str()),
                escape(&diag.message)
            );
            if !diag.label.is_empty() {
                let _ = write!(s, "<div>{}</div>", escape(&diag.label));
            }
            if let Some(h) = &diag.help {
                let _ = write!(s, "<div><i>help:</i> {}</div>", escape(h));
            }
            s.push_str("</li>");
            piece_done(s);
            continue;
        }
        let ex = excerpt_with(cx.text, diag.span, &cx.lines);
        let _ = write!(s, "<li id=d{d} class={sev}><code>{}:{}:{}</code> <span class=sev>{sev}</span> <code>{}</code>: {}", escape(&cx.source.name), ex.line, ex.col, escape(diag.code.as_str()), escape(&diag.message));
        if let Some(p) = cx.places[d] {
            let game = &cx.source.games[p.game];
            let label = &game.lines[p.line].label;
            let (href, what) = match p.at {
                At::Move(k) => (format!("m{}-{}-{k}", p.game, p.line), format!("move {} of line {}", k + 1, label)),
                At::Stop if game.lines[p.line].unread.is_some() => (format!("s{}-{}", p.game, p.line), format!("where line {label} stops")),
                _ => (format!("g{}-l{}", p.game, p.line), format!("line {label}")),
            };
            let _ = write!(s, " <a href=\"#{href}\">→ {}, {}</a>", escape(&game.name), escape(&what));
        }
        let _ = write!(
            s,
            "<pre class=ex>{}{}<mark>{}</mark>{}{}</pre>",
            if ex.cut_before { "…" } else { "" },
            escape(&ex.before),
            escape(&ex.marked),
            escape(&ex.after),
            if ex.cut_after { "…" } else { "" }
        );
        if !diag.label.is_empty() || ex.cut_span {
            let _ = write!(s, "<div>{}{}</div>", escape(&diag.label), if ex.cut_span { " (the marked span runs on)" } else { "" });
        }
        if let Some(h) = &diag.help {
            let _ = write!(s, "<div><i>help:</i> {}</div>", escape(h));
        }
        s.push_str("</li>");
        piece_done(s);
    }
    s.push_str("</ul>");
}
