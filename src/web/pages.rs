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
fn head(lang: Lang, title: &str) -> Markup {
    html! {
        (DOCTYPE)
        meta charset="utf-8";
        meta name="viewport" content="width=device-width, initial-scale=1";
        meta name="robots" content="noindex, nofollow";
        title { (title) }
        link rel="icon" href=(assets::url("icon.svg"));
        link rel="stylesheet" href=(assets::url("page.css"));
        script defer src=(assets::url("game.js")) {}
        @let _ = lang;
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
    let board = record.base_svg.replacen("<g id=\"pieces\"></g>", &pieces, 1);
    let details = serde_json::to_string(&route_details(lang, map)).expect("strings serialise");
    let claims = serde_json::to_string(&frame.claims).expect("strings serialise");
    let replayable = record.views.len() > 1;
    html! {
        html lang=(lang.code()) {
            head { (head(lang, &tr!(lang, "web-game-title", map = title.as_str()))) }
            body data-token=(token) data-version=(frame.version) data-latest=(frame.latest) data-first=(frame.first) {
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
                    @if replayable {
                        section #replay aria-label=(tr!(lang, "web-replay")) {
                            button #first type="button" title=(tr!(lang, "web-first")) { "⇤" }
                            button #prev type="button" title=(tr!(lang, "web-previous")) { "◀" }
                            input #slider type="range" min=(frame.first) max=(frame.latest) value=(frame.version)
                                aria-label=(tr!(lang, "web-replay"));
                            button #next type="button" title=(tr!(lang, "web-next")) { "▶" }
                            button #last type="button" title=(tr!(lang, "web-latest")) { "⇥" }
                            span #at data-words=(tr!(lang, "web-move-of", move = "{move}", moves = "{moves}")) {}
                        }
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
                div #routes hidden data-details=(details) data-claims=(claims) data-unclaimed=(tr!(lang, "web-unclaimed")) {}
            }
        }
    }
}

/// Most games a server's page lists.
const SERVER_GAMES: u32 = 30;

/// A server's page: its leaderboard, everyone's rating after each game, and its latest games with their links.
/// `None` when `token` is no server's.
///
/// # Errors
/// The store's.
pub async fn server(store: &Store, token: &WebToken) -> Result<Option<Markup>, StoreError> {
    let Some(guild) = store.server_by_web_token(token).await? else {
        return Ok(None);
    };
    let lang = store.server_language(guild).await?;
    let finished = store.finished_games(crate::store::StatsPlace::Server(guild)).await?;
    let standings = crate::stats::leaderboard(&finished);
    let names = store.people_names(guild).await?;
    let name_of = |user: u64| names.get(&user).cloned().unwrap_or_else(|| tr!(lang, "web-someone"));
    let games = store.server_games(guild, SERVER_GAMES).await?;
    let mut listed = Vec::with_capacity(games.len());
    for game in games {
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
            head { (head(lang, &title)) }
            body.server {
                header { h1 { (title) } }
                main {
                    section {
                        h2 { (tr!(lang, "web-leaderboard")) }
                        @if standings.is_empty() {
                            p { (tr!(lang, "web-no-finished-games")) }
                        } @else {
                            table.leaderboard {
                                thead { tr { th { "#" } th { (tr!(lang, "web-player")) } th { (tr!(lang, "web-rating")) }
                                    th { (tr!(lang, "web-games")) } th { (tr!(lang, "web-wins")) } } }
                                tbody {
                                    @for (i, s) in standings.iter().enumerate() {
                                        tr { td { (i + 1) } td { (name_of(s.user)) } td { (s.rating.round() as i64) }
                                            td { (s.games) } td { (s.wins) } }
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
                                li {
                                    @if let Some(token) = token {
                                        a href=(format!("/g/{}", token.as_str())) { (line) }
                                    } @else {
                                        span { (line) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }))
}

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
    // The leaderboard after each prefix of the games: quadratic, and a server's page lists at most a few hundred.
    let mut series: Vec<Vec<f64>> = vec![Vec::new(); people.len()];
    for n in 1..=finished.len() {
        let table = crate::stats::leaderboard(&finished[..n]);
        for (i, user) in people.iter().enumerate() {
            let rating = table
                .iter()
                .find(|s| s.user == *user)
                .map_or(crate::stats::START, |s| s.rating);
            series[i].push(rating);
        }
    }
    let (low, high) = series
        .iter()
        .flatten()
        .fold((f64::MAX, f64::MIN), |(lo, hi), r| (lo.min(*r), hi.max(*r)));
    let span = (high - low).max(1.0);
    let x = |i: usize| i as f64 / (finished.len() - 1).max(1) as f64 * W;
    let y = |r: f64| H - (r - low) / span * H;
    let color = |i: usize| super::frame::hex(crate::render::player_rgba(crate::seating::PlayerColor::for_seat(i)));
    Some(html! {
        svg.chart viewBox=(format!("-4 -4 {} {}", W + 8.0, H + 8.0)) preserveAspectRatio="none" {
            @for (i, points) in series.iter().enumerate() {
                @let line: Vec<String> = points.iter().enumerate().map(|(k, r)| format!("{:.1},{:.1}", x(k), y(*r))).collect();
                polyline points=(line.join(" ")) fill="none" stroke-width="2.5" stroke=(color(i)) {}
            }
        }
        ul.legend {
            @for (i, user) in people.iter().enumerate() {
                li { svg.swatch viewBox="0 0 30 14" { rect width="30" height="14" rx="2" fill=(color(i)) {} } (name_of(*user)) }
            }
        }
    })
}
