//! The base game's rules (RULES.md §1), one test per rule, on the USA map.

use crate::common::*;
use ttrbot::rules::Step;
use ttrbot::rules::{Action, Event, Game, RuleError, Seat, TicketSet};

// ----- setup -----

#[test]
fn setup_deals_four_cards_five_face_up_and_three_tickets_each() {
    let game = Game::new(map("usa"), 5, 1).unwrap();
    let s = game.state();
    for seat in &s.seats {
        assert_eq!(seat.hand.total(), 4);
        assert_eq!(seat.offer.len(), 3);
        assert_eq!(seat.trains, 45);
    }
    assert_eq!(s.faceup.iter().flatten().count(), 5);
    assert_eq!(s.deck.len() + s.faceup.len() + 20, 110);
    assert_eq!(s.tickets.len(), 30 - 15);
    game.check_invariants().unwrap();
}

#[test]
fn the_deck_has_twelve_of_each_colour_and_fourteen_locomotives() {
    let game = Game::new(map("usa"), 2, 3).unwrap();
    let s = game.state();
    let mut counts = [0; 10];
    for c in s.deck.iter().chain(s.faceup.iter().flatten()) {
        counts[c.index()] += 1;
    }
    for seat in &s.seats {
        for (c, n) in seat.hand.iter() {
            counts[c.index()] += n as usize;
        }
    }
    assert_eq!(counts, [12, 12, 12, 12, 12, 12, 12, 12, 0, 14]);
}

#[test]
fn a_player_count_outside_the_maps_range_is_refused() {
    assert!(Game::new(map("usa"), 1, 0).is_err());
    assert!(Game::new(map("usa"), 6, 0).is_err());
    assert!(Game::new(map("switzerland"), 4, 0).is_err());
    let err = Game::new(map("usa"), 6, 0).unwrap_err();
    assert_eq!(err.to_string(), "USA is for 2 to 5 players, not 6.");
}

#[test]
fn the_first_player_is_chosen_at_random_by_the_seed() {
    let firsts: std::collections::BTreeSet<u8> = (0..40)
        .map(|seed| Game::new(map("usa"), 4, seed).unwrap().state().current.0)
        .collect();
    assert_eq!(firsts.len(), 4, "every seat starts in some game");
    let a = Game::new(map("usa"), 4, 9).unwrap();
    let b = Game::new(map("usa"), 4, 9).unwrap();
    assert_eq!(a.state(), b.state(), "the same seed sets up the same game");
}

#[test]
fn everyone_chooses_starting_tickets_at_once_in_any_order() {
    let mut game = Game::new(map("usa"), 3, 5).unwrap();
    assert_eq!(game.to_act(), vec![Seat(0), Seat(1), Seat(2)]);
    let offer = |g: &Game, s: usize| TicketSet::from_ids(g.state().seats[s].offer.clone());
    let o2 = offer(&game, 2);
    ok(&mut game, 2, Action::KeepTickets { tickets: o2 });
    assert_eq!(game.to_act(), vec![Seat(0), Seat(1)]);
    assert_eq!(
        refused(&mut game, 2, Action::KeepTickets { tickets: o2 }),
        RuleError::AlreadyChoseTickets
    );
    assert_eq!(
        refused(&mut game, 0, Action::DrawBlind),
        RuleError::DecisionPending(Step::StartingTickets)
    );
    let o0 = offer(&game, 0);
    ok(&mut game, 0, Action::KeepTickets { tickets: o0 });
    let o1 = offer(&game, 1);
    let events = ok(&mut game, 1, Action::KeepTickets { tickets: o1 });
    assert!(events.iter().any(|e| matches!(e, Event::GameStarted { .. })));
    assert_eq!(step(&game), &Step::Turn);
}

#[test]
fn a_starting_hand_of_tickets_must_keep_at_least_two() {
    let mut game = Game::new(map("usa"), 2, 5).unwrap();
    let first = game.state().seats[0].offer[0];
    let err = refused(
        &mut game,
        0,
        Action::KeepTickets {
            tickets: TicketSet::from_ids([first]),
        },
    );
    assert_eq!(err, RuleError::KeepMore { min: 2 });
    assert_eq!(sentence(&game, &err), "Keep at least 2 tickets.");
}

#[test]
fn returned_starting_tickets_go_to_the_bottom_of_the_ticket_deck() {
    let mut game = Game::new(map("usa"), 2, 5).unwrap();
    let offer = game.state().seats[0].offer.clone();
    ok(
        &mut game,
        0,
        Action::KeepTickets {
            tickets: TicketSet::from_ids([offer[0], offer[1]]),
        },
    );
    assert_eq!(game.state().tickets.back(), Some(&offer[2]));
    assert_eq!(game.state().seats[0].tickets, vec![offer[0], offer[1]]);
}

