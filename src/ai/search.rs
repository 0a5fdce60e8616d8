//! The hard level: searches. For each decision but a tunnel's payment it lists a handful of sensible moves, deals
//! games consistent with what its seat has seen ([`DealtGame`], the other seats' tickets as [`TicketGuess`] weighs
//! them), plays each move out to the end of each such game with normal players at every seat, and keeps the move
//! that wins most (sequential halving: the weaker half of the moves is dropped after each round, so the budget goes
//! to the moves that matter). Over a whole game, the time saved on second cards and on turns early in the game goes
//! to ticket choices and to the late turns, where searching pays.

use core::time::Duration;
use std::sync::Arc;

use super::guess::TicketGuess;
use super::{NormalPlayer, Player, Sight, payment_cost};
use crate::rules::{Action, DealtGame, Event, GameRng, Map, Seat, SeatView, Step, TicketId};

/// How long a searching player thinks about one decision when no one says otherwise: a second on one core.
pub const DEFAULT_THINK: Duration = Duration::from_secs(1);

/// How long a hint thinks. The search reads the clock between its rounds, so it may overrun by part of a round: a
/// margin below the 2 s a hint is promised in.
pub const HINT_THINK: Duration = Duration::from_millis(1500);

/// The time passed since some fixed moment, as the caller's clock reads it. The computer players read no clock of
/// their own: like the rules they decide from what they are given, so a test can give them a count instead.
pub type Clock = Arc<dyn Fn() -> Duration + Send + Sync>;

/// How long a searching player thinks about one decision.
#[derive(Clone)]
pub enum Think {
    /// About `budget` as `clock` measures it (one core); the search reads the clock between its rounds of
    /// play-outs, so it may run over by part of a round.
    Time {
        /// The time to think per decision.
        budget: Duration,
        /// Where the time is read.
        clock: Clock,
    },
    /// Exactly this many play-outs: the same choice on every machine, for tests.
    Playouts(u32),
}

impl std::fmt::Debug for Think {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Think::Time { budget, .. } => write!(f, "Think::Time({budget:?})"),
            Think::Playouts(n) => write!(f, "Think::Playouts({n})"),
        }
    }
}

/// Searches: see [`super::Level::Hard`].
pub(super) struct SearchPlayer {
    think: Think,
    /// Whether this player plays a whole game (and so may save time on one decision for another).
    whole_game: bool,
    /// Thinking time saved on decisions not searched, in seconds, for those that matter most; below zero while a
    /// ticket choice's borrowing is paid back.
    saved: f64,
}

impl SearchPlayer {
    /// A player for one decision (a hint): it thinks for `think` at most.
    pub(super) fn once(think: Think) -> SearchPlayer {
        SearchPlayer {
            think,
            whole_game: false,
            saved: 0.0,
        }
    }

    /// A player for a whole game: with a time budget, it thinks for `think` per decision on average. A second card
    /// drawn is not searched (the plan's colour rarely loses to another), nor a turn before [`SEARCH_TURNS_FROM`],
    /// and the time saved goes to the decisions a game turns on: a ticket choice may take the savings, up to
    /// [`MOST_PER_DECISION`] budgets (the starting choice borrows them from the decisions to come, since it comes
    /// before any saving), and a later turn an even share of them over the turns the seat can still expect.
    pub(super) fn for_a_game(think: Think) -> SearchPlayer {
        SearchPlayer {
            whole_game: true,
            ..SearchPlayer::once(think)
        }
    }

    /// The move, and when the search replaced the normal player's, what it replaced and on how many deals.
    pub(super) fn decide(
        &mut self,
        map: &Arc<Map>,
        view: &SeatView,
        legal: &[Action],
        rng: &mut GameRng,
    ) -> (Action, Option<Overruled>) {
        let planned = NormalPlayer.choose(map, view, legal, rng);
        let skipped = match view.public.phase {
            Step::Tunnel(_) | Step::Over => true,
            Step::SecondCard => self.whole_game,
            _ => {
                self.whole_game
                    && view.offer.is_empty()
                    && progress(map, view) < SEARCH_TURNS_FROM
                    && Sight::remembered(map, view).turns_left() > SHORT_GAME_TURNS
            }
        };
        let candidates = if skipped {
            Vec::new()
        } else {
            candidates(map, view, legal, planned)
        };
        if candidates.len() < 2 {
            self.spent(Duration::ZERO);
            return (planned, None);
        }
        let think = self.think_now(map, view);
        let started = self.clock_now();
        let searched = search(map, view, &candidates, &think, rng);
        self.spent(self.clock_now().saturating_sub(started));
        match searched {
            Some((action, Some(deals))) => (action, Some(Overruled { plain: planned, deals })),
            Some((action, None)) => (action, None),
            None => (planned, None),
        }
    }

