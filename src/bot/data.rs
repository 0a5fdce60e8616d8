//! What every handler shares: the database, the per-channel locks that order a channel's actions, and the queues
//! that keep a channel's messages in the order of its actions.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use tokio::sync::Mutex;

use super::refusal::Error;
use crate::ids::GameId;
use crate::store::Store;

/// A command's context.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// What every handler shares: the database and the per-channel locks.
pub struct Data {
    /// The games.
    pub store: Store,
    /// One lock per channel: actions in one channel run one at a time, other channels are not held up.
    locks: std::sync::Mutex<HashMap<u64, Arc<Mutex<()>>>>,
    /// One queue per channel for posting what an action did, so a channel's messages come in the order of its
    /// actions while the next action is already being answered.
    announce_queues: std::sync::Mutex<HashMap<u64, Arc<Turnstile>>>,
    /// (game, user) pairs whose closed DMs the channel was told about, so it is told once (per run of the bot).
    closed_dms: std::sync::Mutex<HashSet<(i64, u64)>>,
    /// Seeds games from this number and the channel instead of the clock (`TTRBOT_GAME_SEED`).
    pub game_seed: Option<u64>,
    /// How often the reminder loop looks for due reminders.
    pub reminder_scan: std::time::Duration,
    /// Whether the reminder loop runs (it is started at the first `Ready`, not again on a reconnect).
    pub reminding: std::sync::atomic::AtomicBool,
}

impl Data {
    /// The shared state of a bot over `store`.
    pub fn new(store: Store, game_seed: Option<u64>, reminder_scan: std::time::Duration) -> Data {
        Data {
            store,
            locks: std::sync::Mutex::default(),
            announce_queues: std::sync::Mutex::default(),
            closed_dms: std::sync::Mutex::default(),
            game_seed,
            reminder_scan,
            reminding: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// Takes the channel's game lock: held from loading the game to answering the user.
    pub async fn hold(&self, channel: u64) -> Held {
        let lock = {
            let mut locks = self.locks.lock().expect("the lock table is never poisoned");
            Arc::clone(locks.entry(channel).or_default())
        };
        lock.lock_owned().await
    }

    /// Swaps the channel's game lock for a place in its announcing queue: the next action may be loaded and
    /// answered while this one's board is drawn and posted, and the channel still shows the actions in order (the
    /// place is taken while the game lock is held). Waits for this action's turn to post.
    pub async fn announcing(&self, channel: u64, held: Held) -> InOrder {
        let queue = {
            let mut queues = self.announce_queues.lock().expect("the queue table is never poisoned");
            Arc::clone(queues.entry(channel).or_insert_with(|| Arc::new(Turnstile::new())))
        };
        let ticket = queue.next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        drop(held);
        let mut serving = queue.serving.subscribe();
        // The sender lives in `queue`, which this function holds: waiting cannot fail.
        let _ = serving.wait_for(|now| *now == ticket).await;
        InOrder { queue }
    }

    /// Notes that a player's DMs are closed; true the first time for that game, when the channel should be told.
    pub fn dms_closed(&self, game: GameId, user: u64) -> bool {
        let mut told = self.closed_dms.lock().expect("the DM table is never poisoned");
        told.insert((game.0, user))
    }
}

/// A held channel lock.
pub type Held = tokio::sync::OwnedMutexGuard<()>;

/// A first-come, first-served queue: tickets are taken in order, and each waits until it is served.
struct Turnstile {
    /// The next ticket to give out.
    next: std::sync::atomic::AtomicU64,
    /// The ticket being served.
    serving: tokio::sync::watch::Sender<u64>,
}

impl Turnstile {
    fn new() -> Turnstile {
        Turnstile {
            next: std::sync::atomic::AtomicU64::new(0),
            serving: tokio::sync::watch::Sender::new(0),
        }
    }
}

/// One's turn in a channel's announcing queue; the next in line is served when this is dropped (also on errors).
pub struct InOrder {
    queue: Arc<Turnstile>,
}

impl Drop for InOrder {
    fn drop(&mut self) {
        self.queue.serving.send_modify(|now| *now += 1);
    }
}
