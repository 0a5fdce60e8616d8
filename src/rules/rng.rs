//! The game's random number generator and its seed, stored with the game so a replay is exact.

use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// What a game's generator starts from. Its `Debug` never shows a key.
#[derive(Clone, PartialEq, Eq)]
pub enum GameSeed {
    /// SplitMix64 from 64 bits: games stored before ChaCha20 (they play on with it), scripted positions,
    /// simulations and tests. 64 bits can be searched: never for a game people play in Discord.
    SplitMix64(u64),
    /// ChaCha20 keyed by 256 bits: every game the bot deals. Nobody can compute the deck without the key, which
    /// never leaves the server (the database keeps it with the game).
    ChaCha20([u8; 32]),
}

impl From<u64> for GameSeed {
    fn from(seed: u64) -> GameSeed {
        GameSeed::SplitMix64(seed)
    }
}

impl std::fmt::Debug for GameSeed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameSeed::SplitMix64(_) => f.write_str("GameSeed::SplitMix64(..)"),
            GameSeed::ChaCha20(_) => f.write_str("GameSeed::ChaCha20(..)"),
        }
    }
}

impl GameSeed {
    /// A ChaCha20 key as stored: `chacha20:` and 64 hexadecimal digits (a SplitMix64 seed is stored as a number,
    /// as it always was: `None`).
    pub fn key_text(&self) -> Option<String> {
        match self {
            GameSeed::SplitMix64(_) => None,
            GameSeed::ChaCha20(key) => Some(format!("chacha20:{}", hex(key))),
        }
    }

    /// Reads [`GameSeed::key_text`]'s text back.
    ///
    /// # Errors
    /// A sentence saying what is wrong with the text (the text itself is not repeated: it is a secret).
    pub fn from_key_text(text: &str) -> Result<GameSeed, String> {
        let digits = text
            .strip_prefix("chacha20:")
            .ok_or("a stored game key names no generator this version knows")?;
        Ok(GameSeed::ChaCha20(
            unhex(digits).ok_or("a stored ChaCha20 key is not 64 hexadecimal digits")?,
        ))
    }
}

/// The game's generator: shuffles the deck and the tickets, picks the first player, reshuffles the discard pile.
/// Its whole state is saved with the game, so replaying the action log from the seed reproduces every shuffle.
/// Computer players and simulations use it too, always as SplitMix64 (fast, and nothing of theirs is secret).
#[derive(Clone, PartialEq, Eq)]
pub struct GameRng(Generator);

#[derive(Clone, PartialEq, Eq)]
enum Generator {
    /// SplitMix64: one `u64` of state, statistically sound for shuffling cards.
    SplitMix64 { state: u64 },
    /// ChaCha20 (boxed: a game of computer players is cloned for every play-out, and those are SplitMix64).
    ChaCha20(Box<ChaCha20Rng>),
}

impl GameRng {
    /// A SplitMix64 generator started from `seed`.
    pub fn new(seed: u64) -> GameRng {
        GameRng(Generator::SplitMix64 { state: seed })
    }

    /// A generator started from `seed`, of the kind it names.
    pub fn from_seed(seed: &GameSeed) -> GameRng {
        match seed {
            GameSeed::SplitMix64(seed) => GameRng::new(*seed),
            GameSeed::ChaCha20(key) => GameRng(Generator::ChaCha20(Box::new(ChaCha20Rng::from_seed(*key)))),
        }
    }

    /// A SplitMix64 generator's whole state: `GameRng::new(state)` continues exactly where this one is, so a
    /// position written out with it as its seed plays on identically. `None` for ChaCha20, whose key is never
    /// written out.
    pub fn splitmix_state(&self) -> Option<u64> {
        match &self.0 {
            Generator::SplitMix64 { state } => Some(*state),
            Generator::ChaCha20(_) => None,
        }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        match &mut self.0 {
            Generator::SplitMix64 { state } => {
                *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = *state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            }
            Generator::ChaCha20(chacha) => chacha.next_u64(),
        }
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

/// Names the kind only: the state is the deck's future.
impl std::fmt::Debug for GameRng {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Generator::SplitMix64 { .. } => f.write_str("GameRng::SplitMix64(..)"),
            Generator::ChaCha20(_) => f.write_str("GameRng::ChaCha20(..)"),
        }
    }
}