#[test]
fn a_returned_ticket_shows_to_its_seat_alone_where_it_lies_until_someone_draws_it_and_returns_it_again() {
    let mut game = Game::new(map("usa"), 2, 5).unwrap();
    let places = |game: &Game, seat: u8| -> Vec<_> {
        let view = game.seat_view(Seat(seat));
        view.returned.iter().map(|r| (r.ticket, r.in_deck)).collect()
    };
    // Each seat keeps two of its three starting tickets: the third goes under the deck, the first player's above.
    let mut returned = Vec::new();
    for seat in 0..2u8 {
        let offer = game.state().seats[usize::from(seat)].offer.clone();
        ok(
            &mut game,
            seat,
            Action::KeepTickets {
                tickets: TicketSet::from_ids([offer[0], offer[1]]),
            },
        );
        returned.push(offer[2]);
    }
    let mut place = game.state().tickets.len() - 2;
    // The deck's 26 tickets take nine draws; the ninth, of the last two, falls to the second player.
    if game.current() == Seat(0) {
        ok(&mut game, 0, Action::DrawBlind);
        ok(&mut game, 0, Action::DrawBlind);
    }
    assert_eq!(place, 24);
    loop {
        assert_eq!(places(&game, 0), vec![(returned[0], Some(place))]);
        assert_eq!(
            places(&game, 1),
            vec![(returned[1], Some(place + 1))],
            "the other's ticket stays its own"
        );
        // Whoever is to move draws tickets and keeps all but the first player's: the deck shrinks from the top.
        let seat = game.current().0;
        ok(&mut game, seat, Action::DrawTickets);
        let drawn = game.state().seats[usize::from(seat)].offer.clone();
        let keep = drawn.iter().copied().filter(|&t| t != returned[0]);
        ok(
            &mut game,
            seat,
            Action::KeepTickets {
                tickets: TicketSet::from_ids(keep),
            },
        );
        if drawn.contains(&returned[0]) {
            assert_eq!((seat, drawn.len()), (1, 2));
            break;
        }
        place -= drawn.len();
    }
    // The second player drew both (keeping its own back) and returned the first player's: that one is now the second
    // player's to remember, alone in the deck, and the first player forgot it (drawn by another, it might have been
    // kept).
    assert_eq!(places(&game, 1), vec![(returned[0], Some(0))]);
    assert!(places(&game, 0).is_empty());
    assert_eq!(game.state().tickets.len(), 1);
    game.check_invariants().unwrap();
}

#[test]
fn a_ticket_not_offered_cannot_be_kept() {
    let mut game = Game::new(map("usa"), 2, 5).unwrap();
    let other = game.state().seats[1].offer[0];
    let mine = game.state().seats[0].offer.clone();
    let err = refused(
        &mut game,
        0,
        Action::KeepTickets {
            tickets: TicketSet::from_ids([mine[0], mine[1], other]),
        },
    );
    assert_eq!(err, RuleError::TicketNotOffered);
}

// ----- whose turn -----

#[test]
fn a_player_cannot_act_out_of_turn() {
    let mut game = started("usa", 3, 1);
    assert_eq!(refused(&mut game, 1, Action::DrawBlind), RuleError::NotYourTurn);
    assert_eq!(refused(&mut game, 7, Action::DrawBlind), RuleError::NoSuchSeat);
    assert_eq!(sentence(&game, &RuleError::NotYourTurn), "It is not your turn.");
}

// ----- drawing cards -----

#[test]
fn drawing_two_blind_cards_ends_the_turn() {
    let mut game = started("usa", 2, 1);
    ok(&mut game, 0, Action::DrawBlind);
    assert_eq!(step(&game), &Step::SecondCard);
    assert_eq!(
        refused(&mut game, 0, Action::DrawTickets),
        RuleError::DecisionPending(Step::SecondCard)
    );
    ok(&mut game, 0, Action::DrawBlind);
    assert_eq!(game.state().current, Seat(1));
    assert_eq!(game.state().seats[0].hand.total(), 6);
}

#[test]
fn a_face_up_locomotive_as_the_first_card_ends_the_draw() {
    let mut game = started("usa", 2, 1);
    set_faceup(
        &mut game,
        [
            Some("locomotive"),
            Some("red"),
            Some("blue"),
            Some("green"),
            Some("white"),
        ],
    );
    stack_deck_top(&mut game, &["black"]);
    ok(&mut game, 0, Action::DrawFaceup { slot: 0 });
    assert_eq!(game.state().current, Seat(1), "the turn passed");
    assert_eq!(
        game.state().seats[0].hand.total(),
        5,
        "one card taken, it counted as two"
    );
}

