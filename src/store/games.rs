//! Games: create, load, apply an action durably, replay the log, list running and finished games.

use std::sync::Arc;

use sqlx::Row;

use super::{GameId, Internal, Refusal, SNAPSHOT_FORMAT, Store, StoreError, Worker, from_db, reminders, to_db};
use crate::rules::{Action, Event, Game, GameSeed, Map, PrivateEvent, RuleError, Seat};
use crate::seating::{Player, PlayerColor};
use crate::settings::Settings;

/// What a seat's name gets while a computer plays it for its person.
pub const STAND_IN: &str = " (computer)";

/// A seat of a new game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewSeat {
    /// The Discord user, or `None` for a computer player.
    pub user_id: Option<u64>,
    /// The name shown.
    pub name: String,
    /// The player colour on the board.
    pub color: PlayerColor,
}

/// A stored seat: who plays it and how everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSeat {
    /// The seat, in turn order.
    pub seat: Seat,
    /// The Discord user, or `None` for a computer player.
    pub user_id: Option<u64>,
    /// The person whose seat a computer plays while they are away (`/ttr rejoin` gives it back); `None` when the
    /// seat's player plays it, or for a computer seated from the start.
    pub stand_in_for: Option<u64>,
    /// Whether its player wants a ping when the player before them starts a turn.
    pub heads_up: bool,
    /// The language code (`en`, `es`) its person last used with the bot, for their DMs; `None` until known.
    pub language: Option<String>,
    /// Hints its person asked for in this game (`/ttr hint`).
    pub hints: u32,
    /// Name and colour.
    pub player: Player,
}

/// A game to create.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    /// The channel (or thread) it is played in.
    pub channel_id: u64,
    /// The server, if any.
    pub guild_id: Option<u64>,
    /// The map id.
    pub map: String,
    /// The seed of the game's random generator.
    pub seed: GameSeed,
    /// Seats in turn order.
    pub seats: Vec<NewSeat>,
    /// The game's settings.
    pub settings: Settings,
}

/// A game loaded from storage.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The game as its snapshot stores it.
    pub game: Game,
    /// Actions applied so far; an action is saved only if this is still the stored version.
    pub version: i64,
}

/// What became of an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Applied {
    /// Accepted and stored.
    Accepted {
        /// The game after the action, as stored.
        game: Box<Game>,
        /// What happened, for everyone.
        events: Vec<Event>,
        /// What only the acting seat learned (a blind-drawn card, tickets offered or kept).
        private: Vec<PrivateEvent>,
        /// The new version.
        version: i64,
    },
    /// Refused by the rules; nothing was stored.
    Rejected(RuleError),
    /// Someone else's action was stored first (a double click, two players at once): nothing was stored.
    AlreadyPlayed,
}

/// A running game, listed without loading its snapshot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The game's id.
    pub id: GameId,
    /// Its channel.
    pub channel_id: u64,
    /// Its map.
    pub map: String,
    /// Actions applied.
    pub version: i64,
    /// Last change, Unix milliseconds.
    pub updated_at: i64,
}

/// A new game on `map` for `players`, or the refusal a user reads.
pub(super) fn new_game(map: Arc<Map>, players: usize, seed: &GameSeed) -> Result<Game, StoreError> {
    let (name, min, max) = (map.name.clone(), map.rules.min_players, map.rules.max_players);
    Game::new(map, players, seed.clone()).map_err(|_| {
        Refusal::PlayerCount {
            map: name,
            min,
            max,
            players,
        }
        .into()
    })
}

/// The seed of game `id` as stored: a ChaCha20 key in `seed_key`, or, for a game stored before ChaCha20 (whose
/// `seed_key` is NULL), SplitMix64's 64 bits in `seed`. A row read with both columns.
pub(super) fn stored_seed(id: GameId, row: &sqlx::any::AnyRow) -> Result<GameSeed, StoreError> {
    match row.get::<Option<String>, _>("seed_key") {
        Some(key) => GameSeed::from_key_text(&key)
            .map_err(|reason| StoreError::Internal(Internal::CorruptSnapshot { game: id, reason })),
        None => Ok(GameSeed::SplitMix64(from_db(row.get::<i64, _>("seed")))),
    }
}

