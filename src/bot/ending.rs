//! Ending a game early and leaving one in play: `/ttr end` and its `End the game` confirm (the host or a channel
//! manager ends it without a winner), and `Leave the game`, the confirm of `/ttr leave` mid-game (the seat goes to a
//! computer player until its person comes back).

use poise::serenity_prelude as serenity;

use super::component::Component;
use super::data::{Context, Data};
use super::locale::{private_lang, user_lang};
use super::outcome::Outcome;
use super::refusal::Error;
use super::reply::{actor, ask_to_confirm, who};
use super::table::{Opened, Press, Table};
use crate::text::{self, catalog::tr};

/// End the game in this channel without a winner (the host or someone who manages the channel).
#[poise::command(slash_command)]
pub async fn end(ctx: Context<'_>) -> Result<(), Error> {
    let table = Table::running(ctx.data(), ctx.channel_id().get()).await?;
    let lang = user_lang(ctx);
    let button =
        serenity::CreateButton::new(Component::End.id(table.id, table.version)).label(tr!(lang, "button-end-game"));
    ask_to_confirm(ctx, tr!(lang, "end-confirm"), button).await
}

/// `End the game` and `Leave the game`.
///
/// # Errors
/// Refused: not the host, not seated. Internal: Discord's or the store's.
pub async fn on_button(press: &Press<'_>) -> Result<(), Error> {
    let (ctx, data, component, id) = press.parts();
    let Opened { held, table } = Opened::component(press).await?;
    let outcome = match id.component {
        Component::End => end_confirmed(data, component, &table).await?,
        Component::HandOver => hand_over(data, component, &table).await?,
        other => return Err(Error::misrouted(other)),
    };
    outcome.respond(ctx, data, component, false, held).await
}

/// The host (or a channel manager) ends the game; the channel is told.
async fn end_confirmed(
    data: &Data,
    component: &serenity::ComponentInteraction,
    table: &Table,
) -> Result<Outcome, Error> {
    let actor = actor(&component.user, component.member.as_ref());
    data.store.end_game(table.channel, actor).await?;
    let map = text::map_name(table.lang(), table.game.map());
    let said = tr!(table.lang(), "ended-public", who = who(&component.user), map = map);
    let private = tr!(private_lang(&component.locale), "ended-private");
    Ok(Outcome::telling(private, table.channel, said))
}

/// The player's seat goes to a computer player (which moves when its turn comes).
async fn hand_over(data: &Data, component: &serenity::ComponentInteraction, table: &Table) -> Result<Outcome, Error> {
    let lang = private_lang(&component.locale);
    let (seat, ended) = data.store.hand_to_computer(table.id, component.user.id.get()).await?;
    let name = table.name(seat);
    let (public, private) = if ended {
        ("left-ended-public", "left-ended-private")
    } else {
        ("left-public", "left-private")
    };
    let said = tr!(table.lang(), public, name = name);
    Ok(Outcome::telling(tr!(lang, private), table.channel, said))
}
