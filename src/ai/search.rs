//! The hard level: searches. For each decision but a tunnel's payment it lists a handful of sensible moves, deals games
//! consistent with what its seat has seen ([`DealtGame`](crate::rules::DealtGame), the other seats' tickets as
//! [`TicketGuess`] deals them), plays each move out to the end of each such game with normal players at every seat, and
//! keeps the move that wins most (sequential halving: the weaker half of the moves is dropped after each round, so the
//! budget goes to the moves that matter). Over a whole game, the time saved on second cards (and, when few play-outs
//! fit a decision, on turns early in the game) goes to ticket choices and to the turns where searching pays.

use core::time::Duration;
use std::sync::Arc;

use super::guess::TicketGuess;
use super::normal::{NormalPlayer, payment_cost};
use super::player::Player;
use super::playout::play_out;
use super::sight::Sight;
use crate::rules::{Action, GameRng, Map, SeatView, Step};

/// How long a searching player thinks about one decision when no one says otherwise: a second on one core.
pub const DEFAULT_THINK: Duration = Duration::from_secs(1);

/// How long a hint thinks. The search reads the clock between its rounds, so it may overrun by part of a round: a
/// margin below the 2 s a hint is promised in.
pub const HINT_THINK: Duration = Duration::from_millis(1500);

/// The time passed since some fixed moment, as the caller's clock reads it. The computer players read no clock of
/// their own: like the rules they decide from what they are given, so a test can give them a count instead.
pub type Stopwatch = Arc<dyn Fn() -> Duration + Send + Sync>;

/// How long a searching player thinks about one decision.
#[derive(Clone)]
pub enum Think {
    /// About `budget` as `clock` measures it (one core); the search reads the clock between its rounds of
    /// play-outs, so it may run over by part of a round.
    Time {
        /// The time to think per decision.
        budget: Duration,
        /// Where the time is read.
        clock: Stopwatch,
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
pub struct SearchPlayer {
    think: Think,
    /// Whether this player plays a whole game (and so may save time on one decision for another).
    whole_game: bool,
    /// Thinking time saved on decisions not searched, in seconds, for those that matter most; below zero while a
    /// ticket choice's borrowing is paid back.
    saved: f64,
    /// How long one play-out took in this player's first search: the starting ticket choice, whole games played
    /// out over several decisions' time, so a steady measure of the map's play-outs on this machine (later ones,
    /// shorter as the game nears its end, would flip a long map's regime in its last turns).
    playout_time: Option<Duration>,
}

impl SearchPlayer {
    /// A player for one decision (a hint): it thinks for `think` at most.
    pub(super) fn once(think: Think) -> SearchPlayer {
        SearchPlayer {
            think,
            whole_game: false,
            saved: 0.0,
            playout_time: None,
        }
    }

    /// A player for a whole game: with a time budget, it thinks for `think` per decision on average. A second card
    /// drawn is not searched (the plan's colour rarely loses to another), and the time saved goes to the decisions a
    /// game turns on: a ticket choice may take the savings, up to [`MOST_PER_DECISION`] budgets (the starting choice
    /// borrows them from the decisions to come, since it comes before any saving). Turns depend on how many
    /// play-outs fit a decision, as its first search measured them ([`EARLY_SEARCH_PLAYOUTS`]): when many do, every
    /// turn is searched and takes a quarter of the savings; when few do, a turn before [`SEARCH_TURNS_FROM`] is not
    /// searched, and a later one takes an even share of the savings over the turns the seat can still expect.
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
                    && !self.many_playouts_fit()
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
        let took = self.clock_now().saturating_sub(started);
        self.spent(took);
        match searched {
            Some(searched) => {
                self.measured(took, searched.playouts);
                let overruled = searched.deals.map(|deals| Overruled { plain: planned, deals });
                (searched.action, overruled)
            }
            None => (planned, None),
        }
    }

    /// Records the pace of a search that took `took` for `playouts` play-outs, if it is this player's first.
    fn measured(&mut self, took: Duration, playouts: u32) {
        if self.playout_time.is_none() && playouts > 0 && matches!(self.think, Think::Time { .. }) {
            self.playout_time = Some(took / playouts);
        }
    }

    /// Whether enough play-outs fit a decision ([`EARLY_SEARCH_PLAYOUTS`]) for a search to pay early in the game.
    fn many_playouts_fit(&self) -> bool {
        self.playouts_that_fit() >= EARLY_SEARCH_PLAYOUTS
    }

    /// Play-outs one decision's budget fits, at the pace of this player's first search (every one, before it).
    fn playouts_that_fit(&self) -> u32 {
        match (&self.think, self.playout_time) {
            (Think::Playouts(n), _) => *n,
            (Think::Time { budget, .. }, Some(each)) => {
                (budget.as_nanos() / each.as_nanos().max(1)).min(u128::from(u32::MAX)) as u32
            }
            (Think::Time { .. }, None) => u32::MAX,
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
                let decision = if view.offer.is_empty() {
                    Decision::Turn {
                        turns_left: Sight::remembered(map, view).turns_left(),
                    }
                } else if view.public.phase == Step::StartingTickets {
                    Decision::StartingTickets
                } else {
                    Decision::Tickets
                };
                Think::Time {
                    budget: self.time_for(*budget, decision),
                    clock: Arc::clone(clock),
                }
            }
            think => think.clone(),
        }
    }

