//! The board as SVG: well-formed, every route and city in its titled group, the cars where the PNG draws them, names
//! escaped, and nothing hidden reaching the pieces.

use crate::common;
use ttrbot::maps::{self, BUILTIN};
use ttrbot::render::{self, car_quads, claimed_car, player_rgba};
use ttrbot::rules::{CityId, Map, RouteId};
use ttrbot::text::{self, Lang};

use crate::render::{names, played};

/// Whether `xml` is well-formed enough for a browser's XML parser: tags balanced and closed in order, attribute
/// values quoted, no `<` outside a tag, every `&` an entity. Returns what is wrong.
fn well_formed(xml: &str) -> Result<(), String> {
    let mut open: Vec<&str> = Vec::new();
    let mut rest = xml;
    let check_text = |text: &str| -> Result<(), String> {
        for (i, _) in text.match_indices('&') {
            let entity = &text[i..text[i..].find(';').map_or(text.len(), |e| i + e + 1)];
            if !["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].contains(&entity) {
                return Err(format!("a bare & in {text:?}"));
            }
        }
        if text.contains('>') {
            return Err(format!("a > outside a tag in {text:?}"));
        }
        Ok(())
    };
    while let Some(start) = rest.find('<') {
        check_text(&rest[..start])?;
        let end = rest[start..].find('>').ok_or("a tag never closed")? + start;
        let tag = &rest[start + 1..end];
        if tag.contains('<') {
            return Err(format!("a < inside the tag {tag:?}"));
        }
        if let Some(name) = tag.strip_prefix('/') {
            match open.pop() {
                Some(top) if top == name => {}
                other => return Err(format!("</{name}> closes {other:?}")),
            }
        } else {
            let name = tag.split([' ', '/']).next().unwrap_or("");
            if name.is_empty() {
                return Err(format!("a tag without a name: {tag:?}"));
            }
            // Attributes: name="value" pairs, the values free of quotes.
            let attributes = tag[name.len()..].trim_end_matches('/');
            let quotes = attributes.matches('"').count();
            if attributes.matches('=').count() * 2 != quotes {
                return Err(format!("attributes not quoted pairs: {tag:?}"));
            }
            for value in attributes.split('"').skip(1).step_by(2) {
                check_text(value)?;
            }
            if !tag.ends_with('/') {
                open.push(name);
            }
        }
        rest = &rest[end + 1..];
    }
    check_text(rest)?;
    if !open.is_empty() {
        return Err(format!("never closed: {open:?}"));
    }
    Ok(())
}

/// The content of the one element that starts with `start` (up to its closing `</g>`, groups not nested).
fn group<'a>(svg: &'a str, start: &str) -> Option<&'a str> {
    let at = svg.find(start)? + start.len();
    let end = svg[at..].find("</g>")? + at;
    Some(&svg[at..end])
}

/// The page's board: the map with the pieces in their place.
fn page(base: &str, pieces: &str) -> String {
    base.replace("<g id=\"pieces\"></g>", &format!("<g id=\"pieces\">{pieces}</g>"))
}

#[test]
fn the_svg_checker_refuses_what_a_parser_refuses() {
    assert!(well_formed("<svg a=\"1\"><g><path d=\"M0 0Z\"/></g><text>a &amp; b</text></svg>").is_ok());
    for bad in [
        "<svg><g></svg>",
        "<svg>",
        "<svg><text>a & b</text></svg>",
        "<svg><text><script></text></svg>",
        "<svg a=\"1><g/></svg>",
        "<svg>a > b</svg>",
    ] {
        assert!(well_formed(bad).is_err(), "{bad}");
    }
}

