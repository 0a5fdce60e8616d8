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
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};
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
    /// One lock per game whose record is being made, so it is made once.
    building: Mutex<HashMap<GameKey, Arc<tokio::sync::Mutex<()>>>>,
    /// Each game's latest frame as sent, with the record it was made from: a thousand pages opening one game's
    /// stream share one frame's bytes instead of making their own.
    latest: Mutex<HashMap<GameKey, (Arc<Record>, live::Sent)>>,
    /// Servers' pages as made, by token, with what they were made at (see [`crate::store::Store::server_page_stamp`]).
    servers: Mutex<HashMap<WebToken, (ServerStamp, String)>>,
    /// Live streams open now.
    streams: AtomicUsize,
}

/// Most live streams a process keeps open at once (each a socket and a few kilobytes): past it a page is told to
/// come back later (503), which its script does by itself.
const MOST_STREAMS: usize = 5_000;

/// One open live stream, counted while it lives.
struct StreamSlot(Pages);

impl StreamSlot {
    /// A slot, if fewer than [`MOST_STREAMS`] are open.
    fn take(pages: &Pages) -> Option<StreamSlot> {
        let open = pages.0.streams.fetch_add(1, Ordering::Relaxed);
        let slot = StreamSlot(pages.clone());
        (open < MOST_STREAMS).then_some(slot)
    }
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        self.0.0.streams.fetch_sub(1, Ordering::Relaxed);
    }
}

/// What a server's page was made at (links on, games with a page, last change).
type ServerStamp = (bool, i64, i64);

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
            building: Mutex::default(),
            latest: Mutex::default(),
            servers: Mutex::default(),
            streams: AtomicUsize::new(0),
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

    /// `key`'s record as of now: the kept one while the game has not changed, else made again (once, however many
    /// pages ask for it at the same time).
    async fn record(&self, key: &GameKey) -> Result<Option<Arc<Record>>, String> {
        let stamp = self.source().stamp(key).await?;
        if stamp.is_none() {
            return Ok(None);
        }
        if let Some(record) = self.kept(key, stamp) {
            return Ok(Some(record));
        }
        let building = {
            let mut building = self.0.building.lock().expect("never poisoned");
            building.retain(|_, lock| Arc::strong_count(lock) > 1);
            Arc::clone(building.entry(key.clone()).or_default())
        };
        let _building = building.lock().await;
        // Another request may have made it while this one waited.
        if let Some(record) = self.kept(key, stamp) {
            return Ok(Some(record));
        }
        let Some(record) = self.source().record(key).await?.map(Arc::new) else {
            return Ok(None);
        };
        let used = self.0.uses.fetch_add(1, Ordering::Relaxed);
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

    /// `key`'s kept record, if it was made at `stamp`.
    fn kept(&self, key: &GameKey, stamp: Option<i64>) -> Option<Arc<Record>> {
        let used = self.0.uses.fetch_add(1, Ordering::Relaxed);
        let mut records = self.0.records.lock().expect("never poisoned");
        let (made_at, record, last_used) = records.get_mut(key)?;
        (*made_at == stamp).then(|| {
            *last_used = used;
            Arc::clone(record)
        })
    }

    /// The latest frame of `key`'s game, with the sentences after version `lines_after` (or the recent ones).
    async fn latest_frame(&self, key: &GameKey, lines_after: Option<i64>) -> Result<Option<live::Sent>, String> {
        let Some(record) = self.record(key).await? else {
            return Ok(None);
        };
        if lines_after.is_none()
            && let Some((made_from, sent)) = self.0.latest.lock().expect("never poisoned").get(key)
            && Arc::ptr_eq(made_from, &record)
        {
            return Ok(Some(sent.clone()));
        }
        let Some(frame) = frame::frame(&record, record.latest(), lines_after) else {
            return Ok(None);
        };
        let sent = live::Sent {
            over: frame.over,
            event: live::event(frame.version, &frame_json(&frame)),
        };
        if lines_after.is_none() {
            let mut latest = self.0.latest.lock().expect("never poisoned");
            // As many as the records kept: a game's latest frame goes when its record does.
            let records = self.0.records.lock().expect("never poisoned");
            latest.retain(|k, _| records.contains_key(k));
            latest.insert(key.clone(), (record, sent.clone()));
        }
        Ok(Some(sent))
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

fn frame_json(frame: &frame::Frame) -> String {
    serde_json::to_string(frame).expect("a frame is plain data")
}

fn not_found() -> Response {
    let mut response = NOT_FOUND.into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("private, max-age=0"));
    response
}

/// A page's answer for a failure of ours (the database did not answer): logged, and "come back in a few seconds",
/// which a live page does by itself. Nothing about the game is told: it failed before the token was known.
fn page_failed(what: &str, e: &str) -> Response {
    tracing::warn!("a web page failed: {what}: {e}");
    come_back()
}

/// 503 with a time to try again after.
fn come_back() -> Response {
    let mut response = StatusCode::SERVICE_UNAVAILABLE.into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
    response
}

/// The game `token` opens, if its page is served.
async fn find_key(pages: &Pages, token: &str) -> Result<Option<GameKey>, String> {
    let Some(token) = WebToken::parse(token) else {
        return Ok(None);
    };
    pages.source().find(&token).await
}

/// The game `token` opens, with its record.
async fn find(pages: &Pages, token: &str) -> Result<Option<Arc<Record>>, String> {
    let Some(key) = find_key(pages, token).await? else {
        return Ok(None);
    };
    pages.record(&key).await
}

async fn game_page(State(pages): State<Pages>, Path(token): Path<String>) -> Response {
    match find(&pages, &token).await {
        Ok(Some(record)) => match frame::frame(&record, record.latest(), None) {
            Some(frame) => private(Html(pages::game(&record, &frame, &token).into_string()).into_response()),
            None => not_found(),
        },
        Ok(None) => not_found(),
        Err(e) => page_failed("game page", &e),
    }
}

async fn game_frame(State(pages): State<Pages>, Path((token, version)): Path<(String, String)>) -> Response {
    let Ok(version) = version.parse::<i64>() else {
        return not_found();
    };
    match find(&pages, &token).await {
        Ok(Some(record)) => match frame::frame(&record, version, None) {
            Some(frame) => private(([(header::CONTENT_TYPE, "application/json")], frame_json(&frame)).into_response()),
            None => not_found(),
        },
        Ok(None) => not_found(),
        Err(e) => page_failed("frame", &e),
    }
}

async fn live_stream(State(pages): State<Pages>, Path(token): Path<String>, headers: HeaderMap) -> Response {
    // Counted before anything is read: a refused stream costs nothing.
    let Some(slot) = StreamSlot::take(&pages) else {
        return come_back();
    };
    let key = match find_key(&pages, &token).await {
        Ok(Some(key)) => key,
        Ok(None) => return not_found(),
        Err(e) => return page_failed("live stream", &e),
    };
    // Listening first, then reading the game: a move stored in between comes by the stream.
    let receiver = pages.hub().listen(&pages, &key);
    // A page that reconnects says the last version it was sent, and gets every sentence since.
    let seen = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<i64>().ok());
    let first = match pages.latest_frame(&key, seen).await {
        Ok(Some(first)) => first,
        Ok(None) => return not_found(),
        Err(e) => return page_failed("live stream", &e),
    };
    // A page whose stream broke (a restart) tries again after a second rather than the browser's three.
    let opening = Bytes::from_static(b"retry: 1000\n\n");
    let state = (vec![opening, first.event], receiver, slot, first.over);
    // The slot travels with the stream: it is given back when the page goes away and the stream is dropped. Every
    // page is sent the same bytes of a frame (shared, not copied per page).
    let stream = futures_util::stream::unfold(state, |(mut due, mut receiver, slot, ended)| async move {
        if !due.is_empty() {
            let next = due.remove(0);
            return Some((Ok::<_, Infallible>(next), (due, receiver, slot, ended)));
        }
        // A finished game's last frame ends its stream (the page closes it too).
        if ended {
            return None;
        }
        loop {
            let received = tokio::time::timeout(KEEP_ALIVE, receiver.recv()).await;
            match received {
                // A comment now and then, so proxies keep a quiet stream open.
                Err(_) => return Some((Ok(Bytes::from_static(b": \n\n")), (due, receiver, slot, ended))),
                Ok(Ok(sent)) => return Some((Ok(sent.event), (due, receiver, slot, sent.over))),
                Ok(Err(tokio::sync::broadcast::error::RecvError::Lagged(_))) => continue,
                Ok(Err(tokio::sync::broadcast::error::RecvError::Closed)) => return None,
            }
        }
    });
    let mut response = Body::from_stream(stream).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/event-stream"));
    // nginx would otherwise hold the stream's bytes back.
    headers.insert(
        HeaderName::from_static("x-accel-buffering"),
        HeaderValue::from_static("no"),
    );
    private(response)
}

