# English: every sentence players read. Keys are shared with the other languages; placeholders ($name) must match.
# City names are never translated: they come in as placeholders, as printed on each board.

## Counts

count-tickets = { $count ->
    [one] 1 ticket
   *[other] { $count } tickets
}
count-cards = { $count ->
    [one] 1 card
   *[other] { $count } cards
}
count-points = { $count ->
    [one] 1 point
   *[other] { $count } points
}
count-players = { $count ->
    [one] 1 player
   *[other] { $count } players
}
count-extra-cards = { $count ->
    [one] 1 more card
   *[other] { $count } more cards
}
no-cards = no cards
no-card = no card
list-and = { $first } and { $last }
list-or = { $first } or { $last }

## Cards: the value is the short name (in counts, the face-up row, typed payments); .count counts them in the one
## written form of cards ("3 red, 1 locomotive", read back by the bot), .noun is one card, .article one card with
## its article, .kind the kind in "… cards"; a wild card also has .plural and .counted (a count in prose).

card-red = red
    .count = { $count } red
    .noun = red card
    .article = a red card
    .kind = red
card-orange = orange
    .count = { $count } orange
    .noun = orange card
    .article = an orange card
    .kind = orange
card-yellow = yellow
    .count = { $count } yellow
    .noun = yellow card
    .article = a yellow card
    .kind = yellow
card-green = green
    .count = { $count } green
    .noun = green card
    .article = a green card
    .kind = green
card-blue = blue
    .count = { $count } blue
    .noun = blue card
    .article = a blue card
    .kind = blue
card-pink = pink
    .count = { $count } pink
    .noun = pink card
    .article = a pink card
    .kind = pink
card-white = white
    .count = { $count } white
    .noun = white card
    .article = a white card
    .kind = white
card-black = black
    .count = { $count } black
    .noun = black card
    .article = a black card
    .kind = black
card-purple = purple
    .count = { $count } purple
    .noun = purple card
    .article = a purple card
    .kind = purple
card-gray = gray
    .count = { $count } gray
    .noun = gray card
    .article = a gray card
    .kind = gray
card-locomotive = locomotive
    .count = { $count } locomotive
    .counted = { $count ->
        [one] 1 locomotive
       *[other] { $count } locomotives
    }
    .noun = locomotive
    .article = a locomotive
    .kind = locomotive
    .plural = locomotives
card-bicycle = bicycle
    .count = { $count } bicycle
    .counted = { $count ->
        [one] 1 bicycle
       *[other] { $count } bicycles
    }
    .noun = bicycle
    .article = a bicycle
    .kind = bicycle
    .plural = bicycles

## Route colours (a route's colour, gray for any one colour)

color-red = red
color-orange = orange
color-yellow = yellow
color-green = green
color-blue = blue
color-pink = pink
color-white = white
color-black = black
color-purple = purple
color-gray = gray

## Routes and purchases

route = { $a } – { $b } ({ $len }, { $color })
route-metro = { $a } – { $b } (metro, { $cost })
purchase-station = a station in { $city }
purchase-tunnel-extra = the { $count ->
    [one] 1 extra card
   *[other] { $count } extra cards
} of { $route }
purchase-tunnel = the tunnel's extra cards
cannot-pay = Your cards cannot pay for { $what }.

## Rule errors

