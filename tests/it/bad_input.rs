//! Bad input by the thousand: valid positions, score files and map files, mutated at random, must each be refused
//! with a one-line reason or accepted and then play on without breaking an invariant. Runs in the debug build, where
//! an overflowing counter panics, so a position that could make one wrap is caught here.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::Arc;

use serde_json::Value;
use ttrbot::maps::{self, BUILTIN, Limits, Severity};
use ttrbot::rules::{Game, GameRng, Map};
use ttrbot::text::{self, Lang};

/// Mutated replay positions.
const POSITIONS: usize = 3000;
/// Mutated score files.
const SCORE_FILES: usize = 1500;
/// Mutated map files.
const MAP_FILES: usize = 1500;
/// Random texts and byte strings given to the map check.
const RANDOM_MAP_TEXTS: usize = 3000;
/// Random actions played on an accepted position, checking every invariant.
const PLAY_ON: usize = 60;

/// Values that break counters and indexes: zero, one, the edges of u8, u16 and u32, negatives, huge.
const EDGE_NUMBERS: [i64; 11] = [0, 1, 2, 5, 254, 255, 256, 65_535, 4_294_967_295, -1, 1 << 40];

/// A random mutation of one place in a JSON value.
fn mutate_json(value: &mut Value, rng: &mut GameRng, words: &[String]) {
    // Pick a random node by walking down (reading only), then change it through its JSON pointer. Half the time
    // the walk starts at the position itself (or one of its seats), where the counters and decisions live.
    let mut pointer = String::new();
    if value.get("position").is_some() && rng.below(2) == 0 {
        pointer = "/position".into();
        let seats = value["position"]["seats"].as_array().map_or(0, Vec::len);
        if seats > 0 && rng.below(2) == 0 {
            pointer = format!("/position/seats/{}", rng.below(seats));
        }
    }
    let mut at: &Value = value.pointer(&pointer).expect("the position is there");
    let depth = if pointer.is_empty() { rng.below(8) } else { rng.below(2) };
    for _ in 0..depth {
        let step = match at {
            Value::Object(map) if !map.is_empty() => {
                let (key, next) = map.iter().nth(rng.below(map.len())).unwrap();
                Some((key.replace('~', "~0").replace('/', "~1"), next))
            }
            Value::Array(items) if !items.is_empty() => {
                let i = rng.below(items.len());
                Some((i.to_string(), &items[i]))
            }
            _ => None,
        };
        match step {
            Some((key, next)) => {
                pointer = format!("{pointer}/{key}");
                at = next;
            }
            None => break,
        }
    }
    let node = value.pointer_mut(&pointer).expect("the pointer was just walked");
    let word = || words[0].clone();
    match rng.below(9) {
        0 => *node = Value::from(EDGE_NUMBERS[rng.below(EDGE_NUMBERS.len())]),
        1 => *node = Value::from(words[rng.below(words.len())].clone()),
        2 => *node = Value::Null,
        3 => {
            if let Value::Array(items) = node
                && !items.is_empty()
            {
                let i = rng.below(items.len());
                let copy = items[i].clone();
                for _ in 0..=rng.below(300) {
                    items.push(copy.clone());
                }
            }
        }
        4 => {
            if let Value::Array(items) = node
                && !items.is_empty()
            {
                items.remove(rng.below(items.len()));
            }
        }
        5 => {
            if let Value::Object(map) = node
                && !map.is_empty()
            {
                let key = map.keys().nth(rng.below(map.len())).cloned().unwrap();
                map.remove(&key);
            }
        }
        6 => *node = Value::from("x".repeat(rng.below(100_000))),
        7 => {
            if let Value::Object(map) = node {
                let pending = match rng.below(4) {
                    0 => serde_json::json!("second_card"),
                    1 => serde_json::json!({ "keep_tickets": [] }),
                    2 => serde_json::json!({ "tunnel": { "route": [word(), words[rng.below(words.len())]],
                        "laid": { "red": 2 }, "turned": ["red", "locomotive"], "extra": 2 } }),
                    _ => serde_json::json!({ "starting_tickets": [[], []] }),
                };
                map.insert("pending".into(), pending);
            }
        }
        _ => {
            if let Value::Object(map) = node {
                let key = ["final_round", "passes", "over", "current", "trains", "stations"][rng.below(6)];
                let value = match key {
                    "final_round" => serde_json::json!({ "turns_left": EDGE_NUMBERS[rng.below(4)] }),
                    "over" => Value::Bool(true),
                    _ => Value::from(EDGE_NUMBERS[rng.below(EDGE_NUMBERS.len())]),
                };
                map.insert(key.into(), value);
            }
        }
    }
}

/// Names worth planting: cities of every map (from another map too), cards, and junk.
fn words() -> Vec<String> {
    let mut words: Vec<String> = [
        "red",
        "locomotive",
        "bicycle",
        "purple",
        "gray",
        "",
        "Atlantis",
        "ZURICH",
    ]
    .map(String::from)
    .to_vec();
    for (id, _) in BUILTIN {
        let map = maps::builtin(id).unwrap();
        words.extend(map.cities.iter().step_by(7).map(|c| c.name.clone()));
    }
    words
}

