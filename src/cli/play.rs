//! `ttrbot play`: one person against computer players in the terminal. A line editor (tab completion of commands,
//! routes and cities; history) when the input is a terminal, plain lines in and out when it is piped.

use std::cell::RefCell;
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use clap::Args;
use rustyline::completion::Completer;
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{CompletionType, Config, Editor, Helper};

use super::Failure;
use super::session::{Reply, Request, Session};
use crate::ai::Level;
use crate::render;
use crate::rules::GameSeed;
use crate::seating::Player;
use crate::sim;
use crate::text::Lang;
use crate::text::catalog::tr;

/// The options of `ttrbot play`.
#[derive(Args)]
pub struct PlayArgs {
    /// Map id (usa, europe, switzerland, india, berlin).
    #[arg(long, default_value = "usa")]
    map: String,
    /// A map file (a server's own map, say) instead of a built-in map; a saved game keeps the file's text.
    #[arg(long, value_name = "FILE")]
    map_file: Option<std::path::PathBuf>,
    /// Players, you included (default: 4, or fewer where the map allows fewer).
    #[arg(long)]
    players: Option<usize>,
    /// The computer players' level: random, easy, normal or hard.
    #[arg(long, default_value = "normal")]
    level: String,
    /// How long a hard computer player thinks about each move, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// The game's seed (default: a key from the operating system that nobody can guess); the same seed deals the
    /// same game.
    #[arg(long)]
    seed: Option<u64>,
    /// Your name as the game writes it (default: your user name).
    #[arg(long)]
    name: Option<String>,
    /// Continue a game saved with `save` or on `quit`.
    #[arg(long)]
    resume: Option<PathBuf>,
    /// Where your board picture is written after every turn.
    #[arg(long, default_value = "ttrbot-board.png")]
    board: PathBuf,
    /// Where `save` and `quit` save the game when no file is named.
    #[arg(long, default_value = "ttrbot-game.json")]
    save: PathBuf,
    /// The language the game is told in: en or es (default: the system's locale, English for any other).
    #[arg(long)]
    lang: Option<String>,
}

/// The language of `ttrbot play`: `--lang`, else the system's locale (`LC_ALL`, `LC_MESSAGES`, `LANG`, the first
/// one set), English for a locale not written yet.
fn language(args: &PlayArgs) -> Result<Lang, Failure> {
    match args.lang.as_deref() {
        Some(code @ ("en" | "es")) => Ok(Lang::from_locale(code)),
        Some(other) => Err(Failure::input(tr!(
            Lang::En,
            "play-bad-lang",
            lang = crate::rules::names::excerpt(other)
        ))),
        None => Ok(["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .find_map(|var| std::env::var(var).ok().filter(|v| !v.is_empty()))
            .map_or(Lang::En, |locale| Lang::from_locale(&locale))),
    }
}

/// Plays a game until it ends or the person quits.
///
/// # Errors
/// Bad options or an unreadable saved game (exit code 2); an unwritable board picture.
pub fn run(args: &PlayArgs) -> Result<(), Failure> {
    let lang = language(args)?;
    let mut session = match &args.resume {
        Some(file) => {
            let json = std::fs::read_to_string(file).map_err(|e| Failure::input(format!("{}: {e}", file.display())))?;
            Session::load(&json, lang).map_err(|e| Failure::input(format!("{}: {e}", file.display())))?
        }
        None => new_session(args, lang)?,
    };
    session.set_think(sim::think_for(std::time::Duration::from_millis(args.think_ms)));
    let mut input = Input::open(&session);
    let mut out = Output {
        plain: !input.is_editor(),
    };
    out.show(&session.opening());
    write_board(&session, &args.board, &mut out, lang)?;
    while !session.is_over() {
        let Some(line) = input.read(&session) else {
            // The input ended (Ctrl-D, or the end of a piped file) with the game still on: keep it.
            out.show(&[tr!(lang, "play-input-ended")]);
            save(&session, &args.save, &mut out, lang);
            return Ok(());
        };
        out.echo(&line);
        let reply: Reply = session.command(&line);
        out.show(&reply.lines);
        if reply.moved {
            write_board(&session, &args.board, &mut out, lang)?;
        }
        match reply.request {
            Request::None => {}
            Request::Board => write_board(&session, &args.board, &mut out, lang)?,
            Request::Save(file) => {
                let path = file.map_or_else(|| args.save.clone(), PathBuf::from);
                save(&session, &path, &mut out, lang);
            }
            Request::Quit => {
                let file = args.save.display().to_string();
                out.show(&[tr!(lang, "play-save-before-quit", file = file)]);
                let answer = input.read_answer().unwrap_or_default();
                out.echo(&answer);
                match answer.trim().to_lowercase().as_str() {
                    "no" | "n" => out.show(&[tr!(lang, "play-not-saved")]),
                    "" | "yes" | "y" | "si" | "sí" | "s" => save(&session, &args.save, &mut out, lang),
                    _ => save(&session, Path::new(answer.trim()), &mut out, lang),
                }
                return Ok(());
            }
        }
    }
    Ok(())
}

fn new_session(args: &PlayArgs, lang: Lang) -> Result<Session, Failure> {
    let (map, map_text) = super::map_from(&args.map, args.map_file.as_deref())?;
    let players = args
        .players
        .unwrap_or_else(|| usize::from(map.rules.max_players).min(4));
    let level = Level::from_name(&args.level).ok_or_else(|| {
        let levels: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
        Failure::input(tr!(
            lang,
            "play-bad-level",
            level = crate::rules::names::excerpt(&args.level),
            levels = levels.join(", ")
        ))
    })?;
    // The computer players' own choices need no secret: from the clock when the game's seed is not given.
    let (seed, computers) = match args.seed {
        Some(seed) => (GameSeed::SplitMix64(seed), seed),
        None => (
            crate::seeds::fresh().map_err(|e| Failure::input(e.to_string()))?,
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64),
        ),
    };
    let name = args.name.clone().unwrap_or_else(|| default_name(lang));
    let session = Session::new(map, players, level, (seed, computers), &name, lang).map_err(Failure::input)?;
    Ok(session.with_map_text(map_text))
}

