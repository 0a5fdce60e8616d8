-- Reminders kept as stored times (see ../sqlite/0004_reminders.sql).
-- Never edit this file once it has landed: add a new numbered migration instead.

ALTER TABLE games ADD COLUMN turn_started_at BIGINT;
ALTER TABLE games ADD COLUMN next_reminder_at BIGINT;
CREATE INDEX games_by_next_reminder ON games (next_reminder_at) WHERE next_reminder_at IS NOT NULL;
ALTER TABLE seats ADD COLUMN pings BIGINT NOT NULL DEFAULT 1;
