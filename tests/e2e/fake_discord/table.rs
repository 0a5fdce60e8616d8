//! Scripted players for end-to-end tests: they read the stored game only to choose their moves (an oracle
//! standing in for a person looking at the board and their hand) and make every move the way a person would:
//! turn-message buttons, private pickers, payment and tunnel buttons, and slash commands, mixed.

use std::sync::Arc;

use serde_json::{Value, json};
use ttrbot::rules::{Action, CardCounts, Game, Map, RouteId, Seat, Step, TicketId};
use ttrbot::store::{GameId, Store};
use ttrbot::text::{self, Lang};

use super::{Call, DM_CHANNELS, Fake, WAIT, button, custom_ids, select, slash};

/// A computer player's place in `Table::seats`.
pub const COMPUTER: (u64, &str) = (0, "computer");

pub const PEOPLE: [(u64, &str); 5] = [(21, "Ana"), (22, "Ben"), (23, "Cy"), (24, "Dee"), (25, "Eli")];
/// More interactions than any game of these maps needs: a game that never ends fails instead of hanging.
const MOST_MOVES: usize = 4_000;

/// A small seeded generator, so each game's choices are the same on every run.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// What happened over a game, to check that every kind of move was made.
#[derive(Debug, Default)]
pub struct Tally {
    pub by_button: usize,
    pub by_command: usize,
    pub claims: usize,
    pub tunnels_paid: usize,
    pub tunnels_given_up: usize,
    pub stations: usize,
    pub ticket_draws: usize,
    pub payment_pickers: usize,
}

/// One game in a channel and the people playing it.
pub struct Table {
    /// The fake Discord (shared when several games run on one bot).
    pub fake: Arc<Fake>,
    /// The game's channel.
    pub channel: u64,
    pub store: Store,
    pub game: GameId,
    /// (user, name) by seat.
    pub seats: Vec<(u64, &'static str)>,
    rng: Rng,
    pub tally: Tally,
    /// The private message a move left open (a ticket select, a tunnel's Pay / Give up), to answer next.
    open_picker: Option<Value>,
    /// The language the bot answers these players in (from the fake's locale).
    pub lang: Lang,
    /// Whether the game was opened with the dashboard layout: a turn button's press is acknowledged (type 6) and
    /// the status message edited, where the feed's turn message is updated in the answer itself (type 7).
    dashboard: bool,
}

/// The cards of a payment as the bot writes them inside a `custom_id`.
pub fn cards_code(cards: &CardCounts) -> String {
    cards
        .0
        .iter()
        .map(|&n| char::from_digit(u32::from(n), 36).unwrap())
        .collect()
}

pub fn content(callback: &Value) -> &str {
    callback["data"]["content"].as_str().unwrap_or("")
}

pub fn is_ephemeral(data: &Value) -> bool {
    data["flags"].as_u64().unwrap_or(0) & 64 != 0
}

/// Every select option value of a message, with its select's `custom_id`.
pub fn select_options(data: &Value) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for row in data["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            for o in c["options"].as_array().into_iter().flatten() {
                out.push((
                    c["custom_id"].as_str().unwrap().to_string(),
                    o["value"].as_str().unwrap().to_string(),
                ));
            }
        }
    }
    out
}

pub fn find_id(data: &Value, suffix: &str) -> Option<String> {
    custom_ids(data).into_iter().find(|id| id.ends_with(suffix))
}

/// The version a turn-message button acts on (`ttr:<game>:<version>:deck`).
pub fn version_of(id: &str) -> Option<i64> {
    id.split(':').nth(2)?.parse().ok()
}

/// How long a turn message or the final scoreboard may take after the move before it: with many games at once on one bot the boards queue
/// up behind the moves (moves are answered first, boards drawn one at a time).
const BACKLOG_WAIT: std::time::Duration = std::time::Duration::from_secs(300);

/// The latest turn message of `game` (posted in `channel`, or updated in place by a turn button) whose buttons act
/// on `version`.
fn latest_turn_message(calls: &[Call], channel: u64, game: GameId, version: i64) -> Option<Value> {
    let deck = format!("ttr:{}:{version}:deck", game.0);
    let post = format!("/api/v10/channels/{channel}/messages");
    let any_version = (format!("ttr:{}:", game.0), ":deck");
    // Only the latest turn message of the game counts: the scan stops there (a long game has thousands of calls).
    for c in calls.iter().rev() {
        let data = if c.path.ends_with("/callback") && c.json["type"] == 7 {
            &c.json["data"]
        } else if (c.method == "POST" && c.path == post)
            || (c.method == "PATCH" && c.path.starts_with(&format!("{post}/")))
        {
            // A turn message, or a dashboard's status message (posted, then edited in place).
            &c.json
        } else {
            continue;
        };
        let ids = custom_ids(data);
        if ids.contains(&deck) {
            return Some(data.clone());
        }
        if ids
            .iter()
            .any(|id| id.starts_with(&any_version.0) && id.ends_with(any_version.1))
        {
            return None;
        }
    }
    None
}

