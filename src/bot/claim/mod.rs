//! Claiming routes, building stations and answering a tunnel: `/ttr claim` and `/ttr station` with autocomplete,
//! the `Claim` and `Station` pickers, payment buttons when more than one payment is possible, the confirmation of a
//! game that asks for one, and the tunnel's private `Pay` / `Give up`.

mod complete;
mod pickers;

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::component::{Component, Place};
use super::data::{Context, Data};
use super::locale::{private_lang, user_lang};
use super::outcome::Outcome;
use super::play::{play, play_seat};
use super::refusal::{Error, Refused};
use super::reply::Private;
use super::table::{Opened, Press, Table};
use crate::lang::Lang;
use crate::rules::names::{self, NameError};
use crate::rules::{Action, CardCounts, CityId, Map, Payment, Purchase, RouteId, Seat, Step};
use crate::text::{self, catalog::tr};
use complete::{complete_city, complete_route, complete_route_payment, complete_station_payment};
use pickers::{confirm_prompt, payment_picker, place_picker};

/// Discord's most options in one select menu (and choices in one autocomplete).
const PER_SELECT: usize = 25;

/// At most `max` characters of a label (Discord refuses longer ones).
fn clip(label: &str, max: usize) -> String {
    label.chars().take(max).collect()
}

/// Whether a purchase is played at once or, in a game that asks to confirm claims, only once confirmed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Confirm {
    /// Ask first if the game's settings say so.
    AsSet,
    /// The player pressed `Confirm`.
    Given,
}

/// Buys `purchase` for the seat: with the payment given, or the only one possible; when several are possible the
/// answer is the payment buttons. In a game that asks to confirm claims, a route or station is first shown with
/// `Confirm` / `Cancel`. After a claim that turned a tunnel's cards, the answer is the tunnel's choice.
async fn buy(
    data: &Data,
    table: Table,
    seat: Seat,
    purchase: Purchase,
    pay: Option<CardCounts>,
    confirm: Confirm,
    lang: Lang,
) -> Result<Outcome, Error> {
    let cards = match table.game.payment(seat, purchase, pay).map_err(|e| table.refused(e))? {
        Payment::With(cards) => cards,
        Payment::Choose(payments) => {
            return Ok(Outcome::reply(payment_picker(&table, purchase, &payments, 0, lang)));
        }
        Payment::CannotPay => {
            return Err(Refused::CannotPay {
                map: table.game.map().clone(),
                purchase,
                step: table.game.step().clone(),
            }
            .into());
        }
    };
    if confirm == Confirm::AsSet && purchase != Purchase::Tunnel && table.settings.confirm_claims {
        // Checked before asking, so a claim that cannot be made is refused now, not after the confirmation.
        table
            .game
            .clone()
            .apply(seat, purchase.action(cards))
            .map_err(|e| table.refused(e))?;
        return Ok(Outcome::reply(confirm_prompt(&table, purchase, cards, lang)));
    }
    let played = play_seat(data, table, seat, purchase.action(cards), lang).await?;
    let Some(tunnel) = played.after.game.own_tunnel(seat) else {
        return Ok(Outcome::played(played));
    };
    // The claim turned a tunnel's cards: the answer is its choice, under what happened.
    let payments = played.after.game.payments(seat, tunnel).unwrap_or_default();
    let choice = payment_picker(&played.after, tunnel, &payments, 0, lang);
    let reply = Private {
        content: format!("{}\n{}", played.public.join("\n"), choice.content),
        ..choice
    };
    Ok(Outcome::answering(reply, played))
}

/// Claim a route (during a tunnel: pay its extra cards or give it up).
#[poise::command(slash_command)]
pub async fn claim(
    ctx: Context<'_>,
    #[autocomplete = "complete_route"]
    #[max_length = 100]
    route: String,
    #[autocomplete = "complete_route_payment"]
    #[max_length = 100]
    pay: Option<String>,
) -> Result<(), Error> {
    buy_typed(ctx, pay, |table, seat, pay| {
        let map = table.game.map();
        // A tunnel waiting for this player is answered first, whatever route was typed.
        Ok(match table.game.own_tunnel(seat) {
            Some(tunnel) => tunnel,
            None => {
                let tracks = typed(map, names::parse_route(map, &route))?.tracks;
                Purchase::Route(table.game.track_for(seat, &tracks, pay))
            }
        })
    })
    .await
}

/// Build a station in a city (maps with stations).
#[poise::command(slash_command)]
pub async fn station(
    ctx: Context<'_>,
    #[autocomplete = "complete_city"]
    #[max_length = 100]
    city: String,
    #[autocomplete = "complete_station_payment"]
    #[max_length = 100]
    pay: Option<String>,
) -> Result<(), Error> {
    buy_typed(ctx, pay, |table, _, _| {
        let map = table.game.map();
        Ok(Purchase::Station(typed(map, names::find_city(map, &city))?))
    })
    .await
}

