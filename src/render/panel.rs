//! The side panel: the map, whose turn it is, the last claim, one row per seat, the face-up cards, the piles, and
//! the final ranking; on one player's own picture, their tickets too. Its text is sized to stay legible when a chat
//! shows the picture about 800 pixels wide.

use image::{Rgba, RgbaImage};

use super::draw;
use super::fonts::{LABEL, TEXT};
use super::glyphs;
use super::style::{self, CarMark, HALO, INK, mark_rgba, player_rgba, seat_color};
use super::surface::Canvas;
use crate::rules::view::{FinalResult, PublicSeat};
use crate::rules::{Card, Color, Map, PublicView, Seat, Step, TicketId};
use crate::seating::Player;
use crate::text::catalog::tr;
use crate::text::{self, Lang};

const PANEL: Rgba<u8> = Rgba([250, 248, 242, 255]);
const ALERT: Rgba<u8> = Rgba([130, 30, 20, 255]);
const MUTED: Rgba<u8> = Rgba([80, 74, 68, 255]);
const CURRENT_ROW: Rgba<u8> = Rgba([255, 236, 150, 255]);
const DIVIDER: Rgba<u8> = Rgba([180, 170, 150, 255]);
const EMPTY_SLOT: Rgba<u8> = Rgba([225, 220, 210, 255]);
const TICKET_DONE: Rgba<u8> = Rgba([30, 130, 50, 255]);
/// The panel's own flat colours (the rest are the board's), for the palette.
pub(super) const FLAT_COLORS: [Rgba<u8>; 7] = [PANEL, ALERT, MUTED, CURRENT_ROW, DIVIDER, EMPTY_SLOT, TICKET_DONE];
/// Height of one seat's row.
const ROW: f32 = 100.0;

/// The panel's background and the line between it and the board (drawn into the base layer at scale `k`).
pub(super) fn draw_background(map: &Map, img: &mut RgbaImage, k: f32) {
    let (w, h) = style::image_size(map);
    draw::fill_convex(
        img,
        &draw::rect(map.width as f32 * k, 0.0, w as f32 * k, h as f32 * k),
        PANEL,
    );
    draw::line(
        img,
        (map.width as f32 * k, 0.0),
        (map.width as f32 * k, h as f32 * k),
        3.0,
        DIVIDER,
    );
}

/// Where the panel's lines end on the right: the edge of a seat's row.
const TEXT_RIGHT: f32 = 590.0;

/// Draws a line of the panel from `at`, ending before `right` (from the column's left, `x`): at `size`, or smaller
/// (down to three quarters) when a long line would run off the picture, and cut short with "…" past that.
fn fitted_text(
    img: &mut RgbaImage,
    font: &ab_glyph::FontRef<'static>,
    size: f32,
    at: (f32, f32),
    right: f32,
    color: Rgba<u8>,
    line: &str,
) {
    let room = right - at.0;
    // No line of the panel shows more than this many characters (a name is cut to 32 before it gets here): a longer
    // one is cut first, so the shortening below measures short lines only.
    const MOST_CHARS: usize = 160;
    let line = &match line.char_indices().nth(MOST_CHARS) {
        Some((end, _)) => format!("{}…", &line[..end]),
        None => line.to_string(),
    };
    let fits = |size: f32, line: &str| glyphs::text_size(font, size, line).0 <= room;
    let mut scaled = size;
    while !fits(scaled, line) && scaled > size * 0.75 {
        scaled -= 1.0;
    }
    let mut shown = line.to_string();
    while !fits(scaled, &shown) && shown.chars().count() > 1 {
        let kept: String = shown.trim_end_matches('…').chars().collect();
        shown = format!(
            "{}…",
            kept.chars()
                .take(kept.chars().count() - 1)
                .collect::<String>()
                .trim_end()
        );
    }
    // A smaller line sits lower, on the same baseline as its neighbours would.
    glyphs::text(img, font, scaled, (at.0, at.1 + (size - scaled) * 0.8), color, &shown);
}

/// Writes lines down the panel, never past its bottom.
struct Column {
    x: f32,
    y: f32,
    bottom: f32,
}

impl Column {
    /// Whether `height` more pixels fit.
    fn fits(&self, height: f32) -> bool {
        self.y + height <= self.bottom
    }
}

