//! Scripted positions: a game position written out in full, plus actions to play on it (`ttrbot replay`).
//! The fixture format of the multi-step rule tests, like a chess engine's FEN plus moves.

use crate::maps;
use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::rules::game::{FACEUP_SLOTS, SeatState, State, Step, TunnelClaim};
use crate::rules::names;
use crate::rules::scoring::{self, FinalScore};
use crate::rules::{Action, Card, CardCounts, Game, GameRng, RouteSet, Seat, TicketSet};
use crate::rules::{Map, RouteId, TicketId};

/// A script: a map, the players, a position and the actions to play.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Script {
    /// Map id.
    pub map: String,
    /// Player names, in seat order.
    pub players: Vec<String>,
    /// Seed of the random generator, used only if the discard pile is reshuffled.
    #[serde(default)]
    pub seed: u64,
    /// The position.
    pub position: Position,
    /// Actions to play, in order.
    #[serde(default)]
    pub actions: Vec<ScriptAction>,
    /// What the script shows, in words; the command ignores it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub about: Option<String>,
    /// What the test runner expects of the output; the command ignores it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect: Option<serde_json::Value>,
}

/// A full position: piles top first, `null` for an empty face-up slot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// The draw pile, top first.
    pub deck: Vec<String>,
    /// The discard pile.
    pub discard: Vec<String>,
    /// The 5 face-up slots.
    pub faceup: Vec<Option<String>>,
    /// The ticket deck, top first.
    pub ticket_deck: Vec<Vec<String>>,
    /// The seat to act.
    pub current: u8,
    /// Every seat, in turn order.
    pub seats: Vec<SeatPosition>,
    /// A decision in progress.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<Pending>,
    /// Turns left once the final round has started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_round: Option<FinalRound>,
    /// Forced passes in a row so far (a full round of them ends the game).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub passes: u8,
    /// Whether the game has ended.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub over: bool,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// One seat's holdings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatPosition {
    /// Cards by name and count.
    pub hand: BTreeMap<String, u8>,
    /// Tickets kept, as `[a, b]`.
    pub tickets: Vec<Vec<String>>,
    /// Trains left (maps without metros).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trains: Option<u8>,
    /// Trams left (maps with metros: Berlin).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trams: Option<u8>,
    /// Metro cars left (Berlin).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metros: Option<u8>,
    /// Stations left.
    #[serde(default)]
    pub stations: u8,
    /// Routes owned, as `[a, b]` or `[a, b, colour]`.
    pub routes: Vec<Vec<String>>,
    /// Cities with this seat's stations.
    #[serde(default)]
    pub station_cities: Vec<String>,
}

/// A decision in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Pending {
    /// Everyone is choosing starting tickets: each seat's offer (empty once chosen).
    StartingTickets(Vec<Vec<Vec<String>>>),
    /// The current seat drew one card and takes a second.
    SecondCard,
    /// The current seat chooses which of these tickets to keep.
    KeepTickets(Vec<Vec<String>>),
    /// The current seat pays a tunnel's extra cards or gives up.
    Tunnel {
        /// The track.
        route: Vec<String>,
        /// Cards laid.
        laid: BTreeMap<String, u8>,
        /// The three turned cards.
        turned: Vec<String>,
        /// Extra cards demanded.
        extra: u8,
    },
}

/// The final round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FinalRound {
    /// Turns left before the game ends.
    pub turns_left: u8,
}

