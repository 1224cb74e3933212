//! Notations: each reads text into raw moves with spans and writes moves back as text.
