//! The `ttrbot` binary: `score`, `maps` and the bot's start-up message, run as a user would.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn ttrbot(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ttrbot"))
        .args(args)
        .current_dir(dir)
        .env_remove("DISCORD_TOKEN")
        .output()
        .expect("the binary runs")
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ttrbot-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn score_prints_every_field_of_a_usa_end_position() {
    let out = ttrbot(
        &["score", fixture("score/usa-three-players.json").to_str().unwrap()],
        Path::new("."),
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let expected = serde_json::json!({
        "players": [
            { "name": "Ana", "route_points": 24, "ticket_points": 9, "tickets_completed": 1, "tickets_failed": 1,
              "longest_path": 20, "longest_bonus": 10, "station_points": 0, "grand_tour_points": 0, "total": 43 },
            { "name": "Ben", "route_points": 17, "ticket_points": -28, "tickets_completed": 0, "tickets_failed": 2,
              "longest_path": 11, "longest_bonus": 0, "station_points": 0, "grand_tour_points": 0, "total": -11 },
            { "name": "Cy", "route_points": 0, "ticket_points": -4, "tickets_completed": 0, "tickets_failed": 1,
              "longest_path": 0, "longest_bonus": 0, "station_points": 0, "grand_tour_points": 0, "total": -4 }
        ],
        "ranking": [0, 2, 1]
    });
    assert_eq!(json, expected);
}

#[test]
fn score_is_right_in_every_field_on_every_map() {
    // Each `<name>.json` has a `<name>.expected` beside it, checked by hand once: a station borrowing a route
    // (Europe), a country ticket (Switzerland), the Grand Tour (India), a metro line and no longest-path bonus
    // (Berlin), and the USA case above.
    let dir = fixture("score");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let input = entry.unwrap().path();
        if input.extension().is_none_or(|x| x != "json") {
            continue;
        }
        let expected: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(input.with_extension("expected")).unwrap()).unwrap();
        let out = ttrbot(&["score", input.to_str().unwrap()], Path::new("."));
        assert!(
            out.status.success(),
            "{}: {}",
            input.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        let actual: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(actual, expected, "{}", input.display());
        checked += 1;
    }
    assert_eq!(checked, 5, "one fixture per map");
}