/// The user's login name, capitalised ("Ana"), or "Player" when there is none worth showing.
fn default_name(lang: Lang) -> String {
    let user = std::env::var("USER")
        .or_else(|_| std::env::var("USERNAME"))
        .unwrap_or_default();
    let user = user.trim();
    if user.is_empty() || user == "root" {
        return tr!(lang, "play-default-name");
    }
    let mut chars = user.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_else(|| tr!(lang, "play-default-name"))
}

/// Writes the person's own board (their tickets ringed) and says where.
fn write_board(session: &Session, path: &Path, out: &mut Output, lang: Lang) -> Result<(), Failure> {
    let game = session.game();
    let view = game.seat_view(session.you());
    let players = Player::list(session.names());
    let png = render::seat_board_png(lang, game.map(), &view.public, &players, view.seat, &view.tickets);
    std::fs::write(path, png).map_err(|e| Failure {
        code: 1,
        message: format!("{}: {e}", path.display()),
    })?;
    out.show(&[tr!(lang, "play-board", file = path.display().to_string())]);
    Ok(())
}

fn save(session: &Session, path: &Path, out: &mut Output, lang: Lang) {
    let file = path.display().to_string();
    let said = match std::fs::write(path, session.save()) {
        Ok(()) => tr!(lang, "play-saved", file = file),
        Err(e) => tr!(lang, "play-save-failed", file = file, error = e.to_string()),
    };
    out.show(&[said]);
}

/// Where the person's lines come from.
enum Input {
    /// A terminal: a line editor with completion and history.
    Editor(Box<Editor<Completion, DefaultHistory>>, Rc<RefCell<Words>>),
    /// Anything else: plain lines.
    Piped(std::io::StdinLock<'static>),
}

impl Input {
    fn open(session: &Session) -> Input {
        if std::io::stdin().is_terminal() {
            let words = Rc::new(RefCell::new(Words::default()));
            let config = Config::builder()
                .completion_type(CompletionType::List)
                .auto_add_history(true)
                .build();
            if let Ok(mut editor) = Editor::with_config(config) {
                editor.set_helper(Some(Completion {
                    words: Rc::clone(&words),
                }));
                words.borrow_mut().update(session);
                return Input::Editor(Box::new(editor), words);
            }
        }
        Input::Piped(std::io::stdin().lock())
    }

    fn is_editor(&self) -> bool {
        matches!(self, Input::Editor(..))
    }

