//! A map file's text as a TOML document, each field and row read on its own so that one bad row is one problem.

use std::ops::Range;

use serde::Deserialize;
use serde::de::IgnoredAny;
use toml::Spanned;
use toml::de::{DeTable, DeValue, ValueDeserializer};

use super::Found;
use super::names::shown;
use crate::map_report::MapProblem;

/// The fields of a map file's top level, in the order the file format lists them.
const FIELDS: [&str; 7] = ["id", "name", "board", "cities", "routes", "tickets", "rules"];

/// The top-level values of a document that reads as TOML, by field.
pub(super) struct Document<'a> {
    fields: Vec<(&'static str, Spanned<DeValue<'a>>)>,
}

impl<'a> Document<'a> {
    /// A top-level field's value, taken out (each is read once).
    pub(super) fn take(&mut self, field: &str) -> Option<Spanned<DeValue<'a>>> {
        let at = self.fields.iter().position(|(f, _)| *f == field)?;
        Some(self.fields.swap_remove(at).1)
    }
}

/// Reads the text as TOML: a syntax error is one refusal and the end of reading (the reader stops there); a top-level
/// field the format does not have, or one it needs and does not find, is a refusal each.
pub(super) fn read<'a>(text: &'a str, found: &mut Found) -> Option<Document<'a>> {
    let root = match DeTable::parse(text) {
        Ok(root) => root,
        Err(e) => {
            let message = cut(e.message().lines().next().unwrap_or_default());
            found.refuse(e.span(), MapProblem::Syntax { message });
            return None;
        }
    };
    let mut fields = Vec::new();
    for (key, value) in root.into_inner() {
        match FIELDS.iter().find(|f| **f == key.get_ref().as_ref()) {
            Some(field) => fields.push((*field, value)),
            None => found.refuse(
                Some(key.span()),
                MapProblem::UnknownField {
                    section: String::new(),
                    field: shown(key.get_ref()),
                },
            ),
        }
    }
    for field in FIELDS {
        if !fields.iter().any(|(f, _)| *f == field) {
            found.refuse(
                None,
                MapProblem::MissingField {
                    section: String::new(),
                    field: field.to_string(),
                },
            );
        }
    }
    Some(Document { fields })
}

/// Reads one value as `T`, or reports why it does not read, on the line the reader points at (else the value's).
pub(super) fn value<'a, T: Deserialize<'a>>(
    value: Spanned<DeValue<'a>>,
    section: &str,
    found: &mut Found,
) -> Option<T> {
    let span = value.span();
    T::deserialize(ValueDeserializer::from(value))
        .map_err(|e| found.refuse(e.span().or(Some(span)), reader_problem(section, e.message())))
        .ok()
}

/// The rows of a list field, each with its span; a value that is not a list is reported.
pub(super) fn rows<'a>(value: Spanned<DeValue<'a>>, section: &str, found: &mut Found) -> Vec<Spanned<DeValue<'a>>> {
    let span = value.span();
    match value.into_inner() {
        DeValue::Array(rows) => rows.into_iter().collect(),
        other => {
            // Not a list: the reader says so in its own words.
            let _: Option<Vec<IgnoredAny>> = self::value(Spanned::new(span, other), section, found);
            Vec::new()
        }
    }
}

/// The `name` a row gives, if it gives one as text (to know a row refused for another reason by its name).
pub(super) fn row_name<'b>(row: &'b Spanned<DeValue<'_>>) -> Option<&'b str> {
    match row.get_ref() {
        DeValue::Table(table) => table
            .iter()
            .find(|(k, _)| k.get_ref() == "name")
            .and_then(|(_, v)| v.get_ref().as_str()),
        _ => None,
    }
}

/// Where each key of a table value is written, to put a problem about a field on its line.
pub(super) fn key_spans(value: &Spanned<DeValue<'_>>) -> Vec<(String, Range<usize>)> {
    match value.get_ref() {
        DeValue::Table(table) => table.iter().map(|(k, _)| (k.get_ref().to_string(), k.span())).collect(),
        _ => Vec::new(),
    }
}

/// The reader's complaint as a problem: an unknown or missing field named, anything else in the reader's words.
fn reader_problem(section: &str, message: &str) -> MapProblem {
    let message = message.lines().next().unwrap_or_default();
    let quoted = |after: &str| {
        let rest = message.strip_prefix(after)?;
        Some(shown(rest.split('`').next()?))
    };
    let section = section.to_string();
    if let Some(field) = quoted("unknown field `") {
        MapProblem::UnknownField { section, field }
    } else if let Some(field) = quoted("missing field `") {
        MapProblem::MissingField { section, field }
    } else {
        MapProblem::BadValue {
            section,
            message: cut(message),
        }
    }
}

/// Most characters of the reader's words kept: they may quote the file, but are longer than a name.
const READER_WORDS: usize = 160;

/// The reader's words, cut to [`READER_WORDS`] characters, without what would break their line (they may quote the
/// file).
fn cut(message: &str) -> String {
    let message: String = message.chars().filter(|c| !c.is_control()).collect();
    match message.char_indices().nth(READER_WORDS) {
        Some((at, _)) => format!("{}…", &message[..at]),
        None => message.to_string(),
    }
}
