//! Simulated games: random play (every decision uniform among the legal actions) and games between computer
//! players. Used by `ttrbot simulate`, the property tests and the benchmarks.

use std::sync::Arc;

use crate::ai::{self, Level, Think};
use crate::rules::Map;
use crate::rules::{Action, Event, FinalScore, Game, GameRng, Seat, Step};

/// Actions after which a game counts as stuck (no real game comes near: about 300 are typical).
pub const MAX_ACTIONS: usize = 20_000;

/// How much checking a simulated game does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checks {
    /// None: the engine at full speed.
    Off,
    /// Conservation and rescoring after every action.
    Invariants,
    /// Invariants, plus: a rejected action leaves the state unchanged (one deliberately bad action per turn).
    Strict,
}

/// The outcome of one simulated game.
#[derive(Clone, Debug)]
pub struct Played {
    /// The finished game.
    pub game: Game,
    /// Actions applied.
    pub actions: usize,
    /// Final scores in seat order.
    pub scores: Vec<FinalScore>,
    /// For games between computer players: each seat's decisions and the time they took (empty for random play).
    pub thinking: Vec<(u32, std::time::Duration)>,
}

/// Plays one complete random game. The game's seed and the chooser's seed both derive from `seed`.
///
/// # Errors
/// A sentence naming what went wrong: an invariant broken, a legal action refused, or a game that never ends.
pub fn play_random(map: Arc<Map>, players: usize, seed: u64, checks: Checks) -> Result<Played, String> {
    let mut game = Game::new(map, players, seed).map_err(|e| e.to_string())?;
    let mut chooser = GameRng::new(seed ^ 0x5EED_C40C_5EED_C40C);
    let mut legal: Vec<Action> = Vec::with_capacity(256);
    let mut events: Vec<Event> = Vec::with_capacity(8);
    let mut actions = 0;
    while !game.is_over() {
        let seat = if *game.step() == Step::StartingTickets {
            let waiting = game.to_act();
            waiting[chooser.below(waiting.len())]
        } else {
            game.current()
        };
        game.legal_actions(seat, &mut legal);
        if legal.is_empty() {
            return Err(format!("seed {seed}: seat {} must act but has no legal action", seat.0));
        }
        if checks == Checks::Strict {
            check_rejection_changes_nothing(&game, seat, &legal, &mut chooser)
                .map_err(|e| format!("seed {seed}, action {actions}: {e}"))?;
        }
        let action = legal[chooser.below(legal.len())];
        apply_counted(&mut game, seat, action, &mut actions, seed, &mut events)?;
        if checks != Checks::Off {
            game.check_invariants()
                .map_err(|e| format!("seed {seed}, after action {actions} ({action:?}): {e}"))?;
        }
    }
    Ok(finished(game, actions, Vec::new()))
}

/// Applies a legal action and counts it. An error names the game and the action: a legal action refused, or a
/// game still going after [`MAX_ACTIONS`].
fn apply_counted(
    game: &mut Game,
    seat: Seat,
    action: Action,
    actions: &mut usize,
    seed: u64,
    events: &mut Vec<Event>,
) -> Result<(), String> {
    events.clear();
    game.apply_into(seat, action, events)
        .map_err(|e| format!("seed {seed}, action {actions}: legal {action:?} refused: {e}"))?;
    *actions += 1;
    if *actions > MAX_ACTIONS {
        return Err(format!("seed {seed}: no end after {MAX_ACTIONS} actions"));
    }
    Ok(())
}

/// A finished game with its scores.
fn finished(game: Game, actions: usize, thinking: Vec<(u32, std::time::Duration)>) -> Played {
    let scores = game.final_scores().expect("the game is over");
    Played {
        game,
        actions,
        scores,
        thinking,
    }
}

/// Hard players thinking for `budget` of real time per decision (the clock the computer players cannot read
/// themselves: see [`ai::Stopwatch`]).
pub fn think_for(budget: std::time::Duration) -> Think {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    let start = *START.get_or_init(std::time::Instant::now);
    Think::Time {
        budget,
        clock: Arc::new(move || start.elapsed()),
    }
}

