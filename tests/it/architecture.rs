//! Habits the code must keep: the rules stay pure, no import loops anywhere in `src/`, every folder imports only what
//! the architecture table of the developers' guide (`docs/developers-guide.md`) allows, the bot's features import
//! only its core, the players' guide (`docs/players-guide.md`) lists every rule-error code, and files stay under 600
//! lines but those the developers' guide names.

use std::path::Path;

use crate::common::rust_files;
use ttrbot::rules::RuleError;

/// A page of the book under `docs/`, where these habits are written down for people.
fn page(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The code lines of a file: comments dropped.
fn code_lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_rules_and_the_computer_players_import_no_io_async_discord_database_or_images() {
    let forbidden = [
        "tokio",
        "serenity",
        "poise",
        "sqlx",
        "image",
        "imageproc",
        "ab_glyph",
        "toml",
        "clap",
        "tracing",
        "std::fs",
        "std::io",
        "std::net",
        "std::time",
        "std::env",
        "std::process",
        "std::thread",
    ];
    // The computer players are held to the same: they decide, they do not talk to the world.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files: Vec<_> = ["src/rules", "src/ai"]
        .iter()
        .flat_map(|dir| rust_files(&root.join(dir)))
        .collect();
    for path in &files {
        for line in code_lines(path) {
            for f in forbidden {
                let used = line.contains(&format!("use {f}")) || line.contains(&format!("{f}::"));
                assert!(!used, "{}: `{}` uses {f}", path.display(), line.trim());
            }
        }
    }
    assert!(files.len() >= 12, "only {} files checked", files.len());
}

#[test]
fn the_rules_module_imports_nothing_else_of_the_crate() {
    // `crate::` paths must stay inside `crate::rules`, and `super::super` would climb out of it.
    for path in rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules")) {
        let lines = code_lines(&path);
        for line in &lines {
            let outside = line
                .match_indices("crate::")
                .any(|(i, _)| !line[i..].starts_with("crate::rules"));
            assert!(
                !outside,
                "{}: `{}` reaches outside the rules",
                path.display(),
                line.trim()
            );
        }
        let depth = path
            .strip_prefix(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules"))
            .unwrap()
            .components()
            .count();
        // `mod.rs` is its folder's module, one level up from the files beside it.
        let own_module = if path.ends_with("mod.rs") { depth - 1 } else { depth };
        let climb = "super::".repeat(own_module + 1);
        assert!(
            !lines.iter().any(|l| l.contains(&climb)),
            "{}: `super` climbs out of the rules",
            path.display()
        );
    }
}

#[test]
fn the_players_guide_lists_every_rule_error_code() {
    let guide = page("players-guide.md");
    for code in RuleError::CODES {
        assert!(
            guide.contains(&format!("| `{code}` |")),
            "docs/players-guide.md's table of rule errors is missing {code}"
        );
    }
}

#[test]
fn no_code_branches_on_which_map_is_played() {
    // Map differences are data in the map files plus named mechanics, never `if map == "europe"`.
    fn visit(dir: &Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                visit(&path, found);
            } else if path.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for (i, line) in text.lines().enumerate() {
                    let compares_id = line.contains(".id ==") || line.contains("map ==") || line.contains("id() ==");
                    let names_a_map = ["\"usa\"", "\"europe\"", "\"switzerland\"", "\"india\"", "\"berlin\""]
                        .iter()
                        .any(|m| line.contains(m) && !line.contains("include_str!") && !line.contains("default_value"));
                    if compares_id || names_a_map {
                        found.push(format!("{}:{}: {}", path.display(), i + 1, line.trim()));
                    }
                }
            }
        }
    }
    let mut found = Vec::new();
    visit(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut found);
    assert!(found.is_empty(), "map-specific code:\n{}", found.join("\n"));
}

