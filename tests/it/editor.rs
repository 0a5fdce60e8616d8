//! The map editor's JSON files (format versions 3 and 4) converted to our map files: they load and play, tunnels and
//! ferries come through, odd fields are noted, and what cannot be read is refused in words.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::{Value, json};
use ttrbot::maps::editor::{self, MAX_JSON_BYTES};
use ttrbot::maps::{self, BUILTIN};
use ttrbot::rules::{Game, Map};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/editor")
        .join(name)
}

fn fixture_text(name: &str) -> String {
    std::fs::read_to_string(fixture(name)).unwrap()
}

/// A file as the editor writes one, around `payload`.
fn editor_file(version: u64, payload: Value) -> String {
    json!({
        "format": "ticket-to-ride-map",
        "version": version,
        "kind": "map",
        "board": { "width": 1100, "height": 731 },
        "payload": payload,
    })
    .to_string()
}

/// A small playable payload: a ring of six stops named `names`, and nine tickets (three players' worth).
fn ring(names: [&str; 6]) -> Value {
    let stops: Vec<Value> = names
        .iter()
        .enumerate()
        .map(|(i, name)| json!({ "id": format!("s{i}"), "name": name, "x": 100 + 150 * i, "y": 200 + 60 * (i % 2) }))
        .collect();
    let routes: Vec<Value> = (0..6)
        .map(|i| {
            json!({ "id": format!("r{i}"), "a": format!("s{i}"), "b": format!("s{}", (i + 1) % 6), "length": 2,
                         "type": "city", "color": "red" })
        })
        .collect();
    let tickets: Vec<Value> = [(0, 2), (0, 3), (0, 4), (1, 3), (1, 4), (1, 5), (2, 4), (2, 5), (3, 5)]
        .iter()
        .map(|(a, b)| json!({ "a": format!("s{a}"), "b": format!("s{b}"), "points": 5 }))
        .collect();
    json!({ "name": "Ring", "stops": stops, "routes": routes, "tickets": tickets })
}

fn converted(json: &str) -> (Map, Vec<String>, String) {
    let c = editor::convert(json).unwrap_or_else(|e| panic!("refused: {e}"));
    let map = maps::parse("converted.toml", &c.toml).unwrap_or_else(|e| panic!("{e}\n{}", c.toml));
    (map, c.notes, c.toml)
}

fn has_note(notes: &[String], words: &str) -> bool {
    notes.iter().any(|n| n.contains(words))
}

struct Expected {
    file: &'static str,
    id: &'static str,
    board: (u32, u32),
    cities: usize,
    routes: usize,
    tickets: usize,
    tunnels: usize,
    ferries: usize,
    players: (u8, u8),
    trains: u8,
    notes: &'static [&'static str],
}

#[test]
fn each_fixture_converts_loads_and_starts_a_game() {
    let expected = [
        Expected {
            file: "lakeside-v3.json",
            id: "lakeside-lines",
            board: (1100, 731),
            cities: 9,
            routes: 13,
            tickets: 12,
            tunnels: 0,
            ferries: 0,
            players: (2, 4),
            trains: 45,
            notes: &[
                "the USA base game's rules",
                "12 ticket(s) deal 3 each to at most 4 players",
            ],
        },
        Expected {
            file: "fjord-v4.json",
            id: "fjord-crossing",
            board: (731, 1100),
            cities: 6,
            routes: 9,
            tickets: 14,
            tunnels: 2,
            ferries: 2,
            players: (2, 3),
            trains: 30,
            notes: &[
                "Europe's rules",
                "\"Lonely Stop\"",
                "\"Depot\"",
                "pre-built route(s) of type \"Existing railway\"",
                "1 ticket(s) between the same cities as an earlier ticket merged",
                "2 ticket(s) of the map's other decks left out",
                "ticket t16 names a stop not on the board",
                "the rules text",
            ],
        },
    ];
    for e in expected {
        let (map, notes, _) = converted(&fixture_text(e.file));
        assert_eq!(map.id, e.id, "{}", e.file);
        assert_eq!((map.width, map.height), e.board, "{}", e.file);
        assert_eq!(map.cities.len(), e.cities, "{}", e.file);
        assert_eq!(map.routes.len(), e.routes, "{}", e.file);
        assert_eq!(map.tickets.len(), e.tickets, "{}", e.file);
        assert_eq!(map.routes.iter().filter(|r| r.tunnel).count(), e.tunnels, "{}", e.file);
        assert_eq!(
            map.routes.iter().filter(|r| r.ferry > 0).count(),
            e.ferries,
            "{}",
            e.file
        );
        assert_eq!((map.rules.min_players, map.rules.max_players), e.players, "{}", e.file);
        assert_eq!(map.rules.trains, e.trains, "{}", e.file);
        for words in e.notes {
            assert!(
                has_note(&notes, words),
                "{}: no note says {words:?}: {notes:#?}",
                e.file
            );
        }
        let map = Arc::new(map);
        for players in 2..=usize::from(map.rules.max_players) {
            Game::new(Arc::clone(&map), players, 7).unwrap_or_else(|e| panic!("{players} players: {e:?}"));
        }
    }
}

