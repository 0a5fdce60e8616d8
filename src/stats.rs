//! The leaderboard's rating: Elo extended to games of several players, computed from finished games in the order
//! they finished. Pure: the store lists the games, this turns them into ratings.
//!
//! Each game is scored as every pair of its people playing each other: the better-ranked one of a pair scores 1,
//! a tie ½ each, and each pair moves both ratings by `K / (people − 1)` times (score − expected score), with the
//! expected score `1 / (1 + 10^((theirs − mine) / 400))` from the ratings before the game. So a game moves a
//! player at most K points in all, whatever the table's size. Everyone starts at 1500; computer players are not
//! rated and a game with one person changes no rating (it still counts as played, and won).

use std::collections::HashMap;

use crate::store::FinishedGame;

/// The rating everyone starts with.
pub const START: f64 = 1500.0;

/// The most a game moves a player's rating.
pub const K: f64 = 32.0;

/// A person's line on the leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The Discord user.
    pub user: u64,
    /// The rating after every game.
    pub rating: f64,
    /// Finished games.
    pub games: u32,
    /// Games won (a shared first place counts).
    pub wins: u32,
}

/// Everyone's standing after `games` (in the order they finished), best rating first (then more wins, then the
/// user id, so the order is stable).
pub fn leaderboard(games: &[FinishedGame]) -> Vec<Standing> {
    leaderboard_watching(games, |_| {})
}

/// `people`'s ratings after each of `games` (in the order they finished), one list per person: the leaderboard's
/// ratings as they went, in one pass.
pub fn ratings_over_time(games: &[FinishedGame], people: &[u64]) -> Vec<Vec<f64>> {
    let mut series = vec![Vec::with_capacity(games.len()); people.len()];
    leaderboard_watching(games, |table| {
        for (i, user) in people.iter().enumerate() {
            series[i].push(table.get(user).map_or(START, |s| s.rating));
        }
    });
    series
}

/// [`leaderboard`], showing `watch` the table after each game.
fn leaderboard_watching(games: &[FinishedGame], mut watch: impl FnMut(&HashMap<u64, Standing>)) -> Vec<Standing> {
    let mut table: HashMap<u64, Standing> = HashMap::new();
    for game in games {
        let before: Vec<f64> = game
            .ranks
            .iter()
            .map(|(user, _)| table.get(user).map_or(START, |s| s.rating))
            .collect();
        let pairs = game.ranks.len().saturating_sub(1).max(1) as f64;
        for (i, &(user, rank)) in game.ranks.iter().enumerate() {
            let mut change = 0.0;
            for (j, &(_, other_rank)) in game.ranks.iter().enumerate() {
                if i == j {
                    continue;
                }
                let score = match rank.cmp(&other_rank) {
                    std::cmp::Ordering::Less => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Greater => 0.0,
                };
                let expected = 1.0 / (1.0 + 10f64.powf((before[j] - before[i]) / 400.0));
                change += K / pairs * (score - expected);
            }
            let standing = table.entry(user).or_insert(Standing {
                user,
                rating: START,
                games: 0,
                wins: 0,
            });
            standing.rating = before[i] + change;
            standing.games += 1;
            standing.wins += u32::from(rank == 1);
        }
        watch(&table);
    }
    let mut out: Vec<Standing> = table.into_values().collect();
    out.sort_by(|a, b| {
        b.rating
            .total_cmp(&a.rating)
            .then(b.wins.cmp(&a.wins))
            .then(a.user.cmp(&b.user))
    });
    out
}

#[cfg(test)]
mod tests {
    use super::{START, leaderboard, ratings_over_time};
    use crate::store::FinishedGame;

    #[test]
    fn ratings_over_time_end_at_the_leaderboards_ratings_and_start_from_1500() {
        let game = |ranks: &[(u64, i64)]| FinishedGame { ranks: ranks.to_vec() };
        let games = [
            game(&[(1, 1), (2, 2)]),
            game(&[(2, 1), (3, 2), (1, 3)]),
            game(&[(1, 1), (3, 1)]),
        ];
        let series = ratings_over_time(&games, &[1, 2, 3, 4]);
        let table = leaderboard(&games);
        for (i, user) in [1, 2, 3].iter().enumerate() {
            let rating = table.iter().find(|s| s.user == *user).unwrap().rating;
            assert_eq!(series[i].len(), 3);
            assert!((series[i][2] - rating).abs() < 1e-9, "user {user}");
        }
        assert_eq!(series[2][0], START, "user 3 had not played yet");
        assert_eq!(series[3], vec![START; 3], "someone who never played stays at the start");
    }
}
