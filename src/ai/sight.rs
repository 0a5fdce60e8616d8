//! What a seat sees, ready for deciding ([`Sight`]): its board, the plan for its open tickets, the turns and pieces
//! left; and this thread's memory of the plans it made last, which saves time and never changes a decision.

use std::cell::RefCell;
use std::sync::Arc;

use super::plan::{self, Board, Plan, RouteUses};
use crate::rules::{Card, CardCounts, CityId, Color, Map, RouteId, RouteSet, Seat, SeatView, TicketId};

/// What a seat knows, ready for deciding: the board as it plans on it, the plan for its open tickets, and the
/// routes it collects cards for (the plan's, or with the plan done, the open route that scores best for the cards
/// still to collect, so that every piece gets laid: on some maps the game ends only when pieces of every kind are).
pub(super) struct Sight<'a> {
    pub(super) map: &'a Map,
    pub(super) view: &'a SeatView,
    pub(super) board: Board<'a>,
    pub(super) plan: Plan,
    pub(super) targets: Vec<RouteId>,
}

impl<'a> Sight<'a> {
    pub(super) fn new(map: &'a Map, view: &'a SeatView) -> Sight<'a> {
        let board = seat_board(map, view);
        let plan = plan::plan(&board, &open_tickets(view));
        Sight::of(map, view, board, plan)
    }

    /// As [`Sight::new`], with the board and plan taken from this thread's [`PlanMemo`] when they still hold.
    pub(super) fn remembered(map: &'a Arc<Map>, view: &'a SeatView) -> Sight<'a> {
        let (board, plan) = PLANS.with_borrow_mut(|memo| memo.recall(map, view));
        Sight::of(map, view, board, plan)
    }

    fn of(map: &'a Map, view: &'a SeatView, board: Board<'a>, plan: Plan) -> Sight<'a> {
        let mut sight = Sight {
            map,
            view,
            board,
            targets: plan.routes.clone(),
            plan,
        };
        if sight.targets.is_empty() {
            sight.targets.extend(sight.best_open_route());
        }
        sight
    }

    /// The seat's tickets not completed yet.
    pub(super) fn open_tickets(&self) -> Vec<TicketId> {
        open_tickets(self.view)
    }

    /// The open route worth most per turn it would take from this hand (its points, over a turn to claim and a
    /// turn per two cards missing).
    fn best_open_route(&self) -> Option<RouteId> {
        let hand = &self.view.hand;
        let wilds = u32::from(hand.get(Card::WILD));
        self.open_routes()
            .iter()
            .map(|r| {
                let route = self.map.route(r);
                let color = route
                    .color
                    .or_else(|| most_held_color(hand, &self.map.rules.deck_colors));
                let held = color.map_or(0, |c| u32::from(hand.get(c.card())));
                let missing = u32::from(route.cost).saturating_sub(held + wilds);
                let turns = 1 + missing.div_ceil(2);
                // Metro lines first (their pieces are the hard ones to lay, and the game ends only when they are),
                // then points per turn, compared without division: a / b > c / d as a * d > c * b.
                (route.metros(), u32::from(route.points), turns, r)
            })
            .max_by(|a, b| a.0.cmp(&b.0).then((a.1 * b.2).cmp(&(b.1 * a.2))).then(b.3.cmp(&a.3)))
            .map(|(_, _, _, r)| r)
    }

    /// Pieces each player starts with (trains or trams, and metros): the yardstick for "late in the game".
    pub(super) fn pieces_at_start(&self) -> u32 {
        u32::from(self.map.rules.trains) + u32::from(self.map.rules.metros)
    }

    /// The fewest pieces any other player has left: the game ends soon after someone runs out, so this bounds
    /// how much more building there is time for.
    fn others_pieces_left(&self) -> u32 {
        self.view
            .public
            .seats
            .iter()
            .filter(|s| s.seat != self.view.seat)
            .map(|s| u32::from(s.trains) + u32::from(s.metros))
            .min()
            .unwrap_or(u32::MAX)
    }

    /// Pieces this player can expect to lay before the game ends: its own, bounded by the time the others leave.
    pub(super) fn budget(&self) -> u32 {
        self.trains_left()
            .min(self.others_pieces_left() + self.pieces_at_start() / 10)
    }

    /// Own turns this seat can expect before the game ends: the other seats lay pieces at the pace they have so far
    /// (started from [`PRIOR_PACE`] over [`PRIOR_ROUNDS`], so the first rounds do not mislead), and the game ends
    /// one round after the first of them is down to the map's end; in the final round, the turns it has left.
    pub(super) fn turns_left(&self) -> u32 {
        let public = &self.view.public;
        if public.final_round {
            return u32::from(public.final_turns_left.unwrap_or(0).min(1));
        }
        let rounds = f64::from(public.turn) / public.seats.len().max(1) as f64;
        let start = f64::from(self.pieces_at_start());
        let end_at = f64::from(self.map.rules.end_at);
        public
            .seats
            .iter()
            .filter(|s| s.seat != self.view.seat)
            .map(|s| {
                let left = f64::from(s.trains) + f64::from(s.metros);
                let pace = (start - left + PRIOR_PACE * PRIOR_ROUNDS) / (rounds + PRIOR_ROUNDS);
                ((left - end_at).max(0.0) / pace.max(0.05)).floor() as u32 + 1
            })
            .min()
            .unwrap_or(u32::MAX)
    }

    /// Turns a plan takes from this hand: a turn per route to claim, and a turn per two cards still missing.
    pub(super) fn turns_for(&self, plan: &Plan) -> u32 {
        plan.routes.len() as u32 + self.shortfall_of(&plan.routes).iter().sum::<u32>().div_ceil(2)
    }

    /// Turns the median ticket this seat does not hold would take, from its network and hand (`u32::MAX` when
    /// none can be completed any more).
    pub(super) fn turns_for_a_new_ticket(&self) -> u32 {
        self.with_new_tickets_turns(|turns, _| median(turns))
    }

    /// Whether [`Sight::turns_for_a_new_ticket`] is below `threshold`, planning only as many tickets as it takes
    /// to be sure: a seat with its plan done asks this every turn, and on a map of many tickets planning each alone
    /// was most of a play-out's time.
    pub(super) fn new_ticket_takes_fewer_turns_than(&self, threshold: u32) -> bool {
        self.with_new_tickets_turns(|turns, count| median_below(turns, count, threshold))
    }

    /// Calls `read` with the turns each ticket this seat does not hold would take alone (`None` when it cannot be
    /// completed with the pieces left), computed as they are read, and their number.
    fn with_new_tickets_turns<R>(&self, read: impl FnOnce(&mut dyn Iterator<Item = Option<u32>>, usize) -> R) -> R {
        let held: Vec<TicketId> = self.view.tickets.iter().map(|&(t, _)| t).collect();
        let mut unheld: Vec<TicketId> = (0..self.map.tickets.len())
            .map(|t| TicketId(t as u16))
            .filter(|t| !held.contains(t))
            .collect();
        let turns_alone = |alone: &Plan| {
            (alone.hopeless.is_empty() && alone.pieces <= self.trains_left()).then(|| self.turns_for(alone))
        };
        // Most tickets' ways are still open since the last time this seat asked: those kept are read first, so the
        // answer may come before any ticket is planned again.
        PLANS.with_borrow_mut(|memo| match memo.alone_plans(self.view.seat, &self.board) {
            Some(kept) => {
                unheld.sort_by_key(|t| kept[usize::from(t.0)].is_none());
                let mut turns = unheld.iter().map(|&t| {
                    let alone = kept[usize::from(t.0)].get_or_insert_with(|| plan::plan(&self.board, &[t]));
                    turns_alone(alone)
                });
                read(&mut turns, unheld.len())
            }
            None => read(
                &mut unheld.iter().map(|&t| turns_alone(&plan::plan(&self.board, &[t]))),
                unheld.len(),
            ),
        })
    }

    /// Whether the draw and discard piles are running low: fewer than [`LOW_PILES_PER_SEAT`] cards per seat.
    pub(super) fn cards_running_out(&self) -> bool {
        let public = &self.view.public;
        public.deck_size + public.discard_size < LOW_PILES_PER_SEAT * public.seats.len()
    }

    /// Whether the hand must last: the piles run low and it holds fewer than [`RESERVE`] cards.
    pub(super) fn hand_must_last(&self) -> bool {
        self.cards_running_out() && self.view.hand.total() < RESERVE
    }

    pub(super) fn trains_left(&self) -> u32 {
        let me = &self.view.public.seats[self.view.seat.index()];
        u32::from(me.trains) + u32::from(me.metros)
    }

    /// The colour the plan pays a route in: its own, or for a gray route the colour the hand holds most of.
    pub(super) fn paid_in(&self, route: RouteId) -> Option<Color> {
        self.map
            .route(route)
            .color
            .or_else(|| most_held_color(&self.view.hand, &self.map.rules.deck_colors))
    }

    /// The routes no one has claimed and this seat may still claim, as its board sees them.
    pub(super) fn open_routes(&self) -> RouteSet {
        RouteSet::below(self.map.routes.len())
            .iter()
            .filter(|&r| self.board.is_open(r))
            .collect()
    }

    /// Cards of each colour the planned routes still need beyond the hand (gray routes count toward the colour the
    /// hand holds most of).
    pub(super) fn shortfall(&self) -> [u32; 10] {
        self.shortfall_of(&self.targets)
    }

    /// [`Sight::shortfall`] of any routes.
    fn shortfall_of(&self, routes: &[RouteId]) -> [u32; 10] {
        let mut need = [0u32; 10];
        for &route in routes {
            if let Some(color) = self.paid_in(route) {
                need[color.card().index()] += u32::from(self.map.route(route).cost);
            }
        }
        for (card, n) in self.view.hand.iter() {
            need[card.index()] = need[card.index()].saturating_sub(u32::from(n));
        }
        need
    }
}