/// One scripted action: who, and what (names as on the board).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
pub enum ScriptAction {
    /// Take the top card of the draw pile.
    DrawBlind {
        /// Who.
        seat: u8,
    },
    /// Take a face-up card (slot 0 to 4, as listed in `faceup`).
    DrawFaceup {
        /// Who.
        seat: u8,
        /// The slot.
        slot: u8,
    },
    /// Claim a route.
    Claim {
        /// Who.
        seat: u8,
        /// `[a, b]` or `[a, b, colour]`.
        route: Vec<String>,
        /// The payment.
        cards: BTreeMap<String, u8>,
    },
    /// Pay a tunnel's extra cards.
    PayTunnel {
        /// Who.
        seat: u8,
        /// The extra cards.
        cards: BTreeMap<String, u8>,
    },
    /// Give up a tunnel.
    DeclineTunnel {
        /// Who.
        seat: u8,
    },
    /// Draw destination tickets.
    DrawTickets {
        /// Who.
        seat: u8,
    },
    /// Keep these tickets of those offered.
    KeepTickets {
        /// Who.
        seat: u8,
        /// Tickets as `[a, b]`.
        tickets: Vec<Vec<String>>,
    },
    /// Build a station.
    BuildStation {
        /// Who.
        seat: u8,
        /// The city.
        city: String,
        /// The payment.
        cards: BTreeMap<String, u8>,
    },
    /// Pass.
    Pass {
        /// Who.
        seat: u8,
    },
}

/// One action's result: `"ok"`, or the refusal's stable code and the player's sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Outcome {
    /// Accepted (serialised as the string `"ok"`).
    Ok(OkMarker),
    /// Refused: the game did not change.
    Rejected {
        /// The rule error's code.
        rejected: String,
        /// What the player reads.
        reason: String,
    },
}

/// The string `"ok"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OkMarker {
    /// Accepted.
    Ok,
}

/// Scores in the output: running route points per seat, or the full scoring once the game is over.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Scores {
    /// Route points so far, per seat.
    Running(Vec<u16>),
    /// The full final scoring, as `ttrbot score` prints it.
    Final(FinalScoring),
}

/// The full final scoring.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FinalScoring {
    /// Per seat, with the player's name.
    pub players: Vec<NamedScore>,
    /// Seats from winner to last.
    pub ranking: Vec<usize>,
}

/// A player's name with their final score, fields flattened.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NamedScore {
    /// The name.
    pub name: String,
    /// The score.
    #[serde(flatten)]
    pub score: FinalScore,
}

/// What `ttrbot replay` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// One per action.
    pub results: Vec<Outcome>,
    /// The position after the last action.
    pub position: Position,
    /// The random generator's state after the last action: use it as `seed` to play on from `position`.
    pub seed: u64,
    /// The scores.
    pub scores: Scores,
}

/// Parses a script, builds its position and plays its actions.
///
/// # Errors
/// A one-line reason: malformed JSON, an unknown map, card, city, route or ticket, a position that breaks
/// conservation, or an action missing a field.
pub fn run(text: &str) -> Result<Report, String> {
    let (script, game, results) = play(text)?;
    Ok(Report {
        results,
        position: write(&game),
        seed: game.state().rng.state(),
        scores: scores(&game, &script.players),
    })
}

/// Parses a script, builds its position and plays its actions: the script, the game after them, and each
/// action's outcome (a refused action changes nothing and play goes on).
///
/// # Errors
/// As [`run`].
pub fn play(text: &str) -> Result<(Script, Game, Vec<Outcome>), String> {
    let script: Script = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let map = maps::builtin(&script.map).map_err(|e| e.to_string())?;
    let mut game = load(&map, &script.players, &script.position, script.seed)?;
    let mut results = Vec::with_capacity(script.actions.len());
    for (i, step) in script.actions.iter().enumerate() {
        let (seat, action) = action(&game, step).map_err(|e| format!("action {}: {e}", i + 1))?;
        results.push(match game.apply(seat, action) {
            Ok(_) => Outcome::Ok(OkMarker::Ok),
            Err(e) => Outcome::Rejected {
                rejected: e.code().to_string(),
                reason: e.to_string(),
            },
        });
    }
    Ok((script, game, results))
}

/// The scores part of a report.
pub fn scores(game: &Game, players: &[String]) -> Scores {
    match game.final_scores() {
        None => Scores::Running(game.state().seats.iter().map(|s| s.route_points).collect()),
        Some(final_scores) => {
            let ranking = scoring::ranking(game.map(), &game.holdings(), &final_scores);
            Scores::Final(FinalScoring {
                players: players
                    .iter()
                    .zip(final_scores)
                    .map(|(name, score)| NamedScore {
                        name: name.clone(),
                        score,
                    })
                    .collect(),
                ranking,
            })
        }
    }
}

