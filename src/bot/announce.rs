//! The only code that tells a channel what happened: after an action (a turn message in the feed layout, the status
//! message in the dashboard layout — decided here; a turn button's press is answered to match, in `turn.rs`), the
//! ticket DMs that follow, the notices that are not actions (someone left, the game ended), and the game a restart
//! finds unannounced. Marking an action announced happens here and nowhere else.

use poise::serenity_prelude as serenity;

use super::component::{Component, ComponentId, ids_on};
use super::dashboard::show;
use super::data::Data;
use super::dm;
use super::play::Played;
use super::post::{self, Priority, nonce, post, spend};
use super::refusal::Error;
use super::table::Table;
use super::turn_message::post_turn_message;
use crate::lang::Lang;
use crate::text::{self, catalog::tr};

/// Posts a notice in a channel, naming people without pinging them.
///
/// # Errors
/// Discord's.
pub async fn tell_channel(ctx: &serenity::Context, channel: u64, notice: String) -> Result<(), Error> {
    // A notice of a game (a seat handed over, a turn skipped) is posted in the channel's order of announcements:
    // one that waited would hold up the channel's next turn message.
    tell_channel_when(ctx, channel, notice, Priority::Game).await
}

/// As [`tell_channel`], at `priority` (a notice outside any game's order, such as an idle lobby closed, may wait).
///
/// # Errors
/// Discord's.
pub async fn tell_channel_when(
    ctx: &serenity::Context,
    channel: u64,
    notice: String,
    priority: Priority,
) -> Result<(), Error> {
    let quiet = serenity::CreateMessage::new()
        .content(notice)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    post(ctx, channel, quiet, None, priority).await?;
    Ok(())
}

/// Tells a channel that these players' DMs are closed, and where they find their tickets instead.
///
/// # Errors
/// Discord's.
pub async fn tell_dms_closed(ctx: &serenity::Context, channel: u64, names: &[String], lang: Lang) -> Result<(), Error> {
    if names.is_empty() {
        return Ok(());
    }
    tell_channel(
        ctx,
        channel,
        tr!(lang, "dms-closed", names = text::and_list(lang, names)),
    )
    .await
}

/// DMs each player the tickets they start with (see [`dm::send_starting_tickets`]), notes them sent (until then,
/// a process that stops sends them when it is back: the supervisor), then says in the channel whose DMs are closed.
///
/// # Errors
/// The store's, or Discord's, telling the channel.
pub async fn send_starting_dms(ctx: &serenity::Context, data: &Data, table: &Table) -> Result<(), Error> {
    let closed = dm::send_starting_tickets(ctx, data, table).await;
    data.store.starting_dms_sent(table.id).await?;
    tell_dms_closed(ctx, table.channel, &closed, table.lang()).await
}

/// After an accepted action: the channel is told, and a player whose tickets changed gets them by DM.
///
/// # Errors
/// Discord's (a missing permission among them: see [`permission_notice`]) or the store's.
pub async fn after_play(ctx: &serenity::Context, data: &Data, played: &Played) -> Result<(), Error> {
    announce(ctx, data, played).await?;
    // Marked once the tickets' DM was tried too: a process that stops before it leaves the action unannounced, and
    // the restart sends what is owed (the turn message it finds posted is not posted again).
    let dm = dm_if_tickets_changed(ctx, data, played).await;
    data.store.mark_announced(played.after.id, played.after.version).await?;
    dm
}

/// The acting seat's tickets by DM when they changed; the channel is told once if its DMs are closed.
async fn dm_if_tickets_changed(ctx: &serenity::Context, data: &Data, played: &Played) -> Result<(), Error> {
    if !played.tickets_changed {
        return Ok(());
    }
    let table = &played.after;
    if let Some(name) = dm::send_tickets(ctx, data, table, played.seat).await {
        tell_dms_closed(ctx, table.channel, &[name], table.lang()).await?;
    }
    Ok(())
}

/// The channel is told of an action: on the dashboard, or (feed) in a new turn message when the turn passed and in
/// a plain sentence otherwise ([`after_play`] then marks it announced).
async fn announce(ctx: &serenity::Context, data: &Data, played: &Played) -> Result<(), Error> {
    let table = &played.after;
    let happened = played.public.join("\n");
    if table.is_dashboard() {
        show(ctx, data, table, &happened, played.turn_over).await?;
    } else if played.turn_over {
        post_turn_message(ctx, data, table, &happened, 't').await?;
    } else {
        let quiet = serenity::CreateMessage::new()
            .content(happened)
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        post(
            ctx,
            table.channel,
            quiet,
            Some(nonce(table.id, table.version, 's')),
            Priority::Game,
        )
        .await?;
    }
    Ok(())
}

