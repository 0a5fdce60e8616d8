//! Storage: replay equals snapshot, races, damaged data, migrations, finished games.

use ttrbot::maps::BUILTIN;
use ttrbot::rules::{Action, GameRng};
use ttrbot::store::{Applied, GameId, NewGame, NewSeat, Refusal, Store, StoreError};

use crate::common::store::databases;

fn new_game(map: &str, channel: u64, players: usize, seed: u64) -> NewGame {
    NewGame {
        channel_id: channel,
        guild_id: Some(7),
        map: map.to_string(),
        seed: seed.into(),
        seats: (0..players)
            .map(|i| NewSeat {
                user_id: (i > 0).then_some(1000 + i as u64),
                name: format!("P{i}"),
                color: ttrbot::seating::PlayerColor::for_seat(i),
            })
            .collect(),
        settings: serde_json::from_value(serde_json::json!({ "reminder_hours": 12 })).unwrap(),
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
async fn replaying_the_log_from_the_seed_or_key_gives_the_stored_snapshot_on_every_map() {
    for db in databases("store", "replay").await {
        let url = db.url.clone();
        let store = Store::open(&url).await.unwrap();
        let keys = ttrbot::seeds::Seeds::new(Some(20_261_202));
        for (i, (map, _)) in BUILTIN.iter().enumerate() {
            // Every other map dealt as games stored before ChaCha20 were (a SplitMix64 number), the others by a key.
            let mut new = new_game(map, i as u64 + 1, 2, 40 + i as u64);
            if i % 2 == 1 {
                new.seed = keys.next(i as u64 + 1).unwrap();
            }
            let id = store.create_game(&new).await.unwrap();
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
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_actions_racing_on_one_version_store_exactly_one() {
    for db in databases("store", "race").await {
        let url = db.url.clone();
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
            let (ga, gb) = (a.game, b.game);
            let (s1, s2) = (store.clone(), store.clone());
            let first =
                tokio::spawn(async move { s1.apply_to(id, &ga, a.version, seat, Action::DrawBlind).await.unwrap() });
            let second = tokio::spawn(async move {
                s2.apply_to(id, &gb, b.version, seat, Action::DrawFaceup { slot: 0 })
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
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_action_stores_nothing() {
    for db in databases("store", "refused").await {
        let url = db.url.clone();
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
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_open_game_per_channel() {
    for db in databases("store", "channel").await {
        let url = db.url.clone();
        let store = Store::open(&url).await.unwrap();
        store.create_game(&new_game("usa", 9, 2, 1)).await.unwrap();
        let again = store.create_game(&new_game("europe", 9, 3, 2)).await;
        assert!(
            matches!(again, Err(StoreError::Refused(Refusal::ChannelBusy { .. }))),
            "{again:?}"
        );
        store.create_game(&new_game("europe", 10, 3, 2)).await.unwrap();
        assert_eq!(store.running_games().await.unwrap().len(), 2);
        let bad = store.create_game(&new_game("atlantis", 11, 2, 1)).await;
        assert!(matches!(bad, Err(StoreError::Refused(Refusal::UnknownMap(_)))));
        let too_many = store.create_game(&new_game("switzerland", 12, 4, 1)).await;
        assert!(
            matches!(too_many, Err(StoreError::Refused(ref r @ Refusal::PlayerCount { .. })) if r.to_string().contains("2 to 3 players")),
            "{too_many:?}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreadable_snapshot_is_reported_with_its_game_and_others_still_load() {
    for db in databases("store", "corrupt").await {
        let url = db.url.clone();
        let store = Store::open(&url).await.unwrap();
        let good = store.create_game(&new_game("usa", 1, 2, 1)).await.unwrap();
        let bad = store.create_game(&new_game("india", 2, 2, 1)).await.unwrap();
        // Damage the stored row directly, as an older version's snapshot would look.
        {
            use sqlx::Connection;
            let mut conn = sqlx::AnyConnection::connect(&url).await.unwrap();
            sqlx::query("UPDATE snapshots SET state = $1 WHERE game_id = $2")
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
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_snapshot_a_newer_version_wrote_is_refused_rather_than_played_without_what_it_added() {
    for db in databases("store", "newer_snapshot").await {
        let url = db.url.clone();
        let store = Store::open(&url).await.unwrap();
        let newer_format = store.create_game(&new_game("usa", 1, 2, 1)).await.unwrap();
        let newer_field = store.create_game(&new_game("usa", 2, 2, 1)).await.unwrap();
        {
            use sqlx::Connection;
            let mut conn = sqlx::AnyConnection::connect(&url).await.unwrap();
            sqlx::query("UPDATE snapshots SET format = format + 1 WHERE game_id = $1")
                .bind(newer_format.0)
                .execute(&mut conn)
                .await
                .unwrap();
            // The same format with a field this version does not know (a newer version that forgot to count up).
            let state: String = sqlx::Row::get(
                &sqlx::query("SELECT state FROM snapshots WHERE game_id = $1")
                    .bind(newer_field.0)
                    .fetch_one(&mut conn)
                    .await
                    .unwrap(),
                "state",
            );
            let mut state: serde_json::Value = serde_json::from_str(&state).unwrap();
            state["added_by_a_newer_version"] = serde_json::json!(true);
            sqlx::query("UPDATE snapshots SET state = $1 WHERE game_id = $2")
                .bind(state.to_string())
                .bind(newer_field.0)
                .execute(&mut conn)
                .await
                .unwrap();
            conn.close().await.unwrap();
        }
        let said = store.load(newer_format).await.unwrap_err().to_string();
        assert!(said.contains("written by a newer ttrbot"), "{:?}: {said}", db.backend);
        let said = store.load(newer_field).await.unwrap_err().to_string();
        assert!(said.contains("added_by_a_newer_version"), "{:?}: {said}", db.backend);
        let row = store.load(newer_field).await;
        assert!(row.is_err(), "never played (and saved) without the field");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrations_refuse_a_database_from_a_newer_version() {
    for db in databases("store", "newer").await {
        let url = db.url.clone();
        let store = Store::open(&url).await.unwrap();
        store.close().await;
        // Pretend a newer ttrbot added migration 999.
        {
            use sqlx::Connection;
            let mut conn = sqlx::AnyConnection::connect(&url).await.unwrap();
            sqlx::query(
                "INSERT INTO _sqlx_migrations (version, description, installed_on, success, checksum, execution_time)
             VALUES (999, 'from the future', CURRENT_TIMESTAMP, $1, $2, 0)",
            )
            .bind(true)
            .bind(vec![0_u8])
            .execute(&mut conn)
            .await
            .unwrap();
            conn.close().await.unwrap();
        }
        let err = Store::open(&url).await.unwrap_err();
        assert!(err.to_string().contains("newer ttrbot"), "{err}");
        if let Some(path) = &db.path {
            assert!(path.exists(), "the refused file is left as it was");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reopening_the_database_resumes_every_running_game() {
    for db in databases("store", "reopen").await {
        let url = db.url.clone();
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
}

#[test]
fn every_migration_file_of_each_engine_is_embedded_in_order() {
    for (folder, embedded) in [
        ("sqlite", ttrbot::store::SQLITE_MIGRATIONS),
        ("postgres", ttrbot::store::POSTGRES_MIGRATIONS),
    ] {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("migrations")
            .join(folder);
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
            .collect();
        files.sort();
        assert_eq!(files.len(), embedded.len(), "{folder}");
        for (file, (version, _, sql)) in files.iter().zip(embedded) {
            assert!(file.starts_with(&format!("{version:04}_")), "{folder}/{file}");
            let text = std::fs::read_to_string(dir.join(file)).unwrap();
            assert_eq!(&text, sql, "{folder}/{file}");
        }
    }
    let versions = |m: ttrbot::store::Migrations| m.iter().map(|(v, d, _)| (*v, *d)).collect::<Vec<_>>();
    assert_eq!(
        versions(ttrbot::store::SQLITE_MIGRATIONS),
        versions(ttrbot::store::POSTGRES_MIGRATIONS),
        "both engines have the same steps"
    );
}

/// A schema as a comparable list: (table, column, type, not null) and (index, table, columns, unique, partial).
type Schema = (
    Vec<(String, String, String, bool)>,
    Vec<(String, String, String, bool, bool)>,
);

async fn sqlite_schema(url: &str) -> Schema {
    use sqlx::{Connection, Row};
    let mut conn = sqlx::AnyConnection::connect(url).await.unwrap();
    let mut columns = Vec::new();
    let tables = sqlx::query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite%'")
        .fetch_all(&mut conn)
        .await
        .unwrap();
    let mut indexes = Vec::new();
    for table in tables.iter().map(|r| r.get::<String, _>("name")) {
        for c in sqlx::query(&format!(
            "SELECT name, type, \"notnull\" AS nn, pk FROM pragma_table_info('{table}')"
        ))
        .fetch_all(&mut conn)
        .await
        .unwrap()
        {
            // SQLite's INTEGER is PostgreSQL's BIGINT; a primary key column is never NULL in PostgreSQL.
            let kind = match c.get::<String, _>("type").as_str() {
                "INTEGER" => "bigint".to_string(),
                other => other.to_lowercase(),
            };
            let not_null = c.get::<i64, _>("nn") == 1 || c.get::<i64, _>("pk") > 0;
            columns.push((table.clone(), c.get("name"), kind, not_null));
        }
        for i in sqlx::query(&format!(
            "SELECT name, \"unique\" AS u, partial FROM pragma_index_list('{table}') WHERE origin = 'c'"
        ))
        .fetch_all(&mut conn)
        .await
        .unwrap()
        {
            let name: String = i.get("name");
            let cols = sqlx::query(&format!("SELECT name FROM pragma_index_info('{name}') ORDER BY seqno"))
                .fetch_all(&mut conn)
                .await
                .unwrap()
                .iter()
                .map(|r| r.get::<String, _>("name"))
                .collect::<Vec<_>>()
                .join(",");
            indexes.push((
                name,
                table.clone(),
                cols,
                i.get::<i64, _>("u") == 1,
                i.get::<i64, _>("partial") == 1,
            ));
        }
    }
    columns.sort();
    indexes.sort();
    (columns, indexes)
}

async fn postgres_schema(url: &str) -> Schema {
    use sqlx::{Connection, Row};
    let mut conn = sqlx::AnyConnection::connect(url).await.unwrap();
    let mut columns: Vec<_> = sqlx::query(
        "SELECT table_name::text AS t, column_name::text AS c, data_type::text AS k, is_nullable::text AS n \
         FROM information_schema.columns WHERE table_schema = 'public' AND table_name NOT LIKE '\\_%'",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap()
    .iter()
    .map(|r| (r.get("t"), r.get("c"), r.get("k"), r.get::<String, _>("n") == "NO"))
    .collect();
    // Indexes made by hand (primary keys are compared through their columns' NOT NULL, as SQLite lists them apart).
    let mut indexes: Vec<_> = sqlx::query(
        "SELECT i.relname::text AS name, t.relname::text AS t, \
                array_to_string(ARRAY(SELECT a.attname::text FROM unnest(x.indkey) WITH ORDINALITY k(n, o) \
                    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.n ORDER BY k.o), ',') AS cols, \
                CASE WHEN x.indisunique THEN 1 ELSE 0 END AS u, CASE WHEN x.indpred IS NOT NULL THEN 1 ELSE 0 END AS p \
         FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid \
         JOIN pg_namespace ns ON ns.oid = t.relnamespace \
         WHERE ns.nspname = 'public' AND NOT x.indisprimary AND t.relname NOT LIKE '\\_%'",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap()
    .iter()
    .map(|r| {
        (
            r.get("name"),
            r.get("t"),
            r.get("cols"),
            r.get::<i64, _>("u") == 1,
            r.get::<i64, _>("p") == 1,
        )
    })
    .collect();
    columns.sort();
    indexes.sort();
    (columns, indexes)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_engines_end_their_migrations_with_the_same_tables_columns_and_indexes() {
    let dbs = databases("store", "schema").await;
    let [sqlite, postgres] = &dbs[..] else {
        return; // No PostgreSQL server here: `databases` said so.
    };
    Store::open(&sqlite.url).await.unwrap().close().await;
    Store::open(&postgres.url).await.unwrap().close().await;
    let (lite, pg) = (sqlite_schema(&sqlite.url).await, postgres_schema(&postgres.url).await);
    assert!(
        lite.0.len() > 30 && lite.1.len() >= 5,
        "the SQLite schema was read: {lite:?}"
    );
    assert_eq!(lite.0, pg.0, "columns (table, column, type, not null)");
    assert_eq!(lite.1, pg.1, "indexes (name, table, columns, unique, partial)");
}

fn host(user_id: u64) -> ttrbot::store::Actor {
    ttrbot::store::Actor {
        user_id,
        manages_channel: false,
    }
}

fn lobby_in(channel: u64, map: &str) -> ttrbot::store::NewLobby {
    ttrbot::store::NewLobby {
        channel_id: channel,
        guild_id: Some(7),
        map: map.to_string(),
        map_hash: None,
        seed: 17.into(),
        host: 1,
        host_name: "Ana".into(),
        settings: ttrbot::settings::Settings::default(),
    }
}

fn refusal<T: std::fmt::Debug>(result: Result<T, StoreError>) -> Refusal {
    match result {
        Err(StoreError::Refused(r)) => r,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_seats_players_in_joining_order_and_the_host_starts_it() {
    use ttrbot::seating::PlayerColor;
    for db in databases("store", "lobby").await {
        let url = db.url.clone();
        let store = Store::open(&url).await.unwrap();
        let lobby = store.open_lobby(&lobby_in(5, "usa")).await.unwrap();
        assert_eq!(lobby.host, 1);
        assert_eq!(
            refusal(store.open_lobby(&lobby_in(5, "europe")).await),
            Refusal::ChannelBusy { game: lobby.id }
        );
        store.join_lobby(5, 2, "Ben").await.unwrap();
        assert_eq!(refusal(store.join_lobby(5, 2, "Ben").await), Refusal::AlreadySeated);
        assert_eq!(
            refusal(store.add_computer(5, host(2), "Computer").await),
            Refusal::NotHost
        );
        let lobby = store.add_computer(5, host(1), "Computer").await.unwrap();
        let seated: Vec<(Option<u64>, &str, PlayerColor)> = lobby
            .seats
            .iter()
            .map(|s| (s.user_id, s.player.name.as_str(), s.player.color))
            .collect();
        assert_eq!(
            seated,
            [
                (Some(1), "Ana", PlayerColor::Orange),
                (Some(2), "Ben", PlayerColor::Navy),
                (None, "Computer", PlayerColor::Green)
            ]
        );
        assert_eq!(refusal(store.start_game(5, host(2)).await), Refusal::NotHost);
        let manager = ttrbot::store::Actor {
            user_id: 9,
            manages_channel: true,
        };
        let (started, game) = store.start_game(5, manager).await.unwrap();
        assert_eq!(game.players(), 3);
        assert_eq!(store.load(started.id).await.unwrap().game, game);
        assert_eq!(
            store.seat_of(started.id, 2).await.unwrap(),
            Some(ttrbot::rules::Seat(1))
        );
        assert_eq!(store.seat_of(started.id, 3).await.unwrap(), None);
        assert_eq!(store.seats(started.id).await.unwrap(), lobby.seats);
        assert_eq!(store.game_in_channel(5).await.unwrap(), Some(started.id));
        assert_eq!(refusal(store.join_lobby(5, 4, "Cy").await), Refusal::NoLobby);
        assert_eq!(store.running_games().await.unwrap().len(), 1);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_refuses_a_seat_too_many_and_a_start_with_too_few() {
    for db in databases("store", "lobby-limits").await {
        let url = db.url.clone();
        let store = Store::open(&url).await.unwrap();
        store.open_lobby(&lobby_in(1, "switzerland")).await.unwrap();
        store.join_lobby(1, 2, "Ben").await.unwrap();
        store.join_lobby(1, 3, "Cy").await.unwrap();
        assert_eq!(
            refusal(store.join_lobby(1, 4, "Dee").await),
            Refusal::LobbyFull { max: 3 }
        );
        store.open_lobby(&lobby_in(2, "usa")).await.unwrap();
        assert_eq!(
            refusal(store.start_game(2, host(1)).await),
            Refusal::TooFewPlayers { min: 2, seated: 1 }
        );
        assert_eq!(
            refusal(store.open_lobby(&lobby_in(3, "atlantis")).await),
            Refusal::UnknownMap("atlantis".into())
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaving_a_lobby_passes_the_host_on_and_the_last_human_closes_it() {
    for db in databases("store", "lobby-leave").await {
        let url = db.url.clone();
        let store = Store::open(&url).await.unwrap();
        store.open_lobby(&lobby_in(1, "usa")).await.unwrap();
        store.join_lobby(1, 2, "Ben").await.unwrap();
        store.add_computer(1, host(1), "Computer").await.unwrap();
        store.join_lobby(1, 3, "Cy").await.unwrap();
        assert_eq!(refusal(store.leave_lobby(1, 8).await), Refusal::NotSeated);
        let lobby = store.leave_lobby(1, 1).await.unwrap().expect("others are seated");
        assert_eq!(lobby.host, 2, "the next human hosts");
        let seats: Vec<(u8, Option<u64>)> = lobby.seats.iter().map(|s| (s.seat.0, s.user_id)).collect();
        assert_eq!(
            seats,
            [(0, Some(2)), (1, None), (2, Some(3))],
            "seats close up in order"
        );
        store.leave_lobby(1, 3).await.unwrap().expect("Ben is still there");
        assert_eq!(store.leave_lobby(1, 2).await.unwrap(), None, "only a computer was left");
        assert_eq!(store.game_in_channel(1).await.unwrap(), None);
        let again = store.open_lobby(&lobby_in(1, "usa")).await.unwrap();
        assert_eq!(refusal(store.cancel_lobby(1, host(5)).await), Refusal::NotHost);
        assert_eq!(store.cancel_lobby(1, host(1)).await.unwrap(), again.id);
        assert_eq!(store.game_in_channel(1).await.unwrap(), None);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_action_returns_the_stored_game_and_never_changes_the_callers() {
    for db in databases("store", "no-mutation").await {
        let url = db.url.clone();
        let store = Store::open(&url).await.unwrap();
        let id = store.create_game(&new_game("usa", 1, 2, 3)).await.unwrap();
        let loaded = store.load(id).await.unwrap();
        let seat = loaded.game.to_act()[0];
        let keep = Action::KeepTickets {
            tickets: ttrbot::rules::TicketSet::from_ids(loaded.game.seat_view(seat).offer),
        };
        let before = loaded.game.clone();
        let Applied::Accepted { game, version, .. } = store.apply_to(id, &loaded.game, 0, seat, keep).await.unwrap()
        else {
            panic!("keeping every ticket is legal");
        };
        assert_eq!(loaded.game, before, "the caller's game is untouched");
        assert_eq!(
            *game,
            store.load(id).await.unwrap().game,
            "the returned game is the stored one"
        );
        assert_eq!(version, 1);
        // A stale version stores nothing and still leaves the caller's game alone.
        let stale = store.apply_to(id, &loaded.game, 0, seat, keep).await.unwrap();
        assert_eq!(stale, Applied::AlreadyPlayed);
        assert_eq!(loaded.game, before);
        assert_eq!(store.action_count(id).await.unwrap(), 1);
        // An unknown game is the user's problem (a stale button); a closed database is not.
        assert_eq!(
            refusal(store.apply_and_save(GameId(999), seat, Action::DrawBlind).await),
            Refusal::UnknownGame(GameId(999))
        );
        store.close().await;
        let err = store.load(id).await.unwrap_err();
        assert!(err.refusal().is_none(), "{err}");
    }
}

#[test]
fn a_game_dealt_by_chacha20_stores_its_generator_in_a_pinned_form_and_plays_on_from_it() {
    // The key, and where in its stream the game stands, as the snapshot keeps them: a change must be deliberate.
    let map = ttrbot::maps::builtin("europe").unwrap();
    let key = ttrbot::rules::GameSeed::ChaCha20(std::array::from_fn(|i| i as u8 * 7));
    let mut game = ttrbot::rules::Game::new(std::sync::Arc::clone(&map), 3, key).unwrap();
    ttrbot::sim::play_random_actions(&mut game, 40, &mut GameRng::new(1));
    let json =
        serde_json::to_string_pretty(&serde_json::from_str::<serde_json::Value>(&game.snapshot()).unwrap()).unwrap();
    let file =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/snapshot/europe-3-players-chacha20.json");
    if std::env::var_os("TTRBOT_BLESS").is_some() {
        std::fs::write(&file, format!("{json}\n")).unwrap();
    }
    let pinned = std::fs::read_to_string(&file).expect("the pinned snapshot (TTRBOT_BLESS=1 writes it)");
    assert_eq!(
        json.trim_end(),
        pinned.trim_end(),
        "the snapshot format of a ChaCha20 game changed"
    );
    assert!(
        pinned.contains("\"chacha20\""),
        "the snapshot says which generator deals the game"
    );
    let mut restored = ttrbot::rules::Game::restore(std::sync::Arc::clone(&map), &pinned).unwrap();
    assert_eq!(restored, game);
    // Restored, it deals on exactly as the game that never left memory.
    ttrbot::sim::play_random_actions(&mut game, 200, &mut GameRng::new(2));
    ttrbot::sim::play_random_actions(&mut restored, 200, &mut GameRng::new(2));
    assert_eq!(restored, game);
}

#[test]
fn the_stored_snapshot_format_is_pinned() {
    // A change to the snapshot's JSON must be deliberate: bless this file, and raise store::SNAPSHOT_FORMAT when
    // older snapshots no longer read (a new field that reads as empty when absent keeps the format: see below).
    let map = ttrbot::maps::builtin("europe").unwrap();
    let mut game = ttrbot::rules::Game::new(map, 3, 2024).unwrap();
    ttrbot::sim::play_random_actions(&mut game, 40, &mut GameRng::new(1));
    let json =
        serde_json::to_string_pretty(&serde_json::from_str::<serde_json::Value>(&game.snapshot()).unwrap()).unwrap();
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/snapshot/europe-3-players.json");
    if std::env::var_os("TTRBOT_BLESS").is_some() {
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, format!("{json}\n")).unwrap();
    }
    let pinned = std::fs::read_to_string(&file).expect("the pinned snapshot (TTRBOT_BLESS=1 writes it)");
    assert_eq!(json.trim_end(), pinned.trim_end(), "the snapshot format changed");
    assert_eq!(ttrbot::store::SNAPSHOT_FORMAT, 1);
    let map = ttrbot::maps::builtin("europe").unwrap();
    assert_eq!(
        ttrbot::rules::Game::restore(std::sync::Arc::clone(&map), &pinned).unwrap(),
        game
    );
    // The same game stored before a field was kept reads with none of it, nor of the fields kept after it: oldest
    // first, the tickets each player returned, the cards seen going into each hand, then the order of the claims.
    let fields = ["returned", "known", "claim_order"];
    let forget = |game: &mut ttrbot::rules::Game, field: &str| {
        let state = game.state_mut();
        match field {
            "returned" => state.seats.iter_mut().for_each(|seat| seat.returned.clear()),
            "known" => state
                .seats
                .iter_mut()
                .for_each(|seat| seat.known = ttrbot::rules::CardCounts::EMPTY),
            _ => state.claim_order.clear(),
        }
    };
    for (i, field) in fields.iter().enumerate() {
        let name = format!("europe-3-players-before-{field}.json");
        let before = std::fs::read_to_string(file.with_file_name(&name)).unwrap();
        assert!(!before.contains(field) && pinned.contains(field), "{name}");
        let mut forgotten = game.clone();
        fields[i..].iter().for_each(|later| forget(&mut forgotten, later));
        let restored = ttrbot::rules::Game::restore(std::sync::Arc::clone(&map), &before).unwrap();
        assert_eq!(restored, forgotten, "{name}");
    }
}

#[test]
fn a_snapshot_stored_before_games_were_dealt_by_chacha20_plays_on_with_its_own_generator() {
    // `europe-3-players.json` was stored by a game shuffled with SplitMix64. Played on to its end by the same
    // choices, reshuffling the discard pile on the way, it must reach the very position that code reached then
    // (`europe-3-players-played-on.json`, written before games were dealt by ChaCha20 and never blessed again).
    let map = ttrbot::maps::builtin("europe").unwrap();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/snapshot");
    let stored = std::fs::read_to_string(dir.join("europe-3-players.json")).unwrap();
    let mut game = ttrbot::rules::Game::restore(std::sync::Arc::clone(&map), &stored).unwrap();
    let (mut chooser, mut legal, mut reshuffles) = (GameRng::new(57), Vec::new(), 0);
    while !game.is_over() {
        let seat = game.to_act()[0];
        game.legal_actions(seat, &mut legal);
        let events = game.apply(seat, legal[chooser.below(legal.len())]).unwrap();
        reshuffles += events
            .iter()
            .filter(|e| matches!(e, ttrbot::rules::Event::DeckReshuffled))
            .count();
    }
    assert!(reshuffles > 0, "the old generator was never asked to shuffle");
    let played_on =
        serde_json::to_string_pretty(&serde_json::from_str::<serde_json::Value>(&game.snapshot()).unwrap()).unwrap();
    let file = dir.join("europe-3-players-played-on.json");
    if std::env::var_os("TTRBOT_BLESS_PLAYED_ON").is_some() {
        std::fs::write(&file, format!("{played_on}\n")).unwrap();
    }
    let then = std::fs::read_to_string(&file).unwrap();
    assert_eq!(played_on.trim_end(), then.trim_end());
}

#[test]
fn every_pinned_snapshot_read_and_saved_again_is_byte_for_byte_what_was_stored() {
    // Users' databases hold snapshots written by older code (route sets as four words, for one): a game loaded and
    // saved without a move must write exactly what it read. The snapshots from before a field was kept lack it, and
    // so do not count: `the_stored_snapshot_format_is_pinned` reads those.
    let map = ttrbot::maps::builtin("europe").unwrap();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/snapshot");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let file = entry.unwrap().path();
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        if name.contains("-before-") {
            continue;
        }
        let stored = std::fs::read_to_string(&file).unwrap();
        let game = ttrbot::rules::Game::restore(std::sync::Arc::clone(&map), &stored).unwrap();
        let saved = serde_json::to_string_pretty(&serde_json::from_str::<serde_json::Value>(&game.snapshot()).unwrap())
            .unwrap();
        assert_eq!(format!("{saved}\n"), stored, "{name}");
        assert!(
            stored.contains("\"routes\": [\n        "),
            "{name}: no route set was read"
        );
        checked += 1;
    }
    assert_eq!(checked, 3, "the pinned snapshots read");
}

#[test]
fn a_stored_snapshot_knowing_cards_its_hand_does_not_hold_is_refused() {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/snapshot/europe-3-players.json");
    let mut snapshot: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    let map = ttrbot::maps::builtin("europe").unwrap();
    assert!(ttrbot::rules::Game::restore(std::sync::Arc::clone(&map), &snapshot.to_string()).is_ok());
    let hand = snapshot["seats"][0]["hand"].clone();
    let mut known: Vec<u64> = serde_json::from_value(hand).unwrap();
    known[0] += 1;
    snapshot["seats"][0]["known"] = serde_json::json!(known);
    let err = ttrbot::rules::Game::restore(map, &snapshot.to_string()).unwrap_err();
    assert!(err.to_string().contains("known to all"), "{err}");
}

#[test]
fn a_stored_snapshot_whose_order_of_claims_names_an_unclaimed_route_or_one_twice_is_refused() {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/snapshot/europe-3-players.json");
    let snapshot: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    let map = ttrbot::maps::builtin("europe").unwrap();
    let order: Vec<u64> = serde_json::from_value(snapshot["claim_order"].clone()).unwrap();
    let unclaimed = (0..map.routes.len() as u64)
        .find(|r| snapshot["owners"][*r as usize].is_null())
        .unwrap();
    for wrong in [vec![unclaimed], vec![order[0], order[0]], vec![map.routes.len() as u64]] {
        let mut damaged = snapshot.clone();
        damaged["claim_order"] = serde_json::json!(wrong);
        let err = ttrbot::rules::Game::restore(std::sync::Arc::clone(&map), &damaged.to_string()).unwrap_err();
        assert!(err.to_string().contains("order of the claims"), "{err}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_who_hands_their_seat_to_a_computer_passes_host_powers_to_the_next_person_seated() {
    for db in databases("store", "host-leaves").await {
        let url = db.url.clone();
        let store = Store::open(&url).await.unwrap();
        store.open_lobby(&lobby_in(9, "usa")).await.unwrap();
        store.join_lobby(9, 2, "Ben").await.unwrap();
        store.join_lobby(9, 3, "Cy").await.unwrap();
        let (lobby, _) = store.start_game(9, host(1)).await.unwrap();
        store.hand_to_computer(lobby.id, 1).await.unwrap();
        // Ana (the host) left: Ben, seated after her, now holds the host's powers; Ana and Cy do not.
        assert_eq!(refusal(store.end_game(9, host(1)).await), Refusal::NotHost);
        assert_eq!(refusal(store.end_game(9, host(3)).await), Refusal::NotHost);
        store
            .change_settings(lobby.id, host(2), |s| s.reminder_hours = 5)
            .await
            .unwrap();
        store.end_game(9, host(2)).await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn starting_tickets_owed_by_dm_are_taken_by_one_scan_at_a_time_and_forgotten_once_sent() {
    use crate::common::store::TestClock;
    use ttrbot::store::Worker;
    for db in databases("store", "starting-dms").await {
        let clock = TestClock::new();
        let store = clock.open(&db.url).await;
        let worker = Worker::alone(0);
        store.open_lobby(&lobby_in(9, "usa")).await.unwrap();
        store.join_lobby(9, 2, "Ben").await.unwrap();
        let (lobby, _) = store.start_game(9, host(1)).await.unwrap();
        let now = || store.now_ms();
        // Owed from the start; not owed "from before" the moment it started.
        assert!(store.starting_dms_owed(&worker, now()).await.unwrap().is_empty());
        clock.at(0.01);
        assert_eq!(store.starting_dms_owed(&worker, now()).await.unwrap(), [(lobby.id, 9)]);
        // One scan takes them: owed from now, a second scan finds them taken.
        let before = now();
        assert!(store.take_starting_dms(lobby.id, before).await.unwrap());
        assert!(
            !store.take_starting_dms(lobby.id, before).await.unwrap(),
            "{:?}",
            db.backend
        );
        assert!(store.starting_dms_owed(&worker, before).await.unwrap().is_empty());
        // The scan that took them stopped before sending: a later one takes them again; once sent, nobody does.
        clock.at(0.02);
        assert!(store.take_starting_dms(lobby.id, now()).await.unwrap());
        store.starting_dms_sent(lobby.id).await.unwrap();
        clock.at(1.0);
        assert!(store.starting_dms_owed(&worker, now()).await.unwrap().is_empty());
        assert!(!store.take_starting_dms(lobby.id, now()).await.unwrap());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_person_hosts_at_most_ten_games_and_processes_racing_to_open_lobbies_never_pass_three() {
    for db in databases("store", "hosting-cap").await {
        let store = Store::open(&db.url).await.unwrap();
        for channel in 1..=10 {
            store.open_lobby(&lobby_in(channel, "usa")).await.unwrap();
            store.join_lobby(channel, 2, "Ben").await.unwrap();
            store.start_game(channel, host(1)).await.unwrap();
        }
        assert_eq!(
            refusal(store.open_lobby(&lobby_in(11, "usa")).await),
            Refusal::TooManyGames { most: 10 },
            "{:?}",
            db.backend
        );
        // Leaving a game to a friend does not free its place: its host is host again on rejoining.
        let left = store.game_in_channel(5).await.unwrap().expect("the game of channel 5");
        store.hand_to_computer(left, 1).await.unwrap();
        assert_eq!(
            refusal(store.open_lobby(&lobby_in(11, "usa")).await),
            Refusal::TooManyGames { most: 10 },
            "after leaving one"
        );
        store.end_game(3, host(1)).await.unwrap();
        store.open_lobby(&lobby_in(11, "usa")).await.unwrap();

        // Two processes (two pools) open lobbies for one person at once, again and again: each counts the lobbies
        // open before it inserts, so without turns both may count two and open a fourth. (SQLite serves one
        // process: there, one store's tasks race.)
        let a = Store::open(&db.url).await.unwrap();
        let b = match db.backend {
            ttrbot::store::Backend::Postgres => Store::open(&db.url).await.unwrap(),
            ttrbot::store::Backend::Sqlite => a.clone(),
        };
        for round in 0..8u64 {
            let person = 100 + round;
            let opens: Vec<_> = (0..8u64)
                .map(|i| {
                    let store = if i % 2 == 0 { a.clone() } else { b.clone() };
                    let mut lobby = lobby_in(1_000 + round * 10 + i, "usa");
                    lobby.host = person;
                    tokio::spawn(async move { store.open_lobby(&lobby).await })
                })
                .collect();
            let mut opened = Vec::new();
            for open in opens {
                opened.push(open.await.unwrap());
            }
            let kept = opened.iter().filter(|o| o.is_ok()).count();
            assert_eq!(kept, 3, "round {round} on {:?}: {opened:?}", db.backend);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_person_hosts_at_most_three_lobbies_and_a_lobby_left_a_week_closes() {
    use crate::common::store::TestClock;
    for db in databases("store", "idle-lobbies").await {
        let url = db.url.clone();
        let clock = TestClock::new();
        let store = clock.open(&url).await;
        for channel in 1..=3 {
            store.open_lobby(&lobby_in(channel, "usa")).await.unwrap();
        }
        assert_eq!(
            refusal(store.open_lobby(&lobby_in(4, "usa")).await),
            Refusal::TooManyLobbies { most: 3 }
        );
        // Someone joins the lobby of channel 2 three days later: its week starts again then.
        clock.at(72.0);
        store.join_lobby(2, 2, "Ben").await.unwrap();
        clock.at(7.0 * 24.0 + 1.0);
        assert!(
            store
                .close_idle_lobbies(&ttrbot::store::Worker::alone(0))
                .await
                .unwrap()
                .len()
                == 2
        );
        assert!(store.lobby(1).await.unwrap().is_none() && store.lobby(3).await.unwrap().is_none());
        assert!(store.lobby(2).await.unwrap().is_some());
        // With two of them closed, the host may open another.
        store.open_lobby(&lobby_in(4, "usa")).await.unwrap();
        clock.at(72.0 + 7.0 * 24.0 + 1.0);
        let closed: Vec<u64> = store
            .close_idle_lobbies(&ttrbot::store::Worker::alone(0))
            .await
            .unwrap()
            .iter()
            .map(|c| c.0)
            .collect();
        assert_eq!(closed, vec![2]);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_games_background_work_belongs_to_its_shards_process_and_passes_on_when_that_one_dies() {
    use crate::common::store::TestClock;
    use ttrbot::shards::Shards;
    use ttrbot::store::Worker;
    for db in databases("store", "leases").await {
        let url = db.url.clone();
        let clock = TestClock::new();
        let store = clock.open(&url).await;
        let worker = |range: &str, name: &str| Worker {
            name: name.to_string(),
            shards: Shards::parse(range).unwrap(),
            lease_ms: 60_000,
        };
        let (first, second) = (worker("0/2", "first"), worker("1/2", "second"));
        // Server 1 << 22 is on shard 1 of 2; a game outside any server (a DM) is on shard 0.
        let mut on_second = new_game("usa", 1, 2, 1);
        on_second.guild_id = Some(1 << 22);
        let on_second = store.create_game(&on_second).await.unwrap();
        let mut in_a_dm = new_game("usa", 2, 2, 1);
        in_a_dm.guild_id = None;
        let in_a_dm = store.create_game(&in_a_dm).await.unwrap();
        store.heartbeat(&first).await.unwrap();
        store.heartbeat(&second).await.unwrap();

        assert!(
            !store.claim(on_second, &first).await.unwrap(),
            "{:?}: not the first's shard",
            db.backend
        );
        assert!(!store.claim(in_a_dm, &second).await.unwrap(), "DMs are shard 0's");
        assert!(store.claim(on_second, &second).await.unwrap());
        assert!(
            store.claim(on_second, &second).await.unwrap(),
            "a holder renews its own lease"
        );
        assert_eq!(store.lease_holder(on_second).await.unwrap().as_deref(), Some("second"));

        // The second process renews its lease half a minute later, then dies: its heartbeat runs out a minute after
        // it began, its lease half a minute after that; only then may another process take the game.
        clock.at(0.5 / 60.0);
        store.heartbeat(&first).await.unwrap();
        assert!(
            !store.claim(on_second, &first).await.unwrap(),
            "the second is still alive"
        );
        assert!(store.claim(on_second, &second).await.unwrap());
        clock.at(1.01 / 60.0);
        store.heartbeat(&first).await.unwrap();
        assert!(
            !store.claim(on_second, &first).await.unwrap(),
            "the second is dead, but its lease still holds"
        );
        clock.at(1.51 / 60.0);
        store.heartbeat(&first).await.unwrap();
        assert!(
            store.claim(on_second, &first).await.unwrap(),
            "a dead process's work passes on"
        );
        let due = store.due_reminders(10, &first).await.unwrap();
        assert!(due.is_empty(), "nothing due yet, but the query runs: {due:?}");
        // A process that counts shards differently, or runs shards a living one runs, is told of the other.
        let names = |found: Vec<Worker>| found.into_iter().map(|w| w.name).collect::<Vec<_>>();
        let clash = worker("1/3", "another total");
        assert_eq!(names(store.conflicting_workers(&clash).await.unwrap()), ["first"]);
        assert!(
            store
                .conflicting_workers(&worker("1/2", "shard 1 again"))
                .await
                .unwrap()
                .is_empty()
        );
        let twin = worker("0/2", "shard 0 again");
        assert_eq!(names(store.conflicting_workers(&twin).await.unwrap()), ["first"]);

        // The second comes back as a new run: the game is its own again once the first's lease is given back.
        let back = worker("1/2", "second, again");
        store.heartbeat(&back).await.unwrap();
        assert!(
            !store.claim(on_second, &back).await.unwrap(),
            "the first still holds it"
        );
        assert!(
            !store.claim(on_second, &first).await.unwrap(),
            "and may not renew it: its owner is back"
        );
        assert!(
            store.renew(on_second, &first).await.unwrap(),
            "a holder renews beside its work"
        );
        assert!(
            !store.renew(on_second, &back).await.unwrap(),
            "renewing is for the holder only"
        );
        store.release(on_second, &first).await.unwrap();
        assert!(store.claim(on_second, &back).await.unwrap());
        // Stopping cleanly hands everything on at once.
        store.retire(&back).await.unwrap();
        assert_eq!(store.lease_holder(on_second).await.unwrap(), None);
        assert!(store.claim(on_second, &first).await.unwrap());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn work_under_a_lease_that_passed_on_can_neither_post_nor_overwrite_what_the_new_holder_stored() {
    use crate::common::store::TestClock;
    use ttrbot::shards::Shards;
    use ttrbot::store::{Worker, lease_lost};
    for db in databases("store", "fenced").await {
        let clock = TestClock::new();
        let store = clock.open(&db.url).await;
        let shards = Shards::all(1);
        let (paused, successor) = (
            Worker::in_place("host-a", shards, 60_000, 1_000),
            Worker::in_place("host-b", shards, 60_000, 2_000),
        );
        let game = store.create_game(&new_game("usa", 4, 2, 1)).await.unwrap();
        store.heartbeat(&paused).await.unwrap();
        assert!(store.claim(game, &paused).await.unwrap());
        let backend = db.backend;
        store
            .under_lease(game, &paused, async {
                assert!(!lease_lost().await, "{backend:?}: held");
                store.set_dashboard_messages(game, Some(10), Some(11)).await.unwrap();
                assert_eq!(store.dashboard_messages(game).await.unwrap(), (Some(10), Some(11)));

                // The process is paused past its heartbeat and lease; another takes the game and writes its own.
                clock.at(2.0 / 60.0);
                assert!(
                    lease_lost().await,
                    "a lease that ran out is lost before anyone takes it"
                );
                store.heartbeat(&successor).await.unwrap();
                assert!(store.claim(game, &successor).await.unwrap());
                store
                    .under_lease(game, &successor, async {
                        store.set_dashboard_messages(game, Some(20), Some(21)).await.unwrap();
                        store.mark_announced(game, 0).await.unwrap();
                    })
                    .await;

                // The paused one wakes, still inside its work: nothing it writes lands.
                assert!(lease_lost().await);
                store.set_dashboard_messages(game, Some(30), None).await.unwrap();
                assert_eq!(
                    store.dashboard_messages(game).await.unwrap(),
                    (Some(20), Some(21)),
                    "the successor's messages are kept"
                );
            })
            .await;
        assert!(!lease_lost().await, "outside leased work nothing is fenced");
        store.set_dashboard_messages(game, Some(40), None).await.unwrap();
        assert_eq!(store.dashboard_messages(game).await.unwrap(), (Some(40), None));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgresql_a_host_whose_clock_is_wrong_neither_takes_a_living_lease_nor_looks_dead() {
    use ttrbot::shards::Shards;
    use ttrbot::store::{Backend, Clock, Worker};
    for db in databases("store", "skewed").await {
        if db.backend != Backend::Postgres {
            // Processes on one SQLite file share one host, and its clock.
            continue;
        }
        const TEN_MINUTES: i64 = 600_000;
        let open = |off: i64| Store::open_with_clock(&db.url, Clock::system_off_by(off));
        let (right, ahead, behind) = (
            open(0).await.unwrap(),
            open(TEN_MINUTES).await.unwrap(),
            open(-TEN_MINUTES).await.unwrap(),
        );
        let shards = Shards::all(1);
        let worker = |place: &str, store: &Store| Worker::in_place(place, shards, 60_000, store.now_ms());
        let (on_time, early, late) = (
            worker("right", &right),
            worker("ahead", &ahead),
            worker("behind", &behind),
        );
        let game = right.create_game(&new_game("usa", 5, 2, 1)).await.unwrap();
        right.heartbeat(&on_time).await.unwrap();
        assert!(right.claim(game, &on_time).await.unwrap());

        // By its own clock the living lease ran out nine minutes ago; by the database's it has a minute to run.
        ahead.heartbeat(&early).await.unwrap();
        assert!(
            !ahead.claim(game, &early).await.unwrap(),
            "a clock ahead takes a living lease"
        );
        assert_eq!(right.lease_holder(game).await.unwrap(), Some(on_time.name.clone()));

        // By its own clock its heartbeat ran out nine minutes before it was written; by the database's it is alive.
        behind.heartbeat(&late).await.unwrap();
        let living: Vec<String> = right
            .conflicting_workers(&on_time)
            .await
            .unwrap()
            .into_iter()
            .map(|w| w.name)
            .collect();
        assert_eq!(living, [early.name.clone(), late.name.clone()], "both others are alive");

        // Which of two runs is the newer (the one that stays) is by the database's clock too: a run on a host ten
        // minutes ahead that started first is the older, though its own clock says it started last.
        let first = Worker::in_place("fast", shards, 60_000, ahead.lease_clock_ms().await);
        ahead.heartbeat(&first).await.unwrap();
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        let second = Worker::in_place("slow", shards, 60_000, behind.lease_clock_ms().await);
        behind.heartbeat(&second).await.unwrap();
        assert!(
            right.replaced_by(&first).await.unwrap().contains(&second.name),
            "the run started first is told it was replaced"
        );
        assert!(
            !right.replaced_by(&second).await.unwrap().contains(&first.name),
            "the run started last stays"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_run_started_in_a_dead_runs_place_takes_it_at_once_and_the_older_run_learns_it_was_replaced() {
    use crate::common::store::TestClock;
    use ttrbot::shards::Shards;
    use ttrbot::store::Worker;
    for db in databases("store", "places").await {
        let clock = TestClock::new();
        let store = clock.open(&db.url).await;
        let shards = Shards::parse("0/2").unwrap();
        let dead = Worker::in_place("host-a/0/2", shards, 60_000, 1_000);
        store.heartbeat(&dead).await.unwrap();
        let mut in_a_dm = new_game("usa", 3, 2, 1);
        in_a_dm.guild_id = None;
        let game = store.create_game(&in_a_dm).await.unwrap();
        assert!(store.claim(game, &dead).await.unwrap());

        // Started again in its place: the dead run is forgotten, its lease given up, at once.
        let again = Worker::in_place("host-a/0/2", shards, 60_000, 2_000);
        assert_eq!(
            store.take_place(&again).await.unwrap(),
            vec![dead.name.clone()],
            "{:?}",
            db.backend
        );
        assert!(store.conflicting_workers(&again).await.unwrap().is_empty());
        assert_eq!(store.lease_holder(game).await.unwrap(), None);
        store.heartbeat(&again).await.unwrap();
        assert!(store.claim(game, &again).await.unwrap());

        // The older run was only paused: it wakes, writes its heartbeat, and learns it was replaced; the newer run
        // does not stop for it.
        store.heartbeat(&dead).await.unwrap();
        assert_eq!(store.replaced_by(&dead).await.unwrap(), vec![again.name.clone()]);
        assert!(store.replaced_by(&again).await.unwrap().is_empty());

        // Another process an operator gave the same place, serving other shards, is not this one started again:
        // it takes nothing, and neither run stops for the other.
        let alike = Worker::in_place("host-a/0/2", Shards::parse("1/2").unwrap(), 60_000, 2_500);
        assert!(store.take_place(&alike).await.unwrap().is_empty());
        store.heartbeat(&alike).await.unwrap();
        assert!(store.replaced_by(&again).await.unwrap().is_empty());
        assert!(store.replaced_by(&alike).await.unwrap().is_empty());

        // A run elsewhere takes nothing and waits for the living.
        let elsewhere = Worker::in_place("host-b/0/2", shards, 60_000, 3_000);
        assert!(store.take_place(&elsewhere).await.unwrap().is_empty());
        assert_eq!(store.conflicting_workers(&elsewhere).await.unwrap().len(), 2);
        assert_eq!(
            store.lease_holder(game).await.unwrap().as_deref(),
            Some(again.name.as_str())
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_in_memory_database_is_one_database_for_every_query() {
    // Each connection of a pool opened its own `sqlite::memory:`: the tables made by the migrations, and every game,
    // were missing from the others.
    for url in ["sqlite::memory:"] {
        let store = Store::open(url).await.unwrap();
        let id = store.create_game(&new_game("usa", 1, 2, 9)).await.unwrap();
        let loads = (0..16).map(|_| {
            let store = store.clone();
            tokio::spawn(async move { store.load(id).await.map(|loaded| loaded.version) })
        });
        for load in loads {
            assert_eq!(load.await.unwrap().unwrap(), 0, "{url}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_who_leaves_and_rejoins_is_the_host_again() {
    for db in databases("store", "host-rejoins").await {
        let store = Store::open(&db.url).await.unwrap();
        store.open_lobby(&lobby_in(19, "usa")).await.unwrap();
        store.join_lobby(19, 2, "Ben").await.unwrap();
        store.join_lobby(19, 3, "Cy").await.unwrap();
        let (lobby, _) = store.start_game(19, host(1)).await.unwrap();
        store.hand_to_computer(lobby.id, 1).await.unwrap();
        assert_eq!(refusal(store.end_game(19, host(1)).await), Refusal::NotHost);
        store.rejoin(lobby.id, 1).await.unwrap();
        // Ana is back: hers are the host's powers again, no longer Ben's.
        assert_eq!(refusal(store.end_game(19, host(2)).await), Refusal::NotHost);
        store.end_game(19, host(1)).await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaving_a_game_just_before_its_end_counts_as_a_game_played_and_lost() {
    use ttrbot::store::StatsPlace;
    for db in databases("store", "leave-dodge").await {
        let store = Store::open(&db.url).await.unwrap();
        // Dealt from a fixed key (a lobby with a 64-bit seed is dealt from a fresh one, different every run): a game
        // that reaches its last round.
        let mut new = lobby_in(29, "berlin");
        new.seed = ttrbot::rules::GameSeed::ChaCha20([29; 32]);
        store.open_lobby(&new).await.unwrap();
        store.join_lobby(29, 2, "Ben").await.unwrap();
        let (lobby, _) = store.start_game(29, host(1)).await.unwrap();
        // Played nearly to the end, then Ben leaves his seat to a computer, which plays it out.
        let mut chooser = GameRng::new(29);
        let mut legal: Vec<Action> = Vec::new();
        let mut left = false;
        loop {
            let loaded = store.load(lobby.id).await.unwrap();
            if loaded.game.is_over() {
                break;
            }
            if !left && loaded.game.public_view().final_round {
                store.hand_to_computer(lobby.id, 2).await.unwrap();
                left = true;
            }
            let seat = loaded.game.to_act()[0];
            loaded.game.legal_actions(seat, &mut legal);
            let action = legal[chooser.below(legal.len())];
            store.apply_and_save(lobby.id, seat, action).await.unwrap();
        }
        assert!(left, "the last round came");
        let ben = store.player_stats(StatsPlace::Server(7), 2).await.unwrap();
        assert_eq!((ben.games, ben.wins), (1, 0), "{ben:?}");
        let finished = store.finished_games(StatsPlace::Server(7)).await.unwrap();
        assert_eq!(finished.len(), 1);
        let ranks = &finished[0].ranks;
        assert!(ranks.contains(&(2, 2)), "Ben ranks last: {ranks:?}");
        assert!(ranks.iter().any(|&(user, _)| user == 1), "{ranks:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_opened_before_chacha20_is_dealt_from_a_fresh_key_when_it_starts() {
    for db in databases("store", "old-lobby").await {
        let store = Store::open(&db.url).await.unwrap();
        // `lobby_in` keeps a SplitMix64 seed, as lobbies opened before the upgrade did (from the clock and the
        // lobby's public interaction id).
        store.open_lobby(&lobby_in(39, "usa")).await.unwrap();
        store.join_lobby(39, 2, "Ben").await.unwrap();
        let (lobby, _) = store.start_game(39, host(1)).await.unwrap();
        let loaded = store.load(lobby.id).await.unwrap();
        assert!(loaded.game.snapshot().contains("\"chacha20\""), "dealt by a key");
        assert_eq!(
            store.replay(lobby.id).await.unwrap(),
            loaded.game,
            "and replayed from it"
        );
    }
}
