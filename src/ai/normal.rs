//! The normal player: plans the tickets it keeps, claims the cheapest connections before they are blocked, draws
//! the colours its plan needs, and near the end, ahead with its tickets done, ends the game sooner.

use std::sync::Arc;

use super::plan;
use super::player::Player;
use super::sight::Sight;
use crate::rules::{Action, Card, CardCounts, CityId, GameRng, Map, RouteId, RouteSet, SeatView, Step, TicketId};

/// The legal moves a normal player chooses among: the list of them all (`[Action]`), or a play-out's game asked for
/// claims and stations only when the choice comes to them (listing every claim and station with its payments, every
/// turn, was a quarter of a play-out's time). Both give the same moves in the same order, so the same choice.
pub(super) trait Moves {
    /// Legal moves, among them every one that neither builds nor passes; it may hold claims, stations and a pass
    /// too, or not (a play-out's does not): look for those with the methods below, never here.
    fn listed(&self) -> &[Action];
    /// Calls `f` with every legal claim of a route `among`, in the full list's order.
    fn each_claim(&self, among: &RouteSet, f: impl FnMut(Action));
    /// Calls `f` with every legal station, in the full list's order.
    fn each_station(&self, f: impl FnMut(Action));
    /// Every legal move, in the full list's order.
    fn every(&self) -> &[Action];
    /// Whether `action` is legal. A claim or station must be one [`Moves::each_claim`] or [`Moves::each_station`]
    /// gave: a play-out takes those as legal unchecked (debug builds check), and a move it cannot apply ends it
    /// unscored.
    fn holds(&self, action: &Action) -> bool;
}

impl Moves for [Action] {
    fn listed(&self) -> &[Action] {
        self
    }

    fn each_claim(&self, among: &RouteSet, mut f: impl FnMut(Action)) {
        for &a in self {
            if let Action::Claim { route, .. } = a
                && among.contains(route)
            {
                f(a);
            }
        }
    }

    fn each_station(&self, mut f: impl FnMut(Action)) {
        self.iter()
            .filter(|a| matches!(a, Action::BuildStation { .. }))
            .for_each(|&a| f(a));
    }

    fn every(&self) -> &[Action] {
        self
    }

    fn holds(&self, action: &Action) -> bool {
        self.contains(action)
    }
}

/// The ticket choice that keeps what the seat can finish, weighing the tickets' points against the turns their plan
/// takes: each legal choice is planned together with the tickets already held; completed value counts, tickets out
/// of reach or beyond the trains left count against, and every turn the plan takes (a turn per route to claim, a turn
/// per two cards missing) costs a point. A quick ticket leaves time for the next one; a point per three pieces,
/// counted here before, weighed a far ticket too lightly against one the network passes near (figures, with [`RISK`]
/// and [`TICKET_TURNS_TO_SPARE`]: docs/ai-lab.md, "Ticket choice").
fn choose_tickets(sight: &Sight<'_>, legal: &[Action]) -> Option<Action> {
    let held = sight.open_tickets();
    let trains = sight.budget() as i64;
    // Choices that begin alike in planning order (the tickets held, often some offered) share that beginning's plan.
    let mut planner = plan::Planner::new(&sight.board);
    let least = legal
        .iter()
        .filter_map(|a| match a {
            Action::KeepTickets { tickets } => Some(tickets.len() as i64),
            _ => None,
        })
        .min()
        .unwrap_or(0);
    legal
        .iter()
        .filter_map(|a| match a {
            Action::KeepTickets { tickets } => {
                let mut all = held.clone();
                all.extend(tickets.ids());
                let plan = planner.plan(&all);
                let kept_value: i64 = tickets.ids().map(|t| i64::from(sight.map.ticket(t).lowest())).sum();
                let lost: i64 = plan
                    .hopeless
                    .iter()
                    .map(|&t| i64::from(sight.map.ticket(t).lowest()))
                    .sum();
                // Keep a margin of about a tenth of the pieces for the unexpected (blocked routes, detours).
                let margin = i64::from(sight.pieces_at_start() / 10);
                let over = (i64::from(plan.pieces) - (trains - margin)).max(0);
                // Turns count like pieces: a plan the game ends before is lost all the same.
                let turns = i64::from(sight.turns_for(&plan));
                let late = (turns - i64::from(sight.turns_left())).max(0);
                // Each ticket beyond the fewest allowed is a risk (blocking, the game ending first).
                let extra = (tickets.len() as i64 - least).max(0);
                let score = kept_value - 2 * lost - 3 * over - 3 * late - turns - RISK * extra;
                Some((score, tickets.len(), *a))
            }
            _ => None,
        })
        // Best score; of equal ones, fewer tickets.
        .max_by_key(|(score, count, _)| (*score, std::cmp::Reverse(*count)))
        .map(|(_, _, a)| a)
}

