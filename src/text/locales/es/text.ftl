# Español: cada frase que leen los jugadores, con los términos de los reglamentos (Billetes de Destino, Cartas de
# Vagón, Locomotora, Recorrido, Túnel, Estación, Transbordador). Las claves y los marcadores ($name) son los del
# inglés. Los nombres de las ciudades no se traducen: llegan como marcadores, tal como los imprime cada tablero.

## Cuentas

count-tickets = { $count ->
    [one] 1 billete
   *[other] { $count } billetes
}
count-cards = { $count ->
    [one] 1 carta
   *[other] { $count } cartas
}
count-points = { $count ->
    [one] 1 punto
   *[other] { $count } puntos
}
count-players = { $count ->
    [one] 1 jugador
   *[other] { $count } jugadores
}
count-extra-cards = { $count ->
    [one] 1 carta más
   *[other] { $count } cartas más
}
no-cards = ninguna carta
no-card = ninguna carta
list-and = { $first } y { $last }
list-or = { $first } o { $last }

## Cartas: el valor es el nombre corto (en cuentas, en las cartas boca arriba y al escribir un pago); .count las
## cuenta, .noun es una carta y .article una carta con su artículo.

card-red = roja
    .count = { $count ->
        [one] 1 roja
       *[other] { $count } rojas
    }
    .noun = carta roja
    .article = una carta roja
    .kind = rojas
card-orange = naranja
    .count = { $count ->
        [one] 1 naranja
       *[other] { $count } naranjas
    }
    .noun = carta naranja
    .article = una carta naranja
    .kind = naranjas
card-yellow = amarilla
    .count = { $count ->
        [one] 1 amarilla
       *[other] { $count } amarillas
    }
    .noun = carta amarilla
    .article = una carta amarilla
    .kind = amarillas
card-green = verde
    .count = { $count ->
        [one] 1 verde
       *[other] { $count } verdes
    }
    .noun = carta verde
    .article = una carta verde
    .kind = verdes
card-blue = azul
    .count = { $count ->
        [one] 1 azul
       *[other] { $count } azules
    }
    .noun = carta azul
    .article = una carta azul
    .kind = azules
card-pink = morada
    .count = { $count ->
        [one] 1 morada
       *[other] { $count } moradas
    }
    .noun = carta morada
    .article = una carta morada
    .kind = moradas
card-white = blanca
    .count = { $count ->
        [one] 1 blanca
       *[other] { $count } blancas
    }
    .noun = carta blanca
    .article = una carta blanca
    .kind = blancas
card-black = negra
    .count = { $count ->
        [one] 1 negra
       *[other] { $count } negras
    }
    .noun = carta negra
    .article = una carta negra
    .kind = negras
card-purple = morada
    .count = { $count ->
        [one] 1 morada
       *[other] { $count } moradas
    }
    .noun = carta morada
    .article = una carta morada
    .kind = moradas
card-gray = gris
    .count = { $count ->
        [one] 1 gris
       *[other] { $count } grises
    }
    .noun = carta gris
    .article = una carta gris
    .kind = grises
card-locomotive = Locomotora
    .count = { $count ->
        [one] 1 Locomotora
       *[other] { $count } Locomotoras
    }
    .noun = Locomotora
    .article = una Locomotora
    .kind = Locomotora
    .plural = Locomotoras
    .counted = { $count ->
        [one] 1 Locomotora
       *[other] { $count } Locomotoras
    }
card-bicycle = Bicicleta
    .count = { $count ->
        [one] 1 Bicicleta
       *[other] { $count } Bicicletas
    }
    .noun = Bicicleta
    .article = una Bicicleta
    .kind = Bicicleta
    .plural = Bicicletas
    .counted = { $count ->
        [one] 1 Bicicleta
       *[other] { $count } Bicicletas
    }

## Colores de los Recorridos (gris: de un color cualquiera)

color-red = rojo
color-orange = naranja
color-yellow = amarillo
color-green = verde
color-blue = azul
color-pink = morado
color-white = blanco
color-black = negro
color-purple = morado
color-gray = gris

