//! History and statistics from known games: the score history behind the end-of-game chart, the chart's picture,
//! a person's record, and the leaderboard's rating.

use crate::common::store::{TestClock, databases};
use ttrbot::render::{self, CHART_SIZE, ScoreLine, player_rgba};
use ttrbot::rules::{Action, Game, GameRng};
use ttrbot::seating::{Player, PlayerColor};
use ttrbot::stats::{K, START, leaderboard};
use ttrbot::store::{Applied, FinishedGame, GameId, NewGame, NewSeat, StatsPlace, Store};

/// A game in server 7 for `users` (`None`: a computer seat).
async fn game(store: &Store, channel: u64, users: &[Option<u64>], seed: u64) -> GameId {
    game_in(store, Some(7), channel, users, seed).await
}

async fn game_in(store: &Store, guild: Option<u64>, channel: u64, users: &[Option<u64>], seed: u64) -> GameId {
    let new = NewGame {
        channel_id: channel,
        guild_id: guild,
        map: "usa".into(),
        seed: seed.into(),
        seats: users
            .iter()
            .enumerate()
            .map(|(i, &user_id)| NewSeat {
                user_id,
                name: format!("P{i}"),
                color: PlayerColor::for_seat(i),
            })
            .collect(),
        settings: ttrbot::settings::Settings::default(),
    };
    store.create_game(&new).await.unwrap()
}

