//! Every game's web page over a real store (SQLite and PostgreSQL) and a real socket: the page, its frames and its
//! live stream; a token that is wrong, old or gone answers the same 404; a server's page; and not one byte served
//! names a ticket a player holds.

use std::time::Duration;

use ttrbot::rules::{Action, GameRng, PublicView};
use ttrbot::store::{Actor, NewLobby, Store, WebToken};
use ttrbot::web::{Pages, Source};

use crate::common::store::databases;

const GUILD: u64 = 60;
const CHANNEL: u64 = 600;

fn lobby(map: &str) -> NewLobby {
    NewLobby {
        channel_id: CHANNEL,
        guild_id: Some(GUILD),
        map: map.to_string(),
        map_hash: None,
        seed: 60.into(),
        host: 1,
        host_name: "Ana".into(),
        settings: ttrbot::settings::Settings::default(),
    }
}

/// A started 3-player game on `map` in [`CHANNEL`], with `moves` random legal actions stored; its id.
async fn game_with_moves(store: &Store, map: &str, moves: usize) -> ttrbot::store::GameId {
    store.open_lobby(&lobby(map)).await.unwrap();
    store.join_lobby(CHANNEL, 2, "Ben").await.unwrap();
    store.join_lobby(CHANNEL, 3, "Cy <b>&amp;</b>").await.unwrap();
    let host = Actor {
        user_id: 1,
        manages_channel: false,
    };
    let (started, _) = store.start_game(CHANNEL, host).await.unwrap();
    play(store, started.id, moves, 7).await;
    started.id
}

/// Stores up to `moves` random legal actions of game `id` (fewer if it ends).
async fn play(store: &Store, id: ttrbot::store::GameId, moves: usize, seed: u64) {
    let mut chooser = GameRng::new(seed);
    let mut legal = Vec::new();
    for _ in 0..moves {
        let game = store.load(id).await.unwrap().game;
        if game.is_over() {
            return;
        }
        let seat = game.to_act()[0];
        game.legal_actions(seat, &mut legal);
        let action: Action = legal[chooser.below(legal.len())];
        store.apply_and_save(id, seat, action).await.unwrap();
    }
}

/// Serves `store`'s pages on a free loopback port; the pages' base address.
async fn serve(store: &Store) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(ttrbot::web::serve(listener, Pages::new(Source::Store(store.clone()))));
    base
}

async fn get(url: &str) -> (u16, String, reqwest::header::HeaderMap) {
    let response = reqwest::get(url).await.unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, response.text().await.unwrap(), headers)
}

