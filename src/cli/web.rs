//! `ttrbot web`: the games' web pages without Discord — every game of a database (an operator browsing a copy), or
//! one game saved by `ttrbot play`, followed while it is played.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;

use super::Failure;
use super::session::Session;
use crate::lang::Lang;
use crate::seating::{Player, PlayerColor};
use crate::store::{Store, WebToken};
use crate::text;
use crate::text::catalog::tr;
use crate::web::{Pages, Record, Source};

/// `ttrbot web`'s options.
#[derive(Args)]
pub struct WebArgs {
    /// A database to read (the bot's DATABASE_URL, or a copy of it): every game's page at its token, as the bot
    /// links it.
    #[arg(long, value_name = "URL", conflicts_with = "game", required_unless_present = "game")]
    database: Option<String>,
    /// A game saved by `ttrbot play` (`save`): its page, read again whenever the file changes.
    #[arg(long, value_name = "FILE")]
    game: Option<PathBuf>,
    /// Where to listen.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// With --game: the language of its page, en or es.
    #[arg(long, default_value = "en")]
    lang: String,
    /// With --database: how many of the latest games to list with their pages' addresses.
    #[arg(long, default_value_t = 20)]
    list: u32,
}

/// Serves the pages until the process is stopped.
///
/// # Errors
/// A database that does not open, a saved game that does not read (exit code 2), an address in use.
pub fn run(args: &WebArgs) -> Result<(), Failure> {
    let lang = match args.lang.as_str() {
        code @ ("en" | "es") => Lang::from_locale(code),
        other => {
            return Err(Failure::input(tr!(
                Lang::En,
                "play-bad-lang",
                lang = crate::rules::names::excerpt(other)
            )));
        }
    };
    let runtime = tokio::runtime::Runtime::new().map_err(|e| Failure {
        code: 1,
        message: e.to_string(),
    })?;
    runtime.block_on(serve(args, lang))
}

async fn serve(args: &WebArgs, lang: Lang) -> Result<(), Failure> {
    let failed = |message: String| Failure { code: 1, message };
    let base = format!("http://{}", args.addr);
    let (source, addresses) = match (&args.database, &args.game) {
        (Some(url), _) => {
            let store = Store::open(url).await.map_err(|e| failed(e.to_string()))?;
            let games = store.latest_games(args.list).await.map_err(|e| failed(e.to_string()))?;
            let addresses = games
                .iter()
                .map(|g| format!("{base}/g/{}  {} · {}", g.token.as_str(), g.map, g.players.join(", ")))
                .collect();
            (Source::Store(store), addresses)
        }
        (None, Some(path)) => {
            // Read once now, so a file that is not a saved game is said at once.
            read_saved(path, lang).map_err(Failure::input)?;
            let token = WebToken::random();
            let address = format!("{base}/g/{}", token.as_str());
            let read: crate::web::ReadSaved = Box::new(move |path: &Path| read_saved(path, lang));
            let source = Source::Saved {
                path: path.clone(),
                token,
                read,
            };
            (source, vec![address])
        }
        (None, None) => return Err(Failure::input("--database or --game")),
    };
    let listener = tokio::net::TcpListener::bind(args.addr)
        .await
        .map_err(|e| failed(format!("{}: {e}", args.addr)))?;
    for address in addresses {
        println!("{address}");
    }
    crate::web::serve(listener, Pages::new(source))
        .await
        .map_err(|e| failed(e.to_string()))
}

/// A saved game as its page shows it: its last position, and everything that was said.
fn read_saved(path: &Path, lang: Lang) -> Result<Record, String> {
    let json = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let session = Session::load(&json, lang).map_err(|e| format!("{}: {e}", path.display()))?;
    let game = session.game();
    let map = Arc::clone(game.map());
    let players = session
        .names()
        .iter()
        .enumerate()
        .map(|(i, name)| Player::new(name, PlayerColor::for_seat(i)))
        .collect();
    let lines = session
        .history()
        .iter()
        .map(|e| text::event(lang, &map, session.names(), e))
        .collect();
    Ok(Record::of_position(map, players, lang, game.public_view(), lines))
}
