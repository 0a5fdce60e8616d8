//! A seat at the table: who is who inside the rules (players' names and Discord ids live outside).

use serde::{Deserialize, Serialize};

/// A seat at the table, 0-based in turn order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat as an index into per-seat lists.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}
