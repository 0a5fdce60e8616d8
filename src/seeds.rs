//! Where a new game's seed comes from: a ChaCha20 key of 256 bits from the operating system's entropy, or, for
//! tests only, one computed from `TTRBOT_GAME_SEED`.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::rules::GameSeed;

/// How the games of one process are seeded.
pub enum Seeds {
    /// Every game from the operating system's entropy: nothing a player sees or knows (the clock, an interaction
    /// id, the channel) goes into it.
    Fresh,
    /// Tests only (`TTRBOT_GAME_SEED`): every game's key computed from this number, the channel, and how many games
    /// this process dealt before, so a test's deals repeat from run to run while two games never share one. Anyone
    /// who knows the number can compute every deal.
    Fixed {
        /// `TTRBOT_GAME_SEED`.
        base: u64,
        /// Games dealt so far by this process.
        dealt: AtomicU64,
    },
}

/// Never the fixed number: anyone who reads it can compute every deal.
impl std::fmt::Debug for Seeds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Seeds::Fresh => "Seeds::Fresh",
            Seeds::Fixed { .. } => "Seeds::Fixed(<redacted>)",
        })
    }
}

impl Seeds {
    /// Seeds from `TTRBOT_GAME_SEED` when it is given, else fresh ones.
    pub fn new(fixed: Option<u64>) -> Seeds {
        fixed.map_or(Seeds::Fresh, |base| Seeds::Fixed {
            base,
            dealt: AtomicU64::new(0),
        })
    }

    /// The seed of a new game in `channel`.
    ///
    /// # Errors
    /// The operating system gave no entropy (a game is never dealt from anything weaker).
    pub fn next(&self, channel: u64) -> Result<GameSeed, getrandom::Error> {
        match self {
            Seeds::Fresh => fresh(),
            Seeds::Fixed { base, dealt } => {
                let count = dealt.fetch_add(1, Ordering::Relaxed);
                let mut key = [0; 32];
                for (part, word) in key
                    .chunks_mut(8)
                    .zip([*base, channel, count, u64::from_le_bytes(*b"ttrbot!!")])
                {
                    part.copy_from_slice(&word.to_le_bytes());
                }
                Ok(GameSeed::ChaCha20(key))
            }
        }
    }
}

/// A seed nobody can compute: a ChaCha20 key from the operating system's entropy.
///
/// # Errors
/// The operating system gave no entropy.
pub fn fresh() -> Result<GameSeed, getrandom::Error> {
    let mut key = [0; 32];
    getrandom::fill(&mut key)?;
    Ok(GameSeed::ChaCha20(key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_keys_differ_and_fixed_ones_repeat_per_channel_and_count_but_never_between_games() {
        let fresh = Seeds::new(None);
        assert_ne!(fresh.next(1).unwrap(), fresh.next(1).unwrap());
        let (a, b) = (Seeds::new(Some(20_261_123)), Seeds::new(Some(20_261_123)));
        let first: Vec<GameSeed> = [5, 5, 6].iter().map(|&c| a.next(c).unwrap()).collect();
        let again: Vec<GameSeed> = [5, 5, 6].iter().map(|&c| b.next(c).unwrap()).collect();
        assert_eq!(first, again, "the same process's deals repeat");
        assert_ne!(first[0], first[1], "two games in one channel are dealt differently");
        assert_ne!(
            Seeds::new(Some(1)).next(5).unwrap(),
            Seeds::new(Some(2)).next(5).unwrap()
        );
    }
}
