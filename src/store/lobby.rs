//! Lobbies: a game waiting for players in a channel. Open, join, leave, add a computer player, start or cancel;
//! each is one transaction, and a channel holds at most one unfinished game (lobby or running).

use sqlx::{Any, Row, Transaction};

use super::games::{GameRow, SEAT_COLUMNS, StoredSeat, new_game, rolled_back, set_status, stored_seat, stored_seed};
use super::{
    Backend, GameId, Internal, Refusal, SNAPSHOT_FORMAT, Store, StoreError, Worker, from_db, reminders, to_db,
};
use std::sync::Arc;

use crate::lang::Lang;
use crate::rules::Map;
use crate::rules::{Game, GameSeed};
use crate::seating::PlayerColor;
use crate::settings::Settings;

/// A lobby to open.
#[derive(Clone, Debug, PartialEq)]
pub struct NewLobby {
    /// The channel (or thread).
    pub channel_id: u64,
    /// The server, if any.
    pub guild_id: Option<u64>,
    /// The map id.
    pub map: String,
    /// For a server's map, the hash of its text (see [`Store::server_map`]); `None` for a built-in map.
    pub map_hash: Option<String>,
    /// The seed the game will be set up with.
    pub seed: GameSeed,
    /// The Discord user opening it: the host, seated first.
    pub host: u64,
    /// The host's name as shown.
    pub host_name: String,
    /// The game's settings.
    pub settings: Settings,
}

/// A lobby as it stands.
#[derive(Clone, Debug, PartialEq)]
pub struct Lobby {
    /// The game it will become.
    pub id: GameId,
    /// Its channel.
    pub channel_id: u64,
    /// The map id.
    pub map: String,
    /// For a server's map, the hash of the text the game is played on; `None` for a built-in map.
    pub map_hash: Option<String>,
    /// The map itself.
    pub board: Arc<Map>,
    /// The host (may start or cancel).
    pub host: u64,
    /// Seats in joining order (the turn order's seats; the first player is drawn at the start).
    pub seats: Vec<StoredSeat>,
    /// The game's settings.
    pub settings: Settings,
}

/// Who asks for a lobby operation: a Discord user, and whether they manage the channel (then they may start or
/// cancel any lobby, like its host).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Actor {
    /// The Discord user.
    pub user_id: u64,
    /// Whether they hold the Manage Channel permission.
    pub manages_channel: bool,
}

impl Lobby {
    fn allows(&self, actor: Actor) -> bool {
        actor.user_id == self.host || actor.manages_channel
    }

    fn colors(&self) -> impl Iterator<Item = PlayerColor> + '_ {
        self.seats.iter().map(|s| s.player.color)
    }
}

/// Most lobbies one person may host at once (across every channel), so nobody fills a server with open lobbies.
pub const MOST_OPEN_LOBBIES: u8 = 3;

/// Most games one person may host at once, open or in play (across every channel and thread): games against
/// computers cost the bot a think at every turn, so nobody may fill it with them. An operator may set another
/// number (`TTRBOT_MOST_HOSTED_GAMES`).
pub const MOST_HOSTED_GAMES: u16 = 10;

/// How long a lobby may stay open without anyone joining, leaving or starting it: then it closes.
pub const LOBBY_IDLE_MS: i64 = 7 * 24 * 3_600_000;

