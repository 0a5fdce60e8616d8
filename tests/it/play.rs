//! `ttrbot play` driven through its standard input: a whole game to the end, bad lines answered, the game going on.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use ttrbot::maps;

/// Lines that play a game without reading it: draw cards, try every route in turn (paying the first way listed),
/// give up tunnels, pass when nothing else is possible. Refused lines are answered and the game goes on.
fn script(map_id: &str) -> String {
    let map = maps::builtin(map_id).expect("built-in map");
    let mut lines = vec![
        "keep all".to_string(),
        "hello there".to_string(),
        "claim Atlantis - Omaha".to_string(),
    ];
    for round in 0..40 {
        for (i, route) in map.routes.iter().enumerate() {
            if i % 3 != round % 3 {
                continue;
            }
            let (a, b) = (&map.city(route.a).name, &map.city(route.b).name);
            lines.extend([
                "draw deck".to_string(),
                "draw deck".to_string(),
                format!("claim {a} - {b}"),
                "pay 1".to_string(),
                "give up".to_string(),
                "pass".to_string(),
            ]);
        }
    }
    lines.join("\n") + "\n"
}

#[test]
fn a_piped_game_of_play_runs_to_the_final_scores_and_answers_bad_lines() {
    let dir = std::env::temp_dir().join(format!("ttrbot-play-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_ttrbot"))
        .args([
            "play",
            "--map",
            "usa",
            "--players",
            "3",
            "--seed",
            "11",
            "--name",
            "Ana",
            "--board",
        ])
        .arg(dir.join("board.png"))
        .arg("--save")
        .arg(dir.join("game.json"))
        // English whatever the machine's locale: the test reads the English sentences.
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C.UTF-8")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let input = script("usa");
    let mut stdin = child.stdin.take().expect("stdin");
    // The game may end before every line is read: a closed pipe then is expected.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().expect("the game ends");
    let _ = writer.join();
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "exit {:?}: {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(out.contains("There is no command `hello`"), "a bad verb is answered");
    assert!(
        out.contains("There is no city called “Atlantis”"),
        "a bad city is answered"
    );
    assert!(out.contains("Ana claimed"), "the person claimed routes");
    assert!(
        out.contains("USA: final scores"),
        "the game reached its end:\n{}",
        tail(&out)
    );
    assert!(out.contains("Ana's tickets"), "everyone's tickets are shown at the end");
    assert!(dir.join("board.png").exists(), "the board picture was written");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `ttrbot <args> --board <dir>/board.png` in the system locale `locale`, its input piped; what it printed.
fn play_piped(args: &[&str], dir: &std::path::Path, locale: &str, input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ttrbot"))
        .args(args)
        .arg("--board")
        .arg(dir.join("board.png"))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", locale)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input");
    let output = child.wait_with_output().expect("it ends");
    assert!(output.status.success());
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn a_saved_game_resumes_where_it_was_left() {
    let dir = std::env::temp_dir().join(format!("ttrbot-resume-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let saved = dir.join("game.json");
    // English whatever the machine's locale: the test reads the English sentences.
    let run = |args: &[&str], input: &str| play_piped(args, &dir, "C.UTF-8", input);
    let first = run(
        &[
            "play",
            "--map",
            "europe",
            "--seed",
            "5",
            "--name",
            "Ana",
            "--save",
            saved.to_str().unwrap(),
        ],
        "keep all\ndraw deck\ndraw deck\nquit\nyes\n",
    );
    assert!(first.contains("Saved to"), "{first}");
    let second = run(&["play", "--resume", saved.to_str().unwrap()], "hand\nquit\nno\n");
    assert!(second.contains("Europe — Ana against"), "{second}");
    assert!(second.contains("Your tickets"), "{second}");
    assert!(second.contains("Not saved"), "{second}");
    let _ = std::fs::remove_dir_all(&dir);
}

fn tail(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(40)..].join("\n")
}

#[test]
fn play_in_spanish_speaks_spanish_from_the_locale_and_from_lang() {
    let dir = std::env::temp_dir().join(format!("ttrbot-play-es-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let run = |more: &[&str], locale: &str| {
        let save = dir.join("game.json");
        let mut args = vec![
            "play",
            "--map",
            "europe",
            "--players",
            "2",
            "--seed",
            "5",
            "--name",
            "Ana",
        ];
        args.extend(["--save", save.to_str().unwrap()]);
        args.extend(more);
        let input = "keep all\nhola\nhelp\nstatus\ndraw deck\nclaim Atlantis - Roma\nquit\nno\n";
        play_piped(&args, &dir, locale, input)
    };
    // From the system's locale.
    let out = run(&[], "es_ES.UTF-8");
    for said in [
        "Europa — Ana contra Ordenador 1 (normal).",
        "No existe la orden `hola`.",
        "Órdenes (las mismas que los comandos /ttr del bot de Discord):",
        "Boca arriba:",
        "Has robado",
        "No hay ninguna ciudad llamada «Atlantis» en Europa.",
        "No se ha guardado.",
    ] {
        assert!(out.contains(said), "“{said}” missing from:\n{out}");
    }
    for english in ["Your turn", "There is no", "You drew", "Face up"] {
        assert!(!out.contains(english), "“{english}” in:\n{out}");
    }
    // `--lang` wins over the locale; any other locale is English.
    assert!(run(&["--lang", "en"], "es_ES.UTF-8").contains("There is no command `hola`."));
    assert!(run(&[], "pt_BR.UTF-8").contains("There is no command `hola`."));
    assert!(run(&["--lang", "es"], "C").contains("No existe la orden `hola`."));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_on_a_map_file_is_played_saved_and_resumed_without_the_file() {
    let dir = std::env::temp_dir().join(format!("ttrbot-map-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let map = dir.join("tinyland.toml");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/custom/tinyland.toml"),
        &map,
    )
    .unwrap();
    let saved = dir.join("game.json");
    let run = |args: &[&str], input: &str| play_piped(args, &dir, "C.UTF-8", input);
    let map_arg = map.to_str().unwrap();
    let first = run(
        &[
            "play",
            "--map-file",
            map_arg,
            "--seed",
            "5",
            "--name",
            "Ana",
            "--save",
            saved.to_str().unwrap(),
        ],
        "keep all\ndraw deck\ndraw deck\nquit\nyes\n",
    );
    assert!(first.contains("Tinyland — Ana against"), "{first}");
    assert!(first.contains("Saved to"), "{first}");
    // The save carries the map: the file may be gone.
    std::fs::remove_file(&map).unwrap();
    let second = run(&["play", "--resume", saved.to_str().unwrap()], "hand\nquit\nno\n");
    assert!(second.contains("Tinyland — Ana against"), "{second}");
    assert!(second.contains("Your tickets"), "{second}");
    let _ = std::fs::remove_dir_all(&dir);
}
