//! One version of a game as its page draws it: the pieces on the board (SVG), the panel (HTML), the score chart
//! (SVG), who claimed which route when, and the latest sentences — all from the record's public views.

use maud::{Markup, html};
use serde::Serialize;

use super::record::Record;
use crate::lang::Lang;
use crate::rules::{Card, Color, Map, PublicView, Seat, Step};
use crate::seating::Player;
use crate::text::catalog::tr;
use crate::text::{self};

/// How many versions' sentences a frame carries: a page that missed a few moves (a slow phone) adds them from the
/// next frame it gets; one that reconnects says which it saw last and gets every later one.
pub const RECENT_VERSIONS: i64 = 20;

/// A version of the game as the page's script applies it.
#[derive(Serialize)]
pub struct Frame {
    /// The version drawn.
    pub version: i64,
    /// The game's latest version when the frame was made.
    pub latest: i64,
    /// The first version the page can step back to.
    pub first: i64,
    /// The content of the board's `pieces` group.
    pub pieces: String,
    /// The panel, as HTML.
    pub panel: String,
    /// The score chart up to this version, as SVG.
    pub chart: String,
    /// Each claimed route's index with who claimed it when, as a sentence.
    pub claims: Vec<(usize, String)>,
    /// The sentences of the latest versions up to this one, each with its version.
    pub lines: Vec<(i64, String)>,
    /// The game is over (as of its latest version): nothing more will come.
    pub over: bool,
}

/// The frame of `version`, if the record has it, with the sentences of the versions after `lines_after` (at most
/// [`RECENT_VERSIONS`] before it unless asked for more).
pub fn frame(record: &Record, version: i64, lines_after: Option<i64>) -> Option<Frame> {
    let view = record.view(version)?;
    let lang = record.lang;
    let map = &record.map;
    let latest = record.latest();
    let claims = view
        .owners
        .iter()
        .enumerate()
        .filter_map(|(route, owner)| {
            let seat = (*owner)?;
            let name = seat_name(lang, &record.players, seat);
            let sentence = match record.claimed_at[route] {
                Some(at) if at > record.first => tr!(lang, "web-claimed-at", name = name, move = at),
                _ => tr!(lang, "web-claimed", name = name),
            };
            Some((route, sentence))
        })
        .collect();
    let lines = record
        .lines
        .iter()
        .filter(|(v, _)| *v <= version && *v > lines_after.unwrap_or(version - RECENT_VERSIONS))
        .cloned()
        .collect();
    let since = (version == latest).then_some(record.turn_started_at).flatten();
    Some(Frame {
        version,
        latest,
        first: record.first,
        pieces: crate::render::pieces_svg(map, view, &record.players),
        panel: panel(lang, map, view, &record.players, since).into_string(),
        chart: chart(record, version).into_string(),
        claims,
        lines,
        over: record.views.last().is_some_and(|v| v.result.is_some()),
    })
}

/// The name shown for a seat.
fn seat_name(lang: Lang, players: &[Player], seat: Seat) -> String {
    players
        .get(seat.index())
        .map_or_else(|| tr!(lang, "player-fallback", number = seat.0 + 1), |p| p.name.clone())
}

/// `#rrggbb` of a colour drawn on the board.
pub(super) fn hex(rgba: image::Rgba<u8>) -> String {
    format!("#{:02x}{:02x}{:02x}", rgba.0[0], rgba.0[1], rgba.0[2])
}

/// A seat's colour as the board draws its cars.
fn seat_hex(players: &[Player], seat: Seat) -> String {
    let color = players
        .get(seat.index())
        .map_or(crate::seating::PlayerColor::for_seat(seat.index()), |p| p.color);
    hex(crate::render::player_rgba(color))
}

/// The panel: what the game waits for, the last claim, each seat's row, the face-up cards, the piles, and at the
/// end the ranking with every player's tickets.
fn panel(lang: Lang, map: &Map, view: &PublicView, players: &[Player], since: Option<i64>) -> Markup {
    let (status, last_claim) = text::panel_heading(lang, map, view, |seat| seat_name(lang, players, seat));
    let over = matches!(view.phase, Step::Over);
    let rows: Vec<SeatRow> = view
        .seats
        .iter()
        .map(|seat| SeatRow {
            seat: seat.seat.0,
            current: seat.seat == view.current && !matches!(view.phase, Step::Over | Step::StartingTickets),
            color: seat_hex(players, seat.seat),
            name: seat_name(lang, players, seat.seat),
            details: text::seat_counts(lang, map, seat),
            score: view.score(seat.seat),
        })
        .collect();
    let piles = tr!(
        lang,
        "panel-piles",
        deck = view.deck_size,
        discard = view.discard_size,
        tickets = view.ticket_deck_size
    );
    html! {
        p.status { (status) }
        @if let Some(at) = since.filter(|_| !over) {
            p.since { (tr!(lang, "web-turn-since", when = utc_minute(at))) }
        }
        @if let Some(line) = last_claim { p.last { (line) } }
        table.seats {
            @for row in &rows {
                tr.current[row.current] data-seat=(row.seat) {
                    td { svg.swatch viewBox="0 0 30 14" { rect width="30" height="14" rx="2" fill=(row.color) {} } }
                    td.name { (row.name) br; small.details { (row.details) } }
                    td.score { (row.score) }
                }
            }
        }
        h3 { (tr!(lang, "panel-faceup")) }
        ul.faceup {
            @for card in &view.faceup {
                li {
                    (card_swatch(*card))
                    span { (card.map_or_else(|| "—".to_string(), |c| text::card(lang, map, c))) }
                }
            }
        }
        p.piles { (piles) }
        @if let Some(result) = &view.result {
            (final_ranking(lang, map, players, result))
        }
    }
}

