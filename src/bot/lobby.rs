//! Lobbies in a channel: `/ttr start`, `/ttr join`, `/ttr leave`, and the lobby message's buttons `Join`, `Leave`,
//! `Add computer`, `Start`, `Cancel`. The lobby is one public message, updated in place when a button is pressed.

use poise::serenity_prelude as serenity;

use super::dashboard::{LAYOUT, LAYOUTS};
use super::settings::CONFIRM_CLAIMS;
use super::{
    ButtonId, Context, Data, Error, command_server_lang, game, private_lang, refusal_or_error, reply_ephemeral,
    user_lang,
};
use crate::maps::{self, BUILTIN};
use crate::rules::names;
use crate::store::{
    Actor, DEADLINE_HOURS, DEFAULT_DEADLINE_HOURS, DEFAULT_REMINDER_HOURS, Lobby, NewLobby, REMINDER_HOURS, Refusal,
    StoreError,
};
use crate::text::catalog::{self, tr};
use crate::text::{self, Lang};

/// What the lobby's buttons are called in their `custom_id`s.
pub(super) const BUTTONS: [&str; 5] = ["join", "leave", "computer", "start", "cancel"];

/// A string option whose choices are fixed words, sent as themselves (not as indexes); each is shown in Spanish
/// to Spanish users (`choice-<word>` in the catalog).
fn string_choices(builder: serenity::CreateCommandOption, words: &[&str]) -> serenity::CreateCommandOption {
    words
        .iter()
        .fold(builder.kind(serenity::CommandOptionType::String), |b, w| {
            let spanish = catalog::message(Lang::Es, &format!("choice-{w}"), &[]);
            b.add_string_choice_localized(*w, *w, super::commands::spanish_locales(&spanish))
        })
}

/// The string an option carries, if it is a string.
fn string_value(value: &serenity::ResolvedValue<'_>) -> Option<String> {
    match value {
        serenity::ResolvedValue::String(s) => Some((*s).to_string()),
        _ => None,
    }
}

/// The error poise reports when Discord sent something other than the option's kind.
fn not_a_string() -> poise::SlashArgError {
    poise::SlashArgError::new_command_structure_mismatch("expected a string")
}

/// A string option whose value is one of fixed words, sent as itself (not as an index).
macro_rules! word_option {
    ($(#[$doc:meta])* $name:ident, $words:expr) => {
        $(#[$doc])*
        pub struct $name(pub String);

        #[poise::async_trait]
        impl poise::SlashArgument for $name {
            async fn extract(
                _: &serenity::Context,
                _: &serenity::CommandInteraction,
                value: &serenity::ResolvedValue<'_>,
            ) -> Result<Self, poise::SlashArgError> {
                string_value(value).map($name).ok_or_else(not_a_string)
            }

            fn create(builder: serenity::CreateCommandOption) -> serenity::CreateCommandOption {
                string_choices(builder, &$words)
            }
        }
    };
}

word_option!(
    /// The `map` option: one of the built-in map ids.
    MapId,
    BUILTIN.iter().map(|(id, _)| *id).collect::<Vec<&str>>()
);
word_option!(
    /// The `level` option: how strong computer players are.
    Level,
    ["easy", "normal", "hard"]
);
word_option!(
    /// The `layout` option: a turn message per turn (`feed`), or one status message edited in place (`dashboard`).
    LayoutName,
    LAYOUTS
);

/// A seed for a new game: from the clock, so it differs between games; or, when the bot was given a game seed
/// (reproducible tests), from that seed and the channel.
fn new_seed(fixed: Option<u64>, channel: u64, salt: u64) -> u64 {
    let base = fixed.map_or_else(
        || {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
                ^ salt.rotate_left(17)
        },
        |seed| seed ^ channel.rotate_left(29),
    );
    crate::rules::GameRng::new(base).next_u64() >> 1
}

/// Who is asking, and whether they may manage the channel (then they may start or cancel any lobby).
pub(super) fn actor(user: &serenity::User, member: Option<&serenity::Member>) -> Actor {
    Actor {
        user_id: user.id.get(),
        manages_channel: member.and_then(|m| m.permissions).is_some_and(|p| p.manage_channels()),
    }
}

/// The name a player is shown by.
fn display_name(user: &serenity::User, member: Option<&serenity::Member>) -> String {
    member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone())
}

/// A built-in map's name in `lang` (the id itself for a map that is no longer built in).
fn map_name(lang: Lang, id: &str) -> String {
    maps::builtin(id).map_or_else(|_| id.to_string(), |m| text::map_name(lang, &m))
}

/// The lobby message: who is seated, and the buttons. It is public: in the game's language.
fn lobby_message(lobby: &Lobby) -> (String, serenity::CreateEmbed, Vec<serenity::CreateActionRow>) {
    let lang = game::game_lang(&lobby.settings);
    let name = map_name(lang, &lobby.map);
    let (min, max) = match maps::builtin(&lobby.map) {
        Ok(map) => (map.rules.min_players, map.rules.max_players),
        Err(_) => (2, 5),
    };
    let level = lobby.settings[COMPUTER_LEVEL].as_str().unwrap_or("normal");
    let level = tr!(lang, &format!("level-{level}"));
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
                name = s.player.name.as_str(),
                color = tr!(lang, &format!("player-color-{}", s.player.color.name())),
                level = level.as_str()
            )
        })
        .collect();
    let content = tr!(lang, "lobby-open", map = name.as_str(), min = min, max = max);
    let embed = serenity::CreateEmbed::new()
        .title(tr!(lang, "lobby-title", map = name.as_str(), min = min, max = max))
        .description(seats.join("\n"));
    let button = |what: &str, label: &str, style: serenity::ButtonStyle| {
        serenity::CreateButton::new(ButtonId::of(lobby.id.0, what))
            .label(tr!(lang, label))
            .style(style)
    };
    let row = serenity::CreateActionRow::Buttons(vec![
        button("join", "button-join", serenity::ButtonStyle::Primary),
        button("leave", "button-leave", serenity::ButtonStyle::Secondary),
        button("computer", "button-add-computer", serenity::ButtonStyle::Secondary),
        button("start", "button-start", serenity::ButtonStyle::Success),
        button("cancel", "button-cancel", serenity::ButtonStyle::Danger),
    ]);
    (content, embed, vec![row])
}

