//! Small fixed-size sets of routes and tickets, as bitsets: cheap to copy, compare and hash.

use serde::{Deserialize, Serialize};

use super::map::{MAX_ROUTES, MAX_TICKETS, RouteId, TicketId};

/// Words of a [`RouteSet`]: one bit per route a map may have.
const ROUTE_WORDS: usize = MAX_ROUTES / 64;
/// Words of a [`TicketSet`]: one bit per ticket a map may have.
const TICKET_WORDS: usize = MAX_TICKETS / 64;
/// Words every stored `RouteSet` has had since the first snapshot (maps then had at most 256 routes). A set whose
/// routes all fit in them is still written as that many, so a stored game re-saves byte for byte.
const STORED_ROUTE_WORDS: usize = 4;

// Every bit of every word is an id below the limit: a word read back whole can hold no route or ticket past it.
const _: () = assert!(MAX_ROUTES.is_multiple_of(64) && MAX_TICKETS.is_multiple_of(64));
// Stored games' sets must still read (and be written as they were).
const _: () = assert!(ROUTE_WORDS >= STORED_ROUTE_WORDS);
// Ids are u16, and a word's index and a bit's make one.
const _: () = assert!(MAX_ROUTES <= 1 << 16 && MAX_TICKETS <= 1 << 16);

/// `N` words of bits, indexed by a `u16` id: what both sets are made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Bits<const N: usize>([u64; N]);

impl<const N: usize> Bits<N> {
    const EMPTY: Bits<N> = Bits([0; N]);

    fn insert(&mut self, id: u16) {
        self.0[usize::from(id >> 6)] |= 1 << (id & 63);
    }

    fn remove(&mut self, id: u16) {
        self.0[usize::from(id >> 6)] &= !(1 << (id & 63));
    }

    fn contains(&self, id: u16) -> bool {
        self.0[usize::from(id >> 6)] & (1 << (id & 63)) != 0
    }

    fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    fn iter(&self) -> Ones<N> {
        Ones::new(self.0, N)
    }
}

impl<const N: usize> Default for Bits<N> {
    fn default() -> Bits<N> {
        Bits::EMPTY
    }
}

/// The ids of the set bits of the first `end` words, in order (a copy of the bits: it allocates nothing). Claims are
/// listed through it on every turn: the word being walked is kept apart, so a step costs no load or store of the
/// array, and `end` is checked only from one word to the next.
#[derive(Clone, Debug)]
struct Ones<const N: usize> {
    words: [u64; N],
    /// The bits of `words[word]` not yet given.
    current: u64,
    word: usize,
    end: usize,
}

impl<const N: usize> Ones<N> {
    fn new(words: [u64; N], end: usize) -> Ones<N> {
        let current = if end > 0 { words[0] } else { 0 };
        Ones {
            words,
            current,
            word: 0,
            end,
        }
    }
}

impl<const N: usize> Iterator for Ones<N> {
    type Item = u16;

    fn next(&mut self) -> Option<u16> {
        while self.current == 0 {
            self.word += 1;
            if self.word >= self.end {
                return None;
            }
            self.current = self.words[self.word];
        }
        let bit = self.current.trailing_zeros() as u16;
        self.current &= self.current - 1;
        Some((self.word as u16) << 6 | bit)
    }

    /// What `for_each` runs on: two plain loops over locals, so the bits stay in registers however wide the set is.
    fn fold<B, F: FnMut(B, u16) -> B>(self, init: B, mut f: F) -> B {
        let (mut acc, mut word, mut current) = (init, self.word, self.current);
        loop {
            while current != 0 {
                let bit = current.trailing_zeros() as u16;
                current &= current - 1;
                acc = f(acc, (word as u16) << 6 | bit);
            }
            word += 1;
            if word >= self.end {
                return acc;
            }
            current = self.words[word];
        }
    }
}

/// The first `count` bits of `N` words set (all of them when `count` is `64 × N` or more).
fn first<const N: usize>(count: usize) -> Bits<N> {
    let mut bits = Bits::EMPTY;
    for (i, w) in bits.0.iter_mut().enumerate() {
        let n = count.saturating_sub(i * 64).min(64);
        *w = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    }
    bits
}

/// A set of routes, as a bitset over [`RouteId`]s (maps have at most [`MAX_ROUTES`] routes). Stored as its words of
/// 64 bits, lowest ids first: at least four words (what every stored game has), more only when a route needs them.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct RouteSet(Bits<ROUTE_WORDS>);

