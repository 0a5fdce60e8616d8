//! Final scoring: longest path, tickets, bonuses and tie-breaks.

use crate::common::{map, net, tickets};
use ttrbot::rules::Map;
use ttrbot::rules::RouteSet;
use ttrbot::rules::scoring::{FinalScore, Holdings, final_scores, longest_path, ranking};

const N45: &[&str] = &[
    "Vancouver-Seattle",
    "Seattle-Portland",
    "Seattle-Helena",
    "Portland-Salt Lake City",
    "Helena-Salt Lake City",
    "Helena-Denver",
    "Salt Lake City-Denver",
    "Denver-Omaha",
    "Helena-Omaha",
    "Omaha-Kansas City",
    "Denver-Kansas City",
    "Kansas City-Oklahoma City",
    "Oklahoma City-Santa Fe",
    "Santa Fe-Denver",
];

const J31: &[&str] = &[
    "Portland-Salt Lake City",
    "Salt Lake City-Helena",
    "Helena-Seattle",
    "Seattle-Portland",
    "Helena-Denver",
    "Denver-Salt Lake City",
    "Salt Lake City-Las Vegas",
    "Las Vegas-Los Angeles",
    "Los Angeles-Phoenix",
    "Vancouver-Calgary",
    "Oklahoma City-Little Rock",
    "New Orleans-Miami",
];

#[test]
fn longest_paths_of_known_networks() {
    let usa = map("usa");
    let cases: &[(&str, &[&str], u32)] = &[
        ("nothing owned is a path of 0", &[], 0),
        ("a single route is its length", &["Atlanta-Miami"], 5),
        (
            "a cycle is walked all the way round",
            &[
                "Seattle-Portland",
                "Portland-Salt Lake City",
                "Salt Lake City-Helena",
                "Helena-Seattle",
            ],
            16,
        ),
        (
            "a figure-eight revisits its middle city and uses every route",
            &[
                "Seattle-Portland",
                "Portland-Salt Lake City",
                "Salt Lake City-Helena",
                "Helena-Seattle",
                "Helena-Winnipeg",
                "Winnipeg-Duluth",
                "Duluth-Helena",
            ],
            30,
        ),
        (
            "two separate networks count the longer, not the sum",
            &[
                "Seattle-Portland",
                "Portland-San Francisco",
                "New York-Boston",
                "Boston-Montréal",
            ],
            6,
        ),
        (
            "a star is only as long as its two longest arms",
            &["Denver-Phoenix", "Denver-Helena", "Denver-Omaha", "Denver-Kansas City"],
            9,
        ),
        ("the 45-train network N45 has a longest trail of 43", N45, 43),
        ("the network J31 has a longest trail of 31", J31, 31),
    ];
    for (name, pairs, expected) in cases {
        assert_eq!(longest_path(&usa, net(&usa, pairs)), *expected, "{name}");
    }
    let n45: u32 = net(&usa, N45).iter().map(|r| u32::from(usa.route(r).len)).sum();
    assert_eq!(n45, 45, "N45 uses exactly 45 trains");
}

#[test]
fn a_ticket_is_completed_across_a_long_chain_and_a_missed_one_is_lost() {
    let usa = map("usa");
    let chain = net(
        &usa,
        &[
            "Los Angeles-Phoenix",
            "Phoenix-Santa Fe",
            "Santa Fe-Oklahoma City",
            "Oklahoma City-Kansas City",
            "Kansas City-Saint Louis",
            "Saint Louis-Chicago",
            "Chicago-Pittsburgh",
            "Pittsburgh-New York",
        ],
    );
    let h = Holdings {
        routes: chain,
        tickets: tickets(&usa, &["Los Angeles-New York", "Boston-Miami"]),
        ..Default::default()
    };
    let s = &final_scores(&usa, &[h])[0];
    assert_eq!(
        (s.ticket_points, s.tickets_completed, s.tickets_failed),
        (21 - 12, 1, 1)
    );
    assert_eq!(s.route_points, 4 + 4 + 4 + 2 + 2 + 2 + 4 + 2);
    assert_eq!(s.longest_path, 20);
    assert_eq!(s.longest_bonus, 10);
    assert_eq!(s.total, s.route_points + 9 + 10);
}

#[test]
fn every_player_tied_for_the_longest_path_gets_the_bonus() {
    let usa = map("usa");
    let a = Holdings {
        routes: net(&usa, &["Atlanta-Miami"]),
        ..Default::default()
    };
    let b = Holdings {
        routes: net(&usa, &["Calgary-Winnipeg"]),
        ..Default::default()
    };
    let c = Holdings {
        routes: net(&usa, &["Los Angeles-El Paso"]),
        ..Default::default()
    };
    let s = final_scores(&usa, &[a, b, c]);
    assert_eq!(s.iter().map(|x| x.longest_bonus).collect::<Vec<_>>(), vec![0, 10, 10]);
}

