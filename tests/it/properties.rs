//! Property tests over thousands of random games on every map: legal actions are accepted, refused actions change
//! nothing, cards, tickets and pieces are conserved, the running score equals a rescore, and every game ends.

use crate::common;
use crate::common::map;
use ttrbot::maps::BUILTIN;
use ttrbot::rules::{Action, Game, MAX_ROUTES, MAX_TICKETS, RouteSet, Seat};
use ttrbot::sim::{Checks, play_random};

/// Games per map and player count with every invariant checked after every action.
const GAMES: u64 = 1000;
/// Games per map and player count that also try illegal actions at every step.
const STRICT_GAMES: u64 = 40;

#[test]
fn random_games_on_every_map_keep_every_invariant_and_end() {
    let mut total = 0;
    for (id, _) in BUILTIN {
        let m = map(id);
        for players in usize::from(m.rules.min_players)..=usize::from(m.rules.max_players) {
            for seed in 0..GAMES {
                let played =
                    play_random(m.clone(), players, seed, Checks::Invariants).unwrap_or_else(|e| panic!("{id}: {e}"));
                assert!(played.game.is_over());
                total += 1;
            }
        }
    }
    assert!(total >= 13_000, "{total} games");
}

#[test]
fn refused_actions_change_nothing_and_legal_actions_are_all_accepted() {
    for (id, _) in BUILTIN {
        let m = map(id);
        for players in [usize::from(m.rules.min_players), usize::from(m.rules.max_players)] {
            for seed in 1000..1000 + STRICT_GAMES {
                play_random(m.clone(), players, seed, Checks::Strict).unwrap_or_else(|e| panic!("{id}: {e}"));
            }
        }
    }
}

#[test]
fn every_legal_action_of_a_position_is_accepted() {
    // legal_actions must list only accepted actions, not just the one the random player picked.
    for (id, _) in BUILTIN {
        let m = map(id);
        let mut game = Game::new(m.clone(), usize::from(m.rules.max_players), 7).unwrap();
        let mut legal = Vec::new();
        let mut chooser = ttrbot::rules::GameRng::new(3);
        let mut steps = 0;
        while !game.is_over() && steps < 400 {
            let seat = game.to_act()[0];
            game.legal_actions(seat, &mut legal);
            for &a in &legal {
                assert!(game.is_legal(seat, a), "{id}: {a:?} listed but refused");
            }
            let a = legal[chooser.below(legal.len())];
            game.apply(seat, a).unwrap();
            steps += 1;
        }
    }
}

#[test]
fn the_same_seed_and_actions_give_the_same_game() {
    let m = map("europe");
    let a = play_random(m.clone(), 4, 42, Checks::Off).unwrap();
    let b = play_random(m, 4, 42, Checks::Off).unwrap();
    assert_eq!(a.game.state(), b.game.state());
    assert_eq!(a.scores, b.scores);
}

#[test]
fn a_snapshot_round_trips_through_json_and_plays_on_identically() {
    let m = map("usa");
    let mut game = Game::new(m.clone(), 3, 11).unwrap();
    let mut chooser = ttrbot::rules::GameRng::new(5);
    ttrbot::sim::play_random_actions(&mut game, 60, &mut chooser);
    let mut legal = Vec::new();
    let json = serde_json::to_string(game.state()).unwrap();
    let mut restored = Game::from_state(m, serde_json::from_str(&json).unwrap()).unwrap();
    while !game.is_over() {
        let seat = game.to_act()[0];
        game.legal_actions(seat, &mut legal);
        let a = legal[chooser.below(legal.len())];
        assert_eq!(game.apply(seat, a), restored.apply(seat, a));
    }
    assert_eq!(game.state(), restored.state());
}

#[test]
fn the_public_view_does_not_change_when_hidden_cards_and_tickets_change() {
    for (id, _) in BUILTIN {
        let m = map(id);
        let mut game = Game::new(m, 2, 5).unwrap();
        for seat in 0..2u8 {
            let offer = game.state().seats[usize::from(seat)].offer.clone();
            game.apply(
                Seat(seat),
                Action::KeepTickets {
                    tickets: ttrbot::rules::TicketSet::from_ids(offer),
                },
            )
            .unwrap();
        }
        let before = game.public_view();
        let hidden = common::with_hidden_swapped(&game);
        assert_eq!(
            hidden.public_view(),
            before,
            "{id}: the public view shows something hidden"
        );
        assert_ne!(
            hidden.seat_view(Seat(0)),
            game.seat_view(Seat(0)),
            "{id}: the seat view shows the hand"
        );
        assert_eq!(hidden.seat_view(Seat(1)).hand, game.seat_view(Seat(1)).hand);
    }
}