    /// The clock's reading (zero when thinking is counted in play-outs).
    fn clock_now(&self) -> Duration {
        match &self.think {
            Think::Time { clock, .. } => clock(),
            Think::Playouts(_) => Duration::ZERO,
        }
    }

    /// How long to think about this decision: its budget and, for a whole game's player, what it may take from the
    /// savings (see [`SearchPlayer::for_a_game`]).
    fn think_now(&self, map: &Arc<Map>, view: &SeatView) -> Think {
        match &self.think {
            Think::Time { budget, clock } if self.whole_game => {
                let own = budget.as_secs_f64();
                let most = own * (MOST_PER_DECISION - 1.0);
                let extra = if view.offer.is_empty() {
                    // Shared evenly among the turns this seat can still expect (each searched, this late).
                    self.saved.max(0.0) / f64::from(Sight::remembered(map, view).turns_left().max(1))
                } else if view.public.phase == Step::StartingTickets {
                    // The first decision, before anything is saved: borrowed from the unsearched decisions to come.
                    self.saved + most
                } else {
                    self.saved
                };
                let extra = extra.clamp(0.0, most);
                Think::Time {
                    budget: *budget + Duration::from_secs_f64(extra),
                    clock: Arc::clone(clock),
                }
            }
            think => think.clone(),
        }
    }

    /// Books a decision's thinking: its budget is added to the savings, what it took taken from them.
    fn spent(&mut self, took: Duration) {
        if let Think::Time { budget, .. } = &self.think
            && self.whole_game
        {
            self.saved += budget.as_secs_f64() - took.as_secs_f64();
        }
    }
}

impl Player for SearchPlayer {
    fn choose(&mut self, map: &Arc<Map>, view: &SeatView, legal: &[Action], rng: &mut GameRng) -> Action {
        self.decide(map, view, legal, rng).0
    }
}

/// A search's verdict against the normal player's move, when it replaced it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overruled {
    /// The normal player's move, which the chosen one did better than.
    pub plain: Action,
    /// The games played out from the position on which the two were compared.
    pub deals: u32,
}

/// How far into the game (see [`progress`]) a whole game's player starts searching turns. Earlier in the game, a
/// search at 100 ms found no better than the normal player's move on average: measured over 100 positions each from
/// normal players' games on USA and Europe, against every candidate's value from 400 deals. Its time goes to the later
/// turns and to ticket choices instead, where the same measure found all of the search's gain.
const SEARCH_TURNS_FROM: f64 = 0.6;
/// Own turns left below which every turn is searched, however early: in a game this short (Berlin's, from its start)
/// play-outs are short and many fit in a decision's time. Skipping Berlin's early turns cost hard 11 points of win
/// rate (41.0% against 52.0% over the same 200 deals); with this clause it won 43.5%, so it does not yet give back
/// all of that loss.
const SHORT_GAME_TURNS: u32 = 16;
/// Longest one decision may think, in decisions' budgets.
const MOST_PER_DECISION: f64 = 10.0;
/// Claims of routes outside the plan worth trying, longest first.
const OTHER_CLAIMS: usize = 4;
/// Most moves searched at once.
const MOST_CANDIDATES: usize = 16;
/// Standard errors by which a move must beat the normal player's choice to replace it.
const CONFIDENCE: f64 = 1.5;
/// Most actions in one play-out (games end long before; this only bounds a broken position).
const PLAYOUT_LIMIT: usize = 5_000;

