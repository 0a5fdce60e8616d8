# English: `ttrbot play`, one person against computer players in the terminal. The typed verbs (draw, claim, keep…)
# are the Discord bot's and stay English in every language.

play-help = Commands (the same verbs as the Discord bot's /ttr commands):
    { "  " }draw deck | draw 1..5            take a card from the deck or a face-up slot
    { "  " }claim CITY - CITY [cards]        claim a route, e.g. claim Denver - Omaha 3 pink + 1 locomotive
    { "  " }tickets                          draw destination tickets (or see the ones offered to you)
    { "  " }keep 1 3 | keep all              keep offered tickets by their numbers
    { "  " }station CITY [cards]             build a station (maps with stations)
    { "  " }pay N | pay CARDS                choose one of the payments listed, or pay a tunnel's extra cards
    { "  " }give up                          give up the tunnel being claimed
    { "  " }pass                             only when nothing else is possible
    { "  " }hint                             the move a strong player would make, and why
    { "  " }hand   board   status   history [page]   rules   save [file]   help   quit
    Tab completes commands, route and city names; the arrow keys recall earlier lines.
play-opening = { $map } — { $name } against { $others }. Type `help` for the commands.
play-opponent = { $name } ({ $level })
play-lately = Lately:
play-unknown-command = There is no command `{ $verb }`. Type `help` for the commands.
play-face-up = Face up: { $cards }
play-choose-tickets = Choose your tickets (keep at least { $count }): `keep 1 2`, or `keep all`.
play-no-offer = You have no tickets to choose from: `tickets` draws some on your turn.
play-keep-numbers = Keep tickets by their numbers, 1 to { $count }: e.g. `keep 1 3`, or `keep all`.
play-keep-which = Say which tickets to keep by their numbers, 1 to { $count }: e.g. `keep 1 3`, or `keep all`.
play-nothing-to-pay = There is nothing to pay for right now.
play-payment-range = Choose a payment from 1 to { $count }.
play-give-up-tunnel = Type `give up` to leave the tunnel.
play-pay-for = Pay for { $what } with `pay N`:
play-or-give-up = { "  " }or `give up`.
play-give-up = Type `give up`.
play-no-tickets = none
play-second-card = Take your second card: `draw deck` or `draw 1`–`5`. Face up: { $cards }.
play-your-turn = Your turn. Face up: { $cards }.
play-your-last-turn = Your turn. This is your last turn. Face up: { $cards }.
play-your-cards = Your cards: { $cards }.
play-which-page = Say which page: `history 2`.
play-input-ended = The input ended before the game did.
play-save-before-quit = Save the game before quitting? `yes` saves to { $file }, a file name saves there, `no` does not save.
play-not-saved = Not saved. Goodbye.
play-saved = Saved to { $file }. Continue with: ttrbot play --resume { $file }
play-save-failed = Could not save to { $file }: { $error }
play-board = Board: { $file }
play-not-a-save = not a saved ttrbot game: { $error }
play-save-format = saved game format { $format } is not one this version reads
play-save-position = the saved position does not hold: { $error }
play-save-level = the saved game names an unknown computer level
play-save-seats = the saved game's seats do not match its position
play-bad-level = --level { $level }: choose one of { $levels }
play-bad-lang = --lang { $lang }: choose en or es
play-default-name = Player
play-hints-used = { $count ->
    [one] You asked for 1 hint.
   *[other] You asked for { $count } hints.
}