#[test]
fn tunnels_ferries_colours_and_long_tickets_come_through() {
    let (map, _, _) = converted(&fixture_text("fjord-v4.json"));
    let route = |a: &str, b: &str| {
        map.routes
            .iter()
            .find(|r| {
                let ends = [map.city(r.a).name.as_str(), map.city(r.b).name.as_str()];
                ends == [a, b] || ends == [b, a]
            })
            .unwrap_or_else(|| panic!("no route {a}–{b}"))
    };
    assert!(route("Bergholm", "Tunnelby").tunnel);
    assert!(route("Tunnelby", "Øyhamn").tunnel);
    assert_eq!(route("Havn", "Sørby").ferry, 2);
    assert_eq!(route("Havn", "Øyhamn").ferry, 1);
    assert_eq!(route("Havn", "Øyhamn").color.map(|c| c.name()), Some("pink"));
    assert_eq!(route("Havn", "Sørby").color, None);
    assert!(!route("Nordvik", "Bergholm").tunnel);
    assert_eq!(map.tickets.iter().filter(|t| t.long).count(), 3);
    assert_eq!(
        (
            map.rules.tickets_dealt,
            map.rules.long_tickets_dealt,
            map.rules.tickets_keep
        ),
        (3, 1, 2)
    );
    assert_eq!(map.rules.stations, 3);
}

#[test]
fn the_rules_are_the_usa_or_europe_tables_but_for_what_the_map_sets() {
    let table = |toml: &str| -> toml::Table {
        let file: toml::Table = toml::from_str(toml).unwrap();
        file["rules"].as_table().unwrap().clone()
    };
    let builtin = |id: &str| table(BUILTIN.iter().find(|(m, _)| *m == id).unwrap().1);
    for (file, base, changed) in [
        ("lakeside-v3.json", "usa", &["players"][..]),
        ("fjord-v4.json", "europe", &["players", "trains"][..]),
    ] {
        let (_, _, toml) = converted(&fixture_text(file));
        let ours = table(&toml);
        let theirs = builtin(base);
        let keys = |t: &toml::Table| t.keys().cloned().collect::<Vec<_>>();
        assert_eq!(
            keys(&ours),
            keys(&theirs),
            "{file}: the rules' keys differ from {base}'s"
        );
        for (key, value) in &theirs {
            if key == "route_points" {
                // Ours lists every length from 1 to 8; each length the built-in map lists scores the same.
                for (len, points) in value.as_table().unwrap() {
                    assert_eq!(ours[key].get(len), Some(points), "{file}: route_points {len}");
                }
            } else if !changed.contains(&key.as_str()) {
                assert_eq!(&ours[key], value, "{file}: {key} differs from {base}'s");
            }
        }
    }
}

#[test]
fn unknown_fields_are_noted_and_do_not_refuse_the_file() {
    let (_, notes, _) = converted(&fixture_text("fjord-v4.json"));
    for words in [
        "unknown field `exportedBy` ignored",
        "unknown field `weather` of the payload ignored",
        "unknown field `speed` on a route ignored",
        "unknown field `population` on a stop ignored",
    ] {
        assert!(has_note(&notes, words), "no note says {words:?}: {notes:#?}");
    }
}

