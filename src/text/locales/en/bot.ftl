# English: what the Discord bot writes around the game's sentences (text.ftl): buttons, prompts, lobby, settings,
# reminders, stats. Mentions (<@id>) and channel links (<#id>) come in as placeholders.

## Buttons

button-join = Join
button-leave = Leave
button-watch = Watch
button-add-computer = Add computer
button-start = Start
button-cancel = Cancel
button-choose-tickets = Choose tickets
button-deck = Deck
button-claim = Claim
button-tickets = Tickets
button-station = Station
button-hand = Hand
button-pass = Pass
button-earlier = ◀ Earlier
button-more = More ▶
button-pay = Pay { $cards }
button-give-up = Give up
button-confirm = Confirm
button-end-game = End the game
button-leave-game = Leave the game
button-skip-turn = Skip turn
button-hand-to-computer = Hand to computer

## Answers to stale or unknown buttons, and failures

button-unknown = That button belongs to nothing I know.
button-unknown-old = That button belongs to nothing I know; it may be from an older version.
button-other-channel = That button belongs to no game in this channel.
already-played = That was already played.
already-played-over = That was already played: this game is over.
sorry = Sorry, something went wrong on my side; nothing was changed.
sorry-maybe-done = Sorry, the database stopped answering just as your move was being saved: it may have been played. `/ttr status` shows the game as it is.
option-unreadable = One of the options could not be read; nothing was changed. Choose its value from the list Discord offers, or type it again.
no-game-start = There is no game in play in this channel: open one with `/ttr start`.
permission-missing = Your move is saved, but I could not post it in this channel: I am missing a permission here. I need View Channel, Send Messages, Embed Links and Attach Files; ask someone who manages the server.
permission-no-view = Your move is saved, but I cannot see this channel to post it. Ask someone who manages the server to let me in (View Channel, Send Messages, Embed Links, Attach Files).
permission-missing-notice = It is done, but I could not say so in this channel: I am missing a permission here. I need View Channel, Send Messages, Embed Links and Attach Files; ask someone who manages the server.
permission-no-view-notice = It is done, but I cannot see this channel to say so. Ask someone who manages the server to let me in (View Channel, Send Messages, Embed Links, Attach Files).

## The lobby

lobby-open = A game of **{ $map }** is open: press **Join** (or type `/ttr join`). The host presses **Start** once { $min } to { $max } players are seated.
lobby-title = Lobby: { $map } · { $min }–{ $max } players
lobby-seat = { $number }. { $name } ({ $color })
lobby-seat-host = { $number }. { $name } ({ $color }) — host
lobby-seat-computer = { $number }. { $name } ({ $color }) — { $level } computer
lobby-closed = This lobby is closed.
lobby-closed-button = That lobby is closed.
lobby-closed-empty = The lobby is closed: no player is left.
lobby-in-thread = A game of { $map } is open in { $channel }: join it there.
game-started = The game of **{ $map }** has started: { $players }. Everyone chooses starting tickets now, all at once: press **Choose tickets** (or type `/ttr tickets`). Your tickets are in your DMs too.
computer-name = Computer { $number }
level-easy = easy
level-normal = normal
level-hard = hard
level-random = random
level-unknown = There is no computer level “{ $name }”: choose easy, normal or hard.
layout-unknown = There is no layout “{ $name }”: choose feed or dashboard.
thread-name = Ticket to Ride · { $map }
thread-no-server = Threads exist only in a server's channels.
thread-failed = I could not open a thread here (inside a thread, or without the Create Public Threads permission). Start the game without `thread`, or ask someone who manages the server.
thread-not-allowed = You may not create threads in this channel, so I will not open one for you. Start the game without `thread`.
player-color-orange = orange
player-color-navy = navy
player-color-green = green
player-color-sky = sky
player-color-black = black

## Tickets

dm-starting-tickets = Your starting tickets for the game of **{ $map }** in { $channel }:
    { $tickets }
    Keep at least { $keep }: press **Choose tickets** in the channel, or type `/ttr tickets` there.
dm-tickets = Your tickets in the game of **{ $map }** in { $channel }:
    { $tickets }
