//! Claiming routes: who may claim which track, every way to pay, tunnels and ferries.

use super::{Game, Step, TUNNEL_CARDS, TunnelClaim};
use crate::rules::action::Action;
use crate::rules::cards::{Card, CardCounts, Color};
use crate::rules::error::RuleError;
use crate::rules::event::Event;
use crate::rules::map::{Route, RouteId};
use crate::rules::seat::Seat;
use crate::rules::sets::RouteSet;

/// Why a route cannot be claimed, before any card is looked at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ClaimBlock {
    Taken,
    OwnsTwin,
    DoubleClosed,
    Trains,
    Metros,
}

/// What one seat could do with one route now: the answer a route picker or an autocomplete shows. Private to that
/// seat (the payments come from its hand).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaimOptions {
    /// The track, one of a double's two.
    pub route: RouteId,
    /// Why it cannot be claimed now (not the seat's turn, taken, a closed double, too few pieces), if so.
    pub blocked: Option<RuleError>,
    /// Every legal payment with the seat's hand, fewest wild cards first for each colour; empty when blocked or
    /// when the hand cannot pay.
    pub payments: Vec<CardCounts>,
}

impl ClaimOptions {
    /// Whether the seat can claim the route now with some payment.
    pub fn claimable(&self) -> bool {
        self.blocked.is_none() && !self.payments.is_empty()
    }
}

/// Which ways to pay [`Game::for_each_payment`] lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Payments {
    /// Every distinct way.
    Every,
    /// Of the ways with one colour, only the one with the fewest wild cards (wild cards alone still once).
    FewestWilds,
}

impl Game {
    /// The track a typed route means for `seat`: of a double's tracks, the first it can claim (with `pay`, when
    /// given); otherwise the first, so a refusal names a real reason. `tracks` is never empty.
    pub fn track_for(&self, seat: Seat, tracks: &[RouteId], pay: Option<&CardCounts>) -> RouteId {
        tracks
            .iter()
            .copied()
            .find(|&r| {
                let options = self.claim_options(seat, r);
                options.claimable() && pay.is_none_or(|p| options.payments.contains(p))
            })
            .unwrap_or(tracks[0])
    }

    /// What `seat` could do with `route` now: why not, or every legal payment. The answer of [`Game::apply`] for a
    /// claim of this route, without trying each payment; for the seat's own eyes only.
    pub fn claim_options(&self, seat: Seat, route: RouteId) -> ClaimOptions {
        let blocked = self
            .check_turn_action(seat)
            .and_then(|()| self.check_claimable(seat, route))
            .err();
        let mut payments = Vec::new();
        if blocked.is_none() {
            let r = self.map.route(route);
            let hand = self.state.seats[seat.index()].hand;
            self.for_each_payment(
                hand,
                r.color,
                r.cost,
                r.ferry,
                self.wild_allowed(r),
                Payments::Every,
                |cards| payments.push(cards),
            );
        }
        ClaimOptions {
            route,
            blocked,
            payments,
        }
    }

    pub(super) fn wild_allowed(&self, route: &Route) -> bool {
        route.tunnel || !self.map.rules.wild_only_on_tunnels
    }

    /// Why `seat` may not claim `id` at all (ownership, doubles, pieces), ignoring cards; `None` if it may.
    /// A small `Copy` answer, because `legal_actions` asks it for every route on every turn.
    pub(super) fn claim_block(&self, seat: Seat, id: RouteId) -> Option<ClaimBlock> {
        let i = usize::from(id.0);
        let route = self.map.routes.get(i)?;
        if self.state.owners[i].is_some() {
            return Some(ClaimBlock::Taken);
        }
        if let Some(twin) = route.twin
            && let Some(owner) = self.state.owners[usize::from(twin.0)]
        {
            if owner == seat {
                return Some(ClaimBlock::OwnsTwin);
            }
            if !self.map.rules.doubles_open(self.players()) {
                return Some(ClaimBlock::DoubleClosed);
            }
        }
        let me = &self.state.seats[seat.index()];
        if me.trains < route.trains() {
            return Some(ClaimBlock::Trains);
        }
        if me.metros < route.metros() {
            return Some(ClaimBlock::Metros);
        }
        None
    }

    /// Whether `seat` may claim `id` at all, ignoring cards.
    pub(super) fn check_claimable(&self, seat: Seat, id: RouteId) -> Result<(), RuleError> {
        let route = self.map.routes.get(usize::from(id.0)).ok_or(RuleError::NoSuchRoute)?;
        match self.claim_block(seat, id) {
            None => Ok(()),
            Some(ClaimBlock::Taken) => Err(RuleError::RouteTaken),
            Some(ClaimBlock::OwnsTwin) => Err(RuleError::OwnsTwin),
            Some(ClaimBlock::DoubleClosed) => Err(RuleError::DoubleClosed {
                players: self.players() as u8,
                needed: self.map.rules.doubles_min_players,
            }),
            Some(ClaimBlock::Trains) => Err(RuleError::NotEnoughTrains {
                need: route.trains(),
                have: self.state.seats[seat.index()].trains,
            }),
            Some(ClaimBlock::Metros) => Err(RuleError::NoMetroLeft),
        }
    }

