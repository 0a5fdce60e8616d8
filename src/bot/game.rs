//! A game in a channel: the starting tickets (a DM to each player, a `Choose tickets` button and `/ttr tickets`
//! opening a private select), the turn message (board picture, scores, the player to move pinged), `/ttr hand`
//! (private: cards, tickets, one's own board picture) and `/ttr board`. Every change goes parse → lock → load →
//! apply → save → reply.

use poise::serenity_prelude as serenity;

use super::{ButtonId, Context, Data, Error, private_lang, reply_ephemeral};
use crate::render;
use crate::rules::{Action, Event, Game, PublicView, Seat, Step, TicketId, TicketSet};
use crate::seating::Player;
use crate::store::{Applied, GameId, StoredSeat};
use crate::text::{self, Lang};

/// The public language: English until the server's locale is read (a later issue).
const PUBLIC: Lang = Lang::En;

/// The running game of a channel, with its seats.
struct Table {
    id: GameId,
    channel: u64,
    game: Game,
    version: i64,
    seats: Vec<StoredSeat>,
}

impl Table {
    fn players(&self) -> Vec<Player> {
        self.seats.iter().map(|s| s.player.clone()).collect()
    }

    fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.player.name.clone()).collect()
    }

    /// The seat a Discord user plays, if any.
    fn seat_of(&self, user: u64) -> Option<Seat> {
        self.seats.iter().find(|s| s.user_id == Some(user)).map(|s| s.seat)
    }

    /// The seat a Discord user plays, or the sentence telling them they are not playing.
    fn seat_for(&self, user: u64, lang: Lang) -> Result<Seat, String> {
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
                .map_or_else(String::new, |s| s.player.name.clone()),
        }
    }
}

/// What a user is told when a command needs a game and the channel has none.
const NO_GAME: &str = "There is no game in play in this channel.";

/// The channel's game for a command, or `None` after telling the user privately that there is none.
async fn table_for(ctx: Context<'_>) -> Result<Option<Table>, Error> {
    let found = table(ctx.data(), ctx.channel_id().get()).await?;
    if found.is_none() {
        ctx.send(poise::CreateReply::default().content(NO_GAME).ephemeral(true))
            .await?;
    }
    Ok(found)
}

/// Loads the game a channel holds now (`None` when it holds none, or only a lobby).
async fn table(data: &Data, channel: u64) -> Result<Option<Table>, Error> {
    let Some(id) = data.store.running_game_in_channel(channel).await? else {
        return Ok(None);
    };
    let loaded = data.store.load(id).await?;
    let seats = data.store.seats(id).await?;
    Ok(Some(Table {
        id,
        channel,
        game: loaded.game,
        version: loaded.version,
        seats,
    }))
}

/// The row with a game's `Choose tickets` button.
pub(super) fn tickets_button(game: GameId) -> serenity::CreateActionRow {
    serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(ButtonId::of(game.0, "starting-tickets"))
            .label("Choose tickets")
            .style(serenity::ButtonStyle::Primary),
    ])
}

/// DMs each person their starting tickets. Returns the names of those whose DMs are closed.
pub(super) async fn send_ticket_dms(
    ctx: &serenity::Context,
    data: &Data,
    channel: u64,
    game: GameId,
) -> Result<Vec<String>, Error> {
    let loaded = data.store.load(game).await?;
    let seats = data.store.seats(game).await?;
    let mut closed = Vec::new();
    for seat in &seats {
        let Some(user) = seat.user_id else { continue };
        let view = loaded.game.seat_view(seat.seat);
        let map = loaded.game.map();
        let list: Vec<String> = view
            .offer
            .iter()
            .map(|&t| format!("• {}", text::ticket(PUBLIC, map, t)))
            .collect();
        let message = format!(
            "Your starting tickets for the game of **{}** in <#{channel}>:\n{}\nKeep at least {}: press **Choose \
             tickets** in the channel, or type `/ttr tickets` there.",
            map.name,
            list.join("\n"),
            map.rules.tickets_keep
        );
        let sent = serenity::UserId::new(user)
            .direct_message(ctx, serenity::CreateMessage::new().content(message))
            .await;
        if let Err(e) = sent {
            tracing::info!(user, "DM not delivered: {e}");
            closed.push(seat.player.name.clone());
        }
    }
    Ok(closed)
}

