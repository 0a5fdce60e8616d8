//! `ttrbot render`: draws a board to a PNG file.

use std::path::{Path, PathBuf};

use clap::Args;

use super::Failure;
use crate::rules::Seat;
use crate::rules::{Game, GameRng};
use crate::seating::Player;
use crate::text::Lang;
use crate::{render, replay, sim};

/// What to draw.
#[derive(Args)]
pub struct RenderArgs {
    /// Map id (a script given with --game names its own).
    #[arg(long, default_value = "usa")]
    pub map: String,
    /// A map file (a server's own map, say) instead of a built-in map.
    #[arg(long, value_name = "FILE")]
    pub map_file: Option<PathBuf>,
    /// A replay script (see docs/command-line.md): its position, after its actions, is drawn.
    #[arg(long)]
    pub game: Option<PathBuf>,
    /// Random legal actions to play on a new game first.
    #[arg(long, default_value_t = 0)]
    pub random_actions: usize,
    /// Players of a new game (default: the map's most).
    #[arg(long)]
    pub players: Option<usize>,
    /// Seed of a new game.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Draw this seat's own picture (0-based): the public board plus its tickets, as `/ttr hand` shows it.
    #[arg(long)]
    pub seat: Option<u8>,
    /// The PNG file to write.
    #[arg(short, long)]
    pub out: PathBuf,
    /// The language of the panel's words: en or es.
    #[arg(long, default_value = "en", value_parser = ["en", "es"])]
    pub lang: String,
}

/// Draws the board and writes the PNG.
///
/// # Errors
/// Bad input (exit code 2) or an unwritable output file.
pub fn run(args: &RenderArgs) -> Result<(), Failure> {
    let (game, names) = match &args.game {
        Some(file) => from_script(file)?,
        None => {
            let (map, _) = super::map_from(&args.map, args.map_file.as_deref())?;
            let players = args.players.unwrap_or(usize::from(map.rules.max_players));
            let mut game = Game::new(map, players, args.seed).map_err(|e| Failure::input(e.to_string()))?;
            sim::play_random_actions(&mut game, args.random_actions, &mut GameRng::new(args.seed ^ 0xB0A2D));
            let names = ["Ana", "Ben", "Cleo", "Dev", "Eli"][..players]
                .iter()
                .map(|s| s.to_string())
                .collect();
            (game, names)
        }
    };
    let players = Player::list(&names);
    let lang = Lang::from_locale(&args.lang);
    let (width, height) = render::image_size(game.map());
    let bytes = match args.seat {
        None => render::board_in_png(lang, game.map(), &game.public_view(), &players),
        Some(seat) if usize::from(seat) < game.players() => {
            let view = game.seat_view(Seat(seat));
            render::seat_board_png(lang, game.map(), &view.public, &players, view.seat, &view.tickets)
        }
        Some(seat) => {
            return Err(Failure::input(format!(
                "--seat {seat}: the game has seats 0 to {}",
                game.players() - 1
            )));
        }
    };
    std::fs::write(&args.out, &bytes).map_err(|e| Failure {
        code: 1,
        message: format!("{}: {e}", args.out.display()),
    })?;
    println!(
        "{}: {}×{} px, {} KB",
        args.out.display(),
        width,
        height,
        bytes.len() / 1024
    );
    Ok(())
}

/// The game a replay script ends in, played exactly as `ttrbot replay` plays it.
fn from_script(file: &Path) -> Result<(Game, Vec<String>), Failure> {
    let fail = |e: String| Failure::input(format!("{}: {e}", file.display()));
    let text = std::fs::read_to_string(file).map_err(|e| fail(e.to_string()))?;
    let (script, game, _) = replay::play(&text).map_err(fail)?;
    Ok((game, script.players))
}