/// How long a live stream stays quiet before a comment is sent.
const KEEP_ALIVE: Duration = Duration::from_secs(20);

async fn server_page(State(pages): State<Pages>, Path(token): Path<String>) -> Response {
    let Source::Store(store) = pages.source() else {
        return not_found();
    };
    let Some(token) = WebToken::parse(&token) else {
        return not_found();
    };
    // The page reads every finished game of the server: it is made again only when a small read says it changed.
    let stamp = match store.server_by_web_token(&token).await {
        Ok(Some(guild)) => match store.server_page_stamp(guild).await {
            Ok(stamp) => stamp,
            Err(e) => return page_failed("server page", &e.to_string()),
        },
        Ok(None) => return not_found(),
        Err(e) => return page_failed("server page", &e.to_string()),
    };
    if let Some((made_at, page)) = pages.0.servers.lock().expect("never poisoned").get(&token)
        && *made_at == stamp
    {
        return private(Html(page.clone()).into_response());
    }
    match pages::server(store, &token).await {
        Ok(Some(page)) => {
            let page = page.into_string();
            let mut servers = pages.0.servers.lock().expect("never poisoned");
            if servers.len() >= MOST_RECORDS {
                servers.clear();
            }
            servers.insert(token, (stamp, page.clone()));
            private(Html(page).into_response())
        }
        Ok(None) => not_found(),
        Err(e) => page_failed("server page", &e.to_string()),
    }
}

/// A page behind a token: never kept by a shared cache, never indexed.
fn private(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-cache"));
    headers.insert(
        HeaderName::from_static("x-robots-tag"),
        HeaderValue::from_static("noindex,nofollow"),
    );
    response
}
