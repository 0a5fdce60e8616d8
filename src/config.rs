//! Settings from the environment (and a `.env` file), checked once at start-up.

use std::collections::HashMap;

use crate::shards::Shards;

/// Where to get a bot token, shown whenever none is configured.
pub const TOKEN_HELP: &str = "Create an application at https://discord.com/developers/applications, add a bot, copy its token, \
and put DISCORD_TOKEN=<token> in a .env file next to where you run ttrbot (see .env.example).";

/// The bot's settings.
#[derive(Clone, PartialEq, Eq)]
pub struct Config {
    /// The Discord bot token.
    pub discord_token: Option<String>,
    /// Where games are stored.
    pub database_url: String,
    /// Tests only: a loopback address standing in for Discord's API and gateway (the fake Discord of the
    /// end-to-end tests). The bot sends its token there, so only loopback addresses are taken.
    pub discord_api_base: Option<String>,
    /// Tests only: `TTRBOT_GAME_SEED`; each new game's key is then this number, the channel's id and how many games
    /// the process dealt before, instead of the operating system's entropy. Anyone who knows it can compute every
    /// deal, so the bot warns at start when it is set.
    pub game_seed: Option<u64>,
    /// How often the bot looks for reminders that are due (`TTRBOT_REMINDER_SCAN_MS`; a minute by default).
    pub reminder_scan: std::time::Duration,
    /// How often the supervisor looks for games owed a post or a computer's move (`TTRBOT_SUPERVISOR_SCAN_MS`; a
    /// minute by default).
    pub supervisor_scan: std::time::Duration,
    /// Tests only: a file holding the time as Unix milliseconds (`TTRBOT_CLOCK_FILE`), read instead of the system
    /// clock, so a test can move days ahead without waiting.
    pub clock_file: Option<std::path::PathBuf>,
    /// The gateway shards this process runs (`TTRBOT_SHARDS=FIRST-LAST/TOTAL`); `None`: all of Discord's
    /// recommended count, in this one process. The text, when it does not read, is kept to be refused at start.
    pub shards: Result<Option<Shards>, String>,
    /// This process's heartbeat and lease length on a shared database (`TTRBOT_LEASE_MS`; three minutes by
    /// default): its heartbeat and its leases on games' background work run out this long after it stops renewing
    /// them, and other processes then take its work over.
    pub lease: std::time::Duration,
    /// Where this process runs, as the other processes on a shared database know it (`TTRBOT_WORKER`; by default
    /// the host's name and the shards): started again in the same place after a crash, it takes its dead run's
    /// place at once instead of waiting for its heartbeat to run out.
    pub worker_place: Option<String>,
    /// Most games one person may host at once, open or in play (`TTRBOT_MOST_HOSTED_GAMES`, 1 to 10000; 10 by
    /// default): each game against computers costs a think at every turn.
    pub most_hosted_games: u16,
    /// Requests a second Discord allows the whole bot, answers to interactions aside (`TTRBOT_GLOBAL_RATE`, 1 to
    /// 100000; Discord's 50 unless it granted this bot more): every process takes its shards' share.
    pub global_rate: u32,
    /// The games' web pages (`TTRBOT_WEB_ADDR`, `TTRBOT_PUBLIC_URL`); `None`: no pages are served and no message
    /// links to one.
    pub web: Option<WebConfig>,
}

/// Where the web pages are served and the address people open them at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebConfig {
    /// The address the pages' server listens on (`TTRBOT_WEB_ADDR`, e.g. `127.0.0.1:8080` behind a reverse proxy).
    pub addr: std::net::SocketAddr,
    /// The address pages are linked at (`TTRBOT_PUBLIC_URL`, e.g. `https://ttr.example.org`), without a final `/`;
    /// by default `http://` and the listening address.
    pub public_url: String,
}

