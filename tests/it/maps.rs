//! The map files: every built-in map loads, its counts are pinned, and a broken or doubtful file's every problem is
//! found, on its line, in words.

use ttrbot::maps::{self, BUILTIN, Counted, Limits, MapProblem, Named, Problem, Severity};
use ttrbot::rules::Map;
use ttrbot::text::{self, Lang};

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
        ("usa", (36, 100, 22, 309, 30, 0, 0)),
        ("europe", (47, 101, 11, 300, 46, 18, 13)),
        ("switzerland", (51, 88, 12, 205, 46, 42, 0)),
        ("india", (39, 108, 28, 238, 58, 0, 8)),
    ];
    for (id, counts) in expected {
        let s = maps::summary(&maps::builtin(id).unwrap());
        let got = (
            s.cities,
            s.routes,
            s.doubles,
            s.spaces,
            s.regular_tickets + s.long_tickets,
            s.tunnels,
            s.ferries,
        );
        assert_eq!(got, counts, "{id}");
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
            "tiny.toml:10: route A – Q: unknown city \"Q\"",
        ),
        (
            "an unknown colour",
            r#"color = "red""#,
            r#"color = "mauve""#,
            "tiny.toml:10: route A – B: unknown colour \"mauve\"",
        ),
        (
            "a length with no points",
            r#"len = 1, color = "gray""#,
            r#"len = 3, color = "gray""#,
            "tiny.toml:11: route B – C: length 3 has no score (1–2)",
        ),
        (
            "a ticket to nowhere",
            r#"{ a = "A", b = "B", points = 2 }"#,
            r#"{ a = "A", b = "A", points = 2 }"#,
            "tiny.toml:15: ticket A – A goes nowhere",
        ),
        (
            "a ticket to an unknown place",
            r#"{ a = "B", b = "C", points = 1 }"#,
            r#"{ a = "B", b = "Z", points = 1 }"#,
            "tiny.toml:16: ticket B – Z: unknown place \"Z\"",
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
            "tiny.toml:20: players = [3, 2] must be a range within 2 to 5",
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
            "tiny.toml:1: the map's id \" \" must be 1 to 32 characters of a–z, 0–9, - and _",
        ),
        (
            "an empty map name",
            "name = \"Tiny\"",
            "name = \"\"",
            "tiny.toml:2: the map's name is empty",
        ),
        (
            "a board too large to draw",
            "board = { width = 100, height = 100 }",
            "board = { width = 100, height = 40000 }",
            "tiny.toml:3: the board is 100 × 40000 pixels; each side may be at most 4000",
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
            "tiny.toml:26: at most 10 tickets may be dealt or drawn at once",
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
    assert_eq!(err, "huge.toml: the map has 66001 cities; at most 65535 are allowed");
}

/// The map-makers' guide's example: a small complete map, and the start of most checks below.
const TINY: &str = include_str!("../fixtures/maps/tiny.toml");

/// The 1-based line of the first place `needle` is written.
fn line_of(text: &str, needle: &str) -> usize {
    let at = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} is not in the text"));
    text[..at].matches('\n').count() + 1
}

fn refusal(line: Option<usize>, what: MapProblem) -> Problem {
    Problem {
        line,
        severity: Severity::Refusal,
        what,
    }
}

fn warning(line: Option<usize>, what: MapProblem) -> Problem {
    Problem {
        line,
        severity: Severity::Warning,
        what,
    }
}

/// `text` with each `(from, to)` edit made once, each checked to change something.
fn edited(text: &str, edits: &[(&str, &str)]) -> String {
    edits.iter().fold(text.to_string(), |text, (from, to)| {
        assert!(text.contains(from), "{from:?} is not in the text");
        text.replacen(from, to, 1)
    })
}

