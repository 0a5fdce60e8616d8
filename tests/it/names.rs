//! What players type, read as the bot will read it: routes and cities by name, ranked autocomplete, typed errors.

use crate::common::map;
use ttrbot::rules::names::{self, NameError};
use ttrbot::rules::{Color, Map, RouteId};
use ttrbot::text::{self, Lang};

fn route_name(map: &Map, id: RouteId) -> String {
    let r = map.route(id);
    let color = r.color.map_or("gray", Color::name);
    format!("{}-{} {color}", map.city(r.a).name, map.city(r.b).name)
}

#[test]
fn routes_are_read_however_players_type_them() {
    // (map, typed, the tracks it must mean)
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "usa",
            "Denver - Kansas City",
            &["Denver-Kansas City black", "Denver-Kansas City orange"],
        ),
        ("usa", "Denver-Kansas City black", &["Denver-Kansas City black"]),
        (
            "usa",
            "denver – kansas city (4, orange)",
            &["Denver-Kansas City orange"],
        ),
        ("usa", "DENVER to OMAHA", &["Denver-Omaha pink"]),
        ("usa", "Omaha - Denver", &["Denver-Omaha pink"]),
        ("usa", "  omaha   -   denver  pink ", &["Denver-Omaha pink"]),
        ("usa", "st louis - chicago white", &["Chicago-Saint Louis white"]),
        ("usa", "duluth - sault st marie", &["Duluth-Sault St. Marie gray"]),
        (
            "usa",
            "Duluth - Sault Saint Marie grey",
            &["Duluth-Sault St. Marie gray"],
        ),
        (
            "switzerland",
            "La Chaux-de-Fonds - Neuchatel",
            &["La Chaux-de-Fonds-Neuchâtel orange"],
        ),
        (
            "switzerland",
            "la chaux-de-fonds-neuchâtel",
            &["La Chaux-de-Fonds-Neuchâtel orange"],
        ),
        (
            "switzerland",
            "ST. GALLEN - KREUZLINGEN",
            &["Kreuzlingen-St. Gallen green"],
        ),
    ];
    for (map_id, typed, expected) in cases {
        let map = map(map_id);
        let parsed = names::parse_route(&map, typed).unwrap_or_else(|e| panic!("{typed}: {e}"));
        let got: Vec<String> = parsed.tracks.iter().map(|&r| route_name(&map, r)).collect();
        assert_eq!(&got, expected, "{typed}");
    }
}

