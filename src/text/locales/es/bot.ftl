# Español: lo que escribe el bot de Discord alrededor de las frases de la partida (text.ftl): botones, preguntas,
# la sala, los ajustes, los recordatorios y las estadísticas. Las menciones (<@id>) y los enlaces a canales (<#id>)
# llegan como marcadores.

## Botones

button-join = Unirme
button-leave = Salir
button-watch = Ver en la web
button-add-computer = Añadir ordenador
button-start = Empezar
button-cancel = Cancelar
button-choose-tickets = Elegir billetes
button-deck = Mazo
button-claim = Cubrir
button-tickets = Billetes
button-station = Estación
button-hand = Mano
button-pass = Pasar
button-earlier = ◀ Anteriores
button-more = Más ▶
button-pay = Pagar { $cards }
button-give-up = Renunciar
button-confirm = Confirmar
button-end-game = Terminar la partida
button-leave-game = Dejar la partida
button-skip-turn = Saltar el turno
button-hand-to-computer = Pasárselo al ordenador

## Botones caducados o desconocidos, y fallos

button-unknown = No sé de qué es ese botón.
button-unknown-old = No sé de qué es ese botón; quizá sea de una versión anterior.
button-other-channel = Ese botón no es de ninguna partida de este canal.
already-played = Eso ya se jugó.
already-played-over = Eso ya se jugó: la partida ha terminado.
sorry = Lo siento, algo ha fallado por mi parte; no se ha cambiado nada.
sorry-maybe-done = Lo siento, la base de datos dejó de responder justo al guardar tu jugada: puede que se haya hecho. `/ttr estado` muestra la partida tal como está.
option-unreadable = No he podido leer una de las opciones; no se ha cambiado nada. Elige su valor de la lista que ofrece Discord, o vuelve a escribirlo.
no-game-start = No hay ninguna partida en juego en este canal: abre una con `/ttr empezar`.
permission-missing = Tu jugada está guardada, pero no he podido publicarla en este canal porque me falta un permiso. Necesito Ver canal, Enviar mensajes, Insertar enlaces y Adjuntar archivos; pídeselo a quien administre el servidor.
permission-no-view = Tu jugada está guardada, pero no puedo ver este canal para publicarla. Pide a quien administre el servidor que me dé acceso (Ver canal, Enviar mensajes, Insertar enlaces, Adjuntar archivos).
permission-missing-notice = Está hecho, pero no he podido decirlo en este canal porque me falta un permiso. Necesito Ver canal, Enviar mensajes, Insertar enlaces y Adjuntar archivos; pídeselo a quien administre el servidor.
permission-no-view-notice = Está hecho, pero no puedo ver este canal para decirlo. Pide a quien administre el servidor que me dé acceso (Ver canal, Enviar mensajes, Insertar enlaces, Adjuntar archivos).

## La sala

lobby-open = Hay una partida de **{ $map }** abierta: pulsa **Unirme** (o escribe `/ttr unirme`). Quien la abrió pulsa **Empezar** cuando haya de { $min } a { $max } jugadores.
lobby-title = Sala: { $map } · { $min }–{ $max } jugadores
lobby-seat = { $number }. { $name } ({ $color })
lobby-seat-host = { $number }. { $name } ({ $color }) — anfitrión
lobby-seat-computer = { $number }. { $name } ({ $color }) — ordenador { $level }
lobby-closed = Esta sala está cerrada.
lobby-closed-button = Esa sala está cerrada.
lobby-closed-empty = La sala se ha cerrado: no queda ningún jugador.
lobby-in-thread = Hay una partida de { $map } abierta en { $channel }: únete allí.
game-started = ¡Empieza la partida de **{ $map }**: { $players }! Todos eligen ahora sus Billetes de Destino a la vez: pulsa **Elegir billetes** (o escribe `/ttr billetes`). También tienes tus billetes por mensaje privado.
computer-name = Ordenador { $number }
level-easy = fácil
level-normal = normal
level-hard = difícil
level-random = al azar
level-unknown = No hay ningún nivel «{ $name }» para el ordenador: elige easy (fácil), normal o hard (difícil).
layout-unknown = No hay ninguna disposición «{ $name }»: elige feed o dashboard.
thread-name = ¡Aventureros al Tren! · { $map }
thread-no-server = Los hilos solo existen en los canales de un servidor.
thread-failed = No he podido abrir un hilo aquí (estamos dentro de un hilo, o me falta el permiso Crear hilos públicos). Empieza la partida sin `hilo`, o pídeselo a quien administre el servidor.
thread-not-allowed = No puedes crear hilos en este canal, así que no abriré uno por ti. Empieza la partida sin `hilo`.
player-color-orange = naranja
player-color-navy = azul marino
player-color-green = verde
player-color-sky = azul cielo
player-color-black = negro