error-game-over = The game is over.
error-no-such-seat = You are not playing in this game.
error-not-your-turn = It is not your turn.
error-pending-starting-tickets = Everyone is still choosing starting tickets; the first turn starts when all have chosen.
error-pending-second-card = You drew one card; take your second card now.
error-pending-keep-tickets = Choose which of the drawn tickets to keep first.
error-pending-tunnel = Pay the tunnel's extra cards or give it up first.
error-nothing-to-answer = There is nothing to answer right now.
error-already-chose-tickets = You already chose your tickets; waiting for the others.
error-no-such-slot = There are only 5 face-up cards (slots 1 to 5).
error-empty-slot = That face-up slot is empty.
error-wild-as-second-card = A face-up { $wild } cannot be your second card.
error-deck-empty = The draw pile and the discard pile are both empty.
error-no-such-route = There is no such route on this map.
error-route-taken = That route is already taken.
error-double-closed = With { $players } players only one track of a double route may be used, and the other one is taken (both open from { $needed } players).
error-owns-twin = You already own the other track of this double route.
error-not-enough-trains = That route takes { $need } trains; you have { $have } left.
error-no-metro-left = You have no metro car left for a metro route.
error-wrong-card-count = That costs { $need } cards; you offered { $given }.
error-mixed-colors = Pay with cards of one colour (wild cards may join them).
error-wrong-color = That route is { $route }; you offered { $given } cards.
error-wild-not-allowed = A { $wild } can only be played on a tunnel on this map.
error-ferry-needs-wilds = That ferry needs at least { $wilds }; you offered { $given }.
error-cards-not-in-hand = You need { $need } { $card } cards; you have { $have }.
error-tunnel-payment = The tunnel needs { $need } more: { $color } cards or { $wilds }.
error-tunnel-payment-wilds = The tunnel needs { $need } more: { $wilds }, since you laid only { $wilds }.
error-no-tickets-left = There are no destination tickets left.
error-keep-more = Keep at least { $count ->
    [one] 1 ticket
   *[other] { $count } tickets
}.
error-ticket-not-offered = You can only keep tickets you were offered.
error-no-stations-on-map = This map has no stations.
error-no-stations-left = You have no station left.
error-no-such-city = There is no such city on this map.
error-city-has-station = That city already has a station.
error-pass-not-allowed = You can only pass when there is nothing else you can do.

## Public events

event-game-started = Everyone has chosen their tickets: { $name } plays first.
event-tickets-kept = { $name } kept { $count ->
    [one] 1 ticket
   *[other] { $count } tickets
}.
event-tickets-kept-of = { $name } kept { $kept } of { $offered } tickets.
event-drew-blind = { $name } drew a card from the deck.
event-drew-faceup = { $name } took a face-up { $card }.
event-faceup-reset = Three face-up { $wilds }: the face-up row was discarded and dealt again.
event-deck-reshuffled = The discard pile was shuffled into a new draw pile.
event-claimed = { $name } claimed { $route } for { $count ->
    [one] 1 point
   *[other] { $count } points
}.
event-tunnel-free = { $name } digs the tunnel { $route }: turned { $turned }, nothing more to pay.
event-tunnel-extra = { $name } digs the tunnel { $route }: turned { $turned }, { $count ->
    [one] 1 more card
   *[other] { $count } more cards
} to pay.
event-tunnel-declined = { $name } gave up the tunnel { $route }.
event-tickets-drawn = { $name } drew { $count ->
    [one] 1 ticket
   *[other] { $count } tickets
}.
event-station-built = { $name } built a station in { $city } ({ $cards }).
event-passed = { $name } passed: nothing else was possible.
event-skipped = { $name }'s turn was skipped: it waited past the game's deadline.
event-final-round = { $name } has { $count } or fewer { $pieces } left: the final round begins, and everyone, { $name } included, takes one last turn.
pieces-trains = trains
pieces-mixed = pieces
event-game-over = The game is over.

## Private events

private-drew-card = You drew { $card }.
private-tickets-offered = You were offered { $tickets }.
private-kept-no-ticket = You kept no ticket.
private-tickets-kept = You kept { $tickets }.

## Names typed by players

name-empty = Type a name first.
name-unknown-city = There is no city called “{ $typed }” on { $map }.
name-unknown-city-close = There is no city called “{ $typed }” on { $map }. Did you mean { $close }?
name-unknown-place = There is no city or country called “{ $typed }” on { $map }.
name-not-a-route = “{ $typed }” does not name a route: give its two cities like “{ $a } - { $b }”.
name-not-a-route-plain = “{ $typed }” does not name a route: give its two cities.
name-no-such-route = No route joins { $a } and { $b }.
name-no-such-route-color = No { $color } route joins { $a } and { $b }.
name-unknown-color = “{ $typed }” is not a colour on { $map }.
name-no-such-ticket = No ticket joins { $a } and { $b }.
name-listed-too-often = The { $kind } { $what } is listed more often than it exists.
name-not-cards = Expected cards such as “3 red + 1 locomotive”, not { $got }.
name-malformed = Expected { $expected }, not { $got }.