impl RouteSet {
    /// The empty set.
    pub const EMPTY: RouteSet = RouteSet(Bits::EMPTY);

    /// Adds a route.
    pub fn insert(&mut self, id: RouteId) {
        self.0.insert(id.0);
    }

    /// Removes a route.
    pub fn remove(&mut self, id: RouteId) {
        self.0.remove(id.0);
    }

    /// Whether the route is in the set.
    pub fn contains(&self, id: RouteId) -> bool {
        self.0.contains(id.0)
    }

    /// Number of routes.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Every route in either set.
    pub fn union(&self, other: &RouteSet) -> RouteSet {
        let mut words = self.0.0;
        for (w, o) in words.iter_mut().zip(other.0.0.iter()) {
            *w |= o;
        }
        RouteSet(Bits(words))
    }

    /// The routes in this set and not in `other`.
    pub fn without(&self, other: &RouteSet) -> RouteSet {
        let mut words = self.0.0;
        for (w, o) in words.iter_mut().zip(other.0.0.iter()) {
            *w &= !o;
        }
        RouteSet(Bits(words))
    }

    /// The routes with ids below `count`.
    pub fn below(count: usize) -> RouteSet {
        RouteSet(first(count))
    }

    /// The routes with ids below `count` that are not in the set, in id order. Runs on every turn: it looks only at
    /// the words that hold ids below `count`, so a small map pays nothing for the room a large one needs.
    #[inline]
    pub fn missing(&self, count: usize) -> RouteIter {
        let mut complement = first::<ROUTE_WORDS>(count);
        for (w, s) in complement.0.iter_mut().zip(self.0.0.iter()) {
            *w &= !s;
        }
        RouteIter(Ones::new(complement.0, count.div_ceil(64).min(ROUTE_WORDS)))
    }

    /// The routes, in id order.
    pub fn iter(&self) -> RouteIter {
        RouteIter(self.0.iter())
    }
}

impl std::fmt::Debug for RouteSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RouteSet")?;
        f.debug_set().entries(self.iter().map(|r| r.0)).finish()
    }
}

impl Serialize for RouteSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let words = &self.0.0;
        let used = words.iter().rposition(|&w| w != 0).map_or(0, |last| last + 1);
        serializer.collect_seq(&words[..used.max(STORED_ROUTE_WORDS)])
    }
}

impl<'de> Deserialize<'de> for RouteSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<RouteSet, D::Error> {
        deserializer.deserialize_seq(RouteWords)
    }
}

/// Reads a [`RouteSet`]'s words: four (every stored game's) to [`ROUTE_WORDS`], the missing ones zero.
struct RouteWords;

impl<'de> serde::de::Visitor<'de> for RouteWords {
    type Value = RouteSet;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{STORED_ROUTE_WORDS} to {ROUTE_WORDS} words of route bits")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<RouteSet, A::Error> {
        let mut words = [0; ROUTE_WORDS];
        let mut len = 0;
        while let Some(word) = seq.next_element::<u64>()? {
            let Some(slot) = words.get_mut(len) else {
                return Err(serde::de::Error::custom(format!(
                    "a set of routes has more than {ROUTE_WORDS} words: a route id past {}",
                    MAX_ROUTES - 1
                )));
            };
            *slot = word;
            len += 1;
        }
        if len < STORED_ROUTE_WORDS {
            return Err(serde::de::Error::invalid_length(len, &self));
        }
        Ok(RouteSet(Bits(words)))
    }
}

/// Iterates a [`RouteSet`] in id order (owns a copy of the bits, so it allocates nothing).
#[derive(Clone, Debug)]
pub struct RouteIter(Ones<ROUTE_WORDS>);

impl Iterator for RouteIter {
    type Item = RouteId;

    fn next(&mut self) -> Option<RouteId> {
        self.0.next().map(RouteId)
    }

    fn fold<B, F: FnMut(B, RouteId) -> B>(self, init: B, mut f: F) -> B {
        self.0.fold(init, |acc, id| f(acc, RouteId(id)))
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

/// A set of ticket cards, as a bitset over [`TicketId`]s (maps have at most [`MAX_TICKETS`] tickets). Serialised
/// as the list of ticket ids: readable in the action log, and the same whatever the width of the bitset.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct TicketSet(Bits<TICKET_WORDS>);

impl Serialize for TicketSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.ids().map(|t| t.0))
    }
}