/// The moves worth comparing: the normal player's choice first, every kind of card draw, more tickets, and claims
/// (the planned routes, then the longest others), each claim with the payment that spares the cards most needed.
fn candidates(map: &Map, view: &SeatView, legal: &[Action], planned: Action) -> Vec<Action> {
    let mut out = vec![planned];
    let push = |a: Action, out: &mut Vec<Action>| {
        if out.len() < MOST_CANDIDATES && !out.contains(&a) && legal.contains(&a) {
            out.push(a);
        }
    };
    if !view.offer.is_empty() {
        for &a in legal {
            push(a, &mut out);
        }
        return out;
    }
    let sight = Sight::new(map, view);
    let need = sight.shortfall();
    // One payment per route: the cheapest by what the plan still needs.
    let mut claims: Vec<(u8, bool, u32, Action)> = Vec::new();
    for &a in legal {
        if let Action::Claim { route, cards } = a {
            let cost = payment_cost(&cards, &need);
            let planned_route = sight.targets.contains(&route);
            match claims
                .iter_mut()
                .find(|c| matches!(c.3, Action::Claim { route: r, .. } if r == route))
            {
                Some(known) if known.2 <= cost => {}
                Some(known) => *known = (known.0, known.1, cost, a),
                None => claims.push((map.route(route).cost, planned_route, cost, a)),
            }
        }
    }
    claims.sort_by_key(|c| (std::cmp::Reverse(c.1), std::cmp::Reverse(c.0), c.2));
    let planned_claims = claims.iter().filter(|c| c.1).count();
    for c in claims.iter().take(planned_claims + OTHER_CLAIMS) {
        push(c.3, &mut out);
    }
    if legal.contains(&Action::DrawBlind) {
        push(Action::DrawBlind, &mut out);
    }
    let mut seen_cards = Vec::new();
    for &a in legal {
        if let Action::DrawFaceup { slot } = a
            && let Some(card) = view.public.faceup[usize::from(slot)]
            && !seen_cards.contains(&card)
        {
            seen_cards.push(card);
            push(a, &mut out);
        }
    }
    push(Action::DrawTickets, &mut out);
    out
}

/// One candidate's record: the reward of each play-out, in the order of the deals (every candidate alive in a round
/// plays on the same deals, so the first `n` rewards of two records compare moves on equal luck).
#[derive(Clone, Debug)]
struct Record {
    action: Action,
    rewards: Vec<f64>,
}

impl Record {
    fn mean(&self) -> f64 {
        if self.rewards.is_empty() {
            f64::NEG_INFINITY
        } else {
            self.rewards.iter().sum::<f64>() / self.rewards.len() as f64
        }
    }

    /// Whether this move did better than `baseline` on the deals both played, by more than chance explains: the
    /// mean of the paired differences [`CONFIDENCE`] standard errors above zero.
    fn clearly_beats(&self, baseline: &Record) -> bool {
        let diffs: Vec<f64> = self.rewards.iter().zip(&baseline.rewards).map(|(a, b)| a - b).collect();
        let n = diffs.len() as f64;
        if diffs.len() < 2 {
            return false;
        }
        let mean = diffs.iter().sum::<f64>() / n;
        let variance = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0);
        mean > 0.0 && mean > CONFIDENCE * (variance / n).sqrt()
    }
}

/// Sequential halving over `candidates` (the first is the normal player's choice, the baseline): each round plays
/// every remaining move out on the same freshly dealt games (so moves are compared on equal luck), then drops the
/// weaker half, never the baseline. The best move replaces the baseline only when it clearly beats it: a search too
/// short to tell moves apart plays like the normal player instead of like a coin. `None` when no game could be dealt
/// from the view (it cannot happen for a view of a real game; the caller then keeps the normal player's choice).
fn search(
    map: &Arc<Map>,
    view: &SeatView,
    candidates: &[Action],
    think: &Think,
    rng: &mut GameRng,
) -> Option<(Action, Option<u32>)> {
    let started = match think {
        Think::Time { clock, .. } => clock(),
        Think::Playouts(_) => Duration::ZERO,
    };
    let elapsed = || match think {
        Think::Time { clock, .. } => clock().saturating_sub(started),
        Think::Playouts(_) => Duration::ZERO,
    };
    let mut records: Vec<Record> = candidates
        .iter()
        .map(|&action| Record {
            action,
            rewards: Vec::new(),
        })
        .collect();
    let guess = TicketGuess::new(map, view);
    // With a time budget, the first deal (one play-out per move) measures how long a play-out takes here; each
    // round then takes an equal share of the time left, at the pace measured so far (the first play-outs of a
    // process are the slowest, so a share fixed from them alone would leave time unused).
    let mut played = 0u32;
    if let Think::Time { .. } = think {
        play_round(map, view, &guess, &mut records, 1, rng)?;
        played += records.len() as u32;
    }
    // Halving the challengers down to one, then a last round between it and the baseline.
    let challengers = records.len() - 1;
    let rounds = (usize::BITS - (challengers - 1).leading_zeros()) + 1;
    let mut alive = records.len();
    for round in 0..rounds {
        let deals = match think {
            Think::Playouts(n) => (n / (alive as u32 * rounds)).max(1),
            Think::Time { budget, .. } => {
                let spent = elapsed();
                if spent >= *budget && round > 0 {
                    break;
                }
                let per_playout = (spent / played.max(1)).as_nanos().max(1);
                let share = budget.saturating_sub(spent).as_nanos() / u128::from(rounds - round);
                (share / (per_playout * alive as u128)).clamp(1, u128::from(u32::MAX)) as u32
            }
        };
        play_round(map, view, &guess, &mut records[..alive], deals, rng)?;
        played = played.saturating_add(deals.saturating_mul(alive as u32));
        // The baseline stays first; the challengers are ranked and the weaker half dropped.
        records[1..alive].sort_by(|a, b| b.mean().total_cmp(&a.mean()));
        alive = 1 + (alive - 1).div_ceil(2);
    }
    let (baseline, challenger) = (&records[0], &records[1]);
    Some(if challenger.clearly_beats(baseline) {
        let deals = challenger.rewards.len().min(baseline.rewards.len()) as u32;
        (challenger.action, Some(deals))
    } else {
        (baseline.action, None)
    })
}

