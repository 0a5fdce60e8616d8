//! The browser harness (`browser/`) proved on a page of its own, served here, before any test of a game's page
//! relies on it: clicks, keys, text, attributes, scripts, a screenshot's size and the console's errors.

use std::time::Duration;

use axum::Router;
use axum::response::Html;
use axum::routing::get;
use serde_json::json;

use crate::browser::{Browser, WINDOW, key, png_size, wait_until};

/// A button that changes a line's text and its own attribute, a log of the keys pressed anywhere, a field to type
/// in, a list, and one deliberate console error (an icon of its own: the browser's request for /favicon.ico would
/// be a second, a 404).
const PAGE: &str = r#"<!doctype html>
<html><head><meta charset="utf-8"><title>harness</title>
<link rel="icon" href="data:,"></head>
<body>
<button id="go" data-state="idle">Go</button>
<p id="out">before</p>
<p id="keys"></p>
<input id="field">
<ul><li>one</li><li>two</li><li>three</li></ul>
<script>
  document.getElementById("go").addEventListener("click", (event) => {
    document.getElementById("out").textContent = "clicked";
    event.target.dataset.state = "done";
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") document.getElementById("out").textContent = "right";
    document.getElementById("keys").textContent += event.key + " ";
  });
  console.error("harness: a deliberate error");
</script>
</body></html>"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_browser_harness_clicks_types_reads_screenshots_and_hears_console_errors() {
    let Some(browser) = Browser::start().await else {
        return;
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let app = Router::new().route("/", get(|| async { Html(PAGE) }));
    let server = tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });

    browser.goto(&format!("http://{address}/")).await.unwrap();
    assert_eq!(browser.url().await.unwrap(), format!("http://{address}/"));
    let button = browser.find("#go").await.unwrap();
    let out = browser.find("#out").await.unwrap();
    assert_eq!(out.text().await.unwrap(), "before");
    assert_eq!(button.attr("data-state").await.unwrap().as_deref(), Some("idle"));
    assert_eq!(button.attr("title").await.unwrap(), None);

    button.click().await.unwrap();
    wait_until(Duration::from_secs(5), "the click's text", async || {
        Ok(out.text().await? == "clicked")
    })
    .await
    .unwrap();
    assert_eq!(button.attr("data-state").await.unwrap().as_deref(), Some("done"));

    // The focus is on the button now: the key goes to it and bubbles to the document's handler.
    browser.send_keys(key::RIGHT).await.unwrap();
    assert_eq!(out.text().await.unwrap(), "right");

    // Typing into a field, moving the caret with Home, End and the left arrow between characters.
    let field = browser.find("#field").await.unwrap();
    // Lower case: ChromeDriver types a capital with Shift pressed, which the key log would show.
    let keys = format!("abc{}x{}y{}z", key::HOME, key::END, key::LEFT);
    field.send_keys(&keys).await.unwrap();
    let typed = browser
        .execute("return arguments[0].value;", &[field.json()])
        .await
        .unwrap();
    assert_eq!(typed, "xabczy");
    let pressed = browser.find("#keys").await.unwrap().text().await.unwrap();
    assert_eq!(pressed, "ArrowRight a b c Home x End y ArrowLeft z");

    let items = browser.find_all("li").await.unwrap();
    let mut texts = Vec::new();
    for item in &items {
        texts.push(item.text().await.unwrap());
    }
    assert_eq!(texts, ["one", "two", "three"]);
    assert!(browser.find_all("table").await.unwrap().is_empty());
    let missing = browser.find("#nothing").await.err().expect("no element #nothing");
    assert!(missing.to_string().contains("#nothing"), "{missing}");

    assert_eq!(
        browser.execute("return arguments[0] * 7;", &[json!(6)]).await.unwrap(),
        42
    );
    let title = "arguments[arguments.length - 1](document.title);";
    assert_eq!(browser.execute_async(title, &[]).await.unwrap(), "harness");

    let png = browser.screenshot_png().await.unwrap();
    assert_eq!(png_size(&png), Some(WINDOW), "a PNG of the window's size");
    browser.set_window_size(640, 480).await.unwrap();
    let png = browser.screenshot_png().await.unwrap();
    assert_eq!(png_size(&png), Some((640, 480)));

    let errors = browser.console_errors().await.unwrap();
    assert!(
        errors.len() == 1 && errors[0].contains("harness: a deliberate error"),
        "{errors:?}"
    );
    assert_eq!(
        browser.console_errors().await.unwrap(),
        Vec::<String>::new(),
        "each error once"
    );

    browser.quit().await.unwrap();
    server.abort();
}
