//! A game in a channel: the starting tickets (a DM to each player, a `Choose tickets` button and `/ttr tickets`
//! opening a private select), the turn message (board picture, scores, the player to move pinged), `/ttr hand`
//! (private: cards, tickets, one's own board picture) and `/ttr board`. Every change goes parse → lock → load →
//! apply → save → reply.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::dashboard::{is_dashboard, show};
use super::stalls::Remedy;
use super::{ButtonId, Context, Data, Error, Held, private_lang, reply_ephemeral, user_lang};
use crate::render;
use crate::rules::names;
use crate::rules::{Action, Event, Game, PrivateEvent, PublicView, Seat, Step, TicketId, TicketSet};
use crate::seating::Player;
use crate::store::{Applied, GameId, StoredSeat};
use crate::text::catalog::tr;
use crate::text::{self, Lang};

/// The key of a game's settings naming the language of its public messages: the server's when the game was opened.
pub(super) const GAME_LANG: &str = "lang";

/// The language a game's settings name for its public messages (English when they name none).
pub(super) fn game_lang(settings: &serde_json::Value) -> Lang {
    settings[GAME_LANG].as_str().map_or(Lang::En, Lang::from_locale)
}

/// The running game of a channel, with its seats.
pub(super) struct Table {
    pub(super) id: GameId,
    pub(super) channel: u64,
    pub(super) game: Game,
    pub(super) version: i64,
    pub(super) seats: Vec<StoredSeat>,
    /// The game's settings (layout, language, confirming claims, …), read with the game.
    pub(super) settings: serde_json::Value,
}

impl Table {
    /// The language of its public messages (the server's, from the game's settings).
    pub(super) fn lang(&self) -> Lang {
        game_lang(&self.settings)
    }

    fn players(&self) -> Vec<Player> {
        self.seats.iter().map(|s| s.player.clone()).collect()
    }

    /// Players' names as channel messages show them (markdown escaped, so a name cannot restyle a message).
    pub(super) fn names(&self) -> Vec<String> {
        self.seats
            .iter()
            .map(|s| super::escape_markdown(&s.player.name))
            .collect()
    }

    /// The seat a Discord user plays, if any.
    pub(super) fn seat_of(&self, user: u64) -> Option<Seat> {
        self.seats.iter().find(|s| s.user_id == Some(user)).map(|s| s.seat)
    }

    /// The seat a Discord user plays, or the sentence telling them they are not playing.
    pub(super) fn seat_for(&self, user: u64, lang: Lang) -> Result<Seat, String> {
        self.seat_of(user)
            .ok_or_else(|| text::rule_error(lang, self.game.map(), &crate::rules::RuleError::NoSuchSeat))
    }

    /// A seat as everyone sees it in a message: a mention for a person, the name for a computer player.
    fn mention(&self, seat: Seat) -> String {
        match self.seats.get(seat.index()).and_then(|s| s.user_id) {
            Some(user) => format!("<@{user}>"),
            None => self
                .seats
                .get(seat.index())
                .map_or_else(String::new, |s| super::escape_markdown(&s.player.name)),
        }
    }
}

/// The channel's game for a command, or `None` after telling the user privately that there is none.
pub(super) async fn table_for(ctx: Context<'_>) -> Result<Option<Table>, Error> {
    let found = table(ctx.data(), ctx.channel_id().get()).await?;
    if found.is_none() {
        let none = text::refusal(user_lang(ctx), &crate::store::Refusal::NoGame);
        ctx.send(poise::CreateReply::default().content(none).ephemeral(true))
            .await?;
    }
    Ok(found)
}

/// Loads the game a channel holds now (`None` when it holds none, or only a lobby).
pub(super) async fn table(data: &Data, channel: u64) -> Result<Option<Table>, Error> {
    let Some(id) = data.store.running_game_in_channel(channel).await? else {
        return Ok(None);
    };
    Ok(Some(table_of(data, id, channel).await?))
}

/// Loads a game by its id (running or finished), with its seats.
async fn table_of(data: &Data, id: GameId, channel: u64) -> Result<Table, Error> {
    let loaded = data.store.load(id).await?;
    let seats = data.store.seats(id).await?;
    let settings = data.store.settings(id).await?;
    Ok(Table {
        id,
        channel,
        game: loaded.game,
        version: loaded.version,
        seats,
        settings,
    })
}

/// On start: every game whose latest action the channel was never shown (the bot stopped between storing it and
/// posting it) gets a turn message as it stands now, so nobody waits for a ping that never came.
pub(super) async fn repost_unannounced(ctx: &serenity::Context, data: &Data) -> Result<(), Error> {
    for (id, channel) in data.store.unannounced().await? {
        let table = table_of(data, id, channel).await?;
        let happened = tr!(table.lang(), "restarted");
        if is_dashboard(&table) {
            show(ctx, data, &table, &happened, true).await?;
        } else {
            let message = turn_message(&table, &happened, pictures(data, &table).await?);
            serenity::ChannelId::new(channel).send_message(ctx, message).await?;
        }
        data.store.mark_announced(id, table.version).await?;
    }
    Ok(())
}

/// The row with a game's `Choose tickets` button.
pub(super) fn tickets_button(game: GameId, lang: Lang) -> serenity::CreateActionRow {
    serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(ButtonId::of(game.0, "starting-tickets"))
            .label(tr!(lang, "button-choose-tickets"))
            .style(serenity::ButtonStyle::Primary),
    ])
}

