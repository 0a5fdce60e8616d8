//! Which language an answer is in: private answers in the user's own Discord locale, public messages in the
//! server's.

use super::data::Context;
use crate::lang::Lang;

/// The language of a private reply: the user's own locale.
pub fn private_lang(locale: &str) -> Lang {
    Lang::from_locale(locale)
}

/// The language of a private reply to a command: its user's Discord locale.
pub fn user_lang(ctx: Context<'_>) -> Lang {
    private_lang(ctx.locale().unwrap_or("en"))
}

/// The language of a public message in a server: the server's locale (English outside a server, or for a locale
/// not written yet).
pub fn server_lang(guild_locale: Option<&str>) -> Lang {
    guild_locale.map_or(Lang::En, Lang::from_locale)
}

/// The server's language for a command's public answer.
pub fn command_server_lang(ctx: Context<'_>) -> Lang {
    match ctx {
        poise::Context::Application(app) => server_lang(app.interaction.guild_locale.as_deref()),
        poise::Context::Prefix(_) => Lang::En,
    }
}
