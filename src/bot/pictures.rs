//! The pictures a message carries: the board (public, from the public view), one player's own board (their
//! tickets marked), and a finished game's score chart; drawn off the async workers.

use std::sync::Arc;

use super::data::Data;
use super::refusal::Error;
use super::table::Table;
use crate::lang::Lang;
use crate::render;
use crate::rules::Seat;
use crate::text::{self, catalog::tr};

/// The pictures a turn message carries: the board and, once the game is over, the score chart.
pub struct Pictures {
    /// The board, as a PNG.
    pub board: Vec<u8>,
    /// The score chart of a finished game, as a PNG.
    pub chart: Option<Vec<u8>>,
}

/// The pictures of `table`'s turn message; a finished game's chart is drawn from its log.
///
/// # Errors
/// The store's (the log), or the drawing thread's.
pub async fn pictures(data: &Data, table: &Table) -> Result<Pictures, Error> {
    let board = board_png(data, table).await?;
    if !table.game.is_over() {
        return Ok(Pictures { board, chart: None });
    }
    let history = data.store.score_history(table.id).await?;
    let lines: Vec<render::ScoreLine> = table
        .players()
        .into_iter()
        .zip(history)
        .map(|(player, scores)| render::ScoreLine { player, scores })
        .collect();
    let title = tr!(
        table.lang(),
        "chart-title",
        map = text::map_name(table.lang(), table.game.map())
    );
    let chart = data
        .pools
        .draw(move || render::png(&render::score_chart(&title, &lines)))
        .await?;
    Ok(Pictures {
        board,
        chart: Some(chart),
    })
}

/// Before the first picture of a server's map in this process: the drawing kept with the map is handed to the
/// renderer, or, when none is kept yet, worked out now (on a drawing thread) and kept, so no later process waits for
/// the name search again. Built-in maps come with theirs.
///
/// # Errors
/// The store's, or the drawing thread's.
async fn with_drawing(data: &Data, table: &Table) -> Result<(), Error> {
    let map = table.game.map();
    // A built-in map (the same map as built in, not a file of that id) comes with its drawing: no hashing.
    let built_in = crate::maps::builtin(&map.id).is_ok_and(|b| Arc::ptr_eq(&b, map));
    if built_in || !render::needs_drawing(map) {
        return Ok(());
    }
    let Some((hash, kept)) = data.store.game_map_drawing(table.id).await? else {
        return Ok(());
    };
    if let Some(kept) = kept
        && render::remember_drawing(map, &kept)
    {
        return Ok(());
    }
    let map = Arc::clone(map);
    let drawing = data.pools.draw(move || render::drawing_of(&map)).await?;
    data.store.set_map_drawing(&hash, &drawing).await?;
    Ok(())
}

/// The public board picture of a table, as a PNG.
///
/// # Errors
/// The drawing thread's.
pub async fn board_png(data: &Data, table: &Table) -> Result<Vec<u8>, Error> {
    with_drawing(data, table).await?;
    let (map, view, players) = (Arc::clone(table.game.map()), table.game.public_view(), table.players());
    let lang = table.lang();
    data.pools
        .draw(move || render::board_in_png(lang, &map, &view, &players))
        .await
}

/// The public board picture someone asked for (`/ttr board`), as a PNG.
///
/// # Errors
/// Refused: too many pictures wait. Internal: the drawing thread's.
pub async fn board_png_on_request(data: &Data, table: &Table, lang: Lang) -> Result<Vec<u8>, Error> {
    with_drawing(data, table).await?;
    let (map, view, players) = (Arc::clone(table.game.map()), table.game.public_view(), table.players());
    data.pools
        .draw_on_request(move || render::board_in_png(lang, &map, &view, &players))
        .await
}

/// A player's own board picture (the public board, their tickets marked), as a PNG; for their eyes only.
///
/// # Errors
/// Refused: too many pictures wait. Internal: the drawing thread's.
pub async fn seat_png(data: &Data, table: &Table, seat: Seat, lang: Lang) -> Result<Vec<u8>, Error> {
    with_drawing(data, table).await?;
    let view = table.game.seat_view(seat);
    let (map, players) = (Arc::clone(table.game.map()), table.players());
    data.pools
        .draw_on_request(move || render::seat_board_png(lang, &map, &view.public, &players, seat, &view.tickets))
        .await
}