#[test]
fn the_command_line_pages_score_example_runs_as_written() {
    // The example under "`ttrbot score FILE.json`" in docs/command-line.md.
    let page = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/command-line.md")).unwrap();
    let from = page
        .find("## `ttrbot score FILE.json`")
        .expect("docs/command-line.md has the score section");
    let section = &page[from..];
    let start = section.find("```json\n").unwrap() + "```json\n".len();
    let example = &section[start..start + section[start..].find("```").unwrap()];
    let dir = temp_dir("docs-score");
    let file = dir.join("position.json");
    std::fs::write(&file, example).unwrap();
    let out = ttrbot(&["score", file.to_str().unwrap()], &dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let scored: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(scored["players"][0]["tickets_completed"], 1, "{scored}");
}

#[test]
fn bad_score_files_get_a_one_line_reason_and_exit_code_2() {
    let dir = temp_dir("score");
    let cases: &[(&str, &str, &str)] = &[
        (
            "unknown map",
            r#"{"map":"mars","players":[{"name":"A","routes":[],"tickets":[]}]}"#,
            "no such map",
        ),
        (
            "unknown city",
            r#"{"map":"usa","players":[{"name":"A","routes":[["Gotham","Miami"]],"tickets":[]}]}"#,
            "unknown city \"Gotham\"",
        ),
        (
            "no such route",
            r#"{"map":"usa","players":[{"name":"A","routes":[["Boston","Miami"]],"tickets":[]}]}"#,
            "no route Boston–Miami",
        ),
        (
            "a track owned twice",
            r#"{"map":"usa","players":[{"name":"A","routes":[["Atlanta","Miami"]],"tickets":[]},{"name":"B","routes":[["Miami","Atlanta"]],"tickets":[]}]}"#,
            "owned twice",
        ),
        (
            "too many trains",
            r#"{"map":"usa","players":[{"name":"A","routes":[["Calgary","Winnipeg"],["Helena","Seattle"],["Los Angeles","El Paso"],["Portland","Salt Lake City"],["Denver","Phoenix"],["Atlanta","Miami"],["Duluth","Helena"],["Houston","El Paso"]],"tickets":[]}]}"#,
            "take 46 trains; each player has 45",
        ),
        (
            "unknown ticket",
            r#"{"map":"usa","players":[{"name":"A","routes":[],"tickets":[["Boston","Seattle"]]}]}"#,
            "no ticket Boston–Seattle",
        ),
        (
            "a missing field",
            r#"{"map":"usa","players":[{"name":"A","routes":[]}]}"#,
            "missing field `tickets`",
        ),
        ("not JSON", "{map: usa", "key must be a string"),
        (
            "more players than the map allows",
            r#"{"map":"switzerland","players":[{"name":"A","routes":[],"tickets":[]},{"name":"B","routes":[],"tickets":[]},{"name":"C","routes":[],"tickets":[]},{"name":"D","routes":[],"tickets":[]}]}"#,
            "4 players do not fit Switzerland (2 to 3)",
        ),
        (
            "both tracks of a double with two players",
            r#"{"map":"usa","players":[{"name":"A","routes":[["Boston","New York"]],"tickets":[]},{"name":"B","routes":[["Boston","New York"]],"tickets":[]}]}"#,
            "with 2 players only one track",
        ),
    ];
    for (name, body, reason) in cases {
        let file = dir.join("bad.json");
        std::fs::write(&file, body).unwrap();
        let out = ttrbot(&["score", file.to_str().unwrap()], &dir);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(stderr.contains(reason), "{name}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{name}: one line, got {stderr}");
    }
    let out = ttrbot(&["score", dir.join("missing.json").to_str().unwrap()], &dir);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn maps_lists_every_map_and_fails_on_a_broken_file() {
    let out = ttrbot(&["maps"], Path::new("."));
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for id in ["usa", "europe", "switzerland", "india"] {
        assert!(text.contains(id), "{text}");
    }
    let dir = temp_dir("maps");
    let good = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml")).unwrap();
    std::fs::write(
        dir.join("usa.toml"),
        good.replacen("\"Atlanta\", b = \"Miami\"", "\"Atlanta\", b = \"Atlantis\"", 1),
    )
    .unwrap();
    let out = ttrbot(&["maps", "--dir", dir.to_str().unwrap()], &dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("usa.toml:") && stderr.contains("unknown city \"Atlantis\""),
        "{stderr}"
    );
    // Two files with one id: the second is refused, naming the first.
    std::fs::write(dir.join("usa.toml"), &good).unwrap();
    std::fs::write(dir.join("usa-copy.toml"), &good).unwrap();
    let out = ttrbot(&["maps", "--dir", dir.to_str().unwrap()], &dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("map id \"usa\" is already used by"), "{stderr}");
    // An empty folder is refused, not listed as nothing.
    let empty = temp_dir("maps-empty");
    let out = ttrbot(&["maps", "--dir", empty.to_str().unwrap()], &empty);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("no .toml map file"), "{stderr}");
}

#[test]
fn without_a_token_the_bot_says_how_to_get_one_and_what_works_offline() {
    let dir = temp_dir("token");
    let out = ttrbot(&[], &dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("DISCORD_TOKEN is not set"), "{stderr}");
    assert!(stderr.contains("discord.com/developers"), "{stderr}");
    assert!(stderr.contains("simulate"), "{stderr}");
    assert!(!stderr.contains("panicked"));
}

#[test]
fn with_a_token_a_bad_setting_stops_the_bot_at_once_with_the_reason() {
    // (With good settings the bot connects: tests/bot_e2e.rs runs it against a fake Discord.)
    let dir = temp_dir("database");
    std::fs::write(
        dir.join(".env"),
        "DISCORD_TOKEN=x\nDATABASE_URL=postgres://nowhere/db\n",
    )
    .unwrap();
    let out = ttrbot(&[], &dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr.starts_with("postgres://nowhere/db:"), "{stderr}");
    std::fs::write(
        dir.join(".env"),
        "DISCORD_TOKEN=x\nDISCORD_API_BASE=https://example.com\n",
    )
    .unwrap();
    let out = ttrbot(&[], &dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr.contains("must be a loopback address"), "{stderr}");
    assert!(!stderr.contains("panicked"));
}

#[test]
fn simulate_plays_games_and_reports_speed() {
    let out = ttrbot(
        &[
            "simulate",
            "--map",
            "usa",
            "--players",
            "3",
            "--games",
            "20",
            "--seed",
            "4",
        ],
        Path::new("."),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        stdout.contains("20 games of USA with 3 players") && stdout.contains("games/s"),
        "{stdout}"
    );
    let out = ttrbot(&["simulate", "--map", "usa", "--players", "9"], Path::new("."));
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn render_cuts_a_million_character_player_name_before_measuring_it() {
    // Measured whole and shortened a character at a time, such a name once kept `render` busy for minutes.
    let dir = temp_dir("render-long-name");
    let out = dir.join("board.png");
    let mut script: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("replay/europe-station-costs-rise.json")).unwrap())
            .unwrap();
    script["players"][0] = serde_json::json!("W".repeat(1_000_000));
    let path = dir.join("long-name.json");
    std::fs::write(&path, script.to_string()).unwrap();
    let run = ttrbot(
        &["render", "--game", path.to_str().unwrap(), "-o", out.to_str().unwrap()],
        &dir,
    );
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    assert!(image::open(&out).is_ok());
}

