//! Destination tickets: the starting choice (the start message's `Choose tickets`, or `/ttr tickets`), drawing
//! tickets on one's turn (`Tickets`, or `/ttr tickets`), and the private select that keeps them.

use poise::serenity_prelude as serenity;

use super::component::Component;
use super::data::{Context, Data};
use super::locale::{private_lang, user_lang};
use super::outcome::Outcome;
use super::play::play;
use super::refusal::{Error, Refused};
use super::reply::Private;
use super::table::{Opened, Press, Table};
use crate::lang::Lang;
use crate::rules::{Action, Seat, Step, TicketId, TicketSet};
use crate::text::{self, catalog::tr};

/// Choose your starting tickets, or draw tickets on your turn.
#[poise::command(slash_command)]
pub async fn tickets(ctx: Context<'_>) -> Result<(), Error> {
    let Opened { held, table } = Opened::command(ctx).await?;
    ticket_choice(ctx.data(), table, ctx.author().id.get(), user_lang(ctx))
        .await?
        .send(ctx, held)
        .await
}

/// The ticket components: `Choose tickets` (the starting choice), `Tickets` (a draw on one's turn) and the select
/// that keeps some.
///
/// # Errors
/// Refused: not seated, not one's turn, a select that sent no tickets. Internal: Discord's or the store's.
pub async fn on_component(press: &Press<'_>) -> Result<(), Error> {
    let (ctx, data, component, id) = press.parts();
    let lang = private_lang(&component.locale);
    let user = component.user.id.get();
    let Opened { held, table } = Opened::component(press).await?;
    let outcome = match id.component {
        // After the starting choice the start message's button only explains (so an old button never draws
        // tickets by surprise).
        Component::StartingTickets if *table.game.step() != Step::StartingTickets => {
            Outcome::private(tr!(lang, "starting-tickets-chosen"))
        }
        Component::Keep => keep(data, table, user, lang, component).await?,
        Component::StartingTickets | Component::Tickets => ticket_choice(data, table, user, lang).await?,
        other => return Err(Error::misrouted(other)),
    };
    outcome.respond(ctx, data, component, false, held).await
}

/// The ticket select for a user: the offer they hold, or (on their turn) a fresh draw of tickets.
async fn ticket_choice(data: &Data, table: Table, user: u64, lang: Lang) -> Result<Outcome, Error> {
    let seat = table.seat(user)?;
    if !table.game.seat_view(seat).offer.is_empty() {
        return Ok(Outcome::reply(ticket_select(&table, seat, lang)));
    }
    // Not holding an offer: on one's turn, this is the ticket draw.
    let played = play(data, table, user, Action::DrawTickets, lang).await?;
    Ok(Outcome::answering(ticket_select(&played.after, seat, lang), played))
}

/// The private select of the tickets a seat is offered: keep at least as many as the rules ask.
fn ticket_select(table: &Table, seat: Seat, lang: Lang) -> Private {
    let view = table.game.seat_view(seat);
    let map = table.game.map();
    let least = match table.game.step() {
        Step::StartingTickets => map.rules.tickets_keep,
        _ => map.rules.tickets_draw_keep,
    };
    let least = usize::from(least).min(view.offer.len());
    let options: Vec<serenity::CreateSelectMenuOption> = view
        .offer
        .iter()
        .map(|&t| serenity::CreateSelectMenuOption::new(text::ticket(lang, map, t), t.0.to_string()))
        .collect();
    let select = serenity::CreateSelectMenu::new(
        Component::Keep.id(table.id, table.version),
        serenity::CreateSelectMenuKind::String { options },
    )
    .placeholder(tr!(lang, "keep-placeholder", count = least))
    .min_values(least as u8)
    .max_values(view.offer.len() as u8);
    Private {
        content: tr!(lang, "keep-prompt", count = least),
        components: vec![serenity::CreateActionRow::SelectMenu(select)],
        picture: None,
    }
}

/// The ticket select was submitted: keep those tickets.
async fn keep(
    data: &Data,
    table: Table,
    user: u64,
    lang: Lang,
    component: &serenity::ComponentInteraction,
) -> Result<Outcome, Error> {
    let serenity::ComponentInteractionDataKind::StringSelect { values } = &component.data.kind else {
        return Err(Refused::KeepFromList.into());
    };
    let chosen: Option<Vec<TicketId>> = values.iter().map(|v| v.parse().ok().map(TicketId)).collect();
    let tickets = table.game.map().tickets.len();
    let chosen = chosen
        .filter(|c| c.iter().all(|t| usize::from(t.0) < tickets))
        .ok_or(Refused::KeepNotTickets)?;
    let action = Action::KeepTickets {
        tickets: TicketSet::from_ids(chosen),
    };
    let played = play(data, table, user, action, lang).await?;
    Ok(Outcome::answering(Private::text(played.private.join(" ")), played))
}