dms-closed = I could not send a DM to { $names } (DMs closed): use `/ttr hand` here to see your tickets.
starting-tickets-chosen = The starting tickets are chosen. To draw more on your turn, type `/ttr tickets`.
keep-placeholder = Keep at least { $count }
keep-prompt = Choose the tickets to keep (at least { $count }).
keep-from-list = Choose tickets from the list.
keep-not-tickets = Those are not tickets of this game.

## The turn

turn-yours = { $name }, it is your turn.
turn-next = { $name }, you are next.
restarted = I was restarted; here is the game as it stands.
draw-how = Draw from `deck` or a face-up slot `1` to `5`.
draw-deck = deck
embed-face-up = Face up
embed-piles = Piles
final-no-tickets = no tickets
field-more = … and { $count } more
chart-title = { $map }: scores by round
dashboard-over = This game is over: the final scoreboard is below.
dashboard-ping = { $name }, it is your turn: the game is in its status message above.

## Claiming and stations

picker-routes = Choose a route to claim{ $page }: { $count } you can pay for now.
picker-cities = Choose a city for your station{ $page }: { $count } you can pay for now.
picker-page = { " " }(page { $page } of { $pages })
picker-no-route = Your cards cannot pay for any free route now: draw cards first.
picker-no-city = You cannot build a station now (no station left, or your cards cannot pay for one).
pay-how = How do you pay for { $what }?
tunnel-pay = Pay { $what }, or give the tunnel up (your laid cards come back).
tunnel-cannot-pay = Your cards cannot pay { $what }: give the tunnel up (your laid cards come back).
confirm-take = Take { $what }, paying { $cards }?
claim-cancelled = Nothing was taken; it is still your move.
not-payable-now = { $route } · not payable now

## Ending and leaving

end-confirm = End this game for everyone, without a winner? This cannot be undone.
ended-public = { $who } ended the game of { $map }: no winner. Start a new one with `/ttr start`.
ended-private = The game is ended.
leave-confirm = Leave this game? A computer player takes your seat with your cards and tickets and plays on until you come back with `/ttr rejoin`.
left-public = { $name } left the game: a computer player takes their seat and plays on until they come back with `/ttr rejoin`.
left-ended-public = { $name } left the game. No one is left playing, so the game ends here, without a winner.
left-private = You left the game; a computer player plays your seat. Type `/ttr rejoin` here to take it back.
left-ended-private = You left the game; no one else was playing, so it has ended.

## Stalled turns

skipped-private = You skipped { $names }'s turn.
replaced-public = { $who } handed { $names }'s seat to a computer after the turn's deadline passed. It plays at normal level until its player comes back with `/ttr rejoin`.
replaced-private = A computer now plays { $names }'s seat.
rejoined-private = Your seat is yours again: the computer has stopped playing it.
rejoined-public = { $name } is back and plays their own seat again.
reminder = Reminder: { $who }, the game has been waiting for your move for { $waited }.
reminder-deadline = Reminder: { $who }, the game has been waiting for your move for { $waited }, past its deadline. Anyone else at the table may now skip the turn, or hand the seat to a computer that plays it until its player comes back with `/ttr rejoin`.
waited-under-an-hour = less than an hour
waited-hours = { $count ->
    [one] an hour
   *[other] { $count } hours
}
waited-days = { $count ->
    [one] a day
   *[other] { $count } days
}

## Settings

