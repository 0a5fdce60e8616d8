//! Lobbies in a channel: `/ttr start`, `/ttr join`, `/ttr leave`, and the lobby message's buttons `Join`, `Leave`,
//! `Add computer`, `Start`, `Cancel`. The lobby is one public message, updated in place when a button is pressed.

use poise::serenity_prelude as serenity;

use super::announce::send_starting_dms;
use super::component::Component;
use super::data::{Context, Data};
use super::locale::{command_server_lang, private_lang, user_lang};
use super::options::{LevelName, SettingOptions};
use super::post::{self, Priority};
use super::refusal::{Error, Refused};
use super::reply::{
    acknowledge_command, actor, answer_command, ask_to_confirm, display_name, escape_markdown,
    refuse_after_public_defer, say_quietly, update_message,
};
use super::table::{Press, Table};
use crate::ai::Level;
use crate::lang::Lang;
use crate::refusal::Refusal;
use crate::settings::Settings;
use crate::store::{Actor, Lobby, NewLobby, StoreError};
use crate::text::{self, catalog::tr};

/// The lobby message: who is seated, and the buttons. It is public: in the game's language.
fn lobby_message(lobby: &Lobby) -> (String, serenity::CreateEmbed, Vec<serenity::CreateActionRow>) {
    let lang = lobby.settings.language;
    let name = text::map_name(lang, &lobby.board);
    let (min, max) = (lobby.board.rules.min_players, lobby.board.rules.max_players);
    let level = tr!(lang, &format!("level-{}", lobby.settings.computer_level.name()));
    let seats: Vec<String> = lobby
        .seats
        .iter()
        .map(|s| {
            let key = match s.user_id {
                Some(user) if user == lobby.host => "lobby-seat-host",
                Some(_) => "lobby-seat",
                None => "lobby-seat-computer",
            };
            tr!(
                lang,
                key,
                number = s.seat.0 + 1,
                name = escape_markdown(&s.player.name),
                color = tr!(lang, &format!("player-color-{}", s.player.color.name())),
                level = level.as_str()
            )
        })
        .collect();
    let content = tr!(lang, "lobby-open", map = name.as_str(), min = min, max = max);
    let embed = serenity::CreateEmbed::new()
        .title(tr!(lang, "lobby-title", map = name.as_str(), min = min, max = max))
        .description(seats.join("\n"));
    let button = |component: Component, label: &str, style: serenity::ButtonStyle| {
        serenity::CreateButton::new(component.id(lobby.id, 0))
            .label(tr!(lang, label))
            .style(style)
    };
    let row = serenity::CreateActionRow::Buttons(vec![
        button(Component::Join, "button-join", serenity::ButtonStyle::Primary),
        button(Component::Leave, "button-leave", serenity::ButtonStyle::Secondary),
        button(
            Component::AddComputer,
            "button-add-computer",
            serenity::ButtonStyle::Secondary,
        ),
        button(Component::Start, "button-start", serenity::ButtonStyle::Success),
        button(Component::Cancel, "button-cancel", serenity::ButtonStyle::Danger),
    ]);
    (content, embed, vec![row])
}

/// The message once the lobby has become a game: who plays, in seat order, each mentioned so they are pinged, and
/// the button to choose starting tickets.
fn started_message(lobby: &Lobby) -> serenity::CreateInteractionResponseMessage {
    let lang = lobby.settings.language;
    let name = text::map_name(lang, &lobby.board);
    let who: Vec<String> = lobby
        .seats
        .iter()
        .map(|s| match s.user_id {
            Some(user) => format!("<@{user}>"),
            None => escape_markdown(&s.player.name),
        })
        .collect();
    let users = lobby.seats.iter().filter_map(|s| s.user_id).map(serenity::UserId::new);
    let choose = serenity::CreateButton::new(Component::StartingTickets.id(lobby.id, 0))
        .label(tr!(lang, "button-choose-tickets"))
        .style(serenity::ButtonStyle::Primary);
    serenity::CreateInteractionResponseMessage::new()
        .content(tr!(
            lang,
            "game-started",
            map = name,
            players = text::and_list(lang, &who)
        ))
        .embeds(Vec::new())
        .components(vec![serenity::CreateActionRow::Buttons(vec![choose])])
        .allowed_mentions(serenity::CreateAllowedMentions::new().users(users))
}

/// Sends the lobby as a new public message.
async fn send_lobby(ctx: Context<'_>, lobby: &Lobby) -> Result<(), Error> {
    let (content, embed, components) = lobby_message(lobby);
    let reply = poise::CreateReply::default()
        .content(content)
        .embed(embed)
        .components(components);
    answer_command(ctx, reply).await
}

