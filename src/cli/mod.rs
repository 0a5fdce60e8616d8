//! The `ttrbot` command line: the bot, and offline commands that use the same engine.

mod maps;
mod play;
mod render;
mod replay;
pub mod score;
mod session;
mod web;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use clap::{Parser, Subcommand};

use crate::ai::Level;
use crate::config::{Config, TOKEN_HELP};
use crate::rules::Map;
use crate::sim::{self, Checks};

/// Exit code for bad input (a file or an argument the command cannot use).
pub const EXIT_BAD_INPUT: u8 = 2;

#[derive(Parser)]
#[command(
    name = "ttrbot",
    version,
    about = "Ticket to Ride for Discord, and offline tools that use the same rules engine"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (the default).
    Run,
    /// List the maps with their counts; exits non-zero if a map file fails validation.
    Maps(maps::MapsArgs),
    /// Final scoring of an end position described in a JSON file; prints JSON.
    Score {
        /// The position (see docs/command-line.md).
        file: PathBuf,
    },
    /// Play scripted actions on a fully described position; prints each result and the final state.
    Replay {
        /// The script (see docs/command-line.md).
        file: PathBuf,
    },
    /// Draw a board to a PNG: empty, after random actions, or the position of a replay script.
    Render(render::RenderArgs),
    /// Play a game in the terminal against computer players: the bot's verbs and sentences, your board as a PNG.
    Play(play::PlayArgs),
    /// Serve the games' web pages without Discord: every game of a database, or one game saved by `ttrbot play`.
    Web(web::WebArgs),
    /// Play random games between computer players, checking every invariant after every action.
    Simulate {
        /// Map id.
        #[arg(long, default_value = "usa")]
        map: String,
        /// A map file (a server's own map, say) instead of a built-in map.
        #[arg(long, value_name = "FILE")]
        map_file: Option<PathBuf>,
        /// Number of players (within the map's range).
        #[arg(long, default_value_t = 4)]
        players: usize,
        /// Games to play.
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Seed of the first game (game i uses seed + i).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Skip the invariant checks, to measure the engine alone.
        #[arg(long)]
        fast: bool,
        /// Computer players instead of random play, one level per seat (random, easy, normal, hard), e.g.
        /// `normal,random,random,random` (their number is the player count); seats rotate between games so no level
        /// always plays first.
        #[arg(long, value_delimiter = ',')]
        bots: Vec<String>,
        /// With --bots: print the results as JSON.
        #[arg(long)]
        json: bool,
        /// With --bots: how long a hard player thinks about each move, in milliseconds (one core).
        #[arg(long, default_value_t = 1000)]
        think_ms: u64,
    },
}

/// Runs the command line and returns the process exit code.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(EXIT_BAD_INPUT)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let result = match cli.command.unwrap_or(Command::Run) {
        Command::Run => run_bot(),
        Command::Maps(args) => maps::run(&args),
        Command::Score { file } => score::run(&file),
        Command::Replay { file } => replay::run(&file),
        Command::Render(args) => render::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Web(args) => web::run(&args),
        Command::Simulate {
            map,
            map_file,
            games,
            seed,
            bots,
            json,
            think_ms,
            ..
        } if !bots.is_empty() => map_from(&map, map_file.as_deref())
            .and_then(|(map, _)| simulate_levels(map, &bots, games, seed, json, think_ms)),
        Command::Simulate {
            map,
            map_file,
            players,
            games,
            seed,
            fast,
            ..
        } => map_from(&map, map_file.as_deref()).and_then(|(map, _)| simulate(map, players, games, seed, fast)),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure { code, message }) => {
            eprintln!("{message}");
            ExitCode::from(code)
        }
    }
}

/// A failed command: its exit code and a one-line reason.
#[derive(Debug)]
pub struct Failure {
    /// The exit code.
    pub code: u8,
    /// The reason, one line.
    pub message: String,
}

/// Longest reason printed for bad input: whatever the input held, the answer stays a readable line or a few.
const MAX_REASON_CHARS: usize = 600;

impl Failure {
    /// Bad input: exit code 2, and a reason cut to a readable length (a reason may quote the input).
    pub fn input(message: impl Into<String>) -> Failure {
        let message: String = message.into();
        let message = match message.char_indices().nth(MAX_REASON_CHARS) {
            Some((cut, _)) => format!("{}…", &message[..cut]),
            None => message,
        };
        Failure {
            code: EXIT_BAD_INPUT,
            message,
        }
    }
}

const OFFLINE_HELP: &str = "Offline, you can already try:\n  \
cargo run --release -- play --map usa --players 4    play a whole game against computer players\n  \
cargo run --release -- maps                          list the maps\n  \
cargo run --release -- simulate --map usa --players 4 --games 100   play random games\n  \
cargo run --release -- score position.json           score an end position (see docs/command-line.md)";

