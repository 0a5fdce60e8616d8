# Español: lo que encuentra la revisión de un archivo de mapa (`ttrbot maps --check`, el mapa propio de un servidor).
# Los nombres, los números y las palabras del lector de TOML llegan como parámetros; un recorrido o un billete se nombra
# por sus extremos («Basel – Olten»).

mapfile-at-line = línea { $line }, { $problem }
mapfile-refusal = rechazo
mapfile-warning = aviso
mapfile-none = ninguna

mapfile-not-utf8 = el archivo no es texto UTF-8 (desde el byte { $at })
mapfile-verdict-accepted = aceptado, con { $warnings ->
    [one] 1 aviso
   *[other] { $warnings } avisos
}
mapfile-verdict-refused = rechazado: { $refusals ->
    [one] 1 rechazo
   *[other] { $refusals } rechazos
} y { $warnings ->
    [one] 1 aviso
   *[other] { $warnings } avisos
}

## De quién es el nombre: .whose es el dueño en «el nombre …» («el nombre de una ciudad»).

mapfile-named-map = el mapa
    .whose = del mapa
mapfile-named-city = una ciudad
    .whose = de una ciudad
mapfile-named-country = un país
    .whose = de un país

## El archivo y sus campos.

mapfile-too-large = el archivo tiene { $bytes } bytes; un archivo de mapa puede tener como mucho { $most }
mapfile-syntax = no es TOML válido: { $message }
mapfile-unknown-field = campo desconocido `{ $field }`: el formato de los mapas no lo tiene
mapfile-unknown-field-in = campo desconocido `{ $field }` en `{ $section }`
mapfile-missing-field = falta el campo `{ $field }`
mapfile-missing-field-in = falta el campo `{ $field }` en `{ $section }`
mapfile-bad-value = valor no aceptado: { $message }
mapfile-bad-value-in = valor no aceptado en `{ $section }`: { $message }
mapfile-bad-id = el id del mapa «{ $id }» debe tener de 1 a { $most } caracteres entre a–z, 0–9, - y _
mapfile-empty-name = el nombre { $whose } está vacío
mapfile-long-name = el nombre { $whose } tiene { $chars } caracteres (como mucho { $most }): «{ $name }»
mapfile-markup-in-name = el nombre { $whose } contiene «{ $character }», que Discord leería como formato (un enlace, negrita, un título, una mención): «{ $name }»
mapfile-invisible-character = el nombre { $whose } contiene un carácter invisible ({ $code }): «{ $name }»
mapfile-empty-board = el ancho y el alto del tablero deben ser mayores que 0
mapfile-board-too-large = el tablero mide { $width } × { $height } píxeles; cada lado puede medir como mucho { $most }

## La tabla [rules].

mapfile-player-range = players = [{ $min }, { $max }] debe ser un intervalo dentro de 2 a 5
mapfile-no-trains = cada jugador necesita algunos trenes (o tranvías) o metros
mapfile-station-costs = station_costs da { $costs } costes para { $stations } estaciones
mapfile-no-colored-cards = la baraja no tiene cartas de color
mapfile-tickets-keep = tickets_keep = { $keep } debe estar entre 1 y los { $dealt } billetes repartidos
mapfile-offer-too-large = se pueden repartir o robar como mucho { $most } billetes a la vez
mapfile-tickets-draw-keep = tickets_draw_keep = { $keep } debe estar entre 1 y tickets_draw = { $draw }
mapfile-deck-color-twice = deck_colors nombra { $color } dos veces
mapfile-too-few-cards = { $cards } cartas son pocas para repartir { $hand } a { $players } jugadores y poner 5 boca arriba
mapfile-points-key = { $table } tiene una clave «{ $key }» que no es una longitud de 1 a 12

## Cantidades.

mapfile-too-many-cities = el mapa tiene { $count } ciudades; se permiten como mucho { $most }
mapfile-too-many-routes = el mapa tiene { $count } recorridos; se permiten como mucho { $most }
mapfile-too-many-tickets = el mapa tiene { $count } billetes; se permiten como mucho { $most }
mapfile-too-many-countries = el mapa tiene { $count } países; se permiten como mucho { $most }

## Ciudades.

