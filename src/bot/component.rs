//! Every button and select the bot posts, as one enum, and its `custom_id`: `ttr:<game>:<what>` for components that
//! open something or read the game as it is, `ttr:<game>:<version>:<what>` for those that act on one state of it.
//! The id names the game and the action, never the user: who acted always comes from the interaction.

use poise::serenity_prelude as serenity;

use crate::ids::GameId;
use crate::rules::{CardCounts, CityId, Purchase, RouteId};

/// What a place picker picks: a route to claim or a city for a station.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// Routes the player can pay for now.
    Route,
    /// Cities where the player can build a station now.
    City,
}

/// A component the bot posts, by what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    /// Lobby: take a seat.
    Join,
    /// Lobby: give up one's seat.
    Leave,
    /// Lobby: seat a computer player.
    AddComputer,
    /// Lobby: deal the game.
    Start,
    /// Lobby: close it.
    Cancel,
    /// The start message's `Choose tickets`.
    StartingTickets,
    /// The private select of offered tickets.
    Keep,
    /// Turn message: draw destination tickets.
    Tickets,
    /// Turn message: a card from the deck.
    Deck,
    /// Turn message: a face-up card (slot 0 to 4).
    Take {
        /// The slot, from 0.
        slot: u8,
    },
    /// Turn message: pass (only when nothing else is possible).
    Pass,
    /// Turn message: open the route picker (or bring back a pending tunnel's choice).
    Claim,
    /// Turn message: open the station picker.
    Station,
    /// Turn message: one's cards, tickets and own picture.
    Hand,
    /// Picker: one of its selects (there are up to four on a page).
    Pick {
        /// What it picks.
        place: Place,
        /// Which select of the page.
        select: u8,
    },
    /// Picker: another page.
    PickerPage {
        /// What it picks.
        place: Place,
        /// The page, from 0.
        page: u16,
    },
    /// Payment picker: pay this way.
    Pay {
        /// What is paid for.
        purchase: Purchase,
        /// With these cards.
        cards: CardCounts,
    },
    /// Payment picker: another page of payments.
    PaymentPage {
        /// What is paid for.
        purchase: Purchase,
        /// The page, from 0.
        page: u16,
    },
    /// Confirm prompt: take it, paying these cards.
    Confirm {
        /// What is paid for.
        purchase: Purchase,
        /// With these cards.
        cards: CardCounts,
    },
    /// Confirm prompt: do not.
    CancelClaim,
    /// Tunnel: give it up.
    GiveUp,
    /// `/ttr end`'s confirm: end the game.
    End,
    /// `/ttr leave`'s confirm: hand one's seat to a computer.
    HandOver,
    /// Deadline reminder: skip the stalled turn.
    Skip,
    /// Deadline reminder: hand the stalled seat to a computer.
    Replace,
}

/// A component's `custom_id` decoded: the game, the version it acts on (for components stamped with one), and
/// what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ComponentId {
    /// The game it belongs to.
    pub game: GameId,
    /// The game's version when it was made, for components that act on that state ([`Component::stamped`]).
    pub version: Option<i64>,
    /// What it does.
    pub component: Component,
}

/// Why a `custom_id` is none of the bot's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unrecognised {
    /// Not shaped `ttr:<game>:…` at all (perhaps from an older version).
    NotOurs,
    /// Shaped like ours, but naming nothing the bot posts.
    Unknown,
}

impl Component {
    /// Whether it acts on the game as it stood when it was posted (so it carries the version, and a later press
    /// is "already played").
    pub fn stamped(self) -> bool {
        use Component::*;
        match self {
            Tickets
            | Deck
            | Take { .. }
            | Pass
            | Pick { .. }
            | PickerPage { .. }
            | Pay { .. }
            | PaymentPage { .. }
            | Confirm { .. }
            | CancelClaim
            | GiveUp
            | Skip
            | Replace => true,
            Join | Leave | AddComputer | Start | Cancel | StartingTickets | Keep | Claim | Station | Hand | End
            | HandOver => false,
        }
    }

    /// Whether its answer replaces the message it was pressed on: a picker's, a turn button's (the turn message gets
    /// the sentence and fresh buttons), a lobby button's.
    pub fn changes_its_message(self) -> bool {
        use Component::*;
        self.answers_in_place()
            || matches!(
                self,
                Deck | Take { .. } | Pass | Join | Leave | AddComputer | Start | Cancel
            )
    }

