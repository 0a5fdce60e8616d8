# Español: `ttrbot play`, una persona contra el ordenador en la terminal. Las órdenes que se escriben (draw, claim,
# keep…) son las del bot de Discord y siguen en inglés en todos los idiomas.

play-help = Órdenes (las mismas que los comandos /ttr del bot de Discord):
    { "  " }draw deck | draw 1..5            roba una carta del mazo o una de las que están boca arriba
    { "  " }claim CIUDAD - CIUDAD [cartas]   cubre un Recorrido, p. ej. claim Denver - Omaha 3 moradas + 1 Locomotora
    { "  " }tickets                          roba Billetes de Destino (o mira los que te ofrecen)
    { "  " }keep 1 3 | keep all              quédate los billetes ofrecidos por su número
    { "  " }station CIUDAD [cartas]          construye una Estación (en los mapas con Estaciones)
    { "  " }pay N | pay CARTAS               elige uno de los pagos de la lista, o paga las cartas adicionales de un Túnel
    { "  " }give up                          renuncia al Túnel que estás cubriendo
    { "  " }pass                             solo cuando no puedes hacer nada más
    { "  " }hint                             la jugada que haría un jugador fuerte, y por qué
    { "  " }hand   board   status   history [página]   rules   save [archivo]   help   quit
    El tabulador completa órdenes, Recorridos y ciudades; las flechas recuperan las líneas anteriores.
play-opening = { $map } — { $name } contra { $others }. Escribe `help` para ver las órdenes.
play-opponent = { $name } ({ $level })
play-lately = Lo último:
play-unknown-command = No existe la orden `{ $verb }`. Escribe `help` para ver las órdenes.
play-face-up = Boca arriba: { $cards }
play-choose-tickets = Elige tus billetes (quédate al menos { $count }): `keep 1 2`, o `keep all`.
play-no-offer = No tienes billetes entre los que elegir: `tickets` roba algunos en tu turno.
play-keep-numbers = Quédate los billetes por su número, del 1 al { $count }: p. ej. `keep 1 3`, o `keep all`.
play-keep-which = Di qué billetes te quedas por su número, del 1 al { $count }: p. ej. `keep 1 3`, o `keep all`.
play-nothing-to-pay = Ahora mismo no hay nada que pagar.
play-payment-range = Elige un pago del 1 al { $count }.
play-give-up-tunnel = Escribe `give up` para renunciar al Túnel.
play-pay-for = Paga { $what } con `pay N`:
play-or-give-up = { "  " }o `give up`.
play-give-up = Escribe `give up`.
play-no-tickets = ninguno
play-second-card = Roba tu segunda carta: `draw deck` o `draw 1`–`5`. Boca arriba: { $cards }.
play-your-turn = Te toca. Boca arriba: { $cards }.
play-your-last-turn = Te toca, y es tu último turno. Boca arriba: { $cards }.
play-your-cards = Tus cartas: { $cards }.
play-which-page = Di qué página: `history 2`.
play-input-ended = La entrada se ha acabado antes que la partida.
play-save-before-quit = ¿Guardar la partida antes de salir? `yes` la guarda en { $file }, un nombre de archivo la guarda ahí, `no` no la guarda.
play-not-saved = No se ha guardado. ¡Hasta la próxima!
play-saved = Guardada en { $file }. Para seguir: ttrbot play --resume { $file }
play-save-failed = No se ha podido guardar en { $file }: { $error }
play-board = Tablero: { $file }
play-not-a-save = no es una partida guardada de ttrbot: { $error }
play-save-format = esta versión no lee el formato { $format } de partida guardada
play-save-position = la posición guardada no es válida: { $error }
play-save-level = la partida guardada nombra un nivel de ordenador desconocido
play-save-seats = los sitios de la partida guardada no encajan con su posición
play-bad-level = --level { $level }: elige uno de { $levels }
play-bad-lang = --lang { $lang }: elige en o es
play-default-name = Jugador
play-hints-used = { $count ->
    [one] Pediste 1 pista.
   *[other] Pediste { $count } pistas.
}
