//! A game of `ttrbot play`: one person against computer players, read from typed lines with the slash commands'
//! verbs, answered with the bot's sentences. No terminal here: `play` feeds it lines and shows what it says.

use std::sync::Arc;

use crate::ai::{self, DEFAULT_THINK, Level, Think};
use crate::rules::names;
use crate::rules::{
    Action, CardCounts, Event, Game, GameRng, GameSeed, Map, Payment, PrivateEvent, Purchase, RouteId, Seat, Step,
    TicketSet,
};
use crate::sim;
use crate::text::catalog::tr;
use crate::text::{self, Lang};
use typed::{parse_page, split_payment};

mod saved;
mod typed;

/// What the person asked for besides a move, for the terminal to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Nothing more: show the lines.
    None,
    /// Write the board picture now (`board`).
    Board,
    /// Save the game (`save`, with a file name if one was typed).
    Save(Option<String>),
    /// Leave (`quit`): the terminal offers to save first.
    Quit,
}

/// The answer to one typed line.
#[derive(Clone, Debug)]
pub struct Reply {
    /// What to show, in order.
    pub lines: Vec<String>,
    /// Whether the game moved on (a new board picture is due).
    pub moved: bool,
    /// What else the terminal should do.
    pub request: Request,
}

impl Reply {
    fn say(lines: impl IntoIterator<Item = String>) -> Reply {
        Reply {
            lines: lines.into_iter().collect(),
            moved: false,
            request: Request::None,
        }
    }
}

/// A game in the terminal: the game, who plays which seat, and the record shown by `history`.
pub struct Session {
    game: Game,
    /// The person's seat.
    you: Seat,
    names: Vec<String>,
    /// Each seat's computer level; `None` for the person.
    levels: Vec<Option<Level>>,
    /// Each seat's own randomness: a computer player's choices, or the person's hints.
    rngs: Vec<GameRng>,
    /// How long hard computer players think per move (not saved: a resumed game thinks as its command line says).
    think: Think,
    /// Every public event so far.
    history: Vec<Event>,
    /// A purchase waiting for the person to choose how to pay (`pay N`).
    pending: Option<(Purchase, Vec<CardCounts>)>,
    /// How long a hint thinks (the hard player's search, within [`ai::HINT_THINK`]).
    hint_think: Think,
    /// Hints the person has asked for, said on the final board.
    hints: u32,
    lang: Lang,
    /// A map file's text, when the game is not on a built-in map: a saved game keeps it.
    map_text: Option<String>,
}

impl Session {
    /// Hard computer players think for `think` per move from now on.
    pub fn set_think(&mut self, think: Think) {
        self.think = think;
    }

    /// Hints think for `think` from now on (tests give a count of play-outs).
    #[cfg(test)]
    pub fn set_hint_think(&mut self, think: Think) {
        self.hint_think = think;
    }

    /// A new game dealt from `seed`: the person in seat 0 named `name`, computer players of `level` in the other
    /// seats, their choices seeded by `computers`; the computers choose their starting tickets at once. Everything
    /// is said in `lang`.
    ///
    /// # Errors
    /// The player count does not fit the map.
    pub fn new(
        map: Arc<Map>,
        players: usize,
        level: Level,
        (seed, computers): (GameSeed, u64),
        name: &str,
        lang: Lang,
    ) -> Result<Session, String> {
        let game = Game::new(map, players, seed).map_err(|e| e.to_string())?;
        let mut names = vec![name.to_string()];
        names.extend((1..players).map(|i| tr!(lang, "computer-name", number = i)));
        let mut levels = vec![None];
        levels.extend((1..players).map(|_| Some(level)));
        let rngs = (0..players)
            .map(|i| GameRng::new(computers ^ (0xC0C0_0000_0000_0000 + i as u64)))
            .collect();
        let mut session = Session {
            game,
            you: Seat(0),
            names,
            levels,
            rngs,
            think: sim::think_for(DEFAULT_THINK),
            history: Vec::new(),
            pending: None,
            hint_think: sim::think_for(ai::HINT_THINK),
            hints: 0,
            lang,
            map_text: None,
        };
        session.computers_play(&mut Vec::new());
        Ok(session)
    }