#[test]
fn the_tiny_map_passes_every_check_under_the_upload_limits() {
    let checked = maps::check("tiny.toml", TINY, &Limits::UPLOAD);
    assert_eq!(checked.problems, []);
    let map = checked.map.expect("a map");
    assert_eq!(map, maps::parse("tiny.toml", TINY).unwrap());
    assert_eq!(ttrbot::render::crowded_names(&map), []);
    assert_eq!(checked.city_lines[0], line_of(TINY, "{ name = \"Northport\""));
}

#[test]
fn a_file_with_five_problems_reports_all_five_on_their_lines() {
    let text = edited(
        TINY,
        &[
            ("x = 100, y = 330", "x = 900, y = 330"),
            ("len = 3, color = \"red\"", "len = 3, color = \"mauve\""),
            ("b = \"Eastwick\", len = 5", "b = \"Eastwick\", len = 9"),
            ("b = \"Lakeside\", points = 8", "b = \"Lakesid\", points = 8"),
            ("b = \"Westvale\", points = 5", "b = \"Westvale\", points = 0"),
        ],
    );
    let line = |needle: &str| Some(line_of(&text, needle));
    let expected = [
        refusal(
            line("\"Westvale\", x = 900"),
            MapProblem::OutsideBoard {
                name: "Westvale".into(),
                x: 900.0,
                y: 330.0,
                width: 800,
                height: 600,
            },
        ),
        refusal(
            line("\"mauve\""),
            MapProblem::UnknownColor {
                route: "Northport – Millbrook".into(),
                color: "mauve".into(),
            },
        ),
        refusal(
            line("len = 9"),
            MapProblem::NoScore {
                route: "Northport – Eastwick".into(),
                len: 9,
                scored: vec![1, 2, 3, 4, 5],
            },
        ),
        refusal(
            line("\"Lakesid\""),
            MapProblem::UnknownPlace {
                ticket: "Northport – Lakesid".into(),
                name: "Lakesid".into(),
            },
        ),
        refusal(
            line("points = 0"),
            MapProblem::TicketWorthNothing {
                ticket: "Millbrook – Westvale".into(),
            },
        ),
    ];
    let checked = maps::check("five.toml", &text, &Limits::UPLOAD);
    assert_eq!(checked.problems, expected);
    assert!(checked.map.is_none() && checked.refused());
    let english: Vec<String> = checked
        .problems
        .iter()
        .map(|p| text::map_problem(Lang::En, p))
        .collect();
    assert_eq!(
        english[2],
        format!(
            "line {}, route Northport – Eastwick: length 9 has no score (1–5)",
            line_of(&text, "len = 9")
        )
    );
    // `parse` is the first refusal, in line order.
    let first = maps::parse("five.toml", &text).unwrap_err();
    assert_eq!(first.line, expected[0].line);
}

#[test]
fn a_problem_reads_in_english_and_in_spanish() {
    let problem = refusal(
        Some(41),
        MapProblem::NoScore {
            route: "Basel – Olten".into(),
            len: 9,
            scored: vec![1, 2, 3, 4, 5, 6, 8],
        },
    );
    assert_eq!(
        text::map_problem(Lang::En, &problem),
        "line 41, route Basel – Olten: length 9 has no score (1–6, 8)"
    );
    assert_eq!(
        text::map_problem(Lang::Es, &problem),
        "línea 41, recorrido Basel – Olten: la longitud 9 no tiene puntuación (1–6, 8)"
    );
    let whole = warning(
        None,
        MapProblem::Disconnected {
            parts: 2,
            apart: "Lakeside".into(),
        },
    );
    assert_eq!(
        text::map_problem(Lang::Es, &whole),
        "los recorridos forman 2 redes que nunca se tocan («Lakeside» queda fuera de la mayor); \
         cada billete cabe en una"
    );
    let summary = text::map_summary(Lang::Es, &maps::summary(&maps::parse("tiny.toml", TINY).unwrap()));
    assert_eq!(
        summary,
        "8 ciudades, 12 recorridos (1 doble), 32 espacios; el recorrido más largo: 5\n\
         10 billetes y 0 largos, de 5 a 8 puntos (mediana 7)\n\
         de 2 a 3 jugadores, cada uno con 14 trenes, 0 metros y 0 estaciones; 0 túneles, 0 transbordadores"
    );
}

