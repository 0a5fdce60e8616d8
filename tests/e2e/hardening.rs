//! The bot against what real Discord and real players do (issue "hardened against real Discord"): each test here
//! failed before the fix it pins.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::fake_discord::spec::violations;
use crate::fake_discord::table::{Table, content};
use crate::fake_discord::{APP, Fake, Fault, button, custom_ids, slash};

/// Every string option of `/ttr`, as (subcommand, option, its registered `max_length`).
fn string_options(fake: &Fake) -> Vec<(String, String, Option<u64>)> {
    let commands = fake.registered_commands();
    let ttr = commands
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "ttr")
        .expect("/ttr is registered")
        .clone();
    let mut found = Vec::new();
    for sub in ttr["options"].as_array().unwrap() {
        for option in sub["options"].as_array().into_iter().flatten() {
            if option["type"] == 3 && option["choices"].as_array().is_none_or(Vec::is_empty) {
                found.push((
                    sub["name"].as_str().unwrap().to_string(),
                    option["name"].as_str().unwrap().to_string(),
                    option["max_length"].as_u64(),
                ));
            }
        }
    }
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_a_player_may_type_is_bounded_and_the_worst_route_text_is_answered_while_other_channels_play() {
    let fake = Arc::new(Fake::start("bounded-typing").await);
    let typed = string_options(&fake);
    assert!(
        typed.len() >= 5,
        "claim route/pay, station city/pay, draw card: {typed:?}"
    );
    for (sub, option, most) in &typed {
        let most = most.unwrap_or_else(|| panic!("/ttr {sub} {option} has no max_length: Discord allows 6,000"));
        assert!(most <= 100, "/ttr {sub} {option} takes up to {most} characters");
    }
    let busy = Table::seat(Arc::clone(&fake), 910, "usa", 2, 1).await;
    let elsewhere = Table::seat(Arc::clone(&fake), 911, "europe", 2, 2).await;
    let (game, _) = busy.state().await;
    let (user, name) = busy.seats[usize::from(game.current().0)];

    // Discord's client refuses more than max_length; the longest text it lets through is the attacker's best.
    let too_long = slash(
        user,
        name,
        busy.channel,
        "claim",
        &[("route", json!("a-".repeat(3000)))],
    );
    assert!(fake.would_send(&too_long).is_err());
    let route_most = typed
        .iter()
        .find(|(s, o, _)| s == "claim" && o == "route")
        .unwrap()
        .2
        .unwrap();
    let worst: Vec<String> = [
        "a-".repeat(50),
        "Denvr to ".repeat(12),
        format!("{} - Omaha", "Kansas City - ".repeat(6)),
        "—".repeat(100),
    ]
    .into_iter()
    .map(|t| t.chars().take(route_most as usize).collect())
    .collect();
    let mut together: Vec<Value> = worst
        .iter()
        .map(|t| slash(user, name, busy.channel, "claim", &[("route", json!(t))]))
        .collect();
    let (other_user, other_name) = elsewhere.seats[0];
    together.push(slash(other_user, other_name, elsewhere.channel, "status", &[]));
    // The fake refuses any answer later than Discord's 3 seconds, so all being answered is the check.
    let answers = fake.interact_together(together).await;
    for (text, answer) in worst.iter().zip(&answers) {
        assert!(
            content(answer).contains("does not name a route") || content(answer).contains("no city called"),
            "{text}: {answer:#}"
        );
        assert!(
            content(answer).chars().count() < 300,
            "nothing typed is echoed back whole: {answer:#}"
        );
    }
    assert!(
        !content(answers.last().unwrap()).is_empty(),
        "{:#}",
        answers.last().unwrap()
    );
    let (after, _) = busy.state().await;
    assert_eq!(after.current(), game.current(), "nothing was changed");
    drop((busy, elsewhere));
    Fake::stop_shared(fake).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_message_keeps_its_board_when_a_card_drawn_by_button_updates_it() {
    let mut table = Table::open("board-kept", "usa", 3, 7).await;
    // Every move by a button on the turn message, once it is posted: card draws update it in place.
    let mut choosing_tickets = false;
    for _ in 0..30 {
        let (game, version) = table.state().await;
        if !choosing_tickets {
            table.turn_message(version).await;
        }
        let action = table.choose(&game, game.current());
        // Tickets drawn are kept from a private picker; the turn message waits for that.
        choosing_tickets = matches!(action, ttrbot::rules::Action::DrawTickets);
        table.make(&game, version, game.current(), action, true).await;
        table.wait_for_move(version).await;
    }
    let (_, version) = table.state().await;
    table.turn_message(version).await;
    let messages = table.fake.messages_in(table.channel);
    let with_board: Vec<_> = messages.iter().filter(|(_, m)| m.posted_with_files > 0).collect();
    assert!(
        with_board.len() >= 10,
        "turn messages with a board: {}",
        with_board.len()
    );
    for (id, message) in with_board {
        assert_eq!(
            message.attachments.len(),
            message.posted_with_files,
            "message {id} lost its board: {:#}",
            message.body
        );
    }
    table.stop().await;
}

#[test]
fn the_fake_refuses_what_discord_refuses_and_takes_what_it_takes() {
    let post = "/channels/5/messages";
    let fine = json!({ "content": "Ana claimed Denver – Omaha.", "attachments": [{ "id": 0, "filename": "board.png" }],
                       "components": [{ "type": 1, "components": [{ "type": 2, "style": 1, "label": "Deck", "custom_id": "ttr:1:2:deck" }] }] });
    assert_eq!(violations("POST", post, &fine), Vec::<String>::new());
    let refused = [
        json!({ "content": "x".repeat(2_001) }),
        json!({ "content": 5 }),
        json!({ "embeds": [{ "description": "x".repeat(4_000) }, { "description": "x".repeat(2_500) }] }),
        json!({ "components": [{ "type": 1, "components": [
            { "type": 3, "custom_id": "a", "options": [{ "label": "A", "value": "a" }] },
            { "type": 2, "style": 1, "label": "B", "custom_id": "b" }] }] }),
        json!({ "components": vec![json!({ "type": 1, "components": [{ "type": 2, "style": 1, "label": "B", "custom_id": "b" }] }); 6] }),
        json!({ "components": [{ "type": 1, "components": [{ "type": 2, "style": 1, "label": "x".repeat(81), "custom_id": "b" }] }] }),
        json!({ "allowed_mentions": { "users": "everyone" } }),
    ];
    for body in refused {
        assert!(!violations("POST", post, &body).is_empty(), "{body:#}");
    }
    let callback = "/interactions/5/tok/callback";
    assert!(
        violations(
            "POST",
            callback,
            &json!({ "type": 4, "data": { "content": "hi", "flags": 64 } })
        )
        .is_empty()
    );
    assert!(
        !violations(
            "POST",
            callback,
            &json!({ "type": 4, "data": { "content": "x".repeat(2_001) } })
        )
        .is_empty()
    );
    assert!(
        !violations(
            "POST",
            callback,
            &json!({ "type": 8, "data": { "choices": vec![json!({ "name": "a", "value": "a" }); 26] } })
        )
        .is_empty()
    );
    assert!(!violations("POST", "/channels/5/nowhere", &json!({})).is_empty());
}

/// The `custom_id` ending in `suffix` among a message's components.
fn component_id(message: &Value, suffix: &str) -> String {
    custom_ids(message)
        .into_iter()
        .find(|id| id.ends_with(suffix))
        .unwrap_or_else(|| panic!("no {suffix} in {message:#}"))
}

/// Every followup the bot sent to one interaction, as their texts.
fn followups(fake: &Fake, interaction: u64) -> Vec<String> {
    let path = format!("/api/v10/webhooks/{APP}/tok-{interaction}");
    fake.read_calls(|calls| {
        calls
            .iter()
            .filter(|c| c.path.starts_with(&path))
            .map(|c| c.json["content"].as_str().unwrap_or("").to_string())
            .collect()
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_answer_to_a_command_keeps_the_move_shows_the_next_turn_and_never_says_nothing_changed() {
    let table = Table::open("failed-answer", "usa", 2, 11).await;
    let (game, version) = table.state().await;
    table.turn_message(version).await;
    let (user, name) = table.seats[game.current().index()];
    let draw = || slash(user, name, table.channel, "draw", &[("card", json!("deck"))]);
    let first = table.fake.interact(draw()).await;
    assert!(content(&first).starts_with("You drew"), "{first:#}");
    // Discord fails the answer to the second card drawn.
    table.fake.fail_next("POST", "/callback", Fault::ServerError);
    let (second, _) = table.fake.interact_with_id(draw()).await;
    assert_eq!(table.state().await.1, version + 2, "the move is kept");
    table.turn_message(version + 2).await;
    let said = followups(&table.fake, second);
    assert!(said.iter().all(|s| !s.contains("nothing was changed")), "{said:?}");
    table.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_update_of_a_turn_button_still_shows_the_move_on_its_message_and_the_next_turn() {
    let table = Table::open("failed-update", "usa", 2, 12).await;
    let (game, version) = table.state().await;
    let turn = table.turn_message(version).await;
    let (user, name) = table.seats[game.current().index()];
    let first = table
        .fake
        .interact(button(user, name, table.channel, &component_id(&turn, ":deck")))
        .await;
    assert_eq!(first["type"], 7, "{first:#}");
    let deck = component_id(&table.turn_message(version + 1).await, ":deck");
    let before = table.fake.call_count();
    table.fake.fail_next("POST", "/callback", Fault::ServerError);
    table.fake.interact(button(user, name, table.channel, &deck)).await;
    // The turn message the press was on is edited to show the card drawn, and the next turn is posted.
    let edit_path = format!("/api/v10/channels/{}/messages/", table.channel);
    let edited = table
        .fake
        .wait_for_call_after(before, "the turn message edited", |c| {
            c.method == "PATCH" && c.path.starts_with(&edit_path)
        })
        .await;
    assert!(
        edited.json["content"].as_str().unwrap_or("").contains("drew a card"),
        "{:#}",
        edited.json
    );
    table.turn_message(version + 2).await;
    table.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_posts_failed_is_shown_and_its_computer_moves_on_without_anyone_acting() {
    let fake = Arc::new(Fake::start("supervised").await);
    let table = Table::seat_with_computers(Arc::clone(&fake), 930, "usa", 1, 1, 13).await;
    // The computer may still be choosing its starting tickets, or play first: the test starts at the person's turn.
    let (mut game, mut version) = table.state().await;
    while *game.step() == ttrbot::rules::Step::StartingTickets || table.seats[game.current().index()].0 == 0 {
        table.wait_for_version_after(version).await;
        (game, version) = table.state().await;
    }
    table.turn_message(version).await;
    let person = game.current();
    assert_ne!(table.seats[person.index()].0, 0, "the person is to move");
    let (user, name) = table.seats[person.index()];
    // The bot may not post in the channel when the person ends their turn: neither the move nor the computer's
    // can be shown.
    fake.deny_posts(table.channel);
    let draw = || slash(user, name, table.channel, "draw", &[("card", json!("deck"))]);
    table.fake.interact(draw()).await;
    let (_, notice) = table.fake.interact_then_followup(draw()).await;
    assert!(
        notice.json["content"]
            .as_str()
            .unwrap_or("")
            .contains("missing a permission"),
        "{:#}",
        notice.json
    );
    // Nobody acts, and the computer plays its turn through to handing it back to the person (a turn of two actions
    // needs the supervisor: a refused post stops the computer's own loop after the first). Each of its posts is
    // refused, the last being the turn message that hands the turn back. That one is waited for by its buttons:
    // any refused post would not do, as the supervisor's own attempts to show the game at the person's last move
    // are refused too, and taking one of them for the computer's let the permission come back before the
    // computer's last post, which then went out as usual and left the supervisor nothing to show.
    let post = format!("/api/v10/channels/{}/messages", table.channel);
    let mut back = table.state().await;
    while back.0.current() != person || back.1 <= version + 2 {
        table.wait_for_version_after(back.1).await;
        back = table.state().await;
    }
    let handed_back = format!("ttr:{}:{}:deck", table.game.0, back.1);
    fake.wait_for_call_after(0, "the computer's refused post", |c| {
        c.path == post && custom_ids(&c.json).contains(&handed_back)
    })
    .await;
    // The permission comes back. Still nobody acts: the supervisor shows the game as it stands, the person's turn
    // with its buttons.
    let before = fake.call_count();
    fake.allow_posts();
    let shown = fake
        .wait_for_call_after(before, "the game shown by the supervisor", |c| {
            c.method == "POST" && c.path == post
        })
        .await;
    assert!(
        shown.json["content"]
            .as_str()
            .unwrap_or("")
            .contains("not shown here in time"),
        "{:#}",
        shown.json
    );
    assert!(
        custom_ids(&shown.json).contains(&handed_back),
        "the game as it stands, the person to move: {:#}",
        shown.json
    );
    assert_eq!(table.state().await.1, back.1, "nobody moved meanwhile");
    drop(table);
    Fake::stop_shared(fake).await;
}

/// A whole game on `map` with people and computers, while a seeded 10% of the bot's requests to Discord fail (a
/// 500, a 429, an answer past 3 seconds): it finishes, its log replays to the stored game, each action's turn
/// message is posted once and in order, nobody is told "nothing was changed", and Discord refused no request.
async fn chaos_game(map: &str, people: usize, computers: usize, more: &[(&str, Value)], seed: u64) {
    let fake = Arc::new(Fake::start(&format!("chaos-{map}-{seed}")).await);
    let mut table = Table::seat_with_options(Arc::clone(&fake), 940, map, people, computers, more, seed).await;
    let from = fake.call_count();
    fake.chaos(seed, 10);
    // One post's answer lost for sure: the draw gives that fault only to channel posts, which are few where a
    // dashboard is edited in place, so a game's moves decide whether it comes at all.
    fake.fail_next(
        "POST",
        &format!("/channels/{}/messages", table.channel),
        Fault::LostAnswer,
    );
    table.play_to_the_end().await;
    table.final_scoreboard().await;
    table.check_record().await;
    let given = fake.faults_given();
    assert!(given.len() >= 10, "failures given: {}", given.len());
    // Each version's turn message is in the channel once, and in the order of the versions.
    let versions: Vec<i64> = fake
        .messages_in(table.channel)
        .iter()
        .filter_map(|(_, m)| {
            custom_ids(&m.body)
                .iter()
                .find(|id| id.ends_with(":deck"))
                .and_then(|id| id.split(':').nth(2)?.parse().ok())
        })
        .collect();
    let mut sorted = versions.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(versions, sorted, "turn messages once each, in order");
    // Every post in the channel carries a nonce Discord enforces, so an answer lost after posting never posts twice.
    let mut nonces: Vec<String> = Vec::new();
    for (id, message) in fake.messages_in(table.channel) {
        if message.body.get("enforce_nonce").is_some() {
            assert_eq!(message.body["enforce_nonce"], true, "message {id}: {:#}", message.body);
            nonces.push(message.body["nonce"].as_str().expect("a nonce").to_string());
        }
    }
    let posts = nonces.len();
    nonces.sort_unstable();
    nonces.dedup();
    assert_eq!(nonces.len(), posts, "each post once");
    assert!(given.iter().any(|(f, _)| *f == Fault::LostAnswer), "{given:?}");
    let apologies = fake.read_calls(|calls| {
        calls[from..]
            .iter()
            .filter(|c| c.json.to_string().contains("nothing was changed"))
            .count()
    });
    assert_eq!(apologies, 0, "nobody is told nothing changed");
    drop(table);
    Arc::try_unwrap(fake)
        .ok()
        .expect("no table holds the fake")
        .stop_after_chaos()
        .await;
}

/// The games played while Discord fails: each map's own rules, with people and computers (map, people,
/// computers, the seed of the deal and of the failures).
const CHAOS_GAMES: [(&str, usize, usize, u64); 5] = [
    ("usa", 2, 2, 41),
    ("europe", 2, 2, 42),
    ("switzerland", 2, 1, 43),
    ("india", 2, 2, 44),
    ("berlin", 2, 2, 45),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_on_every_map_finishes_while_discord_fails_one_request_in_ten() {
    for (map, people, computers, seed) in CHAOS_GAMES {
        // Printed with a failure's output: which game failed.
        println!("a {map} game while Discord fails (seed {seed})");
        chaos_game(map, people, computers, &[], seed).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_shows_names_as_typed_and_gives_its_maps_rules() {
    let fake = Fake::start("lobby-words").await;
    let opened = fake
        .interact(slash(31, "**Bo**_", 950, "start", &[("map", json!("europe"))]))
        .await;
    let seats = opened["data"]["embeds"][0]["description"]
        .as_str()
        .unwrap_or("")
        .to_string();
    assert!(seats.contains("\\*\\*Bo\\*\\*\\_"), "names are escaped: {seats}");
    let rules = fake.interact(slash(32, "Cy", 950, "rules", &[])).await;
    assert!(
        content(&rules).contains("station"),
        "the lobby's map's rules: {rules:#}"
    );
    fake.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dashboard_game_finishes_while_discord_fails_one_request_in_ten() {
    chaos_game("usa", 2, 1, &[("layout", json!("dashboard"))], 46).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_commands_while_a_hard_computer_thinks_is_answered_and_costs_one_think_per_move() {
    let fake = Arc::new(Fake::start("one-think").await);
    let more = [("bots", json!(1)), ("level", json!("hard"))];
    let mut table = Table::seat_with_options(Arc::clone(&fake), 960, "usa", 1, 0, &more, 61).await;
    let (person, name) = *table.seats.iter().find(|s| s.0 != 0).expect("a person");
    // Whoever starts, the person makes three moves; each time the computer answers with one.
    for _ in 0..3 {
        table.play_moves(1).await;
        // While the computer thinks, the person asks for the status thirty times at once: every answer comes within
        // Discord's 3 seconds (the fake refuses later ones), and none starts another think.
        let burst: Vec<Value> = (0..30)
            .map(|_| slash(person, name, table.channel, "status", &[]))
            .collect();
        for answer in fake.interact_together(burst).await {
            assert!(!content(&answer).is_empty(), "{answer:#}");
        }
    }
    // Each command asks for the computer to move; none starts a think of its own. Once the computer is idle, it
    // thought once per move it made (and at most once more, redone when a person's starting tickets changed the
    // game under it).
    let counts = || {
        let log = fake.log();
        let count = |what: &str| log.matches(what).count();
        (
            count("a computer thinks"),
            count("a computer is done thinking"),
            count("a computer moved"),
        )
    };
    let deadline = std::time::Instant::now() + crate::fake_discord::WAIT;
    while std::time::Instant::now() < deadline {
        let (thinks, done, _) = counts();
        let (game, _) = table.state().await;
        if thinks == done && table.seats[game.current().index()].0 != 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let (thinks, _, moves) = counts();
    assert!(moves >= 2, "the computer moved: {moves}");
    assert!(thinks <= moves + 1, "{thinks} thinks for {moves} moves");
    drop(table);
    Fake::stop_shared(fake).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_channel_is_not_hammered_and_other_channels_play_on() {
    let fake = Arc::new(Fake::start("deleted-channel").await);
    let gone = Table::seat_with_computers(Arc::clone(&fake), 970, "usa", 1, 1, 71).await;
    let mut other = Table::seat(Arc::clone(&fake), 971, "europe", 2, 72).await;
    // Someone deletes the first game's channel while its computer is to move or about to be.
    fake.delete_channel(gone.channel);
    let (game, _) = gone.state().await;
    if gone.seats[game.current().index()].0 != 0 {
        let (user, name) = gone.seats[game.current().index()];
        // Discord would not deliver it, but a press already on its way is answered without harm.
        fake.interact(slash(user, name, gone.channel, "status", &[])).await;
    }
    // The other channel plays on, every answer in time.
    other.play_moves(20).await;
    let path = format!("/api/v10/channels/{}/", gone.channel);
    let tries = fake.read_calls(|calls| calls.iter().filter(|c| c.path.starts_with(&path)).count());
    // The supervisor (every 200 ms here) tries the dead channel again less and less often, never in a tight loop.
    assert!(tries < 40, "{tries} requests to a deleted channel");
    drop((gone, other));
    Fake::stop_shared(fake).await;
}
