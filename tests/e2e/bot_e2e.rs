//! The real bot binary against a fake Discord on loopback: it connects, registers `/ttr` as DESIGN §6 names it,
//! and runs lobbies — start, join, the lobby's buttons, refusals in plain words, stale and forged buttons, and
//! who may start.

use crate::fake_discord;
use crate::fake_discord::{Fake, as_manager, autocomplete, button, custom_ids, select, slash};
use serde_json::{Value, json};
use ttrbot::store::Store;

const ANA: u64 = 11;
const BEN: u64 = 12;
const CY: u64 = 13;
const CHANNEL: u64 = 600;

/// One registered option: its name, its kind (3 string, 4 integer) and its choices' values.
type OptionSpec = (String, u64, Vec<String>);

/// The subcommands and options `/ttr` was registered with.
fn registered(fake: &Fake) -> Vec<(String, Vec<OptionSpec>)> {
    let put = fake
        .calls()
        .into_iter()
        .find(|c| c.method == "PUT" && c.path.ends_with("/commands"))
        .unwrap();
    let ttr = put
        .json
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "ttr")
        .expect("/ttr");
    ttr["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|sub| {
            let options = sub["options"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|o| {
                    let choices = o["choices"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|c| c["value"].as_str().unwrap_or("").to_string())
                        .collect();
                    (
                        o["name"].as_str().unwrap().to_string(),
                        o["type"].as_u64().unwrap(),
                        choices,
                    )
                })
                .collect();
            (sub["name"].as_str().unwrap().to_string(), options)
        })
        .collect()
}

/// The `custom_id` of the button with this label in a message.
fn button_labelled(message: &Value, label: &str) -> String {
    message["components"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row["components"].as_array().unwrap().iter())
        .find(|b| b["label"] == label)
        .unwrap_or_else(|| panic!("no {label} button in {message:#}"))["custom_id"]
        .as_str()
        .unwrap()
        .to_string()
}

fn content(callback: &Value) -> &str {
    callback["data"]["content"].as_str().unwrap_or("")
}

