//! `/ttr settings`: the game's own (its host: reminders, the turn deadline, confirming claims) and a player's own
//! pings, in the channel's game. Every answer ends with the settings as they now stand.

use super::dashboard::{LAYOUT, LAYOUTS};
use super::lobby::{LayoutName, actor, say_privately};
use super::{Context, Error, private_lang, refusal_or_error};
use crate::store::{
    DEADLINE_HOURS, DEFAULT_DEADLINE_HOURS, DEFAULT_REMINDER_HOURS, GameId, Preference, REMINDER_HOURS, Store,
    StoreError,
};

/// See or change this game's settings (reminders, deadline, confirming claims) and what pings you.
#[poise::command(slash_command)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Hours between reminders to the player whose move it is (0: none); the host only"]
    #[min = 0]
    #[max = 168]
    reminder: Option<u32>,
    #[description = "Hours a turn may wait before the others may skip it (0: no deadline); the host only"]
    #[min = 0]
    #[max = 720]
    deadline: Option<u32>,
    #[description = "Whether claiming a route or building a station asks to confirm first; the host only"]
    confirm: Option<bool>,
    #[description = "feed: a message per turn; dashboard: one status message kept up to date; the host only"]
    layout: Option<LayoutName>,
    #[description = "Whether reminders ping you in this game"] pings: Option<bool>,
    #[description = "Whether you are pinged when the player before you starts their turn"] heads_up: Option<bool>,
) -> Result<(), Error> {
    let lang = private_lang(ctx.locale().unwrap_or("en"));
    let channel = ctx.channel_id().get();
    let store = &ctx.data().store;
    let _held = ctx.data().hold(channel).await;
    let Some(game) = store.running_game_in_channel(channel).await? else {
        return say_privately(ctx, "There is no game in play in this channel.".to_string()).await;
    };
    let user = ctx.author().id.get();
    let mut host_changes = Vec::new();
    if let Some(hours) = reminder {
        host_changes.push((REMINDER_HOURS, hours.into()));
    }
    if let Some(hours) = deadline {
        host_changes.push((DEADLINE_HOURS, hours.into()));
    }
    if let Some(on) = confirm {
        host_changes.push((CONFIRM_CLAIMS, on.into()));
    }
    if let Some(LayoutName(layout)) = layout {
        if !LAYOUTS.contains(&layout.as_str()) {
            return say_privately(
                ctx,
                format!("There is no layout \"{layout}\": choose feed or dashboard."),
            )
            .await;
        }
        host_changes.push((LAYOUT, layout.into()));
    }
    let mut changes = Vec::new();
    if !host_changes.is_empty() {
        let member = ctx.author_member().await;
        changes.push(
            store
                .change_settings(game, actor(ctx.author(), member.as_deref()), &host_changes)
                .await,
        );
    }
    for (preference, on) in [(Preference::Pings, pings), (Preference::HeadsUp, heads_up)] {
        if let Some(on) = on {
            changes.push(store.set_preference(game, user, preference, on).await);
        }
    }
    for change in changes {
        match change {
            Ok(()) => {}
            // A refusal stops here: what was asked before it is done, and the answer says how things stand.
            Err(e @ StoreError::Refused(_)) => {
                let now = settings_now(store, game, user).await?;
                return say_privately(ctx, format!("{} {now}", refusal_or_error(lang, e)?)).await;
            }
            Err(e) => return Err(e.into()),
        }
    }
    say_privately(ctx, settings_now(store, game, user).await?).await
}

/// The game's settings and the user's own, in sentences.
async fn settings_now(store: &Store, game: GameId, user: u64) -> Result<String, Error> {
    let settings = store.settings(game).await?;
    let hours = |key: &str, default: u32| {
        settings[key]
            .as_u64()
            .map_or(default, |h| h.min(u64::from(u32::MAX)) as u32)
    };
    let wants = |seats: Vec<(crate::rules::Seat, u64)>| seats.iter().any(|(_, u)| *u == user);
    let pings = wants(store.seats_wanting(game, Preference::Pings).await?);
    let heads_up = wants(store.seats_wanting(game, Preference::HeadsUp).await?);
    let seated = store.seats(game).await?.iter().any(|s| s.user_id == Some(user));
    let mut said = vec![
        reminder_sentence(hours(REMINDER_HOURS, DEFAULT_REMINDER_HOURS)),
        deadline_sentence(hours(DEADLINE_HOURS, DEFAULT_DEADLINE_HOURS)),
        if settings[CONFIRM_CLAIMS].as_bool() == Some(true) {
            "Claims and stations ask to confirm before they are made."
        } else {
            "Claims and stations are made without asking to confirm."
        }
        .to_string(),
        if settings[LAYOUT].as_str() == Some("dashboard") {
            "The game is shown in one status message, kept up to date, with a short ping for each turn."
        } else {
            "Each turn is posted as a new message with the board."
        }
        .to_string(),
    ];
    if seated {
        said.push(
            if pings {
                "Reminders ping you."
            } else {
                "Reminders do not ping you."
            }
            .to_string(),
        );
        said.push(
            if heads_up {
                "You are pinged when the player before you starts their turn."
            } else {
                "You are not pinged when the player before you starts their turn."
            }
            .to_string(),
        );
    }
    Ok(said.join(" "))
}

/// The key of a game's settings saying whether claims and stations ask to confirm first (off unless set).
pub(super) const CONFIRM_CLAIMS: &str = "confirm_claims";

/// The reminder setting in a sentence.
fn reminder_sentence(hours: u32) -> String {
    match hours {
        0 => "There are no reminders in this game.".to_string(),
        1 => "The player whose move it is is reminded every hour.".to_string(),
        h => format!("The player whose move it is is reminded every {h} hours."),
    }
}

/// The deadline setting in a sentence.
fn deadline_sentence(hours: u32) -> String {
    match hours {
        0 => "Turns have no deadline.".to_string(),
        1 => "After an hour without a move, anyone else at the table may skip the turn or hand the seat to a computer."
            .to_string(),
        h => format!(
            "After {h} hours without a move, anyone else at the table may skip the turn or hand the seat to a computer."
        ),
    }
}