impl<'de> Deserialize<'de> for TicketSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<TicketSet, D::Error> {
        let ids = Vec::<u16>::deserialize(deserializer)?;
        if let Some(bad) = ids.iter().find(|&&id| usize::from(id) >= MAX_TICKETS) {
            return Err(serde::de::Error::custom(format!("ticket id {bad} is out of range")));
        }
        Ok(TicketSet::from_ids(ids.into_iter().map(TicketId)))
    }
}

impl std::fmt::Debug for TicketSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TicketSet")?;
        f.debug_set().entries(self.ids().map(|t| t.0)).finish()
    }
}

impl TicketSet {
    /// The empty set.
    pub const EMPTY: TicketSet = TicketSet(Bits::EMPTY);

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
        self.0.insert(id.0);
    }

    /// Whether the ticket is in the set.
    pub fn contains(self, id: TicketId) -> bool {
        self.0.contains(id.0)
    }

    /// Number of tickets.
    pub fn len(self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(self) -> bool {
        self.0.is_empty()
    }

    /// The tickets, in id order.
    pub fn ids(self) -> impl Iterator<Item = TicketId> {
        self.0.iter().map(TicketId)
    }

    /// Whether every ticket of `self` is in `other`.
    pub fn is_subset(self, other: TicketSet) -> bool {
        self.0.0.iter().zip(other.0.0.iter()).all(|(s, o)| s & !o == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_route_set_lists_what_was_inserted_in_order() {
        let ids = [
            RouteId(0),
            RouteId(63),
            RouteId(64),
            RouteId(200),
            RouteId(300),
            RouteId(447),
        ];
        let mut set: RouteSet = ids.iter().rev().copied().collect();
        assert_eq!(set.iter().collect::<Vec<_>>(), ids);
        assert_eq!(set.len(), 6);
        set.remove(RouteId(64));
        assert!(!set.contains(RouteId(64)) && set.contains(RouteId(200)) && set.contains(RouteId(447)));
        let missing: Vec<_> = set.missing(66).collect();
        assert_eq!(missing.len(), 66 - 2);
        assert!(!missing.contains(&RouteId(0)) && missing.contains(&RouteId(64)) && !missing.contains(&RouteId(66)));
        let missing: Vec<_> = set.missing(MAX_ROUTES).collect();
        assert_eq!(missing.len(), MAX_ROUTES - 5);
        assert!(missing.contains(&RouteId(446)) && !missing.contains(&RouteId(447)));
    }

    #[test]
    fn walking_a_route_set_one_by_one_or_all_at_once_gives_the_same_routes() {
        let set: RouteSet = [0, 1, 63, 64, 200, 256, 383, 384, 447]
            .map(RouteId)
            .into_iter()
            .collect();
        for (it, count) in [
            (set.iter(), 9),
            (set.missing(300), 300 - 6),
            (set.missing(0), 0),
            (set.missing(448), 439),
        ] {
            // A `for` loop steps with `next`; `fold` (and `for_each`, which uses it) has loops of its own.
            let mut one_by_one = Vec::new();
            for r in it.clone() {
                one_by_one.push(r);
            }
            assert_eq!(one_by_one.len(), count);
            let folded = it.clone().fold(Vec::new(), |mut all, r| {
                all.push(r);
                all
            });
            assert_eq!(folded, one_by_one);
            // Partly walked, the rest comes the same either way.
            let mut started = it.clone();
            let first: Vec<RouteId> = started.by_ref().take(5).collect();
            let mut rest = Vec::new();
            started.for_each(|r| rest.push(r));
            assert_eq!([first, rest].concat(), one_by_one);
        }
    }

    #[test]
    fn a_route_set_without_another_keeps_its_routes_the_other_lacks_across_every_word() {
        let set: RouteSet = [0, 63, 64, 130, 200, 255, 256, 383, 447]
            .map(RouteId)
            .into_iter()
            .collect();
        let other: RouteSet = [63, 64, 199, 255, 383].map(RouteId).into_iter().collect();
        let kept: Vec<u16> = set.without(&other).iter().map(|r| r.0).collect();
        assert_eq!(kept, [0, 130, 200, 256, 447]);
        assert_eq!(set.union(&other).len(), 10);
        assert_eq!(RouteSet::below(130).without(&set).len(), 130 - 3);
        assert_eq!(RouteSet::below(400).without(&set).len(), 400 - 8);
    }

    #[test]
    fn the_routes_below_a_count_are_every_id_under_it_up_to_the_largest_map() {
        for count in [0, 1, 63, 64, 65, 130, 255, 256, 257, 300, 400, 447, 448, 500] {
            let ids: Vec<u16> = RouteSet::below(count).iter().map(|r| r.0).collect();
            let expected: Vec<u16> = (0..count.min(MAX_ROUTES) as u16).collect();
            assert_eq!(ids, expected, "below {count}");
            assert_eq!(
                RouteSet::EMPTY.missing(count).collect::<Vec<_>>(),
                RouteSet::below(count).iter().collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn a_route_set_of_routes_below_256_is_written_as_the_four_words_stored_games_hold() {
        // What `#[derive(Serialize)]` wrote for the `[u64; 4]` of old: stored games must re-save byte for byte.
        let old = "[9223372036854775809,0,4,0]";
        let set: RouteSet = serde_json::from_str(old).unwrap();
        assert_eq!(set.iter().map(|r| r.0).collect::<Vec<_>>(), [0, 63, 130]);
        assert_eq!(serde_json::to_string(&set).unwrap(), old);
        assert_eq!(serde_json::to_string(&RouteSet::EMPTY).unwrap(), "[0,0,0,0]");
        let last_old: RouteSet = [RouteId(255)].into_iter().collect();
        assert_eq!(serde_json::to_string(&last_old).unwrap(), "[0,0,0,9223372036854775808]");
    }

    #[test]
    fn a_route_set_past_256_writes_the_words_it_needs_and_reads_them_back() {
        let five: RouteSet = [RouteId(3), RouteId(256)].into_iter().collect();
        assert_eq!(serde_json::to_string(&five).unwrap(), "[8,0,0,0,1]");
        let full = RouteSet::below(MAX_ROUTES);
        let json = serde_json::to_string(&full).unwrap();
        assert_eq!(json.matches(',').count(), ROUTE_WORDS - 1, "{json}");
        for set in [five, full, [RouteId(447)].into_iter().collect()] {
            let json = serde_json::to_string(&set).unwrap();
            assert_eq!(serde_json::from_str::<RouteSet>(&json).unwrap(), set, "{json}");
        }
        // Fewer words than written are the same set: the words missing are zero.
        assert_eq!(serde_json::from_str::<RouteSet>("[8,0,0,0,1,0,0]").unwrap(), five);
    }

    #[test]
    fn a_route_set_of_too_many_or_too_few_words_is_refused() {
        let eight = format!("[{}]", ["1"; ROUTE_WORDS + 1].join(","));
        let err = serde_json::from_str::<RouteSet>(&eight).unwrap_err().to_string();
        assert!(err.contains("a route id past 447"), "{err}");
        for bad in ["[0,0,0]", "[]", "[0,0,0,-1]", "[0,0,0,0.5]", "{}", "7"] {
            assert!(serde_json::from_str::<RouteSet>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_ticket_set_knows_its_subsets() {
        let offer = TicketSet::from_ids([TicketId(1), TicketId(5), TicketId(100), TicketId(200)]);
        assert!(TicketSet::from_ids([TicketId(100), TicketId(200)]).is_subset(offer));
        assert!(!TicketSet::from_ids([TicketId(2)]).is_subset(offer));
        assert!(!TicketSet::from_ids([TicketId(201)]).is_subset(offer));
        assert_eq!(offer.len(), 4);
        assert!(offer.contains(TicketId(200)) && !offer.contains(TicketId(255)));
    }

    #[test]
    fn a_ticket_set_is_its_list_of_ids_up_to_255() {
        let set = TicketSet::from_ids([255, 0, 128, 127].map(TicketId));
        let json = serde_json::to_string(&set).unwrap();
        assert_eq!(json, "[0,127,128,255]");
        assert_eq!(serde_json::from_str::<TicketSet>(&json).unwrap(), set);
        let err = serde_json::from_str::<TicketSet>("[3,256]").unwrap_err().to_string();
        assert!(err.contains("ticket id 256 is out of range"), "{err}");
    }
}
