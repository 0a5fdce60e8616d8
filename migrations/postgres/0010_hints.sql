-- Hints each person asked for in a game (see ../sqlite/0010_hints.sql).
-- Never edit this file once it has landed: add a new numbered migration instead.

ALTER TABLE seats ADD COLUMN hints BIGINT NOT NULL DEFAULT 0;
