//! What a seat pays cards for (a route, a station, a tunnel's extra cards) and how it may pay: the one flow the bot's
//! pickers, its commands and `ttrbot play` share.

use super::{Game, Step};
use crate::rules::action::Action;
use crate::rules::cards::CardCounts;
use crate::rules::error::RuleError;
use crate::rules::map::{CityId, RouteId};
use crate::rules::seat::Seat;

/// Something a seat pays cards for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Purchase {
    /// A route (one track of a double).
    Route(RouteId),
    /// A station in a city.
    Station(CityId),
    /// The extra cards of the tunnel the seat is claiming.
    Tunnel,
}

impl Purchase {
    /// The action that pays `cards` for it.
    pub fn action(self, cards: CardCounts) -> Action {
        match self {
            Purchase::Route(route) => Action::Claim { route, cards },
            Purchase::Station(city) => Action::BuildStation { city, cards },
            Purchase::Tunnel => Action::PayTunnel { cards },
        }
    }
}

/// How a purchase can be paid, once the seat may have it at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Payment {
    /// With these cards: the ones the player gave, or the only way possible.
    With(CardCounts),
    /// The player chooses among these (for a tunnel, possibly none: then only giving it up is left).
    Choose(Vec<CardCounts>),
    /// The hand holds no way to pay for it.
    CannotPay,
}

impl Game {
    /// Every way `seat` can pay for `purchase` now, fewest wild cards first for each colour; or why it cannot have
    /// it at all. For that seat's eyes only.
    ///
    /// # Errors
    /// The refusal [`Game::apply`] would give for any payment (no such route, not one's turn, taken, …).
    pub fn payments(&self, seat: Seat, purchase: Purchase) -> Result<Vec<CardCounts>, RuleError> {
        match purchase {
            Purchase::Route(route) => {
                if usize::from(route.0) >= self.map.routes.len() {
                    return Err(RuleError::NoSuchRoute);
                }
                let options = self.claim_options(seat, route);
                match options.blocked {
                    Some(e) => Err(e),
                    None => Ok(options.payments),
                }
            }
            Purchase::Station(city) => self.station_options(seat, city),
            Purchase::Tunnel => self.tunnel_options(seat),
        }
    }

    /// How `seat` pays for `purchase`: with the cards `given`, with the only way possible, or by choosing.
    ///
    /// # Errors
    /// As [`Game::payments`], when no cards were given.
    pub fn payment(&self, seat: Seat, purchase: Purchase, given: Option<CardCounts>) -> Result<Payment, RuleError> {
        if let Some(cards) = given {
            return Ok(Payment::With(cards));
        }
        let mut payments = self.payments(seat, purchase)?;
        Ok(match payments.len() {
            // A tunnel that cannot be paid still waits for an answer: giving it up.
            0 if purchase == Purchase::Tunnel => Payment::Choose(payments),
            0 => Payment::CannotPay,
            1 => Payment::With(payments.remove(0)),
            _ => Payment::Choose(payments),
        })
    }

    /// The tunnel `seat` is claiming, when the game waits for it to pay the extra cards.
    pub fn own_tunnel(&self, seat: Seat) -> Option<Purchase> {
        (matches!(self.state.step, Step::Tunnel(_)) && self.state.current == seat).then_some(Purchase::Tunnel)
    }
}