impl Store {
    /// Closes every lobby nobody joined, left or started for [`LOBBY_IDLE_MS`] among those `worker` acts on;
    /// returns each one's channel, map and language.
    ///
    /// # Errors
    /// Database failures.
    pub async fn close_idle_lobbies(&self, worker: &Worker) -> Result<Vec<(u64, String, Lang)>, StoreError> {
        let now = self.now_ms();
        // Looked for first, so the scan writes (and takes the database's write lock) only when a lobby is due.
        let served = worker.serves_sql(&self.lease_now("$2"));
        let due: i64 = sqlx::query(&format!(
            "SELECT COUNT(*) AS n FROM games WHERE status = 'lobby' AND updated_at < $1 AND {served}"
        ))
        .bind(now - LOBBY_IDLE_MS)
        .bind(now)
        .fetch_one(&self.pool)
        .await?
        .get("n");
        if due == 0 {
            return Ok(Vec::new());
        }
        let _writing = self.writing().await;
        let rows = sqlx::query(&format!(
            "UPDATE games SET status = 'cancelled', updated_at = $2 WHERE status = 'lobby' AND updated_at < $1 \
             AND {served} RETURNING channel_id, map, settings"
        ))
        .bind(now - LOBBY_IDLE_MS)
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| {
                let language = Settings::from_json(r.get("settings")).language;
                (from_db(r.get("channel_id")), r.get("map"), language)
            })
            .collect())
    }

    /// Whether `user` may open another lobby now (they host fewer than [`MOST_OPEN_LOBBIES`] lobbies and
    /// [`MOST_HOSTED_GAMES`] games).
    ///
    /// # Errors
    /// Refused: they host as many as they may. Internal: the database.
    pub async fn may_host_another(&self, user: u64) -> Result<(), StoreError> {
        // Only reads (and, on PostgreSQL, takes the host's advisory lock for its moment): no write lock on SQLite.
        let mut tx = self.pool.begin().await?;
        may_host_another(&mut tx, self.backend(), user, self.most_hosted).await?;
        tx.rollback().await?;
        Ok(())
    }

    /// Opens a lobby in a channel with its host in the first seat.
    ///
    /// # Errors
    /// Refused: the channel already has an unfinished game, the host already hosts [`MOST_OPEN_LOBBIES`] lobbies
    /// or [`MOST_HOSTED_GAMES`] games,
    /// or the map is unknown. Internal: the database.
    pub async fn open_lobby(&self, new: &NewLobby) -> Result<Lobby, StoreError> {
        self.map(&new.map, new.map_hash.as_deref()).await?;
        let _writing = self.writing().await;
        let mut tx = self.begin_write().await?;
        may_host_another(&mut tx, self.backend(), new.host, self.most_hosted).await?;
        if let Some(hash) = &new.map_hash {
            // Locked (PostgreSQL), so the server's map removed meanwhile cannot take the text with it.
            let kept = sqlx::query(&format!(
                "SELECT 1 AS kept FROM map_texts WHERE hash = $1{}",
                self.backend.for_update()
            ))
            .bind(hash)
            .fetch_optional(&mut *tx)
            .await?;
            if kept.is_none() {
                let refused = Refusal::UnknownMap(crate::rules::names::excerpt(&new.map)).into();
                return Err(rolled_back(tx, refused).await);
            }
        }
        let row = GameRow {
            channel_id: new.channel_id,
            guild_id: new.guild_id,
            map: &new.map,
            map_hash: new.map_hash.as_deref(),
            status: "lobby",
            seed: &new.seed,
            settings: &new.settings,
            host: Some(new.host),
        };
        let id = match self.insert_game(&mut tx, &row).await {
            Ok(id) => id,
            Err(refused) => return Err(rolled_back(tx, refused).await),
        };
        insert_seat(&mut tx, id, 0, Some(new.host), &new.host_name, PlayerColor::for_seat(0)).await?;
        let lobby = lobby_of(self, &mut tx, new.channel_id, self.backend.for_update()).await?;
        tx.commit().await?;
        Ok(lobby)
    }

    /// The lobby open in a channel, if any.
    ///
    /// # Errors
    /// Database failures.
    pub async fn lobby(&self, channel_id: u64) -> Result<Option<Lobby>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let lobby = match lobby_of(self, &mut tx, channel_id, "").await {
            Ok(lobby) => Some(lobby),
            Err(StoreError::Refused(Refusal::NoLobby)) => None,
            Err(e) => return Err(e),
        };
        tx.rollback().await?;
        Ok(lobby)
    }

    /// Seats a user in the channel's lobby, in the first free colour.
    ///
    /// # Errors
    /// Refused: no lobby, already seated, or full. Internal: the database.
    pub async fn join_lobby(&self, channel_id: u64, user_id: u64, name: &str) -> Result<Lobby, StoreError> {
        self.change_lobby(channel_id, |lobby| {
            if lobby.seats.iter().any(|s| s.user_id == Some(user_id)) {
                return Err(Refusal::AlreadySeated);
            }
            Ok(Some((Some(user_id), name.to_string())))
        })
        .await
    }

    /// Seats a computer player (the host's or a channel manager's choice).
    ///
    /// # Errors
    /// Refused: no lobby, not the host, or full. Internal: the database.
    pub async fn add_computer(&self, channel_id: u64, actor: Actor, name: &str) -> Result<Lobby, StoreError> {
        self.change_lobby(channel_id, |lobby| {
            if !lobby.allows(actor) {
                return Err(Refusal::NotHost);
            }
            Ok(Some((None, name.to_string())))
        })
        .await
    }

    /// One transaction on the channel's lobby: `decide` refuses or names the seat to add (user, name).
    async fn change_lobby(
        &self,
        channel_id: u64,
        decide: impl FnOnce(&Lobby) -> Result<Option<(Option<u64>, String)>, Refusal>,
    ) -> Result<Lobby, StoreError> {
        let _writing = self.writing().await;
        let mut tx = self.begin_write().await?;
        let lobby = lobby_of(self, &mut tx, channel_id, self.backend.for_update()).await?;
        if let Some((user_id, name)) = decide(&lobby)? {
            let max = lobby.board.rules.max_players;
            let color = PlayerColor::first_free(lobby.colors());
            let (Some(color), true) = (color, lobby.seats.len() < usize::from(max)) else {
                return Err(Refusal::LobbyFull { max }.into());
            };
            insert_seat(&mut tx, lobby.id, lobby.seats.len(), user_id, &name, color).await?;
            touch(&mut tx, lobby.id, self.now_ms()).await?;
        }
        let lobby = lobby_of(self, &mut tx, channel_id, self.backend.for_update()).await?;
        tx.commit().await?;
        Ok(lobby)
    }

    /// Takes a user out of the channel's lobby. When the host leaves, the next human becomes host; when no human is
    /// left, the lobby closes (`Ok(None)`).
    ///
    /// # Errors
    /// Refused: no lobby, or not seated. Internal: the database.
    pub async fn leave_lobby(&self, channel_id: u64, user_id: u64) -> Result<Option<Lobby>, StoreError> {
        let _writing = self.writing().await;
        let mut tx = self.begin_write().await?;
        let lobby = lobby_of(self, &mut tx, channel_id, self.backend.for_update()).await?;
        let seat = lobby
            .seats
            .iter()
            .find(|s| s.user_id == Some(user_id))
            .ok_or(Refusal::NotSeated)?
            .seat;
        sqlx::query("DELETE FROM seats WHERE game_id = $1 AND seat = $2")
            .bind(lobby.id.0)
            .bind(i64::from(seat.0))
            .execute(&mut *tx)
            .await?;
        touch(&mut tx, lobby.id, self.now_ms()).await?;
        // Close the gap in two steps: seat numbers are a primary key, so no row may pass through another's.
        for sql in [
            "UPDATE seats SET seat = -seat WHERE game_id = $1 AND seat > $2",
            "UPDATE seats SET seat = -seat - 1 WHERE game_id = $1 AND seat < 0 AND -seat > $2",
        ] {
            sqlx::query(sql)
                .bind(lobby.id.0)
                .bind(i64::from(seat.0))
                .execute(&mut *tx)
                .await?;
        }
        let next_human = lobby.seats.iter().filter(|s| s.seat != seat).find_map(|s| s.user_id);
        let result = match next_human {
            None => {
                set_status(&mut tx, lobby.id, "cancelled", self.now_ms()).await?;
                None
            }
            Some(next) => {
                if user_id == lobby.host {
                    sqlx::query("UPDATE games SET host_id = $1 WHERE id = $2")
                        .bind(to_db(next))
                        .bind(lobby.id.0)
                        .execute(&mut *tx)
                        .await?;
                }
                Some(lobby_of(self, &mut tx, channel_id, self.backend.for_update()).await?)
            }
        };
        tx.commit().await?;
        Ok(result)
    }

    /// Starts the channel's lobby: deals the game from its seed for the seated players and stores the first
    /// snapshot. Returns the game's id, its seats and the new game.
    ///
    /// # Errors
    /// Refused: no lobby, not the host, too few players. Internal: the database.
    pub async fn start_game(&self, channel_id: u64, actor: Actor) -> Result<(Lobby, Game), StoreError> {
        let _writing = self.writing().await;
        let mut tx = self.begin_write().await?;
        let lobby = lobby_of(self, &mut tx, channel_id, self.backend.for_update()).await?;
        if !lobby.allows(actor) {
            return Err(Refusal::NotHost.into());
        }
        let map = Arc::clone(&lobby.board);
        let min = map.rules.min_players;
        if lobby.seats.len() < usize::from(min) {
            return Err(Refusal::TooFewPlayers {
                min,
                seated: lobby.seats.len() as u8,
            }
            .into());
        }
        let seeds = sqlx::query("SELECT seed, seed_key FROM games WHERE id = $1")
            .bind(lobby.id.0)
            .fetch_one(&mut *tx)
            .await?;
        let seed = match stored_seed(lobby.id, &seeds)? {
            // A lobby opened before games were dealt by ChaCha20 (its seed computable from the clock and the
            // lobby's interaction id) is dealt from a fresh key, kept for its replays.
            GameSeed::SplitMix64(_) => {
                let fresh = crate::seeds::fresh()
                    .map_err(|e| StoreError::Internal(Internal::Database(sqlx::Error::Io(std::io::Error::other(e)))))?;
                sqlx::query("UPDATE games SET seed = 0, seed_key = $1 WHERE id = $2")
                    .bind(fresh.key_text())
                    .bind(lobby.id.0)
                    .execute(&mut *tx)
                    .await?;
                fresh
            }
            key => key,
        };
        let game = new_game(map, lobby.seats.len(), &seed)?;
        sqlx::query("INSERT INTO snapshots (game_id, version, format, state) VALUES ($1, 0, $2, $3)")
            .bind(lobby.id.0)
            .bind(SNAPSHOT_FORMAT)
            .bind(game.snapshot())
            .execute(&mut *tx)
            .await?;
        let now = self.now_ms();
        set_status(&mut tx, lobby.id, "running", now).await?;
        reminders::start_turn(&mut tx, lobby.id, now).await?;
        sqlx::query("UPDATE games SET starting_dms_owed_since = $1 WHERE id = $2")
            .bind(now)
            .bind(lobby.id.0)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok((lobby, game))
    }

    /// Cancels the channel's lobby; the channel is free again.
    ///
    /// # Errors
    /// Refused: no lobby, or not the host. Internal: the database.
    pub async fn cancel_lobby(&self, channel_id: u64, actor: Actor) -> Result<GameId, StoreError> {
        let _writing = self.writing().await;
        let mut tx = self.begin_write().await?;
        let lobby = lobby_of(self, &mut tx, channel_id, self.backend.for_update()).await?;
        if !lobby.allows(actor) {
            return Err(Refusal::NotHost.into());
        }
        set_status(&mut tx, lobby.id, "cancelled", self.now_ms()).await?;
        tx.commit().await?;
        Ok(lobby.id)
    }
}