    /// Whether it sits on the player's own private picker, which its answer replaces.
    pub fn answers_in_place(self) -> bool {
        use Component::*;
        match self {
            Pick { .. }
            | PickerPage { .. }
            | Pay { .. }
            | PaymentPage { .. }
            | Confirm { .. }
            | CancelClaim
            | GiveUp => true,
            Join
            | Leave
            | AddComputer
            | Start
            | Cancel
            | StartingTickets
            | Keep
            | Tickets
            | Deck
            | Take { .. }
            | Pass
            | Claim
            | Station
            | Hand
            | End
            | HandOver
            | Skip
            | Replace => false,
        }
    }

    /// Its `custom_id` in game `game`, stamped with `version` if it acts on one state of the game.
    pub fn id(self, game: GameId, version: i64) -> String {
        ComponentId {
            game,
            version: self.stamped().then_some(version),
            component: self,
        }
        .encode()
    }

    /// The components whose `custom_id` ends in a fixed word, with that word: the one table both ways.
    pub const FIXED: [(Component, &'static str); 19] = {
        use Component::*;
        [
            (Join, "join"),
            (Leave, "leave"),
            (AddComputer, "computer"),
            (Start, "start"),
            (Cancel, "cancel"),
            (StartingTickets, "starting-tickets"),
            (Keep, "keep"),
            (Tickets, "tickets"),
            (Deck, "deck"),
            (Pass, "pass"),
            (Claim, "claim"),
            (Station, "station"),
            (Hand, "hand"),
            (CancelClaim, "cancel-claim"),
            (GiveUp, "give-up"),
            (End, "end"),
            (HandOver, "hand-over"),
            (Skip, "skip"),
            (Replace, "replace"),
        ]
    };

    /// The last part of its `custom_id`.
    fn what(self) -> String {
        use Component::*;
        if let Some((_, word)) = Component::FIXED.iter().find(|(c, _)| *c == self) {
            return (*word).to_string();
        }
        match self {
            Take { slot } => format!("take-{}", u16::from(slot) + 1),
            Pick { place, select } => format!("pick-{}-{select}", place_code(place)),
            PickerPage { place, page } => format!("page-{}-{page}", place_code(place)),
            Pay { purchase, cards } => format!("pay-{}-{}", purchase_code(purchase), cards_code(&cards)),
            PaymentPage { purchase, page } => format!("pays-{}-{page}", purchase_code(purchase)),
            Confirm { purchase, cards } => format!("ok-{}-{}", purchase_code(purchase), cards_code(&cards)),
            fixed => unreachable!("{fixed:?} is in Component::FIXED"),
        }
    }

    /// The component a `custom_id`'s last part names.
    fn from_what(what: &str) -> Option<Component> {
        use Component::*;
        if let Some((component, _)) = Component::FIXED.iter().find(|(_, word)| *word == what) {
            return Some(*component);
        }
        let (kind, rest) = what.split_once('-')?;
        let (first, second) = rest.split_once('-').unwrap_or((rest, ""));
        match kind {
            "take" => {
                let slot: u8 = number(rest)?;
                (1..=5).contains(&slot).then(|| Take { slot: slot - 1 })
            }
            "pick" => Some(Pick {
                place: place_from(first)?,
                select: number(second)?,
            }),
            "page" => Some(PickerPage {
                place: place_from(first)?,
                page: number(second)?,
            }),
            "pay" => Some(Pay {
                purchase: purchase_from(first)?,
                cards: cards_from(second)?,
            }),
            "ok" => Some(Confirm {
                purchase: purchase_from(first)?,
                cards: cards_from(second)?,
            }),
            "pays" => Some(PaymentPage {
                purchase: purchase_from(first)?,
                page: number(second)?,
            }),
            _ => None,
        }
    }
}

impl ComponentId {
    /// The `custom_id`.
    pub fn encode(&self) -> String {
        let what = self.component.what();
        match self.version {
            Some(version) => format!("ttr:{}:{version}:{what}", self.game.0),
            None => format!("ttr:{}:{what}", self.game.0),
        }
    }

    /// Reads a `custom_id`: one of the bot's, stamped with a version exactly when its component acts on one.
    ///
    /// # Errors
    /// What it is instead: not shaped like the bot's ids, or naming nothing the bot posts.
    pub fn parse(custom_id: &str) -> Result<ComponentId, Unrecognised> {
        let parts: Vec<&str> = custom_id.split(':').collect();
        let (game, version, what) = match parts.as_slice() {
            ["ttr", game, what] => (game, None, what),
            ["ttr", game, version, what] => (game, Some(number::<i64>(version).ok_or(Unrecognised::NotOurs)?), what),
            _ => return Err(Unrecognised::NotOurs),
        };
        let game = GameId(number(game).ok_or(Unrecognised::NotOurs)?);
        let component = Component::from_what(what).ok_or(Unrecognised::Unknown)?;
        if component.stamped() != version.is_some() {
            return Err(Unrecognised::Unknown);
        }
        Ok(ComponentId {
            game,
            version,
            component,
        })
    }
}

/// A number written plainly in decimal (no sign, no spaces, no leading `+`).
fn number<T: std::str::FromStr>(text: &str) -> Option<T> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn place_code(place: Place) -> &'static str {
    match place {
        Place::Route => "r",
        Place::City => "s",
    }
}

