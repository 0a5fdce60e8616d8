//! The private pickers of a claim: the routes (or station cities) a player can pay for now, in pages of selects so
//! any number works; the payment buttons when more than one payment is possible (a tunnel's with `Give up`); and
//! the `Confirm` / `Cancel` question of a game that confirms claims.

use poise::serenity_prelude as serenity;

use super::{PER_SELECT, clip};
use crate::bot::component::{Component, Place};
use crate::bot::reply::Private;
use crate::bot::table::Table;
use crate::lang::Lang;
use crate::rules::{CardCounts, CityId, Game, Purchase, RouteId, Seat};
use crate::text::{self, catalog::tr};

/// Select menus on one picker page: Discord allows five rows, and one stays for the page buttons.
const SELECTS_PER_PAGE: usize = 4;
/// Payment buttons on one page: four rows of five, and one row for the page buttons and `Give up`.
const PAYMENTS_PER_PAGE: usize = 20;

/// The routes `seat` can claim now with its cards, or the cities where it can build a station, as (label, id),
/// sorted by label.
fn places(game: &Game, seat: Seat, place: Place, lang: Lang) -> Vec<(String, u16)> {
    let map = game.map();
    let mut found: Vec<(String, u16)> = match place {
        Place::Route => (0..map.routes.len())
            .map(|i| RouteId(i as u16))
            .filter(|&r| game.claim_options(seat, r).claimable())
            .map(|r| (text::route(lang, map, r), r.0))
            .collect(),
        Place::City => (0..map.cities.len())
            .map(|i| CityId(i as u16))
            .filter(|&c| game.station_options(seat, c).is_ok_and(|p| !p.is_empty()))
            .map(|c| (map.city(c).name.clone(), c.0))
            .collect(),
    };
    found.sort();
    found
}

/// The picker of routes (or station cities) a user can pay for now, one page of up to 100 in four selects.
pub fn place_picker(table: &Table, seat: Seat, place: Place, page: usize, lang: Lang) -> Private {
    if let Err(e) = table.game.check_turn_action(seat) {
        return Private::text(text::rule_error(lang, table.game.map(), &e));
    }
    let all = places(&table.game, seat, place, lang);
    if all.is_empty() {
        return Private::text(match place {
            Place::Route => tr!(lang, "picker-no-route"),
            Place::City => tr!(lang, "picker-no-city"),
        });
    }
    let per_page = PER_SELECT * SELECTS_PER_PAGE;
    let pages = all.len().div_ceil(per_page);
    let page = page.min(pages - 1);
    let shown = &all[page * per_page..((page + 1) * per_page).min(all.len())];
    let id = |component: Component| component.id(table.id, table.version);
    let mut rows: Vec<serenity::CreateActionRow> = shown
        .chunks(PER_SELECT)
        .enumerate()
        .map(|(i, chunk)| {
            let options = chunk
                .iter()
                .map(|(label, id)| serenity::CreateSelectMenuOption::new(clip(label, 100), id.to_string()))
                .collect();
            let first = chunk.first().map_or("", |(l, _)| l.as_str());
            let last = chunk.last().map_or("", |(l, _)| l.as_str());
            let select = Component::Pick { place, select: i as u8 };
            serenity::CreateActionRow::SelectMenu(
                serenity::CreateSelectMenu::new(id(select), serenity::CreateSelectMenuKind::String { options })
                    .placeholder(clip(&span(initial_words(first), initial_words(last)), 150)),
            )
        })
        .collect();
    if pages > 1 {
        rows.push(page_buttons(page, pages, lang, |page| {
            id(Component::PickerPage {
                place,
                page: page as u16,
            })
        }));
    }
    let pages_note = if pages > 1 {
        tr!(lang, "picker-page", page = page + 1, pages = pages)
    } else {
        String::new()
    };
    let key = match place {
        Place::Route => "picker-routes",
        Place::City => "picker-cities",
    };
    Private {
        content: tr!(lang, key, page = pages_note, count = all.len()),
        components: rows,
        picture: None,
    }
}

/// A select's placeholder: the first and last of its choices ("Amsterdam … Marseille"), or the only one.
fn span(first: &str, last: &str) -> String {
    if first == last {
        first.to_string()
    } else {
        format!("{first} … {last}")
    }
}

