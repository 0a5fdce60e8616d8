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