/// Points a ticket beyond the fewest allowed must be worth, more than the turns it adds to the plan, to be kept: each
/// is a risk of blocking, or of the game ending first (figures: docs/ai-lab.md, "Ticket choice").
const RISK: i64 = 6;

/// Turns a seat with its tickets done must have left beyond those a typical new ticket takes (the turn spent drawing
/// included) to draw more: three, where one was spared before (figures: docs/ai-lab.md, "Ticket choice").
const TICKET_TURNS_TO_SPARE: u32 = 3;

/// A claim's payment, judged: wild cards are precious, and so are colours other planned routes still need.
pub(super) fn payment_cost(cards: &CardCounts, needed_elsewhere: &[u32; 10]) -> u32 {
    cards
        .iter()
        .map(|(card, n)| {
            let weight = if card.is_wild() {
                6
            } else {
                1 + needed_elsewhere[card.index()].min(4)
            };
            weight * u32::from(n)
        })
        .sum()
}

/// The best legal claim of the routes `among` (longest first, since long routes are the hardest to collect for and
/// score the most), with its cheapest payment.
fn best_claim(sight: &Sight<'_>, moves: &(impl Moves + ?Sized), among: &RouteSet) -> Option<Action> {
    let need = sight.shortfall();
    let mut best = None;
    moves.each_claim(among, |a| {
        let Action::Claim { route, cards } = a else { return };
        if tunnel_worth_trying(sight, route, &cards) {
            let key = (
                u32::from(sight.map.route(route).cost),
                std::cmp::Reverse(payment_cost(&cards, &need)),
            );
            // Of equal claims the last in the list's order, as before the claims were asked for apart, so that no
            // game changes.
            if best.is_none_or(|(b, _)| key >= b) {
                best = Some((key, a));
            }
        }
    });
    best.map(|(_, a)| a)
}

/// A tunnel is worth digging only with cards left to pay up to two extra, or every extra it can demand when the deck
/// holds fewer than three cards (or on the last turn): giving it up wastes the turn, and trying again the next turn
/// wastes another.
fn tunnel_worth_trying(sight: &Sight<'_>, route: RouteId, cards: &CardCounts) -> bool {
    if !sight.map.route(route).tunnel || sight.view.public.final_round {
        return true;
    }
    let hand = &sight.view.hand;
    let usable: u32 = hand
        .iter()
        .filter(|(card, _)| card.is_wild() || cards.get(*card) > 0)
        .map(|(_, n)| u32::from(n))
        .sum();
    // With fewer than three cards in the deck, the tunnel turns over the discard pile reshuffled, which holds the
    // cards the last tunnel turned and gave back: with a small discard, the same ones. Players who could not pay them
    // gave up in turn, for ever. With cards for every extra the turned cards can demand, the claim cannot fail.
    let public = &sight.view.public;
    let extra = if public.deck_size < 3 {
        (public.deck_size + public.discard_size).min(3) as u32
    } else {
        2
    };
    usable >= cards.total() + extra
}

/// A card draw toward the plan: a face-up card of the colour most short, else the deck, else any card. A face-up
/// wild card is the whole draw, one card where the deck gives two: taken only when nothing else can be drawn
/// (figures: docs/ai-lab.md, "Face-up draws").
fn draw_toward_plan(sight: &Sight<'_>, legal: &[Action]) -> Option<Action> {
    wanted_faceup(sight, legal)
        .or_else(|| legal.iter().copied().find(|a| *a == Action::DrawBlind))
        .or_else(|| legal.iter().copied().find(|a| matches!(a, Action::DrawFaceup { .. })))
}

/// The face-up card (never a wild card) of the colour the routes it collects for (its plan's, or with the plan done
/// the best open route) lack most, counting at most four of a colour (of equal ones the last slot), if one shows.
fn wanted_faceup(sight: &Sight<'_>, legal: &[Action]) -> Option<Action> {
    let need = sight.shortfall();
    let faceup = &sight.view.public.faceup;
    legal
        .iter()
        .filter_map(|a| match a {
            Action::DrawFaceup { slot } => {
                let card = faceup[usize::from(*slot)].filter(|card| !card.is_wild())?;
                let value = need[card.index()].min(4);
                (value > 0).then_some((value, *a))
            }
            _ => None,
        })
        .max_by_key(|(v, _)| *v)
        .map(|(_, a)| a)
}

/// Plans: see [`Level::Normal`](super::Level::Normal).
pub struct NormalPlayer;

impl Player for NormalPlayer {
    fn choose(&mut self, map: &Arc<Map>, view: &SeatView, legal: &[Action], rng: &mut GameRng) -> Action {
        NormalPlayer::decide(map, view, legal, rng)
    }
}

