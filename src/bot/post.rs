//! Every request to Discord that must not be lost goes through here: tried again with backoff when Discord fails
//! for a passing reason (a 5xx, a 429, a timeout, a dropped connection), and a channel post carries a nonce
//! Discord enforces, so a try after an answer that was lost on the way back posts once.

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
pub async fn with_retries<T, F, Fut>(what: &str, mut request: F) -> Result<T, serenity::Error>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, serenity::Error>>,
{
    for wait in BACKOFF {
        match request().await {
            Err(e) if passing(&e) => {
                tracing::warn!("{what} failed for a passing reason; trying again in {wait:?}: {e}");
                tokio::time::sleep(wait).await;
            }
            done => return done,
        }
    }
    request().await
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
) -> Result<serenity::Message, Error> {
    let nonce = nonce.unwrap_or_else(fresh_nonce);
    let message = message.nonce(serenity::Nonce::String(nonce)).enforce_nonce(true);
    let channel = serenity::ChannelId::new(channel);
    let posted = with_retries("a post in the channel", || channel.send_message(ctx, message.clone())).await?;
    Ok(posted)
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