#[test]
fn claim_options_agree_with_legal_actions_and_apply_on_every_route() {
    // What a route picker shows (why not, or every payment) is exactly what the engine would accept.
    for (id, _) in BUILTIN {
        let m = map(id);
        for seed in 0..6u64 {
            let mut game = Game::new(m.clone(), usize::from(m.rules.max_players).min(4), seed).unwrap();
            let mut chooser = ttrbot::rules::GameRng::new(seed + 50);
            let mut legal = Vec::new();
            while !game.is_over() {
                for seat in (0..game.players()).map(|s| Seat(s as u8)) {
                    game.legal_actions(seat, &mut legal);
                    for r in 0..m.routes.len() {
                        let route = ttrbot::rules::RouteId(r as u16);
                        let options = game.claim_options(seat, route);
                        let mut listed: Vec<_> = legal
                            .iter()
                            .filter_map(|a| match a {
                                Action::Claim { route: x, cards } if *x == route => Some(*cards),
                                _ => None,
                            })
                            .collect();
                        let mut offered = options.payments.clone();
                        listed.sort_by_key(|c| c.0);
                        offered.sort_by_key(|c| c.0);
                        assert_eq!(offered, listed, "{id} seed {seed}: payments for route {r}");
                        if let Some(why) = &options.blocked {
                            let any_payment =
                                ttrbot::rules::CardCounts::of(m.route(route).color, m.route(route).cost, 0);
                            let refusal = game.clone().apply(
                                seat,
                                Action::Claim {
                                    route,
                                    cards: any_payment,
                                },
                            );
                            assert_eq!(refusal.as_ref().err(), Some(why), "{id} seed {seed}: route {r}");
                        }
                    }
                }
                let seat = game.to_act()[0];
                game.legal_actions(seat, &mut legal);
                let action = legal[chooser.below(legal.len())];
                game.apply(seat, action).unwrap();
            }
        }
    }
}

#[test]
fn the_list_sparing_wilds_is_every_legal_action_with_each_colours_payment_reduced_to_its_fewest_wilds() {
    use ttrbot::rules::Card;
    // What is paid for (a route or a station's city) and with which colour: one payment per key is kept.
    let key = |a: &Action| match a {
        Action::Claim { route, cards } => Some((0, route.0, cards.colors().next())),
        Action::BuildStation { city, cards } => Some((1, city.0, cards.colors().next())),
        _ => None,
    };
    let wilds = |a: &Action| match a {
        Action::Claim { cards, .. } | Action::BuildStation { cards, .. } => cards.get(Card::WILD),
        _ => 0,
    };
    let mut reduced = 0;
    for (id, _) in BUILTIN {
        let m = map(id);
        for seed in 0..4u64 {
            let mut game = Game::new(m.clone(), usize::from(m.rules.max_players).min(4), seed).unwrap();
            let mut chooser = ttrbot::rules::GameRng::new(seed + 70);
            let (mut every, mut sparing) = (Vec::new(), Vec::new());
            while !game.is_over() {
                let seat = game.to_act()[0];
                game.legal_actions(seat, &mut every);
                game.legal_actions_sparing_wilds(seat, &mut sparing);
                let others = |list: &[Action]| list.iter().filter(|a| key(a).is_none()).copied().collect::<Vec<_>>();
                assert_eq!(others(&sparing), others(&every), "{id} seed {seed}");
                let mut keys: Vec<_> = every.iter().filter_map(key).collect();
                keys.dedup();
                let kept: Vec<_> = sparing.iter().filter_map(key).collect();
                assert_eq!(
                    kept, keys,
                    "{id} seed {seed}: one payment per colour, in the same order"
                );
                for a in sparing.iter().filter(|a| key(a).is_some()) {
                    let fewest = every.iter().filter(|b| key(b) == key(a)).map(wilds).min();
                    assert!(every.contains(a), "{id} seed {seed}: {a:?} is not legal");
                    assert_eq!(Some(wilds(a)), fewest, "{id} seed {seed}: {a:?}");
                }
                reduced += every.len() - sparing.len();
                let action = every[chooser.below(every.len())];
                game.apply(seat, action).unwrap();
            }
        }
    }
    assert!(reduced > 1_000, "the lists differ in only {reduced} payments");
}