#[test]
fn a_file_past_512_kb_is_refused_before_it_is_read_and_one_within_is_read() {
    let padded = |total: usize| {
        let mut text = TINY.to_string();
        text.push('#');
        text.push_str(&"x".repeat(total - text.len()));
        text
    };
    let over = padded(maps::MAX_MAP_BYTES + 1);
    let checked = maps::check("big.toml", &over, &Limits::UPLOAD);
    let too_large = MapProblem::TooLarge {
        bytes: maps::MAX_MAP_BYTES + 1,
        most: maps::MAX_MAP_BYTES,
    };
    assert_eq!(checked.problems, [refusal(None, too_large.clone())]);
    let bytes = maps::check_bytes("big.toml", over.as_bytes(), &Limits::UPLOAD);
    assert_eq!(bytes.problems, [refusal(None, too_large)]);
    // The operator's own files have no such limit, and a file of exactly the limit is read.
    assert!(maps::check("big.toml", &over, &Limits::FILE).map.is_some());
    let within = padded(maps::MAX_MAP_BYTES);
    assert_eq!(maps::check("big.toml", &within, &Limits::UPLOAD).problems, []);
    // Bytes that are not UTF-8 are refused as such.
    let mut broken = TINY.as_bytes().to_vec();
    broken[3] = 0xFF;
    let checked = maps::check_bytes("bytes.toml", &broken, &Limits::UPLOAD);
    assert_eq!(checked.problems, [refusal(None, MapProblem::NotUtf8 { at: 3 })]);
}

/// The tiny map with `extra` more rows added at the end of a list (`cities`, `routes` or `tickets`).
fn with_rows(list: &str, extra: &[String]) -> String {
    let start = TINY.find(&format!("{list} = [")).unwrap();
    let end = start + TINY[start..].find("\n]").unwrap();
    format!("{}\n{}{}", &TINY[..end], extra.join("\n"), &TINY[end..])
}

#[test]
fn more_rows_than_an_upload_may_have_are_refused_naming_the_limit() {
    let cities = |n: usize| -> Vec<String> {
        (0..n)
            .map(|i| format!("  {{ name = \"Extra {i}\", x = {}, y = 50 }},", i % 800))
            .collect()
    };
    // Routes past an upload's limit, between two cities that exist (a third track is refused too, by its line).
    let routes = |n: usize| -> Vec<String> {
        (0..n)
            .map(|_| "  { a = \"Northport\", b = \"Westvale\", len = 2, color = \"gray\" },".to_string())
            .collect()
    };
    let tickets = |n: usize| -> Vec<String> {
        (0..n)
            .map(|_| "  { a = \"Northport\", b = \"Lakeside\", points = 8 },".to_string())
            .collect()
    };
    let cases = [
        (with_rows("cities", &cities(143)), Counted::Cities, 151, Some(150)),
        (with_rows("cities", &cities(142)), Counted::Cities, 150, None),
        (with_rows("routes", &routes(389)), Counted::Routes, 401, Some(400)),
        (with_rows("routes", &routes(388)), Counted::Routes, 400, None),
        (with_rows("tickets", &tickets(241)), Counted::Tickets, 251, Some(250)),
        (with_rows("tickets", &tickets(240)), Counted::Tickets, 250, None),
    ];
    for (text, what, count, refused_past) in cases {
        let checked = maps::check("many.toml", &text, &Limits::UPLOAD);
        let too_many = checked
            .problems
            .iter()
            .find(|p| matches!(p.what, MapProblem::TooMany { .. }));
        let expected = refused_past.map(|most| refusal(None, MapProblem::TooMany { what, count, most }));
        assert_eq!(too_many, expected.as_ref(), "{count} {what:?}");
    }
}