/// Deals `deals` games from the view (the other seats' tickets as `guess` weighs them) and plays every record's
/// move out on each.
fn play_round(
    map: &Arc<Map>,
    view: &SeatView,
    guess: &TicketGuess,
    records: &mut [Record],
    deals: u32,
    rng: &mut GameRng,
) -> Option<()> {
    let mut events = Vec::with_capacity(8);
    let likely = |seat: Seat, ticket: TicketId| guess.weight(seat, ticket);
    for _ in 0..deals {
        let dealt = DealtGame::deal_guessing(Arc::clone(map), view, &likely, rng).ok()?;
        let luck = rng.next_u64();
        for record in records.iter_mut() {
            let mut game = dealt.clone();
            game.apply_into(view.seat, record.action, &mut events).ok()?;
            let reward = play_out(map, &mut game, view.seat, &mut GameRng::new(luck), &mut events);
            record.rewards.push(reward);
        }
    }
    Some(())
}

/// How far the game has gone, from 0 at the start to 1 when the player with the fewest pieces is down to the map's
/// end: the share of the pieces that player may lay before the end that it has laid.
fn progress(map: &Map, view: &SeatView) -> f64 {
    let rules = &map.rules;
    let start = f64::from(rules.trains) + f64::from(rules.metros);
    let fewest = view
        .public
        .seats
        .iter()
        .map(|s| f64::from(s.trains) + f64::from(s.metros))
        .fold(start, f64::min);
    ((start - fewest) / (start - f64::from(rules.end_at)).max(1.0)).clamp(0.0, 1.0)
}

/// Plays a dealt game to its end with normal players at every seat, as a search's play-out does (`events` is
/// working memory). A broken position (one running past a few thousand actions, or refusing a player's move) is
/// left unfinished.
pub fn play_to_the_end(map: &Arc<Map>, game: &mut DealtGame, rng: &mut GameRng, events: &mut Vec<Event>) {
    let mut legal = Vec::with_capacity(128);
    for _ in 0..PLAYOUT_LIMIT {
        let Some(&who) = game.to_act().first() else { break };
        // The normal player pays with the fewest wild cards a colour allows, so the other payments are never its
        // choice; only its rare random fallback (nothing it wants is legal) picks from a shorter list.
        game.legal_actions_sparing_wilds(who, &mut legal);
        let action = NormalPlayer.choose(map, &game.seat_view(who), &legal, rng);
        events.clear();
        if game.apply_into(who, action, events).is_err() {
            break;
        }
    }
}

/// Plays a game to its end with normal players at every seat; the reward is what the end means for `seat`: a win
/// counts 1 (shared when the rules leave players tied), and the margin over the best other score adds a little
/// either way, so that among lost play-outs the closer ones still count for more.
fn play_out(map: &Arc<Map>, game: &mut DealtGame, seat: Seat, rng: &mut GameRng, events: &mut Vec<Event>) -> f64 {
    play_to_the_end(map, game, rng, events);
    let Some((scores, ranks)) = game.final_standing() else {
        // Only a broken position runs past the limit: neither a win nor a loss.
        return 0.0;
    };
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