impl NormalPlayer {
    /// The move among `moves` (see [`Player::choose`]).
    pub(super) fn decide(map: &Arc<Map>, view: &SeatView, moves: &(impl Moves + ?Sized), rng: &mut GameRng) -> Action {
        let sight = Sight::remembered(map, view);
        let listed = moves.listed();
        let decided = match &view.public.phase {
            _ if !view.offer.is_empty() => choose_tickets(&sight, listed),
            Step::Tunnel(_) => listed
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::PayTunnel { .. }))
                .min_by_key(|a| match a {
                    Action::PayTunnel { cards } => cards.get(Card::WILD),
                    _ => u8::MAX,
                })
                .or(Some(Action::DeclineTunnel)),
            Step::SecondCard => draw_toward_plan(&sight, listed),
            _ => normal_turn(&sight, moves),
        };
        decided.filter(|a| moves.holds(a)).unwrap_or_else(|| {
            let every = moves.every();
            every[rng.below(every.len())]
        })
    }
}

fn normal_turn(sight: &Sight<'_>, moves: &(impl Moves + ?Sized)) -> Option<Action> {
    let listed = moves.listed();
    let planned: RouteSet = sight.targets.iter().copied().collect();
    if let Some(claim) = best_claim(sight, moves, &planned) {
        return Some(claim);
    }
    if let Some(station) = rescue_with_station(sight, moves) {
        return Some(station);
    }
    if let Some(claim) = end_while_ahead(sight, moves) {
        return Some(claim);
    }
    if sight.hand_must_last() && !sight.view.public.final_round {
        // When the piles run dry, a seat whose cards pay for no route has no move but tickets, each one it must
        // keep and will not finish; the hands that last are those filled while cards could still be drawn.
        if let Some(draw) = draw_toward_plan(sight, listed) {
            return Some(draw);
        }
    }
    let trains = sight.trains_left();
    if sight.plan.routes.is_empty() {
        // Every ticket done (or out of reach): more tickets while there is time to finish them, else points. Only
        // with time to finish a typical ticket and a few turns to spare ([`TICKET_TURNS_TO_SPARE`]), no ticket
        // already out of reach to pay for, and not while the piles run low (a ticket needs cards that may no longer
        // come). The costly part, planning tickets, comes last.
        let tickets_left = sight.view.public.ticket_deck_size > 0;
        let may_draw = tickets_left
            && !sight.view.public.final_round
            && !sight.cards_running_out()
            && listed.contains(&Action::DrawTickets);
        let time_left = || {
            let turns = sight.turns_left();
            sight.plan.hopeless.is_empty()
                && turns > 2
                && sight.new_ticket_takes_fewer_turns_than(turns - TICKET_TURNS_TO_SPARE)
        };
        if may_draw && time_left() {
            return Some(Action::DrawTickets);
        }
        // Otherwise it collects cards for the open route worth most per turn (claimed above once the hand has
        // them) rather than spending them on whatever route they pay for: a lesser claim now costs the cards a
        // better one needs. Only when no card can be drawn, or in the last turns, is any route better than none.
        let last_turns = sight.view.public.final_round || sight.turns_left() <= 1;
        if last_turns && let Some(claim) = best_claim(sight, moves, &sight.open_routes()) {
            return Some(claim);
        }
    } else if sight.plan.pieces > trains || sight.view.public.final_round {
        // The plan no longer fits (or this is the last turn): score what can be scored.
        if let Some(claim) = best_claim(sight, moves, &sight.open_routes()) {
            return Some(claim);
        }
    }
    draw_toward_plan(sight, listed)
        // No card left to draw: points from any route, else a pass if it is legal (if not, the caller's fallback
        // takes any legal move: tickets, when they are all that is left).
        .or_else(|| best_claim(sight, moves, &RouteSet::below(sight.map.routes.len())))
        .or_else(|| moves.every().iter().copied().find(|a| *a == Action::Pass))
}

/// Fifteenths of the starting pieces, at most as many left, from which [`end_while_ahead`] applies: 12 of 45 trains,
/// 10 of Switzerland's 40, 4 of Berlin's 16 (a fixed 12 hurt Berlin; figures: docs/ai-lab.md, "Ending while ahead").
const NEAR_END_FIFTEENTHS: u32 = 4;
/// Points a player must lead by at least, as [`end_while_ahead`] counts them, to run its pieces down
/// (figures: docs/ai-lab.md, "Ending while ahead").
const END_LEAD: i64 = 15;
/// Points each ticket another player holds is counted for, unseen: an average of completed (+) and failed (-) ones
/// (figures: docs/ai-lab.md, "Ending while ahead").
const OTHERS_TICKET_GUESS: i64 = 5;

