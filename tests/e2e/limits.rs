//! One person must not slow everyone (issue 57): a flood of hints, pictures or public boards from one person is
//! answered in words, and other people's hints and computer players' moves keep their time.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::fake_discord::table::{COMPUTER, PEOPLE, Table, content};
use crate::fake_discord::{Fake, button, slash};

/// Turns hints on in a table's game (its host, Ana, asks).
async fn hints_on(fake: &Fake, channel: u64) {
    let (host, host_name) = PEOPLE[0];
    let on = fake
        .interact(slash(host, host_name, channel, "settings", &[("hints", json!(true))]))
        .await;
    assert!(content(&on).contains("Players may ask for a hint"), "{on:#}");
}

/// Plays moves until it is `user`'s turn.
async fn until_turn_of(table: &mut Table, user: u64) {
    loop {
        let (game, _) = table.state().await;
        if table.seats[game.current().index()].0 == user {
            return;
        }
        assert!(!table.play_moves(1).await, "the game goes on");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_persons_hint_flood_in_four_games_leaves_anothers_hints_and_a_hard_computers_moves_on_time() {
    // Ana floods: `/ttr hint` again the moment each is answered, in four games of hers at once, for 30 s. Ben asks
    // for a hint in his own game every 6 s, and a hard computer plays against Ana elsewhere. Once, every hint of
    // Ana's queued for the one thinking thread of a 2-core machine, ahead of Ben's and the computer's.
    let fake = Arc::new(Fake::start("hint-flood").await);
    let (ana, ana_name) = PEOPLE[0];
    let (ben, ben_name) = PEOPLE[1];
    let mut flooded = Vec::new();
    for (i, channel) in (960..964).enumerate() {
        let table = Table::seat_with_computers(Arc::clone(&fake), channel, "usa", 1, 1, 60 + i as u64).await;
        hints_on(&fake, channel).await;
        flooded.push(table);
    }
    let mut bens = Table::seat(Arc::clone(&fake), 965, "usa", 2, 65).await;
    hints_on(&fake, bens.channel).await;
    until_turn_of(&mut bens, ben).await;
    let hard_options = [("bots", json!(1)), ("level", json!("hard"))];
    let mut hard = Table::seat_with_options(Arc::clone(&fake), 966, "europe", 1, 0, &hard_options, 66).await;

    let start = Instant::now();
    let flood_for = Duration::from_secs(30);
    let floods: Vec<_> = flooded
        .iter()
        .map(|table| {
            let (fake, channel) = (Arc::clone(&fake), table.channel);
            tokio::spawn(async move {
                let mut asked = 0;
                while start.elapsed() < flood_for {
                    fake.interact_deferred(slash(ana, ana_name, channel, "hint", &[])).await;
                    asked += 1;
                }
                asked
            })
        })
        .collect();
    let bens_hints = {
        let (fake, channel) = (Arc::clone(&fake), bens.channel);
        tokio::spawn(async move {
            let mut took = Vec::new();
            for i in 0..5u32 {
                tokio::time::sleep_until((start + Duration::from_secs(2) + Duration::from_secs(6) * i).into()).await;
                let asked = Instant::now();
                let answer = fake.interact_deferred(slash(ben, ben_name, channel, "hint", &[])).await;
                let said = answer.json["content"].as_str().unwrap_or_default().to_string();
                took.push((asked.elapsed(), said));
            }
            took
        })
    };
    // The hard computer's moves: from the moment it is its turn (Ana's move answered) to its move stored.
    let mut computer_moves = Vec::new();
    while start.elapsed() < flood_for {
        let (game, version) = hard.state().await;
        if game.is_over() {
            break;
        }
        if hard.seats[game.current().index()] == COMPUTER {
            let since = Instant::now();
            hard.wait_for_version_after(version).await;
            computer_moves.push(since.elapsed());
        } else {
            hard.play_moves(1).await;
        }
    }
    let mut flood_asks = 0;
    for flood in floods {
        flood_asks += flood.await.unwrap();
    }
    let asked_by_ben = bens_hints.await.unwrap();
    eprintln!(
        "Ana's hints asked in 30 s: {flood_asks}; Ben's: {asked_by_ben:?}; the hard computer's moves: {computer_moves:?}"
    );
    let in_time = asked_by_ben
        .iter()
        .filter(|(took, said)| said.starts_with("Hint: ") && *took <= Duration::from_secs(3))
        .count();
    assert!(
        in_time >= 4,
        "Ben's hints answered with a hint within 3 s: {in_time} of 5: {asked_by_ben:#?}"
    );
    assert!(computer_moves.len() >= 2, "the hard computer moved: {computer_moves:?}");
    assert!(
        computer_moves.iter().all(|took| *took <= Duration::from_secs(10)),
        "{computer_moves:?}"
    );
    drop((flooded, bens, hard));
    Fake::stop_shared(fake).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pictures_and_public_boards_past_their_minute_are_answered_in_words_and_a_third_board_comes_privately() {
    let table = Table::open("picture-limits", "usa", 2, 0x5eed_0057).await;
    let channel = table.channel;
    let (user, name) = table.seats[0];
    let hand = format!("ttr:{}:hand", table.game.0);
    // Hand pressed again and again: ten pictures in the minute, then the hand in words with when the next comes.
    let mut pictures = 0;
    let mut refused = None;
    for _ in 0..14 {
        let answer = table.fake.interact_deferred(button(user, name, channel, &hand)).await;
        if answer.files.is_empty() {
            refused = Some(answer.json["content"].as_str().unwrap_or_default().to_string());
        } else {
            pictures += 1;
        }
    }
    assert_eq!(pictures, 10, "{refused:?}");
    let refused = refused.expect("the eleventh is refused");
    assert!(
        refused.contains("You asked for 10 pictures in the last minute"),
        "{refused}"
    );
    assert!(
        refused.contains("Your cards:"),
        "the hand itself is still told: {refused}"
    );

    // `/ttr board`: for everyone, twice a minute in the channel (whoever asks, seated or not); the third comes to
    // its asker only, saying when the next public one may.
    let (other, other_name) = table.seats[1];
    let (eli, eli_name) = PEOPLE[4];
    for asker in [(user, name), (eli, eli_name)] {
        let shown = table
            .fake
            .interact_deferred(slash(asker.0, asker.1, channel, "board", &[]))
            .await;
        assert_eq!(
            shown.json["flags"].as_u64().unwrap_or(0) & 64,
            0,
            "public: {:#}",
            shown.json
        );
        assert!(!shown.files.is_empty(), "with the picture");
    }
    let third = table
        .fake
        .interact_deferred(slash(other, other_name, channel, "board", &[]))
        .await;
    assert_eq!(third.json["flags"].as_u64().unwrap_or(0) & 64, 64, "{:#}", third.json);
    assert!(!third.files.is_empty(), "with the picture");
    let said = third.json["content"].as_str().unwrap_or_default();
    assert!(
        said.contains("The board was shown 2 times") && said.contains("for you only"),
        "{said}"
    );
    table.stop().await;
}
