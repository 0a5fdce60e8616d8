//! Reminders from stored times, with a clock the tests move: they come due after the interval and again every
//! interval, stop when the player moves, leave out players who turned pings off, and come once after a restart
//! that missed several. The turn's deadline has a reminder of its own; after it, anyone else at the table may skip
//! the turn or hand the seat to a computer until its player rejoins. And a game every person has left ends.

use crate::common;
use crate::common::store::{HOUR, START, TestClock, databases};
use ttrbot::rules::{Action, GameRng, Seat};
use ttrbot::store::{Actor, Applied, Due, GameId, Preference, Refusal, Store, StoreError};

async fn open(url: &str, clock: &TestClock) -> Store {
    clock.open(url).await
}

/// A 2-player USA game of two people (users 11 and 12) in channel 5.
async fn two_player_game(store: &Store, settings: serde_json::Value) -> GameId {
    let new = crate::common::store::two_people(5, 11, 3, serde_json::from_value(settings).unwrap());
    store.create_game(&new).await.unwrap()
}

/// Plays legal actions until a seat that was not to act must act (the next player's turn begins).
async fn play_until_the_turn_passes(store: &Store, id: GameId) {
    let mut chooser = GameRng::new(1);
    let mut legal: Vec<Action> = Vec::new();
    loop {
        let loaded = store.load(id).await.unwrap();
        let before = loaded.game.to_act();
        let seat = before[0];
        loaded.game.legal_actions(seat, &mut legal);
        // Prefer drawing cards: the deck is always there early on.
        let action = legal
            .iter()
            .copied()
            .find(|a| *a == Action::DrawBlind)
            .unwrap_or(legal[chooser.below(legal.len())]);
        let Applied::Accepted { game, .. } = store.apply_and_save(id, seat, action).await.unwrap() else {
            panic!("a legal action was refused");
        };
        if game.to_act().iter().any(|s| !before.contains(s)) {
            return;
        }
    }
}

async fn due_games(store: &Store) -> Vec<GameId> {
    store
        .due_reminders(100, &ttrbot::store::Worker::alone(0))
        .await
        .unwrap()
        .iter()
        .map(|d: &Due| d.game)
        .collect()
}

/// Sends every due reminder (as the bot's loop would) and checks something was due, and that once noted it is no
/// longer due to a process that read it before.
async fn remind_all(store: &Store) {
    let due = store
        .due_reminders(100, &ttrbot::store::Worker::alone(0))
        .await
        .unwrap();
    assert!(!due.is_empty(), "a reminder was due");
    for d in &due {
        assert!(store.reminder_still_due(d).await.unwrap());
        assert!(store.reminded(d).await.unwrap());
        assert!(
            !store.reminder_still_due(d).await.unwrap(),
            "sent once, by whoever noted it first"
        );
    }
}

#[tokio::test]
async fn a_reminder_comes_due_after_the_interval_and_again_every_interval_until_the_player_moves() {
    for db in databases("reminders", "interval").await {
        let url = db.url.clone();
        let clock = TestClock::new();
        let store = open(&url, &clock).await;
        let id = two_player_game(&store, serde_json::json!({})).await;
        // The default interval: twelve hours.
        clock.at(11.9);
        assert!(due_games(&store).await.is_empty());
        clock.at(12.0);
        let due = store
            .due_reminders(100, &ttrbot::store::Worker::alone(0))
            .await
            .unwrap();
        assert_eq!(due.iter().map(|d| d.game).collect::<Vec<_>>(), vec![id]);
        assert_eq!(due[0].channel_id, 5);
        clock.at(12.5);
        assert!(store.reminded(&due[0]).await.unwrap());
        assert!(due_games(&store).await.is_empty(), "one reminder per interval");
        clock.at(24.4);
        assert!(due_games(&store).await.is_empty());
        clock.at(24.5);
        assert_eq!(due_games(&store).await, vec![id]);
        // The players choose their tickets: the first player's turn, and its clock, start then.
        clock.at(25.0);
        play_until_the_turn_passes(&store, id).await;
        assert!(due_games(&store).await.is_empty(), "a move stops the reminder");
        assert_eq!(
            store.turn_times(id).await.unwrap(),
            (Some(START + 25 * HOUR), Some(START + 37 * HOUR))
        );
        clock.at(37.0);
        assert_eq!(due_games(&store).await, vec![id]);
    }
}