/// Choose your starting tickets, or draw tickets on your turn.
#[poise::command(slash_command)]
pub async fn tickets(ctx: Context<'_>) -> Result<(), Error> {
    let lang = private_lang(ctx.locale().unwrap_or("en"));
    let channel = ctx.channel_id().get();
    let lock = ctx.data().channel_lock(channel);
    let _held = lock.lock().await;
    let Some(table) = table_for(ctx).await? else {
        return Ok(());
    };
    let answer = ticket_choice(ctx.serenity_context(), ctx.data(), table, ctx.author().id.get(), lang).await?;
    ctx.send(answer.into_reply()).await?;
    Ok(())
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
struct Private {
    content: String,
    components: Vec<serenity::CreateActionRow>,
    picture: Option<Vec<u8>>,
}

impl Private {
    fn text(content: impl Into<String>) -> Private {
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
}

/// The start message's button: the ticket select while starting tickets are being chosen; afterwards it only
/// explains (so an old button never draws tickets by surprise).
async fn starting_ticket_choice(
    ctx: &serenity::Context,
    data: &Data,
    table: Table,
    user: u64,
    lang: Lang,
) -> Result<Private, Error> {
    if *table.game.step() == Step::StartingTickets {
        ticket_choice(ctx, data, table, user, lang).await
    } else {
        Ok(Private::text(
            "The starting tickets are chosen. To draw more on your turn, type `/ttr tickets`.",
        ))
    }
}

/// The ticket select for a user: the offer they hold, or (on their turn) a fresh draw of tickets.
async fn ticket_choice(
    ctx: &serenity::Context,
    data: &Data,
    mut table: Table,
    user: u64,
    lang: Lang,
) -> Result<Private, Error> {
    let seat = match table.seat_for(user, lang) {
        Ok(seat) => seat,
        Err(refusal) => return Ok(Private::text(refusal)),
    };
    if table.game.seat_view(seat).offer.is_empty() {
        // Not holding an offer: on one's turn, this is the ticket draw.
        let channel = table.channel;
        match play(data, table, user, Action::DrawTickets, lang).await? {
            Ok(played) => {
                announce(ctx, channel, &played).await?;
                table = played.after;
            }
            Err(refusal) => return Ok(Private::text(refusal)),
        }
    }
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
    .placeholder(format!("Keep at least {least}"))
    .min_values(least as u8)
    .max_values(view.offer.len() as u8);
    Ok(Private {
        content: format!("Choose the tickets to keep (at least {least})."),
        components: vec![serenity::CreateActionRow::SelectMenu(select)],
        picture: None,
    })
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
    let lock = data.channel_lock(channel);
    let _held = lock.lock().await;
    let Some(table) = table(data, channel).await?.filter(|t| t.id.0 == id.game) else {
        return reply_ephemeral(ctx, component, "That game is over or belongs to another channel.").await;
    };
    // A button made for an earlier state of the game acts on nothing.
    if id.version.is_some_and(|v| v != table.version) {
        return reply_ephemeral(ctx, component, "That was already played.").await;
    }
    if id.what == "hand" {
        // Drawing the picture can take a moment: acknowledge first, then answer.
        component.defer_ephemeral(&ctx.http).await?;
        let answer = hand_answer(&table, user, lang);
        component.create_followup(&ctx.http, answer.into_followup()).await?;
        return Ok(());
    }
    let turn_action = match id.what.as_str() {
        "deck" => Some(Action::DrawBlind),
        what => what.strip_prefix("take-").and_then(draw_action),
    };
    if let Some(action) = turn_action {
        return on_turn_button(ctx, data, component, table, action, lang).await;
    }
    let answer = match id.what.as_str() {
        "starting-tickets" => starting_ticket_choice(ctx, data, table, user, lang).await?,
        "tickets" => ticket_choice(ctx, data, table, user, lang).await?,
        "keep" => keep(ctx, data, table, user, lang, component).await?,
        _ => Private::text("That button belongs to nothing I know."),
    };
    component
        .create_response(
            &ctx.http,
            serenity::CreateInteractionResponse::Message(answer.into_message()),
        )
        .await?;
    Ok(())
}

/// The ticket select was submitted: keep those tickets.
async fn keep(
    ctx: &serenity::Context,
    data: &Data,
    table: Table,
    user: u64,
    lang: Lang,
    component: &serenity::ComponentInteraction,
) -> Result<Private, Error> {
    let channel = table.channel;
    let serenity::ComponentInteractionDataKind::StringSelect { values } = &component.data.kind else {
        return Ok(Private::text("Choose tickets from the list."));
    };
    let chosen: Option<Vec<TicketId>> = values.iter().map(|v| v.parse().ok().map(TicketId)).collect();
    let Some(chosen) = chosen.filter(|c| c.iter().all(|t| usize::from(t.0) < table.game.map().tickets.len())) else {
        return Ok(Private::text("Those are not tickets of this game."));
    };
    let action = Action::KeepTickets {
        tickets: TicketSet::from_ids(chosen),
    };
    match play(data, table, user, action, lang).await? {
        Ok(played) => {
            announce(ctx, channel, &played).await?;
            Ok(Private::text(played.private.join(" ")))
        }
        Err(refusal) => Ok(Private::text(refusal)),
    }
}

/// The turn message: what just happened, the player to move pinged, the board picture and the scores.
fn turn_message(table: &Table, happened: &str) -> serenity::CreateMessage {
    let view = table.game.public_view();
    let map = table.game.map();
    let png = render::png(&render::board(map, &view, &table.players()));
    let whose = match &view.phase {
        Step::Over => "The game is over.".to_string(),
        _ => format!("{}, it is your turn.", table.mention(view.current)),
    };
    let mut mentions = serenity::CreateAllowedMentions::new();
    if !matches!(view.phase, Step::Over)
        && let Some(user) = table.seats.get(view.current.index()).and_then(|s| s.user_id)
    {
        mentions = mentions.users([serenity::UserId::new(user)]);
    }
    serenity::CreateMessage::new()
        .content(format!("{happened}\n{whose}"))
        .embed(scores_embed(table, &view).image("attachment://board.png"))
        .add_file(serenity::CreateAttachment::bytes(png, "board.png"))
        .components(turn_components(table))
        .allowed_mentions(mentions)
}

/// A turn message's buttons, stamped with the game's version: the face-up cards ("1 · red"), `Deck`, `Tickets` and
/// `Hand`. A button the player to move cannot use now is shown disabled; none is shown once the game is over.
fn turn_components(table: &Table) -> Vec<serenity::CreateActionRow> {
    if table.game.is_over() {
        return Vec::new();
    }
    let (game, version) = (table.id.0, table.version);
    let map = table.game.map();
    let mut legal = Vec::new();
    table.game.legal_actions(table.game.current(), &mut legal);
    let view = table.game.public_view();
    let mut cards: Vec<serenity::CreateButton> = view
        .faceup
        .iter()
        .enumerate()
        .map(|(slot, card)| {
            let label = format!("{} · {}", slot + 1, card.map_or("—", |c| c.name(map.rules.wild)));
            let usable = legal.contains(&Action::DrawFaceup { slot: slot as u8 });
            serenity::CreateButton::new(ButtonId::at(game, version, &format!("take-{}", slot + 1)))
                .label(label)
                .style(serenity::ButtonStyle::Secondary)
                .disabled(!usable)
        })
        .collect();
    cards.push(
        serenity::CreateButton::new(ButtonId::at(game, version, "deck"))
            .label("Deck")
            .style(serenity::ButtonStyle::Primary)
            .disabled(!legal.contains(&Action::DrawBlind)),
    );
    let (first, rest) = cards.split_at(cards.len().min(5));
    let mut second: Vec<serenity::CreateButton> = rest.to_vec();
    second.push(
        serenity::CreateButton::new(ButtonId::at(game, version, "tickets"))
            .label("Tickets")
            .style(serenity::ButtonStyle::Secondary)
            .disabled(!legal.contains(&Action::DrawTickets)),
    );
    second.push(
        serenity::CreateButton::new(ButtonId::of(game, "hand"))
            .label("Hand")
            .style(serenity::ButtonStyle::Secondary),
    );
    vec![
        serenity::CreateActionRow::Buttons(first.to_vec()),
        serenity::CreateActionRow::Buttons(second),
    ]
}

/// A card draw named as players type it: `deck`, or a face-up slot `1` to `5`.
fn draw_action(choice: &str) -> Option<Action> {
    match choice.trim().to_lowercase().as_str() {
        "deck" | "d" => Some(Action::DrawBlind),
        other => {
            let slot: u8 = other.split(['·', ' ']).next()?.trim().parse().ok()?;
            (1..=5).contains(&slot).then(|| Action::DrawFaceup { slot: slot - 1 })
        }
    }
}

/// What became of a turn action, for the replies: the sentences for everyone, what only the player learns, and the
/// game after it.
struct Played {
    public: Vec<String>,
    private: Vec<String>,
    after: Table,
    /// Whether the turn passed to someone else (a new turn message is due).
    turn_over: bool,
}

/// Applies one turn action for a user at the version they saw; a refusal comes back as the sentence they read.
async fn play(
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
            let public = events.iter().map(|e| text::event(PUBLIC, &map, &names, e)).collect();
            let private = private.iter().map(|p| text::private_event(lang, &map, p)).collect();
            // A new turn message is due when a fresh turn begins: someone else's, or the very first one.
            let started = events.iter().any(|e| matches!(e, Event::GameStarted { .. }));
            let turn_over = game.is_over() || (*game.step() == Step::Turn && (game.current() != seat || started));
            Ok(Ok(Played {
                public,
                private,
                turn_over,
                after: Table {
                    id: table.id,
                    channel: table.channel,
                    game: *game,
                    version,
                    seats: table.seats,
                },
            }))
        }
        Applied::Rejected(e) => Ok(Err(text::rule_error(lang, table.game.map(), &e))),
        Applied::AlreadyPlayed => Ok(Err("That was already played.".to_string())),
    }
}