## Recorridos y compras

route = { $a } – { $b } ({ $len }, { $color })
route-metro = { $a } – { $b } (metro, { $cost })
purchase-station = una Estación en { $city }
purchase-tunnel-extra = { $count ->
    [one] la carta adicional
   *[other] las { $count } cartas adicionales
} de { $route }
purchase-tunnel = las cartas adicionales del Túnel
cannot-pay = Con tus cartas no puedes pagar { $what }.

## Jugadas no permitidas

error-game-over = La partida ha terminado.
error-no-such-seat = No juegas en esta partida.
error-not-your-turn = No es tu turno.
error-pending-starting-tickets = Todos están eligiendo todavía sus Billetes de Destino; el primer turno empieza cuando todos hayan elegido.
error-pending-second-card = Has robado una carta; ahora roba la segunda.
error-pending-keep-tickets = Antes tienes que elegir qué billetes de los que has robado te quedas.
error-pending-tunnel = Antes tienes que pagar las cartas adicionales del Túnel o renunciar a él.
error-nothing-to-answer = Ahora no hay nada que responder.
error-already-chose-tickets = Ya has elegido tus billetes; falta que elijan los demás.
error-no-such-slot = Solo hay 5 cartas boca arriba (de la 1 a la 5).
error-empty-slot = Ese hueco de las cartas boca arriba está vacío.
error-wild-as-second-card = Una { $wild } boca arriba no puede ser tu segunda carta.
error-deck-empty = El mazo y la pila de descartes están vacíos.
error-no-such-route = Ese Recorrido no existe en este mapa.
error-route-taken = Ese Recorrido ya está ocupado.
error-double-closed = Con { $players } jugadores solo se puede usar una vía de cada Recorrido doble, y la otra ya está ocupada (las dos se abren a partir de { $needed } jugadores).
error-owns-twin = Ya tienes la otra vía de este Recorrido doble.
error-not-enough-trains = Ese Recorrido necesita { $need } vagones; te quedan { $have }.
error-no-metro-left = No te queda ningún vagón de metro para una línea de metro.
error-wrong-card-count = Cuesta { $need } cartas; has ofrecido { $given }.
error-mixed-colors = Paga con cartas de un solo color (los comodines valen con cualquiera).
error-wrong-color = Ese Recorrido es { $route }; has ofrecido cartas { $given }.
error-wild-not-allowed = En este mapa una { $wild } solo sirve para los Túneles.
error-ferry-needs-wilds = Ese Transbordador necesita al menos { $wilds }; has ofrecido { $given }.
error-cards-not-in-hand = Necesitas { $need } cartas { $card }; tienes { $have }.
error-tunnel-payment = El Túnel necesita { $need } más: cartas { $color } o { $wilds }.
error-tunnel-payment-wilds = El Túnel necesita { $need } más: { $wilds }, porque solo pusiste { $wilds }.
error-no-tickets-left = No quedan Billetes de Destino.
error-keep-more = Quédate al menos { $count ->
    [one] 1 billete
   *[other] { $count } billetes
}.
error-ticket-not-offered = Solo puedes quedarte billetes que te hayan ofrecido.
error-no-stations-on-map = Este mapa no tiene Estaciones.
error-no-stations-left = No te queda ninguna Estación.
error-no-such-city = Esa ciudad no existe en este mapa.
error-city-has-station = Esa ciudad ya tiene una Estación.
error-pass-not-allowed = Solo puedes pasar cuando no puedes hacer nada más.

## Lo que ve toda la mesa

