//! Bytes to text for SGF: a byte-order mark decides first, then the first
//! root node's `CA` (any label `encoding_rs` knows, e.g. `GB2312`, `Shift_JIS`,
//! `EUC-KR`, `UTF-16`), else ISO-8859-1, the FF[4] default (sgfmill's too).
//!
//! The whole file is decoded before it is read, so a multi-byte character whose
//! second byte is `]` or `\` (Shift_JIS) cannot end or escape a value.
//! One deviation from sgfmill, which takes any Python codec name: labels Python
//! knows but the WHATWG list does not (`MS_KANJI`, `ISO8859_1`) are mapped to
//! their WHATWG names here; an unknown label is a warning and the bytes are read
//! as UTF-8 if they are valid UTF-8, else as ISO-8859-1.

use encoding_rs::Encoding;

/// The text and what decoding it found.
#[derive(Clone, Debug, PartialEq)]
pub struct Decoded {
    pub text: String,
    /// The charset used, as a name (`UTF-8`, `Shift_JIS`, `ISO-8859-1`).
    pub charset: &'static str,
    pub problem: Option<DecodeProblem>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum DecodeProblem {
    /// `CA` names a charset we cannot decode.
    UnknownCharset { label: String, used: &'static str },
    /// Some bytes were not valid in the charset and became U+FFFD.
    Malformed { charset: &'static str },
}

/// Decode an SGF file's bytes (see the module doc for the order of choices).
pub fn decode(bytes: &[u8]) -> Decoded {
    if let Some((encoding, bom)) = Encoding::for_bom(bytes) {
        return with_encoding(&bytes[bom..], encoding);
    }
    match root_charset(bytes) {
        None => latin1(bytes),
        Some(label) => match encoding_for(&label) {
            Some(Charset::Latin1) => latin1(bytes),
            Some(Charset::Whatwg(e)) => with_encoding(bytes, e),
            None => {
                let mut d = match std::str::from_utf8(bytes) {
                    Ok(s) => Decoded { text: s.to_string(), charset: "UTF-8", problem: None },
                    Err(_) => latin1(bytes),
                };
                d.problem = Some(DecodeProblem::UnknownCharset { label, used: d.charset });
                d
            }
        },
    }
}

/// The charset the bytes of an SGF file are in when it is not UTF-8 (no BOM,
/// and the root's `CA` or the ISO-8859-1 default names another), with the
/// label that named it; `None` when they are plain ASCII (the same in any
/// ASCII-compatible charset) or are read as UTF-8 (or UTF-16 by its
/// BOM) like any text.
pub fn non_utf8_charset(bytes: &[u8]) -> Option<(Charset, Option<String>)> {
    if Encoding::for_bom(bytes).is_some() {
        return None;
    }
    match root_charset(bytes) {
        None if bytes.is_ascii() => None,
        None => Some((Charset::Latin1, None)),
        Some(label) => match encoding_for(&label) {
            Some(Charset::Whatwg(e)) if e == encoding_rs::UTF_8 => None,
            // ASCII reads the same in any ASCII-compatible charset: nothing to note.
            Some(Charset::Whatwg(e)) if e.is_ascii_compatible() && bytes.is_ascii() => None,
            Some(Charset::Latin1) if bytes.is_ascii() => None,
            Some(charset) => Some((charset, Some(label))),
            // An unknown label: read as UTF-8 if it is, else ISO-8859-1 (see `decode`).
            None if std::str::from_utf8(bytes).is_ok() => None,
            None => Some((Charset::Latin1, Some(label))),
        },
    }
}

impl Charset {
    pub fn name(self) -> &'static str {
        match self {
            Charset::Latin1 => "ISO-8859-1",
            Charset::Whatwg(e) => e.name(),
        }
    }
}

/// Can a `CA` label be decoded?
pub fn knows(label: &str) -> bool {
    encoding_for(label).is_some()
}

/// A charset an SGF file can name.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Charset {
    /// True ISO-8859-1 (every byte is the code point of its value); WHATWG
    /// reads the label as windows-1252, which differs at 0x80..0x9F.
    Latin1,
    Whatwg(&'static Encoding),
}

fn encoding_for(label: &str) -> Option<Charset> {
    let norm = label.trim().to_ascii_lowercase().replace('_', "-");
    match norm.as_str() {
        "iso-8859-1" | "iso8859-1" | "latin1" | "latin-1" | "l1" | "iso-latin-1" => return Some(Charset::Latin1),
        "ms-kanji" | "sjis" | "cp932" => return Some(Charset::Whatwg(encoding_rs::SHIFT_JIS)),
        "utf8" => return Some(Charset::Whatwg(encoding_rs::UTF_8)),
        _ => {}
    }
    let e = Encoding::for_label(label.trim().as_bytes()).or_else(|| Encoding::for_label(norm.as_bytes()))?;
    // `ascii` and the ISO-8859-1 family labels land on windows-1252; only the real Latin-1 labels above are exact.
    Some(Charset::Whatwg(e))
}

fn latin1(bytes: &[u8]) -> Decoded {
    Decoded { text: bytes.iter().map(|&b| b as char).collect(), charset: "ISO-8859-1", problem: None }
}

fn with_encoding(bytes: &[u8], encoding: &'static Encoding) -> Decoded {
    let (text, had_errors) = encoding.decode_without_bom_handling(bytes);
    let charset = encoding.name();
    Decoded { text: text.into_owned(), charset, problem: had_errors.then_some(DecodeProblem::Malformed { charset }) }
}

/// The `CA` value of the first game's root node, read from the bytes (the
/// structure of SGF is ASCII, so this is safe before decoding).
fn root_charset(bytes: &[u8]) -> Option<String> {
    let open = bytes.iter().position(|&b| b == b'(')?;
    let mut i = open + 1;
    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
        i += 1;
    }
    if bytes.get(i) != Some(&b';') {
        return None;
    }
    i += 1;
    let mut ident = Vec::new();
    while i < bytes.len() {
        match bytes[i] {
            b'[' => {
                let start = i + 1;
                let mut j = start;
                while j < bytes.len() && bytes[j] != b']' {
                    j += if bytes[j] == b'\\' { 2 } else { 1 };
                }
                let value = &bytes[start..j.min(bytes.len())];
                let short: Vec<u8> = ident.iter().copied().filter(u8::is_ascii_uppercase).collect();
                if short == b"CA" {
                    return Some(String::from_utf8_lossy(value).trim().to_string());
                }
                i = j + 1;
                // A list value keeps the identifier; a letter starts a new one.
                if bytes.get(i).is_some_and(u8::is_ascii_alphabetic) {
                    ident.clear();
                }
                continue;
            }
            b';' | b'(' | b')' => return None,
            b if b.is_ascii_alphabetic() => ident.push(b),
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_root_charset_decides() {
        // 古力 in GB2312, after another property, as Sabaki's test file has it.
        let mut bytes = b"(;PB[".to_vec();
        bytes.extend([0xb9, 0xc5, 0xc1, 0xa6]);
        bytes.extend(b"]CA[GB2312];B[aa])");
        let d = decode(&bytes);
        assert_eq!(d.problem, None);
        assert!(d.text.contains("古力"), "{}", d.text);
        assert_eq!(d.charset, "GBK");
    }

    #[test]
    fn no_charset_is_latin1_and_bytes_0x80_to_0x9f_are_kept() {
        let d = decode(b"(;C[caf\xe9 \x85])");
        assert_eq!(d.charset, "ISO-8859-1");
        assert_eq!(d.text, "(;C[caf\u{e9} \u{85}])");
    }

    #[test]
    fn a_bom_wins_and_utf16_is_read() {
        let text = "(;CA[UTF-8]C[漢字])";
        let mut bytes = vec![0xff, 0xfe];
        for u in text.encode_utf16() {
            bytes.extend(u.to_le_bytes());
        }
        assert_eq!(decode(&bytes).text, text);
        let mut bom8 = vec![0xef, 0xbb, 0xbf];
        bom8.extend(text.as_bytes());
        assert_eq!(decode(&bom8).text, text);
    }

    #[test]
    fn shift_jis_trail_bytes_do_not_end_a_value() {
        // ソ is 0x83 0x5C in Shift_JIS: its second byte is a backslash.
        let bytes = b"(;CA[Shift_JIS]C[\x83\x5c])";
        let d = decode(bytes);
        assert_eq!(d.text, "(;CA[Shift_JIS]C[ソ])");
        assert_eq!(decode(b"(;CA[MS_KANJI]C[\x83\x5c])").text, "(;CA[MS_KANJI]C[ソ])");
    }

    #[test]
    fn an_unknown_charset_is_reported() {
        let d = decode(b"(;CA[foo]C[x])");
        assert_eq!(d.problem, Some(DecodeProblem::UnknownCharset { label: "foo".into(), used: "UTF-8" }));
        assert_eq!(d.text, "(;CA[foo]C[x])");
    }

    #[test]
    fn malformed_bytes_are_reported() {
        let d = decode(b"(;CA[UTF-8]C[\xff])");
        assert_eq!(d.problem, Some(DecodeProblem::Malformed { charset: "UTF-8" }));
    }

    #[test]
    fn ascii_needs_no_charset_unless_the_charset_is_not_ascii_compatible() {
        assert_eq!(non_utf8_charset(b"(;CA[latin1]C[x])"), None);
        assert_eq!(non_utf8_charset(b"(;CA[Shift_JIS]C[x])"), None);
        assert_eq!(non_utf8_charset(b"(;C[x])"), None);
        assert!(matches!(non_utf8_charset(b"(;CA[ISO-2022-JP]C[\x1b$B%=\x1b(B])"), Some((Charset::Whatwg(_), _))));
        assert_eq!(non_utf8_charset(b"(;C[caf\xe9])"), Some((Charset::Latin1, None)));
    }
}