/// A game stored straight into the database (not through the bot): `players` of [`PEOPLE`] in channel `channel` of
/// the fake's server, dealt from `seed`.
pub fn stored_game(channel: u64, map: &str, players: usize, seed: u64) -> ttrbot::store::NewGame {
    ttrbot::store::NewGame {
        channel_id: channel,
        guild_id: Some(super::GUILD),
        map: map.into(),
        seed: seed.into(),
        seats: (0..players)
            .map(|s| ttrbot::store::NewSeat {
                user_id: Some(PEOPLE[s].0),
                name: PEOPLE[s].1.into(),
                color: ttrbot::seating::PlayerColor::for_seat(s),
            })
            .collect(),
        settings: ttrbot::settings::Settings::default(),
    }
}

impl Table {
    /// Starts the bot against a fake Discord, then opens and starts a game on `map` in a channel of its own.
    pub async fn open(name: &str, map: &str, players: usize, seed: u64) -> Table {
        let fake = Arc::new(Fake::start(name).await);
        Table::seat(fake, 900, map, players, seed).await
    }

    /// Opens a lobby on `map` in `channel`, seats `players` people (by command and by button) and starts the
    /// game; everyone chooses starting tickets.
    pub async fn seat(fake: Arc<Fake>, channel: u64, map: &str, players: usize, seed: u64) -> Table {
        Table::seat_with_computers(fake, channel, map, players, 0, seed).await
    }

    /// As [`Table::seat`], with `computers` computer players (normal level) seated by `/ttr start bots:`.
    pub async fn seat_with_computers(
        fake: Arc<Fake>,
        channel: u64,
        map: &str,
        players: usize,
        computers: usize,
        seed: u64,
    ) -> Table {
        Table::seat_with_options(fake, channel, map, players, computers, &[], seed).await
    }

    /// As [`Table::seat_with_computers`], with more options for `/ttr start`.
    pub async fn seat_with_options(
        fake: Arc<Fake>,
        channel: u64,
        map: &str,
        players: usize,
        computers: usize,
        more: &[(&str, Value)],
        seed: u64,
    ) -> Table {
        let (host, host_name) = PEOPLE[0];
        let mut options = vec![("map", json!(map))];
        options.extend(more.iter().cloned());
        if computers > 0 {
            options.push(("bots", json!(computers)));
            options.push(("level", json!("normal")));
        }
        let opened = fake.interact(slash(host, host_name, channel, "start", &options)).await;
        let lobby = custom_ids(&opened["data"]);
        for (i, &(user, name)) in PEOPLE.iter().enumerate().take(players).skip(1) {
            let joined = if i % 2 == 1 {
                fake.interact(button(user, name, channel, &lobby[0])).await
            } else {
                fake.interact(slash(user, name, channel, "join", &[])).await
            };
            assert!(!is_ephemeral(&joined["data"]), "{joined:#}");
        }
        let started = fake.interact(button(host, host_name, channel, &lobby[3])).await;
        assert_eq!(started["type"], 7, "{started:#}");
        let store = fake.store().await;
        let game = store.game_in_channel(channel).await.unwrap().expect("the game");
        let seats = store
            .seats(game)
            .await
            .unwrap()
            .iter()
            .map(|s| match s.user_id {
                Some(user) => *PEOPLE.iter().find(|p| p.0 == user).unwrap(),
                None => COMPUTER,
            })
            .collect();
        let lang = Lang::from_locale(&fake.locale());
        let mut table = Table {
            fake,
            channel,
            store,
            game,
            seats,
            rng: Rng(seed),
            tally: Tally::default(),
            open_picker: None,
            lang,
            dashboard: more
                .iter()
                .any(|(name, value)| *name == "layout" && *value == "dashboard"),
        };
        table.choose_starting_tickets(&custom_ids(&started["data"])[0]).await;
        table
    }

