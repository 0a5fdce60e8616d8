//! Applying one action for a seat: stored in one transaction at the version loaded, then put into the sentences
//! the channel and the player read. A refusal comes back as [`Refused`], the game unchanged.

use super::data::Data;
use super::refusal::{Error, Refused};
use super::table::Table;
use crate::lang::Lang;
use crate::rules::{Action, Event, PrivateEvent, Seat, Step};
use crate::store::Applied;
use crate::text;

/// What became of an accepted action, for the replies: the sentences for everyone, what only the player learns,
/// and the game after it.
pub struct Played {
    /// The sentences for the channel, in the game's language.
    pub public: Vec<String>,
    /// What only the acting player learns, in their language.
    pub private: Vec<String>,
    /// The game after the action.
    pub after: Table,
    /// Whether the turn passed to someone else (a new turn message is due).
    pub turn_over: bool,
    /// The seat that acted.
    pub seat: Seat,
    /// Whether the acting seat's tickets changed (it kept some): they are sent to it by DM.
    pub tickets_changed: bool,
}

/// Applies one action for a Discord user at the version they saw.
///
/// # Errors
/// Refused: not seated, refused by the rules, already played. Internal: the store's.
pub async fn play(data: &Data, table: Table, user: u64, action: Action, lang: Lang) -> Result<Played, Error> {
    let seat = table.seat(user)?;
    play_seat(data, table, seat, action, lang).await
}

/// Applies one action for a seat (a person's, once identified, or a computer player's) at the version loaded.
///
/// # Errors
/// Refused: refused by the rules, already played. Internal: the store's.
pub async fn play_seat(data: &Data, table: Table, seat: Seat, action: Action, lang: Lang) -> Result<Played, Error> {
    let applied = data
        .store
        .apply_to(table.id, &table.game, table.version, seat, action)
        .await?;
    let (game, events, private, version) = match applied {
        Applied::Accepted {
            game,
            events,
            private,
            version,
        } => (game, events, private, version),
        Applied::Rejected(e) => return Err(table.refused(e).into()),
        Applied::AlreadyPlayed => return Err(Refused::AlreadyPlayed.into()),
    };
    let names = table.names();
    let map = game.map().clone();
    let public = events
        .iter()
        .map(|e| text::event(table.lang(), &map, &names, e))
        .collect();
    let tickets_changed = private.iter().any(|p| matches!(p, PrivateEvent::TicketsKept { .. }));
    let private = private.iter().map(|p| text::private_event(lang, &map, p)).collect();
    // A new turn message is due when a fresh turn begins: someone else's, or the very first one.
    let started = events.iter().any(|e| matches!(e, Event::GameStarted { .. }));
    let turn_over = game.is_over() || (*game.step() == Step::Turn && (game.current() != seat || started));
    Ok(Played {
        public,
        private,
        turn_over,
        seat,
        tickets_changed,
        after: Table {
            game: *game,
            version,
            ..table
        },
    })
}