/// The language of a person's DMs: the one they use with the bot, or the game's until they have been heard from.
fn seat_language(seat: &StoredSeat, game: Lang) -> Lang {
    seat.language.as_deref().map_or(game, Lang::from_locale)
}

/// DMs each person their starting tickets, in their language. Returns the names of those whose DMs are closed.
pub(super) async fn send_ticket_dms(
    ctx: &serenity::Context,
    data: &Data,
    channel: u64,
    game: GameId,
) -> Result<Vec<String>, Error> {
    let loaded = data.store.load(game).await?;
    let seats = data.store.seats(game).await?;
    let public = game_lang(&data.store.settings(game).await?);
    let mut closed = Vec::new();
    for seat in &seats {
        let Some(user) = seat.user_id else { continue };
        let lang = seat_language(seat, public);
        let view = loaded.game.seat_view(seat.seat);
        let map = loaded.game.map();
        let list: Vec<String> = view
            .offer
            .iter()
            .map(|&t| format!("• {}", text::ticket(lang, map, t)))
            .collect();
        let message = tr!(
            lang,
            "dm-starting-tickets",
            map = text::map_name(lang, map),
            channel = format!("<#{channel}>"),
            tickets = list.join("\n"),
            keep = map.rules.tickets_keep
        );
        let sent = serenity::UserId::new(user)
            .direct_message(ctx, serenity::CreateMessage::new().content(message))
            .await;
        if let Err(e) = sent {
            tracing::info!(user, "DM not delivered: {e}");
            data.dms_closed(game, user);
            closed.push(super::escape_markdown(&seat.player.name));
        }
    }
    Ok(closed)
}

/// Choose your starting tickets, or draw tickets on your turn.
#[poise::command(slash_command)]
pub async fn tickets(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let channel = ctx.channel_id().get();
    let held = ctx.data().hold(channel).await;
    let Some(table) = table_for(ctx).await? else {
        return Ok(());
    };
    ticket_choice(ctx.data(), table, ctx.author().id.get(), lang)
        .await?
        .send(ctx, held)
        .await
}

/// Fills one of Discord's reply builders (they share these methods but no trait) with a private answer: its text,
/// components and picture, marked ephemeral. `$attach` is the builder's method for a file.
macro_rules! private_builder {
    ($builder:expr, $private:expr, $attach:ident) => {{
        let private = $private;
        let builder = $builder
            .content(private.content)
            .components(private.components)
            .ephemeral(true);
        match private.picture {
            Some(png) => builder.$attach(serenity::CreateAttachment::bytes(png, "board.png")),
            None => builder,
        }
    }};
}

/// A private answer: text, and maybe components and a picture.
pub(super) struct Private {
    pub(super) content: String,
    pub(super) components: Vec<serenity::CreateActionRow>,
    pub(super) picture: Option<Vec<u8>>,
}

impl Private {
    pub(super) fn text(content: impl Into<String>) -> Private {
        Private {
            content: content.into(),
            components: Vec::new(),
            picture: None,
        }
    }

    fn into_reply(self) -> poise::CreateReply {
        private_builder!(poise::CreateReply::default(), self, attachment)
    }

    fn into_followup(self) -> serenity::CreateInteractionResponseFollowup {
        private_builder!(serenity::CreateInteractionResponseFollowup::new(), self, add_file)
    }

    fn into_message(self) -> serenity::CreateInteractionResponseMessage {
        private_builder!(serenity::CreateInteractionResponseMessage::new(), self, add_file)
    }

    /// The same answer replacing the private message a component sits on (an update carries no ephemeral flag:
    /// the message already is one).
    fn into_update(self) -> serenity::CreateInteractionResponseMessage {
        serenity::CreateInteractionResponseMessage::new()
            .content(self.content)
            .components(self.components)
    }
}

/// An answer to one user and, when the game changed, what the channel is told afterwards (after the answer, so
/// drawing the board never delays the acknowledgement).
pub(super) struct Outcome {
    pub(super) reply: Private,
    pub(super) played: Option<Played>,
}

impl Outcome {
    /// A private answer in words, the game unchanged.
    pub(super) fn private(content: impl Into<String>) -> Outcome {
        Outcome::reply(Private::text(content))
    }

    /// A private answer, the game unchanged.
    pub(super) fn reply(reply: Private) -> Outcome {
        Outcome { reply, played: None }
    }

    /// Answers a command privately, then (letting go of the game lock `held`) tells the channel.
    pub(super) async fn send(self, ctx: Context<'_>, held: Held) -> Result<(), Error> {
        ctx.send(self.reply.into_reply()).await?;
        if let Some(played) = &self.played {
            let _order = ctx.data().announcing(played.after.channel, held).await;
            if let Err(e) = after_play(ctx.serenity_context(), ctx.data(), played).await {
                let notice = permission_notice(e, user_lang(ctx))?;
                ctx.send(poise::CreateReply::default().content(notice).ephemeral(true))
                    .await?;
            }
        }
        Ok(())
    }

    /// Answers a component, replacing the private message it sits on or with a new private message, then tells
    /// the channel.
    pub(super) async fn respond(
        self,
        ctx: &serenity::Context,
        data: &Data,
        component: &serenity::ComponentInteraction,
        replace: bool,
        held: Held,
    ) -> Result<(), Error> {
        let response = if replace {
            serenity::CreateInteractionResponse::UpdateMessage(self.reply.into_update())
        } else {
            serenity::CreateInteractionResponse::Message(self.reply.into_message())
        };
        component.create_response(&ctx.http, response).await?;
        if let Some(played) = &self.played {
            let _order = data.announcing(played.after.channel, held).await;
            if let Err(e) = after_play(ctx, data, played).await {
                let notice = permission_notice(e, private_lang(&component.locale))?;
                tell_privately(ctx, component, &notice).await?;
            }
        }
        Ok(())
    }
}