/// The median of the values (`None`s left out; of an even number, the higher middle one; `u32::MAX` when none is
/// left).
fn median(values: &mut dyn Iterator<Item = Option<u32>>) -> u32 {
    let mut known: Vec<u32> = values.flatten().collect();
    known.sort_unstable();
    known.get(known.len() / 2).copied().unwrap_or(u32::MAX)
}

/// Whether the [`median`] of `count` values is below `threshold`, reading them only until the answer is sure.
fn median_below(values: &mut dyn Iterator<Item = Option<u32>>, count: usize, threshold: u32) -> bool {
    let (mut below, mut rest, mut unread) = (0usize, 0usize, count);
    // The higher middle of the sorted values is below the threshold when more of them are below it than not. An
    // unread value left out or below only brings that nearer, so the answer is sure once it holds with every unread
    // value above, or fails with every one below.
    let holds = |below: usize, above: usize| below > above;
    for value in values.take(count) {
        unread -= 1;
        match value {
            Some(v) if v < threshold => below += 1,
            Some(_) => rest += 1,
            None => {}
        }
        if holds(below, rest + unread) {
            return true;
        }
        if !holds(below + unread, rest) {
            return false;
        }
    }
    holds(below, rest)
}

/// The board and plan last made for each seat on this thread, with what they were made from. A seat decides several
/// times between changes to its plan (a second card, a turn when no one claimed, a claim by another player far from
/// its ways): a search's play-outs, thousands of games a second, would otherwise plan the same again and again. A
/// remembered plan is always exactly the plan made afresh, so the memory saves time and never changes a decision.
/// Holding the map keeps its address from being reused by another map.
#[derive(Default)]
struct PlanMemo {
    map: Option<Arc<Map>>,
    seats: Vec<Option<SeatMemo>>,
}