fn place_from(code: &str) -> Option<Place> {
    match code {
        "r" => Some(Place::Route),
        "s" => Some(Place::City),
        _ => None,
    }
}

/// A purchase inside a `custom_id`: `r12`, `s3`, `t`.
fn purchase_code(purchase: Purchase) -> String {
    match purchase {
        Purchase::Route(r) => format!("r{}", r.0),
        Purchase::Station(c) => format!("s{}", c.0),
        Purchase::Tunnel => "t".to_string(),
    }
}

fn purchase_from(code: &str) -> Option<Purchase> {
    match code.split_at_checked(1)? {
        ("r", id) => Some(Purchase::Route(RouteId(number(id)?))),
        ("s", id) => Some(Purchase::Station(CityId(number(id)?))),
        ("t", "") => Some(Purchase::Tunnel),
        _ => None,
    }
}

/// Cards inside a `custom_id`: one base-36 digit per card kind.
fn cards_code(cards: &CardCounts) -> String {
    cards
        .0
        .iter()
        .map(|&n| char::from_digit(u32::from(n), 36).unwrap_or('z'))
        .collect()
}

fn cards_from(code: &str) -> Option<CardCounts> {
    let mut cards = CardCounts::default();
    if code.chars().count() != cards.0.len() {
        return None;
    }
    for (slot, digit) in cards.0.iter_mut().zip(code.chars()) {
        *slot = u8::try_from(digit.to_digit(36)?).ok()?;
    }
    Some(cards)
}