/// The generator as the snapshot stores it: SplitMix64 as it always was (`{"state": n}`), ChaCha20 as its key and
/// how many 32-bit words of its stream were used (a decimal string: the count is a `u128`).
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum Stored {
    ChaCha20 { chacha20: StoredChaCha },
    SplitMix64 { state: u64 },
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StoredChaCha {
    key: String,
    word_pos: String,
}

impl Serialize for GameRng {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            Generator::SplitMix64 { state } => Stored::SplitMix64 { state: *state },
            Generator::ChaCha20(chacha) => Stored::ChaCha20 {
                chacha20: StoredChaCha {
                    key: hex(&chacha.get_seed()),
                    word_pos: chacha.get_word_pos().to_string(),
                },
            },
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for GameRng {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameRng, D::Error> {
        use serde::de::Error;
        Ok(match Stored::deserialize(deserializer)? {
            Stored::SplitMix64 { state } => GameRng::new(state),
            Stored::ChaCha20 { chacha20 } => {
                let key = unhex(&chacha20.key).ok_or_else(|| D::Error::custom("a ChaCha20 key of 64 hex digits"))?;
                let word_pos: u128 = chacha20
                    .word_pos
                    .parse()
                    .map_err(|_| D::Error::custom("a ChaCha20 word position in decimal"))?;
                let mut chacha = ChaCha20Rng::from_seed(key);
                chacha.set_word_pos(word_pos);
                GameRng(Generator::ChaCha20(Box::new(chacha)))
            }
        })
    }
}

fn hex(bytes: &[u8; 32]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<[u8; 32]> {
    let text = text.as_bytes();
    if text.len() != 64 || !text.iter().all(u8::is_ascii_hexdigit) {
        return None;
    }
    let mut key = [0; 32];
    for (byte, pair) in key.iter_mut().zip(text.chunks(2)) {
        *byte = u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok()?;
    }
    Some(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_shuffle() {
        for seed in [GameSeed::SplitMix64(7), GameSeed::ChaCha20([7; 32])] {
            let mut a: Vec<u32> = (0..50).collect();
            let mut b = a.clone();
            GameRng::from_seed(&seed).shuffle(&mut a);
            GameRng::from_seed(&seed).shuffle(&mut b);
            assert_eq!(a, b);
            assert_ne!(a, (0..50).collect::<Vec<_>>());
        }
    }

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        for seed in [GameSeed::SplitMix64(1), GameSeed::ChaCha20([1; 32])] {
            let mut rng = GameRng::from_seed(&seed);
            let mut seen = [false; 7];
            for _ in 0..1000 {
                let v = rng.below(7);
                seen[v] = true;
            }
            assert!(seen.iter().all(|&s| s));
        }
    }

    #[test]
    fn a_stored_generator_goes_on_exactly_where_it_stopped_whatever_its_kind() {
        let key: [u8; 32] = std::array::from_fn(|i| (i * 37 + 11) as u8);
        for seed in [GameSeed::SplitMix64(99), GameSeed::ChaCha20(key)] {
            // Stopped after an odd number of 32-bit words too (a shuffle's last draw may end mid-block).
            for used in [0, 1, 7, 8, 33] {
                let mut rng = GameRng::from_seed(&seed);
                (0..used).for_each(|_| {
                    rng.below(1 + used);
                });
                let stored = serde_json::to_string(&rng).unwrap();
                let mut restored: GameRng = serde_json::from_str(&stored).unwrap();
                assert_eq!(restored, rng);
                let ahead: Vec<u64> = (0..20).map(|_| rng.next_u64()).collect();
                let again: Vec<u64> = (0..20).map(|_| restored.next_u64()).collect();
                assert_eq!(ahead, again, "{seed:?} after {used}");
            }
        }
        // SplitMix64 is stored as it always was: snapshots written before ChaCha20 read, and older binaries read
        // these.
        assert_eq!(serde_json::to_string(&GameRng::new(5)).unwrap(), r#"{"state":5}"#);
    }

    #[test]
    fn neither_a_key_nor_a_state_shows_in_debug_output() {
        let seed = GameSeed::ChaCha20([0xab; 32]);
        let shown = format!(
            "{seed:?} {:?} {:?}",
            GameRng::from_seed(&seed),
            GameRng::new(123_456_789)
        );
        assert!(
            !shown.contains("ab") && !shown.contains("171") && !shown.contains("123456789"),
            "{shown}"
        );
    }

    #[test]
    fn a_key_is_stored_as_text_and_read_back() {
        let seed = GameSeed::ChaCha20(std::array::from_fn(|i| i as u8));
        let text = seed.key_text().unwrap();
        assert_eq!(text.len(), "chacha20:".len() + 64);
        assert_eq!(GameSeed::from_key_text(&text), Ok(seed));
        assert_eq!(GameSeed::SplitMix64(3).key_text(), None);
        for wrong in ["", "chacha20:", "chacha20:zz", "chacha8:00", &text[..text.len() - 1]] {
            assert!(GameSeed::from_key_text(wrong).is_err(), "{wrong:?}");
        }
    }
}
