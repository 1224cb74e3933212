//! Bytes to text: byte-order marks, UTF-16, an SGF file's named charset,
//! invalid UTF-8 and line endings, each change anchored in an [`OffsetMap`]
//! so spans can be taken back to the file's bytes.

use super::{Encoding, OffsetMap, SNIFF_BYTES};
use crate::diagnostic::{Code, Diagnostic};
use crate::notation;
use crate::span::Span;

/// An SGF file's bytes in the charset it names, each character anchored to
/// the bytes it came from, so spans still point at the file on disk.
pub(super) fn decode_sgf(bytes: &[u8], charset: notation::sgf::Charset, label: Option<&str>, findings: &mut Vec<Diagnostic>) -> (String, OffsetMap, Encoding) {
    let mut map = OffsetMap::default();
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 2);
    let mut malformed = None;
    match charset {
        notation::sgf::Charset::Latin1 => {
            for (i, &b) in bytes.iter().enumerate() {
                text.push(char::from(b));
                if b >= 0x80 {
                    map.push(text.len(), i + 1);
                }
            }
        }
        notation::sgf::Charset::Whatwg(encoding) => {
            // Fed a byte at a time, the decoder says where each character ends.
            let mut decoder = encoding.new_decoder_without_bom_handling();
            for (i, byte) in bytes.iter().enumerate() {
                let last = i + 1 == bytes.len();
                text.reserve(decoder.max_utf8_buffer_length(1).unwrap_or(16));
                let before = text.len();
                let (_, _, replaced) = decoder.decode_to_string(std::slice::from_ref(byte), &mut text, last);
                if replaced && malformed.is_none() {
                    malformed = Some(Span::new(i, i + 1));
                }
                if text.len() - before != 1 || !byte.is_ascii() {
                    map.push(text.len(), i + 1);
                }
            }
        }
    }
    let name = charset.name();
    let named = label.map_or("no CA property: the SGF default".to_string(), |l| format!("CA[{l}]"));
    findings.push(Diagnostic::note(Code::InputCharset, format!("read as {name} ({named}); written back as UTF-8"), Span::new(0, 0)));
    if let Some(span) = malformed {
        findings.push(
            Diagnostic::warning(Code::InputNotInCharset, format!("bytes that are not {name} were read as U+FFFD"), span).with_label("first one here"),
        );
    }
    (text, map, Encoding::Sgf(name))
}

/// As [`decode`], taking the bytes over: UTF-8 with no byte-order mark becomes
/// the text without a copy.
pub(super) fn decode_owned(bytes: Vec<u8>, findings: &mut Vec<Diagnostic>) -> (String, OffsetMap, Encoding) {
    if utf16_order(&bytes).is_some() || bytes.starts_with(b"\xEF\xBB\xBF") {
        return decode(&bytes, findings);
    }
    match String::from_utf8(bytes) {
        Ok(text) => (text, OffsetMap::default(), Encoding::Utf8),
        Err(e) => decode(e.as_bytes(), findings),
    }
}

