//! The README and the book under `docs/`: every relative link and picture points at a file that exists, and at a
//! heading of it when the link names one, so a page moved or a heading renamed is caught here, not by a reader.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The README and every `.md` file under `docs/`.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec![root.join("README.md")];
    let mut folders = vec![root.join("docs")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|x| x == "md") {
                pages.push(path);
            }
        }
    }
    pages.sort();
    pages
}

/// Whether a line opens or closes a fenced code block (```, indented or not).
fn is_fence(line: &str) -> bool {
    line.trim_start().starts_with("```")
}

/// A page's text with its code left out: fenced blocks, then inline spans (between a backtick and the next).
fn without_code(text: &str) -> String {
    let mut fenced = false;
    let mut prose = String::new();
    for line in text.lines() {
        if is_fence(line) {
            fenced = !fenced;
        } else if !fenced {
            prose.push_str(line);
            prose.push('\n');
        }
    }
    prose.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}

/// The targets of a page's links and pictures (`[text](target)`, `![alt](target)`), outside code; a title after the
/// target (`(file.md "title")`) and angle brackets around it are left out.
fn link_targets(text: &str) -> Vec<String> {
    let prose = without_code(text);
    let mut targets = Vec::new();
    let mut rest = prose.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else {
            break;
        };
        let target = after[..end].split_whitespace().next().unwrap_or("");
        targets.push(target.trim_start_matches('<').trim_end_matches('>').to_string());
        rest = &after[end + 1..];
    }
    targets
}

/// The anchors GitHub gives a page's headings: the heading's text lowercased, each space made `-`, every other
/// character but letters, digits, `-` and `_` dropped; a repeated one gets `-1`, `-2`, … after it.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut fenced = false;
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut anchors = BTreeSet::new();
    for line in text.lines() {
        if is_fence(line) {
            fenced = !fenced;
            continue;
        }
        let Some(hashes) = line.strip_prefix('#') else {
            continue;
        };
        let title = hashes.trim_start_matches('#');
        if fenced || !title.starts_with(' ') {
            continue;
        }
        let slug: String = title
            .trim()
            .to_lowercase()
            .chars()
            .filter(|&c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let count = seen.entry(slug.clone()).or_insert(0);
        anchors.insert(if *count == 0 { slug } else { format!("{slug}-{count}") });
        *count += 1;
    }
    anchors
}

#[test]
fn every_relative_link_in_the_readme_and_the_book_points_at_a_file_and_heading_that_exist() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut broken = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let name = page.strip_prefix(root).unwrap().display().to_string();
        for target in link_targets(&text) {
            let elsewhere = ["http://", "https://", "mailto:"]
                .into_iter()
                .any(|scheme| target.starts_with(scheme));
            if target.is_empty() || elsewhere {
                continue;
            }
            checked += 1;
            let (file, anchor) = match target.split_once('#') {
                Some((file, anchor)) => (file, Some(anchor)),
                None => (target.as_str(), None),
            };
            // Relative to the linking page; a bare `#anchor` is the page itself.
            let linked = if file.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(file)
            };
            if !linked.exists() {
                broken.push(format!("{name}: ({target}): no such file"));
                continue;
            }
            if let Some(anchor) = anchor {
                let headings = if linked.extension().is_some_and(|x| x == "md") {
                    anchors(&std::fs::read_to_string(linked).unwrap())
                } else {
                    BTreeSet::new()
                };
                if !headings.contains(anchor) {
                    broken.push(format!("{name}: ({target}): no heading there gives #{anchor}"));
                }
            }
        }
    }
    assert!(
        checked >= 40,
        "only {checked} relative links checked: the scan is broken"
    );
    assert!(broken.is_empty(), "links to nothing:\n{}", broken.join("\n"));
}

#[test]
fn the_link_scan_reads_links_pictures_and_headings_as_github_does() {
    let page = "# The `ttrbot score FILE.json` page\n\
                See [the maps](players-guide.md#the-maps) and [![a board](board.png)](usa-after.png).\n\
                ```sh\n\
                # not a heading; [not](a-link.md)\n\
                ```\n\
                `[not](a-link.md) either`, <https://example.org> and [a site](https://example.org \"title\").\n\
                ## Players' guide: rules\n\
                ## Players' guide: rules\n";
    assert_eq!(
        link_targets(page),
        [
            "players-guide.md#the-maps",
            "board.png",
            "usa-after.png",
            "https://example.org"
        ]
    );
    let expected: BTreeSet<String> = [
        "the-ttrbot-score-filejson-page",
        "players-guide-rules",
        "players-guide-rules-1",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(anchors(page), expected);
}