#[test]
fn names_that_differ_only_in_case_or_accents_collide_in_any_alphabet() {
    for (first, second) in [
        ("ÉCOLE", "école"),
        ("Zürich", "ZURICH"),
        ("Αθήνα", "ΑΘΉΝΑ"),
        ("Москва", "МОСКВА"),
        ("St. Gallen", "Saint Gallen"),
    ] {
        let renamed = TINY.replace("Northport", first);
        let row = format!("  {{ name = \"{second}\", x = 20, y = 20 }},");
        let start = renamed.find("cities = [").unwrap();
        let end = start + renamed[start..].find("\n]").unwrap();
        let text = format!("{}\n{row}{}", &renamed[..end], &renamed[end..]);
        let checked = maps::check("alike.toml", &text, &Limits::UPLOAD);
        let alike = MapProblem::NamesAlike {
            what: Named::City,
            name: second.into(),
            other: first.into(),
        };
        assert_eq!(
            checked.problems,
            [refusal(Some(line_of(&text, &row)), alike)],
            "{first} / {second}"
        );
    }
}

#[test]
fn nesting_a_hundred_thousand_deep_is_refused_without_a_crash() {
    // The TOML reader stops at 80 levels (its own recursion limit), so the check never recurses deeper.
    for text in [
        format!("a = {}", "[".repeat(100_000)),
        format!("a = {}1{}", "[".repeat(100_000), "]".repeat(100_000)),
        format!("a = {}", "{b=".repeat(100_000)),
        format!("[{}]", vec!["a"; 100_000].join(".")),
        format!("{}\ncities = [ {{ name = {} }} ]", TINY, "[".repeat(100_000)),
    ] {
        for limits in [Limits::UPLOAD, Limits::FILE] {
            let checked = maps::check("deep.toml", &text, &limits);
            assert_eq!(checked.problems.len(), 1, "{:?}", checked.problems);
            assert!(
                matches!(checked.problems[0].what, MapProblem::Syntax { .. }),
                "{:?}",
                checked.problems
            );
        }
    }
}

#[test]
fn a_city_whose_position_is_not_on_the_board_is_refused() {
    for (x, y) in ["nan", "-1", "1e30", "-inf", "801", "0.0001e9"]
        .into_iter()
        .map(|x| (x, "330"))
        .chain([("100", "inf"), ("100", "600.5")])
    {
        let text = edited(TINY, &[("x = 100, y = 330", &format!("x = {x}, y = {y}"))]);
        let checked = maps::check("off.toml", &text, &Limits::UPLOAD);
        assert_eq!(checked.problems.len(), 1, "{x}, {y}: {:?}", checked.problems);
        let p = &checked.problems[0];
        assert_eq!(p.line, Some(line_of(&text, "\"Westvale\"")), "{x}, {y}");
        assert!(
            matches!(&p.what, MapProblem::OutsideBoard { name, .. } if name == "Westvale"),
            "{p:?}"
        );
    }
    // The board's own edges are on it.
    let text = edited(TINY, &[("x = 100, y = 330", "x = 800, y = 600")]);
    assert_eq!(maps::check("edge.toml", &text, &Limits::UPLOAD).problems, []);
}

#[test]
fn a_route_from_a_city_to_itself_is_refused() {
    let text = edited(TINY, &[("b = \"Millbrook\", len = 3", "b = \"Northport\", len = 3")]);
    let checked = maps::check("self.toml", &text, &Limits::UPLOAD);
    let self_route = MapProblem::SelfRoute {
        route: "Northport – Northport".into(),
    };
    assert_eq!(
        checked.problems,
        [refusal(Some(line_of(&text, "b = \"Northport\", len = 3")), self_route)]
    );
}