## Billetes

dm-starting-tickets = Tus Billetes de Destino iniciales para la partida de **{ $map }** en { $channel }:
    { $tickets }
    Quédate al menos { $keep }: pulsa **Elegir billetes** en el canal, o escribe allí `/ttr billetes`.
dm-tickets = Tus billetes en la partida de **{ $map }** en { $channel }:
    { $tickets }
dms-closed = No he podido enviar un mensaje privado a { $names } (mensajes privados cerrados): con `/ttr mano` aquí se ven los billetes.
starting-tickets-chosen = Los billetes iniciales ya están elegidos. Para robar más en tu turno, escribe `/ttr billetes`.
keep-placeholder = Quédate al menos { $count }
keep-prompt = Elige los billetes que te quedas (al menos { $count }).
keep-from-list = Elige los billetes de la lista.
keep-not-tickets = Esos no son billetes de esta partida.

## El turno

turn-yours = { $name }, te toca.
turn-next = { $name }, vas después.
restarted = Me han reiniciado; así está la partida ahora.
draw-how = Roba del mazo (`deck`) o de una carta boca arriba, de la `1` a la `5`.
draw-deck = mazo
embed-face-up = Boca arriba
embed-piles = Montones
final-no-tickets = ningún billete
field-more = … y { $count } más
chart-title = { $map }: puntos por ronda
dashboard-over = La partida ha terminado: la puntuación final está aquí debajo.
dashboard-ping = { $name }, te toca: la partida está en su mensaje de estado, aquí arriba.

## Recorridos y Estaciones

picker-routes = Elige el Recorrido que quieres{ $page }: puedes pagar { $count } ahora mismo.
picker-cities = Elige la ciudad de tu Estación{ $page }: puedes pagar { $count } ahora mismo.
picker-page = { " " }(página { $page } de { $pages })
picker-no-route = Con tus cartas no puedes pagar ahora ningún Recorrido libre: antes roba cartas.
picker-no-city = Ahora no puedes construir una Estación (no te queda ninguna, o tus cartas no llegan para pagarla).
pay-how = ¿Cómo pagas { $what }?
tunnel-pay = Paga { $what }, o renuncia al Túnel (te devuelven las cartas que pusiste).
tunnel-cannot-pay = Con tus cartas no puedes pagar { $what }: renuncia al Túnel (te devuelven las cartas que pusiste).
confirm-take = ¿Te quedas { $what } pagando { $cards }?
claim-cancelled = No te has quedado nada; sigue siendo tu turno.
not-payable-now = { $route } · ahora no puedes pagarlo

## Terminar y dejar la partida

end-confirm = ¿Terminar esta partida para todos, sin ganador? No se puede deshacer.
ended-public = { $who } ha terminado la partida de { $map }: no hay ganador. Empezad otra con `/ttr empezar`.
ended-private = La partida ha terminado.
leave-confirm = ¿Dejar esta partida? Un ordenador ocupa tu sitio con tus cartas y tus billetes y sigue jugando hasta que vuelvas con `/ttr volver`.
left-public = { $name } ha dejado la partida: un ordenador ocupa su sitio y sigue jugando hasta que vuelva con `/ttr volver`.
left-ended-public = { $name } ha dejado la partida. No queda nadie jugando, así que la partida termina aquí, sin ganador.
left-private = Has dejado la partida; un ordenador juega en tu sitio. Escribe `/ttr volver` aquí para recuperarlo.
left-ended-private = Has dejado la partida; no quedaba nadie más jugando, así que ha terminado.

