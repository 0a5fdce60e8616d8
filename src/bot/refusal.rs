//! What a handler can fail with: a refusal the player is told in their language (nothing changed), or something
//! that went wrong inside (logged with the interaction's id, answered with a short apology). Every handler returns
//! it with `?`; the router and `on_error` answer it in one place.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use crate::lang::Lang;
use crate::refusal::Refusal;
use crate::rules::names::{NameError, excerpt};
use crate::rules::{Map, Purchase, RuleError, Step};
use crate::store::StoreError;
use crate::text::{self, catalog::tr};

/// What a player can be told when what they asked cannot be done. Each variant is one sentence of the catalog (or
/// one family of them, filled from its data).
#[derive(Clone, Debug)]
pub enum Refused {
    /// The rules refuse the action.
    Rule {
        /// The game's map, for the names in the sentence.
        map: Arc<Map>,
        /// Why.
        error: RuleError,
    },
    /// A typed name or payment did not read.
    Name {
        /// The game's map, for the close names offered.
        map: Arc<Map>,
        /// Why.
        error: NameError,
    },
    /// The store refuses (a busy channel, not seated, not the host, …).
    Store(Refusal),
    /// The hand holds no way to pay for a purchase.
    CannotPay {
        /// The game's map.
        map: Arc<Map>,
        /// What was to be bought.
        purchase: Purchase,
        /// The game's step (a tunnel's extra cards are named from it).
        step: Step,
    },
    /// A button of a turn already played, or a click that lost a race.
    AlreadyPlayed,
    /// A button of a game that is over.
    GameOver,
    /// A button of a game of another channel.
    OtherChannel,
    /// A component that is none of the bot's.
    UnknownButton {
        /// Whether it is shaped like the bot's ids at all (if not, it may be from an older version).
        shaped_like_ours: bool,
    },
    /// A lobby button of a lobby that is closed.
    LobbyClosed,
    /// `level:` named no level.
    UnknownLevel(String),
    /// `layout:` named no layout.
    UnknownLayout(String),
    /// `/ttr draw card:` named no card to draw.
    DrawHow,
    /// The ticket select sent something that is not a choice of tickets.
    KeepFromList,
    /// The ticket select sent tickets the map does not have.
    KeepNotTickets,
    /// `thread:true` outside a server.
    ThreadNoServer,
    /// Discord would not open the thread.
    ThreadFailed,
    /// `thread:true` from someone who may not create threads in this channel.
    ThreadNotAllowed,
    /// An option could not be read (out of range, or a Discord showing an older `/ttr`).
    OptionUnreadable,
    /// `/ttr hint` in a game whose host has not turned hints on.
    HintsOff,
    /// `/ttr hint` from a player with no move to make now.
    HintNotNow,
    /// `/ttr hint` while that person's last hint is still being thought, or no thinking thread came free in time.
    HintBusy,
    /// As many of these were asked for in the last minute as may be (by this person, or in this channel).
    TooOften {
        /// What was asked for.
        what: super::limits::Often,
        /// How long until the next one is allowed.
        wait: std::time::Duration,
    },
    /// So many pictures wait to be drawn that one more for one person would hold up the turn messages.
    DrawingBusy,
    /// `/ttr map` outside a server: a server's maps are the server's.
    MapsNeedServer,
    /// A map upload or removal from someone who neither manages the server nor has its map makers' role.
    NotMapMaker,
    /// `/ttr settings map_makers:` from someone who does not manage the server.
    NotServerManager,
    /// `/ttr settings web_links:` outside a server, or from someone who does not manage the server.
    NotLinksManager,
    /// An uploaded map file could not be read.
    MapFile(super::download::NotFetched),
    /// An uploaded map file is not text (UTF-8).
    MapNotText,
}

impl Refused {
    /// The sentence the player reads, in `lang`.
    pub fn words(&self, lang: Lang) -> String {
        match self {
            Refused::Rule { map, error } => text::rule_error(lang, map, error),
            Refused::Name { map, error } => text::name_error(lang, map, error),
            Refused::Store(refusal) => text::refusal(lang, refusal),
            Refused::CannotPay { map, purchase, step } => text::cannot_pay(lang, map, *purchase, step),
            Refused::AlreadyPlayed => tr!(lang, "already-played"),
            Refused::GameOver => tr!(lang, "already-played-over"),
            Refused::OtherChannel => tr!(lang, "button-other-channel"),
            Refused::UnknownButton { shaped_like_ours: true } => tr!(lang, "button-unknown"),
            Refused::UnknownButton {
                shaped_like_ours: false,
            } => tr!(lang, "button-unknown-old"),
            Refused::LobbyClosed => tr!(lang, "lobby-closed-button"),
            Refused::UnknownLevel(name) => tr!(lang, "level-unknown", name = excerpt(name)),
            Refused::UnknownLayout(name) => tr!(lang, "layout-unknown", name = excerpt(name)),
            Refused::DrawHow => tr!(lang, "draw-how"),
            Refused::KeepFromList => tr!(lang, "keep-from-list"),
            Refused::KeepNotTickets => tr!(lang, "keep-not-tickets"),
            Refused::ThreadNoServer => tr!(lang, "thread-no-server"),
            Refused::ThreadFailed => tr!(lang, "thread-failed"),
            Refused::ThreadNotAllowed => tr!(lang, "thread-not-allowed"),
            Refused::OptionUnreadable => tr!(lang, "option-unreadable"),
            Refused::HintsOff => tr!(lang, "hints-off"),
            Refused::HintNotNow => tr!(lang, "hint-not-now"),
            Refused::HintBusy => tr!(lang, "hint-busy"),
            Refused::TooOften { what, wait } => {
                let (most, seconds) = (what.most(), super::limits::seconds(*wait));
                match what {
                    super::limits::Often::Picture => tr!(lang, "too-many-pictures", most = most, seconds = seconds),
                    super::limits::Often::PublicBoard => tr!(lang, "too-many-boards", most = most, seconds = seconds),
                    super::limits::Often::MapUpload => tr!(lang, "too-many-uploads", most = most, seconds = seconds),
                }
            }
            Refused::DrawingBusy => tr!(lang, "drawing-busy"),
            Refused::MapsNeedServer => tr!(lang, "maps-need-server"),
            Refused::NotMapMaker => tr!(lang, "not-map-maker"),
            Refused::NotServerManager => tr!(lang, "not-server-manager"),
            Refused::NotLinksManager => tr!(lang, "not-links-manager"),
            Refused::MapFile(super::download::NotFetched::TooBig { most }) => {
                tr!(lang, "map-file-too-big", kilobytes = most / 1024)
            }
            Refused::MapFile(super::download::NotFetched::NotDiscords) => tr!(lang, "map-file-not-discords"),
            Refused::MapFile(super::download::NotFetched::Failed) => tr!(lang, "map-file-failed"),
            Refused::MapNotText => tr!(lang, "map-not-text"),
        }
    }
}