fn run_bot() -> Result<(), Failure> {
    let config = Config::from_env().map_err(|message| Failure { code: 1, message })?;
    let Some(token) = config.discord_token.clone() else {
        return Err(Failure {
            code: 1,
            message: format!("DISCORD_TOKEN is not set. {TOKEN_HELP}\n\n{OFFLINE_HELP}"),
        });
    };
    init_logging();
    let runtime = tokio::runtime::Runtime::new().map_err(|e| Failure {
        code: 1,
        message: e.to_string(),
    })?;
    runtime.block_on(crate::bot::run(&config, &token)).map_err(|e| Failure {
        code: 1,
        message: e.to_string(),
    })
}

/// Logs to stderr, filtered by `RUST_LOG` (default: this crate's info and everyone's warnings). The token is never
/// logged. serenity's errors about its gateway shards also go to the bot's watchdog, whatever `RUST_LOG` says.
fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,ttrbot=info"));
    use tracing_subscriber::prelude::*;
    let _ = tracing_subscriber::registry()
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(std::io::stderr)
                .with_filter(filter),
        )
        .with(crate::bot::shard_watch())
        .try_init();
}

/// The map a command names: a built-in map's id, or (when given) a map file, read and checked as the bot reads a
/// stored map; with the file's text, which a saved game keeps.
///
/// # Errors
/// Bad input: no such map, an unreadable file, or a file that is not a valid map.
pub(crate) fn map_from(id: &str, file: Option<&Path>) -> Result<(Arc<Map>, Option<String>), Failure> {
    match file {
        None => Ok((
            crate::maps::builtin(id).map_err(|e| Failure::input(e.to_string()))?,
            None,
        )),
        Some(path) => {
            let name = path.display().to_string();
            let text = std::fs::read_to_string(path).map_err(|e| Failure::input(format!("{name}: {e}")))?;
            let map = crate::maps::parse(&name, &text).map_err(|e| Failure::input(e.to_string()))?;
            Ok((Arc::new(map), Some(text)))
        }
    }
}

fn simulate(map: Arc<Map>, players: usize, games: u64, seed: u64, fast: bool) -> Result<(), Failure> {
    if players < usize::from(map.rules.min_players) || players > usize::from(map.rules.max_players) {
        return Err(Failure::input(format!(
            "{} is for {} to {} players, not {players}",
            map.name, map.rules.min_players, map.rules.max_players
        )));
    }
    let checks = if fast { Checks::Off } else { Checks::Invariants };
    let started = Instant::now();
    let mut actions = 0usize;
    let mut winners: Vec<i32> = Vec::new();
    let mut all: Vec<i32> = Vec::new();
    for g in 0..games {
        let played = sim::play_random(map.clone(), players, seed.wrapping_add(g), checks).map_err(|e| Failure {
            code: 1,
            message: format!("invariant broken: {e}"),
        })?;
        actions += played.actions;
        winners.push(played.scores.iter().map(|s| s.total).max().unwrap_or(0));
        all.extend(played.scores.iter().map(|s| s.total));
    }
    let secs = started.elapsed().as_secs_f64();
    let mean = |v: &[i32]| v.iter().map(|&x| f64::from(x)).sum::<f64>() / v.len().max(1) as f64;
    println!(
        "{games} games of {} with {players} players, seeds {seed}..{}: {:.0} games/s ({} checks), {:.0} actions per game",
        map.name,
        seed.wrapping_add(games),
        games as f64 / secs,
        if fast { "no" } else { "all invariants" },
        actions as f64 / games.max(1) as f64
    );
    println!(
        "scores: mean {:.1}, winner mean {:.1}, lowest {}, highest {}",
        mean(&all),
        mean(&winners),
        all.iter().min().unwrap_or(&0),
        all.iter().max().unwrap_or(&0)
    );
    Ok(())
}

/// One `--bots` entry's results over all games.
#[derive(Clone, Debug, Default)]
struct LevelResults {
    games: u32,
    wins: u32,
    scores: Vec<f64>,
    tickets_completed: u32,
    decisions: u32,
    thinking: std::time::Duration,
}

/// `simulate --bots`: games between computer players, seats rotated; per entry: wins, scores, tickets, speed.
fn simulate_levels(
    map: Arc<Map>,
    bots: &[String],
    games: u64,
    seed: u64,
    json: bool,
    think_ms: u64,
) -> Result<(), Failure> {
    let think = sim::think_for(std::time::Duration::from_millis(think_ms));
    let levels: Vec<Level> = bots
        .iter()
        .map(|b| {
            Level::from_name(b)
                .ok_or_else(|| Failure::input(format!("no level \"{b}\": use random, easy, normal or hard")))
        })
        .collect::<Result<_, _>>()?;
    let n = levels.len();
    if n < usize::from(map.rules.min_players) || n > usize::from(map.rules.max_players) {
        return Err(Failure::input(format!(
            "{} is for {} to {} players, not {n}",
            map.name, map.rules.min_players, map.rules.max_players
        )));
    }
    let started = Instant::now();
    let (results, actions) = play_rotated(&map, &levels, games, seed, &think)?;
    let secs = started.elapsed().as_secs_f64();
    let rows = level_rows(&results, &levels);
    let mean_actions = actions as f64 / games.max(1) as f64;
    if json {
        let out = serde_json::json!({
            "map": map.id,
            "games": games,
            "mean_actions": mean_actions,
            "seats": rows,
        });
        println!("{out}");
        return Ok(());
    }
    println!(
        "{games} games of {} ({}), seats rotated, {secs:.1} s, {mean_actions:.0} actions per game",
        map.name,
        bots.join(", "),
    );
    print_level_rows(&rows);
    Ok(())
}