/// The panel of the public picture; with `tickets` (a seat and its tickets), the panel of that player's own picture.
/// Its words are in `lang`.
pub(super) fn draw(
    lang: Lang,
    map: &Map,
    view: &PublicView,
    players: &[Player],
    tickets: Option<(Seat, &[(TicketId, bool)])>,
    img: &mut RgbaImage,
) {
    let (_, height) = style::image_size(map);
    let mut col = Column {
        x: map.width as f32 + 28.0,
        y: 22.0,
        bottom: height as f32 - 12.0,
    };
    draw_heading(lang, map, view, players, img, &mut col);
    for seat in &view.seats {
        draw_seat_row(lang, map, view, players, seat, img, &mut col);
    }
    draw_faceup_row(lang, map, view, img, &mut col);
    let piles = tr!(
        lang,
        "panel-piles",
        deck = view.deck_size,
        discard = view.discard_size,
        tickets = view.ticket_deck_size
    );
    fitted_text(img, &TEXT, 24.0, (col.x, col.y), col.x + TEXT_RIGHT, INK, &piles);
    col.y += 44.0;
    // Once the game is over the ranking comes first; a player's tickets follow as far as room allows.
    if let Some(result) = &view.result {
        draw_final_ranking(lang, result, players, img, &mut col);
        col.y += 14.0;
    }
    if let Some((seat, tickets)) = tickets {
        let heading = tr!(lang, "final-tickets-heading", name = seat_name(lang, players, seat));
        draw_ticket_list(lang, map, &heading, tickets, img, &mut col);
    }
}

/// The name shown for a seat.
fn seat_name(lang: Lang, players: &[Player], seat: Seat) -> String {
    players
        .get(seat.index())
        .map_or_else(|| tr!(lang, "player-fallback", number = seat.0 + 1), |p| p.name.clone())
}

/// The map's name, what the game waits for, and the last claim.
fn draw_heading(lang: Lang, map: &Map, view: &PublicView, players: &[Player], img: &mut RgbaImage, col: &mut Column) {
    let title = text::map_name(lang, map);
    fitted_text(img, &LABEL, 40.0, (col.x, col.y), col.x + TEXT_RIGHT, INK, &title);
    col.y += 54.0;
    let (status, last_claim) = text::panel_heading(lang, map, view, |seat| seat_name(lang, players, seat));
    fitted_text(img, &LABEL, 34.0, (col.x, col.y), col.x + TEXT_RIGHT, ALERT, &status);
    col.y += 46.0;
    if let Some(line) = last_claim {
        draw::fill_convex(
            img,
            &draw::rect(col.x, col.y + 6.0, col.x + 18.0, col.y + 24.0),
            style::HIGHLIGHT,
        );
        fitted_text(img, &TEXT, 24.0, (col.x + 28.0, col.y), col.x + TEXT_RIGHT, INK, &line);
    }
    col.y += 44.0;
}

/// One seat's row: a car in the seat's colour with its mark (what its cars look like on the board), the name and
/// the score large, and the counts below (highlighted when it is that seat's turn).
fn draw_seat_row(
    lang: Lang,
    map: &Map,
    view: &PublicView,
    players: &[Player],
    seat: &PublicSeat,
    img: &mut RgbaImage,
    col: &mut Column,
) {
    let (x, y) = (col.x, col.y);
    let current = seat.seat == view.current && !matches!(view.phase, Step::Over | Step::StartingTickets);
    if current {
        draw::fill_convex(
            img,
            &draw::rect(x - 14.0, y - 8.0, x + 598.0, y + ROW - 12.0),
            CURRENT_ROW,
        );
    }
    let color = seat_color(players, seat.seat);
    let car = draw::rect(x, y + 14.0, x + 58.0, y + 42.0);
    draw::fill_convex(img, &draw::grow(&car, 2.0), INK);
    draw::fill_convex(img, &car, player_rgba(color));
    style::draw_mark(&mut Canvas::new(img, 1.0), &car, CarMark::of(color), mark_rgba(color));
    let score = view.score(seat.seat);
    let points = format!("{score}");
    let (pw, _) = glyphs::text_size(&LABEL, 36.0, &points);
    let name = seat_name(lang, players, seat.seat);
    fitted_text(img, &LABEL, 36.0, (x + 76.0, y), x + TEXT_RIGHT - pw - 16.0, INK, &name);
    glyphs::text(img, &LABEL, 36.0, (x + TEXT_RIGHT - pw, y), INK, &points);
    let details = text::seat_counts(lang, map, seat);
    fitted_text(img, &TEXT, 22.0, (x + 76.0, y + 48.0), x + TEXT_RIGHT, MUTED, &details);
    col.y += ROW;
}