mapfile-city-twice = la ciudad «{ $name }» aparece dos veces
mapfile-names-alike-city = las ciudades «{ $name }» y «{ $other }» solo se distinguen por mayúsculas o acentos
mapfile-names-alike-country = el país «{ $name }» también se escribe «{ $other }»
mapfile-city-and-country = «{ $name }» es a la vez una ciudad y un país
mapfile-outside-board = la ciudad «{ $name }» queda fuera del tablero: ({ $x }, { $y }) no está dentro de { $width } × { $height }
mapfile-no-route = ningún recorrido llega a la ciudad «{ $city }»

## Rutas.

mapfile-unknown-city = recorrido { $route }: ciudad desconocida «{ $name }»
mapfile-self-route = recorrido { $route }: un recorrido necesita dos extremos distintos
mapfile-unknown-color = recorrido { $route }: color desconocido «{ $color }»
mapfile-color-not-in-deck = recorrido { $route }: la baraja no tiene cartas { $color }
mapfile-zero-length = recorrido { $route }: longitud 0
mapfile-ferry-too-long = recorrido { $route }: { $ferry } locomotoras de transbordador en { $len } espacios
mapfile-metro-needs-cards = recorrido { $route }: un recorrido de metro necesita `cards`
mapfile-cards-only-for-metro = recorrido { $route }: solo los recorridos de metro tienen `cards`
mapfile-no-score = recorrido { $route }: la longitud { $len } no tiene puntuación ({ $scored })
mapfile-no-metro-score = recorrido { $route }: { $cards } cartas no tienen puntuación en metro_points ({ $scored })
mapfile-zero-cost = recorrido { $route }: un recorrido debe costar al menos una carta
mapfile-no-pieces = recorrido { $route }: ningún jugador tiene las piezas que pide este recorrido
mapfile-too-many-tracks = recorrido { $route }: más de dos vías entre las mismas ciudades
mapfile-points-overflow = los recorridos valen { $points } puntos juntos; como mucho { $most }

## Billetes.

mapfile-ticket-shape = billete desde «{ $from }»: da b y points, o bien to = { "{" } … { "}" }
mapfile-unknown-place = billete { $ticket }: lugar desconocido «{ $name }»
mapfile-ticket-nowhere = el billete { $ticket } no va a ninguna parte
mapfile-ticket-worth-nothing = el billete { $ticket } vale 0 puntos
mapfile-too-few-tickets = faltan billetes para repartir a { $players } jugadores: hacen falta { $needed } y el archivo tiene { $have }
mapfile-too-few-long-tickets = faltan billetes largos para repartir a { $players } jugadores: hacen falta { $needed } y el archivo tiene { $have }

## La red y el tablero.

mapfile-disconnected = los recorridos forman { $parts } redes que nunca se tocan («{ $apart }» queda fuera de la mayor); cada billete cabe en una
mapfile-unreachable = billete { $ticket }: ninguna cadena de recorridos lleva a «{ $to }»
mapfile-ticket-value = billete { $ticket }: vale { $value } hasta «{ $to }», pero el camino más corto cuesta { $shortest } cartas; valor sugerido: { $shortest }
mapfile-names-collide = «{ $a }» y «{ $b }» chocan donde el tablero los dibuja: un nombre tapa al otro o a su ciudad
mapfile-unreadable = no se puede leer: { $why }
mapfile-no-map-files = no hay ningún archivo de mapa .toml en esta carpeta
mapfile-id-taken = el id de mapa «{ $id }» ya lo usa { $first }
mapfile-no-such-map = no existe ese mapa; los mapas son { $maps }

## El resumen de un mapa aceptado, en tres líneas.

mapfile-summary-board = { $cities ->
    [one] 1 ciudad
   *[other] { $cities } ciudades
}, { $routes ->
    [one] 1 recorrido
   *[other] { $routes } recorridos
} ({ $doubles ->
    [one] 1 doble
   *[other] { $doubles } dobles
}), { $spaces } espacios; el recorrido más largo: { $longest }
mapfile-summary-tickets = { $regular ->
    [one] 1 billete
   *[other] { $regular } billetes
} y { $long } largos, de { $lowest } a { $highest } puntos (mediana { $median })
mapfile-summary-no-tickets = ningún billete
mapfile-summary-rules = de { $min } a { $max } jugadores, cada uno con { $trains } trenes, { $metros } metros y { $stations } estaciones; { $tunnels ->
    [one] 1 túnel
   *[other] { $tunnels } túneles
}, { $ferries ->
    [one] 1 transbordador
   *[other] { $ferries } transbordadores
}
