-- Maps a server uploaded (`/ttr map upload`), and the exact text of every map a game was opened on: a game keeps
-- its map by hash, so removing or replacing a server's map never changes a running or finished game, its history
-- or its replay. A map text is stored once however many servers and games use it.
-- Never edit this file once it has landed: add a new numbered migration instead.

CREATE TABLE map_texts (
    hash        TEXT    PRIMARY KEY,            -- SHA-256 of `text`, lowercase hex
    text        TEXT    NOT NULL,               -- the TOML map file as accepted
    drawing     TEXT,                           -- the board's name places and palette, JSON: a first board's time saved
    created_at  BIGINT NOT NULL                -- Unix milliseconds
);

CREATE TABLE server_maps (
    guild_id    BIGINT NOT NULL,
    map_key     TEXT    NOT NULL,               -- the map's id, case-folded: one map of an id per server
    map_id      TEXT    NOT NULL,               -- the id as written in the file
    name        TEXT    NOT NULL,               -- the map's name as written in the file
    hash        TEXT    NOT NULL REFERENCES map_texts (hash),
    uploaded_by BIGINT NOT NULL,               -- Discord user id
    uploaded_at BIGINT NOT NULL,               -- Unix milliseconds
    PRIMARY KEY (guild_id, map_key)
);

-- A game on a server's map: its text's hash (NULL: `map` is a built-in map's id).
ALTER TABLE games ADD COLUMN map_hash TEXT REFERENCES map_texts (hash);
-- Removing a server's map asks whether a game still needs its text.
CREATE INDEX games_by_map_hash ON games (map_hash) WHERE map_hash IS NOT NULL;

-- Which servers allow which role to upload and remove maps (besides Manage Server).
CREATE TABLE server_settings (
    guild_id      BIGINT PRIMARY KEY,
    map_role_id   BIGINT                       -- Discord role id; NULL: Manage Server only
);
