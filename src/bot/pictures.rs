//! The pictures a message carries: the board (public, from the public view), one player's own board (their
//! tickets marked), and a finished game's score chart; drawn off the async workers.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::data::Data;
use super::parallel::counted;
use super::refusal::{Error, Refused};
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
    let _turn = drawing().acquire().await?;
    Ok(tokio::task::spawn_blocking(draw).await?)
}

/// As [`drawn`], for a picture someone asked for (their hand, `/ttr board`) rather than one a game owes its channel:
/// refused while [`MOST_WAITING`] pictures wait already, so requests cannot queue ahead of the turn messages without
/// end.
///
/// # Errors
/// Refused: the queue is full. Internal: as [`drawn`].
async fn drawn_on_request(draw: impl FnOnce() -> Vec<u8> + Send + 'static) -> Result<Vec<u8>, Error> {
    let pool = drawing();
    let _turn = match pool.try_acquire() {
        Ok(turn) => turn,
        Err(_) if pictures_waiting_full() => return Err(Refused::DrawingBusy.into()),
        Err(_) => counted(&WAITING, pool.acquire()).await?,
    };
    Ok(tokio::task::spawn_blocking(draw).await?)
}

/// Whether as many pictures asked for wait as may: one more would be refused.
pub fn pictures_waiting_full() -> bool {
    WAITING.load(Ordering::SeqCst) >= MOST_WAITING
}

/// Most pictures asked for that may wait to be drawn at once: about a second of drawing on a small machine.
const MOST_WAITING: usize = 8;

/// Pictures asked for that wait to be drawn now.
static WAITING: AtomicUsize = AtomicUsize::new(0);

/// How many pictures are drawn at once: one per core but one, at least one.
fn drawing_slots() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    cores.saturating_sub(1).max(1)
}

/// The drawing threads' turns, shared by every picture.
fn drawing() -> &'static tokio::sync::Semaphore {
    static DRAWING: std::sync::OnceLock<tokio::sync::Semaphore> = std::sync::OnceLock::new();
    DRAWING.get_or_init(|| tokio::sync::Semaphore::new(drawing_slots()))
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

/// The public board picture someone asked for (`/ttr board`), as a PNG.
///
/// # Errors
/// Refused: too many pictures wait. Internal: the drawing thread's.
pub async fn board_png_on_request(table: &Table, lang: Lang) -> Result<Vec<u8>, Error> {
    let (map, view, players) = (Arc::clone(table.game.map()), table.game.public_view(), table.players());
    drawn_on_request(move || render::board_in_png(lang, &map, &view, &players)).await
}

/// A player's own board picture (the public board, their tickets marked), as a PNG; for their eyes only.
///
/// # Errors
/// Refused: too many pictures wait. Internal: the drawing thread's.
pub async fn seat_png(table: &Table, seat: Seat, lang: Lang) -> Result<Vec<u8>, Error> {
    let view = table.game.seat_view(seat);
    let (map, players) = (Arc::clone(table.game.map()), table.players());
    drawn_on_request(move || render::seat_board_png(lang, &map, &view.public, &players, seat, &view.tickets)).await
}
