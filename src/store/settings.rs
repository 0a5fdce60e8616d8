//! A game's settings: read with the game, changed by its host (or a channel manager) in one transaction.

use sqlx::Row;

use super::lobby::Actor;
use super::reminders::reschedule;
use super::{GameId, Refusal, Store, StoreError, to_db};
use crate::settings::Settings;

impl Store {
    /// The host (or someone who manages the channel) sets the hours between reminders of game `id` (0: none);
    /// the next reminder is counted from now.
    ///
    /// # Errors
    /// Refused: no such game, or not the host. Internal: the database.
    pub async fn set_reminder_hours(&self, id: GameId, actor: Actor, hours: u32) -> Result<(), StoreError> {
        self.change_settings(id, actor, |settings| settings.reminder_hours = hours)
            .await
            .map(|_| ())
    }

    /// The host (or someone who manages the channel) changes the settings of game `id` with `change`; reminders
    /// are counted again from now, since the interval or the deadline may have changed, and a changed deadline
    /// counts the current turn from now (a new 1-hour deadline must not let anyone skip a turn begun a day ago).
    /// Returns the settings as they now stand.
    ///
    /// # Errors
    /// Refused: no such game, or not the host. Internal: the database.
    pub async fn change_settings(
        &self,
        id: GameId,
        actor: Actor,
        change: impl FnOnce(&mut Settings),
    ) -> Result<Settings, StoreError> {
        let _writing = self.writing().await;
        let mut tx = self.begin_write().await?;
        let row = sqlx::query(&format!(
            "SELECT host_id, settings FROM games WHERE id = $1{}",
            self.backend.for_update()
        ))
        .bind(id.0)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(Refusal::UnknownGame(id))?;
        let host: Option<i64> = row.get("host_id");
        if host != Some(to_db(actor.user_id)) && !actor.manages_channel {
            return Err(Refusal::NotHost.into());
        }
        let mut settings = Settings::from_json(row.get("settings"));
        let deadline_before = settings.deadline_hours;
        change(&mut settings);
        let now = self.now_ms();
        sqlx::query("UPDATE games SET settings = $1 WHERE id = $2")
            .bind(settings.to_json())
            .bind(id.0)
            .execute(&mut *tx)
            .await?;
        if settings.deadline_hours != deadline_before {
            sqlx::query("UPDATE games SET turn_started_at = CASE WHEN COALESCE(turn_started_at, 0) > $1 THEN turn_started_at ELSE $1 END WHERE id = $2")
                .bind(now)
                .bind(id.0)
                .execute(&mut *tx)
                .await?;
        }
        reschedule(&mut tx, id, now).await?;
        tx.commit().await?;
        Ok(settings)
    }
}
