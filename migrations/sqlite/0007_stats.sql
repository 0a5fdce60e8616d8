-- Statistics and the leaderboard are computed from finished games: these indexes let them read one server's
-- finished games and one person's seats without scanning every game.
-- Never edit this file once it has landed: add a new numbered migration instead.

CREATE INDEX games_by_guild ON games (guild_id, status);
CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;
