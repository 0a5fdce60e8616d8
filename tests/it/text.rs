//! The sentences players read: one per public event, private events for their owner, rule errors, and nothing
//! hidden in anything public; the message catalog they come from, complete in both languages and the only place
//! that writes them.

use crate::common;
use crate::common::*;
use ttrbot::maps::BUILTIN;
use ttrbot::rules::{Action, Card, Event, Game, GameRng, PrivateEvent, Seat};
use ttrbot::text::{self, Lang};

fn names() -> Vec<String> {
    ["Ana", "Ben", "Cleo", "Dev", "Eli"].map(String::from).to_vec()
}

#[test]
fn each_public_event_reads_as_one_sentence_naming_the_player() {
    let game = started("usa", 2, 1);
    let usa = game.map();
    let omaha = route(&game, "Denver", "Omaha", None);
    let cases: Vec<(Event, &str)> = vec![
        (
            Event::Claimed {
                seat: Seat(0),
                route: omaha,
                cards: cards(&[("pink", 4)]),
                points: 7,
            },
            "Ana claimed Denver – Omaha (4, pink) for 7 points.",
        ),
        (Event::DrewBlind { seat: Seat(1) }, "Ben drew a card from the deck."),
        (
            Event::DrewFaceup {
                seat: Seat(1),
                card: card("locomotive"),
            },
            "Ben took a face-up locomotive.",
        ),
        (
            Event::TicketsKept {
                seat: Seat(0),
                kept: 1,
                returned: 2,
            },
            "Ana kept 1 of 3 tickets.",
        ),
        (
            Event::TicketsDrawn {
                seat: Seat(0),
                count: 3,
            },
            "Ana drew 3 tickets.",
        ),
        (
            Event::GameStarted { first: Seat(1) },
            "Everyone has chosen their tickets: Ben plays first.",
        ),
        (
            Event::Passed { seat: Seat(0) },
            "Ana passed: nothing else was possible.",
        ),
        (
            Event::FinalRoundStarted { seat: Seat(1) },
            "Ben has 2 or fewer trains left: the final round begins, and everyone, Ben included, takes one last turn.",
        ),
        (Event::GameOver, "The game is over."),
    ];
    for (event, expected) in cases {
        assert_eq!(text::event(Lang::En, usa, &names(), &event), expected);
    }
    let europe = map("europe");
    let tunnel = route(&started("europe", 2, 1), "Marseille", "Zürich", None);
    let revealed = Event::TunnelRevealed {
        seat: Seat(0),
        route: tunnel,
        turned: vec![card("pink"), card("locomotive"), card("blue")],
        extra: 2,
    };
    assert_eq!(
        text::event(Lang::En, &europe, &names(), &revealed),
        "Ana digs the tunnel Marseille – Zürich (2, pink): turned pink, locomotive, blue, 2 more cards to pay."
    );
}

#[test]
fn private_events_tell_the_player_what_they_drew() {
    let game = started("usa", 2, 1);
    let said = |card: &str| {
        text::private_event(
            Lang::En,
            game.map(),
            &PrivateEvent::DrewCard {
                card: common::card(card),
            },
        )
    };
    assert_eq!(said("blue"), "You drew a blue card.");
    assert_eq!(said("orange"), "You drew an orange card.");
    assert_eq!(said("locomotive"), "You drew a locomotive.");
}

#[test]
fn every_rule_error_has_a_sentence() {
    // Every variant the engine can produce in random play on every map reads as a finished sentence.
    let mut seen = std::collections::BTreeSet::new();
    for (id, _) in BUILTIN {
        let m = map(id);
        let mut game = Game::new(m.clone(), usize::from(m.rules.min_players), 3).unwrap();
        let mut chooser = GameRng::new(9);
        let mut legal = Vec::new();
        let tries = [
            Action::Pass,
            Action::DrawTickets,
            Action::DeclineTunnel,
            Action::DrawFaceup { slot: 9 },
        ];
        while !game.is_over() {
            for seat in 0..game.players() + 1 {
                for action in tries {
                    if let Err(e) = game.clone().apply(Seat(seat as u8), action) {
                        let sentence = text::rule_error(Lang::En, &m, &e);
                        assert!(sentence.ends_with('.') && !sentence.contains('{'), "{sentence}");
                        seen.insert(e.code());
                    }
                }
            }
            let seat = game.to_act()[0];
            game.legal_actions(seat, &mut legal);
            game.apply(seat, legal[chooser.below(legal.len())]).unwrap();
        }
    }
    assert!(seen.len() >= 6, "{seen:?}");
}

