//! `/ttr settings`: the game's own (its host: reminders, the turn deadline, confirming claims) and a player's own
//! pings, in the channel's game. Every answer ends with the settings as they now stand.

use super::dashboard::{LAYOUT, LAYOUTS};
use super::lobby::{LayoutName, actor, say_privately};
use super::{Context, Error, refusal_or_error, user_lang};
use crate::store::{
    DEADLINE_HOURS, DEFAULT_DEADLINE_HOURS, DEFAULT_REMINDER_HOURS, GameId, Preference, REMINDER_HOURS, Store,
    StoreError,
};
use crate::text::catalog::tr;
use crate::text::{self, Lang};

/// See or change this game's settings (reminders, deadline, confirming claims) and what pings you.
#[poise::command(slash_command)]
pub async fn settings(
    ctx: Context<'_>,
    #[min = 0]
    #[max = 168]
    reminder: Option<u32>,
    #[min = 0]
    #[max = 720]
    deadline: Option<u32>,
    confirm: Option<bool>,
    layout: Option<LayoutName>,
    pings: Option<bool>,
    heads_up: Option<bool>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let channel = ctx.channel_id().get();
    let store = &ctx.data().store;
    let _held = ctx.data().hold(channel).await;
    let Some(game) = store.running_game_in_channel(channel).await? else {
        return say_privately(ctx, text::refusal(lang, &crate::store::Refusal::NoGame)).await;
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
            let excerpt = crate::rules::names::excerpt(&layout);
            return say_privately(ctx, tr!(lang, "layout-unknown", name = excerpt)).await;
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
                let now = settings_now(store, game, user, lang).await?;
                return say_privately(ctx, format!("{} {now}", refusal_or_error(lang, e)?)).await;
            }
            Err(e) => return Err(e.into()),
        }
    }
    say_privately(ctx, settings_now(store, game, user, lang).await?).await
}

/// The game's settings and the user's own, in sentences.
async fn settings_now(store: &Store, game: GameId, user: u64, lang: Lang) -> Result<String, Error> {
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
    let either = |on: bool, yes: &str, no: &str| tr!(lang, if on { yes } else { no });
    let mut said = vec![
        tr!(
            lang,
            "settings-reminders",
            hours = hours(REMINDER_HOURS, DEFAULT_REMINDER_HOURS)
        ),
        tr!(
            lang,
            "settings-deadline",
            hours = hours(DEADLINE_HOURS, DEFAULT_DEADLINE_HOURS)
        ),
        either(
            settings[CONFIRM_CLAIMS].as_bool() == Some(true),
            "settings-confirm-on",
            "settings-confirm-off",
        ),
        either(
            settings[LAYOUT].as_str() == Some("dashboard"),
            "settings-dashboard",
            "settings-feed",
        ),
    ];
    if seated {
        said.push(either(pings, "settings-pings-on", "settings-pings-off"));
        said.push(either(heads_up, "settings-heads-up-on", "settings-heads-up-off"));
    }
    Ok(said.join(" "))
}

/// The key of a game's settings saying whether claims and stations ask to confirm first (off unless set).
pub(super) const CONFIRM_CLAIMS: &str = "confirm_claims";
