//! The languages the bot writes in, and how a Discord or system locale picks one.

/// A language the bot writes in. Every function takes one; the words come from the catalog of that language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Lang {
    /// English, the default and the fallback for any other locale.
    #[default]
    En,
    /// Spanish (Discord's `es-ES` and `es-419`).
    Es,
}

impl Lang {
    /// The language for a Discord locale such as `en-US` or `es-ES` (or a system locale such as `es_ES.UTF-8`);
    /// English for any locale not written yet.
    pub fn from_locale(locale: &str) -> Lang {
        match locale.get(..2).map(str::to_ascii_lowercase).as_deref() {
            Some("es") => Lang::Es,
            _ => Lang::En,
        }
    }

    /// Its language code: `en`, `es`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
        }
    }
}