    /// A whole game's player's time for `decision`, `budget` being its time per decision on average (the rules and
    /// their reasons: [`SearchPlayer::for_a_game`]).
    fn time_for(&self, budget: Duration, decision: Decision) -> Duration {
        let most = budget.as_secs_f64() * (MOST_PER_DECISION - 1.0);
        let extra = match decision {
            // Every turn is searched, and each pays: the savings are spent soon, a share at a time.
            Decision::Turn { .. } if self.many_playouts_fit() => self.saved * SHARE_OF_SAVED,
            // Shared evenly among the turns this seat can still expect (each searched, this late).
            Decision::Turn { turns_left } => self.saved.max(0.0) / f64::from(turns_left.max(1)),
            // The first decision, before anything is saved: borrowed from the unsearched decisions to come.
            Decision::StartingTickets => self.saved + most,
            Decision::Tickets => self.saved,
        };
        budget + Duration::from_secs_f64(extra.clamp(0.0, most))
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

/// What a whole game's player's time for a decision depends on, besides its savings and its pace.
#[derive(Clone, Copy, Debug)]
enum Decision {
    /// A turn, with `turns_left` own turns expected (see [`Sight::turns_left`]).
    Turn { turns_left: u32 },
    /// The starting ticket choice.
    StartingTickets,
    /// A later ticket choice.
    Tickets,
}

/// A search's verdict against the normal player's move, when it replaced it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overruled {
    /// The normal player's move, which the chosen one did better than.
    pub plain: Action,
    /// The games played out from the position on which the two were compared.
    pub deals: u32,
}

/// From how far into the game ([`progress`]) [`LATE_OTHER_CLAIMS`] are tried, and turns searched when fewer than
/// [`EARLY_SEARCH_PLAYOUTS`] fit: earlier turns gained about nothing (figures: docs/ai-lab.md, "Search by stage").
const SEARCH_TURNS_FROM: f64 = 0.6;
/// Play-outs a decision must fit for every turn to be searched, the savings spent soon ([`SHARE_OF_SAVED`]): set
/// between the long maps' counts and Berlin's at 100 ms (figures: docs/ai-lab.md, "Searching every turn").
const EARLY_SEARCH_PLAYOUTS: u32 = 120;
/// The share of the savings a turn may take when every turn is searched: early turns pay then, so the savings are
/// not kept for the end (figures: docs/ai-lab.md, "Searching every turn").
const SHARE_OF_SAVED: f64 = 0.25;
/// Longest one decision may think, in decisions' budgets.
const MOST_PER_DECISION: f64 = 10.0;
/// Claims of routes outside the plan worth trying, longest first, before [`SEARCH_TURNS_FROM`]: 8 lost a little there
/// (the play-outs spread over more moves; figures: docs/ai-lab.md, "Claims outside the plan").
const EARLY_OTHER_CLAIMS: usize = 4;
/// Claims of routes outside the plan worth trying from [`SEARCH_TURNS_FROM`] on, when points and blocking count
/// most: 8 gained there, 12 less; 16 was not kept (figures: docs/ai-lab.md, "Claims outside the plan").
const LATE_OTHER_CLAIMS: usize = 8;
/// Most moves searched at once: room for 24 seldom mattered (figures: docs/ai-lab.md, "Claims outside the plan").
const MOST_CANDIDATES: usize = 16;
/// Standard errors by which a move must beat the normal player's choice to replace it.
const CONFIDENCE: f64 = 1.5;

/// The moves worth comparing, in this order: the normal player's choice, claims (the planned routes, then the
/// longest others: more of them late in the game, each with the payment that spares the cards most needed), every
/// kind of card draw, more tickets. At most [`MOST_CANDIDATES`]: late in the game, with many claims in reach, the
/// last face-up draws and more tickets may not fit (more room seldom changed a choice); of a ticket offer's many
/// choices (Switzerland's 26), the first in the rules' order.
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
    let others = if progress(map, view) < SEARCH_TURNS_FROM {
        EARLY_OTHER_CLAIMS
    } else {
        LATE_OTHER_CLAIMS
    };
    for c in claims.iter().take(planned_claims + others) {
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
) -> Option<Searched> {
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
        Searched {
            action: challenger.action,
            deals: Some(deals),
            playouts: played,
        }
    } else {
        Searched {
            action: baseline.action,
            deals: None,
            playouts: played,
        }
    })
}

