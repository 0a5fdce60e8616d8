//! The supervisor: a periodic scan of the database that moves on every game waiting for the bot rather than for a
//! person (an action its channel was never shown, because a post failed past its retries or the bot stopped; a
//! computer player to move), so no game waits for someone to poke its channel. Every background loop runs under
//! [`keep_running`], which starts it again if it panics.

use std::collections::HashMap;
use std::future::Future;
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;

use super::announce::{show_as_it_stands, tell_channel_when};
use super::computer;
use super::data::Data;
use super::parallel::side_by_side;
use super::post::Priority;
use super::refusal::Error;
use super::table::Table;
use crate::ids::GameId;
use crate::text::{self, catalog::tr};

/// Runs a background loop until the runtime shuts down: if it panics, the panic is logged and the loop starts again
/// after `pause`.
pub async fn keep_running<F, Fut>(name: &'static str, pause: Duration, mut start: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    loop {
        match tokio::spawn(start()).await {
            Ok(()) => tracing::warn!("the {name} loop stopped; starting it again"),
            // Cancelled, not panicked: the runtime is shutting down (the bot is stopping), and so is this loop.
            Err(e) if e.is_cancelled() => return,
            Err(e) => tracing::error!("the {name} loop panicked; starting it again: {e}"),
        }
        tokio::time::sleep(pause).await;
    }
}

/// Longest wait before a game whose post keeps failing (a channel gone, a permission missing) is tried again.
const LONGEST_WAIT: Duration = Duration::from_secs(3_600);

/// Games whose last showing failed: how many times in a row, and when to try again (twice as late each time).
#[derive(Default)]
struct Failing(HashMap<GameId, (u32, Instant)>, HashMap<GameId, Instant>);

impl Failing {
    /// How many times in a row the game's showing failed.
    fn times(&self, game: GameId) -> u32 {
        self.0.get(&game).map_or(0, |(times, _)| *times)
    }

    fn due(&self, game: GameId) -> bool {
        self.0.get(&game).is_none_or(|(_, next)| Instant::now() >= *next)
    }

    /// How long the game's showing has failed, from its first failure in a row.
    fn failing_for(&self, game: GameId) -> Duration {
        self.1.get(&game).map_or(Duration::ZERO, Instant::elapsed)
    }

    /// Forgets a game's failures (it was shown, or it is gone).
    fn forget(&mut self, game: GameId) {
        self.0.remove(&game);
        self.1.remove(&game);
    }

    fn failed(&mut self, game: GameId, every: Duration) {
        self.1.entry(game).or_insert_with(Instant::now);
        let (times, next) = self.0.entry(game).or_insert((0, Instant::now()));
        *times += 1;
        let wait = every.saturating_mul(1 << (*times).min(16)).min(LONGEST_WAIT);
        *next = Instant::now() + wait;
    }
}

/// Scans every `every`, forever: games owed an announcement are shown as they stand, computers owed a move make it.
pub async fn run(ctx: serenity::Context, data: Data, every: Duration) {
    let mut failing = Failing::default();
    loop {
        tokio::time::sleep(every).await;
        if let Err(e) = show_unannounced(&ctx, &data, &mut failing, every, "shown-late").await {
            tracing::error!("supervisor, listing games owed a post: {e}");
        }
        if let Err(e) = send_owed_starting_dms(&ctx, &data).await {
            tracing::error!("supervisor, listing games owed their starting tickets' DMs: {e}");
        }
        if let Err(e) = computer::resume_all(&ctx, &data).await {
            tracing::error!("supervisor, listing games owed a computer's move: {e}");
        }
        if let Err(e) = close_idle_lobbies(&ctx, &data).await {
            tracing::error!("supervisor, closing idle lobbies: {e}");
        }
    }
}

/// How long, and how many tries in a row, a channel may answer "Missing Access" before its games are taken as gone:
/// the bot's access may come back (someone changed the channel's permissions for a while).
const MISSING_ACCESS_FOR: Duration = Duration::from_secs(24 * 3_600);
const MISSING_ACCESS_TIMES: u32 = 6;

/// Whether a failure to show a game says its channel is gone: Discord's "Unknown Channel" (10003) at once, "Missing
/// Access" (50001) when it kept coming for a day, at least [`MISSING_ACCESS_TIMES`] tries in a row.
fn channel_is_gone(e: &Error, times: u32, failing_for: Duration) -> bool {
    match e.discord_code() {
        Some(10003) => true,
        Some(50001) => times >= MISSING_ACCESS_TIMES && failing_for >= MISSING_ACCESS_FOR,
        _ => false,
    }
}

