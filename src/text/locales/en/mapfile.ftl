# English: what checking a map file finds (`ttrbot maps --check`, a server's own map). Names, numbers and the TOML
# reader's own words come in as placeholders; a route or a ticket is named by its ends ("Basel – Olten").

mapfile-at-line = line { $line }, { $problem }
mapfile-refusal = refusal
mapfile-warning = warning
mapfile-none = none

mapfile-not-utf8 = the file is not UTF-8 text (from byte { $at })
mapfile-verdict-accepted = accepted, with { $warnings ->
    [one] 1 warning
   *[other] { $warnings } warnings
}
mapfile-verdict-refused = refused: { $refusals ->
    [one] 1 refusal
   *[other] { $refusals } refusals
} and { $warnings ->
    [one] 1 warning
   *[other] { $warnings } warnings
}

## Whose name: .whose is the owner in "… name" ("a city's name").

mapfile-named-map = the map
    .whose = the map's
mapfile-named-city = a city
    .whose = a city's
mapfile-named-country = a country
    .whose = a country's

## The file and its fields.

mapfile-too-large = the file is { $bytes } bytes long; a map file may have at most { $most }
mapfile-syntax = not valid TOML: { $message }
mapfile-unknown-field = unknown field `{ $field }`: the map file format has no such field
mapfile-unknown-field-in = unknown field `{ $field }` in `{ $section }`
mapfile-missing-field = missing field `{ $field }`
mapfile-missing-field-in = missing field `{ $field }` in `{ $section }`
mapfile-bad-value = value not accepted: { $message }
mapfile-bad-value-in = value not accepted in `{ $section }`: { $message }
mapfile-bad-id = the map's id "{ $id }" must be 1 to { $most } characters of a–z, 0–9, - and _
mapfile-empty-name = { $whose } name is empty
mapfile-long-name = { $whose } name is { $chars } characters long (at most { $most }): "{ $name }"
mapfile-markup-in-name = { $whose } name holds “{ $character }”, which Discord would read as formatting (a link, bold, a heading, a mention): "{ $name }"
mapfile-invisible-character = { $whose } name holds an invisible character ({ $code }): "{ $name }"
mapfile-empty-board = the board's width and height must be more than 0
mapfile-board-too-large = the board is { $width } × { $height } pixels; each side may be at most { $most }

## The [rules] table.

mapfile-player-range = players = [{ $min }, { $max }] must be a range within 2 to 5
mapfile-no-trains = a player needs some trains (or trams) or metros
mapfile-station-costs = station_costs lists { $costs } costs for { $stations } stations
mapfile-no-colored-cards = the card deck has no coloured cards
mapfile-tickets-keep = tickets_keep = { $keep } must be between 1 and the { $dealt } tickets dealt
mapfile-offer-too-large = at most { $most } tickets may be dealt or drawn at once
mapfile-tickets-draw-keep = tickets_draw_keep = { $keep } must be between 1 and tickets_draw = { $draw }
mapfile-deck-color-twice = deck_colors lists { $color } twice
mapfile-too-few-cards = { $cards } cards are too few to deal { $hand } to { $players } players and turn 5 face up
mapfile-points-key = { $table } has a key "{ $key }" that is not a length from 1 to 12

## Counts.

mapfile-too-many-cities = the map has { $count } cities; at most { $most } are allowed
mapfile-too-many-routes = the map has { $count } routes; at most { $most } are allowed
mapfile-too-many-tickets = the map has { $count } tickets; at most { $most } are allowed
mapfile-too-many-countries = the map has { $count } countries; at most { $most } are allowed

## Cities.

mapfile-city-twice = city "{ $name }" is listed twice
mapfile-names-alike-city = city "{ $name }" and "{ $other }" differ only in case or accents
mapfile-names-alike-country = country "{ $name }" is also spelled "{ $other }"
mapfile-city-and-country = "{ $name }" is both a city and a country
mapfile-outside-board = city "{ $name }" lies outside the board: ({ $x }, { $y }) is not within { $width } × { $height }
mapfile-no-route = city "{ $city }" has no route

## Routes.

mapfile-unknown-city = route { $route }: unknown city "{ $name }"
mapfile-self-route = route { $route }: a route needs two different ends
mapfile-unknown-color = route { $route }: unknown colour "{ $color }"
mapfile-color-not-in-deck = route { $route }: the deck has no { $color } cards
mapfile-zero-length = route { $route }: length 0
mapfile-ferry-too-long = route { $route }: { $ferry } ferry locomotives on { $len } spaces
mapfile-metro-needs-cards = route { $route }: a metro route needs `cards`
mapfile-cards-only-for-metro = route { $route }: only metro routes have `cards`
mapfile-no-score = route { $route }: length { $len } has no score ({ $scored })
mapfile-no-metro-score = route { $route }: { $cards } cards have no score in metro_points ({ $scored })
mapfile-zero-cost = route { $route }: a route must cost at least one card
mapfile-no-pieces = route { $route }: no player has the pieces this route takes
mapfile-too-many-tracks = route { $route }: more than two tracks between the same cities
mapfile-points-overflow = the routes are worth { $points } points together; at most { $most }

## Tickets.

mapfile-ticket-shape = ticket from "{ $from }": give either b and points, or to = { "{" } … { "}" }
mapfile-unknown-place = ticket { $ticket }: unknown place "{ $name }"
mapfile-ticket-nowhere = ticket { $ticket } goes nowhere
mapfile-ticket-worth-nothing = ticket { $ticket } is worth 0 points
mapfile-too-few-tickets = too few tickets to deal { $players } players: { $needed } needed, { $have } in the file
mapfile-too-few-long-tickets = too few long tickets to deal { $players } players: { $needed } needed, { $have } in the file

## The network and the board.

mapfile-disconnected = the routes make { $parts } networks that never meet ("{ $apart }" lies outside the largest); each ticket lies within one
mapfile-unreachable = ticket { $ticket }: no chain of routes leads to "{ $to }"
mapfile-ticket-value = ticket { $ticket }: worth { $value } to "{ $to }", but the shortest path there costs { $shortest } cards; suggested value: { $shortest }
mapfile-names-collide = "{ $a }" and "{ $b }" collide where the board draws them: a name covers the other or its city
mapfile-unreadable = cannot be read: { $why }
mapfile-no-map-files = no .toml map file in this folder
mapfile-id-taken = map id "{ $id }" is already used by { $first }
mapfile-no-such-map = no such map; the maps are { $maps }

## An accepted map's summary, three lines.

mapfile-summary-board = { $cities ->
    [one] 1 city
   *[other] { $cities } cities
}, { $routes ->
    [one] 1 route
   *[other] { $routes } routes
} ({ $doubles } double), { $spaces } spaces; the longest route: { $longest }
mapfile-summary-tickets = { $regular ->
    [one] 1 ticket
   *[other] { $regular } tickets
} and { $long } long, worth { $lowest } to { $highest } (median { $median })
mapfile-summary-no-tickets = no tickets
mapfile-summary-rules = { $min } to { $max } players, each with { $trains } trains, { $metros } metros and { $stations } stations; { $tunnels ->
    [one] 1 tunnel
   *[other] { $tunnels } tunnels
}, { $ferries ->
    [one] 1 ferry
   *[other] { $ferries } ferries
}
