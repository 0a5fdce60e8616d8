//! The pages' HTML: a game's page (board, panel, replay controls, chart, history) and a server's page
//! (leaderboard, ratings over time, its games). Every name is escaped by the templates; only our own SVG is inserted
//! as it is.

use maud::{DOCTYPE, Markup, PreEscaped, html};

use super::assets;
use super::frame::{Frame, utc_minute};
use super::record::Record;
use crate::lang::Lang;
use crate::rules::{Map, RouteKind};
use crate::store::{Store, StoreError, WebToken};
use crate::text::catalog::tr;
use crate::text::{self};

/// The head every page shares: its title, the viewport for phones, the stylesheet and the script.
fn head(title: &str) -> Markup {
    html! {
        (DOCTYPE)
        meta charset="utf-8";
        meta name="viewport" content="width=device-width, initial-scale=1";
        meta name="robots" content="noindex,nofollow";
        title { (title) }
        link rel="icon" href=(assets::url("icon.svg"));
        link rel="stylesheet" href=(assets::url("page.css"));
        script defer src=(assets::url("game.js")) {}
    }
}

/// A route's details for a tap: its cities, length, colour and kind, in the game's language.
fn route_details(lang: Lang, map: &Map) -> Vec<String> {
    (0..map.routes.len())
        .map(|i| {
            let id = crate::rules::RouteId(i as u16);
            let route = map.route(id);
            let mut words = vec![text::route(lang, map, id)];
            if route.tunnel {
                words.push(tr!(lang, "web-route-tunnel"));
            }
            if route.ferry > 0 {
                words.push(tr!(lang, "web-route-ferry", count = route.ferry));
            }
            if route.kind == RouteKind::Metro {
                words.push(tr!(lang, "web-route-metro"));
            }
            words.join(" · ")
        })
        .collect()
}

/// A game's page at its latest version (`frame`).
pub fn game(record: &Record, frame: &Frame, token: &str) -> Markup {
    let lang = record.lang;
    let map = &record.map;
    let title = text::map_name(lang, map);
    let pieces = format!("<g id=\"pieces\">{}</g>", frame.pieces);
    let board = record.base_svg.replacen(EMPTY_PIECES, &pieces, 1);
    let details = serde_json::to_string(&route_details(lang, map)).expect("strings serialise");
    let claims = serde_json::to_string(&frame.claims).expect("strings serialise");
    // Shown by the script once there is a move to step back to.
    let replay_hidden = frame.latest <= frame.first;
    let move_of = tr!(lang, "web-move-of", move = "{move}", moves = "{moves}");
    html! {
        html lang=(lang.code()) {
            head { (head(&tr!(lang, "web-game-title", map = title.as_str()))) }
            // A finished game's page is not live: nothing more will come.
            body.over[frame.over] data-token=(token) data-version=(frame.version) data-latest=(frame.latest)
                data-first=(frame.first) {
                header {
                    h1 { (title) }
                    span #live.live { (tr!(lang, "web-live")) }
                    span #offline.offline hidden { (tr!(lang, "web-reconnecting")) }
                }
                main {
                    section #board-box aria-label=(tr!(lang, "web-board")) {
                        div #zoom {
                            button #zoom-in type="button" title=(tr!(lang, "web-zoom-in")) { "+" }
                            button #zoom-out type="button" title=(tr!(lang, "web-zoom-out")) { "−" }
                            button #zoom-fit type="button" title=(tr!(lang, "web-zoom-fit")) { "⤢" }
                        }
                        div #board { (PreEscaped(board)) }
                        div #details role="status" hidden {}
                    }
                    aside #panel { (PreEscaped(&frame.panel)) }
                    section #replay aria-label=(tr!(lang, "web-replay")) hidden[replay_hidden] {
                        button #first type="button" title=(tr!(lang, "web-first")) { "⇤" }
                        button #prev type="button" title=(tr!(lang, "web-previous")) { "◀" }
                        input #slider type="range" min=(frame.first) max=(frame.latest) value=(frame.version)
                            aria-label=(tr!(lang, "web-replay"));
                        button #next type="button" title=(tr!(lang, "web-next")) { "▶" }
                        button #last type="button" title=(tr!(lang, "web-latest")) { "⇥" }
                        span #at data-words=(move_of) {}
                    }
                    section #chart-box {
                        h2 { (tr!(lang, "web-chart")) }
                        div #chart { (PreEscaped(&frame.chart)) }
                    }
                    section #history {
                        h2 { (tr!(lang, "web-history")) }
                        ol #lines {
                            @for (version, line) in &record.lines {
                                li data-v=(version) { (line) }
                            }
                        }
                    }
                }
                div #routes hidden data-details=(details) data-claims=(claims)
                    data-unclaimed=(tr!(lang, "web-unclaimed")) {}
            }
        }
    }
}

/// The pieces' group as [`crate::render::base_svg`] leaves it, for the page to fill.
const EMPTY_PIECES: &str = "<g id=\"pieces\"></g>";

/// Most games a server's page lists.
const SERVER_GAMES: u32 = 30;