/// A map of four cities with `GOOD`'s rules (2 players, 2 tickets each), the given routes and tickets.
fn four_cities(routes: &[&str], tickets: &[&str]) -> String {
    let rules = &GOOD[GOOD.find("[rules]").unwrap()..];
    format!(
        "id = \"four\"\nname = \"Four\"\nboard = {{ width = 100, height = 100 }}\ncities = [\n  \
         {{ name = \"A\", x = 10, y = 10 }},\n  {{ name = \"B\", x = 90, y = 10 }},\n  \
         {{ name = \"C\", x = 10, y = 90 }},\n  {{ name = \"D\", x = 90, y = 90 }},\n]\nroutes = [\n{}\n]\n\
         tickets = [\n{}\n]\n{rules}",
        routes.join("\n"),
        tickets.join("\n")
    )
}

#[test]
fn a_network_in_two_parts_is_a_warning_when_every_ticket_lies_within_one_and_a_refusal_when_one_does_not() {
    let routes = [
        "  { a = \"A\", b = \"B\", len = 1, color = \"red\" },",
        "  { a = \"C\", b = \"D\", len = 1, color = \"red\" },",
    ];
    let inside = [
        "  { a = \"A\", b = \"B\", points = 1 },",
        "  { a = \"B\", b = \"A\", points = 1 },",
        "  { a = \"C\", b = \"D\", points = 1 },",
        "  { a = \"D\", b = \"C\", points = 1 },",
    ];
    let text = four_cities(&routes, &inside);
    let checked = maps::check("parts.toml", &text, &Limits::UPLOAD);
    let parts = MapProblem::Disconnected {
        parts: 2,
        apart: "C".into(),
    };
    assert_eq!(checked.problems, [warning(Some(line_of(&text, "\"C\"")), parts)]);
    assert!(checked.map.is_some(), "a warning does not refuse the map");
    // One ticket across: refused, naming it; the parts are not warned of besides.
    let mut across = inside;
    across[3] = "  { a = \"A\", b = \"D\", points = 2 },";
    let text = four_cities(&routes, &across);
    let checked = maps::check("parts.toml", &text, &Limits::UPLOAD);
    let unreachable = MapProblem::Unreachable {
        ticket: "A – D".into(),
        to: "D".into(),
    };
    assert_eq!(
        checked.problems,
        [refusal(Some(line_of(&text, "b = \"D\", points = 2")), unreachable)]
    );
    assert!(checked.map.is_none());
}

#[test]
fn a_ticket_worth_far_from_its_shortest_path_is_warned_with_the_value_suggested() {
    // Northport – Lakeside's shortest path costs 8 cards: a value more than 2 points and more than 25% away is
    // questioned.
    for (value, warned) in [(8, false), (10, false), (6, false), (11, true), (5, true), (20, true)] {
        let text = edited(
            TINY,
            &[(
                "b = \"Lakeside\", points = 8",
                &format!("b = \"Lakeside\", points = {value}"),
            )],
        );
        let checked = maps::check("value.toml", &text, &Limits::UPLOAD);
        let expected: Vec<Problem> = [warning(
            Some(line_of(&text, "b = \"Lakeside\", points")),
            MapProblem::TicketValue {
                ticket: "Northport – Lakeside".into(),
                to: "Lakeside".into(),
                value,
                shortest: 8,
            },
        )]
        .into_iter()
        .filter(|_| warned)
        .collect();
        assert_eq!(checked.problems, expected, "worth {value}");
        assert!(checked.map.is_some());
    }
    let text = edited(
        TINY,
        &[("b = \"Lakeside\", points = 8", "b = \"Lakeside\", points = 20")],
    );
    let problem = &maps::check("value.toml", &text, &Limits::UPLOAD).problems[0];
    assert!(
        text::map_problem(Lang::En, problem).ends_with(
            "ticket Northport – Lakeside: worth 20 to \"Lakeside\", but the shortest path there costs 8 cards; \
             suggested value: 8"
        ),
        "{}",
        text::map_problem(Lang::En, problem)
    );
}