/// What the memo keeps for one seat.
struct SeatMemo {
    inputs: PlanInputs,
    routes: RouteUses,
    plan: Plan,
    /// Each ticket planned alone on this board, once read (see [`Sight::with_new_tickets_turns`]).
    alone: Vec<Option<Plan>>,
}

/// Everything a seat's board and plan depend on, besides the map and the seat (the memo keeps one per seat): what
/// they were made from, or were brought up to since (see [`SeatMemo::follow_others_claims`]).
#[derive(Debug, PartialEq, Eq)]
struct PlanInputs {
    owners: Vec<Option<Seat>>,
    players: usize,
    trains: u8,
    metros: u8,
    stations: Vec<CityId>,
    tickets: Vec<TicketId>,
}

impl PlanInputs {
    /// Whether `view` and `tickets` agree with these inputs in everything but the owners of the routes.
    fn same_but_owners(&self, view: &SeatView, tickets: &[TicketId]) -> bool {
        // Taken apart so that a field added to the inputs cannot be left out of the comparison.
        let PlanInputs {
            owners,
            players,
            trains,
            metros,
            stations,
            tickets: held,
        } = self;
        let me = &view.public.seats[view.seat.index()];
        *trains == me.trains
            && *metros == me.metros
            && *players == view.public.seats.len()
            && held == tickets
            && *stations == me.station_cities
            && owners.len() == view.public.owners.len()
    }

