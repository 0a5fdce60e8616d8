//! The bot's speed through the fake Discord, with the release binary: how long an interaction waits for its answer
//! and for the board that follows, one game at a time and with 50 channels playing at once; and the bot's memory
//! with 1,000 running games stored. `cargo bench --bench bot` prints the figures; `cargo test` only checks that
//! this file builds.

#[path = "../tests/e2e/fake_discord/mod.rs"]
mod fake_discord;
#[path = "../tests/it/common/store.rs"]
#[allow(dead_code)]
mod store_common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use fake_discord::table::{COMPUTER, PEOPLE, Table, content, is_ephemeral};
use fake_discord::{Call, Fake, as_server_manager, slash, slash_group};
use serde_json::json;
use ttrbot::rules::Action;
use ttrbot::store::{Actor, NewLobby, Store};
use ttrbot::text::{self, Lang};

/// Claims to time, one game after another (issue 12 asks for at least 200 turns).
const CLAIMS: usize = 240;
/// Channels playing at once in the throughput run, and moves each makes.
const CHANNELS: u64 = 50;
const MOVES_EACH: usize = 40;
/// Hints to time (each thinks up to 1.5 s).
const HINTS: usize = 60;
/// Games stored for the memory figure.
const STORED_GAMES: u64 = 1_000;
/// Uploads of a 150-city map to time (each a new text: checked, drawn and its names placed afresh).
const UPLOADS: usize = 40;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn report(what: &str, mut times: Vec<Duration>) {
    times.sort();
    println!(
        "{what}: n = {}, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        times.len(),
        percentile(&times, 0.5).as_secs_f64() * 1e3,
        percentile(&times, 0.99).as_secs_f64() * 1e3,
        times.last().unwrap().as_secs_f64() * 1e3
    );
}

/// Every answered interaction's wait: from sending it to the bot's answer.
fn answer_times(fake: &Fake, calls: &[Call]) -> Vec<Duration> {
    calls
        .iter()
        .filter_map(|c| {
            let id: u64 = c
                .path
                .strip_prefix("/api/v10/interactions/")?
                .split('/')
                .next()?
                .parse()
                .ok()?;
            Some(c.at - fake.sent_at(id)?)
        })
        .collect()
}

/// Claims by `/ttr claim`, one game after another in one channel each: the answer, and the next turn message with
/// its new board.
async fn claim_latency() {
    let fake = Arc::new(Fake::start("bench-claims").await);
    let (mut answered, mut boarded) = (Vec::new(), Vec::new());
    let mut channel = 100;
    while answered.len() < CLAIMS {
        channel += 1;
        let mut table = Table::seat(Arc::clone(&fake), channel, "usa", 2, channel).await;
        loop {
            let (game, version) = table.state().await;
            if game.is_over() {
                break;
            }
            let seat = game.current();
            let action = table.choose(&game, seat);
            let Action::Claim { route, cards } = action else {
                table.make(&game, version, seat, action, false).await;
                table.wait_for_version(version + 1).await;
                continue;
            };
            let (user, name) = table.seats[seat.index()];
            let map = game.map();
            let options = [
                ("route", json!(text::route(Lang::En, map, route))),
                ("pay", json!(text::payment(Lang::En, map, &cards))),
            ];
            let from = fake.call_count();
            let (id, answer) = fake
                .interact_with_id(slash(user, name, channel, "claim", &options))
                .await;
            assert!(is_ephemeral(&answer["data"]), "{}", content(&answer));
            let sent = fake.sent_at(id).unwrap();
            let answer_at = fake.read_calls(|calls| calls.last().map(|c| c.at)).unwrap();
            answered.push(answer_at - sent);
            table.wait_for_version(version + 1).await;
            // The claim ends the turn: the next turn message carries the new board.
            if !matches!(table.state().await.0.step(), ttrbot::rules::Step::Tunnel(_)) {
                let post = format!("/api/v10/channels/{channel}/messages");
                let board = fake
                    .wait_for("the board after a claim", |calls| {
                        calls
                            .iter()
                            .skip(from)
                            .find(|c| c.path == post && !c.files.is_empty())
                            .map(|c| c.at)
                    })
                    .await;
                boarded.push(board - sent);
            }
        }
    }
    report("claim → answer (one game at a time)", answered);
    report("claim → turn message with the new board", boarded);
    match Arc::try_unwrap(fake) {
        Ok(fake) => drop(fake.stop().await),
        Err(_) => unreachable!("every table is done"),
    }
}

