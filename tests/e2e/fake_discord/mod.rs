//! A fake Discord on loopback for end-to-end tests of the real bot binary: REST (recorded, answered like Discord)
//! and the gateway websocket (HELLO, IDENTIFY → READY, heartbeats, RESUME, dispatched events, a closing code).
//! Every event sent is first read back as serenity's own type, so a payload the bot would silently drop fails the
//! test instead. Tests wait for conditions with a timeout; nothing sleeps a fixed time.
#![allow(dead_code)]

pub mod spec;
pub mod table;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use poise::serenity_prelude as serenity;
use serde_json::{Value, json};
use tokio::sync::{Notify, mpsc};

/// The fake application's id.
pub const APP: u64 = 1_000_000_000_000_000_001;
/// The fake guild.
pub const GUILD: u64 = 2_000_000_000_000_000_002;
/// The bot's own user id.
pub const BOT_USER: u64 = 3_000_000_000_000_000_003;
/// DM channels are numbered from here: this plus the user's id.
pub const DM_CHANNELS: u64 = 7_000_000_000_000_000_000;
/// How long any one expected thing may take.
pub const WAIT: Duration = Duration::from_secs(30);

/// One REST call the bot made.
#[derive(Clone, Debug)]
pub struct Call {
    /// `GET`, `POST`, …
    pub method: String,
    /// The path, e.g. `/api/v10/interactions/5/tok-5/callback`.
    pub path: String,
    /// The JSON body (for multipart, the `payload_json` part).
    pub json: Value,
    /// Attached files: (part name, file name, content type, bytes).
    pub files: Vec<(String, String, String, Vec<u8>)>,
    /// When the fake received it.
    pub at: Instant,
}

enum ToGateway {
    Dispatch(&'static str, Value),
    Close(u16),
}

struct Shared {
    port: u16,
    calls: Mutex<Vec<Call>>,
    changed: Notify,
    /// How many gateway shards the bot must run (Discord's "recommended" count, required here): every server's
    /// events go to shard `(server >> 22) % shards`, direct messages to shard 0.
    shards: u32,
    /// The count `GET /gateway/bot` recommends.
    recommended: u32,
    /// Requests a second past which Discord answers 429 (global), all the bot's processes together.
    global_per_second: usize,
    /// Each shard's events, waiting for the session that identified as that shard.
    to_shards: Vec<tokio::sync::Mutex<mpsc::UnboundedReceiver<ToGateway>>>,
    /// The server of each channel a test put in a server of its own (the others are in [`GUILD`]).
    guild_of: Mutex<std::collections::HashMap<u64, u64>>,
    /// Sessions that identified, as (shard, total), and the close codes sessions were given for a wrong one.
    identified: Mutex<Vec<(u32, u32)>>,
    refused_sessions: Mutex<Vec<u16>>,
    next_message: Mutex<u64>,
    /// Users whose DMs are closed: a DM to them is refused with Discord's error 50007.
    dms_closed: Mutex<Vec<u64>>,
    /// Interactions sent, by id: when, and whether the bot has acknowledged it (Discord takes one answer, within
    /// 3 seconds).
    interactions: Mutex<std::collections::HashMap<String, (Instant, bool, u64)>>,
    /// Channels where the bot may not post (error 50013, Missing Permissions).
    posts_denied: Mutex<Vec<u64>>,
    /// Channels someone deleted: anything sent there gets Discord's 10003, Unknown Channel.
    deleted: Mutex<Vec<u64>>,
    /// The Discord locale of the users and of the server in every interaction sent (`en-US` unless a test says).
    locale: Mutex<String>,
    /// The application commands the bot registered (the body of its last `PUT …/commands`).
    commands: Mutex<Value>,
    /// Every message the bot posted, as it reads now (edits and updates applied, Discord's attachment rule
    /// included), by id.
    messages: Mutex<std::collections::BTreeMap<u64, Stored>>,
    /// The message each component interaction was used on, by interaction id (what an UPDATE_MESSAGE replaces),
    /// and the message each interaction's first answer created, by token (its `@original`).
    interaction_messages: Mutex<std::collections::HashMap<String, u64>>,
    /// Requests Discord would have refused (against its OpenAPI description or its limits), each with why.
    violations: Mutex<Vec<String>>,
    /// Files users attached to commands, by their path on the fake's attachment host (`/attachments/{id}/{name}`),
    /// and how many times each was fetched.
    files: Mutex<std::collections::HashMap<String, (Vec<u8>, usize)>>,
    /// Failures the fake answers instead of doing what was asked, as Discord sometimes does.
    faults: Mutex<Faults>,
    /// When each of the last second's requests came that count against Discord's global limit (every one but the
    /// answers to interactions), from every process of the bot.
    global: Mutex<std::collections::VecDeque<Instant>>,
}

/// How Discord sometimes fails a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A 500: nothing was done.
    ServerError,
    /// A 429 with a short `retry_after`: nothing was done.
    RateLimited,
    /// The answer to an interaction arrived after Discord's 3 seconds: 10062, Unknown interaction.
    Late,
    /// Done, but the answer was lost on the way back: a 500 for a message that was posted all the same.
    LostAnswer,
}

/// The failures planned for the next matching requests, and random ones at a rate (the chaos tests').
#[derive(Default)]
struct Faults {
    /// (method, a piece of the path, the failure): each used once, by the first request that matches.
    planned: Vec<(String, String, Fault)>,
    /// A seeded share of all requests but the bot's start-up ones fails, in percent.
    chaos: Option<(table::Rng, u64)>,
    /// How many requests each kind of failure was given to.
    given: Vec<(Fault, String)>,
}

impl Faults {
    /// The failure for this request, if one is planned or drawn.
    fn take(&mut self, method: &str, path: &str) -> Option<Fault> {
        if let Some(at) = self
            .planned
            .iter()
            .position(|(m, piece, _)| m == method && path.contains(piece.as_str()))
        {
            let fault = self.planned.remove(at).2;
            self.given.push((fault, format!("{method} {path}")));
            return Some(fault);
        }
        let startup = path.ends_with("/commands") || path.ends_with("/gateway") || path.contains("oauth2");
        let (rng, percent) = self.chaos.as_mut()?;
        if startup || !rng.chance(*percent) {
            return None;
        }
        let callback = path.ends_with("/callback");
        let post = method == "POST" && path.contains("/channels/") && path.ends_with("/messages");
        let fault = match (rng.below(3), callback, post) {
            (0, _, _) => Fault::ServerError,
            (1, _, _) => Fault::RateLimited,
            (_, true, _) => Fault::Late,
            (_, _, true) => Fault::LostAnswer,
            _ => Fault::ServerError,
        };
        self.given.push((fault, format!("{method} {path}")));
        Some(fault)
    }
}

/// A message as the fake keeps it.
#[derive(Clone, Debug)]
pub struct Stored {
    /// Its channel (the interaction's, for answers and followups).
    pub channel: u64,
    /// Its content, embeds, components and flags as last set.
    pub body: Value,
    /// Its files now, as Discord lists them (`id`, `filename`, …).
    pub attachments: Vec<Value>,
    /// How many files it was first posted with.
    pub posted_with_files: usize,
}

/// Discord's deadline for the first answer to an interaction.
const ACK_DEADLINE: Duration = Duration::from_secs(3);

/// The fake Discord, with the bot running against it.
pub struct Fake {
    shared: Arc<Shared>,
    /// Each shard's event queue.
    senders: Vec<mpsc::UnboundedSender<ToGateway>>,
    /// The bot's processes (one, unless the test runs several with shards of their own).
    bots: Mutex<Vec<BotProcess>>,
    /// The bot's SQLite database file (its working directory holds the clock file and the logs), also when the
    /// bot stores its games elsewhere.
    pub database: PathBuf,
    /// Where the bot stores its games.
    url: String,
    /// The test's own handle on the bot's database, opened once and shared by every game of the test (a
    /// PostgreSQL server takes a few hundred connections, not a pool per game).
    store: tokio::sync::OnceCell<ttrbot::store::Store>,
    /// How often a test's game looks at the database while it waits for the bot (more games, less often).
    pub poll: Duration,
    next_id: std::sync::atomic::AtomicU64,
}

