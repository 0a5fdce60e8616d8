//! The message catalog: every sentence players read, per language, in Fluent files (`src/text/locales/<lang>/`)
//! compiled into the binary. Code names a message and gives its placeholders; the files choose words, plurals and
//! word order. A message missing in one language falls back to English (a test keeps both complete).

use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use std::collections::{BTreeMap, BTreeSet};

use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;

use super::Lang;

/// The message files of each language, in the order they are loaded.
pub const FILES: [(Lang, &str, &str); 12] = [
    (Lang::En, "en/text.ftl", include_str!("locales/en/text.ftl")),
    (Lang::En, "en/bot.ftl", include_str!("locales/en/bot.ftl")),
    (Lang::En, "en/commands.ftl", include_str!("locales/en/commands.ftl")),
    (Lang::En, "en/play.ftl", include_str!("locales/en/play.ftl")),
    (Lang::En, "en/mapfile.ftl", include_str!("locales/en/mapfile.ftl")),
    (Lang::En, "en/web.ftl", include_str!("locales/en/web.ftl")),
    (Lang::Es, "es/text.ftl", include_str!("locales/es/text.ftl")),
    (Lang::Es, "es/bot.ftl", include_str!("locales/es/bot.ftl")),
    (Lang::Es, "es/commands.ftl", include_str!("locales/es/commands.ftl")),
    (Lang::Es, "es/play.ftl", include_str!("locales/es/play.ftl")),
    (Lang::Es, "es/mapfile.ftl", include_str!("locales/es/mapfile.ftl")),
    (Lang::Es, "es/web.ftl", include_str!("locales/es/web.ftl")),
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
        .unwrap_or_else(|| {
            // A key missing in English is a mistake in the code: tests (debug builds) stop on it; a release shows the
            // key itself, which says what is missing.
            debug_assert!(false, "no message {key} in the catalog");
            key.to_string()
        })
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

/// Every message (`id`) and attribute (`id.attribute`) of a language, with the placeholders it uses: what the
/// tests compare between languages and look up code against.
pub fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    for (_, name, source) in FILES.iter().filter(|(l, _, _)| *l == lang) {
        let resource = FluentResource::try_new(source.to_string()).unwrap_or_else(|_| panic!("{name} does not parse"));
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