/// `/ttr hint` on every turn of the two people of games with a hard computer player (whose thinking shares the
/// pool hints think on): from asking to the private answer, promised within 2 s.
async fn hint_latency() {
    let fake = Arc::new(Fake::start("bench-hints").await);
    let mut waits = Vec::new();
    let mut channel = 300;
    let options = [("hints", json!(true)), ("bots", json!(1)), ("level", json!("hard"))];
    while waits.len() < HINTS {
        channel += 1;
        let mut table = Table::seat_with_options(Arc::clone(&fake), channel, "usa", 2, 0, &options, channel).await;
        while waits.len() < HINTS {
            let (game, version) = table.state().await;
            if game.is_over() {
                break;
            }
            // The one seat to act (while the computer still chooses its starting tickets, the people have chosen
            // and it is not the current seat's move).
            let seat = game.to_act()[0];
            if table.seats[seat.index()] == COMPUTER || game.to_act().len() > 1 {
                table.wait_for_version_after(version).await;
                continue;
            }
            let (user, name) = table.seats[seat.index()];
            let from = fake.call_count();
            let (id, _) = fake.interact_with_id(slash(user, name, channel, "hint", &[])).await;
            let path = format!("/api/v10/webhooks/{}/tok-{id}", fake_discord::APP);
            let answer = fake
                .wait_for_call_after(from, "the hint", |c| c.method == "POST" && c.path == path)
                .await;
            assert!(
                answer.json["content"].as_str().is_some_and(|t| t.starts_with("Hint: ")),
                "{} {} files {:?}: {:#}",
                answer.method,
                answer.path,
                answer.files.iter().map(|f| &f.1).collect::<Vec<_>>(),
                answer.json
            );
            waits.push(answer.at - fake.sent_at(id).unwrap());
            let action = table.choose(&game, seat);
            table.make(&game, version, seat, action, false).await;
            table.wait_for_version_after(version).await;
        }
    }
    report(
        "hint → private answer (a hard computer thinking in the same games)",
        waits,
    );
    match Arc::try_unwrap(fake) {
        Ok(fake) => drop(fake.stop().await),
        Err(_) => unreachable!("every table is done"),
    }
}

/// 50 channels playing at once: actions per second, and every answer's wait. `label` says how the bot runs
/// (`launch`); the channels are spread over 50 servers, so over every shard.
async fn throughput(label: &str, launch: fake_discord::Launch) {
    let fake = Arc::new(Fake::start_with("bench-throughput", launch).await);
    let mut tables = Vec::new();
    for i in 0..CHANNELS {
        fake.put_in_guild(2_000 + i, (i + 1) << 22);
        tables.push(Table::seat(Arc::clone(&fake), 2_000 + i, ["usa", "europe"][i as usize % 2], 2, i).await);
    }
    let from = fake.call_count();
    let started = Instant::now();
    let mut playing = tokio::task::JoinSet::new();
    for mut table in tables {
        playing.spawn(async move {
            let before = table.state().await.1;
            table.play_moves(MOVES_EACH).await;
            table.state().await.1 - before
        });
    }
    let mut actions = 0;
    while let Some(done) = playing.join_next().await {
        actions += done.unwrap();
    }
    let elapsed = started.elapsed();
    println!(
        "{label}: {CHANNELS} channels at once: {actions} actions in {:.1} s = {:.0} actions/s",
        elapsed.as_secs_f64(),
        actions as f64 / elapsed.as_secs_f64()
    );
    let times = fake.read_calls(|calls| answer_times(&fake, &calls[from..]));
    let (boards, bytes) = fake.read_calls(|calls| {
        let files = calls[from..]
            .iter()
            .flat_map(|c| &c.files)
            .filter(|f| f.1 == "board.png");
        files.fold((0_usize, 0_usize), |(n, size), f| (n + 1, size + f.3.len()))
    });
    println!(
        "{label}: {boards} boards uploaded ({:.2} per action), {:.0} KB each on average",
        boards as f64 / actions.max(1) as f64,
        bytes as f64 / boards.max(1) as f64 / 1024.0
    );
    report(
        &format!("{label}: {CHANNELS} channels at once, interaction → answer"),
        times,
    );
    match Arc::try_unwrap(fake) {
        Ok(fake) => drop(fake.stop().await),
        Err(_) => unreachable!("every table is done"),
    }
}

