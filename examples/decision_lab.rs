//! A lab for the hard player's decisions, far steadier than whole games: two builds choose moves in the same
//! positions, then the moves they chose differently are weighed in the real game (the true hands and tickets,
//! only the order of the piles reshuffled) by playing each out many times with normal players at every seat.
//!
//! ```text
//! cargo run --release --example decision_lab -- choose --map usa --games 50 --playouts 135 > a.txt
//! (another build)                              choose ...                               > b.txt
//! cargo run --release --example decision_lab -- weigh --map usa a.txt b.txt
//! ```
//! Positions come from games of normal players (seeds from `--seed`), every `--every`th action, wherever the seat
//! to act makes a decision the hard player searches (not a second card nor a tunnel's payment). `weigh` prints the
//! second build's gain over the first per decision, in the search's own reward (a win counts 1, the margin over
//! the best other score adds up to a quarter either way), with its standard error over games and over positions;
//! give it the same position options as `choose` was given. Each line of `choose` carries a fingerprint of the
//! actions that led to its position, so positions two builds reached by different play (their normal players
//! differ) are left out and counted rather than compared. `choose --luck 1` shows the noise floor: the same build
//! with other luck. The moves are played on by normal players at every seat, the chooser's too, as the search's own
//! play-outs are: a gain here is what a change must show before whole games are played, not a promise that they
//! will show it.

use std::collections::HashMap;
use std::sync::Arc;

use clap::{Parser, Subcommand};
use ttrbot::ai::{Level, Think};
use ttrbot::maps;
use ttrbot::rules::{Action, Game, GameRng, Map, Seat, Step};

#[derive(Parser)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Lets this build's hard player choose in each position: one line per position.
    Choose {
        #[command(flatten)]
        positions: Positions,
        /// Play-outs per decision (the same choice on every machine).
        #[arg(long, default_value_t = 135)]
        playouts: u32,
        /// The level that chooses (`normal` gives the search's baseline).
        #[arg(long, default_value = "hard")]
        level: String,
        /// Mixed into the chooser's randomness: the same build with another luck shows the noise floor.
        #[arg(long, default_value_t = 0)]
        luck: u64,
    },
    /// Weighs two builds' choices where they differ.
    Weigh {
        #[command(flatten)]
        positions: Positions,
        /// Play-outs of each move per position where the choices differ.
        #[arg(long, default_value_t = 200)]
        deals: u32,
        /// The first build's choices.
        first: std::path::PathBuf,
        /// The second build's choices.
        second: std::path::PathBuf,
    },
}

/// Where the positions come from.
#[derive(clap::Args)]
struct Positions {
    #[arg(long)]
    map: String,
    #[arg(long, default_value_t = 4)]
    players: usize,
    /// Games of normal players the positions are taken from.
    #[arg(long, default_value_t = 50)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// One position every this many actions.
    #[arg(long, default_value_t = 9)]
    every: usize,
}

/// One position: the game it comes from, how many actions into it, a fingerprint of the game as dealt and the
/// actions that led there (two builds whose normal players play differently do not reach the same position; nor do
/// other position options), and the game itself there.
struct Position {
    seed: u64,
    index: usize,
    path: u64,
    game: Game,
}

impl Positions {
    /// Every position, in order: each game of normal players played from its seed, a copy taken every `every`
    /// actions where the seat to act makes a searched decision.
    fn each(&self, map: &Arc<Map>, mut visit: impl FnMut(Position)) {
        for seed in self.seed..self.seed + self.games {
            let mut game = Game::new(Arc::clone(map), self.players, seed).expect("a valid player count");
            let mut normal = Level::Normal.player_for_one_decision(Think::Playouts(0));
            let mut rng = GameRng::new(seed ^ 0x1AB0);
            let mut legal = Vec::new();
            // The path starts from the dealt game (map, players, seed and deal), then takes in every action.
            let (mut index, mut path) = (0, fnv(FNV_OFFSET, game.snapshot().as_bytes()));
            while !game.is_over() {
                let seat = game.to_act()[0];
                let searched = !matches!(game.step(), Step::SecondCard | Step::Tunnel(_));
                if searched && index % self.every == 0 {
                    visit(Position {
                        seed,
                        index,
                        path,
                        game: game.clone(),
                    });
                }
                game.legal_actions(seat, &mut legal);
                let action = normal.choose(map, &game.seat_view(seat), &legal, &mut rng);
                game.apply(seat, action).expect("a legal action");
                path = fnv(
                    path,
                    serde_json::to_string(&action).expect("an action serialises").as_bytes(),
                );
                index += 1;
            }
        }
    }
}