/// A failure to post in the channel as the player reads it, when the bot lacks a permission there (the move is
/// saved all the same); any other failure is passed up.
fn permission_notice(e: Error, lang: Lang) -> Result<String, Error> {
    let code = match e.downcast_ref::<serenity::Error>() {
        Some(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))) => response.error.code,
        _ => return Err(e),
    };
    match code {
        50013 => Ok(tr!(lang, "permission-missing")),
        50001 => Ok(tr!(lang, "permission-no-view")),
        _ => Err(e),
    }
}

/// A private followup to a component the bot already answered.
async fn tell_privately(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    notice: &str,
) -> Result<(), Error> {
    component
        .create_followup(
            &ctx.http,
            serenity::CreateInteractionResponseFollowup::new()
                .content(notice)
                .ephemeral(true),
        )
        .await?;
    Ok(())
}

/// After an accepted action: the channel is told, and a player whose tickets changed gets them by DM.
pub(super) async fn after_play(ctx: &serenity::Context, data: &Data, played: &Played) -> Result<(), Error> {
    announce(ctx, data, played).await?;
    if played.tickets_changed {
        dm_tickets(ctx, data, &played.after, played.seat).await?;
    }
    Ok(())
}

/// DMs a player their tickets (done ✓ / not yet). When their DMs are closed the channel is told, once.
async fn dm_tickets(ctx: &serenity::Context, data: &Data, table: &Table, seat: Seat) -> Result<(), Error> {
    let Some(stored) = table.seats.get(seat.index()) else {
        return Ok(());
    };
    let Some(user) = stored.user_id else {
        return Ok(());
    };
    let map = table.game.map();
    let view = table.game.seat_view(seat);
    let lang = seat_language(stored, table.lang());
    let lines: Vec<String> = view
        .tickets
        .iter()
        .map(|&(t, done)| format!("{} {}", if done { "✓" } else { "○" }, text::ticket(lang, map, t)))
        .collect();
    let message = tr!(
        lang,
        "dm-tickets",
        map = text::map_name(lang, map),
        channel = format!("<#{}>", table.channel),
        tickets = lines.join("\n")
    );
    let sent = serenity::UserId::new(user)
        .direct_message(ctx, serenity::CreateMessage::new().content(message))
        .await;
    if let Err(e) = sent {
        tracing::info!(user, "DM not delivered: {e}");
        if data.dms_closed(table.id, user) {
            let name = super::escape_markdown(&stored.player.name);
            tell_dms_closed(ctx, table.channel, &[name], table.lang()).await?;
        }
    }
    Ok(())
}

/// Tells a channel that these players' DMs are closed, and where they find their tickets instead.
pub(super) async fn tell_dms_closed(
    ctx: &serenity::Context,
    channel: u64,
    names: &[String],
    lang: Lang,
) -> Result<(), Error> {
    let notice = tr!(lang, "dms-closed", names = text::and_list(lang, names));
    serenity::ChannelId::new(channel)
        .send_message(
            ctx,
            serenity::CreateMessage::new()
                .content(notice)
                .allowed_mentions(serenity::CreateAllowedMentions::new()),
        )
        .await?;
    Ok(())
}

/// The start message's button: the ticket select while starting tickets are being chosen; afterwards it only
/// explains (so an old button never draws tickets by surprise).
async fn starting_ticket_choice(data: &Data, table: Table, user: u64, lang: Lang) -> Result<Outcome, Error> {
    if *table.game.step() == Step::StartingTickets {
        ticket_choice(data, table, user, lang).await
    } else {
        Ok(Outcome::private(tr!(lang, "starting-tickets-chosen")))
    }
}