/// A turn button's action is told on the turn message it sits on (its sentence, and fresh buttons or none once the
/// turn is over): replaced by the press's answer (`updated`), or else edited now to `shown`'s text and buttons. A
/// new turn message follows when the turn passed; then the action is marked announced. (On the dashboard a turn
/// button is told by [`after_play`].)
///
/// # Errors
/// Discord's (a missing permission among them: see [`permission_notice`]) or the store's.
pub async fn after_turn_button(
    ctx: &serenity::Context,
    data: &Data,
    played: &Played,
    message: serenity::MessageId,
    shown: (String, Vec<serenity::CreateActionRow>),
    updated: bool,
) -> Result<(), Error> {
    let table = &played.after;
    if !updated {
        let (content, components) = shown;
        let edit = serenity::EditMessage::new()
            .content(content)
            .components(components)
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        post::edit(ctx, table.channel, message, edit, "editing a turn message").await?;
    }
    if played.turn_over {
        post_turn_message(ctx, data, table, &played.public.join("\n"), 't').await?;
    }
    // The turn message now shows this action (updated in place, or followed by the next turn's message).
    data.store.mark_announced(table.id, table.version).await?;
    Ok(())
}

/// Shows a game as it stands now in its channel (a turn message, or the dashboard redrawn), with `happened` on
/// top, and marks it announced: for a game whose latest action the channel was never shown.
///
/// # Errors
/// The store's or Discord's.
pub async fn show_as_it_stands(
    ctx: &serenity::Context,
    data: &Data,
    table: &Table,
    happened: &str,
) -> Result<(), Error> {
    if table.is_dashboard() {
        show(ctx, data, table, happened, true).await?;
    } else if already_posted(ctx, table).await? {
        // The process that posted it stopped before noting it: posted again, two messages would carry live
        // buttons of one turn.
        tracing::info!(
            game = table.id.0,
            version = table.version,
            "the turn message was posted before a restart"
        );
    } else {
        post_turn_message(ctx, data, table, happened, 'r').await?;
    }
    // The action never announced may have been a person keeping tickets, whose DM was never sent either.
    if let Some(seat) = data.store.kept_tickets_last(table.id, table.version).await?
        && let Some(name) = dm::send_tickets(ctx, data, table, seat).await
    {
        tell_dms_closed(ctx, table.channel, &[name], table.lang()).await?;
    }
    data.store.mark_announced(table.id, table.version).await?;
    Ok(())
}

/// Whether one of the channel's latest messages is this game's turn message at its current version (its buttons
/// say so). False when the messages cannot be read for a passing reason or a missing permission (then the turn
/// message is posted again).
///
/// # Errors
/// A channel that is gone or out of the bot's sight (10003, 50001), as a post there would fail.
async fn already_posted(ctx: &serenity::Context, table: &Table) -> Result<bool, Error> {
    spend(Priority::Game).await;
    let latest = serenity::GetMessages::new().limit(20);
    match serenity::ChannelId::new(table.channel)
        .messages(&ctx.http, latest)
        .await
    {
        Ok(messages) => {
            // Only the bot's own turn message counts: a reminder carries buttons of the same version (but no turn
            // button), and anyone else's message may carry any id.
            let me = ctx.cache.current_user().id;
            Ok(messages
                .iter()
                .filter(|message| message.author.id.get() == me.get())
                .any(|message| {
                    ids_on(message).any(|id| {
                        ComponentId::parse(id).is_ok_and(|c| {
                            c.game == table.id
                                && c.version == Some(table.version)
                                && matches!(c.component, Component::Deck | Component::Take { .. } | Component::Pass)
                        })
                    })
                }))
        }
        Err(e) => {
            let e = Error::from(e);
            if matches!(e.discord_code(), Some(10003 | 50001)) {
                return Err(e);
            }
            tracing::info!(
                channel = table.channel,
                "the channel's latest messages could not be read: {e}"
            );
            Ok(false)
        }
    }
}

/// A failure to post in the channel as the player reads it, when the bot lacks a permission there (what they did is
/// saved all the same): `about_a_move`, or about something else done (a game ended, a seat handed over).
///
/// # Errors
/// Any other failure, passed up.
pub fn permission_notice(e: Error, lang: Lang, about_a_move: bool) -> Result<String, Error> {
    match (e.discord_code(), about_a_move) {
        (Some(50013), true) => Ok(tr!(lang, "permission-missing")),
        (Some(50001), true) => Ok(tr!(lang, "permission-no-view")),
        (Some(50013), false) => Ok(tr!(lang, "permission-missing-notice")),
        (Some(50001), false) => Ok(tr!(lang, "permission-no-view-notice")),
        _ => Err(e),
    }
}