const FNV_OFFSET: u64 = 0xCBF2_9CE4_8422_2325;

/// FNV-1a: a hash that every build computes alike (the standard library's may change between versions).
fn fnv(mut hash: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3);
    }
    hash
}

fn main() {
    let cli = Cli::parse();
    match cli.command {
        Command::Choose {
            positions,
            playouts,
            level,
            luck,
        } => {
            let level = Level::from_name(&level).unwrap_or_else(|| panic!("no level {level}"));
            choose(&positions, level, playouts, luck);
        }
        Command::Weigh {
            positions,
            deals,
            first,
            second,
        } => weigh(&positions, deals, &first, &second),
    }
}

fn builtin(id: &str) -> Arc<Map> {
    maps::builtin(id).unwrap_or_else(|e| panic!("{id}: {e}"))
}

fn choose(positions: &Positions, level: Level, playouts: u32, luck: u64) {
    let map = builtin(&positions.map);
    positions.each(&map, |at| {
        let seat = at.game.to_act()[0];
        let mut legal = Vec::new();
        at.game.legal_actions(seat, &mut legal);
        let mut player = level.player_for_one_decision(Think::Playouts(playouts));
        let mut rng = GameRng::new(at.seed.wrapping_mul(1_000_003) ^ at.index as u64 ^ luck.rotate_left(32));
        let action = player.choose(&map, &at.game.seat_view(seat), &legal, &mut rng);
        let written = serde_json::to_string(&action).expect("an action serialises");
        println!("{}\t{}\t{:016x}\t{written}", at.seed, at.index, at.path);
    });
}

/// Each line's path fingerprint and action, by game and action index.
fn read_choices(path: &std::path::Path) -> HashMap<(u64, usize), (u64, Action)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(|line| {
            let mut parts = line.splitn(4, '\t');
            let mut next = || parts.next().expect("four columns");
            let seed = next().parse().expect("a seed");
            let index = next().parse().expect("an index");
            let path = u64::from_str_radix(next(), 16).expect("a fingerprint");
            let action = serde_json::from_str(next()).expect("an action");
            ((seed, index), (path, action))
        })
        .collect()
}

/// One position's result: its game, whether it is a ticket choice, whether the builds chose differently, and the
/// second's mean gain there.
struct Weighed {
    seed: u64,
    tickets: bool,
    differ: bool,
    gain: f64,
}

fn weigh(positions: &Positions, deals: u32, first: &std::path::Path, second: &std::path::Path) {
    let map = builtin(&positions.map);
    let (a, b) = (read_choices(first), read_choices(second));
    // Per position the mean gain of the second build's move over the first's (0 where they agree), and the kinds
    // of the two moves.
    let mut weighed: Vec<Weighed> = Vec::new();
    let mut by_kinds: std::collections::BTreeMap<(String, String), Vec<f64>> = Default::default();
    let (mut missing, mut elsewhere) = (0, 0);
    positions.each(&map, |at| {
        let key = (at.seed, at.index);
        let (Some(&(path_a, mine)), Some(&(path_b, theirs))) = (a.get(&key), b.get(&key)) else {
            missing += 1;
            return;
        };
        if path_a != at.path || path_b != at.path {
            elsewhere += 1;
            return;
        }
        let seat = at.game.to_act()[0];
        let tickets = !at.game.seat_view(seat).offer.is_empty();
        let gain = if mine == theirs {
            0.0
        } else {
            (0..deals)
                .map(|deal| {
                    let luck = at.seed.wrapping_mul(0x9E37_79B9) ^ ((at.index as u64) << 20) ^ u64::from(deal);
                    value(&map, &at.game, seat, theirs, luck) - value(&map, &at.game, seat, mine, luck)
                })
                .sum::<f64>()
                / f64::from(deals)
        };
        if mine != theirs {
            by_kinds.entry((kind(mine), kind(theirs))).or_default().push(gain);
        }
        weighed.push(Weighed {
            seed: at.seed,
            tickets,
            differ: mine != theirs,
            gain,
        });
    });
    if missing + elsewhere > 0 {
        println!(
            "LEFT OUT: {missing} positions missing from a file, {elsewhere} reached by other actions in a file \
             (the builds' normal players differ, or the position options do)"
        );
    }
    for (name, kind) in [("all", None), ("ticket choices", Some(true)), ("turns", Some(false))] {
        let of_kind: Vec<&Weighed> = weighed.iter().filter(|w| kind.is_none_or(|k| k == w.tickets)).collect();
        report(name, &of_kind);
    }
    println!("where they differ, by the kinds of the first's and the second's moves (se over positions):");
    for ((mine, theirs), gains) in by_kinds {
        let n = gains.len() as f64;
        let mean = gains.iter().sum::<f64>() / n;
        let se = if gains.len() < 2 {
            "—".to_string()
        } else {
            let variance = gains.iter().map(|g| (g - mean).powi(2)).sum::<f64>() / (n - 1.0);
            format!("{:.4}", (variance / n).sqrt())
        };
        println!(
            "  {mine:>12} -> {theirs:<12} {:>5} positions, gain each {mean:+.4} (se {se}), in all {:+.2}",
            gains.len(),
            mean * n
        );
    }
}

