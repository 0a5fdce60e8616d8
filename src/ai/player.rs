//! What every computer player is: something that chooses one of the legal actions from a seat's view.

use std::sync::Arc;

use crate::rules::{Action, GameRng, Map, SeatView};

/// A computer player's decisions.
pub trait Player {
    /// Chooses one of `legal` (never empty: the caller only asks a seat that must act) for the seat whose view
    /// this is. `rng` is the player's own randomness.
    fn choose(&mut self, map: &Arc<Map>, view: &SeatView, legal: &[Action], rng: &mut GameRng) -> Action;
}