## Turnos parados

skipped-private = Has saltado el turno de { $names }.
replaced-public = { $who } ha pasado el sitio de { $names } a un ordenador porque venció el plazo del turno. Juega en nivel normal hasta que su jugador vuelva con `/ttr volver`.
replaced-private = Ahora un ordenador juega en el sitio de { $names }.
rejoined-private = Vuelves a tener tu sitio: el ordenador ha dejado de jugarlo.
rejoined-public = { $name } ha vuelto y juega de nuevo en su sitio.
reminder = Recordatorio: { $who }, la partida lleva { $waited } esperando tu jugada.
reminder-deadline = Recordatorio: { $who }, la partida lleva { $waited } esperando tu jugada y ya ha vencido el plazo. Cualquier otro jugador de la mesa puede saltar el turno o pasar el sitio a un ordenador, que lo jugará hasta que su jugador vuelva con `/ttr volver`.
waited-under-an-hour = menos de una hora
waited-hours = { $count ->
    [one] una hora
   *[other] { $count } horas
}
waited-days = { $count ->
    [one] un día
   *[other] { $count } días
}

## Ajustes

settings-reminders = { $hours ->
    [0] En esta partida no hay recordatorios.
    [one] A quien le toca jugar se le recuerda cada hora.
   *[other] A quien le toca jugar se le recuerda cada { $hours } horas.
}
settings-deadline = { $hours ->
    [0] Los turnos no tienen plazo.
    [one] Tras una hora sin jugar, cualquier otro jugador de la mesa puede saltar el turno o pasar el sitio a un ordenador.
   *[other] Tras { $hours } horas sin jugar, cualquier otro jugador de la mesa puede saltar el turno o pasar el sitio a un ordenador.
}
settings-confirm-on = Antes de hacerte con un Recorrido o construir una Estación se pide confirmación.
settings-confirm-off = Los Recorridos y las Estaciones se hacen sin pedir confirmación.
settings-dashboard = La partida se muestra en un único mensaje de estado, siempre al día, con un aviso breve en cada turno.
settings-feed = Cada turno se publica en un mensaje nuevo con el tablero.
settings-pings-on = Los recordatorios te mencionan.
settings-pings-off = Los recordatorios no te mencionan.
settings-heads-up-on = Se te menciona cuando empieza el turno del jugador que va antes que tú.
settings-heads-up-off = No se te menciona cuando empieza el turno del jugador que va antes que tú.
settings-hints-on = Se pueden pedir pistas con `/ttr pista`.
settings-hints-off = Las pistas están desactivadas.
hints-off = Las pistas están desactivadas en esta partida. Quien la abrió puede activarlas con la opción `pistas` de `/ttr ajustes`.
hint-busy = Todavía estoy pensando (en tu pista anterior o en la jugada de un ordenador): vuelve a pedirla en un momento.
too-many-pictures = Has pedido { $most } imágenes en el último minuto, tantas como puede pedir una persona: la siguiente, dentro de { $seconds } s.
too-many-uploads = Este servidor ha subido { $most } mapas en el último minuto, el máximo: vuelve a subirlo dentro de { $seconds } s.
too-many-boards = El tablero se ha mostrado { $most } veces en este canal en el último minuto, así que este es solo para ti; el siguiente para todos, dentro de { $seconds } s.
drawing-busy = Estoy ocupado dibujando los tableros de muchas partidas: vuelve a pedirlo en un momento.
maps-need-server = Los mapas de un servidor son del servidor: usa `/ttr mapa` en uno de sus canales.
not-map-maker = Solo quien gestiona el servidor (o tiene el rol que eligió con `/ttr ajustes creadores_de_mapas:`) puede subir o borrar sus mapas.
not-links-manager = Solo quien gestiona un servidor puede activar o quitar los enlaces a las páginas de sus partidas, en uno de sus canales.
server-web-links-on = Las partidas de este servidor enlazan a sus páginas web (el tablero en directo y la repetición).
server-web-links-no-pages = Anotado para este servidor; pero este bot no sirve páginas web (quien lo administra no las ha configurado), así que ningún mensaje enlaza a una.
server-web-links-off = Las partidas de este servidor ya no enlazan a páginas web (las páginas siguen, para quien tenga su dirección).
not-server-manager = Solo quien gestiona el servidor puede elegir quién sube sus mapas.
map-file-too-big = Ese archivo pasa de { $kilobytes } KB, lo máximo que puede ocupar un archivo de mapa.
map-file-not-discords = Ese archivo no está en los servidores de archivos de Discord, así que no lo he leído.
map-file-failed = No he podido leer el archivo de Discord a tiempo; prueba a subirlo otra vez.
map-not-text = Ese archivo no es texto: un archivo de mapa es TOML (o el JSON del editor de mapas) guardado en UTF-8.
server-map-refused = { $count ->
    [one] No he guardado el mapa; hay una cosa que arreglar:
   *[other] No he guardado el mapa; hay { $count } cosas que arreglar:
}
server-map-report-more = …y { $count } más: todas las líneas están en el archivo adjunto.
server-map-added = **{ $name }** ya es uno de los mapas de este servidor: `/ttr empezar mapa:{ $id }` lo juega.
server-map-replaced = **{ $name }** sustituye al mapa `{ $id }` de este servidor; las partidas ya empezadas conservan el anterior.
server-map-unchanged = Este servidor ya tiene exactamente este mapa: **{ $name }** (`{ $id }`).
server-map-list-empty = Este servidor aún no tiene mapas propios: `/ttr mapa subir` añade uno (la guía de creadores de mapas explica cómo escribirlo).
server-map-list-heading = { $count ->
    [one] El mapa de este servidor:
   *[other] Los { $count } mapas de este servidor:
}
server-map-list-line = **{ $name }** (`{ $id }`), subido por { $user } el { $when }
server-map-shown = **{ $name }** (`{ $id }`), uno de los mapas de este servidor:
server-map-removed = **{ $name }** (`{ $id }`) ya no es uno de los mapas de este servidor; las partidas empezadas en él siguen con él.
server-map-makers-set = Además de quienes gestionan el servidor, quienes tengan { $role } ya pueden subir y borrar los mapas de este servidor.
server-map-makers-cleared = Ahora solo quienes gestionan el servidor pueden subir y borrar sus mapas.
final-hints = Pistas pedidas: { $counts }.
final-hints-of = { $name } { $count }

## Estadísticas y clasificación

stats-none = { $name } aún no ha terminado ninguna partida aquí.
stats-record = { $games } · { $wins } · { $rate } % de victorias
stats-scores = Puntuación media { $mean } · mejor { $best }
stats-favourite = Mapa favorito: { $map }
stats-move-time = Tiempo medio por jugada: { $time }
count-games = { $count ->
    [one] 1 partida
   *[other] { $count } partidas
}
count-wins = { $count ->
    [one] 1 victoria
   *[other] { $count } victorias
}
duration-seconds = { $amount } segundos
duration-minutes = { $amount } minutos
duration-hours = { $amount } horas
duration-days = { $amount } días
leaderboard-empty = Todavía no se ha terminado ninguna partida aquí: la clasificación empieza con la primera.
leaderboard-heading = **Clasificación** · { $games } terminadas · la puntuación empieza en 1500
leaderboard-page = La puntuación a lo largo del tiempo y todas las partidas: <{ $url }>
shown-late = La última jugada no se mostró aquí a tiempo; así está la partida ahora.
lobby-expired = La partida de **{ $map }** que esperaba aquí se ha cerrado tras una semana sin empezar. Abre otra con `/ttr empezar`.