/// An action's kind, as its written form names it.
fn kind(action: Action) -> String {
    let written = serde_json::to_value(action).expect("an action serialises");
    written["do"].as_str().unwrap_or("?").to_string()
}

/// Prints the mean gain per decision, its standard error and how many choices differed. The standard error is
/// taken over games (each game's positions summed), since the positions of one game are not independent of each
/// other; the one over positions, as if they were, is printed beside it.
fn report(name: &str, weighed: &[&Weighed]) {
    let n = weighed.len() as f64;
    if weighed.len() < 2 {
        println!("{name}: {} positions", weighed.len());
        return;
    }
    let mean = weighed.iter().map(|w| w.gain).sum::<f64>() / n;
    let variance = weighed.iter().map(|w| (w.gain - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let mut games: std::collections::BTreeMap<u64, (f64, f64)> = Default::default();
    for w in weighed {
        let game = games.entry(w.seed).or_default();
        *game = (game.0 + w.gain, game.1 + 1.0);
    }
    let g = games.len() as f64;
    let spread = games
        .values()
        .map(|(sum, count)| (sum - count * mean).powi(2))
        .sum::<f64>();
    let clustered = if games.len() < 2 {
        "—".to_string()
    } else {
        format!("{:.4}", (g / (g - 1.0) * spread).sqrt() / n)
    };
    let differ = weighed.iter().filter(|w| w.differ).count();
    println!(
        "{name}: {} positions of {} games, {differ} differ; second's gain per decision {mean:+.4} (se {clustered} \
         over games, {:.4} over positions; per differing {:+.4})",
        weighed.len(),
        games.len(),
        (variance / n).sqrt(),
        mean * n / differ.max(1) as f64
    );
}

/// What `action` is worth to `seat` in the real game, played out once with this build's normal players at every
/// seat after the piles are shuffled again with `luck` (their order is hidden; that a player knows where the
/// tickets they returned lie is left out), and the game's own generator (the discard pile's reshuffles) seeded anew.
fn value(map: &Arc<Map>, game: &Game, seat: Seat, action: Action, luck: u64) -> f64 {
    let mut game = game.clone();
    let mut rng = GameRng::new(luck);
    let state = game.state_mut();
    rng.shuffle(&mut state.deck);
    rng.shuffle(state.tickets.make_contiguous());
    state.rng = GameRng::new(rng.next_u64());
    game.apply(seat, action).expect("a chosen action is legal");
    let mut normal = Level::Normal.player_for_one_decision(Think::Playouts(0));
    let mut legal = Vec::new();
    for _ in 0..5_000 {
        if game.is_over() {
            break;
        }
        let who = game.to_act()[0];
        game.legal_actions_sparing_wilds(who, &mut legal);
        let next = normal.choose(map, &game.seat_view(who), &legal, &mut rng);
        game.apply(who, next).expect("a legal action");
    }
    // The search's own reward; a game run past the limit (a broken position) counts as neither a win nor a loss.
    game.public_view()
        .result
        .map_or(0.0, |result| ttrbot::ai::reward(&result.scores, &result.ranks, seat))
}