#[test]
fn the_moves_besides_building_then_the_claims_and_stations_asked_for_apart_make_the_list_sparing_wilds() {
    use ttrbot::rules::RouteId;
    let (mut claims, mut stations) = (0, 0);
    for (id, _) in BUILTIN {
        let m = map(id);
        let players = usize::from(m.rules.max_players).min(4);
        let every_route = RouteSet::below(m.routes.len());
        // A third of the routes, and ids past the map's last route (no routes: they give no claim).
        let mut some_routes: RouteSet = every_route.iter().filter(|r| r.0 % 3 == 1).collect();
        (m.routes.len()..MAX_ROUTES).for_each(|i| some_routes.insert(RouteId(i as u16)));
        for seed in 0..4u64 {
            let mut game = Game::new(m.clone(), players, seed).unwrap();
            let mut chooser = ttrbot::rules::GameRng::new(seed + 90);
            let (mut sparing, mut apart) = (Vec::new(), Vec::new());
            while !game.is_over() {
                // Every seat, the one to act and the others (which may do nothing, or choose tickets).
                for seat in (0..players).map(|i| Seat(i as u8)) {
                    game.legal_actions_sparing_wilds(seat, &mut sparing);
                    game.legal_actions_besides_building(seat, &mut apart);
                    let plain = apart.len();
                    game.each_claim_sparing_wilds(seat, &every_route, |a| apart.push(a));
                    let claimed = apart.len();
                    game.each_station_sparing_wilds(seat, |a| apart.push(a));
                    claims += claimed - plain;
                    stations += apart.len() - claimed;
                    if apart.is_empty() && !sparing.is_empty() {
                        apart.push(Action::Pass);
                    }
                    assert_eq!(apart, sparing, "{id} seed {seed}, seat {}", seat.0);
                    // Asked for some routes only, the claims are the list's claims of those routes, in its order.
                    let mut some = Vec::new();
                    game.each_claim_sparing_wilds(seat, &some_routes, |a| some.push(a));
                    let listed: Vec<Action> = sparing
                        .iter()
                        .copied()
                        .filter(|a| matches!(a, Action::Claim { route, .. } if some_routes.contains(*route)))
                        .collect();
                    assert_eq!(some, listed, "{id} seed {seed}, seat {}", seat.0);
                }
                let seat = game.to_act()[0];
                game.legal_actions_sparing_wilds(seat, &mut sparing);
                let action = sparing[chooser.below(sparing.len())];
                game.apply(seat, action).unwrap();
            }
        }
    }
    assert!(
        claims > 10_000 && stations > 1_000,
        "only {claims} claims and {stations} stations were compared"
    );
}

/// A map file's text: cities on a grid 16 wide, `routes` routes between neighbours row by row (every seventh
/// doubled), the cities they reach, and `tickets` tickets between cities half the list apart. A server's own map may
/// be this large (issue 59).
fn grid_map(routes: usize, tickets: usize) -> String {
    const SIDE: usize = 16;
    const COLORS: [&str; 9] = [
        "gray", "red", "orange", "yellow", "green", "blue", "pink", "white", "black",
    ];
    let neighbours = (0..SIDE).flat_map(|r| (0..SIDE).flat_map(move |c| [((r, c), (r, c + 1)), ((r, c), (r + 1, c))]));
    let tracks: Vec<_> = neighbours
        .filter(|&(_, (_, c))| c < SIDE)
        .enumerate()
        .flat_map(|(i, pair)| std::iter::repeat_n(pair, if i % 7 == 3 { 2 } else { 1 }))
        .take(routes)
        .collect();
    assert_eq!(tracks.len(), routes, "a grid of {SIDE} columns has room for the routes");
    // A map refuses a city without a route: list those the routes reach, in grid order.
    let mut cities: Vec<(usize, usize)> = tracks.iter().flat_map(|&(a, b)| [a, b]).collect();
    cities.sort();
    cities.dedup();
    let name = |(r, c): (usize, usize)| format!("Grid {r}-{c}");
    let mut text = String::from("id = \"grid\"\nname = \"Grid\"\nboard = { width = 1700, height = 3400 }\n");
    text += "cities = [\n";
    for &(r, c) in &cities {
        let (x, y) = (50 + c * 100, 50 + r * 100);
        text += &format!("  {{ name = \"{}\", x = {x}, y = {y} }},\n", name((r, c)));
    }
    text += "]\nroutes = [\n";
    for (i, &(a, b)) in tracks.iter().enumerate() {
        let (len, color) = (1 + i % 6, COLORS[i % 9]);
        text += &format!(
            "  {{ a = \"{}\", b = \"{}\", len = {len}, color = \"{color}\" }},\n",
            name(a),
            name(b)
        );
    }
    text += "]\ntickets = [\n";
    let n = cities.len();
    for t in 0..tickets {
        let (from, to) = (cities[t % n], cities[(t % n + n / 2 + t / n) % n]);
        let points = from.0.abs_diff(to.0) + from.1.abs_diff(to.1);
        text += &format!(
            "  {{ a = \"{}\", b = \"{}\", points = {points} }},\n",
            name(from),
            name(to)
        );
    }
    text + r#"]
[rules]
players = [2, 5]
trains = 45
stations = 0
hand = 4
deck_colors = ["red", "orange", "yellow", "green", "blue", "pink", "white", "black"]
cards_per_color = 12
wild_cards = 14
tickets_dealt = 3
tickets_keep = 2
tickets_draw = 3
tickets_draw_keep = 1
unkept_tickets = "bottom"
doubles_min_players = 4
wild = "locomotive"
wild_faceup_counts_double = true
wild_only_on_tunnels = false
end_at = 2
longest_path_bonus = 10
route_points = { 1 = 1, 2 = 2, 3 = 4, 4 = 7, 5 = 10, 6 = 15 }
tie_breaks = ["tickets_completed", "longest_path"]
"#
}

