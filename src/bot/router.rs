//! Where every interaction comes in and every failure is answered: components are routed by their typed
//! [`ComponentId`] in one `match`; a refusal a handler returns is told to the user in their language, and an
//! internal error logged with the interaction's id and answered with an apology, here; and after any interaction
//! the computer players owed a move make it.

use poise::serenity_prelude as serenity;

use super::component::{Component, ComponentId, Unrecognised, ids_on};
use super::data::{Context, Data};
use super::locale::{private_lang, user_lang};
use super::refusal::{Error, Refused};
use super::reply::{acknowledge_press, reply_ephemeral, say_privately, update_message};
use super::table::Press;
use super::{claim, computer, ending, lobby, stalls, startup, supervisor, tickets, turn, views};
use crate::text::catalog::tr;

/// Every gateway event the bot acts on: components, and `Ready` (start or restart).
///
/// # Errors
/// None: failures are answered and logged here.
pub async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let ctx = framework.serenity_context;
    let data = framework.user_data;
    match event {
        serenity::FullEvent::Ready { .. } if !data.started.load(std::sync::atomic::Ordering::SeqCst) => {
            let commands = poise::builtins::create_application_commands(&framework.options.commands);
            startup::on_first_ready(ctx, data, commands);
        }
        // Its games end, and nothing is sent there again (reminders, computers' moves, late posts).
        serenity::FullEvent::ChannelDelete { channel, .. } => {
            supervisor::forget_channel(data, channel.id.get(), &"the channel was deleted").await;
        }
        serenity::FullEvent::ThreadDelete { thread, .. } => {
            supervisor::forget_channel(data, thread.id.get(), &"the thread was deleted").await;
        }
        // Left or deleted; a server that is only unavailable (an outage at Discord) comes back by itself.
        serenity::FullEvent::GuildDelete { incomplete, .. } if !incomplete.unavailable => {
            let guild = incomplete.id.get();
            match data.store.guild_gone(guild).await {
                Ok(ended) => tracing::info!(guild, ended = ended.len(), "the bot left a server: its games ended"),
                Err(e) => tracing::warn!(guild, "a left server's games could not be ended: {e}"),
            }
        }
        serenity::FullEvent::InteractionCreate { interaction } => {
            if let Some(component) = interaction.as_message_component() {
                on_component(ctx, data, component).await;
            }
        }
        _ => {}
    }
    Ok(())
}

/// A button or select: routed, then any failure answered; after it (refused or not), the computers move.
async fn on_component(ctx: &serenity::Context, data: &Data, component: &serenity::ComponentInteraction) {
    let failed_inside = super::in_time::answered_in_time(
        component,
        acknowledge_press(ctx, component),
        answer_component(ctx, data, component),
    )
    .await;
    if !failed_inside {
        after_interaction(ctx, data, component.channel_id.get()).await;
    }
}

/// Routes a component and answers any failure; true when it failed inside.
async fn answer_component(ctx: &serenity::Context, data: &Data, component: &serenity::ComponentInteraction) -> bool {
    let result = match ComponentId::parse(&component.data.custom_id) {
        // Discord's own client sends only what the message shows; a modified one can send any id it saw anywhere.
        // These answer by replacing the message they were pressed on: a picker's id sent from the public turn
        // message would show the channel the player's payment choices, and a forged Cancel would strip its buttons;
        // a turn button sent from a private message would tell the move there instead of to the channel. (Any other
        // component answers with a message of its own, and acts for the user who pressed it.)
        Ok(id) if id.component.changes_its_message() && !shown_on_its_message(component) => {
            Err(Refused::UnknownButton { shaped_like_ours: true }.into())
        }
        Ok(id) => route(ctx, data, component, &id).await,
        Err(why) => {
            let shaped_like_ours = why == Unrecognised::Unknown;
            Err(Refused::UnknownButton { shaped_like_ours }.into())
        }
    };
    let failed_inside = matches!(result, Err(Error::Internal(_)));
    if let Err(e) = result {
        answer_component_failure(ctx, component, e).await;
    }
    failed_inside
}

/// Whether the component pressed is one the message it was pressed on shows (Discord sends that message along).
fn shown_on_its_message(component: &serenity::ComponentInteraction) -> bool {
    ids_on(&component.message).any(|shown| shown == component.data.custom_id)
}

/// The one `match` of components: each goes to the feature that posted it.
async fn route(
    ctx: &serenity::Context,
    data: &Data,
    component: &serenity::ComponentInteraction,
    id: &ComponentId,
) -> Result<(), Error> {
    use Component::*;
    let press = Press {
        ctx,
        data,
        component,
        id,
    };
    match id.component {
        Join | Leave | AddComputer | Start | Cancel => lobby::on_button(&press).await,
        StartingTickets | Tickets | Keep => tickets::on_component(&press).await,
        Deck | Take { .. } | Pass => turn::on_button(&press).await,
        Claim
        | Station
        | PickerPage { .. }
        | Pick { .. }
        | Pay { .. }
        | PaymentPage { .. }
        | Confirm { .. }
        | CancelClaim
        | GiveUp => claim::on_component(&press).await,
        Hand => views::on_button(&press).await,
        End | HandOver => ending::on_button(&press).await,
        Skip | Replace => stalls::on_button(&press).await,
    }
}

