//! A game's web page in a real browser (headless Chromium) while the game is played through the fake Discord: the
//! Watch link of the turn message opens it; each move shows within 2 s without a reload, its scores and claimed
//! routes those of the store; a tapped route tells its details; the replay at each step shows the board the log
//! replays to; the keyboard steps; the stream comes back after the bot restarts; nothing is logged as an error.

use std::time::Duration;

use serde_json::Value;

use crate::browser::{Browser, key, wait_until};
use crate::fake_discord::table::Table;
use crate::fake_discord::{Fake, Launch};

/// A free loopback port for the bot's pages.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The Watch link of a message's buttons.
fn watch_link(message: &Value) -> Option<String> {
    message["components"]
        .as_array()?
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find_map(|c| {
            (c["style"] == 5)
                .then(|| c["url"].as_str().map(str::to_string))
                .flatten()
        })
}

/// The routes the page draws as claimed, in order.
async fn claimed_on_page(browser: &Browser) -> Vec<u64> {
    let script = "return Array.from(document.querySelectorAll('#pieces g.claimed'), g => Number(g.dataset.route))\
                  .filter((r, i, all) => all.indexOf(r) === i).sort((a, b) => a - b);";
    let found = browser.execute(script, &[]).await.unwrap();
    found.as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect()
}

/// The version the page shows.
async fn shown_version(browser: &Browser) -> i64 {
    let v = browser
        .execute("return Number(document.body.dataset.version);", &[])
        .await
        .unwrap();
    v.as_i64().unwrap()
}

fn owned(view: &ttrbot::rules::PublicView) -> Vec<u64> {
    (0..view.owners.len())
        .filter(|&r| view.owners[r].is_some())
        .map(|r| r as u64)
        .collect()
}