#[test]
fn a_face_up_locomotive_cannot_be_the_second_card() {
    let mut game = started("usa", 2, 1);
    set_faceup(
        &mut game,
        [
            Some("red"),
            Some("locomotive"),
            Some("blue"),
            Some("green"),
            Some("white"),
        ],
    );
    stack_deck_top(&mut game, &["black", "black"]);
    ok(&mut game, 0, Action::DrawFaceup { slot: 0 });
    let err = refused(&mut game, 0, Action::DrawFaceup { slot: 1 });
    assert_eq!(
        sentence(&game, &err),
        "A face-up locomotive cannot be your second card."
    );
    let mut legal = Vec::new();
    game.legal_actions(Seat(0), &mut legal);
    assert!(!legal.contains(&Action::DrawFaceup { slot: 1 }));
}

#[test]
fn a_blind_locomotive_counts_as_one_card() {
    let mut game = started("usa", 2, 1);
    stack_deck_top(&mut game, &["locomotive", "red"]);
    ok(&mut game, 0, Action::DrawBlind);
    assert_eq!(step(&game), &Step::SecondCard, "the player draws again");
    ok(&mut game, 0, Action::DrawBlind);
    assert_eq!(game.state().current, Seat(1));
}

#[test]
fn a_taken_face_up_card_is_replaced_at_once_from_the_deck() {
    let mut game = started("usa", 2, 1);
    set_faceup(
        &mut game,
        [Some("red"), Some("blue"), Some("green"), Some("white"), Some("black")],
    );
    stack_deck_top(&mut game, &["orange"]);
    ok(&mut game, 0, Action::DrawFaceup { slot: 2 });
    assert_eq!(game.state().faceup[2], Some(card("orange")));
}

#[test]
fn cards_taken_face_up_are_known_to_all_until_a_payment_shows_as_many_of_their_kind_spent() {
    let mut game = started("usa", 2, 1);
    set_hand(&mut game, Seat(0), &[("red", 1)]);
    set_faceup(
        &mut game,
        [Some("red"), Some("blue"), Some("green"), Some("white"), Some("black")],
    );
    stack_deck_top(&mut game, &["orange", "yellow"]);
    ok(&mut game, 0, Action::DrawFaceup { slot: 0 });
    ok(&mut game, 0, Action::DrawFaceup { slot: 1 });
    let known = |game: &Game| game.public_view().seats[0].known_cards;
    assert_eq!(known(&game), cards(&[("red", 1), ("blue", 1)]));
    assert_eq!(
        game.seat_view(Seat(1)).public.seats[0].known_cards,
        known(&game),
        "the other seat sees it too"
    );
    ok(&mut game, 1, Action::DrawBlind);
    ok(&mut game, 1, Action::DrawBlind);
    assert_eq!(
        game.public_view().seats[1].known_cards,
        cards(&[]),
        "cards drawn blind are not known"
    );
    // Seat 0 holds two red cards; which one it pays with no one can tell, so no red is known to be left.
    let r = route(&game, "Atlanta", "Nashville", None);
    ok(&mut game, 0, claim(r, &[("red", 1)]));
    assert_eq!(game.state().seats[0].hand, cards(&[("red", 1), ("blue", 1)]));
    assert_eq!(known(&game), cards(&[("blue", 1)]));
}

#[test]
fn three_face_up_locomotives_discard_and_replace_the_whole_row() {
    let mut game = started("usa", 2, 1);
    set_faceup(
        &mut game,
        [
            Some("red"),
            Some("locomotive"),
            Some("locomotive"),
            Some("green"),
            Some("white"),
        ],
    );
    stack_deck_top(&mut game, &["locomotive", "red", "blue", "green", "yellow", "black"]);
    let events = ok(&mut game, 0, Action::DrawFaceup { slot: 0 });
    assert!(events.contains(&Event::FaceupReset));
    let row: Vec<_> = game.state().faceup.iter().flatten().copied().collect();
    assert_eq!(
        row,
        vec![card("red"), card("blue"), card("green"), card("yellow"), card("black")]
    );
    assert_eq!(game.state().discard.iter().filter(|c| c.is_wild()).count(), 3);
    game.check_invariants().unwrap();
}

#[test]
fn the_row_reset_stops_when_no_reset_could_help() {
    let mut game = started("usa", 2, 1);
    // Only locomotives outside the hands: a reset cannot change anything, so the row stays.
    let s = game.state_mut();
    let mut plain = Vec::new();
    s.deck.retain(|c| {
        if c.is_wild() {
            true
        } else {
            plain.push(*c);
            false
        }
    });
    for slot in 0..5 {
        if let Some(c) = s.faceup[slot].take() {
            if c.is_wild() { s.deck.push(c) } else { plain.push(c) }
        }
    }
    for c in plain {
        s.seats[1].hand.add(c, 1);
    }
    let wilds = s.deck.len();
    s.faceup = [None; 5];
    for slot in 0..5 {
        s.faceup[slot] = s.deck.pop();
    }
    assert!(wilds >= 5);
    ok(&mut game, 0, Action::DrawFaceup { slot: 0 });
    game.check_invariants().unwrap();
}

