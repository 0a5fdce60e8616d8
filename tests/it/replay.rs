//! Scripted positions: the fixtures under `tests/fixtures/replay/`, round trips of random positions, bad files.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use ttrbot::maps::{self, BUILTIN};
use ttrbot::replay::{self, Script};
use ttrbot::rules::position::Position;
use ttrbot::rules::{Action, Game, GameRng};

fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/replay");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json") && !p.to_string_lossy().ends_with(".expected.json"))
        .collect();
    files.sort();
    files
}

/// Whether `expected` is contained in `actual`: objects by key (extra keys allowed), arrays element by element
/// with the same length, everything else equal. Returns the path of the first difference.
fn contains(actual: &Value, expected: &Value, path: &str) -> Result<(), String> {
    match (actual, expected) {
        (Value::Object(a), Value::Object(e)) => {
            for (key, ev) in e {
                let av = a.get(key).ok_or_else(|| format!("{path}.{key}: missing in {actual}"))?;
                contains(av, ev, &format!("{path}.{key}"))?;
            }
            Ok(())
        }
        (Value::Array(a), Value::Array(e)) if a.len() == e.len() => a
            .iter()
            .zip(e)
            .enumerate()
            .try_for_each(|(i, (av, ev))| contains(av, ev, &format!("{path}[{i}]"))),
        _ if actual == expected => Ok(()),
        _ => Err(format!("{path}: expected {expected}, got {actual}")),
    }
}

#[test]
fn every_fixture_gives_what_it_expects() {
    let files = fixtures();
    assert!(files.len() >= 12, "only {} fixtures", files.len());
    let mut failures = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let script: Script = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let expected_file = file.with_extension("expected.json");
        let expect: Value = serde_json::from_str(
            &std::fs::read_to_string(&expected_file).unwrap_or_else(|e| panic!("{}: {e}", expected_file.display())),
        )
        .unwrap_or_else(|e| panic!("{}: {e}", expected_file.display()));
        assert!(
            script.about.is_some(),
            "{}: say what the fixture shows in \"about\"",
            file.display()
        );
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        match replay::run(&text) {
            Ok(report) => {
                let actual = serde_json::to_value(&report).unwrap();
                if let Err(e) = contains(&actual, &expect, "") {
                    failures.push(format!("{name}: {e}"));
                }
            }
            Err(e) => failures.push(format!("{name}: refused: {e}")),
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn a_position_written_out_and_loaded_again_plays_on_identically() {
    for (id, _) in BUILTIN {
        let map = maps::builtin(id).unwrap();
        for seed in 0..20u64 {
            let players = usize::from(map.rules.max_players).min(4);
            let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
            let mut game = Game::new(map.clone(), players, seed).unwrap();
            let mut chooser = GameRng::new(seed + 100);
            let mut legal = Vec::new();
            let stop = 20 + chooser.below(200);
            ttrbot::sim::play_random_actions(&mut game, stop, &mut chooser);
            let position: Position = game.to_position();
            let json = serde_json::to_string(&position).unwrap();
            let reread: Position = serde_json::from_str(&json).unwrap();
            let mut copy = Game::from_position(&map, &names, &reread, game.rng_state().unwrap())
                .unwrap_or_else(|e| panic!("{id} seed {seed}: {e}"));
            assert_eq!(
                copy.to_position(),
                position,
                "{id} seed {seed}: the position reads back differently"
            );
            while !game.is_over() {
                let seat = game.to_act()[0];
                game.legal_actions(seat, &mut legal);
                let action: Action = legal[chooser.below(legal.len())];
                // Two tracks (or ticket copies) alike in every way are told apart by nothing in the file, so the
                // copy may hold the other one: play the action as a file names it.
                let named = replay::script_action(&game, seat, action);
                let (_, copy_action) = replay::action(&copy, &named).unwrap();
                let (a, b) = (
                    game.apply(seat, action).map(|_| ()),
                    copy.apply(seat, copy_action).map(|_| ()),
                );
                assert_eq!(a, b, "{id} seed {seed}: {action:?}");
                assert_eq!(game.to_position(), copy.to_position(), "{id} seed {seed}");
            }
            assert_eq!(game.final_scores(), copy.final_scores());
        }
    }
}

fn ttrbot_replay(body: &str, name: &str) -> (Option<i32>, String) {
    let dir = std::env::temp_dir().join(format!("ttrbot-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}.json"));
    std::fs::write(&file, body).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ttrbot"))
        .arg("replay")
        .arg(&file)
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).to_string())
}