#[test]
fn public_sentences_never_name_a_hidden_card_or_ticket_and_private_ones_match_the_hand() {
    for (id, _) in BUILTIN {
        let m = map(id);
        let players = usize::from(m.rules.max_players).min(4);
        let mut game = Game::new(m.clone(), players, 11).unwrap();
        let mut chooser = GameRng::new(5);
        let mut legal = Vec::new();
        let ticket_labels: Vec<String> = (0..m.tickets.len() as u16)
            .map(|t| text::ticket(Lang::En, &m, ttrbot::rules::TicketId(t)))
            .collect();
        let card_words: Vec<&str> = (0..10)
            .map(|i| Card::from_index(i).unwrap().name(m.rules.wild))
            .collect();
        while !game.is_over() {
            let seat = game.to_act()[0];
            game.legal_actions(seat, &mut legal);
            let action = legal[chooser.below(legal.len())];
            let before = game.seat_view(seat).hand;
            let (events, private) = game.apply_seen_by(seat, action).unwrap();
            for event in &events {
                let sentence = text::event(Lang::En, &m, &names(), event);
                assert!(
                    !ticket_labels.iter().any(|t| sentence.contains(t.as_str())),
                    "{id}: {sentence}"
                );
                if matches!(event, Event::DrewBlind { .. }) {
                    assert!(!card_words.iter().any(|w| sentence.contains(w)), "{id}: {sentence}");
                }
            }
            for p in &private {
                if let PrivateEvent::DrewCard { card } = p {
                    let after = game.seat_view(seat).hand;
                    assert_eq!(
                        after.get(*card),
                        before.get(*card) + 1,
                        "{id}: the drawn card is in the hand"
                    );
                }
            }
            let blind = events.iter().filter(|e| matches!(e, Event::DrewBlind { .. })).count();
            let drawn = private
                .iter()
                .filter(|p| matches!(p, PrivateEvent::DrewCard { .. }))
                .count();
            assert_eq!(blind, drawn, "{id}: one private card per blind draw");
        }
    }
}

#[test]
fn each_maps_rules_in_short_name_its_own_mechanics_and_no_others() {
    let rules = |id: &str| text::rules(Lang::En, &map(id));
    let usa = rules("usa");
    assert!(usa.starts_with("**USA**: 2 to 5 players, 45 trains each."), "{usa}");
    for absent in ["Tunnels", "Ferries", "Stations", "Metro", "Grand Tour"] {
        assert!(!usa.contains(absent), "USA mentions {absent}:\n{usa}");
    }
    assert!(usa.contains("longest continuous path +10"));
    let europe = rules("europe");
    for present in [
        "Tunnels",
        "Ferries",
        "Stations:** 3 each, costing 1 / 2 / 3 cards",
        "1 long one",
    ] {
        assert!(europe.contains(present), "Europe lacks {present}:\n{europe}");
    }
    assert!(rules("switzerland").contains("locomotives pay only for tunnels"));
    assert!(rules("india").contains("Grand Tour"));
    let berlin = rules("berlin");
    assert!(
        berlin.contains("11 trams and 5 metro cars") && berlin.contains("bicycle"),
        "{berlin}"
    );
    assert!(!berlin.contains("longest"), "{berlin}");
}