    /// The next command; `None` when the input has ended. Ctrl-C asks to quit.
    fn read(&mut self, session: &Session) -> Option<String> {
        match self {
            Input::Editor(editor, words) => {
                words.borrow_mut().update(session);
                match editor.readline("> ") {
                    Ok(line) => Some(line),
                    Err(ReadlineError::Interrupted) => Some("quit".to_string()),
                    Err(_) => None,
                }
            }
            Input::Piped(stdin) => {
                let mut line = String::new();
                match stdin.read_line(&mut line) {
                    Ok(0) | Err(_) => None,
                    Ok(_) => Some(line.trim_end_matches(['\n', '\r']).to_string()),
                }
            }
        }
    }

    /// An answer to a question (no completion).
    fn read_answer(&mut self) -> Option<String> {
        match self {
            Input::Editor(editor, _) => editor.readline("? ").ok(),
            Input::Piped(stdin) => {
                let mut line = String::new();
                match stdin.read_line(&mut line) {
                    Ok(0) | Err(_) => None,
                    Ok(_) => Some(line.trim().to_string()),
                }
            }
        }
    }
}

/// Where the answers go: standard output, without the chat's markdown.
struct Output {
    /// Piped input: each command is echoed so the output reads as a transcript.
    plain: bool,
}

impl Output {
    fn show(&mut self, lines: &[String]) {
        let mut stdout = std::io::stdout().lock();
        for line in lines {
            let _ = writeln!(stdout, "{}", line.replace("**", ""));
        }
        let _ = stdout.flush();
    }

    fn echo(&mut self, line: &str) {
        if self.plain {
            self.show(&[format!("> {line}")]);
        }
    }
}

/// What tab may complete, refreshed before every line.
#[derive(Default)]
struct Words {
    routes: Vec<String>,
    cities: Vec<String>,
}

impl Words {
    fn update(&mut self, session: &Session) {
        self.routes = session.free_route_names();
        let map = session.game().map();
        self.cities = map.cities.iter().map(|c| c.name.clone()).collect();
        self.cities.sort();
    }
}

/// The verbs tab completes at the start of a line.
const VERBS: [&str; 18] = [
    "board", "claim", "draw", "give up", "hand", "help", "hint", "history", "keep", "pass", "pay", "quit", "rules",
    "save", "station", "status", "tickets", "exit",
];

/// Tab completion: a verb, then a route after `claim`, a city after `station`, a pile after `draw`.
struct Completion {
    words: Rc<RefCell<Words>>,
}

impl Completer for Completion {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &rustyline::Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let before = &line[..pos];
        let Some((verb, arg)) = before.split_once(' ') else {
            let typed = before.to_lowercase();
            let verbs = VERBS
                .iter()
                .filter(|v| v.starts_with(&typed))
                .map(|v| v.to_string())
                .collect();
            return Ok((0, verbs));
        };
        let start = pos - arg.trim_start().len();
        let words = self.words.borrow();
        let draw: Vec<String> = ["deck", "1", "2", "3", "4", "5"].map(String::from).to_vec();
        let pool: &[String] = match verb.to_lowercase().as_str() {
            "claim" => &words.routes,
            "station" => &words.cities,
            "draw" => &draw,
            _ => &[],
        };
        Ok((start, matching(pool, arg.trim_start())))
    }
}

/// The names that start with what was typed, or have a word that does (case and accents aside).
fn matching(pool: &[String], typed: &str) -> Vec<String> {
    let key = crate::rules::map::fold(typed);
    let starts: Vec<String> = pool
        .iter()
        .filter(|name| crate::rules::map::fold(name).starts_with(&key))
        .cloned()
        .collect();
    if !starts.is_empty() {
        return starts;
    }
    pool.iter()
        .filter(|name| {
            crate::rules::map::fold(name)
                .split([' ', '-'])
                .any(|word| !key.is_empty() && word.starts_with(&key))
        })
        .cloned()
        .collect()
}

impl Hinter for Completion {
    type Hint = String;
}

impl Highlighter for Completion {}

impl Validator for Completion {}

impl Helper for Completion {}

#[cfg(test)]
mod tests {
    use super::matching;

    #[test]
    fn completion_matches_the_start_of_a_name_then_the_start_of_any_word() {
        let pool: Vec<String> = ["Denver - Omaha", "Kansas City - Omaha", "Zürich - Bern"]
            .map(String::from)
            .to_vec();
        assert_eq!(matching(&pool, "den"), vec!["Denver - Omaha".to_string()]);
        assert_eq!(matching(&pool, "zuri"), vec!["Zürich - Bern".to_string()]);
        assert_eq!(matching(&pool, "oma").len(), 2);
        assert_eq!(matching(&pool, "").len(), 3);
        assert!(matching(&pool, "xyz").is_empty());
    }
}