#[test]
fn a_city_name_with_quotes_backslashes_and_accents_round_trips() {
    let names = [
        "Pier \"9\"",
        r"Back\slash",
        "Café é",
        "It's \"both\" \\",
        "O'Brien's",
        "Ünïcödé 東京",
    ];
    let (map, _, _) = converted(&editor_file(3, ring(names)));
    let read: Vec<&str> = map.cities.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(read, names);
}

#[test]
fn what_cannot_be_read_is_refused_in_words() {
    let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
    let deep_inside = editor_file(3, json!({ "name": "x" })).replace("\"x\"", &deep);
    let padded = editor_file(3, json!({ "name": "x".repeat(600 * 1024) }));
    let mut long_route = ring(["A", "B", "C", "D", "E", "F"]);
    long_route["routes"][0]["length"] = json!(9);
    let mut to_nowhere = ring(["A", "B", "C", "D", "E", "F"]);
    to_nowhere["routes"][2]["b"] = json!("nowhere");
    let mut nameless = ring(["A", "B", "C", "D", "E", "F"]);
    nameless["stops"][3].as_object_mut().unwrap().remove("name");
    let crowded = editor_file(3, json!({ "stops": vec![json!({}); 10_001] }));
    let cases: [(&str, String, &str); 12] = [
        (
            "a newer format version",
            editor_file(5, ring(["A", "B", "C", "D", "E", "F"])),
            "format version 5 is newer than this bot reads (3 and 4)",
        ),
        (
            "an older format version",
            editor_file(2, ring(["A", "B", "C", "D", "E", "F"])),
            "format version 2 is older than this bot reads (3 and 4)",
        ),
        (
            "text that is not JSON",
            "{\n  \"format\": \"ticket-to-ride-map\",\n  oops\n}".into(),
            "not JSON",
        ),
        ("nesting past 128 levels", deep, "nests more than 128 levels"),
        (
            "nesting past 128 levels inside a map",
            deep_inside,
            "nests more than 128 levels",
        ),
        ("a file over 512 KB", padded, "read up to 512 KB"),
        (
            "JSON of another program",
            r#"{"cities": []}"#.into(),
            "not a map file of the ticket-to-ride-map editor",
        ),
        (
            "a tickets file",
            editor_file(3, json!({})).replace("\"map\"", "\"tickets\""),
            "a tickets file",
        ),
        (
            "a route too long to score",
            editor_file(3, long_route),
            "is 9 spaces long",
        ),
        (
            "a route to a stop the file lacks",
            editor_file(3, to_nowhere),
            "`payload.routes[2].b` names stop",
        ),
        (
            "a stop without its name",
            editor_file(4, nameless),
            "`payload.stops[3].name` is missing",
        ),
        (
            "ten thousand and one stops",
            crowded,
            "`payload.stops` holds 10001 entries",
        ),
    ];
    for (name, json, words) in cases {
        let e = editor::convert(&json).expect_err(name);
        assert!(e.to_string().contains(words), "{name}: {e}");
    }
    let e = editor::convert("{\n  \"format\": \"ticket-to-ride-map\",\n  oops\n}").unwrap_err();
    assert_eq!(e.at, Some((3, 3)), "not JSON: {e}");
    assert!(e.to_string().starts_with("line 3, column 3: not JSON: "), "{e}");
}

#[test]
fn a_file_is_read_from_disk_and_one_too_large_is_refused_unread() {
    let (toml, notes) = editor::convert_file(&fixture("lakeside-v3.json")).unwrap();
    assert!(maps::parse("lakeside.toml", &toml).is_ok());
    assert!(!notes.is_empty());
    let big = std::env::temp_dir().join(format!("ttrbot-editor-{}.json", std::process::id()));
    std::fs::write(&big, " ".repeat(MAX_JSON_BYTES + 1)).unwrap();
    let refused = editor::convert_file(&big);
    std::fs::remove_file(&big).unwrap();
    let e = refused.unwrap_err();
    assert!(e.contains("ttrbot-editor-") && e.contains("read up to 512 KB"), "{e}");
}