/// Bytes to text: a BOM recognised and dropped, UTF-16 decoded, invalid
/// UTF-8 replaced by U+FFFD one replacement per bad sequence (as
/// `String::from_utf8_lossy` does), each change anchored in the map.
pub(super) fn decode(bytes: &[u8], findings: &mut Vec<Diagnostic>) -> (String, OffsetMap, Encoding) {
    let mut map = OffsetMap::default();
    if let Some(order) = utf16_order(bytes) {
        let le = order == Encoding::Utf16Le;
        let encoding_name = if le { "UTF-16 LE" } else { "UTF-16 BE" };
        findings.push(
            Diagnostic::note(Code::InputBom, format!("the file starts with a {encoding_name} byte-order mark; it was decoded as {encoding_name} and the mark is not part of the text"), Span::new(0, 2))
                .with_label("byte-order mark"),
        );
        let body = bytes[2..].chunks_exact(2);
        let odd_tail = !body.remainder().is_empty();
        let units = body.map(|c| if le { u16::from_le_bytes([c[0], c[1]]) } else { u16::from_be_bytes([c[0], c[1]]) });
        let mut text = String::with_capacity(bytes.len());
        let mut old = 2;
        let mut bad: Option<Span> = None;
        map.anchors.push((0, 2));
        for c in char::decode_utf16(units) {
            let (c, width) = match c {
                Ok(c) => (c, c.len_utf16() * 2),
                Err(_) => {
                    bad.get_or_insert(Span::new(old, old + 2));
                    ('\u{FFFD}', 2)
                }
            };
            text.push(c);
            old += width;
            map.anchors.push((text.len(), old));
        }
        if odd_tail {
            // The odd last byte is kept as a replacement character, not dropped.
            bad.get_or_insert(Span::new(old, bytes.len()));
            text.push('\u{FFFD}');
            map.anchors.push((text.len(), bytes.len()));
        }
        if let Some(span) = bad {
            findings.push(
                Diagnostic::warning(Code::InputBadUtf16, "the file is not valid UTF-16; bad code units were read as U+FFFD", span)
                    .with_label("first invalid code unit here"),
            );
        }
        return (text, map, order);
    }
    let mut start = 0;
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        findings.push(
            Diagnostic::note(Code::InputBom, "the file starts with a UTF-8 byte-order mark; it is not part of the text", Span::new(0, 3))
                .with_label("byte-order mark"),
        );
        start = 3;
        map.push(0, 3);
    }
    let body = &bytes[start..];
    if let Ok(s) = std::str::from_utf8(body) {
        return (s.to_string(), map, Encoding::Utf8);
    }
    let mut text = String::with_capacity(body.len() + 16);
    let mut old = start;
    let mut first_bad: Option<Span> = None;
    let mut bad_count = 0usize;
    for chunk in body.utf8_chunks() {
        text.push_str(chunk.valid());
        old += chunk.valid().len();
        let invalid = chunk.invalid();
        if !invalid.is_empty() {
            first_bad.get_or_insert(Span::new(old, old + invalid.len()));
            bad_count += 1;
            text.push('\u{FFFD}');
            old += invalid.len();
            map.push(text.len(), old);
        }
    }
    if let Some(span) = first_bad {
        let times = if bad_count == 1 { String::new() } else { format!(" ({bad_count} places)") };
        findings.push(
            Diagnostic::warning(Code::InputNotUtf8, format!("the file is not valid UTF-8; bad bytes were read as U+FFFD{times}"), span)
                .with_label("first invalid bytes here"),
        );
    }
    (text, map, Encoding::Utf8)
}

/// UTF-16 byte order from a byte-order mark.
fn utf16_order(bytes: &[u8]) -> Option<Encoding> {
    match bytes {
        [0xFF, 0xFE, ..] => Some(Encoding::Utf16Le),
        [0xFE, 0xFF, ..] => Some(Encoding::Utf16Be),
        _ => None,
    }
}

/// Every CRLF and lone CR made one `\n`, in place (the text only shrinks).
pub(super) fn normalise_line_ends(text: String) -> (String, OffsetMap) {
    let Some(first) = text.find('\r') else {
        return (text, OffsetMap::default());
    };
    let mut map = OffsetMap::default();
    let mut bytes = text.into_bytes();
    let (mut read, mut write) = (first, first);
    while read < bytes.len() {
        let b = bytes[read];
        read += 1;
        if b == b'\r' {
            bytes[write] = b'\n';
            write += 1;
            if bytes.get(read) == Some(&b'\n') {
                read += 1;
                map.push(write, read);
            }
        } else {
            bytes[write] = b;
            write += 1;
        }
    }
    bytes.truncate(write);
    // Only ASCII CR bytes were dropped or made LF, so the bytes are still UTF-8.
    let text = String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    (text, map)
}

/// Whether bytes look like a text file rather than an image, archive or noise:
/// no NUL byte and few control characters or invalid sequences in the first
/// few kilobytes. UTF-16 with a byte-order mark is text.
pub fn looks_like_text(bytes: &[u8]) -> bool {
    if utf16_order(bytes).is_some() {
        return true;
    }
    let head = &bytes[..bytes.len().min(SNIFF_BYTES)];
    if head.contains(&0) {
        return false;
    }
    let mut odd = 0usize;
    let mut seen = 0usize;
    for chunk in head.utf8_chunks() {
        for c in chunk.valid().chars() {
            seen += 1;
            if c.is_control() && !matches!(c, '\n' | '\r' | '\t' | '\u{0C}') {
                odd += 1;
            }
        }
        // A sequence cut by the sniff window's end is not a fault of the file.
        if !chunk.invalid().is_empty() {
            seen += 1;
            odd += 1;
        }
    }
    odd * 20 <= seen.max(1)
}