/// The five face-up cards in their colours (the wild card striped), named underneath.
fn draw_faceup_row(lang: Lang, map: &Map, view: &PublicView, img: &mut RgbaImage, col: &mut Column) {
    glyphs::text(img, &LABEL, 28.0, (col.x, col.y), INK, &tr!(lang, "panel-faceup"));
    let y = col.y + 42.0;
    for (slot, card) in view.faceup.iter().enumerate() {
        let x = col.x + slot as f32 * 116.0;
        let rect = draw::rect(x, y, x + 104.0, y + 62.0);
        draw::fill_convex(img, &draw::grow(&rect, 1.5), INK);
        match card {
            None => draw::fill_convex(img, &rect, EMPTY_SLOT),
            Some(c) if c.is_wild() => {
                // The wild card: stripes of every colour.
                let colors = [
                    Color::Red,
                    Color::Orange,
                    Color::Yellow,
                    Color::Green,
                    Color::Blue,
                    Color::Purple,
                ];
                for (i, k) in colors.iter().enumerate() {
                    let x1 = x + i as f32 * 104.0 / 6.0;
                    draw::fill_convex(
                        img,
                        &draw::rect(x1, y, x1 + 104.0 / 6.0, y + 62.0),
                        style::color_rgba(Some(*k)),
                    );
                }
            }
            Some(c) => draw::fill_convex(img, &rect, style::color_rgba(c.color())),
        }
        let label = card.map_or_else(|| "—".to_string(), |c: Card| text::card(lang, map, c));
        let (tw, _) = glyphs::text_size(&TEXT, 20.0, &label);
        glyphs::haloed_text(img, &TEXT, 20.0, (x + 52.0 - tw / 2.0, y + 66.0), INK, HALO, &label);
    }
    col.y = y + 108.0;
}

/// One player's tickets on their own picture: done ✓ or not yet.
fn draw_ticket_list(
    lang: Lang,
    map: &Map,
    heading: &str,
    tickets: &[(TicketId, bool)],
    img: &mut RgbaImage,
    col: &mut Column,
) {
    if !col.fits(40.0) {
        return;
    }
    glyphs::text(img, &LABEL, 28.0, (col.x, col.y), INK, heading);
    col.y += 40.0;
    for (i, &(ticket, done)) in tickets.iter().enumerate() {
        if !col.fits(60.0) && i + 1 < tickets.len() {
            let rest = tickets.len() - i;
            glyphs::text(
                img,
                &TEXT,
                22.0,
                (col.x, col.y),
                MUTED,
                &tr!(lang, "field-more", count = rest),
            );
            col.y += 30.0;
            return;
        }
        let (mark, color) = if done { ("✓", TICKET_DONE) } else { ("○", MUTED) };
        glyphs::text(img, &TEXT, 22.0, (col.x, col.y), color, mark);
        let label = map.ticket_label(ticket);
        fitted_text(img, &TEXT, 22.0, (col.x + 30.0, col.y), col.x + TEXT_RIGHT, INK, &label);
        col.y += 30.0;
    }
    col.y += 14.0;
}

/// The ranking, winner first, with each player's points by kind.
fn draw_final_ranking(lang: Lang, result: &FinalResult, players: &[Player], img: &mut RgbaImage, col: &mut Column) {
    if !col.fits(40.0) {
        return;
    }
    glyphs::text(img, &LABEL, 30.0, (col.x, col.y), INK, &tr!(lang, "panel-final"));
    col.y += 42.0;
    for (place, &seat) in result.ranking.iter().enumerate() {
        if !col.fits(30.0) {
            return;
        }
        let s = &result.scores[seat];
        let line = tr!(
            lang,
            "panel-final-row",
            rank = place + 1,
            name = seat_name(lang, players, Seat(seat as u8)),
            total = s.total,
            routes = s.route_points,
            tickets = format!("{:+}", s.ticket_points),
            bonus = s.longest_bonus + s.station_points + s.grand_tour_points
        );
        fitted_text(img, &TEXT, 22.0, (col.x, col.y), col.x + TEXT_RIGHT, INK, &line);
        col.y += 30.0;
    }
}