/// The labels of every ticket a player holds and has not revealed: none may appear in anything a page serves.
async fn held_tickets(store: &Store, id: ttrbot::store::GameId) -> Vec<String> {
    let game = store.load(id).await.unwrap().game;
    let map = game.map().clone();
    (0..game.players())
        .flat_map(|seat| game.seat_view(ttrbot::rules::Seat(seat as u8)).tickets)
        .map(|(ticket, _)| map.ticket_label(ticket))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_games_page_shows_the_board_panel_and_history_from_public_information_only() {
    for db in databases("web", "page").await {
        let store = Store::open(&db.url).await.unwrap();
        let id = game_with_moves(&store, "europe", 40).await;
        let token = store
            .game_web_token(id)
            .await
            .unwrap()
            .expect("a started game has a page");
        assert_eq!(
            store.game_web_token(id).await.unwrap(),
            Some(token.clone()),
            "made once"
        );
        let base = serve(&store).await;
        let (status, page, headers) = get(&format!("{base}/g/{}", token.as_str())).await;
        assert_eq!(status, 200, "{page}");
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(
            csp.contains("default-src 'none'") && csp.contains("script-src 'self'"),
            "{csp}"
        );
        assert_eq!(headers["referrer-policy"], "same-origin");
        assert!(
            page.contains("<svg") && page.contains("id=\"pieces\""),
            "the board is on the page"
        );
        assert!(page.contains("Ben") && page.contains("Europe"));
        // A name is text, never markup.
        assert!(page.contains("Cy &lt;b&gt;&amp;amp;&lt;/b&gt;"), "names are escaped");
        assert!(!page.contains("<b>&amp;</b>"));
        let version = store.served_version(id).await.unwrap().unwrap();
        let mut served = vec![page];
        for v in [0, version / 2, version] {
            let (status, frame, _) = get(&format!("{base}/g/{}/v/{v}", token.as_str())).await;
            assert_eq!(status, 200);
            let frame: serde_json::Value = serde_json::from_str(&frame).unwrap();
            assert_eq!(frame["version"], v);
            served.push(frame.to_string());
        }
        for asset in ["game.js", "page.css"] {
            let (status, body, headers) = get(&format!("{base}/assets/{asset}")).await;
            assert_eq!(status, 200);
            assert!(headers["cache-control"].to_str().unwrap().contains("immutable"));
            served.push(body);
        }
        let held = held_tickets(&store, id).await;
        assert!(!held.is_empty());
        for body in &served {
            for ticket in &held {
                assert!(!body.contains(ticket.as_str()), "a held ticket ({ticket}) was served");
            }
            for hidden in ["\"seed\"", "\"deck\":[", "\"hand\"", "snapshot"] {
                assert!(!body.contains(hidden), "{hidden} was served");
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_follows_the_game_live_and_replays_every_version_as_the_log_replays_it() {
    for db in databases("web", "live").await {
        let store = Store::open(&db.url).await.unwrap();
        let id = game_with_moves(&store, "usa", 30).await;
        let token = store.game_web_token(id).await.unwrap().unwrap();
        let base = serve(&store).await;
        let mut live = reqwest::get(format!("{base}/g/{}/live", token.as_str())).await.unwrap();
        assert_eq!(live.status(), 200);
        assert_eq!(live.headers()["content-type"], "text/event-stream");
        let version = store.served_version(id).await.unwrap().unwrap();
        let first = next_frame(&mut live).await;
        assert_eq!(first["version"], version, "the current frame comes first");
        play(&store, id, 1, 99).await;
        let started = std::time::Instant::now();
        // The game's watcher, new, sends the version it first reads too (a page may have read the game before).
        let mut next = next_frame(&mut live).await;
        while next["version"] == version {
            next = next_frame(&mut live).await;
        }
        assert_eq!(next["version"], version + 1);
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "a move shows within a second"
        );
        // A page that reconnects after version 3 gets every sentence since, not only the latest ones.
        let again = reqwest::Client::new()
            .get(format!("{base}/g/{}/live", token.as_str()))
            .header("last-event-id", "3")
            .send()
            .await
            .unwrap();
        let mut again = again;
        let caught_up = next_frame(&mut again).await;
        let versions: Vec<i64> = caught_up["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l[0].as_i64().unwrap())
            .collect();
        assert_eq!(versions.first(), Some(&4), "{versions:?}");
        assert_eq!(versions.last(), Some(&(version + 1)));
        // Each version's frame claims the routes the log replayed to that version owns.
        let (_, views, _) = store.public_record(id).await.unwrap();
        for (v, view) in views.iter().enumerate() {
            let (_, frame, _) = get(&format!("{base}/g/{}/v/{v}", token.as_str())).await;
            let frame: serde_json::Value = serde_json::from_str(&frame).unwrap();
            let claimed: Vec<u64> = frame["claims"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c[0].as_u64().unwrap())
                .collect();
            assert_eq!(claimed, owned(view), "version {v}");
        }
    }
}

fn owned(view: &PublicView) -> Vec<u64> {
    (0..view.owners.len() as u64)
        .filter(|&r| view.owners[r as usize].is_some())
        .collect()
}

/// The next `frame` event of a live stream, within 5 s.
async fn next_frame(live: &mut reqwest::Response) -> serde_json::Value {
    let mut text = String::new();
    let read = async {
        loop {
            if let Some(end) = text.find("\n\n") {
                let event: String = text.drain(..end + 2).collect();
                let data: String = event
                    .lines()
                    .filter_map(|l| l.strip_prefix("data: ").or_else(|| l.strip_prefix("data:")))
                    .collect();
                if event.contains("event: frame") || event.contains("event:frame") {
                    return serde_json::from_str(&data).unwrap();
                }
                continue;
            }
            let chunk = live.chunk().await.unwrap().expect("the stream stays open");
            text.push_str(std::str::from_utf8(&chunk).unwrap());
        }
    };
    tokio::time::timeout(Duration::from_secs(5), read)
        .await
        .expect("a frame within 5 s")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_old_or_gone_token_and_a_game_id_all_get_the_same_404() {
    for db in databases("web", "tokens").await {
        let store = Store::open(&db.url).await.unwrap();
        let id = game_with_moves(&store, "usa", 5).await;
        let token = store.game_web_token(id).await.unwrap().unwrap();
        let base = serve(&store).await;
        assert_eq!(get(&format!("{base}/g/{}", token.as_str())).await.0, 200);
        let wrong = WebToken::random();
        let asked = [
            format!("/g/{}", wrong.as_str()),
            format!("/g/{}", id.0),
            format!("/g/{}/v/0", wrong.as_str()),
            format!("/g/{}/live", wrong.as_str()),
            format!("/g/{}x", token.as_str()),
            format!("/g/{}", "f".repeat(6_000)),
            format!("/s/{}", token.as_str()),
            "/g/".to_string(),
            "/assets/../Cargo.toml".to_string(),
        ];
        let (_, expected, _) = get(&format!("{base}{}", asked[0])).await;
        for path in &asked {
            let (status, body, _) = get(&format!("{base}{path}")).await;
            assert_eq!((status, body.as_str()), (404, expected.as_str()), "{path}");
        }
        // The channel deleted: an open live stream ends, the page is gone, answered as a token never made, and no
        // new token is made.
        let mut live = reqwest::get(format!("{base}/g/{}/live", token.as_str())).await.unwrap();
        next_frame(&mut live).await;
        store.channel_gone(CHANNEL).await.unwrap();
        let ended = tokio::time::timeout(Duration::from_secs(5), async {
            while let Ok(Some(_)) = live.chunk().await {}
        })
        .await;
        assert!(ended.is_ok(), "the stream ends when the page is gone");
        let (status, body, _) = get(&format!("{base}/g/{}", token.as_str())).await;
        assert_eq!((status, body), (404, expected.clone()));
        assert_eq!(store.game_web_token(id).await.unwrap(), None);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_servers_page_ranks_its_players_and_links_its_games_and_links_can_be_turned_off() {
    for db in databases("web", "server").await {
        let store = Store::open(&db.url).await.unwrap();
        let id = game_with_moves(&store, "usa", 5_000).await;
        assert!(store.load(id).await.unwrap().game.is_over(), "random play ends a game");
        let server = store.server_web_token(GUILD).await.unwrap();
        assert_eq!(store.server_web_token(GUILD).await.unwrap(), server);
        let base = serve(&store).await;
        // A game whose link was never shown is not listed (and no token is made for it by the page).
        let (status, page, _) = get(&format!("{base}/s/{}", server.as_str())).await;
        assert_eq!(status, 200);
        assert!(!page.contains("/g/"), "no game was linked yet");
        let game_token = store.game_web_token(id).await.unwrap().unwrap();
        let (_, page, _) = get(&format!("{base}/s/{}", server.as_str())).await;
        assert!(
            page.contains(&format!("/g/{}", game_token.as_str())),
            "the game is linked"
        );
        // The operator's list (every server, tokens made) names it too.
        let latest = store.latest_games(5).await.unwrap();
        assert_eq!(latest.iter().map(|g| &g.token).collect::<Vec<_>>(), vec![&game_token]);
        assert!(latest[0].players.contains(&"Ben".to_string()) && !latest[0].running);
        for name in ["Ana", "Ben"] {
            assert!(page.contains(name), "{name} is on the leaderboard");
        }
        // A finished game's page stays, with every ticket revealed.
        let (status, game_page, _) = get(&format!("{base}/g/{}", game_token.as_str())).await;
        assert_eq!(status, 200);
        assert!(game_page.contains("class=\"ranking\""));
        assert!(store.web_links(GUILD).await.unwrap());
        assert!(store.linked_web_token(id).await.unwrap().is_some());
        store.set_web_links(GUILD, false).await.unwrap();
        assert!(!store.web_links(GUILD).await.unwrap());
        assert_eq!(store.linked_web_token(id).await.unwrap(), None);
        // A finished game's stream sends its last frame and ends.
        let mut live = reqwest::get(format!("{base}/g/{}/live", game_token.as_str()))
            .await
            .unwrap();
        assert_eq!(next_frame(&mut live).await["over"], true);
        let ended = tokio::time::timeout(Duration::from_secs(5), async {
            while let Ok(Some(_)) = live.chunk().await {}
        })
        .await;
        assert!(ended.is_ok(), "a finished game's stream ends");
        // Links off closes the server's page; a game's page already shared stays.
        assert_eq!(get(&format!("{base}/s/{}", server.as_str())).await.0, 404);
        assert_eq!(get(&format!("{base}/g/{}", game_token.as_str())).await.0, 200);
    }
}
