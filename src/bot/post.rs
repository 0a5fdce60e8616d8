//! Every request to Discord that must not be lost goes through here: tried again with backoff when Discord fails
//! for a passing reason (a 5xx, a 429, a timeout, a dropped connection), and a channel post carries a nonce
//! Discord enforces, so a try after an answer that was lost on the way back posts once. Each try is counted against
//! Discord's global budget of requests, turn messages first.

use std::future::Future;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::refusal::{Error, passing};

/// The waits before each new try: about 15 seconds in all, then the failure stands (and the game stays marked
/// unannounced for the supervisor to show later).
const BACKOFF: [Duration; 5] = [
    Duration::from_millis(500),
    Duration::from_secs(1),
    Duration::from_secs(2),
    Duration::from_secs(4),
    Duration::from_secs(8),
];

/// Runs a request, trying again after each passing failure (see [`passing`]) until the backoff runs out.
///
/// # Errors
/// The last failure, or the first that is not passing.
pub async fn with_retries<T, F, Fut>(what: &str, priority: Priority, mut request: F) -> Result<T, serenity::Error>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, serenity::Error>>,
{
    for wait in BACKOFF {
        spend(priority).await;
        fenced().await?;
        match request().await {
            Err(e) if passing(&e) => {
                tracing::warn!("{what} failed for a passing reason; trying again in {wait:?}: {e}");
                tokio::time::sleep(wait).await;
            }
            done => return done,
        }
    }
    spend(priority).await;
    fenced().await?;
    request().await
}

/// Refuses a request made for a game under a lease this process lost (see [`crate::store::lease_lost`]): the
/// process that took the game over makes it instead.
pub(super) async fn fenced() -> Result<(), serenity::Error> {
    if crate::store::lease_lost().await {
        return Err(serenity::Error::Other(
            "not sent: another process took over the game this was for",
        ));
    }
    Ok(())
}

/// Posts a message in a channel, tried again after passing failures, with a nonce Discord enforces so that it is
/// posted once however often it is sent: `nonce` when the caller has one that names what is posted (a game, its
/// version, the kind of message: the same after a restart), else one made for this post.
///
/// # Errors
/// Discord's, once tries run out or for a failure that would not pass.
pub async fn post(
    ctx: &serenity::Context,
    channel: u64,
    message: serenity::CreateMessage,
    nonce: Option<String>,
    priority: Priority,
) -> Result<serenity::Message, Error> {
    let nonce = nonce.unwrap_or_else(fresh_nonce);
    let message = message.nonce(serenity::Nonce::String(nonce)).enforce_nonce(true);
    let channel = serenity::ChannelId::new(channel);
    let posted = with_retries("a post in the channel", priority, || {
        channel.send_message(ctx, message.clone())
    })
    .await?;
    Ok(posted)
}

/// Edits a message of the bot's in a channel, tried again after passing failures (`what` names it in the log).
///
/// # Errors
/// Discord's, once tries run out or for a failure that would not pass (a message deleted meanwhile: 10008).
pub async fn edit(
    ctx: &serenity::Context,
    channel: u64,
    message: serenity::MessageId,
    edit: serenity::EditMessage,
    what: &str,
) -> Result<serenity::Message, Error> {
    let channel = serenity::ChannelId::new(channel);
    let edited = with_retries(what, Priority::Game, || {
        channel.edit_message(ctx, message, edit.clone())
    })
    .await?;
    Ok(edited)
}

/// Deletes a message of the bot's in a channel, tried again after passing failures; a message already gone counts
/// as deleted.
///
/// # Errors
/// Discord's, once tries run out or for a failure that would not pass.
pub async fn delete(ctx: &serenity::Context, channel: u64, message: u64) -> Result<(), Error> {
    let channel = serenity::ChannelId::new(channel);
    let message = serenity::MessageId::new(message);
    let deleted = with_retries("deleting a message", Priority::Game, || {
        channel.delete_message(ctx, message)
    })
    .await;
    // 10008, Unknown Message: deleted by someone already.
    gone_is_deleted(deleted, 10008)
}

/// A deletion's result, where Discord's `gone` code (Unknown Message, Unknown Channel: deleted already, by someone
/// or by a try whose answer was lost) counts as deleted.
fn gone_is_deleted<T>(deleted: Result<T, serenity::Error>, gone: isize) -> Result<(), Error> {
    match deleted.map_err(Error::from) {
        Ok(_) => Ok(()),
        Err(e) if e.discord_code() == Some(gone) => Ok(()),
        Err(e) => Err(e),
    }
}

