//! Lobbies in a channel: `/ttr start`, `/ttr join`, `/ttr leave`, and the lobby message's buttons `Join`, `Leave`,
//! `Add computer`, `Start`, `Cancel`. The lobby is one public message, updated in place when a button is pressed.

use poise::serenity_prelude as serenity;

use super::dashboard::{LAYOUT, LAYOUTS};
use super::settings::CONFIRM_CLAIMS;
use super::{ButtonId, Context, Data, Error, game, private_lang, refusal_or_error, reply_ephemeral};
use crate::maps::{self, BUILTIN};
use crate::rules::names;
use crate::store::{
    Actor, DEADLINE_HOURS, DEFAULT_DEADLINE_HOURS, DEFAULT_REMINDER_HOURS, Lobby, NewLobby, REMINDER_HOURS, Refusal,
    StoreError,
};

/// What the lobby's buttons are called in their `custom_id`s.
pub(super) const BUTTONS: [&str; 5] = ["join", "leave", "computer", "start", "cancel"];

/// A string option whose choices are fixed words, sent as themselves (not as indexes).
fn string_choices(builder: serenity::CreateCommandOption, words: &[&str]) -> serenity::CreateCommandOption {
    words
        .iter()
        .fold(builder.kind(serenity::CommandOptionType::String), |b, w| {
            b.add_string_choice(*w, *w)
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

/// The lobby message: who is seated, and the buttons.
fn lobby_message(lobby: &Lobby) -> (String, serenity::CreateEmbed, Vec<serenity::CreateActionRow>) {
    let (name, min, max) = match maps::builtin(&lobby.map) {
        Ok(map) => (map.name.clone(), map.rules.min_players, map.rules.max_players),
        Err(_) => (lobby.map.clone(), 2, 5),
    };
    let level = lobby.settings[COMPUTER_LEVEL].as_str().unwrap_or("normal");
    let seats: Vec<String> = lobby
        .seats
        .iter()
        .map(|s| {
            let role = match s.user_id {
                Some(user) if user == lobby.host => " — host".to_string(),
                Some(_) => String::new(),
                None => format!(" — {level} computer"),
            };
            format!("{}. {} ({}){role}", s.seat.0 + 1, s.player.name, s.player.color)
        })
        .collect();
    let content = format!(
        "A game of **{name}** is open: press **Join** (or type `/ttr join`). The host presses **Start** once {min} to \
         {max} players are seated."
    );
    let embed = serenity::CreateEmbed::new()
        .title(format!("Lobby: {name} · {min}–{max} players"))
        .description(seats.join("\n"));
    let button = |what: &str, label: &str, style: serenity::ButtonStyle| {
        serenity::CreateButton::new(ButtonId::of(lobby.id.0, what))
            .label(label)
            .style(style)
    };
    let row = serenity::CreateActionRow::Buttons(vec![
        button("join", "Join", serenity::ButtonStyle::Primary),
        button("leave", "Leave", serenity::ButtonStyle::Secondary),
        button("computer", "Add computer", serenity::ButtonStyle::Secondary),
        button("start", "Start", serenity::ButtonStyle::Success),
        button("cancel", "Cancel", serenity::ButtonStyle::Danger),
    ]);
    (content, embed, vec![row])
}

/// The message once the lobby has become a game: who plays, in seat order, each mentioned so they are pinged, and
/// the button to choose starting tickets.
fn started_message(lobby: &Lobby) -> serenity::CreateInteractionResponseMessage {
    let name = maps::builtin(&lobby.map).map_or_else(|_| lobby.map.clone(), |m| m.name.clone());
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
        .content(format!(
            "The game of **{name}** has started: {}. Everyone chooses starting tickets now, all at once: press \
             **Choose tickets** (or type `/ttr tickets`). Your tickets are in your DMs too.",
            who.join(", ")
        ))
        .embeds(Vec::new())
        .components(vec![game::tickets_button(lobby.id)])
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
    #[description = "The map to play"] map: MapId,
    #[description = "Computer players to seat"]
    #[min = 0]
    #[max = 4]
    bots: Option<u8>,
    #[description = "How strong the computer players are"] level: Option<Level>,
    #[description = "Hours between reminders to the player whose move it is (default 12; 0: none)"]
    #[min = 0]
    #[max = 168]
    reminder: Option<u32>,
    #[description = "Hours a turn may wait before the others may skip it (default 48; 0: no deadline)"]
    #[min = 0]
    #[max = 720]
    deadline: Option<u32>,
    #[description = "Whether claiming a route or building a station asks to confirm first (default off)"]
    confirm: Option<bool>,
    #[description = "feed: a message per turn (default); dashboard: one status message kept up to date"] layout: Option<
        LayoutName,
    >,
    #[description = "Open the game in a thread of its own, so several games can share this channel"] thread: Option<
        bool,
    >,
) -> Result<(), Error> {
    let lang = private_lang(ctx.locale().unwrap_or("en"));
    let level = match level.map(|Level(l)| l) {
        None => crate::ai::Level::Normal,
        Some(name) => match crate::ai::Level::from_name(&name).filter(|l| *l != crate::ai::Level::Random) {
            Some(level) => level,
            None => {
                let message = format!("There is no computer level \"{name}\": choose easy, normal or hard.");
                return say_privately(ctx, message).await;
            }
        },
    };
    let layout = match layout.map(|LayoutName(l)| l) {
        None => "feed".to_string(),
        Some(l) if LAYOUTS.contains(&l.as_str()) => l,
        Some(l) => return say_privately(ctx, format!("There is no layout \"{l}\": choose feed or dashboard.")).await,
    };
    let Ok(board) = maps::builtin(&map.0) else {
        return say_privately(
            ctx,
            refusal_or_error(lang, Refusal::UnknownMap(names::excerpt(&map.0)).into())?,
        )
        .await;
    };
    let channel = if thread == Some(true) {
        match open_thread(ctx, &board.name).await? {
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
        }),
    };
    let lock = ctx.data().channel_lock(channel);
    let _held = lock.lock().await;
    let mut lobby = match ctx.data().store.open_lobby(&new).await {
        Ok(lobby) => lobby,
        Err(e) => return say_privately(ctx, refusal_or_error(lang, e)?).await,
    };
    let host = Actor {
        user_id: new.host,
        manages_channel: true,
    };
    for _ in 0..bots.unwrap_or(0) {
        match ctx
            .data()
            .store
            .add_computer(channel, host, &computer_name(&lobby))
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
    ctx.say(format!(
        "A game of {} is open in <#{channel}>: join it there.",
        board.name
    ))
    .await?;
    Ok(())
}

/// Opens a public thread for a new game in the command's channel: its id, or why not in words.
async fn open_thread(ctx: Context<'_>, map_name: &str) -> Result<Result<u64, String>, Error> {
    if ctx.guild_id().is_none() {
        return Ok(Err("Threads exist only in a server's channels.".to_string()));
    }
    let thread = serenity::CreateThread::new(format!("Ticket to Ride · {map_name}"))
        .kind(serenity::ChannelType::PublicThread)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    match ctx.channel_id().create_thread(ctx, thread).await {
        Ok(made) => Ok(Ok(made.id.get())),
        Err(e) => {
            tracing::warn!("could not open a thread: {e}");
            Ok(Err(
                "I could not open a thread here (inside a thread, or without the Create Public Threads \
                 permission). Start the game without `thread`, or ask someone who manages the server."
                    .to_string(),
            ))
        }
    }
}

/// The key of a game's settings naming its computer players' level.
pub(super) const COMPUTER_LEVEL: &str = "computer_level";

/// A new computer player's name: "Computer 1", "Computer 2", … by how many the lobby has.
fn computer_name(lobby: &Lobby) -> String {
    let computers = lobby.seats.iter().filter(|s| s.user_id.is_none()).count();
    format!("Computer {}", computers + 1)
}

/// Take a seat in the game waiting in this channel.
#[poise::command(slash_command)]
pub async fn join(ctx: Context<'_>) -> Result<(), Error> {
    let lang = private_lang(ctx.locale().unwrap_or("en"));
    let channel = ctx.channel_id().get();
    let member = ctx.author_member().await;
    let name = display_name(ctx.author(), member.as_deref());
    let lock = ctx.data().channel_lock(channel);
    let _held = lock.lock().await;
    match ctx.data().store.join_lobby(channel, ctx.author().id.get(), &name).await {
        Ok(lobby) => send_lobby(ctx, &lobby).await,
        Err(e) => say_privately(ctx, refusal_or_error(lang, e)?).await,
    }
}

/// Give up your seat in the game waiting in this channel.
#[poise::command(slash_command)]
pub async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    let lang = private_lang(ctx.locale().unwrap_or("en"));
    let channel = ctx.channel_id().get();
    let lock = ctx.data().channel_lock(channel);
    let _held = lock.lock().await;
    // In a game in play a seat is handed to a computer player, which the computer players bring; until then the
    // seat stays, and the game can be ended.
    if let Some(game) = ctx.data().store.running_game_in_channel(channel).await? {
        let seated = ctx.data().store.seat_of(game, ctx.author().id.get()).await?.is_some();
        if !seated {
            return say_privately(ctx, "You are not playing in this game.".to_string()).await;
        }
        let confirm = serenity::CreateActionRow::Buttons(vec![
            serenity::CreateButton::new(ButtonId::of(game.0, "hand-over"))
                .label("Leave the game")
                .style(serenity::ButtonStyle::Danger),
        ]);
        ctx.send(
            poise::CreateReply::default()
                .content(
                    "Leave this game? A computer player takes your seat with your cards and tickets and plays on \
                     until you come back with `/ttr rejoin`.",
                )
                .components(vec![confirm])
                .ephemeral(true),
        )
        .await?;
        return Ok(());
    }
    match ctx.data().store.leave_lobby(channel, ctx.author().id.get()).await {
        Ok(Some(lobby)) => send_lobby(ctx, &lobby).await,
        Ok(None) => {
            ctx.say("The lobby is closed: no player is left.").await?;
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
        return reply_ephemeral(ctx, component, "That lobby is closed.").await;
    }
    let store = &data.store;
    let changed = match id.what.as_str() {
        "join" => store
            .join_lobby(channel, user.id.get(), &display_name(user, member))
            .await
            .map(Some),
        "leave" => store.leave_lobby(channel, user.id.get()).await,
        "computer" => {
            let name = current.as_ref().map_or_else(|| "Computer 1".to_string(), computer_name);
            store.add_computer(channel, actor(user, member), &name).await.map(Some)
        }
        "cancel" => store.cancel_lobby(channel, actor(user, member)).await.map(|_| None),
        "start" => match store.start_game(channel, actor(user, member)).await {
            Ok((lobby, _game)) => return announce_start(ctx, data, component, &lobby).await,
            Err(e) => Err(e),
        },
        _ => return reply_ephemeral(ctx, component, "That button belongs to nothing I know.").await,
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
            let closed = serenity::CreateInteractionResponseMessage::new()
                .content("This lobby is closed.")
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
        game::tell_dms_closed(ctx, lobby.channel_id, &closed).await?;
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