settings-reminders = { $hours ->
    [0] There are no reminders in this game.
    [one] The player whose move it is is reminded every hour.
   *[other] The player whose move it is is reminded every { $hours } hours.
}
settings-deadline = { $hours ->
    [0] Turns have no deadline.
    [one] After an hour without a move, anyone else at the table may skip the turn or hand the seat to a computer.
   *[other] After { $hours } hours without a move, anyone else at the table may skip the turn or hand the seat to a computer.
}
settings-confirm-on = Claims and stations ask to confirm before they are made.
settings-confirm-off = Claims and stations are made without asking to confirm.
settings-dashboard = The game is shown in one status message, kept up to date, with a short ping for each turn.
settings-feed = Each turn is posted as a new message with the board.
settings-pings-on = Reminders ping you.
settings-pings-off = Reminders do not ping you.
settings-heads-up-on = You are pinged when the player before you starts their turn.
settings-heads-up-off = You are not pinged when the player before you starts their turn.
settings-hints-on = Players may ask for a hint with `/ttr hint`.
settings-hints-off = Hints are off.
hints-off = Hints are off in this game. The host can turn them on with the `hints` option of `/ttr settings`.
hint-busy = The bot is still thinking (about your last hint, or a computer player's move): ask again in a moment.
too-many-pictures = You asked for { $most } pictures in the last minute, as many as one person may: the next one in { $seconds } s.
too-many-uploads = This server uploaded { $most } maps in the last minute, the most it may: upload again in { $seconds } s.
too-many-boards = The board was shown { $most } times in this channel in the last minute, so this one is for you only; the next for everyone in { $seconds } s.
drawing-busy = The bot is busy drawing the boards of many games: ask again in a moment.
maps-need-server = A server's maps belong to the server: use `/ttr map` in one of its channels.
not-map-maker = Only people who manage the server (or have the role they chose with `/ttr settings map_makers:`) may upload or remove its maps.
not-links-manager = Only people who manage a server may turn its links to game pages on or off, in one of its channels.
server-web-links-on = The games of this server link to their web pages (a live board and a replay).
server-web-links-no-pages = Noted for this server; but this bot serves no web pages (its operator has not set them up), so no message links to one.
server-web-links-off = The games of this server no longer link to web pages (the pages stay, for whoever has their address).
not-server-manager = Only people who manage the server may choose who uploads its maps.
map-file-too-big = That file is larger than { $kilobytes } KB, the most a map file may be.
map-file-not-discords = That file is not on Discord's attachment servers, so it was not read.
map-file-failed = The file could not be read from Discord in time; try uploading it again.
map-not-text = That file is not text: a map file is TOML (or the map editor's JSON) saved as UTF-8.
server-map-refused = { $count ->
    [one] The map was not stored; one thing to fix:
   *[other] The map was not stored; { $count } things to fix:
}
server-map-report-more = …and { $count } more: every line is in the attached file.
server-map-added = **{ $name }** is now one of this server's maps: `/ttr start map:{ $id }` plays it.
server-map-replaced = **{ $name }** replaces this server's map `{ $id }`; games already started keep the old one.
server-map-unchanged = This server already has exactly this map: **{ $name }** (`{ $id }`).
server-map-list-empty = This server has no maps of its own yet: `/ttr map upload` adds one (the map-makers' guide says how to write one).
server-map-list-heading = { $count ->
    [one] This server's map:
   *[other] This server's { $count } maps:
}
server-map-list-line = **{ $name }** (`{ $id }`), uploaded by { $user } on { $when }
server-map-shown = **{ $name }** (`{ $id }`), one of this server's maps:
server-map-removed = **{ $name }** (`{ $id }`) is no longer one of this server's maps; games started on it go on with it.
server-map-makers-set = Besides the server's managers, people with { $role } may now upload and remove this server's maps.
server-map-makers-cleared = Only the server's managers may now upload and remove this server's maps.
final-hints = Hints asked for: { $counts }.
final-hints-of = { $name } { $count }

## Stats and leaderboard

stats-none = { $name } has not finished a game here yet.
stats-record = { $games } · { $wins } · win rate { $rate }%
stats-scores = Mean score { $mean } · best { $best }
stats-favourite = Favourite map: { $map }
stats-move-time = Average time to move: { $time }
count-games = { $count ->
    [one] 1 game
   *[other] { $count } games
}
count-wins = { $count ->
    [one] 1 win
   *[other] { $count } wins
}
duration-seconds = { $amount } seconds
duration-minutes = { $amount } minutes
duration-hours = { $amount } hours
duration-days = { $amount } days
leaderboard-empty = No game has been finished here yet: the leaderboard starts with the first one.
leaderboard-heading = **Leaderboard** · { $games } finished · rating starts at 1500
leaderboard-page = Ratings over time and every game: <{ $url }>
shown-late = The last move was not shown here in time; here is the game as it stands.
lobby-expired = The game of **{ $map }** waiting here closed after a week without a start. Open another with `/ttr start`.