    /// Routes `seat` may not claim because of ownership or double-route rules (not pieces or cards).
    pub(super) fn blocked_routes(&self, seat: Seat) -> RouteSet {
        let taken = self
            .state
            .seats
            .iter()
            .fold(RouteSet::EMPTY, |all, s| all.union(&s.routes));
        // A player never owns both tracks; with few players a taken track closes its twin for everyone.
        let closing = if self.map.rules.doubles_open(self.players()) {
            self.state.seats[seat.index()].routes
        } else {
            taken
        };
        let mut blocked = taken;
        for r in closing.iter() {
            if let Some(twin) = self.map.route(r).twin {
                blocked.insert(twin);
            }
        }
        blocked
    }

    /// Calls `f` with every claim `seat` can make with `hand` (of the routes `among`, when given), in route order.
    /// Runs on every turn, so it rules routes out with bitsets and one comparison before enumerating payments.
    pub(super) fn each_claim(
        &self,
        seat: Seat,
        hand: CardCounts,
        payments: Payments,
        among: Option<&RouteSet>,
        mut f: impl FnMut(Action),
    ) {
        let me = &self.state.seats[seat.index()];
        let wilds = u16::from(hand.get(Card::WILD));
        let most_of_one_color = self
            .map
            .rules
            .deck_colors
            .iter()
            .map(|c| hand.get(c.card()))
            .max()
            .unwrap_or(0);
        let claims_of = |id: RouteId| {
            let route = self.map.route(id);
            if route.trains() > me.trains || route.metros() > me.metros {
                return;
            }
            let wild_ok = self.wild_allowed(route);
            let usable_wilds = if wild_ok { wilds } else { 0 };
            let colored = u16::from(route.color.map_or(most_of_one_color, |c| hand.get(c.card())));
            if colored + usable_wilds < u16::from(route.cost) || usable_wilds < u16::from(route.ferry) {
                return;
            }
            self.for_each_payment(hand, route.color, route.cost, route.ferry, wild_ok, payments, |cards| {
                f(Action::Claim { route: id, cards });
            });
        };
        let blocked = self.blocked_routes(seat);
        let count = self.map.routes.len();
        match among {
            // Ids come in order: past the map's last route, the rest are no routes either.
            Some(among) => among
                .without(&blocked)
                .iter()
                .take_while(|id| usize::from(id.0) < count)
                .for_each(claims_of),
            None => blocked.missing(count).for_each(claims_of),
        }
    }

    /// Checks a payment of `cost` cards of one colour (the route's, if it has one) plus wild cards.
    pub(super) fn check_payment(
        &self,
        hand: &CardCounts,
        color: Option<Color>,
        cost: u8,
        ferry: u8,
        wild_allowed: bool,
        cards: &CardCounts,
    ) -> Result<(), RuleError> {
        let wild = self.map.rules.wild;
        let given = cards.total();
        if given != u32::from(cost) {
            return Err(RuleError::WrongCardCount { need: cost, given });
        }
        let mut colors = cards.colors();
        let paid_color = colors.next();
        if colors.next().is_some() {
            return Err(RuleError::MixedColors);
        }
        if let (Some(route), Some(given)) = (color, paid_color)
            && route != given
        {
            return Err(RuleError::WrongColor { route, given });
        }
        let wilds = cards.get(Card::WILD);
        if wilds > 0 && !wild_allowed {
            return Err(RuleError::WildNotAllowed(wild));
        }
        if wilds < ferry {
            return Err(RuleError::FerryNeedsWilds {
                wild,
                need: ferry,
                given: wilds,
            });
        }
        missing_cards(hand, cards)
    }

