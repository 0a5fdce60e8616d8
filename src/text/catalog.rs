//! The message catalog: every sentence players read, per language, in Fluent files (`src/text/locales/<lang>/`)
//! compiled into the binary. Code names a message and gives its placeholders; the files choose words, plurals and
//! word order. A message missing in one language falls back to English (a test keeps both complete).

use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use super::Lang;

/// The message files of each language, in the order they are loaded.
pub const FILES: [(Lang, &str, &str); 8] = [
    (Lang::En, "en/text.ftl", include_str!("locales/en/text.ftl")),
    (Lang::En, "en/bot.ftl", include_str!("locales/en/bot.ftl")),
    (Lang::En, "en/commands.ftl", include_str!("locales/en/commands.ftl")),
    (Lang::En, "en/play.ftl", include_str!("locales/en/play.ftl")),
    (Lang::Es, "es/text.ftl", include_str!("locales/es/text.ftl")),
    (Lang::Es, "es/bot.ftl", include_str!("locales/es/bot.ftl")),
    (Lang::Es, "es/commands.ftl", include_str!("locales/es/commands.ftl")),
    (Lang::Es, "es/play.ftl", include_str!("locales/es/play.ftl")),
];

/// One bundle per language, built once.
static BUNDLES: LazyLock<Vec<(Lang, FluentBundle<FluentResource>)>> = LazyLock::new(|| {
    [Lang::En, Lang::Es]
        .into_iter()
        .map(|lang| {
            let id: unic_langid::LanguageIdentifier = lang.code().parse().expect("language codes parse");
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            // Discord shows text as given: no invisible direction marks around placeholders.
            bundle.set_use_isolating(false);
            for (_, name, source) in FILES.iter().filter(|(l, _, _)| *l == lang) {
                let resource = FluentResource::try_new(source.to_string())
                    .unwrap_or_else(|(_, errors)| panic!("{name} does not parse: {errors:?}"));
                bundle
                    .add_resource(resource)
                    .unwrap_or_else(|errors| panic!("{name} repeats a message: {errors:?}"));
            }
            (lang, bundle)
        })
        .collect()
});

/// A placeholder's value: text or a number (numbers choose plural forms).
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// Text, put in as it is.
    Text(String),
    /// A number.
    Number(f64),
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_string())
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<&String> for Arg {
    fn from(text: &String) -> Arg {
        Arg::Text(text.clone())
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {
        $(impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(n as f64)
            }
        })*
    };
}
number_arg!(u8, u16, u32, u64, usize, i8, i16, i32, i64, f64);

/// The message `key` (`"id"` or `"id.attribute"`) in `lang` with its placeholders filled.
pub fn message(lang: Lang, key: &str, args: &[(&str, Arg)]) -> String {
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        match value {
            Arg::Text(text) => fluent_args.set(*name, FluentValue::from(text.as_str())),
            Arg::Number(n) => fluent_args.set(*name, FluentValue::from(*n)),
        }
    }
    [lang, Lang::En]
        .into_iter()
        .find_map(|lang| format(lang, key, &fluent_args))
        // Unreachable while the catalog's tests pass: the key itself shows what is missing.
        .unwrap_or_else(|| key.to_string())
}

/// The message `key` in `lang` without placeholders, or `None` when that language has no such message (for words
/// that exist only for some things, such as the names of the built-in maps).
pub fn lookup(lang: Lang, key: &str) -> Option<String> {
    format(lang, key, &FluentArgs::new())
}

fn format(lang: Lang, key: &str, args: &FluentArgs) -> Option<String> {
    let (_, bundle) = BUNDLES.iter().find(|(l, _)| *l == lang)?;
    let (id, attribute) = match key.split_once('.') {
        Some((id, attribute)) => (id, Some(attribute)),
        None => (key, None),
    };
    let found = bundle.get_message(id)?;
    let pattern = match attribute {
        Some(attribute) => found.get_attribute(attribute)?.value(),
        None => found.value()?,
    };
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(args), &mut errors);
    errors.is_empty().then(|| text.into_owned())
}

