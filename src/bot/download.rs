//! Fetching a file a user attached to a command (a map upload): only from Discord's attachment hosts, never
//! following a redirect, its size checked before and while reading, within a few seconds.

use std::time::Duration;

/// Discord's attachment hosts: an attachment's URL names one of them, and nothing else is fetched.
const DISCORD_HOSTS: [&str; 2] = ["cdn.discordapp.com", "media.discordapp.net"];

/// Longest a whole download may take: the user waits for the answer.
const DOWNLOAD_TIME: Duration = Duration::from_secs(5);

/// Why an attachment was not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotFetched {
    /// Larger than `most` bytes (as Discord says, or as read).
    TooBig {
        /// The most bytes taken.
        most: usize,
    },
    /// Its address is not on one of Discord's attachment hosts.
    NotDiscords,
    /// The host did not give it in time, or failed.
    Failed,
}

/// Where attachments may come from, and the client that fetches them.
pub struct Downloads {
    client: reqwest::Client,
    /// The tests' fake Discord (`DISCORD_API_BASE`, a loopback address): its host and port serve attachments too.
    test_host: Option<(String, Option<u16>)>,
}

impl Downloads {
    /// Downloads from Discord's hosts, and also from the tests' `api_base` when one is set (a loopback address,
    /// checked at start-up).
    pub fn new(api_base: Option<&str>) -> Downloads {
        let client = reqwest::Client::builder()
            .use_rustls_tls()
            // A redirect could lead anywhere: an attachment is served where its URL says, or not at all.
            .redirect(reqwest::redirect::Policy::none())
            .connect_timeout(Duration::from_secs(3))
            .timeout(DOWNLOAD_TIME)
            .build()
            .expect("the download client builds (rustls, no system configuration)");
        let test_host = api_base
            .and_then(|base| url::Url::parse(base).ok())
            .and_then(|u| Some((u.host_str()?.to_string(), u.port_or_known_default())));
        Downloads { client, test_host }
    }

    /// Whether `url` is an attachment this bot may fetch.
    fn allowed(&self, url: &str) -> bool {
        let Ok(url) = url::Url::parse(url) else {
            return false;
        };
        let Some(host) = url.host_str() else {
            return false;
        };
        let discords = url.scheme() == "https" && DISCORD_HOSTS.contains(&host) && url.port().is_none();
        let tests = self
            .test_host
            .as_ref()
            .is_some_and(|(h, port)| h == host && *port == url.port_or_known_default());
        discords || tests
    }

    /// The attachment's bytes: refused at once when `size` (Discord's word for it) is over `most`, and stopped as
    /// soon as more than `most` came.
    ///
    /// # Errors
    /// Too big, not on Discord's hosts, or not fetched in time.
    pub async fn fetch(&self, url: &str, size: u64, most: usize) -> Result<Vec<u8>, NotFetched> {
        if size > most as u64 {
            return Err(NotFetched::TooBig { most });
        }
        if !self.allowed(url) {
            return Err(NotFetched::NotDiscords);
        }
        let reading = async {
            let mut response = self.client.get(url).send().await.map_err(|_| NotFetched::Failed)?;
            if !response.status().is_success() {
                return Err(NotFetched::Failed);
            }
            if response.content_length().is_some_and(|n| n > most as u64) {
                return Err(NotFetched::TooBig { most });
            }
            let mut bytes = Vec::new();
            while let Some(chunk) = response.chunk().await.map_err(|_| NotFetched::Failed)? {
                if bytes.len() + chunk.len() > most {
                    return Err(NotFetched::TooBig { most });
                }
                bytes.extend_from_slice(&chunk);
            }
            Ok(bytes)
        };
        tokio::time::timeout(DOWNLOAD_TIME, reading)
            .await
            .unwrap_or(Err(NotFetched::Failed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_discords_hosts_and_the_tests_fake_are_fetched_from() {
        let plain = Downloads::new(None);
        assert!(plain.allowed("https://cdn.discordapp.com/attachments/1/2/map.toml?ex=1"));
        assert!(plain.allowed("https://media.discordapp.net/attachments/1/2/map.toml"));
        for refused in [
            "http://cdn.discordapp.com/attachments/1/2/map.toml",
            "https://cdn.discordapp.com:8443/attachments/1/2/map.toml",
            "https://cdn.discordapp.com.evil.example/map.toml",
            "https://evil.example/cdn.discordapp.com/map.toml",
            "http://127.0.0.1:9000/attachments/map.toml",
            "file:///etc/passwd",
            "not a url",
        ] {
            assert!(!plain.allowed(refused), "{refused}");
        }
        let testing = Downloads::new(Some("http://127.0.0.1:9000"));
        assert!(testing.allowed("http://127.0.0.1:9000/attachments/map.toml"));
        assert!(!testing.allowed("http://127.0.0.1:9001/attachments/map.toml"));
    }
}
