//! What runs once per process when its first shard is ready: `/ttr` registered (tried again with backoff until
//! Discord takes it, or the process stops saying why), the games a restart owes a post or a computer's move moved
//! on side by side, the background loops, and the watchdog that keeps every shard connected.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;

use super::data::Data;
use super::{computer, reminders, supervisor};

/// Longest the registration of `/ttr` is tried before the process stops (a supervisor such as systemd starts it
/// again): a process that cannot register is not answering as it should, and saying so beats staying up deaf.
const REGISTER_FOR: Duration = Duration::from_secs(600);

/// The waits between tries of the registration: 1 s, doubling, at most a minute apart.
pub fn register_waits() -> impl Iterator<Item = Duration> {
    (0..).map(|i: u32| Duration::from_secs(1 << i.min(6)).min(Duration::from_secs(60)))
}

/// The first `Ready` of this process (a shard's, a reconnect's later ones do nothing): registers `/ttr`, runs the
/// start-up sweeps and starts the background loops, each in a task of its own, so none waits for another.
pub fn on_first_ready(ctx: &serenity::Context, data: &Data, commands: Vec<serenity::CreateCommand>) {
    if data.started.swap(true, Ordering::SeqCst) {
        return;
    }
    tokio::spawn(register(ctx.clone(), data.clone(), commands));
    tokio::spawn(sweep(ctx.clone(), data.clone()));
    let (ctx, data) = (ctx.clone(), data.clone());
    let pause = data.reminder_scan;
    tokio::spawn({
        let (ctx, data) = (ctx.clone(), data.clone());
        supervisor::keep_running("reminder", pause, move || {
            reminders::run(ctx.clone(), data.clone(), pause)
        })
    });
    tokio::spawn(supervisor::keep_running(
        "supervisor",
        data.supervisor_scan,
        move || supervisor::run(ctx.clone(), data.clone(), data.supervisor_scan),
    ));
}

/// Registers `/ttr` globally, trying again after a failure (a 5xx, a 429, no answer); stops the process with a
/// sentence saying why after [`REGISTER_FOR`].
async fn register(ctx: serenity::Context, data: Data, commands: Vec<serenity::CreateCommand>) {
    let since = Instant::now();
    let mut waits = register_waits();
    loop {
        match serenity::Command::set_global_commands(&ctx.http, commands.clone()).await {
            Ok(_) => {
                tracing::info!(
                    shards = %data.worker.shards,
                    "ready: /ttr is registered and this process answers on its shards"
                );
                return;
            }
            Err(e) if since.elapsed() >= REGISTER_FOR => {
                data.stop_with(format!(
                    "Discord did not take /ttr's registration for {} minutes (last: {e}); stopping so that a \
                     process supervisor starts the bot again",
                    REGISTER_FOR.as_secs() / 60
                ));
                return;
            }
            Err(e) => {
                let wait = waits.next().unwrap_or(Duration::from_secs(60));
                tracing::warn!("registering /ttr failed, trying again in {} s: {e}", wait.as_secs());
                tokio::time::sleep(wait).await;
            }
        }
    }
}

/// The start-up sweeps: games whose latest action their channel was never shown are shown, starting tickets'
/// DMs a stop kept from going out are sent, computer players owed a move make it; a few games at a time (`parallel::SWEEP_PARALLEL`).
async fn sweep(ctx: serenity::Context, data: Data) {
    if let Err(e) = supervisor::show_unannounced_after_start(&ctx, &data).await {
        tracing::error!("posting games the channel was not shown: {e}");
    }
    if let Err(e) = supervisor::send_owed_starting_dms(&ctx, &data).await {
        tracing::error!("sending starting tickets' DMs owed: {e}");
    }
    if let Err(e) = computer::resume_all(&ctx, &data).await {
        tracing::error!("resuming computer players: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registration_is_tried_again_soon_then_at_most_a_minute_apart() {
        let waits: Vec<u64> = register_waits().take(9).map(|w| w.as_secs()).collect();
        assert_eq!(waits, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
        // Failing twice costs 3 s before the third try.
        assert_eq!(waits[..2].iter().sum::<u64>(), 3);
    }
}
