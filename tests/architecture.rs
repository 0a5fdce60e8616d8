//! Habits the code must keep: the rules stay pure, and the README lists every rule-error code.

use std::path::Path;

use ttrbot::rules::RuleError;

#[test]
fn the_rules_module_imports_no_io_async_discord_database_or_images() {
    let forbidden = [
        "tokio",
        "serenity",
        "poise",
        "sqlx",
        "image",
        "imageproc",
        "ab_glyph",
        "std::fs",
        "std::net",
        "std::time",
        "std::env",
        "std::process",
    ];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for f in forbidden {
                let used = line.contains(&format!("use {f}")) || line.contains(&format!("{f}::"));
                assert!(!used, "{}: `{}` uses {f}", path.display(), line.trim());
            }
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} files checked");
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
