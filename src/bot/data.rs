//! What every handler shares: the database, the per-channel locks that order a channel's actions, and the queues
//! that keep a channel's messages in the order of its actions.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use tokio::sync::Mutex;

use super::refusal::Error;
use crate::ids::GameId;
use crate::store::{Store, StoreError, Worker};

/// A command's context.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// What every handler shares: the database and the per-channel locks. A clone shares them too (the background
/// loops hold one).
#[derive(Clone)]
pub struct Data {
    /// The games.
    pub store: Store,
    /// One lock per channel: actions in one channel run one at a time, other channels are not held up.
    locks: Arc<std::sync::Mutex<HashMap<u64, Arc<Mutex<()>>>>>,
    /// One queue per channel for posting what an action did, so a channel's messages come in the order of its
    /// actions while the next action is already being answered.
    announce_queues: Arc<std::sync::Mutex<HashMap<u64, Arc<Turnstile>>>>,
    /// Channels whose computer players are being moved, and whether someone asked for another look meanwhile: one
    /// computer thinks per game at a time, however many presses ask.
    computers: Arc<std::sync::Mutex<HashMap<u64, bool>>>,
    /// (game, user) pairs whose closed DMs the channel was told about, so it is told once (per run of the bot).
    closed_dms: Arc<std::sync::Mutex<HashSet<(i64, u64)>>>,
    /// Where new games' seeds come from: the operating system, or `TTRBOT_GAME_SEED` in tests.
    pub seeds: Arc<crate::seeds::Seeds>,
    /// How often the reminder loop looks for due reminders.
    pub reminder_scan: std::time::Duration,
    /// How often the supervisor looks for games owed a post or a computer's move.
    pub supervisor_scan: std::time::Duration,
    /// When this process started, by the store's clock (ms): work owed from before then is no one's in flight.
    pub started_ms: i64,
    /// Whether this process's start-up work began (at its first `Ready`, never again on a reconnect).
    pub started: Arc<std::sync::atomic::AtomicBool>,
    /// Set when the process must stop (a registration Discord never took, a shard it never got back): why.
    stopping: Arc<tokio::sync::watch::Sender<Option<String>>>,
    /// This process as the other processes on the database see it: its shards, and the name its leases carry.
    pub worker: Arc<Worker>,
    /// The games whose lease this process holds, and how many of its tasks work under each: the lease is given
    /// back when the last one is done. One lock per game, so games take and give back leases side by side.
    leases: Arc<std::sync::Mutex<HashMap<GameId, Arc<Mutex<usize>>>>>,
    /// What one person or one channel may still ask for now (pictures, public boards, hints at once).
    pub limits: Arc<super::limits::Limits>,
    /// The thinking and drawing threads' turns (computers' moves and hints; pictures).
    pub pools: Arc<super::pools::Pools>,
    /// Where files attached to commands (map uploads) may be fetched from, and the client that fetches them.
    pub downloads: Arc<super::download::Downloads>,
    /// The address the games' web pages are linked at (`TTRBOT_PUBLIC_URL`), when this bot serves them.
    pub web_url: Option<Arc<str>>,
}

impl Data {
    /// The shared state of a bot over `store`.
    pub fn new(store: Store, game_seed: Option<u64>, reminder_scan: std::time::Duration) -> Data {
        Data {
            started_ms: store.now_ms(),
            store,
            locks: Arc::default(),
            announce_queues: Arc::default(),
            computers: Arc::default(),
            closed_dms: Arc::default(),
            seeds: Arc::new(crate::seeds::Seeds::new(game_seed)),
            reminder_scan,
            supervisor_scan: std::time::Duration::from_secs(60),
            started: Arc::default(),
            stopping: Arc::new(tokio::sync::watch::Sender::new(None)),
            worker: Arc::new(Worker::alone(crate::store::Clock::system().now_ms())),
            leases: Arc::default(),
            limits: Arc::default(),
            pools: Arc::default(),
            downloads: Arc::new(super::download::Downloads::new(None)),
            web_url: None,
        }
    }