fn is_ephemeral(callback: &Value) -> bool {
    callback["data"]["flags"].as_u64().unwrap_or(0) & 64 != 0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_is_opened_joined_and_started_through_discord() {
    let fake = Fake::start("lobby").await;
    ttr_is_registered_as_the_contract_names_it(&fake);
    let lobby = ana_opens_a_lobby_with_the_five_buttons(&fake).await;
    a_second_game_is_refused_and_computers_sit_at_the_level_asked(&fake).await;
    ben_joins_by_button_and_cy_by_command_then_leaves(&fake, &lobby).await;
    let choose = only_the_host_starts_and_only_the_players_are_pinged(&fake, &lobby).await;
    the_tickets_come_by_dm_and_ana_keeps_two_by_button_but_a_stranger_cannot_choose(&fake, &choose).await;
    let first_turn = ben_keeps_all_three_by_command_and_the_first_turn_pings_one_player(&fake).await;
    the_start_messages_button_then_only_explains(&fake, &choose).await;
    hand_and_board_answer_privately_and_publicly(&fake).await;
    let order = the_pinged_player_draws_two_cards_by_button_and_the_turn_passes(&fake, &first_turn).await;
    the_other_player_draws_two_cards_by_command_and_the_turn_comes_back(&fake, order).await;
    old_and_forged_buttons_change_nothing(&fake, &lobby).await;
    the_bot_stops_cleanly_and_the_game_is_stored_with_ana_and_ben_seated(fake).await;
}

/// `/ttr` as the contract names it: `start` takes `map` (the map ids, as strings), `bots` and `level`.
fn ttr_is_registered_as_the_contract_names_it(fake: &Fake) {
    let commands = registered(fake);
    let start = &commands.iter().find(|(name, _)| name == "start").expect("/ttr start").1;
    // `map` takes the built-in maps' ids (and a server's own maps'), offered by autocomplete rather than as fixed
    // choices, since the server's maps are not known when the commands are registered.
    assert_eq!(start[0], ("map".to_string(), 3, Vec::new()));
    let maps = commands
        .iter()
        .find(|(name, _)| name == "map")
        .expect("/ttr map")
        .1
        .clone();
    let subcommands: Vec<&str> = maps.iter().map(|(name, _, _)| name.as_str()).collect();
    assert_eq!(subcommands, ["upload", "list", "show", "remove"]);
    assert_eq!((start[1].0.as_str(), start[1].1), ("bots", 4));
    assert_eq!(
        start[2],
        (
            "level".to_string(),
            3,
            ["easy", "normal", "hard"].map(String::from).to_vec()
        )
    );
    assert!(commands.iter().any(|(name, _)| name == "join"));
}

/// The custom ids of the lobby's Join, Start and Cancel buttons, which the later steps press.
struct Lobby {
    join: String,
    start: String,
    cancel: String,
}

/// Ana opens a lobby: one public message with the five buttons of the contract.
async fn ana_opens_a_lobby_with_the_five_buttons(fake: &Fake) -> Lobby {
    let opened = fake
        .interact(slash(ANA, "Ana", CHANNEL, "start", &[("map", json!("usa"))]))
        .await;
    assert_eq!(opened["type"], 4);
    assert!(!is_ephemeral(&opened), "{opened:#}");
    let buttons: Vec<Value> = opened["data"]["components"][0]["components"]
        .as_array()
        .unwrap()
        .clone();
    let labels: Vec<&str> = buttons.iter().map(|b| b["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["Join", "Leave", "Add computer", "Start", "Cancel"]);
    let ids = custom_ids(&opened["data"]);
    let (join, start, cancel) = (ids[0].clone(), ids[3].clone(), ids[4].clone());
    assert!(join.starts_with("ttr:") && join.ends_with(":join"), "{join}");
    assert!(
        opened["data"]["embeds"][0]["description"]
            .as_str()
            .unwrap()
            .contains("Ana")
    );
    Lobby { join, start, cancel }
}

/// Other `/ttr start`s: a second game in Ana's channel is refused, and `bots` seats computers in a lobby elsewhere.
async fn a_second_game_is_refused_and_computers_sit_at_the_level_asked(fake: &Fake) {
    // A second game in the same channel is refused, privately and in words.
    let again = fake
        .interact(slash(BEN, "Ben", CHANNEL, "start", &[("map", json!("europe"))]))
        .await;
    assert!(
        is_ephemeral(&again) && content(&again).contains("already has a game"),
        "{again:#}"
    );
    // Computer players: `bots` seats them in the lobby at the level asked for (normal by default).
    let bots = fake
        .interact(slash(
            BEN,
            "Ben",
            CHANNEL + 1,
            "start",
            &[("map", json!("usa")), ("bots", json!(2))],
        ))
        .await;
    let seated = bots["data"]["embeds"][0]["description"].as_str().unwrap();
    assert!(
        seated.contains("2. Computer 1") && seated.contains("3. Computer 2") && seated.contains("— normal computer"),
        "{bots:#}"
    );
    let hard = fake
        .interact(slash(
            CY,
            "Cy",
            CHANNEL + 2,
            "start",
            &[("map", json!("usa")), ("bots", json!(1)), ("level", json!("hard"))],
        ))
        .await;
    let hard_seats = hard["data"]["embeds"][0]["description"].as_str().unwrap_or_default();
    assert!(
        !is_ephemeral(&hard) && hard_seats.contains("2. Computer 1") && hard_seats.contains("— hard computer"),
        "{hard:#}"
    );
}

/// Ben takes a seat by the Join button (once only), and Cy takes one by `/ttr join` and gives it up by `/ttr leave`.
async fn ben_joins_by_button_and_cy_by_command_then_leaves(fake: &Fake, lobby: &Lobby) {
    // Ben joins with the button: the lobby message is updated in place.
    let joined = fake.interact(button(BEN, "Ben", CHANNEL, &lobby.join)).await;
    assert_eq!(joined["type"], 7, "{joined:#}");
    let seats = joined["data"]["embeds"][0]["description"].as_str().unwrap();
    assert!(
        seats.contains("1. Ana (orange) — host") && seats.contains("2. Ben (navy)"),
        "{seats}"
    );
    let twice = fake.interact(button(BEN, "Ben", CHANNEL, &lobby.join)).await;
    assert!(
        is_ephemeral(&twice) && content(&twice).contains("already have a seat"),
        "{twice:#}"
    );

    // Cy joins by command, then leaves; the button ids carry no user, so Cy cannot act as Ana.
    let cy = fake.interact(slash(CY, "Cy", CHANNEL, "join", &[])).await;
    assert!(
        !is_ephemeral(&cy)
            && cy["data"]["embeds"][0]["description"]
                .as_str()
                .unwrap()
                .contains("3. Cy")
    );
    let gone = fake.interact(slash(CY, "Cy", CHANNEL, "leave", &[])).await;
    assert!(
        !gone["data"]["embeds"][0]["description"]
            .as_str()
            .unwrap()
            .contains("Cy")
    );
}

/// Only the host (or a channel manager) starts; Ben may not, Ana may. Returns the start message's one button's id.
async fn only_the_host_starts_and_only_the_players_are_pinged(fake: &Fake, lobby: &Lobby) -> String {
    let refused = fake.interact(button(BEN, "Ben", CHANNEL, &lobby.start)).await;
    assert!(
        is_ephemeral(&refused) && content(&refused).contains("Only the host"),
        "{refused:#}"
    );
    let started = fake.interact(button(ANA, "Ana", CHANNEL, &lobby.start)).await;
    assert_eq!(started["type"], 7, "{started:#}");
    let text = content(&started);
    assert!(
        text.contains(&format!("<@{ANA}>")) && text.contains(&format!("<@{BEN}>")),
        "{text}"
    );
    let mentioned: Vec<&str> = started["data"]["allowed_mentions"]["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u.as_str().unwrap())
        .collect();
    assert_eq!(
        mentioned,
        [ANA.to_string(), BEN.to_string()],
        "only the players are pinged"
    );
    let choose = custom_ids(&started["data"]);
    assert!(
        choose.len() == 1 && choose[0].ends_with(":starting-tickets"),
        "{choose:?}"
    );
    choose[0].clone()
}

/// Each player is DMed their offered tickets; Ana keeps two through the start message's button, and Cy none.
async fn the_tickets_come_by_dm_and_ana_keeps_two_by_button_but_a_stranger_cannot_choose(fake: &Fake, choose: &str) {
    // Each player got their three offered tickets by DM.
    let is_dm = |c: &fake_discord::Call| c.path.starts_with("/api/v10/channels/7000");
    fake.wait_until("two ticket DMs", |calls| calls.iter().filter(|c| is_dm(c)).count() == 2)
        .await;
    let dm = fake.calls().into_iter().find(is_dm).unwrap();
    assert!(
        dm.json["content"].as_str().unwrap().contains("Your starting tickets"),
        "{:#}",
        dm.json
    );

    // Ana chooses with the button: a private select of her three tickets, keep at least two.
    let offer = fake.interact(button(ANA, "Ana", CHANNEL, choose)).await;
    assert!(is_ephemeral(&offer), "{offer:#}");
    let menu = &offer["data"]["components"][0]["components"][0];
    assert_eq!(
        (menu["min_values"].as_u64(), menu["max_values"].as_u64()),
        (Some(2), Some(3)),
        "{menu:#}"
    );
    let keep_id = menu["custom_id"].as_str().unwrap().to_string();
    let values: Vec<String> = menu["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["value"].as_str().unwrap().to_string())
        .collect();
    let too_few = fake
        .interact(select(ANA, "Ana", CHANNEL, &keep_id, &[&values[0]]))
        .await;
    assert!(
        is_ephemeral(&too_few) && content(&too_few).contains("Keep at least 2"),
        "{too_few:#}"
    );
    let before = fake.calls().len();
    let kept = fake
        .interact(select(ANA, "Ana", CHANNEL, &keep_id, &[&values[0], &values[1]]))
        .await;
    assert!(
        is_ephemeral(&kept) && content(&kept).starts_with("You kept "),
        "{kept:#}"
    );
    let said = fake
        .wait_for_call_after(before, "Ana's public sentence", |c| {
            c.path == format!("/api/v10/channels/{CHANNEL}/messages")
        })
        .await;
    assert_eq!(said.json["content"], "Ana kept 2 of 3 tickets.");
    // Cy, who is not seated, cannot choose for anyone.
    let stranger = fake
        .interact(select(CY, "Cy", CHANNEL, &keep_id, &[&values[0], &values[1]]))
        .await;
    assert!(content(&stranger).contains("not playing"), "{stranger:#}");
}

/// The game's first turn message, and whom it pinged.
struct FirstTurn {
    /// Its call: the board picture, the text, and the turn's buttons.
    message: fake_discord::Call,
    /// The id of the one player it pinged, the player to move.
    pinged: String,
}

/// Ben chooses with the command and keeps all three: the first turn message follows.
async fn ben_keeps_all_three_by_command_and_the_first_turn_pings_one_player(fake: &Fake) -> FirstTurn {
    let offer = fake.interact(slash(BEN, "Ben", CHANNEL, "tickets", &[])).await;
    let menu = &offer["data"]["components"][0]["components"][0];
    let values: Vec<String> = menu["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["value"].as_str().unwrap().to_string())
        .collect();
    let before = fake.calls().len();
    fake.interact(select(
        BEN,
        "Ben",
        CHANNEL,
        menu["custom_id"].as_str().unwrap(),
        &values.iter().map(String::as_str).collect::<Vec<_>>(),
    ))
    .await;
    let turn = fake
        .wait_for_call_after(before, "the first turn message", |c| {
            c.path == format!("/api/v10/channels/{CHANNEL}/messages") && !c.files.is_empty()
        })
        .await;
    let (_, file, kind, png) = &turn.files[0];
    assert_eq!((file.as_str(), kind.as_str()), ("board.png", "image/png"));
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    let text = turn.json["content"].as_str().unwrap();
    assert!(
        text.contains("Ben kept 3 tickets.") && text.contains("it is your turn"),
        "{text}"
    );
    let pinged: Vec<&str> = turn.json["allowed_mentions"]["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u.as_str().unwrap())
        .collect();
    assert_eq!(pinged.len(), 1, "only the player to move is pinged");
    assert!(text.contains(&format!("<@{}>", pinged[0])), "{text}");
    assert_eq!(turn.json["embeds"][0]["image"]["url"], "attachment://board.png");
    let pinged = pinged[0].to_string();
    FirstTurn { message: turn, pinged }
}

/// The start message's button now only explains.
async fn the_start_messages_button_then_only_explains(fake: &Fake, choose: &str) {
    let late = fake.interact(button(ANA, "Ana", CHANNEL, choose)).await;
    assert!(content(&late).contains("starting tickets are chosen"), "{late:#}");
}

/// `/ttr hand` shows Ana her own cards, tickets and picture privately; `/ttr board` shows everyone the board.
async fn hand_and_board_answer_privately_and_publicly(fake: &Fake) {
    // /ttr hand: deferred, then Ana's cards, her two tickets and her own picture, privately.
    let hand = fake.interact_deferred(slash(ANA, "Ana", CHANNEL, "hand", &[])).await;
    assert_eq!(hand.json["flags"].as_u64().unwrap_or(0) & 64, 64, "{:#}", hand.json);
    let mine = hand.json["content"].as_str().unwrap();
    assert!(
        mine.starts_with("**Your cards:** ") && mine.matches("○").count() == 2,
        "{mine}"
    );
    assert!(hand.files[0].3.starts_with(b"\x89PNG"));
    // /ttr board: the public picture.
    let board = fake.interact_deferred(slash(CY, "Cy", CHANNEL, "board", &[])).await;
    assert_eq!(board.files[0].1, "board.png");
    assert_eq!(board.json["flags"].as_u64().unwrap_or(0) & 64, 0);
}

/// The two players in the order they move.
struct Order {
    /// The player the first turn message pinged.
    first: u64,
    /// The other player.
    second: u64,
    /// The other player's name.
    second_name: &'static str,
}

/// Drawing cards. The player to move is the one the turn message pinged; after two cards the turn passes.
async fn the_pinged_player_draws_two_cards_by_button_and_the_turn_passes(fake: &Fake, turn: &FirstTurn) -> Order {
    let first: u64 = turn.pinged.parse().unwrap();
    let (second, first_name, second_name) = if first == ANA {
        (BEN, "Ana", "Ben")
    } else {
        (ANA, "Ben", "Ana")
    };
    let deck = button_labelled(&turn.message.json, "Deck");
    let wrong = fake.interact(button(second, second_name, CHANNEL, &deck)).await;
    assert!(content(&wrong).contains("not your turn"), "{wrong:#}");
    let (drawn, private) = fake
        .interact_then_followup(button(first, first_name, CHANNEL, &deck))
        .await;
    assert_eq!(drawn["type"], 7, "the turn message is updated in place: {drawn:#}");
    assert!(
        content(&drawn).ends_with(&format!("{first_name} drew a card from the deck.")),
        "{drawn:#}"
    );
    assert!(
        private.json["content"].as_str().unwrap().starts_with("You drew a"),
        "{:#}",
        private.json
    );
    assert_eq!(private.json["flags"].as_u64().unwrap_or(0) & 64, 64);
    let stale = fake.interact(button(first, first_name, CHANNEL, &deck)).await;
    assert!(content(&stale).contains("already played"), "{stale:#}");
    let before = fake.calls().len();
    let deck = button_labelled(&drawn["data"], "Deck");
    let (done, _) = fake
        .interact_then_followup(button(first, first_name, CHANNEL, &deck))
        .await;
    assert!(
        custom_ids(&done["data"]).is_empty(),
        "the finished turn's buttons are gone: {done:#}"
    );
    let next = fake
        .wait_for_call_after(before, "the next turn message", |c| !c.files.is_empty())
        .await;
    assert!(
        next.json["content"]
            .as_str()
            .unwrap()
            .contains(&format!("<@{second}>, it is your turn"))
    );
    Order {
        first,
        second,
        second_name,
    }
}

/// The other player draws by command; autocomplete offers the deck and the face-up slots.
async fn the_other_player_draws_two_cards_by_command_and_the_turn_comes_back(fake: &Fake, order: Order) {
    let Order {
        first,
        second,
        second_name,
    } = order;
    let choices = fake
        .interact(autocomplete(second, second_name, CHANNEL, "draw", "card", ""))
        .await;
    assert_eq!(choices["type"], 8, "{choices:#}");
    let names: Vec<&str> = choices["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names[0], "deck");
    assert!(names.len() == 6 && names[1].starts_with("1 · "), "{names:?}");
    let bad = fake
        .interact(slash(second, second_name, CHANNEL, "draw", &[("card", json!("seven"))]))
        .await;
    assert!(content(&bad).contains("Draw from `deck`"), "{bad:#}");
    let before = fake.calls().len();
    for _ in 0..2 {
        let mine = fake
            .interact(slash(second, second_name, CHANNEL, "draw", &[("card", json!("deck"))]))
            .await;
        assert!(
            is_ephemeral(&mine) && content(&mine).starts_with("You drew a"),
            "{mine:#}"
        );
    }
    let back = fake
        .wait_for_call_after(before, "the turn back to the first player", |c| !c.files.is_empty())
        .await;
    assert!(
        back.json["content"]
            .as_str()
            .unwrap()
            .contains(&format!("<@{first}>, it is your turn"))
    );
}

/// A button of the closed lobby, and a forged one, change nothing.
async fn old_and_forged_buttons_change_nothing(fake: &Fake, lobby: &Lobby) {
    let stale = fake.interact(button(BEN, "Ben", CHANNEL, &lobby.cancel)).await;
    assert!(
        is_ephemeral(&stale) && content(&stale).contains("lobby is closed"),
        "{stale:#}"
    );
    let forged = fake
        .interact(as_manager(button(CY, "Cy", CHANNEL, "ttr:999:start")))
        .await;
    assert!(
        is_ephemeral(&forged) && content(&forged).contains("belongs to nothing I know"),
        "{forged:#}"
    );
    let unknown = fake.interact(button(CY, "Cy", CHANNEL, "something-else")).await;
    assert!(is_ephemeral(&unknown), "{unknown:#}");
}

/// The bot stops cleanly, having registered `/ttr`, and its database holds the game with Ana and Ben seated.
async fn the_bot_stops_cleanly_and_the_game_is_stored_with_ana_and_ben_seated(fake: Fake) {
    let database = fake.database_url();
    assert!(fake.database.exists(), "the database is created on first start");
    let log = fake.stop().await;
    assert!(log.contains("registering /ttr"), "{log}");

    // The game is stored, running, with Ana and Ben seated.
    let store = Store::open(&database).await.unwrap();
    let game = store
        .game_in_channel(CHANNEL)
        .await
        .unwrap()
        .expect("a game in the channel");
    let seats = store.seats(game).await.unwrap();
    assert_eq!(
        seats.iter().map(|s| s.user_id).collect::<Vec<_>>(),
        [Some(ANA), Some(BEN)]
    );
    assert_eq!(store.load(game).await.unwrap().game.players(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_loses_no_game_old_buttons_keep_working_and_closed_dms_are_told_once() {
    let mut fake = Fake::start("restart").await;
    let opened = fake
        .interact(slash(ANA, "Ana", CHANNEL, "start", &[("map", json!("switzerland"))]))
        .await;
    let ids = custom_ids(&opened["data"]);
    fake.interact(button(BEN, "Ben", CHANNEL, &ids[0])).await;
    // Ben's DMs are closed: the channel is told once, and the game goes on.
    fake.close_dms(BEN);

    // Restarted with the lobby open: its buttons still work.
    fake.restart().await;
    let before = fake.calls().len();
    let started = fake.interact(button(ANA, "Ana", CHANNEL, &ids[3])).await;
    assert_eq!(started["type"], 7, "{started:#}");
    let notice = fake
        .wait_for_call_after(before, "the closed-DMs notice", |c| {
            c.path == format!("/api/v10/channels/{CHANNEL}/messages")
        })
        .await;
    assert_eq!(
        notice.json["content"],
        "I could not send a DM to Ben (DMs closed): use `/ttr hand` here to see your tickets."
    );
    let choose = custom_ids(&started["data"]);
    let mut turn = None;
    for (user, name) in [(ANA, "Ana"), (BEN, "Ben")] {
        let offer = fake.interact(button(user, name, CHANNEL, &choose[0])).await;
        let menu = &offer["data"]["components"][0]["components"][0];
        let values: Vec<&str> = menu["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["value"].as_str().unwrap())
            .collect();
        let before = fake.calls().len();
        fake.interact(select(
            user,
            name,
            CHANNEL,
            menu["custom_id"].as_str().unwrap(),
            &values[..2],
        ))
        .await;
        if name == "Ben" {
            turn = Some(
                fake.wait_for_call_after(before, "the turn message", |c| !c.files.is_empty())
                    .await,
            );
        }
    }
    let turn = turn.unwrap();
    let pinged: u64 = turn.json["allowed_mentions"]["users"][0]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let name = if pinged == ANA { "Ana" } else { "Ben" };
    let deck = button_labelled(&turn.json, "Deck");

    // Restarted mid-game: the turn message's button, made before the restart, plays the turn.
    fake.restart().await;
    let (drawn, private) = fake.interact_then_followup(button(pinged, name, CHANNEL, &deck)).await;
    assert_eq!(drawn["type"], 7, "{drawn:#}");
    assert!(
        content(&drawn).ends_with(&format!("{name} drew a card from the deck.")),
        "{drawn:#}"
    );
    assert!(private.json["content"].as_str().unwrap().starts_with("You drew a"));
    // /ttr status for everyone, /ttr rules for the asker.
    let status = fake.interact(slash(CY, "Cy", CHANNEL, "status", &[])).await;
    assert!(
        !is_ephemeral(&status) && content(&status).ends_with("is to play."),
        "{status:#}"
    );
    // /ttr history: the record rebuilt from the log, a page at a time.
    let history = fake.interact(slash(CY, "Cy", CHANNEL, "history", &[])).await;
    let record = content(&history);
    assert!(record.starts_with("**History, page 1 of 1**"), "{record}");
    assert!(
        record.contains("Ana kept 2 of 5 tickets.") && record.ends_with("drew a card from the deck."),
        "{record}"
    );
    let rules = fake.interact(slash(CY, "Cy", CHANNEL, "rules", &[])).await;
    assert!(
        is_ephemeral(&rules) && content(&rules).starts_with("**Switzerland**: 2 to 3 players"),
        "{rules:#}"
    );
    let database = fake.database_url();
    fake.stop().await;
    let store = Store::open(&database).await.unwrap();
    let game = store.game_in_channel(CHANNEL).await.unwrap().unwrap();
    // Two starting choices and one draw, all stored; replaying the log gives the stored game.
    assert_eq!(store.action_count(game).await.unwrap(), 3);
    assert_eq!(store.replay(game).await.unwrap(), store.load(game).await.unwrap().game);
}
