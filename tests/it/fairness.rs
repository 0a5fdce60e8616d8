//! Nobody can compute a game's deal from what the game shows: the attack that broke the clock-seeded games finds
//! them, and finds nothing in a game dealt today.

use std::sync::Arc;

use ttrbot::rules::{Card, CardCounts, Game, GameRng, GameSeed, Map, Seat};
use ttrbot::seeds::Seeds;

/// What a player sees of a fresh game before anyone moves: the face-up row (everyone) and their own hand and
/// ticket offer.
#[derive(PartialEq, Debug)]
struct Seen {
    faceup: [Option<Card>; 5],
    hand: CardCounts,
    offer: Vec<ttrbot::rules::TicketId>,
}

fn seen(game: &Game, seat: Seat) -> Seen {
    let view = game.seat_view(seat);
    Seen {
        faceup: view.public.faceup,
        hand: view.hand,
        offer: view.offer,
    }
}

/// How games were seeded before ChaCha20: the clock's nanoseconds mixed with the lobby's interaction id, which
/// every member of the channel can read.
fn clock_seed(nanos: u64, interaction: u64) -> u64 {
    GameRng::new(nanos ^ interaction.rotate_left(17)).next_u64() >> 1
}

/// The attack: every nanosecond of `window`, dealt as the old bot would deal it, compared with what seat 0 sees.
/// Returns the nanoseconds whose deal matches.
fn search(map: &Arc<Map>, players: usize, interaction: u64, window: std::ops::Range<u64>, target: &Seen) -> Vec<u64> {
    window
        .filter(|&nanos| {
            let game = Game::new(Arc::clone(map), players, clock_seed(nanos, interaction)).unwrap();
            seen(&game, Seat(0)) == *target
        })
        .collect()
}

/// Nanoseconds since the epoch, as the old bot read them.
fn now_nanos() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
}

/// The millisecond of the second the lobby was opened that holds the instant the game was dealt: 10^6 deals, about
/// a second on one core here. The whole second is 10^9, minutes on a laptop's cores for an attacker, too long for a
/// test.
const SEARCHED: u64 = 1_000_000;

#[test]
fn the_clock_and_interaction_id_seeding_is_found_by_searching_the_second_the_lobby_was_opened() {
    let map = ttrbot::maps::builtin("usa").unwrap();
    let interaction = 1_313_131_313_131_313_131_u64;
    let dealt_at = now_nanos();
    let game = Game::new(Arc::clone(&map), 4, clock_seed(dealt_at, interaction)).unwrap();
    let window = dealt_at - SEARCHED / 2..dealt_at + SEARCHED / 2;
    assert_eq!(
        search(&map, 4, interaction, window, &seen(&game, Seat(0))),
        [dealt_at],
        "the attack finds the one instant that deals what seat 0 sees, and from it every hand, ticket and the deck"
    );
}

#[test]
fn no_instant_of_the_second_the_lobby_was_opened_reproduces_a_game_dealt_today() {
    let map = ttrbot::maps::builtin("usa").unwrap();
    let interaction = 1_313_131_313_131_313_131_u64;
    let seeds = Seeds::new(None);
    let dealt_at = now_nanos();
    let seed = seeds.next(424_242).unwrap();
    assert!(
        matches!(seed, GameSeed::ChaCha20(_)),
        "a key of 256 bits, not a number of 64"
    );
    let game = Game::new(Arc::clone(&map), 4, seed).unwrap();
    let target = seen(&game, Seat(0));
    // Nothing of the clock goes into a key, so the search finds nothing; it is run all the same, as an attacker would.
    let window = dealt_at - SEARCHED / 2..dealt_at + SEARCHED / 2;
    assert_eq!(search(&map, 4, interaction, window, &target), Vec::<u64>::new());
    // Nor does anything public go into it: the same channel at the same instant is dealt another game.
    let again = Game::new(Arc::clone(&map), 4, seeds.next(424_242).unwrap()).unwrap();
    assert_ne!(seen(&again, Seat(0)), target);
}

#[test]
fn what_everyone_sees_of_a_game_holds_neither_its_key_nor_its_generator() {
    let map = ttrbot::maps::builtin("europe").unwrap();
    let seed = ttrbot::seeds::fresh().unwrap();
    let key = seed.key_text().unwrap();
    let hex = key.trim_start_matches("chacha20:");
    let game = Game::new(map, 3, seed).unwrap();
    let public = serde_json::to_string(&game.public_view()).unwrap();
    let private = serde_json::to_string(&game.seat_view(Seat(1))).unwrap();
    let debug = format!("{game:?}");
    for (what, text) in [
        ("public view", &public),
        ("seat view", &private),
        ("debug output", &debug),
    ] {
        assert!(!text.contains(hex), "the {what} shows the key");
        assert!(!text.contains(&hex[..16]), "the {what} shows part of the key");
    }
}
