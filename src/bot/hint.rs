//! `/ttr hint`: the move the strongest computer player would make in the asker's seat now, and why, privately. Only
//! in games whose host turned hints on (`/ttr settings hints:`); each hint is counted for the final scoreboard.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::data::Context;
use super::locale::user_lang;
use super::refusal::{Error, Refused};
use super::reply::{Asker, Private, acknowledge_command};
use super::table::Table;
use crate::ai::{self, HINT_THINK};
use crate::rules::GameRng;
use crate::{sim, text};

/// The least a hint thinks, however long it waited for a thinking thread: a hint from less would be the normal
/// player's move, which a person can learn from too, but a search this short still weighs a few deals.
const LEAST_THINK: Duration = Duration::from_millis(200);

/// Longest a hint waits for a thinking thread before it is refused as busy: long enough to wait out one other
/// think (a hint's 1.5 s, a hard computer's second) and still answer within 3 s of asking; a queue of hints must
/// not grow without end ahead of the computer players' moves (each person has one hint in flight at most).
const LONGEST_WAIT: Duration = Duration::from_millis(1_800);

/// The move a strong player would make in your place now, and why (only you see it).
#[poise::command(slash_command)]
pub async fn hint(ctx: Context<'_>) -> Result<(), Error> {
    let asked = Instant::now();
    let lang = user_lang(ctx);
    // Thinking takes over a second: acknowledge first, privately (a refusal after it is private too).
    acknowledge_command(ctx, false).await?;
    let table = Table::running(ctx.data(), ctx.channel_id().get()).await?;
    if !table.settings.hints {
        return Err(Refused::HintsOff.into());
    }
    // The seat is the asker's own: a hint sees that seat's view and nothing else.
    let seat = table.seat(ctx.author().id.get())?;
    let mut legal = Vec::new();
    table.game.legal_actions(seat, &mut legal);
    if legal.is_empty() {
        return Err(Refused::HintNotNow.into());
    }
    let Some(in_flight) = ctx.data().limits.hint(ctx.author().id.get()) else {
        return Err(Refused::HintBusy.into());
    };
    let view = table.game.seat_view(seat);
    let map = Arc::clone(table.game.map());
    // Seeded by the position and the seat (what the search finds within its time may still differ).
    let mut rng = GameRng::new((table.id.0 as u64).rotate_left(24) ^ ((table.version as u64) << 8) ^ u64::from(seat.0));
    let (thought_view, thought_map) = (view.clone(), Arc::clone(&map));
    let pools = Arc::clone(&ctx.data().pools);
    let thought = ctx
        .data()
        .pools
        .think_within(LONGEST_WAIT, move || {
            // Time spent waiting for a thinking thread comes off the thinking (the answer is due 2 s after asking), and
            // with others waiting behind it a hint thinks for its share, so the queue moves.
            let share = HINT_THINK / (1 + pools.thinkers_waiting()).min(8) as u32;
            let budget = share.saturating_sub(asked.elapsed()).max(LEAST_THINK);
            ai::hint(&thought_map, &thought_view, &legal, sim::think_for(budget), &mut rng)
        })
        .await?;
    // Thought: the person may ask again (answering and counting take a moment more, and hold no thread).
    drop(in_flight);
    let Some(hint) = thought else {
        return Err(Refused::HintBusy.into());
    };
    let answer = Private::text(text::hint(lang, &map, &view, &hint));
    Asker::Command(ctx).answer(answer).await?;
    // Counted once seen: a hint whose answer was lost is not one the person used.
    if let Err(e) = ctx.data().store.count_hint(table.id, seat).await {
        tracing::warn!(game = table.id.0, "a hint could not be counted: {e}");
    }
    Ok(())
}
