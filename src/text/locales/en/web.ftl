## A game's web page and a server's (what a reader of the page sees; the panel's words are the picture's)

web-game-title = { $map } · Ticket to Ride
web-live = live
web-reconnecting = reconnecting…
web-board = The board
web-zoom-in = Zoom in
web-zoom-out = Zoom out
web-zoom-fit = Whole board
web-replay = Replay
web-first = First move
web-previous = Previous move
web-next = Next move
web-latest = Latest move
web-move-of = Move { $move } of { $moves }
web-chart = Scores
web-history = History
web-turn-since = Turn started { $when }
web-claimed = Claimed by { $name }
web-claimed-at = Claimed by { $name } at move { $move }
web-unclaimed = Not claimed yet
web-route-tunnel = tunnel
web-route-ferry = { $count ->
    [one] ferry (1 locomotive)
   *[other] ferry ({ $count } locomotives)
}
web-route-metro = metro line
web-server-title = Ticket to Ride on this server
web-leaderboard = Leaderboard
web-no-finished-games = No game has finished here yet.
web-player = Player
web-rating = Rating
web-games = Games
web-wins = Wins
web-ratings = Ratings over time
web-server-games = Latest games
web-running = being played
web-finished = finished
web-someone = Someone
