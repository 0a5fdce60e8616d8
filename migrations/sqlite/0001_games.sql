-- Games, their seats, the append-only action log, and the current state snapshot.
-- Never edit this file once it has landed: add a new numbered migration instead.

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    channel_id  INTEGER NOT NULL,
    guild_id    INTEGER,
    map         TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'cancelled')),
    seed        INTEGER NOT NULL,
    settings    TEXT    NOT NULL DEFAULT '{}',   -- lobby settings, JSON
    created_at  INTEGER NOT NULL,                -- Unix milliseconds
    updated_at  INTEGER NOT NULL
);

-- One open game per channel.
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN ('lobby', 'running');
CREATE INDEX games_by_status ON games (status);

CREATE TABLE seats (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seat        INTEGER NOT NULL,               -- 0-based turn order
    user_id     INTEGER,                        -- Discord user id; NULL for a computer player
    name        TEXT    NOT NULL,
    colour      TEXT    NOT NULL,
    final_score INTEGER,                        -- set when the game finishes
    final_rank  INTEGER,                        -- 1 = winner (ties share a rank)
    PRIMARY KEY (game_id, seat)
);

-- Append-only: one row per accepted action, numbered from 1 without gaps.
CREATE TABLE actions (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    seq      INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    action   TEXT    NOT NULL,                  -- the rules' Action, JSON
    at       INTEGER NOT NULL,                  -- Unix milliseconds
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- The state after the last action: replaying the log from the game's seed gives exactly this.
CREATE TABLE snapshots (
    game_id  INTEGER PRIMARY KEY REFERENCES games (id),
    version  INTEGER NOT NULL,                  -- actions applied so far (= the last seq)
    format   INTEGER NOT NULL,                  -- encoding of `state`; see store::SNAPSHOT_FORMAT
    state    TEXT    NOT NULL                   -- the rules' State, JSON
);
