//! Every sentence a player reads comes from the message catalog: the sources of the bot, the board's panel, the
//! text layer and `ttrbot play` hold no English words of their own (only catalog keys, placeholders and logs).

use std::path::{Path, PathBuf};

/// The sources whose strings players read.
const SCANNED: [&str; 5] = [
    "src/bot",
    "src/render",
    "src/text",
    "src/cli/session.rs",
    "src/cli/play.rs",
];

/// Calls whose strings nobody playing reads: logs, internal errors that end in the apology, and the words the
/// operator reads in the terminal when the bot cannot start (the README's language, like `--help`).
const NOT_FOR_PLAYERS: [&str; 6] = [
    "tracing::",
    ".expect(",
    "panic!(",
    "unreachable!(",
    "Error::from(",
    "BotError::",
];

/// Strings players do read that are the same in every language, and why.
const SAME_IN_EVERY_LANGUAGE: [(&str, &str); 1] = [
    // A verb typed in `ttrbot play`: its verbs are the slash commands' names, English everywhere (DESIGN §6).
    ("src/cli/play.rs", "give up"),
];

/// A string literal in a source file: where it starts (byte offset, line) and what it says.
struct Literal {
    at: usize,
    line: usize,
    text: String,
}

/// The string literals of Rust source outside comments (char literals and lifetimes told apart well enough for
/// this project's code).
fn literals(code: &str) -> Vec<Literal> {
    let bytes = code.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    let mut line = 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => line += 1,
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'\'' => {
                // 'x' or '\n' is a char literal; 'a (a lifetime) is not.
                if bytes.get(i + 1) == Some(&b'\\') {
                    i += 4;
                    while i < bytes.len() && bytes[i - 1] != b'\'' {
                        i += 1;
                    }
                    continue;
                }
                let next = code[i + 1..].chars().next().map_or(0, char::len_utf8);
                if bytes.get(i + 1 + next) == Some(&b'\'') {
                    i += 2 + next;
                    continue;
                }
            }
            b'"' => {
                let (start, start_line) = (i, line);
                let mut text = String::new();
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    if bytes[i] == b'\n' {
                        line += 1;
                    }
                    text.push(char::from(bytes[i]));
                    i += 1;
                }
                found.push(Literal {
                    at: start,
                    line: start_line,
                    text,
                });
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// Whether a string reads as English prose: two words of letters side by side, or one capitalised word (a label),
/// once placeholders (`{name}`) are taken out.
fn reads_as_english(text: &str) -> bool {
    let mut plain = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let words: Vec<&str> = plain
        .split(|c: char| !c.is_alphabetic() && c != '\'')
        .filter(|w| !w.is_empty())
        .collect();
    let two_words = plain.split(' ').collect::<Vec<_>>().windows(2).any(|pair| {
        pair.iter().all(|w| {
            w.chars().filter(|c| c.is_alphabetic()).count() >= 2
                && w.chars().all(|c| c.is_alphabetic() || ",.:;'?!".contains(c))
        })
    });
    let label = words.len() == 1
        && plain.trim() == words[0]
        && words[0].chars().next().is_some_and(char::is_uppercase)
        && words[0].chars().skip(1).all(char::is_lowercase)
        && words[0].len() >= 3;
    two_words || label
}

fn sources(path: &Path) -> Vec<PathBuf> {
    if path.is_file() {
        return vec![path.to_path_buf()];
    }
    let mut out = Vec::new();
    for entry in std::fs::read_dir(path).unwrap() {
        out.extend(sources(&entry.unwrap().path()));
    }
    out.retain(|p| p.extension().is_some_and(|e| e == "rs"));
    out
}

#[test]
fn no_sentence_a_player_reads_is_written_outside_the_catalog() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut english = Vec::new();
    let mut scanned = 0;
    for file in SCANNED.iter().flat_map(|s| sources(&root.join(s))) {
        let code = std::fs::read_to_string(&file).unwrap();
        // A file's unit tests (at its end) say what the code should write; they are not what it writes.
        let code = code.split("#[cfg(test)]").next().unwrap();
        scanned += 1;
        for literal in literals(code) {
            // The statement the string stands in, from its start.
            let before = &code[..literal.at];
            let statement = &before[before.rfind([';', '{', '}']).map_or(0, |at| at + 1)..];
            let statement_line = &before[before.rfind('\n').map_or(0, |at| at + 1)..];
            if NOT_FOR_PLAYERS
                .iter()
                .any(|call| statement.contains(call) || statement_line.contains(call))
            {
                continue;
            }
            let relative = file.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
            if SAME_IN_EVERY_LANGUAGE.contains(&(relative.as_str(), literal.text.as_str())) {
                continue;
            }
            if reads_as_english(&literal.text) {
                english.push(format!(
                    "{}:{}: \"{}\"",
                    file.strip_prefix(root).unwrap().display(),
                    literal.line,
                    literal.text
                ));
            }
        }
    }
    assert!(scanned > 20, "only {scanned} files were scanned");
    assert!(
        english.is_empty(),
        "English outside the catalog (src/text/locales):\n{}",
        english.join("\n")
    );
}

#[test]
fn the_scanner_finds_english_and_passes_keys_and_logs() {
    assert!(reads_as_english("Your move is saved."));
    assert!(reads_as_english("Deck"));
    assert!(reads_as_english("{name} left the game"));
    assert!(!reads_as_english("button-deck"));
    assert!(!reads_as_english("{happened}\n{}"));
    assert!(!reads_as_english("ttr:{game}:{what}"));
    assert!(!reads_as_english("attachment://board.png"));
    assert!(!reads_as_english("{} · {}"));
    let found = literals("let a = \"one two\"; // \"not this\"\nlet b = '\"'; let c: &'static str = \"x\";");
    let texts: Vec<&str> = found.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(texts, ["one two", "x"]);
}
