-- The language each person uses with the bot, for the DMs only they read (their tickets): learnt from their own
-- interactions (opening or joining the game). Never edit this file once it has landed: add a new numbered migration
-- instead.

-- A language code (`en`, `es`); NULL until the person is heard from: their DMs are then in the game's language.
ALTER TABLE seats ADD COLUMN language TEXT;
