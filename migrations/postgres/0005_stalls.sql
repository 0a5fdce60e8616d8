-- Stalled players (see ../sqlite/0005_stalls.sql).
-- Never edit this file once it has landed: add a new numbered migration instead.

ALTER TABLE seats ADD COLUMN owner_id BIGINT;
ALTER TABLE seats ADD COLUMN heads_up BIGINT NOT NULL DEFAULT 0;