#[test]
fn the_same_sentences_read_in_spanish_with_the_rulebooks_words() {
    let game = started("europe", 2, 1);
    let europe = game.map();
    let names = names();
    let es = |e: &Event| text::event(Lang::Es, europe, &names, e);
    let route = route(&game, "Marseille", "Zürich", None);
    let said = [
        es(&Event::Claimed {
            seat: Seat(0),
            route,
            cards: cards(&[("pink", 2)]),
            points: 7,
        }),
        es(&Event::DrewFaceup {
            seat: Seat(1),
            card: card("locomotive"),
        }),
        es(&Event::DrewFaceup {
            seat: Seat(1),
            card: card("red"),
        }),
        es(&Event::TicketsKept {
            seat: Seat(0),
            kept: 1,
            returned: 0,
        }),
        es(&Event::FaceupReset),
        text::private_event(Lang::Es, europe, &PrivateEvent::DrewCard { card: card("white") }),
        text::cards(Lang::Es, europe, &cards(&[("red", 3), ("locomotive", 1)])),
        text::rule_error(Lang::Es, europe, &ttrbot::rules::RuleError::KeepMore { min: 2 }),
        text::rule_error(Lang::Es, europe, &ttrbot::rules::RuleError::NotYourTurn),
        text::whose_turn(Lang::Es, &names, &game.public_view()),
    ];
    let expected = [
        "Ana cubre Marseille – Zürich (2, morado) y suma 7 puntos.",
        "Ben roba una Locomotora boca arriba.",
        "Ben roba una carta roja boca arriba.",
        "Ana se queda 1 billete.",
        "Tres Locomotoras boca arriba: se retiran las cinco cartas y se sacan cinco nuevas.",
        "Has robado una carta blanca.",
        "3 rojas, 1 Locomotora",
        "Quédate al menos 2 billetes.",
        "No es tu turno.",
        "Le toca a Ana.",
    ];
    assert_eq!(said, expected);
    // Every rule summary reads in Spanish too, from the same data.
    for (id, _) in BUILTIN {
        let map = ttrbot::maps::builtin(id).unwrap();
        let rules = text::rules(Lang::Es, &map);
        assert!(
            rules.contains("**Preparación:**") && rules.contains("**Puntuación:**"),
            "{rules}"
        );
        assert!(
            !rules.contains("card") && !rules.contains("ticket"),
            "English left in: {rules}"
        );
    }
    assert_eq!(Lang::from_locale("es-ES"), Lang::Es);
    assert_eq!(Lang::from_locale("es-419"), Lang::Es);
    assert_eq!(Lang::from_locale("pt-BR"), Lang::En);
}

#[test]
fn cards_typed_in_spanish_read_as_the_english_form_does() {
    let game = started("europe", 2, 1);
    let europe = game.map();
    let read = |lang, typed| text::parse_cards(lang, europe, typed);
    let expected = cards(&[("red", 3), ("locomotive", 1)]);
    for typed in [
        "3 rojas + 1 Locomotora",
        "3 ROJAS, 1 locomotora",
        "3 rojo + 1 locomotoras",
        "3 red + 1 locomotive",
    ] {
        assert_eq!(read(Lang::Es, typed), Ok(expected), "{typed}");
    }
    assert_eq!(read(Lang::Es, "2 moradas"), Ok(cards(&[("pink", 2)])));
    assert_eq!(read(Lang::Es, "amarilla"), Ok(cards(&[("yellow", 1)])));
    // English players type English; nonsense is refused in either language.
    assert!(read(Lang::En, "3 rojas").is_err());
    assert!(read(Lang::Es, "3 azulado").is_err());
    // What the bot offers in Spanish reads back.
    let offered = text::payment(Lang::Es, europe, &expected);
    assert_eq!(offered, "3 rojas + 1 Locomotora");
    assert_eq!(read(Lang::Es, &offered), Ok(expected));
}

/// Every sentence a player reads comes from the message catalog: the sources of the bot, the board's panel, the
/// text layer and `ttrbot play` hold no English words of their own (only catalog keys, placeholders and logs); every
/// message exists in both languages with the same placeholders.
mod catalog_checks {
    use std::path::{Path, PathBuf};

    use super::common;
    use ttrbot::text::{Lang, catalog};

    /// The sources whose strings players read.
    const SCANNED: [&str; 6] = [
        "src/bot",
        "src/render",
        "src/text",
        "src/web",
        "src/cli/session",
        "src/cli/play.rs",
    ];

