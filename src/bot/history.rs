//! `/ttr history`: the game's record so far in readable lines, a page at a time, for everyone.

use super::data::Context;
use super::refusal::Error;
use super::reply::say_quietly;
use super::table::Table;
use crate::text;

/// The game's record so far in readable lines, a page at a time (the latest page when none is given).
#[poise::command(slash_command)]
pub async fn history(ctx: Context<'_>, #[min = 1] page: Option<u32>) -> Result<(), Error> {
    let table = Table::running(ctx.data(), ctx.channel_id().get()).await?;
    let (_, events) = ctx.data().store.replay_with_events(table.id).await?;
    let body = text::history(
        table.lang(),
        table.game.map(),
        &table.names(),
        &events,
        page.map(|p| p as usize),
    );
    say_quietly(ctx, body).await
}
