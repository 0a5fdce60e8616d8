//! The process's watchdog, on a thread of its own: when serenity gives a gateway shard up (Discord closed it for
//! good: 4011 once the bot outgrew its shards, 4010, …) or the async runtime stops making progress, the process
//! stops with a sentence saying why, so a process supervisor starts it again, rather than staying up and deaf.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use tracing::field::{Field, Visit};
use tracing_subscriber::layer::Context;

use super::data::Data;

/// The start of serenity 0.12's log line when it gives a shard up.
const SERENITY_GAVE_UP: &str = "Shard handler received err";

/// Why serenity gave a shard up, once it has (its own log line, which says what Discord closed it with).
static GIVEN_UP: Mutex<Option<String>> = Mutex::new(None);

/// How long the process has to stop by itself once it is asked to (closing the gateway, giving its leases back)
/// before the watchdog ends it.
const STOP_WITHIN: Duration = Duration::from_secs(10);

/// How long the async runtime may go without running a small task before the process is taken as stuck (a task
/// blocking its worker thread, a lock taken twice).
const STUCK_AFTER: Duration = Duration::from_secs(60);

/// How often the watchdog looks.
const LOOK_EVERY: Duration = Duration::from_millis(250);

/// A log layer that notices serenity giving a shard up. serenity logs it ("Shard handler received err: …") and
/// leaves the shard's runner spinning on its closed connection, with no error returned to the bot; the e2e test
/// `a_shard_discord_closes_for_good_stops_the_process_saying_why` pins this against the serenity in use.
struct ShardGivenUp;

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for ShardGivenUp {
    fn on_event(&self, event: &tracing::Event<'_>, _: Context<'_, S>) {
        let meta = event.metadata();
        if *meta.level() != tracing::Level::ERROR || !meta.target().starts_with("serenity::gateway") {
            return;
        }
        let mut message = Message(String::new());
        event.record(&mut message);
        // The errors serenity returns to the bot by itself (a refused token, intents) end the process there.
        let returned = ["InvalidAuthentication", "GatewayIntents"]
            .iter()
            .any(|e| message.0.contains(e));
        if message.0.contains(SERENITY_GAVE_UP) && !returned {
            GIVEN_UP
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .get_or_insert(message.0);
        }
    }
}

/// The log layer of [`ShardGivenUp`], seeing serenity's gateway errors only (whatever `RUST_LOG` says).
pub fn shard_watch<S>() -> impl tracing_subscriber::Layer<S>
where
    S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
{
    use tracing_subscriber::Layer;
    ShardGivenUp.with_filter(tracing_subscriber::filter::filter_fn(|meta| {
        *meta.level() == tracing::Level::ERROR && meta.target().starts_with("serenity::gateway")
    }))
}

/// The `message` field of a log event.
struct Message(String);

impl Visit for Message {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            self.0 = format!("{value:?}");
        }
    }
}

/// Starts the watchdog for this process: a task that shows the runtime is making progress, and the thread that
/// watches it and the shards.
pub fn start(data: &Data) {
    let beats = Arc::new(AtomicU64::new(0));
    tokio::spawn({
        let beats = Arc::clone(&beats);
        async move {
            loop {
                beats.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    });
    let data = data.clone();
    let watching = std::thread::Builder::new()
        .name("ttrbot-watchdog".into())
        .spawn(move || watch(&data, &beats));
    if let Err(e) = watching {
        tracing::error!("the watchdog thread could not start: {e}");
    }
}

/// The watchdog's loop: never returns but by ending the process.
fn watch(data: &Data, beats: &AtomicU64) {
    let (mut last_beat, mut beat_at) = (beats.load(Ordering::Relaxed), Instant::now());
    let mut asked_at: Option<Instant> = None;
    let mut looked_at = Instant::now();
    loop {
        std::thread::sleep(LOOK_EVERY);
        // The whole process was paused (SIGSTOP, `docker pause`, a suspended machine): its runtime did not stall,
        // so the wait for its next beat starts again.
        if looked_at.elapsed() > LOOK_EVERY * 20 {
            beat_at = Instant::now();
        }
        looked_at = Instant::now();
        let given_up = GIVEN_UP.lock().unwrap_or_else(PoisonError::into_inner).clone();
        if let Some(why) = given_up
            && asked_at.is_none()
        {
            data.stop_with(format!(
                "Discord closed a gateway shard of this process for good ({why}); stopping so that a process \
                 supervisor starts the bot again (with the shards Discord asks for now)"
            ));
        }
        // However it was asked to stop, the process gets a while to do it by itself, then is ended.
        if let Some(why) = data.stop_reason() {
            match asked_at {
                None => asked_at = Some(Instant::now()),
                Some(at) if at.elapsed() >= STOP_WITHIN => end(&why),
                Some(_) => {}
            }
        }
        let now = beats.load(Ordering::Relaxed);
        if now != last_beat {
            (last_beat, beat_at) = (now, Instant::now());
        } else if beat_at.elapsed() >= STUCK_AFTER {
            end(&format!(
                "the bot's async runtime ran nothing for {} s (a task is blocking its threads); stopping so that a \
                 process supervisor starts the bot again",
                STUCK_AFTER.as_secs()
            ));
        }
    }
}

/// Ends the process at once, saying why (on stderr, where the logs go, as the runtime may be unable to log).
fn end(why: &str) -> ! {
    eprintln!("ttrbot: {why}");
    std::process::exit(1)
}