/// The message once the lobby has become a game: who plays, in seat order, each mentioned so they are pinged, and
/// the button to choose starting tickets.
fn started_message(lobby: &Lobby) -> serenity::CreateInteractionResponseMessage {
    let lang = game::game_lang(&lobby.settings);
    let name = map_name(lang, &lobby.map);
    let who: Vec<String> = lobby
        .seats
        .iter()
        .map(|s| match s.user_id {
            Some(user) => format!("<@{user}>"),
            None => s.player.name.clone(),
        })
        .collect();
    let users = lobby.seats.iter().filter_map(|s| s.user_id).map(serenity::UserId::new);
    serenity::CreateInteractionResponseMessage::new()
        .content(tr!(
            lang,
            "game-started",
            map = name,
            players = text::and_list(lang, &who)
        ))
        .embeds(Vec::new())
        .components(vec![game::tickets_button(lobby.id, lang)])
        .allowed_mentions(serenity::CreateAllowedMentions::new().users(users))
}

/// Sends the lobby as a new public message.
async fn send_lobby(ctx: Context<'_>, lobby: &Lobby) -> Result<(), Error> {
    let (content, embed, components) = lobby_message(lobby);
    ctx.send(
        poise::CreateReply::default()
            .content(content)
            .embed(embed)
            .components(components),
    )
    .await?;
    Ok(())
}

/// An ephemeral answer to a command.
pub(super) async fn say_privately(ctx: Context<'_>, content: String) -> Result<(), Error> {
    ctx.send(poise::CreateReply::default().content(content).ephemeral(true))
        .await?;
    Ok(())
}

