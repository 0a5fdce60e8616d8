//! A game's history from its log: the game replayed from its seed and actions (without reading the snapshot), the
//! score round by round for the final chart, and each seat's final result.

use std::sync::Arc;

use sqlx::Row;

use super::games::stored_seed;
use super::{GameId, Internal, Refusal, Store, StoreError, from_db};
use crate::rules::{Action, Event, Game, Map, PublicView, Seat};

/// A seat's result in a finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatResult {
    /// The seat, in turn order.
    pub seat: Seat,
    /// The Discord user, or `None` for a computer player.
    pub user_id: Option<u64>,
    /// The player's name at the table.
    pub name: String,
    /// Final score.
    pub score: i64,
    /// 1 for the winner; tied players share a rank.
    pub rank: i64,
}

impl Store {
    /// Whether action `seq` of game `id` is the one `seat` made (`action`, as JSON), asked after a commit whose answer
    /// was lost: tried a few times while the database does not answer (`unreachable`: tests, as if it never did).
    ///
    /// # Errors
    /// `CommitUnknown` when the database never answers.
    pub(super) async fn landed(
        &self,
        id: GameId,
        seq: i64,
        seat: Seat,
        action: &str,
        unreachable: bool,
    ) -> Result<bool, StoreError> {
        // The server may still be finishing the commit when the connection dropped: looked at after a moment, and
        // for at most a second in all (the player's answer is due within 3).
        tokio::time::sleep(std::time::Duration::from_millis(150)).await;
        let look = async {
            loop {
                let found = if unreachable {
                    Err(sqlx::Error::PoolTimedOut)
                } else {
                    sqlx::query("SELECT seat, action FROM actions WHERE game_id = $1 AND seq = $2")
                        .bind(id.0)
                        .bind(seq)
                        .fetch_optional(&self.pool)
                        .await
                };
                match found {
                    Ok(row) => {
                        return row.is_some_and(|r| {
                            r.get::<i64, _>("seat") == i64::from(seat.0) && r.get::<String, _>("action") == action
                        });
                    }
                    Err(e) => {
                        tracing::warn!(game = id.0, "could not learn whether a commit landed: {e}");
                        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
                    }
                }
            }
        };
        tokio::time::timeout(std::time::Duration::from_secs(1), look)
            .await
            .map_err(|_| StoreError::Internal(Internal::CommitUnknown { game: id }))
    }

    /// The seat whose action `version` of game `id` was keeping tickets, if it was (a restart owes that seat the DM
    /// of its tickets when the action was never announced).
    ///
    /// # Errors
    /// Database failures, or a log entry that does not decode.
    pub async fn kept_tickets_last(&self, id: GameId, version: i64) -> Result<Option<Seat>, StoreError> {
        let Some(row) = sqlx::query("SELECT seat, action FROM actions WHERE game_id = $1 AND seq = $2")
            .bind(id.0)
            .bind(version)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let action: Action = serde_json::from_str(&row.get::<String, _>("action")).map_err(|e| {
            StoreError::Internal(Internal::CorruptSnapshot {
                game: id,
                reason: format!("action {version} does not read: {e}"),
            })
        })?;
        let seat = u8::try_from(row.get::<i64, _>("seat")).map(Seat).ok();
        Ok(seat.filter(|_| matches!(action, Action::KeepTickets { .. })))
    }

    /// Rebuilds a game from its seed and action log (the snapshot is not read).
    ///
    /// # Errors
    /// An unknown game, or a log entry that does not decode or that the rules refuse.
    pub async fn replay(&self, id: GameId) -> Result<Game, StoreError> {
        Ok(self.replay_with_events(id).await?.0)
    }

    /// Rebuilds a game from its seed and action log, with the public events of every action in order: the game's
    /// record, for `/ttr history`.
    ///
    /// # Errors
    /// As [`Store::replay`].
    pub async fn replay_with_events(&self, id: GameId) -> Result<(Game, Vec<Event>), StoreError> {
        self.replay_watching(id, |_| {}).await
    }