#[test]
fn an_empty_deck_is_refilled_by_shuffling_the_discard_pile() {
    let mut game = started("usa", 2, 1);
    let s = game.state_mut();
    let deck = std::mem::take(&mut s.deck);
    s.discard = deck;
    let events = ok(&mut game, 0, Action::DrawBlind);
    assert!(events.contains(&Event::DeckReshuffled));
    assert!(game.state().discard.is_empty());
    game.check_invariants().unwrap();
}

#[test]
fn with_deck_and_discard_empty_no_blind_draw_but_face_up_cards_remain() {
    let mut game = started("usa", 2, 1);
    empty_piles_into(&mut game, Seat(1));
    assert_eq!(refused(&mut game, 0, Action::DrawBlind), RuleError::DeckEmpty);
    ok(&mut game, 0, Action::DrawFaceup { slot: 0 });
    assert_eq!(game.state().faceup[0], None, "the slot stays empty");
    game.check_invariants().unwrap();
}

#[test]
fn with_no_card_left_to_take_the_draw_ends_after_the_first_card() {
    let mut game = started("usa", 2, 1);
    set_faceup(&mut game, [Some("red"), None, None, None, None]);
    empty_piles_into(&mut game, Seat(1));
    ok(&mut game, 0, Action::DrawFaceup { slot: 0 });
    assert_eq!(game.state().current, Seat(1), "nothing left to draw: the turn ended");
    game.check_invariants().unwrap();
}

// ----- claiming routes -----

/// One row of the payment table: route, hand, payment, and the expected error code (None = accepted).
struct PaymentCase {
    name: &'static str,
    route: (&'static str, &'static str, Option<&'static str>),
    hand: &'static [(&'static str, u8)],
    pay: &'static [(&'static str, u8)],
    refused: Option<&'static str>,
}

const PAYMENTS: &[PaymentCase] = &[
    PaymentCase {
        name: "a coloured route is paid with its colour",
        route: ("Atlanta", "Miami", None),
        hand: &[("blue", 5)],
        pay: &[("blue", 5)],
        refused: None,
    },
    PaymentCase {
        name: "locomotives stand in for the route's colour",
        route: ("Atlanta", "Miami", None),
        hand: &[("blue", 3), ("locomotive", 2)],
        pay: &[("blue", 3), ("locomotive", 2)],
        refused: None,
    },
    PaymentCase {
        name: "a route can be paid with locomotives alone",
        route: ("Atlanta", "Nashville", None),
        hand: &[("locomotive", 1)],
        pay: &[("locomotive", 1)],
        refused: None,
    },
    PaymentCase {
        name: "a gray route takes any one colour",
        route: ("Atlanta", "Charleston", None),
        hand: &[("pink", 2)],
        pay: &[("pink", 2)],
        refused: None,
    },
    PaymentCase {
        name: "a gray route cannot be paid with two colours",
        route: ("Atlanta", "Charleston", None),
        hand: &[("pink", 1), ("red", 1)],
        pay: &[("pink", 1), ("red", 1)],
        refused: Some("mixed_colors"),
    },
    PaymentCase {
        name: "a coloured route refuses another colour",
        route: ("Atlanta", "Miami", None),
        hand: &[("red", 5)],
        pay: &[("red", 5)],
        refused: Some("wrong_color"),
    },
    PaymentCase {
        name: "a payment of the wrong length is refused",
        route: ("Atlanta", "Miami", None),
        hand: &[("blue", 6)],
        pay: &[("blue", 4)],
        refused: Some("wrong_card_count"),
    },
    PaymentCase {
        name: "cards the player does not hold cannot pay",
        route: ("Atlanta", "Miami", None),
        hand: &[("blue", 4)],
        pay: &[("blue", 5)],
        refused: Some("cards_not_in_hand"),
    },
];

#[test]
fn route_payments_follow_the_colour_rules() {
    for case in PAYMENTS {
        let mut game = started("usa", 2, 1);
        set_hand(&mut game, Seat(0), case.hand);
        let r = route(&game, case.route.0, case.route.1, case.route.2);
        let before = game.state().clone();
        let result = game.apply(Seat(0), claim(r, case.pay));
        match (case.refused, result) {
            (None, Ok(_)) => {
                assert_eq!(game.state().owners[usize::from(r.0)], Some(Seat(0)), "{}", case.name);
            }
            (Some(code), Err(e)) => {
                assert_eq!(e.code(), code, "{}: {e}", case.name);
                assert_eq!(game.state(), &before, "{}: a refusal changed the game", case.name);
            }
            (expected, got) => panic!("{}: expected {expected:?}, got {got:?}", case.name),
        }
    }
}

