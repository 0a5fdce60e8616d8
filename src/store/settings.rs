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
    /// are counted again from now, since the interval or the deadline may have changed. Returns the settings as
    /// they now stand.
    ///
    /// # Errors
    /// Refused: no such game, or not the host. Internal: the database.
    pub async fn change_settings(
        &self,
        id: GameId,
        actor: Actor,
        change: impl FnOnce(&mut Settings),
    ) -> Result<Settings, StoreError> {
        let _writing = self.writer.lock().await;
        let mut tx = self.pool.begin().await?;
        let row = sqlx::query("SELECT host_id, settings FROM games WHERE id = ?")
            .bind(id.0)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or(Refusal::UnknownGame(id))?;
        let host: Option<i64> = row.get("host_id");
        if host != Some(to_db(actor.user_id)) && !actor.manages_channel {
            return Err(Refusal::NotHost.into());
        }
        let mut settings = Settings::from_json(row.get("settings"));
        change(&mut settings);
        sqlx::query("UPDATE games SET settings = ? WHERE id = ?")
            .bind(settings.to_json())
            .bind(id.0)
            .execute(&mut *tx)
            .await?;
        reschedule(&mut tx, id, self.now_ms()).await?;
        tx.commit().await?;
        Ok(settings)
    }
}
