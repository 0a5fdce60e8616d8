//! Computer players. A computer player decides from what its seat may see — the seat's view (the public board and
//! counts, its own hand and tickets) and the actions legal for it — never from the game itself, so it cannot see
//! another hand, another player's tickets or the deck. Pure like the rules: no I/O, no async, no Discord (a thread's
//! memory of the plans it made last, and of a search's buffers, saves time and never changes a decision).

mod easy;
mod guess;
mod hint;
mod normal;
pub mod plan;
mod player;
mod playout;
mod search;
mod sight;

use std::sync::Arc;

use crate::rules::{Action, DealtGame, GameRng, Map, SeatView};
use easy::{EasyPlayer, RandomPlayer};
pub use hint::{Hint, Reason, hint};
use normal::NormalPlayer;
use plan::Plan;
pub use player::Player;
pub use playout::{play_to_the_end, reward};
use search::SearchPlayer;
pub use search::{DEFAULT_THINK, HINT_THINK, Overruled, Stopwatch, Think};
use sight::Sight;

/// A game dealt from `view` as the hard player deals the games it plays out: the unseen cards shuffled, the other
/// seats' tickets guessed from the order and places of their claims (see the guess's docs). `None` when no game can
/// be dealt from the view (it cannot happen for a view of a real game).
pub fn deal_as_guessed(map: &Arc<Map>, view: &SeatView, rng: &mut GameRng) -> Option<DealtGame> {
    guess::TicketGuess::new(map, view).deal(map, view, rng)
}

/// How strong a computer player is: the one level enum of the crate (a game's settings store it by its name).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Any legal action, uniformly: a yardstick, not an opponent.
    Random,
    /// Keeps its tickets in mind and claims toward them, draws otherwise; makes human-like mistakes.
    Easy,
    /// Plans: keeps tickets it can finish, claims the cheapest connections (in pieces and claims) before they are
    /// blocked, collects the colours its plan needs; near the end, with its tickets done and a clear lead, it ends
    /// the game sooner.
    #[default]
    Normal,
    /// Searches: plays a handful of sensible moves out to the end of many games dealt from what it has seen, with
    /// normal players at every seat, and keeps the move that wins most. Thinks about a second per move.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Random, Level::Easy, Level::Normal, Level::Hard];

    /// The level's name as commands write it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The levels a game's computer players may have (`/ttr start level:`): random play is no opponent.
    pub const IN_GAMES: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The level with this name (case and surrounding spaces forgiven).
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name.trim().to_lowercase())
    }

    /// The level a game may have with this name (see [`Level::IN_GAMES`]).
    pub fn in_games_from_name(name: &str) -> Option<Level> {
        Level::from_name(name).filter(|level| Level::IN_GAMES.contains(level))
    }

    /// A player of this level for a whole game; a searching one thinks for `think` per decision on average,
    /// longer on ticket choices and on the turns where a search pays, not at all on a second card nor, when few
    /// play-outs fit its budget, on a turn early in the game (the other levels do not search).
    pub fn player_thinking(self, think: Think) -> Computer {
        match self {
            Level::Hard => Computer::Hard(SearchPlayer::for_a_game(think)),
            other => other.player_for_one_decision(think),
        }
    }

    /// A player of this level for one decision (a player made again for each move, as the bot's are, since its
    /// moves may be hours and restarts apart); a searching one thinks for `think` at most.
    pub fn player_for_one_decision(self, think: Think) -> Computer {
        match self {
            Level::Random => Computer::Random(RandomPlayer),
            Level::Easy => Computer::Easy(EasyPlayer),
            Level::Normal => Computer::Normal(NormalPlayer),
            Level::Hard => Computer::Hard(SearchPlayer::once(think)),
        }
    }
}

/// What a planning player makes of its seat's position, as its decisions use it: the plan for its open tickets, and
/// the turns it expects a new ticket to take (`u32::MAX` when none could be completed). Remembered on this thread
/// while it still holds, exactly as it would be made afresh.
pub fn plan_and_new_ticket_turns(map: &Arc<Map>, view: &SeatView) -> (Plan, u32) {
    let sight = Sight::remembered(map, view);
    let turns = sight.turns_for_a_new_ticket();
    (sight.plan, turns)
}

/// A computer player of one of the levels (see [`Level`]): the set is closed, so it is a `match`, not a box.
pub enum Computer {
    /// See [`Level::Random`].
    Random(RandomPlayer),
    /// See [`Level::Easy`].
    Easy(EasyPlayer),
    /// See [`Level::Normal`].
    Normal(NormalPlayer),
    /// See [`Level::Hard`].
    Hard(SearchPlayer),
}

impl Computer {
    /// See [`Player::choose`].
    pub fn choose(&mut self, map: &Arc<Map>, view: &SeatView, legal: &[Action], rng: &mut GameRng) -> Action {
        match self {
            Computer::Random(player) => player.choose(map, view, legal, rng),
            Computer::Easy(player) => player.choose(map, view, legal, rng),
            Computer::Normal(player) => player.choose(map, view, legal, rng),
            Computer::Hard(player) => player.choose(map, view, legal, rng),
        }
    }
}