/// A `games` row to insert.
pub(super) struct GameRow<'a> {
    pub(super) channel_id: u64,
    pub(super) guild_id: Option<u64>,
    pub(super) map: &'a str,
    /// The hash of a server's map's text; `None` for a built-in map.
    pub(super) map_hash: Option<&'a str>,
    pub(super) status: &'static str,
    pub(super) seed: &'a GameSeed,
    pub(super) settings: &'a Settings,
    pub(super) host: Option<u64>,
}

impl Store {
    /// Inserts a game row, or refuses with the game that already holds the channel (the one-per-channel index).
    pub(super) async fn insert_game(
        &self,
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        row: &GameRow<'_>,
    ) -> Result<GameId, StoreError> {
        let now = self.now_ms();
        let inserted = sqlx::query(
            "INSERT INTO games (channel_id, guild_id, map, status, seed, seed_key, settings, created_at, updated_at,
                                host_id, map_hash)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
        )
        .bind(to_db(row.channel_id))
        .bind(row.guild_id.map(to_db))
        .bind(row.map)
        .bind(row.status)
        // `seed` is NOT NULL since the first migration: 0 beside a key.
        .bind(match row.seed {
            GameSeed::SplitMix64(seed) => to_db(*seed),
            GameSeed::ChaCha20(_) => 0,
        })
        .bind(row.seed.key_text())
        .bind(row.settings.to_json())
        .bind(now)
        .bind(now)
        .bind(row.host.map(to_db))
        .bind(row.map_hash)
        .fetch_one(&mut **tx)
        .await;
        match inserted {
            Ok(row) => Ok(GameId(row.get("id"))),
            // Read outside the transaction (which PostgreSQL has aborted; SQLite's WAL lets it run beside it).
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(self.channel_busy(row.channel_id).await),
            Err(e) => Err(e.into()),
        }
    }
}

/// Rolls `tx` back now and returns `error`. A failed insert leaves SQLite's write lock held until the transaction
/// ends, and a transaction merely dropped is rolled back in the background, after this writer's turn has passed to
/// the next: that one, on another connection, found the lock still held and was refused "database is locked".
pub(super) async fn rolled_back(tx: sqlx::Transaction<'_, sqlx::Any>, error: StoreError) -> StoreError {
    // Should the rollback itself fail, the connection is closed, and its lock with it: `error` is still the answer.
    let _ = tx.rollback().await;
    error
}

/// Sets a game's status. A game that is no longer running has no reminder due, so the reminder index holds only
/// games in play.
pub(super) async fn set_status(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    id: GameId,
    status: &str,
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE games SET status = $1, updated_at = $2, \
         next_reminder_at = CASE WHEN $3 = 'running' THEN next_reminder_at END WHERE id = $4",
    )
    .bind(status)
    .bind(now)
    .bind(status)
    .bind(id.0)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The colour stored for a seat; an unknown name (from an older version) falls back to the seat's default.
pub(super) fn stored_color(name: &str, seat: usize) -> PlayerColor {
    PlayerColor::from_name(name).unwrap_or(PlayerColor::for_seat(seat))
}

/// The columns [`stored_seat`] reads.
pub(super) const SEAT_COLUMNS: &str = "seat, user_id, owner_id, heads_up, language, hints, name, colour";

/// A `seats` row ([`SEAT_COLUMNS`]) as a stored seat.
pub(super) fn stored_seat(row: &sqlx::any::AnyRow) -> StoredSeat {
    let seat = row.get::<i64, _>("seat") as usize;
    StoredSeat {
        seat: Seat(seat as u8),
        user_id: row.get::<Option<i64>, _>("user_id").map(from_db),
        stand_in_for: row.get::<Option<i64>, _>("owner_id").map(from_db),
        heads_up: row.get::<i64, _>("heads_up") != 0,
        language: row.get("language"),
        hints: row.get::<i64, _>("hints").clamp(0, i64::from(u32::MAX)) as u32,
        player: Player::new(row.get::<&str, _>("name"), stored_color(row.get("colour"), seat)),
    }
}

