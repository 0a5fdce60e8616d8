//! Crash test: a child process plays games through the store and is killed with SIGKILL at random moments; after
//! every kill the database opens cleanly, each snapshot equals the replay of its log, and no acknowledged action
//! is missing.

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::common::store::databases;
use ttrbot::rules::{Action, GameRng};
use ttrbot::store::{Applied, LostCommit, NewGame, NewSeat, Refusal, Store, StoreError};

const WORKER_ENV: &str = "TTRBOT_CRASH_WORKER_DB";
const KILLS: usize = 50;
const GAMES: u64 = 3;

/// The child's loop: keeps one running game in each of a few channels and applies random legal actions to them,
/// printing `ack <game> <version>` after each commit. Does nothing when run as an ordinary test.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn crash_worker() {
    let Ok(url) = std::env::var(WORKER_ENV) else { return };
    let store = Store::open(&url).await.expect("the database opens");
    let seed = u64::from(std::process::id())
        ^ std::time::SystemTime::now()
            .elapsed()
            .map_or(0, |d| d.as_nanos() as u64);
    let mut chooser = GameRng::new(seed);
    let mut legal: Vec<Action> = Vec::new();
    loop {
        for channel in 1..=GAMES {
            let id = match store.game_in_channel(channel).await.unwrap() {
                Some(id) => id,
                None => {
                    let seats = (0..3).map(|i| NewSeat {
                        user_id: Some(i),
                        name: format!("P{i}"),
                        color: ttrbot::seating::PlayerColor::for_seat(i as usize),
                    });
                    let new = NewGame {
                        channel_id: channel,
                        guild_id: None,
                        map: ["usa", "europe", "berlin"][channel as usize - 1].to_string(),
                        seed: (chooser.next_u64() >> 1).into(),
                        seats: seats.collect(),
                        settings: ttrbot::settings::Settings::default(),
                    };
                    match store.create_game(&new).await {
                        Ok(id) => id,
                        Err(StoreError::Refused(Refusal::ChannelBusy { .. })) => continue,
                        Err(e) => panic!("{e}"),
                    }
                }
            };
            let loaded = store.load(id).await.unwrap();
            let seat = loaded.game.to_act()[0];
            loaded.game.legal_actions(seat, &mut legal);
            let action = legal[chooser.below(legal.len())];
            let game = loaded.game;
            if let Applied::Accepted { version, .. } =
                store.apply_to(id, &game, loaded.version, seat, action).await.unwrap()
            {
                println!("ack {} {version}", id.0);
            }
        }
    }
}

#[test]
fn killed_at_random_moments_the_store_loses_no_acknowledged_action() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    for db in runtime.block_on(databases("crash", "kill")) {
        killed_at_random_moments(&runtime, &db.url);
    }
}

fn killed_at_random_moments(runtime: &tokio::runtime::Runtime, url: &str) {
    let mut rng = GameRng::new(2024);
    let acked: Arc<Mutex<HashMap<i64, i64>>> = Arc::default();
    let mut total_acks = 0;
    for kill in 0..KILLS {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "store_crash::crash_worker",
                "--nocapture",
                "--test-threads",
                "1",
            ])
            .env(WORKER_ENV, url)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let seen = Arc::clone(&acked);
        let reader = std::thread::spawn(move || {
            let mut count = 0;
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(rest) = line.strip_prefix("ack ") {
                    let (game, version) = rest.split_once(' ').unwrap();
                    let (game, version): (i64, i64) = (game.parse().unwrap(), version.parse().unwrap());
                    let mut seen = seen.lock().unwrap();
                    let entry = seen.entry(game).or_insert(0);
                    *entry = (*entry).max(version);
                    count += 1;
                }
            }
            count
        });
        std::thread::sleep(Duration::from_millis(30 + rng.below(150) as u64));
        child.kill().unwrap(); // SIGKILL on Unix
        child.wait().unwrap();
        total_acks += reader.join().unwrap();

        runtime.block_on(async {
            let store = Store::open(url)
                .await
                .unwrap_or_else(|e| panic!("kill {kill}: the database does not open: {e}"));
            for id in store.game_ids().await.unwrap() {
                let snapshot = store.load(id).await.unwrap_or_else(|e| panic!("kill {kill}: {e}"));
                let replayed = store.replay(id).await.unwrap_or_else(|e| panic!("kill {kill}: {e}"));
                assert_eq!(
                    replayed.state(),
                    snapshot.game.state(),
                    "kill {kill}: game {} snapshot differs from its log",
                    id.0
                );
                let stored = store.action_count(id).await.unwrap();
                assert_eq!(stored, snapshot.version, "kill {kill}: game {}", id.0);
                if let Some(&acknowledged) = acked.lock().unwrap().get(&id.0) {
                    assert!(
                        stored >= acknowledged,
                        "kill {kill}: game {} acknowledged {acknowledged}, stored {stored}",
                        id.0
                    );
                }
            }
            store.close().await;
        });
    }
    eprintln!("{url}: {KILLS} kills, {total_acks} acknowledged actions checked");
    assert!(
        total_acks > KILLS * 5,
        "the worker barely ran: {total_acks} acknowledged actions"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_commit_whose_answer_is_lost_is_checked_and_the_action_found_stored_is_reported_done() {
    // Once, a lost answer to a commit was an error, and the player was told "nothing was changed" of a move that
    // was stored. The store is told to lose the answer of its next commit (after the commit landed), as a dropped
    // connection would.
    for db in databases("store", "lost_commit").await {
        let store = Store::open(&db.url).await.unwrap();
        let game = crate::common::store::two_people(57, 1000, 57, ttrbot::settings::Settings::default());
        let id = store.create_game(&game).await.unwrap();
        let act = |store: Store| async move {
            let loaded = store.load(id).await.unwrap();
            let seat = loaded.game.to_act()[0];
            let mut legal = Vec::new();
            loaded.game.legal_actions(seat, &mut legal);
            (
                loaded.version,
                store.apply_to(id, &loaded.game, loaded.version, seat, legal[0]).await,
            )
        };

        // The answer is lost: the store looks in the log, finds the action stored, and says it was played.
        store.lose_next_commit(LostCommit::Stored {
            then_unreachable: false,
        });
        let (before, applied) = act(store.clone()).await;
        assert!(
            matches!(applied, Ok(Applied::Accepted { version, .. }) if version == before + 1),
            "{:?}: {applied:?}",
            db.backend
        );
        assert_eq!(store.load(id).await.unwrap().version, before + 1);

        // The answer is lost and the database does not answer the look either: it is not said that nothing changed.
        store.lose_next_commit(LostCommit::Stored { then_unreachable: true });
        let (before, applied) = act(store.clone()).await;
        match applied {
            Err(e @ StoreError::Internal(_)) => assert!(e.maybe_done(), "{e}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(store.load(id).await.unwrap().version, before + 1, "it was stored");

        // The connection drops before the commit lands: the look finds nothing, and nothing changed is the truth.
        store.lose_next_commit(LostCommit::NotStored);
        let (before, applied) = act(store.clone()).await;
        match applied {
            Err(e @ StoreError::Internal(_)) => assert!(!e.maybe_done(), "{e}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(store.load(id).await.unwrap().version, before, "nothing was stored");
    }
}