#[test]
fn no_two_modules_of_the_rules_import_each_other() {
    // Each top-level module of src/rules (a file, or a folder with its mod.rs) and the modules it names.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
    let mut imports: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> = Default::default();
    for path in rust_files(&root) {
        let relative = path.strip_prefix(&root).unwrap();
        let module = relative
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy()
            .replace(".rs", "");
        if module == "mod" {
            continue;
        }
        let named = imports.entry(module.clone()).or_default();
        // In a folder's other files `super::` means the folder's own module: only `crate::rules::` names another
        // one there. In its mod.rs, as in a plain file, `super::` is the rules module itself.
        let in_folder = relative.components().count() > 1 && !path.ends_with("mod.rs");
        for line in code_lines(&path) {
            for prefix in ["crate::rules::", "super::"] {
                if prefix == "super::" && in_folder {
                    continue;
                }
                for (at, _) in line.match_indices(prefix) {
                    let name: String = line[at + prefix.len()..]
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if !name.is_empty() && name != module {
                        named.insert(name);
                    }
                }
            }
        }
    }
    let mut cycles = Vec::new();
    for (a, named) in &imports {
        for b in named {
            if a < b && imports.get(b).is_some_and(|back| back.contains(a)) {
                cycles.push(format!("{a} <-> {b}"));
            }
        }
    }
    assert!(imports.len() >= 12, "{imports:?}");
    assert!(
        cycles.is_empty(),
        "modules of the rules importing each other: {cycles:?}"
    );
}

#[test]
fn the_computer_players_use_the_rules_only_through_what_a_seat_may_see() {
    // They read views and legal actions; `Game` itself (and its state) never enters `src/ai`. What a searching player
    // plays out is a `DealtGame`, which can be made only from a seat's view and is not turned back into a game there.
    for path in rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ai")) {
        for line in code_lines(&path) {
            let outside = line
                .match_indices("crate::")
                .any(|(i, _)| !line[i..].starts_with("crate::rules") && !line[i..].starts_with("crate::ai"));
            assert!(
                !outside,
                "{}: `{}` reaches beyond the rules",
                path.display(),
                line.trim()
            );
            for peek in ["Game", "state()", "State", "SeatState", "into_game()"] {
                let used = line
                    .split(|c: char| !c.is_alphanumeric() && c != '(' && c != ')' && c != '_')
                    .any(|word| word == peek);
                assert!(!used, "{}: `{}` looks at the game itself", path.display(), line.trim());
            }
        }
    }
}

/// The module path of a source file under `src/`: `src/bot/claim/mod.rs` is `bot::claim`, `src/bot/turn.rs` is
/// `bot::turn`.
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).unwrap();
    let mut path: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if path.last().is_some_and(|last| last == "mod" || last == "lib") {
        path.pop();
    }
    path
}

/// A file's code with comments and its unit tests (at its end) dropped, as one string (a `use` may span lines).
fn code_of(file: &Path) -> String {
    let code = code_lines(file).join("\n");
    code.split("#[cfg(test)]").next().unwrap_or("").to_string()
}

/// The leading identifiers of a path written from `at` on: `a::b::{c, d::e}` gives `[a, b, c]` and `[a, b, d, e]`
/// (a group's items are each followed into their first identifier).
fn paths_from(code: &str, at: usize) -> Vec<Vec<String>> {
    let rest = &code[at..];
    let bytes = rest.as_bytes();
    let mut idents = Vec::new();
    let mut i = 0;
    loop {
        if rest[i..].starts_with('{') {
            return group(code, at + i, &idents);
        }
        let start = i;
        while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            i += 1;
        }
        if i == start {
            break;
        }
        idents.push(rest[start..i].to_string());
        if !rest[i..].starts_with("::") {
            break;
        }
        i += 2;
    }
    vec![idents]
}