/// `/ttr draw`: take a card from the deck or a face-up slot.
#[poise::command(slash_command)]
pub async fn draw(
    ctx: Context<'_>,
    #[description = "deck, or a face-up slot 1 to 5"]
    #[autocomplete = "complete_draw"]
    card: String,
) -> Result<(), Error> {
    let lang = private_lang(ctx.locale().unwrap_or("en"));
    let channel = ctx.channel_id().get();
    let Some(action) = draw_action(&card) else {
        ctx.send(
            poise::CreateReply::default()
                .content("Draw from `deck` or a face-up slot `1` to `5`.")
                .ephemeral(true),
        )
        .await?;
        return Ok(());
    };
    let lock = ctx.data().channel_lock(channel);
    let _held = lock.lock().await;
    let Some(table) = table_for(ctx).await? else {
        return Ok(());
    };
    match play(ctx.data(), table, ctx.author().id.get(), action, lang).await? {
        Err(refusal) => {
            ctx.send(poise::CreateReply::default().content(refusal).ephemeral(true))
                .await?;
        }
        Ok(played) => {
            ctx.send(
                poise::CreateReply::default()
                    .content(played.private.join(" "))
                    .ephemeral(true),
            )
            .await?;
            announce(ctx.serenity_context(), channel, &played).await?;
        }
    }
    Ok(())
}