#[tokio::test]
async fn a_reminder_read_before_a_move_is_not_counted_against_the_next_turn() {
    for db in databases("reminders", "race").await {
        let url = db.url.clone();
        let clock = TestClock::new();
        let store = open(&url, &clock).await;
        let id = two_player_game(&store, serde_json::json!({})).await;
        clock.at(12.0);
        let due = store
            .due_reminders(100, &ttrbot::store::Worker::alone(0))
            .await
            .unwrap();
        play_until_the_turn_passes(&store, id).await;
        // The reminder of the old turn is refused: the new turn keeps its full interval.
        assert!(!store.reminded(&due[0]).await.unwrap());
        assert_eq!(store.turn_times(id).await.unwrap().1, Some(START + 24 * HOUR));
    }
}

#[tokio::test]
async fn a_restart_that_missed_several_reminders_sends_one() {
    for db in databases("reminders", "restart").await {
        let url = db.url.clone();
        let clock = TestClock::new();
        let store = open(&url, &clock).await;
        let id = two_player_game(&store, serde_json::json!({ "reminder_hours": 6 })).await;
        clock.at(1.0);
        store.close().await;
        // Down for four intervals.
        clock.at(30.0);
        let store = open(&url, &clock).await;
        let due = store
            .due_reminders(100, &ttrbot::store::Worker::alone(0))
            .await
            .unwrap();
        assert_eq!(due.len(), 1);
        assert!(store.reminded(&due[0]).await.unwrap());
        assert!(due_games(&store).await.is_empty(), "not once per missed interval");
        clock.at(35.9);
        assert!(due_games(&store).await.is_empty());
        clock.at(36.0);
        assert_eq!(due_games(&store).await, vec![id]);
    }
}

#[tokio::test]
async fn reminders_can_be_turned_off_for_a_game_and_pings_for_a_player() {
    for db in databases("reminders", "off").await {
        let url = db.url.clone();
        let clock = TestClock::new();
        let store = open(&url, &clock).await;
        let quiet = two_player_game(&store, serde_json::json!({ "reminder_hours": 0, "deadline_hours": 0 })).await;
        clock.at(1000.0);
        assert!(due_games(&store).await.is_empty(), "no reminders, no deadline: never");
        assert_eq!(store.turn_times(quiet).await.unwrap().1, None);
        // Only the host (here: no lobby, so someone who manages the channel) may turn them on again.
        let player = Actor {
            user_id: 11,
            manages_channel: false,
        };
        assert!(matches!(
            store.set_reminder_hours(quiet, player, 2).await,
            Err(StoreError::Refused(Refusal::NotHost))
        ));
        assert_eq!(
            store.turn_times(quiet).await.unwrap().1,
            None,
            "a refusal changes nothing"
        );
        let manager = Actor {
            user_id: 11,
            manages_channel: true,
        };
        store.set_reminder_hours(quiet, manager, 2).await.unwrap();
        clock.at(1002.0);
        assert_eq!(due_games(&store).await, vec![quiet]);

        assert_eq!(
            store.seats_wanting(quiet, Preference::Pings).await.unwrap(),
            vec![(Seat(0), 11), (Seat(1), 12)]
        );
        store.set_preference(quiet, 12, Preference::Pings, false).await.unwrap();
        assert_eq!(
            store.seats_wanting(quiet, Preference::Pings).await.unwrap(),
            vec![(Seat(0), 11)]
        );
        store.set_preference(quiet, 12, Preference::Pings, true).await.unwrap();
        assert_eq!(store.seats_wanting(quiet, Preference::Pings).await.unwrap().len(), 2);
        // Someone without a seat is told so, and nothing changes.
        assert!(
            store
                .set_preference(quiet, 99, Preference::Pings, false)
                .await
                .unwrap_err()
                .refusal()
                .is_some()
        );
    }
}