/// Tells the presser why nothing happened (replacing their private picker, for a refusal made there), or logs an
/// internal failure and apologises.
async fn answer_component_failure(ctx: &serenity::Context, component: &serenity::ComponentInteraction, error: Error) {
    let lang = private_lang(&component.locale);
    let answered = match error {
        Error::RefusedInPlace(refused) => {
            let words = serenity::CreateInteractionResponseMessage::new()
                .content(refused.words(lang))
                .components(Vec::new());
            update_message(ctx, component, words).await
        }
        Error::Refused(refused) => reply_ephemeral(ctx, component, &refused.words(lang)).await,
        // Discord failed the answer itself: the interaction cannot carry an apology either (and nothing was done).
        ref error @ Error::Internal(_) if error.answer_lost() => {
            let custom_id = &component.data.custom_id;
            tracing::warn!(interaction = %component.id, %custom_id, "Discord failed the answer: {error}");
            Ok(())
        }
        Error::Internal(e) => {
            let custom_id = &component.data.custom_id;
            tracing::error!(interaction = %component.id, %custom_id, "component failed: {e}");
            reply_ephemeral(ctx, component, &apology(lang, e.as_ref())).await
        }
        Error::Kept(e) => {
            let custom_id = &component.data.custom_id;
            tracing::warn!(interaction = %component.id, %custom_id, "after the action was kept: {e}");
            Ok(())
        }
    };
    if let Err(e) = answered {
        tracing::warn!(interaction = %component.id, "could not answer: {e}");
    }
}

/// After a command that succeeded (poise's `post_command`; a refused one goes through [`on_error`]).
pub async fn after_command(ctx: Context<'_>) {
    after_interaction(ctx.serenity_context(), ctx.data(), ctx.channel_id().get()).await;
}

/// After any interaction that did not fail inside: computer players whose turn it now is move (after the answer
/// was sent; a game a failed post left on a computer's turn moves on at the next press). The one place besides a
/// restart where computers are set going.
async fn after_interaction(ctx: &serenity::Context, data: &Data, channel: u64) {
    let moved = match data.store.running_game_in_channel(channel).await {
        Ok(Some(game)) => computer::move_if_owed(ctx, data, game, channel).await,
        Ok(None) => return,
        Err(e) => Err(e.into()),
    };
    if let Err(e) = moved {
        tracing::error!(channel, "computer players: {e}");
    }
}

/// A command's failure: a refusal is told privately in the user's language; an option that does not read likewise;
/// anything else is logged with the interaction's id and answered with an apology.
pub async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            let lang = user_lang(ctx);
            match error {
                Error::Refused(refused) | Error::RefusedInPlace(refused) => {
                    answer_privately(ctx, refused.words(lang)).await;
                    after_command(ctx).await;
                }
                ref error @ Error::Internal(_) if error.answer_lost() => {
                    let command = &ctx.command().qualified_name;
                    tracing::warn!(interaction = ctx.id(), %command, "Discord failed the answer: {error}");
                }
                Error::Internal(e) => {
                    let command = &ctx.command().qualified_name;
                    tracing::error!(interaction = ctx.id(), %command, "command failed: {e}");
                    answer_privately(ctx, apology(lang, e.as_ref())).await;
                }
                Error::Kept(e) => {
                    let command = &ctx.command().qualified_name;
                    tracing::warn!(interaction = ctx.id(), %command, "after the action was kept: {e}");
                    after_command(ctx).await;
                }
            }
        }
        // An option the command cannot read: a value out of range, or a Discord that still shows the user an older
        // shape of the command. poise would log it and leave the user without an answer (or answer in English,
        // pointing to a help menu this bot does not have).
        poise::FrameworkError::ArgumentParse { error, ctx, .. } => {
            tracing::info!(command = %ctx.command().qualified_name, "an option could not be read: {error}");
            answer_privately(ctx, Refused::OptionUnreadable.words(user_lang(ctx))).await;
        }
        poise::FrameworkError::CommandStructureMismatch { description, ctx, .. } => {
            tracing::info!(command = %ctx.command().qualified_name, "options not as registered: {description}");
            let ctx = poise::Context::Application(ctx);
            answer_privately(ctx, Refused::OptionUnreadable.words(user_lang(ctx))).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!("while handling an error: {e}");
            }
        }
    }
}

/// The apology for a failure inside: "nothing was changed", unless the database lost the answer to a commit it could
/// not check afterwards (then the action may have been stored, and the player is told how to see).
fn apology(lang: crate::lang::Lang, error: &(dyn std::error::Error + Send + Sync + 'static)) -> String {
    let maybe_done = error
        .downcast_ref::<crate::store::StoreError>()
        .is_some_and(crate::store::StoreError::maybe_done);
    if maybe_done {
        tr!(lang, "sorry-maybe-done")
    } else {
        tr!(lang, "sorry")
    }
}

/// A private answer to a command whose handler did not answer it.
async fn answer_privately(ctx: Context<'_>, said: String) {
    if let Err(e) = say_privately(ctx, said).await {
        tracing::warn!(interaction = ctx.id(), "could not answer: {e}");
    }
}
