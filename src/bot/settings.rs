//! `/ttr settings`: the game's own (its host: reminders, the turn deadline, confirming claims, the layout, hints)
//! and a player's own pings, in the channel's game; and the server's map makers. Every answer ends with the settings
//! as they now stand.

use poise::serenity_prelude as serenity;

use super::data::Context;
use super::locale::user_lang;
use super::options::SettingOptions;
use super::refusal::{Error, Refused};
use super::reply::{actor, say_privately};
use super::table::Opened;
use crate::lang::Lang;
use crate::settings::{Layout, Settings};
use crate::store::{GameId, Preference, Store, StoreError};
use crate::text::catalog::tr;

/// See or change this game's settings (reminders, deadline, claims, hints) and what pings you.
// `reminder`, `deadline`, `confirm`, `layout` and `hints` come first: `SettingOptions`, shared with `/ttr start`.
#[poise::command(slash_command)]
pub async fn settings(
    ctx: Context<'_>,
    pings: Option<bool>,
    heads_up: Option<bool>,
    map_makers: Option<serenity::Role>,
    web_links: Option<bool>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let store = &ctx.data().store;
    let chosen = SettingOptions::read(ctx).await?;
    // The server's map makers and links are the server's, not a game's: set without a game in the channel.
    let mut server_said = Vec::new();
    if let Some(role) = &map_makers {
        server_said.push(super::server_maps::set_map_makers(ctx, role).await?);
    }
    if let Some(on) = web_links {
        server_said.push(set_web_links(ctx, on).await?);
    }
    if !server_said.is_empty() && !chosen.any() && pings.is_none() && heads_up.is_none() {
        return say_privately(ctx, server_said.join("\n")).await;
    }
    let Opened { held: _held, table } = Opened::command(ctx).await?;
    let (game, user) = (table.id, ctx.author().id.get());
    let mut changes = Vec::new();
    if chosen.any() {
        let member = ctx.author_member().await;
        let actor = actor(ctx.author(), member.as_deref());
        changes.push(
            store
                .change_settings(game, actor, |s| chosen.apply(s))
                .await
                .map(|_| ()),
        );
    }
    for (preference, on) in [(Preference::Pings, pings), (Preference::HeadsUp, heads_up)] {
        if let Some(on) = on {
            changes.push(store.set_preference(game, user, preference, on).await);
        }
    }
    // What was said of the server's settings comes first, whatever follows.
    let server_said: String = server_said.iter().map(|said| format!("{said}\n")).collect();
    for change in changes {
        match change {
            Ok(()) => {}
            // A refusal stops here: what was asked before it is done, and the answer says how things stand.
            Err(StoreError::Refused(refusal)) => {
                let now = settings_now(store, game, user, lang).await?;
                let refused = Refused::Store(refusal).words(lang);
                return say_privately(ctx, format!("{server_said}{refused} {now}")).await;
            }
            Err(e) => return Err(e.into()),
        }
    }
    let now = settings_now(store, game, user, lang).await?;
    say_privately(ctx, format!("{server_said}{now}")).await
}

/// Turns this server's links to its games' web pages on or off (only those who manage the server may). Returns the
/// sentence saying how it stands.
///
/// # Errors
/// Refused: outside a server, or the caller does not manage the server.
async fn set_web_links(ctx: Context<'_>, on: bool) -> Result<String, Error> {
    let lang = user_lang(ctx);
    let guild = ctx.guild_id().ok_or(Refused::NotLinksManager)?.get();
    let member = ctx.author_member().await;
    if !member.and_then(|m| m.permissions).is_some_and(|p| p.manage_guild()) {
        return Err(Refused::NotLinksManager.into());
    }
    ctx.data().store.set_web_links(guild, on).await?;
    if ctx.data().web_url.is_none() {
        return Ok(tr!(lang, "server-web-links-no-pages"));
    }
    Ok(tr!(
        lang,
        if on {
            "server-web-links-on"
        } else {
            "server-web-links-off"
        }
    ))
}

/// The game's settings and the user's own, in sentences.
async fn settings_now(store: &Store, game: GameId, user: u64, lang: Lang) -> Result<String, Error> {
    let settings: Settings = store.settings(game).await?;
    let wants = |seats: Vec<(crate::rules::Seat, u64)>| seats.iter().any(|(_, u)| *u == user);
    let pings = wants(store.seats_wanting(game, Preference::Pings).await?);
    let heads_up = wants(store.seats_wanting(game, Preference::HeadsUp).await?);
    let seated = store.seats(game).await?.iter().any(|s| s.user_id == Some(user));
    let either = |on: bool, yes: &str, no: &str| tr!(lang, if on { yes } else { no });
    let mut said = vec![
        tr!(lang, "settings-reminders", hours = settings.reminder_hours),
        tr!(lang, "settings-deadline", hours = settings.deadline_hours),
        either(settings.confirm_claims, "settings-confirm-on", "settings-confirm-off"),
        either(
            settings.layout == Layout::Dashboard,
            "settings-dashboard",
            "settings-feed",
        ),
        either(settings.hints, "settings-hints-on", "settings-hints-off"),
    ];
    if seated {
        said.push(either(pings, "settings-pings-on", "settings-pings-off"));
        said.push(either(heads_up, "settings-heads-up-on", "settings-heads-up-off"));
    }
    Ok(said.join(" "))
}
