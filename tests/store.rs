//! Storage: replay equals snapshot, races, damaged data, migrations, finished games.

use std::path::PathBuf;

use ttrbot::maps::BUILTIN;
use ttrbot::rules::{Action, GameRng};
use ttrbot::store::{Applied, GameId, NewGame, NewSeat, Store, StoreError};

/// A fresh database file for one test.
fn db(name: &str) -> (String, PathBuf) {
    let path = std::env::temp_dir().join(format!("ttrbot-store-{}-{name}.db", std::process::id()));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    (format!("sqlite://{}", path.display()), path)
}

fn new_game(map: &str, channel: u64, players: usize, seed: u64) -> NewGame {
    NewGame {
        channel_id: channel,
        guild_id: Some(7),
        map: map.to_string(),
        seed,
        seats: (0..players)
            .map(|i| NewSeat {
                user_id: (i > 0).then_some(1000 + i as u64),
                name: format!("P{i}"),
                colour: format!("c{i}"),
            })
            .collect(),
        settings: serde_json::json!({ "reminder_hours": 12 }),
    }
}

/// Plays random legal actions through the store until the game ends; returns how many were stored.
async fn play_out(store: &Store, id: GameId, seed: u64) -> i64 {
    let mut chooser = GameRng::new(seed);
    let mut legal: Vec<Action> = Vec::new();
    loop {
        let loaded = store.load(id).await.unwrap();
        if loaded.game.is_over() {
            return loaded.version;
        }
        let seat = loaded.game.to_act()[0];
        loaded.game.legal_actions(seat, &mut legal);
        let action = legal[chooser.below(legal.len())];
        match store.apply_and_save(id, seat, action).await.unwrap() {
            Applied::Accepted { .. } => {}
            other => panic!("a legal action was not stored: {other:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replaying_the_log_from_the_seed_gives_the_stored_snapshot_on_every_map() {
    let (url, _) = db("replay");
    let store = Store::open(&url).await.unwrap();
    for (i, (map, _)) in BUILTIN.iter().enumerate() {
        let id = store
            .create_game(&new_game(map, i as u64 + 1, 2, 40 + i as u64))
            .await
            .unwrap();
        let stored = play_out(&store, id, i as u64).await;
        let snapshot = store.load(id).await.unwrap();
        let replayed = store.replay(id).await.unwrap();
        assert_eq!(replayed.state(), snapshot.game.state(), "{map}");
        assert_eq!(store.action_count(id).await.unwrap(), stored);
        let results = store.results(id).await.unwrap();
        assert_eq!(results.len(), 2, "{map}: finished games keep their scores");
        assert_eq!(results[0].rank, 1);
        assert_eq!(
            results[0].score,
            i64::from(snapshot.game.final_scores().unwrap()[results[0].seat.index()].total)
        );
        assert!(
            store.game_in_channel(i as u64 + 1).await.unwrap().is_none(),
            "a finished game frees its channel"
        );
    }
    assert!(store.running_games().await.unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_actions_racing_on_one_version_store_exactly_one() {
    let (url, _) = db("race");
    let store = Store::open(&url).await.unwrap();
    let id = store.create_game(&new_game("usa", 1, 3, 5)).await.unwrap();
    // Past the starting tickets, so the current seat has a choice of card draws.
    let mut version = 0;
    for seat in 0..3u8 {
        let loaded = store.load(id).await.unwrap();
        let offer = loaded.game.state().seats[usize::from(seat)].offer.clone();
        let keep = Action::KeepTickets {
            tickets: ttrbot::rules::TicketSet::from_ids(offer),
        };
        assert!(matches!(
            store.apply_and_save(id, ttrbot::rules::Seat(seat), keep).await.unwrap(),
            Applied::Accepted { .. }
        ));
        version += 1;
    }
    for round in 0..20 {
        let a = store.load(id).await.unwrap();
        let b = store.load(id).await.unwrap();
        assert_eq!(a.version, b.version);
        let seat = a.game.state().current;
        let (mut ga, mut gb) = (a.game, b.game);
        let (s1, s2) = (store.clone(), store.clone());
        let first = tokio::spawn(async move {
            s1.apply_to(id, &mut ga, a.version, seat, Action::DrawBlind)
                .await
                .unwrap()
        });
        let second = tokio::spawn(async move {
            s2.apply_to(id, &mut gb, b.version, seat, Action::DrawFaceup { slot: 0 })
                .await
                .unwrap()
        });
        let outcomes = [first.await.unwrap(), second.await.unwrap()];
        let accepted = outcomes
            .iter()
            .filter(|o| matches!(o, Applied::Accepted { .. }))
            .count();
        let lost = outcomes.iter().filter(|o| **o == Applied::AlreadyPlayed).count();
        assert_eq!((accepted, lost), (1, 1), "round {round}: {outcomes:?}");
        version += 1;
        assert_eq!(store.action_count(id).await.unwrap(), version);
        assert_eq!(
            store.replay(id).await.unwrap().state(),
            store.load(id).await.unwrap().game.state()
        );
        // Finish the turn so the next round starts at a turn's beginning.
        let loaded = store.load(id).await.unwrap();
        if loaded.game.state().step == ttrbot::rules::Step::SecondCard {
            store.apply_and_save(id, seat, Action::DrawBlind).await.unwrap();
            version += 1;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_action_stores_nothing() {
    let (url, _) = db("refused");
    let store = Store::open(&url).await.unwrap();
    let id = store.create_game(&new_game("europe", 1, 2, 5)).await.unwrap();
    let out = store
        .apply_and_save(id, ttrbot::rules::Seat(0), Action::DrawBlind)
        .await
        .unwrap();
    assert!(
        matches!(out, Applied::Rejected(ref e) if e.code() == "decision_pending"),
        "{out:?}"
    );
    assert_eq!(store.action_count(id).await.unwrap(), 0);
    assert_eq!(store.load(id).await.unwrap().version, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_open_game_per_channel() {
    let (url, _) = db("channel");
    let store = Store::open(&url).await.unwrap();
    store.create_game(&new_game("usa", 9, 2, 1)).await.unwrap();
    let again = store.create_game(&new_game("europe", 9, 3, 2)).await;
    assert!(matches!(again, Err(StoreError::ChannelBusy)), "{again:?}");
    store.create_game(&new_game("europe", 10, 3, 2)).await.unwrap();
    assert_eq!(store.running_games().await.unwrap().len(), 2);
    let bad = store.create_game(&new_game("atlantis", 11, 2, 1)).await;
    assert!(matches!(bad, Err(StoreError::Setup(_))));
    let too_many = store.create_game(&new_game("switzerland", 12, 4, 1)).await;
    assert!(
        matches!(too_many, Err(StoreError::Setup(ref m)) if m.contains("2 to 3 players")),
        "{too_many:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreadable_snapshot_is_reported_with_its_game_and_others_still_load() {
    let (url, _) = db("corrupt");
    let store = Store::open(&url).await.unwrap();
    let good = store.create_game(&new_game("usa", 1, 2, 1)).await.unwrap();
    let bad = store.create_game(&new_game("india", 2, 2, 1)).await.unwrap();
    // Damage the stored row directly, as an older version's snapshot would look.
    {
        use sqlx::Connection;
        let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
        sqlx::query("UPDATE snapshots SET state = ? WHERE game_id = ?")
            .bind(r#"{"an": "older format"}"#)
            .bind(bad.0)
            .execute(&mut conn)
            .await
            .unwrap();
        conn.close().await.unwrap();
    }
    let loaded = store.load_running().await.unwrap();
    assert_eq!(loaded.len(), 2);
    assert!(loaded.iter().any(|(id, r)| *id == good && r.is_ok()));
    let (_, err) = loaded.iter().find(|(id, _)| *id == bad).unwrap();
    let message = err.as_ref().unwrap_err().to_string();
    assert!(
        message.starts_with(&format!("game {}: unreadable snapshot", bad.0)),
        "{message}"
    );
    // The log still holds the truth: the game can be rebuilt from it.
    assert!(store.replay(bad).await.is_ok());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrations_refuse_a_database_from_a_newer_version() {
    let (url, path) = db("newer");
    let store = Store::open(&url).await.unwrap();
    store.close().await;
    // Pretend a newer ttrbot added migration 999.
    {
        use sqlx::Connection;
        let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
        sqlx::query(
            "INSERT INTO _sqlx_migrations (version, description, installed_on, success, checksum, execution_time)
             VALUES (999, 'from the future', CURRENT_TIMESTAMP, 1, x'00', 0)",
        )
        .execute(&mut conn)
        .await
        .unwrap();
        conn.close().await.unwrap();
    }
    let err = Store::open(&url).await.unwrap_err();
    assert!(err.to_string().contains("newer ttrbot"), "{err}");
    assert!(path.exists());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reopening_the_database_resumes_every_running_game() {
    let (url, _) = db("reopen");
    let store = Store::open(&url).await.unwrap();
    let a = store.create_game(&new_game("usa", 1, 2, 1)).await.unwrap();
    let b = store.create_game(&new_game("berlin", 2, 4, 1)).await.unwrap();
    let before_a = store.load(a).await.unwrap().game.state().clone();
    store.close().await;
    let again = Store::open(&url).await.unwrap();
    let running = again.running_games().await.unwrap();
    assert_eq!(running.iter().map(|g| g.id).collect::<Vec<_>>(), vec![a, b]);
    assert_eq!(running[1].map, "berlin");
    assert_eq!(again.load(a).await.unwrap().game.state(), &before_a);
}

#[test]
fn every_migration_file_is_embedded_in_order() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    files.sort();
    assert_eq!(files.len(), ttrbot::store::MIGRATIONS.len());
    for (file, (version, _, sql)) in files.iter().zip(ttrbot::store::MIGRATIONS) {
        assert!(file.starts_with(&format!("{version:04}_")), "{file}");
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("migrations")
                .join(file),
        )
        .unwrap();
        assert_eq!(&text, sql, "{file}");
    }
}