## Refusals (the bot's storage)

refusal-channel-busy = This channel already has a game; finish or end it first, or start one in another channel.
refusal-no-game = There is no game in play in this channel.
refusal-no-lobby = There is no lobby open in this channel; open one with /ttr start.
refusal-unknown-game = That game no longer exists.
refusal-already-seated = You already have a seat in this game.
refusal-not-seated = You are not playing in this game.
refusal-lobby-full = The game is full: this map is for at most { $max } players.
refusal-too-many-lobbies = You already host { $most } open games: start or cancel one of them before opening another.
refusal-too-many-games = You already host { $most } games, open or in play: finish or end one of them before opening another.
refusal-too-few-players = { $seated ->
    [one] Only 1 player is seated
   *[other] Only { $seated } players are seated
} to start: this map needs at least { $min }.
refusal-not-host = Only the host (or someone who manages this channel) can do that.
refusal-no-deadline = This game has no turn deadline, so no turn can be skipped. The host can set one with /ttr settings.
refusal-deadline-ahead = { $hours ->
    [one] The player to move still has time: the deadline passes within the hour.
   *[other] The player to move still has time: the deadline passes in { $hours } hours.
}
refusal-nobody-stalled = Nobody else is holding up the game: there is no turn to skip.
refusal-not-away = No computer is playing a seat of yours in this game.
refusal-unknown-map = There is no map called “{ $map }”.
refusal-player-count = { $map } is for { $min } to { $max } players, not { $players }.
refusal-built-in-map-id = “{ $id }” is a built-in map’s id: give your map another `id` in its file.
refusal-too-many-maps = This server already keeps { $most } maps, the most one server may: remove one with `/ttr map remove` first.

## A player's hand

hand-cards = Your cards:
hand-tickets = Your tickets:
hand-no-tickets = none yet
hand-offer = Still to choose from: { $count } tickets.

## The game as everyone sees it

whose-over = The game is over.
whose-starting = Everyone is choosing starting tickets.
whose-turn = { $name } is to play.
seat-row = { $score } pts · { $pieces } · { $cards } · { $tickets }
piles = Deck { $deck }
    Discard { $discard }
    Tickets { $tickets }
final-wins = { $name } wins with { $points } points!
final-share = { $names } share the win with { $points } points!
final-row = { $rank }. { $name } { $points } points: { $parts }
final-routes = routes { $points }
final-tickets = tickets { $points } ({ $done } ✓, { $failed } ✗)
final-longest = longest path { $points } ({ $length } long)
final-stations = stations kept { $points }
final-most-tickets = most tickets { $points }
final-tickets-heading = { $name }'s tickets
final-title = { $map }: final scores
history-page = History, page { $page } of { $pages }
history-empty = Nothing has happened yet.

## The rules in short (/ttr rules): headings, then each rule

