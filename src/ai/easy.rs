//! The weakest players: any legal move (a yardstick), and the easy player, who claims toward its tickets, draws
//! otherwise, and slips now and then.

use std::sync::Arc;

use super::player::Player;
use super::sight::Sight;
use crate::rules::{Action, GameRng, Map, SeatView, Step};

/// Any legal action.
pub struct RandomPlayer;

impl Player for RandomPlayer {
    fn choose(&mut self, _map: &Arc<Map>, _view: &SeatView, legal: &[Action], rng: &mut GameRng) -> Action {
        legal[rng.below(legal.len())]
    }
}

/// Claims toward its tickets when it can, draws otherwise, and now and then does something else.
pub struct EasyPlayer;

impl Player for EasyPlayer {
    fn choose(&mut self, map: &Arc<Map>, view: &SeatView, legal: &[Action], rng: &mut GameRng) -> Action {
        // One decision in eight is a slip: any legal action.
        if rng.below(8) == 0 {
            return legal[rng.below(legal.len())];
        }
        let sight = Sight::remembered(map, view);
        let decided = match &view.public.phase {
            // Keeps the fewest tickets it may, whichever they are.
            _ if !view.offer.is_empty() => legal
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::KeepTickets { .. }))
                .min_by_key(|a| match a {
                    Action::KeepTickets { tickets } => tickets.len(),
                    _ => usize::MAX,
                }),
            Step::Tunnel(_) => legal.iter().copied().find(|a| matches!(a, Action::PayTunnel { .. })),
            Step::SecondCard => None,
            _ => legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Claim { route, .. } if sight.plan.routes.contains(route))),
        };
        decided.filter(|a| legal.contains(a)).unwrap_or_else(|| {
            let draws: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::DrawBlind | Action::DrawFaceup { .. }))
                .collect();
            if draws.is_empty() {
                legal[rng.below(legal.len())]
            } else {
                draws[rng.below(draws.len())]
            }
        })
    }
}
