//! A real browser for end-to-end tests: headless Chromium through ChromeDriver, driven by a minimal W3C WebDriver
//! client over reqwest (a WebDriver crate would add its build to CI's budget for the dozen commands tests use).
//! Without Chromium or ChromeDriver, `Browser::start` says so once and the test returns; CI sets
//! `TTRBOT_REQUIRE_BROWSER=1` so that there a missing browser fails instead.
#![allow(dead_code)]

mod base64;

use std::fmt;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

/// The page's viewport (CSS pixels; a screenshot's size too) when a browser starts.
pub const WINDOW: (u32, u32) = (1024, 768);
/// How long ChromeDriver may take to start and Chromium to open a session: seconds on a loaded 2-core machine.
const STARTUP: Duration = Duration::from_secs(30);
/// How long one WebDriver command may take over HTTP: longer than WebDriver's own page-load and script timeouts
/// (`TIMEOUTS`), so that those, which name what was slow, are the ones a test reports.
const COMMAND: Duration = Duration::from_secs(60);
/// WebDriver's page-load and script timeouts, in milliseconds.
const TIMEOUTS: u64 = 30_000;
/// How often `wait_until` asks again.
const POLL: Duration = Duration::from_millis(50);
/// The key that marks an element reference in WebDriver's JSON.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";
/// Chromium's options: headless without a display; no sandbox, which needs privileges a container or root lacks;
/// no GPU; `/tmp` rather than `/dev/shm`, which containers keep small; one CSS pixel per screenshot pixel.
const CHROME_ARGS: [&str; 5] = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--force-device-scale-factor=1",
];

/// WebDriver's codes for keys that are not characters (Unicode's private use area), for `send_keys`:
/// `format!("ab{}c", key::LEFT)`.
pub mod key {
    /// Backspace.
    pub const BACKSPACE: &str = "\u{E003}";
    /// Tab.
    pub const TAB: &str = "\u{E004}";
    /// Enter.
    pub const ENTER: &str = "\u{E007}";
    /// Escape.
    pub const ESCAPE: &str = "\u{E00C}";
    /// End.
    pub const END: &str = "\u{E010}";
    /// Home.
    pub const HOME: &str = "\u{E011}";
    /// The left arrow (`ArrowLeft` to the page).
    pub const LEFT: &str = "\u{E012}";
    /// The up arrow.
    pub const UP: &str = "\u{E013}";
    /// The right arrow (`ArrowRight` to the page).
    pub const RIGHT: &str = "\u{E014}";
    /// The down arrow.
    pub const DOWN: &str = "\u{E015}";
}

/// What went wrong with the browser, in a sentence that names the command; `Debug` prints the same, so an
/// `unwrap()` in a test reads plainly.
pub struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// A browser command's result.
pub type Result<T> = std::result::Result<T, Error>;

fn error(message: impl Into<String>) -> Error {
    Error(message.into())
}

/// One headless Chromium with its ChromeDriver: the session is deleted (Chromium closed) and ChromeDriver killed
/// when this is dropped.
pub struct Browser {
    http: reqwest::Client,
    /// ChromeDriver's port on 127.0.0.1.
    port: u16,
    /// The session's id.
    id: String,
    /// `http://127.0.0.1:PORT/session/ID`, which every command's path follows.
    session: String,
    /// Set by `quit`: the session is gone, nothing to delete on drop.
    closed: bool,
    /// Killed on drop (after `Drop::drop` has deleted the session: killing ChromeDriver first would leave
    /// Chromium running).
    _driver: Child,
}

impl Browser {
    /// Chromium and ChromeDriver started, a session open on a blank page at `WINDOW`'s size; `None` (after one line
    /// on stderr, the first time, saying why) when either program is missing, unless `TTRBOT_REQUIRE_BROWSER=1`,
    /// where that panics.
    /// ChromeDriver is `$CHROMEDRIVER` or `chromedriver` on PATH; Chromium is `$CHROME` or the first of `chromium`,
    /// `chromium-browser` and `google-chrome` on PATH. Programs that are there but do not start panic: a broken
    /// install is a failure, not a reason to skip.
    pub async fn start() -> Option<Browser> {
        let driver = find_program("CHROMEDRIVER", &["chromedriver"]);
        let chrome = find_program("CHROME", &["chromium", "chromium-browser", "google-chrome"]);
        let (driver, chrome) = match (driver, chrome) {
            (Ok(driver), Ok(chrome)) => (driver, chrome),
            (driver, chrome) => {
                let why: Vec<String> = [driver.err(), chrome.err()].into_iter().flatten().collect();
                let why = why.join(" and ");
                if std::env::var_os("TTRBOT_REQUIRE_BROWSER").is_some_and(|v| v == "1") {
                    panic!("TTRBOT_REQUIRE_BROWSER=1 but {why}");
                }
                // Once, and straight to stderr, past the test harness's capture: a plain `cargo test` shows why.
                static SAID: std::sync::Once = std::sync::Once::new();
                SAID.call_once(|| {
                    let _ = writeln!(
                        std::io::stderr(),
                        "browser tests skipped: {why} (install them with `apt-get install chromium chromium-driver`, \
                         or name them in CHROME and CHROMEDRIVER)"
                    );
                });
                return None;
            }
        };
        match Browser::launch(&driver, &chrome, WINDOW).await {
            Ok(browser) => Some(browser),
            Err(e) => panic!("{} with {} did not start: {e}", driver.display(), chrome.display()),
        }
    }