/// The `custom_id` of every button and select a message shows (as Discord sent the message).
pub fn ids_on(message: &serenity::Message) -> impl Iterator<Item = &str> {
    message
        .components
        .iter()
        .flat_map(|row| &row.components)
        .filter_map(|shown| match shown {
            serenity::ActionRowComponent::Button(button) => match &button.data {
                serenity::ButtonKind::NonLink { custom_id, .. } => Some(custom_id.as_str()),
                _ => None,
            },
            serenity::ActionRowComponent::SelectMenu(select) => select.custom_id.as_deref(),
            _ => None,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameRng;

    /// A component of every kind, with fields drawn from `rng`.
    fn any_component(rng: &mut GameRng) -> Component {
        let n = |rng: &mut GameRng, below: u64| rng.next_u64() % below;
        let place = |rng: &mut GameRng| {
            if rng.next_u64().is_multiple_of(2) {
                Place::Route
            } else {
                Place::City
            }
        };
        let purchase = |rng: &mut GameRng| match rng.next_u64() % 3 {
            0 => Purchase::Route(RouteId((rng.next_u64() % 200) as u16)),
            1 => Purchase::Station(CityId((rng.next_u64() % 60) as u16)),
            _ => Purchase::Tunnel,
        };
        let cards = |rng: &mut GameRng| {
            let mut cards = CardCounts::default();
            for slot in &mut cards.0 {
                *slot = (rng.next_u64() % 36) as u8;
            }
            cards
        };
        use Component::*;
        let chosen = n(rng, KINDS as u64);
        let component = match chosen {
            0 => Join,
            1 => Leave,
            2 => AddComputer,
            3 => Start,
            4 => Cancel,
            5 => StartingTickets,
            6 => Keep,
            7 => Tickets,
            8 => Deck,
            9 => Take { slot: n(rng, 5) as u8 },
            10 => Pass,
            11 => Claim,
            12 => Station,
            13 => Hand,
            14 => Pick {
                place: place(rng),
                select: n(rng, 256) as u8,
            },
            15 => PickerPage {
                place: place(rng),
                page: n(rng, 65_536) as u16,
            },
            16 => Pay {
                purchase: purchase(rng),
                cards: cards(rng),
            },
            17 => PaymentPage {
                purchase: purchase(rng),
                page: n(rng, 100) as u16,
            },
            18 => Confirm {
                purchase: purchase(rng),
                cards: cards(rng),
            },
            19 => CancelClaim,
            20 => GiveUp,
            21 => End,
            22 => HandOver,
            23 => Skip,
            24 => Replace,
            _ => unreachable!("{KINDS} kinds"),
        };
        assert_eq!(kind(component) as u64, chosen);
        component
    }

    /// How many kinds of component there are.
    const KINDS: usize = 25;

    /// A component's kind, counted from 0. The `match` lists every variant, so a new component does not build until
    /// it is here, and then the generator above must make it for the test to pass.
    fn kind(component: Component) -> usize {
        use Component::*;
        match component {
            Join => 0,
            Leave => 1,
            AddComputer => 2,
            Start => 3,
            Cancel => 4,
            StartingTickets => 5,
            Keep => 6,
            Tickets => 7,
            Deck => 8,
            Take { .. } => 9,
            Pass => 10,
            Claim => 11,
            Station => 12,
            Hand => 13,
            Pick { .. } => 14,
            PickerPage { .. } => 15,
            Pay { .. } => 16,
            PaymentPage { .. } => 17,
            Confirm { .. } => 18,
            CancelClaim => 19,
            GiveUp => 20,
            End => 21,
            HandOver => 22,
            Skip => 23,
            Replace => 24,
        }
    }

    #[test]
    fn every_component_survives_its_custom_id() {
        let mut rng = GameRng::new(22);
        let mut kinds = std::collections::HashSet::new();
        for _ in 0..20_000 {
            let component = any_component(&mut rng);
            let game = GameId((rng.next_u64() >> 2) as i64);
            let version = (rng.next_u64() >> 2) as i64;
            let id = component.id(game, version);
            assert!(
                id.len() <= 100,
                "Discord takes custom_ids of at most 100 characters: {id}"
            );
            let read = ComponentId::parse(&id).unwrap_or_else(|e| panic!("{id}: {e:?}"));
            assert_eq!(read.component, component, "{id}");
            assert_eq!(read.game, game);
            assert_eq!(read.version, component.stamped().then_some(version));
            assert_eq!(read.encode(), id);
            kinds.insert(kind(component));
        }
        assert_eq!(kinds.len(), KINDS, "every kind of component was tried");
    }

    #[test]
    fn a_custom_id_reads_as_the_bot_has_always_written_it() {
        let read = |id: &str| ComponentId::parse(id).map(|c| (c.game.0, c.version, c.component));
        assert_eq!(read("ttr:42:join"), Ok((42, None, Component::Join)));
        assert_eq!(read("ttr:7:12:deck"), Ok((7, Some(12), Component::Deck)));
        assert_eq!(read("ttr:7:12:take-3"), Ok((7, Some(12), Component::Take { slot: 2 })));
        assert_eq!(read("ttr:7:12:give-up"), Ok((7, Some(12), Component::GiveUp)));
        let mut cards = CardCounts::default();
        cards.0[2] = 3;
        cards.0[9] = 12;
        let pay = Component::Pay {
            purchase: Purchase::Route(RouteId(17)),
            cards,
        };
        assert_eq!(pay.id(GameId(7), 3), "ttr:7:3:pay-r17-003000000c");
        assert_eq!(Component::Hand.id(GameId(7), 3), "ttr:7:hand");
    }

    #[test]
    fn anything_else_is_refused() {
        use Unrecognised::*;
        for (bad, why) in [
            ("", NotOurs),
            ("ttr", NotOurs),
            ("ttr:x:join", NotOurs),
            ("other:1:join", NotOurs),
            ("ttr:1:x:deck", NotOurs),
            ("ttr:1:2:3:deck", NotOurs),
            ("ttr:-1:join", NotOurs),
            ("ttr:+1:join", NotOurs),
            ("ttr:1:", Unknown),
            ("ttr:1:dance", Unknown),
            ("ttr:1:deck", Unknown),
            ("ttr:1:5:join", Unknown),
            ("ttr:1:5:take-0", Unknown),
            ("ttr:1:5:take-6", Unknown),
            ("ttr:1:5:take-+1", Unknown),
            ("ttr:1:5:pay-x1-0000000000", Unknown),
            ("ttr:1:5:pay-r-0000000000", Unknown),
            ("ttr:1:5:pay-t1-0000000000", Unknown),
            ("ttr:1:5:pay-r1-00", Unknown),
            ("ttr:1:5:pay-r1-000000000!", Unknown),
            ("ttr:1:5:page-q-1", Unknown),
            ("ttr:1:5:pick-r-", Unknown),
        ] {
            assert_eq!(ComponentId::parse(bad), Err(why), "{bad}");
        }
    }
}