    /// Whether `view` and `tickets` agree with these inputs in everything.
    fn matches(&self, view: &SeatView, tickets: &[TicketId]) -> bool {
        self.same_but_owners(view, tickets) && self.owners == view.public.owners
    }

    fn of(view: &SeatView, tickets: &[TicketId]) -> PlanInputs {
        let me = &view.public.seats[view.seat.index()];
        PlanInputs {
            owners: view.public.owners.clone(),
            players: view.public.seats.len(),
            trains: me.trains,
            metros: me.metros,
            stations: me.station_cities.clone(),
            tickets: tickets.to_vec(),
        }
    }
}

impl PlanMemo {
    /// The seat's board in `view` and the plan for its open tickets: remembered, or made and remembered.
    fn recall<'m>(&mut self, map: &'m Arc<Map>, view: &SeatView) -> (Board<'m>, Plan) {
        if !self.map.as_ref().is_some_and(|known| Arc::ptr_eq(known, map)) {
            self.map = Some(Arc::clone(map));
            self.seats.clear();
        }
        let seat = view.seat.index();
        if self.seats.len() <= seat {
            self.seats.resize_with(seat + 1, || None);
        }
        let tickets = open_tickets(view);
        if let Some(kept) = &mut self.seats[seat]
            && (kept.inputs.matches(view, &tickets) || kept.follow_others_claims(map, view, &tickets))
        {
            return (Board::on(map, kept.routes.clone()), kept.plan.clone());
        }
        let board = seat_board(map, view);
        let plan = plan::plan(&board, &tickets);
        // The single-ticket plans' room is kept, emptied, rather than allocated again.
        let mut alone = self.seats[seat].take().map(|kept| kept.alone).unwrap_or_default();
        alone.clear();
        alone.resize(map.tickets.len(), None);
        self.seats[seat] = Some(SeatMemo {
            inputs: PlanInputs::of(view, &tickets),
            routes: board.route_uses().clone(),
            plan: plan.clone(),
            alone,
        });
        (board, plan)
    }

    /// The single-ticket plans kept for `seat`, when they hold on `board` (they were kept for a board equal to it).
    fn alone_plans(&mut self, seat: Seat, board: &Board<'_>) -> Option<&mut [Option<Plan>]> {
        let same_map = self.map.as_deref().is_some_and(|map| std::ptr::eq(map, board.map()));
        let kept = self.seats.get_mut(seat.index())?.as_mut()?;
        (same_map && *board.route_uses() == kept.routes).then_some(&mut kept.alone[..])
    }
}