#[test]
fn every_maps_svg_is_well_formed_with_each_route_and_city_in_its_titled_group() {
    for (id, _) in BUILTIN {
        let map = maps::builtin(id).unwrap();
        let players = usize::from(map.rules.max_players);
        let game = played(id, players, 250, 3);
        for lang in [Lang::En, Lang::Es] {
            let base = render::base_svg(lang, &map);
            assert!(base.starts_with(&format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\"",
                map.width, map.height
            )));
            assert_eq!(base.matches("<g id=\"pieces\"></g>").count(), 1, "{id}");
            let pieces = render::pieces_svg(&map, &game.public_view(), &names(players));
            let whole = page(&base, &pieces);
            well_formed(&whole).unwrap_or_else(|e| panic!("{id} {lang:?}: {e}"));
            // The pieces come last, over the names, as in the PNG.
            assert!(base.ends_with("<g id=\"pieces\"></g></svg>"), "{id}");
            for i in 0..map.routes.len() {
                let start = format!("<g class=\"route\" data-route=\"{i}\">");
                assert_eq!(base.matches(&start).count(), 1, "{id}: route {i}");
                let title = text::route(lang, &map, RouteId(i as u16));
                let content = group(&base, &start).unwrap();
                assert!(
                    content.starts_with(&format!("<title>{title}</title>")),
                    "{id}: {content}"
                );
                assert!(
                    content.contains("<path") || content.contains("<circle"),
                    "{id}: route {i} drawn"
                );
            }
            for (i, city) in map.cities.iter().enumerate() {
                let start = format!("<g class=\"city\" data-city=\"{i}\">");
                assert_eq!(base.matches(&start).count(), 1, "{id}: city {i}");
                let content = group(&base, &start).unwrap();
                assert!(
                    content.starts_with(&format!("<title>{}</title>", city.name)),
                    "{id}: {content}"
                );
                let name = group(&base, &format!("<g class=\"name\" data-city=\"{i}\">")).unwrap();
                assert!(name.contains("</text>"), "{id}: city {i}'s name");
            }
        }
    }
}

/// The points of every `<path d="M…Z" fill="{fill}"/>` in `svg`.
fn paths_filled(svg: &str, fill: &str) -> Vec<Vec<(f32, f32)>> {
    svg.split("<path d=\"M")
        .skip(1)
        .filter(|p| p.split("/>").next().unwrap().ends_with(&format!("fill=\"{fill}\"")))
        .map(|p| {
            let numbers: Vec<f32> = p[..p.find('Z').unwrap()]
                .split(' ')
                .map(|n| n.parse().unwrap())
                .collect();
            numbers.chunks(2).map(|xy| (xy[0], xy[1])).collect()
        })
        .collect()
}

#[test]
fn a_claimed_routes_cars_in_the_svg_are_the_cars_the_png_is_drawn_from() {
    for (id, _) in BUILTIN {
        let players = 4.min(usize::from(maps::builtin(id).unwrap().rules.max_players));
        let game = played(id, players, 300, 11);
        let (map, view) = (game.map(), game.public_view());
        let players = names(players);
        let svg = render::pieces_svg(map, &view, &players);
        let png = render::board_in_png(Lang::En, map, &view, &players);
        let img = image::load_from_memory(&png).unwrap().to_rgba8();
        let mut checked = 0;
        for (i, owner) in view.owners.iter().enumerate() {
            let Some(seat) = owner else { continue };
            let route = RouteId(i as u16);
            let start = format!(
                "<g class=\"claimed\" data-route=\"{i}\" data-seat=\"{}\">",
                seat.index()
            );
            let content = group(&svg, &start).unwrap_or_else(|| panic!("{id}: route {i} has no group"));
            let color = player_rgba(players[seat.index()].color);
            let fill = format!("#{:02x}{:02x}{:02x}", color[0], color[1], color[2]);
            let drawn = paths_filled(content, &fill);
            let cars: Vec<Vec<(f32, f32)>> = car_quads(map, route).iter().map(claimed_car).collect();
            assert_eq!(drawn.len(), cars.len(), "{id}: route {i}'s cars");
            for (svg_car, car) in drawn.iter().zip(&cars) {
                assert_eq!(svg_car.len(), car.len());
                for (a, b) in svg_car.iter().zip(car) {
                    // One decimal: within half a tenth.
                    assert!(
                        (a.0 - b.0).abs() <= 0.051 && (a.1 - b.1).abs() <= 0.051,
                        "{id}: {a:?} vs {b:?}"
                    );
                }
            }
            // The PNG, at the first car's body, shows the player's colour (unless a crossing route's car lies on it).
            let spot = render::body_spot(&cars[0]);
            let covered = view.owners.iter().enumerate().any(|(j, o)| {
                j != i
                    && o.is_some()
                    && car_quads(map, RouteId(j as u16)).iter().any(|q| {
                        let grown = render::labels::grown(&claimed_car(q), 3.0);
                        render::labels::box_meets_polygon(
                            &[spot.0 - 0.5, spot.1 - 0.5, spot.0 + 0.5, spot.1 + 0.5],
                            &grown,
                        )
                    })
            });
            if !covered {
                assert_eq!(*img.get_pixel(spot.0 as u32, spot.1 as u32), color, "{id}: route {i}");
                checked += 1;
            }
        }
        assert!(checked > 10, "{id}: only {checked} cars checked");
    }
}