#[test]
fn missing_cards_are_named_in_the_players_sentence() {
    let mut game = started("usa", 2, 1);
    set_hand(&mut game, Seat(0), &[("blue", 2)]);
    let r = route(&game, "Atlanta", "Miami", None);
    let err = refused(&mut game, 0, claim(r, &[("blue", 3), ("locomotive", 2)]));
    assert_eq!(sentence(&game, &err), "You need 3 blue cards; you have 2.");
}

#[test]
fn a_claimed_route_scores_by_the_length_table_at_once() {
    let expected = [(1, 1), (2, 2), (3, 4), (4, 7), (5, 10), (6, 15)];
    let pairs = [
        ("Atlanta", "Nashville"),
        ("Atlanta", "Charleston"),
        ("Calgary", "Vancouver"),
        ("Calgary", "Helena"),
        ("Atlanta", "Miami"),
        ("Calgary", "Winnipeg"),
    ];
    for ((a, b), (len, points)) in pairs.into_iter().zip(expected) {
        let mut game = started("usa", 2, 1);
        let r = route(&game, a, b, None);
        assert_eq!(game.map().route(r).len, len, "{a}-{b}");
        set_hand(&mut game, Seat(0), &[("locomotive", len)]);
        let events = ok(&mut game, 0, claim(r, &[("locomotive", len)]));
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::Claimed { points: p, .. } if *p == points))
        );
        assert_eq!(game.state().seats[0].route_points, points);
        assert_eq!(game.state().seats[0].trains, 45 - len);
        assert_eq!(
            game.state().discard.len(),
            usize::from(len),
            "the cards paid are discarded"
        );
    }
}

#[test]
fn a_route_needs_enough_trains_left() {
    let mut game = started("usa", 2, 1);
    game.state_mut().seats[0].trains = 4;
    set_hand(&mut game, Seat(0), &[("blue", 5)]);
    let r = route(&game, "Atlanta", "Miami", None);
    let err = game.apply(Seat(0), claim(r, &[("blue", 5)])).unwrap_err();
    assert_eq!(sentence(&game, &err), "That route takes 5 trains; you have 4 left.");
}

#[test]
fn a_taken_route_cannot_be_claimed_again() {
    let mut game = started("usa", 2, 1);
    let r = route(&game, "Atlanta", "Miami", None);
    own(&mut game, Seat(1), r);
    set_hand(&mut game, Seat(0), &[("blue", 5)]);
    assert_eq!(refused(&mut game, 0, claim(r, &[("blue", 5)])), RuleError::RouteTaken);
}

#[test]
fn everyone_sees_every_claimed_route_in_the_order_it_was_claimed() {
    // Players follow each other's claims as they come (the search reads a seat's tickets from them); a claim that
    // fails (a tunnel given up) adds nothing.
    let mut tunnels_declined = 0;
    for seed in 0..20u64 {
        let mut game = Game::new(map("europe"), 4, seed).unwrap();
        let mut chooser = ttrbot::rules::GameRng::new(seed);
        let mut claimed = Vec::new();
        let mut legal = Vec::new();
        let mut declined = 0;
        while !game.is_over() {
            let seat = game.to_act()[0];
            game.legal_actions(seat, &mut legal);
            let events = game.apply(seat, legal[chooser.below(legal.len())]).unwrap();
            for event in events {
                match event {
                    Event::Claimed { route, .. } => claimed.push(route),
                    Event::TunnelDeclined { .. } => declined += 1,
                    _ => {}
                }
            }
            assert_eq!(game.public_view().claim_order, claimed, "seed {seed}");
        }
        assert!(claimed.len() > 10, "seed {seed}: only {} claims", claimed.len());
        tunnels_declined += declined;
    }
    assert!(
        tunnels_declined > 0,
        "no tunnel was given up: the order was not tested against one"
    );
}

// ----- double routes -----

#[test]
fn one_player_may_never_own_both_tracks_of_a_double() {
    let mut game = started("usa", 4, 1);
    let yellow = route(&game, "Atlanta", "New Orleans", Some("yellow"));
    let orange = route(&game, "Atlanta", "New Orleans", Some("orange"));
    own(&mut game, Seat(0), yellow);
    set_hand(&mut game, Seat(0), &[("orange", 4)]);
    assert_eq!(
        refused(&mut game, 0, claim(orange, &[("orange", 4)])),
        RuleError::OwnsTwin
    );
}

