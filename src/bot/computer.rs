//! Computer players' moves in Discord: made by the bot right after the action before them is answered, read from
//! the database (so a restart picks them up again), stored and posted like anyone's.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::announce::after_play;
use super::data::Data;
use super::parallel::side_by_side;
use super::play::play_seat;
use super::refusal::Error;
use super::table::Table;
use crate::ai::{DEFAULT_THINK, Level};
use crate::ids::GameId;
use crate::lang::Lang;
use crate::rules::{Action, GameRng, Seat};
use crate::sim;

/// Most computer moves in a row before the bot looks up again (a game of computers alone still ends: each round
/// of this loop is one stored action, and every game ends).
const MOST_IN_A_ROW: usize = 2_000;

/// Makes every move computer players owe in a channel's game now: their starting tickets, then their turns while
/// one of them is to act. A computer thinks without holding the channel (a hard one thinks for about a second, on a
/// blocking thread so the bot keeps answering), then takes the channel's game lock like a person and plays its move
/// if the game is still where it was; each move is posted in order.
async fn play_computers(ctx: &serenity::Context, data: &Data, channel: u64) -> Result<(), Error> {
    let Some(turn) = data.computers_turn(channel) else {
        return Ok(());
    };
    for _ in 0..MOST_IN_A_ROW {
        let Some((seat, version, decide)) = next_decision(data, channel).await? else {
            if turn.finish() {
                return Ok(());
            }
            continue;
        };
        let action = thought(data, decide).await?;
        let held = data.hold(channel).await;
        let Some(table) = Table::in_channel(data, channel).await? else {
            return Ok(());
        };
        // A person may have taken the seat back (`/ttr rejoin`) while the computer thought: then it is theirs.
        let still_computer = table.seats.get(seat.index()).is_some_and(|s| s.user_id.is_none());
        if table.version != version || !still_computer {
            // Someone acted while the computer thought (a person's move cannot be pending at a computer's turn,
            // but a cancel or a leave can): think again from the new position.
            continue;
        }
        let played = match play_seat(data, table, seat, action, Lang::En).await {
            Ok(played) => played,
            Err(Error::Refused(refused)) => {
                let refusal = refused.words(Lang::En);
                tracing::error!(
                    channel,
                    ?action,
                    "a computer player's legal move was refused: {refusal}"
                );
                return Ok(());
            }
            Err(e) => return Err(e),
        };
        tracing::info!(channel, version = played.after.version, "a computer moved");
        let _order = data.announcing(channel, held).await;
        after_play(ctx, data, &played).await?;
    }
    Ok(())
}

/// Runs a computer's thinking for its move on the thinking threads (see [`super::pools::Pools::think`]).
async fn thought(data: &Data, decide: impl FnOnce() -> Action + Send + 'static) -> Result<Action, Error> {
    data.pools
        .think(|| {
            tracing::info!("a computer thinks");
            let action = decide();
            tracing::info!("a computer is done thinking");
            action
        })
        .await
}

/// Computer players of game `game` (in `channel`) owed a move make it, under the game's lease: only this process's
/// games (or a dead process's), one process at a time. A game with no computer to act takes no lease (two writes)
/// for nothing. When another process holds the lease it is moving them; anything left is the supervisor's.
///
/// # Errors
/// The store's, looking or taking the lease; the computers' own failures.
pub async fn move_if_owed(ctx: &serenity::Context, data: &Data, game: GameId, channel: u64) -> Result<(), Error> {
    if next_decision(data, channel).await?.is_none() {
        return Ok(());
    }
    data.leased(game, play_computers(ctx, data, channel))
        .await?
        .unwrap_or(Ok(()))
}

/// The computer seat to act in a channel's game, the game's version, and its decision to make (run it off the async
/// threads). `None` when no computer is to act.
async fn next_decision(
    data: &Data,
    channel: u64,
) -> Result<Option<(Seat, i64, impl FnOnce() -> Action + Send + 'static)>, Error> {
    let _held = data.hold(channel).await;
    let Some(table) = Table::in_channel(data, channel).await? else {
        return Ok(None);
    };
    let computer = table
        .game
        .to_act()
        .into_iter()
        .find(|seat| table.seats.get(seat.index()).is_some_and(|s| s.user_id.is_none()));
    let Some(seat) = computer else {
        return Ok(None);
    };
    // A computer standing in for a person who is away plays at normal level; one seated from the start plays at
    // the level the game was opened with.
    let stand_in = table.seats.get(seat.index()).is_some_and(|s| s.stand_in_for.is_some());
    let level = if stand_in {
        Level::Normal
    } else {
        table.settings.computer_level
    };
    let mut legal = Vec::new();
    table.game.legal_actions(seat, &mut legal);
    if legal.is_empty() {
        return Ok(None);
    }
    // Seeded by the game and its version: the same position gets the same move, after a restart too.
    let mut rng = GameRng::new((table.id.0 as u64).rotate_left(32) ^ table.version as u64);
    let view = table.game.seat_view(seat);
    let map = Arc::clone(table.game.map());
    let think = sim::think_for(DEFAULT_THINK);
    let decide = move || {
        level
            .player_for_one_decision(think)
            .choose(&map, &view, &legal, &mut rng)
    };
    Ok(Some((seat, table.version, decide)))
}

/// Every running game with computer players gets the moves they owe (after a restart or a crash, a post that
/// failed, …), a few games side by side: one that fails does not stop the others.
///
/// # Errors
/// The store's, listing the games.
pub async fn resume_all(ctx: &serenity::Context, data: &Data) -> Result<(), Error> {
    let owed = data.store.running_games_with_computers(&data.worker).await?;
    side_by_side(owed, |(game, channel)| {
        let (ctx, data) = (ctx.clone(), data.clone());
        async move {
            if let Err(e) = move_if_owed(&ctx, &data, game, channel).await {
                tracing::warn!(game = game.0, channel, "computer players could not move: {e}");
            }
        }
    })
    .await;
    Ok(())
}