#[test]
fn a_hostile_city_name_comes_out_escaped() {
    let mut map: Map = (*maps::builtin(BUILTIN[0].0).unwrap()).clone();
    map.id = "hostile".into();
    let hostile = "<script>&\"'";
    map.cities[0].name = hostile.into();
    let svg = render::base_svg(Lang::En, &map);
    well_formed(&svg).unwrap();
    assert!(!svg.contains("<script>"));
    let escaped = "&lt;script&gt;&amp;&quot;&apos;";
    let city = group(&svg, "<g class=\"city\" data-city=\"0\">").unwrap();
    assert_eq!(city.split("</title>").next().unwrap(), format!("<title>{escaped}"));
    let name = group(&svg, "<g class=\"name\" data-city=\"0\">").unwrap();
    assert!(name.contains(&format!(">{escaped}</text>")), "{name}");
    // Its routes' titles name it too.
    let route = map
        .routes
        .iter()
        .position(|r| r.a == CityId(0) || r.b == CityId(0))
        .unwrap();
    let title = group(&svg, &format!("<g class=\"route\" data-route=\"{route}\">")).unwrap();
    assert!(title.contains(escaped), "{title}");
}

#[test]
fn the_pieces_of_two_games_differing_only_in_hidden_cards_and_tickets_are_the_same_svg() {
    // The position `hidden_cards_and_tickets_cannot_change_the_picture` swaps the hidden cards of.
    let game = played("europe", 3, 120, 2);
    let hidden = common::with_hidden_swapped(&game);
    assert!(
        game.public_view().owners.iter().any(Option::is_some),
        "something is claimed"
    );
    let a = render::pieces_svg(game.map(), &game.public_view(), &names(3));
    let b = render::pieces_svg(hidden.map(), &hidden.public_view(), &names(3));
    assert_eq!(a, b, "the pieces changed with a hidden card");
}

#[test]
fn a_mid_game_europe_page_stays_small() {
    // The web page's target is 150 KB compressed in all; the SVG is most of it, and compresses to a fraction.
    let game = played("europe", 5, 250, 3);
    let base = render::base_svg(Lang::En, game.map());
    let pieces = render::pieces_svg(game.map(), &game.public_view(), &names(5));
    if let Ok(dir) = std::env::var("TTRBOT_SVG_OUT") {
        std::fs::write(format!("{dir}/base.svg"), &base).unwrap();
        std::fs::write(format!("{dir}/pieces.svg"), &pieces).unwrap();
        std::fs::write(format!("{dir}/page.svg"), page(&base, &pieces)).unwrap();
    }
    assert!(
        base.len() + pieces.len() < 600 * 1024,
        "{} + {} bytes",
        base.len(),
        pieces.len()
    );
}