/// One bot process the fake started.
struct BotProcess {
    child: tokio::process::Child,
    log: PathBuf,
    /// `TTRBOT_SHARDS` as it was given (`None`: not given, the bot runs every shard).
    shards: Option<String>,
    /// The rest of its environment given by the test.
    env: Vec<(String, String)>,
    /// Logs of its earlier runs, oldest first.
    earlier_logs: Vec<PathBuf>,
}

/// How to start the bot against the fake: where it stores games, how many shards Discord requires, and the
/// shards each process runs.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    /// `DATABASE_URL` (`None`: a SQLite file of the test's own).
    pub database_url: Option<String>,
    /// The shard count the fake requires (`0` counts as 1).
    pub shards: u32,
    /// The count `GET /gateway/bot` recommends, when it lags behind the one required (as Discord's may while a
    /// bot joins servers); `None`: the required count.
    pub recommended: Option<u32>,
    /// `TTRBOT_SHARDS` of each process to start (empty: one process without it).
    pub processes: Vec<String>,
    /// More environment for every process.
    pub env: Vec<(String, String)>,
    /// Failures planned before the bot starts, as [`Fake::fail_next`] plans them (method, a piece of the path).
    pub faults: Vec<(&'static str, &'static str, Fault)>,
    /// The bot's global limit of requests a second (`None`: Discord's 50; a large bot may be granted more), given
    /// to every process as `TTRBOT_GLOBAL_RATE` too.
    pub global_per_second: Option<u32>,
}

impl Fake {
    /// Starts the fake on a free loopback port and the bot binary against it, with its own database.
    pub async fn start(name: &str) -> Fake {
        Fake::start_with(name, Launch::default()).await
    }

    /// Starts the fake and the bot's processes as `launch` says; waits until every process has connected its
    /// shards and the first has registered its commands.
    pub async fn start_with(name: &str, launch: Launch) -> Fake {
        let shards = launch.shards.max(1);
        let fake = Fake::start_unchecked(name, launch).await;
        fake.wait_for_call("registering /ttr", |c| {
            c.method == "PUT" && c.path.ends_with("/commands")
        })
        .await;
        fake.wait_for_shards(shards).await;
        fake
    }

