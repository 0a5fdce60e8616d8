//! The game as one interaction sees it: loaded once (game, version, seats, settings), with the names, seats and
//! mentions its messages need.

use poise::serenity_prelude as serenity;

use super::component::ComponentId;
use super::data::{Context, Data, Held};
use super::refusal::{Error, Refused};
use super::reply::escape_markdown;
use crate::ids::GameId;
use crate::lang::Lang;
use crate::refusal::Refusal;
use crate::rules::{Game, RuleError, Seat};
use crate::seating::Player;
use crate::settings::{Layout, Settings};
use crate::store::StoredSeat;

/// A game of a channel, with its seats and settings.
pub struct Table {
    /// The game's id.
    pub id: GameId,
    /// Its channel (or thread).
    pub channel: u64,
    /// The game.
    pub game: Game,
    /// Its stored version (how many actions it has).
    pub version: i64,
    /// Its seats, in seat order.
    pub seats: Vec<StoredSeat>,
    /// Its settings, read with the game.
    pub settings: Settings,
    /// The address of its web page, when the bot serves pages and its server links to them.
    pub page: Option<String>,
}

impl Table {
    /// The game a channel holds now (`None` when it holds none, or only a lobby).
    ///
    /// # Errors
    /// The store's.
    pub async fn in_channel(data: &Data, channel: u64) -> Result<Option<Table>, Error> {
        let Some(id) = data.store.running_game_in_channel(channel).await? else {
            return Ok(None);
        };
        Ok(Some(Table::load(data, id, channel).await?))
    }

    /// The game a channel holds now, or the refusal saying there is none.
    ///
    /// # Errors
    /// Refused: no game in play. Internal: the store's.
    pub async fn running(data: &Data, channel: u64) -> Result<Table, Error> {
        Table::in_channel(data, channel)
            .await?
            .ok_or_else(|| Refusal::NoGame.into())
    }

    /// A game by its id (running or finished), with its seats.
    ///
    /// # Errors
    /// The store's.
    pub async fn load(data: &Data, id: GameId, channel: u64) -> Result<Table, Error> {
        let loaded = data.store.load(id).await?;
        let seats = data.store.seats(id).await?;
        let settings = data.store.settings(id).await?;
        let page = data.game_page(id).await?;
        Ok(Table {
            id,
            channel,
            game: loaded.game,
            version: loaded.version,
            seats,
            settings,
            page,
        })
    }

    /// The language of its public messages (the server's, from the game's settings).
    pub fn lang(&self) -> Lang {
        self.settings.language
    }

    /// Whether the channel shows it as a dashboard.
    pub fn is_dashboard(&self) -> bool {
        self.settings.layout == Layout::Dashboard
    }

    /// Who sits where as everyone sees it.
    pub fn players(&self) -> Vec<Player> {
        self.seats.iter().map(|s| s.player.clone()).collect()
    }

    /// Players' names as channel messages show them (markdown escaped, so a name cannot restyle a message).
    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| escape_markdown(&s.player.name)).collect()
    }

    /// A seat's name as channel messages show it.
    pub fn name(&self, seat: Seat) -> String {
        self.seats
            .get(seat.index())
            .map_or_else(String::new, |s| escape_markdown(&s.player.name))
    }

    /// The seat a Discord user plays, if any.
    pub fn seat_of(&self, user: u64) -> Option<Seat> {
        self.seats.iter().find(|s| s.user_id == Some(user)).map(|s| s.seat)
    }

    /// The seat a Discord user plays.
    ///
    /// # Errors
    /// Refused: they do not play in this game.
    pub fn seat(&self, user: u64) -> Result<Seat, Refused> {
        self.seat_of(user).ok_or_else(|| self.refused(RuleError::NoSuchSeat))
    }

    /// A rule error of this game, as a refusal.
    pub fn refused(&self, error: RuleError) -> Refused {
        Refused::Rule {
            map: self.game.map().clone(),
            error,
        }
    }

    /// Whether a computer plays the seat.
    pub fn is_computer(&self, seat: Seat) -> bool {
        self.seats.get(seat.index()).is_some_and(|s| s.user_id.is_none())
    }

    /// A seat as everyone sees it in a message: a mention for a person, the name for a computer player.
    pub fn mention(&self, seat: Seat) -> String {
        match self.seats.get(seat.index()).and_then(|s| s.user_id) {
            Some(user) => format!("<@{user}>"),
            None => self.name(seat),
        }
    }
}

/// A component pressed: what every component handler gets.
pub struct Press<'a> {
    /// Discord.
    pub ctx: &'a serenity::Context,
    /// The bot's shared state.
    pub data: &'a Data,
    /// The interaction (its user is who acts).
    pub component: &'a serenity::ComponentInteraction,
    /// Its `custom_id`, decoded.
    pub id: &'a ComponentId,
}

impl<'a> Press<'a> {
    /// Its parts: Discord, the bot's state, the interaction, the decoded `custom_id`.
    pub fn parts(
        &self,
    ) -> (
        &'a serenity::Context,
        &'a Data,
        &'a serenity::ComponentInteraction,
        &'a ComponentId,
    ) {
        (self.ctx, self.data, self.component, self.id)
    }
}

/// The game a component acts on, with its channel held: the opening every game component shares.
pub struct Opened {
    /// The channel's game lock, held until the answer is sent.
    pub held: Held,
    /// The game, as the component's press finds it.
    pub table: Table,
}

impl Opened {
    /// Holds the component's channel and loads its game; refuses a component of another channel's game, of a game
    /// that is over, or of an earlier state of the game.
    ///
    /// # Errors
    /// Refused: game over, another channel, already played. Internal: the store's.
    pub async fn component(press: &Press<'_>) -> Result<Opened, Error> {
        let Press {
            data, component, id, ..
        } = *press;
        let channel = component.channel_id.get();
        let held = data.hold(channel).await;
        let Some(table) = Table::in_channel(data, channel).await?.filter(|t| id.game == t.id) else {
            return Err(match data.store.game_place(id.game).await? {
                // A finished (or ended) game of this channel: its buttons are history.
                Some((home, _)) if home == channel => Refused::GameOver,
                _ => Refused::OtherChannel,
            }
            .into());
        };
        // A component made for an earlier state of the game acts on nothing.
        if id.version.is_some_and(|v| v != table.version) {
            return Err(Refused::AlreadyPlayed.into());
        }
        Ok(Opened { held, table })
    }

    /// Holds a command's channel and loads its game.
    ///
    /// # Errors
    /// Refused: no game in play. Internal: the store's.
    pub async fn command(ctx: Context<'_>) -> Result<Opened, Error> {
        let (data, channel) = (ctx.data(), ctx.channel_id().get());
        let held = data.hold(channel).await;
        let table = Table::running(data, channel).await?;
        Ok(Opened { held, table })
    }

    /// Holds a command's channel, loads its game and finds the seat its user plays: the opening of every command
    /// that acts on a seat's turn.
    ///
    /// # Errors
    /// Refused: no game in play, not seated. Internal: the store's.
    pub async fn seat_of_command(ctx: Context<'_>) -> Result<(Opened, Seat), Error> {
        let opened = Opened::command(ctx).await?;
        let seat = opened.table.seat(ctx.author().id.get())?;
        Ok((opened, seat))
    }
}