event-game-started = Todos han elegido sus billetes: empieza { $name }.
event-tickets-kept = { $name } se queda { $count ->
    [one] 1 billete
   *[other] { $count } billetes
}.
event-tickets-kept-of = { $name } se queda { $kept } de { $offered } billetes.
event-drew-blind = { $name } roba una carta del mazo.
event-drew-faceup = { $name } roba una { $card } boca arriba.
event-faceup-reset = Tres { $wilds } boca arriba: se retiran las cinco cartas y se sacan cinco nuevas.
event-deck-reshuffled = Se barajan los descartes para formar un mazo nuevo.
event-claimed = { $name } cubre { $route } y suma { $count ->
    [one] 1 punto
   *[other] { $count } puntos
}.
event-tunnel-free = { $name } intenta cubrir el Túnel { $route }: salen { $turned }; no hay que pagar nada más.
event-tunnel-extra = { $name } intenta cubrir el Túnel { $route }: salen { $turned }; tiene que pagar { $count ->
    [one] 1 carta más
   *[other] { $count } cartas más
}.
event-tunnel-declined = { $name } renuncia al Túnel { $route }.
event-tickets-drawn = { $name } roba { $count ->
    [one] 1 billete
   *[other] { $count } billetes
}.
event-station-built = { $name } construye una Estación en { $city } ({ $cards }).
event-passed = { $name } pasa: no podía hacer nada más.
event-skipped = Se salta el turno de { $name }: ha vencido el plazo de la partida.
event-final-round = { $count ->
    [one] A { $name } le queda una pieza o ninguna: empieza la última ronda y todos, { $name } también, juegan un último turno.
   *[other] A { $name } le quedan { $count } { $pieces } o menos: empieza la última ronda y todos, { $name } también, juegan un último turno.
}
pieces-trains = vagones
pieces-mixed = piezas
event-game-over = La partida ha terminado.

## Lo que solo ve quien juega

private-drew-card = Has robado { $card }.
private-tickets-offered = Te ofrecen { $tickets }.
private-kept-no-ticket = No te has quedado ningún billete.
private-tickets-kept = Te quedas { $tickets }.

## Nombres escritos por los jugadores

name-empty = Escribe primero un nombre.
name-unknown-city = No hay ninguna ciudad llamada «{ $typed }» en { $map }.
name-unknown-city-close = No hay ninguna ciudad llamada «{ $typed }» en { $map }. ¿Querías decir { $close }?
name-unknown-place = No hay ninguna ciudad ni ningún país llamado «{ $typed }» en { $map }.
name-not-a-route = «{ $typed }» no es un Recorrido: escribe sus dos ciudades, por ejemplo «{ $a } - { $b }».
name-not-a-route-plain = «{ $typed }» no es un Recorrido: escribe sus dos ciudades.
name-no-such-route = Ningún Recorrido une { $a } y { $b }.
name-no-such-route-color = Ningún Recorrido { $color } une { $a } y { $b }.
name-unknown-color = «{ $typed }» no es un color de { $map }.
name-no-such-ticket = Ningún billete une { $a } y { $b }.
name-listed-too-often = { $kind } { $what } aparece más veces de las que existe.
name-not-cards = «{ $got }» no son cartas: escríbelas, por ejemplo, así: «3 rojas + 1 Locomotora».
name-malformed = Se esperaba { $expected }, no { $got }.

## Peticiones rechazadas

refusal-channel-busy = Este canal ya tiene una partida; termínala antes o empieza otra en otro canal.
refusal-no-game = No hay ninguna partida en juego en este canal.
refusal-no-lobby = No hay ninguna sala abierta en este canal; abre una con /ttr empezar.
refusal-unknown-game = Esa partida ya no existe.
refusal-already-seated = Ya tienes un sitio en esta partida.
refusal-not-seated = No juegas en esta partida.
refusal-lobby-full = La partida está completa: este mapa es para { $max } jugadores como máximo.
refusal-too-many-lobbies = Ya organizas { $most } partidas abiertas: empieza o cancela una antes de abrir otra.
refusal-too-many-games = Ya organizas { $most } partidas, abiertas o en juego: termina una antes de abrir otra.
refusal-too-few-players = { $seated ->
    [one] Solo hay 1 jugador sentado
   *[other] Solo hay { $seated } jugadores sentados
} para empezar: este mapa necesita al menos { $min }.
refusal-not-host = Solo quien abrió la partida (o quien gestiona este canal) puede hacerlo.
refusal-no-deadline = Esta partida no tiene plazo por turno, así que no se puede saltar ningún turno. Quien la abrió puede ponerlo con /ttr ajustes.
refusal-deadline-ahead = { $hours ->
    [one] Quien tiene el turno aún está a tiempo: el plazo vence en menos de una hora.
   *[other] Quien tiene el turno aún está a tiempo: el plazo vence dentro de { $hours } horas.
}
refusal-nobody-stalled = Nadie más está retrasando la partida: no hay ningún turno que saltar.
refusal-not-away = Ningún ordenador está jugando un sitio tuyo en esta partida.
refusal-unknown-map = No hay ningún mapa llamado «{ $map }».
refusal-player-count = En { $map } juegan de { $min } a { $max } jugadores, no { $players }.
refusal-built-in-map-id = «{ $id }» es el identificador de un mapa incluido: da a tu mapa otro `id` en su archivo.
refusal-too-many-maps = Este servidor ya guarda { $most } mapas, el máximo por servidor: borra uno con `/ttr mapa borrar` antes.

