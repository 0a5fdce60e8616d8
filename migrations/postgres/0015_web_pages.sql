-- Every game's web page (`/g/{token}`) and every server's (`/s/{token}`) are found by an unguessable token, never
-- by an id anyone can count through. A token is made the first time a page's link is shown.
-- Never edit this file once it has landed: add a new numbered migration instead.

-- 32 hex digits (128 random bits from the operating system); '' once the game's channel is gone (its page is not
-- served any more, and no new token is made for it).
ALTER TABLE games ADD COLUMN web_token TEXT;
CREATE UNIQUE INDEX games_by_web_token ON games (web_token) WHERE web_token IS NOT NULL AND web_token <> '';

-- A server's page, and whether its games' messages carry links to their pages (1) or not (0).
ALTER TABLE server_settings ADD COLUMN web_token TEXT;
ALTER TABLE server_settings ADD COLUMN web_links BIGINT NOT NULL DEFAULT 1;
CREATE UNIQUE INDEX server_settings_by_web_token ON server_settings (web_token) WHERE web_token IS NOT NULL;