/// Plays one complete game between computer players, one per seat at the given levels. Each player decides from
/// its own seat's view and legal actions only; its randomness derives from `seed` and its seat. Hard players think
/// for `think` per move.
///
/// # Errors
/// A sentence naming what went wrong: a legal action refused, a choice outside the legal ones, or no end.
pub fn play_levels(map: Arc<Map>, levels: &[Level], think: &Think, seed: u64) -> Result<Played, String> {
    let mut game = Game::new(Arc::clone(&map), levels.len(), seed).map_err(|e| e.to_string())?;
    let mut players: Vec<ai::Computer> = levels.iter().map(|l| l.player_thinking(think.clone())).collect();
    let mut rngs: Vec<GameRng> = (0..levels.len())
        .map(|i| GameRng::new(seed ^ (0xA1A1_0000_0000_0000 + i as u64)))
        .collect();
    let mut legal: Vec<Action> = Vec::with_capacity(256);
    let mut actions = 0;
    let mut thinking = vec![(0u32, std::time::Duration::ZERO); levels.len()];
    let mut events: Vec<Event> = Vec::with_capacity(8);
    while !game.is_over() {
        let seat = game.to_act()[0];
        game.legal_actions(seat, &mut legal);
        let view = game.seat_view(seat);
        let started = std::time::Instant::now();
        let action = players[seat.index()].choose(&map, &view, &legal, &mut rngs[seat.index()]);
        thinking[seat.index()].0 += 1;
        thinking[seat.index()].1 += started.elapsed();
        if !legal.contains(&action) {
            return Err(format!(
                "seed {seed}: {} chose {action:?}, which is not legal",
                levels[seat.index()].name()
            ));
        }
        apply_counted(&mut game, seat, action, &mut actions, seed, &mut events)?;
    }
    Ok(finished(game, actions, thinking))
}

/// Plays up to `n` random legal actions on a game (fewer if it ends), each chosen uniformly by `chooser`.
/// Returns how many were played.
pub fn play_random_actions(game: &mut Game, n: usize, chooser: &mut GameRng) -> usize {
    let mut legal = Vec::new();
    for played in 0..n {
        if game.is_over() {
            return played;
        }
        let seat = game.to_act()[0];
        game.legal_actions(seat, &mut legal);
        game.apply(seat, legal[chooser.below(legal.len())])
            .expect("legal actions are accepted");
    }
    n
}

/// Tries actions that are not legal now and checks each is refused without touching the state.
fn check_rejection_changes_nothing(
    game: &Game,
    seat: Seat,
    legal: &[Action],
    chooser: &mut GameRng,
) -> Result<(), String> {
    let others = game.players();
    let wrong_seat = Seat(((seat.index() + 1 + chooser.below(others.max(2) - 1)) % others) as u8);
    let mut candidates = vec![
        (seat, Action::Pass),
        (seat, Action::DrawTickets),
        (seat, Action::DrawBlind),
        (seat, Action::DeclineTunnel),
        (wrong_seat, Action::DrawBlind),
        (Seat(others as u8), Action::DrawBlind),
    ];
    // A claim of a random route with a random (probably wrong) payment.
    if !game.map().routes.is_empty() {
        let route = crate::rules::RouteId(chooser.below(game.map().routes.len()) as u16);
        let hand = game.seat_view(seat).hand;
        let card = crate::rules::Card::from_index(chooser.below(crate::rules::cards::CARD_KINDS)).expect("in range");
        let mut cards = crate::rules::CardCounts::EMPTY;
        cards.add(card, hand.get(card).max(1));
        candidates.push((seat, Action::Claim { route, cards }));
    }
    for (who, action) in candidates {
        if who == seat && legal.contains(&action) {
            continue;
        }
        let mut copy = game.clone();
        if copy.apply(who, action).is_ok() {
            if who == seat && !legal.contains(&action) {
                return Err(format!("{action:?} was accepted but is not in legal_actions"));
            }
            continue;
        }
        if copy != *game {
            return Err(format!("the rejected {action:?} changed the state"));
        }
    }
    Ok(())
}