impl Store {
    /// Ends the game in play in a channel without a winner (the host's or a channel manager's decision); the
    /// channel is free again and the game's buttons answer that it is over.
    ///
    /// # Errors
    /// Refused: no game in play, or not the host. Internal: the database.
    pub async fn end_game(&self, channel_id: u64, actor: Actor) -> Result<GameId, StoreError> {
        let _writing = self.writing().await;
        let mut tx = self.begin_write().await?;
        let row = sqlx::query(&format!(
            "SELECT id, host_id FROM games WHERE channel_id = $1 AND status = 'running'{}",
            self.backend.for_update()
        ))
        .bind(to_db(channel_id))
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(Refusal::NoGame)?;
        let id = GameId(row.get("id"));
        let host = row.get::<Option<i64>, _>("host_id").map(from_db);
        if host != Some(actor.user_id) && !actor.manages_channel {
            return Err(Refusal::NotHost.into());
        }
        set_status(&mut tx, id, "cancelled", self.now_ms()).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Where a game lives and whether it is still being played: its channel and status (`lobby`, `running`,
    /// `finished`, `cancelled`), or `None` for a game that does not exist.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_place(&self, id: GameId) -> Result<Option<(u64, String)>, StoreError> {
        let row = sqlx::query("SELECT channel_id, status FROM games WHERE id = $1")
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| (from_db(r.get("channel_id")), r.get("status"))))
    }
}

