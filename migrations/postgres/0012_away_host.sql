-- Host powers and lookups by place.
--
-- The host who handed their seat to a computer (their powers passed to the next person seated), so that they get
-- them back when they return with `/ttr rejoin`; NULL when the host is at the table.
-- Never edit this file once it has landed: add a new numbered migration instead.

ALTER TABLE games ADD COLUMN away_host_id BIGINT;

-- A channel or thread that is gone is looked up by this (every deletion in every server the bot is in; a server
-- by games_by_guild).
CREATE INDEX games_by_channel ON games (channel_id);
