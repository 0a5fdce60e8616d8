//! Each map's own rules (RULES.md §2–§5): tunnels, ferries, stations, country tickets, the Grand Tour, Berlin.

use crate::common::*;
use ttrbot::rules::Step;
use ttrbot::rules::scoring::{Holdings, final_scores, grand_tour_tickets, longest_path};
use ttrbot::rules::{Action, Event, Game, RuleError, Seat, TicketSet};
use ttrbot::rules::{CityId, Map};

// ----- tunnels (Europe) -----

/// A tunnel case: what is laid, the 3 cards turned, and the extra cost they demand.
struct TunnelCase {
    name: &'static str,
    laid: &'static [(&'static str, u8)],
    turned: [&'static str; 3],
    extra: u8,
}

const TUNNELS: &[TunnelCase] = &[
    TunnelCase {
        name: "no match claims at once",
        laid: &[("pink", 2)],
        turned: ["red", "blue", "green"],
        extra: 0,
    },
    TunnelCase {
        name: "one card of the colour costs one more",
        laid: &[("pink", 2)],
        turned: ["pink", "blue", "green"],
        extra: 1,
    },
    TunnelCase {
        name: "a colour match and a locomotive cost two more",
        laid: &[("pink", 2)],
        turned: ["pink", "locomotive", "green"],
        extra: 2,
    },
    TunnelCase {
        name: "three matches cost three more",
        laid: &[("pink", 1), ("locomotive", 1)],
        turned: ["pink", "pink", "locomotive"],
        extra: 3,
    },
    TunnelCase {
        name: "with only locomotives laid, colours do not count",
        laid: &[("locomotive", 2)],
        turned: ["pink", "pink", "red"],
        extra: 0,
    },
    TunnelCase {
        name: "with only locomotives laid, turned locomotives count",
        laid: &[("locomotive", 2)],
        turned: ["locomotive", "pink", "red"],
        extra: 1,
    },
];

#[test]
fn tunnels_cost_one_more_card_per_matching_turned_card() {
    for case in TUNNELS {
        let mut game = started("europe", 2, 1);
        set_hand(&mut game, Seat(0), case.laid);
        stack_deck_top(&mut game, &case.turned);
        let r = route(&game, "Marseille", "Zürich", None);
        let events = ok(&mut game, 0, claim(r, case.laid));
        let revealed = events.iter().find_map(|e| match e {
            Event::TunnelRevealed { turned, extra, .. } => Some((turned.len(), *extra)),
            _ => None,
        });
        assert_eq!(revealed, Some((3, case.extra)), "{}", case.name);
        let claimed = game.state().owners[usize::from(r.0)] == Some(Seat(0));
        assert_eq!(
            claimed,
            case.extra == 0,
            "{}: claimed at once only without extra cost",
            case.name
        );
        assert_eq!(
            game.state().discard.len(),
            if claimed { 5 } else { 3 },
            "{}: the turned cards are discarded",
            case.name
        );
        game.check_invariants().unwrap();
    }
}

#[test]
fn a_tunnel_extra_is_paid_in_the_laid_colour_or_locomotives() {
    let mut game = started("europe", 2, 1);
    set_hand(&mut game, Seat(0), &[("pink", 3), ("locomotive", 1), ("red", 2)]);
    stack_deck_top(&mut game, &["pink", "locomotive", "blue"]);
    let r = route(&game, "Marseille", "Zürich", None);
    ok(&mut game, 0, claim(r, &[("pink", 2)]));
    assert!(matches!(step(&game), Step::Tunnel(t) if t.extra == 2));
    assert!(matches!(
        refused(&mut game, 0, Action::DrawBlind),
        RuleError::DecisionPending(Step::Tunnel(_))
    ));
    assert_eq!(
        refused(
            &mut game,
            0,
            Action::PayTunnel {
                cards: cards(&[("red", 2)])
            }
        )
        .code(),
        "wrong_tunnel_payment"
    );
    assert_eq!(
        refused(
            &mut game,
            0,
            Action::PayTunnel {
                cards: cards(&[("pink", 1)])
            }
        )
        .code(),
        "wrong_tunnel_payment"
    );
    assert_eq!(
        refused(
            &mut game,
            0,
            Action::PayTunnel {
                cards: cards(&[("pink", 2)])
            }
        )
        .code(),
        "cards_not_in_hand"
    );
    ok(
        &mut game,
        0,
        Action::PayTunnel {
            cards: cards(&[("pink", 1), ("locomotive", 1)]),
        },
    );
    assert_eq!(game.state().owners[usize::from(r.0)], Some(Seat(0)));
    assert_eq!(game.state().seats[0].hand, cards(&[("red", 2)]));
    assert_eq!(game.state().seats[0].trains, 43);
}

