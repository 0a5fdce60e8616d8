-- The version of each game the channel was last shown (see ../sqlite/0003_announced.sql).
-- Never edit this file once it has landed: add a new numbered migration instead.

ALTER TABLE games ADD COLUMN announced_version BIGINT NOT NULL DEFAULT 0;
