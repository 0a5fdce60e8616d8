//! Stalled turns and what is kept of each player: a turn's deadline, who may skip a stalled turn or hand the seat to
//! a computer, coming back with `/ttr rejoin`, what each player wants to be pinged for, their language and the
//! hints they asked for.

use sqlx::Row;

use super::games::{STAND_IN, set_status};
use super::{GameId, Refusal, Store, StoreError, from_db, to_db};
use crate::rules::Seat;

/// What a player may ask to be pinged for, in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preference {
    /// Reminders when their move has waited (on unless turned off).
    Pings,
    /// A ping when the player before them starts a turn: they are next (off unless turned on).
    HeadsUp,
}

impl Preference {
    fn column(self) -> &'static str {
        match self {
            Preference::Pings => "pings",
            Preference::HeadsUp => "heads_up",
        }
    }
}

impl Store {
    /// Hands a person's seat in a running game to a computer player, at normal level, until they come back with
    /// [`Store::rejoin`]: the seat keeps its cards, tickets, colour and routes; its name gets [`STAND_IN`] so
    /// everyone sees who plays it now. When that was the last person playing, the game ends there, without a
    /// winner (computers alone would play for no one): the second value says so. A host's powers pass to the next
    /// person seated after them.
    ///
    /// # Errors
    /// Refused: the user has no seat in the game. Internal: the database.
    pub async fn hand_to_computer(&self, id: GameId, user_id: u64) -> Result<(Seat, bool), StoreError> {
        let _writing = self.writing().await;
        let mut tx = self.begin_write().await?;
        // On PostgreSQL, the game's row first, then its seats, as an action takes them: two transactions never wait
        // on each other in opposite orders (it would abort one of them). SQLite has one writer at a time, and a read
        // first would only make its transaction fail to become the writer (SQLITE_BUSY) behind another.
        if self.backend == super::Backend::Postgres {
            sqlx::query("SELECT id FROM games WHERE id = $1 FOR UPDATE")
                .bind(id.0)
                .fetch_optional(&mut *tx)
                .await?;
        }
        let row = sqlx::query(
            "UPDATE seats SET owner_id = user_id, user_id = NULL, name = name || $1 WHERE game_id = $2 AND user_id = $3 \
             RETURNING seat",
        )
        .bind(STAND_IN)
        .bind(id.0)
        .bind(to_db(user_id))
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(Refusal::NotSeated)?;
        // A host who leaves (or is replaced) hands their powers to the next person seated after them.
        let seat: i64 = row.get("seat");
        sqlx::query(
            "UPDATE games SET away_host_id = host_id, host_id = (SELECT user_id FROM seats WHERE game_id = $1 \
             AND user_id IS NOT NULL ORDER BY (seat - $2 + 256) % 256 LIMIT 1) WHERE id = $1 AND host_id = $3",
        )
        .bind(id.0)
        .bind(seat)
        .bind(to_db(user_id))
        .execute(&mut *tx)
        .await?;
        let people: i64 = sqlx::query("SELECT COUNT(*) AS n FROM seats WHERE game_id = $1 AND user_id IS NOT NULL")
            .bind(id.0)
            .fetch_one(&mut *tx)
            .await?
            .get("n");
        let ended = people == 0;
        if ended {
            set_status(&mut tx, id, "cancelled", self.now_ms()).await?;
        }
        tx.commit().await?;
        Ok((Seat(seat as u8), ended))
    }

    /// When the current turn of game `id` passes its deadline, Unix milliseconds (`None`: the game has none).
    ///
    /// # Errors
    /// Refused: no such game. Internal: the database.
    pub async fn deadline_at(&self, id: GameId) -> Result<Option<i64>, StoreError> {
        let (settings, turn_started_at) = super::reminders::timing(&self.pool, id).await?;
        Ok(settings.deadline_at(turn_started_at))
    }