    /// Calls whose strings nobody playing reads: logs, internal errors that end in the apology, and the words the
    /// operator reads in the terminal when the bot cannot start (the README's language, like `--help`).
    const NOT_FOR_PLAYERS: [&str; 18] = [
        "tracing::",
        // What failed in a web page, for the log; the page's security policy, for the browser.
        "page_failed(",
        "CONTENT_SECURITY_POLICY",
        // Why the process stops, for the operator's log and terminal.
        "stop_with(",
        "end(&format!(",
        // Why a channel is taken as gone, for the log.
        "forget_channel(",
        // What serenity logs when it gives a shard up, looked for in its log.
        "SERENITY_GAVE_UP",
        // What a retried request is, for the log.
        "with_retries(",
        "post::edit(",
        // Why a request was not made, for the log (a refused request is logged, never shown).
        "serenity::Error::Other(",
        // What failed after an action was kept: logged, never shown.
        "Error::Kept(",
        ".expect(",
        "panic!(",
        "assert!(",
        "unreachable!(",
        "Error::from(",
        "Error::Internal(",
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

    /// A source file, or the Rust files under a folder.
    fn sources(path: &Path) -> Vec<PathBuf> {
        if path.is_file() {
            vec![path.to_path_buf()]
        } else {
            common::rust_files(path)
        }
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

    #[test]
    fn every_message_exists_in_both_languages_with_the_same_placeholders() {
        let (en, es) = (catalog::messages(Lang::En), catalog::messages(Lang::Es));
        assert!(en.len() > 100, "the English catalog has {} messages", en.len());
        let only_en: Vec<&String> = en.keys().filter(|k| !es.contains_key(*k)).collect();
        let only_es: Vec<&String> = es.keys().filter(|k| !en.contains_key(*k)).collect();
        assert!(only_en.is_empty(), "missing in Spanish: {only_en:?}");
        assert!(only_es.is_empty(), "missing in English: {only_es:?}");
        for (key, vars) in &en {
            assert_eq!(vars, &es[key], "{key}: the languages use different placeholders");
        }
    }

    #[test]
    fn every_key_the_code_names_is_in_the_catalog() {
        let en = catalog::messages(Lang::En);
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
        let mut missing = Vec::new();
        // This file names the macro in its own documentation and tests.
        for file in common::rust_files(std::path::Path::new(root))
            .into_iter()
            .filter(|f| !f.ends_with("catalog.rs"))
        {
            let code = std::fs::read_to_string(&file).unwrap();
            for (i, _) in code.match_indices("tr!(") {
                // Another macro ending in the same letters (`include_str!(`) is not ours.
                if code[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                // tr!(lang, "key" …): a string literal right after the first argument; computed keys are skipped
                // (the card and colour keys are checked by their own test).
                let rest = &code[i + 4..];
                let Some(comma) = rest.find(',') else { continue };
                let after = rest[comma + 1..].trim_start();
                let Some(literal) = after.strip_prefix('"') else {
                    continue;
                };
                let Some(end) = literal.find('"') else { continue };
                let key = &literal[..end];
                if !en.contains_key(key) {
                    missing.push(format!("{}: {key}", file.display()));
                }
            }
        }
        assert!(
            missing.is_empty(),
            "keys named in code but not in the catalog: {missing:#?}"
        );
    }

    #[test]
    fn every_string_shaped_like_a_message_key_is_one() {
        // Keys chosen in code before `tr!` (`let key = if … { "count-trams" } …`) escape the test above: any string
        // shaped like a key whose first word starts keys of the catalog must be a key.
        let en = catalog::messages(Lang::En);
        let families: std::collections::BTreeSet<&str> = en.keys().filter_map(|k| k.split('-').next()).collect();
        // The words of components' `custom_id`s (`ttr:<game>:<what>`), which share a first word with some keys: the
        // bot's own table of them, not a list kept here.
        let actions: Vec<&str> = ttrbot::bot::Component::FIXED.iter().map(|(_, word)| *word).collect();
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
        let mut missing = Vec::new();
        for file in common::rust_files(std::path::Path::new(root)) {
            let code = std::fs::read_to_string(&file).unwrap();
            // Escaped quotes and quote characters would put the split out of step.
            let code = code
                .split("#[cfg(test)]")
                .next()
                .unwrap()
                .replace("\\\"", "")
                .replace("'\"'", "");
            for literal in code.split('"').skip(1).step_by(2) {
                let shaped = literal.contains('-')
                    && literal
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "-_.".contains(c));
                let family = literal.split('-').next().unwrap_or("");
                if shaped && families.contains(family) && !en.contains_key(literal) && !actions.contains(&literal) {
                    missing.push(format!("{}: {literal}", file.display()));
                }
            }
        }
        assert!(
            missing.is_empty(),
            "key-shaped strings missing from the catalog: {missing:#?}"
        );
    }

    #[test]
    fn every_card_and_colour_has_its_words_in_both_languages() {
        let en = catalog::messages(Lang::En);
        let mut kinds: Vec<&str> = ttrbot::rules::Color::ALL.iter().map(|c| c.name()).collect();
        kinds.push("gray");
        for kind in &kinds {
            for key in [format!("color-{kind}"), format!("card-{kind}")] {
                assert!(en.contains_key(&key), "{key}");
            }
        }
        for card in kinds.iter().copied().chain(["locomotive", "bicycle"]) {
            for attribute in ["count", "noun", "article", "kind"] {
                assert!(
                    en.contains_key(&format!("card-{card}.{attribute}")),
                    "card-{card}.{attribute}"
                );
            }
        }
        for wild in ["locomotive", "bicycle"] {
            for attribute in ["plural", "counted"] {
                assert!(
                    en.contains_key(&format!("card-{wild}.{attribute}")),
                    "card-{wild}.{attribute}"
                );
            }
        }
    }

    #[test]
    fn plurals_follow_each_language() {
        assert_eq!(
            catalog::message(Lang::En, "count-tickets", &[("count", catalog::Arg::from(1u8))]),
            "1 ticket"
        );
        assert_eq!(
            catalog::message(Lang::En, "count-tickets", &[("count", catalog::Arg::from(3u8))]),
            "3 tickets"
        );
        assert_eq!(
            catalog::message(Lang::Es, "count-tickets", &[("count", catalog::Arg::from(1u8))]),
            "1 billete"
        );
        assert_eq!(
            catalog::message(Lang::Es, "count-tickets", &[("count", catalog::Arg::from(3u8))]),
            "3 billetes"
        );
    }

    #[test]
    fn every_command_a_message_names_is_one_a_player_of_that_language_sees() {
        for lang in [Lang::En, Lang::Es] {
            // The names Discord shows in this language: `command-<name>` of the catalog.
            let shown: Vec<String> = catalog::messages(lang)
                .keys()
                .filter(|k| k.starts_with("command-") && !k.contains('.'))
                .map(|k| catalog::message(lang, k, &[]))
                .collect();
            assert!(shown.len() > 15, "{shown:?}");
            // `ttrbot play`'s verbs are typed in English in every language: its file is not about slash commands.
            for (_, file, source) in catalog::FILES
                .iter()
                .filter(|(l, f, _)| *l == lang && !f.ends_with("play.ftl"))
            {
                // Messages, not the files' comments.
                let messages: String = source
                    .lines()
                    .filter(|l| !l.starts_with('#'))
                    .collect::<Vec<_>>()
                    .join("\n");
                for (at, _) in messages.match_indices("/ttr ") {
                    let name: String = messages[at + 5..]
                        .chars()
                        .take_while(|c| c.is_alphabetic() || *c == '_')
                        .collect();
                    assert!(
                        shown.contains(&name),
                        "{file}: /ttr {name} is not a command {lang:?} players see"
                    );
                }
            }
        }
    }
}

#[test]
fn history_pages_fit_a_discord_message_whatever_the_names_and_lose_no_line() {
    // Five players with 32-character names made of markdown characters, escaped as the bot escapes them (each
    // doubled), over whole random games with tunnels and stations.
    let names: Vec<String> = (0..5)
        .map(|i| {
            let raw: String = "*_~`|>#[]\\".chars().cycle().skip(i).take(32).collect();
            raw.chars().flat_map(|c| ['\\', c]).collect()
        })
        .collect();
    for map_id in ["europe", "switzerland", "usa"] {
        let players = if map_id == "switzerland" { 3 } else { 5 };
        let mut game = started(map_id, players, 7);
        let mut rng = GameRng::new(7);
        let (mut events, mut legal) = (Vec::new(), Vec::new());
        while !game.is_over() {
            let seat = game.to_act()[0];
            game.legal_actions(seat, &mut legal);
            events.extend(game.apply(seat, legal[rng.below(legal.len())]).unwrap());
        }
        for lang in [Lang::En, Lang::Es] {
            let every: Vec<String> = events
                .iter()
                .map(|e| text::event(lang, game.map(), &names, e))
                .collect();
            let last = text::history(lang, game.map(), &names, &events, None);
            let pages: usize = last
                .lines()
                .next()
                .unwrap()
                .rsplit(' ')
                .find_map(|w| w.trim_matches('*').parse().ok())
                .unwrap();
            let mut read = Vec::new();
            for page in 1..=pages {
                let body = text::history(lang, game.map(), &names, &events, Some(page));
                assert!(
                    body.chars().count() <= 2_000,
                    "{map_id} {lang:?} page {page}: {} characters",
                    body.chars().count()
                );
                let lines: Vec<&str> = body.lines().skip(1).collect();
                assert!(lines.len() <= text::HISTORY_PAGE);
                read.extend(lines.into_iter().map(str::to_string));
            }
            assert_eq!(read, every, "{map_id} {lang:?}: every line once, in order");
        }
    }
}
