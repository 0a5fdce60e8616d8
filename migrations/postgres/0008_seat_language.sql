-- The language each person uses with the bot (see ../sqlite/0008_seat_language.sql).
-- Never edit this file once it has landed: add a new numbered migration instead.

ALTER TABLE seats ADD COLUMN language TEXT;