/// The ticket select for a user: the offer they hold, or (on their turn) a fresh draw of tickets.
async fn ticket_choice(data: &Data, table: Table, user: u64, lang: Lang) -> Result<Outcome, Error> {
    let seat = match table.seat_for(user, lang) {
        Ok(seat) => seat,
        Err(refusal) => return Ok(Outcome::private(refusal)),
    };
    if !table.game.seat_view(seat).offer.is_empty() {
        return Ok(Outcome::reply(ticket_select(&table, seat, lang)));
    }
    // Not holding an offer: on one's turn, this is the ticket draw.
    match play(data, table, user, Action::DrawTickets, lang).await? {
        Ok(played) => Ok(Outcome {
            reply: ticket_select(&played.after, seat, lang),
            played: Some(played),
        }),
        Err(refusal) => Ok(Outcome::private(refusal)),
    }
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
        ButtonId::of(table.id.0, "keep"),
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

/// The game's buttons and selects (the lobby's are handled in `lobby`).
pub(super) async fn on_component(
    ctx: &serenity::Context,
    data: &Data,
    component: &serenity::ComponentInteraction,
    id: ButtonId,
) -> Result<(), Error> {
    let lang = private_lang(&component.locale);
    let channel = component.channel_id.get();
    let user = component.user.id.get();
    let held = data.hold(channel).await;
    let Some(table) = table(data, channel).await?.filter(|t| t.id.0 == id.game) else {
        let answer = match data.store.game_place(GameId(id.game)).await? {
            // A finished (or ended) game of this channel: its buttons are history.
            Some((home, _)) if home == channel => tr!(lang, "already-played-over"),
            _ => tr!(lang, "button-other-channel"),
        };
        return reply_ephemeral(ctx, component, &answer).await;
    };
    // A button made for an earlier state of the game acts on nothing.
    if id.version.is_some_and(|v| v != table.version) {
        return reply_ephemeral(ctx, component, &tr!(lang, "already-played")).await;
    }
    if id.what == "hand" {
        // Drawing the picture can take a moment: acknowledge first, then answer.
        component.defer_ephemeral(&ctx.http).await?;
        let answer = hand_answer(&table, user, lang).await?;
        component.create_followup(&ctx.http, answer.into_followup()).await?;
        return Ok(());
    }
    let turn_action = match id.what.as_str() {
        "deck" => Some(Action::DrawBlind),
        "pass" => Some(Action::Pass),
        what => what.strip_prefix("take-").and_then(names::parse_draw),
    };
    if let Some(action) = turn_action {
        return on_turn_button(ctx, data, component, table, action, lang, held).await;
    }
    if let Some(how) = match id.what.as_str() {
        "skip" => Some(Remedy::Skip),
        "replace" => Some(Remedy::Replace),
        _ => None,
    } {
        let who = super::escape_markdown(component.user.global_name.as_deref().unwrap_or(&component.user.name));
        let done = super::stalls::remedy(data, table, user, &who, how, lang).await?;
        reply_ephemeral(ctx, component, &done.answer).await?;
        return done.tell_channel(ctx, data, channel, held).await;
    }
    let outcome = match id.what.as_str() {
        "starting-tickets" => starting_ticket_choice(data, table, user, lang).await?,
        "tickets" => ticket_choice(data, table, user, lang).await?,
        "keep" => keep(data, table, user, lang, component).await?,
        "end" => end_confirmed(ctx, data, component, table).await?,
        "hand-over" => hand_over(ctx, data, component, table).await?,
        what => match super::claim::on_component(data, component, table, what, lang).await {
            Some(answer) => {
                let (outcome, replace) = answer?;
                return outcome.respond(ctx, data, component, replace, held).await;
            }
            None => Outcome::private(tr!(lang, "button-unknown")),
        },
    };
    outcome.respond(ctx, data, component, false, held).await
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
        return Ok(Outcome::private(tr!(lang, "keep-from-list")));
    };
    let chosen: Option<Vec<TicketId>> = values.iter().map(|v| v.parse().ok().map(TicketId)).collect();
    let Some(chosen) = chosen.filter(|c| c.iter().all(|t| usize::from(t.0) < table.game.map().tickets.len())) else {
        return Ok(Outcome::private(tr!(lang, "keep-not-tickets")));
    };
    let action = Action::KeepTickets {
        tickets: TicketSet::from_ids(chosen),
    };
    match play(data, table, user, action, lang).await? {
        Ok(played) => Ok(Outcome {
            reply: Private::text(played.private.join(" ")),
            played: Some(played),
        }),
        Err(refusal) => Ok(Outcome::private(refusal)),
    }
}

/// The turn message: what just happened, the player to move pinged, the board picture and the scores. Once the
/// game is over: the final board, the scores in full, every player's tickets revealed, and the winner.
pub(super) fn turn_message(table: &Table, happened: &str, pictures: Pictures) -> serenity::CreateMessage {
    let view = table.game.public_view();
    if let Some(result) = &view.result {
        return final_message(table, result, happened, pictures);
    }
    let png = pictures.board;
    let lang = table.lang();
    let whose = match &view.phase {
        Step::Over => tr!(lang, "whose-over"),
        // A computer player is named, not addressed: it moves right after this message.
        _ if table
            .seats
            .get(view.current.index())
            .is_some_and(|s| s.user_id.is_none()) =>
        {
            tr!(lang, "whose-turn", name = table.mention(view.current))
        }
        _ => tr!(lang, "turn-yours", name = table.mention(view.current)),
    };
    let mut pinged = Vec::new();
    if !matches!(view.phase, Step::Over)
        && let Some(user) = table.seats.get(view.current.index()).and_then(|s| s.user_id)
    {
        pinged.push(user);
    }
    let mut next_up = String::new();
    if let Some(user) = heads_up(table, &view) {
        next_up = format!("\n{}", tr!(lang, "turn-next", name = format!("<@{user}>")));
        pinged.push(user);
    }
    let mentions = serenity::CreateAllowedMentions::new().users(pinged.into_iter().map(serenity::UserId::new));
    serenity::CreateMessage::new()
        .content(format!("{happened}\n{whose}{next_up}"))
        .embed(scores_embed(table, &view).image("attachment://board.png"))
        .add_file(serenity::CreateAttachment::bytes(png, "board.png"))
        .components(turn_components(table))
        .allowed_mentions(mentions)
}

/// The player after the one to move, when they asked to be told their turn is coming (`/ttr settings heads_up:`).
pub(super) fn heads_up(table: &Table, view: &PublicView) -> Option<u64> {
    if view.phase != Step::Turn {
        return None;
    }
    let next = table.seats.get((view.current.index() + 1) % table.seats.len().max(1))?;
    next.user_id.filter(|_| next.heads_up && next.seat != view.current)
}