/// Open a game of Ticket to Ride in this channel; friends join, the host starts.
// `reminder`, `deadline`, `confirm` and `layout` come after `level`: `SettingOptions`, shared with `/ttr settings`.
#[poise::command(slash_command)]
pub async fn start(
    ctx: Context<'_>,
    #[autocomplete = "super::server_maps::complete_map"]
    #[max_length = 40]
    map: String,
    #[min = 0]
    #[max = 4]
    bots: Option<u8>,
    level: Option<LevelName>,
    thread: Option<bool>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let computer_level = level.map_or(Ok(Level::Normal), |l| l.level())?;
    let chosen = SettingOptions::read(ctx).await?;
    // Public messages are in the server's language, for the whole game.
    let public = command_server_lang(ctx);
    let (map, map_hash, board) = super::server_maps::chosen_map(ctx, &map).await?;
    let channel = if thread == Some(true) {
        may_open_thread(ctx)?;
        // A host who may open no more lobbies gets no thread either (nobody fills a channel with empty threads).
        ctx.data().store.may_host_another(ctx.author().id.get()).await?;
        // Opening a thread and posting in it are two requests to Discord: acknowledge first.
        acknowledge_command(ctx, true).await?;
        match open_thread(ctx, &text::map_name(public, &board)).await {
            Ok(thread) => thread,
            Err(Error::Refused(refused)) => return refuse_after_public_defer(ctx, &refused).await,
            Err(e) => return Err(e),
        }
    } else {
        ctx.channel_id().get()
    };
    let mut settings = Settings {
        computer_level,
        language: public,
        ..Settings::default()
    };
    chosen.apply(&mut settings);
    let member = ctx.author_member().await;
    let new = NewLobby {
        channel_id: channel,
        guild_id: ctx.guild_id().map(|g| g.get()),
        map,
        map_hash,
        seed: ctx.data().seeds.next(channel)?,
        host: ctx.author().id.get(),
        host_name: display_name(ctx.author(), member.as_deref()),
        settings,
    };
    let _held = ctx.data().hold(channel).await;
    let mut lobby = match ctx.data().store.open_lobby(&new).await {
        Ok(lobby) => lobby,
        // Another process opened this person's last lobby meanwhile: the thread is left empty, and the refusal
        // comes after a public acknowledgement.
        Err(StoreError::Refused(refusal)) if channel != ctx.channel_id().get() => {
            if let Err(e) = post::delete_thread(ctx.serenity_context(), channel).await {
                tracing::warn!(channel, "an empty thread could not be deleted: {e}");
            }
            return refuse_after_public_defer(ctx, &Refused::Store(refusal)).await;
        }
        Err(e) => return Err(e.into()),
    };
    ctx.data()
        .store
        .remember_language(lobby.id, new.host, lang.code())
        .await?;
    let host = Actor {
        user_id: new.host,
        manages_channel: true,
    };
    for _ in 0..bots.unwrap_or(0) {
        match ctx
            .data()
            .store
            .add_computer(channel, host, &computer_name(&lobby, public))
            .await
        {
            Ok(more) => lobby = more,
            // A full lobby seats as many computers as fit; the lobby shows how many.
            Err(StoreError::Refused(_)) => break,
            Err(e) => return Err(e.into()),
        }
    }
    if channel == ctx.channel_id().get() {
        return send_lobby(ctx, &lobby).await;
    }
    // In a thread of its own: the lobby goes there, and this channel is told where.
    let (content, embed, components) = lobby_message(&lobby);
    let lobby_post = serenity::CreateMessage::new()
        .content(content)
        .embed(embed)
        .components(components);
    post::post(ctx.serenity_context(), channel, lobby_post, None, Priority::Game).await?;
    let pointer = tr!(
        public,
        "lobby-in-thread",
        map = text::map_name(public, &board),
        channel = format!("<#{channel}>")
    );
    say_quietly(ctx, pointer).await
}

/// Whether the person asking may open a thread here themselves: the bot opens one only for them, never to get round
/// the channel's permissions.
///
/// # Errors
/// Refused: not in a server, or not allowed to create public threads in this channel.
fn may_open_thread(ctx: Context<'_>) -> Result<(), Error> {
    let poise::Context::Application(app) = ctx else {
        return Err(Refused::ThreadNotAllowed.into());
    };
    if app.interaction.guild_id.is_none() {
        return Err(Refused::ThreadNoServer.into());
    }
    let allowed = app
        .interaction
        .member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.create_public_threads());
    if allowed {
        Ok(())
    } else {
        Err(Refused::ThreadNotAllowed.into())
    }
}

/// Opens a public thread for a new game in the command's channel.
///
/// # Errors
/// Refused: not in a server, or Discord would not open it.
async fn open_thread(ctx: Context<'_>, map_name: &str) -> Result<u64, Error> {
    let thread = serenity::CreateThread::new(tr!(command_server_lang(ctx), "thread-name", map = map_name))
        .kind(serenity::ChannelType::PublicThread)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    match post::open_thread(ctx.serenity_context(), ctx.channel_id().get(), thread).await {
        Ok(made) => Ok(made),
        Err(e) => {
            tracing::warn!("could not open a thread: {e}");
            Err(Refused::ThreadFailed.into())
        }
    }
}

