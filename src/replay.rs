//! Scripts for `ttrbot replay`: a position written out in full ([`crate::rules::position`]) plus actions to play on
//! it, by name. The fixture format of the multi-step rule tests, like a chess engine's FEN plus moves.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::maps;
use crate::rules::position::{Position, card_names, cards};
use crate::rules::scoring::FinalScore;
use crate::rules::{Action, Game, RouteId, Seat, TicketId, TicketSet, names};
use crate::text::{self, Lang};

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
    /// The position the actions start from.
    pub position: Position,
    /// Actions to play, in order.
    #[serde(default)]
    pub actions: Vec<ScriptAction>,
    /// What the script shows, in words; the command ignores it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub about: Option<String>,
}

/// One scripted action: who, and what (names as on the board).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
pub enum ScriptAction {
    /// Take the top card of the draw pile.
    DrawBlind {
        /// The seat acting, 0-based in turn order.
        seat: u8,
    },
    /// Take a face-up card (slot 0 to 4, as listed in `faceup`).
    DrawFaceup {
        /// The seat acting, 0-based in turn order.
        seat: u8,
        /// The face-up slot, 0 to 4 as listed in `faceup`.
        slot: u8,
    },
    /// Claim a route.
    Claim {
        /// The seat acting, 0-based in turn order.
        seat: u8,
        /// `[a, b]` or `[a, b, colour]`.
        route: Vec<String>,
        /// The cards paid, by name and count.
        cards: BTreeMap<String, u8>,
    },
    /// Pay a tunnel's extra cards.
    PayTunnel {
        /// The seat acting, 0-based in turn order.
        seat: u8,
        /// The extra cards.
        cards: BTreeMap<String, u8>,
    },
    /// Give up a tunnel.
    DeclineTunnel {
        /// The seat acting, 0-based in turn order.
        seat: u8,
    },
    /// Draw destination tickets.
    DrawTickets {
        /// The seat acting, 0-based in turn order.
        seat: u8,
    },
    /// Keep these tickets of those offered.
    KeepTickets {
        /// The seat acting, 0-based in turn order.
        seat: u8,
        /// Tickets as `[a, b]`.
        tickets: Vec<Vec<String>>,
    },
    /// Build a station.
    BuildStation {
        /// The seat acting, 0-based in turn order.
        seat: u8,
        /// The city, by name.
        city: String,
        /// The cards paid, by name and count.
        cards: BTreeMap<String, u8>,
    },
    /// Pass: accepted only when nothing else is possible.
    Pass {
        /// The seat acting, 0-based in turn order.
        seat: u8,
    },
    /// The table skips this seat's turn after its deadline (what it was in the middle of ends at least cost).
    Skip {
        /// The seat skipped, 0-based in turn order.
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
    /// The action was accepted.
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
    /// The player's name, from the script.
    pub name: String,
    /// Their final score, every part of it.
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
    /// The random generator's state after the last action: use it as `seed` to play on from `position` (a script's
    /// game is always dealt by SplitMix64 from its `seed`, so this is always there).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Running route points, or the full final scoring once the game is over.
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
        position: game.to_position(),
        seed: game.rng_state(),
        scores: scores(&game, &script.players),
    })
}

/// Longest part of a JSON error's message kept: serde quotes the offending value, which may be megabytes long.
const JSON_ERROR_CHARS: usize = 160;

/// A JSON error as one short line: the message (the quoted value cut short) and where it is in the file.
pub fn json_error(e: &serde_json::Error) -> String {
    let full = e.to_string();
    let position = format!(" at line {} column {}", e.line(), e.column());
    let message = full.strip_suffix(&position).unwrap_or(&full);
    let message = match message.char_indices().nth(JSON_ERROR_CHARS) {
        Some((cut, _)) => format!("{}…", &message[..cut]),
        None => message.to_string(),
    };
    if e.line() == 0 {
        message
    } else {
        format!("{message}{position}")
    }
}

/// Parses a script, builds its position and plays its actions: the script, the game after them, and each
/// action's outcome (a refused action changes nothing and play goes on).
///
/// # Errors
/// As [`run`].
pub fn play(text: &str) -> Result<(Script, Game, Vec<Outcome>), String> {
    let script: Script = serde_json::from_str(text).map_err(|e| json_error(&e))?;
    let map = maps::builtin(&script.map).map_err(|e| e.to_string())?;
    let mut game = Game::from_position(&map, &script.players, &script.position, script.seed)?;
    let mut results = Vec::with_capacity(script.actions.len());
    for (i, step) in script.actions.iter().enumerate() {
        let (seat, action) = action(&game, step).map_err(|e| format!("action {}: {e}", i + 1))?;
        results.push(match game.apply(seat, action) {
            Ok(_) => Outcome::Ok(OkMarker::Ok),
            Err(e) => Outcome::Rejected {
                rejected: e.code().to_string(),
                reason: text::rule_error(Lang::En, game.map(), &e),
            },
        });
    }
    Ok((script, game, results))
}

/// The scores part of a report.
pub fn scores(game: &Game, players: &[String]) -> Scores {
    let view = game.public_view();
    match view.result {
        None => Scores::Running(view.seats.iter().map(|s| s.route_points).collect()),
        Some(result) => Scores::Final(FinalScoring {
            players: players
                .iter()
                .zip(result.scores)
                .map(|(name, score)| NamedScore {
                    name: name.clone(),
                    score,
                })
                .collect(),
            ranking: result.ranking,
        }),
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
            let tracks = names::routes(map, route).map_err(|e| e.to_string())?;
            // The first free track; if all are taken, the first, so the engine explains the refusal.
            let id: RouteId = tracks
                .iter()
                .copied()
                .find(|&r| game.owner(r).is_none())
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
            let offer: Vec<TicketId> = if usize::from(*seat) < game.players() {
                game.seat_view(Seat(*seat)).offer
            } else {
                Vec::new()
            };
            let mut chosen = TicketSet::EMPTY;
            for spec in tickets {
                // Prefer a copy from the seat's offer; any other copy is named so the engine can refuse it.
                let id = names::ticket(map, spec, |t| offer.contains(&t) && !chosen.contains(t))
                    .or_else(|_| names::ticket(map, spec, |_| true))
                    .map_err(|e| e.to_string())?;
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
                city: names::city(map, city).map_err(|e| e.to_string())?,
                cards: cards(map, paid)?,
            },
        ),
        ScriptAction::Pass { seat } => (Seat(*seat), Action::Pass),
        ScriptAction::Skip { seat } => (Seat(*seat), Action::Skip),
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
        Action::Skip => ScriptAction::Skip { seat },
    }
}
