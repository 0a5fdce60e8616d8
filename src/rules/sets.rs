//! Small fixed-size sets of routes and tickets, as bitsets: cheap to copy, compare and hash.

use serde::{Deserialize, Serialize};

use crate::maps::{RouteId, TicketId};

/// A set of routes, as a bitset over [`RouteId`]s (maps have at most 256 routes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RouteSet([u64; 4]);

impl RouteSet {
    /// The empty set.
    pub const EMPTY: RouteSet = RouteSet([0; 4]);

    /// Adds a route.
    pub fn insert(&mut self, id: RouteId) {
        self.0[usize::from(id.0 >> 6)] |= 1 << (id.0 & 63);
    }

    /// Removes a route.
    pub fn remove(&mut self, id: RouteId) {
        self.0[usize::from(id.0 >> 6)] &= !(1 << (id.0 & 63));
    }

    /// Whether the route is in the set.
    pub fn contains(&self, id: RouteId) -> bool {
        self.0[usize::from(id.0 >> 6)] & (1 << (id.0 & 63)) != 0
    }

    /// Number of routes.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The routes, in id order.
    pub fn iter(&self) -> impl Iterator<Item = RouteId> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            let mut w = word;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let bit = w.trailing_zeros();
                    w &= w - 1;
                    RouteId((i as u16) << 6 | bit as u16)
                })
            })
        })
    }
}

impl FromIterator<RouteId> for RouteSet {
    fn from_iter<I: IntoIterator<Item = RouteId>>(iter: I) -> RouteSet {
        let mut set = RouteSet::EMPTY;
        for id in iter {
            set.insert(id);
        }
        set
    }
}

/// A set of ticket cards, as a bitset over [`TicketId`]s (maps have at most 128 tickets).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TicketSet(pub u128);

impl TicketSet {
    /// The empty set.
    pub const EMPTY: TicketSet = TicketSet(0);

    /// A set of these tickets.
    pub fn from_ids(ids: impl IntoIterator<Item = TicketId>) -> TicketSet {
        let mut set = TicketSet::EMPTY;
        for id in ids {
            set.insert(id);
        }
        set
    }

    /// Adds a ticket.
    pub fn insert(&mut self, id: TicketId) {
        self.0 |= 1u128 << id.0;
    }

    /// Whether the ticket is in the set.
    pub fn contains(self, id: TicketId) -> bool {
        self.0 & (1u128 << id.0) != 0
    }

    /// Number of tickets.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether there are none.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every ticket of `self` is in `other`.
    pub fn is_subset(self, other: TicketSet) -> bool {
        self.0 & !other.0 == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_route_set_lists_what_was_inserted_in_order() {
        let ids = [RouteId(0), RouteId(63), RouteId(64), RouteId(200)];
        let mut set: RouteSet = ids.iter().rev().copied().collect();
        assert_eq!(set.iter().collect::<Vec<_>>(), ids);
        assert_eq!(set.len(), 4);
        set.remove(RouteId(64));
        assert!(!set.contains(RouteId(64)) && set.contains(RouteId(200)));
    }

    #[test]
    fn a_ticket_set_knows_its_subsets() {
        let offer = TicketSet::from_ids([TicketId(1), TicketId(5), TicketId(100)]);
        assert!(TicketSet::from_ids([TicketId(100)]).is_subset(offer));
        assert!(!TicketSet::from_ids([TicketId(2)]).is_subset(offer));
        assert_eq!(offer.len(), 3);
    }
}
