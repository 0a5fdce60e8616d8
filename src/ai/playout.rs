//! Play-outs: a dealt game played to its end with normal players at every seat, as a search plays each move it
//! weighs, and what the end means for a seat (its reward).

use std::cell::OnceCell;
use std::sync::Arc;

use super::normal::{Moves, NormalPlayer};
use crate::rules::{Action, DealtGame, Event, FinalScore, GameRng, Map, RouteSet, Seat};

/// Most actions in one play-out (games end long before; this only bounds a broken position).
const PLAYOUT_LIMIT: usize = 5_000;

/// Plays a dealt game to its end with normal players at every seat, as a search's play-out does (`events` is
/// working memory). A broken position (one running past a few thousand actions, or refusing a player's move) is
/// left unfinished.
pub fn play_to_the_end(map: &Arc<Map>, game: &mut DealtGame, rng: &mut GameRng, events: &mut Vec<Event>) {
    let mut listed = Vec::with_capacity(32);
    for _ in 0..PLAYOUT_LIMIT {
        let Some(&who) = game.to_act().first() else { break };
        // The moves besides building are listed; claims and stations are asked for only when the normal player's
        // choice comes to them (see `PlayoutMoves`). It pays with the fewest wild cards a colour allows, so the
        // other payments are never its choice; only its rare random fallback (nothing it wants is legal) picks from
        // a shorter list.
        game.legal_actions_besides_building(who, &mut listed);
        let moves = PlayoutMoves {
            game,
            seat: who,
            listed: &listed,
            every: OnceCell::new(),
        };
        let action = NormalPlayer::decide(map, &game.seat_view(who), &moves, rng);
        events.clear();
        if game.apply_into(who, action, events).is_err() {
            break;
        }
    }
}

/// A play-out's legal moves for the seat to act, as [`DealtGame::legal_actions_sparing_wilds`] lists them: the
/// claims and stations are listed only when the normal player's choice asks for them.
struct PlayoutMoves<'a> {
    game: &'a DealtGame,
    seat: Seat,
    /// The moves that neither build nor pass ([`DealtGame::legal_actions_besides_building`]).
    listed: &'a [Action],
    /// Every legal move, listed the first time they are asked for.
    every: OnceCell<Vec<Action>>,
}

impl Moves for PlayoutMoves<'_> {
    fn listed(&self) -> &[Action] {
        self.listed
    }

    fn each_claim(&self, among: &RouteSet, f: impl FnMut(Action)) {
        self.game.each_claim_sparing_wilds(self.seat, among, f);
    }

    fn each_station(&self, f: impl FnMut(Action)) {
        self.game.each_station_sparing_wilds(self.seat, f);
    }

    fn every(&self) -> &[Action] {
        self.every.get_or_init(|| {
            let mut every = Vec::new();
            self.game.legal_actions_sparing_wilds(self.seat, &mut every);
            every
        })
    }

    fn holds(&self, action: &Action) -> bool {
        // Claims and stations come from the game's own lists of legal ones (the player makes none up); a pass is
        // in the full list only.
        if matches!(action, Action::Claim { .. } | Action::BuildStation { .. }) {
            debug_assert!(self.every().contains(action), "{action:?} is not legal");
            return true;
        }
        self.listed.contains(action) || self.every().contains(action)
    }
}

/// Plays a game to its end with normal players at every seat; the reward is what the end means for `seat`
/// ([`reward`]).
pub(super) fn play_out(
    map: &Arc<Map>,
    game: &mut DealtGame,
    seat: Seat,
    rng: &mut GameRng,
    events: &mut Vec<Event>,
) -> f64 {
    play_to_the_end(map, game, rng, events);
    let Some((scores, ranks)) = game.final_standing() else {
        // Only a broken position runs past the limit: neither a win nor a loss.
        return 0.0;
    };
    reward(&scores, &ranks, seat)
}

/// What a finished game's `scores` and `ranks` (1 for the winner) mean for `seat`, as a search weighs a play-out: a
/// win counts 1 (shared when the rules leave players tied), and the margin over the best other score adds a little
/// either way (up to a quarter), so that among lost games the closer ones still count for more.
pub fn reward(scores: &[FinalScore], ranks: &[usize], seat: Seat) -> f64 {
    let mine = scores[seat.index()].total;
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != seat.index())
        .map(|(_, s)| s.total)
        .max()
        .unwrap_or(mine);
    // A win as the rules rank it, tie-breaks included (on small boards like Berlin's, equal points are common and
    // the tickets completed decide), shared between the players still tied after them.
    let winners = ranks.iter().filter(|&&rank| rank == 1).count();
    let win = if ranks[seat.index()] == 1 {
        1.0 / winners as f64
    } else {
        0.0
    };
    win + (f64::from(mine - best_other) / 100.0).clamp(-0.25, 0.25)
}
