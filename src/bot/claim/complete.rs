//! Autocomplete for `/ttr claim` and `/ttr station`: free routes and open cities matching what was typed (those the
//! caller can pay for now first), and every legal payment. Values are written in English, the one form the bot
//! reads back whatever the user's language.

use poise::serenity_prelude as serenity;

use super::{PER_SELECT, clip, in_tunnel};
use crate::bot::data::Context;
use crate::bot::locale::user_lang;
use crate::bot::table::Table;
use crate::lang::Lang;
use crate::rules::names;
use crate::rules::{CityId, Purchase, RouteId, Seat};
use crate::text::{self, catalog::tr};

/// The value of another option of the command being typed (autocomplete sends them all).
fn other_option(ctx: Context<'_>, name: &str) -> Option<String> {
    fn find(options: &[serenity::CommandDataOption], name: &str) -> Option<String> {
        options.iter().find_map(|o| match &o.value {
            serenity::CommandDataOptionValue::SubCommand(inner) => find(inner, name),
            serenity::CommandDataOptionValue::String(value) if o.name == name => Some(value.clone()),
            serenity::CommandDataOptionValue::Autocomplete { value, .. } if o.name == name => Some(value.clone()),
            _ => None,
        })
    }
    let poise::Context::Application(app) = ctx else {
        return None;
    };
    find(&app.interaction.data.options, name)
}

/// The channel's game and the caller's seat, for autocomplete (no lock: it only reads).
async fn seated(ctx: Context<'_>) -> Option<(Table, Seat)> {
    let table = Table::in_channel(ctx.data(), ctx.channel_id().get()).await.ok()??;
    let seat = table.seat_of(ctx.author().id.get())?;
    Some((table, seat))
}

/// At most 25 autocomplete choices as (what the user reads, the value sent back). Values are always written in
/// English, the one form the bot reads back whatever the user's language; what the user reads is in theirs.
fn choices(labels: impl IntoIterator<Item = (String, String)>) -> serenity::CreateAutocompleteResponse {
    let choices = labels
        .into_iter()
        .take(PER_SELECT)
        .map(|(label, value)| serenity::AutocompleteChoice::new(clip(&label, 100), clip(&value, 100)))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// A choice whose words are the same in every language (a city's name).
fn same(label: String) -> (String, String) {
    (label.clone(), label)
}

/// Autocomplete for `/ttr claim route`: free routes matching what was typed, those the caller can pay for now
/// first.
pub async fn complete_route(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let Some((table, seat)) = seated(ctx).await else {
        return choices([]);
    };
    let lang = user_lang(ctx);
    let map = table.game.map();
    let matching = names::search_routes(map, typed);
    let free: Vec<RouteId> = matching
        .into_iter()
        .filter(|&r| table.game.owner(r).is_none())
        .collect();
    let (payable, rest): (Vec<RouteId>, Vec<RouteId>) = free
        .into_iter()
        .partition(|&r| table.game.claim_options(seat, r).claimable());
    let value = |r| text::route(Lang::En, map, r);
    choices(
        payable
            .into_iter()
            .map(|r| (text::route(lang, map, r), value(r)))
            .chain(rest.into_iter().map(|r| {
                (
                    tr!(lang, "not-payable-now", route = text::route(lang, map, r)),
                    value(r),
                )
            })),
    )
}

/// Autocomplete for `/ttr claim pay`: every legal payment for the route typed (or for the tunnel waiting).
pub async fn complete_route_payment(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let Some((table, seat)) = seated(ctx).await else {
        return choices([]);
    };
    let lang = user_lang(ctx);
    let purchase = if in_tunnel(&table) {
        Purchase::Tunnel
    } else {
        let route = other_option(ctx, "route").unwrap_or_default();
        let Ok(found) = names::parse_route(table.game.map(), &route) else {
            return choices([]);
        };
        Purchase::Route(table.game.track_for(seat, &found.tracks, None))
    };
    payment_choices(&table, seat, purchase, typed, lang)
}

/// Autocomplete for `/ttr station pay`: every legal payment for a station.
pub async fn complete_station_payment(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let Some((table, seat)) = seated(ctx).await else {
        return choices([]);
    };
    let lang = user_lang(ctx);
    let city = other_option(ctx, "city").unwrap_or_default();
    let Ok(city) = names::find_city(table.game.map(), &city) else {
        return choices([]);
    };
    payment_choices(&table, seat, Purchase::Station(city), typed, lang)
}

/// Every legal payment for a purchase that contains what was typed (in the user's words or in English).
fn payment_choices(
    table: &Table,
    seat: Seat,
    purchase: Purchase,
    typed: &str,
    lang: Lang,
) -> serenity::CreateAutocompleteResponse {
    let typed = typed.trim().to_lowercase();
    let payments = table.game.payments(seat, purchase).unwrap_or_default();
    let map = table.game.map();
    choices(
        payments
            .iter()
            .map(|cards| (text::payment(lang, map, cards), text::payment(Lang::En, map, cards)))
            .filter(|(label, value)| label.to_lowercase().contains(&typed) || value.to_lowercase().contains(&typed)),
    )
}

/// Autocomplete for `/ttr station city`: cities matching what was typed, those where the caller can build now
/// first.
pub async fn complete_city(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let Some((table, seat)) = seated(ctx).await else {
        return choices([]);
    };
    let map = table.game.map();
    let (open, rest): (Vec<CityId>, Vec<CityId>) = names::search_cities(map, typed)
        .into_iter()
        .filter(|&c| map.city(c).country.is_none())
        .partition(|&c| table.game.station_options(seat, c).is_ok_and(|p| !p.is_empty()));
    choices(open.into_iter().chain(rest).map(|c| same(map.city(c).name.clone())))
}