impl WebConfig {
    /// The web settings as `get` gives them: none unless `TTRBOT_WEB_ADDR` is set.
    ///
    /// # Errors
    /// An address or a URL that does not read: a sentence naming the variable.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Option<WebConfig>, String> {
        let Some(addr) = get("TTRBOT_WEB_ADDR") else {
            if get("TTRBOT_PUBLIC_URL").is_some() {
                return Err(
                    "TTRBOT_PUBLIC_URL is set but TTRBOT_WEB_ADDR is not: set the address the pages are \
                            served on (e.g. TTRBOT_WEB_ADDR=127.0.0.1:8080)"
                        .to_string(),
                );
            }
            return Ok(None);
        };
        let addr: std::net::SocketAddr = addr.trim().parse().map_err(|_| {
            format!(
                "TTRBOT_WEB_ADDR must be an address and a port, such as 127.0.0.1:8080, not \"{}\"",
                addr.trim()
            )
        })?;
        let public_url = match get("TTRBOT_PUBLIC_URL") {
            // Links to 0.0.0.0 or :: would lead nowhere.
            None if addr.ip().is_unspecified() => {
                return Err(format!(
                    "TTRBOT_WEB_ADDR={addr} listens on every address: set TTRBOT_PUBLIC_URL to the address people open \
                     the pages at (e.g. https://ttr.example.org)"
                ));
            }
            None => format!("http://{addr}"),
            Some(text) => public_url(text.trim())?,
        };
        Ok(Some(WebConfig { addr, public_url }))
    }
}

/// `TTRBOT_PUBLIC_URL` read as a URL: http or https, a host, no user, query or fragment; without a final `/`.
fn public_url(text: &str) -> Result<String, String> {
    let refused = || {
        format!(
            "TTRBOT_PUBLIC_URL must be the http(s) address the pages are reached at, such as https://ttr.example.org, \
             not \"{}\"",
            text.chars().take(80).collect::<String>()
        )
    };
    let url = url::Url::parse(text).map_err(|_| refused())?;
    let fits = matches!(url.scheme(), "http" | "https")
        && url.host().is_some()
        && url.username().is_empty()
        && url.password().is_none()
        && url.query().is_none()
        && url.fragment().is_none();
    if !fits {
        return Err(refused());
    }
    Ok(url.as_str().trim_end_matches('/').to_string())
}

impl Config {
    /// Reads the settings: real environment variables win over a `.env` file in the working directory.
    ///
    /// # Errors
    /// A number that does not read, or out of its bounds: a sentence naming the variable.
    pub fn from_env() -> Result<Config, String> {
        let file = std::fs::read_to_string(".env")
            .map(|t| parse_dotenv(&t))
            .unwrap_or_default();
        Config::from_lookup(|key: &str| {
            std::env::var(key)
                .ok()
                .or_else(|| file.get(key).cloned())
                .filter(|v| !v.trim().is_empty())
        })
    }

    /// The settings as `get` gives the variables (`None`: not set).
    ///
    /// # Errors
    /// As [`Config::from_env`].
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Config, String> {
        let millis = |key: &str, default: u64, least: u64, most: u64| -> Result<std::time::Duration, String> {
            number(&get, key, default, least, most).map(std::time::Duration::from_millis)
        };
        Ok(Config {
            discord_token: get("DISCORD_TOKEN"),
            database_url: get("DATABASE_URL").unwrap_or_else(|| "sqlite://ttrbot.db".to_string()),
            discord_api_base: get("DISCORD_API_BASE"),
            game_seed: get("TTRBOT_GAME_SEED")
                .map(|_| number(&get, "TTRBOT_GAME_SEED", 0, 0, u64::MAX))
                .transpose()?,
            reminder_scan: millis("TTRBOT_REMINDER_SCAN_MS", 60_000, 10, DAY_MS)?,
            supervisor_scan: millis("TTRBOT_SUPERVISOR_SCAN_MS", 60_000, 10, DAY_MS)?,
            clock_file: get("TTRBOT_CLOCK_FILE").map(std::path::PathBuf::from),
            shards: get("TTRBOT_SHARDS").map(|s| Shards::parse(&s)).transpose(),
            // At least a second, so a heartbeat (three a lease) is not written tens of times a second; at most a
            // day, so a dead process's games are not held for longer.
            lease: millis("TTRBOT_LEASE_MS", 180_000, 1_000, DAY_MS)?,
            worker_place: get("TTRBOT_WORKER").map(|place| worker_place(&place)).transpose()?,
            most_hosted_games: u16::try_from(number(&get, "TTRBOT_MOST_HOSTED_GAMES", 10, 1, 10_000)?)
                .unwrap_or(u16::MAX),
            global_rate: u32::try_from(number(&get, "TTRBOT_GLOBAL_RATE", 50, 1, 100_000)?).unwrap_or(50),
            web: WebConfig::from_lookup(&get)?,
        })
    }
}