#[test]
fn with_four_players_both_tracks_of_a_double_are_open() {
    let mut game = started("usa", 4, 1);
    let yellow = route(&game, "Atlanta", "New Orleans", Some("yellow"));
    let orange = route(&game, "Atlanta", "New Orleans", Some("orange"));
    own(&mut game, Seat(1), yellow);
    set_hand(&mut game, Seat(0), &[("orange", 4)]);
    ok(&mut game, 0, claim(orange, &[("orange", 4)]));
}

#[test]
fn with_three_players_the_second_track_of_a_double_is_closed() {
    for players in [2, 3] {
        let mut game = started("usa", players, 1);
        let yellow = route(&game, "Atlanta", "New Orleans", Some("yellow"));
        let orange = route(&game, "Atlanta", "New Orleans", Some("orange"));
        own(&mut game, Seat(1), yellow);
        set_hand(&mut game, Seat(0), &[("orange", 4)]);
        let err = refused(&mut game, 0, claim(orange, &[("orange", 4)]));
        assert_eq!(err.code(), "double_closed", "{players} players");
        let mut legal = Vec::new();
        game.legal_actions(Seat(0), &mut legal);
        assert!(
            !legal
                .iter()
                .any(|a| matches!(a, Action::Claim { route, .. } if *route == orange))
        );
    }
}

// ----- tickets -----

#[test]
fn drawing_tickets_offers_three_and_keeping_one_is_enough() {
    let mut game = started("usa", 2, 1);
    let top: Vec<_> = game.state().tickets.iter().take(3).copied().collect();
    ok(&mut game, 0, Action::DrawTickets);
    assert_eq!(game.state().seats[0].offer, top);
    assert_eq!(
        refused(&mut game, 0, Action::DrawBlind),
        RuleError::DecisionPending(Step::KeepTickets)
    );
    assert_eq!(
        refused(
            &mut game,
            0,
            Action::KeepTickets {
                tickets: TicketSet::EMPTY
            }
        ),
        RuleError::KeepMore { min: 1 }
    );
    ok(
        &mut game,
        0,
        Action::KeepTickets {
            tickets: TicketSet::from_ids([top[1]]),
        },
    );
    let deck: Vec<_> = game.state().tickets.iter().rev().take(2).copied().collect();
    assert_eq!(deck, vec![top[2], top[0]], "the other two went to the bottom");
    assert_eq!(game.state().current, Seat(1));
}

#[test]
fn with_fewer_than_three_tickets_left_the_draw_takes_what_is_there() {
    let mut game = started("usa", 2, 1);
    leave_tickets(&mut game, 2, Seat(1));
    ok(&mut game, 0, Action::DrawTickets);
    assert_eq!(game.state().seats[0].offer.len(), 2);
}

#[test]
fn tickets_cannot_be_drawn_from_an_empty_deck() {
    let mut game = started("usa", 2, 1);
    let s = game.state_mut();
    let all: Vec<_> = s.tickets.drain(..).collect();
    s.seats[1].tickets.extend(all);
    assert_eq!(refused(&mut game, 0, Action::DrawTickets), RuleError::NoTicketsLeft);
}

// ----- passing -----

#[test]
fn a_pass_is_refused_while_anything_else_is_possible() {
    let mut game = started("usa", 2, 1);
    assert_eq!(refused(&mut game, 0, Action::Pass), RuleError::PassNotAllowed);
}

/// A position where seat 0 can do nothing: no cards to draw, no tickets, and a hand that pays for no route.
fn stuck(players: usize) -> Game {
    let mut game = started("usa", players, 1);
    empty_piles_into(&mut game, Seat(1));
    let s = game.state_mut();
    let row: Vec<_> = s.faceup.iter_mut().filter_map(Option::take).collect();
    for c in row {
        s.seats[1].hand.add(c, 1);
    }
    let hand = std::mem::take(&mut s.seats[0].hand);
    s.seats[1].hand.add_all(&hand);
    let tickets: Vec<_> = s.tickets.drain(..).collect();
    s.seats[1].tickets.extend(tickets);
    game
}

#[test]
fn a_player_with_no_possible_action_must_pass() {
    let mut game = stuck(2);
    let mut legal = Vec::new();
    game.legal_actions(Seat(0), &mut legal);
    assert_eq!(legal, vec![Action::Pass]);
    ok(&mut game, 0, Action::Pass);
    assert_eq!(game.state().current, Seat(1));
}