fn card(map: &Map, name: &str) -> Result<Card, String> {
    Card::from_name(&name.to_lowercase(), map.rules.wild)
        .ok_or_else(|| format!("unknown card \"{name}\" (the colours, or \"{}\")", map.rules.wild))
}

fn cards(map: &Map, named: &BTreeMap<String, u8>) -> Result<CardCounts, String> {
    let mut counts = CardCounts::EMPTY;
    for (name, &n) in named {
        let c = card(map, name)?;
        let total = u16::from(counts.get(c)) + u16::from(n);
        counts.0[c.index()] = u8::try_from(total).map_err(|_| format!("too many {name} cards"))?;
    }
    Ok(counts)
}

fn card_names(map: &Map, counts: &CardCounts) -> BTreeMap<String, u8> {
    counts
        .iter()
        .map(|(c, n)| (c.name(map.rules.wild).to_string(), n))
        .collect()
}

/// Builds and checks a game from a written position.
///
/// # Errors
/// A one-line reason when a name is unknown or the position breaks conservation.
pub fn load(map: &Arc<Map>, players: &[String], p: &Position, seed: u64) -> Result<Game, String> {
    let rules = &map.rules;
    if players.len() != p.seats.len() {
        return Err(format!(
            "{} players but {} seats in the position",
            players.len(),
            p.seats.len()
        ));
    }
    if p.faceup.len() != FACEUP_SLOTS {
        return Err(format!(
            "the face-up row has {} slots, not {FACEUP_SLOTS}",
            p.faceup.len()
        ));
    }
    let mut ticket_used = vec![false; map.tickets.len()];
    let take_ticket = |spec: &Vec<String>, used: &mut [bool]| -> Result<TicketId, String> {
        let id = names::ticket(map, spec, |t| !used[usize::from(t.0)])?;
        used[usize::from(id.0)] = true;
        Ok(id)
    };
    let tickets: VecDeque<TicketId> = p
        .ticket_deck
        .iter()
        .map(|t| take_ticket(t, &mut ticket_used))
        .collect::<Result<_, _>>()?;
    let mut owners: Vec<Option<Seat>> = vec![None; map.routes.len()];
    let uses_metros = rules.metros > 0;
    let mut seats = Vec::with_capacity(p.seats.len());
    for (i, s) in p.seats.iter().enumerate() {
        let seat = Seat(i as u8);
        let who = format!("seat {i} ({})", players[i]);
        let mut routes = RouteSet::EMPTY;
        let mut route_points = 0u16;
        for spec in &s.routes {
            let id =
                names::route(map, spec, |r| owners[usize::from(r.0)].is_none()).map_err(|e| format!("{who}: {e}"))?;
            owners[usize::from(id.0)] = Some(seat);
            routes.insert(id);
            route_points += map.route(id).points;
        }
        let (trains, metros) = match (uses_metros, s.trains, s.trams, s.metros) {
            (false, Some(t), None, None) => (t, 0),
            (true, None, Some(t), Some(m)) => (t, m),
            (false, ..) => {
                return Err(format!(
                    "{who}: give \"trains\" (and no trams or metros) on {}",
                    map.name
                ));
            }
            (true, ..) => return Err(format!("{who}: give \"trams\" and \"metros\" on {}", map.name)),
        };
        let station_cities = s
            .station_cities
            .iter()
            .map(|c| names::city(map, c))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("{who}: {e}"))?;
        let kept = s
            .tickets
            .iter()
            .map(|t| take_ticket(t, &mut ticket_used))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("{who}: {e}"))?;
        seats.push(SeatState {
            hand: cards(map, &s.hand).map_err(|e| format!("{who}: {e}"))?,
            tickets: kept,
            offer: Vec::new(),
            trains,
            metros,
            stations: s.stations,
            station_cities,
            routes,
            route_points,
        });
    }
    let current = Seat(p.current);
    if current.index() >= seats.len() {
        return Err(format!("current seat {} is not at the table", p.current));
    }
    let step = match &p.pending {
        _ if p.over => Step::Over,
        None => Step::Turn,
        Some(Pending::SecondCard) => Step::SecondCard,
        Some(Pending::KeepTickets(offer)) => {
            seats[current.index()].offer = offer
                .iter()
                .map(|t| take_ticket(t, &mut ticket_used))
                .collect::<Result<_, _>>()?;
            Step::KeepTickets
        }
        Some(Pending::StartingTickets(offers)) => {
            if offers.len() != seats.len() {
                return Err("starting_tickets needs one offer per seat".into());
            }
            for (seat, offer) in seats.iter_mut().zip(offers) {
                seat.offer = offer
                    .iter()
                    .map(|t| take_ticket(t, &mut ticket_used))
                    .collect::<Result<_, _>>()?;
            }
            Step::StartingTickets
        }
        Some(Pending::Tunnel {
            route,
            laid,
            turned,
            extra,
        }) => {
            let id = *names::routes(map, route)?
                .first()
                .expect("routes() returns at least one");
            Step::Tunnel(TunnelClaim {
                route: id,
                laid: cards(map, laid)?,
                turned: turned.iter().map(|c| card(map, c)).collect::<Result<_, _>>()?,
                extra: *extra,
            })
        }
    };
    let removed_tickets = (0..map.tickets.len())
        .filter(|&i| !ticket_used[i])
        .map(|i| TicketId(i as u16))
        .collect();
    let named_cards = |list: &[String]| list.iter().map(|c| card(map, c)).collect::<Result<Vec<_>, _>>();
    let mut deck = named_cards(&p.deck)?;
    deck.reverse();
    let mut faceup = [None; FACEUP_SLOTS];
    for (slot, c) in p.faceup.iter().enumerate() {
        faceup[slot] = c.as_deref().map(|c| card(map, c)).transpose()?;
    }
    let state = State {
        map: map.id.clone(),
        rng: GameRng::new(seed),
        deck,
        discard: named_cards(&p.discard)?,
        faceup,
        tickets,
        removed_tickets,
        seats,
        owners,
        current,
        step,
        final_turns_left: p.final_round.as_ref().map(|f| f.turns_left),
        passes_in_a_row: p.passes,
        turn: 0,
        last_claim: None,
    };
    Game::from_state(Arc::clone(map), state).map_err(|e| format!("the position breaks conservation: {e}"))
}