/// Open a game of Ticket to Ride in this channel; friends join, the host starts.
#[poise::command(slash_command)]
// One argument per option of the command: poise reads them from the signature.
#[allow(clippy::too_many_arguments)]
pub async fn start(
    ctx: Context<'_>,
    map: MapId,
    #[min = 0]
    #[max = 4]
    bots: Option<u8>,
    level: Option<Level>,
    #[min = 0]
    #[max = 168]
    reminder: Option<u32>,
    #[min = 0]
    #[max = 720]
    deadline: Option<u32>,
    confirm: Option<bool>,
    layout: Option<LayoutName>,
    thread: Option<bool>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let level = match level.map(|Level(l)| l) {
        None => crate::ai::Level::Normal,
        Some(name) => match crate::ai::Level::from_name(&name).filter(|l| *l != crate::ai::Level::Random) {
            Some(level) => level,
            None => {
                let message = tr!(lang, "level-unknown", name = names::excerpt(&name));
                return say_privately(ctx, message).await;
            }
        },
    };
    let layout = match layout.map(|LayoutName(l)| l) {
        None => "feed".to_string(),
        Some(l) if LAYOUTS.contains(&l.as_str()) => l,
        Some(l) => return say_privately(ctx, tr!(lang, "layout-unknown", name = names::excerpt(&l))).await,
    };
    // Public messages are in the server's language, for the whole game.
    let public = command_server_lang(ctx);
    let Ok(board) = maps::builtin(&map.0) else {
        return say_privately(
            ctx,
            refusal_or_error(lang, Refusal::UnknownMap(names::excerpt(&map.0)).into())?,
        )
        .await;
    };
    let channel = if thread == Some(true) {
        match open_thread(ctx, &text::map_name(public, &board), lang).await? {
            Ok(thread) => thread,
            Err(refusal) => return say_privately(ctx, refusal).await,
        }
    } else {
        ctx.channel_id().get()
    };
    let member = ctx.author_member().await;
    let new = NewLobby {
        channel_id: channel,
        guild_id: ctx.guild_id().map(|g| g.get()),
        map: map.0,
        seed: new_seed(ctx.data().game_seed, channel, ctx.id()),
        host: ctx.author().id.get(),
        host_name: display_name(ctx.author(), member.as_deref()),
        settings: serde_json::json!({
            COMPUTER_LEVEL: level.name(),
            REMINDER_HOURS: reminder.unwrap_or(DEFAULT_REMINDER_HOURS),
            DEADLINE_HOURS: deadline.unwrap_or(DEFAULT_DEADLINE_HOURS),
            CONFIRM_CLAIMS: confirm.unwrap_or(false),
            LAYOUT: layout,
            game::GAME_LANG: public.code(),
        }),
    };
    let lock = ctx.data().channel_lock(channel);
    let _held = lock.lock().await;
    let mut lobby = match ctx.data().store.open_lobby(&new).await {
        Ok(lobby) => lobby,
        Err(e) => return say_privately(ctx, refusal_or_error(lang, e)?).await,
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
    serenity::ChannelId::new(channel).send_message(ctx, lobby_post).await?;
    ctx.say(tr!(
        public,
        "lobby-in-thread",
        map = text::map_name(public, &board),
        channel = format!("<#{channel}>")
    ))
    .await?;
    Ok(())
}

/// Opens a public thread for a new game in the command's channel: its id, or why not in words.
async fn open_thread(ctx: Context<'_>, map_name: &str, lang: Lang) -> Result<Result<u64, String>, Error> {
    if ctx.guild_id().is_none() {
        return Ok(Err(tr!(lang, "thread-no-server")));
    }
    let thread = serenity::CreateThread::new(tr!(command_server_lang(ctx), "thread-name", map = map_name))
        .kind(serenity::ChannelType::PublicThread)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    match ctx.channel_id().create_thread(ctx, thread).await {
        Ok(made) => Ok(Ok(made.id.get())),
        Err(e) => {
            tracing::warn!("could not open a thread: {e}");
            Ok(Err(tr!(lang, "thread-failed")))
        }
    }
}

/// The key of a game's settings naming its computer players' level.
pub(super) const COMPUTER_LEVEL: &str = "computer_level";

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
    let lock = ctx.data().channel_lock(channel);
    let _held = lock.lock().await;
    match ctx.data().store.join_lobby(channel, ctx.author().id.get(), &name).await {
        Ok(lobby) => {
            let store = &ctx.data().store;
            store
                .remember_language(lobby.id, ctx.author().id.get(), lang.code())
                .await?;
            send_lobby(ctx, &lobby).await
        }
        Err(e) => say_privately(ctx, refusal_or_error(lang, e)?).await,
    }
}