/// The start of a label, for a select's placeholder ("Atlanta – Miami (5, blue)" → "Atlanta – Miami").
fn initial_words(label: &str) -> &str {
    label.split(" (").next().unwrap_or(label)
}

/// `◀ Earlier` / `More ▶` buttons of a paged picker; `id` is the `custom_id` showing a page.
fn page_buttons(page: usize, pages: usize, lang: Lang, id: impl Fn(usize) -> String) -> serenity::CreateActionRow {
    serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(id(page.saturating_sub(1)))
            .label(tr!(lang, "button-earlier"))
            .style(serenity::ButtonStyle::Secondary)
            .disabled(page == 0),
        serenity::CreateButton::new(id(page + 1))
            .label(tr!(lang, "button-more"))
            .style(serenity::ButtonStyle::Secondary)
            .disabled(page + 1 >= pages),
    ])
}

/// Buttons for each way to pay, a page at a time; a tunnel's also has `Give up`.
pub fn payment_picker(table: &Table, purchase: Purchase, payments: &[CardCounts], page: usize, lang: Lang) -> Private {
    let map = table.game.map();
    let id = |component: Component| component.id(table.id, table.version);
    let pages = payments.len().div_ceil(PAYMENTS_PER_PAGE).max(1);
    let page = page.min(pages - 1);
    let shown =
        &payments[(page * PAYMENTS_PER_PAGE).min(payments.len())..((page + 1) * PAYMENTS_PER_PAGE).min(payments.len())];
    let mut rows: Vec<serenity::CreateActionRow> = shown
        .chunks(5)
        .map(|chunk| {
            serenity::CreateActionRow::Buttons(
                chunk
                    .iter()
                    .map(|&cards| {
                        let label = tr!(lang, "button-pay", cards = text::payment(lang, map, &cards));
                        serenity::CreateButton::new(id(Component::Pay { purchase, cards }))
                            .label(clip(&label, 80))
                            .style(serenity::ButtonStyle::Primary)
                    })
                    .collect(),
            )
        })
        .collect();
    let mut last = Vec::new();
    if pages > 1 {
        let page_id = |page: usize| {
            id(Component::PaymentPage {
                purchase,
                page: page as u16,
            })
        };
        let serenity::CreateActionRow::Buttons(nav) = page_buttons(page, pages, lang, page_id) else {
            unreachable!("page_buttons makes buttons")
        };
        last.extend(nav);
    }
    if purchase == Purchase::Tunnel {
        last.push(
            serenity::CreateButton::new(id(Component::GiveUp))
                .label(tr!(lang, "button-give-up"))
                .style(serenity::ButtonStyle::Danger),
        );
    }
    if !last.is_empty() {
        rows.push(serenity::CreateActionRow::Buttons(last));
    }
    let what = text::purchase(lang, map, purchase, table.game.step());
    let content = match purchase {
        Purchase::Tunnel if payments.is_empty() => tr!(lang, "tunnel-cannot-pay", what = what),
        Purchase::Tunnel => tr!(lang, "tunnel-pay", what = what),
        _ => tr!(lang, "pay-how", what = what),
    };
    Private {
        content,
        components: rows,
        picture: None,
    }
}

/// The question a game that confirms claims asks: the purchase and its payment, `Confirm` and `Cancel`.
pub fn confirm_prompt(table: &Table, purchase: Purchase, cards: CardCounts, lang: Lang) -> Private {
    let map = table.game.map();
    let id = |component: Component| component.id(table.id, table.version);
    let what = text::purchase(lang, map, purchase, table.game.step());
    let paid = text::payment(lang, map, &cards);
    Private {
        content: tr!(lang, "confirm-take", what = what, cards = paid),
        components: vec![serenity::CreateActionRow::Buttons(vec![
            serenity::CreateButton::new(id(Component::Confirm { purchase, cards }))
                .label(tr!(lang, "button-confirm"))
                .style(serenity::ButtonStyle::Success),
            serenity::CreateButton::new(id(Component::CancelClaim))
                .label(tr!(lang, "button-cancel"))
                .style(serenity::ButtonStyle::Secondary),
        ])],
        picture: None,
    }
}
