//! The Discord bot: one `/ttr` command with subcommands, and components routed by their typed `custom_id` through
//! the database. A small core that the features use and never the other way round: `data` (locks and queues),
//! `table` (the game as an interaction sees it), `play` (apply an action), `announce` (the only code that posts what
//! happened), `component` (every button and select), `refusal` (what a player can be told), `router` (where
//! interactions come in and failures are answered). The features — `lobby`, `tickets`, `turn`, `claim`, `views`,
//! `history`, `ending`, `stalls`, `settings`, `stats`, `hint` — each in their own file, import the core only.
//! Handlers are thin: parse → lock the channel → load → apply → save → reply. Identity always comes from the
//! interaction's user, never from a `custom_id`.

mod announce;
mod claim;
mod commands;
mod component;
mod computer;
mod dashboard;
mod data;
mod dm;
mod download;
mod ending;
mod hint;
mod history;
mod in_time;
mod limits;
mod lobby;
mod locale;
mod maps;
mod options;
mod outcome;
mod parallel;
mod pictures;
mod play;
mod pools;
mod post;
mod refusal;
mod reminders;
mod reply;
mod router;
mod server_maps;
mod settings;
mod stalls;
mod startup;
mod stats;
mod supervisor;
mod table;
mod tickets;
mod turn;
mod turn_message;
mod views;
mod watchdog;

pub use watchdog::shard_watch;

pub use component::{Component, ComponentId, Place, Unrecognised};
pub use data::{Context, Data};
pub use refusal::{Error, Refused};
pub use reply::escape_markdown;

use poise::serenity_prelude as serenity;

use crate::config::{self, Config};
use std::sync::Arc;

use crate::shards::Shards;
use crate::store::{Clock, Store, StoreError, Worker};
use options::SettingOptions;

/// Why the bot stopped.
#[derive(Debug)]
pub enum BotError {
    /// A setting is unusable (the reason says which).
    Config(String),
    /// The database could not be opened (its URL, and why).
    Store(String, StoreError),
    /// Discord refused the token.
    Token,
    /// Discord's connection failed in another way.
    Discord(Box<serenity::Error>),
    /// The process stopped itself: it could not serve as it should (why).
    Stopped(String),
}

impl std::fmt::Display for BotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotError::Config(reason) => f.write_str(reason),
            BotError::Store(url, e) => write!(f, "{}: {e}", config::without_password(url)),
            BotError::Token => write!(f, "Discord refused the token. {}", config::TOKEN_HELP),
            BotError::Discord(e) => write!(f, "Discord connection failed: {e}"),
            BotError::Stopped(why) => f.write_str(why),
        }
    }
}

