//! The map files: every built-in map loads, its counts are pinned, and broken files are refused clearly.

use ttrbot::cli::MapCounts;
use ttrbot::maps::{self, BUILTIN};
use ttrbot::rules::Map;

#[test]
fn every_builtin_map_loads() {
    for (id, _) in BUILTIN {
        let map = maps::builtin(id).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(map.id, id);
    }
}

#[test]
fn each_route_is_linked_from_each_end_to_the_other_once_in_file_order() {
    for (id, _) in BUILTIN {
        let map = maps::builtin(id).unwrap();
        for (i, route) in map.routes.iter().enumerate() {
            let route_id = ttrbot::rules::RouteId(i as u16);
            for (from, to) in [(route.a, route.b), (route.b, route.a)] {
                let found = map.links[usize::from(from.0)]
                    .iter()
                    .filter(|l| l.route == route_id)
                    .collect::<Vec<_>>();
                assert_eq!(
                    found.len(),
                    1,
                    "{id}: route {i} linked other than once from {}",
                    map.city(from).name
                );
                assert_eq!(
                    found[0].to,
                    to,
                    "{id}: route {i} from {} leads elsewhere",
                    map.city(from).name
                );
            }
        }
        let linked: usize = map.links.iter().map(Vec::len).sum();
        assert_eq!(linked, 2 * map.routes.len(), "{id}: links that are no route's ends");
        for links in &map.links {
            assert!(
                links.windows(2).all(|w| w[0].route < w[1].route),
                "{id}: links out of file order"
            );
        }
    }
}

#[test]
fn map_counts_match_the_reference_data() {
    // Counts from the checked reference data's notes: cities, route rows, double pairs, total length, tickets,
    // tunnel rows, ferry rows. A typo in a map file changes one of them.
    let expected = [
        (
            "usa",
            MapCounts {
                cities: 36,
                routes: 100,
                doubles: 22,
                length: 309,
                tickets: 30,
                tunnels: 0,
                ferries: 0,
            },
        ),
        (
            "europe",
            MapCounts {
                cities: 47,
                routes: 101,
                doubles: 11,
                length: 300,
                tickets: 46,
                tunnels: 18,
                ferries: 13,
            },
        ),
        (
            "switzerland",
            MapCounts {
                cities: 51,
                routes: 88,
                doubles: 12,
                length: 205,
                tickets: 46,
                tunnels: 42,
                ferries: 0,
            },
        ),
        (
            "india",
            MapCounts {
                cities: 39,
                routes: 108,
                doubles: 28,
                length: 238,
                tickets: 58,
                tunnels: 0,
                ferries: 8,
            },
        ),
    ];
    for (id, counts) in expected {
        assert_eq!(MapCounts::of(&maps::builtin(id).unwrap()), counts, "{id}");
    }
}

#[test]
fn map_details_match_the_reference_data() {
    let usa = maps::builtin("usa").unwrap();
    let points: u32 = usa.tickets.iter().map(|t| u32::from(t.targets[0].1)).sum();
    assert_eq!(points, 349, "USA ticket points");
    for color in ["red", "orange", "yellow", "green", "blue", "pink", "white", "black"] {
        let rows: Vec<_> = usa
            .routes
            .iter()
            .filter(|r| r.color.is_some_and(|c| c.name() == color))
            .collect();
        assert_eq!(
            (rows.len(), rows.iter().map(|r| u32::from(r.len)).sum::<u32>()),
            (7, 27),
            "USA {color}"
        );
    }
    let europe = maps::builtin("europe").unwrap();
    assert_eq!(europe.tickets.iter().filter(|t| t.long).count(), 6);
    let long_points: u32 = europe
        .tickets
        .iter()
        .filter(|t| t.long)
        .map(|t| u32::from(t.targets[0].1))
        .sum();
    assert_eq!(long_points, 123);
    let two_loco_ferries = europe.routes.iter().filter(|r| r.ferry == 2).count();
    assert_eq!(two_loco_ferries, 4);
    let swiss = maps::builtin("switzerland").unwrap();
    let exits: Vec<(String, usize)> = swiss
        .countries
        .iter()
        .map(|k| (k.name.clone(), k.exits.len()))
        .collect();
    assert_eq!(
        exits,
        vec![
            ("France".into(), 4),
            ("Deutschland".into(), 5),
            ("Österreich".into(), 3),
            ("Italia".into(), 5)
        ]
    );
    assert_eq!(
        swiss.tickets.iter().filter(|t| t.targets.len() > 1).count(),
        12,
        "country tickets"
    );
    let india = maps::builtin("india").unwrap();
    assert_eq!(india.rules.grand_tour, vec![5, 10, 20, 30, 40]);
    assert_eq!(india.width, 1125);
}