/// A seat's row in the panel.
struct SeatRow {
    seat: u8,
    current: bool,
    color: String,
    name: String,
    details: String,
    score: i32,
}

/// The ranking, winner first, with each player's points by kind; then every player's tickets, as the final
/// scoreboard reveals them.
fn final_ranking(lang: Lang, map: &Map, players: &[Player], result: &crate::rules::view::FinalResult) -> Markup {
    let ranking: Vec<String> = result
        .ranking
        .iter()
        .map(|&seat| {
            let s = &result.scores[seat];
            tr!(
                lang,
                "panel-final-row",
                rank = result.ranks[seat],
                name = seat_name(lang, players, Seat(seat as u8)),
                total = s.total,
                routes = s.route_points,
                tickets = s.ticket_points,
                bonus = s.longest_bonus + s.station_points + s.grand_tour_points
            )
        })
        .collect();
    html! {
        h3 { (tr!(lang, "panel-final")) }
        ul.ranking {
            @for line in &ranking { li { (line) } }
        }
        @for (seat, tickets) in result.tickets.iter().enumerate() {
            h4 { (tr!(lang, "final-tickets-heading", name = seat_name(lang, players, Seat(seat as u8)))) }
            ul.tickets {
                @for &(ticket, done) in tickets {
                    li.done[done].failed[!done] { (if done { "✓ " } else { "✗ " }) (map.ticket_label(ticket)) }
                }
            }
        }
    }
}

/// A face-up card in its colour (the wild card striped in every colour; an empty slot grey).
fn card_swatch(card: Option<Card>) -> Markup {
    const STRIPES: [Color; 6] = [
        Color::Red,
        Color::Orange,
        Color::Yellow,
        Color::Green,
        Color::Blue,
        Color::Purple,
    ];
    html! {
        svg.card viewBox="0 0 60 36" {
            @match card {
                None => rect width="60" height="36" rx="3" fill="#ddd" {},
                Some(c) if c.is_wild() => {
                    @for (i, color) in STRIPES.iter().enumerate() {
                        rect x=(i * 10) width="10" height="36" fill=(hex(crate::render::color_rgba(Some(*color)))) {}
                    }
                }
                Some(c) => rect width="60" height="36" rx="3" fill=(hex(crate::render::color_rgba(c.color()))) {},
            }
        }
    }
}

/// Chart size in its own units (the page scales it).
const CHART_W: f32 = 600.0;
const CHART_H: f32 = 180.0;

/// Each seat's score after every version up to `version` (route points as the game went, the final totals once it
/// is over), as lines on one chart scaled to the whole game.
fn chart(record: &Record, version: i64) -> Markup {
    let score = |view: &PublicView, seat: usize| view.score(Seat(seat as u8));
    let seats = record.views.last().map_or(0, |v| v.seats.len());
    let top = record
        .views
        .iter()
        .flat_map(|v| (0..seats).map(move |s| score(v, s)))
        .max()
        .unwrap_or(0)
        .max(10) as f32;
    let bottom = record
        .views
        .iter()
        .flat_map(|v| (0..seats).map(move |s| score(v, s)))
        .min()
        .unwrap_or(0)
        .min(0) as f32;
    let span = (record.latest() - record.first).max(1) as f32;
    let x = |v: i64| (v - record.first) as f32 / span * CHART_W;
    let y = |points: i32| CHART_H - (points as f32 - bottom) / (top - bottom) * CHART_H;
    let shown = usize::try_from(version - record.first + 1).unwrap_or(0);
    let lines: Vec<(String, String)> = (0..seats)
        .map(|seat| {
            let points: Vec<String> = record
                .views
                .iter()
                .take(shown)
                .enumerate()
                .map(|(i, v)| format!("{:.1},{:.1}", x(record.first + i as i64), y(score(v, seat))))
                .collect();
            (points.join(" "), seat_hex(&record.players, Seat(seat as u8)))
        })
        .collect();
    html! {
        svg.chart viewBox=(format!("-4 -4 {} {}", CHART_W + 8.0, CHART_H + 8.0)) preserveAspectRatio="none" {
            line x1="0" y1=(y(0)) x2=(CHART_W) y2=(y(0)) stroke="#bbb" stroke-width="1" {}
            @for (points, color) in &lines {
                polyline points=(points) fill="none" stroke-width="2.5" stroke=(color) {}
            }
        }
    }
}

/// Unix milliseconds as "2026-12-06 14:05 UTC".
pub fn utc_minute(ms: i64) -> String {
    let minutes = ms.div_euclid(60_000);
    let (days, minute) = (minutes.div_euclid(1440), minutes.rem_euclid(1440));
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        minute / 60,
        minute % 60
    )
}

#[cfg(test)]
mod tests {
    use super::utc_minute;

    #[test]
    fn unix_milliseconds_read_as_a_utc_date_and_minute() {
        assert_eq!(utc_minute(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc_minute(951_782_400_000), "2000-02-29 00:00 UTC");
        assert_eq!(utc_minute(1_796_566_500_000), "2026-12-06 14:15 UTC");
    }
}