/// A channel is gone (deleted, a thread removed, the server left): its games end, and nothing more is sent there.
pub async fn forget_channel(data: &Data, channel: u64, why: &(dyn std::fmt::Display + Sync)) {
    match data.store.channel_gone(channel).await {
        Ok(ended) => tracing::info!(
            channel,
            ended = ended.len(),
            "a channel is gone ({why}): its games ended"
        ),
        Err(e) => tracing::warn!(channel, "a gone channel's games could not be ended: {e}"),
    }
}

/// Tells the other processes on the database that this one is alive, a few times per lease length, forever: while
/// it does, its shards' background work stays its own.
pub async fn keep_alive(data: Data) {
    let lease = std::time::Duration::from_millis(u64::try_from(data.worker.lease_ms).unwrap_or(0));
    let shared = data.store.backend() == crate::store::Backend::Postgres;
    let mut last_written = std::time::Instant::now();
    loop {
        // Looked for before this run's own heartbeat is written again (which would bring a replaced run's row back):
        // a run that started after this one and serves its servers took it for dead (it was paused, or cut off from
        // the database, past its heartbeat), and this one stops rather than work beside its replacement.
        let stop = match data.store.replaced_by(&data.worker).await {
            Ok(newer) if !newer.is_empty() => {
                data.stop_with(format!(
                    "a newer process ({}) took over this one's servers while it was taken for dead (paused, or cut \
                     off from the database, longer than TTRBOT_LEASE_MS): this one stops so that they are never \
                     served twice",
                    newer.join(", ")
                ));
                true
            }
            Ok(_) => false,
            Err(e) => {
                tracing::warn!("could not look for a process that replaced this one: {e}");
                false
            }
        };
        // Cut off from a shared database past its lease, another process may be serving these servers already.
        let cut_off = !stop && shared && last_written.elapsed() > lease;
        if cut_off {
            data.stop_with(format!(
                "no heartbeat could be written for {} s (longer than TTRBOT_LEASE_MS): another process may serve \
                 these servers now, so this one stops",
                last_written.elapsed().as_secs()
            ));
        }
        if stop || cut_off {
            // Nothing more is written while the process stops (returning would have the loop started again).
            std::future::pending::<()>().await;
        }
        match data.store.heartbeat(&data.worker).await {
            Ok(()) => last_written = std::time::Instant::now(),
            Err(e) => {
                tracing::error!("the heartbeat could not be written (other processes take this one's work over): {e}");
            }
        }
        tokio::time::sleep(data.worker.heartbeat_every()).await;
    }
}

/// Lobbies left a week without a start are closed, and their channels told (in the server's language, which the
/// lobby kept).
///
/// # Errors
/// The store's.
async fn close_idle_lobbies(ctx: &serenity::Context, data: &Data) -> Result<(), Error> {
    for (channel, map, lang) in data.store.close_idle_lobbies(&data.worker).await? {
        let map = crate::maps::builtin(&map).map_or(map, |m| text::map_name(lang, &m));
        let notice = tr!(lang, "lobby-expired", map = map);
        if let Err(e) = tell_channel_when(ctx, channel, notice, Priority::Optional).await {
            tracing::info!(channel, "a closed lobby's channel could not be told: {e}");
        }
    }
    Ok(())
}

/// Every game whose latest action its channel was never shown is shown as it stands, a few side by side; one that
/// keeps failing is tried less and less often.
///
/// # Errors
/// The store's, listing the games.
async fn show_unannounced(
    ctx: &serenity::Context,
    data: &Data,
    failing: &mut Failing,
    every: Duration,
    words: &str,
) -> Result<(), Error> {
    let owed = data.store.unannounced(&data.worker).await?;
    // A game shown some other way (by its next action) is forgotten.
    failing.0.retain(|game, _| owed.iter().any(|(id, _)| id == game));
    failing.1.retain(|game, _| owed.iter().any(|(id, _)| id == game));
    let due: Vec<(GameId, u64)> = owed.into_iter().filter(|(id, _)| failing.due(*id)).collect();
    let words = words.to_string();
    let shown = side_by_side(due, |(id, channel)| {
        let (ctx, data, words) = (ctx.clone(), data.clone(), words.clone());
        async move {
            // Only this process's games (or a dead process's), one process at a time.
            let shown = match data
                .leased(id, show_if_still_owed(&ctx, &data, id, channel, &words))
                .await
            {
                Ok(Some(shown)) => Some(shown),
                Ok(None) => None,
                Err(e) => Some(Err(e.into())),
            };
            (id, channel, shown)
        }
    })
    .await;
    for (id, channel, shown) in shown {
        // `None`: another process's game.
        let Some(shown) = shown else { continue };
        match shown {
            Ok(()) => failing.forget(id),
            Err(e) => {
                failing.failed(id, every);
                if channel_is_gone(&e, failing.times(id), failing.failing_for(id)) {
                    failing.forget(id);
                    forget_channel(data, channel, &e).await;
                    continue;
                }
                tracing::warn!(
                    game = id.0,
                    channel,
                    "a game its channel was not shown could not be shown: {e}"
                );
            }
        }
    }
    Ok(())
}