/// Waits until the page shows `version`, within `limit`.
async fn page_shows(browser: &Browser, version: i64, limit: Duration) {
    wait_until(limit, &format!("the page at version {version}"), async || {
        Ok(shown_version(browser).await == version)
    })
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_games_page_follows_the_game_replays_it_and_comes_back_after_a_restart_in_a_real_browser() {
    let Some(browser) = Browser::start().await else {
        return;
    };
    let port = free_port();
    let launch = Launch {
        env: vec![
            ("TTRBOT_WEB_ADDR".into(), format!("127.0.0.1:{port}")),
            ("TTRBOT_PUBLIC_URL".into(), format!("http://127.0.0.1:{port}")),
        ],
        ..Launch::default()
    };
    let fake = std::sync::Arc::new(Fake::start_with("web-pages", launch).await);
    let mut table = Table::seat(fake, 900, "europe", 3, 60).await;
    table.play_moves(4).await;
    let (_, version) = table.state().await;
    let page = watch_link(&table.turn_message(version).await).expect("the turn message links the game's page");
    assert!(page.starts_with(&format!("http://127.0.0.1:{port}/g/")), "{page}");
    let loaded = std::time::Instant::now();
    browser.goto(&page).await.unwrap();
    let (_, version) = table.state().await;
    page_shows(&browser, version, Duration::from_secs(5)).await;
    let first_paint = browser
        .execute(
            "return performance.getEntriesByType('paint').map(p => [p.name, p.startTime]);",
            &[],
        )
        .await
        .unwrap();
    eprintln!(
        "web page: loaded and live in {:?}; paint {first_paint}",
        loaded.elapsed()
    );

    // Live: every move within 2 s, without a reload (a mark set on the window stays), equal to the store.
    browser.execute("window.notReloaded = true;", &[]).await.unwrap();
    let mut slowest = Duration::ZERO;
    for _ in 0..14 {
        table.play_moves(1).await;
        let (game, version) = table.state().await;
        let moved = std::time::Instant::now();
        page_shows(&browser, version, Duration::from_secs(2)).await;
        slowest = slowest.max(moved.elapsed());
        let view = game.public_view();
        assert_eq!(
            claimed_on_page(&browser).await,
            owned(&view),
            "claimed routes at version {version}"
        );
        let scores = browser
            .execute(
                "return Array.from(document.querySelectorAll('#panel td.score'), td => Number(td.textContent));",
                &[],
            )
            .await
            .unwrap();
        let expected: Vec<Value> = view.seats.iter().map(|s| Value::from(s.route_points)).collect();
        assert_eq!(scores, Value::Array(expected), "scores at version {version}");
    }
    eprintln!("web page: the slowest move reached the page in {slowest:?}");
    assert_eq!(
        browser
            .execute("return window.notReloaded === true;", &[])
            .await
            .unwrap(),
        true
    );

    // A tap on a claimed route (or, if none yet, a printed one) tells its cities and who claimed it.
    let (game, version) = table.state().await;
    let route = owned(&game.public_view()).first().copied();
    let selector = match route {
        Some(r) => format!("#pieces g.claimed[data-route=\"{r}\"]"),
        None => "g.route[data-route=\"0\"]".to_string(),
    };
    browser
        .execute(
            "document.querySelector(arguments[0]).dispatchEvent(new MouseEvent('click', {bubbles: true}));",
            &[Value::from(selector)],
        )
        .await
        .unwrap();
    let details = browser.find("#details").await.unwrap().text().await.unwrap();
    let r = ttrbot::rules::RouteId(route.unwrap_or(0) as u16);
    let map = game.map();
    let (a, b) = (&map.city(map.route(r).a).name, &map.city(map.route(r).b).name);
    assert!(
        details.contains(a.as_str()) && details.contains(b.as_str()),
        "{details}"
    );
    if route.is_some() {
        assert!(details.contains("Claimed by"), "{details}");
    }

    // The replay: Home, then → step by step, each step the board the log replays to; End back to live.
    let (_, views, _) = table.store.public_record(table.game).await.unwrap();
    browser.send_keys(key::HOME).await.unwrap();
    page_shows(&browser, 0, Duration::from_secs(2)).await;
    assert_eq!(claimed_on_page(&browser).await, owned(&views[0]));
    for step in 1..=version.min(25) {
        browser.send_keys(key::RIGHT).await.unwrap();
        page_shows(&browser, step, Duration::from_secs(2)).await;
        assert_eq!(
            claimed_on_page(&browser).await,
            owned(&views[step as usize]),
            "replay step {step}"
        );
    }
    browser.send_keys(key::LEFT).await.unwrap();
    page_shows(&browser, version.min(25) - 1, Duration::from_secs(2)).await;
    let middle = version / 2;
    browser
        .execute(
            "const s = document.getElementById('slider'); s.value = arguments[0]; \
             s.dispatchEvent(new Event('input'));",
            &[Value::from(middle)],
        )
        .await
        .unwrap();
    page_shows(&browser, middle, Duration::from_secs(2)).await;
    assert_eq!(claimed_on_page(&browser).await, owned(&views[middle as usize]));
    browser.send_keys(key::END).await.unwrap();
    page_shows(&browser, version, Duration::from_secs(2)).await;

    let errors = browser.console_errors().await.unwrap();
    assert!(errors.is_empty(), "console errors: {errors:?}");

    // The bot restarts: the page's stream comes back by itself and the next move shows.
    table.fake_mut().restart().await;
    table.play_moves(1).await;
    let (_, version) = table.state().await;
    page_shows(&browser, version, Duration::from_secs(5)).await;

    // A narrow phone and a wide window, kept for whoever looks at the page (the closing note's screenshots).
    let shots = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    for (width, height, name) in [(390, 844, "web-page-390.png"), (1400, 900, "web-page-1400.png")] {
        browser.set_window_size(width, height).await.unwrap();
        let png = browser.screenshot_png().await.unwrap();
        std::fs::write(shots.join(name), png).unwrap();
    }
    // While the bot was down the browser said its stream's reconnections were refused; nothing else.
    let errors = browser.console_errors().await.unwrap();
    assert!(errors.iter().all(|e| e.contains("/live")), "console errors: {errors:?}");
    browser.quit().await.unwrap();
    table.stop().await;
}
