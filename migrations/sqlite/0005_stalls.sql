-- Stalled players: a computer stands in for a person until they come back, and a player may ask to be told when
-- the player before them starts their turn.
-- Never edit this file once it has landed: add a new numbered migration instead.

-- The person whose seat this is while a computer plays it for them (NULL when its player plays it, or for a seat a
-- computer had from the start). `/ttr rejoin` gives the seat back.
ALTER TABLE seats ADD COLUMN owner_id INTEGER;
-- Whether the player wants a ping when the player before them starts a turn ("you are next").
ALTER TABLE seats ADD COLUMN heads_up INTEGER NOT NULL DEFAULT 0;
-- Seats left before this migration were handed to computers for good: they stay so (owner_id NULL).
