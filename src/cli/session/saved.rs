//! A game of `ttrbot play` saved to a file (`--save`) and read back (`--resume`): the engine's own snapshot and who
//! plays it, checked like any stored position.

use serde::{Deserialize, Serialize};

use super::Session;
use crate::ai::{self, DEFAULT_THINK, Level};
use crate::rules::{Event, Game, GameRng, Seat};
use crate::sim;
use crate::text::Lang;
use crate::text::catalog::tr;

/// A saved game: the position (the engine's own snapshot) and who plays it.
#[derive(Serialize, Deserialize)]
struct Saved {
    /// The format, for files written by later versions.
    format: u32,
    map: String,
    snapshot: String,
    you: Seat,
    names: Vec<String>,
    levels: Vec<Option<String>>,
    rngs: Vec<GameRng>,
    history: Vec<Event>,
    /// Hints asked for (absent from files written before hints).
    #[serde(default)]
    hints: u32,
    /// The map file's text, for a game not on a built-in map (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    map_text: Option<String>,
}

const SAVE_FORMAT: u32 = 1;

impl Session {
    /// A game saved by [`Session::save`], checked like any stored position; from now on said in `lang`.
    ///
    /// # Errors
    /// The file is not a saved game, names an unknown map, or its position does not hold.
    pub fn load(json: &str, lang: Lang) -> Result<Session, String> {
        let saved: Saved =
            serde_json::from_str(json).map_err(|e| tr!(lang, "play-not-a-save", error = e.to_string()))?;
        if saved.format != SAVE_FORMAT {
            return Err(tr!(lang, "play-save-format", format = saved.format));
        }
        let map = match &saved.map_text {
            Some(text) => std::sync::Arc::new(crate::maps::parse(&saved.map, text).map_err(|e| e.to_string())?),
            None => crate::maps::builtin(&saved.map).map_err(|e| e.to_string())?,
        };
        let game =
            Game::restore(map, &saved.snapshot).map_err(|e| tr!(lang, "play-save-position", error = e.to_string()))?;
        let players = game.players();
        let levels: Option<Vec<Option<Level>>> = saved
            .levels
            .iter()
            .map(|l| match l {
                None => Some(None),
                Some(name) => Level::from_name(name).map(Some),
            })
            .collect();
        let levels = levels.ok_or_else(|| tr!(lang, "play-save-level"))?;
        let fits = saved.names.len() == players
            && levels.len() == players
            && saved.rngs.len() == players
            && saved.you.index() < players
            && levels[saved.you.index()].is_none();
        if !fits {
            return Err(tr!(lang, "play-save-seats"));
        }
        Ok(Session {
            game,
            you: saved.you,
            names: saved.names,
            levels,
            rngs: saved.rngs,
            think: sim::think_for(DEFAULT_THINK),
            history: saved.history,
            pending: None,
            hint_think: sim::think_for(ai::HINT_THINK),
            hints: saved.hints,
            lang,
            map_text: saved.map_text,
        })
    }

    /// The game as JSON for `--resume`.
    pub fn save(&self) -> String {
        let saved = Saved {
            format: SAVE_FORMAT,
            map: self.game.map().id.clone(),
            snapshot: self.game.snapshot(),
            you: self.you,
            names: self.names.clone(),
            levels: self.levels.iter().map(|l| l.map(|l| l.name().to_string())).collect(),
            rngs: self.rngs.clone(),
            history: self.history.clone(),
            hints: self.hints,
            map_text: self.map_text.clone(),
        };
        serde_json::to_string_pretty(&saved).expect("plain data serialises")
    }
}