#[test]
fn a_route_that_cannot_be_read_says_why_as_data() {
    let usa = map("usa");
    let denver = usa.find_city("Denver").unwrap();
    match names::parse_route(&usa, "Denvr - Omaha") {
        Err(NameError::UnknownCity { typed, close }) => {
            assert_eq!(typed, "Denvr");
            assert_eq!(close.first(), Some(&denver));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(names::parse_route(&usa, "   "), Err(NameError::Empty));
    assert!(matches!(
        names::parse_route(&usa, "Denver"),
        Err(NameError::NotARoute { .. })
    ));
    assert!(matches!(
        names::parse_route(&usa, "Denver - Miami"),
        Err(NameError::NoSuchRoute { color: None, .. })
    ));
    assert!(matches!(
        names::parse_route(&usa, "Denver - Omaha red"),
        Err(NameError::NoSuchRoute {
            color: Some(Some(Color::Red)),
            ..
        })
    ));
    // Nothing typed is echoed back whole.
    let long = format!("{} - Omaha", "x".repeat(10_000));
    let err = names::parse_route(&usa, &long).unwrap_err();
    assert!(text::name_error(Lang::En, &usa, &err).len() < 200);
}

#[test]
fn name_errors_read_as_sentences_with_suggestions() {
    let usa = map("usa");
    let err = names::parse_route(&usa, "Denvr - Omaha").unwrap_err();
    assert_eq!(
        text::name_error(Lang::En, &usa, &err),
        "There is no city called “Denvr” on USA. Did you mean Denver?"
    );
    let err = names::parse_route(&usa, "Denver - Miami").unwrap_err();
    assert_eq!(
        text::name_error(Lang::En, &usa, &err),
        "No route joins Denver and Miami."
    );
    let err = names::parse_route(&usa, "Denver").unwrap_err();
    assert_eq!(
        text::name_error(Lang::En, &usa, &err),
        "“Denver” does not name a route: give its two cities like “Atlanta - Charleston”."
    );
}

#[test]
fn city_search_ranks_whole_names_then_starts_then_words() {
    let usa = map("usa");
    let found = |typed: &str| -> Vec<String> {
        names::search_cities(&usa, typed)
            .into_iter()
            .map(|c| usa.city(c).name.clone())
            .collect()
    };
    assert_eq!(found("san"), ["San Francisco", "Santa Fe"]);
    assert_eq!(found("city"), ["Kansas City", "Oklahoma City", "Salt Lake City"]);
    assert_eq!(found("NEW YORK"), ["New York"]);
    assert_eq!(found("montreal"), ["Montréal"]);
    assert_eq!(found("").len(), usa.cities.len());
    assert!(found("zzz").is_empty());
}

#[test]
fn route_search_finds_routes_by_either_end_and_narrows_as_players_type() {
    let usa = map("usa");
    let found = |typed: &str| -> Vec<String> {
        names::search_routes(&usa, typed)
            .into_iter()
            .map(|r| route_name(&usa, r))
            .collect()
    };
    let denver = found("denv");
    assert_eq!(denver.len(), 9, "{denver:?}");
    assert!(denver.iter().all(|r| r.contains("Denver")));
    assert_eq!(found("denver - o"), ["Denver-Oklahoma City red", "Denver-Omaha pink"]);
    assert_eq!(found("o - denver"), ["Denver-Oklahoma City red", "Denver-Omaha pink"]);
    assert_eq!(found("denver - kansas city orange"), ["Denver-Kansas City orange"]);
    assert_eq!(found("").len(), usa.routes.len());
    // The best match comes first: a city named exactly before cities that merely start with it.
    let york = found("new york");
    assert!(york.iter().all(|r| r.contains("New York")), "{york:?}");
}

/// Text a player could paste where a name is asked: pieces of real names, separators, colours, cards, markdown,
/// other scripts and whitespace, up to 6,000 characters (Discord's longest option).
fn noise(map: &Map, rng: &mut ttrbot::rules::GameRng) -> String {
    let pieces: Vec<String> = map
        .cities
        .iter()
        .flat_map(|c| [c.name.clone(), c.name.chars().take(3).collect(), c.name.to_uppercase()])
        .chain(
            [
                " - ",
                "-",
                " – ",
                "—",
                " to ",
                "to",
                " ",
                "   ",
                "\n",
                ".",
                "(",
                ")",
                "(4, red)",
                "red",
                "gray",
                "3 red + 1 locomotive",
                "+",
                ",",
                "x",
                "**",
                "`",
                "~~",
                "||",
                "<@1>",
                "São",
                "İ",
                "ß",
                "日本",
                "🚂",
                "\u{200b}",
                "\u{301}",
                "Saint",
                "St.",
                "0",
                "99999999999",
            ]
            .map(str::to_string),
        )
        .collect();
    let goal = match rng.below(4) {
        0 => rng.below(40),
        1 => rng.below(200),
        _ => 5_000 + rng.below(1_001),
    };
    let mut text = String::new();
    while text.chars().count() < goal {
        text.push_str(&pieces[rng.below(pieces.len())]);
    }
    text
}

#[test]
fn name_readers_take_any_text_up_to_six_thousand_characters_and_answer_briefly() {
    let mut rng = ttrbot::rules::GameRng::new(23);
    for map_id in ["usa", "europe", "switzerland", "india", "berlin"] {
        let map = map(map_id);
        for _ in 0..60 {
            let typed = noise(&map, &mut rng);
            let brief = |what: &str, said: String| {
                assert!(
                    said.chars().count() < 400,
                    "{what} of {} chars answered at length: {said}",
                    typed.len()
                );
            };
            match names::parse_route(&map, &typed) {
                Ok(found) => {
                    assert!(!found.tracks.is_empty());
                    for &t in &found.tracks {
                        let r = map.route(t);
                        assert!(
                            (r.a, r.b) == (found.a, found.b) || (r.a, r.b) == (found.b, found.a),
                            "{typed}"
                        );
                    }
                }
                Err(e) => brief("parse_route", text::name_error(Lang::En, &map, &e)),
            }
            if let Err(e) = names::find_city(&map, &typed) {
                brief("find_city", text::name_error(Lang::Es, &map, &e));
            }
            for lang in [Lang::En, Lang::Es] {
                if let Err(e) = text::parse_cards(lang, &map, &typed) {
                    brief("parse_cards", text::name_error(lang, &map, &e));
                }
            }
            assert!(names::search_routes(&map, &typed).len() <= map.routes.len());
            assert!(names::search_cities(&map, &typed).len() <= map.cities.len());
            let _ = names::parse_draw(&typed);
        }
    }
}