/// `TTRBOT_WORKER` as given, if it is a name of 1 to 64 letters, digits, `.`, `-`, `_` or `/`.
fn worker_place(place: &str) -> Result<String, String> {
    let fits = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '/');
    let place = place.trim();
    if (1..=64).contains(&place.len()) && place.chars().all(fits) {
        Ok(place.to_string())
    } else {
        let shown: String = place.chars().take(40).collect();
        Err(format!(
            "TTRBOT_WORKER must be 1 to 64 letters, digits, '.', '-', '_' or '/' (a host's name), not \"{shown}\""
        ))
    }
}

/// This host's name as a worker's place: from the kernel, else `HOSTNAME`, else `localhost`; anything a place may
/// not hold becomes `-`.
pub fn host_name() -> String {
    let read = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_default();
    let name: String = read
        .trim()
        .chars()
        .take(48)
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '-'
            }
        })
        .collect();
    if name.is_empty() { "localhost".to_string() } else { name }
}

/// A day in milliseconds: the most any interval setting takes.
const DAY_MS: u64 = 86_400_000;

/// Variable `key` as a whole number from `least` to `most`, `default` when it is not set.
fn number(
    get: &impl Fn(&str) -> Option<String>,
    key: &str,
    default: u64,
    least: u64,
    most: u64,
) -> Result<u64, String> {
    let Some(text) = get(key) else { return Ok(default) };
    let shown: String = text.chars().take(40).collect();
    let value: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{key} must be a whole number, not \"{shown}\""))?;
    if !(least..=most).contains(&value) {
        return Err(format!("{key} must be from {least} to {most}, not {value}"));
    }
    Ok(value)
}

/// Settings as logs may show them: the token is never printed, only whether there is one.
impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("discord_token", &self.discord_token.as_ref().map(|_| "<redacted>"))
            .field("database_url", &without_password(&self.database_url))
            .field("discord_api_base", &self.discord_api_base)
            .field("game_seed", &self.game_seed.map(|_| "<redacted>"))
            .field("reminder_scan", &self.reminder_scan)
            .field("supervisor_scan", &self.supervisor_scan)
            .field("clock_file", &self.clock_file)
            .field("shards", &self.shards)
            .field("lease", &self.lease)
            .field("worker_place", &self.worker_place)
            .field("most_hosted_games", &self.most_hosted_games)
            .field("global_rate", &self.global_rate)
            .field("web", &self.web)
            .finish()
    }
}

