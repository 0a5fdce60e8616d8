//! Reminders: one loop per bot asks the store which games are due and pings the people whose move it is. Times live
//! in the database, so a restart neither loses a reminder nor repeats a missed one.

use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::component::Component;
use super::data::Data;
use super::post::{Priority, nonce, post};
use super::refusal::Error;
use super::reply::escape_markdown;
use crate::lang::Lang;
use crate::store::{Due, Preference, Store, StoredSeat};
use crate::text::catalog::tr;

/// Most reminders sent per scan; the rest wait for the next scan (it comes at once when this many were due).
const PER_SCAN: u32 = 50;

/// Scans for due reminders every `every`, forever.
pub async fn run(ctx: serenity::Context, data: Data, every: Duration) {
    loop {
        match remind_due(&ctx, &data).await {
            // A full scan that this process could act on: more may be due at once.
            Ok((due, handled)) if due == PER_SCAN as usize && handled > 0 => continue,
            Ok(_) => {}
            Err(e) => tracing::error!("reminders: {e}"),
        }
        tokio::time::sleep(every).await;
    }
}

/// Sends every reminder due now (at most [`PER_SCAN`]); returns how many were due and how many this process
/// handled (the others' leases were held by other processes).
async fn remind_due(ctx: &serenity::Context, data: &Data) -> Result<(usize, usize), Error> {
    let store = &data.store;
    let due = store.due_reminders(PER_SCAN, &data.worker).await?;
    let mut handled = 0;
    for game in &due {
        // One process at a time: a reminder another process is sending is its own, and one it has sent since this
        // list was read is no longer due once the lease is ours. The post carries a nonce of the reminder's due
        // time, so if the process sending it dies after posting and before noting it, the one that takes the game
        // over posts under the same nonce: Discord keeps one if that comes within its few minutes.
        let sent = data
            .leased(game.game, async {
                if !store.reminder_still_due(game).await? {
                    return Ok(false);
                }
                if let Err(e) = remind(ctx, store, game).await {
                    // A channel that is gone ends its game (no reminder goes there again); another channel's
                    // trouble (no permission) must not stop the others' reminders.
                    if e.discord_code() == Some(10003) {
                        super::supervisor::forget_channel(data, game.channel_id, &"Unknown Channel").await;
                        return Ok(false);
                    }
                    tracing::warn!(game = game.game.0, "reminder not sent: {e}");
                }
                // Counted as reminded either way, so a broken channel is not retried in a tight loop.
                store.reminded(game).await
            })
            .await?;
        if let Some(noted) = sent {
            noted?;
            handled += 1;
        }
    }
    Ok((due.len(), handled))
}

/// Pings the people to act in `due`'s game who want pings. Once the turn's deadline has passed, the message also
/// tells the table, with `Skip turn` and `Hand to computer` buttons for anyone else seated; the first such message
/// is sent even when the people to act have pings off (the others are the ones who may act on it), later ones only
/// as pings. Says nothing when nobody would read it.
async fn remind(ctx: &serenity::Context, store: &Store, due: &Due) -> Result<(), Error> {
    let loaded = store.load(due.game).await?;
    let to_act = loaded.game.to_act();
    let seats = store.seats(due.game).await?;
    let stalled: Vec<&StoredSeat> = seats
        .iter()
        .filter(|s| s.user_id.is_some() && to_act.contains(&s.seat))
        .collect();
    let pinged: Vec<u64> = store
        .seats_wanting(due.game, Preference::Pings)
        .await?
        .into_iter()
        .filter(|(seat, _)| to_act.contains(seat))
        .map(|(_, user)| user)
        .collect();
    let now = store.now_ms();
    let deadline = store.deadline_at(due.game).await?;
    let overdue = deadline.is_some_and(|at| now >= at);
    // The first reminder at or after the deadline was due no later than the deadline itself.
    let first_overdue = overdue && deadline.is_some_and(|at| due.due_at <= at);
    let others_seated = seats.iter().any(|s| s.user_id.is_some() && !to_act.contains(&s.seat));
    let offer = overdue && !stalled.is_empty() && others_seated;
    if pinged.is_empty() && !(offer && first_overdue) {
        return Ok(());
    }
    // Those who want pings are mentioned; the others are named.
    let who: Vec<String> = stalled
        .iter()
        .map(|s| match s.user_id {
            Some(user) if pinged.contains(&user) => format!("<@{user}>"),
            _ => escape_markdown(&s.player.name),
        })
        .collect();
    let lang = store.settings(due.game).await?.language;
    let who = crate::text::and_list(lang, &who);
    let waited = waited(lang, now - due.turn_started_at);
    let mut message = serenity::CreateMessage::new().allowed_mentions(
        // Only the players reminded.
        serenity::CreateAllowedMentions::new().users(pinged.iter().map(|&u| serenity::UserId::new(u))),
    );
    if offer {
        let id = |component: Component| component.id(due.game, loaded.version);
        message = message
            .content(tr!(lang, "reminder-deadline", who = who, waited = waited))
            .components(vec![serenity::CreateActionRow::Buttons(vec![
                serenity::CreateButton::new(id(Component::Skip))
                    .label(tr!(lang, "button-skip-turn"))
                    .style(serenity::ButtonStyle::Secondary),
                serenity::CreateButton::new(id(Component::Replace))
                    .label(tr!(lang, "button-hand-to-computer"))
                    .style(serenity::ButtonStyle::Secondary),
            ])]);
    } else {
        message = message.content(tr!(lang, "reminder", who = who, waited = waited));
    }
    post(
        ctx,
        due.channel_id,
        message,
        Some(nonce(due.game, due.due_at, 'm')),
        Priority::Optional,
    )
    .await?;
    Ok(())
}

/// How long a turn has waited, as a reminder says it: "13 hours", "3 days".
fn waited(lang: Lang, ms: i64) -> String {
    let hours = (ms.max(0) / 3_600_000) as u64;
    match hours {
        0 => tr!(lang, "waited-under-an-hour"),
        1..48 => tr!(lang, "waited-hours", count = hours),
        _ => tr!(lang, "waited-days", count = hours / 24),
    }
}

#[cfg(test)]
mod tests {
    use super::waited;
    use crate::text::Lang;

    #[test]
    fn a_wait_reads_in_hours_then_days() {
        let hour = 3_600_000;
        let en = |ms| waited(Lang::En, ms);
        assert_eq!(en(20 * 60_000), "less than an hour");
        assert_eq!(en(hour + 5), "an hour");
        assert_eq!(en(12 * hour), "12 hours");
        assert_eq!(en(47 * hour), "47 hours");
        assert_eq!(en(75 * hour), "3 days");
    }

    #[test]
    fn a_wait_reads_in_spanish_too() {
        let hour = 3_600_000;
        let es = |ms| waited(Lang::Es, ms);
        assert_eq!(es(20 * 60_000), "menos de una hora");
        assert_eq!(es(hour + 5), "una hora");
        assert_eq!(es(12 * hour), "12 horas");
        assert_eq!(es(75 * hour), "3 días");
    }
}