/// The paths of a group `{a, b::c, d::{e}}` written at `at`, each behind `prefix`.
fn group(code: &str, at: usize, prefix: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut depth = 0;
    let mut item_start = at + 1;
    for (j, c) in code[at..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' | ',' if depth == 1 => {
                let item = &code[item_start..at + j];
                let trimmed = item.trim_start();
                if trimmed.trim() == "self" || trimmed.starts_with("self ") {
                    out.push(prefix.to_vec());
                } else if !trimmed.trim().is_empty() {
                    let offset = item_start + (item.len() - trimmed.len());
                    for tail in paths_from(code, offset) {
                        out.push(prefix.iter().cloned().chain(tail).collect());
                    }
                }
                item_start = at + j + 1;
                if c == '}' {
                    break;
                }
            }
            '}' => depth -= 1,
            _ => {}
        }
    }
    out
}

/// Every path a file names through `crate::` or `super::`, as absolute module paths.
fn named_paths(module: &[String], code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let starts_path = |at: usize| {
        at == 0 || !code[..at].ends_with("::") && !code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_')
    };
    for (at, _) in code.match_indices("crate::") {
        if starts_path(at) {
            out.extend(paths_from(code, at + "crate::".len()));
        }
    }
    for (at, _) in code.match_indices("super::") {
        if !starts_path(at) {
            continue;
        }
        let mut climbs = 0;
        let mut after = at;
        while code[after..].starts_with("super::") {
            climbs += 1;
            after += "super::".len();
        }
        // `super` is the parent of the file's module (a mod.rs is its folder's module).
        let base = &module[..module.len().saturating_sub(climbs)];
        for tail in paths_from(code, after) {
            out.push(base.iter().cloned().chain(tail).collect());
        }
    }
    out
}

/// The import graph of `src/`: for every folder (the crate root included), which of its entries (files and
/// subfolders) name which others. `(folder, from, to)`.
fn import_edges() -> Vec<(String, String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files: Vec<_> = rust_files(&src)
        .into_iter()
        .filter(|f| !f.ends_with("main.rs") && !f.ends_with("lib.rs"))
        .collect();
    let modules: std::collections::BTreeSet<Vec<String>> = files.iter().map(|f| module_path(&src, f)).collect();
    // What each folder's mod.rs re-exports from its entries (`pub use turn::Played;`): naming `super::Played` is
    // naming `turn`.
    let mut reexported: std::collections::BTreeMap<(Vec<String>, String), String> = Default::default();
    for file in files.iter().filter(|f| f.ends_with("mod.rs")) {
        let folder = module_path(&src, file);
        let code = code_of(file);
        for (at, _) in code.match_indices("pub use ") {
            for path in paths_from(&code, at + "pub use ".len()) {
                let child: Vec<String> = folder.iter().cloned().chain(path.first().cloned()).collect();
                if path.len() >= 2 && modules.iter().any(|m| m.starts_with(&child)) {
                    reexported.insert((folder.clone(), path[path.len() - 1].clone()), path[0].clone());
                }
            }
        }
    }
    let mut edges = std::collections::BTreeSet::new();
    for file in &files {
        let module = module_path(&src, file);
        for path in named_paths(&module, &code_of(file)) {
            // For each folder holding this file, the entry it sits in and the entry the path reaches.
            for depth in 0..module.len() {
                let folder = &module[..depth];
                if path.len() <= depth || path[..depth] != *folder || path[depth] == module[depth] {
                    continue;
                }
                let target: Vec<String> = path[..=depth].to_vec();
                // Only entries of the folder count (an item of the folder's own mod.rs is not one, unless it is an
                // entry's, re-exported).
                let entry = if modules.iter().any(|m| m.starts_with(&target)) {
                    Some(path[depth].clone())
                } else {
                    reexported.get(&(folder.to_vec(), path[depth].clone())).cloned()
                };
                if let Some(entry) = entry.filter(|e| *e != module[depth]) {
                    edges.insert((folder.join("::"), module[depth].clone(), entry));
                }
            }
        }
    }
    edges.into_iter().collect()
}