/// Sends a direct message to a person (the DM channel is opened first), tried again after passing failures, with a
/// nonce, so it arrives once.
///
/// # Errors
/// Discord's: most often the person's DMs are closed (50007).
pub async fn direct_message(ctx: &serenity::Context, user: u64, message: serenity::CreateMessage) -> Result<(), Error> {
    let to = serenity::UserId::new(user);
    let channel = with_retries("opening a DM", Priority::Game, || to.create_dm_channel(ctx)).await?;
    post(ctx, channel.id.get(), message, None, Priority::Game).await?;
    Ok(())
}

/// Opens a public thread in a channel for a new game; its id. Tried once: a second try after an answer lost on the
/// way back would open a second thread.
///
/// # Errors
/// Discord's.
pub async fn open_thread(
    ctx: &serenity::Context,
    channel: u64,
    thread: serenity::CreateThread<'_>,
) -> Result<u64, Error> {
    spend(Priority::Game).await;
    fenced().await?;
    let made = serenity::ChannelId::new(channel).create_thread(ctx, thread).await?;
    Ok(made.id.get())
}

/// Deletes a thread the bot opened and left empty, tried again after passing failures; a thread already gone counts
/// as deleted.
///
/// # Errors
/// Discord's.
pub async fn delete_thread(ctx: &serenity::Context, thread: u64) -> Result<(), Error> {
    let thread = serenity::ChannelId::new(thread);
    let deleted = with_retries("deleting an empty thread", Priority::Game, || thread.delete(ctx)).await;
    // 10003, Unknown Channel.
    gone_is_deleted(deleted, 10003)
}

/// Discord's global limit: 50 requests a second for the whole bot (answers to interactions aside), unless Discord
/// granted this bot more (`TTRBOT_GLOBAL_RATE`).
pub const DISCORD_GLOBAL_RATE: u32 = 50;

/// The share of the global limit counted here: a few requests (the gateway's address, the commands' registration,
/// a lobby's own message) are made by serenity or outside this module, and a process started right after another
/// must not add a burst to the last second's requests.
const BUDGETED_SHARE: f64 = 0.6;

/// At most this many seconds' worth of requests go at once after a quiet while: with the steady rate, any one second
/// holds at most `global × BUDGETED_SHARE × (1 + BURST_SECONDS)` requests (38 of Discord's 50).
const BURST_SECONDS: f64 = 0.25;

/// The share of the budget optional requests leave to a game's: they wait while less than this is left.
const RESERVED_FOR_GAMES: f64 = 0.5;

/// What a request is for, and so which waits for which when the budget runs short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    /// What a game needs to go on: a turn message or its edit, a sentence about a move, a player's tickets.
    Game,
    /// What may wait a moment (at most [`OPTIONAL_WAITS_AT_MOST`]): reminders, tidying up old messages.
    Optional,
}

/// A token bucket over Discord's global budget: `per_second` requests a second, [`BURST_SECONDS`] of them at once;
/// optional requests wait while less than [`RESERVED_FOR_GAMES`] of a burst is left, so a game's requests pass first.
#[derive(Debug)]
pub struct Budget {
    per_second: f64,
    left: f64,
    at: std::time::Instant,
}

impl Budget {
    /// A budget of `per_second` requests a second, empty at `now`: a process started again right after another
    /// run spent the last second's requests must not add a burst of its own to them.
    pub fn new(per_second: f64, now: std::time::Instant) -> Budget {
        Budget {
            per_second: per_second.max(1.0),
            left: 0.0,
            at: now,
        }
    }

    /// The budget of a process running `own` of the bot's `total` shards, under a global limit of `global`
    /// requests a second.
    pub fn for_shards(own: u32, total: u32, global: u32, now: std::time::Instant) -> Budget {
        let share = f64::from(own.max(1)) / f64::from(total.max(1));
        Budget::new(f64::from(global) * BUDGETED_SHARE * share.min(1.0), now)
    }

    fn burst_of(per_second: f64) -> f64 {
        (per_second * BURST_SECONDS).max(1.0)
    }

