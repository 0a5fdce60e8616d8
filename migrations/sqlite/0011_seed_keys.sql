-- The key of a game dealt by ChaCha20 (`chacha20:` and 64 hexadecimal digits); NULL for a game dealt by SplitMix64
-- from its `seed`, as every game stored before this migration was.
-- Never edit this file once it has landed: add a new numbered migration instead.

ALTER TABLE games ADD COLUMN seed_key TEXT;
