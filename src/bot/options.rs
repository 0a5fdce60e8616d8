//! Options of `/ttr` that are more than a plain value: fixed words shown in each user's language and sent as
//! themselves (`map`, `level`, `layout`), and the game settings `/ttr start` and `/ttr settings` share — declared
//! once, read once, applied to [`Settings`] once.

use poise::serenity_prelude as serenity;

use super::commands::spanish_locales;
use super::data::{Context, Data};
use super::refusal::{Error, Refused};
use crate::lang::Lang;
use crate::maps::BUILTIN;
use crate::settings::{ComputerLevel, Layout, Settings};
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
    /// The `map` option: one of the built-in map ids.
    MapId,
    BUILTIN.iter().map(|(id, _)| *id).collect::<Vec<&str>>()
);
word_option!(
    /// The `level` option: how strong computer players are.
    LevelName,
    ComputerLevel::ALL.map(ComputerLevel::name)
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
    pub fn level(&self) -> Result<ComputerLevel, Refused> {
        ComputerLevel::from_name(&self.0).ok_or_else(|| Refused::UnknownLevel(self.0.clone()))
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
/// given stays as it is). A new setting is a field here, a parameter of [`setting_options`], and a line of
/// [`SettingOptions::apply`].
#[derive(Default)]
pub struct SettingOptions {
    /// Hours between reminders.
    pub reminder: Option<u32>,
    /// The turn deadline in hours.
    pub deadline: Option<u32>,
    /// Whether claims ask to confirm.
    pub confirm: Option<bool>,
    /// How the channel shows the game.
    pub layout: Option<Layout>,
}

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
) -> Result<(), Error> {
    let _ = (reminder, deadline, confirm, layout);
    Ok(())
}

impl SettingOptions {
    /// The options as command parameters, to add to a command.
    pub fn parameters() -> Vec<poise::CommandParameter<Data, Error>> {
        setting_options().parameters
    }

    /// The options as the command's interaction gives them.
    ///
    /// # Errors
    /// Refused: an option that does not read (out of range, another kind than registered, an unknown layout).
    pub async fn read(ctx: Context<'_>) -> Result<SettingOptions, Error> {
        let poise::Context::Application(app) = ctx else {
            return Ok(SettingOptions::default());
        };
        let layout: Option<LayoutName> = option(app, "layout").await?;
        Ok(SettingOptions {
            reminder: option(app, "reminder").await?,
            deadline: option(app, "deadline").await?,
            confirm: option(app, "confirm").await?,
            layout: layout.map(|l| l.layout()).transpose()?,
        })
    }

    /// Whether any setting was given.
    pub fn any(&self) -> bool {
        self.reminder.is_some() || self.deadline.is_some() || self.confirm.is_some() || self.layout.is_some()
    }

    /// `settings` with the options given.
    pub fn apply(&self, settings: &mut Settings) {
        if let Some(hours) = self.reminder {
            settings.reminder_hours = hours;
        }
        if let Some(hours) = self.deadline {
            settings.deadline_hours = hours;
        }
        if let Some(on) = self.confirm {
            settings.confirm_claims = on;
        }
        if let Some(layout) = self.layout {
            settings.layout = layout;
        }
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