/// The bot process's resident memory, from /proc (Linux).
/// `/ttr map upload` of a 150-city map, 400 routes and 250 tickets at most (the limits of an upload), from the
/// command to its private answer (the map checked, stored, drawn empty with its names placed); and the bot's memory
/// before and after.
async fn upload_latency() {
    let fake = Fake::start("bench-uploads").await;
    let pid = fake.bot_pid().unwrap();
    let before = resident_kib(pid);
    let grandland = include_str!("../tests/fixtures/custom/grandland.toml");
    let (ana, name) = PEOPLE[0];
    let mut times = Vec::new();
    for i in 0..UPLOADS {
        // Another name each time: a text never drawn before.
        let text = grandland.replacen("name = \"Grandland\"", &format!("name = \"Grandland {i}\""), 1);
        let file = fake.attach(&format!("grandland-{i}.toml"), text.as_bytes(), text.len() as u64);
        // Each from a server of its own: a server may upload three maps a minute.
        let channel = 800 + i as u64;
        fake.put_in_guild(channel, 5_000 + i as u64);
        let asked = as_server_manager(slash_group(ana, name, channel, "map", "upload", &[("file", file)]));
        let started = Instant::now();
        let answer = fake.interact_deferred(asked).await;
        times.push(started.elapsed());
        let said = answer.json["content"].as_str().unwrap_or_default();
        assert!(said.contains("Grandland"), "{said}");
    }
    report("upload of a 150-city map to its answer", times);
    let after = resident_kib(pid);
    println!(
        "bot memory: {} KiB before the uploads, {} KiB after {UPLOADS} (each kept by its server)",
        before.map_or("?".into(), |k| k.to_string()),
        after.map_or("?".into(), |k| k.to_string())
    );
    fake.stop().await;
}

/// Open event streams on one game's page, and page loads a second, while the game is played.
const STREAMS: usize = 1_000;
const PAGE_LOADS_PER_SECOND: u64 = 100;
/// Moves played under that load.
const LOADED_MOVES: usize = 40;