#[tokio::test]
async fn when_the_last_person_leaves_the_game_ends_and_is_no_longer_reminded() {
    for db in databases("reminders", "last-leaves").await {
        let url = db.url.clone();
        let clock = TestClock::new();
        let store = open(&url, &clock).await;
        let id = two_player_game(&store, serde_json::json!({})).await;
        // The first to leave is played on by a computer.
        assert_eq!(store.hand_to_computer(id, 11).await.unwrap(), (Seat(0), false));
        assert_eq!(store.running_game_in_channel(5).await.unwrap(), Some(id));
        assert_eq!(
            store.seats_wanting(id, Preference::Pings).await.unwrap(),
            vec![(Seat(1), 12)]
        );
        // Someone who already left cannot leave again; nothing changes.
        assert!(matches!(
            store.hand_to_computer(id, 11).await,
            Err(StoreError::Refused(Refusal::NotSeated))
        ));
        // The last person leaving ends the game: the channel is free, and no reminder will come.
        assert_eq!(store.hand_to_computer(id, 12).await.unwrap(), (Seat(1), true));
        assert_eq!(store.running_game_in_channel(5).await.unwrap(), None);
        clock.at(100.0);
        assert!(due_games(&store).await.is_empty());
    }
}

#[tokio::test]
async fn the_deadline_brings_a_reminder_of_its_own_between_intervals() {
    for db in databases("reminders", "deadline-reminder").await {
        let url = db.url.clone();
        let clock = TestClock::new();
        let store = open(&url, &clock).await;
        let id = two_player_game(
            &store,
            serde_json::json!({ "reminder_hours": 20, "deadline_hours": 30 }),
        )
        .await;
        clock.at(19.9);
        assert!(due_games(&store).await.is_empty());
        clock.at(20.0);
        remind_all(&store).await;
        // The next interval would fall at 40 hours: the deadline's reminder comes first, at 30.
        clock.at(29.9);
        assert!(due_games(&store).await.is_empty());
        clock.at(30.0);
        remind_all(&store).await;
        // Past the deadline, reminders keep their interval.
        clock.at(49.9);
        assert!(due_games(&store).await.is_empty());
        clock.at(50.0);
        assert_eq!(due_games(&store).await, vec![id]);

        // Without reminders, the deadline still says once that the turn may now be skipped.
        let url = common::store::another(&db, "reminders", "deadline-only").await;
        let store = open(&url, &clock).await;
        clock.at(0.0);
        let id = two_player_game(&store, serde_json::json!({ "reminder_hours": 0, "deadline_hours": 30 })).await;
        clock.at(29.0);
        assert!(due_games(&store).await.is_empty());
        clock.at(30.0);
        assert_eq!(due_games(&store).await, vec![id]);
        remind_all(&store).await;
        clock.at(1000.0);
        assert!(due_games(&store).await.is_empty());
    }
}

#[tokio::test]
async fn a_stalled_turn_may_be_skipped_only_after_its_deadline_and_only_by_someone_else_at_the_table() {
    for db in databases("reminders", "stalled").await {
        let url = db.url.clone();
        let clock = TestClock::new();
        let store = open(&url, &clock).await;
        let id = two_player_game(&store, serde_json::json!({})).await;
        let to_act = store.load(id).await.unwrap().game.to_act();
        assert_eq!(
            to_act,
            vec![Seat(0), Seat(1)],
            "both still choose their starting tickets"
        );
        let refusal = |r: Result<Vec<(Seat, u64)>, StoreError>| match r {
            Err(StoreError::Refused(refusal)) => refusal,
            other => panic!("expected a refusal, got {other:?}"),
        };
        assert_eq!(
            refusal(store.stalled_seats(id, 11, &to_act).await),
            Refusal::DeadlineAhead { hours_left: 48 }
        );
        clock.at(47.5);
        assert_eq!(
            refusal(store.stalled_seats(id, 11, &to_act).await),
            Refusal::DeadlineAhead { hours_left: 1 }
        );
        clock.at(48.0);
        assert_eq!(store.stalled_seats(id, 11, &to_act).await.unwrap(), vec![(Seat(1), 12)]);
        assert_eq!(store.stalled_seats(id, 12, &to_act).await.unwrap(), vec![(Seat(0), 11)]);
        assert_eq!(refusal(store.stalled_seats(id, 99, &to_act).await), Refusal::NotSeated);
        assert_eq!(
            refusal(store.stalled_seats(id, 11, &[Seat(0)]).await),
            Refusal::NobodyStalled,
            "one's own turn is not someone else's stall"
        );
        // The skip itself is an action in the log: the game replays to the same state.
        let Applied::Accepted { game, .. } = store.apply_and_save(id, Seat(1), Action::Skip).await.unwrap() else {
            panic!("the skip is accepted");
        };
        assert_eq!(game.to_act(), vec![Seat(0)]);
        assert_eq!(store.replay(id).await.unwrap().state(), game.state());
        // A game without a deadline has no stalls.
        let manager = Actor {
            user_id: 11,
            manages_channel: true,
        };
        store
            .change_settings(id, manager, |s| s.deadline_hours = 0)
            .await
            .unwrap();
        assert_eq!(
            refusal(store.stalled_seats(id, 12, &[Seat(0)]).await),
            Refusal::NoDeadline
        );
    }
}

