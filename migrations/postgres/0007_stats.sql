-- Indexes for statistics and the leaderboard (see ../sqlite/0007_stats.sql).
-- Never edit this file once it has landed: add a new numbered migration instead.

CREATE INDEX games_by_guild ON games (guild_id, status);
CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;