/// A game's web page under load: [`STREAMS`] live streams on one game and [`PAGE_LOADS_PER_SECOND`] page loads a
/// second while [`LOADED_MOVES`] moves are played through the fake Discord. Prints each move's answer and board time
/// (the bot's latency targets), how long each move took to reach every stream, the page loads' times, and the bot's
/// memory before and with the streams open.
async fn web_load() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let base = format!("http://127.0.0.1:{port}");
    let launch = fake_discord::Launch {
        env: vec![
            ("TTRBOT_WEB_ADDR".into(), format!("127.0.0.1:{port}")),
            ("TTRBOT_PUBLIC_URL".into(), base.clone()),
        ],
        ..fake_discord::Launch::default()
    };
    let fake = Arc::new(Fake::start_with("bench-web", launch).await);
    let pid = fake.bot_pid().unwrap();
    let mut table = Table::seat(Arc::clone(&fake), 700, "europe", 3, 7).await;
    table.play_moves(20).await;
    let token = table.store.game_web_token(table.game).await.unwrap().unwrap();
    let page = format!("{base}/g/{}", token.as_str());
    let before = resident_kib(pid);
    // Each stream's client records when it read each version.
    let seen: Arc<std::sync::Mutex<Vec<(i64, Instant)>>> = Arc::default();
    let client = reqwest::Client::new();
    let mut streams = Vec::new();
    for _ in 0..STREAMS {
        let (client, url, seen) = (client.clone(), format!("{page}/live"), Arc::clone(&seen));
        streams.push(tokio::spawn(async move {
            let mut response = client.get(url).send().await.unwrap();
            let mut text = String::new();
            while let Ok(Some(chunk)) = response.chunk().await {
                text.push_str(&String::from_utf8_lossy(&chunk));
                while let Some(end) = text.find("\n\n") {
                    let event: String = text.drain(..end + 2).collect();
                    if let Some(at) = event.find("\"version\":") {
                        let digits: String = event[at + 10..].chars().take_while(char::is_ascii_digit).collect();
                        if let Ok(version) = digits.parse() {
                            seen.lock().unwrap().push((version, Instant::now()));
                        }
                    }
                }
            }
        }));
    }
    poll_until(Duration::from_secs(60), "every stream's first frame", || {
        (seen.lock().unwrap().len() >= STREAMS).then_some(())
    })
    .await;
    let with_streams = resident_kib(pid);
    // Page loads at a steady rate, each timed, for as long as the moves go on.
    let loading = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let loads: Arc<std::sync::Mutex<Vec<Duration>>> = Arc::default();
    let loader = {
        let (client, page, loading, loads) = (client.clone(), page.clone(), Arc::clone(&loading), Arc::clone(&loads));
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_micros(1_000_000 / PAGE_LOADS_PER_SECOND));
            let mut requests = Vec::new();
            while loading.load(std::sync::atomic::Ordering::Relaxed) {
                every.tick().await;
                let (client, page, loads) = (client.clone(), page.clone(), Arc::clone(&loads));
                requests.push(tokio::spawn(async move {
                    let started = Instant::now();
                    let body = client.get(page).send().await.unwrap().text().await.unwrap();
                    assert!(body.contains("<svg"));
                    loads.lock().unwrap().push(started.elapsed());
                }));
            }
            // Every load answered before the game's page goes (below).
            for request in requests {
                request.await.unwrap();
            }
        })
    };
    let from = fake.call_count();
    let mut reached = Vec::new();
    for _ in 0..LOADED_MOVES {
        let (_, version) = table.state().await;
        let moved = Instant::now();
        if table.play_moves(1).await {
            break;
        }
        let (_, now) = table.state().await;
        if now == version {
            continue;
        }
        let all = poll_until(Duration::from_secs(30), "the move on every stream", || {
            let seen = seen.lock().unwrap();
            let got = seen.iter().filter(|(v, _)| *v >= now).count();
            (got >= STREAMS).then(|| seen.iter().filter(|(v, _)| *v >= now).map(|(_, at)| *at).max())
        })
        .await;
        if let Some(last) = all {
            reached.push(last.saturating_duration_since(moved));
        }
    }
    loading.store(false, std::sync::atomic::Ordering::Relaxed);
    loader.await.unwrap();
    let answers = fake.read_calls(|calls| answer_times(&fake, &calls[from..]));
    report("with the page watched: interaction → answer", answers);
    report(&format!("a move → all {STREAMS} open pages' streams"), reached);
    report(
        &format!("a page load at {PAGE_LOADS_PER_SECOND} a second"),
        loads.lock().unwrap().clone(),
    );
    let streams_kib = match (before, with_streams) {
        (Some(a), Some(b)) => format!("{:.1} KiB a stream", (b.saturating_sub(a)) as f64 / STREAMS as f64),
        _ => "?".into(),
    };
    println!(
        "bot memory: {} KiB before the streams, {} KiB with {STREAMS} open ({streams_kib}), {} KiB at the end",
        before.map_or("?".into(), |k| k.to_string()),
        with_streams.map_or("?".into(), |k| k.to_string()),
        resident_kib(pid).map_or("?".into(), |k| k.to_string())
    );
    for stream in streams {
        stream.abort();
    }
    // A wrong token and an old one (the game's channel deleted) answer alike, in alike times.
    table.store.channel_gone(700).await.unwrap();
    let (mut wrong, mut old) = (Vec::new(), Vec::new());
    for i in 0..400 {
        let (url, times) = if i % 2 == 0 {
            (
                format!("{base}/g/{}", ttrbot::store::WebToken::random().as_str()),
                &mut wrong,
            )
        } else {
            (page.clone(), &mut old)
        };
        let started = Instant::now();
        let status = client.get(url).send().await.unwrap().status();
        times.push(started.elapsed());
        assert_eq!(status.as_u16(), 404);
    }
    report("a wrong token's 404", wrong);
    report("an old token's 404 (its channel deleted)", old);
    drop(table);
    match Arc::try_unwrap(fake) {
        Ok(fake) => drop(fake.stop().await),
        Err(_) => unreachable!("the table is done"),
    }
}