    /// Starts the fake and the bot's processes without waiting for anything (for a bot that is to be refused).
    pub async fn start_unchecked(name: &str, launch: Launch) -> Fake {
        let dir = std::env::temp_dir().join(format!("ttrbot-e2e-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let shards = launch.shards.max(1);
        let (senders, receivers): (Vec<_>, Vec<_>) = (0..shards)
            .map(|_| {
                let (sender, receiver) = mpsc::unbounded_channel();
                (sender, tokio::sync::Mutex::new(receiver))
            })
            .unzip();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr: SocketAddr = listener.local_addr().unwrap();
        let shared = Arc::new(Shared {
            port: addr.port(),
            calls: Mutex::default(),
            changed: Notify::new(),
            shards,
            recommended: launch.recommended.unwrap_or(shards),
            global_per_second: launch.global_per_second.unwrap_or(50) as usize,
            to_shards: receivers,
            guild_of: Mutex::default(),
            identified: Mutex::default(),
            refused_sessions: Mutex::default(),
            next_message: Mutex::new(9_000_000_000_000_000_000),
            dms_closed: Mutex::default(),
            interactions: Mutex::default(),
            posts_denied: Mutex::default(),
            deleted: Mutex::default(),
            locale: Mutex::new("en-US".to_string()),
            commands: Mutex::new(json!([])),
            files: Mutex::default(),
            messages: Mutex::default(),
            interaction_messages: Mutex::default(),
            violations: Mutex::default(),
            global: Mutex::default(),
            faults: Mutex::new(Faults {
                planned: launch
                    .faults
                    .iter()
                    .map(|&(method, piece, fault)| (method.to_string(), piece.to_string(), fault))
                    .collect(),
                ..Faults::default()
            }),
        });
        let app = Router::new()
            .route("/gateway", get(gateway))
            .route("/attachments/{id}/{name}", get(attachment))
            .fallback(rest)
            .with_state(Arc::clone(&shared));
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        let database = dir.join("ttrbot.db");
        let url = launch
            .database_url
            .clone()
            .unwrap_or_else(|| format!("sqlite://{}", database.display()));
        let mut launch = launch;
        if let Some(rate) = launch.global_per_second {
            launch.env.push(("TTRBOT_GLOBAL_RATE".into(), rate.to_string()));
        }
        let processes: Vec<Option<String>> = if launch.processes.is_empty() {
            vec![None]
        } else {
            launch.processes.iter().cloned().map(Some).collect()
        };
        let bots = processes
            .into_iter()
            .enumerate()
            .map(|(i, shards)| {
                let log = dir.join(format!("bot{i}.log"));
                let child = spawn_bot(&dir, addr.port(), &url, &log, shards.as_deref(), &launch.env);
                BotProcess {
                    child,
                    log,
                    shards,
                    env: launch.env.clone(),
                    earlier_logs: Vec::new(),
                }
            })
            .collect();
        Fake {
            shared,
            senders,
            bots: Mutex::new(bots),
            database,
            url,
            store: tokio::sync::OnceCell::new(),
            poll: Duration::from_millis(10),
            next_id: std::sync::atomic::AtomicU64::new(5_000_000_000_000_000_000),
        }
    }

    /// Waits until process `i` exits by itself; returns its exit code (`None`: killed by a signal).
    pub async fn exit_code(&self, i: usize) -> Option<i32> {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.bots.lock().unwrap()[i].child.try_wait().unwrap() {
                return status.code();
            }
            assert!(Instant::now() < deadline, "process {i} did not stop:\n{}", self.log());
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits until `count` shards have identified in all since the fake started.
    async fn wait_for_shards(&self, count: u32) {
        let deadline = Instant::now() + WAIT;
        while (self.shared.identified.lock().unwrap().len() as u32) < count {
            assert!(
                Instant::now() < deadline,
                "the bot's shards did not all connect:\n{}",
                self.log()
            );
            let _ = tokio::time::timeout(Duration::from_millis(50), self.shared.changed.notified()).await;
        }
    }

    /// The sessions that identified so far, as (shard, total).
    pub fn identified(&self) -> Vec<(u32, u32)> {
        self.shared.identified.lock().unwrap().clone()
    }

    /// The close codes given to sessions that identified with a wrong shard.
    pub fn refused_sessions(&self) -> Vec<u16> {
        self.shared.refused_sessions.lock().unwrap().clone()
    }

    /// Puts `channel` in server `guild` (instead of [`GUILD`]): its interactions carry that server, and go to that
    /// server's shard.
    pub fn put_in_guild(&self, channel: u64, guild: u64) {
        self.shared.guild_of.lock().unwrap().insert(channel, guild);
    }

    /// The shard Discord sends `guild`'s events to.
    pub fn shard_of(&self, guild: Option<u64>) -> u32 {
        guild.map_or(0, |g| ((g >> 22) % u64::from(self.shared.shards)) as u32)
    }

    /// Closes every shard's session with `code` (as Discord closes a session: 4011 once the bot has grown past its
    /// shards, 4009 a session timed out).
    pub fn close_all(&self, code: u16) {
        for sender in &self.senders {
            let _ = sender.send(ToGateway::Close(code));
        }
    }

    /// Stops the bot (the gateway closes with 4004) and starts it again on the same database, as a restart of the
    /// real process would; waits until it has registered its commands again.
    pub async fn restart(&mut self) {
        self.close_all(4004);
        for bot in self.bots.get_mut().unwrap() {
            tokio::time::timeout(WAIT, bot.child.wait())
                .await
                .expect("the bot exits after the gateway closes")
                .unwrap();
        }
        self.start_again(0).await;
    }

    /// Starts process `i` again after it stopped, with a new log file; waits until it has registered its commands
    /// again.
    async fn start_again(&self, i: usize) {
        let registrations = |calls: &[Call]| calls.iter().filter(|c| c.method == "PUT").count();
        let before = self.read_calls(registrations);
        let dir = self.database.parent().unwrap().to_path_buf();
        {
            let mut bots = self.bots.lock().unwrap();
            let bot = &mut bots[i];
            let log = dir.join(format!("bot{i}-{before}.log"));
            bot.earlier_logs.push(std::mem::replace(&mut bot.log, log));
            bot.child = spawn_bot(
                &dir,
                self.shared.port,
                &self.url,
                &bot.log,
                bot.shards.as_deref(),
                &bot.env,
            );
        }
        self.wait_until("the restarted bot registering /ttr", |calls| {
            registrations(calls) > before
        })
        .await;
    }

    /// Kills process `i` outright (SIGKILL: no goodbye, whatever it was doing) and waits until it is gone; its
    /// shards' sessions drop.
    pub async fn kill_process(&self, i: usize) {
        self.bots.lock().unwrap()[i].child.start_kill().unwrap();
        let deadline = Instant::now() + WAIT;
        while self.bots.lock().unwrap()[i].child.try_wait().unwrap().is_none() {
            assert!(Instant::now() < deadline, "process {i} outlived SIGKILL");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Starts process `i` again after [`Fake::kill_process`], with the same shards and environment.
    pub async fn restart_process(&self, i: usize) {
        self.start_again(i).await;
    }

    /// Moves the bot's clock `hours` ahead (from the real time, the first time).
    pub fn advance_clock(&self, hours: f64) {
        let file = self.database.parent().unwrap().join("clock");
        let now = std::fs::read_to_string(&file)
            .ok()
            .and_then(|t| t.trim().parse::<i64>().ok())
            .unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap()
                    .as_millis() as i64
            });
        let later = now + (hours * 3_600_000.0) as i64;
        // Written whole and renamed, so the bot never reads half a number.
        let partial = file.with_extension("partial");
        std::fs::write(&partial, later.to_string()).unwrap();
        std::fs::rename(&partial, &file).unwrap();
    }

    /// From now on, DMs to this user are refused (error 50007, as when they have closed their DMs).
    pub fn close_dms(&self, user: u64) {
        self.shared.dms_closed.lock().unwrap().push(user);
    }

    /// From now on, every interaction comes from users, and a server, whose Discord locale is `locale` (`es-ES`);
    /// an interaction given a `locale` of its own keeps it (one user's language in the server's).
    pub fn speak(&self, locale: &str) {
        *self.shared.locale.lock().unwrap() = locale.to_string();
    }

    /// The locale interactions carry now.
    pub fn locale(&self) -> String {
        self.shared.locale.lock().unwrap().clone()
    }

    /// From now on, the bot's messages to this channel are refused (error 50013, as when it lacks Send Messages).
    pub fn deny_posts(&self, channel: u64) {
        self.shared.posts_denied.lock().unwrap().push(channel);
    }

    /// From now on, the bot may post everywhere again.
    pub fn allow_posts(&self) {
        self.shared.posts_denied.lock().unwrap().clear();
    }

    /// The bot process's id (to read its memory use).
    pub fn bot_pid(&self) -> Option<u32> {
        self.bots.lock().unwrap()[0].child.id()
    }

    /// The bot's log so far: every process's, this run's of each, one after the other.
    pub fn log(&self) -> String {
        let read = |path: &PathBuf| std::fs::read_to_string(path).unwrap_or_default();
        let bots = self.bots.lock().unwrap();
        if bots.len() == 1 {
            return read(&bots[0].log);
        }
        bots.iter()
            .enumerate()
            .map(|(i, bot)| format!("--- process {i} ({:?}) ---\n{}", bot.shards, read(&bot.log)))
            .collect()
    }

    /// Every log of process `i`, its earlier runs' first.
    pub fn process_log(&self, i: usize) -> String {
        let bots = self.bots.lock().unwrap();
        let bot = &bots[i];
        bot.earlier_logs
            .iter()
            .chain([&bot.log])
            .map(|path| std::fs::read_to_string(path).unwrap_or_default())
            .collect()
    }

    /// Every REST call so far.
    pub fn calls(&self) -> Vec<Call> {
        self.shared.calls.lock().unwrap().clone()
    }

    /// Waits until a call matching `pick` has been made (after `from`, the number of calls seen before), and
    /// returns it.
    pub async fn wait_for_call_after(&self, from: usize, what: &str, pick: impl Fn(&Call) -> bool) -> Call {
        self.wait_for(what, |calls| calls.iter().skip(from).find(|c| pick(c)).cloned())
            .await
    }

    /// Waits until the calls so far satisfy `done`.
    pub async fn wait_until(&self, what: &str, done: impl Fn(&[Call]) -> bool) {
        self.wait_for(what, |calls| done(calls).then_some(())).await;
    }

    /// Waits until `found` finds something in the calls so far, and returns it. The calls are read in place (not
    /// copied: a long game's calls hold hundreds of pictures), so `found` must not call the fake.
    pub async fn wait_for<T>(&self, what: &str, found: impl Fn(&[Call]) -> Option<T>) -> T {
        self.wait_for_within(WAIT, what, found).await
    }

    /// [`Fake::wait_for`] with its own time limit.
    pub async fn wait_for_within<T>(&self, limit: Duration, what: &str, found: impl Fn(&[Call]) -> Option<T>) -> T {
        let deadline = Instant::now() + limit;
        loop {
            let notified = self.shared.changed.notified();
            if let Some(answer) = self.read_calls(&found) {
                return answer;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(
                !left.is_zero(),
                "timed out waiting for {what}; bot log:\n{}",
                self.log()
            );
            let _ = tokio::time::timeout(left, notified).await;
        }
    }

    /// Reads the calls so far in place.
    pub fn read_calls<T>(&self, read: impl FnOnce(&[Call]) -> T) -> T {
        read(&self.shared.calls.lock().unwrap())
    }

    /// How many calls were made so far.
    pub fn call_count(&self) -> usize {
        self.shared.calls.lock().unwrap().len()
    }

    /// Waits until a call matching `pick` has been made, and returns it.
    pub async fn wait_for_call(&self, what: &str, pick: impl Fn(&Call) -> bool) -> Call {
        self.wait_for_call_after(0, what, pick).await
    }

    fn new_id(&self) -> u64 {
        self.next_id.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1
    }

    /// When the interaction with this id was sent to the bot.
    pub fn sent_at(&self, id: u64) -> Option<Instant> {
        self.shared
            .interactions
            .lock()
            .unwrap()
            .get(&id.to_string())
            .map(|(at, _, _)| *at)
    }

    /// Sends an interaction and waits for the bot's answer to it (its callback). Returns the callback's JSON.
    pub async fn interact(&self, interaction: Value) -> Value {
        self.interact_together(vec![interaction]).await.remove(0)
    }

    /// Sends an interaction and waits for the bot's answer; returns the interaction's id and the answer's JSON.
    pub async fn interact_with_id(&self, interaction: Value) -> (u64, Value) {
        let from = self.call_count();
        let (id, path) = self.send_interaction(interaction);
        let answer = self
            .wait_for_call_after(from, &format!("the answer to interaction {id}"), |c| c.path == path)
            .await;
        (id, answer.json)
    }

    /// A file a user attaches to a command: stored on the fake's attachment host, and described as Discord describes
    /// it in the interaction (`size` is Discord's word for its size; a test may make it lie).
    pub fn attach(&self, name: &str, bytes: &[u8], size: u64) -> Value {
        let id = 7_000_000_000_000_000_000 + self.shared.files.lock().unwrap().len() as u64;
        let path = format!("/attachments/{id}/{name}");
        self.shared
            .files
            .lock()
            .unwrap()
            .insert(path.clone(), (bytes.to_vec(), 0));
        let url = format!("http://127.0.0.1:{}{path}", self.shared.port);
        json!({ "id": id.to_string(), "filename": name, "size": size, "url": url, "proxy_url": url,
                "content_type": "text/plain; charset=utf-8" })
    }

    /// How many times the bot fetched each attached file, by name.
    pub fn fetched(&self, name: &str) -> usize {
        let files = self.shared.files.lock().unwrap();
        files
            .iter()
            .filter(|(path, _)| path.ends_with(&format!("/{name}")))
            .map(|(_, (_, n))| n)
            .sum()
    }

    /// Whether Discord's client would send this command or autocomplete at all: every option typed must be one the
    /// bot registered, and a string no longer than its registered `max_length` (6,000 when none is given) nor
    /// shorter than its `min_length`. `Err` says what the client would refuse.
    pub fn would_send(&self, interaction: &Value) -> Result<(), String> {
        if !matches!(interaction["type"].as_u64(), Some(2 | 4)) {
            return Ok(());
        }
        let commands = self.shared.commands.lock().unwrap().clone();
        let data = &interaction["data"];
        let command = commands
            .as_array()
            .into_iter()
            .flatten()
            .find(|c| c["name"] == data["name"])
            .ok_or_else(|| format!("no command /{} is registered", data["name"]))?;
        let mut sent_sub = &data["options"][0];
        let mut sub = command["options"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|o| o["name"] == sent_sub["name"])
            .ok_or_else(|| format!("/{} has no subcommand {}", data["name"], sent_sub["name"]))?;
        // A subcommand group (`/ttr map upload`): its subcommand is one level down.
        if sent_sub["type"] == 2 {
            let inner = &sent_sub["options"][0];
            sub = sub["options"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|o| o["name"] == inner["name"] && o["type"] == 1)
                .ok_or_else(|| format!("{} has no subcommand {}", sent_sub["name"], inner["name"]))?;
            sent_sub = inner;
        }
        for option in sent_sub["options"].as_array().into_iter().flatten() {
            let declared = sub["options"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|o| o["name"] == option["name"])
                .ok_or_else(|| format!("{} has no option {}", sent_sub["name"], option["name"]))?;
            if let Some(text) = option["value"].as_str() {
                let chars = text.chars().count() as u64;
                let most = declared["max_length"].as_u64().unwrap_or(6000);
                let least = declared["min_length"].as_u64().unwrap_or(0);
                // An autocomplete is sent while typing, so only the upper bound applies to it.
                let short = interaction["type"] == 2 && chars < least;
                if chars > most || short {
                    return Err(format!(
                        "option {} takes {least}..={most} characters, not {chars}",
                        option["name"]
                    ));
                }
            }
        }
        Ok(())
    }

    /// The latest message whose components include this `custom_id`.
    fn message_showing(&self, custom_id: &str) -> Option<(u64, Stored)> {
        let messages = self.shared.messages.lock().unwrap();
        messages
            .iter()
            .rev()
            .find(|(_, m)| custom_ids(&m.body).iter().any(|id| id == custom_id))
            .map(|(id, m)| (*id, m.clone()))
    }

    /// Every message the bot posted in a channel, as they read now, oldest first.
    pub fn messages_in(&self, channel: u64) -> Vec<(u64, Stored)> {
        let messages = self.shared.messages.lock().unwrap();
        messages
            .iter()
            .filter(|(_, m)| m.channel == channel)
            .map(|(id, m)| (*id, m.clone()))
            .collect()
    }

    /// Deletes a channel: every later request to it is answered 404 / 10003, as Discord does.
    pub fn delete_channel(&self, channel: u64) {
        self.shared.deleted.lock().unwrap().push(channel);
    }

    /// Deletes a channel as a user does in Discord: later requests to it are answered 404 / 10003, and the gateway
    /// sends `CHANNEL_DELETE` to the shard of its server.
    pub fn delete_channel_with_event(&self, channel: u64) {
        self.delete_channel(channel);
        let guild = self
            .shared
            .guild_of
            .lock()
            .unwrap()
            .get(&channel)
            .copied()
            .unwrap_or(GUILD);
        let deleted = json!({
            "id": channel.to_string(), "type": 0, "guild_id": guild.to_string(), "name": "ttr",
            "position": 0, "permission_overwrites": [], "nsfw": false, "flags": 0,
        });
        serde_json::from_value::<serenity::GuildChannel>(deleted.clone())
            .expect("CHANNEL_DELETE is one serenity reads");
        let _ = self.senders[self.shard_of(Some(guild)) as usize].send(ToGateway::Dispatch("CHANNEL_DELETE", deleted));
    }

    /// Removes the bot from server `guild` (kicked, or the server deleted): `GUILD_DELETE` without `unavailable`.
    pub fn leave_guild(&self, guild: u64) {
        let left = json!({ "id": guild.to_string(), "unavailable": false });
        let _ = self.senders[self.shard_of(Some(guild)) as usize].send(ToGateway::Dispatch("GUILD_DELETE", left));
    }

    /// The next request with this method whose path contains `piece` fails this way.
    pub fn fail_next(&self, method: &str, piece: &str, fault: Fault) {
        let mut faults = self.shared.faults.lock().unwrap();
        faults.planned.push((method.to_string(), piece.to_string(), fault));
    }

    /// From now on, `percent` of the bot's requests (a seeded draw) fail: a 500, a 429, or an interaction answered
    /// too late.
    pub fn chaos(&self, seed: u64, percent: u64) {
        self.shared.faults.lock().unwrap().chaos = Some((table::Rng(seed), percent));
    }

    /// The failures given so far: which, and to what request.
    pub fn faults_given(&self) -> Vec<(Fault, String)> {
        self.shared.faults.lock().unwrap().given.clone()
    }

    /// The requests Discord would have refused so far, each with why.
    pub fn violations(&self) -> Vec<String> {
        self.shared.violations.lock().unwrap().clone()
    }

    /// The application commands the bot registered.
    pub fn registered_commands(&self) -> Value {
        self.shared.commands.lock().unwrap().clone()
    }

    /// Dispatches one interaction with a fresh id; returns the id and the path of its callback.
    fn send_interaction(&self, mut interaction: Value) -> (u64, String) {
        if let Err(refused) = self.would_send(&interaction) {
            panic!("Discord's client would not send this ({refused}): {interaction:#}");
        }
        let id = self.new_id();
        interaction["id"] = json!(id.to_string());
        interaction["token"] = json!(format!("tok-{id}"));
        // The user's and the server's language, as Discord sends them: the fake's, unless the test gave this
        // interaction a user locale of its own.
        let locale = self.locale();
        if interaction.get("locale").is_none() {
            interaction["locale"] = json!(locale);
        }
        interaction["guild_locale"] = json!(locale);
        let channel = interaction["channel_id"]
            .as_str()
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        if interaction.get("guild_id").is_some()
            && let Some(guild) = self.shared.guild_of.lock().unwrap().get(&channel)
        {
            interaction["guild_id"] = json!(guild.to_string());
        }
        // A component is on the latest message that shows it, as Discord would send that message along.
        if interaction["type"] == 3
            && let Some((message, stored)) =
                self.message_showing(interaction["data"]["custom_id"].as_str().unwrap_or(""))
        {
            interaction["message"] = stored_json(message, &stored);
            self.shared
                .interaction_messages
                .lock()
                .unwrap()
                .insert(id.to_string(), message);
        } else if interaction["type"] == 3 {
            // Shown on no message the fake kept (its answer came too late, or failed, in a chaos game): the test
            // presses it as if the player had seen it, on a message as private as the bot sent it.
            let custom_id = interaction["data"]["custom_id"].as_str().unwrap_or("").to_string();
            let sent = self.read_calls(|calls| {
                calls.iter().rev().find_map(|c| {
                    let body = if c.json["data"].is_object() {
                        &c.json["data"]
                    } else {
                        &c.json
                    };
                    custom_ids(body).contains(&custom_id).then(|| body.clone())
                })
            });
            if let Some(body) = sent {
                interaction["message"] = message_json(8_000_000_000_000_000_008, channel, &body);
            }
        }
        serde_json::from_value::<serenity::Interaction>(interaction.clone())
            .unwrap_or_else(|e| panic!("the fake's interaction is not one serenity reads: {e}\n{interaction:#}"));
        self.shared
            .interactions
            .lock()
            .unwrap()
            .insert(id.to_string(), (Instant::now(), false, channel));
        let guild = interaction["guild_id"].as_str().and_then(|g| g.parse().ok());
        let _ =
            self.senders[self.shard_of(guild) as usize].send(ToGateway::Dispatch("INTERACTION_CREATE", interaction));
        (id, format!("/api/v10/interactions/{id}/tok-{id}/callback"))
    }

    /// Sends a component interaction as pressed on message `on` (whatever message shows its `custom_id`), as a
    /// modified client can; waits for the bot's answer.
    pub async fn press_on(&self, on: u64, mut interaction: Value) -> Value {
        let stored = self
            .shared
            .messages
            .lock()
            .unwrap()
            .get(&on)
            .cloned()
            .expect("the message pressed on");
        interaction["message"] = stored_json(on, &stored);
        let from = self.call_count();
        let id = self.new_id();
        interaction["id"] = json!(id.to_string());
        interaction["token"] = json!(format!("tok-{id}"));
        interaction["locale"] = json!(self.locale());
        interaction["guild_locale"] = json!(self.locale());
        self.shared
            .interaction_messages
            .lock()
            .unwrap()
            .insert(id.to_string(), on);
        self.shared
            .interactions
            .lock()
            .unwrap()
            .insert(id.to_string(), (Instant::now(), false, stored.channel));
        let guild = interaction["guild_id"].as_str().and_then(|g| g.parse().ok());
        let _ =
            self.senders[self.shard_of(guild) as usize].send(ToGateway::Dispatch("INTERACTION_CREATE", interaction));
        let path = format!("/api/v10/interactions/{id}/tok-{id}/callback");
        self.wait_for_call_after(from, &format!("the answer to interaction {id}"), |c| c.path == path)
            .await
            .json
    }

    /// Sends several interactions at once (as when two people click in the same instant, or one person twice) and
    /// waits for the bot's answer to each. Returns the callbacks' JSON in the order sent.
    pub async fn interact_together(&self, interactions: Vec<Value>) -> Vec<Value> {
        let from = self.call_count();
        let paths: Vec<(u64, String)> = interactions.into_iter().map(|i| self.send_interaction(i)).collect();
        let mut answers = Vec::new();
        for (id, path) in paths {
            let answer = self
                .wait_for_call_after(from, &format!("the answer to interaction {id}"), |c| c.path == path)
                .await;
            answers.push(answer.json);
        }
        answers
    }

    /// Kills the bot outright (SIGKILL: no goodbye, whatever it was doing) and starts it again on the same
    /// database; waits until it has registered its commands again.
    pub async fn kill_and_restart(&mut self) {
        self.bots.get_mut().unwrap()[0].child.kill().await.unwrap();
        self.start_again(0).await;
    }

    /// Sends an interaction the bot first defers, then answers with a followup; returns the followup's call.
    pub async fn interact_deferred(&self, interaction: Value) -> Call {
        let from = self.call_count();
        let (id, deferred) = self.interact_with_id(interaction).await;
        assert_eq!(deferred["type"], 5, "a deferred answer: {deferred:#}");
        let path = format!("/api/v10/webhooks/{APP}/tok-{id}");
        self.wait_for_call_after(from, "the followup", |c| c.method == "POST" && c.path == path)
            .await
    }

    /// Sends several interactions the bot defers at once (as one person asking twice in a hurry), and waits for each
    /// one's followup. Returns the followups in the order sent.
    pub async fn interact_deferred_together(&self, interactions: Vec<Value>) -> Vec<Call> {
        let from = self.call_count();
        let sent: Vec<(u64, String)> = interactions.into_iter().map(|i| self.send_interaction(i)).collect();
        let mut followups = Vec::new();
        for (id, _) in sent {
            let path = format!("/api/v10/webhooks/{APP}/tok-{id}");
            let followup = self
                .wait_for_call_after(from, &format!("the followup to interaction {id}"), |c| {
                    c.method == "POST" && c.path == path
                })
                .await;
            followups.push(followup);
        }
        followups
    }

    /// Sends an interaction and returns its answer and the followup the bot sends after it.
    pub async fn interact_then_followup(&self, interaction: Value) -> (Value, Call) {
        let from = self.call_count();
        let (id, answer) = self.interact_with_id(interaction).await;
        let path = format!("/api/v10/webhooks/{APP}/tok-{id}");
        let followup = self
            .wait_for_call_after(from, "the followup", |c| c.method == "POST" && c.path == path)
            .await;
        (answer, followup)
    }

    /// Closes the gateway with 4004 (authentication failed) and waits for the bot to exit.
    pub async fn stop(self) -> String {
        self.stop_checking(&["Interaction has already been acknowledged", "Unknown interaction"])
            .await
    }

    /// As [`Fake::stop`], after a chaos game: answers the fake made late were logged as Discord's 10062, as they
    /// should be.
    pub async fn stop_after_chaos(self) -> String {
        self.stop_checking(&["Interaction has already been acknowledged"]).await
    }

    async fn stop_checking(mut self, also: &[&str]) -> String {
        self.close_all(4004);
        let mut killed = false;
        for bot in self.bots.get_mut().unwrap() {
            let status = tokio::time::timeout(WAIT, bot.child.wait())
                .await
                .expect("the bot exits after the gateway closes")
                .unwrap();
            killed |= status.code().is_none();
        }
        let log = self.log();
        assert!(!killed, "the bot was killed: {log}");
        let violations = self.violations();
        assert!(
            violations.is_empty(),
            "Discord would have refused these requests: {violations:#?}"
        );
        let always = [
            "An unknown event was received",
            "HTTP request to get gateway URL failed",
            "panicked",
        ];
        for trap in always.iter().chain(also) {
            assert!(!log.contains(trap), "the bot logged \"{trap}\":\n{log}");
        }
        log
    }

    /// Stops the bot of a fake the tests shared (every table holding it dropped first); returns its log.
    pub async fn stop_shared(fake: Arc<Fake>) -> String {
        match Arc::try_unwrap(fake) {
            Ok(fake) => fake.stop().await,
            Err(_) => panic!("a table still holds the fake"),
        }
    }

    /// Where the bot stores its games.
    pub fn database_url(&self) -> String {
        self.url.clone()
    }

    /// The bot's database, as the test reads it.
    pub async fn store(&self) -> ttrbot::store::Store {
        self.store
            .get_or_init(|| async {
                ttrbot::store::Store::open(&self.url)
                    .await
                    .expect("the bot's database opens")
            })
            .await
            .clone()
    }
}

/// A test that never stops its bot is still failed by a request Discord would have refused.
impl Drop for Fake {
    fn drop(&mut self) {
        let violations = self.violations();
        if !violations.is_empty() && !std::thread::panicking() {
            panic!("Discord would have refused these requests: {violations:#?}");
        }
    }
}

/// Starts the bot binary against the fake on `port`, with its own database and log, and no proxy in the way.
fn spawn_bot(
    dir: &std::path::Path,
    port: u16,
    database_url: &str,
    log: &std::path::Path,
    shards: Option<&str>,
    env: &[(String, String)],
) -> tokio::process::Child {
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_ttrbot"));
    if let Some(shards) = shards {
        command.env("TTRBOT_SHARDS", shards);
    }
    for (key, value) in env {
        command.env(key, value);
    }
    command
        .current_dir(dir)
        .env("DISCORD_TOKEN", "fake-token")
        .env("DISCORD_API_BASE", format!("http://127.0.0.1:{port}"))
        .env("DATABASE_URL", database_url)
        // Seeded games: the same deal on every run.
        .env("TTRBOT_GAME_SEED", "20261123")
        // The bot's clock is a file the test moves (see `Fake::advance_clock`), and reminders are looked for often.
        .env("TTRBOT_CLOCK_FILE", dir.join("clock"))
        .env("TTRBOT_REMINDER_SCAN_MS", "50")
        .env("TTRBOT_SUPERVISOR_SCAN_MS", "200")
        .env("RUST_LOG", "warn,ttrbot=info,serenity::client::dispatch=debug")
        .env("NO_PROXY", "127.0.0.1,localhost")
        .env_remove("HTTP_PROXY")
        .env_remove("HTTPS_PROXY")
        .env_remove("ALL_PROXY")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(log).unwrap())
        .kill_on_drop(true)
        .spawn()
        .expect("the bot binary starts")
}

/// A guild member as interactions carry it; `manage` gives them the Manage Channel permission.
pub fn member(user: u64, name: &str, manage: bool) -> Value {
    json!({
        "user": { "id": user.to_string(), "username": name.to_lowercase(), "discriminator": "0",
                  "global_name": name, "avatar": null },
        "roles": [], "deaf": false, "mute": false, "flags": 0,
        "joined_at": "2026-01-01T00:00:00+00:00",
        "permissions": if manage { "16" } else { "0" },
    })
}

fn base(kind: u8, user: u64, name: &str, channel: u64, data: Value) -> Value {
    json!({
        "application_id": APP.to_string(), "type": kind, "version": 1,
        "entitlements": [], "attachment_size_limit": 8_388_608, "guild_id": GUILD.to_string(),
        "channel_id": channel.to_string(), "channel": { "id": channel.to_string(), "type": 0 },
        "member": member(user, name, false), "app_permissions": "0", "data": data,
    })
}

/// `/ttr <sub> [options]` by a user in a channel; options are (name, value), strings, integers or booleans.
pub fn slash(user: u64, name: &str, channel: u64, sub: &str, options: &[(&str, Value)]) -> Value {
    let options: Vec<Value> = options
        .iter()
        .map(|(n, v)| {
            let kind = match v {
                Value::String(_) => 3,
                Value::Bool(_) => 5,
                _ => 4,
            };
            json!({ "name": n, "type": kind, "value": v })
        })
        .collect();
    base(
        2,
        user,
        name,
        channel,
        json!({ "id": "4000000000000000004", "name": "ttr", "type": 1,
                "options": [{ "name": sub, "type": 1, "options": options }] }),
    )
}

/// `/ttr <group> <sub> [options]` (`/ttr map upload`): options are (name, value) as in [`slash`], and an option
/// whose value is an attachment (from [`Fake::attach`]) is sent as Discord sends files, by id with the file resolved.
pub fn slash_group(user: u64, name: &str, channel: u64, group: &str, sub: &str, options: &[(&str, Value)]) -> Value {
    let mut resolved = serde_json::Map::new();
    let options: Vec<Value> = options
        .iter()
        .map(|(n, v)| match v {
            Value::Object(file) => {
                let id = file["id"].as_str().unwrap().to_string();
                resolved.insert(id.clone(), v.clone());
                json!({ "name": n, "type": 11, "value": id })
            }
            Value::String(_) => json!({ "name": n, "type": 3, "value": v }),
            Value::Bool(_) => json!({ "name": n, "type": 5, "value": v }),
            _ => json!({ "name": n, "type": 4, "value": v }),
        })
        .collect();
    base(
        2,
        user,
        name,
        channel,
        json!({ "id": "4000000000000000004", "name": "ttr", "type": 1,
                "options": [{ "name": group, "type": 2,
                              "options": [{ "name": sub, "type": 1, "options": options }] }],
                "resolved": { "attachments": resolved } }),
    )
}

/// Makes a user one who manages the server (and its channels) in an interaction.
pub fn as_server_manager(mut interaction: Value) -> Value {
    interaction["member"]["permissions"] = json!("48");
    interaction
}

/// A component used by a user on a message of the bot's (`data` says which component and what was chosen).
fn component(user: u64, name: &str, channel: u64, data: Value) -> Value {
    let mut value = base(3, user, name, channel, data);
    value["message"] = message_json(8_000_000_000_000_000_008, channel, &json!({ "content": "" }));
    value
}

/// A button press by a user on a message of the bot's.
pub fn button(user: u64, name: &str, channel: u64, custom_id: &str) -> Value {
    component(
        user,
        name,
        channel,
        json!({ "custom_id": custom_id, "component_type": 2 }),
    )
}

/// An autocomplete request for `/ttr <sub>` while typing `typed` into option `option`.
pub fn autocomplete(user: u64, name: &str, channel: u64, sub: &str, option: &str, typed: &str) -> Value {
    base(
        4,
        user,
        name,
        channel,
        json!({ "id": "4000000000000000004", "name": "ttr", "type": 1,
                "options": [{ "name": sub, "type": 1,
                              "options": [{ "name": option, "type": 3, "value": typed, "focused": true }] }] }),
    )
}

/// A string select submitted by a user with these values.
pub fn select(user: u64, name: &str, channel: u64, custom_id: &str, values: &[&str]) -> Value {
    component(
        user,
        name,
        channel,
        json!({ "custom_id": custom_id, "component_type": 3, "values": values }),
    )
}

/// Makes a user a channel manager in an interaction.
pub fn as_manager(mut interaction: Value) -> Value {
    interaction["member"]["permissions"] = json!("16");
    interaction
}

fn message_json(id: u64, channel: u64, body: &Value) -> Value {
    json!({
        "id": id.to_string(), "channel_id": channel.to_string(),
        "author": { "id": BOT_USER.to_string(), "username": "ttrbot", "discriminator": "0", "global_name": null,
                    "avatar": null, "bot": true },
        "content": body.get("content").cloned().unwrap_or(json!("")),
        "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": null, "tts": false,
        "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [],
        "embeds": body.get("embeds").cloned().unwrap_or(json!([])),
        "components": body.get("components").cloned().unwrap_or(json!([])), "pinned": false, "type": 0,
        // As Discord keeps them: an ephemeral message says so (64) whenever it is sent along, edits included.
        "flags": body.get("flags").and_then(Value::as_u64).unwrap_or(0),
    })
}

/// A stored message as Discord returns it, its files listed.
fn stored_json(id: u64, stored: &Stored) -> Value {
    let mut message = message_json(id, stored.channel, &stored.body);
    message["attachments"] = json!(stored.attachments);
    message
}

/// One attached file as the fake received it: (part name, file name, content type, bytes).
type File = (String, String, String, Vec<u8>);

/// A message's files after a create or an edit, by Discord's rule: an `attachments` list in the body names every
/// file the message keeps (existing ones by their id) and describes the new uploads; without one, the existing
/// files stay. Uploaded files are always added.
fn attachments_after(existing: &[Value], body: &Value, files: &[File], new_id: &dyn Fn() -> u64) -> Vec<Value> {
    let mut kept: Vec<Value> = match body.get("attachments").and_then(Value::as_array) {
        Some(listed) => existing
            .iter()
            .filter(|old| listed.iter().any(|l| same_id(&l["id"], &old["id"])))
            .cloned()
            .collect(),
        None => existing.to_vec(),
    };
    for (_, filename, kind, bytes) in files {
        kept.push(json!({
            "id": new_id().to_string(), "filename": filename, "size": bytes.len(),
            "url": format!("https://cdn.example/{filename}"), "proxy_url": format!("https://media.example/{filename}"),
            "content_type": kind,
        }));
    }
    kept
}

/// Whether two attachment ids are the same (Discord takes them as strings or numbers).
fn same_id(a: &Value, b: &Value) -> bool {
    let text = |v: &Value| v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string());
    text(a) == text(b)
}

/// Every `custom_id` in a message's components.
pub fn custom_ids(message: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for row in message["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            if let Some(id) = c["custom_id"].as_str() {
                out.push(id.to_string());
            }
        }
    }
    out
}

