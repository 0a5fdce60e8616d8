//! A bot that never goes quietly deaf, and whose public messages change only by an announcement (issue 57): each
//! test here failed before the fix it pins.

use std::time::{Duration, Instant};

use crate::fake_discord::table::{PEOPLE, Table, content, find_id, stored_game};
use crate::fake_discord::{Fake, Fault, Launch, button, custom_ids, select, slash};
use ttrbot::rules::{Action, Seat};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_registration_discord_fails_twice_is_tried_again_and_the_first_command_is_answered_within_a_minute() {
    // One 500 and one 429 on the `PUT` of the commands: once, that left the process up with no handler at all.
    let launch = Launch {
        faults: vec![
            ("PUT", "/commands", Fault::ServerError),
            ("PUT", "/commands", Fault::RateLimited),
        ],
        ..Launch::default()
    };
    let started = Instant::now();
    let fake = Fake::start_unchecked("register-again", launch).await;
    fake.wait_until("/ttr registered at the third try", |_| {
        fake.registered_commands().as_array().is_some_and(|c| !c.is_empty())
    })
    .await;
    let (user, name) = PEOPLE[0];
    let status = fake.interact(slash(user, name, 5_700_003, "status", &[])).await;
    assert!(
        content(&status).starts_with("There is no game in play in this channel"),
        "{status:#}"
    );
    let answered = started.elapsed();
    assert!(answered < Duration::from_secs(60), "answered {answered:?} after start");
    let registrations: Vec<Fault> = fake.faults_given().iter().map(|(fault, _)| *fault).collect();
    assert_eq!(registrations, [Fault::ServerError, Fault::RateLimited]);
    let log = fake.stop().await;
    assert!(
        log.contains("ready: /ttr is registered"),
        "an operator sees when it is ready:\n{log}"
    );
}