    async fn launch(driver: &Path, chrome: &Path, (width, height): (u32, u32)) -> Result<Browser> {
        // Port 0: ChromeDriver binds a free port itself and prints it, so no other process can take the port
        // between our choosing it and ChromeDriver binding it.
        let mut child = Command::new(driver)
            .arg("--port=0")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| error(format!("cannot run {}: {e}", driver.display())))?;
        let mut lines = BufReader::new(child.stdout.take().expect("stdout is piped")).lines();
        let port = tokio::time::timeout(STARTUP, async {
            while let Ok(Some(line)) = lines.next_line().await {
                if let Some(port) = line.split("started successfully on port ").nth(1) {
                    return port.trim().trim_end_matches('.').parse::<u16>().ok();
                }
            }
            None
        })
        .await
        .ok()
        .flatten()
        .ok_or_else(|| error("ChromeDriver did not say which port it listens on"))?;
        // The rest of its output is read and dropped, so that a full pipe never blocks it.
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });

        let http = reqwest::Client::builder()
            .timeout(COMMAND)
            .build()
            .map_err(|e| error(format!("an HTTP client: {e}")))?;
        let base = format!("http://127.0.0.1:{port}");
        let status = format!("{base}/status");
        wait_until(STARTUP, "ChromeDriver ready", async || {
            Ok(request(&http, Method::GET, &status, None)
                .await
                .is_ok_and(|v| v["ready"] == true))
        })
        .await?;

        let mut args: Vec<String> = CHROME_ARGS.iter().map(|a| a.to_string()).collect();
        args.push(format!("--window-size={width},{height}"));
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chrome, "args": args},
            // Every console message is kept, so that `console_errors` can read them.
            "goog:loggingPrefs": {"browser": "ALL"},
            "timeouts": {"pageLoad": TIMEOUTS, "script": TIMEOUTS},
        }}});
        let session = request(&http, Method::POST, &format!("{base}/session"), Some(&capabilities)).await?;
        let id = session["sessionId"]
            .as_str()
            .ok_or_else(|| error(format!("a new session without an id: {session}")))?
            .to_string();
        let browser = Browser {
            session: format!("{base}/session/{id}"),
            http,
            port,
            id,
            closed: false,
            _driver: child,
        };
        // `--window-size` sizes the window, frame included; the page is to see `WINDOW`.
        browser.set_window_size(width, height).await?;
        Ok(browser)
    }

    async fn command(&self, method: Method, path: &str, body: Option<Value>) -> Result<Value> {
        request(&self.http, method, &format!("{}{path}", self.session), body.as_ref()).await
    }

    async fn get(&self, path: &str) -> Result<Value> {
        self.command(Method::GET, path, None).await
    }

    async fn post(&self, path: &str, body: Value) -> Result<Value> {
        self.command(Method::POST, path, Some(body)).await
    }

    /// Opens `url` and waits for it to load.
    pub async fn goto(&self, url: &str) -> Result<()> {
        self.post("/url", json!({ "url": url })).await.map(drop)
    }

    /// The current page's URL.
    pub async fn url(&self) -> Result<String> {
        Ok(self.get("/url").await?.as_str().unwrap_or_default().to_string())
    }

    /// Runs `script` as a function's body in the page (`arguments` are `args`; elements as `Element::json`) and
    /// returns what it returns.
    pub async fn execute(&self, script: &str, args: &[Value]) -> Result<Value> {
        self.post("/execute/sync", json!({ "script": script, "args": args }))
            .await
    }

    /// Runs `script` in the page and waits for it to call its last argument (a callback after `args`), returning
    /// what it was called with.
    pub async fn execute_async(&self, script: &str, args: &[Value]) -> Result<Value> {
        self.post("/execute/async", json!({ "script": script, "args": args }))
            .await
    }

    /// The first element `css` matches, or an error naming the selector.
    pub async fn find(&self, css: &str) -> Result<Element<'_>> {
        let found = self
            .post("/element", json!({"using": "css selector", "value": css}))
            .await;
        let found = found.map_err(|e| error(format!("find {css:?}: {e}")))?;
        Element::from_json(self, &found)
    }

    /// Every element `css` matches, in document order (none is not an error).
    pub async fn find_all(&self, css: &str) -> Result<Vec<Element<'_>>> {
        let found = self
            .post("/elements", json!({"using": "css selector", "value": css}))
            .await;
        let found = found.map_err(|e| error(format!("find all {css:?}: {e}")))?;
        let found = found
            .as_array()
            .ok_or_else(|| error(format!("find all {css:?}: {found}")))?;
        found.iter().map(|e| Element::from_json(self, e)).collect()
    }

    /// Presses and releases each key of `keys` in turn (characters, or `key::LEFT` and the like) on whatever has
    /// the focus, as a person at the keyboard would.
    pub async fn send_keys(&self, keys: &str) -> Result<()> {
        let actions: Vec<Value> = keys
            .chars()
            .flat_map(|c| {
                [
                    json!({"type": "keyDown", "value": c}),
                    json!({"type": "keyUp", "value": c}),
                ]
            })
            .collect();
        let sequence = json!({"actions": [{"type": "key", "id": "keyboard", "actions": actions}]});
        self.post("/actions", sequence).await?;
        // Released, so that no key is still held (a modifier, say) when the next command starts.
        self.command(Method::DELETE, "/actions", None).await.map(drop)
    }

    /// Resizes the window so that the page's viewport, and so a screenshot, is `width` × `height` CSS pixels.
    pub async fn set_window_size(&self, width: u32, height: u32) -> Result<()> {
        // Headless Chromium still counts a window frame (139 pixels of height for Chromium 148's toolbars) that the
        // page does not get: measured, and added.
        let frame = self
            .execute("return [outerWidth - innerWidth, outerHeight - innerHeight];", &[])
            .await?;
        let extra = |i: usize| frame[i].as_u64().map(|extra| extra as u32).unwrap_or_default();
        let size = json!({"width": width + extra(0), "height": height + extra(1)});
        self.post("/window/rect", size).await.map(drop)
    }

    /// The visible part of the page as a PNG.
    pub async fn screenshot_png(&self) -> Result<Vec<u8>> {
        let encoded = self.get("/screenshot").await?;
        let encoded = encoded
            .as_str()
            .ok_or_else(|| error(format!("a screenshot that is not text: {encoded}")))?;
        base64::decode(encoded).map_err(error)
    }

    /// The console's errors (`console.error`, uncaught exceptions, failed loads) since the last call: Chromium
    /// hands each message over once.
    pub async fn console_errors(&self) -> Result<Vec<String>> {
        let log = self.post("/se/log", json!({"type": "browser"})).await?;
        let entries = log
            .as_array()
            .ok_or_else(|| error(format!("a browser log that is not a list: {log}")))?;
        Ok(entries
            .iter()
            .filter(|e| e["level"] == "SEVERE")
            .map(|e| e["message"].as_str().unwrap_or_default().to_string())
            .collect())
    }

    /// Closes Chromium and reports whether that worked (dropping the browser does the same, silently).
    pub async fn quit(mut self) -> Result<()> {
        self.closed = true;
        self.command(Method::DELETE, "", None).await.map(drop)
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.closed {
            // Synchronous, over a plain socket: a drop cannot await, and the test's runtime may be shutting down.
            // Best effort: the test has its answer either way.
            let _ = delete_session_blocking(self.port, &self.id);
        }
    }
}