impl SeatMemo {
    /// Brings the kept board up to `view` when all that changed is routes the other players claimed, and keeps each
    /// plan whose searches relied on none of the routes that closed (see [`Plan::relied_on`]): planning again would
    /// settle the same cities in the same order by the same routes, and so give the same plan. Most claims are other
    /// players', and most of them far from a seat's ways.
    /// `false` when the seat must plan again (the entry is then left half-updated, to be replaced).
    fn follow_others_claims(&mut self, map: &Map, view: &SeatView, tickets: &[TicketId]) -> bool {
        if !self.inputs.same_but_owners(view, tickets) {
            return false;
        }
        let me = &view.public.seats[view.seat.index()];
        let mut closed = Vec::new();
        for (i, (was, is)) in self.inputs.owners.iter().zip(&view.public.owners).enumerate() {
            if was == is {
                continue;
            }
            let route = RouteId(i as u16);
            let ends = map.route(route);
            let by_another = was.is_none() && is.is_some_and(|owner| owner != view.seat);
            // A station at either end would lend the route rather than close it.
            let lent = me.station_cities.iter().any(|&c| c == ends.a || c == ends.b);
            if !by_another || lent {
                return false;
            }
            self.routes
                .claimed_by_another(map, route, self.inputs.players, &mut closed);
        }
        let relied_on = |plan: &Plan| closed.iter().any(|&r| plan.relied_on.contains(r));
        if relied_on(&self.plan) {
            return false;
        }
        for alone in &mut self.alone {
            if alone.as_ref().is_some_and(relied_on) {
                *alone = None;
            }
        }
        self.inputs.owners.clone_from(&view.public.owners);
        true
    }
}

thread_local! {
    static PLANS: RefCell<PlanMemo> = RefCell::new(PlanMemo::default());
}

/// Cards per seat in the draw and discard piles below which the piles are running low (on Berlin's 44 cards with
/// 4 seats, from the start).
const LOW_PILES_PER_SEAT: usize = 8;
/// The hand a seat keeps while the piles run low: it draws up to this many before it draws tickets or claims a route
/// outside its plan.
pub(super) const RESERVE: u32 = 10;

/// Pieces a seat is taken to lay per round before it has been watched (about a USA game's pace).
const PRIOR_PACE: f64 = 1.0;
/// How many rounds that prior weighs, against the rounds watched.
const PRIOR_ROUNDS: f64 = 4.0;

/// The board as `view`'s seat plans on it: the public owners, its pieces left, and its stations' lent routes.
fn seat_board<'a>(map: &'a Map, view: &SeatView) -> Board<'a> {
    let me = &view.public.seats[view.seat.index()];
    let mut board = Board::new(
        map,
        &view.public.owners,
        view.seat,
        view.public.seats.len(),
        me.trains,
        me.metros,
    );
    for &city in &me.station_cities {
        board.with_station(city);
    }
    board
}

/// A seat's tickets not completed yet.
fn open_tickets(view: &SeatView) -> Vec<TicketId> {
    view.tickets.iter().filter(|(_, done)| !done).map(|&(t, _)| t).collect()
}

fn most_held_color(hand: &CardCounts, colors: &[Color]) -> Option<Color> {
    colors.iter().copied().max_by_key(|c| hand.get(c.card()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameRng;

    #[test]
    fn the_median_is_below_a_threshold_exactly_when_sorting_says_so_and_is_often_known_before_every_value_is_read() {
        let mut rng = GameRng::new(26);
        let mut read_fewer = 0;
        for _ in 0..20_000 {
            let count = rng.below(12);
            let values: Vec<Option<u32>> = (0..count)
                .map(|_| (rng.below(4) > 0).then(|| rng.below(10) as u32))
                .collect();
            let threshold = rng.below(12) as u32;
            let mut read = 0;
            let mut counted = values.iter().copied().inspect(|_| read += 1);
            let below = median_below(&mut counted, count, threshold);
            let sorted = median(&mut values.iter().copied());
            assert_eq!(
                below,
                sorted < threshold,
                "{values:?}: median {sorted}, threshold {threshold}"
            );
            if read < count {
                read_fewer += 1;
            }
        }
        assert!(read_fewer > 5_000, "the answer came early in only {read_fewer} cases");
    }
}