## La mano de un jugador

hand-cards = Tus cartas:
hand-tickets = Tus billetes:
hand-no-tickets = ninguno todavía
hand-offer = Aún tienes que elegir entre { $count } billetes.

## La partida como la ve todo el mundo

whose-over = La partida ha terminado.
whose-starting = Todos están eligiendo sus Billetes de Destino.
whose-turn = Le toca a { $name }.
seat-row = { $score } ptos · { $pieces } · { $cards } · { $tickets }
piles = Mazo { $deck }
    Descartes { $discard }
    Billetes { $tickets }
final-wins = ¡{ $name } gana con { $points } puntos!
final-share = ¡{ $names } comparten la victoria con { $points } puntos!
final-row = { $rank }. { $name } { $points } puntos: { $parts }
final-routes = Recorridos { $points }
final-tickets = billetes { $points } ({ $done } ✓, { $failed } ✗)
final-longest = recorrido continuo más largo { $points } ({ $length } vagones)
final-stations = Estaciones sin utilizar { $points }
final-most-tickets = Gran Tour { $points }
final-tickets-heading = Billetes de { $name }
final-title = { $map }: puntuación final
history-page = Historial, página { $page } de { $pages }
history-empty = Todavía no ha pasado nada.

## Las reglas en breve (/ttr rules): títulos y, después, cada regla

rules-heading-setup = Preparación
rules-heading-turn = En tu turno, una de estas acciones
rules-heading-doubles = Recorridos dobles
rules-heading-tunnels = Túneles
rules-heading-ferries = Transbordadores
rules-heading-stations = Estaciones
rules-heading-metros = Líneas de metro
rules-heading-end = El final
rules-heading-scoring = Puntuación
rules-players = de { $min } a { $max } jugadores, { $pieces } cada uno.
rules-pieces-trains = { $trains } vagones
rules-pieces-trams = { $trains } tranvías y { $metros } vagones de metro
rules-setup = { $hand } cartas para cada uno; se reparten { $dealt } Billetes de Destino{ $long }; te quedas al menos { $keep } (todos eligen a la vez).
rules-setup-long = { " " }y { $count } largo
rules-faceup-double = { " " }(una { $wild } boca arriba cuenta por dos y no puede ser la segunda)
rules-wilds-tunnels = las { $wilds } solo sirven para los Túneles
rules-wilds-any = las { $wilds } sustituyen a cualquier color
rules-turn = robar 2 Cartas de Vagón{ $faceup }; cubrir un Recorrido con cartas de su color (gris: de un color cualquiera; { $wilds }); robar { $draw } Billetes de Destino y quedarte al menos { $keep }.
rules-doubles = las dos vías se abren a partir de { $players } jugadores; con menos, solo una.
rules-tunnels = se dan la vuelta 3 cartas del mazo; por cada una del color que has jugado, o cada { $wild }, pagas una carta más (o renuncias al Túnel).
rules-ferries = cada espacio marcado necesita una { $wild }.
rules-stations = { $count } por jugador, que cuestan { $costs } cartas; al final cada una te deja usar un Recorrido de otro jugador que llegue a su ciudad; { $points } puntos por cada Estación sin construir.
rules-metros = un vagón de metro cada una, que se paga con el número de cartas impreso.
rules-end = { $count ->
    [one] cuando a alguien le queda 1 pieza o ninguna, todos juegan un último turno.
   *[other] cuando a alguien le quedan { $count } piezas o menos, todos juegan un último turno.
}
rules-scoring = Recorridos según su longitud ({ $table }); billetes: + si se completan, − si no
rules-scoring-longest = ; recorrido continuo más largo +{ $points }
rules-scoring-grand-tour = ; Premio Gran Tour por los billetes cuyas ciudades unen dos recorridos distintos
player-fallback = Jugador { $number }