async fn rest(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let multipart = request
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/"));
    let (json, files) = if multipart {
        let mut parts = Multipart::from_request(request, &()).await.unwrap();
        let (mut json, mut files) = (Value::Null, Vec::new());
        while let Some(field) = parts.next_field().await.unwrap() {
            let name = field.name().unwrap_or("").to_string();
            let file = field.file_name().map(str::to_string);
            let kind = field.content_type().unwrap_or("").to_string();
            let bytes: Bytes = field.bytes().await.unwrap();
            match file {
                Some(file) => files.push((name, file, kind, bytes.to_vec())),
                None if name == "payload_json" => json = serde_json::from_slice(&bytes).unwrap_or(Value::Null),
                None => {}
            }
        }
        (json, files)
    } else {
        let bytes = axum::body::to_bytes(request.into_body(), 16 << 20).await.unwrap();
        (serde_json::from_slice(&bytes).unwrap_or(Value::Null), Vec::new())
    };
    let mut violations = spec::violations(method.as_str(), path.trim_start_matches("/api/v10"), &json);
    if let Some(over) = over_global_limit(&shared, &path) {
        violations.push(over);
    }
    let fault = shared.faults.lock().unwrap().take(method.as_str(), &path);
    let answer = if let Some(fault) = fault.filter(|_| violations.is_empty()) {
        if fault == Fault::LostAnswer {
            let _ = answer(&shared, &method, &path, &json, &files);
        }
        failed(fault)
    } else if violations.is_empty() {
        answer(&shared, &method, &path, &json, &files)
    } else {
        let refusal = spec::refusal(&violations);
        shared.violations.lock().unwrap().extend(violations);
        (StatusCode::BAD_REQUEST, axum::Json(refusal)).into_response()
    };
    shared.calls.lock().unwrap().push(Call {
        method: method.to_string(),
        path,
        json,
        files,
        at: Instant::now(),
    });
    shared.changed.notify_waiters();
    answer
}