/// Refuses a host who already has [`MOST_OPEN_LOBBIES`] lobbies waiting to start.
async fn may_host_another(
    tx: &mut Transaction<'_, Any>,
    backend: Backend,
    user: u64,
    most_hosted: u16,
) -> Result<(), StoreError> {
    if backend == Backend::Postgres {
        // Two processes opening lobbies for one person count them in turn (SQLite has one writer anyway): without
        // it both count two and both open a third. Held until the transaction ends.
        // Keyed by the person's id (sqlx's migrations take one advisory lock of their own, on a key a Discord id
        // is not).
        sqlx::query("SELECT pg_advisory_xact_lock($1)")
            .bind(to_db(user))
            .execute(&mut **tx)
            .await?;
    }
    // A game whose host left it is still theirs (they are host again when they rejoin): counted, or leaving each
    // game to a friend and rejoining later would host any number.
    let row = sqlx::query(
        "SELECT COALESCE(SUM(CASE WHEN status = 'lobby' THEN 1 ELSE 0 END), 0) AS open, COUNT(*) AS hosted \
         FROM games WHERE status IN ('lobby', 'running') AND (host_id = $1 OR away_host_id = $1)",
    )
    .bind(to_db(user))
    .fetch_one(&mut **tx)
    .await?;
    let (open, hosted): (i64, i64) = (row.get("open"), row.get("hosted"));
    if open >= i64::from(MOST_OPEN_LOBBIES) {
        return Err(Refusal::TooManyLobbies {
            most: MOST_OPEN_LOBBIES,
        }
        .into());
    }
    if hosted >= i64::from(most_hosted) {
        return Err(Refusal::TooManyGames { most: most_hosted }.into());
    }
    Ok(())
}