#[test]
fn a_full_round_of_forced_passes_ends_the_game() {
    // Nothing left anywhere: no cards to draw or hold, no tickets. (Cards are taken out of play here, so this
    // position is not conserving; the pass counter is what is tested.)
    let mut game = started("usa", 2, 1);
    let s = game.state_mut();
    s.deck.clear();
    s.discard.clear();
    s.faceup = [None; 5];
    s.tickets.clear();
    for seat in &mut s.seats {
        seat.hand = Default::default();
    }
    ok(&mut game, 0, Action::Pass);
    assert!(!game.is_over());
    let events = ok(&mut game, 1, Action::Pass);
    assert!(events.contains(&Event::GameOver));
    assert!(game.is_over());
}

// ----- the end -----

#[test]
fn two_trains_left_give_everyone_exactly_one_more_turn() {
    let mut game = started("usa", 3, 1);
    // Seat 0 is left with 4 trains after owning routes worth 41 trains, then claims a 2 to reach 2.
    let long = [
        "Calgary-Winnipeg",
        "Helena-Seattle",
        "Los Angeles-El Paso",
        "Portland-Salt Lake City",
    ];
    let mut spent = 0;
    for pair in long.iter().chain(
        [
            "Denver-Phoenix",
            "Denver-Helena",
            "Boston-Montréal",
            "Atlanta-Miami",
            "Atlanta-Nashville",
        ]
        .iter(),
    ) {
        let (a, b) = pair.split_once('-').unwrap();
        let r = route(&game, a, b, None);
        spent += game.map().route(r).len;
        own(&mut game, Seat(0), r);
    }
    assert_eq!(45 - spent, 4, "set-up leaves 4 trains");
    set_hand(&mut game, Seat(0), &[("pink", 2)]);
    let r = route(&game, "Atlanta", "Charleston", None);
    let events = ok(&mut game, 0, claim(r, &[("pink", 2)]));
    assert!(events.contains(&Event::FinalRoundStarted { seat: Seat(0) }));
    ok(&mut game, 1, Action::DrawBlind);
    ok(&mut game, 1, Action::DrawBlind);
    ok(&mut game, 2, Action::DrawBlind);
    ok(&mut game, 2, Action::DrawBlind);
    assert!(!game.is_over(), "the player who triggered it plays once more");
    ok(&mut game, 0, Action::DrawBlind);
    let events = ok(&mut game, 0, Action::DrawBlind);
    assert!(events.contains(&Event::GameOver));
    assert!(game.is_over());
    assert_eq!(refused(&mut game, 1, Action::DrawBlind), RuleError::GameOver);
    let scores = game.final_scores().unwrap();
    assert_eq!(scores.len(), 3);
}

#[test]
fn three_trains_left_do_not_trigger_the_end() {
    let mut game = started("usa", 2, 1);
    let owned = [
        "Calgary-Winnipeg",
        "Helena-Seattle",
        "Los Angeles-El Paso",
        "Portland-Salt Lake City",
        "Denver-Phoenix",
        "Denver-Helena",
        "Boston-Montréal",
        "Atlanta-Charleston",
    ];
    for pair in owned {
        let (a, b) = pair.split_once('-').unwrap();
        let r = route(&game, a, b, None);
        own(&mut game, Seat(0), r);
    }
    assert_eq!(game.state().seats[0].trains, 8);
    set_hand(&mut game, Seat(0), &[("blue", 5)]);
    let r = route(&game, "Atlanta", "Miami", None);
    let events = ok(&mut game, 0, claim(r, &[("blue", 5)]));
    assert_eq!(game.state().seats[0].trains, 3);
    assert!(!events.iter().any(|e| matches!(e, Event::FinalRoundStarted { .. })));
    assert_eq!(game.state().final_turns_left, None);
}

// ----- what a route picker shows -----

#[test]
fn claim_options_list_every_payment_with_the_fewest_locomotives_first() {
    let mut game = started("usa", 2, 1);
    set_hand(&mut game, Seat(0), &[("red", 2), ("blue", 1), ("locomotive", 2)]);
    let gray = route(&game, "Vancouver", "Calgary", None); // 3 gray
    let options = game.claim_options(Seat(0), gray);
    assert_eq!(options.blocked, None);
    let described: Vec<String> = options
        .payments
        .iter()
        .map(|c| ttrbot::text::cards(ttrbot::text::Lang::En, game.map(), c))
        .collect();
    assert_eq!(
        described,
        ["2 red, 1 locomotive", "1 red, 2 locomotive", "1 blue, 2 locomotive"],
        "one colour plus locomotives, fewest locomotives first for each colour"
    );
    assert!(options.claimable());
    let pink = route(&game, "Denver", "Omaha", None);
    let options = game.claim_options(Seat(0), pink);
    assert_eq!(options.blocked, None);
    assert!(options.payments.is_empty(), "4 pink cannot be paid with 2 locomotives");
    assert!(!options.claimable());
}