/// Ends the game sooner while ahead, since every turn more is a turn for the others to catch up and cards drawn
/// now may never be spent: with every ticket done (none left to claim for, none out of reach), at most
/// [`NEAR_END_FIFTEENTHS`] fifteenths of the pieces it started with left, and a lead of at least [`END_LEAD`] points
/// (its routes and completed tickets at their lowest value, against each other player's routes and
/// [`OTHERS_TICKET_GUESS`] a ticket held; stations' points are left out, and a ticket done only through a station
/// counts as done without its points), it makes the longest claim (in cards) it can pay, tunnels only with cards to
/// spare, rather than drawing more tickets or a card. It steps aside, leaving the turn to the usual choice, while a
/// face-up card its best route needs shows (that route scores more than a lesser claim now), and while the piles
/// run low with a hand short of [`RESERVE`](super::sight::RESERVE) (the hand must last); in the final round the
/// usual choice claims the longest route anyway. In [`normal_turn`] it comes before the low-piles draw and the ticket
/// draw, which would otherwise take its turn (figures: docs/ai-lab.md, "Ending while ahead").
fn end_while_ahead(sight: &Sight<'_>, moves: &(impl Moves + ?Sized)) -> Option<Action> {
    let (view, public) = (sight.view, &sight.view.public);
    let done = sight.plan.routes.is_empty() && sight.plan.hopeless.is_empty();
    let near_end = sight.trains_left() <= sight.pieces_at_start() * NEAR_END_FIFTEENTHS / 15;
    if !done || !near_end || public.final_round || sight.hand_must_last() {
        return None;
    }
    let completed: i64 = view
        .tickets
        .iter()
        .filter(|&&(_, completed)| completed)
        .map(|&(t, _)| i64::from(sight.map.ticket(t).lowest()))
        .sum();
    let mine = i64::from(public.seats[view.seat.index()].route_points) + completed;
    let best_other = public
        .seats
        .iter()
        .filter(|s| s.seat != view.seat)
        .map(|s| i64::from(s.route_points) + OTHERS_TICKET_GUESS * s.tickets_held as i64)
        .max()
        .unwrap_or(0);
    if mine - best_other < END_LEAD || wanted_faceup(sight, moves.listed()).is_some() {
        return None;
    }
    best_claim(sight, moves, &sight.open_routes())
}

/// A station that brings tickets out of reach (a route they needed taken) back within it, when what they then score
/// is worth more than the station kept would: of the cities where the seat may build now and another player's route
/// arrives, the one whose plan (with the best of those routes lent) completes most, paid with the cards least needed.
fn rescue_with_station(sight: &Sight<'_>, moves: &(impl Moves + ?Sized)) -> Option<Action> {
    if sight.plan.hopeless.is_empty() || sight.view.public.final_round {
        return None;
    }
    let worth =
        |tickets: &[TicketId]| -> i64 { tickets.iter().map(|&t| i64::from(sight.map.ticket(t).lowest())).sum() };
    let lost = worth(&sight.plan.hopeless);
    let tickets = sight.open_tickets();
    let need = sight.shortfall();
    let budget = i64::from(sight.budget());
    let turns = sight.turns_left();
    let kept_station = i64::from(sight.map.rules.station_points);
    // What lending `route` is worth: the tickets it rescues, while their routes still fit the pieces and the turns
    // left after this one.
    let lent_gain = |route: RouteId| {
        let mut board = sight.board.clone();
        board.lend(route);
        let plan = plan::plan(&board, &tickets);
        // A rescued ticket turns its loss into its value.
        let rescued = lost - worth(&plan.hopeless);
        let extra = i64::from(plan.pieces) - i64::from(sight.plan.pieces);
        let fits = i64::from(plan.pieces) <= budget && (plan.routes.len() as u32) < turns;
        (rescued > 0 && fits).then(|| 2 * rescued - kept_station - extra.max(0) / 2)
    };
    // (city, gain) per city planned, so that each city's many payments plan once.
    let mut planned: Vec<(CityId, Option<i64>)> = Vec::new();
    let mut best: Option<(i64, std::cmp::Reverse<u32>, Action)> = None;
    moves.each_station(|action| {
        let Action::BuildStation { city, cards } = action else {
            return;
        };
        let gain = match planned.iter().find(|(c, _)| *c == city) {
            Some(&(_, gain)) => gain,
            None => {
                // A station lends one of the other players' routes there: the best of them.
                let gain = sight.board.lendable(city).into_iter().filter_map(lent_gain).max();
                planned.push((city, gain));
                gain
            }
        };
        let Some(gain) = gain.filter(|&g| g >= LEAST_RESCUE) else {
            return;
        };
        let key = (gain, std::cmp::Reverse(payment_cost(&cards, &need)), action);
        if best.as_ref().is_none_or(|b| (key.0, key.1) > (b.0, b.1)) {
            best = Some(key);
        }
    });
    best.map(|(_, _, action)| action)
}

/// Points a station must win back (its rescued tickets' swing, less the station's own points) to be built.
const LEAST_RESCUE: i64 = 6;