    /// Takes one request's place at `now`, or says how long to wait before asking again.
    ///
    /// # Errors
    /// The wait, when the budget is spent (for this priority).
    pub fn take(&mut self, priority: Priority, now: std::time::Instant) -> Result<(), Duration> {
        let burst = Budget::burst_of(self.per_second);
        if now > self.at {
            let refilled = now.duration_since(self.at).as_secs_f64() * self.per_second;
            self.left = (self.left + refilled).min(burst);
            self.at = now;
        }
        let keep = match priority {
            Priority::Game => 0.0,
            Priority::Optional => (burst * RESERVED_FOR_GAMES).floor(),
        };
        if self.left >= 1.0 + keep {
            self.left -= 1.0;
            Ok(())
        } else {
            // Rounded up to the millisecond, so that asking again after the wait finds the place.
            let seconds = (1.0 + keep - self.left) / self.per_second;
            Err(Duration::from_millis((seconds * 1000.0).ceil() as u64))
        }
    }
}

/// This process's budget, shared by every request counted here.
fn budget() -> &'static std::sync::Mutex<Budget> {
    static BUDGET: std::sync::OnceLock<std::sync::Mutex<Budget>> = std::sync::OnceLock::new();
    BUDGET
        .get_or_init(|| std::sync::Mutex::new(Budget::for_shards(1, 1, DISCORD_GLOBAL_RATE, std::time::Instant::now())))
}

/// Sets this process's share of the budget: it runs `own` of the bot's `total` shards, and the bot may make
/// `global` requests a second.
pub fn share_budget(own: u32, total: u32, global: u32) {
    let mut budget = budget().lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    *budget = Budget::for_shards(own, total, global, std::time::Instant::now());
}

/// Longest an optional request waits for the games' requests to leave it room: then it goes as one of theirs, so a
/// reminder is late under load, never lost.
const OPTIONAL_WAITS_AT_MOST: Duration = Duration::from_secs(5);

/// Waits for a place in the budget for one request to Discord that is not an answer to an interaction (each try
/// of [`with_retries`] takes one; a request made outside it takes one here first).
pub async fn spend(priority: Priority) {
    let arrived = std::time::Instant::now();
    // One request of each priority asks the budget at a time, and the others queue behind it in the order they came
    // (tokio's lock is fair): no herd of waiters woken for one place, and no request overtaken for ever.
    let _first_in_line = lane(priority).lock().await;
    loop {
        let asks = if priority == Priority::Optional && arrived.elapsed() >= OPTIONAL_WAITS_AT_MOST {
            Priority::Game
        } else {
            priority
        };
        let taken = {
            let mut budget = budget().lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            budget.take(asks, std::time::Instant::now())
        };
        match taken {
            Ok(()) => return,
            Err(wait) => tokio::time::sleep(wait).await,
        }
    }
}

/// The line of requests of one priority waiting for the budget.
fn lane(priority: Priority) -> &'static tokio::sync::Mutex<()> {
    static GAME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    static OPTIONAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    match priority {
        Priority::Game => &GAME,
        Priority::Optional => &OPTIONAL,
    }
}

/// The nonce of a game's message about one version: `kind` tells a turn message (`t`) from a sentence (`s`), a
/// repost (`r`), a dashboard's status message (`d`), its ping (`p`) or a reminder (`m`, whose `version` is the
/// time it was due). Numbers in base 36: games and versions below 36^10 and 36^13 fit Discord's 25 characters.
pub fn nonce(game: crate::ids::GameId, version: i64, kind: char) -> String {
    format!(
        "{kind}{}-{}",
        base36(game.0.unsigned_abs()),
        base36(version.unsigned_abs())
    )
}

/// A nonce for a post that names nothing stored (a notice): this process's start and a count, unique among the
/// posts of the last minutes, which is all Discord compares.
fn fresh_nonce() -> String {
    static STARTED: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    static COUNT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let started = *STARTED.get_or_init(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64)
    });
    let count = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("n{}-{}", base36(started), base36(count))
}

