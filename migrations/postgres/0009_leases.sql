-- The PostgreSQL twin of ../sqlite/0009_leases.sql. Several bot processes on one database: which processes are
-- alive and which gateway shards each runs, and which process is doing a game's background work (a computer's move, a late announcement, a reminder) until when. A
-- process that dies stops renewing both, and the others take its work over once they run out.
-- Never edit this file once it has landed: add a new numbered migration instead.

CREATE TABLE workers (
    name        TEXT    PRIMARY KEY,            -- unique to one run of one process
    shard_first BIGINT  NOT NULL,
    shard_last  BIGINT  NOT NULL,
    shard_total BIGINT  NOT NULL,
    alive_until BIGINT  NOT NULL                -- Unix milliseconds; renewed by the process while it runs
);

-- The process holding a game's background work, and until when (NULL: nobody).
ALTER TABLE games ADD COLUMN lease_owner TEXT;
ALTER TABLE games ADD COLUMN lease_until BIGINT;