/// A game in `channel` with an action its channel was never shown (stored while the bot was down).
async fn a_game_owed_a_post(store: &ttrbot::store::Store, channel: u64) -> ttrbot::ids::GameId {
    let id = store.create_game(&stored_game(channel, "usa", 2, 5)).await.unwrap();
    let offer = store.load(id).await.unwrap().game.seat_view(Seat(0)).offer;
    let keep = Action::KeepTickets {
        tickets: ttrbot::rules::TicketSet::from_ids(offer),
    };
    store.apply_and_save(id, Seat(0), keep).await.unwrap();
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_heartbeat_beats_from_the_start_while_the_start_up_sweep_waits_on_a_failing_post() {
    // A short lease, so a heartbeat that waits for the sweep lapses within the sweep's first retries.
    let launch = Launch {
        env: vec![("TTRBOT_LEASE_MS".into(), "1500".into())],
        ..Launch::default()
    };
    let fake = Fake::start_with("heartbeat-first", launch).await;
    let store = fake.store().await;
    fake.kill_process(0).await;
    const CHANNEL: u64 = 5_700_004;
    a_game_owed_a_post(&store, CHANNEL).await;
    // Its showing fails three times (0.5 + 1 + 2 s of retries) before it goes through.
    let posts = format!("/channels/{CHANNEL}/messages");
    for _ in 0..3 {
        fake.fail_next("POST", &posts, Fault::ServerError);
    }
    fake.restart_process(0).await;
    let pid = fake.bot_pid().unwrap();
    let probe = ttrbot::store::Worker::for_process(ttrbot::shards::Shards::all(1), 1500, 0);
    let deadline = Instant::now() + Duration::from_secs(30);
    while fake.messages_in(CHANNEL).is_empty() {
        let living = store.conflicting_workers(&probe).await.unwrap();
        assert!(
            living.iter().any(|w| w.name.contains(&format!("#{pid}:"))),
            "the restarted process's heartbeat lapsed while it swept: {living:?}"
        );
        assert!(Instant::now() < deadline, "the game owed a post was never shown");
        tokio::time::sleep(fake.poll).await;
    }
    fake.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_at_game_start_is_answered_in_time_while_a_players_tickets_dm_is_tried_again() {
    let fake = Fake::start("start-dms").await;
    const CHANNEL: u64 = 5_700_005;
    let ((host, host_name), (guest, guest_name)) = (PEOPLE[0], PEOPLE[1]);
    let lobby = open_lobby(&fake, CHANNEL).await;
    fake.interact(button(guest, guest_name, CHANNEL, &lobby[0])).await;
    // Opening the DM channel fails four times: the starting tickets' DMs are tried again for 7.5 s.
    for _ in 0..4 {
        fake.fail_next("POST", "/users/@me/channels", Fault::ServerError);
    }
    let started = fake.interact(button(host, host_name, CHANNEL, &lobby[3])).await;
    assert_eq!(started["type"], 7, "{started:#}");
    let choose = custom_ids(&started["data"])[0].clone();
    let asked = Instant::now();
    let picker = fake.interact(button(guest, guest_name, CHANNEL, &choose)).await;
    let took = asked.elapsed();
    assert!(took < Duration::from_secs(3), "answered after {took:?}: {picker:#}");
    assert!(
        picker["data"]["flags"].as_u64().unwrap_or(0) & 64 == 64,
        "the tickets to choose from, privately: {picker:#}"
    );
    // The DMs still go out once Discord takes them: four refused, then one for each player.
    fake.wait_until("both starting tickets DMs", |calls| {
        calls
            .iter()
            .filter(|c| c.method == "POST" && c.path.ends_with("/users/@me/channels"))
            .count()
            >= 6
    })
    .await;
    fake.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn starting_tickets_a_crash_kept_from_being_dmed_are_dmed_after_the_restart() {
    let mut fake = Fake::start("start-dms-crash").await;
    const CHANNEL: u64 = 5_700_007;
    let ((host, host_name), (guest, guest_name)) = (PEOPLE[0], PEOPLE[1]);
    let lobby = open_lobby(&fake, CHANNEL).await;
    fake.interact(button(guest, guest_name, CHANNEL, &lobby[0])).await;
    // The DM channel cannot be opened for a while: the bot is killed while it tries again.
    for _ in 0..6 {
        fake.fail_next("POST", "/users/@me/channels", Fault::ServerError);
    }
    let opening = |c: &crate::fake_discord::Call| c.method == "POST" && c.path.ends_with("/users/@me/channels");
    let from = fake.call_count();
    let started = fake.interact(button(host, host_name, CHANNEL, &lobby[3])).await;
    assert_eq!(started["type"], 7, "{started:#}");
    fake.wait_for_call_after(from, "a DM channel refused", opening).await;
    fake.kill_and_restart().await;
    // Back, the bot sends what it owed: each player's starting tickets, once each.
    let dm_to = |user: u64| {
        let path = format!("/api/v10/channels/{}/messages", crate::fake_discord::DM_CHANNELS + user);
        move |c: &crate::fake_discord::Call| c.method == "POST" && c.path == path
    };
    for user in [host, guest] {
        let dm = fake.wait_for_call("a starting tickets DM", dm_to(user)).await;
        let said = dm.json["content"].as_str().unwrap_or_default();
        assert!(said.starts_with("Your starting tickets for the game"), "{said}");
    }
    // Noted sent once tried (the note follows the last DM: waited for).
    let store = fake.store().await;
    let owed = || async {
        store
            .starting_dms_owed(&ttrbot::store::Worker::alone(0), i64::MAX)
            .await
            .unwrap()
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    while !owed().await.is_empty() {
        assert!(Instant::now() < deadline, "the DMs were never noted sent");
        tokio::time::sleep(fake.poll).await;
    }
    fake.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_the_database_is_slow_to_answer_is_acknowledged_in_time_and_answered_when_it_can_be() {
    use sqlx::Connection;
    let fake = Fake::start("slow-database").await;
    const CHANNEL: u64 = 5_700_006;
    let (guest, guest_name) = PEOPLE[1];
    let join = open_lobby(&fake, CHANNEL).await[0].clone();
    // Another writer holds the database (a backup, a long migration, a disk slow to sync) until the press is
    // acknowledged: joining must wait for it, and used to answer past Discord's 3 seconds.
    sqlx::any::install_default_drivers();
    let mut other_writer = sqlx::AnyConnection::connect(&fake.database_url()).await.unwrap();
    sqlx::query("BEGIN IMMEDIATE").execute(&mut other_writer).await.unwrap();
    let pressed = Instant::now();
    let (id, acknowledged) = fake.interact_with_id(button(guest, guest_name, CHANNEL, &join)).await;
    let took = pressed.elapsed();
    assert!(took < Duration::from_secs(3), "acknowledged after {took:?}");
    assert_eq!(acknowledged["type"], 6, "a deferred update: {acknowledged:#}");
    sqlx::query("ROLLBACK").execute(&mut other_writer).await.unwrap();
    // Once the database answers, the lobby message pressed on shows the guest.
    let edited = fake
        .wait_for_call_after(0, "the lobby message edited in the deferred answer's place", |c| {
            c.method == "PATCH" && c.path.ends_with(&format!("/tok-{id}/messages/@original"))
        })
        .await;
    let seated = edited.json["embeds"][0]["description"].as_str().unwrap_or("");
    assert!(seated.contains(guest_name), "{:#}", edited.json);
    let shown = fake.messages_in(CHANNEL);
    assert!(
        shown.iter().any(|(_, m)| m.body["embeds"][0]["description"]
            .as_str()
            .unwrap_or("")
            .contains(guest_name)),
        "the lobby message itself shows the guest"
    );
    fake.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shard_discord_closes_for_good_stops_the_process_saying_why() {
    // 4011: the bot outgrew its shards. serenity logs it and gives the shard up while the process lives on, deaf;
    // the process must stop instead (a supervisor starts it again, with the shard count Discord asks for then).
    let fake = Fake::start("closed-for-good").await;
    fake.close_all(4011);
    assert_eq!(fake.exit_code(0).await, Some(1), "{}", fake.log());
    let log = fake.log();
    assert!(
        log.contains("Discord closed a gateway shard of this process for good"),
        "the operator is told why:\n{log}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_button_that_replaces_its_message_sent_from_one_that_does_not_show_it_is_refused_privately_and_changes_nothing()
 {
    // A modified client can send any custom id it saw, from any message: a picker's button answers in place, and
    // pressed "on" the turn message it once replaced that public message with the player's payment choices; a
    // forged Cancel stripped its buttons.
    let table = Table::open("forged-picker", "usa", 2, 0x5eed_0057).await;
    let channel = table.channel;
    let (game, version) = table.state().await;
    let turn = table.turn_message(version).await;
    let (user, name) = table.seats[game.current().index()];
    let claim = find_id(&turn, ":claim").expect("a Claim button");
    let picker = table.fake.interact(button(user, name, channel, &claim)).await;
    assert_eq!(picker["data"]["flags"].as_u64().unwrap_or(0) & 64, 64, "{picker:#}");
    let picker_ids = custom_ids(&picker["data"]);
    assert!(!picker_ids.is_empty(), "{picker:#}");
    let (public, before) = message_showing(&table, &claim);
    // The route select sent with its first route chosen (answered with that route's payments), and every other
    // component of the picker as it is.
    let first_route = picker["data"]["components"][0]["components"][0]["options"][0]["value"]
        .as_str()
        .expect("a route to choose")
        .to_string();
    let forge = |id: &str| {
        if id.contains(":pick-") {
            select(user, name, channel, id, &[&first_route])
        } else {
            button(user, name, channel, id)
        }
    };
    let refused_privately = |answer: &serde_json::Value| {
        assert_eq!(
            answer["type"], 4,
            "answered with a message of its own, not an edit: {answer:#}"
        );
        assert_eq!(
            answer["data"]["flags"].as_u64().unwrap_or(0) & 64,
            64,
            "privately: {answer:#}"
        );
    };
    for forged in &picker_ids {
        let answer = table.fake.press_on(public, forge(forged)).await;
        refused_privately(&answer);
        let now = table
            .fake
            .messages_in(channel)
            .into_iter()
            .find(|(id, _)| *id == public)
            .unwrap()
            .1;
        assert_eq!(now.body, before.body, "{forged} changed the public turn message");
    }
    assert_eq!(table.state().await.1, version, "nothing was played");
    // A turn button answers by replacing its message with the move's sentence: sent from the player's private
    // picker, the channel would never read which card was taken.
    let (private, _) = message_showing(&table, &picker_ids[0]);
    let deck = find_id(&turn, ":deck").expect("a Deck button");
    refused_privately(&table.fake.press_on(private, button(user, name, channel, &deck)).await);
    assert_eq!(
        table.state().await.1,
        version,
        "nothing was played from the private message"
    );

    table.stop().await;
}

/// The latest message in the table's channel that shows this component.
fn message_showing(table: &Table, id: &str) -> (u64, crate::fake_discord::Stored) {
    let messages = table.fake.messages_in(table.channel);
    messages
        .into_iter()
        .rev()
        .find(|(_, m)| custom_ids(&m.body).iter().any(|shown| shown == id))
        .expect("a message showing it")
}

/// Requests the bot sent to any of `channels` so far.
fn requests_to(fake: &Fake, channels: &std::collections::HashSet<u64>) -> usize {
    fake.read_calls(|calls| {
        calls
            .iter()
            .filter(|c| {
                c.path
                    .strip_prefix("/api/v10/channels/")
                    .and_then(|rest| rest.split('/').next())
                    .and_then(|id| id.parse().ok())
                    .is_some_and(|id: u64| channels.contains(&id))
            })
            .count()
    })
}

/// Waits until none of `games` is running any more.
async fn wait_until_ended(store: &ttrbot::store::Store, games: &[ttrbot::ids::GameId]) {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let running = store.running_games().await.unwrap();
        if !running.iter().any(|g| games.contains(&g.id)) {
            return;
        }
        assert!(Instant::now() < deadline, "games in gone channels still run");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until a game waits for a person and its turn message is posted.
async fn settle(table: &Table) {
    loop {
        let (game, version) = table.state().await;
        let computer = table.seats[game.current().index()].0 == 0;
        if *game.step() == ttrbot::rules::Step::StartingTickets || computer {
            table.wait_for_version_after(version).await;
            continue;
        }
        table.turn_message(version).await;
        return;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_channel_or_a_left_server_ends_its_games_and_is_never_sent_anything_again() {
    const LEFT_GUILD: u64 = 3_000_000_000_000_000_003;
    let fake = std::sync::Arc::new(Fake::start("gone-places").await);
    let deleted = Table::seat_with_computers(std::sync::Arc::clone(&fake), 5_700_010, "usa", 1, 1, 11).await;
    fake.put_in_guild(5_700_011, LEFT_GUILD);
    let left = Table::seat(std::sync::Arc::clone(&fake), 5_700_011, "europe", 2, 12).await;
    let mut other = Table::seat(std::sync::Arc::clone(&fake), 5_700_012, "berlin", 2, 13).await;
    // Each game waits for a person, its turn message posted: nothing is on its way to the channels.
    for table in [&deleted, &left] {
        settle(table).await;
    }
    fake.delete_channel_with_event(deleted.channel);
    fake.leave_guild(LEFT_GUILD);
    let store = fake.store().await;
    wait_until_ended(&store, &[deleted.game, left.game]).await;
    for game in [deleted.game, left.game] {
        let (_, status) = store.game_place(game).await.unwrap().unwrap();
        assert_eq!(status, "cancelled");
    }
    let gone = [deleted.channel, left.channel].into_iter().collect();
    let before = requests_to(&fake, &gone);
    // Other channels play on (the supervisor scans every 200 ms meanwhile): nothing more goes to the gone ones.
    other.play_moves(20).await;
    assert_eq!(
        requests_to(&fake, &gone),
        before,
        "requests to gone channels after their games ended"
    );
    drop((deleted, left, other));
    Fake::stop_shared(fake).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_thousand_games_in_deleted_channels_are_tried_once_each_then_never_again() {
    const GAMES: u64 = 2_000;
    let fake = std::sync::Arc::new(Fake::start("deleted-thousands").await);
    let store = fake.store().await;
    // Deleted with no event reaching the bot (it was away, or reconnected without resuming): each game owes its
    // channel a post.
    let mut games = Vec::new();
    let channels: std::collections::HashSet<u64> = (0..GAMES).map(|i| 20_000 + i).collect();
    for &channel in &channels {
        fake.delete_channel(channel);
        games.push(a_game_owed_a_post(&store, channel).await);
    }
    wait_until_ended(&store, &games).await;
    let tried = requests_to(&fake, &channels);
    let mut other = Table::seat(std::sync::Arc::clone(&fake), 5_700_013, "usa", 2, 14).await;
    other.play_moves(30).await;
    let later = requests_to(&fake, &channels);
    eprintln!(
        "{GAMES} games in deleted channels: {tried} requests until all ended, {later} after 30 more moves elsewhere"
    );
    assert!(tried <= GAMES as usize, "at most one request each: {tried}");
    assert_eq!(later, tried, "nothing more once they ended");
    drop(other);
    Fake::stop_shared(fake).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_message_posted_just_before_a_crash_is_found_after_it_and_not_posted_twice() {
    // The process posts a turn message and is killed before it notes that it did: once, the restart posted the turn
    // again, and the channel had two messages with live buttons for one turn.
    let mut table = Table::open("posted-not-noted", "usa", 2, 0x5eed_0015).await;
    assert!(!table.play_moves(4).await, "the game goes on");
    let (_, version) = table.state().await;
    table.turn_message(version).await;
    let (channel, id) = (table.channel, table.game.0);
    let live = |fake: &Fake| {
        fake.messages_in(channel)
            .iter()
            .filter(|(_, m)| {
                custom_ids(&m.body)
                    .iter()
                    .any(|c| c.starts_with(&format!("ttr:{id}:{version}:")))
            })
            .count()
    };
    assert_eq!(live(&table.fake), 1);
    restart_as_if_killed_before_noting(&table, version).await;
    assert_eq!(live(&table.fake), 1, "one message with this turn's buttons");
    table.stop().await;
}

/// Kills the bot, leaves the database as if the kill came after the action at `version` was posted but before it
/// was noted as shown, starts the bot again, and waits until the restart has noted it.
async fn restart_as_if_killed_before_noting(table: &Table, version: i64) {
    let id = table.game.0;
    table.fake.kill_process(0).await;
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&table.fake.database_url()).await.unwrap();
    sqlx::query("UPDATE games SET announced_version = $1 WHERE id = $2")
        .bind(version - 1)
        .bind(id)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    table.fake.restart_process(0).await;
    let store = table.fake.store().await;
    let deadline = Instant::now() + Duration::from_secs(30);
    while store
        .unannounced(&ttrbot::store::Worker::alone(0))
        .await
        .unwrap()
        .iter()
        .any(|(g, _)| g.0 == id)
    {
        assert!(
            Instant::now() < deadline,
            "the restart never noted the action as shown: {}",
            table.fake.log()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tickets_kept_just_before_a_crash_are_sent_by_dm_after_it() {
    // The last of the starting tickets is kept, the turn message posted, and the process dies before the keeper's
    // DM: once, the DM was never sent.
    let table = Table::open("dm-owed", "usa", 2, 0x5eed_0015).await;
    let (_, version) = table.state().await;
    table.turn_message(version).await;
    let keeper = table
        .fake
        .store()
        .await
        .kept_tickets_last(table.game, version)
        .await
        .unwrap();
    let keeper = table.seats[keeper.expect("the last action kept tickets").index()].0;
    let people = [keeper];
    let dms = |fake: &Fake| {
        fake.read_calls(|calls| {
            calls
                .iter()
                .filter(|c| {
                    c.method == "POST"
                        && people.iter().any(|u| {
                            c.path == format!("/api/v10/channels/{}/messages", crate::fake_discord::DM_CHANNELS + u)
                        })
                })
                .count()
        })
    };
    let before = dms(&table.fake);
    restart_as_if_killed_before_noting(&table, version).await;
    assert_eq!(dms(&table.fake), before + 1, "the keeper's tickets, once");
    table.stop().await;
}

/// Opens a lobby for a game of USA in `channel`, hosted by the first of [`PEOPLE`]: the lobby's buttons' ids (Join,
/// Leave, Add computer, Start, Cancel).
async fn open_lobby(fake: &Fake, channel: u64) -> Vec<String> {
    let (host, host_name) = PEOPLE[0];
    let opened = fake
        .interact(slash(
            host,
            host_name,
            channel,
            "start",
            &[("map", serde_json::json!("usa"))],
        ))
        .await;
    custom_ids(&opened["data"])
}