rules-heading-setup = Setup
rules-heading-turn = Your turn, one of
rules-heading-doubles = Double routes
rules-heading-tunnels = Tunnels
rules-heading-ferries = Ferries
rules-heading-stations = Stations
rules-heading-metros = Metro lines
rules-heading-end = The end
rules-heading-scoring = Scoring
rules-players = { $min } to { $max } players, { $pieces } each.
rules-pieces-trains = { $trains } trains
rules-pieces-trams = { $trains } trams and { $metros } metro cars
rules-setup = { $hand } cards each; { $dealt } destination tickets{ $long }, keep at least { $keep } (everyone chooses at once).
rules-setup-long = { " " }and { $count } long one
rules-faceup-double = { " " }(a face-up { $wild } counts as both, and cannot be the second)
rules-wilds-tunnels = { $wilds } pay only for tunnels
rules-wilds-any = { $wilds } stand in for any colour
rules-turn = draw 2 cards{ $faceup }; claim a route with cards of its colour (gray: any one colour; { $wilds }); draw { $draw } tickets and keep at least { $keep }.
rules-doubles = both tracks are open from { $players } players; below that, one track only.
rules-tunnels = 3 cards are turned; each of the colour you laid, or a { $wild }, costs one card more (or give up).
rules-ferries = each marked space needs a { $wild }.
rules-stations = { $count } each, costing { $costs } cards; at the end each lets you use one route of another player into its city; { $points } points for each station not built.
rules-metros = a metro car each, paid with the printed number of cards.
rules-end = when someone has { $count } or fewer pieces left, everyone plays one last turn.
rules-scoring = routes by length ({ $table }); tickets + done, − not done
rules-scoring-longest = ; longest continuous path +{ $points }
rules-scoring-grand-tour = ; the Grand Tour bonus for tickets joined by two separate paths
player-fallback = Player { $number }

## Maps (the built-in ones; city names are never translated)

map-name-usa = USA
map-name-europe = Europe
map-name-switzerland = Switzerland
map-name-india = India
map-name-berlin = Berlin (provisional board)

## The board's side panel

panel-choosing = Everyone is choosing tickets
panel-over = Game over
panel-tunnel = { $name }: tunnel, { $count } more?
panel-last-round = Last round: { $name } to play
panel-to-play = { $name } to play
panel-last-claim = Last claim: { $name }, { $a } – { $b }
count-trains = { $count ->
    [one] 1 train
   *[other] { $count } trains
}
count-trams = { $count ->
    [one] 1 tram
   *[other] { $count } trams
}
panel-metros = { $count ->
    [one] 1 metro
   *[other] { $count } metros
}
panel-stations = { $count ->
    [one] 1 station
   *[other] { $count } stations
}
panel-faceup = Face-up cards
panel-piles = Deck { $deck } · Discard { $discard } · Tickets { $tickets }
panel-final = Final ranking
panel-final-row = { $rank }. { $name }  { $total } ({ $routes } routes, { $tickets } tickets, { $bonus } bonus)
# A hint: the move the hard computer player would make, and why.
hint = Hint: { $action }. { $reason }
hint-move-claim = claim { $route } with { $cards }
hint-move-faceup = take the face-up { $card } card
hint-move-blind = draw a card from the pile
hint-move-tickets = draw destination tickets
hint-move-keep = keep { $tickets }
hint-move-pay-tunnel = pay the tunnel's extra { $cards }
hint-move-give-up-tunnel = give up the tunnel
hint-move-station = build a station in { $city } with { $cards }
hint-move-pass = pass
hint-on-the-way = It is on the way for your ticket { $ticket }.
hint-points = It scores { $points }.
hint-collect-for = Your planned route { $route } still needs { $kind } cards.
hint-wild = Wild cards ({ $card }) pay for any colour.
hint-stock = More cards of one colour keep the longest routes within reach.
hint-blind = No face-up card helps your routes more than a card from the pile.
hint-more-tickets = You have time to finish another ticket.
hint-keep = { $count ->
    [one] It is worth
   *[other] Together they are worth
} { $points }; your routes then take about { $pieces } of your { $left } pieces.
hint-tunnel-pay = Paying finishes the route; giving up would waste the turn.
hint-tunnel-give-up = Your cards cannot pay the extra.
hint-station = A station lets you use another player's route for a ticket.
hint-pass = Nothing else is possible.
# When playing games out from the position chose the move over the plan's plain move.
hint-overruled = { $count ->
    [one] Played out to the end from here, it did better than “{ $instead }”.
   *[other] Played out to the end { $count } times from here, it did better than “{ $instead }”.
}
hint-not-now = A hint is for a move you are to make: wait for your turn.