/// A turn message's buttons, stamped with the game's version: the face-up cards ("1 · red"), `Deck`, `Tickets` and
/// `Hand`. A button the player to move cannot use now is shown disabled; none is shown once the game is over.
pub(super) fn turn_components(table: &Table) -> Vec<serenity::CreateActionRow> {
    if table.game.is_over() {
        return Vec::new();
    }
    let (game, version, lang) = (table.id.0, table.version, table.lang());
    let map = table.game.map();
    let mut legal = Vec::new();
    table.game.legal_actions(table.game.current(), &mut legal);
    let view = table.game.public_view();
    let faceup = text::faceup(lang, map, &view);
    let mut cards: Vec<serenity::CreateButton> = faceup
        .into_iter()
        .enumerate()
        .map(|(slot, label)| {
            let usable = legal.contains(&Action::DrawFaceup { slot: slot as u8 });
            serenity::CreateButton::new(ButtonId::at(game, version, &format!("take-{}", slot + 1)))
                .label(label)
                .style(serenity::ButtonStyle::Secondary)
                .disabled(!usable)
        })
        .collect();
    cards.push(
        serenity::CreateButton::new(ButtonId::at(game, version, "deck"))
            .label(tr!(lang, "button-deck"))
            .style(serenity::ButtonStyle::Primary)
            .disabled(!legal.contains(&Action::DrawBlind)),
    );
    let (first, rest) = cards.split_at(cards.len().min(5));
    let mut second: Vec<serenity::CreateButton> = rest.to_vec();
    // `Claim` and `Station` only open a private picker of the game as it is then, so they carry no version; the
    // picker's own choices do. During a tunnel, `Claim` brings back the tunnel's Pay / Give up.
    let tunnel = matches!(table.game.step(), Step::Tunnel(_));
    let can_claim = tunnel || legal.iter().any(|a| matches!(a, Action::Claim { .. }));
    second.push(
        serenity::CreateButton::new(ButtonId::of(game, "claim"))
            .label(tr!(lang, "button-claim"))
            .style(serenity::ButtonStyle::Success)
            .disabled(!can_claim),
    );
    second.push(
        serenity::CreateButton::new(ButtonId::at(game, version, "tickets"))
            .label(tr!(lang, "button-tickets"))
            .style(serenity::ButtonStyle::Secondary)
            .disabled(!legal.contains(&Action::DrawTickets)),
    );
    if map.rules.stations > 0 {
        second.push(
            serenity::CreateButton::new(ButtonId::of(game, "station"))
                .label(tr!(lang, "button-station"))
                .style(serenity::ButtonStyle::Secondary)
                .disabled(!legal.iter().any(|a| matches!(a, Action::BuildStation { .. }))),
        );
    }
    second.push(
        serenity::CreateButton::new(ButtonId::of(game, "hand"))
            .label(tr!(lang, "button-hand"))
            .style(serenity::ButtonStyle::Secondary),
    );
    let mut rows = vec![
        serenity::CreateActionRow::Buttons(first.to_vec()),
        serenity::CreateActionRow::Buttons(second),
    ];
    // Only when nothing else is possible (no card to draw, no route or ticket to take) may a player pass.
    if legal.contains(&Action::Pass) {
        rows.push(serenity::CreateActionRow::Buttons(vec![
            serenity::CreateButton::new(ButtonId::at(game, version, "pass"))
                .label(tr!(lang, "button-pass"))
                .style(serenity::ButtonStyle::Danger),
        ]));
    }
    rows
}

/// What became of a turn action, for the replies: the sentences for everyone, what only the player learns, and the
/// game after it.
pub(super) struct Played {
    pub(super) public: Vec<String>,
    pub(super) private: Vec<String>,
    pub(super) after: Table,
    /// Whether the turn passed to someone else (a new turn message is due).
    turn_over: bool,
    /// The seat that acted.
    seat: Seat,
    /// Whether the acting seat's tickets changed (it kept some): they are sent to it by DM.
    tickets_changed: bool,
}

/// Applies one turn action for a user at the version they saw; a refusal comes back as the sentence they read.
pub(super) async fn play(
    data: &Data,
    table: Table,
    user: u64,
    action: Action,
    lang: Lang,
) -> Result<Result<Played, String>, Error> {
    let seat = match table.seat_for(user, lang) {
        Ok(seat) => seat,
        Err(refusal) => return Ok(Err(refusal)),
    };
    play_seat(data, table, seat, action, lang).await
}

/// Applies one action for a seat (a person's, once identified, or a computer player's) at the version loaded.
pub(super) async fn play_seat(
    data: &Data,
    table: Table,
    seat: Seat,
    action: Action,
    lang: Lang,
) -> Result<Result<Played, String>, Error> {
    match data
        .store
        .apply_to(table.id, &table.game, table.version, seat, action)
        .await?
    {
        Applied::Accepted {
            game,
            events,
            private,
            version,
        } => {
            let names = table.names();
            let map = game.map().clone();
            let public = events
                .iter()
                .map(|e| text::event(table.lang(), &map, &names, e))
                .collect();
            let tickets_changed = private.iter().any(|p| matches!(p, PrivateEvent::TicketsKept { .. }));
            let private = private.iter().map(|p| text::private_event(lang, &map, p)).collect();
            // A new turn message is due when a fresh turn begins: someone else's, or the very first one.
            let started = events.iter().any(|e| matches!(e, Event::GameStarted { .. }));
            let turn_over = game.is_over() || (*game.step() == Step::Turn && (game.current() != seat || started));
            Ok(Ok(Played {
                public,
                private,
                turn_over,
                seat,
                tickets_changed,
                after: Table {
                    id: table.id,
                    channel: table.channel,
                    game: *game,
                    version,
                    seats: table.seats,
                    settings: table.settings,
                },
            }))
        }
        Applied::Rejected(e) => Ok(Err(text::rule_error(lang, table.game.map(), &e))),
        Applied::AlreadyPlayed => Ok(Err(tr!(lang, "already-played"))),
    }
}