#[test]
fn render_writes_a_png_of_a_script_or_a_random_game_and_refuses_bad_input() {
    let dir = temp_dir("render");
    let out = dir.join("board.png");
    let script = fixture("replay/europe-station-costs-rise.json");
    let run = ttrbot(
        &[
            "render",
            "--game",
            script.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
        &dir,
    );
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let img = image::open(&out).unwrap();
    assert_eq!((img.width(), img.height()), (1744 + ttrbot::render::PANEL_WIDTH, 1125));
    let run = ttrbot(
        &[
            "render",
            "--map",
            "berlin",
            "--random-actions",
            "40",
            "-o",
            out.to_str().unwrap(),
        ],
        &dir,
    );
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let run = ttrbot(&["render", "--map", "atlantis", "-o", out.to_str().unwrap()], &dir);
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("no such map"));
}

#[test]
fn maps_check_passes_every_builtin_map_and_prints_each_problem_of_a_broken_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for id in ["usa", "europe", "switzerland", "india", "berlin"] {
        let file = format!("maps/{id}.toml");
        let out = ttrbot(&["maps", "--check", &file], root);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{id}: {stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        // No problem at all (no ticket far from its shortest path, no names colliding), then the figures.
        assert!(
            stdout.ends_with(&format!("{file}: accepted, with 0 warnings\n")),
            "{id}: {stdout}"
        );
        assert_eq!(stdout.lines().count(), 4, "{id}: {stdout}");
    }
    let dir = temp_dir("maps-check");
    let tiny = std::fs::read_to_string(fixture("maps/tiny.toml")).unwrap();
    let broken = tiny
        .replacen("len = 3, color = \"red\"", "len = 3, color = \"mauve\"", 1)
        .replacen("b = \"Lakeside\", points = 8", "b = \"Lakeside\", points = 20", 1)
        .replacen("name = \"Tiny Island\"", "name = \"Tiny Island\"\nauthor = \"me\"", 1);
    std::fs::write(dir.join("broken.toml"), &broken).unwrap();
    let out = ttrbot(&["maps", "--check", "broken.toml"], &dir);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stdout}{stderr}");
    assert_eq!(
        stdout.lines().collect::<Vec<_>>(),
        [
            "broken.toml:4: refusal: unknown field `author`: the map file format has no such field",
            "broken.toml:20: refusal: route Northport – Millbrook: unknown colour \"mauve\"",
        ],
        "the ticket's value is not weighed while the map is refused"
    );
    assert_eq!(stderr.trim_end(), "broken.toml: refused: 2 refusals and 0 warnings");
    // A map that reads, with a warning: exit 0, the warning, then the figures.
    let doubtful = tiny.replacen("b = \"Lakeside\", points = 8", "b = \"Lakeside\", points = 20", 1);
    std::fs::write(dir.join("doubtful.toml"), &doubtful).unwrap();
    let out = ttrbot(&["maps", "--check", "doubtful.toml"], &dir);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0].starts_with("doubtful.toml:36: warning: ticket Northport – Lakeside: worth 20"),
        "{stdout}"
    );
    assert_eq!(
        lines[1],
        "8 cities, 12 routes (1 double), 32 spaces; the longest route: 5"
    );
    assert_eq!(lines[4], "doubtful.toml: accepted, with 1 warning");
}