    /// Each seat's score after every round of game `id` (its route points as the game went), then its final score
    /// once the game is over: the points of the score-over-time chart, from the log. Indexed by seat, then point.
    ///
    /// # Errors
    /// As [`Store::replay`].
    pub async fn score_history(&self, id: GameId) -> Result<Vec<Vec<i32>>, StoreError> {
        let mut history: Vec<Vec<i32>> = Vec::new();
        let mut rounds_seen = 0;
        let route_points = |game: &Game| -> Vec<i32> {
            game.public_view()
                .seats
                .iter()
                .map(|s| i32::from(s.route_points))
                .collect()
        };
        let (game, _) = self
            .replay_watching(id, |game| {
                let view = game.public_view();
                let round = view.turn as usize / game.players().max(1);
                if history.is_empty() || round > rounds_seen {
                    rounds_seen = round;
                    history.push(view.seats.iter().map(|s| i32::from(s.route_points)).collect());
                }
            })
            .await?;
        match game.public_view().result {
            Some(result) => history.push(result.scores.iter().map(|s| s.total).collect()),
            None => history.push(route_points(&game)),
        }
        Ok((0..game.players())
            .map(|seat| history.iter().map(|point| point[seat]).collect())
            .collect())
    }

    /// Each seat's final score and rank, once the game has finished (empty before).
    ///
    /// # Errors
    /// Database failures.
    pub async fn results(&self, id: GameId) -> Result<Vec<SeatResult>, StoreError> {
        let rows = sqlx::query(
            "SELECT seat, user_id, name, final_score, final_rank FROM seats
             WHERE game_id = $1 AND final_score IS NOT NULL ORDER BY final_rank, seat",
        )
        .bind(id.0)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| SeatResult {
                seat: Seat(r.get::<i64, _>("seat") as u8),
                user_id: r.get::<Option<i64>, _>("user_id").map(from_db),
                name: r.get("name"),
                score: r.get("final_score"),
                rank: r.get("final_rank"),
            })
            .collect())
    }

    /// Game `id` as everyone saw it, from its seed and log: the public view before the first action and after each
    /// (index = version), with each action's public events (the first entry empty). What a game's web page replays.
    ///
    /// # Errors
    /// As [`Store::replay`].
    pub async fn public_record(&self, id: GameId) -> Result<(Arc<Map>, Vec<PublicView>, Vec<Vec<Event>>), StoreError> {
        let mut views = Vec::new();
        let mut events_seen = 0;
        let mut events_by_version: Vec<std::ops::Range<usize>> = Vec::new();
        let (game, events) = self
            .replay_watching_events(id, |game, events| {
                views.push(game.public_view());
                events_by_version.push(events_seen..events);
                events_seen = events;
            })
            .await?;
        let by_version = events_by_version.into_iter().map(|r| events[r].to_vec()).collect();
        Ok((Arc::clone(game.map()), views, by_version))
    }

    /// Replays game `id` from its seed and log, showing `watch` the game before the first action and after each.
    async fn replay_watching(
        &self,
        id: GameId,
        mut watch: impl FnMut(&Game),
    ) -> Result<(Game, Vec<Event>), StoreError> {
        self.replay_watching_events(id, |game, _| watch(game)).await
    }

    /// [`Store::replay_watching`], telling `watch` also how many public events the game has made so far.
    async fn replay_watching_events(
        &self,
        id: GameId,
        mut watch: impl FnMut(&Game, usize),
    ) -> Result<(Game, Vec<Event>), StoreError> {
        let game_row = sqlx::query("SELECT map, map_hash, seed, seed_key, (SELECT COUNT(*) FROM seats WHERE game_id = games.id) AS players FROM games WHERE id = $1")
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(Refusal::UnknownGame(id))?;
        let corrupt = |reason: String| StoreError::Internal(Internal::CorruptSnapshot { game: id, reason });
        let map = self
            .map(game_row.get("map"), game_row.get::<Option<&str>, _>("map_hash"))
            .await?;
        let players: i64 = game_row.get("players");
        let seed = stored_seed(id, &game_row)?;
        let mut game = Game::new(map, players as usize, seed).map_err(|e| corrupt(format!("setup: {e}")))?;
        let rows = sqlx::query("SELECT seq, seat, action FROM actions WHERE game_id = $1 ORDER BY seq")
            .bind(id.0)
            .fetch_all(&self.pool)
            .await?;
        let mut events = Vec::new();
        watch(&game, 0);
        for (i, row) in rows.iter().enumerate() {
            let seq: i64 = row.get("seq");
            if seq != i as i64 + 1 {
                return Err(corrupt(format!("the action log jumps from {i} to {seq}")));
            }
            let seat: i64 = row.get("seat");
            let action: Action =
                serde_json::from_str(row.get("action")).map_err(|e| corrupt(format!("action {seq}: {e}")))?;
            game.apply_into(Seat(seat as u8), action, &mut events)
                .map_err(|e| corrupt(format!("action {seq} refused on replay: {e}")))?;
            watch(&game, events.len());
        }
        Ok((game, events))
    }
}