#[tokio::test]
async fn a_seat_handed_to_a_computer_is_given_back_by_rejoin() {
    for db in databases("reminders", "rejoin").await {
        let url = db.url.clone();
        let clock = TestClock::new();
        let store = open(&url, &clock).await;
        let id = two_player_game(&store, serde_json::json!({})).await;
        assert_eq!(store.hand_to_computer(id, 12).await.unwrap(), (Seat(1), false));
        let away = &store.seats(id).await.unwrap()[1];
        assert_eq!((away.user_id, away.stand_in_for), (None, Some(12)));
        assert_eq!(away.player.name, "P1 (computer)");
        assert!(matches!(
            store.rejoin(id, 11).await,
            Err(StoreError::Refused(Refusal::NotAway))
        ));
        assert_eq!(store.rejoin(id, 12).await.unwrap(), Seat(1));
        let back = &store.seats(id).await.unwrap()[1];
        assert_eq!((back.user_id, back.stand_in_for), (Some(12), None));
        assert_eq!(back.player.name, "P1");
        assert!(matches!(
            store.rejoin(id, 12).await,
            Err(StoreError::Refused(Refusal::NotAway))
        ));
        // A player asks to be told when the player before them starts.
        assert!(!store.seats(id).await.unwrap()[1].heads_up);
        store.set_preference(id, 12, Preference::HeadsUp, true).await.unwrap();
        assert!(store.seats(id).await.unwrap()[1].heads_up);
        assert_eq!(
            store.seats_wanting(id, Preference::HeadsUp).await.unwrap(),
            vec![(Seat(1), 12)]
        );
    }
}

#[tokio::test]
async fn a_deadline_changed_mid_turn_counts_from_the_change_not_from_the_start_of_the_turn() {
    for db in databases("reminders", "deadline-change").await {
        let url = db.url.clone();
        let clock = TestClock::new();
        let store = open(&url, &clock).await;
        let id = two_player_game(&store, serde_json::json!({ "deadline_hours": 48 })).await;
        clock.at(1.0);
        play_until_the_turn_passes(&store, id).await;
        assert_eq!(store.deadline_at(id).await.unwrap(), Some(START + 49 * HOUR));
        // A day into the turn, the deadline becomes one hour: the player has that hour from now, not none at all.
        clock.at(25.0);
        let manager = Actor {
            user_id: 11,
            manages_channel: true,
        };
        store
            .change_settings(id, manager, |s| s.deadline_hours = 1)
            .await
            .unwrap();
        assert_eq!(store.deadline_at(id).await.unwrap(), Some(START + 26 * HOUR));
        // Changing something else leaves the turn's clock alone.
        clock.at(25.5);
        store
            .change_settings(id, manager, |s| s.reminder_hours = 3)
            .await
            .unwrap();
        assert_eq!(store.deadline_at(id).await.unwrap(), Some(START + 26 * HOUR));
    }
}