/// The message `key` in `lang`, with placeholders: `tr!(lang, "key")`, `tr!(lang, "key", name = value, …)`.
macro_rules! tr {
    ($lang:expr, $key:expr) => {
        $crate::text::catalog::message($lang, $key, &[])
    };
    ($lang:expr, $key:expr, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::text::catalog::message(
            $lang,
            $key,
            &[$((stringify!($name), $crate::text::catalog::Arg::from($value))),+],
        )
    };
}
pub(crate) use tr;

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use fluent_syntax::ast;

    use super::*;

    /// Every message and attribute of a language, with the placeholders it uses.
    fn keys(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
        let mut out = BTreeMap::new();
        for (_, name, source) in FILES.iter().filter(|(l, _, _)| *l == lang) {
            let resource = FluentResource::try_new(source.to_string()).unwrap_or_else(|_| panic!("{name} parses"));
            for entry in resource.entries() {
                let ast::Entry::Message(m) = entry else { continue };
                if let Some(value) = &m.value {
                    out.insert(m.id.name.to_string(), placeholders(value));
                }
                for attribute in &m.attributes {
                    out.insert(
                        format!("{}.{}", m.id.name, attribute.id.name),
                        placeholders(&attribute.value),
                    );
                }
            }
        }
        out
    }

    fn placeholders(pattern: &ast::Pattern<&str>) -> BTreeSet<String> {
        let mut found = BTreeSet::new();
        collect(pattern, &mut found);
        found
    }

    fn collect(pattern: &ast::Pattern<&str>, found: &mut BTreeSet<String>) {
        for element in &pattern.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                expression_vars(expression, found);
            }
        }
    }

    fn expression_vars(expression: &ast::Expression<&str>, found: &mut BTreeSet<String>) {
        match expression {
            ast::Expression::Select { selector, variants } => {
                inline_vars(selector, found);
                for variant in variants {
                    collect(&variant.value, found);
                }
            }
            ast::Expression::Inline(inline) => inline_vars(inline, found),
        }
    }

    fn inline_vars(inline: &ast::InlineExpression<&str>, found: &mut BTreeSet<String>) {
        match inline {
            ast::InlineExpression::VariableReference { id } => {
                found.insert(id.name.to_string());
            }
            ast::InlineExpression::Placeable { expression } => expression_vars(expression, found),
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for arg in &arguments.positional {
                    inline_vars(arg, found);
                }
            }
            _ => {}
        }
    }

    #[test]
    fn every_message_exists_in_both_languages_with_the_same_placeholders() {
        let (en, es) = (keys(Lang::En), keys(Lang::Es));
        assert!(en.len() > 100, "the English catalog has {} messages", en.len());
        let only_en: Vec<&String> = en.keys().filter(|k| !es.contains_key(*k)).collect();
        let only_es: Vec<&String> = es.keys().filter(|k| !en.contains_key(*k)).collect();
        assert!(only_en.is_empty(), "missing in Spanish: {only_en:?}");
        assert!(only_es.is_empty(), "missing in English: {only_es:?}");
        for (key, vars) in &en {
            assert_eq!(vars, &es[key], "{key}: the languages use different placeholders");
        }
    }

    #[test]
    fn every_key_the_code_names_is_in_the_catalog() {
        let en = keys(Lang::En);
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
        let mut missing = Vec::new();
        // This file names the macro in its own documentation and tests.
        for file in sources(std::path::Path::new(root))
            .into_iter()
            .filter(|f| !f.ends_with("catalog.rs"))
        {
            let code = std::fs::read_to_string(&file).unwrap();
            for (i, _) in code.match_indices("tr!(") {
                // tr!(lang, "key" …): a string literal right after the first argument; computed keys are skipped
                // (the card and colour keys are checked by their own test).
                let rest = &code[i + 4..];
                let Some(comma) = rest.find(',') else { continue };
                let after = rest[comma + 1..].trim_start();
                let Some(literal) = after.strip_prefix('"') else {
                    continue;
                };
                let Some(end) = literal.find('"') else { continue };
                let key = &literal[..end];
                if !en.contains_key(key) {
                    missing.push(format!("{}: {key}", file.display()));
                }
            }
        }
        assert!(
            missing.is_empty(),
            "keys named in code but not in the catalog: {missing:#?}"
        );
    }

    fn sources(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                out.extend(sources(&path));
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
        out
    }

    #[test]
    fn every_card_and_colour_has_its_words_in_both_languages() {
        let en = keys(Lang::En);
        let mut kinds: Vec<&str> = crate::rules::Color::ALL.iter().map(|c| c.name()).collect();
        kinds.push("gray");
        for kind in &kinds {
            for key in [format!("color-{kind}"), format!("card-{kind}")] {
                assert!(en.contains_key(&key), "{key}");
            }
        }
        for card in kinds.iter().copied().chain(["locomotive", "bicycle"]) {
            for attribute in ["count", "noun", "article", "kind"] {
                assert!(
                    en.contains_key(&format!("card-{card}.{attribute}")),
                    "card-{card}.{attribute}"
                );
            }
        }
        for wild in ["locomotive", "bicycle"] {
            for attribute in ["plural", "counted"] {
                assert!(
                    en.contains_key(&format!("card-{wild}.{attribute}")),
                    "card-{wild}.{attribute}"
                );
            }
        }
    }

    #[test]
    fn plurals_follow_each_language() {
        assert_eq!(
            message(Lang::En, "count-tickets", &[("count", Arg::from(1u8))]),
            "1 ticket"
        );
        assert_eq!(
            message(Lang::En, "count-tickets", &[("count", Arg::from(3u8))]),
            "3 tickets"
        );
        assert_eq!(
            message(Lang::Es, "count-tickets", &[("count", Arg::from(1u8))]),
            "1 billete"
        );
        assert_eq!(
            message(Lang::Es, "count-tickets", &[("count", Arg::from(3u8))]),
            "3 billetes"
        );
    }
}
