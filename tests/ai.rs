//! Computer players: they only ever choose legal actions, on every map and player count, and their choice
//! depends only on what their seat may see.

use std::sync::Arc;

use ttrbot::ai::Level;
use ttrbot::maps;
use ttrbot::rules::{Action, Card, Game, GameRng, Seat, Step};
use ttrbot::sim;

const MAPS: [&str; 5] = ["usa", "europe", "switzerland", "india", "berlin"];

#[test]
fn computer_players_finish_games_with_legal_moves_on_every_map_and_player_count() {
    let mut games = 0;
    for id in MAPS {
        let map = maps::builtin(id).unwrap();
        for players in map.rules.min_players..=map.rules.max_players {
            for seed in 0..150u64 {
                // Every level at every seat, in turn.
                let levels: Vec<Level> = (0..usize::from(players))
                    .map(|i| Level::ALL[(i + seed as usize) % Level::ALL.len()])
                    .collect();
                let played = sim::play_levels(Arc::clone(&map), &levels, seed).unwrap_or_else(|e| panic!("{id}: {e}"));
                played.game.check_invariants().unwrap();
                games += 1;
            }
        }
    }
    assert!(games >= 2_000, "{games}");
}

#[test]
fn a_computer_player_sees_nothing_of_other_hands_other_tickets_or_the_deck() {
    let mut checked = 0;
    for id in MAPS {
        let map = maps::builtin(id).unwrap();
        for seed in 0..40u64 {
            let mut game = Game::new(Arc::clone(&map), 3, seed).unwrap();
            let mut chooser = GameRng::new(seed);
            ttrbot::sim::play_random_actions(&mut game, 20 + chooser.below(60), &mut chooser);
            if game.is_over() || *game.step() == Step::StartingTickets {
                continue;
            }
            let seat = game.current();
            let other = Seat(((seat.index() + 1) % 3) as u8);
            // Another game that differs only in what this seat may not see: one card of the other hand swapped with
            // one of the deck, the other's tickets reversed, and the deck reversed.
            let mut changed = game.clone();
            {
                let state = changed.state_mut();
                let first = state.seats[other.index()].hand.iter().next().map(|(card, _)| card);
                if let Some(card) = first
                    && let Some(from_deck) = state.deck.iter().position(|&c| c != card)
                {
                    let replacement: Card = state.deck[from_deck];
                    state.seats[other.index()].hand.remove(card, 1);
                    state.seats[other.index()].hand.add(replacement, 1);
                    state.deck[from_deck] = card;
                }
                state.seats[other.index()].tickets.reverse();
                state.deck.reverse();
            }
            changed.check_invariants().unwrap();
            assert_ne!(changed, game);
            assert_eq!(changed.seat_view(seat), game.seat_view(seat));
            let (mut legal, mut legal_changed) = (Vec::new(), Vec::new());
            game.legal_actions(seat, &mut legal);
            changed.legal_actions(seat, &mut legal_changed);
            assert_eq!(legal, legal_changed, "legal actions depend only on the seat's view");
            for level in Level::ALL {
                let choose = |g: &Game, legal: &[Action]| {
                    level
                        .player()
                        .choose(&map, &g.seat_view(seat), legal, &mut GameRng::new(seed))
                };
                assert_eq!(
                    choose(&game, &legal),
                    choose(&changed, &legal_changed),
                    "{id} {level:?}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 100, "{checked}");
}