    /// The same session on a map file of this text (`None`: a built-in map), which [`Session::save`] keeps.
    #[must_use]
    pub fn with_map_text(mut self, text: Option<String>) -> Session {
        self.map_text = text;
        self
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The person's seat.
    pub fn you(&self) -> Seat {
        self.you
    }

    /// Players' names in seat order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// What everyone saw happen so far, in order.
    pub fn history(&self) -> &[Event] {
        &self.history
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// What the person reads when the game opens (or resumes): who plays, then what is asked of them.
    pub fn opening(&self) -> Vec<String> {
        let map = self.game.map();
        let others: Vec<String> = (0..self.names.len())
            .filter(|&i| i != self.you.index())
            .map(|i| {
                let level = self.levels[i].map_or_else(String::new, |l| self.level_name(l));
                tr!(self.lang, "play-opponent", name = self.names[i].as_str(), level = level)
            })
            .collect();
        let mut lines = vec![tr!(
            self.lang,
            "play-opening",
            map = text::map_name(self.lang, map),
            name = self.names[self.you.index()].as_str(),
            others = text::and_list(self.lang, &others)
        )];
        if !self.history.is_empty() {
            let recent = self.history.len().saturating_sub(6);
            lines.push(tr!(self.lang, "play-lately"));
            lines.extend(self.history[recent..].iter().map(|e| self.public(e)));
        }
        lines.extend(self.prompt());
        lines
    }

    /// Answers one typed line.
    pub fn command(&mut self, line: &str) -> Reply {
        let line = line.trim();
        let (verb, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let map = Arc::clone(self.game.map());
        match verb.to_lowercase().as_str() {
            "" => Reply::say([]),
            "help" | "?" => Reply::say(tr!(self.lang, "play-help").lines().map(str::to_string)),
            "hand" => Reply::say([text::hand(self.lang, &map, &self.game.seat_view(self.you))]),
            "status" => Reply::say(self.status()),
            "board" => Reply {
                request: Request::Board,
                ..Reply::say(self.status())
            },
            "history" => match parse_page(rest, self.lang) {
                Ok(page) => Reply::say([text::history(self.lang, &map, &self.names, &self.history, page)]),
                Err(said) => Reply::say([said]),
            },
            "rules" => Reply::say([text::rules(self.lang, &map)]),
            "hint" => self.hint(),
            "tickets" => self.tickets(),
            "keep" => self.keep(rest),
            "draw" => match names::parse_draw(rest) {
                Some(action) => self.act(action),
                None => Reply::say([tr!(self.lang, "draw-how")]),
            },
            "claim" => self.claim(rest),
            "station" => self.station(rest),
            "pay" => self.pay(rest),
            "give" if rest.eq_ignore_ascii_case("up") => self.act(Action::DeclineTunnel),
            "pass" => self.act(Action::Pass),
            "save" => Reply {
                request: Request::Save((!rest.is_empty()).then(|| rest.to_string())),
                ..Reply::say([])
            },
            "quit" | "exit" => Reply {
                request: Request::Quit,
                ..Reply::say([])
            },
            _ => Reply::say([tr!(self.lang, "play-unknown-command", verb = names::excerpt(verb))]),
        }
    }

    /// Whose turn, everyone's counts, the face-up row and the piles.
    fn status(&self) -> Vec<String> {
        let map = self.game.map();
        let view = self.game.public_view();
        let mut lines = vec![text::whose_turn(self.lang, &self.names, &view)];
        lines.extend(text::seat_rows(self.lang, map, &self.names, &view));
        let faceup = text::faceup(self.lang, map, &view).join(", ");
        lines.push(tr!(self.lang, "play-face-up", cards = faceup));
        lines.push(text::piles(self.lang, &view).replace('\n', " · "));
        lines
    }

    /// `tickets`: the offer waiting for a choice, or a new draw of tickets.
    fn tickets(&mut self) -> Reply {
        if self.game.seat_view(self.you).offer.is_empty() {
            self.act(Action::DrawTickets)
        } else {
            Reply::say(self.offer_lines())
        }
    }

    /// The tickets offered, numbered for `keep`, and how many must be kept.
    fn offer_lines(&self) -> Vec<String> {
        let view = self.game.seat_view(self.you);
        let map = self.game.map();
        let mut legal = Vec::new();
        self.game.legal_actions(self.you, &mut legal);
        let least = legal
            .iter()
            .filter_map(|a| match a {
                Action::KeepTickets { tickets } => Some(tickets.len()),
                _ => None,
            })
            .min()
            .unwrap_or(1);
        let mut lines = vec![tr!(self.lang, "play-choose-tickets", count = least)];
        lines.extend(
            view.offer
                .iter()
                .enumerate()
                .map(|(i, &t)| format!("  {}. {}", i + 1, text::ticket(self.lang, map, t))),
        );
        lines
    }

    /// `keep 1 3` or `keep all`: the offered tickets at those numbers.
    fn keep(&mut self, rest: &str) -> Reply {
        let offer = self.game.seat_view(self.you).offer;
        if offer.is_empty() {
            return Reply::say([tr!(self.lang, "play-no-offer")]);
        }
        let mut kept = TicketSet::default();
        if rest.eq_ignore_ascii_case("all") {
            kept = TicketSet::from_ids(offer.iter().copied());
        } else {
            for word in rest.split([' ', ',']).filter(|w| !w.is_empty()) {
                match word.parse::<usize>() {
                    Ok(n) if (1..=offer.len()).contains(&n) => kept.insert(offer[n - 1]),
                    _ => {
                        return Reply::say([tr!(self.lang, "play-keep-numbers", count = offer.len())]);
                    }
                }
            }
        }
        if kept.is_empty() {
            return Reply::say([tr!(self.lang, "play-keep-which", count = offer.len())]);
        }
        self.act(Action::KeepTickets { tickets: kept })
    }

    /// `claim ROUTE [cards]`: during the person's own tunnel, the extra cards; else the route, paid as typed,
    /// the only way possible, or (several ways) a numbered list for `pay N`.
    fn claim(&mut self, rest: &str) -> Reply {
        if self.game.own_tunnel(self.you).is_some() {
            return self.pay(rest);
        }
        let map = Arc::clone(self.game.map());
        let route = |typed: &str| names::parse_route(&map, typed).map(|r| r.tracks);
        let (tracks, pay) = match split_payment(self.lang, &map, rest, route) {
            Ok(found) => found,
            Err(e) => return Reply::say([text::name_error(self.lang, &map, &e)]),
        };
        let track = self.game.track_for(self.you, &tracks, pay.as_ref());
        self.buy(Purchase::Route(track), pay)
    }

    /// `station CITY [cards]`.
    fn station(&mut self, rest: &str) -> Reply {
        let map = Arc::clone(self.game.map());
        match split_payment(self.lang, &map, rest, |typed| names::find_city(&map, typed)) {
            Ok((city, pay)) => self.buy(Purchase::Station(city), pay),
            Err(e) => Reply::say([text::name_error(self.lang, &map, &e)]),
        }
    }

    /// `pay N` (one of the payments listed) or `pay CARDS` (for the tunnel, or what was being bought).
    fn pay(&mut self, rest: &str) -> Reply {
        let purchase = match (self.game.own_tunnel(self.you), &self.pending) {
            (Some(tunnel), _) => tunnel,
            (None, Some((purchase, _))) => *purchase,
            (None, None) => return Reply::say([tr!(self.lang, "play-nothing-to-pay")]),
        };
        if let Ok(n) = rest.parse::<usize>() {
            let payments = self.game.payments(self.you, purchase).unwrap_or_default();
            return match payments.get(n.wrapping_sub(1)) {
                Some(&cards) => self.act(purchase.action(cards)),
                None => Reply::say([tr!(self.lang, "play-payment-range", count = payments.len())]),
            };
        }
        if rest.is_empty() {
            return self.buy(purchase, None);
        }
        match text::parse_cards(self.lang, self.game.map(), rest) {
            Ok(cards) => self.act(purchase.action(cards)),
            Err(e) => Reply::say([text::name_error(self.lang, self.game.map(), &e)]),
        }
    }

    /// Buys with the cards given, or the only way possible; with several ways, lists them for `pay N`.
    fn buy(&mut self, purchase: Purchase, pay: Option<CardCounts>) -> Reply {
        let map = Arc::clone(self.game.map());
        match self.game.payment(self.you, purchase, pay) {
            Err(e) => Reply::say([text::rule_error(self.lang, &map, &e)]),
            Ok(Payment::With(cards)) => self.act(purchase.action(cards)),
            Ok(Payment::CannotPay) => Reply::say([text::cannot_pay(self.lang, &map, purchase, self.game.step())]),
            Ok(Payment::Choose(payments)) if payments.is_empty() => Reply::say([
                text::cannot_pay(self.lang, &map, purchase, self.game.step()),
                tr!(self.lang, "play-give-up-tunnel"),
            ]),
            Ok(Payment::Choose(payments)) => {
                let lines = self.payment_lines(purchase, &payments);
                self.pending = Some((purchase, payments));
                Reply::say(lines)
            }
        }
    }

    fn payment_lines(&self, purchase: Purchase, payments: &[CardCounts]) -> Vec<String> {
        let map = self.game.map();
        let mut lines = vec![tr!(
            self.lang,
            "play-pay-for",
            what = text::purchase(self.lang, map, purchase, self.game.step())
        )];
        lines.extend(
            payments
                .iter()
                .enumerate()
                .map(|(i, cards)| format!("  {}. {}", i + 1, text::payment(self.lang, map, cards))),
        );
        if purchase == Purchase::Tunnel {
            lines.push(tr!(self.lang, "play-or-give-up"));
        }
        lines
    }

    /// Applies the person's action; then the computers play until the person is asked again or the game ends.
    fn act(&mut self, action: Action) -> Reply {
        let map = Arc::clone(self.game.map());
        let (events, private) = match self.game.apply_seen_by(self.you, action) {
            Ok(happened) => happened,
            Err(e) => return Reply::say([text::rule_error(self.lang, &map, &e)]),
        };
        self.pending = None;
        let you = self.you;
        // What the person's private sentences already say ("You drew a red card.") is not said twice.
        let mut lines: Vec<String> = events
            .iter()
            .filter(|e| {
                !matches!(e, Event::DrewBlind { seat } | Event::TicketsKept { seat, .. } | Event::TicketsDrawn { seat, .. } if *seat == you)
            })
            .map(|e| self.public(e))
            .collect();
        lines.extend(private.iter().map(|p| text::private_event(self.lang, &map, p)));
        if private.iter().any(|p| matches!(p, PrivateEvent::TicketsOffered { .. })) {
            lines.extend(self.offer_lines());
        }
        self.history.extend(events);
        self.computers_play(&mut lines);
        lines.extend(self.prompt());
        Reply {
            lines,
            moved: true,
            request: Request::None,
        }
    }

    /// The move the hard player would make in the person's place, and why (counted for the final board).
    fn hint(&mut self) -> Reply {
        if self.game.is_over() || !self.game.to_act().contains(&self.you) {
            return Reply::say([tr!(self.lang, "hint-not-now")]);
        }
        let mut legal = Vec::new();
        self.game.legal_actions(self.you, &mut legal);
        let view = self.game.seat_view(self.you);
        let hint = ai::hint(
            self.game.map(),
            &view,
            &legal,
            self.hint_think.clone(),
            &mut self.rngs[self.you.index()],
        );
        self.hints += 1;
        Reply::say([text::hint(self.lang, self.game.map(), &view, &hint)])
    }

    /// Computer players move while one of them is to act: starting tickets first, then their turns.
    fn computers_play(&mut self, lines: &mut Vec<String>) {
        let mut legal = Vec::new();
        while !self.game.is_over() {
            let Some(seat) = self
                .game
                .to_act()
                .into_iter()
                .find(|s| self.levels[s.index()].is_some())
            else {
                return;
            };
            let level = self.levels[seat.index()].expect("a computer seat");
            self.game.legal_actions(seat, &mut legal);
            let view = self.game.seat_view(seat);
            let action = level.player_for_one_decision(self.think.clone()).choose(
                self.game.map(),
                &view,
                &legal,
                &mut self.rngs[seat.index()],
            );
            let events = self
                .game
                .apply(seat, action)
                .expect("computer players choose among the legal actions");
            lines.extend(events.iter().map(|e| self.public(e)));
            self.history.extend(events);
        }
    }

    /// What is asked of the person now: their tickets to choose, their turn (with the face-up row and their
    /// cards), a second card, a tunnel's payment; or the final scores.
    pub fn prompt(&self) -> Vec<String> {
        let map = self.game.map();
        let view = self.game.seat_view(self.you);
        if let Some(result) = &view.public.result {
            let board = text::final_board(self.lang, map, &self.names, result);
            let mut lines = vec![String::new(), board.title, board.verdict];
            lines.extend(board.rows);
            for (heading, tickets) in board.tickets {
                lines.push(format!(
                    "{heading}: {}",
                    if tickets.is_empty() {
                        tr!(self.lang, "play-no-tickets")
                    } else {
                        tickets.join(", ")
                    }
                ));
            }
            if self.hints > 0 {
                lines.push(tr!(self.lang, "play-hints-used", count = self.hints));
            }
            return lines;
        }
        if !view.offer.is_empty() {
            return self.offer_lines();
        }
        if self.game.to_act().first() != Some(&self.you) {
            return vec![text::whose_turn(self.lang, &self.names, &view.public)];
        }
        let faceup = text::faceup(self.lang, map, &view.public).join(", ");
        let cards = text::cards(self.lang, map, &view.hand);
        match &view.public.phase {
            Step::SecondCard => vec![tr!(self.lang, "play-second-card", cards = faceup)],
            Step::Tunnel(_) => match self.game.own_tunnel(self.you) {
                Some(tunnel) => {
                    let payments = self.game.payments(self.you, tunnel).unwrap_or_default();
                    if payments.is_empty() {
                        vec![
                            text::cannot_pay(self.lang, map, tunnel, self.game.step()),
                            tr!(self.lang, "play-give-up"),
                        ]
                    } else {
                        self.payment_lines(tunnel, &payments)
                    }
                }
                None => Vec::new(),
            },
            _ => {
                let turn = if view.public.final_round {
                    "play-your-last-turn"
                } else {
                    "play-your-turn"
                };
                vec![
                    String::new(),
                    tr!(self.lang, turn, cards = faceup),
                    tr!(self.lang, "play-your-cards", cards = cards),
                ]
            }
        }
    }

    /// A computer level as the person's language says it.
    fn level_name(&self, level: Level) -> String {
        crate::text::catalog::lookup(self.lang, &format!("level-{}", level.name()))
            .unwrap_or_else(|| level.name().to_string())
    }

    fn public(&self, event: &Event) -> String {
        text::event(self.lang, self.game.map(), &self.names, event)
    }

    /// Routes still free (for completion), as players type them: "Denver - Omaha".
    pub fn free_route_names(&self) -> Vec<String> {
        let map = self.game.map();
        let mut names: Vec<String> = (0..map.routes.len())
            .filter(|&i| self.game.owner(RouteId(i as u16)).is_none())
            .map(|i| {
                let r = map.route(RouteId(i as u16));
                format!("{} - {}", map.city(r.a).name, map.city(r.b).name)
            })
            .collect();
        names.sort();
        names.dedup();
        names
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hint_suggests_the_persons_move_is_counted_and_is_saved_with_the_game() {
        let map = crate::maps::builtin(crate::maps::BUILTIN[0].0).unwrap();
        let mut session = Session::new(map, 3, Level::Normal, (7.into(), 7), "Ana", Lang::En).unwrap();
        session.set_hint_think(Think::Playouts(4));
        // The game opens with the person choosing starting tickets: the hint says which to keep, and moves nothing.
        let before = session.game().clone();
        let reply = session.command("hint");
        assert!(reply.lines[0].starts_with("Hint: keep "), "{:?}", reply.lines);
        assert!(!reply.moved);
        assert_eq!(*session.game(), before, "a hint changes nothing in the game");
        let mut resumed = Session::load(&session.save(), Lang::Es).unwrap();
        assert_eq!(resumed.hints, 1);
        resumed.set_hint_think(Think::Playouts(4));
        assert!(resumed.command("hint").lines[0].starts_with("Pista: quédate con "));
        assert_eq!(resumed.hints, 2);
    }
}