    /// The words a check looks for: the English ones, or the Spanish ones in a Spanish game.
    pub fn says(&self, en: &'static str, es: &'static str) -> &'static str {
        match self.lang {
            Lang::Es => es,
            _ => en,
        }
    }

    /// The fake alone (to restart the bot); only while no other game shares it.
    pub fn fake_mut(&mut self) -> &mut Fake {
        Arc::get_mut(&mut self.fake).expect("no other game shares the fake")
    }

    /// Stops the bot; returns its log.
    pub async fn stop(self) -> String {
        match Arc::try_unwrap(self.fake) {
            Ok(fake) => fake.stop().await,
            Err(_) => panic!("another game still shares the fake"),
        }
    }

    /// The stored game and its version.
    pub async fn state(&self) -> (Game, i64) {
        let loaded = self.store.load(self.game).await.unwrap();
        (loaded.game, loaded.version)
    }

    /// Everyone keeps the fewest tickets they may: half by the start message's button, half by `/ttr tickets`.
    pub async fn choose_starting_tickets(&mut self, choose: &str) {
        for seat in 0..self.seats.len() {
            let (user, name) = self.seats[seat];
            if (user, name) == COMPUTER {
                continue;
            }
            let offer = if seat % 2 == 0 {
                self.fake.interact(button(user, name, self.channel, choose)).await
            } else {
                self.fake
                    .interact(slash(user, name, self.channel, "tickets", &[]))
                    .await
            };
            assert!(is_ephemeral(&offer["data"]), "{offer:#}");
            let (game, _) = self.state().await;
            let least = usize::from(game.map().rules.tickets_keep);
            self.keep_from(&offer["data"], user, name, least).await;
        }
    }

    /// Answers a ticket select with its first `count` tickets.
    pub async fn keep_from(&mut self, picker: &Value, user: u64, name: &str, count: usize) {
        let options = select_options(picker);
        let id = options[0].0.clone();
        let values: Vec<&str> = options.iter().take(count).map(|(_, v)| v.as_str()).collect();
        let (_, before) = self.state().await;
        let kept = self.fake.interact(select(user, name, self.channel, &id, &values)).await;
        assert!(
            content(&kept).starts_with(self.says("You kept", "Te quedas")),
            "{kept:#}"
        );
        self.wait_for_move(before).await;
    }

    /// Waits for a person's move made at `version`: exactly one action stored, or (with computer players, who may
    /// answer at once) at least one.
    pub async fn wait_for_move(&self, version: i64) {
        if self.seats.contains(&COMPUTER) {
            self.wait_for_version_after(version).await;
        } else {
            self.wait_for_version(version + 1).await;
        }
    }

    /// Waits until the stored game moved past `version` (by however many actions).
    pub async fn wait_for_version_after(&self, version: i64) {
        let deadline = tokio::time::Instant::now() + BACKLOG_WAIT;
        while self.state().await.1 == version {
            assert!(
                tokio::time::Instant::now() < deadline,
                "nothing was played after version {version}"
            );
            tokio::time::sleep(self.fake.poll).await;
        }
    }

    /// Waits until the stored game reached `version` (no sleeping on a guess: the store is polled).
    pub async fn wait_for_version(&self, version: i64) {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let (_, now) = self.state().await;
            assert!(now <= version, "more than one action was stored: {now} > {version}");
            if now == version {
                return;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "the game never reached version {version}"
            );
            tokio::time::sleep(self.fake.poll).await;
        }
    }

    /// The buttons of this game's latest turn message, if they act on the game as it is now.
    pub fn turn_buttons(&self, version: i64) -> Option<Value> {
        self.fake
            .read_calls(|calls| latest_turn_message(calls, self.channel, self.game, version))
    }

    /// Waits for the turn message whose buttons act on `version`.
    pub async fn turn_message(&self, version: i64) -> Value {
        let (channel, game) = (self.channel, self.game);
        self.fake
            .wait_for_within(BACKLOG_WAIT, &format!("a turn message at version {version}"), |calls| {
                latest_turn_message(calls, channel, game, version)
            })
            .await
    }

    /// Chooses the move of the seat to act: claims first (the longest route it can pay for; on maps with
    /// tunnels, tunnels first), a station once, tickets once mid-game, otherwise cards.
    pub fn choose(&mut self, game: &Game, seat: Seat) -> Action {
        let mut legal = Vec::new();
        game.legal_actions(seat, &mut legal);
        assert!(!legal.is_empty(), "the seat to act has a move");
        let map = game.map();
        match game.step() {
            Step::Tunnel(_) if self.tally.tunnels_given_up == 0 => return Action::DeclineTunnel,
            Step::Tunnel(_) => {
                return *legal
                    .iter()
                    .find(|a| matches!(a, Action::PayTunnel { .. }))
                    .unwrap_or(&Action::DeclineTunnel);
            }
            Step::KeepTickets => {
                return *legal
                    .iter()
                    .filter(|a| matches!(a, Action::KeepTickets { .. }))
                    .min_by_key(|a| match a {
                        Action::KeepTickets { tickets } => tickets.len(),
                        _ => usize::MAX,
                    })
                    .unwrap();
            }
            _ => {}
        }
        let stations: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::BuildStation { .. }))
            .collect();
        if !stations.is_empty() && self.tally.stations < 2 && self.rng.chance(30) {
            return stations[self.rng.below(stations.len())];
        }
        // A tunnel is worth trying when the hand keeps cards to pay its extra with (one is tried without, to be
        // given up).
        let hand = game.seat_view(seat).hand;
        let want_tunnels = self.tally.tunnels_paid == 0;
        let try_blind = self.tally.tunnels_given_up == 0;
        // Until a tunnel was paid, players on a map with tunnels save cards for one (for a while).
        let saving = want_tunnels && !try_blind && map.routes.iter().any(|r| r.tunnel) && self.tally.claims < 40;
        let rank = |a: &Action| match a {
            Action::Claim { route, cards } => {
                let r = map.route(*route);
                let usable: u32 = hand
                    .iter()
                    .filter(|(card, _)| card.is_wild() || cards.get(*card) > 0)
                    .map(|(_, n)| u32::from(n))
                    .sum();
                let spare = usable.saturating_sub(cards.total());
                if (r.tunnel && spare < 3 && !try_blind) || (saving && !r.tunnel) {
                    return None;
                }
                Some((want_tunnels && r.tunnel && spare >= 3, r.cost))
            }
            _ => None,
        };
        if let Some(best) = legal.iter().filter_map(rank).max() {
            let claims: Vec<Action> = legal.iter().copied().filter(|a| rank(a) == Some(best)).collect();
            return claims[self.rng.below(claims.len())];
        }
        if legal.contains(&Action::DrawTickets) && self.tally.ticket_draws == 0 && self.tally.claims >= 6 {
            return Action::DrawTickets;
        }
        let draws: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::DrawBlind | Action::DrawFaceup { .. }))
            .collect();
        if draws.is_empty() {
            return legal[self.rng.below(legal.len())];
        }
        draws[self.rng.below(draws.len())]
    }

    /// Plays the game to its end, one move at a time; each move stores exactly one action.
    pub async fn play_to_the_end(&mut self) {
        assert!(
            self.play_moves(MOST_MOVES).await,
            "the game did not end in {MOST_MOVES} moves"
        );
    }

    /// Plays at most `moves` moves; true once the game is over.
    pub async fn play_moves(&mut self, moves: usize) -> bool {
        for _ in 0..moves {
            let (game, version) = self.state().await;
            if game.is_over() {
                return true;
            }
            let seat = game.current();
            // Computer players may still be choosing their starting tickets (people chose theirs when seated).
            if self.seats[seat.index()] == COMPUTER || *game.step() == Step::StartingTickets {
                // The bot moves for its computer players: wait for it.
                self.wait_for_version_after(version).await;
                continue;
            }
            let action = self.choose(&game, seat);
            let by_button = self.rng.chance(50);
            self.make(&game, version, seat, action, by_button).await;
            self.wait_for_move(version).await;
        }
        self.state().await.0.is_over()
    }

    /// Makes one move the way a player would: with a button (and the pickers it opens) or with a command.
    pub async fn make(&mut self, game: &Game, version: i64, seat: Seat, action: Action, by_button: bool) {
        let (user, name) = self.seats[seat.index()];
        let map = game.map().clone();
        // A dashboard's status message shows this move's buttons only once the bot has edited it, after the move
        // before this one is stored (and often after this driver looks): wait for it when pressing a button, or the
        // dashboard's buttons would seldom be pressed at all.
        let turn = if self.dashboard && by_button {
            Some(self.turn_message(version).await)
        } else {
            self.turn_buttons(version)
        };
        let picker = self.open_picker.take();
        if by_button {
            self.tally.by_button += 1;
        } else {
            self.tally.by_command += 1;
        }
        match action {
            Action::DrawBlind | Action::DrawFaceup { .. } => {
                let (what, card) = match action {
                    Action::DrawFaceup { slot } => (format!(":take-{}", slot + 1), (slot + 1).to_string()),
                    _ => (":deck".to_string(), "deck".to_string()),
                };
                match turn.filter(|_| by_button) {
                    Some(turn) => {
                        let id = find_id(&turn, &what).unwrap();
                        let pressed = self.fake.interact(button(user, name, self.channel, &id)).await;
                        // The feed's turn message is updated in the answer (7); a dashboard press is acknowledged
                        // (6), and its status message edited afterwards.
                        let answer = if self.dashboard { 6 } else { 7 };
                        assert_eq!(
                            pressed["type"], answer,
                            "the press is answered as its layout wants: {pressed:#}"
                        );
                    }
                    None => {
                        let drawn = self
                            .fake
                            .interact(slash(user, name, self.channel, "draw", &[("card", json!(card))]))
                            .await;
                        let said = content(&drawn);
                        assert!(
                            is_ephemeral(&drawn["data"])
                                && (said.contains(self.says("drew", "robado"))
                                    || said.contains(self.says("took", "roba"))),
                            "{drawn:#}"
                        );
                    }
                }
            }
            Action::Claim { route, cards } => {
                self.tally.claims += 1;
                let answer = if by_button {
                    self.claim_by_picker(game, user, name, route, cards).await
                } else {
                    let typed = text::route(Lang::En, &map, route);
                    let pay = text::payment(Lang::En, &map, &cards);
                    self.check_payment_autocomplete(user, name, &typed, &pay).await;
                    let reply = self
                        .fake
                        .interact(slash(
                            user,
                            name,
                            self.channel,
                            "claim",
                            &[("route", json!(typed)), ("pay", json!(pay))],
                        ))
                        .await;
                    assert!(is_ephemeral(&reply["data"]), "{reply:#}");
                    reply
                };
                if find_id(&answer["data"], ":give-up").is_some() {
                    self.open_picker = Some(answer["data"].clone());
                }
            }
            Action::PayTunnel { cards } => {
                self.tally.tunnels_paid += 1;
                let picker = picker.expect("the claim's answer offered the tunnel's choice");
                let id = find_id(&picker, &format!(":pay-t-{}", cards_code(&cards))).expect("a Pay button");
                let paid = self.fake.interact(button(user, name, self.channel, &id)).await;
                assert!(content(&paid).contains(self.says("claimed", "cubre")), "{paid:#}");
            }
            Action::DeclineTunnel => {
                self.tally.tunnels_given_up += 1;
                // The Claim button of the turn message brings the tunnel's choice back.
                let claim = format!("ttr:{}:claim", self.game.0);
                let again = self.fake.interact(button(user, name, self.channel, &claim)).await;
                assert!(is_ephemeral(&again["data"]), "{again:#}");
                let id = find_id(&again["data"], ":give-up").unwrap_or_else(|| panic!("a Give up button: {again:#}"));
                let given_up = self.fake.interact(button(user, name, self.channel, &id)).await;
                assert!(
                    content(&given_up).contains(self.says("gave up", "renuncia")),
                    "{given_up:#}"
                );
            }
            Action::DrawTickets => {
                self.tally.ticket_draws += 1;
                let offer = match turn.filter(|_| by_button) {
                    Some(turn) => {
                        let id = find_id(&turn, ":tickets").unwrap();
                        self.fake.interact(button(user, name, self.channel, &id)).await
                    }
                    None => {
                        self.fake
                            .interact(slash(user, name, self.channel, "tickets", &[]))
                            .await
                    }
                };
                assert!(is_ephemeral(&offer["data"]), "{offer:#}");
                self.open_picker = Some(offer["data"].clone());
            }
            Action::KeepTickets { tickets } => {
                let picker = match picker {
                    Some(picker) => picker,
                    None => self
                        .fake
                        .interact(slash(user, name, self.channel, "tickets", &[]))
                        .await["data"]
                        .clone(),
                };
                let id = select_options(&picker)[0].0.clone();
                let values: Vec<String> = tickets.ids().map(|t| t.0.to_string()).collect();
                let values: Vec<&str> = values.iter().map(String::as_str).collect();
                let kept = self.fake.interact(select(user, name, self.channel, &id, &values)).await;
                assert!(
                    content(&kept).starts_with(self.says("You kept", "Te quedas")),
                    "{kept:#}"
                );
            }
            Action::BuildStation { city, cards } => {
                self.tally.stations += 1;
                if by_button {
                    let opener = format!("ttr:{}:station", self.game.0);
                    let picker = self.fake.interact(button(user, name, self.channel, &opener)).await;
                    let answer = self.pick(user, name, &picker["data"], city.0, "s").await;
                    self.pay_if_asked(user, name, answer, &format!(":pay-s{}-{}", city.0, cards_code(&cards)))
                        .await;
                } else {
                    let typed = map.city(city).name.clone();
                    let pay = text::payment(Lang::En, &map, &cards);
                    let built = self
                        .fake
                        .interact(slash(
                            user,
                            name,
                            self.channel,
                            "station",
                            &[("city", json!(typed)), ("pay", json!(pay))],
                        ))
                        .await;
                    assert!(content(&built).contains(self.says("station", "Estación")), "{built:#}");
                }
            }
            Action::Skip => panic!("a player never skips their own turn: the others do, after its deadline"),
            Action::Pass => {
                // The turn message of this turn may still be on its way (it is posted after the last answer).
                let turn = match turn {
                    Some(turn) => turn,
                    None => self.turn_message(version).await,
                };
                let id = find_id(&turn, ":pass").expect("a Pass button when only passing is possible");
                self.fake.interact(button(user, name, self.channel, &id)).await;
            }
        }
    }

    /// `Claim` → the route picker (paging on if needed) → the route → the payment button if asked.
    pub async fn claim_by_picker(
        &mut self,
        game: &Game,
        user: u64,
        name: &str,
        route: RouteId,
        cards: CardCounts,
    ) -> Value {
        let opener = format!("ttr:{}:claim", self.game.0);
        let picker = self.fake.interact(button(user, name, self.channel, &opener)).await;
        assert!(is_ephemeral(&picker["data"]), "{picker:#}");
        let answer = self.pick(user, name, &picker["data"], route.0, "r").await;
        let payments = game.claim_options(game.current(), route).payments.len();
        if payments > 1 {
            self.tally.payment_pickers += 1;
        }
        self.pay_if_asked(user, name, answer, &format!(":pay-r{}-{}", route.0, cards_code(&cards)))
            .await
    }

    /// Chooses `id` in a place picker, turning its pages until it shows.
    pub async fn pick(&mut self, user: u64, name: &str, picker: &Value, id: u16, kind: &str) -> Value {
        let mut page = picker.clone();
        for _ in 0..10 {
            if let Some((select_id, value)) = select_options(&page).into_iter().find(|(_, v)| *v == id.to_string()) {
                assert!(select_id.contains(&format!(":pick-{kind}-")), "{select_id}");
                return self
                    .fake
                    .interact(select(user, name, self.channel, &select_id, &[&value]))
                    .await;
            }
            // The page buttons are `◀ Earlier` then `More ▶`.
            let more = custom_ids(&page)
                .into_iter()
                .rfind(|c| c.contains(&format!(":page-{kind}-")))
                .expect("the choice is on a later page");
            page = self.fake.interact(button(user, name, self.channel, &more)).await["data"].clone();
        }
        panic!("{id} is on no page of the picker");
    }

    /// When the answer asks how to pay, presses the button of this payment.
    pub async fn pay_if_asked(&mut self, user: u64, name: &str, answer: Value, payment: &str) -> Value {
        match find_id(&answer["data"], payment) {
            Some(id) if content(&answer).starts_with(self.says("How do you pay", "¿Cómo pagas")) => {
                self.fake.interact(button(user, name, self.channel, &id)).await
            }
            _ => answer,
        }
    }

    /// Autocomplete of `/ttr claim pay` with the route already typed offers this payment.
    pub async fn check_payment_autocomplete(&mut self, user: u64, name: &str, route: &str, pay: &str) {
        let mut request = slash(user, name, self.channel, "claim", &[]);
        request["type"] = json!(4);
        request["data"]["options"][0]["options"] = json!([
            { "name": "route", "type": 3, "value": route },
            { "name": "pay", "type": 3, "value": "", "focused": true },
        ]);
        let offered = self.fake.interact(request).await;
        let choices: Vec<&str> = offered["data"]["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["value"].as_str().unwrap())
            .collect();
        assert!(
            choices.len() == 25 || choices.contains(&pay),
            "{pay} not in {choices:?}"
        );
    }

    /// Waits for the final scoreboard and checks it: the winner, every player's tickets revealed, the board.
    pub async fn final_scoreboard(&self) -> Call {
        let post = format!("/api/v10/channels/{}/messages", self.channel);
        let over = self.says("The game is over.", "La partida ha terminado.");
        let last = self
            .fake
            .wait_for_within(BACKLOG_WAIT, "the final scoreboard", |calls| {
                calls
                    .iter()
                    .rev()
                    .find(|c| c.path == post && c.json["content"].as_str().is_some_and(|t| t.contains(over)))
                    .cloned()
            })
            .await;
        let text = last.json["content"].as_str().unwrap();
        assert!(
            text.contains(self.says(" wins with ", " gana con "))
                || text.contains(self.says(" share the win ", " comparten la victoria ")),
            "{text}"
        );
        let files: Vec<&str> = last.files.iter().map(|(_, file, _, _)| file.as_str()).collect();
        assert_eq!(
            files,
            ["board.png", "scores.png"],
            "the final board and the score chart"
        );
        let embed = &last.json["embeds"][0];
        let title = embed["title"].as_str().unwrap();
        assert!(
            title.ends_with(self.says("final scores", "puntuación final")),
            "{embed:#}"
        );
        let fields = embed["fields"].as_array().unwrap();
        assert_eq!(fields.len(), self.seats.len(), "{embed:#}");
        for field in fields {
            for line in field["value"].as_str().unwrap().lines() {
                assert!(line.starts_with('✓') || line.starts_with('✗'), "{line}");
            }
        }
        assert_eq!(last.files[0].1, "board.png");
        assert!(custom_ids(&last.json).is_empty(), "no button is left");
        last
    }

    /// Across the whole game: no public message, embed or file name carries a hand or a ticket (until the final
    /// scoreboard reveals the tickets), every private reply is ephemeral, and every ticket DM goes to its owner.
    pub async fn check_hidden_information(&self, final_board: &Call) {
        let (game, _) = self.state().await;
        let map: &Map = game.map();
        let ticket_labels: Vec<String> = (0..map.tickets.len())
            .map(|t| text::ticket(Lang::En, map, TicketId(t as u16)))
            .collect();
        let result = game.public_view().result.expect("the game is over");
        let private_markers = match self.lang {
            Lang::Es => [
                "Has robado",
                "**Tus cartas:**",
                "**Tus billetes:**",
                "Tus billetes en la partida",
                "Elige los billetes",
                "Te quedas",
            ],
            _ => [
                "You drew",
                "**Your cards:**",
                "**Your tickets:**",
                "Your tickets in the game",
                "Choose the tickets",
                "You kept",
            ],
        };
        let mut public_messages = 0;
        for call in self.fake.calls() {
            let is_callback = call.path.ends_with("/callback");
            let is_followup = call.path.starts_with("/api/v10/webhooks/");
            let posts = format!("/api/v10/channels/{}/messages", self.channel);
            // A post, or an edit of a dashboard's status message.
            let is_channel_post =
                call.path == posts || (call.method == "PATCH" && call.path.starts_with(&format!("{posts}/")));
            let (data, public) = if is_callback {
                // An update (type 7) of a turn message is public; one of a private picker is not.
                let data = call.json["data"].clone();
                let public = match call.json["type"].as_u64() {
                    Some(4) => !is_ephemeral(&data),
                    Some(7) => find_id(&data, ":deck").is_some() || data["embeds"].is_array(),
                    _ => false,
                };
                (data, public)
            } else if is_followup {
                (call.json.clone(), !is_ephemeral(&call.json))
            } else if is_channel_post {
                (call.json.clone(), true)
            } else {
                continue;
            };
            let said = data.to_string();
            if public {
                public_messages += 1;
                for marker in private_markers {
                    assert!(!said.contains(marker), "a private text in public: {said}");
                }
                if call.json != final_board.json {
                    for label in &ticket_labels {
                        assert!(!said.contains(label.as_str()), "ticket {label} in public: {said}");
                    }
                }
                for (_, file, _, _) in &call.files {
                    // The board, and on the final scoreboard the score chart: public pictures only.
                    assert!(
                        file == "board.png" || (file == "scores.png" && call.json == final_board.json),
                        "{file}"
                    );
                }
            } else if is_callback && call.json["type"] == 4 || is_followup {
                assert!(is_ephemeral(&data), "a private reply that is not ephemeral: {said}");
            }
        }
        assert!(public_messages > 10, "the channel saw the game");
        // Ticket DMs: each goes to its owner's DM channel and lists only that seat's tickets.
        for call in self.fake.calls() {
            let Some(user) = call
                .path
                .strip_prefix("/api/v10/channels/")
                .and_then(|rest| rest.strip_suffix("/messages"))
                .and_then(|id| id.parse::<u64>().ok())
                .and_then(|id| id.checked_sub(DM_CHANNELS))
            else {
                continue;
            };
            let said = call.json["content"].as_str().unwrap_or("");
            // This game's DMs only: the same people may play other games on the same bot.
            let this_game = said
                .lines()
                .next()
                .is_some_and(|l| l.contains(&format!("<#{}>", self.channel)));
            if !said.starts_with(self.says("Your tickets in the game", "Tus billetes en la partida")) || !this_game {
                continue;
            }
            let seat = self.seats.iter().position(|s| s.0 == user).expect("a DM to a player");
            // Compared by label: a map may print the same ticket twice.
            let own: Vec<&str> = result.tickets[seat]
                .iter()
                .map(|&(id, _)| ticket_labels[usize::from(id.0)].as_str())
                .collect();
            for line in said.lines().skip(1) {
                let label = line.trim_start_matches(['✓', '○', ' ']);
                assert!(own.contains(&label), "{label} DMed to the wrong player ({own:?})");
            }
        }
    }

    /// The stored record: the game replays to what is stored, and the channel is free for a new game.
    pub async fn check_record(&self) {
        let replayed = self.store.replay(self.game).await.unwrap();
        assert_eq!(replayed, self.store.load(self.game).await.unwrap().game);
        assert_eq!(self.store.running_game_in_channel(self.channel).await.unwrap(), None);
    }
}

