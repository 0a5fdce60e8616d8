//! The Discord bot: one `/ttr` command with subcommands, and buttons routed by their `custom_id` through the
//! database. Handlers are thin: parse → lock the channel → load → apply → save → reply. Identity always comes from
//! the interaction's user, never from a `custom_id`.

mod claim;
mod commands;
mod computer;
mod dashboard;
mod game;
mod lobby;
mod reminders;
mod settings;
mod stalls;
mod stats;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use poise::serenity_prelude as serenity;
use tokio::sync::Mutex;

use crate::config::{self, Config};
use crate::store::{Clock, Store, StoreError};
use crate::text::catalog::tr;
use crate::text::{self, Lang};

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
    game_seed: Option<u64>,
    /// How often the reminder loop looks for due reminders.
    reminder_scan: std::time::Duration,
    /// Whether the reminder loop runs (it is started at the first `Ready`, not again on a reconnect).
    reminding: std::sync::atomic::AtomicBool,
}

impl Data {
    /// The lock of a channel (made on first use).
    fn channel_lock(&self, channel: u64) -> Arc<Mutex<()>> {
        let mut locks = self.locks.lock().expect("the lock table is never poisoned");
        Arc::clone(locks.entry(channel).or_default())
    }

    /// Takes the channel's game lock: held from loading the game to answering the user.
    async fn hold(&self, channel: u64) -> Held {
        self.channel_lock(channel).lock_owned().await
    }

    /// Swaps the channel's game lock for a place in its announcing queue: the next action may be loaded and
    /// answered while this one's board is drawn and posted, and the channel still shows the actions in order (the
    /// place is taken while the game lock is held). Waits for this action's turn to post.
    async fn announcing(&self, channel: u64, held: Held) -> InOrder {
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
    fn dms_closed(&self, game: crate::store::GameId, user: u64) -> bool {
        let mut told = self.closed_dms.lock().expect("the DM table is never poisoned");
        told.insert((game.0, user))
    }
}

/// A held channel lock.
type Held = tokio::sync::OwnedMutexGuard<()>;

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
struct InOrder {
    queue: Arc<Turnstile>,
}

impl Drop for InOrder {
    fn drop(&mut self) {
        self.queue.serving.send_modify(|now| *now += 1);
    }
}

/// Errors a handler passes up: the store's, Discord's, or anything else (logged, answered with an apology).
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// A command's context.
pub type Context<'a> = poise::Context<'a, Data, Error>;

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
    Discord(serenity::Error),
}

impl std::fmt::Display for BotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotError::Config(reason) => f.write_str(reason),
            BotError::Store(url, e) => write!(f, "{url}: {e}"),
            BotError::Token => write!(f, "Discord refused the token. {}", config::TOKEN_HELP),
            BotError::Discord(e) => write!(f, "Discord connection failed: {e}"),
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
    // Opened (and created on first start) before connecting, so a bad DATABASE_URL stops the bot at once.
    let clock = match &config.clock_file {
        Some(path) => clock_from_file(path.clone()),
        None => Clock::system(),
    };
    let store = Store::open_with_clock(&config.database_url, clock)
        .await
        .map_err(|e| BotError::Store(config.database_url.clone(), e))?;
    let data = Data {
        store,
        locks: std::sync::Mutex::default(),
        announce_queues: std::sync::Mutex::default(),
        closed_dms: std::sync::Mutex::default(),
        game_seed: config.game_seed,
        reminder_scan: config.reminder_scan,
        reminding: std::sync::atomic::AtomicBool::new(false),
    };
    let mut commands = vec![ttr()];
    commands::localize(&mut commands);
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands,
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            on_error: |error| Box::pin(on_error(error)),
            // After every command, computer players whose turn it now is move (after the answer was sent).
            post_command: |ctx| {
                Box::pin(async move {
                    let channel = ctx.channel_id().get();
                    if let Err(e) = computer::play_computers(ctx.serenity_context(), ctx.data(), channel).await {
                        tracing::error!(channel, "computer players: {e}");
                    }
                })
            },
            // Only the players meant are ever pinged.
            allowed_mentions: Some(serenity::CreateAllowedMentions::new()),
            initialize_owners: false,
            ..Default::default()
        })
        .setup(|ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, "connected; registering /ttr");
                poise::builtins::register_globally(ctx, &framework.options().commands).await?;
                Ok(data)
            })
        })
        .build();
    let mut http = serenity::HttpBuilder::new(token);
    if let Some(base) = &config.discord_api_base {
        // serenity applies the base only to requests that bypass its ratelimiter.
        http = http.proxy(base).ratelimiter_disabled(true);
    }
    let mut client = serenity::ClientBuilder::new_with_http(http.build(), serenity::GatewayIntents::non_privileged())
        .framework(framework)
        .await
        .map_err(BotError::Discord)?;
    match client.start().await {
        Ok(()) => Ok(()),
        Err(serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication)) => Err(BotError::Token),
        Err(e) => Err(BotError::Discord(e)),
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