#[test]
fn nobody_gets_the_longest_path_bonus_when_nobody_owns_a_route() {
    let usa = map("usa");
    let s = final_scores(&usa, &[Holdings::default(), Holdings::default()]);
    assert!(s.iter().all(|x| x.longest_bonus == 0 && x.total == 0));
}

fn score(total: i32, tickets_completed: u32, longest_bonus: i32) -> FinalScore {
    FinalScore {
        total,
        tickets_completed,
        longest_bonus,
        ..Default::default()
    }
}

/// A tie-break case: name, map, holdings, scores, expected ranking.
type TieCase<'a> = (&'a str, &'a Map, Vec<Holdings>, Vec<FinalScore>, Vec<usize>);

#[test]
fn ties_are_broken_by_the_maps_order() {
    let usa = map("usa");
    let europe = map("europe");
    let with_stations = |n: usize| Holdings {
        station_cities: (0..n as u16).map(ttrbot::rules::CityId).collect(),
        ..Default::default()
    };
    let cases: Vec<TieCase> = vec![
        (
            "most points wins",
            &usa,
            vec![Holdings::default(); 2],
            vec![score(50, 0, 0), score(60, 0, 0)],
            vec![1, 0],
        ),
        (
            "a tie goes to most completed tickets",
            &usa,
            vec![Holdings::default(); 2],
            vec![score(60, 2, 10), score(60, 3, 0)],
            vec![1, 0],
        ),
        (
            "then to the longest-path holder",
            &usa,
            vec![Holdings::default(); 2],
            vec![score(60, 3, 0), score(60, 3, 10)],
            vec![1, 0],
        ),
        (
            "players still tied keep their order",
            &usa,
            vec![Holdings::default(); 3],
            vec![score(60, 3, 0), score(70, 1, 0), score(60, 3, 0)],
            vec![1, 0, 2],
        ),
        (
            "in Europe fewer stations beat the longest path",
            &europe,
            vec![with_stations(2), with_stations(1)],
            vec![score(60, 3, 10), score(60, 3, 0)],
            vec![1, 0],
        ),
    ];
    for (name, m, holdings, scores, expected) in cases {
        assert_eq!(ranking(m, &holdings, &scores), expected, "{name}");
    }
}

#[test]
fn route_points_recomputed_from_a_network_match_the_length_table() {
    let usa = map("usa");
    let routes = net(&usa, N45);
    let expected: u32 = [1, 1, 15, 15, 4, 7, 4, 7, 10, 1, 7, 2, 4, 2].iter().sum();
    assert_eq!(ttrbot::rules::scoring::route_points(&usa, routes), expected);
}

/// The longest trail by exhaustive search: every start vertex, every trail, no pruning.
fn brute_force_longest(map: &Map, routes: RouteSet) -> u32 {
    fn walk(map: &Map, edges: &[ttrbot::rules::RouteId], used: &mut Vec<bool>, at: ttrbot::rules::CityId) -> u32 {
        let mut best = 0;
        for (i, &r) in edges.iter().enumerate() {
            let route = map.route(r);
            if !used[i] && (route.a == at || route.b == at) {
                used[i] = true;
                best = best.max(u32::from(route.len) + walk(map, edges, used, route.other_end(at)));
                used[i] = false;
            }
        }
        best
    }
    let edges: Vec<_> = routes.iter().collect();
    let mut used = vec![false; edges.len()];
    let mut cities: Vec<_> = edges.iter().flat_map(|&r| [map.route(r).a, map.route(r).b]).collect();
    cities.sort_unstable();
    cities.dedup();
    cities
        .into_iter()
        .map(|c| walk(map, &edges, &mut used, c))
        .max()
        .unwrap_or(0)
}

#[test]
fn the_longest_path_search_agrees_with_exhaustive_search_on_random_networks() {
    for id in ["usa", "europe", "india", "switzerland"] {
        let m = map(id);
        for seed in 0..75 {
            let players = usize::from(m.rules.min_players);
            let played = ttrbot::sim::play_random(m.clone(), players, seed, ttrbot::sim::Checks::Off).unwrap();
            for seat in &played.game.state().seats {
                assert_eq!(
                    longest_path(&m, seat.routes),
                    brute_force_longest(&m, seat.routes),
                    "{id} seed {seed}"
                );
            }
        }
    }
}

#[test]
fn players_tied_after_every_tie_break_share_a_rank() {
    let usa = map("usa");
    let holdings = vec![Holdings::default(); 4];
    let scores = vec![score(60, 3, 0), score(70, 1, 0), score(60, 3, 0), score(60, 2, 0)];
    assert_eq!(
        ttrbot::rules::scoring::ranks(&usa, &holdings, &scores),
        vec![2, 1, 2, 4]
    );
}
