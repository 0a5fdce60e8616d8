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

/// Draws a picture off the async workers: it takes tens of milliseconds of CPU, and answering other interactions
/// (due within 3 seconds) must never wait behind it.
/// At most one picture per core but one is drawn at once, so a burst of turns in many channels leaves a core for
/// answering interactions.
async fn drawn(draw: impl FnOnce() -> Vec<u8> + Send + 'static) -> Result<Vec<u8>, Error> {
    static DRAWING: std::sync::OnceLock<tokio::sync::Semaphore> = std::sync::OnceLock::new();
    let drawing = DRAWING.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        tokio::sync::Semaphore::new(cores.saturating_sub(1).max(1))
    });
    let _turn = drawing.acquire().await?;
    Ok(tokio::task::spawn_blocking(draw).await?)
}

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
    let board = board_png(table).await?;
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
    let chart = drawn(move || render::png(&render::score_chart(&title, &lines))).await?;
    Ok(Pictures {
        board,
        chart: Some(chart),
    })
}

/// The public board picture of a table, as a PNG.
///
/// # Errors
/// The drawing thread's.
pub async fn board_png(table: &Table) -> Result<Vec<u8>, Error> {
    let (map, view, players) = (Arc::clone(table.game.map()), table.game.public_view(), table.players());
    let lang = table.lang();
    drawn(move || render::board_in_png(lang, &map, &view, &players)).await
}

/// A player's own board picture (the public board, their tickets marked), as a PNG; for their eyes only.
///
/// # Errors
/// The drawing thread's.
pub async fn seat_png(table: &Table, seat: Seat, lang: Lang) -> Result<Vec<u8>, Error> {
    let view = table.game.seat_view(seat);
    let (map, players) = (Arc::clone(table.game.map()), table.players());
    drawn(move || render::seat_board_png(lang, &map, &view.public, &players, seat, &view.tickets)).await
}
