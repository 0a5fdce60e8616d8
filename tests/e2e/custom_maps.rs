//! A server's own maps (issue 59) through the real bot: uploaded by the people allowed to, every hostile file refused
//! in words within Discord's 3 seconds and nothing stored, a server's maps invisible in another server, and a game
//! on an uploaded map played to its final scoreboard while the map is removed under it.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::fake_discord::table::{COMPUTER, PEOPLE, Table, content};
use crate::fake_discord::{Call, Fake, GUILD, as_server_manager, autocomplete, slash, slash_group};

/// The small map written for these tests.
const TINYLAND: &str = include_str!("../fixtures/custom/tinyland.toml");

/// The channel the uploads are made in.
const CHANNEL: u64 = 5900;

/// `/ttr map upload` of `bytes` named `name` by Ana (a server manager when `manager`), and the bot's answer: the
/// followup of a deferred answer, or the answer itself when the bot refused at once.
async fn upload(fake: &Fake, channel: u64, name: &str, bytes: &[u8], size: u64, manager: bool) -> (Value, Duration) {
    let (ana, ana_name) = PEOPLE[0];
    let file = fake.attach(name, bytes, size);
    let mut asked = slash_group(ana, ana_name, channel, "map", "upload", &[("file", file)]);
    if manager {
        asked = as_server_manager(asked);
    }
    let started = Instant::now();
    let (id, answer) = fake.interact_with_id(asked).await;
    if answer["type"] == 5 {
        let path = format!("/api/v10/webhooks/{}/tok-{id}", crate::fake_discord::APP);
        let followup: Call = fake
            .wait_for_call_after(0, "the upload's followup", |c| c.method == "POST" && c.path == path)
            .await;
        (followup.json, started.elapsed())
    } else {
        (answer["data"].clone(), started.elapsed())
    }
}