/// Asks `found` every 5 ms until it answers, for at most `limit`.
async fn poll_until<T>(limit: Duration, what: &str, found: impl Fn() -> Option<T>) -> T {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(answer) = found() {
            return answer;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

fn resident_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Memory with 1,000 running games stored: they are loaded only when their channel is used.
async fn memory() {
    let fake = Fake::start("bench-memory").await;
    let pid = fake.bot_pid().unwrap();
    let empty = resident_kib(pid);
    let store = Store::open(&fake.database_url()).await.unwrap();
    for channel in 0..STORED_GAMES {
        let (host, name) = PEOPLE[0];
        let lobby = NewLobby {
            channel_id: 10_000 + channel,
            guild_id: None,
            map: ["usa", "europe", "switzerland", "india", "berlin"][channel as usize % 5].to_string(),
            map_hash: None,
            seed: channel.into(),
            host,
            host_name: name.to_string(),
            settings: ttrbot::settings::Settings::default(),
        };
        store.open_lobby(&lobby).await.unwrap();
        store
            .join_lobby(10_000 + channel, PEOPLE[1].0, PEOPLE[1].1)
            .await
            .unwrap();
        let actor = Actor {
            user_id: host,
            manages_channel: false,
        };
        store.start_game(10_000 + channel, actor).await.unwrap();
    }
    // A hundred of them are looked at through the bot.
    for channel in 0..100 {
        let status = fake
            .interact(slash(PEOPLE[2].0, PEOPLE[2].1, 10_000 + channel, "status", &[]))
            .await;
        assert!(content(&status).contains("choosing starting tickets"), "{status:#}");
    }
    let stored = resident_kib(pid);
    println!(
        "bot memory: {} KiB with no game, {} KiB with {STORED_GAMES} running games stored (100 of them looked at)",
        empty.map_or("?".into(), |k| k.to_string()),
        stored.map_or("?".into(), |k| k.to_string())
    );
    fake.stop().await;
}

fn main() {
    // `cargo bench` passes --bench; `cargo test` runs this file as a test and only checks that it builds.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    println!("bot through the fake Discord, release build, {cores} cores");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    // A word after `--` runs the parts whose names contain it alone: `claims`, `hints`, `uploads`, `web`,
    // `throughput`, `memory`.
    let only = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let runs = |part: &str| only.as_deref().is_none_or(|word| part.contains(word));
    runtime.block_on(async {
        if runs("claims") {
            claim_latency().await;
        }
        if runs("hints") {
            hint_latency().await;
        }
        if runs("uploads") {
            upload_latency().await;
        }
        if runs("web") {
            web_load().await;
        }
        if !runs("throughput and memory") {
            return;
        }
        throughput("one process, SQLite", fake_discord::Launch::default()).await;
        // On PostgreSQL when a server is given: one process, then two with a shard each.
        if let Some(url) = store_common::postgres_database("bench", "one_process").await {
            let launch = fake_discord::Launch {
                database_url: Some(url),
                ..fake_discord::Launch::default()
            };
            throughput("one process, PostgreSQL", launch).await;
        }
        if let Some(url) = store_common::postgres_database("bench", "two_processes").await {
            let launch = fake_discord::Launch {
                database_url: Some(url),
                shards: 2,
                processes: vec!["0/2".into(), "1/2".into()],
                ..fake_discord::Launch::default()
            };
            throughput("two processes (a shard each), PostgreSQL", launch).await;
        }
        memory().await;
    });
}
