-- The version of each game the channel was last shown: if the bot stops between storing an action and posting it,
-- it posts the game as it stands when it starts again. Games stored before this migration count as shown.
-- Never edit this file once it has landed: add a new numbered migration instead.

ALTER TABLE games ADD COLUMN announced_version INTEGER NOT NULL DEFAULT 0;
UPDATE games SET announced_version = COALESCE((SELECT version FROM snapshots WHERE snapshots.game_id = games.id), 0);
