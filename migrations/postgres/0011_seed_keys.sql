-- The key of a game dealt by ChaCha20 (see ../sqlite/0011_seed_keys.sql).
-- Never edit this file once it has landed: add a new numbered migration instead.

ALTER TABLE games ADD COLUMN seed_key TEXT;