/// Runs the bot until Discord closes the connection for good.
///
/// # Errors
/// An unusable setting, a database that cannot be opened, a refused token, or a failed connection.
pub async fn run(config: &Config, token: &str) -> Result<(), BotError> {
    if let Some(base) = &config.discord_api_base
        && !config::is_loopback_base(base)
    {
        return Err(BotError::Config(format!(
            "DISCORD_API_BASE must be a loopback address (it is for tests), not {base}"
        )));
    }
    let chosen_shards = config.shards.clone().map_err(BotError::Config)?;
    // Opened (and created on first start) before connecting, so a bad DATABASE_URL stops the bot at once.
    let clock = match &config.clock_file {
        Some(path) => clock_from_file(path.clone()),
        None => Clock::system(),
    };
    let store_failed = |e| BotError::Store(config.database_url.clone(), e);
    let store = open_store(&config.database_url, clock)
        .await
        .map_err(store_failed)?
        .with_most_hosted(config.most_hosted_games);
    let http = discord_http(config, token)?;
    let recommended = recommended_shards(&http).await?;
    let shards = match chosen_shards {
        // Fewer shards than Discord asks for: it would refuse the sessions (4011) once the bot is in too many
        // servers, and every server of a missing shard would get no answer at all.
        Some(shards) if shards.total < recommended => {
            return Err(BotError::Config(format!(
                "TTRBOT_SHARDS={shards} runs {} shards in all, but Discord asks this bot to run at least {recommended}: \
                 give every process the same total of {recommended} or more (see docs/scale.md)",
                shards.total
            )));
        }
        Some(shards) => shards,
        None => Shards::all(recommended),
    };
    // Other processes on the same database see this one alive, and its shards' background work as its own, before
    // it acts on anything.
    let place = config
        .worker_place
        .clone()
        .unwrap_or_else(|| format!("{}/{shards}", config::host_name()));
    let worker = Arc::new(Worker::in_place(
        &place,
        shards,
        i64::try_from(config.lease.as_millis()).unwrap_or(i64::MAX),
        store.lease_clock_ms().await,
    ));
    if store.backend() == crate::store::Backend::Postgres {
        wait_for_free_shards(&store, &worker, &config.database_url).await?;
    } else {
        // One process on SQLite: an earlier run in this place is this process's dead self, and its leases (a
        // computer's move, a late post it was making when it died) are given up at once.
        store.take_place(&worker).await.map_err(store_failed)?;
    }
    store.heartbeat(&worker).await.map_err(store_failed)?;
    tracing::info!(shards = %shards, worker = %worker.name, "running these gateway shards");
    // Discord's 50 requests a second are the bot's, whichever process makes them: each takes its shards' share.
    post::share_budget(shards.last - shards.first + 1, shards.total, config.global_rate);
    if config.game_seed.is_some() {
        tracing::warn!(
            "TTRBOT_GAME_SEED is set: every deal can be computed from it; it is for tests only, never for games people play"
        );
    }
    let mut data = Data::new(store.clone(), config.game_seed, config.reminder_scan);
    data.supervisor_scan = config.supervisor_scan;
    data.worker = Arc::clone(&worker);
    data.downloads = Arc::new(download::Downloads::new(config.discord_api_base.as_deref()));
    if let Some(web) = &config.web {
        // Bound before the gateway connects, so a port in use stops the bot at once, saying which.
        let listener = tokio::net::TcpListener::bind(web.addr)
            .await
            .map_err(|e| BotError::Config(format!("TTRBOT_WEB_ADDR={} cannot be listened on: {e}", web.addr)))?;
        let pages = crate::web::Pages::new(crate::web::Source::Store(store.clone()));
        tokio::spawn(async move {
            if let Err(e) = crate::web::serve(listener, pages).await {
                tracing::error!("the web pages stopped: {e}");
            }
        });
        tracing::info!(addr = %web.addr, url = %web.public_url, "serving the games' web pages");
        data.web_url = Some(web.public_url.as_str().into());
    }
    // The heartbeat first, before anything that may take long, and for as long as the process lives: while it
    // beats, other processes leave this one's games alone.
    tokio::spawn({
        let data = data.clone();
        let pause = data.worker.heartbeat_every();
        supervisor::keep_running("heartbeat", pause, move || supervisor::keep_alive(data.clone()))
    });
    watchdog::start(&data);
    let stopping = data.clone();
    let mut client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::non_privileged())
        .framework(framework(data))
        .await
        .map_err(|e| BotError::Discord(Box::new(e)))?;
    // Asked to stop (Ctrl-C, SIGTERM from systemd or `docker stop`): the gateway closes, then this process's work
    // is handed on below at once instead of when its heartbeat runs out.
    let shard_manager = std::sync::Arc::clone(&client.shard_manager);
    let ran = tokio::select! {
        // serenity reads the range's end as the last shard to run, not one past it.
        ran = client.start_shard_range(shards.first..shards.last, shards.total) => ran.map_err(|e| match e {
            serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication) => BotError::Token,
            e => BotError::Discord(Box::new(e)),
        }),
        () = stop_requested() => {
            tracing::info!("asked to stop: closing the gateway");
            shard_manager.shutdown_all().await;
            Ok(())
        }
        why = stopping.stop_asked() => {
            shard_manager.shutdown_all().await;
            Err(BotError::Stopped(why))
        }
    };
    // Stopping: the other processes take this one's shards' background work over at once.
    if let Err(e) = store.retire(&worker).await {
        tracing::warn!("this process's leases could not be given up (they run out by themselves): {e}");
    }
    ran
}

/// Waits for Ctrl-C, or SIGTERM on Unix.
async fn stop_requested() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = terminate.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// How long start-up keeps trying a database that does not answer (a server restarting with the bot, a network
/// not up yet) before the process stops, saying why, for its supervisor to start it again.
const DATABASE_PATIENCE: std::time::Duration = std::time::Duration::from_secs(300);

/// Opens the store, trying again with backoff (1, 2, 4 … 30 s) while the database cannot be reached, and saying so
/// in plain words: its host and port, never its password. A wrong URL, a refused password or a database from a newer
/// version stop at once.
async fn open_store(url: &str, clock: Clock) -> Result<Store, StoreError> {
    let started = std::time::Instant::now();
    let mut wait = std::time::Duration::from_secs(1);
    loop {
        match Store::open_with_clock(url, clock.clone()).await {
            Err(e) if e.unreachable() && started.elapsed() + wait < DATABASE_PATIENCE => {
                tracing::warn!(
                    database = %config::database_host(url),
                    "the database does not answer ({e}); trying again in {wait:?}"
                );
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(std::time::Duration::from_secs(30));
            }
            opened => return opened,
        }
    }
}