/// Deletes a session with a hand-written HTTP request, waiting (a little) for Chromium to close.
fn delete_session_blocking(port: u16, id: &str) -> std::io::Result<()> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    stream.set_write_timeout(Some(Duration::from_secs(10)))?;
    write!(
        stream,
        "DELETE /session/{id} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
    )?;
    // ChromeDriver answers once Chromium is closed, then closes the connection.
    stream.read_to_end(&mut Vec::new()).map(drop)
}

/// An element of the page, found by `Browser::find`.
pub struct Element<'a> {
    browser: &'a Browser,
    id: String,
}

impl<'a> Element<'a> {
    fn from_json(browser: &'a Browser, found: &Value) -> Result<Element<'a>> {
        let id = found[ELEMENT]
            .as_str()
            .ok_or_else(|| error(format!("not an element: {found}")))?;
        Ok(Element {
            browser,
            id: id.to_string(),
        })
    }

    /// The element as an argument of `Browser::execute` (the script sees the DOM node).
    pub fn json(&self) -> Value {
        Value::Object(
            [(ELEMENT.to_string(), Value::from(self.id.as_str()))]
                .into_iter()
                .collect(),
        )
    }

    /// Clicks the element's centre (scrolled into view first), as a mouse would: an error if something covers it.
    pub async fn click(&self) -> Result<()> {
        let path = format!("/element/{}/click", self.id);
        self.browser.post(&path, json!({})).await.map(drop)
    }

    /// The element's rendered text (what a reader sees: hidden parts left out).
    pub async fn text(&self) -> Result<String> {
        let text = self.browser.get(&format!("/element/{}/text", self.id)).await?;
        Ok(text.as_str().unwrap_or_default().to_string())
    }

    /// The attribute `name`'s value, `None` when the element has none.
    pub async fn attr(&self, name: &str) -> Result<Option<String>> {
        let value = self
            .browser
            .get(&format!("/element/{}/attribute/{name}", self.id))
            .await?;
        Ok(value.as_str().map(str::to_string))
    }

    /// Focuses the element and types `keys` into it (characters, or `key::LEFT` and the like).
    pub async fn send_keys(&self, keys: &str) -> Result<()> {
        let path = format!("/element/{}/value", self.id);
        self.browser.post(&path, json!({ "text": keys })).await.map(drop)
    }

    /// The first element under this one that `css` matches.
    pub async fn find(&self, css: &str) -> Result<Element<'a>> {
        let path = format!("/element/{}/element", self.id);
        let found = self
            .browser
            .post(&path, json!({"using": "css selector", "value": css}))
            .await;
        let found = found.map_err(|e| error(format!("find {css:?} in an element: {e}")))?;
        Element::from_json(self.browser, &found)
    }
}

