-- The host of a game (see ../sqlite/0002_lobby_host.sql).
-- Never edit this file once it has landed: add a new numbered migration instead.

ALTER TABLE games ADD COLUMN host_id BIGINT;
