//! Settings from the environment (and a `.env` file), checked once at start-up.

use std::collections::HashMap;

/// Where to get a bot token, shown whenever none is configured.
pub const TOKEN_HELP: &str = "Create an application at https://discord.com/developers/applications, add a bot, copy its token, \
and put DISCORD_TOKEN=<token> in a .env file next to where you run ttrbot (see .env.example).";

/// The bot's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The Discord bot token.
    pub discord_token: Option<String>,
    /// Where games are stored.
    pub database_url: String,
    /// Tests only: a loopback address standing in for Discord's API and gateway (the fake Discord of the
    /// end-to-end tests). The bot sends its token there, so only loopback addresses are taken.
    pub discord_api_base: Option<String>,
    /// Reproducible games (tests, bug reports): `TTRBOT_GAME_SEED`; each new game's seed is then this number mixed
    /// with the channel's id instead of the clock.
    pub game_seed: Option<u64>,
    /// How often the bot looks for reminders that are due (`TTRBOT_REMINDER_SCAN_MS`; a minute by default).
    pub reminder_scan: std::time::Duration,
    /// Tests only: a file holding the time as Unix milliseconds (`TTRBOT_CLOCK_FILE`), read instead of the system
    /// clock, so a test can move days ahead without waiting.
    pub clock_file: Option<std::path::PathBuf>,
}

impl Config {
    /// Reads the settings: real environment variables win over a `.env` file in the working directory.
    pub fn from_env() -> Config {
        let file = std::fs::read_to_string(".env")
            .map(|t| parse_dotenv(&t))
            .unwrap_or_default();
        let get = |key: &str| {
            std::env::var(key)
                .ok()
                .or_else(|| file.get(key).cloned())
                .filter(|v| !v.trim().is_empty())
        };
        Config {
            discord_token: get("DISCORD_TOKEN"),
            database_url: get("DATABASE_URL").unwrap_or_else(|| "sqlite://ttrbot.db".to_string()),
            discord_api_base: get("DISCORD_API_BASE"),
            game_seed: get("TTRBOT_GAME_SEED").and_then(|s| s.trim().parse().ok()),
            reminder_scan: std::time::Duration::from_millis(
                get("TTRBOT_REMINDER_SCAN_MS")
                    .and_then(|s| s.trim().parse().ok())
                    .unwrap_or(60_000)
                    .max(10),
            ),
            clock_file: get("TTRBOT_CLOCK_FILE").map(std::path::PathBuf::from),
        }
    }
}

/// Whether an API base is a loopback address (`http://127.x.x.x`, `http://localhost`, `http://[::1]`), the only
/// kind the bot will send its token to instead of Discord.
pub fn is_loopback_base(base: &str) -> bool {
    let Some(rest) = base.strip_prefix("http://") else {
        return false;
    };
    let host = rest.split('/').next().unwrap_or("");
    let host = if host.starts_with('[') {
        host.split(']').next().map(|h| format!("{h}]")).unwrap_or_default()
    } else {
        host.split(':').next().unwrap_or("").to_string()
    };
    host == "localhost" || host == "[::1]" || host.parse::<std::net::Ipv4Addr>().is_ok_and(|ip| ip.is_loopback())
}

/// Parses `KEY=value` lines; `#` starts a comment line; values may be quoted.
pub fn parse_dotenv(text: &str) -> HashMap<String, String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| {
            let v = v.trim();
            let v = v.strip_prefix('"').and_then(|v| v.strip_suffix('"')).unwrap_or(v);
            (k.trim().trim_start_matches("export ").trim().to_string(), v.to_string())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dotenv_file_gives_keys_and_values_and_skips_comments() {
        let vars = parse_dotenv("# comment\nDISCORD_TOKEN=\"abc\"\nexport DATABASE_URL = sqlite://x.db\n\nBROKEN");
        assert_eq!(vars.get("DISCORD_TOKEN").map(String::as_str), Some("abc"));
        assert_eq!(vars.get("DATABASE_URL").map(String::as_str), Some("sqlite://x.db"));
        assert_eq!(vars.len(), 2);
    }

    #[test]
    fn only_a_loopback_api_base_is_taken() {
        for base in ["http://127.0.0.1:4000", "http://localhost:9/run", "http://[::1]:80"] {
            assert!(is_loopback_base(base), "{base}");
        }
        for base in [
            "https://discord.com",
            "http://10.0.0.1:80",
            "http://127.0.0.1.example.com",
            "ftp://127.0.0.1",
        ] {
            assert!(!is_loopback_base(base), "{base}");
        }
    }
}
