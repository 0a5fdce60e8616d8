//! `/ttr settings`: the game's reminders (its host) and a player's own pings, in the channel's game.

use super::lobby::{actor, say_privately};
use super::{Context, Error, private_lang, refusal_or_error};
use crate::store::{DEFAULT_REMINDER_HOURS, REMINDER_HOURS, StoreError};

/// See or change this game's settings: reminders (the host) and whether reminders ping you.
#[poise::command(slash_command)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Hours between reminders to the player whose move it is (0: none); the host only"]
    #[min = 0]
    #[max = 168]
    reminder: Option<u32>,
    #[description = "Whether reminders ping you in this game"] pings: Option<bool>,
) -> Result<(), Error> {
    let lang = private_lang(ctx.locale().unwrap_or("en"));
    let channel = ctx.channel_id().get();
    let store = &ctx.data().store;
    let _held = ctx.data().hold(channel).await;
    let Some(game) = store.running_game_in_channel(channel).await? else {
        return say_privately(ctx, "There is no game in play in this channel.".to_string()).await;
    };
    let mut done = Vec::new();
    if let Some(hours) = reminder {
        let member = ctx.author_member().await;
        match store
            .set_reminder_hours(game, actor(ctx.author(), member.as_deref()), hours)
            .await
        {
            Ok(()) => done.push(reminder_sentence(hours)),
            Err(e @ StoreError::Refused(_)) => return say_privately(ctx, refusal_or_error(lang, e)?).await,
            Err(e) => return Err(e.into()),
        }
    }
    if let Some(on) = pings {
        match store.set_pings(game, ctx.author().id.get(), on).await {
            Ok(()) => done.push(
                if on {
                    "Reminders ping you."
                } else {
                    "Reminders do not ping you."
                }
                .to_string(),
            ),
            Err(e @ StoreError::Refused(_)) => return say_privately(ctx, refusal_or_error(lang, e)?).await,
            Err(e) => return Err(e.into()),
        }
    }
    if done.is_empty() {
        // Nothing to change: show what is set.
        let hours = store.settings(game).await?[REMINDER_HOURS]
            .as_u64()
            .map_or(DEFAULT_REMINDER_HOURS, |h| h.min(u64::from(u32::MAX)) as u32);
        let mine = store
            .pinged_seats(game)
            .await?
            .iter()
            .any(|(_, user)| *user == ctx.author().id.get());
        done.push(reminder_sentence(hours));
        done.push(
            if mine {
                "Reminders ping you."
            } else {
                "Reminders do not ping you."
            }
            .to_string(),
        );
    }
    say_privately(ctx, done.join(" ")).await
}

/// The reminder setting in a sentence.
fn reminder_sentence(hours: u32) -> String {
    match hours {
        0 => "There are no reminders in this game.".to_string(),
        1 => "The player whose move it is is reminded every hour.".to_string(),
        h => format!("The player whose move it is is reminded every {h} hours."),
    }
}