/// Writes a game's position in the script format.
pub fn write(game: &Game) -> Position {
    let map = game.map();
    let s = game.state();
    let name = |c: &Card| c.name(map.rules.wild).to_string();
    let tickets = |ids: &[TicketId]| ids.iter().map(|&t| names::ticket_spec(map, t)).collect::<Vec<_>>();
    let uses_metros = map.rules.metros > 0;
    let pending = match &s.step {
        Step::Turn | Step::Over => None,
        Step::SecondCard => Some(Pending::SecondCard),
        Step::KeepTickets => Some(Pending::KeepTickets(tickets(&s.seats[s.current.index()].offer))),
        Step::StartingTickets => Some(Pending::StartingTickets(
            s.seats.iter().map(|seat| tickets(&seat.offer)).collect(),
        )),
        Step::Tunnel(t) => Some(Pending::Tunnel {
            route: names::route_spec(map, t.route),
            laid: card_names(map, &t.laid),
            turned: t.turned.iter().map(name).collect(),
            extra: t.extra,
        }),
    };
    Position {
        deck: s.deck.iter().rev().map(name).collect(),
        discard: s.discard.iter().map(name).collect(),
        faceup: s.faceup.iter().map(|c| c.as_ref().map(name)).collect(),
        ticket_deck: s.tickets.iter().map(|&t| names::ticket_spec(map, t)).collect(),
        current: s.current.0,
        seats: s
            .seats
            .iter()
            .map(|seat| SeatPosition {
                hand: card_names(map, &seat.hand),
                tickets: tickets(&seat.tickets),
                trains: (!uses_metros).then_some(seat.trains),
                trams: uses_metros.then_some(seat.trains),
                metros: uses_metros.then_some(seat.metros),
                stations: seat.stations,
                routes: seat.routes.iter().map(|r| names::route_spec(map, r)).collect(),
                station_cities: seat.station_cities.iter().map(|&c| map.city(c).name.clone()).collect(),
            })
            .collect(),
        pending,
        final_round: s.final_turns_left.map(|turns_left| FinalRound { turns_left }),
        passes: s.passes_in_a_row,
        over: s.step == Step::Over,
    }
}

