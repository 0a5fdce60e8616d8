//! `/ttr hint`: the move the strongest computer player would make in the asker's seat now, and why, privately. Only
//! in games whose host turned hints on (`/ttr settings hints:`); each hint is counted for the final scoreboard.

use std::collections::HashSet;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::computer::think_within;
use super::data::Context;
use super::locale::user_lang;
use super::refusal::{Error, Refused};
use super::reply::Private;
use super::table::Table;
use crate::ai::{self, HINT_THINK};
use crate::ids::GameId;
use crate::rules::{GameRng, Seat};
use crate::{sim, text};

/// The least a hint thinks, however long it waited for a thinking thread: a hint from less would be the normal
/// player's move, which a person can learn from too, but a search this short still weighs a few deals.
const LEAST_THINK: Duration = Duration::from_millis(200);

/// Longest a hint waits for a thinking thread before it is refused as busy: the answer is due 2 s after asking, and
/// a queue of hints must not grow without end ahead of the computer players' moves.
const LONGEST_WAIT: Duration = Duration::from_secs(1);

/// The seats with a hint being thought, in this process: one at a time per seat, so that asking again and again
/// queues nothing more.
static THINKING: LazyLock<Mutex<HashSet<(GameId, Seat)>>> = LazyLock::new(Mutex::default);

/// A seat's hint being thought; dropping it lets the seat ask again.
struct OneAtATime((GameId, Seat));

impl OneAtATime {
    /// The seat's turn to have a hint thought, or `None` while one is.
    fn take(game: GameId, seat: Seat) -> Option<OneAtATime> {
        let first = THINKING
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert((game, seat));
        // The guard is made only when it is kept, and after the lock is given back: a guard made and thrown away
        // while `THINKING` is held (as `then_some` would, its argument being evaluated either way) would lock it
        // again in its `Drop`, and a std mutex locked twice by one thread waits for ever, with the tokio worker
        // under it.
        first.then(|| OneAtATime((game, seat)))
    }
}

impl Drop for OneAtATime {
    fn drop(&mut self) {
        THINKING.lock().unwrap_or_else(PoisonError::into_inner).remove(&self.0);
    }
}

/// The move a strong player would make in your place now, and why (only you see it).
#[poise::command(slash_command)]
pub async fn hint(ctx: Context<'_>) -> Result<(), Error> {
    let asked = Instant::now();
    let lang = user_lang(ctx);
    // Thinking takes over a second: acknowledge first, privately (a refusal after it is private too).
    ctx.defer_ephemeral().await?;
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
    let Some(_one) = OneAtATime::take(table.id, seat) else {
        return Err(Refused::HintBusy.into());
    };
    let view = table.game.seat_view(seat);
    let map = Arc::clone(table.game.map());
    // Seeded by the position and the seat (what the search finds within its time may still differ).
    let mut rng = GameRng::new((table.id.0 as u64).rotate_left(24) ^ ((table.version as u64) << 8) ^ u64::from(seat.0));
    let (thought_view, thought_map) = (view.clone(), Arc::clone(&map));
    let thought = think_within(LONGEST_WAIT, move || {
        // Time spent waiting for a thinking thread comes off the thinking: the answer is due 2 s after asking.
        let budget = HINT_THINK.saturating_sub(asked.elapsed()).max(LEAST_THINK);
        ai::hint(&thought_map, &thought_view, &legal, sim::think_for(budget), &mut rng)
    })
    .await?;
    let Some(hint) = thought else {
        return Err(Refused::HintBusy.into());
    };
    let answer = Private::text(text::hint(lang, &map, &view, &hint));
    ctx.send(answer.into_reply()).await?;
    // Counted once seen: a hint whose answer was lost is not one the person used.
    if let Err(e) = ctx.data().store.count_hint(table.id, seat).await {
        tracing::warn!(game = table.id.0, "a hint could not be counted: {e}");
    }
    Ok(())
}
