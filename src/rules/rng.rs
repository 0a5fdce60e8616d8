//! The game's seeded random number generator, stored with the game so a replay is exact.

use serde::{Deserialize, Serialize};

/// SplitMix64: one `u64` of state, statistically sound for shuffling cards, and trivially serialisable.
/// Its whole state is saved with the game, so replaying the action log from the seed reproduces every shuffle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRng {
    state: u64,
}

impl GameRng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> GameRng {
        GameRng { state: seed }
    }

    /// The whole state. `GameRng::new(rng.state())` continues exactly where `rng` is, so a position written out
    /// with its state as the seed plays on identically.
    pub fn state(&self) -> u64 {
        self.state
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..n` (Lemire's method, without modulo bias). `n` must be positive.
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let mut product = u128::from(self.next_u64()) * u128::from(n);
        if (product as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (product as u64) < threshold {
                product = u128::from(self.next_u64()) * u128::from(n);
            }
        }
        (product >> 64) as usize
    }

    /// Shuffles a slice in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_shuffle() {
        let mut a: Vec<u32> = (0..50).collect();
        let mut b = a.clone();
        GameRng::new(7).shuffle(&mut a);
        GameRng::new(7).shuffle(&mut b);
        assert_eq!(a, b);
        assert_ne!(a, (0..50).collect::<Vec<_>>());
    }

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        let mut rng = GameRng::new(1);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let v = rng.below(7);
            seen[v] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