#[test]
fn an_all_locomotive_tunnel_extra_must_be_locomotives() {
    let mut game = started("europe", 2, 1);
    set_hand(&mut game, Seat(0), &[("locomotive", 3), ("pink", 1)]);
    stack_deck_top(&mut game, &["locomotive", "pink", "red"]);
    let r = route(&game, "Marseille", "Zürich", None);
    ok(&mut game, 0, claim(r, &[("locomotive", 2)]));
    let err = refused(
        &mut game,
        0,
        Action::PayTunnel {
            cards: cards(&[("pink", 1)]),
        },
    );
    assert_eq!(
        sentence(&game, &err),
        "The tunnel needs 1 more: locomotives, since you laid only locomotives."
    );
    ok(
        &mut game,
        0,
        Action::PayTunnel {
            cards: cards(&[("locomotive", 1)]),
        },
    );
}

#[test]
fn a_declined_tunnel_returns_the_laid_cards_in_everyones_sight_and_ends_the_turn() {
    let mut game = started("europe", 2, 1);
    set_hand(&mut game, Seat(0), &[("pink", 2)]);
    stack_deck_top(&mut game, &["pink", "pink", "blue"]);
    let r = route(&game, "Marseille", "Zürich", None);
    ok(&mut game, 0, claim(r, &[("pink", 2)]));
    let mut legal = Vec::new();
    game.legal_actions(Seat(0), &mut legal);
    assert_eq!(
        legal,
        vec![Action::DeclineTunnel],
        "2 more pink cannot be paid: only giving up is legal"
    );
    ok(&mut game, 0, Action::DeclineTunnel);
    assert_eq!(game.state().seats[0].hand, cards(&[("pink", 2)]));
    assert_eq!(game.public_view().seats[0].known_cards, cards(&[("pink", 2)]));
    assert_eq!(game.state().owners[usize::from(r.0)], None);
    assert_eq!(game.state().current, Seat(1));
    assert_eq!(game.state().discard.len(), 3);
}

#[test]
fn a_tunnel_turns_fewer_cards_when_fewer_are_left() {
    let mut game = started("europe", 2, 1);
    set_hand(&mut game, Seat(0), &[("pink", 2)]);
    empty_piles_into(&mut game, Seat(1));
    let r = route(&game, "Marseille", "Zürich", None);
    let events = ok(&mut game, 0, claim(r, &[("pink", 2)]));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::TunnelRevealed { turned, extra: 0, .. } if turned.is_empty()))
    );
    assert_eq!(game.state().owners[usize::from(r.0)], Some(Seat(0)));
}

// ----- ferries -----

#[test]
fn a_ferry_short_of_locomotives_is_refused() {
    let mut game = started("europe", 2, 1);
    set_hand(&mut game, Seat(0), &[("red", 4), ("locomotive", 1)]);
    let r = route(&game, "Amsterdam", "London", None);
    let err = refused(&mut game, 0, claim(r, &[("red", 1), ("locomotive", 1)]));
    assert_eq!(
        sentence(&game, &err),
        "That ferry needs at least 2 locomotives; you offered 1."
    );
    let mut legal = Vec::new();
    game.legal_actions(Seat(0), &mut legal);
    assert!(
        !legal
            .iter()
            .any(|a| matches!(a, Action::Claim { route, .. } if *route == r))
    );
    let brindisi = route(&game, "Athina", "Brindisi", None);
    ok(&mut game, 0, claim(brindisi, &[("red", 3), ("locomotive", 1)]));
}

// ----- stations -----

fn city(map: &Map, name: &str) -> CityId {
    map.find_city(name).unwrap()
}

