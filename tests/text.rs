//! The sentences players read: one per public event, private events for their owner, rule errors, and nothing
//! hidden in anything public.

mod common;

use common::*;
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
