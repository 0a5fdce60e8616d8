//! A game as its page shows it: every public view from the first turn on with each move's sentences, built from the
//! store's log (or a saved offline game) and kept for the pages that ask again.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::lang::Lang;
use crate::rules::{Map, PublicView};
use crate::seating::Player;
use crate::store::{GameId, Store, StoreError};
use crate::text;

/// What a page may show of one game: public views and sentences only (the game itself, with its hands and deck,
/// never reaches a record).
pub struct Record {
    /// The game's map.
    pub map: Arc<Map>,
    /// The seats' names and colours, in seat order.
    pub players: Vec<Player>,
    /// The language of the game's public messages.
    pub lang: Lang,
    /// The public view after each version, from `first` on.
    pub views: Vec<PublicView>,
    /// The version of `views[0]` (0 for a stored game; a saved offline game has only its last position).
    pub first: i64,
    /// Each move's sentences with the version it made, in order.
    pub lines: Vec<(i64, String)>,
    /// For each route, the version whose move claimed it (as far as `views` tell).
    pub claimed_at: Vec<Option<i64>>,
    /// When the current turn started (Unix milliseconds), for a game still being played.
    pub turn_started_at: Option<i64>,
    /// The map's drawing as SVG in this language, with an empty `pieces` group.
    pub base_svg: Arc<str>,
}

impl Record {
    /// The latest version.
    pub fn latest(&self) -> i64 {
        self.first + self.views.len() as i64 - 1
    }

    /// The public view at `version`, if the record has it.
    pub fn view(&self, version: i64) -> Option<&PublicView> {
        let index = version.checked_sub(self.first)?;
        usize::try_from(index).ok().and_then(|i| self.views.get(i))
    }

    /// Game `id` replayed from its log: every public view and every move's sentences.
    ///
    /// # Errors
    /// The store's (an unknown game, a log that does not replay).
    pub async fn of_store(
        store: &Store,
        id: GameId,
        lang: Lang,
        turn_started_at: Option<i64>,
    ) -> Result<Record, StoreError> {
        let (map, views, events) = store.public_record(id).await?;
        let players: Vec<Player> = store.seats(id).await?.into_iter().map(|s| s.player).collect();
        let names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
        let lines = events
            .iter()
            .enumerate()
            .flat_map(|(version, events)| events.iter().map(move |e| (version as i64, e)).collect::<Vec<_>>())
            .map(|(version, e)| (version, text::event(lang, &map, &names, e)))
            .collect();
        Ok(Record::new(map, players, lang, views, 0, lines, turn_started_at))
    }

    /// A game of which only the last position and its sentences are known (a game saved by `ttrbot play`): the
    /// sentences numbered from 1, the position the version of the last.
    pub fn of_position(
        map: Arc<Map>,
        players: Vec<Player>,
        lang: Lang,
        view: PublicView,
        lines: Vec<String>,
    ) -> Record {
        let version = lines.len() as i64;
        let lines = lines
            .into_iter()
            .enumerate()
            .map(|(i, line)| (i as i64 + 1, line))
            .collect();
        Record::new(map, players, lang, vec![view], version, lines, None)
    }

    fn new(
        map: Arc<Map>,
        players: Vec<Player>,
        lang: Lang,
        views: Vec<PublicView>,
        first: i64,
        lines: Vec<(i64, String)>,
        turn_started_at: Option<i64>,
    ) -> Record {
        let mut claimed_at = vec![None; map.routes.len()];
        for (i, view) in views.iter().enumerate() {
            for (route, owner) in view.owners.iter().enumerate() {
                if owner.is_some() && claimed_at[route].is_none() {
                    claimed_at[route] = Some(first + i as i64);
                }
            }
        }
        let base_svg = base_svg(lang, &map);
        Record {
            map,
            players,
            lang,
            views,
            first,
            lines,
            claimed_at,
            turn_started_at,
            base_svg,
        }
    }
}

/// The map's drawing as SVG, drawn once per map and language (by the map compared in full, as the board's base
/// layer is).
fn base_svg(lang: Lang, map: &Map) -> Arc<str> {
    type Drawn = HashMap<(String, Lang), (Arc<Map>, Arc<str>)>;
    static DRAWN: Mutex<Option<Drawn>> = Mutex::new(None);
    let key = (map.id.clone(), lang);
    if let Some((drawn, svg)) = DRAWN.lock().expect("never poisoned").get_or_insert_default().get(&key)
        && **drawn == *map
    {
        return Arc::clone(svg);
    }
    let svg: Arc<str> = crate::render::base_svg(lang, map).into();
    let mut guard = DRAWN.lock().expect("never poisoned");
    let drawn = guard.get_or_insert_default();
    // As many maps as the board's base layers keep: a server's maps come and go.
    if drawn.len() >= 32 {
        drawn.clear();
    }
    drawn.insert(key, (Arc::new(map.clone()), Arc::clone(&svg)));
    svg
}