/// Why a handler did not finish: the player is told (nothing changed), or something failed inside.
#[derive(Debug)]
pub enum Error {
    /// What the player asked cannot be done: they are told why, privately.
    Refused(Refused),
    /// The same, told by replacing the private picker the component sits on (a payment the rules refuse, say).
    RefusedInPlace(Refused),
    /// Something failed inside (the database, Discord, a thread): logged; the user gets an apology.
    Internal(Box<dyn std::error::Error + Send + Sync>),
    /// Something failed after what the user asked was done and stored (the answer, a post): logged, never answered
    /// with "nothing was changed", and the game goes on (its announcement is owed, see `announce`).
    Kept(Box<dyn std::error::Error + Send + Sync>),
}

impl Error {
    /// A refusal told on the private picker the component sits on, instead of in a new message.
    pub fn in_place(self) -> Error {
        match self {
            Error::Refused(refused) => Error::RefusedInPlace(refused),
            other => other,
        }
    }

    /// The error as it stands once what the user asked was done: nobody is told it failed (it did not), it is
    /// logged.
    pub fn after_answer(self) -> Error {
        match self {
            Error::Refused(refused) | Error::RefusedInPlace(refused) => {
                Error::Kept(format!("refused after the answer: {}", refused.words(Lang::En)).into())
            }
            Error::Internal(e) | Error::Kept(e) => Error::Kept(e),
        }
    }

    /// A component routed to a handler that does not handle it (a router out of step with a feature).
    pub fn misrouted(component: impl std::fmt::Debug) -> Error {
        Error::Internal(format!("{component:?} was routed to a handler that does not take it").into())
    }

    /// Whether Discord lost the way to answer: it failed for a passing reason (a 5xx, a 429, no answer) or no
    /// longer knows the interaction (10062, answered past 3 seconds; 40060, answered already). An apology could not
    /// get through either.
    pub fn answer_lost(&self) -> bool {
        match self {
            Error::Internal(e) | Error::Kept(e) => {
                let passing = e.downcast_ref::<serenity::Error>().is_some_and(passing);
                passing || matches!(self.discord_code(), Some(10062 | 40060))
            }
            Error::Refused(_) | Error::RefusedInPlace(_) => false,
        }
    }

    /// The error Discord answered a request with, if this is one.
    pub fn discord_code(&self) -> Option<isize> {
        match self {
            Error::Internal(e) | Error::Kept(e) => match e.downcast_ref::<serenity::Error>() {
                Some(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))) => {
                    Some(response.error.code)
                }
                _ => None,
            },
            Error::Refused(_) | Error::RefusedInPlace(_) => None,
        }
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Refused(refused) | Error::RefusedInPlace(refused) => {
                write!(f, "refused: {}", refused.words(Lang::En))
            }
            Error::Internal(e) => write!(f, "{e}"),
            Error::Kept(e) => write!(f, "after the action was kept: {e}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<Refused> for Error {
    fn from(refused: Refused) -> Error {
        Error::Refused(refused)
    }
}

impl From<StoreError> for Error {
    fn from(e: StoreError) -> Error {
        match e {
            StoreError::Refused(refusal) => Error::Refused(Refused::Store(refusal)),
            internal => Error::Internal(Box::new(internal)),
        }
    }
}

impl From<Refusal> for Error {
    fn from(refusal: Refusal) -> Error {
        Error::Refused(Refused::Store(refusal))
    }
}

/// Whether the same request may succeed if tried again: Discord's 5xx and 429, and requests that never got an
/// answer (a timeout, a refused or dropped connection). Anything else (a missing permission, a channel that is
/// gone, a body Discord refuses) would fail the same way again.
pub fn passing(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            response.status_code.is_server_error() || response.status_code.as_u16() == 429
        }
        serenity::Error::Http(serenity::HttpError::Request(_)) => true,
        _ => false,
    }
}

/// Failures from outside (Discord, the blocking pool, the drawing queue) are internal.
macro_rules! internal_from {
    ($($from:ty),* $(,)?) => {
        $(impl From<$from> for Error {
            fn from(e: $from) -> Error {
                Error::Internal(Box::new(e))
            }
        })*
    };
}

internal_from!(
    serenity::Error,
    tokio::task::JoinError,
    tokio::sync::AcquireError,
    getrandom::Error,
);
