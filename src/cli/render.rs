//! `ttrbot render`: draws a board to a PNG file.

use std::path::{Path, PathBuf};

use super::Failure;
use crate::maps::Map;
use crate::rules::{Game, GameRng};
use crate::{render, replay};

/// What to draw.
pub struct RenderArgs {
    /// Map id (ignored with `game`, which names its own map).
    pub map: String,
    /// A replay script whose resulting position is drawn.
    pub game: Option<PathBuf>,
    /// Play this many random legal actions on a new game before drawing.
    pub random_actions: usize,
    /// Players for a new game.
    pub players: Option<usize>,
    /// Seed for a new game.
    pub seed: u64,
    /// Where to write the PNG.
    pub out: PathBuf,
}

/// Draws the board and writes the PNG.
///
/// # Errors
/// Bad input (exit code 2) or an unwritable output file.
pub fn run(args: &RenderArgs) -> Result<(), Failure> {
    let (game, names) = match &args.game {
        Some(file) => from_script(file)?,
        None => {
            let map = Map::builtin(&args.map).map_err(|e| Failure::input(e.to_string()))?;
            let players = args.players.unwrap_or(usize::from(map.rules.max_players));
            let mut game = Game::new(map, players, args.seed).map_err(|e| Failure::input(e.to_string()))?;
            let mut chooser = GameRng::new(args.seed ^ 0xB0A2D);
            let mut legal = Vec::new();
            for _ in 0..args.random_actions {
                if game.is_over() {
                    break;
                }
                let seat = game.to_act()[0];
                game.legal_actions(seat, &mut legal);
                game.apply(seat, legal[chooser.below(legal.len())])
                    .expect("legal actions are accepted");
            }
            let names = ["Ana", "Ben", "Cleo", "Dev", "Eli"][..players]
                .iter()
                .map(|s| s.to_string())
                .collect();
            (game, names)
        }
    };
    let image = render::board(game.map(), &game.public_view(), &names);
    let bytes = render::png(&image);
    std::fs::write(&args.out, &bytes).map_err(|e| Failure {
        code: 1,
        message: format!("{}: {e}", args.out.display()),
    })?;
    println!(
        "{}: {}×{} px, {} KB",
        args.out.display(),
        image.width(),
        image.height(),
        bytes.len() / 1024
    );
    Ok(())
}

fn from_script(file: &Path) -> Result<(Game, Vec<String>), Failure> {
    let fail = |e: String| Failure::input(format!("{}: {e}", file.display()));
    let text = std::fs::read_to_string(file).map_err(|e| fail(e.to_string()))?;
    let script: replay::Script = serde_json::from_str(&text).map_err(|e| fail(e.to_string()))?;
    let map = Map::builtin(&script.map).map_err(|e| fail(e.to_string()))?;
    let mut game = replay::load(&map, &script.players, &script.position, script.seed).map_err(fail)?;
    for step in &script.actions {
        let (seat, action) = replay::action(&game, step).map_err(fail)?;
        let _ = game.apply(seat, action);
    }
    Ok((game, script.players))
}