#[test]
fn bad_scripts_get_a_one_line_reason_and_exit_code_2() {
    let good = std::fs::read_to_string(
        fixtures()
            .iter()
            .find(|f| f.ends_with("usa-pass-only-when-nothing-else.json"))
            .unwrap(),
    )
    .unwrap();
    let mut script: Value = serde_json::from_str(&good).unwrap();
    let (code, _) = ttrbot_replay(&good, "good");
    assert_eq!(code, Some(0));
    type Edit = fn(&mut Value);
    let cases: Vec<(&str, Edit, &str)> = vec![
        (
            "a card too many",
            |s| s["position"]["seats"][0]["hand"]["red"] = 1.into(),
            "there are 13 red cards in play; the map has 12",
        ),
        (
            "a route owned twice",
            |s| {
                s["position"]["seats"][0]["routes"] = serde_json::json!([["Atlanta", "Miami"]]);
                s["position"]["seats"][1]["routes"] = serde_json::json!([["Atlanta", "Miami"]]);
                s["position"]["seats"][0]["trains"] = 40.into();
                s["position"]["seats"][1]["trains"] = 40.into();
            },
            "owned twice",
        ),
        (
            "an unknown city",
            |s| s["actions"] = serde_json::json!([{"seat": 0, "do": "build_station", "city": "Atlantis", "cards": {}}]),
            "unknown city \"Atlantis\"",
        ),
        (
            "an action missing a field",
            |s| s["actions"] = serde_json::json!([{"seat": 0, "do": "draw_faceup"}]),
            "missing field `slot`",
        ),
        (
            "an unknown card",
            |s| s["position"]["deck"][0] = "purple-ish".into(),
            "unknown card \"purple-ish\"",
        ),
        (
            "trains over the supply",
            |s| s["position"]["seats"][0]["trains"] = 46.into(),
            "pieces do not add up",
        ),
        (
            "a face-up row of 4",
            |s| {
                s["position"]["faceup"].as_array_mut().unwrap().pop();
            },
            "the face-up row has 4 slots",
        ),
    ];
    for (name, edit, reason) in cases {
        let mut bad = script.clone();
        edit(&mut bad);
        let (code, stderr) = ttrbot_replay(&bad.to_string(), "bad");
        assert_eq!(code, Some(2), "{name}: {stderr}");
        assert!(stderr.contains(reason), "{name}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{name}: {stderr}");
    }
    script["map"] = "atlantis".into();
    let (code, stderr) = ttrbot_replay(&script.to_string(), "map");
    assert_eq!(code, Some(2), "{stderr}");
}

#[test]
fn impossible_positions_are_refused_with_the_reason() {
    let read = |name: &str| -> Value {
        let file = fixtures().into_iter().find(|f| f.ends_with(name)).unwrap();
        serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap()
    };
    let usa = read("usa-pass-only-when-nothing-else.json");
    let europe = read("europe-tunnel-two-matches-paid.json");
    let tunnel = |route: Value, laid: Value| serde_json::json!({ "tunnel": { "route": route, "laid": laid, "turned": [], "extra": 1 } });
    type Edit = Box<dyn Fn(&mut Value)>;
    let cases: Vec<(&str, &Value, Edit, &str)> = vec![
        (
            "255 copies of a card in one hand",
            &usa,
            Box::new(|s| s["position"]["seats"][0]["hand"]["red"] = 255.into()),
            "red cards in play; the map has 12",
        ),
        (
            "a final round with no turn left",
            &usa,
            Box::new(|s| s["position"]["final_round"] = serde_json::json!({ "turns_left": 0 })),
            "a final round with 0 turns left would never end",
        ),
        (
            "more passes in a row than players",
            &usa,
            Box::new(|s| s["position"]["passes"] = 3.into()),
            "3 passes in a row with 2 players would have ended the game",
        ),
        (
            "a pending tunnel on a route that is no tunnel",
            &usa,
            Box::new(move |s| {
                s["position"]["pending"] = tunnel(serde_json::json!(["Atlanta", "Miami"]), serde_json::json!({}))
            }),
            "is pending as a tunnel but is no tunnel",
        ),
        (
            "a pending tunnel on a route another seat owns",
            &europe,
            Box::new(move |s| {
                s["position"]["seats"][1]["routes"] = serde_json::json!([["Marseille", "Zürich"]]);
                s["position"]["seats"][1]["trains"] = 43.into();
                s["position"]["pending"] = tunnel(
                    serde_json::json!(["Marseille", "Zürich"]),
                    serde_json::json!({ "pink": 2 }),
                );
            }),
            "could not have claimed Marseille–Zürich (2 pink) (route_taken)",
        ),
        (
            "a pending tunnel the seat lacks the trains for",
            &europe,
            Box::new(move |s| {
                // 44 trains' worth of routes: 1 train left, and the tunnel takes 2.
                s["position"]["seats"][0]["routes"] = serde_json::json!([
                    ["Petrograd", "Stockholm"],
                    ["Budapest", "Kyiv"],
                    ["Palermo", "Smyrna"],
                    ["Athina", "Brindisi"],
                    ["Athina", "Sarajevo"],
                    ["Barcelona", "Marseille"],
                    ["Berlin", "Danzig"],
                    ["Berlin", "Warszawa"],
                    ["Brest", "Pamplona"]
                ]);
                s["position"]["seats"][0]["trains"] = 1.into();
                s["position"]["pending"] = tunnel(
                    serde_json::json!(["Marseille", "Zürich"]),
                    serde_json::json!({ "pink": 2 }),
                );
            }),
            "(not_enough_trains)",
        ),
        (
            "a pending ticket choice with nothing offered",
            &usa,
            Box::new(|s| s["position"]["pending"] = serde_json::json!({ "keep_tickets": [] })),
            "a ticket choice is pending but the current seat was offered nothing",
        ),
    ];
    for (name, base, edit, reason) in cases {
        let mut bad = base.clone();
        edit(&mut bad);
        let err = replay::play(&bad.to_string()).map(|_| ()).expect_err(name);
        assert!(err.contains(reason), "{name}: {err}");
    }
}
