-- The dashboard layout: one status message per game, edited in place, and one short ping per turn, deleted when the
-- turn is played. Never edit this file once it has landed: add a new numbered migration instead.

-- The game's status message (NULL: none yet, or the game is laid out as a feed of turn messages).
ALTER TABLE games ADD COLUMN dashboard_message_id INTEGER;
-- The ping of the turn now being played, to delete when it is over (NULL: none).
ALTER TABLE games ADD COLUMN ping_message_id INTEGER;