/// Runs `f`, failing the test with `what` if it panics.
fn no_panic<T>(what: &str, f: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| panic!("panicked on {what}"))
}

/// A refusal's reason: one line, not empty, short whatever the input held.
fn check_reason(reason: &str, what: &str) {
    assert!(!reason.trim().is_empty(), "{what}: an empty reason");
    assert!(!reason.contains('\n'), "{what}: a reason of several lines: {reason}");
    assert!(
        reason.len() < 2_000,
        "{what}: a reason of {} bytes: {}…",
        reason.len(),
        reason.chars().take(300).collect::<String>()
    );
}

/// Plays random legal actions on an accepted game, checking every invariant after each.
fn play_on(mut game: Game, rng: &mut GameRng, what: &str) {
    game.check_invariants()
        .unwrap_or_else(|e| panic!("{what}: accepted but broken: {e}"));
    let mut legal = Vec::new();
    for _ in 0..PLAY_ON {
        if game.is_over() {
            break;
        }
        let seat = game.to_act()[0];
        game.legal_actions(seat, &mut legal);
        assert!(!legal.is_empty(), "{what}: seat {} must act but cannot", seat.0);
        let action = legal[rng.below(legal.len())];
        game.apply(seat, action)
            .unwrap_or_else(|e| panic!("{what}: legal {action:?} refused: {e}"));
        game.check_invariants()
            .unwrap_or_else(|e| panic!("{what}: after {action:?}: {e}"));
    }
}

/// Valid replay scripts to start from: the fixtures, and positions from random games on every map.
fn seed_scripts() -> Vec<Value> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/replay");
    let mut scripts: Vec<Value> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| !p.to_string_lossy().ends_with(".expected.json"))
        .map(|p| serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap())
        .collect();
    for (id, _) in BUILTIN {
        let map = maps::builtin(id).unwrap();
        for seed in 0..4u64 {
            let players = usize::from(map.rules.max_players).min(3);
            let mut game = Game::new(map.clone(), players, seed).unwrap();
            let mut chooser = GameRng::new(seed);
            ttrbot::sim::play_random_actions(&mut game, 1 + chooser.below(150), &mut chooser);
            scripts.push(serde_json::json!({
                "map": id,
                "players": (0..players).map(|i| format!("P{i}")).collect::<Vec<_>>(),
                "seed": game.rng_state(),
                "position": game.to_position(),
            }));
        }
    }
    scripts
}

#[test]
fn mutated_positions_are_refused_with_a_reason_or_play_on_soundly() {
    let seeds = seed_scripts();
    let words = words();
    let mut rng = GameRng::new(2026);
    let (mut accepted, mut refused) = (0, 0);
    for i in 0..POSITIONS {
        let mut script = seeds[i % seeds.len()].clone();
        for _ in 0..=rng.below(3) {
            mutate_json(&mut script, &mut rng, &words);
        }
        let text = script.to_string();
        let what = format!("position mutation {i}");
        match no_panic(&what, || ttrbot::replay::play(&text)) {
            Ok((_, game, _)) => {
                accepted += 1;
                no_panic(&what, || play_on(game, &mut rng, &what));
            }
            Err(reason) => {
                refused += 1;
                check_reason(&reason, &what);
            }
        }
    }
    assert!(
        accepted > 100 && refused > 1000,
        "{accepted} accepted, {refused} refused"
    );
}

#[test]
fn mutated_score_files_are_refused_with_a_reason_or_scored() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/score");
    let seeds: Vec<Value> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap())
        .collect();
    let words = words();
    let mut rng = GameRng::new(77);
    let (mut accepted, mut refused) = (0, 0);
    for i in 0..SCORE_FILES {
        let mut file = seeds[i % seeds.len()].clone();
        for _ in 0..=rng.below(3) {
            mutate_json(&mut file, &mut rng, &words);
        }
        let text = file.to_string();
        let what = format!("score mutation {i}");
        match no_panic(&what, || ttrbot::cli::score::score(&text)) {
            Ok(out) => {
                accepted += 1;
                assert!(out.contains("\"ranking\""), "{what}: {out}");
            }
            Err(reason) => {
                refused += 1;
                check_reason(&reason, &what);
            }
        }
    }
    assert!(accepted > 50 && refused > 500, "{accepted} accepted, {refused} refused");
}

/// A random change to one line of a map file.
fn mutate_map_text(text: &str, rng: &mut GameRng, words: &[String]) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    if lines.is_empty() {
        return String::new();
    }
    let i = rng.below(lines.len());
    match rng.below(6) {
        0 => {
            lines.remove(i);
        }
        1 => {
            let copy = lines[i].clone();
            lines.insert(i, copy);
        }
        2 => {
            // A number on the line becomes an edge value.
            let line = &lines[i];
            if let Some(start) = line.find(|c: char| c.is_ascii_digit()) {
                let end = line[start..]
                    .find(|c: char| !c.is_ascii_digit())
                    .map_or(line.len(), |e| start + e);
                let n = EDGE_NUMBERS[rng.below(EDGE_NUMBERS.len())];
                lines[i] = format!("{}{n}{}", &line[..start], &line[end..]);
            }
        }
        3 => {
            // A quoted name becomes another name, or the same name shouted.
            let line = &lines[i];
            if let Some(start) = line.find('"') {
                let end = line[start + 1..].find('"').map_or(line.len(), |e| start + 1 + e);
                let name = if rng.below(2) == 0 {
                    words[rng.below(words.len())].clone()
                } else {
                    line[start + 1..end].to_uppercase()
                };
                lines[i] = format!("{}\"{name}{}", &line[..start], &line[end.min(line.len())..]);
            }
        }
        4 => lines.truncate(i),
        _ => {
            let j = rng.below(lines.len());
            lines.swap(i, j);
        }
    }
    lines.join("\n")
}

