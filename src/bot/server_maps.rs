//! A server's maps as the other commands meet them: whose server it is, who may change its maps, the map
//! `/ttr start map:` names and the choices its autocomplete offers, and the server's map makers' role.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::data::Context;
use super::locale::user_lang;
use super::refusal::{Error, Refused};
use crate::maps::{self, BUILTIN};
use crate::refusal::Refusal;
use crate::rules::{Map, fold, names};
use crate::store::ServerMap;
use crate::text::{self, catalog::tr};

/// Most autocomplete choices Discord shows.
const CHOICES: usize = 25;

/// The server an interaction comes from: a server's maps are the server's.
pub fn server(ctx: Context<'_>) -> Result<u64, Refused> {
    ctx.guild_id().map(|g| g.get()).ok_or(Refused::MapsNeedServer)
}

/// Whether the caller may upload and remove this server's maps: Manage Server, or the role the server's admins
/// chose with `/ttr settings map_makers:`.
pub async fn may_change_maps(ctx: Context<'_>, guild: u64) -> Result<(), Error> {
    let member = ctx.author_member().await;
    let member = member.as_deref();
    if member.and_then(|m| m.permissions).is_some_and(|p| p.manage_guild()) {
        return Ok(());
    }
    let role = ctx.data().store.map_role(guild).await?;
    let has_role = role.is_some_and(|role| member.is_some_and(|m| m.roles.iter().any(|r| r.get() == role)));
    if has_role {
        Ok(())
    } else {
        Err(Refused::NotMapMaker.into())
    }
}

/// A server's map by id, with the map itself.
pub async fn server_map(ctx: Context<'_>, guild: u64, id: &str) -> Result<(ServerMap, Arc<Map>), Error> {
    let store = &ctx.data().store;
    let kept = store
        .server_map(guild, id)
        .await?
        .ok_or_else(|| Refusal::UnknownMap(names::excerpt(id)))?;
    let map = store.map(&kept.id, Some(&kept.hash)).await?;
    Ok((kept, map))
}

/// The map `/ttr start map:` names: a built-in map's id, or this server's map's: its id, the hash of its text
/// (`None` for a built-in map) and the map.
///
/// # Errors
/// Refused: no such map here.
pub async fn chosen_map(ctx: Context<'_>, typed: &str) -> Result<(String, Option<String>, Arc<Map>), Error> {
    let key = fold(typed.trim());
    if let Some((id, _)) = BUILTIN.iter().find(|(id, _)| fold(id) == key) {
        let map = maps::builtin(id).map_err(|_| Refusal::UnknownMap(names::excerpt(typed)))?;
        return Ok(((*id).to_string(), None, map));
    }
    let Some(guild) = ctx.guild_id() else {
        return Err(Refused::Store(Refusal::UnknownMap(names::excerpt(typed))).into());
    };
    let (kept, map) = server_map(ctx, guild.get(), typed).await?;
    Ok((kept.id, Some(kept.hash), map))
}

/// Autocomplete for `/ttr start map:`: the built-in maps (in the user's language) and this server's, those matching
/// what was typed.
pub async fn complete_map(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let lang = user_lang(ctx);
    let mut offered: Vec<(String, String)> = BUILTIN
        .iter()
        .filter_map(|(id, _)| maps::builtin(id).ok())
        .map(|m| (text::map_name(lang, &m), m.id.clone()))
        .collect();
    offered.extend(server_choices(ctx).await);
    choices(typed, offered)
}

/// Autocomplete for `/ttr map show` and `remove`: this server's maps matching what was typed.
pub async fn complete_server_map(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let offered = server_choices(ctx).await;
    choices(typed, offered)
}

/// This server's maps as (what the user reads, the id sent back); none outside a server, or when the database
/// does not answer (an autocomplete has no way to say so).
async fn server_choices(ctx: Context<'_>) -> Vec<(String, String)> {
    let Some(guild) = ctx.guild_id() else {
        return Vec::new();
    };
    let kept = ctx.data().store.server_maps(guild.get()).await.unwrap_or_default();
    kept.into_iter()
        .map(|m| (format!("{} ({})", m.name, m.id), m.id))
        .collect()
}

/// The offered choices whose words or id hold what was typed (case and accents aside), at most 25.
fn choices(typed: &str, offered: Vec<(String, String)>) -> serenity::CreateAutocompleteResponse {
    let wanted = fold(typed.trim());
    let chosen = offered
        .into_iter()
        .filter(|(label, id)| fold(label).contains(&wanted) || fold(id).contains(&wanted))
        .take(CHOICES)
        .map(|(label, id)| serenity::AutocompleteChoice::new(clip(&label), clip(&id)))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(chosen)
}

/// Discord's longest choice: 100 characters.
fn clip(words: &str) -> String {
    words.chars().take(100).collect()
}

/// Sets (or, given `@everyone`, clears) the role that may upload and remove this server's maps besides those who
/// manage the server; only they may set it. Returns the sentence saying how it stands.
///
/// # Errors
/// Refused: outside a server, or the caller does not manage the server.
pub async fn set_map_makers(ctx: Context<'_>, role: &serenity::Role) -> Result<String, Error> {
    let lang = user_lang(ctx);
    let guild = server(ctx)?;
    let member = ctx.author_member().await;
    if !member.and_then(|m| m.permissions).is_some_and(|p| p.manage_guild()) {
        return Err(Refused::NotServerManager.into());
    }
    // The @everyone role has the server's id: choosing it gives maps back to those who manage the server.
    let chosen = (role.id.get() != guild).then_some(role.id.get());
    ctx.data().store.set_map_role(guild, chosen).await?;
    Ok(match chosen {
        Some(role) => tr!(lang, "server-map-makers-set", role = format!("<@&{role}>")),
        None => tr!(lang, "server-map-makers-cleared"),
    })
}