#[test]
fn no_import_loop_between_files_of_a_folder_or_between_folders() {
    let edges = import_edges();
    let mut cycles = Vec::new();
    let folders: std::collections::BTreeSet<&String> = edges.iter().map(|(f, _, _)| f).collect();
    for folder in folders {
        let next = |from: &str| -> Vec<String> {
            edges
                .iter()
                .filter(|(f, a, _)| f == folder && a == from)
                .map(|(_, _, b)| b.clone())
                .collect()
        };
        let nodes: std::collections::BTreeSet<String> = edges
            .iter()
            .filter(|(f, _, _)| f == folder)
            .flat_map(|(_, a, b)| [a.clone(), b.clone()])
            .collect();
        // A path back to where it started, searched from each entry.
        for start in &nodes {
            let mut stack = vec![(start.clone(), vec![start.clone()])];
            let mut seen = std::collections::BTreeSet::new();
            while let Some((at, trail)) = stack.pop() {
                for to in next(&at) {
                    if &to == start {
                        let mut cycle = trail.clone();
                        cycle.push(to.clone());
                        cycles.push(format!(
                            "{}: {}",
                            if folder.is_empty() { "src" } else { folder },
                            cycle.join(" -> ")
                        ));
                    } else if seen.insert(to.clone()) {
                        let mut longer = trail.clone();
                        longer.push(to.clone());
                        stack.push((to, longer));
                    }
                }
            }
        }
    }
    assert!(
        edges.len() > 100,
        "only {} imports found: the scan is broken",
        edges.len()
    );
    for (folder, from, to) in [
        ("bot", "turn", "outcome"),
        // `use super::{claim, computer, …}`: a group.
        ("bot", "router", "claim"),
        // `use crate::bot::table::Table` from a folder inside a folder.
        ("bot", "claim", "table"),
        ("render", "panel", "style"),
        ("", "store", "rules"),
    ] {
        assert!(
            edges.iter().any(|(f, a, b)| f == folder && a == from && b == to),
            "the scan misses {folder}: {from} -> {to}"
        );
    }
    assert!(cycles.is_empty(), "import loops:\n{}", cycles.join("\n"));
}

/// The developers' guide's architecture table: each row's modules and what they may import (names in backticks).
fn architecture_rows() -> Vec<(Vec<String>, Vec<String>)> {
    let guide = page("developers-guide.md");
    let table = guide
        .split("## Architecture")
        .nth(1)
        .expect("docs/developers-guide.md has an architecture section");
    let ticked = |cell: &str| -> Vec<String> {
        cell.split('`')
            .skip(1)
            .step_by(2)
            .map(|name| {
                name.trim_start_matches("src/")
                    .trim_end_matches('/')
                    .trim_end_matches(".rs")
                    .to_string()
            })
            .collect()
    };
    table
        .lines()
        .take_while(|l| !l.starts_with("**"))
        .filter(|l| l.starts_with("| `"))
        .map(|row| {
            let cells: Vec<&str> = row.split('|').collect();
            (ticked(cells[1]), ticked(cells[cells.len() - 2]))
        })
        .collect()
}

#[test]
fn every_folder_of_src_imports_only_what_the_developers_guide_allows() {
    let rows = architecture_rows();
    let allowed = |module: &str| -> Option<&Vec<String>> {
        rows.iter()
            .find(|(modules, _)| modules.iter().any(|m| m == module))
            .map(|(_, may)| may)
    };
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let name = entry
            .unwrap()
            .file_name()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        if name != "main" && name != "lib" && allowed(&name).is_none() {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "the architecture table of docs/developers-guide.md has no row for {missing:?}"
    );
    let mut forbidden = Vec::new();
    for (folder, from, to) in import_edges() {
        if folder.is_empty() && !allowed(&from).is_some_and(|may| may.contains(&to)) {
            forbidden.push(format!("{from} imports {to}"));
        }
    }
    assert!(
        forbidden.is_empty(),
        "imports the architecture table of docs/developers-guide.md does not allow:\n{}",
        forbidden.join("\n")
    );
}