/// `/ttr draw`: take a card from the deck or a face-up slot.
#[poise::command(slash_command)]
pub async fn draw(ctx: Context<'_>, #[autocomplete = "complete_draw"] card: String) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let channel = ctx.channel_id().get();
    let Some(action) = names::parse_draw(&card) else {
        ctx.send(
            poise::CreateReply::default()
                .content(tr!(lang, "draw-how"))
                .ephemeral(true),
        )
        .await?;
        return Ok(());
    };
    let held = ctx.data().hold(channel).await;
    let Some(table) = table_for(ctx).await? else {
        return Ok(());
    };
    match play(ctx.data(), table, ctx.author().id.get(), action, lang).await? {
        Err(refusal) => {
            ctx.send(poise::CreateReply::default().content(refusal).ephemeral(true))
                .await?;
        }
        Ok(played) => {
            // A blind draw tells the player their card; a face-up one has nothing secret, so it says what happened.
            let said = if played.private.is_empty() {
                &played.public
            } else {
                &played.private
            };
            ctx.send(poise::CreateReply::default().content(said.join(" ")).ephemeral(true))
                .await?;
            let _order = ctx.data().announcing(channel, held).await;
            if let Err(e) = after_play(ctx.serenity_context(), ctx.data(), &played).await {
                let notice = permission_notice(e, lang)?;
                ctx.send(poise::CreateReply::default().content(notice).ephemeral(true))
                    .await?;
            }
        }
    }
    Ok(())
}

