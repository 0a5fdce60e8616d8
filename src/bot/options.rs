//! Options of `/ttr` that are more than a plain value: fixed words shown in each user's language and sent as
//! themselves (`level`, `layout`), and the game settings `/ttr start` and `/ttr settings` share — declared
//! once, read once, applied to [`Settings`] once.

use poise::serenity_prelude as serenity;

use super::commands::spanish_locales;
use super::data::{Context, Data};
use super::refusal::{Error, Refused};
use crate::ai::Level;
use crate::lang::Lang;
use crate::settings::{Layout, Settings};
use crate::text::catalog;

/// A string option whose choices are fixed words, sent as themselves (not as indexes); each is shown in Spanish
/// to Spanish users (`choice-<word>` in the catalog).
fn string_choices(builder: serenity::CreateCommandOption, words: &[&str]) -> serenity::CreateCommandOption {
    words
        .iter()
        .fold(builder.kind(serenity::CommandOptionType::String), |b, w| {
            let spanish = catalog::message(Lang::Es, &format!("choice-{w}"), &[]);
            b.add_string_choice_localized(*w, *w, spanish_locales(&spanish))
        })
}

/// A string option whose value is one of fixed words, sent as itself (not as an index).
macro_rules! word_option {
    ($(#[$doc:meta])* $name:ident, $words:expr) => {
        $(#[$doc])*
        pub struct $name(pub String);

        #[poise::async_trait]
        impl poise::SlashArgument for $name {
            async fn extract(
                _: &serenity::Context,
                _: &serenity::CommandInteraction,
                value: &serenity::ResolvedValue<'_>,
            ) -> Result<Self, poise::SlashArgError> {
                match value {
                    serenity::ResolvedValue::String(s) => Ok($name((*s).to_string())),
                    _ => Err(poise::SlashArgError::new_command_structure_mismatch("expected a string")),
                }
            }

            fn create(builder: serenity::CreateCommandOption) -> serenity::CreateCommandOption {
                string_choices(builder, &$words)
            }
        }
    };
}

word_option!(
    /// The `level` option: how strong computer players are.
    LevelName,
    Level::IN_GAMES.map(Level::name)
);
word_option!(
    /// The `layout` option: a turn message per turn (`feed`), or one status message edited in place (`dashboard`).
    LayoutName,
    Layout::ALL.map(Layout::name)
);

impl LevelName {
    /// The level it names.
    ///
    /// # Errors
    /// Refused: no such level (a Discord that skipped the choices).
    pub fn level(&self) -> Result<Level, Refused> {
        Level::in_games_from_name(&self.0).ok_or_else(|| Refused::UnknownLevel(self.0.clone()))
    }
}

impl LayoutName {
    /// The layout it names.
    ///
    /// # Errors
    /// Refused: no such layout.
    pub fn layout(&self) -> Result<Layout, Refused> {
        Layout::from_name(&self.0).ok_or_else(|| Refused::UnknownLayout(self.0.clone()))
    }
}

/// The game settings a host chooses, as options of `/ttr start` and `/ttr settings` (each optional: what is not
/// given stays as it is). A new setting is a field here, a parameter of `setting_options` below, a line of
/// [`SettingOptions::read`] and one of [`SettingOptions::apply`] (which the compiler asks for).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct SettingOptions {
    /// Hours between reminders.
    pub reminder: Option<u32>,
    /// The turn deadline in hours.
    pub deadline: Option<u32>,
    /// Whether claims ask to confirm.
    pub confirm: Option<bool>,
    /// How the channel shows the game.
    pub layout: Option<Layout>,
    /// Whether players may ask for hints.
    pub hints: Option<bool>,
}

/// Most hours between reminders (a week).
const MOST_REMINDER_HOURS: u32 = 168;
/// Longest turn deadline in hours (a month).
const MOST_DEADLINE_HOURS: u32 = 720;

// The declaration of `SettingOptions` as Discord shows them: poise reads the options' kinds, ranges and choices from
// this signature; `SettingOptions::parameters` copies them into `/ttr start` and `/ttr settings`. Never registered
// itself (its description is the catalog's, like every command's).
/// The game's settings.
#[poise::command(slash_command)]
async fn setting_options(
    _: Context<'_>,
    #[min = 0]
    #[max = 168]
    reminder: Option<u32>,
    #[min = 0]
    #[max = 720]
    deadline: Option<u32>,
    confirm: Option<bool>,
    layout: Option<LayoutName>,
    hints: Option<bool>,
) -> Result<(), Error> {
    let _ = (reminder, deadline, confirm, layout, hints);
    Ok(())
}

impl SettingOptions {
    /// The options as command parameters, to add to a command.
    pub fn parameters() -> Vec<poise::CommandParameter<Data, Error>> {
        setting_options().parameters
    }

    /// The options as the command's interaction gives them. Discord keeps values in their ranges, but a client
    /// that skips its checks is answered too.
    ///
    /// # Errors
    /// Refused: an option that does not read (out of range, another kind than registered, an unknown layout).
    pub async fn read(ctx: Context<'_>) -> Result<SettingOptions, Error> {
        let poise::Context::Application(app) = ctx else {
            return Ok(SettingOptions::default());
        };
        let layout: Option<LayoutName> = option(app, "layout").await?;
        Ok(SettingOptions {
            reminder: at_most(option(app, "reminder").await?, MOST_REMINDER_HOURS)?,
            deadline: at_most(option(app, "deadline").await?, MOST_DEADLINE_HOURS)?,
            confirm: option(app, "confirm").await?,
            layout: layout.map(|l| l.layout()).transpose()?,
            hints: option(app, "hints").await?,
        })
    }

    /// Whether any setting was given.
    pub fn any(&self) -> bool {
        *self != SettingOptions::default()
    }

    /// `settings` with the options given.
    pub fn apply(&self, settings: &mut Settings) {
        let SettingOptions {
            reminder,
            deadline,
            confirm,
            layout,
            hints,
        } = *self;
        settings.reminder_hours = reminder.unwrap_or(settings.reminder_hours);
        settings.deadline_hours = deadline.unwrap_or(settings.deadline_hours);
        settings.confirm_claims = confirm.unwrap_or(settings.confirm_claims);
        settings.layout = layout.unwrap_or(settings.layout);
        settings.hints = hints.unwrap_or(settings.hints);
    }
}

/// Hours within their range, or the refusal of an option that does not read.
fn at_most(hours: Option<u32>, most: u32) -> Result<Option<u32>, Refused> {
    match hours {
        Some(h) if h > most => Err(Refused::OptionUnreadable),
        within => Ok(within),
    }
}

/// An optional option of the interaction, read as poise reads the declared ones.
async fn option<T: poise::SlashArgument>(
    app: poise::ApplicationContext<'_, Data, Error>,
    name: &str,
) -> Result<Option<T>, Error> {
    let Some(arg) = app.args.iter().find(|arg| arg.name == name) else {
        return Ok(None);
    };
    match T::extract(app.serenity_context(), app.interaction, &arg.value).await {
        Ok(value) => Ok(Some(value)),
        Err(e) => {
            tracing::info!(option = name, "an option could not be read: {e}");
            Err(Refused::OptionUnreadable.into())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ranges_discord_is_told_are_the_ones_the_bot_checks() {
        let ranges: Vec<(String, Option<u64>)> = SettingOptions::parameters()
            .iter()
            .filter_map(|p| p.create_as_slash_command_option())
            .map(|option| {
                let json = serde_json::to_value(option).expect("an option serialises");
                (
                    json["name"].as_str().unwrap_or("").to_string(),
                    json["max_value"].as_f64().map(|m| m as u64),
                )
            })
            .collect();
        assert!(
            ranges.contains(&("reminder".to_string(), Some(u64::from(MOST_REMINDER_HOURS)))),
            "{ranges:?}"
        );
        assert!(
            ranges.contains(&("deadline".to_string(), Some(u64::from(MOST_DEADLINE_HOURS)))),
            "{ranges:?}"
        );
        assert_eq!(at_most(Some(169), MOST_REMINDER_HOURS).map_err(|_| ()), Err(()));
        assert_eq!(at_most(Some(168), MOST_REMINDER_HOURS).ok(), Some(Some(168)));
        assert_eq!(at_most(None, MOST_REMINDER_HOURS).ok(), Some(None));
    }

    #[test]
    fn options_given_change_only_their_settings() {
        let mut settings = Settings::default();
        let chosen = SettingOptions {
            deadline: Some(0),
            layout: Some(Layout::Dashboard),
            ..SettingOptions::default()
        };
        assert!(chosen.any() && !SettingOptions::default().any());
        chosen.apply(&mut settings);
        let expected = Settings {
            deadline_hours: 0,
            layout: Layout::Dashboard,
            ..Settings::default()
        };
        assert_eq!(settings, expected);
    }
}
