-- The host of a game: the Discord user who opened its lobby (may start or cancel it). NULL for games created
-- without a lobby (tests and tools).
-- Never edit this file once it has landed: add a new numbered migration instead.

ALTER TABLE games ADD COLUMN host_id INTEGER;