#[test]
fn a_station_borrows_the_opponent_route_that_scores_best() {
    let europe = map("europe");
    // Ana has Paris–Frankfurt and a station in Frankfurt. Ben owns Frankfurt–Berlin and Frankfurt–München.
    // Ana holds Paris–München (9... no: Paris–Wien) tickets; borrowing Frankfurt–München completes her ticket.
    let ana = Holdings {
        routes: net(&europe, &["Paris-Frankfurt", "München-Wien"]),
        station_cities: vec![city(&europe, "Frankfurt")],
        stations_left: 2,
        tickets: tickets(&europe, &["Paris-Wien"]),
    };
    let ben = Holdings {
        routes: net(&europe, &["Frankfurt-Berlin", "Frankfurt-München"]),
        stations_left: 3,
        ..Default::default()
    };
    let s = final_scores(&europe, &[ana, ben]);
    assert_eq!(
        (s[0].tickets_completed, s[0].ticket_points),
        (1, 8),
        "Paris–Wien completed through Ben's route"
    );
    assert_eq!(s[0].station_points, 8, "2 unbuilt stations score 4 each");
    assert_eq!(s[1].station_points, 12);
    assert_eq!(
        s[0].longest_path, 3,
        "borrowed routes never count for the longest path (with it: 8)"
    );
}

#[test]
fn a_station_picks_the_better_of_two_routes_for_the_owners_tickets() {
    let europe = map("europe");
    // The station in Frankfurt may borrow Frankfurt–Berlin (completes Amsterdam–Berlin? no route) or Frankfurt–
    // München (completes Paris–Wien). Only the second helps; the engine must find it whichever it tries first.
    for ben_routes in [
        ["Frankfurt-Berlin", "Frankfurt-München"],
        ["Frankfurt-München", "Frankfurt-Berlin"],
    ] {
        let ana = Holdings {
            routes: net(&europe, &["Paris-Frankfurt", "München-Wien"]),
            station_cities: vec![city(&europe, "Frankfurt")],
            stations_left: 2,
            tickets: tickets(&europe, &["Paris-Wien", "Brest-Marseille"]),
        };
        let ben = Holdings {
            routes: net(&europe, &ben_routes),
            stations_left: 3,
            ..Default::default()
        };
        let s = final_scores(&europe, &[ana, ben]);
        assert_eq!((s[0].tickets_completed, s[0].tickets_failed), (1, 1));
    }
}

#[test]
fn a_station_next_to_no_opponent_route_borrows_nothing() {
    let europe = map("europe");
    let ana = Holdings {
        routes: net(&europe, &["Paris-Frankfurt"]),
        station_cities: vec![city(&europe, "Wien")],
        stations_left: 2,
        tickets: tickets(&europe, &["Paris-Wien"]),
    };
    let s = final_scores(&europe, &[ana, Holdings::default()]);
    assert_eq!((s[0].tickets_completed, s[0].ticket_points), (0, -8));
}

#[test]
fn stations_cost_rising_cards_one_per_city() {
    let mut game = started("europe", 2, 1);
    set_hand(&mut game, Seat(0), &[("red", 4), ("blue", 2)]);
    let wien = city(game.map(), "Wien");
    ok(
        &mut game,
        0,
        Action::BuildStation {
            city: wien,
            cards: cards(&[("red", 1)]),
        },
    );
    ok(&mut game, 1, Action::DrawBlind);
    ok(&mut game, 1, Action::DrawBlind);
    assert_eq!(
        refused(
            &mut game,
            0,
            Action::BuildStation {
                city: wien,
                cards: cards(&[("red", 2)])
            }
        ),
        RuleError::CityHasStation
    );
    let berlin = city(game.map(), "Berlin");
    assert_eq!(
        refused(
            &mut game,
            0,
            Action::BuildStation {
                city: berlin,
                cards: cards(&[("red", 1)])
            }
        )
        .code(),
        "wrong_card_count"
    );
    assert_eq!(
        refused(
            &mut game,
            0,
            Action::BuildStation {
                city: berlin,
                cards: cards(&[("red", 1), ("blue", 1)])
            }
        )
        .code(),
        "mixed_colors"
    );
    ok(
        &mut game,
        0,
        Action::BuildStation {
            city: berlin,
            cards: cards(&[("blue", 2)]),
        },
    );
    assert_eq!(game.state().seats[0].stations, 1);
}

#[test]
fn the_usa_has_no_stations() {
    let mut game = started("usa", 2, 1);
    let err = refused(
        &mut game,
        0,
        Action::BuildStation {
            city: CityId(0),
            cards: cards(&[("red", 1)]),
        },
    );
    assert_eq!(err, RuleError::NoStationsOnMap);
}

// ----- Europe's setup -----

