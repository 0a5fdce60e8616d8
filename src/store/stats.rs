//! Statistics from finished games: one person's record in a server, and every finished game's ranking in order for
//! the leaderboard's rating (computed in `crate::stats`, away from SQL).

use sqlx::Row;

use super::{Store, StoreError, from_db, to_db};

/// One person's record over a server's finished games (the seats they finished in themselves).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerStats {
    /// Games finished.
    pub games: u32,
    /// Games won (a shared first place counts).
    pub wins: u32,
    /// Mean final score (0 without games).
    pub mean_score: f64,
    /// Best final score.
    pub best_score: Option<i64>,
    /// The map played most (the latest played among equals).
    pub favourite_map: Option<String>,
    /// Mean time from the move before to their move, when a turn came to them, in milliseconds.
    pub mean_move_ms: Option<i64>,
}

/// A finished game's ranking among the people who finished it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinishedGame {
    /// (user, rank), rank 1 for the winner; tied players share a rank.
    pub ranks: Vec<(u64, i64)>,
}

impl Store {
    /// `user`'s record over the finished games of server `guild` (`None`: games outside any server).
    ///
    /// # Errors
    /// Database failures.
    pub async fn player_stats(&self, guild: Option<u64>, user: u64) -> Result<PlayerStats, StoreError> {
        let (guild, user) = (guild.map(to_db), to_db(user));
        let row = sqlx::query(
            "SELECT COUNT(*) AS games, COALESCE(SUM(s.final_rank = 1), 0) AS wins, \
                    COALESCE(AVG(s.final_score), 0.0) AS mean, MAX(s.final_score) AS best \
             FROM seats s JOIN games g ON g.id = s.game_id \
             WHERE g.status = 'finished' AND g.guild_id IS ?1 AND s.user_id = ?2",
        )
        .bind(guild)
        .bind(user)
        .fetch_one(&self.pool)
        .await?;
        let favourite_map = sqlx::query(
            "SELECT g.map FROM seats s JOIN games g ON g.id = s.game_id \
             WHERE g.status = 'finished' AND g.guild_id IS ?1 AND s.user_id = ?2 \
             GROUP BY g.map ORDER BY COUNT(*) DESC, MAX(g.id) DESC LIMIT 1",
        )
        .bind(guild)
        .bind(user)
        .fetch_optional(&self.pool)
        .await?
        .map(|r| r.get("map"));
        // A move's wait: from the action before it, when that was another seat's (the turn had just come to them).
        let mean_move_ms = sqlx::query(
            "WITH moves AS ( \
                 SELECT a.game_id, a.seat, a.at, \
                        LAG(a.at) OVER (PARTITION BY a.game_id ORDER BY a.seq) AS before_at, \
                        LAG(a.seat) OVER (PARTITION BY a.game_id ORDER BY a.seq) AS before_seat \
                 FROM actions a JOIN seats s ON s.game_id = a.game_id \
                 JOIN games g ON g.id = a.game_id \
                 WHERE g.status = 'finished' AND g.guild_id IS ?1 AND s.user_id = ?2) \
             SELECT CAST(AVG(m.at - m.before_at) AS INTEGER) AS mean FROM moves m \
             JOIN seats s ON s.game_id = m.game_id AND s.seat = m.seat \
             WHERE s.user_id = ?2 AND m.before_seat IS NOT NULL AND m.before_seat != m.seat",
        )
        .bind(guild)
        .bind(user)
        .fetch_one(&self.pool)
        .await?
        .get("mean");
        Ok(PlayerStats {
            games: u32::try_from(row.get::<i64, _>("games")).unwrap_or(0),
            wins: u32::try_from(row.get::<i64, _>("wins")).unwrap_or(0),
            mean_score: row.get("mean"),
            best_score: row.get("best"),
            favourite_map,
            mean_move_ms,
        })
    }

    /// Every finished game of server `guild` (`None`: outside any server), in the order they finished, with the
    /// ranks of the people who finished them (computer seats are left out).
    ///
    /// # Errors
    /// Database failures.
    pub async fn finished_games(&self, guild: Option<u64>) -> Result<Vec<FinishedGame>, StoreError> {
        let rows = sqlx::query(
            "SELECT g.id, s.user_id, s.final_rank FROM games g JOIN seats s ON s.game_id = g.id \
             WHERE g.status = 'finished' AND g.guild_id IS ? AND s.user_id IS NOT NULL \
               AND s.final_rank IS NOT NULL \
             ORDER BY g.updated_at, g.id, s.seat",
        )
        .bind(guild.map(to_db))
        .fetch_all(&self.pool)
        .await?;
        let mut games: Vec<(i64, FinishedGame)> = Vec::new();
        for row in &rows {
            let id: i64 = row.get("id");
            let entry = (from_db(row.get("user_id")), row.get("final_rank"));
            match games.last_mut() {
                Some((last, game)) if *last == id => game.ranks.push(entry),
                _ => games.push((id, FinishedGame { ranks: vec![entry] })),
            }
        }
        Ok(games.into_iter().map(|(_, game)| game).collect())
    }
}