#[test]
fn the_provisional_berlin_board_keeps_what_is_known_of_the_real_one() {
    use ttrbot::rules::RouteKind;
    let berlin = maps::builtin("berlin").unwrap();
    assert!(
        berlin.name.contains("provisional"),
        "players choosing the map must see it is provisional"
    );
    let r = &berlin.rules;
    assert_eq!((r.min_players, r.max_players, r.trains, r.metros), (2, 4, 11, 5));
    assert_eq!(r.total_cards(), 44);
    assert_eq!(r.deck_colors.len(), 6);
    assert_eq!(berlin.tickets.len(), 22);
    assert_eq!(r.longest_path_bonus, 0);
    for name in [
        "Charlottenburger Tor",
        "Kurfürstendamm",
        "Alexanderplatz",
        "Moritzplatz",
    ] {
        assert!(berlin.find_city(name).is_some(), "{name}");
    }
    let trams: Vec<_> = berlin.routes.iter().filter(|r| r.kind == RouteKind::Tram).collect();
    assert!(
        trams.iter().all(|r| (1..=4).contains(&r.len)),
        "tram routes are 1 to 4 spaces"
    );
    let metros: Vec<_> = berlin.routes.iter().filter(|r| r.kind == RouteKind::Metro).collect();
    assert!(!metros.is_empty() && metros.iter().all(|r| r.len == 1 && (2..=4).contains(&r.cost)));
    // Metro lines only on the outer ring: both ends lie within 80 px (of a 1600 px frame) of the outline of the
    // board's locations (their convex hull).
    let hull = convex_hull(&berlin.cities.iter().map(|c| (c.x, c.y)).collect::<Vec<_>>());
    let to_outline = |x: f32, y: f32| {
        (0..hull.len())
            .map(|i| {
                let (a, b) = (hull[i], hull[(i + 1) % hull.len()]);
                let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                let t = (((x - a.0) * dx + (y - a.1) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
                ((x - a.0 - t * dx).powi(2) + (y - a.1 - t * dy).powi(2)).sqrt()
            })
            .fold(f32::MAX, f32::min)
    };
    for m in metros {
        for end in [m.a, m.b] {
            let c = berlin.city(end);
            assert!(
                to_outline(c.x, c.y) <= 80.0,
                "metro end {} is inside the board, not on the outer ring",
                c.name
            );
        }
    }
    let inner = berlin.cities.iter().filter(|c| to_outline(c.x, c.y) > 80.0).count();
    assert!(inner >= 8, "the centre has tram-only stops ({inner})");
}

/// The convex hull of points (Andrew's monotone chain), for the outer-ring check.
fn convex_hull(points: &[(f32, f32)]) -> Vec<(f32, f32)> {
    let mut p = points.to_vec();
    p.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let cross = |o: (f32, f32), a: (f32, f32), b: (f32, f32)| (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0);
    let mut hull: Vec<(f32, f32)> = Vec::new();
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &(f32, f32)>> = if pass == 0 {
            Box::new(p.iter())
        } else {
            Box::new(p.iter().rev())
        };
        for &q in iter {
            while hull.len() >= start + 2 && cross(hull[hull.len() - 2], hull[hull.len() - 1], q) <= 0.0 {
                hull.pop();
            }
            hull.push(q);
        }
        hull.pop();
    }
    hull
}

#[test]
fn names_are_found_without_accents_or_case() {
    let swiss = maps::builtin("switzerland").unwrap();
    assert_eq!(swiss.find_city("zurich"), swiss.find_city("Zürich"));
    assert!(swiss.find_city("Zurich").is_some());
    assert!(swiss.find_place("osterreich").is_some());
    let usa = maps::builtin("usa").unwrap();
    assert!(usa.find_city("MONTREAL").is_some());
    assert!(usa.find_city("Gotham").is_none());
}

/// A small valid map; each broken case edits one line of it.
const GOOD: &str = r#"id = "tiny"
name = "Tiny"
board = { width = 100, height = 100 }
cities = [
  { name = "A", x = 10, y = 10 },
  { name = "B", x = 50, y = 50 },
  { name = "C", x = 90, y = 90 },
]
routes = [
  { a = "A", b = "B", len = 2, color = "red" },
  { a = "B", b = "C", len = 1, color = "gray" },
]
tickets = [
  { a = "A", b = "C", points = 3 },
  { a = "A", b = "B", points = 2 },
  { a = "B", b = "C", points = 1 },
  { a = "C", b = "A", points = 3 },
]
[rules]
players = [2, 2]
trains = 10
hand = 4
deck_colors = ["red", "blue"]
cards_per_color = 12
wild_cards = 4
tickets_dealt = 2
tickets_keep = 1
tickets_draw = 2
tickets_draw_keep = 1
unkept_tickets = "bottom"
doubles_min_players = 4
wild = "locomotive"
wild_faceup_counts_double = true
wild_only_on_tunnels = false
end_at = 2
longest_path_bonus = 10
route_points = { 1 = 1, 2 = 2 }
tie_breaks = ["tickets_completed"]
"#;

#[test]
fn a_small_valid_map_loads() {
    let m = maps::parse("tiny.toml", GOOD).unwrap();
    assert_eq!((m.cities.len(), m.routes.len(), m.tickets.len()), (3, 2, 4));
}

#[test]
fn a_city_name_of_forty_characters_loads_and_one_of_forty_one_is_refused() {
    for (length, loads) in [(40, true), (41, false)] {
        let long = "Ç".repeat(length);
        let map = GOOD.replace(r#""C""#, &format!("\"{long}\""));
        let read = maps::parse("tiny.toml", &map);
        assert_eq!(read.is_ok(), loads, "{length} characters: {read:?}");
    }
}

#[test]
fn broken_map_files_are_refused_with_file_line_and_reason() {
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "an unknown city in a route",
            r#"{ a = "A", b = "B", len = 2"#,
            r#"{ a = "A", b = "Q", len = 2"#,
            "tiny.toml:10: route A–Q: unknown city \"Q\"",
        ),
        (
            "an unknown colour",
            r#"color = "red""#,
            r#"color = "mauve""#,
            "tiny.toml:10: route A–B: unknown colour \"mauve\"",
        ),
        (
            "a length with no points",
            r#"len = 1, color = "gray""#,
            r#"len = 3, color = "gray""#,
            "tiny.toml:11: route B–C: route_points has no value for length 3",
        ),
        (
            "a ticket to nowhere",
            r#"{ a = "A", b = "B", points = 2 }"#,
            r#"{ a = "A", b = "A", points = 2 }"#,
            "tiny.toml:15: ticket A–A goes nowhere",
        ),
        (
            "a ticket to an unknown place",
            r#"{ a = "B", b = "C", points = 1 }"#,
            r#"{ a = "B", b = "Z", points = 1 }"#,
            "tiny.toml:16: ticket B–Z: unknown place \"Z\"",
        ),
        (
            "a duplicate city",
            r#"{ name = "C", x = 90"#,
            r#"{ name = "A", x = 90"#,
            "tiny.toml:7: city \"A\" is listed twice",
        ),
        (
            "a city off the board",
            r#"x = 90, y = 90"#,
            r#"x = 190, y = 90"#,
            "tiny.toml:7: city \"C\" lies outside the board",
        ),
        ("an unknown field", "hand = 4", "hand = 4\nhandz = 5", "tiny.toml:"),
        (
            "a player range that makes no sense",
            "players = [2, 2]",
            "players = [3, 2]",
            "tiny.toml: [rules]: players = [3, 2]",
        ),
        ("text that is not TOML", "name = \"Tiny\"", "name = ", "tiny.toml:2:"),
        (
            "two cities whose names differ only in case or accents",
            r#"{ name = "C", x = 90"#,
            r#"{ name = "a", x = 90"#,
            "tiny.toml:7: city \"a\" and \"A\" differ only in case or accents",
        ),
        (
            "an empty map id",
            "id = \"tiny\"",
            "id = \" \"",
            "tiny.toml: the map needs a non-empty id and name",
        ),
        (
            "an empty map name",
            "name = \"Tiny\"",
            "name = \"\"",
            "tiny.toml: the map needs a non-empty id and name",
        ),
        (
            "a board too large to draw",
            "board = { width = 100, height = 100 }",
            "board = { width = 100, height = 40000 }",
            "tiny.toml: board width and height must be at most 4000 pixels",
        ),
        (
            "a city's name of 5,000 characters",
            r#"{ name = "C", x = 90"#,
            &format!(r#"{{ name = "{}", x = 90"#, "C".repeat(5_000)),
            "tiny.toml:7: a city's name is 5000 characters long (at most 40): \"CCCC",
        ),
        (
            "a zero-width space in a city's name",
            r#"{ name = "C", x = 90"#,
            r#"{ name = "C\u200B", x = 90"#,
            "tiny.toml:7: a city's name holds an invisible character (U+200B): \"C\"",
        ),
        (
            "a direction override in a city's name",
            r#"{ name = "C", x = 90"#,
            r#"{ name = "\u202EC", x = 90"#,
            "tiny.toml:7: a city's name holds an invisible character (U+202E): \"C\"",
        ),
        (
            "a line break in a city's name",
            r#"{ name = "C", x = 90"#,
            r#"{ name = "C\nD", x = 90"#,
            "tiny.toml:7: a city's name holds an invisible character (U+000A): \"CD\"",
        ),
        (
            "too many tickets dealt at once",
            "tickets_dealt = 2",
            "tickets_dealt = 11",
            "tiny.toml: [rules]: at most 10 tickets may be dealt or drawn at once",
        ),
    ];
    for (name, from, to, expected) in cases {
        assert!(GOOD.contains(from), "{name}: the case edits nothing");
        let broken = GOOD.replacen(from, to, 1);
        let err = maps::parse("tiny.toml", &broken).expect_err(name).to_string();
        assert!(err.starts_with(expected), "{name}: got {err:?}");
        assert!(!err.contains('\n'), "{name}: one line");
    }
}

/// FNV-1a, 64 bits: a digest simple enough to compute the same way outside Rust.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Digests of every city (name, x, y), route (ends, length, colour, tunnel, ferry) and ticket (ends, values,
/// long) of a map, each a sorted list of lines.
fn digests(map: &Map) -> (u64, u64, u64) {
    let mut cities: Vec<String> = map
        .cities
        .iter()
        .map(|c| format!("{}|{}|{}", c.name, c.x, c.y))
        .collect();
    let mut routes: Vec<String> = map
        .routes
        .iter()
        .map(|r| {
            let mut ends = [map.city(r.a).name.as_str(), map.city(r.b).name.as_str()];
            ends.sort_unstable();
            let color = r.color.map_or("gray", |c| c.name());
            format!(
                "{}|{}|{}|{color}|{}|{}",
                ends[0],
                ends[1],
                r.len,
                u8::from(r.tunnel),
                r.ferry
            )
        })
        .collect();
    let mut tickets: Vec<String> = map
        .tickets
        .iter()
        .map(|t| {
            let mut targets: Vec<String> = t
                .targets
                .iter()
                .map(|(p, v)| format!("{}:{v}", map.place_name(*p)))
                .collect();
            targets.sort();
            format!("{}|{}|{}", map.place_name(t.from), targets.join(","), u8::from(t.long))
        })
        .collect();
    cities.sort();
    routes.sort();
    tickets.sort();
    (
        fnv1a(&cities.join("\n")),
        fnv1a(&routes.join("\n")),
        fnv1a(&tickets.join("\n")),
    )
}

#[test]
fn every_city_route_and_ticket_matches_the_checked_reference_data() {
    // Computed once from the project's checked reference tables (cities, routes and tickets, as tab-separated
    // files with sources), which a clone of this repository does not carry. Any changed, missing or extra row in a
    // map file changes a digest.
    let expected = [
        (
            "usa",
            (0xfd6f_2569_914f_859c, 0x42a8_8c3b_0ceb_190f, 0x622b_97a0_3b22_e212),
        ),
        (
            "europe",
            (0x1fed_3d19_2633_24a8, 0x85b0_9939_12c1_2f48, 0xeb9d_1fe1_efcb_0b80),
        ),
        (
            "switzerland",
            (0x0425_6b6b_1096_e2e5, 0x0f89_851b_a97d_9e7e, 0x841b_2915_c6b0_ede4),
        ),
        (
            "india",
            (0xcdb5_e73b_7143_59bd, 0x7cf5_a3db_58b9_89d0, 0x9c9b_0069_e2a5_3130),
        ),
    ];
    for (id, (cities, routes, tickets)) in expected {
        let got = digests(&maps::builtin(id).unwrap());
        assert_eq!(got.0, cities, "{id}: cities differ from the reference");
        assert_eq!(got.1, routes, "{id}: routes differ from the reference");
        assert_eq!(got.2, tickets, "{id}: tickets differ from the reference");
    }
}

#[test]
fn a_huge_map_is_checked_in_one_pass_and_its_refusal_quotes_little() {
    // 60,000 cities and then the first one again: the duplicate check is one hash look-up per city (it was
    // quadratic: 75,000 cities took 6 s), and the refusal quotes the name, as long as a name may be (a longer one
    // is refused by its length, quoted as a short excerpt: `broken_map_files_are_refused_with_file_line_and_reason`).
    let long_name = "N".repeat(40);
    let mut cities = format!("  {{ name = \"{long_name}\", x = 1, y = 1 }},\n");
    for i in 0..60_000 {
        cities += &format!("  {{ name = \"City {i}\", x = 1, y = 1 }},\n");
    }
    let too_many = cities.clone() + &"  { name = \"More\", x = 1, y = 1 },\n".repeat(6_000);
    cities += &format!("  {{ name = \"{long_name}\", x = 2, y = 2 }},\n");
    let start = GOOD.find("cities = [").unwrap();
    let end = GOOD[start..].find(']').unwrap() + start;
    let huge = format!("{}cities = [\n{cities}{}", &GOOD[..start], &GOOD[end..]);
    let err = maps::parse("huge.toml", &huge).unwrap_err().to_string();
    assert!(
        err.starts_with("huge.toml:60006: city \"NNNN"),
        "{}",
        &err[..err.len().min(300)]
    );
    assert!(err.ends_with(&format!("{long_name}\" is listed twice")), "{err}");
    assert!(err.len() < 200, "{} bytes", err.len());
    // City ids are 16 bits: more locations than that are refused up front, not wrapped.
    let huge = format!("{}cities = [\n{too_many}{}", &GOOD[..start], &GOOD[end..]);
    let err = maps::parse("huge.toml", &huge).unwrap_err().to_string();
    assert_eq!(err, "huge.toml: more than 65535 cities");
}