impl Table {
    /// Writes what the channel showed, in order, beside the test's database (`channel.txt`), for people to read.
    pub fn write_transcript(&self) {
        let mut out = String::new();
        for call in self.fake.calls() {
            let posts = format!("/api/v10/channels/{}/messages", self.channel);
            let data = if call.path == posts {
                call.json.clone()
            } else if call.method == "PATCH" && call.path.starts_with(&format!("{posts}/")) {
                out.push_str("(the status message is edited)\n");
                call.json.clone()
            } else if call.path.ends_with("/callback") && call.json["type"] == 4 && !is_ephemeral(&call.json["data"]) {
                call.json["data"].clone()
            } else if call.path.ends_with("/callback")
                && call.json["type"] == 7
                && (call.json["data"]["embeds"].as_array().is_some_and(|e| !e.is_empty())
                    || find_id(&call.json["data"], ":deck").is_some())
            {
                // An update of a public message: the lobby (with its embed) or a turn message (with its buttons).
                call.json["data"].clone()
            } else if call.path.ends_with("/callback") && matches!(call.json["type"].as_u64(), Some(4 | 7)) {
                // Private answers and pickers, as the player who asked sees them.
                let data = &call.json["data"];
                let said = data["content"].as_str().unwrap_or("").replace('\n', "\n  (private) ");
                let mut line = format!("  (private) {said}");
                for row in data["components"].as_array().into_iter().flatten() {
                    for c in row["components"].as_array().into_iter().flatten() {
                        match c["options"].as_array() {
                            Some(options) => line.push_str(&format!(
                                " <select {}: {} options, first {}>",
                                c["placeholder"].as_str().unwrap_or(""),
                                options.len(),
                                options[0]["label"]
                            )),
                            None => line.push_str(&format!(" [{}]", c["label"].as_str().unwrap_or(""))),
                        }
                    }
                }
                out.push_str(&line);
                out.push('\n');
                continue;
            } else {
                continue;
            };
            out.push_str(data["content"].as_str().unwrap_or(""));
            out.push('\n');
            for embed in data["embeds"].as_array().into_iter().flatten() {
                for key in ["title", "description"] {
                    if let Some(text) = embed[key].as_str() {
                        out.push_str(format!("  | {text}\n").replace('\n', "\n  | ").trim_end_matches("  | "));
                    }
                }
                for field in embed["fields"].as_array().into_iter().flatten() {
                    out.push_str(&format!(
                        "  | [{}] {}\n",
                        field["name"],
                        field["value"].as_str().unwrap_or("")
                    ));
                }
            }
            if !call.files.is_empty() {
                out.push_str("  [board.png]\n");
            }
            out.push_str("---\n");
        }
        let path = self.fake.database.with_file_name("channel.txt");
        std::fs::write(&path, out).unwrap();
        eprintln!("the channel's record: {}", path.display());
    }
}

/// Plays a whole game on `map` and checks the ending, the record and hidden information; returns the tally.
pub async fn whole_game(map: &str, players: usize, seed: u64) -> (Table, Tally) {
    let mut table = Table::open(&format!("game-{map}"), map, players, seed).await;
    table.play_to_the_end().await;
    let last = table.final_scoreboard().await;
    table.check_hidden_information(&last).await;
    table.check_record().await;
    table.write_transcript();
    let tally = std::mem::take(&mut table.tally);
    assert!(tally.by_button > 20 && tally.by_command > 20, "{tally:?}");
    (table, tally)
}