fn base36(mut n: u64) -> String {
    let mut digits = Vec::new();
    loop {
        digits.push(char::from_digit((n % 36) as u32, 36).unwrap_or('0'));
        n /= 36;
        if n == 0 {
            break;
        }
    }
    digits.iter().rev().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_request_for_a_game_whose_lease_this_process_lost_is_never_sent() {
        use crate::store::{Clock, NewGame, NewSeat, Store, Worker};
        use std::sync::Arc;
        use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
        let now = Arc::new(AtomicI64::new(1_000_000));
        let clock = Clock::from_fn({
            let now = Arc::clone(&now);
            move || now.load(Ordering::SeqCst)
        });
        let store = Store::open_with_clock("sqlite::memory:", clock).await.unwrap();
        let seat = |i: usize| NewSeat {
            user_id: Some(100 + i as u64),
            name: format!("P{i}"),
            color: crate::seating::PlayerColor::for_seat(i),
        };
        let game = store
            .create_game(&NewGame {
                channel_id: 1,
                guild_id: None,
                map: crate::maps::BUILTIN[0].0.into(),
                seed: 1.into(),
                seats: vec![seat(0), seat(1)],
                settings: crate::settings::Settings::default(),
            })
            .await
            .unwrap();
        let worker = Worker::alone(0);
        store.heartbeat(&worker).await.unwrap();
        assert!(store.claim(game, &worker).await.unwrap());
        let sent = AtomicUsize::new(0);
        let request = || async {
            sent.fetch_add(1, Ordering::SeqCst);
            Ok::<(), serenity::Error>(())
        };
        store
            .under_lease(game, &worker, async {
                with_retries("a test's post", Priority::Game, request).await.unwrap();
                // Paused past its lease: whoever takes the game next posts instead.
                now.fetch_add(worker.lease_ms + 1, Ordering::SeqCst);
                let refused = with_retries("a test's post", Priority::Game, request).await;
                assert!(refused.is_err(), "{refused:?}");
            })
            .await;
        assert_eq!(sent.load(Ordering::SeqCst), 1);
        with_retries("a test's post", Priority::Game, request).await.unwrap();
        assert_eq!(sent.load(Ordering::SeqCst), 2, "outside leased work nothing is fenced");
    }

    /// Requests the budget lets through from `start` for `seconds`, asked as often as it allows, of each priority in
    /// turn; the most that went in any one second.
    fn busiest_second(
        budget: &mut Budget,
        start: Instant,
        seconds: u64,
        priorities: &[Priority],
    ) -> (usize, Vec<usize>) {
        let mut times = Vec::new();
        let mut through = vec![0; priorities.len()];
        let step = Duration::from_millis(1);
        let mut now = start;
        while now < start + Duration::from_secs(seconds) {
            for (i, priority) in priorities.iter().enumerate() {
                if budget.take(*priority, now).is_ok() {
                    times.push(now);
                    through[i] += 1;
                }
            }
            now += step;
        }
        let most = times
            .iter()
            .map(|t| {
                times
                    .iter()
                    .filter(|u| **u >= *t && **u < *t + Duration::from_secs(1))
                    .count()
            })
            .max()
            .unwrap_or(0);
        (most, through)
    }

    #[test]
    fn no_second_holds_more_than_discords_fifty_requests_however_hard_they_come() {
        let start = Instant::now();
        let mut budget = Budget::for_shards(4, 4, DISCORD_GLOBAL_RATE, start);
        let (most, _) = busiest_second(&mut budget, start, 5, &[Priority::Game, Priority::Optional]);
        assert!(most <= 38, "{most} requests in one second");
        assert!(most >= 29, "and the budget is used: {most}");
    }

    #[test]
    fn a_games_requests_pass_first_when_optional_ones_would_spend_the_budget() {
        let start = Instant::now();
        let mut budget = Budget::new(36.0, start);
        let (_, through) = busiest_second(&mut budget, start, 10, &[Priority::Optional, Priority::Game]);
        let (optional, game) = (through[0], through[1]);
        assert!(game >= 340, "the game's requests take nearly all: {game}");
        assert!(optional <= 20, "the optional ones wait: {optional}");
    }

    #[test]
    fn optional_requests_go_at_the_full_rate_when_no_game_needs_it() {
        let start = Instant::now();
        let mut budget = Budget::new(36.0, start);
        let (_, through) = busiest_second(&mut budget, start, 10, &[Priority::Optional]);
        assert!(through[0] >= 350, "{through:?}");
    }

    #[test]
    fn each_process_takes_its_shards_share() {
        let start = Instant::now();
        for (own, total) in [(1, 4), (2, 4), (3, 8)] {
            let mut budget = Budget::for_shards(own, total, DISCORD_GLOBAL_RATE, start);
            let (most, _) = busiest_second(&mut budget, start, 3, &[Priority::Game]);
            let share = 38.0 * f64::from(own) / f64::from(total);
            assert!(most as f64 <= share.ceil() + 1.0, "{own}/{total}: {most}");
        }
    }

    #[test]
    fn a_wait_says_when_to_ask_again() {
        let start = Instant::now();
        let mut budget = Budget::new(10.0, start);
        while budget.take(Priority::Game, start).is_ok() {}
        let wait = budget.take(Priority::Game, start).unwrap_err();
        assert!(wait <= Duration::from_millis(100), "{wait:?}");
        assert_eq!(budget.take(Priority::Game, start + wait), Ok(()));
    }
}
