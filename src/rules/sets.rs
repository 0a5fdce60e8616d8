//! Small fixed-size sets of routes and tickets, as bitsets: cheap to copy, compare and hash.

use serde::{Deserialize, Serialize};

use super::map::{RouteId, TicketId};

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

    /// Every route in either set.
    pub fn union(&self, other: &RouteSet) -> RouteSet {
        let mut words = self.0;
        for (w, o) in words.iter_mut().zip(other.0.iter()) {
            *w |= o;
        }
        RouteSet(words)
    }

    /// The routes in this set and not in `other`.
    pub fn without(&self, other: &RouteSet) -> RouteSet {
        let mut words = self.0;
        for (w, o) in words.iter_mut().zip(other.0.iter()) {
            *w &= !o;
        }
        RouteSet(words)
    }

    /// The routes with ids below `count`.
    pub fn below(count: usize) -> RouteSet {
        RouteSet::EMPTY.missing(count).collect()
    }

    /// The routes with ids below `count` that are not in the set, in id order.
    pub fn missing(&self, count: usize) -> RouteIter {
        let mut complement = RouteSet::EMPTY;
        for (i, w) in complement.0.iter_mut().enumerate() {
            let bits = count.saturating_sub(i * 64).min(64);
            let below = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
            *w = !self.0[i] & below;
        }
        complement.into_iter()
    }

    /// The routes, in id order.
    pub fn iter(&self) -> RouteIter {
        RouteIter { words: self.0, word: 0 }
    }
}

/// Iterates a [`RouteSet`] in id order (owns a copy of the bits, so it allocates nothing).
#[derive(Clone, Debug)]
pub struct RouteIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for RouteIter {
    type Item = RouteId;

    fn next(&mut self) -> Option<RouteId> {
        while self.word < self.words.len() {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(RouteId((self.word as u16) << 6 | w.trailing_zeros() as u16));
            }
            self.word += 1;
        }
        None
    }
}

impl IntoIterator for RouteSet {
    type Item = RouteId;
    type IntoIter = RouteIter;

    fn into_iter(self) -> RouteIter {
        self.iter()
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

/// A set of ticket cards, as a bitset over [`TicketId`]s (maps have at most 128 tickets). Serialised as the list
/// of ticket ids: readable in the action log, and serde's tagged enums cannot carry a `u128`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TicketSet(pub u128);

impl Serialize for TicketSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.ids().map(|t| t.0))
    }
}

impl<'de> Deserialize<'de> for TicketSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<TicketSet, D::Error> {
        let ids = Vec::<u16>::deserialize(deserializer)?;
        if let Some(bad) = ids.iter().find(|&&id| id >= 128) {
            return Err(serde::de::Error::custom(format!("ticket id {bad} is out of range")));
        }
        Ok(TicketSet::from_ids(ids.into_iter().map(TicketId)))
    }
}

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

    /// The tickets, in id order.
    pub fn ids(self) -> impl Iterator<Item = TicketId> {
        (0..128u16).filter(move |&i| self.0 & (1u128 << i) != 0).map(TicketId)
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
        let missing: Vec<_> = set.missing(66).collect();
        assert_eq!(missing.len(), 66 - 2);
        assert!(!missing.contains(&RouteId(0)) && missing.contains(&RouteId(64)) && !missing.contains(&RouteId(66)));
    }

    #[test]
    fn a_route_set_without_another_keeps_its_routes_the_other_lacks_across_every_word() {
        let set: RouteSet = [0, 63, 64, 130, 200, 255].map(RouteId).into_iter().collect();
        let other: RouteSet = [63, 64, 199, 255].map(RouteId).into_iter().collect();
        let kept: Vec<u16> = set.without(&other).iter().map(|r| r.0).collect();
        assert_eq!(kept, [0, 130, 200]);
        assert_eq!(RouteSet::below(130).without(&set).len(), 130 - 3);
    }

    #[test]
    fn the_routes_below_a_count_are_every_id_under_it_up_to_the_largest_map() {
        for count in [0, 1, 63, 64, 65, 130, 255, 256, 300] {
            let ids: Vec<u16> = RouteSet::below(count).iter().map(|r| r.0).collect();
            let expected: Vec<u16> = (0..count.min(256) as u16).collect();
            assert_eq!(ids, expected, "below {count}");
        }
    }

    #[test]
    fn a_ticket_set_knows_its_subsets() {
        let offer = TicketSet::from_ids([TicketId(1), TicketId(5), TicketId(100)]);
        assert!(TicketSet::from_ids([TicketId(100)]).is_subset(offer));
        assert!(!TicketSet::from_ids([TicketId(2)]).is_subset(offer));
        assert_eq!(offer.len(), 3);
    }
}
