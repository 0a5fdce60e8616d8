-- Hints each person asked for in a game (`/ttr hint`, when the host allows them), said on the final scoreboard.
-- Never edit this file once it has landed: add a new numbered migration instead.

ALTER TABLE seats ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
