//! Gateway shards: which servers' events a bot process receives, and so which games it answers for.

use std::fmt;

/// A range of Discord gateway shards run by one process, out of a total: `TTRBOT_SHARDS=FIRST-LAST/TOTAL`.
///
/// Discord sends the events of server `g` to shard `(g >> 22) % total`, and direct messages to shard 0, so a game
/// (which lives in one channel of one server) belongs to exactly one shard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    /// The first shard run here.
    pub first: u32,
    /// The last shard run here (inclusive).
    pub last: u32,
    /// How many shards the bot has in all, over every process.
    pub total: u32,
}

impl Shards {
    /// Every shard of a bot that has `total` of them, in one process.
    pub fn all(total: u32) -> Shards {
        Shards {
            first: 0,
            last: total.max(1) - 1,
            total: total.max(1),
        }
    }

    /// Reads `FIRST-LAST/TOTAL` (or `N/TOTAL` for one shard).
    ///
    /// # Errors
    /// A sentence saying what is wrong with the text.
    pub fn parse(text: &str) -> Result<Shards, String> {
        let wrong = || format!("TTRBOT_SHARDS must read FIRST-LAST/TOTAL, such as 0-1/4, not {text:?}");
        let (range, total) = text.trim().split_once('/').ok_or_else(wrong)?;
        let (first, last) = range.split_once('-').unwrap_or((range, range));
        let number = |s: &str| s.trim().parse::<u32>().map_err(|_| wrong());
        let (first, last, total) = (number(first)?, number(last)?, number(total)?);
        if total == 0 || first > last || last >= total {
            return Err(format!(
                "TTRBOT_SHARDS {text:?}: shards are numbered from 0 to TOTAL - 1, first no later than last"
            ));
        }
        Ok(Shards { first, last, total })
    }

    /// The shard that receives the events of `guild` (`None`: a direct message, shard 0), out of `total`.
    pub fn shard_of(guild: Option<u64>, total: u32) -> u32 {
        guild.map_or(0, |g| ((g >> 22) % u64::from(total.max(1))) as u32)
    }

    /// Whether this process receives the events of `guild`.
    pub fn serves(&self, guild: Option<u64>) -> bool {
        (self.first..=self.last).contains(&Shards::shard_of(guild, self.total))
    }

    /// How many shards run here.
    pub fn count(&self) -> u32 {
        self.last - self.first + 1
    }
}

impl fmt::Display for Shards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}/{}", self.first, self.last, self.total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_as_written_and_wrong_ones_are_refused() {
        assert_eq!(
            Shards::parse("0-1/4"),
            Ok(Shards {
                first: 0,
                last: 1,
                total: 4
            })
        );
        assert_eq!(
            Shards::parse("3/4"),
            Ok(Shards {
                first: 3,
                last: 3,
                total: 4
            })
        );
        for wrong in ["", "4/4", "2-1/4", "0-1", "a-b/c", "0/0", "1-5/4"] {
            assert!(Shards::parse(wrong).is_err(), "{wrong:?} was accepted");
        }
    }

    #[test]
    fn a_server_belongs_to_the_shard_discord_sends_its_events_to() {
        // Discord's documented example: server 197038439483310086 on 2 shards is shard 0... computed here.
        let guild = 197_038_439_483_310_086_u64;
        assert_eq!(Shards::shard_of(Some(guild), 2), ((guild >> 22) % 2) as u32);
        assert_eq!(Shards::shard_of(None, 8), 0, "direct messages go to shard 0");
        let halves = [Shards::parse("0/2").unwrap(), Shards::parse("1/2").unwrap()];
        for g in [1_u64 << 22, 2 << 22, 3 << 22, guild] {
            assert_eq!(halves.iter().filter(|s| s.serves(Some(g))).count(), 1, "server {g}");
        }
    }
}