#[test]
fn europe_deals_one_long_and_three_regular_tickets_and_removes_the_rest_of_the_long_deck() {
    let game = Game::new(map("europe"), 3, 4).unwrap();
    let map = game.map();
    for seat in &game.state().seats {
        assert_eq!(seat.offer.len(), 4);
        assert_eq!(seat.offer.iter().filter(|&&t| map.ticket(t).long).count(), 1);
    }
    assert_eq!(game.state().removed_tickets.len(), 6 - 3);
    assert!(game.state().tickets.iter().all(|&t| !map.ticket(t).long));
}

#[test]
fn europes_unkept_starting_tickets_leave_the_game_but_drawn_ones_go_to_the_bottom() {
    let mut game = Game::new(map("europe"), 2, 4).unwrap();
    let offer = game.state().seats[0].offer.clone();
    ok(
        &mut game,
        0,
        Action::KeepTickets {
            tickets: TicketSet::from_ids([offer[0], offer[1]]),
        },
    );
    assert!(game.state().removed_tickets.contains(&offer[2]) && game.state().removed_tickets.contains(&offer[3]));
    let other = game.state().seats[1].offer.clone();
    ok(
        &mut game,
        1,
        Action::KeepTickets {
            tickets: TicketSet::from_ids(other),
        },
    );
    let current = game.state().current.0;
    let top: Vec<_> = game.state().tickets.iter().take(3).copied().collect();
    ok(&mut game, current, Action::DrawTickets);
    ok(
        &mut game,
        current,
        Action::KeepTickets {
            tickets: TicketSet::from_ids([top[0]]),
        },
    );
    assert_eq!(
        game.state().tickets.iter().rev().take(2).copied().collect::<Vec<_>>(),
        vec![top[2], top[1]]
    );
}

// ----- Switzerland -----

#[test]
fn switzerland_deals_five_tickets_and_removes_the_unkept() {
    let mut game = Game::new(map("switzerland"), 2, 3).unwrap();
    let offer = game.state().seats[0].offer.clone();
    assert_eq!(offer.len(), 5);
    assert_eq!(
        refused(
            &mut game,
            0,
            Action::KeepTickets {
                tickets: TicketSet::from_ids([offer[0]])
            }
        ),
        RuleError::KeepMore { min: 2 }
    );
    ok(
        &mut game,
        0,
        Action::KeepTickets {
            tickets: TicketSet::from_ids([offer[0], offer[1]]),
        },
    );
    assert_eq!(game.state().removed_tickets.len(), 3);
}

#[test]
fn a_locomotive_is_refused_on_a_swiss_route_that_is_not_a_tunnel() {
    let mut game = started("switzerland", 2, 1);
    set_hand(&mut game, Seat(0), &[("locomotive", 2), ("yellow", 1)]);
    let r = route(&game, "Baden", "Zürich", None);
    let err = refused(&mut game, 0, claim(r, &[("locomotive", 1)]));
    assert_eq!(err, RuleError::WildNotAllowed(ttrbot::rules::WildName::Locomotive));
    ok(&mut game, 0, claim(r, &[("yellow", 1)]));
}

/// Swiss country-ticket cases: routes owned, the ticket, completed?, points.
#[test]
fn country_tickets_score_their_best_target_or_lose_their_lowest() {
    let swiss = map("switzerland");
    let cases: &[(&str, &[&str], &str, bool, i32)] = &[
        (
            "a city-to-country ticket reaching no country loses its lowest value",
            &["Bern-Fribourg"],
            "Bern-France",
            false,
            -5,
        ),
        (
            "reaching one country scores that country",
            &[
                "Basel-Deutschland 1",
                "Basel-Delémont",
                "Delémont-Solothurn",
                "Solothurn-Bern",
            ],
            "Bern-France",
            true,
            6,
        ),
        (
            "reaching two countries scores the better",
            &[
                "Basel-Deutschland 1",
                "Basel-Delémont",
                "Delémont-Solothurn",
                "Solothurn-Bern",
                "Bern-Interlaken",
                "Interlaken-Brig",
                "Brig-Italia 5",
            ],
            "Bern-France",
            true,
            8,
        ),
        (
            "a country-to-country ticket joins any exits of the two",
            &["Basel-Deutschland 1", "Basel-Delémont", "Delémont-France 4"],
            "France-Deutschland",
            true,
            5,
        ),
        (
            "exits of the origin country alone complete nothing",
            &["Kreuzlingen-Deutschland 3", "Kreuzlingen-Deutschland 4"],
            "France-Deutschland",
            false,
            -5,
        ),
    ];
    for (name, routes, ticket, done, points) in cases {
        let h = Holdings {
            routes: net(&swiss, routes),
            tickets: tickets(&swiss, &[ticket]),
            ..Default::default()
        };
        let s = &final_scores(&swiss, &[h])[0];
        assert_eq!((s.tickets_completed == 1, s.ticket_points), (*done, *points), "{name}");
    }
}