/// Give up your seat in the game waiting in this channel.
#[poise::command(slash_command)]
pub async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let channel = ctx.channel_id().get();
    let lock = ctx.data().channel_lock(channel);
    let _held = lock.lock().await;
    // In a game in play a seat is handed to a computer player, which the computer players bring; until then the
    // seat stays, and the game can be ended.
    if let Some(game) = ctx.data().store.running_game_in_channel(channel).await? {
        let seated = ctx.data().store.seat_of(game, ctx.author().id.get()).await?.is_some();
        if !seated {
            return say_privately(ctx, text::refusal(lang, &Refusal::NotSeated)).await;
        }
        let confirm = serenity::CreateActionRow::Buttons(vec![
            serenity::CreateButton::new(ButtonId::of(game.0, "hand-over"))
                .label(tr!(lang, "button-leave-game"))
                .style(serenity::ButtonStyle::Danger),
        ]);
        ctx.send(
            poise::CreateReply::default()
                .content(tr!(lang, "leave-confirm"))
                .components(vec![confirm])
                .ephemeral(true),
        )
        .await?;
        return Ok(());
    }
    match ctx.data().store.leave_lobby(channel, ctx.author().id.get()).await {
        Ok(Some(lobby)) => send_lobby(ctx, &lobby).await,
        Ok(None) => {
            ctx.say(tr!(command_server_lang(ctx), "lobby-closed-empty")).await?;
            Ok(())
        }
        Err(e) => say_privately(ctx, refusal_or_error(lang, e)?).await,
    }
}

/// The lobby's buttons. The game in the `custom_id` must still be this channel's lobby; the user is the one who
/// pressed.
pub(super) async fn on_button(
    ctx: &serenity::Context,
    data: &Data,
    component: &serenity::ComponentInteraction,
    id: ButtonId,
) -> Result<(), Error> {
    let lang = private_lang(&component.locale);
    let channel = component.channel_id.get();
    let user = &component.user;
    let member = component.member.as_ref();
    let lock = data.channel_lock(channel);
    let _held = lock.lock().await;
    let current = data.store.lobby(channel).await?;
    if current.as_ref().is_none_or(|l| l.id.0 != id.game) {
        return reply_ephemeral(ctx, component, &tr!(lang, "lobby-closed-button")).await;
    }
    let store = &data.store;
    let changed = match id.what.as_str() {
        "join" => match store
            .join_lobby(channel, user.id.get(), &display_name(user, member))
            .await
        {
            Ok(lobby) => {
                // Their DMs (their tickets) are written in the language they use.
                store.remember_language(lobby.id, user.id.get(), lang.code()).await?;
                Ok(Some(lobby))
            }
            Err(e) => Err(e),
        },
        "leave" => store.leave_lobby(channel, user.id.get()).await,
        "computer" => {
            let public = current.as_ref().map_or(Lang::En, |l| game::game_lang(&l.settings));
            let name = current.as_ref().map_or_else(
                || tr!(public, "computer-name", number = 1),
                |l| computer_name(l, public),
            );
            store.add_computer(channel, actor(user, member), &name).await.map(Some)
        }
        "cancel" => store.cancel_lobby(channel, actor(user, member)).await.map(|_| None),
        "start" => match store.start_game(channel, actor(user, member)).await {
            Ok((lobby, _game)) => return announce_start(ctx, data, component, &lobby).await,
            Err(e) => Err(e),
        },
        _ => return reply_ephemeral(ctx, component, &tr!(lang, "button-unknown")).await,
    };
    match changed {
        Ok(Some(lobby)) => {
            let (content, embed, components) = lobby_message(&lobby);
            update_message(
                ctx,
                component,
                serenity::CreateInteractionResponseMessage::new()
                    .content(content)
                    .embed(embed)
                    .components(components),
            )
            .await
        }
        Ok(None) => {
            let public = current.as_ref().map_or(Lang::En, |l| game::game_lang(&l.settings));
            let closed = serenity::CreateInteractionResponseMessage::new()
                .content(tr!(public, "lobby-closed"))
                .embeds(Vec::new())
                .components(Vec::new());
            update_message(ctx, component, closed).await
        }
        Err(e) => reply_ephemeral(ctx, component, &refusal_or_error(lang, e)?).await,
    }
}

/// Turns the lobby message into the game's first message, then DMs each player their starting tickets; if some
/// DMs are closed, says so once in the channel.
async fn announce_start(
    ctx: &serenity::Context,
    data: &Data,
    component: &serenity::ComponentInteraction,
    lobby: &Lobby,
) -> Result<(), Error> {
    update_message(ctx, component, started_message(lobby)).await?;
    let closed = game::send_ticket_dms(ctx, data, lobby.channel_id, lobby.id).await?;
    if !closed.is_empty() {
        game::tell_dms_closed(ctx, lobby.channel_id, &closed, game::game_lang(&lobby.settings)).await?;
    }
    Ok(())
}

async fn update_message(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    message: serenity::CreateInteractionResponseMessage,
) -> Result<(), Error> {
    component
        .create_response(&ctx.http, serenity::CreateInteractionResponse::UpdateMessage(message))
        .await?;
    Ok(())
}