    /// Calls `f` with every distinct way to pay (or with `Payments::FewestWilds`, of those with one colour only the
    /// one with the fewest wild cards): one colour plus wild cards, or wild cards alone.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn for_each_payment(
        &self,
        hand: CardCounts,
        color: Option<Color>,
        cost: u8,
        ferry: u8,
        wild_allowed: bool,
        payments: Payments,
        mut f: impl FnMut(CardCounts),
    ) {
        let wilds = if wild_allowed { hand.get(Card::WILD) } else { 0 };
        if wilds < ferry {
            return;
        }
        let mut pay_with = |c: Color| {
            let have = hand.get(c.card());
            let least_wild = cost.saturating_sub(have).max(ferry);
            // Paying everything with wild cards is one option, added once below, not once per colour.
            let most_wild = match payments {
                Payments::Every => wilds.min(cost.saturating_sub(1)),
                Payments::FewestWilds => least_wild.min(wilds.min(cost.saturating_sub(1))),
            };
            for w in least_wild..=most_wild {
                f(CardCounts::of(Some(c), cost - w, w));
            }
        };
        match color {
            Some(c) => pay_with(c),
            None => self.map.rules.deck_colors.iter().for_each(|&c| pay_with(c)),
        }
        if wilds >= cost {
            f(CardCounts::of(None, 0, cost));
        }
    }

    pub(super) fn claim(
        &mut self,
        seat: Seat,
        id: RouteId,
        cards: CardCounts,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.check_claimable(seat, id)?;
        let route = self.map.route(id);
        let hand = self.state.seats[seat.index()].hand;
        self.check_payment(
            &hand,
            route.color,
            route.cost,
            route.ferry,
            self.wild_allowed(route),
            &cards,
        )?;
        if !route.tunnel {
            self.complete_claim(seat, id, cards, events);
            return Ok(());
        }
        let mut turned = Vec::with_capacity(TUNNEL_CARDS);
        for _ in 0..TUNNEL_CARDS {
            match self.draw_from_deck(events) {
                Some(card) => turned.push(card),
                None => break,
            }
        }
        self.state.discard.extend_from_slice(&turned);
        let extra = tunnel_extra(&cards, &turned);
        events.push(Event::TunnelRevealed {
            seat,
            route: id,
            turned: turned.clone(),
            extra,
        });
        if extra == 0 {
            self.complete_claim(seat, id, cards, events);
        } else {
            self.state.step = Step::Tunnel(TunnelClaim {
                route: id,
                laid: cards,
                turned,
                extra,
            });
        }
        Ok(())
    }

    pub(super) fn pay_tunnel(
        &mut self,
        seat: Seat,
        cards: CardCounts,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Step::Tunnel(tunnel) = &self.state.step else {
            return Err(RuleError::NothingToAnswer);
        };
        let wild = self.map.rules.wild;
        let laid_color = tunnel.laid.colors().next();
        let allowed = |c: Card| c.is_wild() || (laid_color.is_some() && c.color() == laid_color);
        if cards.total() != u32::from(tunnel.extra) || cards.iter().any(|(c, _)| !allowed(c)) {
            return Err(RuleError::WrongTunnelPayment {
                need: tunnel.extra,
                color: laid_color,
                wild,
            });
        }
        let mut total = tunnel.laid;
        total.add_all(&cards);
        missing_cards(&self.state.seats[seat.index()].hand, &total)?;
        let route = tunnel.route;
        self.complete_claim(seat, route, total, events);
        Ok(())
    }

    pub(super) fn decline_tunnel(&mut self, seat: Seat, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let Step::Tunnel(tunnel) = &self.state.step else {
            return Err(RuleError::NothingToAnswer);
        };
        // The cards laid go back to the hand in everyone's sight.
        self.state.seats[seat.index()].known.raise_to(&tunnel.laid);
        events.push(Event::TunnelDeclined {
            seat,
            route: tunnel.route,
        });
        self.state.passes_in_a_row = 0;
        self.end_turn(events);
        Ok(())
    }

    pub(super) fn complete_claim(&mut self, seat: Seat, id: RouteId, cards: CardCounts, events: &mut Vec<Event>) {
        let route = &self.map.routes[usize::from(id.0)];
        let me = &mut self.state.seats[seat.index()];
        me.hand.remove_all(&cards);
        me.known.remove_what_is_there(&cards);
        me.trains -= route.trains();
        me.metros -= route.metros();
        me.routes.insert(id);
        me.route_points += route.points;
        for (card, n) in cards.iter() {
            self.state.discard.extend(std::iter::repeat_n(card, usize::from(n)));
        }
        self.state.owners[usize::from(id.0)] = Some(seat);
        self.state.last_claim = Some(id);
        self.state.claim_order.push(id);
        self.state.passes_in_a_row = 0;
        events.push(Event::Claimed {
            seat,
            route: id,
            cards,
            points: route.points,
        });
        self.end_turn(events);
    }
}

/// The extra cards a tunnel demands: one per turned card of the laid colour or wild.
pub(super) fn tunnel_extra(laid: &CardCounts, turned: &[Card]) -> u8 {
    let laid_color = laid.colors().next();
    turned
        .iter()
        .filter(|c| c.is_wild() || (laid_color.is_some() && c.color() == laid_color))
        .count() as u8
}

/// The first kind of card the hand lacks for a payment.
pub(super) fn missing_cards(hand: &CardCounts, cards: &CardCounts) -> Result<(), RuleError> {
    match cards.iter().find(|&(c, n)| hand.get(c) < n) {
        Some((card, need)) => Err(RuleError::CardsNotInHand {
            card,
            need,
            have: hand.get(card),
        }),
        None => Ok(()),
    }
}