/// Discord's global limit: 50 requests a second for a bot, whichever of its processes makes them; answers to
/// interactions (`/interactions/…`, `/webhooks/…`) are not counted. Past it, why (Discord answers 429, global).
fn over_global_limit(shared: &Shared, path: &str) -> Option<String> {
    let api = path.trim_start_matches("/api/v10");
    if api.starts_with("/interactions/") || api.starts_with("/webhooks/") {
        return None;
    }
    let now = Instant::now();
    let mut last_second = shared.global.lock().unwrap();
    while last_second
        .front()
        .is_some_and(|t| now.duration_since(*t) >= Duration::from_secs(1))
    {
        last_second.pop_front();
    }
    last_second.push_back(now);
    let most = shared.global_per_second;
    (last_second.len() > most).then(|| {
        format!(
            "{path}: request {} in one second, past the bot's global {most}",
            last_second.len()
        )
    })
}

/// Discord's answer when it fails a request.
fn failed(fault: Fault) -> Response {
    match fault {
        Fault::ServerError | Fault::LostAnswer => (
            StatusCode::INTERNAL_SERVER_ERROR,
            axum::Json(json!({ "message": "500: Internal Server Error", "code": 0 })),
        )
            .into_response(),
        Fault::RateLimited => (
            StatusCode::TOO_MANY_REQUESTS,
            [("retry-after", "0.05"), ("x-ratelimit-scope", "user")],
            axum::Json(json!({ "message": "You are being rate limited.", "retry_after": 0.05, "global": false })),
        )
            .into_response(),
        Fault::Late => (
            StatusCode::NOT_FOUND,
            axum::Json(json!({ "code": 10062, "message": "Unknown interaction" })),
        )
            .into_response(),
    }
}

