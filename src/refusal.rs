//! What a user asked for that cannot be (a busy channel, not seated, a full lobby, …), as data: the store decides
//! it, `text` words it, and neither needs the other.

use std::fmt;

use crate::ids::GameId;

/// A request refused because of what the user asked: the bot answers with a sentence (`crate::text::refusal`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The channel already has an unfinished game (a lobby or a game in play).
    ChannelBusy {
        /// That game.
        game: GameId,
    },
    /// The channel has no open lobby.
    NoLobby,
    /// The channel has no game in play.
    NoGame,
    /// No such game (a stale or forged reference).
    UnknownGame(GameId),
    /// The user already has a seat.
    AlreadySeated,
    /// The user has no seat.
    NotSeated,
    /// The host already hosts as many open lobbies as one person may.
    TooManyLobbies {
        /// How many one person may host.
        most: u8,
    },
    /// The host already hosts as many games (open or in play) as one person may.
    TooManyGames {
        /// How many one person may host.
        most: u16,
    },
    /// Every seat the map allows is taken.
    LobbyFull {
        /// The map's most players.
        max: u8,
    },
    /// Too few players to start.
    TooFewPlayers {
        /// The map's fewest players.
        min: u8,
        /// Players seated.
        seated: u8,
    },
    /// Only the host (or someone who manages the channel) may do this.
    NotHost,
    /// No map has this id.
    UnknownMap(String),
    /// A server's map may not take a built-in map's id.
    BuiltInMapId(String),
    /// The server keeps as many maps as one server may.
    TooManyMaps {
        /// How many one server may keep.
        most: u8,
    },
    /// The game has no turn deadline, so no turn can be skipped.
    NoDeadline,
    /// The turn's deadline has not passed yet.
    DeadlineAhead {
        /// Hours until it passes, rounded up.
        hours_left: u32,
    },
    /// Nobody but the asker (or computer players) is to act: there is no one to skip.
    NobodyStalled,
    /// The user has no seat a computer plays for them (nothing to rejoin).
    NotAway,
    /// The map is not for this many players.
    PlayerCount {
        /// The map's name.
        map: String,
        /// Its fewest players.
        min: u8,
        /// Its most players.
        max: u8,
        /// Players asked for.
        players: usize,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::ChannelBusy { game } => write!(f, "a game is already open in this channel (game {})", game.0),
            Refusal::NoLobby => write!(f, "no lobby is open in this channel"),
            Refusal::NoGame => write!(f, "no game is in play in this channel"),
            Refusal::UnknownGame(game) => write!(f, "no game {}", game.0),
            Refusal::AlreadySeated => write!(f, "already seated"),
            Refusal::NotSeated => write!(f, "not seated"),
            Refusal::LobbyFull { max } => write!(f, "the lobby is full ({max} seats)"),
            Refusal::TooManyLobbies { most } => write!(f, "one person may host {most} open lobbies"),
            Refusal::TooManyGames { most } => write!(f, "one person may host {most} games"),
            Refusal::TooFewPlayers { min, seated } => write!(f, "{seated} seated, {min} needed"),
            Refusal::NotHost => write!(f, "only the host may do that"),
            Refusal::UnknownMap(map) => write!(f, "no map \"{map}\""),
            Refusal::BuiltInMapId(id) => write!(f, "\"{id}\" is a built-in map's id"),
            Refusal::TooManyMaps { most } => write!(f, "one server may keep {most} maps"),
            Refusal::NoDeadline => write!(f, "the game has no turn deadline"),
            Refusal::DeadlineAhead { hours_left } => write!(f, "the deadline passes in {hours_left} h"),
            Refusal::NobodyStalled => write!(f, "nobody else is to act"),
            Refusal::NotAway => write!(f, "no seat of the user's is played by a computer"),
            Refusal::PlayerCount { map, min, max, players } => {
                write!(f, "{map} is for {min} to {max} players, not {players}")
            }
        }
    }
}