    /// The people holding up game `id` whom `by` may skip or hand to a computer now: those among `to_act` (the
    /// seats the game waits for) other than `by`, once the turn's deadline has passed. Each comes with their user.
    ///
    /// # Errors
    /// Refused: `by` is not playing in the game, the game has no deadline, the deadline is still ahead, or nobody
    /// but `by` (or computers) is to act. Internal: the database.
    pub async fn stalled_seats(&self, id: GameId, by: u64, to_act: &[Seat]) -> Result<Vec<(Seat, u64)>, StoreError> {
        let people = self.seats(id).await?;
        if !people.iter().any(|s| s.user_id == Some(by)) {
            return Err(Refusal::NotSeated.into());
        }
        let deadline = self.deadline_at(id).await?.ok_or(Refusal::NoDeadline)?;
        let now = self.now_ms();
        if now < deadline {
            let hours_left = (deadline - now + 3_599_999) / 3_600_000;
            return Err(Refusal::DeadlineAhead {
                hours_left: u32::try_from(hours_left).unwrap_or(u32::MAX),
            }
            .into());
        }
        let stalled: Vec<(Seat, u64)> = people
            .iter()
            .filter(|s| to_act.contains(&s.seat))
            .filter_map(|s| s.user_id.filter(|&u| u != by).map(|u| (s.seat, u)))
            .collect();
        if stalled.is_empty() {
            return Err(Refusal::NobodyStalled.into());
        }
        Ok(stalled)
    }

    /// Gives `user` back the seat a computer has been playing for them in game `id` (their name as it was), and the
    /// host's powers if they were the host when they left.
    ///
    /// # Errors
    /// Refused: no computer plays a seat of theirs in that game. Internal: the database.
    pub async fn rejoin(&self, id: GameId, user: u64) -> Result<Seat, StoreError> {
        let _writing = self.writing().await;
        let mut tx = self.begin_write().await?;
        let row = sqlx::query(
            "UPDATE seats SET user_id = owner_id, owner_id = NULL, \
             name = CASE WHEN substr(name, length(name) - length($1) + 1) = $1 THEN substr(name, 1, length(name) - length($1)) \
                         ELSE name END \
             WHERE game_id = $2 AND owner_id = $3 AND user_id IS NULL RETURNING seat",
        )
        .bind(STAND_IN)
        .bind(id.0)
        .bind(to_db(user))
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(Refusal::NotAway)?;
        // A host who comes back is the host again.
        sqlx::query("UPDATE games SET host_id = away_host_id, away_host_id = NULL WHERE id = $1 AND away_host_id = $2")
            .bind(id.0)
            .bind(to_db(user))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Seat(row.get::<i64, _>("seat") as u8))
    }

    /// Turns a preference on or off for `user`'s seat in game `id`.
    ///
    /// # Errors
    /// Refused: the user has no seat there. Internal: the database.
    pub async fn set_preference(
        &self,
        id: GameId,
        user: u64,
        preference: Preference,
        on: bool,
    ) -> Result<(), StoreError> {
        let _writing = self.writing().await;
        let updated = sqlx::query(&format!(
            "UPDATE seats SET {} = $1 WHERE game_id = $2 AND user_id = $3",
            preference.column()
        ))
        .bind(i64::from(on))
        .bind(id.0)
        .bind(to_db(user))
        .execute(&self.pool)
        .await?;
        if updated.rows_affected() == 0 {
            return Err(Refusal::NotSeated.into());
        }
        Ok(())
    }

    /// Counts a hint given to the player of `seat` in game `id` (said on the final scoreboard).
    ///
    /// # Errors
    /// Database failures.
    pub async fn count_hint(&self, id: GameId, seat: Seat) -> Result<(), StoreError> {
        let _writing = self.writing().await;
        sqlx::query("UPDATE seats SET hints = hints + 1 WHERE game_id = $1 AND seat = $2")
            .bind(id.0)
            .bind(i64::from(seat.0))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Remembers the language (`en`, `es`) a person uses with the bot, for the DMs of their seat in game `id`
    /// (also while a computer stands in for them). Nothing happens when they have no seat there.
    ///
    /// # Errors
    /// Database failures.
    pub async fn remember_language(&self, id: GameId, user: u64, language: &str) -> Result<(), StoreError> {
        let _writing = self.writing().await;
        sqlx::query("UPDATE seats SET language = $1 WHERE game_id = $2 AND (user_id = $3 OR owner_id = $3)")
            .bind(language)
            .bind(id.0)
            .bind(to_db(user))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The seats of game `id` played by people who have `preference` on, with their users, in seat order.
    ///
    /// # Errors
    /// Database failures.
    pub async fn seats_wanting(&self, id: GameId, preference: Preference) -> Result<Vec<(Seat, u64)>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT seat, user_id FROM seats WHERE game_id = $1 AND user_id IS NOT NULL AND {} = 1 ORDER BY seat",
            preference.column()
        ))
        .bind(id.0)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| (Seat(r.get::<i64, _>("seat") as u8), from_db(r.get("user_id"))))
            .collect())
    }
}