/// Asks `ready` every 50 ms until it says yes; an error when `timeout` passes first, naming `what` and the last
/// error `ready` gave (an error counts as "not yet": the element may not be there yet).
pub async fn wait_until(timeout: Duration, what: &str, mut ready: impl AsyncFnMut() -> Result<bool>) -> Result<()> {
    let deadline = Instant::now() + timeout;
    loop {
        let last = match ready().await {
            Ok(true) => return Ok(()),
            Ok(false) => None,
            Err(e) => Some(e),
        };
        if Instant::now() >= deadline {
            let last = last.map(|e| format!(" (last: {e})")).unwrap_or_default();
            return Err(error(format!("{what}: not within {timeout:?}{last}")));
        }
        tokio::time::sleep(POLL).await;
    }
}

/// A PNG's width and height, from its header; `None` if `png` is not a PNG.
pub fn png_size(png: &[u8]) -> Option<(u32, u32)> {
    let header = png.strip_prefix(b"\x89PNG\r\n\x1a\n")?;
    // The first chunk is IHDR: its length (4 bytes), its name, then width and height, big-endian.
    if header.get(4..8)? != b"IHDR" {
        return None;
    }
    let number = |at: usize| Some(u32::from_be_bytes(header.get(at..at + 4)?.try_into().ok()?));
    Some((number(8)?, number(12)?))
}

/// One WebDriver command: the JSON body sent as text (reqwest is built without its `json` feature), the answer's
/// `value` returned, an error answer turned into its WebDriver error and message.
async fn request(http: &reqwest::Client, method: Method, url: &str, body: Option<&Value>) -> Result<Value> {
    let mut builder = http.request(method.clone(), url);
    if let Some(body) = body {
        builder = builder
            .header("content-type", "application/json; charset=utf-8")
            .body(body.to_string());
    }
    let response = builder
        .send()
        .await
        .map_err(|e| error(format!("{method} {url}: {e}")))?;
    let status = response.status();
    let bytes = response
        .bytes()
        .await
        .map_err(|e| error(format!("{method} {url}: {e}")))?;
    let mut answer: Value = serde_json::from_slice(&bytes).map_err(|e| {
        let text = String::from_utf8_lossy(&bytes);
        error(format!("{method} {url}: {status} and not JSON ({e}): {text}"))
    })?;
    let value = answer["value"].take();
    if !status.is_success() {
        let kind = value["error"].as_str().unwrap_or("an error");
        let message = value["message"].as_str().unwrap_or_default();
        return Err(error(format!("{method} {url}: {status}, {kind}: {message}")));
    }
    Ok(value)
}

/// Where `variable` names a program, that program; otherwise the first of `names` on PATH. The error says what
/// was looked for.
fn find_program(variable: &str, names: &[&str]) -> std::result::Result<PathBuf, String> {
    if let Some(named) = std::env::var_os(variable) {
        let path = PathBuf::from(&named);
        return on_path(&path).ok_or_else(|| format!("{variable}={} is not a program", path.display()));
    }
    names
        .iter()
        .find_map(|name| on_path(Path::new(name)))
        .ok_or_else(|| format!("no {} on PATH", names.join(", ")))
}

/// `program` itself when it is a path, else the first executable file of that name in PATH's folders.
fn on_path(program: &Path) -> Option<PathBuf> {
    if program.components().count() > 1 {
        return executable(program).then(|| program.to_path_buf());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| executable(p))
}

fn executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}