/// Ticket to Ride: open a game, join it, play it.
#[poise::command(
    slash_command,
    subcommands(
        "lobby::start",
        "lobby::join",
        "lobby::leave",
        "game::tickets",
        "game::hand",
        "game::board",
        "game::draw",
        "claim::claim",
        "claim::station",
        "game::end",
        "game::status",
        "game::rules",
        "game::history",
        "settings::settings",
        "stalls::skip",
        "stalls::replace",
        "stalls::rejoin",
        "stats::stats",
        "stats::leaderboard"
    ),
    subcommand_required
)]
async fn ttr(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Buttons and selects: routed by their `custom_id` (`ttr:<game>:<what>`) to the game in the database.
async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let ctx = framework.serenity_context;
    let data = framework.user_data;
    let interaction = match event {
        serenity::FullEvent::InteractionCreate { interaction } => interaction,
        // Started (or restarted): computer players owed a move make it now.
        serenity::FullEvent::Ready { .. } => {
            if let Err(e) = game::repost_unannounced(ctx, data).await {
                tracing::error!("posting games the channel was not shown: {e}");
            }
            if let Err(e) = computer::resume_all(ctx, data).await {
                tracing::error!("resuming computer players: {e}");
            }
            if !data.reminding.swap(true, std::sync::atomic::Ordering::SeqCst) {
                tokio::spawn(reminders::run(ctx.clone(), data.store.clone(), data.reminder_scan));
            }
            return Ok(());
        }
        _ => return Ok(()),
    };
    let Some(component) = interaction.as_message_component() else {
        return Ok(());
    };
    let result = match ButtonId::parse(&component.data.custom_id) {
        Some(id) if lobby::BUTTONS.contains(&id.what.as_str()) => lobby::on_button(ctx, data, component, id).await,
        Some(id) => game::on_component(ctx, data, component, id).await,
        None => {
            let lang = private_lang(&component.locale);
            reply_ephemeral(ctx, component, &tr!(lang, "button-unknown-old")).await
        }
    };
    let channel = component.channel_id.get();
    if result.is_ok()
        && let Err(e) = computer::play_computers(ctx, data, channel).await
    {
        tracing::error!(channel, "computer players: {e}");
    }
    if let Err(e) = result {
        tracing::error!(custom_id = %component.data.custom_id, "button failed: {e}");
        let lang = private_lang(&component.locale);
        let _ = reply_ephemeral(ctx, component, &tr!(lang, "sorry")).await;
    }
    Ok(())
}

/// Logs what went wrong and answers the user with a short apology.
async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, "command failed: {error}");
            let lang = user_lang(ctx);
            let _ = ctx
                .send(
                    poise::CreateReply::default()
                        .content(tr!(lang, "sorry"))
                        .ephemeral(true),
                )
                .await;
        }
        // An option the command cannot read: a value out of range, or a Discord that still shows the user an older
        // shape of the command. poise would log it and leave the user without an answer (or answer in English,
        // pointing to a help menu this bot does not have).
        poise::FrameworkError::ArgumentParse { error, ctx, .. } => {
            tracing::info!(command = %ctx.command().qualified_name, "an option could not be read: {error}");
            option_unreadable(ctx).await;
        }
        poise::FrameworkError::CommandStructureMismatch { description, ctx, .. } => {
            tracing::info!(command = %ctx.command().qualified_name, "options not as registered: {description}");
            option_unreadable(poise::Context::Application(ctx)).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!("while handling an error: {e}");
            }
        }
    }
}

/// Tells the user privately that an option of their command could not be read and nothing changed.
async fn option_unreadable(ctx: Context<'_>) {
    let lang = user_lang(ctx);
    let answer = poise::CreateReply::default()
        .content(tr!(lang, "option-unreadable"))
        .ephemeral(true);
    if let Err(e) = ctx.send(answer).await {
        tracing::warn!("could not answer an unreadable option: {e}");
    }
}

