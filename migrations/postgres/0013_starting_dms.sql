-- Starting tickets owed by DM: when a game starts, each player is DMed the tickets they choose from. The time the
-- game started stays here until those DMs were tried, so a process that stops before (a crash, a restart) sends
-- them when it comes back; NULL when nothing is owed (every game stored before this migration).
-- Never edit this file once it has landed: add a new numbered migration instead.

ALTER TABLE games ADD COLUMN starting_dms_owed_since BIGINT;

-- The supervisor looks for them every minute: only the few games that owe some are indexed.
CREATE INDEX games_owing_starting_dms ON games (starting_dms_owed_since) WHERE starting_dms_owed_since IS NOT NULL;