#[test]
fn every_builtin_map_passes_the_upload_check_with_no_problem_and_the_same_map() {
    for (id, file) in BUILTIN {
        let checked = maps::check(id, file, &Limits::UPLOAD);
        assert_eq!(checked.problems, [], "{id}");
        let map = checked.map.expect("a map");
        assert_eq!(map, *maps::builtin(id).unwrap(), "{id}");
        assert_eq!(ttrbot::render::crowded_names(&map), [], "{id}: names that collide");
    }
}

#[test]
fn an_unknown_field_anywhere_is_refused_naming_it_on_its_line() {
    for (from, to, section, field) in [
        (
            "name = \"Tiny Island\"",
            "name = \"Tiny Island\"\nauthor = \"me\"",
            "",
            "author",
        ),
        ("height = 600 }", "height = 600, depth = 1 }", "board", "depth"),
        ("x = 650, y = 120 }", "x = 650, y = 120, z = 1 }", "cities", "z"),
        (
            "len = 5, color = \"gray\" }",
            "len = 5, color = \"gray\", colour = \"red\" }",
            "routes",
            "colour",
        ),
        (
            "points = 7 },",
            "points = 7, long = true, value = 1 },",
            "tickets",
            "value",
        ),
        ("hand = 4", "hand = 4\nhandz = 5", "rules", "handz"),
    ] {
        let text = edited(TINY, &[(from, to)]);
        let checked = maps::check("typo.toml", &text, &Limits::UPLOAD);
        let unknown = MapProblem::UnknownField {
            section: section.into(),
            field: field.into(),
        };
        let line = text
            .lines()
            .position(|l| l.contains(field) && !l.starts_with('#'))
            .unwrap()
            + 1;
        assert_eq!(checked.problems, [refusal(Some(line), unknown)], "{field}");
    }
}

#[test]
fn the_map_makers_guide_shows_the_tiny_map_exactly() {
    let guide = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/map-makers-guide.md")).unwrap();
    let start = guide
        .find("```toml\n# A tiny island")
        .expect("the guide shows the tiny map")
        + "```toml\n".len();
    let end = start + guide[start..].find("```").unwrap();
    assert_eq!(
        &guide[start..end],
        TINY,
        "docs/map-makers-guide.md and tests/fixtures/maps/tiny.toml differ"
    );
}

#[test]
fn the_largest_test_map_passes_an_uploads_checks_and_computers_of_every_level_finish_games_on_it() {
    let text = include_str!("../fixtures/custom/grandland.toml");
    let checked = ttrbot::maps::check("grandland.toml", text, &ttrbot::maps::Limits::UPLOAD);
    let refusals: Vec<_> = checked
        .problems
        .iter()
        .filter(|p| p.severity == ttrbot::maps::Severity::Refusal)
        .collect();
    assert!(refusals.is_empty(), "{refusals:?}");
    let map = std::sync::Arc::new(checked.map.expect("accepted"));
    assert_eq!((map.cities.len(), map.routes.len(), map.tickets.len()), (150, 390, 240));
    use ttrbot::ai::{Level, Think};
    // A hard player's search, with a few play-outs a move (its time goes by its think budget; the benchmark measures).
    for (level, think) in [(Level::Easy, 0), (Level::Normal, 0), (Level::Hard, 4)] {
        let mut game = ttrbot::rules::Game::new(std::sync::Arc::clone(&map), 4, 59).unwrap();
        let mut players: Vec<_> = (0..4).map(|_| level.player_thinking(Think::Playouts(think))).collect();
        let mut rng = ttrbot::rules::GameRng::new(59);
        let mut legal = Vec::new();
        let mut moves = 0;
        while !game.is_over() {
            let seat = game.to_act()[0];
            game.legal_actions(seat, &mut legal);
            let view = game.seat_view(seat);
            let action = players[seat.index()].choose(&map, &view, &legal, &mut rng);
            game.apply(seat, action).unwrap();
            moves += 1;
            assert!(moves < 5_000, "{level:?}: the game ends");
        }
        assert!(game.final_scores().is_some());
    }
}
