//! The bot against what real Discord and real players do (issue "hardened against real Discord"): each test here
//! failed before the fix it pins.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::fake_discord::spec::violations;
use crate::fake_discord::table::{Table, content};
use crate::fake_discord::{Fake, slash};

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
    Arc::try_unwrap(fake)
        .ok()
        .expect("no table holds the fake")
        .stop()
        .await;
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
