## La página web de una partida y la de un servidor (lo que lee quien la abre; las palabras del panel son las de la imagen)

web-game-title = { $map } · ¡Aventureros al Tren!
web-live = en directo
web-reconnecting = reconectando…
web-board = El tablero
web-zoom-in = Acercar
web-zoom-out = Alejar
web-zoom-fit = Tablero entero
web-replay = Repetición
web-first = Primera jugada
web-previous = Jugada anterior
web-next = Jugada siguiente
web-latest = Última jugada
web-move-of = Jugada { $move } de { $moves }
web-chart = Puntos
web-history = Historial
web-turn-since = Turno empezado el { $when }
web-claimed = Ocupada por { $name }
web-claimed-at = Ocupada por { $name } en la jugada { $move }
web-unclaimed = Aún libre
web-route-tunnel = túnel
web-route-ferry = { $count ->
    [one] ferri (1 locomotora)
   *[other] ferri ({ $count } locomotoras)
}
web-route-metro = línea de metro
web-server-title = ¡Aventureros al Tren! en este servidor
web-leaderboard = Clasificación
web-no-finished-games = Aún no ha terminado ninguna partida aquí.
web-player = Jugador
web-rating = Puntuación
web-games = Partidas
web-wins = Victorias
web-ratings = Puntuación a lo largo del tiempo
web-server-games = Últimas partidas
web-running = en juego
web-finished = terminada
web-someone = Alguien
