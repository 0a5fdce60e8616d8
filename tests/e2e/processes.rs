//! Two bot processes, each running one of two gateway shards, on one PostgreSQL database through the fake Discord:
//! forty games in ten servers at once, people and computers, reminders due, and one process killed with SIGKILL
//! mid-game and started again. Skipped (with a printed reason) without a PostgreSQL server; required in CI.

use std::collections::HashMap;
use std::sync::Arc;

use crate::fake_discord::table::Table;
use crate::fake_discord::{self, Fake, Launch};
use crate::store_common::postgres_database;
use ttrbot::shards::Shards;

/// Servers, and games spread over them: every map on both shards' processes, and in every server games of people and
/// games with a computer. (A hundred games in twenty servers took about 7 minutes of a clean CI run on 2 cores and found
/// nothing forty do not; the bot's load is measured by `cargo bench --bench bot` and docs/scale.md.)
const SERVERS: u64 = 10;
const GAMES: u64 = 40;
/// How long a process's word lasts: a dead process's work passes on this long after its last heartbeat.
const LEASE_MS: &str = "3000";

/// A reminder as the channel reads it.
fn is_reminder(body: &serde_json::Value) -> bool {
    body["content"].as_str().is_some_and(|t| t.starts_with("Reminder: "))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_one_postgres_play_forty_games_and_survive_a_sigkill() {
    let Some(url) = postgres_database("e2e", "two_processes").await else {
        return;
    };
    let launch = Launch {
        database_url: Some(url),
        shards: 2,
        processes: vec!["0/2".into(), "1/2".into()],
        // One person hosts every game here.
        env: vec![
            ("TTRBOT_LEASE_MS".into(), LEASE_MS.into()),
            ("TTRBOT_MOST_HOSTED_GAMES".into(), "1000".into()),
        ],
        // Forty games played as fast as the test can press: far more posts a second than people make, as a
        // bot Discord granted a higher global limit may post.
        global_per_second: Some(500),
        ..Launch::default()
    };
    let mut fake = Fake::start_with("two-processes", launch).await;
    let mut identified = fake.identified();
    identified.sort_unstable();
    assert_eq!(identified, vec![(0, 2), (1, 2)], "each process runs its own shard");
    // Forty games poll the database less often than one would.
    fake.poll = std::time::Duration::from_millis(100);
    let fake = Arc::new(fake);

    // Ten servers, half on each shard, four games in each.
    let maps = ["usa", "europe", "switzerland", "india", "berlin"];
    let mut tables = Vec::new();
    for i in 0..GAMES {
        let guild = ((i % SERVERS) + 1) << 22;
        let channel = 20_000 + i;
        fake.put_in_guild(channel, guild);
        // In every server, games of two people and games of a person and a computer.
        let computers = usize::from((i / SERVERS) % 2 == 1);
        let map = maps[i as usize % maps.len()];
        let table =
            Table::seat_with_computers(Arc::clone(&fake), channel, map, 2 - computers, computers, 0x5ca1e + i).await;
        tables.push((Shards::shard_of(Some(guild), 2), table));
    }
    let store = fake.store().await;

    // Everyone plays a few moves at once.
    let tables = play_all(tables, |_| true, 6).await;
    // The second process is killed mid-work: in each of its games against a computer the person has just moved,
    // and the computer's move is owed (or being thought). The first process makes those moves once the dead one's
    // heartbeat and leases run out.
    for (_, table) in &tables {
        wait_for_a_person(table).await;
    }
    let (mut owed, rest): (Vec<_>, Vec<_>) = tables
        .into_iter()
        .partition(|(shard, t)| *shard == 1 && t.seats.contains(&fake_discord::table::COMPUTER));
    let mut moving = tokio::task::JoinSet::new();
    for (shard, mut table) in owed.drain(..) {
        moving.spawn(async move {
            table.play_moves(1).await;
            (shard, table)
        });
    }
    let mut tables = rest;
    while let Some(moved) = moving.join_next().await {
        tables.push(moved.unwrap());
    }
    fake.kill_process(1).await;
    tables.sort_by_key(|(_, t)| t.channel);
    for (_, table) in &tables {
        wait_for_a_person(table).await;
    }
    // Then half a day passes: every game is due a reminder, those of the dead process's shard included.
    fake.advance_clock(13.0);

    // The living process sends every reminder, the dead one's once that one's lease has run out; meanwhile its own
    // games go on as if nothing happened.
    let channels: Vec<u64> = tables.iter().map(|(_, t)| t.channel).collect();
    fake.wait_for("a reminder in every game's channel", |_| {
        channels
            .iter()
            .all(|&c| fake.messages_in(c).iter().any(|(_, m)| is_reminder(&m.body)))
            .then_some(())
    })
    .await;
    let tables = play_all(tables, |shard| shard == 0, 4).await;

    // Started again, the second process takes its shard back; every game is played to its end.
    fake.restart_process(1).await;
    let mut tables = play_all(tables, |_| true, usize::MAX).await;
    // In the order they were opened: the i-th game is the one in channel 20,000 + i.
    tables.sort_by_key(|(_, t)| t.channel);
    for (i, (_, table)) in tables.iter().enumerate() {
        let last = table.final_scoreboard().await;
        // No public message carried a hand or a ticket: read for eight games, every map among them, with people and
        // with computers (reading all the calls once per game, for every game, would take longer than the games).
        if i % 5 == (i / 5) % 5 {
            table.check_hidden_information(&last).await;
        }
        table.check_record().await;
    }

    // Each game: finished, its log replays to the stored game without a gap, one action per version; each
    // channel was reminded exactly once, and carries only its own game's buttons.
    let mut games = HashMap::new();
    for (_, table) in &tables {
        let loaded = store.load(table.game).await.unwrap();
        assert!(loaded.game.is_over(), "game {} finished", table.game.0);
        assert_eq!(store.replay(table.game).await.unwrap(), loaded.game);
        assert_eq!(store.action_count(table.game).await.unwrap(), loaded.version);
        // Posted once: counted as requests, not as the messages Discord kept (a repeated nonce keeps one).
        let post = format!("/api/v10/channels/{}/messages", table.channel);
        let reminders = fake.read_calls(|calls| {
            calls
                .iter()
                .filter(|c| c.method == "POST" && c.path == post && is_reminder(&c.json))
                .count()
        });
        assert_eq!(reminders, 1, "channel {} was reminded {reminders} times", table.channel);
        games.insert(table.channel, table.game);
    }
    assert_eq!(games.len() as u64, GAMES);
    fake.read_calls(|calls| {
        for call in calls.iter().filter(|c| c.method == "POST") {
            let Some(channel) = call
                .path
                .strip_prefix("/api/v10/channels/")
                .and_then(|rest| rest.strip_suffix("/messages"))
                .and_then(|c| c.parse::<u64>().ok())
            else {
                continue;
            };
            if let Some(game) = games.get(&channel) {
                for id in fake_discord::custom_ids(&call.json) {
                    assert!(id.starts_with(&format!("ttr:{}:", game.0)), "{id} in channel {channel}");
                }
            }
        }
    });
    drop(tables);
    Fake::stop_shared(fake).await;
}

/// Plays up to `moves` moves in every game whose shard `plays` allows, all at once; returns every table.
async fn play_all(tables: Vec<(u32, Table)>, plays: impl Fn(u32) -> bool, moves: usize) -> Vec<(u32, Table)> {
    let mut running = tokio::task::JoinSet::new();
    let mut idle = Vec::new();
    for (order, (shard, mut table)) in tables.into_iter().enumerate() {
        if !plays(shard) {
            idle.push((order, shard, table));
            continue;
        }
        running.spawn(async move {
            if moves == usize::MAX {
                table.play_to_the_end().await;
            } else {
                table.play_moves(moves).await;
            }
            (order, shard, table)
        });
    }
    while let Some(done) = running.join_next().await {
        idle.push(done.unwrap());
    }
    idle.sort_by_key(|(order, _, _)| *order);
    idle.into_iter().map(|(_, shard, table)| (shard, table)).collect()
}

/// Waits until the game waits for a person (its computer players have moved).
async fn wait_for_a_person(table: &Table) {
    let deadline = tokio::time::Instant::now() + fake_discord::WAIT;
    loop {
        let (game, _) = table.state().await;
        if game.is_over()
            || game
                .to_act()
                .iter()
                .all(|seat| table.seats[seat.index()] != fake_discord::table::COMPUTER)
        {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the computers of game {} never moved",
            table.game.0
        );
        tokio::time::sleep(table.fake.poll).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_set_to_run_fewer_shards_than_discord_asks_stops_at_once_and_says_why() {
    let launch = Launch {
        shards: 2,
        processes: vec!["0/1".into()],
        ..Launch::default()
    };
    let fake = Fake::start_unchecked("too-few-shards", launch).await;
    let code = fake.exit_code(0).await;
    assert_ne!(code, Some(0));
    let log = fake.log();
    assert!(
        log.contains("TTRBOT_SHARDS=0-0/1 runs 1 shards in all, but Discord asks this bot to run at least 2"),
        "{log}"
    );
    assert!(fake.identified().is_empty(), "it never connected");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_with_too_few_shards_is_closed_by_the_gateway_as_discord_closes_it() {
    // Discord's recommendation lags behind (the bot just joined many servers): the bot runs one shard where two are
    // required, and the gateway closes the session with 4011, sharding required.
    let launch = Launch {
        shards: 2,
        recommended: Some(1),
        ..Launch::default()
    };
    let fake = Fake::start_unchecked("sharding-required", launch).await;
    fake.wait_for("the session refused", |_| {
        (!fake.refused_sessions().is_empty()).then_some(())
    })
    .await;
    assert_eq!(fake.refused_sessions(), vec![4011]);
    assert!(fake.identified().is_empty());
    // serenity names the refusal in the log.
    let deadline = tokio::time::Instant::now() + fake_discord::WAIT;
    while !fake.log().contains("Shard has too many guilds") {
        assert!(tokio::time::Instant::now() < deadline, "{}", fake.log());
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    // And the process stops by itself, saying why, for a supervisor to start it again with the count Discord asks
    // for by then (it stayed up, deaf, before).
    assert_eq!(fake.exit_code(0).await, Some(1), "{}", fake.log());
    assert!(
        fake.log()
            .contains("Discord closed a gateway shard of this process for good"),
        "{}",
        fake.log()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_killed_on_postgres_and_started_again_in_its_place_answers_within_fifteen_seconds() {
    // Started again after SIGKILL with the same shards, a process once waited for its own dead heartbeat to run out
    // (three minutes by default) before it connected: every press meanwhile failed. It takes its own place at once;
    // a process elsewhere (another TTRBOT_WORKER) still waits while a living one runs those shards.
    let Some(url) = postgres_database("e2e", "same_place").await else {
        return;
    };
    let launch = Launch {
        database_url: Some(url.clone()),
        shards: 1,
        processes: vec!["0/1".into()],
        ..Launch::default()
    };
    let fake = Arc::new(Fake::start_with("same-place", launch).await);
    let table = Table::seat(Arc::clone(&fake), 930, "usa", 2, 0x5ca1e).await;
    let (user, name) = table.seats[0];
    fake.kill_process(0).await;
    let killed = std::time::Instant::now();
    fake.restart_process(0).await;
    let status = fake
        .interact(fake_discord::slash(user, name, table.channel, "status", &[]))
        .await;
    let took = killed.elapsed();
    eprintln!("SIGKILL to the first /ttr status answered: {took:?}");
    assert!(
        fake_discord::table::content(&status).contains("is to play"),
        "{status:#}"
    );
    assert!(took <= std::time::Duration::from_secs(15), "{took:?}");

    // Another place with the same shards, beside the living process: it waits (the lease is three minutes).
    let store = fake.store().await;
    let elsewhere = ttrbot::store::Worker::in_place("elsewhere", Shards::all(1), 180_000, store.now_ms());
    assert!(
        store.take_place(&elsewhere).await.unwrap().is_empty(),
        "nothing of another place is taken"
    );
    assert_eq!(
        store.conflicting_workers(&elsewhere).await.unwrap().len(),
        1,
        "the living process is waited for"
    );
    drop(table);
    Fake::stop_shared(fake).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_started_before_its_postgres_tries_again_saying_where_and_answers_once_it_is_up() {
    // Once, a database that did not answer at start stopped the process at once (a bot started with its database
    // by one `docker compose up` lost the race every time).
    let Some(url) = postgres_database("e2e", "late_database").await else {
        return;
    };
    // The database is reached through a port nothing listens on for its first 3 seconds.
    let mut server = url::Url::parse(&url).unwrap();
    let target = format!("{}:{}", server.host_str().unwrap(), server.port().unwrap_or(5432));
    let port = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap().port()
    };
    server.set_port(Some(port)).unwrap();
    // A password the log must never show: the server's own, or one a trusting test server ignores.
    if server.password().is_none() {
        server.set_password(Some("hunter2")).unwrap();
    }
    let password = server.password().unwrap_or_default().to_string();
    let late_url = server.to_string();
    let proxy = tokio::spawn(async move {
        tokio::time::sleep(std::time::Duration::from_secs(3)).await;
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await.unwrap();
        loop {
            let (mut inbound, _) = listener.accept().await.unwrap();
            let target = target.clone();
            tokio::spawn(async move {
                if let Ok(mut outbound) = tokio::net::TcpStream::connect(&target).await {
                    let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                }
            });
        }
    });
    let launch = Launch {
        database_url: Some(late_url),
        ..Launch::default()
    };
    let fake = Arc::new(Fake::start_with("late-database", launch).await);
    let table = Table::seat(Arc::clone(&fake), 931, "usa", 2, 0x5ca1e).await;
    let (user, name) = table.seats[0];
    let status = fake
        .interact(fake_discord::slash(user, name, table.channel, "status", &[]))
        .await;
    assert!(
        fake_discord::table::content(&status).contains("is to play"),
        "{status:#}"
    );
    let log = fake.log();
    let said = format!("127.0.0.1:{port}/");
    assert!(
        log.lines()
            .any(|l| l.contains("the database does not answer") && l.contains(&said)),
        "the log says which database does not answer: {log}"
    );
    assert!(!log.contains(&password), "never its password: {log}");
    drop(table);
    Fake::stop_shared(fake).await;
    proxy.abort();
}