/// Plays random legal actions to the end, one minute of the clock per action; returns the game as it went, the
/// route points after every round (the test's own count) and the final totals.
async fn play_out(store: &Store, clock: &TestClock, id: GameId, seed: u64, minutes: &mut f64) -> Vec<Vec<i32>> {
    let mut chooser = GameRng::new(seed);
    let mut legal: Vec<Action> = Vec::new();
    let mut rounds: Vec<Vec<i32>> = Vec::new();
    let mut note = |game: &Game| {
        let view = game.public_view();
        let round = view.turn as usize / game.players();
        if rounds.len() <= round {
            rounds.push(view.seats.iter().map(|s| i32::from(s.route_points)).collect());
        }
    };
    loop {
        let loaded = store.load(id).await.unwrap();
        note(&loaded.game);
        if let Some(result) = loaded.game.public_view().result {
            rounds.push(result.scores.iter().map(|s| s.total).collect());
            return rounds;
        }
        let seat = loaded.game.to_act()[0];
        loaded.game.legal_actions(seat, &mut legal);
        *minutes += 1.0;
        clock.at(*minutes / 60.0);
        let action = legal[chooser.below(legal.len())];
        assert!(matches!(
            store.apply_and_save(id, seat, action).await.unwrap(),
            Applied::Accepted { .. }
        ));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_score_history_follows_the_game_round_by_round_and_ends_with_the_final_scores() {
    for db in databases("history", "score-history").await {
        let url = db.url.clone();
        let clock = TestClock::new();
        let store = clock.open(&url).await;
        let id = game(&store, 1, &[Some(11), Some(12), Some(13)], 21).await;
        let mut minutes = 0.0;
        let rounds = play_out(&store, &clock, id, 5, &mut minutes).await;
        let history = store.score_history(id).await.unwrap();
        assert_eq!(history.len(), 3, "a line per seat");
        for (seat, line) in history.iter().enumerate() {
            let expected: Vec<i32> = rounds.iter().map(|r| r[seat]).collect();
            assert_eq!(line, &expected, "seat {seat}");
            assert_eq!(line[0], 0, "everyone starts at nothing");
            assert!(
                line[..line.len() - 1].windows(2).all(|w| w[0] <= w[1]),
                "route points only grow"
            );
        }
        let finals: Vec<i32> = history.iter().map(|l| *l.last().unwrap()).collect();
        let stored: Vec<i64> = {
            let mut by_seat = store.results(id).await.unwrap();
            by_seat.sort_by_key(|r| r.seat);
            by_seat.iter().map(|r| r.score).collect()
        };
        assert_eq!(finals.iter().map(|&f| i64::from(f)).collect::<Vec<_>>(), stored);
        // Pinned: this seed's game, so a change in how the history is kept shows here.
        // (Random players keep few tickets and finish fewer: the final scores are below zero.)
        assert_eq!((history[0].len(), finals), (50, vec![-35, -53, -44]));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_persons_record_counts_their_finished_games_in_this_server() {
    for db in databases("history", "record").await {
        let url = db.url.clone();
        let clock = TestClock::new();
        let store = clock.open(&url).await;
        let mut minutes = 0.0;
        let tables: [(&[Option<u64>], u64); 3] = [
            (&[Some(11), Some(12)], 1),
            (&[Some(12), Some(11), None], 2),
            (&[Some(11), Some(13)], 3),
        ];
        let mut mine = Vec::new();
        for (channel, (users, seed)) in tables.iter().enumerate() {
            let id = game(&store, channel as u64 + 1, users, *seed).await;
            play_out(&store, &clock, id, *seed, &mut minutes).await;
            mine.extend(
                store
                    .results(id)
                    .await
                    .unwrap()
                    .into_iter()
                    .filter(|r| r.user_id == Some(11)),
            );
        }
        // A game still being played counts for nothing.
        game(&store, 9, &[Some(11), Some(12)], 4).await;
        let record = store.player_stats(StatsPlace::Server(7), 11).await.unwrap();
        assert_eq!(record.games, 3);
        assert_eq!(record.wins as usize, mine.iter().filter(|r| r.rank == 1).count());
        let mean = mine.iter().map(|r| r.score as f64).sum::<f64>() / 3.0;
        assert!((record.mean_score - mean).abs() < 1e-9);
        assert_eq!(record.best_score, mine.iter().map(|r| r.score).max());
        assert_eq!(record.favourite_map.as_deref(), Some("usa"));
        assert_eq!(
            record.mean_move_ms,
            Some(60_000),
            "every action came a minute after the one before"
        );
        // Another server, or someone who never played, has no record.
        assert_eq!(store.player_stats(StatsPlace::Server(8), 11).await.unwrap().games, 0);
        assert_eq!(store.player_stats(StatsPlace::Server(7), 99).await.unwrap().games, 0);
        // The leaderboard reads the same games, people only, in the order they finished.
        let finished = store.finished_games(StatsPlace::Server(7)).await.unwrap();
        assert_eq!(finished.len(), 3);
        assert_eq!(finished[1].ranks.len(), 2, "the computer seat is not rated");
        let board = leaderboard(&finished);
        assert_eq!(board.iter().map(|s| s.games).sum::<u32>(), 6);
    }
}

#[test]
fn elo_moves_ratings_by_pairs_of_players_from_1500() {
    let game = |ranks: &[(u64, i64)]| FinishedGame { ranks: ranks.to_vec() };
    // One game between two: the winner takes K/2 from the loser.
    let two = leaderboard(&[game(&[(1, 1), (2, 2)])]);
    assert_eq!((two[0].user, two[0].rating), (1, START + K / 2.0));
    assert_eq!((two[1].user, two[1].rating), (2, START - K / 2.0));
    // Three at a table: first gains K/2, the middle stays, last loses K/2.
    let three = leaderboard(&[game(&[(1, 3), (2, 1), (3, 2)])]);
    let by_user = |u: u64| three.iter().find(|s| s.user == u).unwrap().rating;
    assert_eq!(
        (by_user(2), by_user(3), by_user(1)),
        (START + K / 2.0, START, START - K / 2.0)
    );
    // A tie between equals changes nothing; a game alone counts as played and won but moves no rating.
    let tied = leaderboard(&[game(&[(1, 1), (2, 1)]), game(&[(3, 1)])]);
    assert!(tied.iter().all(|s| s.rating == START));
    assert_eq!(
        tied.iter().find(|s| s.user == 3).map(|s| (s.games, s.wins)),
        Some((1, 1))
    );
    // Beating a stronger player is worth more than beating a weaker one.
    let games = [game(&[(1, 1), (2, 2)]), game(&[(3, 1), (1, 2)])];
    let after = leaderboard(&games);
    let rating = |u: u64| after.iter().find(|s| s.user == u).unwrap().rating;
    assert!(rating(3) - START > K / 2.0, "{after:?}");
    assert_eq!(after[0].user, 3, "{after:?}");
}

#[test]
fn the_score_chart_shows_each_players_line_in_their_colour_at_chat_size() {
    let players = ["Ana", "Ben", "Cy"];
    let lines: Vec<ScoreLine> = players
        .iter()
        .enumerate()
        .map(|(i, name)| ScoreLine {
            player: Player {
                name: name.to_string(),
                color: PlayerColor::for_seat(i),
            },
            scores: (0..20)
                .map(|r| r * (i as i32 + 2))
                .chain([40 - 25 * i as i32])
                .collect(),
        })
        .collect();
    let img = render::score_chart("USA: scores by round", &lines);
    assert_eq!((img.width(), img.height()), CHART_SIZE);
    assert_eq!(CHART_SIZE.0, 800, "the width a chat shows a picture at");
    for line in &lines {
        let color = player_rgba(line.player.color);
        let pixels = img.pixels().filter(|p| **p == color).count();
        assert!(
            pixels > 1_000,
            "{}'s colour covers only {pixels} pixels",
            line.player.name
        );
    }
    if let Ok(dir) = std::env::var("TTRBOT_PICTURES") {
        std::fs::write(format!("{dir}/score-chart.png"), render::png(&img)).unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_outside_any_server_count_only_in_their_own_channel() {
    for db in databases("history", "dm-record").await {
        let url = db.url.clone();
        let clock = TestClock::new();
        let store = clock.open(&url).await;
        let mut minutes = 0.0;
        // Two DM channels (no server), one game each, the same person in both.
        for (channel, seed) in [(31, 5), (32, 6)] {
            let id = game_in(&store, None, channel, &[Some(11), Some(12)], seed).await;
            play_out(&store, &clock, id, seed, &mut minutes).await;
        }
        for channel in [31, 32] {
            assert_eq!(
                store
                    .player_stats(StatsPlace::Channel(channel), 11)
                    .await
                    .unwrap()
                    .games,
                1
            );
            assert_eq!(
                store.finished_games(StatsPlace::Channel(channel)).await.unwrap().len(),
                1
            );
        }
        assert_eq!(store.player_stats(StatsPlace::Channel(33), 11).await.unwrap().games, 0);
        assert_eq!(store.player_stats(StatsPlace::Server(7), 11).await.unwrap().games, 0);
    }
}