/// Autocomplete for `/ttr draw`: the deck and the face-up slots as they are now ("1 · red").
async fn complete_draw(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let lang = user_lang(ctx);
    let mut choices: Vec<(String, String)> = vec![(tr!(lang, "draw-deck"), "deck".into())];
    if let Ok(Some(table)) = table(ctx.data(), ctx.channel_id().get()).await {
        let view = table.game.public_view();
        let labels = text::faceup(lang, table.game.map(), &view);
        for (slot, label) in labels.into_iter().enumerate() {
            if view.faceup[slot].is_some() {
                choices.push((label, (slot + 1).to_string()));
            }
        }
    }
    let typed = typed.trim().to_lowercase();
    let choices = choices
        .into_iter()
        .filter(|(name, _)| typed.is_empty() || name.to_lowercase().contains(&typed))
        .map(|(name, value)| serenity::AutocompleteChoice::new(name, value))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// After an action by command: its sentences in the channel, and a new turn message when the turn passed.
pub(super) async fn announce(ctx: &serenity::Context, data: &Data, played: &Played) -> Result<(), Error> {
    let channel = serenity::ChannelId::new(played.after.channel);
    if is_dashboard(&played.after) {
        show(ctx, data, &played.after, &played.public.join("\n"), played.turn_over).await?;
    } else if played.turn_over {
        channel
            .send_message(
                ctx,
                turn_message(
                    &played.after,
                    &played.public.join("\n"),
                    pictures(data, &played.after).await?,
                ),
            )
            .await?;
    } else {
        let quiet = serenity::CreateMessage::new()
            .content(played.public.join("\n"))
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        channel.send_message(ctx, quiet).await?;
    }
    data.store.mark_announced(played.after.id, played.after.version).await?;
    Ok(())
}

/// A turn button: the action happens, the turn message gets its sentence (and fresh buttons, or none once the turn
/// is over), the player privately learns what they drew, and a new turn message follows when the turn passed.
async fn on_turn_button(
    ctx: &serenity::Context,
    data: &Data,
    component: &serenity::ComponentInteraction,
    table: Table,
    action: Action,
    lang: Lang,
    held: Held,
) -> Result<(), Error> {
    let channel = table.channel;
    let played = match play(data, table, component.user.id.get(), action, lang).await? {
        Ok(played) => played,
        Err(refusal) => return reply_ephemeral(ctx, component, &refusal).await,
    };
    let notice = |e| permission_notice(e, lang);
    if is_dashboard(&played.after) {
        // The dashboard is redrawn with the board below; the press is acknowledged first, within Discord's limit.
        component
            .create_response(&ctx.http, serenity::CreateInteractionResponse::Acknowledge)
            .await?;
        if !played.private.is_empty() {
            tell_privately(ctx, component, &played.private.join(" ")).await?;
        }
        let _order = data.announcing(channel, held).await;
        if let Err(e) = show(ctx, data, &played.after, &played.public.join("\n"), played.turn_over).await {
            return tell_privately(ctx, component, &notice(e)?).await;
        }
        data.store.mark_announced(played.after.id, played.after.version).await?;
        return Ok(());
    }
    let content = format!("{}\n{}", component.message.content, played.public.join("\n"));
    let components = if played.turn_over {
        Vec::new()
    } else {
        turn_components(&played.after)
    };
    let update = serenity::CreateInteractionResponseMessage::new()
        .content(content.trim())
        .components(components)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    component
        .create_response(&ctx.http, serenity::CreateInteractionResponse::UpdateMessage(update))
        .await?;
    if !played.private.is_empty() {
        component
            .create_followup(
                &ctx.http,
                serenity::CreateInteractionResponseFollowup::new()
                    .content(played.private.join(" "))
                    .ephemeral(true),
            )
            .await?;
    }
    if played.turn_over {
        let _order = data.announcing(channel, held).await;
        let message = turn_message(
            &played.after,
            &played.public.join("\n"),
            pictures(data, &played.after).await?,
        );
        if let Err(e) = serenity::ChannelId::new(channel).send_message(ctx, message).await {
            return tell_privately(ctx, component, &notice(Box::new(e))?).await;
        }
    }
    // The turn message now shows this action (updated in place, or followed by the next turn's message).
    data.store.mark_announced(played.after.id, played.after.version).await?;
    Ok(())
}

/// The last message of a game: the final board, each player's score in full with their tickets revealed (✓ done,
/// ✗ failed), and the winner. Nobody is pinged and no button is left.
fn final_message(
    table: &Table,
    result: &crate::rules::view::FinalResult,
    happened: &str,
    pictures: Pictures,
) -> serenity::CreateMessage {
    let lang = table.lang();
    let board = text::final_board(lang, table.game.map(), &table.names(), result);
    let mut embed = serenity::CreateEmbed::new()
        .title(board.title)
        .description(board.rows.join("\n"))
        .image("attachment://board.png");
    for (heading, lines) in board.tickets {
        let value = if lines.is_empty() {
            tr!(lang, "final-no-tickets")
        } else {
            fit_field(&lines, lang)
        };
        embed = embed.field(heading, value, true);
    }
    let verdict = board.verdict;
    let mut message = serenity::CreateMessage::new()
        .content(format!("{happened}\n{verdict}"))
        .embed(embed)
        .add_file(serenity::CreateAttachment::bytes(pictures.board, "board.png"));
    if let Some(chart) = pictures.chart {
        message = message
            .add_embed(serenity::CreateEmbed::new().image("attachment://scores.png"))
            .add_file(serenity::CreateAttachment::bytes(chart, "scores.png"));
    }
    message
        .components(Vec::new())
        .allowed_mentions(serenity::CreateAllowedMentions::new())
}

/// Lines in one embed field: Discord takes at most 1,024 characters, so a long list ends with how many more.
fn fit_field(lines: &[String], lang: Lang) -> String {
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        let more = format!("\n{}", tr!(lang, "field-more", count = lines.len() - i));
        if out.chars().count() + line.chars().count() + 1 + more.chars().count() > 1024 {
            out.push_str(more.trim_start_matches('\n'));
            return out;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(line);
    }
    out
}

/// Scores, pieces, cards and tickets held, the face-up row and the piles, for everyone.
pub(super) fn scores_embed(table: &Table, view: &PublicView) -> serenity::CreateEmbed {
    let (map, lang) = (table.game.map(), table.lang());
    serenity::CreateEmbed::new()
        .title(text::map_name(lang, map))
        .description(text::seat_rows(lang, map, &table.names(), view).join("\n"))
        .field(
            tr!(lang, "embed-face-up"),
            text::faceup(lang, map, view).join("\n"),
            true,
        )
        .field(tr!(lang, "embed-piles"), text::piles(lang, view), true)
}

/// Your cards, your tickets and your own board picture (only you see them).
#[poise::command(slash_command)]
pub async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    // Rendering can take a moment: acknowledge first.
    ctx.defer_ephemeral().await?;
    let Some(table) = table_for(ctx).await? else {
        return Ok(());
    };
    ctx.send(hand_answer(&table, ctx.author().id.get(), lang).await?.into_reply())
        .await?;
    Ok(())
}

/// A player's cards, tickets and own picture; or why not.
async fn hand_answer(table: &Table, user: u64, lang: Lang) -> Result<Private, Error> {
    let seat = match table.seat_for(user, lang) {
        Ok(seat) => seat,
        Err(refusal) => return Ok(Private::text(refusal)),
    };
    let view = table.game.seat_view(seat);
    let map = table.game.map();
    let content = text::hand(lang, map, &view);
    let (map, players) = (Arc::clone(map), table.players());
    let png = drawn(move || {
        render::png(&render::seat_board(
            lang,
            &map,
            &view.public,
            &players,
            seat,
            &view.tickets,
        ))
    })
    .await?;
    Ok(Private {
        content,
        components: Vec::new(),
        picture: Some(png),
    })
}

/// Draws a picture off the async workers: it takes tens of milliseconds of CPU, and answering other interactions
/// (due within 3 seconds) must never wait behind it.
/// At most one picture per core but one is drawn at once, so a burst of turns in many channels leaves a core for
/// answering interactions.
async fn drawn(draw: impl FnOnce() -> Vec<u8> + Send + 'static) -> Result<Vec<u8>, Error> {
    static DRAWING: std::sync::OnceLock<tokio::sync::Semaphore> = std::sync::OnceLock::new();
    let drawing = DRAWING.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        tokio::sync::Semaphore::new(cores.saturating_sub(1).max(1))
    });
    let _turn = drawing.acquire().await?;
    Ok(tokio::task::spawn_blocking(draw).await?)
}

/// The pictures a turn message carries: the board and, once the game is over, the score chart.
pub(super) struct Pictures {
    board: Vec<u8>,
    chart: Option<Vec<u8>>,
}

