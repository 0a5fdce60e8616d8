//! Servers' own maps in the store, on both engines: uploaded, replaced, listed per server, limited, removed; a game
//! keeps the exact text it was opened on, whatever becomes of the server's map.

use ttrbot::store::{MOST_SERVER_MAPS, NewLobby, Refusal, Store, StoreError, Uploaded, text_hash};

use crate::common::store::databases;

const TINYLAND: &str = include_str!("../fixtures/custom/tinyland.toml");
const GUILD: u64 = 77;

fn tinyland(id: &str, name: &str) -> (ttrbot::rules::Map, String) {
    let text = TINYLAND
        .replacen("id = \"tinyland\"", &format!("id = \"{id}\""), 1)
        .replacen("name = \"Tinyland\"", &format!("name = \"{name}\""), 1);
    (ttrbot::maps::parse("tinyland.toml", &text).unwrap(), text)
}

fn refusal<T: std::fmt::Debug>(result: Result<T, StoreError>) -> Refusal {
    match result {
        Err(StoreError::Refused(r)) => r,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn lobby_on(channel: u64, map: &str, hash: &str) -> NewLobby {
    NewLobby {
        channel_id: channel,
        guild_id: Some(GUILD),
        map: map.to_string(),
        map_hash: Some(hash.to_string()),
        seed: 59.into(),
        host: 1,
        host_name: "Ana".into(),
        settings: ttrbot::settings::Settings::default(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_servers_map_is_added_replaced_listed_in_that_server_only_and_removed() {
    for db in databases("store_maps", "lifecycle").await {
        let store = Store::open(&db.url).await.unwrap();
        let (map, text) = tinyland("tinyland", "Tinyland");
        assert_eq!(store.upload_map(GUILD, 1, &map, &text).await.unwrap(), Uploaded::Added);
        assert_eq!(
            store.upload_map(GUILD, 1, &map, &text).await.unwrap(),
            Uploaded::Unchanged
        );
        let (renamed, renamed_text) = tinyland("tinyland", "Tinyland, second edition");
        assert_eq!(
            store.upload_map(GUILD, 2, &renamed, &renamed_text).await.unwrap(),
            Uploaded::Replaced
        );
        let listed = store.server_maps(GUILD).await.unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!(
            (listed[0].id.as_str(), listed[0].name.as_str(), listed[0].uploaded_by),
            ("tinyland", "Tinyland, second edition", 2)
        );
        assert_eq!(listed[0].hash, text_hash(&renamed_text));
        assert!(
            store.server_maps(GUILD + 1).await.unwrap().is_empty(),
            "another server sees none"
        );
        assert_eq!(store.server_map(GUILD + 1, "tinyland").await.unwrap(), None);
        let found = store
            .server_map(GUILD, "TINYLAND")
            .await
            .unwrap()
            .expect("found by any case");
        let played = store.map(&found.id, Some(&found.hash)).await.unwrap();
        assert_eq!(played.name, "Tinyland, second edition");

        let (usa, usa_text) = tinyland("usa", "Not the USA");
        assert_eq!(
            refusal(store.upload_map(GUILD, 1, &usa, &usa_text).await),
            Refusal::BuiltInMapId("usa".into())
        );
        assert_eq!(
            refusal(store.remove_server_map(GUILD, "atlantis").await),
            Refusal::UnknownMap("atlantis".into())
        );
        let removed = store.remove_server_map(GUILD, "tinyland").await.unwrap();
        assert_eq!(removed.id, "tinyland");
        assert!(store.server_maps(GUILD).await.unwrap().is_empty());
        // No game used it: its text is gone (a store of another process, without this one's parsed copy, says so).
        let fresh = Store::open(&db.url).await.unwrap();
        assert_eq!(
            refusal(fresh.map("tinyland", Some(&removed.hash)).await),
            Refusal::UnknownMap("tinyland".into())
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_keeps_at_most_thirty_maps_and_replacing_one_is_always_allowed() {
    for db in databases("store_maps", "thirty").await {
        let store = Store::open(&db.url).await.unwrap();
        for i in 0..MOST_SERVER_MAPS {
            let (map, text) = tinyland(&format!("land-{i}"), &format!("Land {i}"));
            assert_eq!(store.upload_map(GUILD, 1, &map, &text).await.unwrap(), Uploaded::Added);
        }
        let (one_more, text) = tinyland("land-extra", "One too many");
        assert_eq!(
            refusal(store.upload_map(GUILD, 1, &one_more, &text).await),
            Refusal::TooManyMaps { most: 30 }
        );
        assert_eq!(store.server_maps(GUILD).await.unwrap().len(), MOST_SERVER_MAPS);
        let (replacing, text) = tinyland("land-3", "Land 3, fixed");
        assert_eq!(
            store.upload_map(GUILD, 1, &replacing, &text).await.unwrap(),
            Uploaded::Replaced
        );
        assert!(store.server_maps(GUILD + 1).await.unwrap().is_empty());
        let (elsewhere, text) = tinyland("land-extra", "Another server's");
        assert_eq!(
            store.upload_map(GUILD + 1, 1, &elsewhere, &text).await.unwrap(),
            Uploaded::Added
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_keeps_the_map_it_was_opened_on_when_the_servers_map_is_replaced_or_removed() {
    use ttrbot::store::Actor;
    for db in databases("store_maps", "kept").await {
        let store = Store::open(&db.url).await.unwrap();
        let (map, text) = tinyland("tinyland", "Tinyland");
        store.upload_map(GUILD, 1, &map, &text).await.unwrap();
        let hash = text_hash(&text);
        let lobby = store.open_lobby(&lobby_on(5, "tinyland", &hash)).await.unwrap();
        assert_eq!(lobby.board.name, "Tinyland");
        store.join_lobby(5, 2, "Ben").await.unwrap();
        let host = Actor {
            user_id: 1,
            manages_channel: false,
        };
        let (started, game) = store.start_game(5, host).await.unwrap();
        let (edited, edited_text) = tinyland("tinyland", "Tinyland, redrawn");
        assert_eq!(
            store.upload_map(GUILD, 1, &edited, &edited_text).await.unwrap(),
            Uploaded::Replaced
        );
        store.remove_server_map(GUILD, "tinyland").await.unwrap();
        // Another process, which never parsed the map, still loads and replays the game on the text it started with.
        let fresh = Store::open(&db.url).await.unwrap();
        let loaded = fresh.load(started.id).await.unwrap();
        assert_eq!(loaded.game, game);
        assert_eq!(loaded.game.map().name, "Tinyland");
        let (hash_kept, drawing) = fresh
            .game_map_drawing(started.id)
            .await
            .unwrap()
            .expect("a server's map");
        assert_eq!((hash_kept.as_str(), drawing), (hash.as_str(), None));
        fresh.set_map_drawing(&hash, "{\"kept\":1}").await.unwrap();
        assert_eq!(
            fresh.game_map_drawing(started.id).await.unwrap().unwrap().1.as_deref(),
            Some("{\"kept\":1}")
        );
        // A lobby cannot open on a text the store does not have.
        assert_eq!(
            refusal(store.open_lobby(&lobby_on(6, "ghost", &text_hash("ghost"))).await),
            Refusal::UnknownMap("ghost".into())
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_servers_map_makers_role_is_set_cleared_and_its_own() {
    for db in databases("store_maps", "role").await {
        let store = Store::open(&db.url).await.unwrap();
        assert_eq!(store.map_role(GUILD).await.unwrap(), None);
        store.set_map_role(GUILD, Some(880)).await.unwrap();
        assert_eq!(store.map_role(GUILD).await.unwrap(), Some(880));
        assert_eq!(store.map_role(GUILD + 1).await.unwrap(), None);
        store.set_map_role(GUILD, None).await.unwrap();
        assert_eq!(store.map_role(GUILD).await.unwrap(), None);
    }
}