/// A new computer player's name: "Computer 1", "Computer 2", … by how many the lobby has, in the game's language.
fn computer_name(lobby: &Lobby, lang: Lang) -> String {
    let computers = lobby.seats.iter().filter(|s| s.user_id.is_none()).count();
    tr!(lang, "computer-name", number = computers + 1)
}

/// Take a seat in the game waiting in this channel.
#[poise::command(slash_command)]
pub async fn join(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let channel = ctx.channel_id().get();
    let member = ctx.author_member().await;
    let name = display_name(ctx.author(), member.as_deref());
    let _held = ctx.data().hold(channel).await;
    let store = &ctx.data().store;
    let lobby = store.join_lobby(channel, ctx.author().id.get(), &name).await?;
    store
        .remember_language(lobby.id, ctx.author().id.get(), lang.code())
        .await?;
    send_lobby(ctx, &lobby).await
}

/// Give up your seat in the game waiting in this channel.
#[poise::command(slash_command)]
pub async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let channel = ctx.channel_id().get();
    let _held = ctx.data().hold(channel).await;
    // In a game in play a seat is handed to a computer player, which the computer players bring; until then the
    // seat stays, and the game can be ended.
    if let Some(game) = ctx.data().store.running_game_in_channel(channel).await? {
        if ctx.data().store.seat_of(game, ctx.author().id.get()).await?.is_none() {
            return Err(Refusal::NotSeated.into());
        }
        let button = serenity::CreateButton::new(Component::HandOver.id(game, 0)).label(tr!(lang, "button-leave-game"));
        return ask_to_confirm(ctx, tr!(lang, "leave-confirm"), button).await;
    }
    match ctx.data().store.leave_lobby(channel, ctx.author().id.get()).await? {
        Some(lobby) => send_lobby(ctx, &lobby).await,
        None => say_lobby_closed(ctx).await,
    }
}

/// Says in the channel that the lobby closed, everyone having left.
async fn say_lobby_closed(ctx: Context<'_>) -> Result<(), Error> {
    say_quietly(ctx, tr!(command_server_lang(ctx), "lobby-closed-empty")).await
}

/// The lobby's buttons. The game in the `custom_id` must still be this channel's lobby; the user is the one who
/// pressed.
///
/// # Errors
/// Refused: the lobby is closed, or the store refuses (full, not the host, …). Internal: Discord's or the store's.
pub async fn on_button(press: &Press<'_>) -> Result<(), Error> {
    let (ctx, data, component, id) = press.parts();
    let lang = private_lang(&component.locale);
    let channel = component.channel_id.get();
    let user = &component.user;
    let member = component.member.as_ref();
    let held = data.hold(channel).await;
    let store = &data.store;
    let current = store
        .lobby(channel)
        .await?
        .filter(|l| id.game == l.id)
        .ok_or(Refused::LobbyClosed)?;
    let public = current.settings.language;
    let changed = match id.component {
        Component::Join => {
            let lobby = store
                .join_lobby(channel, user.id.get(), &display_name(user, member))
                .await?;
            // Their DMs (their tickets) are written in the language they use.
            store.remember_language(lobby.id, user.id.get(), lang.code()).await?;
            Some(lobby)
        }
        Component::Leave => store.leave_lobby(channel, user.id.get()).await?,
        Component::AddComputer => {
            let name = computer_name(&current, public);
            Some(store.add_computer(channel, actor(user, member), &name).await?)
        }
        Component::Cancel => {
            store.cancel_lobby(channel, actor(user, member)).await?;
            None
        }
        Component::Start => {
            let (lobby, _game) = store.start_game(channel, actor(user, member)).await?;
            // The game is stored: the channel is let go before the DMs (each may be tried again for a minute), so
            // the players' first presses are answered meanwhile.
            drop(held);
            return announce_start(ctx, data, component, &lobby).await;
        }
        other => return Err(Error::misrouted(other)),
    };
    let message = match changed {
        Some(lobby) => {
            let (content, embed, components) = lobby_message(&lobby);
            serenity::CreateInteractionResponseMessage::new()
                .content(content)
                .embed(embed)
                .components(components)
        }
        None => serenity::CreateInteractionResponseMessage::new()
            .content(tr!(public, "lobby-closed"))
            .embeds(Vec::new())
            .components(Vec::new()),
    };
    update_message(ctx, component, message).await
}

/// Turns the lobby message into the game's first message, then DMs each player their starting tickets; if some
/// DMs are closed, says so once in the channel.
async fn announce_start(
    ctx: &serenity::Context,
    data: &Data,
    component: &serenity::ComponentInteraction,
    lobby: &Lobby,
) -> Result<(), Error> {
    // The DMs go out whatever became of the answer (the game started all the same).
    let answered = update_message(ctx, component, started_message(lobby)).await;
    let told = async {
        let table = Table::load(data, lobby.id, lobby.channel_id).await?;
        send_starting_dms(ctx, data, &table).await
    };
    let told = told.await;
    answered?;
    told.map_err(Error::after_answer)
}
