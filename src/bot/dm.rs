//! Direct messages: each person's tickets, in their own language, when the game starts and whenever they change.
//! A DM that cannot be delivered is noted, so the channel is told once (by `announce`).

use poise::serenity_prelude as serenity;

use super::post::direct_message;

use super::data::Data;
use super::reply::escape_markdown;
use super::table::Table;
use crate::lang::Lang;
use crate::rules::Seat;
use crate::store::StoredSeat;
use crate::text::{self, catalog::tr};

/// The language of a person's DMs: the one they use with the bot, or the game's until they have been heard from.
fn seat_language(seat: &StoredSeat, game: Lang) -> Lang {
    seat.language.as_deref().map_or(game, Lang::from_locale)
}

/// DMs each person their starting tickets, in their language (not those who chose theirs already: DMs sent late,
/// after a restart). Returns the names of those whose DMs are closed.
pub async fn send_starting_tickets(ctx: &serenity::Context, data: &Data, table: &Table) -> Vec<String> {
    let mut closed = Vec::new();
    let map = table.game.map();
    for seat in &table.seats {
        let Some(user) = seat.user_id else { continue };
        let lang = seat_language(seat, table.lang());
        let view = table.game.seat_view(seat.seat);
        if view.offer.is_empty() {
            continue;
        }
        let list: Vec<String> = view
            .offer
            .iter()
            .map(|&t| format!("• {}", text::ticket(lang, map, t)))
            .collect();
        let message = tr!(
            lang,
            "dm-starting-tickets",
            map = text::map_name(lang, map),
            channel = format!("<#{}>", table.channel),
            tickets = list.join("\n"),
            keep = map.rules.tickets_keep
        );
        if !deliver(ctx, user, message).await {
            data.dms_closed(table.id, user);
            closed.push(escape_markdown(&seat.player.name));
        }
    }
    closed
}

/// DMs a player their tickets (done ✓ / not yet). Returns their name when their DMs are closed and the channel was
/// not told yet in this game.
pub async fn send_tickets(ctx: &serenity::Context, data: &Data, table: &Table, seat: Seat) -> Option<String> {
    let stored = table.seats.get(seat.index())?;
    let user = stored.user_id?;
    let map = table.game.map();
    let view = table.game.seat_view(seat);
    let lang = seat_language(stored, table.lang());
    let lines: Vec<String> = view
        .tickets
        .iter()
        .map(|&(t, done)| format!("{} {}", if done { "✓" } else { "○" }, text::ticket(lang, map, t)))
        .collect();
    let message = tr!(
        lang,
        "dm-tickets",
        map = text::map_name(lang, map),
        channel = format!("<#{}>", table.channel),
        tickets = lines.join("\n")
    );
    if deliver(ctx, user, message).await || !data.dms_closed(table.id, user) {
        return None;
    }
    Some(escape_markdown(&stored.player.name))
}

/// Sends a DM (tried again after a passing failure); false when it could not be delivered (closed DMs, most often).
async fn deliver(ctx: &serenity::Context, user: u64, message: String) -> bool {
    let dm = serenity::CreateMessage::new().content(message);
    let sent = direct_message(ctx, user, dm).await;
    if let Err(e) = &sent {
        tracing::info!(user, "DM not delivered: {e}");
    }
    sent.is_ok()
}
