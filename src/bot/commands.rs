//! The `/ttr` command tree as Discord shows it, from the message catalog: every description in English, and Spanish
//! names and descriptions through Discord's localizations. The names themselves never change (DESIGN §6): Discord
//! sends the English name whatever the user's language.

use std::borrow::Cow;

use super::data::Data;
use super::refusal::Error;
use crate::text::Lang;
use crate::text::catalog;

/// Discord's locales written in Spanish.
const SPANISH: [&str; 2] = ["es-ES", "es-419"];

/// The same Spanish words for each of Discord's Spanish locales.
pub fn spanish_locales(words: &str) -> Vec<(&'static str, String)> {
    SPANISH.iter().map(|locale| (*locale, words.to_string())).collect()
}

/// Sets every command's and option's description from the catalog, with Spanish names and descriptions.
pub fn localize(commands: &mut [poise::Command<Data, Error>]) {
    for command in commands {
        let key = format!("command-{}", command.name);
        let (name, description) = words(&key);
        command.name_localizations = localized(&name.es);
        command.description_localizations = localized(&description.es);
        command.description = Some(description.en.into());
        for option in &mut command.parameters {
            let (name, description) = words(&format!("option-{}-{}", command.name, option.name));
            option.name_localizations = localized(&name.es);
            option.description_localizations = localized(&description.es);
            option.description = Some(description.en.into());
        }
        localize(&mut command.subcommands);
    }
}

/// A text in English and in Spanish.
struct Both {
    en: String,
    es: String,
}

/// The name and the description of a catalog entry (`key` and `key.description`) in both languages.
fn words(key: &str) -> (Both, Both) {
    let both = |key: &str| Both {
        en: catalog::message(Lang::En, key, &[]),
        es: catalog::message(Lang::Es, key, &[]),
    };
    (both(key), both(&format!("{key}.description")))
}

/// Discord's localizations of a text: the Spanish words for each Spanish locale.
fn localized(spanish: &str) -> Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]> {
    Cow::Owned(
        spanish_locales(spanish)
            .into_iter()
            .map(|(locale, words)| (Cow::Borrowed(locale), Cow::Owned(words)))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every command and option of the tree, as (its catalog key, the command, the option if any).
    fn walk(commands: &[poise::Command<Data, Error>], out: &mut Vec<(String, String, Option<String>)>) {
        for command in commands {
            out.push((format!("command-{}", command.name), command.name.to_string(), None));
            for option in &command.parameters {
                out.push((
                    format!("option-{}-{}", command.name, option.name),
                    command.name.to_string(),
                    Some(option.name.to_string()),
                ));
            }
            walk(&command.subcommands, out);
        }
    }

    /// Discord's rule for a command or option name: 1 to 32 lowercase letters, digits, `-` or `_`.
    fn discord_accepts(name: &str) -> bool {
        let count = name.chars().count();
        (1..=32).contains(&count)
            && name
                .chars()
                .all(|c| c == '-' || c == '_' || c.is_numeric() || (c.is_alphabetic() && !c.is_uppercase()))
    }

    #[test]
    fn every_command_and_option_has_english_and_spanish_words_discord_accepts() {
        let mut commands = super::super::commands();
        localize(&mut commands);
        let mut all = Vec::new();
        walk(&commands, &mut all);
        assert!(all.len() > 40, "{} commands and options", all.len());
        for (key, command, option) in &all {
            let name = option.as_ref().unwrap_or(command);
            // The English entry is the name itself: the catalog cannot rename a command.
            assert_eq!(&catalog::message(Lang::En, key, &[]), name, "{key}");
            let spanish = catalog::lookup(Lang::Es, key).unwrap_or_else(|| panic!("{key} has no Spanish name"));
            assert!(discord_accepts(&spanish), "{key}: Discord refuses the name “{spanish}”");
            for lang in [Lang::En, Lang::Es] {
                let description = catalog::lookup(lang, &format!("{key}.description"))
                    .unwrap_or_else(|| panic!("{key} has no description in {lang:?}"));
                let length = description.chars().count();
                assert!((1..=100).contains(&length), "{key} in {lang:?}: {length} characters");
            }
        }
        // The tree carries them for Discord.
        let start = commands[0].subcommands.iter().find(|c| c.name == "start").unwrap();
        assert!(
            start
                .name_localizations
                .iter()
                .any(|(l, n)| l == "es-ES" && n == "empezar")
        );
        let map = &start.parameters[0];
        assert_eq!(map.description.as_deref(), Some("The map to play"));
        assert!(map.description_localizations.iter().any(|(l, _)| l == "es-419"));
    }

    #[test]
    fn spanish_names_differ_among_siblings() {
        let commands = super::super::commands();
        let mut all = Vec::new();
        walk(&commands, &mut all);
        let mut seen = std::collections::HashSet::new();
        for (key, command, option) in &all {
            let spanish = catalog::message(Lang::Es, key, &[]);
            // Subcommands share a namespace, and so do the options of one command.
            let scope = if option.is_some() {
                command.clone()
            } else {
                String::new()
            };
            assert!(
                seen.insert((scope, spanish.clone())),
                "{key}: “{spanish}” is used twice"
            );
        }
    }
}