#[test]
fn two_exits_of_one_country_do_not_join_their_cities() {
    let swiss = map("switzerland");
    // Basel and St. Gallen both reach Deutschland, through different exits: that does not join them.
    let h = Holdings {
        routes: net(&swiss, &["Basel-Deutschland 1", "St. Gallen-Deutschland 5"]),
        tickets: tickets(&swiss, &["Basel-St. Gallen", "Zürich-Deutschland"]),
        ..Default::default()
    };
    let s = &final_scores(&swiss, std::slice::from_ref(&h))[0];
    assert_eq!((s.tickets_completed, s.tickets_failed), (0, 2));
    assert_eq!(longest_path(&swiss, h.routes), 2, "no path runs through Germany");
}

// ----- India: the Grand Tour -----

#[test]
fn the_grand_tour_counts_tickets_joined_by_two_route_disjoint_paths() {
    let india = map("india");
    let cases: &[(&str, &[&str], usize)] = &[
        ("one path is not enough", &["Lahore-Ambala", "Ambala-Delhi"], 0),
        (
            "exactly two route-disjoint paths qualify",
            &["Lahore-Ambala", "Ambala-Delhi", "Lahore-Bhatinda", "Bhatinda-Delhi"],
            1,
        ),
        (
            "two paths sharing a route do not count",
            &["Lahore-Ambala", "Ambala-Delhi", "Ambala-Bhatinda", "Bhatinda-Delhi"],
            0,
        ),
    ];
    for (name, routes, expected) in cases {
        let h = Holdings {
            routes: net(&india, routes),
            tickets: tickets(&india, &["Lahore-Delhi"]),
            ..Default::default()
        };
        assert_eq!(grand_tour_tickets(&india, &h), *expected, "{name}");
    }
    let h = Holdings {
        routes: net(
            &india,
            &["Lahore-Ambala", "Ambala-Delhi", "Lahore-Bhatinda", "Bhatinda-Delhi"],
        ),
        tickets: tickets(&india, &["Lahore-Delhi"]),
        ..Default::default()
    };
    let s = &final_scores(&india, &[h])[0];
    assert_eq!(
        (s.grand_tour_points, s.ticket_points),
        (5, 5),
        "the bonus comes on top of the ticket"
    );
    assert_eq!(india.rules.grand_tour_points(7), 40);
}

#[test]
fn india_opens_both_tracks_of_a_double_only_with_four_players() {
    for (players, open) in [(3, false), (4, true)] {
        let mut game = started("india", players, 1);
        let tracks = game
            .map()
            .routes_between(city(game.map(), "Agra"), city(game.map(), "Bhopal"));
        own(&mut game, Seat(1), tracks[0]);
        let color = game.map().route(tracks[1]).color.unwrap().name();
        set_hand(&mut game, Seat(0), &[(color, 1)]);
        let result = game.apply(Seat(0), claim(tracks[1], &[(color, 1)]));
        assert_eq!(result.is_ok(), open, "{players} players");
    }
}

// ----- Berlin -----

#[test]
fn berlin_deals_two_cards_and_two_tickets_from_a_44_card_deck() {
    let game = Game::new(map("berlin"), 4, 2).unwrap();
    let s = game.state();
    assert_eq!(s.deck.len() + 5 + 4 * 2, 44);
    for seat in &s.seats {
        assert_eq!(
            (seat.hand.total(), seat.offer.len(), seat.trains, seat.metros),
            (2, 2, 11, 5)
        );
    }
    assert!(Game::new(map("berlin"), 5, 2).is_err());
}

