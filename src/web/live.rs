//! Live pages: one watcher per watched game looks for a new version a few times a second (in the store, so a move
//! made by any process sharing it is seen) and hands every open page of that game the same new frame. A watcher
//! stops when no page listens, when the game is over (its last frame sent) and when its page is no longer served
//! (its channel deleted), which ends the streams.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use axum::body::Bytes;
use tokio::sync::broadcast;

use super::Pages;
use super::source::GameKey;

/// How often a watched game's version is read: a move shows on its pages within this (and the page's drawing).
pub const WATCH_EVERY: Duration = Duration::from_millis(250);

/// Frames a slow page may fall behind before it skips to the newest (every frame holds the whole position).
const FRAMES_KEPT: usize = 4;

/// A frame as sent to pages: its version, its server-sent event, and whether the game is over with it.
#[derive(Clone)]
pub struct Sent {
    /// The event, as the stream's bytes (one buffer, shared by every page).
    pub event: Bytes,
    /// The game ended with it: nothing follows.
    pub over: bool,
}

/// A `frame` event of `version` carrying `json` (one line: JSON written compactly holds no line break).
pub fn event(version: i64, json: &str) -> Bytes {
    Bytes::from(format!("event:frame\nid:{version}\ndata:{json}\n\n"))
}

/// The watched games, each with the channel its pages listen to.
#[derive(Default)]
pub struct Hub {
    watched: Mutex<HashMap<GameKey, broadcast::Sender<Sent>>>,
}

impl Hub {
    /// Listens to `key`'s new frames, starting its watcher if no page watched it. A new watcher sends the frame of
    /// the version it first reads, so a page that listens and then reads the game misses no move between the two.
    pub fn listen(&self, pages: &Pages, key: &GameKey) -> broadcast::Receiver<Sent> {
        let mut watched = self.watched.lock().expect("never poisoned");
        if let Some(sender) = watched.get(key) {
            return sender.subscribe();
        }
        let (sender, receiver) = broadcast::channel(FRAMES_KEPT);
        watched.insert(key.clone(), sender.clone());
        tokio::spawn(watch(pages.clone(), key.clone(), sender));
        receiver
    }

    /// How many games are watched now.
    pub fn watched_games(&self) -> usize {
        self.watched.lock().expect("never poisoned").len()
    }

    /// Stops watching `key` if `sender` is still its channel (dropping the last sender ends the streams).
    fn forget(&self, key: &GameKey, sender: &broadcast::Sender<Sent>) {
        let mut watched = self.watched.lock().expect("never poisoned");
        if watched.get(key).is_some_and(|kept| kept.same_channel(sender)) {
            watched.remove(key);
        }
    }
}

/// Reads `key`'s version every [`WATCH_EVERY`] and sends the newest frame when it changes, until no page listens,
/// the game is over, or its page is no longer served.
async fn watch(pages: Pages, key: GameKey, sender: broadcast::Sender<Sent>) {
    let mut stamp = None;
    let mut every = tokio::time::interval(WATCH_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        {
            // Stopped under the lock, so a page that starts listening now gets a new watcher.
            let mut watched = pages.hub().watched.lock().expect("never poisoned");
            if sender.receiver_count() == 0 {
                watched.remove(&key);
                return;
            }
        }
        let now = match pages.source().stamp(&key).await {
            Ok(Some(now)) => now,
            Ok(None) => break,
            Err(e) => {
                tracing::warn!("a live page's game could not be read: {e}");
                continue;
            }
        };
        if stamp == Some(now) {
            continue;
        }
        stamp = Some(now);
        match pages.latest_frame(&key, None).await {
            Ok(Some(sent)) => {
                let over = sent.over;
                let _ = sender.send(sent);
                if over {
                    break;
                }
            }
            Ok(None) => break,
            Err(e) => tracing::warn!("a live page's frame could not be made: {e}"),
        }
    }
    pages.hub().forget(&key, &sender);
}