/// On a database that other processes share, waits until no living process runs any of `worker`'s shards (the
/// dead run of this very process, after a crash, until its heartbeat runs out); refuses a process whose shard total
/// differs from the others' (Discord would route servers to both sets of shards at once).
async fn wait_for_free_shards(store: &Store, worker: &Worker, url: &str) -> Result<(), BotError> {
    let mut told = false;
    loop {
        // The same process started again (after a crash, a SIGKILL, a reboot) takes its dead run's place at once.
        // Asked at every look: a paused run that wakes and writes its heartbeat again is taken over again (and, seeing
        // this newer run, stops).
        let taken = store
            .take_place(worker)
            .await
            .map_err(|e| BotError::Store(url.to_string(), e))?;
        if !taken.is_empty() {
            tracing::info!(earlier = ?taken, place = ?worker.place(), "took this place over from its earlier run");
        }
        let others = store
            .conflicting_workers(worker)
            .await
            .map_err(|e| BotError::Store(url.to_string(), e))?;
        if let Some(other) = others.iter().find(|o| o.shards.total != worker.shards.total) {
            return Err(BotError::Config(format!(
                "another process ({}) runs shards out of {} in all; this one was given TTRBOT_SHARDS={}: every process \
                 of a bot needs the same total (see docs/scale.md)",
                other.name, other.shards.total, worker.shards
            )));
        }
        let Some(other) = others.first() else { return Ok(()) };
        if !told {
            tracing::warn!(
                other = %other.name,
                "another living process runs some of these shards; waiting until it stops or its heartbeat runs out"
            );
            told = true;
        }
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    }
}

/// The commands, their handlers and the shared state, as poise runs them.
fn framework(data: Data) -> poise::Framework<Data, Error> {
    let mut commands = commands();
    commands::localize(&mut commands);
    poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands,
            event_handler: |framework, event| Box::pin(router::on_event(framework, event)),
            on_error: |error| Box::pin(router::on_error(error)),
            // After every command, computer players whose turn it now is move (after the answer was sent).
            post_command: |ctx| Box::pin(router::after_command(ctx)),
            // Only the players meant are ever pinged.
            allowed_mentions: Some(serenity::CreateAllowedMentions::new()),
            initialize_owners: false,
            ..Default::default()
        })
        // Nothing here may fail: poise runs this once, and a failure would leave the process up without a handler.
        // `/ttr` is registered by the first `Ready`'s start-up work, tried again until Discord takes it.
        .setup(|_ctx, ready, _framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, "connected; registering /ttr");
                Ok(data)
            })
        })
        .build()
}

/// Discord's REST client: every request answered or failed within seconds (one that hangs must not hold a
/// channel), sent to the fake Discord of the tests when `DISCORD_API_BASE` says so.
fn discord_http(config: &Config, token: &str) -> Result<serenity::Http, BotError> {
    let client = reqwest::Client::builder()
        .use_rustls_tls()
        .connect_timeout(std::time::Duration::from_secs(5))
        .timeout(DISCORD_REQUEST_TIMEOUT)
        .build()
        .map_err(|e| BotError::Config(format!("the HTTP client could not be built: {e}")))?;
    let mut http = serenity::HttpBuilder::new(token).client(client);
    if let Some(base) = &config.discord_api_base {
        // serenity applies the base only to requests that bypass its ratelimiter.
        http = http.proxy(base).ratelimiter_disabled(true);
    }
    Ok(http.build())
}

/// How many shards Discord recommends for this bot (it grows with the number of servers).
async fn recommended_shards(http: &serenity::Http) -> Result<u32, BotError> {
    match http.get_bot_gateway().await {
        Ok(gateway) => Ok(gateway.shards.max(1)),
        Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(e))) if e.status_code.as_u16() == 401 => {
            Err(BotError::Token)
        }
        Err(e) => Err(BotError::Discord(Box::new(e))),
    }
}

/// The time as a test writes it into `path` (Unix milliseconds); the system clock while the file is missing.
fn clock_from_file(path: std::path::PathBuf) -> Clock {
    let system = Clock::system();
    Clock::from_fn(move || {
        std::fs::read_to_string(&path)
            .ok()
            .and_then(|t| t.trim().parse().ok())
            .unwrap_or_else(|| system.now_ms())
    })
}

/// Longest wait for any one request to Discord (a board upload included); a post that times out is tried again.
const DISCORD_REQUEST_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// Ticket to Ride: open a game, join it, play it.
#[poise::command(
    slash_command,
    subcommands(
        "lobby::start",
        "lobby::join",
        "lobby::leave",
        "tickets::tickets",
        "views::hand",
        "hint::hint",
        "views::board",
        "turn::draw",
        "claim::claim",
        "claim::station",
        "ending::end",
        "views::status",
        "views::rules",
        "history::history",
        "settings::settings",
        "stalls::skip",
        "stalls::replace",
        "stalls::rejoin",
        "stats::stats",
        "stats::leaderboard",
        "maps::map"
    ),
    subcommand_required
)]
async fn ttr(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The `/ttr` tree as registered: the game settings' options, declared once, go into `/ttr start` (after `level`)
/// and `/ttr settings` (first).
fn commands() -> Vec<poise::Command<Data, Error>> {
    let mut ttr = ttr();
    for sub in &mut ttr.subcommands {
        let at = match sub.name.as_ref() {
            "start" => Some(
                sub.parameters
                    .iter()
                    .position(|p| p.name == "thread")
                    .expect("/ttr start has a thread option"),
            ),
            "settings" => Some(0),
            _ => None,
        };
        if let Some(at) = at {
            sub.parameters.splice(at..at, SettingOptions::parameters());
        }
    }
    vec![ttr]
}