impl Store {
    /// Creates a running game: sets it up from its seed and stores the game, its seats and the first snapshot.
    ///
    /// # Errors
    /// Refused: the channel has an unfinished game, the map is unknown, or it is not for this many players.
    /// Internal: the database.
    pub async fn create_game(&self, new: &NewGame) -> Result<GameId, StoreError> {
        let map = self.map(&new.map, None).await?;
        let game = new_game(map, new.seats.len(), &new.seed)?;
        let state = game.snapshot();
        let _writing = self.writing().await;
        let mut tx = self.begin_write().await?;
        let row = GameRow {
            channel_id: new.channel_id,
            guild_id: new.guild_id,
            map: &new.map,
            map_hash: None,
            status: "running",
            seed: &new.seed,
            settings: &new.settings,
            host: None,
        };
        let id = match self.insert_game(&mut tx, &row).await {
            Ok(id) => id,
            Err(refused) => return Err(rolled_back(tx, refused).await),
        };
        for (i, seat) in new.seats.iter().enumerate() {
            sqlx::query("INSERT INTO seats (game_id, seat, user_id, name, colour) VALUES ($1, $2, $3, $4, $5)")
                .bind(id.0)
                .bind(i as i64)
                .bind(seat.user_id.map(to_db))
                .bind(&seat.name)
                .bind(seat.color.name())
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("INSERT INTO snapshots (game_id, version, format, state) VALUES ($1, 0, $2, $3)")
            .bind(id.0)
            .bind(SNAPSHOT_FORMAT)
            .bind(state)
            .execute(&mut *tx)
            .await?;
        reminders::start_turn(&mut tx, id, self.now_ms()).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Loads a game's current snapshot.
    ///
    /// # Errors
    /// Refused: an unknown game. Internal: a snapshot that does not decode or breaks an invariant (with the game id).
    pub async fn load(&self, id: GameId) -> Result<Loaded, StoreError> {
        let row = sqlx::query(
            "SELECT g.map, g.map_hash, s.version, s.format, s.state FROM games g JOIN snapshots s ON s.game_id = g.id WHERE g.id = $1",
        )
        .bind(id.0)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(Refusal::UnknownGame(id))?;
        let corrupt = |reason: String| StoreError::Internal(Internal::CorruptSnapshot { game: id, reason });
        let format: i64 = row.get("format");
        if format > SNAPSHOT_FORMAT {
            // Read with this version's fields only, it would be saved back without the newer ones.
            return Err(corrupt(format!(
                "written by a newer ttrbot (snapshot format {format}; this version reads {SNAPSHOT_FORMAT}): refusing to \
                 play it rather than drop what this version does not know"
            )));
        }
        if format != SNAPSHOT_FORMAT {
            return Err(corrupt(format!(
                "snapshot format {format}, this version reads {SNAPSHOT_FORMAT}"
            )));
        }
        let map = self
            .map(row.get("map"), row.get::<Option<&str>, _>("map_hash"))
            .await
            .map_err(|e| corrupt(e.to_string()))?;
        let game = Game::restore(map, row.get("state")).map_err(|e| corrupt(e.to_string()))?;
        Ok(Loaded {
            game,
            version: row.get("version"),
        })
    }

    /// Load → apply → save, the one way a stored game changes. In one transaction the action is appended to the
    /// log and the snapshot replaced, but only if the stored version is still the one loaded: of two actions
    /// racing on the same version exactly one is stored, the other gets `AlreadyPlayed`. The accepted outcome
    /// carries the game as stored.
    ///
    /// # Errors
    /// Database failures and unreadable snapshots; an unknown game is refused. Rule refusals are
    /// `Ok(Applied::Rejected)`.
    pub async fn apply_and_save(&self, id: GameId, seat: Seat, action: Action) -> Result<Applied, StoreError> {
        let Loaded { game, version } = self.load(id).await?;
        self.apply_to(id, &game, version, seat, action).await
    }

    /// Applies an action to a game loaded at `version` and saves it (see [`Store::apply_and_save`]). The caller's
    /// game is never changed: the new one comes back in `Applied::Accepted` once it is stored.
    ///
    /// # Errors
    /// As [`Store::apply_and_save`].
    pub async fn apply_to(
        &self,
        id: GameId,
        game: &Game,
        version: i64,
        seat: Seat,
        action: Action,
    ) -> Result<Applied, StoreError> {
        let mut next = game.clone();
        let (events, private) = match next.apply_seen_by(seat, action) {
            Ok(seen) => seen,
            Err(e) => return Ok(Applied::Rejected(e)),
        };
        let state = next.snapshot();
        let now = self.now_ms();
        let _writing = self.writing().await;
        let mut tx = self.begin_write().await?;
        let updated =
            // Only a game in play moves on: one ended meanwhile (its channel deleted, `/ttr end`) takes no move a
            // computer or a late press was still making, so it never turns finished.
            sqlx::query(
                "UPDATE snapshots SET version = version + 1, state = $1 WHERE game_id = $2 AND version = $3 \
                 AND EXISTS (SELECT 1 FROM games g WHERE g.id = $2 AND g.status = 'running')",
            )
                .bind(state)
                .bind(id.0)
                .bind(version)
                .execute(&mut *tx)
                .await?;
        if updated.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(Applied::AlreadyPlayed);
        }
        sqlx::query("INSERT INTO actions (game_id, seq, seat, action, at) VALUES ($1, $2, $3, $4, $5)")
            .bind(id.0)
            .bind(version + 1)
            .bind(i64::from(seat.0))
            .bind(serde_json::to_string(&action).expect("actions serialise"))
            .bind(now)
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE games SET updated_at = $1 WHERE id = $2")
            .bind(now)
            .bind(id.0)
            .execute(&mut *tx)
            .await?;
        if next.is_over() {
            set_status(&mut tx, id, "finished", now).await?;
        } else if next.to_act().iter().any(|seat| !game.to_act().contains(seat)) {
            // A seat that was not waiting now must act: its turn starts. (Seats that were already waiting, such as
            // players still choosing starting tickets after another chose, keep their turn's start.)
            reminders::start_turn(&mut tx, id, now).await?;
        }
        if let Some(result) = next.public_view().result {
            for (seat, (score, rank)) in result.scores.iter().zip(result.ranks).enumerate() {
                sqlx::query("UPDATE seats SET final_score = $1, final_rank = $2 WHERE game_id = $3 AND seat = $4")
                    .bind(i64::from(score.total))
                    .bind(rank as i64)
                    .bind(id.0)
                    .bind(seat as i64)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        let action_json = serde_json::to_string(&action).expect("actions serialise");
        #[cfg(feature = "test-support")]
        let failing = self.take_lost_commit();
        #[cfg(not(feature = "test-support"))]
        let failing: Option<super::LostCommit> = None;
        let dropped = || sqlx::Error::Io(std::io::ErrorKind::ConnectionReset.into());
        let (committed, look_fails) = match failing {
            None => (tx.commit().await, false),
            Some(super::LostCommit::NotStored) => {
                tx.rollback().await?;
                (Err(dropped()), false)
            }
            Some(super::LostCommit::Stored { then_unreachable }) => {
                tx.commit().await?;
                (Err(dropped()), then_unreachable)
            }
        };
        if let Err(lost) = committed {
            // The answer to the commit may be what was lost, not the commit: the log says whether it landed.
            if !self.landed(id, version + 1, seat, &action_json, look_fails).await? {
                return Err(lost.into());
            }
            tracing::warn!(
                game = id.0,
                "a commit's answer was lost, but the action was stored: {lost}"
            );
        }
        Ok(Applied::Accepted {
            game: Box::new(next),
            events,
            private,
            version: version + 1,
        })
    }

    /// The games still being played, for resuming after a restart (snapshots are not loaded).
    ///
    /// # Errors
    /// Database failures.
    pub async fn running_games(&self) -> Result<Vec<GameSummary>, StoreError> {
        let rows = sqlx::query(
            "SELECT g.id, g.channel_id, g.map, g.updated_at, s.version FROM games g JOIN snapshots s ON s.game_id = g.id
             WHERE g.status = 'running' ORDER BY g.id",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| GameSummary {
                id: GameId(r.get("id")),
                channel_id: from_db(r.get("channel_id")),
                map: r.get("map"),
                version: r.get("version"),
                updated_at: r.get("updated_at"),
            })
            .collect())
    }

    /// The running games with a computer player in a seat that `worker` acts on, with their channels: those that
    /// may owe a computer's move.
    ///
    /// # Errors
    /// Database failures.
    pub async fn running_games_with_computers(&self, worker: &Worker) -> Result<Vec<(GameId, u64)>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT DISTINCT games.id, games.channel_id FROM games JOIN seats s ON s.game_id = games.id \
             WHERE games.status = 'running' AND s.user_id IS NULL AND {} ORDER BY games.id",
            worker.serves_sql(&self.lease_now("$1"))
        ))
        .bind(self.now_ms())
        .fetch_all(&self.pool)
        .await?;
        Ok(games_and_channels(&rows))
    }

    /// Loads every running game; a game that cannot be loaded is reported with its id and does not stop the others.
    ///
    /// # Errors
    /// Only when the list itself cannot be read.
    pub async fn load_running(&self) -> Result<Vec<(GameId, Result<Loaded, StoreError>)>, StoreError> {
        let mut out = Vec::new();
        for summary in self.running_games().await? {
            out.push((summary.id, self.load(summary.id).await));
        }
        Ok(out)
    }

    /// Every stored game, finished ones included, oldest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_ids(&self) -> Result<Vec<GameId>, StoreError> {
        let rows = sqlx::query("SELECT id FROM games ORDER BY id")
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(|r| GameId(r.get("id"))).collect())
    }

    /// A game's settings (chosen when its lobby was opened, changed since by its host).
    ///
    /// # Errors
    /// Refused: no such game. Internal: the database.
    pub async fn settings(&self, id: GameId) -> Result<Settings, StoreError> {
        let row = sqlx::query("SELECT settings FROM games WHERE id = $1")
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(Refusal::UnknownGame(id))?;
        Ok(Settings::from_json(row.get("settings")))
    }

    /// The open game in a channel, if any.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_in_channel(&self, channel_id: u64) -> Result<Option<GameId>, StoreError> {
        let row = sqlx::query("SELECT id FROM games WHERE channel_id = $1 AND status IN ('lobby', 'running')")
            .bind(to_db(channel_id))
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| GameId(r.get("id"))))
    }

    /// The game in play in a channel (not a lobby, not a finished game), if any.
    ///
    /// # Errors
    /// Database failures.
    pub async fn running_game_in_channel(&self, channel_id: u64) -> Result<Option<GameId>, StoreError> {
        let row = sqlx::query("SELECT id FROM games WHERE channel_id = $1 AND status = 'running'")
            .bind(to_db(channel_id))
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| GameId(r.get("id"))))
    }

    /// The seats of a game in turn order: who plays each and how everyone sees it.
    ///
    /// # Errors
    /// Database failures.
    pub async fn seats(&self, id: GameId) -> Result<Vec<StoredSeat>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = $1 ORDER BY seat"
        ))
        .bind(id.0)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(stored_seat).collect())
    }

    /// The seat a Discord user plays in a game, if any.
    ///
    /// # Errors
    /// Database failures.
    pub async fn seat_of(&self, id: GameId, user_id: u64) -> Result<Option<Seat>, StoreError> {
        let row = sqlx::query("SELECT seat FROM seats WHERE game_id = $1 AND user_id = $2")
            .bind(id.0)
            .bind(to_db(user_id))
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| Seat(r.get::<i64, _>("seat") as u8)))
    }

    /// The game holding a channel now (a lobby or a game in play), found when a user asks to open another.
    pub(super) async fn channel_busy(&self, channel_id: u64) -> StoreError {
        match self.game_in_channel(channel_id).await {
            Ok(Some(game)) => Refusal::ChannelBusy { game }.into(),
            Ok(None) => Refusal::ChannelBusy { game: GameId(0) }.into(),
            Err(e) => e,
        }
    }

    /// Accepted actions stored for a game (the last sequence number).
    ///
    /// # Errors
    /// Database failures.
    pub async fn action_count(&self, id: GameId) -> Result<i64, StoreError> {
        let row = sqlx::query("SELECT COUNT(*) AS n FROM actions WHERE game_id = $1")
            .bind(id.0)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.get("n"))
    }
}

/// Rows of `id` and `channel_id`, as (game, channel) pairs.
pub(super) fn games_and_channels(rows: &[sqlx::any::AnyRow]) -> Vec<(GameId, u64)> {
    rows.iter()
        .map(|r| (GameId(r.get("id")), from_db(r.get("channel_id"))))
        .collect()
}