## Mapas (los incluidos; los nombres de las ciudades no se traducen)

map-name-usa = Estados Unidos
map-name-europe = Europa
map-name-switzerland = Suiza
map-name-india = India
map-name-berlin = Berlín (tablero provisional)

## El panel lateral del tablero

panel-choosing = Todos eligen sus billetes
panel-over = Fin de la partida
panel-tunnel = { $name }: Túnel, ¿{ $count } más?
panel-last-round = Última ronda: le toca a { $name }
panel-to-play = Le toca a { $name }
panel-last-claim = Último Recorrido: { $name }, { $a } – { $b }
count-trains = { $count ->
    [one] 1 vagón
   *[other] { $count } vagones
}
count-trams = { $count ->
    [one] 1 tranvía
   *[other] { $count } tranvías
}
panel-metros = { $count ->
    [one] 1 metro
   *[other] { $count } metros
}
panel-stations = { $count ->
    [one] 1 Estación
   *[other] { $count } Estaciones
}
panel-faceup = Cartas boca arriba
panel-piles = Mazo { $deck } · Descartes { $discard } · Billetes { $tickets }
panel-final = Clasificación final
panel-final-row = { $rank }. { $name }  { $total } ({ $routes } Recorridos, { $tickets } billetes, { $bonus } extra)
# Una pista: la jugada que haría el jugador difícil de la computadora, y por qué.
hint = Pista: { $action }. { $reason }
hint-move-claim = cubre { $route } con { $cards }
hint-move-faceup = toma la carta { $card } boca arriba
hint-move-blind = roba una carta del mazo
hint-move-tickets = roba Billetes de Destino
hint-move-keep = quédate con { $tickets }
hint-move-pay-tunnel = paga las cartas extra del Túnel: { $cards }
hint-move-give-up-tunnel = renuncia al Túnel
hint-move-station = construye una Estación en { $city } con { $cards }
hint-move-pass = pasa
hint-on-the-way = Está de camino para tu billete { $ticket }.
hint-points = Da { $points }.
hint-collect-for = A tu Recorrido previsto { $route } todavía le faltan cartas { $kind }.
hint-wild = Las cartas comodín ({ $card }) pagan cualquier color.
hint-stock = Más cartas de un color mantienen al alcance los Recorridos más largos.
hint-blind = Ninguna carta boca arriba ayuda a tus Recorridos más que una del mazo.
hint-more-tickets = Tienes tiempo de completar otro billete.
hint-keep = { $count ->
    [one] Vale
   *[other] Juntos valen
} { $points }; tus Recorridos usarán unos { $pieces } de tus { $left } piezas.
hint-tunnel-pay = Pagar completa el Recorrido; renunciar desperdiciaría el turno.
hint-tunnel-give-up = Tus cartas no alcanzan para pagar el extra.
hint-station = Una Estación te deja usar el Recorrido de otro jugador para un billete.
hint-pass = No hay otra jugada posible.
hint-overruled = { $count ->
    [one] Jugando la partida hasta el final desde aquí, salió mejor que «{ $instead }».
   *[other] Jugando la partida hasta el final { $count } veces desde aquí, salió mejor que «{ $instead }».
}
hint-not-now = Una pista es para una jugada que te toca hacer: espera tu turno.