/// Whether an API base is a loopback address (`http://127.x.x.x`, `http://localhost`, `http://[::1]`), the only
/// kind the bot will send its token to instead of Discord. Read with a URL parser, as the HTTP client will read
/// it: a user name or password in it (`http://127.0.0.1:1@example.com`) is refused whatever the host.
pub fn is_loopback_base(base: &str) -> bool {
    let Ok(url) = url::Url::parse(base) else {
        return false;
    };
    if url.scheme() != "http" || !url.username().is_empty() || url.password().is_some() {
        return false;
    }
    match url.host() {
        Some(url::Host::Domain(name)) => name.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

/// Where a database URL points, for a log line: `host:port/database` of a server, the path of a file; no user,
/// no password, no options.
pub fn database_host(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(parsed) if parsed.scheme().starts_with("postgres") && parsed.host_str().is_some() => format!(
            "{}:{}{}",
            parsed.host_str().unwrap_or_default(),
            parsed.port().unwrap_or(5432),
            parsed.path()
        ),
        _ => url.split('?').next().unwrap_or_default().to_string(),
    }
}

/// A database URL as logs may show it: a password in it is replaced.
pub fn without_password(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut parsed) if parsed.password().is_some() => {
            let _ = parsed.set_password(Some("<redacted>"));
            parsed.to_string()
        }
        _ => url.to_string(),
    }
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
    fn neither_the_token_nor_a_database_password_shows_in_debug_output() {
        let config = Config {
            discord_token: Some("secret-token-123".into()),
            database_url: "postgres://ttrbot:db-password-456@db.example/ttrbot".into(),
            discord_api_base: None,
            game_seed: None,
            reminder_scan: std::time::Duration::from_secs(60),
            supervisor_scan: std::time::Duration::from_secs(60),
            clock_file: None,
            shards: Ok(None),
            lease: std::time::Duration::from_secs(180),
            worker_place: None,
            most_hosted_games: 10,
            global_rate: 50,
            web: None,
        };
        let shown = format!("{config:?} {config:#?}");
        assert!(
            !shown.contains("secret-token-123") && !shown.contains("db-password-456") && shown.contains("<redacted>"),
            "{shown}"
        );
    }

    #[test]
    fn a_database_is_named_in_logs_by_its_host_and_never_its_password() {
        assert_eq!(
            database_host("postgres://bot:pw@db.example:6543/ttr?sslmode=require"),
            "db.example:6543/ttr"
        );
        assert_eq!(database_host("postgresql://db/ttr"), "db:5432/ttr");
        assert_eq!(database_host("sqlite://ttrbot.db?mode=rwc"), "sqlite://ttrbot.db");
    }

    fn config_with(vars: &[(&str, &str)]) -> Result<Config, String> {
        Config::from_lookup(|key| vars.iter().find(|(k, _)| *k == key).map(|(_, v)| v.to_string()))
    }

    #[test]
    fn a_number_that_does_not_read_or_is_out_of_bounds_stops_start_up_naming_its_variable() {
        let cases: [(&str, &str, &str); 10] = [
            (
                "TTRBOT_WORKER",
                "my host#1",
                "TTRBOT_WORKER must be 1 to 64 letters, digits",
            ),
            ("TTRBOT_WORKER", "  ", "TTRBOT_WORKER must be 1 to 64"),
            (
                "TTRBOT_MOST_HOSTED_GAMES",
                "0",
                "TTRBOT_MOST_HOSTED_GAMES must be from 1 to 10000, not 0",
            ),
            (
                "TTRBOT_LEASE_MS",
                "3 minutes",
                "TTRBOT_LEASE_MS must be a whole number, not \"3 minutes\"",
            ),
            (
                "TTRBOT_LEASE_MS",
                "100",
                "TTRBOT_LEASE_MS must be from 1000 to 86400000, not 100",
            ),
            (
                "TTRBOT_LEASE_MS",
                "99999999999999999999",
                "TTRBOT_LEASE_MS must be a whole number",
            ),
            (
                "TTRBOT_LEASE_MS",
                "-5",
                "TTRBOT_LEASE_MS must be a whole number, not \"-5\"",
            ),
            (
                "TTRBOT_REMINDER_SCAN_MS",
                "1e3",
                "TTRBOT_REMINDER_SCAN_MS must be a whole number",
            ),
            (
                "TTRBOT_SUPERVISOR_SCAN_MS",
                "0",
                "TTRBOT_SUPERVISOR_SCAN_MS must be from 10 to",
            ),
            ("TTRBOT_GAME_SEED", "seven", "TTRBOT_GAME_SEED must be a whole number"),
        ];
        for (key, value, said) in cases {
            let refused = config_with(&[(key, value)]).expect_err(value);
            assert!(refused.starts_with(said), "{key}={value}: {refused}");
        }
        let long = "9".repeat(6_000);
        let refused = config_with(&[("TTRBOT_LEASE_MS", &long)]).unwrap_err();
        assert!(refused.len() < 100, "a long value is not repeated whole: {refused}");
    }

    #[test]
    fn numbers_in_bounds_are_taken_and_unset_ones_default() {
        let config = config_with(&[
            ("TTRBOT_LEASE_MS", " 1500 "),
            ("TTRBOT_GAME_SEED", "7"),
            ("TTRBOT_WORKER", "bot-2.example/0-3/8"),
        ])
        .unwrap();
        assert_eq!(config.worker_place.as_deref(), Some("bot-2.example/0-3/8"));
        assert_eq!(config.most_hosted_games, 10);
        assert_eq!(config.lease, std::time::Duration::from_millis(1500));
        assert_eq!(config.game_seed, Some(7));
        assert_eq!(config.reminder_scan, std::time::Duration::from_secs(60));
        assert_eq!(config_with(&[]).unwrap().lease, std::time::Duration::from_secs(180));
    }

    #[test]
    fn web_pages_are_off_unless_an_address_is_given_and_their_public_address_reads_as_a_url() {
        assert_eq!(config_with(&[]).unwrap().web, None);
        let web = config_with(&[("TTRBOT_WEB_ADDR", "127.0.0.1:8080")])
            .unwrap()
            .web
            .unwrap();
        assert_eq!(web.public_url, "http://127.0.0.1:8080");
        let web = config_with(&[
            ("TTRBOT_WEB_ADDR", "0.0.0.0:80"),
            ("TTRBOT_PUBLIC_URL", "https://ttr.example.org/"),
        ])
        .unwrap()
        .web
        .unwrap();
        assert_eq!(web.public_url, "https://ttr.example.org");
        let refused = [
            (vec![("TTRBOT_WEB_ADDR", "8080")], "TTRBOT_WEB_ADDR must be"),
            (
                vec![("TTRBOT_WEB_ADDR", "0.0.0.0:8080")],
                "TTRBOT_WEB_ADDR=0.0.0.0:8080 listens on every",
            ),
            (
                vec![("TTRBOT_PUBLIC_URL", "https://ttr.example.org")],
                "TTRBOT_PUBLIC_URL is set but",
            ),
            (
                vec![
                    ("TTRBOT_WEB_ADDR", "127.0.0.1:1"),
                    ("TTRBOT_PUBLIC_URL", "javascript:alert(1)"),
                ],
                "TTRBOT_PUBLIC_URL must be",
            ),
            (
                vec![
                    ("TTRBOT_WEB_ADDR", "127.0.0.1:1"),
                    ("TTRBOT_PUBLIC_URL", "https://a@example.org"),
                ],
                "TTRBOT_PUBLIC_URL must be",
            ),
        ];
        for (vars, said) in refused {
            let error = config_with(&vars).unwrap_err();
            assert!(error.starts_with(said), "{vars:?}: {error}");
        }
    }

    #[test]
    fn only_a_loopback_api_base_is_taken() {
        // The last: a backslash ends the host for the HTTP client too (WHATWG URLs), so this is 127.0.0.1.
        for base in [
            "http://127.0.0.1:4000",
            "http://localhost:9/run",
            "http://[::1]:80",
            "http://127.0.0.1\\@example.com",
        ] {
            assert!(is_loopback_base(base), "{base}");
        }
        for base in [
            "https://discord.com",
            "http://10.0.0.1:80",
            "http://127.0.0.1.example.com",
            "ftp://127.0.0.1",
            "http://127.0.0.1:1@example.com",
            "http://localhost@example.com/",
            "http://user:pass@127.0.0.1:80",
            "not a url",
        ] {
            assert!(!is_loopback_base(base), "{base}");
        }
    }
}
