//! Habits the code must keep: the rules stay pure, and the README lists every rule-error code.

mod common;

use std::path::Path;

use common::rust_files;
use ttrbot::rules::RuleError;

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
fn the_readme_lists_every_rule_error_code() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    for code in RuleError::CODES {
        assert!(readme.contains(&format!("| `{code}` |")), "README is missing {code}");
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