#[test]
fn the_bots_features_import_its_core_only_and_only_the_router_imports_them() {
    let guide = page("developers-guide.md");
    // "The features: `lobby`, `tickets`, … `stats`." up to its full stop.
    let from = guide
        .find("The features:")
        .expect("docs/developers-guide.md names the bot's features");
    let line = guide[from..].split('.').next().unwrap_or("");
    let features: Vec<String> = line
        .split('`')
        .skip(1)
        .step_by(2)
        .map(|f| f.trim_end_matches('/').to_string())
        .collect();
    assert!(features.len() >= 8, "{features:?}");
    let mut wrong = Vec::new();
    for (folder, from, to) in import_edges() {
        if folder == "bot" && features.contains(&to) && from != "router" {
            wrong.push(format!("{from} imports the feature {to}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn files_in_src_stay_under_six_hundred_lines_but_those_the_developers_guide_names() {
    // The developers' guide's habit ("Files in `src/` stay under about 600 lines …, except where one idea earns
    // more: …"): the exceptions are the files its paragraph names, so a file that grows past it is named there, with
    // its reason.
    const MOST_LINES: usize = 600;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let guide = page("developers-guide.md");
    let from = guide
        .find("Files in `src/` stay under about 600 lines")
        .expect("docs/developers-guide.md says how long files stay");
    let paragraph = guide[from..].split("\n\n").next().unwrap_or("");
    let excepted: Vec<&str> = paragraph
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|word| word.ends_with(".rs"))
        .collect();
    let src = root.join("src");
    let mut long = Vec::new();
    for file in rust_files(&src) {
        let relative = file.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/");
        let lines = std::fs::read_to_string(&file).unwrap().lines().count();
        if lines > MOST_LINES && !excepted.contains(&relative.as_str()) {
            long.push(format!("src/{relative}: {lines} lines"));
        }
    }
    long.sort();
    assert!(
        long.is_empty(),
        "files past {MOST_LINES} lines docs/developers-guide.md does not name as exceptions (split them, or say why \
         there):\n{}",
        long.join("\n")
    );
}

/// Calls to Discord and the one file of `src/bot/` each may be written in: answers to a user (a command's reply, a
/// press's response, followup or acknowledgement) only in `reply.rs`, requests to a channel (posts, edits, deletes,
/// threads, DMs) only in `post.rs`, where they are retried, fenced and counted. Method names without their arguments
/// (and, where the name is Discord's alone, without their receiver), so `x.delete(&ctx.http)` is caught too.
const DOORS: [(&str, &[&str]); 2] = [
    (
        "reply.rs",
        &[
            "ctx.send(",
            ".say(",
            ".reply(",
            "send_reply(",
            ".defer(",
            ".defer_ephemeral(",
            "create_response(",
            "_followup(",
            "create_followup_message(",
            "edit_response(",
            "delete_response(",
            "edit_original_interaction_response(",
            "create_interaction_response(",
        ],
    ),
    (
        "post.rs",
        &[
            "send_message(",
            "edit_message(",
            "delete_message(",
            "delete_messages(",
            "create_thread",
            "create_dm_channel(",
            ".delete(",
            ".edit(",
            "send_files(",
            "crosspost(",
            ".pin(",
        ],
    ),
];

/// A file's code without comments, up to its unit tests (`mod tests`, which say what the code should send).
fn code_before_its_tests(file: &Path) -> String {
    let code = code_lines(file).join("\n");
    code.split("#[cfg(test)]\nmod tests").next().unwrap_or("").to_string()
}

#[test]
fn the_bot_answers_users_only_through_reply_and_writes_to_channels_only_through_post() {
    let bot = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/bot");
    let mut stray = Vec::new();
    for file in rust_files(&bot) {
        let relative = file.strip_prefix(&bot).unwrap().to_string_lossy().replace('\\', "/");
        for line in code_before_its_tests(&file).lines() {
            for (door, calls) in DOORS {
                for call in calls.iter().filter(|call| line.contains(*call)) {
                    if relative != door {
                        stray.push(format!("src/bot/{relative}: `{call}` outside {door}: {}", line.trim()));
                    }
                }
            }
        }
    }
    assert!(stray.is_empty(), "{}", stray.join("\n"));
}
