//! Every request to Discord that must not be lost goes through here: tried again with backoff when Discord fails
//! for a passing reason (a 5xx, a 429, a timeout, a dropped connection), and a channel post carries a nonce
//! Discord enforces, so a try after an answer that was lost on the way back posts once.

use std::future::Future;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::refusal::Error;

/// The waits before each new try: about 15 seconds in all, then the failure stands (and the game stays marked
/// unannounced for the supervisor to show later).
const BACKOFF: [Duration; 5] = [
    Duration::from_millis(500),
    Duration::from_secs(1),
    Duration::from_secs(2),
    Duration::from_secs(4),
    Duration::from_secs(8),
];

/// Whether the same request may succeed if tried again: Discord's 5xx and 429, and requests that never got an
/// answer (a timeout, a refused or dropped connection). Anything else (a missing permission, a channel that is
/// gone, a body Discord refuses) would fail the same way again.
pub fn passing(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            response.status_code.is_server_error() || response.status_code.as_u16() == 429
        }
        serenity::Error::Http(serenity::HttpError::Request(_)) => true,
        _ => false,
    }
}

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

/// Posts a message in a channel, tried again after passing failures. `nonce` (at most 25 characters, unique to
/// what is posted: a game, its version and the kind of message) makes Discord post it once however often it is
/// sent; `None` for notices that are harmless twice.
///
/// # Errors
/// Discord's, once tries run out or for a failure that would not pass.
pub async fn post(
    ctx: &serenity::Context,
    channel: u64,
    message: serenity::CreateMessage,
    nonce: Option<String>,
) -> Result<serenity::Message, Error> {
    let message = match nonce {
        Some(nonce) => message.nonce(serenity::Nonce::String(nonce)).enforce_nonce(true),
        None => message,
    };
    let channel = serenity::ChannelId::new(channel);
    let posted = with_retries("a post in the channel", || channel.send_message(ctx, message.clone())).await?;
    Ok(posted)
}

/// The nonce of a game's message about one version: `kind` tells a turn message (`t`) from a sentence (`s`) or a
/// repost (`r`). Numbers in base 36, so any game and version fit Discord's 25 characters.
pub fn nonce(game: crate::ids::GameId, version: i64, kind: char) -> String {
    fn base36(n: i64) -> String {
        let mut n = n.unsigned_abs();
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
    format!("{kind}{}-{}", base36(game.0), base36(version))
}
