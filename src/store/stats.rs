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

/// Whose games statistics count: a server's, or (outside any server) one channel's, so games in different DMs are
/// never pooled into one leaderboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatsPlace {
    /// Every game of a server.
    Server(u64),
    /// The games of one channel outside any server (a DM or a group DM).
    Channel(u64),
}

impl StatsPlace {
    /// The server and the channel to bind as `$1` and `$3` of [`IN_PLACE`].
    fn binds(self) -> (Option<i64>, Option<i64>) {
        match self {
            StatsPlace::Server(guild) => (Some(to_db(guild)), None),
            StatsPlace::Channel(channel) => (None, Some(to_db(channel))),
        }
    }
}

/// SQL: game `g` is one of the place's (`$1` the server, `$3` the channel outside any server).
const IN_PLACE: &str = "(g.guild_id = $1 OR ($1 IS NULL AND g.guild_id IS NULL AND g.channel_id = $3))";

impl Store {
    /// `user`'s record over the finished games of a server (or of a channel outside any).
    ///
    /// # Errors
    /// Database failures.
    pub async fn player_stats(&self, place: StatsPlace, user: u64) -> Result<PlayerStats, StoreError> {
        let ((guild, channel), user) = (place.binds(), to_db(user));
        let row = sqlx::query(&format!(
            // A seat its person left to a computer (`owner_id`) counts for them as played and lost: leaving just
            // before the end dodges nothing. Its score was the computer's, so only seats played to the end make the
            // mean and the best.
            "SELECT COUNT(*) AS games, \
                    CAST(COALESCE(SUM(CASE WHEN s.final_rank = 1 AND s.user_id = $2 THEN 1 ELSE 0 END), 0) AS BIGINT) AS wins, \
                    CAST(COALESCE(AVG(CASE WHEN s.user_id = $2 THEN s.final_score END), 0) AS DOUBLE PRECISION) AS mean, \
                    MAX(CASE WHEN s.user_id = $2 THEN s.final_score END) AS best \
             FROM seats s JOIN games g ON g.id = s.game_id \
             WHERE g.status = 'finished' AND {IN_PLACE} AND (s.user_id = $2 OR s.owner_id = $2)"
        ))
        .bind(guild)
        .bind(user)
        .bind(channel)
        .fetch_one(&self.pool)
        .await?;
        let favourite_map = sqlx::query(&format!(
            "SELECT g.map FROM seats s JOIN games g ON g.id = s.game_id \
             WHERE g.status = 'finished' AND {IN_PLACE} AND s.user_id = $2 \
             GROUP BY g.map ORDER BY COUNT(*) DESC, MAX(g.id) DESC LIMIT 1"
        ))
        .bind(guild)
        .bind(user)
        .bind(channel)
        .fetch_optional(&self.pool)
        .await?
        .map(|r| r.get("map"));
        // A move's wait: from the action before it, when that was another seat's (the turn had just come to them).
        let mean_move_ms = sqlx::query(&format!(
            "WITH moves AS ( \
                 SELECT a.game_id, a.seat, a.at, \
                        LAG(a.at) OVER (PARTITION BY a.game_id ORDER BY a.seq) AS before_at, \
                        LAG(a.seat) OVER (PARTITION BY a.game_id ORDER BY a.seq) AS before_seat \
                 FROM actions a JOIN seats s ON s.game_id = a.game_id \
                 JOIN games g ON g.id = a.game_id \
                 WHERE g.status = 'finished' AND {IN_PLACE} AND s.user_id = $2) \
             SELECT CAST(SUM(m.at - m.before_at) AS BIGINT) AS total, COUNT(*) AS n FROM moves m \
             JOIN seats s ON s.game_id = m.game_id AND s.seat = m.seat \
             WHERE s.user_id = $2 AND m.before_seat IS NOT NULL AND m.before_seat != m.seat"
        ))
        .bind(guild)
        .bind(user)
        .bind(channel)
        .fetch_one(&self.pool)
        .await?;
        // The mean in whole milliseconds, rounded toward zero (the same on every engine, unlike a cast of AVG).
        let mean_move_ms = mean_move_ms
            .get::<Option<i64>, _>("total")
            .map(|total| total / mean_move_ms.get::<i64, _>("n").max(1));
        Ok(PlayerStats {
            games: u32::try_from(row.get::<i64, _>("games")).unwrap_or(0),
            wins: u32::try_from(row.get::<i64, _>("wins")).unwrap_or(0),
            mean_score: row.get("mean"),
            best_score: row.get("best"),
            favourite_map,
            mean_move_ms,
        })
    }

    /// Every finished game of a server (or of a channel outside any), in the order they finished, with the ranks
    /// of the people who finished them (computer seats are left out).
    ///
    /// # Errors
    /// Database failures.
    pub async fn finished_games(&self, place: StatsPlace) -> Result<Vec<FinishedGame>, StoreError> {
        let (guild, channel) = place.binds();
        let rows = sqlx::query(&format!(
            // A person who left their seat to a computer ranks last (behind everyone, as a loss).
            "SELECT g.id, COALESCE(s.user_id, s.owner_id) AS user_id, \
                    CASE WHEN s.user_id IS NULL \
                         THEN (SELECT COUNT(*) FROM seats x WHERE x.game_id = g.id) ELSE s.final_rank END AS final_rank \
             FROM games g JOIN seats s ON s.game_id = g.id \
             WHERE g.status = 'finished' AND {IN_PLACE} AND $2 IS NULL \
               AND (s.user_id IS NOT NULL OR s.owner_id IS NOT NULL) AND s.final_rank IS NOT NULL \
             ORDER BY g.updated_at, g.id, s.seat"
        ))
        .bind(guild)
        .bind(None::<i64>)
        .bind(channel)
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