/// The pictures of `table`'s turn message; a finished game's chart is drawn from its log.
pub(super) async fn pictures(data: &Data, table: &Table) -> Result<Pictures, Error> {
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
pub(super) async fn board_png(table: &Table) -> Result<Vec<u8>, Error> {
    let (map, view, players) = (Arc::clone(table.game.map()), table.game.public_view(), table.players());
    let lang = table.lang();
    drawn(move || render::png(&render::board_in(lang, &map, &view, &players))).await
}

/// The board as it stands, for everyone.
#[poise::command(slash_command)]
pub async fn board(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer().await?;
    let Some(table) = table_for(ctx).await? else {
        return Ok(());
    };
    let view = table.game.public_view();
    let png = board_png(&table).await?;
    ctx.send(
        poise::CreateReply::default()
            .embed(scores_embed(&table, &view).image("attachment://board.png"))
            .attachment(serenity::CreateAttachment::bytes(png, "board.png")),
    )
    .await?;
    Ok(())
}

/// Whose turn it is and everyone's scores, pieces and counts, as text for everyone.
#[poise::command(slash_command)]
pub async fn status(ctx: Context<'_>) -> Result<(), Error> {
    let Some(table) = table_for(ctx).await? else {
        return Ok(());
    };
    let view = table.game.public_view();
    let whose = text::whose_turn(table.lang(), &table.names(), &view);
    ctx.send(
        poise::CreateReply::default()
            .content(whose)
            .embed(scores_embed(&table, &view))
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await?;
    Ok(())
}

/// The rules of this channel's map in short, only for you.
#[poise::command(slash_command)]
pub async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let content = match table(ctx.data(), ctx.channel_id().get()).await? {
        Some(table) => text::rules(lang, table.game.map()),
        None => tr!(lang, "no-game-start"),
    };
    ctx.send(poise::CreateReply::default().content(content).ephemeral(true))
        .await?;
    Ok(())
}

/// End the game in this channel without a winner (the host or someone who manages the channel).
#[poise::command(slash_command)]
pub async fn end(ctx: Context<'_>) -> Result<(), Error> {
    let Some(table) = table_for(ctx).await? else {
        return Ok(());
    };
    let lang = user_lang(ctx);
    let confirm = serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(ButtonId::of(table.id.0, "end"))
            .label(tr!(lang, "button-end-game"))
            .style(serenity::ButtonStyle::Danger),
    ]);
    ctx.send(
        poise::CreateReply::default()
            .content(tr!(lang, "end-confirm"))
            .components(vec![confirm])
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

/// The `End the game` button: the host (or a channel manager) ends the game; the channel is told.
async fn end_confirmed(
    ctx: &serenity::Context,
    data: &Data,
    component: &serenity::ComponentInteraction,
    table: Table,
) -> Result<Outcome, Error> {
    let manages = component
        .member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_channels());
    let actor = crate::store::Actor {
        user_id: component.user.id.get(),
        manages_channel: manages,
    };
    let lang = private_lang(&component.locale);
    match data.store.end_game(table.channel, actor).await {
        Ok(_) => {
            let who = super::escape_markdown(component.user.global_name.as_deref().unwrap_or(&component.user.name));
            serenity::ChannelId::new(table.channel)
                .send_message(
                    ctx,
                    serenity::CreateMessage::new()
                        .content(tr!(
                            table.lang(),
                            "ended-public",
                            who = who,
                            map = text::map_name(table.lang(), table.game.map())
                        ))
                        .allowed_mentions(serenity::CreateAllowedMentions::new()),
                )
                .await?;
            Ok(Outcome::private(tr!(lang, "ended-private")))
        }
        Err(e) => Ok(Outcome::private(super::refusal_or_error(lang, e)?)),
    }
}

/// The `Leave the game` button: the player's seat goes to a computer player (which moves when its turn comes).
async fn hand_over(
    ctx: &serenity::Context,
    data: &Data,
    component: &serenity::ComponentInteraction,
    table: Table,
) -> Result<Outcome, Error> {
    let lang = private_lang(&component.locale);
    let (seat, ended) = match data.store.hand_to_computer(table.id, component.user.id.get()).await {
        Ok(handed) => handed,
        Err(e) => return Ok(Outcome::private(super::refusal_or_error(lang, e)?)),
    };
    let name = table.names().get(seat.index()).cloned().unwrap_or_default();
    let said = if ended {
        tr!(table.lang(), "left-ended-public", name = name)
    } else {
        tr!(table.lang(), "left-public", name = name)
    };
    serenity::ChannelId::new(table.channel)
        .send_message(
            ctx,
            serenity::CreateMessage::new()
                .content(said)
                .allowed_mentions(serenity::CreateAllowedMentions::new()),
        )
        .await?;
    Ok(Outcome::private(if ended {
        tr!(lang, "left-ended-private")
    } else {
        tr!(lang, "left-private")
    }))
}

/// The game's record so far in readable lines, a page at a time (the latest page when none is given).
#[poise::command(slash_command)]
pub async fn history(ctx: Context<'_>, #[min = 1] page: Option<u32>) -> Result<(), Error> {
    let Some(table) = table_for(ctx).await? else {
        return Ok(());
    };
    let (_, events) = ctx.data().store.replay_with_events(table.id).await?;
    let body = text::history(
        table.lang(),
        table.game.map(),
        &table.names(),
        &events,
        page.map(|p| p as usize),
    );
    super::say_quietly(ctx, body).await
}
