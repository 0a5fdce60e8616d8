//! Every game's web page: the board as SVG, the panel, the score chart and the history, live while the game is
//! played and replayable move by move; and every server's page. Public information only: every byte is built from
//! public views and the sentences everyone read in the channel.

mod assets;
mod frame;
mod live;
mod pages;
mod record;
mod source;

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

pub use frame::utc_minute;
pub use live::WATCH_EVERY;
pub use record::Record;
pub use source::{GameKey, ReadSaved, Source};

use crate::store::WebToken;

/// The pages' shared state: where games come from, the records made (kept for the next page of the same game and
/// version) and the live watchers.
#[derive(Clone)]
pub struct Pages(Arc<Inner>);

struct Inner {
    source: Source,
    hub: live::Hub,
    records: Mutex<HashMap<GameKey, Kept>>,
    uses: AtomicU64,
}

/// A game's latest record, with the stamp it was made at and when it was last used (a count of uses).
type Kept = (Option<i64>, Arc<Record>, u64);

/// Most games whose records a process keeps (each a few hundred kilobytes for a long game).
const MOST_RECORDS: usize = 64;

/// A page that is not there: the same answer for a token that never was, one that was, and a game not served.
const NOT_FOUND: (StatusCode, &str) = (StatusCode::NOT_FOUND, "404");

/// The longest a page, a frame or an asset may take before the answer is an error (live streams are not limited).
const PAGE_TIME: Duration = Duration::from_secs(10);

impl Pages {
    /// Pages over `source`.
    pub fn new(source: Source) -> Pages {
        Pages(Arc::new(Inner {
            source,
            hub: live::Hub::default(),
            records: Mutex::default(),
            uses: AtomicU64::new(0),
        }))
    }

    fn source(&self) -> &Source {
        &self.0.source
    }

    fn hub(&self) -> &live::Hub {
        &self.0.hub
    }

    /// How many games have a live watcher now.
    pub fn watched_games(&self) -> usize {
        self.0.hub.watched_games()
    }

    /// `key`'s record as of now: the kept one while the game has not changed, else made again.
    async fn record(&self, key: &GameKey) -> Result<Option<Arc<Record>>, String> {
        let stamp = self.source().stamp(key).await?;
        if stamp.is_none() {
            return Ok(None);
        }
        let used = self.0.uses.fetch_add(1, Ordering::Relaxed);
        if let Some((made_at, record, last_used)) = self.0.records.lock().expect("never poisoned").get_mut(key)
            && *made_at == stamp
        {
            *last_used = used;
            return Ok(Some(Arc::clone(record)));
        }
        let Some(record) = self.source().record(key).await?.map(Arc::new) else {
            return Ok(None);
        };
        let mut records = self.0.records.lock().expect("never poisoned");
        if records.len() >= MOST_RECORDS && !records.contains_key(key) {
            let least_used = records
                .iter()
                .min_by_key(|(_, (_, _, used))| *used)
                .map(|(k, _)| k.clone());
            if let Some(k) = least_used {
                records.remove(&k);
            }
        }
        records.insert(key.clone(), (stamp, Arc::clone(&record), used));
        Ok(Some(record))
    }

    /// The latest frame of `key`'s game, as JSON.
    async fn latest_frame(&self, key: &GameKey) -> Result<Option<Arc<str>>, String> {
        let Some(record) = self.record(key).await? else {
            return Ok(None);
        };
        Ok(frame::frame(&record, record.latest()).map(|f| frame_json(&f)))
    }

    /// The pages' routes, with their compression, time limit and security headers.
    pub fn router(&self) -> Router {
        let timed = Router::new()
            .route("/g/{token}", get(game_page))
            .route("/g/{token}/v/{version}", get(game_frame))
            .route("/s/{token}", get(server_page))
            .route("/assets/{name}", get(assets::asset))
            .layer(TimeoutLayer::with_status_code(
                StatusCode::SERVICE_UNAVAILABLE,
                PAGE_TIME,
            ));
        let headers = [
            (header::CONTENT_SECURITY_POLICY, assets::CONTENT_SECURITY_POLICY),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            // A page's address is its key: it must not travel to another site in a Referer.
            (header::REFERRER_POLICY, "same-origin"),
            (header::X_FRAME_OPTIONS, "DENY"),
            (HeaderName::from_static("cross-origin-opener-policy"), "same-origin"),
        ];
        let mut router = Router::new()
            .merge(timed)
            .route("/g/{token}/live", get(live_stream))
            .fallback(|| async { not_found() })
            .with_state(self.clone())
            .layer(CompressionLayer::new());
        for (name, value) in headers {
            router = router.layer(SetResponseHeaderLayer::overriding(
                name,
                HeaderValue::from_static(value),
            ));
        }
        router
    }
}