/// A server's page: its leaderboard, everyone's rating after each game, and its latest games with their links.
/// `None` when `token` is no server's, or the server turned its links off.
///
/// # Errors
/// The store's.
pub async fn server(store: &Store, token: &WebToken) -> Result<Option<Markup>, StoreError> {
    let Some(guild) = store.server_by_web_token(token).await? else {
        return Ok(None);
    };
    if !store.web_links(guild).await? {
        return Ok(None);
    }
    let lang = store.server_language(guild).await?;
    let finished = store.finished_games(crate::store::StatsPlace::Server(guild)).await?;
    let standings = crate::stats::leaderboard(&finished);
    let names = store.people_names(guild).await?;
    let name_of = |user: u64| names.get(&user).cloned().unwrap_or_else(|| tr!(lang, "web-someone"));
    let mut listed = Vec::new();
    for game in store.server_games(guild, SERVER_GAMES).await? {
        let map = store.map(&game.map, None).await.ok();
        let map_name = map
            .as_deref()
            .map_or_else(|| game.map.clone(), |m| text::map_name(lang, m));
        let state = if game.running {
            tr!(lang, "web-running")
        } else {
            tr!(lang, "web-finished")
        };
        let players = game.players.join(", ");
        let line = format!("{map_name} · {players} · {state} · {}", utc_minute(game.updated_at));
        listed.push((line, game.token));
    }
    let title = tr!(lang, "web-server-title");
    let ratings = ratings_chart(&finished, &standings, &name_of);
    Ok(Some(html! {
        html lang=(lang.code()) {
            head { (head(&title)) }
            body.server {
                header { h1 { (title) } }
                main {
                    section {
                        h2 { (tr!(lang, "web-leaderboard")) }
                        @if standings.is_empty() {
                            p { (tr!(lang, "web-no-finished-games")) }
                        } @else {
                            table.leaderboard {
                                thead {
                                    tr {
                                        th { "#" }
                                        th { (tr!(lang, "web-player")) }
                                        th { (tr!(lang, "web-rating")) }
                                        th { (tr!(lang, "web-games")) }
                                        th { (tr!(lang, "web-wins")) }
                                    }
                                }
                                tbody {
                                    @for (i, s) in standings.iter().enumerate() {
                                        tr {
                                            td { (i + 1) }
                                            td { (name_of(s.user)) }
                                            td { (s.rating.round() as i64) }
                                            td { (s.games) }
                                            td { (s.wins) }
                                        }
                                    }
                                }
                            }
                        }
                    }
                    @if let Some(chart) = ratings {
                        section {
                            h2 { (tr!(lang, "web-ratings")) }
                            (chart)
                        }
                    }
                    section {
                        h2 { (tr!(lang, "web-server-games")) }
                        ul.games {
                            @for (line, token) in &listed {
                                li { a href=(format!("/g/{}", token.as_str())) { (line) } }
                            }
                        }
                    }
                }
            }
        }
    }))
}

/// Most finished games the ratings chart spans (the latest; the ratings themselves count every game).
const CHART_GAMES: usize = 300;

/// Everyone's rating after each finished game, for the people on the leaderboard's first lines, with a legend.
fn ratings_chart(
    finished: &[crate::store::FinishedGame],
    standings: &[crate::stats::Standing],
    name_of: &dyn Fn(u64) -> String,
) -> Option<Markup> {
    const SHOWN: usize = 8;
    const W: f64 = 600.0;
    const H: f64 = 200.0;
    if finished.len() < 2 || standings.is_empty() {
        return None;
    }
    let people: Vec<u64> = standings.iter().take(SHOWN).map(|s| s.user).collect();
    let mut series = crate::stats::ratings_over_time(finished, &people);
    for points in &mut series {
        let skipped = points.len().saturating_sub(CHART_GAMES);
        points.drain(..skipped);
    }
    let games = series.first().map_or(0, Vec::len);
    let (low, high) = series
        .iter()
        .flatten()
        .fold((f64::MAX, f64::MIN), |(lo, hi), r| (lo.min(*r), hi.max(*r)));
    let span = (high - low).max(1.0);
    let x = |i: usize| i as f64 / games.saturating_sub(1).max(1) as f64 * W;
    let y = |r: f64| H - (r - low) / span * H;
    let color = |i: usize| super::frame::hex(crate::render::player_rgba(crate::seating::PlayerColor::for_seat(i)));
    let lines: Vec<String> = series
        .iter()
        .map(|points| {
            let points: Vec<String> = points
                .iter()
                .enumerate()
                .map(|(k, r)| format!("{:.1},{:.1}", x(k), y(*r)))
                .collect();
            points.join(" ")
        })
        .collect();
    Some(html! {
        svg.chart viewBox=(format!("-4 -4 {} {}", W + 8.0, H + 8.0)) preserveAspectRatio="none" {
            @for (i, points) in lines.iter().enumerate() {
                polyline points=(points) fill="none" stroke-width="2.5" stroke=(color(i)) {}
            }
        }
        ul.legend {
            @for (i, user) in people.iter().enumerate() {
                li {
                    svg.swatch viewBox="0 0 30 14" { rect width="30" height="14" rx="2" fill=(color(i)) {} }
                    (name_of(*user))
                }
            }
        }
    })
}