/// What a search chose.
struct Searched {
    action: Action,
    /// When it replaced the normal player's move: the deals on which the two were compared.
    deals: Option<u32>,
    /// Play-outs it played.
    playouts: u32,
}

/// Deals `deals` games from the view (the other seats' tickets as `guess` deals them) and plays every record's
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
    for _ in 0..deals {
        let dealt = guess.deal(map, view, rng)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn whole_game_player(budget: Duration) -> SearchPlayer {
        SearchPlayer::for_a_game(Think::Time {
            budget,
            clock: Arc::new(|| Duration::ZERO),
        })
    }

    #[test]
    fn each_decision_thinks_as_the_playouts_that_fit_and_the_savings_allow() {
        let ms = Duration::from_millis;
        let turn = |turns_left: u32| Decision::Turn { turns_left };
        // (play-outs a one-second budget fits, savings in seconds, decision, time to think)
        let cases = [
            // Many fit (every map at 1 s, all but India at 100 ms): every turn takes a quarter of the savings ...
            (2_000, 4.0, turn(20), ms(2_000)),
            (200, 4.0, turn(2), ms(2_000)),
            // ... and none while the starting choice's borrowing is paid back.
            (2_000, -3.0, turn(20), ms(1_000)),
            // Few fit (India at 100 ms): a turn searched takes an even share of the savings over the turns left.
            (50, 4.0, turn(8), ms(1_500)),
            (50, 4.0, turn(0), ms(5_000)),
            (50, -3.0, turn(8), ms(1_000)),
            // The starting ticket choice borrows nine budgets on top of the savings (ten in all at most); a later one
            // takes the savings, up to nine budgets more.
            (2_000, 0.0, Decision::StartingTickets, ms(10_000)),
            (2_000, -3.0, Decision::StartingTickets, ms(7_000)),
            (2_000, 3.0, Decision::StartingTickets, ms(10_000)),
            (50, 0.0, Decision::StartingTickets, ms(10_000)),
            (2_000, 3.0, Decision::Tickets, ms(4_000)),
            (2_000, 30.0, Decision::Tickets, ms(10_000)),
            (2_000, -3.0, Decision::Tickets, ms(1_000)),
            // No turn takes more than ten budgets either.
            (2_000, 60.0, turn(20), ms(10_000)),
        ];
        for (per_second, saved, decision, expected) in cases {
            let mut player = whole_game_player(Duration::from_secs(1));
            player.measured(Duration::from_secs(1), per_second);
            player.saved = saved;
            let took = player.time_for(Duration::from_secs(1), decision);
            assert!(
                took.abs_diff(expected) < Duration::from_micros(1),
                "{per_second} a second, {saved} s saved, {decision:?}: {took:?}, not {expected:?}"
            );
        }
    }

    #[test]
    fn the_first_search_sets_how_many_playouts_fit_and_later_shorter_playouts_do_not_change_it() {
        let mut long_map = whole_game_player(Duration::from_millis(100));
        assert!(long_map.many_playouts_fit(), "before any search, nothing is skipped");
        long_map.measured(Duration::from_secs(1), 500);
        assert_eq!(long_map.playouts_that_fit(), 50);
        assert!(!long_map.many_playouts_fit());
        // Near the end of the game play-outs are short: the regime chosen at the start holds.
        long_map.measured(Duration::from_millis(100), 1_000);
        assert_eq!(long_map.playouts_that_fit(), 50);

        let mut short_map = whole_game_player(Duration::from_millis(100));
        short_map.measured(Duration::from_secs(1), 2_500);
        assert_eq!(short_map.playouts_that_fit(), 250);
        assert!(short_map.many_playouts_fit());

        let mut longer_time = whole_game_player(Duration::from_secs(1));
        longer_time.measured(Duration::from_secs(10), 5_000);
        assert!(longer_time.many_playouts_fit());
    }

    #[test]
    fn a_player_counting_playouts_fits_its_count_whatever_a_search_took() {
        let mut few = SearchPlayer::for_a_game(Think::Playouts(EARLY_SEARCH_PLAYOUTS - 1));
        few.measured(Duration::from_millis(1), 1_000_000);
        assert!(!few.many_playouts_fit());
        assert!(SearchPlayer::for_a_game(Think::Playouts(EARLY_SEARCH_PLAYOUTS)).many_playouts_fit());
    }
}