/// Turns a scripted action into a seat and an engine action, resolving names.
///
/// # Errors
/// An unknown card, city, route or ticket.
pub fn action(game: &Game, step: &ScriptAction) -> Result<(Seat, Action), String> {
    let map = game.map();
    Ok(match step {
        ScriptAction::DrawBlind { seat } => (Seat(*seat), Action::DrawBlind),
        ScriptAction::DrawFaceup { seat, slot } => (Seat(*seat), Action::DrawFaceup { slot: *slot }),
        ScriptAction::Claim {
            seat,
            route,
            cards: paid,
        } => {
            let tracks = names::routes(map, route)?;
            // The first free track; if all are taken, the first, so the engine explains the refusal.
            let id: RouteId = tracks
                .iter()
                .copied()
                .find(|r| game.state().owners[usize::from(r.0)].is_none())
                .unwrap_or(tracks[0]);
            (
                Seat(*seat),
                Action::Claim {
                    route: id,
                    cards: cards(map, paid)?,
                },
            )
        }
        ScriptAction::PayTunnel { seat, cards: paid } => (
            Seat(*seat),
            Action::PayTunnel {
                cards: cards(map, paid)?,
            },
        ),
        ScriptAction::DeclineTunnel { seat } => (Seat(*seat), Action::DeclineTunnel),
        ScriptAction::DrawTickets { seat } => (Seat(*seat), Action::DrawTickets),
        ScriptAction::KeepTickets { seat, tickets } => {
            let offer: Vec<TicketId> = game
                .state()
                .seats
                .get(usize::from(*seat))
                .map(|s| s.offer.clone())
                .unwrap_or_default();
            let mut chosen = TicketSet::EMPTY;
            for spec in tickets {
                // Prefer a copy from the seat's offer; any other copy is named so the engine can refuse it.
                let id = names::ticket(map, spec, |t| offer.contains(&t) && !chosen.contains(t))
                    .or_else(|_| names::ticket(map, spec, |_| true))?;
                chosen.insert(id);
            }
            (Seat(*seat), Action::KeepTickets { tickets: chosen })
        }
        ScriptAction::BuildStation {
            seat,
            city,
            cards: paid,
        } => (
            Seat(*seat),
            Action::BuildStation {
                city: names::city(map, city)?,
                cards: cards(map, paid)?,
            },
        ),
        ScriptAction::Pass { seat } => (Seat(*seat), Action::Pass),
    })
}

/// Writes an engine action in the script format, by name (the inverse of [`action`]).
pub fn script_action(game: &Game, seat: Seat, action: Action) -> ScriptAction {
    let map = game.map();
    let seat = seat.0;
    match action {
        Action::DrawBlind => ScriptAction::DrawBlind { seat },
        Action::DrawFaceup { slot } => ScriptAction::DrawFaceup { seat, slot },
        Action::Claim { route, cards } => ScriptAction::Claim {
            seat,
            route: names::route_spec(map, route),
            cards: card_names(map, &cards),
        },
        Action::PayTunnel { cards } => ScriptAction::PayTunnel {
            seat,
            cards: card_names(map, &cards),
        },
        Action::DeclineTunnel => ScriptAction::DeclineTunnel { seat },
        Action::DrawTickets => ScriptAction::DrawTickets { seat },
        Action::KeepTickets { tickets } => ScriptAction::KeepTickets {
            seat,
            tickets: (0..map.tickets.len() as u16)
                .map(TicketId)
                .filter(|&t| tickets.contains(t))
                .map(|t| names::ticket_spec(map, t))
                .collect(),
        },
        Action::BuildStation { city, cards } => ScriptAction::BuildStation {
            seat,
            city: map.city(city).name.clone(),
            cards: card_names(map, &cards),
        },
        Action::Pass => ScriptAction::Pass { seat },
    }
}