/// What a refusal or a report says.
fn said(answer: &Value) -> String {
    answer["content"].as_str().unwrap_or_default().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_map_files_are_each_refused_in_words_within_three_seconds_and_nothing_is_stored() {
    let fake = Arc::new(Fake::start("hostile-maps").await);
    // Meanwhile Ben asks for the rules in another channel, again and again: nobody's upload may slow him.
    let bens = {
        let fake = Arc::clone(&fake);
        tokio::spawn(async move {
            let (ben, ben_name) = PEOPLE[1];
            let mut slowest = Duration::ZERO;
            for _ in 0..40 {
                let asked = Instant::now();
                let answer = fake.interact(slash(ben, ben_name, CHANNEL + 1, "rules", &[])).await;
                slowest = slowest.max(asked.elapsed());
                assert!(!content(&answer).is_empty(), "{answer:#}");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            slowest
        })
    };
    let many_cities: String = {
        let rows: Vec<String> = (0..10_000)
            .map(|i| format!("  {{ name = \"C{i}\", x = {}, y = {} }},", i % 800, i / 800))
            .collect();
        TINYLAND.replacen("cities = [\n", &format!("cities = [\n{}\n", rows.join("\n")), 1)
    };
    let long_name = TINYLAND.replace("\"Eastby\"", &format!("\"{}\"", "E".repeat(5000)));
    let right_to_left = TINYLAND.replace("\"Eastby\"", "\"East\u{202E}by\"");
    // A name would be a link in the bot's public messages.
    let link = TINYLAND.replace("\"Eastby\"", "\"[Free](https://evil.example)\"");
    let twice_in_case = TINYLAND.replace(
        "  { name = \"Lakeside\", x = 640, y = 320 },",
        "  { name = \"Lakeside\", x = 640, y = 320 },\n  { name = \"LAKESIDE\", x = 600, y = 200 },",
    );
    let not_a_number = TINYLAND.replace("x = 430, y = 290", "x = nan, y = 290");
    let negative = TINYLAND.replace("x = 430, y = 290", "x = -430, y = 290");
    let huge = TINYLAND.replace("x = 430, y = 290", "x = 1e30, y = 290");
    let to_itself = TINYLAND.replace("{ a = \"Eastby\", b = \"Lakeside\"", "{ a = \"Eastby\", b = \"Eastby\"");
    let deep = format!("id = {}{}", "[".repeat(100_000), "]".repeat(100_000));
    // Gzip's magic bytes and a compressed body: a zip bomb in a `.toml`'s clothes is not text, and is not unpacked.
    let mut bomb = vec![0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03];
    bomb.extend(std::iter::repeat_n(0xffu8, 4000));
    let ten_mb = vec![b'#'; 10 * 1024 * 1024];
    let cases: Vec<(&str, Vec<u8>, u64, &str)> = vec![
        (
            "ten-megabytes.toml",
            ten_mb.clone(),
            ten_mb.len() as u64,
            "larger than 512 KB",
        ),
        // Discord's word for the size is small; the bytes that come are not: the reading stops.
        ("lying-size.toml", ten_mb, 900, "larger than 512 KB"),
        ("bomb.toml", bomb, 4010, "not text"),
        ("deep.toml", deep.into_bytes(), 200_001, "recurs"),
        (
            "many-cities.toml",
            many_cities.clone().into_bytes(),
            many_cities.len() as u64,
            "150",
        ),
        (
            "long-name.toml",
            long_name.clone().into_bytes(),
            long_name.len() as u64,
            "5000 characters",
        ),
        (
            "right-to-left.toml",
            right_to_left.clone().into_bytes(),
            3000,
            "invisible",
        ),
        ("link.toml", link.clone().into_bytes(), 3000, "formatting"),
        ("twice.toml", twice_in_case.clone().into_bytes(), 3000, "LAKESIDE"),
        ("nan.toml", not_a_number.clone().into_bytes(), 3000, "Midvale"),
        ("negative.toml", negative.clone().into_bytes(), 3000, "Midvale"),
        ("huge.toml", huge.clone().into_bytes(), 3000, "Midvale"),
        ("to-itself.toml", to_itself.clone().into_bytes(), 3000, "Eastby"),
    ];
    for (i, (name, bytes, size, expected)) in cases.into_iter().enumerate() {
        // Each from a server of its own: a server may upload three maps a minute.
        let channel = CHANNEL + 10 + i as u64;
        fake.put_in_guild(channel, GUILD + 100 + i as u64);
        let (answer, took) = upload(&fake, channel, name, &bytes, size, true).await;
        let words = said(&answer);
        eprintln!("{name} ({took:?}): {words}");
        assert!(words.contains(expected), "{name}: {words}");
        assert!(
            answer["flags"].as_u64().unwrap_or(0) & 64 != 0,
            "{name}: answered privately: {answer:#}"
        );
        assert!(took <= Duration::from_secs(3), "{name}: answered in {took:?}");
    }
    let store = fake.store().await;
    for i in 0..20 {
        assert!(
            store.server_maps(GUILD + 100 + i).await.unwrap().is_empty(),
            "nothing was stored"
        );
    }
    let slowest = bens.await.unwrap();
    assert!(
        slowest <= Duration::from_secs(1),
        "Ben's slowest answer meanwhile: {slowest:?}"
    );
    Fake::stop_shared(fake).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_servers_managers_or_its_map_makers_role_upload_and_a_servers_maps_stay_in_that_server() {
    let fake = Fake::start("map-permissions").await;
    let (ben, ben_name) = PEOPLE[1];
    let size = TINYLAND.len() as u64;
    let (refused, _) = upload(&fake, CHANNEL, "tinyland.toml", TINYLAND.as_bytes(), size, false).await;
    assert!(
        said(&refused).contains("Only people who manage the server"),
        "{refused:#}"
    );
    let store = fake.store().await;
    assert!(store.server_maps(GUILD).await.unwrap().is_empty());
    assert_eq!(fake.fetched("tinyland.toml"), 0, "a refused upload is not even fetched");

    // A manager names a role; Ben, who has it, may upload.
    let role = json!({ "id": "880", "name": "cartographers", "color": 0, "hoist": false, "position": 1,
                       "colors": { "primary_color": 0, "secondary_color": null, "tertiary_color": null },
                       "permissions": "0", "managed": false, "mentionable": false, "flags": 0 });
    let mut choose = slash(
        PEOPLE[0].0,
        PEOPLE[0].1,
        CHANNEL,
        "settings",
        &[("map_makers", json!("880"))],
    );
    choose["data"]["options"][0]["options"][0]["type"] = json!(8);
    choose["data"]["resolved"] = json!({ "roles": { "880": role } });
    let chose = fake.interact(as_server_manager(choose)).await;
    assert!(content(&chose).contains("<@&880>"), "{chose:#}");
    let file = fake.attach("tinyland.toml", TINYLAND.as_bytes(), size);
    let mut bens = slash_group(ben, ben_name, CHANNEL, "map", "upload", &[("file", file)]);
    bens["member"]["roles"] = json!(["880"]);
    let answer = fake.interact_deferred(bens).await;
    assert!(said(&answer.json).contains("Tinyland"), "{:#}", answer.json);
    assert_eq!(store.server_maps(GUILD).await.unwrap().len(), 1);
    // Two more uploads this minute, then a fourth is refused in words, unread.
    for edition in 2..=3 {
        let text = TINYLAND.replacen("name = \"Tinyland\"", &format!("name = \"Tinyland {edition}\""), 1);
        let (again, _) = upload(&fake, CHANNEL, "tinyland.toml", text.as_bytes(), size, true).await;
        assert!(said(&again).contains("replaces"), "{again:#}");
    }
    let (fourth, _) = upload(&fake, CHANNEL, "fourth.toml", TINYLAND.as_bytes(), size, true).await;
    assert!(
        said(&fourth).contains("uploaded 3 maps in the last minute"),
        "{fourth:#}"
    );
    assert_eq!(fake.fetched("fourth.toml"), 0);

    // Another server sees none of it: not in its list, not in `/ttr start`'s choices, not startable.
    let elsewhere = 5950;
    fake.put_in_guild(elsewhere, GUILD + 1);
    let listed = fake
        .interact(slash_group(ben, ben_name, elsewhere, "map", "list", &[]))
        .await;
    assert!(!content(&listed).contains("Tinyland"), "{listed:#}");
    let offered = fake
        .interact(autocomplete(ben, ben_name, elsewhere, "start", "map", "tiny"))
        .await;
    assert_eq!(offered["data"]["choices"], json!([]), "{offered:#}");
    let here = fake
        .interact(autocomplete(ben, ben_name, CHANNEL, "start", "map", "tiny"))
        .await;
    assert_eq!(here["data"]["choices"][0]["value"], "tinyland", "{here:#}");
    let start = fake
        .interact(slash(ben, ben_name, elsewhere, "start", &[("map", json!("tinyland"))]))
        .await;
    assert!(content(&start).contains("no map called"), "{start:#}");
    fake.stop().await;
}

/// A game on an uploaded map with a person and two computer players, the map removed after a few moves: the game
/// goes on to its final scoreboard on the map it started with, and nothing hidden reaches the channel.
async fn a_game_on_an_uploaded_map(name: &str, file: &str, bytes: &[u8], id: &str, seed: u64) {
    let fake = Arc::new(Fake::start(name).await);
    let (added, took) = upload(&fake, CHANNEL, file, bytes, bytes.len() as u64, true).await;
    assert!(said(&added).contains("is now one of this server's maps"), "{added:#}");
    assert!(took <= Duration::from_secs(3), "{took:?}");
    let mut table = Table::seat_with_computers(Arc::clone(&fake), CHANNEL, id, 1, 2, seed).await;
    assert_eq!(table.seats.iter().filter(|s| **s == COMPUTER).count(), 2);
    assert!(!table.play_moves(6).await);
    let (ana, ana_name) = PEOPLE[0];
    drop(fake);
    let removed = table
        .fake
        .interact(as_server_manager(slash_group(
            ana,
            ana_name,
            CHANNEL,
            "map",
            "remove",
            &[("name", json!(id))],
        )))
        .await;
    assert!(
        content(&removed).contains("no longer one of this server's maps"),
        "{removed:#}"
    );
    table.play_to_the_end().await;
    let last = table.final_scoreboard().await;
    table.check_hidden_information(&last).await;
    let (game, _) = table.state().await;
    assert_eq!(game.map().id, id);
    table.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_on_an_uploaded_map_is_played_to_its_final_scoreboard_though_the_map_is_removed_mid_game() {
    a_game_on_an_uploaded_map(
        "custom-map-game",
        "tinyland.toml",
        TINYLAND.as_bytes(),
        "tinyland",
        0x5eed_0059,
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_map_editors_json_uploaded_is_converted_and_played_to_its_final_scoreboard() {
    let json = include_bytes!("../fixtures/editor/lakeside-v3.json");
    a_game_on_an_uploaded_map("editor-map-game", "lakeside.json", json, "lakeside-lines", 0x5eed_0060).await;
}