/// A purchase typed in a command (`/ttr claim`, `/ttr station`), which differ only in how they read what is bought
/// (`purchase`, from the game, the seat and the payment typed): the payment read, bought, answered, told.
async fn buy_typed(
    ctx: Context<'_>,
    pay: Option<String>,
    purchase: impl FnOnce(&Table, Seat, Option<&CardCounts>) -> Result<Purchase, Error>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let (Opened { held, table }, seat) = Opened::seat_of_command(ctx).await?;
    let map = Arc::clone(table.game.map());
    let pay = typed(&map, pay.map(|p| text::parse_cards(lang, &map, &p)).transpose())?;
    let purchase = purchase(&table, seat, pay.as_ref())?;
    let outcome = buy(ctx.data(), table, seat, purchase, pay, Confirm::AsSet, lang).await?;
    outcome.send(ctx, held).await
}

/// A name or payment as typed, or the refusal saying what did not read (with close names to try).
fn typed<T>(map: &Arc<Map>, read: Result<T, NameError>) -> Result<T, Refused> {
    read.map_err(|error| Refused::Name {
        map: Arc::clone(map),
        error,
    })
}

/// The claim's components: `Claim` and `Station` on the turn message (a new private picker), and everything on the
/// pickers (which their answer replaces).
///
/// # Errors
/// Refused: not seated, not one's turn, already played, refused by the rules. Internal: Discord's or the store's.
pub async fn on_component(press: &Press<'_>) -> Result<(), Error> {
    let (ctx, data, component, id) = press.parts();
    let lang = private_lang(&component.locale);
    let Opened { held, table } = Opened::component(press).await?;
    let user = component.user.id.get();
    let seat = table.seat(user)?;
    // Refusals of what a picker offers replace the picker, as its answers do.
    let on_picker = Error::in_place;
    let outcome = match id.component {
        Component::Claim => match table.game.own_tunnel(seat) {
            // During a tunnel, `Claim` brings back the tunnel's choice, `Give up` included: it never pays by
            // itself, even when only one payment is possible (the player may mean to give the tunnel up).
            Some(tunnel) => {
                let payments = table.game.payments(seat, tunnel).unwrap_or_default();
                Outcome::reply(payment_picker(&table, tunnel, &payments, 0, lang))
            }
            None => Outcome::reply(place_picker(&table, seat, Place::Route, 0, lang)),
        },
        Component::Station => Outcome::reply(place_picker(&table, seat, Place::City, 0, lang)),
        Component::PickerPage { place, page } => {
            Outcome::reply(place_picker(&table, seat, place, usize::from(page), lang))
        }
        Component::Pick { place, .. } => {
            let purchase = picked(component, place).ok_or(Refused::UnknownButton { shaped_like_ours: true })?;
            let bought = buy(data, table, seat, purchase, None, Confirm::AsSet, lang).await;
            bought.map_err(on_picker)?
        }
        Component::Pay { purchase, cards } => {
            let bought = buy(data, table, seat, purchase, Some(cards), Confirm::AsSet, lang).await;
            bought.map_err(on_picker)?
        }
        Component::Confirm { purchase, cards } => {
            let bought = buy(data, table, seat, purchase, Some(cards), Confirm::Given, lang).await;
            bought.map_err(on_picker)?
        }
        Component::PaymentPage { purchase, page } => {
            let payments = table.game.payments(seat, purchase).map_err(|e| table.refused(e));
            let payments = payments.map_err(|refused| on_picker(refused.into()))?;
            Outcome::reply(payment_picker(&table, purchase, &payments, usize::from(page), lang))
        }
        Component::CancelClaim => Outcome::private(tr!(lang, "claim-cancelled")),
        Component::GiveUp => {
            let played = play(data, table, user, Action::DeclineTunnel, lang).await;
            Outcome::played(played.map_err(on_picker)?)
        }
        other => return Err(Error::misrouted(other)),
    };
    let in_place = id.component.answers_in_place();
    outcome.respond(ctx, data, component, in_place, held).await
}

/// What a picker's select chose: the route or the city of the value sent.
fn picked(component: &serenity::ComponentInteraction, place: Place) -> Option<Purchase> {
    let serenity::ComponentInteractionDataKind::StringSelect { values } = &component.data.kind else {
        return None;
    };
    let id: u16 = values.first()?.parse().ok()?;
    Some(match place {
        Place::Route => Purchase::Route(RouteId(id)),
        Place::City => Purchase::Station(CityId(id)),
    })
}

/// Whether a seat is in the middle of its own tunnel (for the autocompletes).
fn in_tunnel(table: &Table) -> bool {
    matches!(table.game.step(), Step::Tunnel(_))
}