#[test]
fn a_map_as_large_as_a_server_may_upload_loads_and_one_route_or_ticket_more_is_refused() {
    let largest = ttrbot::maps::parse("grid.toml", &grid_map(MAX_ROUTES, MAX_TICKETS)).unwrap();
    assert_eq!((largest.routes.len(), largest.tickets.len()), (MAX_ROUTES, MAX_TICKETS));
    assert!(largest.routes.iter().any(|r| r.twin.is_some_and(|t| t.0 >= 256)));
    let err = ttrbot::maps::parse("grid.toml", &grid_map(MAX_ROUTES + 1, MAX_TICKETS)).unwrap_err();
    let routes = MAX_ROUTES + 1;
    assert_eq!(
        err.to_string(),
        format!("grid.toml: the map has {routes} routes; at most {MAX_ROUTES} are allowed")
    );
    let err = ttrbot::maps::parse("grid.toml", &grid_map(MAX_ROUTES, MAX_TICKETS + 1)).unwrap_err();
    let tickets = MAX_TICKETS + 1;
    assert_eq!(
        err.to_string(),
        format!("grid.toml: the map has {tickets} tickets; at most {MAX_TICKETS} are allowed")
    );
}

#[test]
fn random_games_on_a_map_of_400_routes_and_250_tickets_keep_every_invariant_and_store_their_high_ids() {
    // Route ids past 255 and ticket ids past 127 need the sets' upper words: they must be claimed, dealt, kept
    // through every invariant check, and written to a snapshot and read back.
    let m = std::sync::Arc::new(ttrbot::maps::parse("grid.toml", &grid_map(400, 250)).unwrap());
    let (mut high_routes, mut high_tickets, mut wide_snapshots) = (0, 0, 0);
    for seed in 0..300u64 {
        let players = 2 + seed as usize % 4;
        let checks = if seed % 30 == 0 {
            Checks::Strict
        } else {
            Checks::Invariants
        };
        let played = play_random(m.clone(), players, seed, checks).unwrap_or_else(|e| panic!("grid: {e}"));
        let game = &played.game;
        assert!(game.is_over());
        high_routes += game
            .public_view()
            .owners
            .iter()
            .skip(256)
            .filter(|o| o.is_some())
            .count();
        high_tickets += (0..players)
            .flat_map(|s| game.seat_view(Seat(s as u8)).tickets)
            .filter(|(t, _)| t.0 >= 128)
            .count();
        let snapshot = game.snapshot();
        let restored = Game::restore(m.clone(), &snapshot).unwrap();
        assert_eq!(&restored, game, "seed {seed}");
        assert_eq!(restored.snapshot(), snapshot, "seed {seed}");
        let state: serde_json::Value = serde_json::from_str(&snapshot).unwrap();
        let words = |seat: &serde_json::Value| seat["routes"].as_array().map_or(0, Vec::len);
        let widest = state["seats"].as_array().unwrap().iter().map(words).max().unwrap();
        assert!((4..=7).contains(&widest), "seed {seed}: {widest} words");
        wide_snapshots += usize::from(widest > 4);
    }
    assert!(high_routes > 3_000, "only {high_routes} routes past 255 claimed");
    assert!(high_tickets > 1_000, "only {high_tickets} tickets past 127 kept");
    assert!(
        wide_snapshots > 250,
        "only {wide_snapshots} snapshots stored routes past 255"
    );
}