/// What Discord would answer.
fn answer(shared: &Shared, method: &Method, path: &str, json: &Value, files: &[File]) -> Response {
    let segments: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    let new_id = || {
        let mut next = shared.next_message.lock().unwrap();
        *next += 1;
        *next
    };
    let create = |channel: u64, body: &Value| -> u64 {
        let id = new_id();
        let attachments = attachments_after(&[], body, files, &new_id);
        let stored = Stored {
            channel,
            body: body.clone(),
            posted_with_files: attachments.len(),
            attachments,
        };
        shared.messages.lock().unwrap().insert(id, stored);
        id
    };
    let new_message = |channel: u64| {
        let id = create(channel, json);
        let stored = shared.messages.lock().unwrap()[&id].clone();
        axum::Json(stored_json(id, &stored)).into_response()
    };
    let edit = |id: u64, body: &Value| -> Option<Stored> {
        let mut messages = shared.messages.lock().unwrap();
        let stored = messages.get_mut(&id)?;
        stored.attachments = attachments_after(&stored.attachments, body, files, &new_id);
        for key in ["content", "embeds", "components"] {
            if let Some(value) = body.get(key) {
                stored.body[key] = value.clone();
            }
        }
        Some(stored.clone())
    };
    if let ["channels", channel, ..] = segments.as_slice()
        && channel
            .parse::<u64>()
            .is_ok_and(|c| shared.deleted.lock().unwrap().contains(&c))
    {
        let refusal = json!({ "code": 10003, "message": "Unknown Channel" });
        return (StatusCode::NOT_FOUND, axum::Json(refusal)).into_response();
    }
    match (method.as_str(), segments.as_slice()) {
        ("GET", ["gateway"]) => {
            axum::Json(json!({ "url": format!("ws://127.0.0.1:{}/gateway", shared.port) })).into_response()
        }
        ("GET", ["gateway", "bot"]) => axum::Json(json!({
            "url": format!("ws://127.0.0.1:{}/gateway", shared.port), "shards": shared.recommended,
            "session_start_limit": { "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1 },
        }))
        .into_response(),
        ("PUT", ["applications", _, "commands"]) => {
            *shared.commands.lock().unwrap() = json.clone();
            axum::Json(json!([])).into_response()
        }
        ("POST", ["interactions", id, _, "callback"]) => {
            let mut sent = shared.interactions.lock().unwrap();
            match sent.get_mut(*id) {
                Some((_, true, _)) => {
                    let refusal = json!({ "code": 40060, "message": "Interaction has already been acknowledged." });
                    (StatusCode::BAD_REQUEST, axum::Json(refusal)).into_response()
                }
                Some((at, acked, channel)) if at.elapsed() <= ACK_DEADLINE => {
                    *acked = true;
                    let channel = *channel;
                    drop(sent);
                    let data = &json["data"];
                    match json["type"].as_u64() {
                        // A new message answering the interaction: its `@original`.
                        Some(4) => {
                            let created = create(channel, data);
                            let token = segments.get(2).copied().unwrap_or("");
                            shared.interaction_messages.lock().unwrap().insert(token.to_string(), created);
                        }
                        // A press acknowledged, its answer to come: the message pressed on is its `@original`.
                        Some(6) => {
                            let on = shared.interaction_messages.lock().unwrap().get(*id).copied();
                            if let Some(message) = on {
                                let token = segments.get(2).copied().unwrap_or("");
                                shared.interaction_messages.lock().unwrap().insert(token.to_string(), message);
                            }
                        }
                        // The message the component is on, replaced by Discord's rule for edits.
                        Some(7) => {
                            let on = shared.interaction_messages.lock().unwrap().get(*id).copied();
                            if let Some(message) = on {
                                edit(message, data);
                            }
                        }
                        _ => {}
                    }
                    StatusCode::NO_CONTENT.into_response()
                }
                _ => {
                    let refusal = json!({ "code": 10062, "message": "Unknown interaction" });
                    (StatusCode::NOT_FOUND, axum::Json(refusal)).into_response()
                }
            }
        }
        ("POST", ["webhooks", _, _]) => new_message(1),
        ("PATCH", ["webhooks", _, token, "messages", which]) => {
            let id = match *which {
                "@original" => shared.interaction_messages.lock().unwrap().get(*token).copied(),
                other => other.parse().ok(),
            };
            match id.and_then(|id| edit(id, json)) {
                Some(stored) => axum::Json(stored_json(id.unwrap_or(1), &stored)).into_response(),
                None => new_message(1),
            }
        }
        ("GET", ["webhooks", _, _, "messages", _]) => new_message(1),
        // A channel's latest messages, newest first (Discord's default of 50; the bot asks for fewer).
        ("GET", ["channels", channel, "messages"]) => {
            let channel: u64 = channel.parse().unwrap_or(0);
            let messages = shared.messages.lock().unwrap();
            let latest: Vec<Value> = messages
                .iter()
                .rev()
                .filter(|(_, m)| m.channel == channel)
                .take(50)
                .map(|(id, m)| stored_json(*id, m))
                .collect();
            axum::Json(Value::Array(latest)).into_response()
        }
        ("DELETE", ["webhooks", _, token, "messages", which]) => {
            let id = match *which {
                "@original" => shared.interaction_messages.lock().unwrap().get(*token).copied(),
                other => other.parse().ok(),
            };
            if let Some(id) = id {
                shared.messages.lock().unwrap().remove(&id);
            }
            StatusCode::NO_CONTENT.into_response()
        }
        ("POST", ["users", "@me", "channels"]) => axum::Json(json!({
            // One DM channel per user: 7 000 000 000 000 000 000 plus the user's id.
            "id": (DM_CHANNELS + json["recipient_id"].as_str().and_then(|u| u.parse::<u64>().ok()).unwrap_or(0)).to_string(),
            "type": 1,
            "recipients": [{ "id": json["recipient_id"], "username": "player", "discriminator": "0", "avatar": null }],
        }))
        .into_response(),
        ("POST", ["channels", channel, "messages"])
            if channel
                .parse::<u64>()
                .ok()
                .and_then(|c| c.checked_sub(DM_CHANNELS))
                .is_some_and(|user| shared.dms_closed.lock().unwrap().contains(&user)) =>
        {
            let refusal = json!({ "code": 50007, "message": "Cannot send messages to this user" });
            (StatusCode::FORBIDDEN, axum::Json(refusal)).into_response()
        }
        ("POST", ["channels", channel, "messages"])
            if channel
                .parse::<u64>()
                .is_ok_and(|c| shared.posts_denied.lock().unwrap().contains(&c)) =>
        {
            let refusal = json!({ "code": 50013, "message": "Missing Permissions" });
            (StatusCode::FORBIDDEN, axum::Json(refusal)).into_response()
        }
        ("POST", ["channels", channel, "messages"]) => {
            let channel: u64 = channel.parse().unwrap_or(1);
            // With `enforce_nonce`, a nonce already used in the channel returns that message instead of a new one.
            let earlier = json["nonce"].as_str().filter(|_| json["enforce_nonce"] == true).and_then(|nonce| {
                let messages = shared.messages.lock().unwrap();
                messages
                    .iter()
                    .find(|(_, m)| m.channel == channel && m.body["nonce"] == nonce)
                    .map(|(id, m)| stored_json(*id, m))
            });
            match earlier {
                Some(message) => axum::Json(message).into_response(),
                None => new_message(channel),
            }
        }
        ("PATCH", ["channels", channel, "messages", id]) => {
            let id: u64 = id.parse().unwrap_or(1);
            match edit(id, json) {
                Some(stored) => axum::Json(stored_json(id, &stored)).into_response(),
                None => axum::Json(message_json(id, channel.parse().unwrap_or(1), json)).into_response(),
            }
        }
        ("POST", ["channels", channel, "threads"]) => {
            let mut next = shared.next_message.lock().unwrap();
            *next += 1;
            axum::Json(json!({
                "id": next.to_string(), "type": 11, "guild_id": GUILD.to_string(), "parent_id": channel,
                "name": json["name"], "owner_id": BOT_USER.to_string(),
            }))
            .into_response()
        }
        ("DELETE", _) => StatusCode::NO_CONTENT.into_response(),
        _ => (
            StatusCode::NOT_FOUND,
            axum::Json(json!({ "code": 0, "message": format!("the fake has no {method} {path}") })),
        )
            .into_response(),
    }
}

/// A file a user attached, as Discord's attachment host serves it (404 when there is none).
async fn attachment(
    State(shared): State<Arc<Shared>>,
    axum::extract::Path((id, name)): axum::extract::Path<(String, String)>,
) -> Response {
    let mut files = shared.files.lock().unwrap();
    match files.get_mut(&format!("/attachments/{id}/{name}")) {
        Some((bytes, fetched)) => {
            *fetched += 1;
            (StatusCode::OK, bytes.clone()).into_response()
        }
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

async fn gateway(State(shared): State<Arc<Shared>>, upgrade: WebSocketUpgrade) -> Response {
    upgrade.on_upgrade(move |socket| session(shared, socket))
}

/// One gateway connection: HELLO, then IDENTIFY → READY (or RESUME → RESUMED), heartbeats, and the events of the
/// shard it identified as. A session that identifies with fewer shards than the fake requires is closed with
/// 4011 (sharding required), one with a shard outside its total or another total with 4010 (invalid shard), as
/// Discord closes them.
async fn session(shared: Arc<Shared>, mut socket: WebSocket) {
    let send = |v: Value| Message::Text(v.to_string().into());
    if socket
        .send(send(json!({ "op": 10, "d": { "heartbeat_interval": 41_250 } })))
        .await
        .is_err()
    {
        return;
    }
    let mut seq: u64 = 0;
    // Until the client says which shard it is: heartbeats, then IDENTIFY or RESUME.
    let shard = loop {
        let Some(Ok(Message::Text(text))) = socket.recv().await else {
            return;
        };
        let frame: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        match frame["op"].as_u64() {
            Some(1) if socket.send(send(json!({ "op": 11 }))).await.is_err() => return,
            Some(2) => {
                let asked = &frame["d"]["shard"];
                let (id, total) = (
                    asked[0].as_u64().unwrap_or(0) as u32,
                    asked[1].as_u64().unwrap_or(1) as u32,
                );
                let refusal = if total < shared.shards {
                    Some(4011)
                } else if id >= total || total != shared.shards {
                    Some(4010)
                } else {
                    None
                };
                if let Some(code) = refusal {
                    shared.refused_sessions.lock().unwrap().push(code);
                    shared.changed.notify_waiters();
                    let frame = axum::extract::ws::CloseFrame {
                        code,
                        reason: "wrong shard".into(),
                    };
                    let _ = socket.send(Message::Close(Some(frame))).await;
                    return;
                }
                seq += 1;
                let guilds: Vec<Value> = std::iter::once(GUILD)
                    .chain(shared.guild_of.lock().unwrap().values().copied())
                    .filter(|g| ((g >> 22) % u64::from(total)) as u32 == id)
                    .collect::<std::collections::BTreeSet<u64>>()
                    .into_iter()
                    .map(|g| json!({ "id": g.to_string(), "unavailable": true }))
                    .collect();
                let ready = json!({
                    "v": 10, "user": { "id": BOT_USER.to_string(), "username": "ttrbot", "discriminator": "0",
                                       "avatar": null, "bot": true },
                    "guilds": guilds,
                    "session_id": format!("fake-session-{id}"),
                    "resume_gateway_url": format!("ws://127.0.0.1:{}/gateway", shared.port),
                    "shard": [id, total], "application": { "id": APP.to_string(), "flags": 0 },
                });
                serde_json::from_value::<serenity::Ready>(ready.clone()).expect("READY is one serenity reads");
                shared.identified.lock().unwrap().push((id, total));
                shared.changed.notify_waiters();
                if socket
                    .send(send(json!({ "op": 0, "s": seq, "t": "READY", "d": ready })))
                    .await
                    .is_err()
                {
                    return;
                }
                break id;
            }
            Some(6) => {
                let id = frame["d"]["session_id"]
                    .as_str()
                    .and_then(|s| s.strip_prefix("fake-session-"))
                    .and_then(|s| s.parse::<u32>().ok())
                    .unwrap_or(0);
                seq += 1;
                if socket
                    .send(send(json!({ "op": 0, "s": seq, "t": "RESUMED", "d": {} })))
                    .await
                    .is_err()
                {
                    return;
                }
                break id;
            }
            _ => {}
        }
    };
    let Some(queue) = shared.to_shards.get(shard as usize) else {
        return;
    };
    let mut events = queue.lock().await;
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(Message::Text(text))) = incoming else { return };
                let frame: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                let reply = match frame["op"].as_u64() {
                    Some(1) => json!({ "op": 11 }),
                    _ => continue,
                };
                if socket.send(send(reply)).await.is_err() { return; }
            }
            command = events.recv() => match command {
                Some(ToGateway::Dispatch(kind, d)) => {
                    seq += 1;
                    if socket.send(send(json!({ "op": 0, "s": seq, "t": kind, "d": d }))).await.is_err() { return; }
                }
                Some(ToGateway::Close(code)) => {
                    let frame = axum::extract::ws::CloseFrame { code, reason: "closed by the test".into() };
                    let _ = socket.send(Message::Close(Some(frame))).await;
                    return;
                }
                None => return,
            }
        }
    }
}