#[test]
fn claim_options_say_why_a_route_cannot_be_claimed() {
    let mut game = started("usa", 2, 1);
    set_hand(&mut game, Seat(0), &[("green", 2)]);
    let r = route(&game, "Chicago", "Saint Louis", Some("green"));
    assert_eq!(game.claim_options(Seat(1), r).blocked, Some(RuleError::NotYourTurn));
    ok(&mut game, 0, claim(r, &[("green", 2)]));
    assert_eq!(game.claim_options(Seat(1), r).blocked, Some(RuleError::RouteTaken));
    let twin = route(&game, "Chicago", "Saint Louis", Some("white"));
    assert_eq!(
        game.claim_options(Seat(1), twin).blocked,
        Some(RuleError::DoubleClosed { players: 2, needed: 4 })
    );
    assert!(game.claim_options(Seat(1), twin).payments.is_empty());
}

// ----- skipped turns (a game's deadline, DESIGN §6) -----

/// A ticket's value as the skip ranks it: what is lost if it fails.
fn worth(game: &Game, t: ttrbot::rules::TicketId) -> u16 {
    game.map().tickets[usize::from(t.0)].lowest()
}

#[test]
fn a_skip_is_never_among_a_players_legal_actions() {
    let mut game = Game::new(map("usa"), 3, 2).unwrap();
    let mut legal = Vec::new();
    for _ in 0..60 {
        for seat in game.to_act() {
            game.legal_actions(seat, &mut legal);
            assert!(!legal.contains(&Action::Skip));
        }
        let seat = game.to_act()[0];
        game.legal_actions(seat, &mut legal);
        ok(&mut game, seat.0, legal[0]);
    }
}

#[test]
fn skipping_the_starting_choice_keeps_the_two_tickets_worth_least() {
    let mut game = Game::new(map("usa"), 3, 5).unwrap();
    let offer = game.state().seats[1].offer.clone();
    let mut by_worth = offer.clone();
    by_worth.sort_by_key(|&t| worth(&game, t));
    let events = ok(&mut game, 1, Action::Skip);
    assert_eq!(events[0], Event::Skipped { seat: Seat(1) });
    let mut kept = game.state().seats[1].tickets.clone();
    kept.sort_by_key(|&t| worth(&game, t));
    assert_eq!(kept, by_worth[..2].to_vec());
    assert_eq!(game.to_act(), vec![Seat(0), Seat(2)], "the others still choose");
    assert_eq!(refused(&mut game, 1, Action::Skip), RuleError::AlreadyChoseTickets);
    game.check_invariants().unwrap();
}

#[test]
fn a_skipped_turn_passes_to_the_next_player_with_nothing_taken() {
    let mut game = started("usa", 3, 1);
    let before = game.state().seats[0].clone();
    let events = ok(&mut game, 0, Action::Skip);
    assert_eq!(events, vec![Event::Skipped { seat: Seat(0) }]);
    assert_eq!(game.state().seats[0], before);
    assert_eq!(game.state().current, Seat(1));
    assert_eq!(game.state().passes_in_a_row, 0, "a skip is not a pass");
    assert_eq!(refused(&mut game, 0, Action::Skip), RuleError::NotYourTurn);
    game.check_invariants().unwrap();
}

#[test]
fn a_skip_after_the_first_card_ends_the_turn_with_that_card() {
    let mut game = started("usa", 2, 1);
    ok(&mut game, 0, Action::DrawBlind);
    let held = game.state().seats[0].hand.total();
    ok(&mut game, 0, Action::Skip);
    assert_eq!(game.state().seats[0].hand.total(), held);
    assert_eq!(game.state().current, Seat(1));
    assert_eq!(*game.step(), Step::Turn);
    game.check_invariants().unwrap();
}

#[test]
fn a_skip_of_a_ticket_draw_keeps_the_one_worth_least_and_returns_the_rest() {
    let mut game = started("usa", 2, 1);
    ok(&mut game, 0, Action::DrawTickets);
    let offer = game.state().seats[0].offer.clone();
    let least = *offer.iter().min_by_key(|&&t| worth(&game, t)).unwrap();
    let had = game.state().seats[0].tickets.len();
    ok(&mut game, 0, Action::Skip);
    assert_eq!(game.state().seats[0].tickets.len(), had + 1);
    assert_eq!(game.state().seats[0].tickets.last(), Some(&least));
    assert_eq!(game.state().current, Seat(1));
    game.check_invariants().unwrap();
}

#[test]
fn a_skip_in_the_final_round_uses_up_the_players_last_turn() {
    let mut game = started("usa", 2, 1);
    game.state_mut().final_turns_left = Some(1);
    let events = ok(&mut game, 0, Action::Skip);
    assert!(events.contains(&Event::GameOver));
    assert!(game.is_over());
    assert_eq!(refused(&mut game, 1, Action::Skip), RuleError::GameOver);
}