    /// The address of game `id`'s web page, when this bot serves pages and the game's server links to them.
    ///
    /// # Errors
    /// The store's.
    pub async fn game_page(&self, id: GameId) -> Result<Option<String>, StoreError> {
        let Some(base) = &self.web_url else {
            return Ok(None);
        };
        Ok(self
            .store
            .linked_web_token(id)
            .await?
            .map(|token| format!("{base}/g/{}", token.as_str())))
    }

    /// The address of server `guild`'s web page, when this bot serves pages and the server links to them.
    ///
    /// # Errors
    /// The store's.
    pub async fn server_page(&self, guild: u64) -> Result<Option<String>, StoreError> {
        let Some(base) = &self.web_url else {
            return Ok(None);
        };
        if !self.store.web_links(guild).await? {
            return Ok(None);
        }
        let token = self.store.server_web_token(guild).await?;
        Ok(Some(format!("{base}/s/{}", token.as_str())))
    }

    /// Does `work`, background work for game `id` (a computer's move, a late post, a reminder), if this process
    /// takes the game's lease: `None` when the game is another living process's, another process is doing its
    /// work now, or the lease passed on before the work was done (the work is then stopped). The work is fenced:
    /// see [`crate::store::Store::under_lease`]. The lease is given back afterwards (if this process dies first, it
    /// runs out).
    ///
    /// # Errors
    /// The store's, taking the lease.
    pub async fn leased<T>(&self, id: GameId, work: impl Future<Output = T>) -> Result<Option<T>, StoreError> {
        // Taking a game's lease and giving it back take turns in this process, so a task that takes the lease
        // while another gives it back never works without it.
        let slot = {
            let mut slots = self.leases.lock().expect("the lease table is never poisoned");
            prune(&mut slots, |slot| Arc::strong_count(slot) == 1);
            Arc::clone(slots.entry(id).or_default())
        };
        {
            let mut holders = slot.lock().await;
            if !self.store.claim(id, &self.worker).await? {
                return Ok(None);
            }
            *holders += 1;
        }
        // Renewed beside the work, never instead of it (a renewal waiting for the database's writer must not stop
        // the work that holds it), so a long piece of work (a computer may play many moves in a row) keeps it.
        let renew = async {
            loop {
                tokio::time::sleep(self.worker.heartbeat_every()).await;
                match self.store.renew(id, &self.worker).await {
                    Ok(true) => {}
                    // Another process took the game (this one was paused or cut off past its lease): the work stops
                    // here, and what it owed the channel is owed by the new holder. Each post and fenced write
                    // before this point checked the lease too.
                    Ok(false) => {
                        tracing::warn!(
                            game = id.0,
                            "a game's lease passed on while working on it: the work stops"
                        );
                        return;
                    }
                    Err(e) => tracing::warn!(game = id.0, "a game's lease could not be renewed: {e}"),
                }
            }
        };
        let done = tokio::select! {
            done = self.store.under_lease(id, &self.worker, work) => Some(done),
            () = renew => None,
        };
        let mut holders = slot.lock().await;
        *holders -= 1;
        if *holders == 0
            && let Err(e) = self.store.release(id, &self.worker).await
        {
            tracing::warn!(
                game = id.0,
                "a game's lease could not be given back (it runs out by itself): {e}"
            );
        }
        Ok(done)
    }

    /// Asks the process to stop, saying why (logged, and its exit code is not 0, so a supervisor starts it again).
    pub fn stop_with(&self, why: String) {
        tracing::error!("{why}");
        self.stopping.send_replace(Some(why));
    }

    /// Why the process was asked to stop, once it was.
    pub fn stop_reason(&self) -> Option<String> {
        self.stopping.borrow().clone()
    }

    /// Waits until the process is asked to stop by [`Data::stop_with`]; returns why.
    pub async fn stop_asked(&self) -> String {
        let mut asked = self.stopping.subscribe();
        match asked.wait_for(Option::is_some).await {
            Ok(why) => why.clone().unwrap_or_default(),
            // The sender lives in `self`: it cannot be gone while this waits.
            Err(_) => std::future::pending().await,
        }
    }