/// Serves `pages` on `listener` until the process ends.
///
/// # Errors
/// The listener fails.
pub async fn serve(listener: tokio::net::TcpListener, pages: Pages) -> std::io::Result<()> {
    axum::serve(listener, pages.router()).await
}

fn frame_json(frame: &frame::Frame) -> Arc<str> {
    serde_json::to_string(frame).expect("a frame is plain data").into()
}

fn not_found() -> Response {
    let mut response = NOT_FOUND.into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("private, max-age=0"));
    response
}

/// A page's answer for a failure of ours: logged, and the same 404 as a page that is not there (nothing about the
/// game is told).
fn failed(what: &str, e: &str) -> Response {
    tracing::warn!("a web page failed: {what}: {e}");
    not_found()
}

/// The game `token` opens, with its record.
async fn find(pages: &Pages, token: &str) -> Result<Option<(GameKey, Arc<Record>)>, String> {
    let Some(token) = WebToken::parse(token) else {
        return Ok(None);
    };
    let Some(key) = pages.source().find(&token).await? else {
        return Ok(None);
    };
    Ok(pages.record(&key).await?.map(|record| (key, record)))
}

async fn game_page(State(pages): State<Pages>, Path(token): Path<String>) -> Response {
    match find(&pages, &token).await {
        Ok(Some((_, record))) => match frame::frame(&record, record.latest()) {
            Some(frame) => private(Html(pages::game(&record, &frame, &token).into_string()).into_response()),
            None => not_found(),
        },
        Ok(None) => not_found(),
        Err(e) => failed("game page", &e),
    }
}

async fn game_frame(State(pages): State<Pages>, Path((token, version)): Path<(String, String)>) -> Response {
    let Ok(version) = version.parse::<i64>() else {
        return not_found();
    };
    match find(&pages, &token).await {
        Ok(Some((_, record))) => match frame::frame(&record, version) {
            Some(frame) => private(
                (
                    [(header::CONTENT_TYPE, "application/json")],
                    frame_json(&frame).to_string(),
                )
                    .into_response(),
            ),
            None => not_found(),
        },
        Ok(None) => not_found(),
        Err(e) => failed("frame", &e),
    }
}

async fn live_stream(State(pages): State<Pages>, Path(token): Path<String>) -> Response {
    let (key, record) = match find(&pages, &token).await {
        Ok(Some(found)) => found,
        Ok(None) => return not_found(),
        Err(e) => return failed("live stream", &e),
    };
    let stamp = pages.source().stamp(&key).await.ok().flatten();
    let receiver = pages.hub().listen(&pages, &key, stamp);
    // The current frame first: a page that reconnects (a restart, a lost network) catches up at once.
    let first = frame::frame(&record, record.latest()).map(|f| frame_json(&f));
    let stream = futures_util::stream::unfold((first, receiver), |(first, mut receiver)| async move {
        let reconnect = first.is_some();
        let data = match first {
            Some(data) => data,
            None => loop {
                match receiver.recv().await {
                    Ok(data) => break data,
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => return None,
                }
            },
        };
        let mut event = SseEvent::default().event("frame").data(&*data);
        if reconnect {
            // A page whose stream broke (a restart) tries again after a second rather than the browser's three.
            event = event.retry(Duration::from_secs(1));
        }
        Some((Ok::<_, Infallible>(event), (None, receiver)))
    });
    let sse = Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(20)));
    private(sse.into_response())
}

async fn server_page(State(pages): State<Pages>, Path(token): Path<String>) -> Response {
    let Source::Store(store) = pages.source() else {
        return not_found();
    };
    let Some(token) = WebToken::parse(&token) else {
        return not_found();
    };
    match pages::server(store, &token).await {
        Ok(Some(page)) => private(Html(page.into_string()).into_response()),
        Ok(None) => not_found(),
        Err(e) => failed("server page", &e.to_string()),
    }
}

/// A page behind a token: never kept by a shared cache, never indexed.
fn private(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-cache"));
    headers.insert(
        HeaderName::from_static("x-robots-tag"),
        HeaderValue::from_static("noindex, nofollow"),
    );
    response
}