/// Autocomplete for `/ttr draw`: the deck and the face-up slots as they are now ("1 · red").
async fn complete_draw(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let mut choices: Vec<(String, String)> = vec![("deck".into(), "deck".into())];
    if let Ok(Some(table)) = table(ctx.data(), ctx.channel_id().get()).await {
        let map = table.game.map();
        for (slot, card) in table.game.public_view().faceup.iter().enumerate() {
            if let Some(card) = card {
                let label = format!("{} · {}", slot + 1, card.name(map.rules.wild));
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
async fn announce(ctx: &serenity::Context, channel: u64, played: &Played) -> Result<(), Error> {
    let channel = serenity::ChannelId::new(channel);
    if played.turn_over {
        channel
            .send_message(ctx, turn_message(&played.after, &played.public.join("\n")))
            .await?;
    } else {
        let quiet = serenity::CreateMessage::new()
            .content(played.public.join("\n"))
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        channel.send_message(ctx, quiet).await?;
    }
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
) -> Result<(), Error> {
    let channel = table.channel;
    let played = match play(data, table, component.user.id.get(), action, lang).await? {
        Ok(played) => played,
        Err(refusal) => return reply_ephemeral(ctx, component, &refusal).await,
    };
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
        serenity::ChannelId::new(channel)
            .send_message(ctx, turn_message(&played.after, &played.public.join("\n")))
            .await?;
    }
    Ok(())
}

/// Scores, pieces, cards and tickets held, the face-up row and the piles, for everyone.
fn scores_embed(table: &Table, view: &PublicView) -> serenity::CreateEmbed {
    let map = table.game.map();
    let pieces = if map.rules.metros > 0 { "trams" } else { "trains" };
    let names = table.names();
    let rows: Vec<String> = view
        .seats
        .iter()
        .map(|s| {
            let name = names.get(s.seat.index()).cloned().unwrap_or_default();
            let score = view
                .result
                .as_ref()
                .map_or(i32::from(s.route_points), |r| r.scores[s.seat.index()].total);
            format!(
                "**{name}** {score} pts · {} {pieces} · {} cards · {} tickets",
                s.trains, s.hand_size, s.tickets_held
            )
        })
        .collect();
    let faceup: Vec<String> = view
        .faceup
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{} · {}", i + 1, c.map_or("—", |c| c.name(map.rules.wild))))
        .collect();
    serenity::CreateEmbed::new()
        .title(map.name.clone())
        .description(rows.join("\n"))
        .field("Face up", faceup.join("\n"), true)
        .field(
            "Piles",
            format!(
                "Deck {}\nDiscard {}\nTickets {}",
                view.deck_size, view.discard_size, view.ticket_deck_size
            ),
            true,
        )
}

/// Your cards, your tickets and your own board picture (only you see them).
#[poise::command(slash_command)]
pub async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    let lang = private_lang(ctx.locale().unwrap_or("en"));
    // Rendering can take a moment: acknowledge first.
    ctx.defer_ephemeral().await?;
    let Some(table) = table_for(ctx).await? else {
        return Ok(());
    };
    ctx.send(hand_answer(&table, ctx.author().id.get(), lang).into_reply())
        .await?;
    Ok(())
}

/// A player's cards, tickets and own picture; or why not.
fn hand_answer(table: &Table, user: u64, lang: Lang) -> Private {
    let seat = match table.seat_for(user, lang) {
        Ok(seat) => seat,
        Err(refusal) => return Private::text(refusal),
    };
    let view = table.game.seat_view(seat);
    let map = table.game.map();
    let tickets: Vec<String> = view
        .tickets
        .iter()
        .map(|&(t, done)| format!("{} {}", if done { "✓" } else { "○" }, text::ticket(lang, map, t)))
        .collect();
    let offer = if view.offer.is_empty() {
        String::new()
    } else {
        format!("\nStill to choose from: {} tickets.", view.offer.len())
    };
    let content = format!(
        "**Your cards:** {}\n**Your tickets:**\n{}{offer}",
        text::cards(lang, map, &view.hand),
        if tickets.is_empty() {
            "none yet".to_string()
        } else {
            tickets.join("\n")
        },
    );
    let png = render::png(&render::seat_board(
        map,
        &view.public,
        &table.players(),
        seat,
        &view.tickets,
    ));
    Private {
        content,
        components: Vec::new(),
        picture: Some(png),
    }
}

/// The board as it stands, for everyone.
#[poise::command(slash_command)]
pub async fn board(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer().await?;
    let Some(table) = table_for(ctx).await? else {
        return Ok(());
    };
    let view = table.game.public_view();
    let png = render::png(&render::board(table.game.map(), &view, &table.players()));
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
    let whose = match &view.phase {
        Step::Over => "The game is over.".to_string(),
        Step::StartingTickets => "Everyone is choosing starting tickets.".to_string(),
        _ => {
            let name = table.names().get(view.current.index()).cloned().unwrap_or_default();
            format!("{name} is to play.")
        }
    };
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
    let lang = private_lang(ctx.locale().unwrap_or("en"));
    let content = match table(ctx.data(), ctx.channel_id().get()).await? {
        Some(table) => text::rules(lang, table.game.map()),
        None => "There is no game in play in this channel: open one with `/ttr start`.".to_string(),
    };
    ctx.send(poise::CreateReply::default().content(content).ephemeral(true))
        .await?;
    Ok(())
}

/// Lines of the game's record on one page of `/ttr history`.
const HISTORY_PAGE: usize = 15;

/// The game's record so far in readable lines, a page at a time (the latest page when none is given).
#[poise::command(slash_command)]
pub async fn history(
    ctx: Context<'_>,
    #[description = "Which page (1 is the start of the game)"]
    #[min = 1]
    page: Option<u32>,
) -> Result<(), Error> {
    let Some(table) = table_for(ctx).await? else {
        return Ok(());
    };
    let (_, events) = ctx.data().store.replay_with_events(table.id).await?;
    let names = table.names();
    let lines: Vec<String> = events
        .iter()
        .map(|e| text::event(PUBLIC, table.game.map(), &names, e))
        .collect();
    let pages = lines.len().div_ceil(HISTORY_PAGE).max(1);
    let page = page.map_or(pages, |p| (p as usize).clamp(1, pages));
    let shown = &lines[((page - 1) * HISTORY_PAGE).min(lines.len())..(page * HISTORY_PAGE).min(lines.len())];
    let body = if shown.is_empty() {
        "Nothing has happened yet.".to_string()
    } else {
        shown.join("\n")
    };
    ctx.send(
        poise::CreateReply::default()
            .content(format!("**History, page {page} of {pages}**\n{body}"))
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await?;
    Ok(())
}