#[test]
fn a_metro_line_takes_one_metro_car_and_its_printed_cards() {
    let mut game = started("berlin", 2, 1);
    let r = route(&game, "Alexanderplatz", "Moritzplatz", None);
    let line = game.map().route(r).clone();
    assert_eq!(line.kind, ttrbot::rules::RouteKind::Metro);
    let color = line.color.unwrap().name();
    set_hand(&mut game, Seat(0), &[(color, line.cost), ("bicycle", 1)]);
    assert_eq!(
        refused(&mut game, 0, claim(r, &[(color, 1)])).code(),
        "wrong_card_count"
    );
    ok(&mut game, 0, claim(r, &[(color, line.cost - 1), ("bicycle", 1)]));
    let me = &game.state().seats[0];
    assert_eq!((me.trains, me.metros, me.route_points), (11, 4, line.points));
}

#[test]
fn a_metro_line_is_refused_without_a_metro_car_left() {
    let mut game = started("berlin", 2, 1);
    game.state_mut().seats[0].metros = 0;
    let r = route(&game, "Alexanderplatz", "Moritzplatz", None);
    let line = game.map().route(r).clone();
    set_hand(&mut game, Seat(0), &[("bicycle", line.cost)]);
    let err = game.apply(Seat(0), claim(r, &[("bicycle", line.cost)])).unwrap_err();
    assert_eq!(sentence(&game, &err), "You have no metro car left for a metro route.");
}

#[test]
fn berlins_last_ticket_must_be_kept() {
    let mut game = started("berlin", 2, 1);
    leave_tickets(&mut game, 1, Seat(1));
    ok(&mut game, 0, Action::DrawTickets);
    assert_eq!(game.state().seats[0].offer.len(), 1);
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
    let last = game.state().seats[0].offer[0];
    ok(
        &mut game,
        0,
        Action::KeepTickets {
            tickets: TicketSet::from_ids([last]),
        },
    );
}

#[test]
fn berlin_ends_when_a_player_has_one_piece_left() {
    let mut game = started("berlin", 2, 1);
    let map = game.map().clone();
    // Ana has placed all 5 metro cars and 8 trams: 3 pieces left.
    let (mut metros, mut trams) = (0, 0);
    for (i, r) in map.routes.iter().enumerate() {
        let id = ttrbot::rules::RouteId(i as u16);
        if r.twin.is_some() {
            continue;
        }
        if r.metros() == 1 && metros < 5 {
            own(&mut game, Seat(0), id);
            metros += 1;
        } else if r.metros() == 0 && r.trains() == 2 && trams < 8 {
            own(&mut game, Seat(0), id);
            trams += 2;
        }
    }
    let me = &game.state().seats[0];
    assert_eq!((me.trains, me.metros), (3, 0));
    let free_single_trams: Vec<_> = (0..map.routes.len() as u16)
        .map(ttrbot::rules::RouteId)
        .filter(|&r| map.route(r).trains() == 1 && game.state().owners[usize::from(r.0)].is_none())
        .filter(|&r| map.route(r).twin.is_none())
        .collect();
    let pay = |game: &mut Game, r| {
        let color = game.map().route(r).color.map_or("blue", |c| c.name());
        set_hand(game, Seat(0), &[(color, 1)]);
        claim(r, &[(color, 1)])
    };
    let first = pay(&mut game, free_single_trams[0]);
    let events = ok(&mut game, 0, first);
    assert!(
        !events.iter().any(|e| matches!(e, Event::FinalRoundStarted { .. })),
        "2 pieces left: not yet"
    );
    ok(&mut game, 1, Action::DrawBlind);
    ok(&mut game, 1, Action::DrawBlind);
    let second = pay(&mut game, free_single_trams[1]);
    let events = ok(&mut game, 0, second);
    assert!(
        events.contains(&Event::FinalRoundStarted { seat: Seat(0) }),
        "1 piece left ends the game"
    );
}

#[test]
fn a_skip_during_a_tunnel_gives_it_up_and_returns_the_laid_cards() {
    let mut game = started("europe", 2, 1);
    set_hand(&mut game, Seat(0), &[("pink", 2)]);
    stack_deck_top(&mut game, &["pink", "pink", "blue"]);
    let r = route(&game, "Marseille", "Zürich", None);
    ok(&mut game, 0, claim(r, &[("pink", 2)]));
    let events = ok(&mut game, 0, Action::Skip);
    assert_eq!(events[0], Event::Skipped { seat: Seat(0) });
    assert!(matches!(events[1], Event::TunnelDeclined { .. }));
    assert_eq!(game.state().seats[0].hand, cards(&[("pink", 2)]));
    assert_eq!(game.state().owners[usize::from(r.0)], None);
    assert_eq!(game.state().current, Seat(1));
    game.check_invariants().unwrap();
}
