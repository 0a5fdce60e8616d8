-- Reminders kept as stored times, not in-memory timers: a restart neither loses one nor sends a missed one twice.
-- Never edit this file once it has landed: add a new numbered migration instead.

-- When the seats now to act began their turn (Unix milliseconds), and when to remind them next (NULL: never).
ALTER TABLE games ADD COLUMN turn_started_at INTEGER;
ALTER TABLE games ADD COLUMN next_reminder_at INTEGER;
-- The reminder scan reads only games that are due, through this index, never every game.
CREATE INDEX games_by_next_reminder ON games (next_reminder_at) WHERE next_reminder_at IS NOT NULL;
-- Whether the player in this seat wants to be pinged by reminders.
ALTER TABLE seats ADD COLUMN pings INTEGER NOT NULL DEFAULT 1;

-- Games already running count their current turn from their last change.
UPDATE games SET turn_started_at = updated_at WHERE status = 'running';
UPDATE games SET next_reminder_at = updated_at + 12 * 3600000 WHERE status = 'running';