/// Notes that a lobby changed now (its week without a start counts from here).
async fn touch(tx: &mut Transaction<'_, Any>, id: GameId, now: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE games SET updated_at = $1 WHERE id = $2")
        .bind(now)
        .bind(id.0)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The lobby open in a channel, read inside a transaction.
async fn lobby_of(
    store: &Store,
    tx: &mut Transaction<'_, Any>,
    channel_id: u64,
    lock: &str,
) -> Result<Lobby, StoreError> {
    let row = sqlx::query(&format!(
        "SELECT id, map, map_hash, host_id, settings FROM games WHERE channel_id = $1 AND status = 'lobby'{lock}"
    ))
    .bind(to_db(channel_id))
    .fetch_optional(&mut **tx)
    .await?
    .ok_or(Refusal::NoLobby)?;
    let id = GameId(row.get("id"));
    let seats = sqlx::query(&format!(
        "SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = $1 ORDER BY seat"
    ))
    .bind(id.0)
    .fetch_all(&mut **tx)
    .await?;
    let (map, map_hash): (String, Option<String>) = (row.get("map"), row.get("map_hash"));
    let board = store.map_in(tx, &map, map_hash.as_deref()).await?;
    Ok(Lobby {
        id,
        channel_id,
        map,
        map_hash,
        board,
        host: row.get::<Option<i64>, _>("host_id").map_or(0, from_db),
        seats: seats.iter().map(stored_seat).collect(),
        settings: Settings::from_json(row.get("settings")),
    })
}

async fn insert_seat(
    tx: &mut Transaction<'_, Any>,
    id: GameId,
    seat: usize,
    user_id: Option<u64>,
    name: &str,
    color: PlayerColor,
) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO seats (game_id, seat, user_id, name, colour) VALUES ($1, $2, $3, $4, $5)")
        .bind(id.0)
        .bind(seat as i64)
        .bind(user_id.map(to_db))
        .bind(name)
        .bind(color.name())
        .execute(&mut **tx)
        .await?;
    Ok(())
}