/// Shows one game if, once every announcement already under way in its channel is done, it is still owed one and
/// no action stored since waits to be told by its own handler (so nothing is told twice). `words` says why (the
/// catalog's key).
async fn show_if_still_owed(
    ctx: &serenity::Context,
    data: &Data,
    id: GameId,
    channel: u64,
    words: &str,
) -> Result<(), Error> {
    let held = data.hold(channel).await;
    let order = data.announcing(channel, held).await;
    let table = {
        // Holding the channel again, nobody can store an action and queue behind while the game is looked at. (A
        // handler never waits in the queue while holding the channel, so this cannot wait forever.) It is let go
        // before posting: a move made meanwhile queues behind this post and is told after it.
        let _held = data.hold(channel).await;
        if !order.last_in_line() || !data.store.unannounced(&data.worker).await?.contains(&(id, channel)) {
            return Ok(());
        }
        Table::load(data, id, channel).await?
    };
    tracing::info!(
        game = id.0,
        channel,
        version = table.version,
        "showing a game its channel was not shown"
    );
    show_as_it_stands(ctx, data, &table, &tr!(table.lang(), words)).await
}

/// How long a game's start may take to DM its players before another process (or a later scan) takes the DMs as
/// not sent: each DM is tried again for about a minute, a few players one after another.
const STARTING_DMS_TAKE: Duration = Duration::from_secs(10 * 60);

/// DMs the starting tickets of every game whose start did not get to it: started before this process did (it was
/// stopped, or crashed, meanwhile), or long enough ago that no start still sending them can be under way.
///
/// # Errors
/// The store's, listing the games.
pub async fn send_owed_starting_dms(ctx: &serenity::Context, data: &Data) -> Result<(), Error> {
    let take = i64::try_from(STARTING_DMS_TAKE.as_millis()).unwrap_or(i64::MAX);
    let before = data.started_ms.max(data.store.now_ms().saturating_sub(take));
    let owed = data.store.starting_dms_owed(&data.worker, before).await?;
    let sent = side_by_side(owed, |(id, channel)| {
        let (ctx, data) = (ctx.clone(), data.clone());
        async move {
            let send = async {
                // Taken first: a scan that comes while an earlier one still sends them finds them taken.
                if !data.store.take_starting_dms(id, before).await? {
                    return Ok(());
                }
                let table = Table::load(&data, id, channel).await?;
                tracing::info!(
                    game = id.0,
                    channel,
                    "sending starting tickets' DMs a stop kept from going out"
                );
                super::announce::send_starting_dms(&ctx, &data, &table).await
            };
            (id, data.leased(id, send).await)
        }
    })
    .await;
    for (id, sent) in sent {
        match sent {
            Ok(Some(Err(e))) => tracing::warn!(game = id.0, "starting tickets' DMs owed could not be sent: {e}"),
            Err(e) => tracing::warn!(game = id.0, "starting tickets' DMs owed could not be sent: {e}"),
            Ok(Some(Ok(()))) | Ok(None) => {}
        }
    }
    Ok(())
}

/// On start: every game whose latest action the channel was never shown (the bot stopped between storing it and
/// posting it, or its posts failed) is shown as it stands, a few games side by side.
///
/// # Errors
/// The store's, listing the games.
pub async fn show_unannounced_after_start(ctx: &serenity::Context, data: &Data) -> Result<(), Error> {
    show_unannounced(ctx, data, &mut Failing::default(), data.supervisor_scan, "restarted").await
}