#[test]
fn a_map_editors_json_converts_to_a_map_file_that_checks_renders_and_simulates() {
    let dir = temp_dir("convert");
    let json = fixture("editor/lakeside-v3.json");
    let converted = ttrbot(&["maps", "--convert", json.to_str().unwrap()], &dir);
    assert!(
        converted.status.success(),
        "{}",
        String::from_utf8_lossy(&converted.stderr)
    );
    let toml = String::from_utf8(converted.stdout).unwrap();
    let map = ttrbot::maps::parse("lakeside.toml", &toml).expect("the converted file is a valid map");
    assert_eq!(map.id, "lakeside-lines");
    std::fs::write(dir.join("lakeside.toml"), &toml).unwrap();
    // The JSON itself checks as an upload does (converted first), and so does the file it became.
    for file in [json.to_str().unwrap(), "lakeside.toml"] {
        let checked = ttrbot(&["maps", "--check", file], &dir);
        let out = String::from_utf8_lossy(&checked.stdout);
        assert!(checked.status.success(), "{file}: {out}");
        assert!(out.contains("accepted"), "{file}: {out}");
    }
    let newer = dir.join("newer.json");
    let text = std::fs::read_to_string(&json)
        .unwrap()
        .replacen("\"version\": 3", "\"version\": 5", 1);
    std::fs::write(&newer, text).unwrap();
    let refused = ttrbot(&["maps", "--convert", newer.to_str().unwrap()], &dir);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("newer"),
        "{refused:?}"
    );

    let tiny = fixture("custom/tinyland.toml");
    let rendered = ttrbot(
        &[
            "render",
            "--map-file",
            tiny.to_str().unwrap(),
            "--random-actions",
            "40",
            "--out",
            "tiny.png",
        ],
        &dir,
    );
    assert!(
        rendered.status.success(),
        "{}",
        String::from_utf8_lossy(&rendered.stderr)
    );
    let png = image::open(dir.join("tiny.png")).unwrap();
    assert!(png.width() >= 900, "the board and its panel");
    let simulated = ttrbot(
        &[
            "simulate",
            "--map-file",
            tiny.to_str().unwrap(),
            "--players",
            "3",
            "--games",
            "20",
        ],
        &dir,
    );
    assert!(
        simulated.status.success(),
        "{}",
        String::from_utf8_lossy(&simulated.stderr)
    );
    let bots = ttrbot(
        &[
            "simulate",
            "--map-file",
            "lakeside.toml",
            "--bots",
            "hard,normal,easy",
            "--games",
            "3",
            "--think-ms",
            "50",
        ],
        &dir,
    );
    assert!(bots.status.success(), "{}", String::from_utf8_lossy(&bots.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}