#[test]
fn mutated_map_files_are_refused_with_file_line_and_reason_or_play() {
    let words = words();
    let mut rng = GameRng::new(5);
    let (mut accepted, mut refused) = (0, 0);
    for i in 0..MAP_FILES {
        let (id, text) = BUILTIN[i % BUILTIN.len()];
        let mut text = text.to_string();
        for _ in 0..=rng.below(2) {
            text = mutate_map_text(&text, &mut rng, &words);
        }
        let what = format!("map mutation {i} of {id}");
        check_every_problem(&text, &what);
        match no_panic(&what, || maps::parse("fuzz.toml", &text)) {
            Ok(map) => {
                accepted += 1;
                let map: Arc<Map> = Arc::new(map);
                let players = usize::from(map.rules.max_players);
                if let Ok(game) = no_panic(&what, || Game::new(map.clone(), players, i as u64)) {
                    no_panic(&what, || play_on(game, &mut rng, &what));
                }
            }
            Err(e) => {
                refused += 1;
                let line = e.to_string();
                assert!(line.starts_with("fuzz.toml"), "{what}: {line}");
                check_reason(&line, &what);
            }
        }
    }
    assert!(
        accepted > 100 && refused > 300,
        "{accepted} accepted, {refused} refused"
    );
}

/// Checks a text under both limits: no panic, a map exactly when nothing refuses it, and every problem on a line of
/// the text (or none), worded on one line in both languages.
fn check_every_problem(text: &str, what: &str) {
    let lines = text.lines().count().max(1);
    for limits in [Limits::UPLOAD, Limits::FILE] {
        let checked = no_panic(what, || maps::check("fuzz.toml", text, &limits));
        assert_eq!(
            checked.map.is_some(),
            !checked.refused(),
            "{what}: {:?}",
            checked.problems
        );
        assert!(
            checked.map.is_some() || checked.problems.iter().any(|p| p.severity == Severity::Refusal),
            "{what}: no map and no reason"
        );
        for p in &checked.problems {
            assert!(
                p.line.is_none_or(|l| (1..=lines + 1).contains(&l)),
                "{what}: {p:?} on no line of the text"
            );
            for lang in [Lang::En, Lang::Es] {
                check_reason(&no_panic(what, || text::map_problem(lang, p)), what);
            }
        }
    }
}

/// A random text of TOML's pieces, map words and junk: what a careless or hostile upload could hold.
fn random_map_text(rng: &mut GameRng, words: &[String]) -> String {
    const PIECES: [&str; 36] = [
        "[", "]", "{", "}", "=", ",", ".", "\"", "'", "\"\"\"", "'''", "\n", " ", "#", "\\", "[[", "]]", "id", "name",
        "board", "cities", "routes", "tickets", "rules", "x", "y", "len", "color", "points", "a", "b", "nan", "inf",
        "-1", "1e39", "\u{202E}",
    ];
    let mut text = String::new();
    for _ in 0..rng.below(400) {
        match rng.below(8) {
            0 => text.push_str(&words[rng.below(words.len())]),
            1 => text.push_str(&EDGE_NUMBERS[rng.below(EDGE_NUMBERS.len())].to_string()),
            2 => text.push(char::from_u32(rng.below(0x3000) as u32).unwrap_or('?')),
            _ => text.push_str(PIECES[rng.below(PIECES.len())]),
        }
    }
    text
}

#[test]
fn random_texts_and_bytes_never_make_the_map_check_panic() {
    let words = words();
    let mut rng = GameRng::new(59);
    // A real map's first lines, which the reader gets through before the junk after them.
    let start: String = BUILTIN[0].1.lines().take(60).map(|l| format!("{l}\n")).collect();
    for i in 0..RANDOM_MAP_TEXTS {
        let what = format!("random map text {i}");
        let text = match i % 3 {
            0 => random_map_text(&mut rng, &words),
            1 => format!("{start}{}", random_map_text(&mut rng, &words)),
            // Random bytes, mostly not UTF-8.
            _ => {
                let bytes: Vec<u8> = (0..rng.below(300)).map(|_| rng.below(256) as u8).collect();
                let checked = no_panic(&what, || maps::check_bytes("fuzz.toml", &bytes, &Limits::UPLOAD));
                assert_eq!(checked.map.is_some(), !checked.refused(), "{what}");
                continue;
            }
        };
        check_every_problem(&text, &what);
    }
}