/// A component's `custom_id`: `ttr:<game>:<what>`, or `ttr:<game>:<version>:<what>` for one that acts on the game
/// as it stood at that version (a turn's buttons). It names the game and the action, never the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ButtonId {
    /// The game the button belongs to.
    pub game: i64,
    /// The game's version when the button was made, for buttons that act on that state.
    pub version: Option<i64>,
    /// What it does.
    pub what: String,
}

impl ButtonId {
    /// Parses a `custom_id`; `None` for anything that is not one of ours.
    pub fn parse(custom_id: &str) -> Option<ButtonId> {
        let parts: Vec<&str> = custom_id.split(':').collect();
        let (game, version, what) = match parts.as_slice() {
            ["ttr", game, what] => (game, None, what),
            ["ttr", game, version, what] => (game, Some(version.parse().ok()?), what),
            _ => return None,
        };
        if what.is_empty() {
            return None;
        }
        Some(ButtonId {
            game: game.parse().ok()?,
            version,
            what: (*what).to_string(),
        })
    }

    /// The `custom_id` of a game's button.
    pub fn of(game: i64, what: &str) -> String {
        format!("ttr:{game}:{what}")
    }

    /// The `custom_id` of a button acting on the game at `version`.
    pub fn at(game: i64, version: i64, what: &str) -> String {
        format!("ttr:{game}:{version}:{what}")
    }
}

/// An ephemeral answer to a button.
async fn reply_ephemeral(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    content: &str,
) -> Result<(), Error> {
    component
        .create_response(
            &ctx.http,
            serenity::CreateInteractionResponse::Message(
                serenity::CreateInteractionResponseMessage::new()
                    .content(content)
                    .ephemeral(true),
            ),
        )
        .await?;
    Ok(())
}

/// A public answer to a command that may name people (`<@id>`) without pinging anyone.
async fn say_quietly(ctx: Context<'_>, content: String) -> Result<(), Error> {
    ctx.send(
        poise::CreateReply::default()
            .content(content)
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await?;
    Ok(())
}

/// A name or free text as it should read inside a message: markdown characters escaped, so `**Ana**` is not bold
/// and a link or a code block cannot be faked (mentions are kept harmless by `allowed_mentions`).
pub fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '<' | '#' | '[' | ']') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The language of a private reply: the user's own locale.
fn private_lang(locale: &str) -> Lang {
    Lang::from_locale(locale)
}

/// The language of a private reply to a command: its user's Discord locale.
fn user_lang(ctx: Context<'_>) -> Lang {
    private_lang(ctx.locale().unwrap_or("en"))
}

/// The language of a public message in a server: the server's locale (English outside a server, or for a locale
/// not written yet).
fn server_lang(guild_locale: Option<&str>) -> Lang {
    guild_locale.map_or(Lang::En, Lang::from_locale)
}

/// The server's language for a command's public answer.
fn command_server_lang(ctx: Context<'_>) -> Lang {
    match ctx {
        poise::Context::Application(app) => server_lang(app.interaction.guild_locale.as_deref()),
        poise::Context::Prefix(_) => Lang::En,
    }
}

/// A store error as the user reads it: a refusal in plain words; anything else is passed up to be logged.
fn refusal_or_error(lang: Lang, e: StoreError) -> Result<String, Error> {
    match e {
        StoreError::Refused(r) => Ok(text::refusal(lang, &r)),
        other => Err(Box::new(other)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_custom_id_names_a_game_and_an_action_and_nothing_else() {
        assert_eq!(
            ButtonId::parse("ttr:42:join"),
            Some(ButtonId {
                game: 42,
                version: None,
                what: "join".into()
            })
        );
        assert_eq!(ButtonId::parse(&ButtonId::of(7, "start")).map(|b| b.game), Some(7));
        let deck = ButtonId::parse(&ButtonId::at(7, 12, "deck")).unwrap();
        assert_eq!((deck.game, deck.version, deck.what.as_str()), (7, Some(12), "deck"));
        for bad in [
            "",
            "ttr",
            "ttr:x:join",
            "ttr:1:",
            "other:1:join",
            "ttr:1:x:deck",
            "ttr:1:2:3:deck",
        ] {
            assert_eq!(ButtonId::parse(bad), None, "{bad}");
        }
    }
}