    /// Takes the channel's game lock: held from loading the game to answering the user.
    pub async fn hold(&self, channel: u64) -> Held {
        let lock = {
            let mut locks = self.locks.lock().expect("the lock table is never poisoned");
            prune(&mut locks, |lock| Arc::strong_count(lock) == 1);
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
            // A queue nobody holds is idle (every ticket given was served): it is made again when needed.
            prune(&mut queues, |queue| Arc::strong_count(queue) == 1);
            Arc::clone(queues.entry(channel).or_insert_with(|| Arc::new(Turnstile::new())))
        };
        let ticket = queue.next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        drop(held);
        let mut serving = queue.serving.subscribe();
        // The sender lives in `queue`, which this function holds: waiting cannot fail.
        let _ = serving.wait_for(|now| *now == ticket).await;
        InOrder { queue, ticket }
    }

    /// Takes the channel's computer turn: `None` when its computers are being moved already (that loop is asked to
    /// look again before it stops, so nothing owed is missed).
    pub fn computers_turn(&self, channel: u64) -> Option<ComputersTurn> {
        let mut moving = self.computers.lock().expect("the computer table is never poisoned");
        match moving.get_mut(&channel) {
            Some(again) => {
                *again = true;
                None
            }
            None => {
                moving.insert(channel, false);
                Some(ComputersTurn {
                    computers: Arc::clone(&self.computers),
                    channel,
                })
            }
        }
    }

    /// Notes that a player's DMs are closed; true the first time for that game, when the channel should be told.
    pub fn dms_closed(&self, game: GameId, user: u64) -> bool {
        let mut told = self.closed_dms.lock().expect("the DM table is never poisoned");
        told.insert((game.0, user))
    }
}

/// The right to move a channel's computer players; given back when dropped (after a panic too).
pub struct ComputersTurn {
    computers: Arc<std::sync::Mutex<HashMap<u64, bool>>>,
    channel: u64,
}

impl ComputersTurn {
    /// Gives the turn back unless someone asked for another look meanwhile: then `false`, and the loop runs again.
    /// One lock for both, so a request made while the loop stops is never lost.
    pub fn finish(&self) -> bool {
        let mut moving = self.computers.lock().expect("the computer table is never poisoned");
        match moving.get_mut(&self.channel) {
            Some(again) if *again => {
                *again = false;
                false
            }
            _ => {
                moving.remove(&self.channel);
                true
            }
        }
    }
}

impl Drop for ComputersTurn {
    fn drop(&mut self) {
        if let Ok(mut moving) = self.computers.lock() {
            moving.remove(&self.channel);
        }
    }
}

/// Channels a table keeps before it drops the entries nobody uses (a bot in many channels must not keep one lock
/// and one queue for every channel it ever saw).
const PRUNE_FROM: usize = 1_024;

/// Drops the entries `unused` says nobody holds whenever the table reaches a power of two from [`PRUNE_FROM`] on
/// (so a sweep's cost is spread over the many calls that grew it).
fn prune<K, T>(table: &mut HashMap<K, T>, unused: impl Fn(&T) -> bool) {
    if table.len() >= PRUNE_FROM && table.len().is_power_of_two() {
        table.retain(|_, entry| !unused(entry));
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
    ticket: u64,
}

impl InOrder {
    /// Whether nobody has queued behind this place: no action stored since is waiting to be told.
    pub fn last_in_line(&self) -> bool {
        self.queue.next.load(std::sync::atomic::Ordering::SeqCst) == self.ticket + 1
    }
}

impl Drop for InOrder {
    fn drop(&mut self) {
        self.queue.serving.send_modify(|now| *now += 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn locks_and_queues_of_channels_no_longer_in_use_are_dropped() {
        let dir = std::env::temp_dir().join(format!("ttrbot-data-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}", dir.join("games.db").display());
        let data = Data::new(
            Store::open(&url).await.unwrap(),
            None,
            std::time::Duration::from_secs(60),
        );
        let kept = data.hold(1).await;
        for channel in 2..20_000 {
            let held = data.hold(channel).await;
            drop(data.announcing(channel, held).await);
        }
        let (locks, queues) = (
            data.locks.lock().unwrap().len(),
            data.announce_queues.lock().unwrap().len(),
        );
        assert!(
            locks < 2 * PRUNE_FROM && queues < 2 * PRUNE_FROM,
            "{locks} locks, {queues} queues"
        );
        assert!(data.locks.lock().unwrap().contains_key(&1), "a lock in use is kept");
        drop(kept);
    }
}