/// Plays `games` games between `levels`, entry i at seat (i + game) mod n; each entry's results, and how many
/// actions were played in all.
fn play_rotated(
    map: &Arc<Map>,
    levels: &[Level],
    games: u64,
    seed: u64,
    think: &crate::ai::Think,
) -> Result<(Vec<LevelResults>, usize), Failure> {
    let n = levels.len();
    let mut results = vec![LevelResults::default(); n];
    let mut actions = 0usize;
    let mut last_report = Instant::now();
    for g in 0..games {
        let seating: Vec<Level> = (0..n).map(|seat| levels[(seat + n - (g as usize % n)) % n]).collect();
        let played = sim::play_levels(Arc::clone(map), &seating, think, seed.wrapping_add(g))
            .map_err(|e| Failure { code: 1, message: e })?;
        actions += played.actions;
        let result = played.game.public_view().result.expect("the game is over");
        for (entry, r) in results.iter_mut().enumerate() {
            let seat = (entry + g as usize) % n;
            let score = &played.scores[seat];
            r.games += 1;
            r.wins += u32::from(result.ranks[seat] == 1);
            r.scores.push(f64::from(score.total));
            r.tickets_completed += score.tickets_completed;
            r.decisions += played.thinking[seat].0;
            r.thinking += played.thinking[seat].1;
        }
        // Progress for long runs: every hundred games, or every ten seconds when games are slow (hard players).
        if (games >= 200 && (g + 1) % 100 == 0) || last_report.elapsed().as_secs() >= 10 {
            eprintln!("{} of {games} games", g + 1);
            last_report = Instant::now();
        }
    }
    Ok((results, actions))
}

/// Each entry's figures, as the JSON output writes them.
fn level_rows(results: &[LevelResults], levels: &[Level]) -> Vec<serde_json::Value> {
    results
        .iter()
        .zip(levels)
        .map(|(r, level)| {
            let games = f64::from(r.games.max(1));
            let mean = r.scores.iter().sum::<f64>() / games;
            let spread = (r.scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / games).sqrt();
            let win_rate = f64::from(r.wins) / games;
            // A 95% interval for the win rate (Wilson score interval).
            let (low, high) = wilson(f64::from(r.wins), games);
            serde_json::json!({
                "level": level.name(),
                "games": r.games,
                "wins": r.wins,
                "win_rate": win_rate,
                "win_rate_95": [low, high],
                "mean_score": mean,
                "score_sd": spread,
                "tickets_completed": f64::from(r.tickets_completed) / games,
                "decisions_per_second": f64::from(r.decisions) / r.thinking.as_secs_f64().max(1e-9),
            })
        })
        .collect()
}

/// The entries' figures as a table.
fn print_level_rows(rows: &[serde_json::Value]) {
    println!("seat  level    games  wins  win rate (95%)          mean score (sd)  tickets done  decisions/s");
    for (i, row) in rows.iter().enumerate() {
        println!(
            "{:<5} {:<8} {:>5} {:>5}  {:>5.1}% ({:>4.1}–{:>4.1}%)  {:>8.1} ({:>5.1})  {:>12.2}  {:>11.0}",
            i + 1,
            row["level"].as_str().unwrap_or(""),
            row["games"],
            row["wins"],
            row["win_rate"].as_f64().unwrap_or(0.0) * 100.0,
            row["win_rate_95"][0].as_f64().unwrap_or(0.0) * 100.0,
            row["win_rate_95"][1].as_f64().unwrap_or(0.0) * 100.0,
            row["mean_score"].as_f64().unwrap_or(0.0),
            row["score_sd"].as_f64().unwrap_or(0.0),
            row["tickets_completed"].as_f64().unwrap_or(0.0),
            row["decisions_per_second"].as_f64().unwrap_or(0.0),
        );
    }
}

/// The Wilson score interval (95%) for `wins` out of `games`.
fn wilson(wins: f64, games: f64) -> (f64, f64) {
    let z = 1.96f64;
    let p = wins / games;
    let denominator = 1.0 + z * z / games;
    let centre = (p + z * z / (2.0 * games)) / denominator;
    let half = z * ((p * (1.0 - p) / games) + z * z / (4.0 * games * games)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}
