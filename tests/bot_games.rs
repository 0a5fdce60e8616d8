//! Whole games through the real bot and the fake Discord, on every map. Scripted players read the stored game only
//! to choose their moves (an oracle standing in for a person looking at the board and their hand) and make every
//! move the way a person would: turn-message buttons, private pickers, payment buttons, tunnel buttons and slash
//! commands, mixed. Along the way every accepted move stores exactly one action; at the end comes the final
//! scoreboard, and no public message ever carried a hand or a ticket.

mod fake_discord;

use fake_discord::{Call, DM_CHANNELS, Fake, WAIT, button, custom_ids, select, slash};
use serde_json::{Value, json};
use ttrbot::rules::{Action, CardCounts, Game, Map, RouteId, Seat, Step, TicketId};
use ttrbot::store::{GameId, Store};
use ttrbot::text::{self, Lang};

const CHANNEL: u64 = 900;
const PEOPLE: [(u64, &str); 5] = [(21, "Ana"), (22, "Ben"), (23, "Cy"), (24, "Dee"), (25, "Eli")];
/// More interactions than any game of these maps needs: a game that never ends fails instead of hanging.
const MOST_MOVES: usize = 4_000;

/// A small seeded generator, so each game's choices are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// What happened over a game, to check that every kind of move was made.
#[derive(Debug, Default)]
struct Tally {
    by_button: usize,
    by_command: usize,
    claims: usize,
    tunnels_paid: usize,
    tunnels_given_up: usize,
    stations: usize,
    ticket_draws: usize,
    payment_pickers: usize,
}

/// One game in a channel and the people playing it.
struct Table {
    fake: Fake,
    store: Store,
    game: GameId,
    /// (user, name) by seat.
    seats: Vec<(u64, &'static str)>,
    rng: Rng,
    tally: Tally,
    /// The private message a move left open (a ticket select, a tunnel's Pay / Give up), to answer next.
    open_picker: Option<Value>,
}

/// The cards of a payment as the bot writes them inside a `custom_id`.
fn cards_code(cards: &CardCounts) -> String {
    cards
        .0
        .iter()
        .map(|&n| char::from_digit(u32::from(n), 36).unwrap())
        .collect()
}

fn content(callback: &Value) -> &str {
    callback["data"]["content"].as_str().unwrap_or("")
}

fn is_ephemeral(data: &Value) -> bool {
    data["flags"].as_u64().unwrap_or(0) & 64 != 0
}

/// Every select option value of a message, with its select's `custom_id`.
fn select_options(data: &Value) -> Vec<(String, String)> {
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

fn find_id(data: &Value, suffix: &str) -> Option<String> {
    custom_ids(data).into_iter().find(|id| id.ends_with(suffix))
}

/// The version a turn-message button acts on (`ttr:<game>:<version>:deck`).
fn version_of(id: &str) -> Option<i64> {
    id.split(':').nth(2)?.parse().ok()
}

impl Table {
    /// Opens a lobby on `map`, seats `players` people (by command and by button) and starts the game.
    async fn open(name: &str, map: &str, players: usize, seed: u64) -> Table {
        let mut fake = Fake::start(name).await;
        let (host, host_name) = PEOPLE[0];
        let opened = fake
            .interact(slash(host, host_name, CHANNEL, "start", &[("map", json!(map))]))
            .await;
        let lobby = custom_ids(&opened["data"]);
        for (i, &(user, name)) in PEOPLE.iter().enumerate().take(players).skip(1) {
            let joined = if i % 2 == 1 {
                fake.interact(button(user, name, CHANNEL, &lobby[0])).await
            } else {
                fake.interact(slash(user, name, CHANNEL, "join", &[])).await
            };
            assert!(!is_ephemeral(&joined["data"]), "{joined:#}");
        }
        let started = fake.interact(button(host, host_name, CHANNEL, &lobby[3])).await;
        assert_eq!(started["type"], 7, "{started:#}");
        let database = fake.database_url();
        let store = Store::open(&database).await.unwrap();
        let game = store.game_in_channel(CHANNEL).await.unwrap().expect("the game");
        let seats = store
            .seats(game)
            .await
            .unwrap()
            .iter()
            .map(|s| {
                let user = s.user_id.unwrap();
                *PEOPLE.iter().find(|p| p.0 == user).unwrap()
            })
            .collect();
        let mut table = Table {
            fake,
            store,
            game,
            seats,
            rng: Rng(seed),
            tally: Tally::default(),
            open_picker: None,
        };
        table.choose_starting_tickets(&custom_ids(&started["data"])[0]).await;
        table
    }

    async fn state(&self) -> (Game, i64) {
        let loaded = self.store.load(self.game).await.unwrap();
        (loaded.game, loaded.version)
    }

    /// Everyone keeps the fewest tickets they may: half by the start message's button, half by `/ttr tickets`.
    async fn choose_starting_tickets(&mut self, choose: &str) {
        for seat in 0..self.seats.len() {
            let (user, name) = self.seats[seat];
            let offer = if seat % 2 == 0 {
                self.fake.interact(button(user, name, CHANNEL, choose)).await
            } else {
                self.fake.interact(slash(user, name, CHANNEL, "tickets", &[])).await
            };
            assert!(is_ephemeral(&offer["data"]), "{offer:#}");
            let (game, _) = self.state().await;
            let least = usize::from(game.map().rules.tickets_keep);
            self.keep_from(&offer["data"], user, name, least).await;
        }
    }

    /// Answers a ticket select with its first `count` tickets.
    async fn keep_from(&mut self, picker: &Value, user: u64, name: &str, count: usize) {
        let options = select_options(picker);
        let id = options[0].0.clone();
        let values: Vec<&str> = options.iter().take(count).map(|(_, v)| v.as_str()).collect();
        let (_, before) = self.state().await;
        let kept = self.fake.interact(select(user, name, CHANNEL, &id, &values)).await;
        assert!(content(&kept).starts_with("You kept"), "{kept:#}");
        self.wait_for_version(before + 1).await;
    }

    /// Waits until the stored game reached `version` (no sleeping on a guess: the store is polled).
    async fn wait_for_version(&self, version: i64) {
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
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    }

    /// The buttons of the latest turn message, if they act on the game as it is now.
    fn turn_buttons(&self, version: i64) -> Option<Value> {
        let calls = self.fake.calls();
        calls.iter().rev().find_map(|c| {
            let data = if c.path.ends_with("/callback") {
                (c.json["type"] == 7).then(|| c.json["data"].clone())?
            } else if c.method == "POST" && c.path == format!("/api/v10/channels/{CHANNEL}/messages") {
                c.json.clone()
            } else {
                return None;
            };
            let deck = find_id(&data, ":deck")?;
            (version_of(&deck) == Some(version)).then_some(data)
        })
    }

    /// Waits for the turn message whose buttons act on `version`.
    async fn turn_message(&self, version: i64) -> Value {
        self.fake
            .wait_until(&format!("a turn message at version {version}"), |_| {
                self.turn_buttons(version).is_some()
            })
            .await;
        self.turn_buttons(version).unwrap()
    }

    /// Chooses the move of the seat to act: claims first (the longest route it can pay for; on maps with
    /// tunnels, tunnels first), a station once, tickets once mid-game, otherwise cards.
    fn choose(&mut self, game: &Game, seat: Seat) -> Action {
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
    async fn play_to_the_end(&mut self) {
        assert!(
            self.play_moves(MOST_MOVES).await,
            "the game did not end in {MOST_MOVES} moves"
        );
    }

    /// Plays at most `moves` moves; true once the game is over.
    async fn play_moves(&mut self, moves: usize) -> bool {
        for _ in 0..moves {
            let (game, version) = self.state().await;
            if game.is_over() {
                return true;
            }
            let seat = game.current();
            let action = self.choose(&game, seat);
            let by_button = self.rng.chance(50);
            self.make(&game, version, seat, action, by_button).await;
            self.wait_for_version(version + 1).await;
        }
        self.state().await.0.is_over()
    }

    /// Makes one move the way a player would: with a button (and the pickers it opens) or with a command.
    async fn make(&mut self, game: &Game, version: i64, seat: Seat, action: Action, by_button: bool) {
        let (user, name) = self.seats[seat.index()];
        let map = game.map().clone();
        let turn = self.turn_buttons(version);
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
                        let pressed = self.fake.interact(button(user, name, CHANNEL, &id)).await;
                        assert_eq!(pressed["type"], 7, "the turn message is updated: {pressed:#}");
                    }
                    None => {
                        let drawn = self
                            .fake
                            .interact(slash(user, name, CHANNEL, "draw", &[("card", json!(card))]))
                            .await;
                        let said = content(&drawn);
                        assert!(
                            is_ephemeral(&drawn["data"]) && (said.contains("drew") || said.contains("took")),
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
                            CHANNEL,
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
                let paid = self.fake.interact(button(user, name, CHANNEL, &id)).await;
                assert!(content(&paid).contains("claimed"), "{paid:#}");
            }
            Action::DeclineTunnel => {
                self.tally.tunnels_given_up += 1;
                // The Claim button of the turn message brings the tunnel's choice back.
                let claim = format!("ttr:{}:claim", self.game.0);
                let again = self.fake.interact(button(user, name, CHANNEL, &claim)).await;
                assert!(is_ephemeral(&again["data"]), "{again:#}");
                let id = find_id(&again["data"], ":give-up").expect("a Give up button");
                let given_up = self.fake.interact(button(user, name, CHANNEL, &id)).await;
                assert!(content(&given_up).contains("gave up"), "{given_up:#}");
            }
            Action::DrawTickets => {
                self.tally.ticket_draws += 1;
                let offer = match turn.filter(|_| by_button) {
                    Some(turn) => {
                        let id = find_id(&turn, ":tickets").unwrap();
                        self.fake.interact(button(user, name, CHANNEL, &id)).await
                    }
                    None => self.fake.interact(slash(user, name, CHANNEL, "tickets", &[])).await,
                };
                assert!(is_ephemeral(&offer["data"]), "{offer:#}");
                self.open_picker = Some(offer["data"].clone());
            }
            Action::KeepTickets { tickets } => {
                let picker = match picker {
                    Some(picker) => picker,
                    None => self.fake.interact(slash(user, name, CHANNEL, "tickets", &[])).await["data"].clone(),
                };
                let id = select_options(&picker)[0].0.clone();
                let values: Vec<String> = tickets.ids().map(|t| t.0.to_string()).collect();
                let values: Vec<&str> = values.iter().map(String::as_str).collect();
                let kept = self.fake.interact(select(user, name, CHANNEL, &id, &values)).await;
                assert!(content(&kept).starts_with("You kept"), "{kept:#}");
            }
            Action::BuildStation { city, cards } => {
                self.tally.stations += 1;
                if by_button {
                    let opener = format!("ttr:{}:station", self.game.0);
                    let picker = self.fake.interact(button(user, name, CHANNEL, &opener)).await;
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
                            CHANNEL,
                            "station",
                            &[("city", json!(typed)), ("pay", json!(pay))],
                        ))
                        .await;
                    assert!(content(&built).contains("station"), "{built:#}");
                }
            }
            Action::Pass => {
                let turn = turn.expect("a turn message acting on this turn");
                let id = find_id(&turn, ":pass").expect("a Pass button when only passing is possible");
                self.fake.interact(button(user, name, CHANNEL, &id)).await;
            }
        }
    }

    /// `Claim` → the route picker (paging on if needed) → the route → the payment button if asked.
    async fn claim_by_picker(
        &mut self,
        game: &Game,
        user: u64,
        name: &str,
        route: RouteId,
        cards: CardCounts,
    ) -> Value {
        let opener = format!("ttr:{}:claim", self.game.0);
        let picker = self.fake.interact(button(user, name, CHANNEL, &opener)).await;
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
    async fn pick(&mut self, user: u64, name: &str, picker: &Value, id: u16, kind: &str) -> Value {
        let mut page = picker.clone();
        for _ in 0..10 {
            if let Some((select_id, value)) = select_options(&page).into_iter().find(|(_, v)| *v == id.to_string()) {
                assert!(select_id.contains(&format!(":pick-{kind}-")), "{select_id}");
                return self
                    .fake
                    .interact(select(user, name, CHANNEL, &select_id, &[&value]))
                    .await;
            }
            // The page buttons are `◀ Earlier` then `More ▶`.
            let more = custom_ids(&page)
                .into_iter()
                .rfind(|c| c.contains(&format!(":page-{kind}-")))
                .expect("the choice is on a later page");
            page = self.fake.interact(button(user, name, CHANNEL, &more)).await["data"].clone();
        }
        panic!("{id} is on no page of the picker");
    }

    /// When the answer asks how to pay, presses the button of this payment.
    async fn pay_if_asked(&mut self, user: u64, name: &str, answer: Value, payment: &str) -> Value {
        match find_id(&answer["data"], payment) {
            Some(id) if content(&answer).starts_with("How do you pay") => {
                self.fake.interact(button(user, name, CHANNEL, &id)).await
            }
            _ => answer,
        }
    }

    /// Autocomplete of `/ttr claim pay` with the route already typed offers this payment.
    async fn check_payment_autocomplete(&mut self, user: u64, name: &str, route: &str, pay: &str) {
        let mut request = slash(user, name, CHANNEL, "claim", &[]);
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
    async fn final_scoreboard(&self) -> Call {
        let last = self
            .fake
            .wait_for_call("the final scoreboard", |c| {
                c.path == format!("/api/v10/channels/{CHANNEL}/messages")
                    && c.json["content"]
                        .as_str()
                        .is_some_and(|t| t.contains("The game is over."))
            })
            .await;
        let text = last.json["content"].as_str().unwrap();
        assert!(
            text.contains(" wins with ") || text.contains(" share the win "),
            "{text}"
        );
        let embed = &last.json["embeds"][0];
        assert!(embed["title"].as_str().unwrap().ends_with("final scores"), "{embed:#}");
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
    async fn check_hidden_information(&self, final_board: &Call) {
        let (game, _) = self.state().await;
        let map: &Map = game.map();
        let ticket_labels: Vec<String> = (0..map.tickets.len())
            .map(|t| text::ticket(Lang::En, map, TicketId(t as u16)))
            .collect();
        let result = game.public_view().result.expect("the game is over");
        let private_markers = [
            "You drew",
            "**Your cards:**",
            "**Your tickets:**",
            "Your tickets in the game",
            "Choose the tickets",
            "You kept",
        ];
        let mut public_messages = 0;
        for call in self.fake.calls() {
            let is_callback = call.path.ends_with("/callback");
            let is_followup = call.path.starts_with("/api/v10/webhooks/");
            let is_channel_post = call.path == format!("/api/v10/channels/{CHANNEL}/messages");
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
                    assert_eq!(file, "board.png");
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
            if !said.starts_with("Your tickets in the game") {
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
    async fn check_record(&self) {
        let replayed = self.store.replay(self.game).await.unwrap();
        assert_eq!(replayed, self.store.load(self.game).await.unwrap().game);
        assert_eq!(self.store.running_game_in_channel(CHANNEL).await.unwrap(), None);
    }
}

impl Table {
    /// Writes what the channel showed, in order, beside the test's database (`channel.txt`), for people to read.
    fn write_transcript(&self) {
        let mut out = String::new();
        for call in self.fake.calls() {
            let data = if call.path == format!("/api/v10/channels/{CHANNEL}/messages") {
                call.json.clone()
            } else if call.path.ends_with("/callback") && call.json["type"] == 4 && !is_ephemeral(&call.json["data"]) {
                call.json["data"].clone()
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
async fn whole_game(map: &str, players: usize, seed: u64) -> (Table, Tally) {
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_player_usa_game_is_played_to_the_final_scoreboard_with_buttons_and_commands() {
    let (mut table, tally) = whole_game("usa", 3, 0x5eed_0001).await;
    assert!(tally.claims >= 10 && tally.ticket_draws == 1, "{tally:?}");
    // The old turn message's buttons, and those of the finished game, answer in words and change nothing.
    let (game, version) = table.state().await;
    let (user, name) = table.seats[0];
    let stale = format!("ttr:{}:{}:deck", table.game.0, version - 1);
    let old = table.fake.interact(button(user, name, CHANNEL, &stale)).await;
    assert!(content(&old).contains("already played"), "{old:#}");
    assert!(game.is_over());
    table.fake.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_europe_game_builds_a_station_and_pays_a_tunnel_and_gives_one_up() {
    let (table, tally) = whole_game("europe", 3, 0x5eed_0002).await;
    assert!(tally.stations >= 1, "{tally:?}");
    assert!(tally.tunnels_paid >= 1 && tally.tunnels_given_up == 1, "{tally:?}");
    table.fake.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_switzerland_game_is_played_to_the_end() {
    let (table, _) = whole_game("switzerland", 3, 0x5eed_0003).await;
    table.fake.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_india_game_is_played_to_the_end() {
    let (table, _) = whole_game("india", 4, 0x5eed_0004).await;
    table.fake.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_berlin_game_with_metros_is_played_to_the_end() {
    let (table, _) = whole_game("berlin", 2, 0x5eed_0005).await;
    table.fake.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_and_a_sigkill_mid_game_lose_no_action_apply_none_twice_and_old_buttons_still_work() {
    let mut table = Table::open("restarts", "usa", 2, 0x5eed_0006).await;
    assert!(!table.play_moves(12).await);
    let (game, version) = table.state().await;
    let turn = table.turn_message(version).await;

    // A restart: the turn message made before it still plays the turn.
    table.fake.restart().await;
    let (user, name) = table.seats[game.current().index()];
    let deck = find_id(&turn, ":deck").unwrap();
    let drawn = table.fake.interact(button(user, name, CHANNEL, &deck)).await;
    assert_eq!(drawn["type"], 7, "{drawn:#}");
    table.wait_for_version(version + 1).await;

    // SIGKILL right after a move was answered: the move is kept, exactly once.
    assert!(!table.play_moves(5).await);
    let (_, before_kill) = table.state().await;
    let stored_before = table.store.action_count(table.game).await.unwrap();
    table.fake.kill_and_restart().await;
    let (after, version) = table.state().await;
    assert_eq!(version, before_kill);
    assert_eq!(table.store.action_count(table.game).await.unwrap(), stored_before);
    assert_eq!(table.store.replay(table.game).await.unwrap(), after);
    // The same stale button again: already played, nothing applied.
    let again = table.fake.interact(button(user, name, CHANNEL, &deck)).await;
    assert!(content(&again).contains("already played"), "{again:#}");
    assert_eq!(table.state().await.1, version);

    // The game goes on to its end after both.
    table.play_to_the_end().await;
    table.final_scoreboard().await;
    table.check_record().await;
    table.fake.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_double_click_and_two_players_clicking_at_once_apply_exactly_one_action() {
    let mut table = Table::open("races", "usa", 2, 0x5eed_0007).await;
    let (game, version) = table.state().await;
    let turn = table.turn_message(version).await;
    let deck = find_id(&turn, ":deck").unwrap();
    let mover = table.seats[game.current().index()];
    let other = table.seats[1 - game.current().index()];

    // The player to move clicks Deck twice in the same instant: one card is drawn, the other click is told.
    let answers = table
        .fake
        .interact_together(vec![
            button(mover.0, mover.1, CHANNEL, &deck),
            button(mover.0, mover.1, CHANNEL, &deck),
        ])
        .await;
    let applied = answers.iter().filter(|a| a["type"] == 7).count();
    assert_eq!(applied, 1, "{answers:#?}");
    let told = answers.iter().find(|a| a["type"] == 4).unwrap();
    assert!(
        is_ephemeral(&told["data"]) && content(told).contains("already played"),
        "{told:#}"
    );
    table.wait_for_version(version + 1).await;

    // Both players click the fresh Deck button at once: the mover's second card is drawn, the other is told why not.
    let turn = table.turn_message(version + 1).await;
    let deck = find_id(&turn, ":deck").unwrap();
    let answers = table
        .fake
        .interact_together(vec![
            button(other.0, other.1, CHANNEL, &deck),
            button(mover.0, mover.1, CHANNEL, &deck),
        ])
        .await;
    // Whichever the bot handles first, the other player's click acts on nothing: refused as out of turn, or (when
    // the mover's came first) as a button of a turn already played.
    let refused = content(&answers[0]);
    assert!(
        is_ephemeral(&answers[0]["data"]) && (refused.contains("not your turn") || refused.contains("already played")),
        "{:#}",
        answers[0]
    );
    assert_eq!(answers[1]["type"], 7, "{:#}", answers[1]);
    table.wait_for_version(version + 2).await;
    assert_eq!(table.store.action_count(table.game).await.unwrap(), version + 2);
    table.fake.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_answered_privately_in_plain_words_and_changes_nothing() {
    let mut table = Table::open("bad-input", "usa", 2, 0x5eed_0008).await;
    let (game, version) = table.state().await;
    let mover = table.seats[game.current().index()];
    let other = table.seats[1 - game.current().index()];
    let stranger = PEOPLE[4];
    let turn = table.turn_message(version).await;
    let deck = find_id(&turn, ":deck").unwrap();
    let claim = |route: &str, pay: Option<&str>| {
        let mut options = vec![("route", json!(route))];
        if let Some(pay) = pay {
            options.push(("pay", json!(pay)));
        }
        options
    };
    // A route the mover cannot pay for with their hand: a six-long one in a colour they hold too little of.
    let map = game.map().clone();
    let hand = game.seat_view(game.current()).hand;
    let long = (0..map.routes.len())
        .map(|r| RouteId(r as u16))
        .find(|&r| {
            let route = map.route(r);
            route.cost == 6
                && route
                    .color
                    .is_some_and(|c| hand.get(c.card()) + hand.get(ttrbot::rules::Card::WILD) < 6)
        })
        .unwrap();
    let long_color = map.route(long).color.unwrap().name();
    let long_name = text::route(Lang::En, &map, long);
    let six = format!("6 {long_color}");
    let cases: Vec<(&str, Value, &str)> = vec![
        (
            "out of turn",
            slash(other.0, other.1, CHANNEL, "draw", &[("card", json!("deck"))]),
            "not your turn",
        ),
        (
            "not seated",
            slash(stranger.0, stranger.1, CHANNEL, "draw", &[("card", json!("deck"))]),
            "not playing",
        ),
        (
            "a route typed past autocomplete",
            slash(
                mover.0,
                mover.1,
                CHANNEL,
                "claim",
                &claim("Denver to nowhere at all", None),
            ),
            "",
        ),
        (
            "an unknown city",
            slash(mover.0, mover.1, CHANNEL, "claim", &claim("Atlantis - Denver", None)),
            "Atlantis",
        ),
        (
            "a station on a map without",
            slash(mover.0, mover.1, CHANNEL, "station", &[("city", json!("Denver"))]),
            "station",
        ),
        (
            "cards typed wrong",
            slash(
                mover.0,
                mover.1,
                CHANNEL,
                "claim",
                &claim(&long_name, Some("lots of money")),
            ),
            "3 red + 1 locomotive",
        ),
        (
            "not enough cards",
            slash(mover.0, mover.1, CHANNEL, "claim", &claim(&long_name, Some(&six))),
            "",
        ),
        (
            "a forged custom_id",
            button(mover.0, mover.1, CHANNEL, &format!("ttr:999:{version}:deck")),
            "no game in this channel",
        ),
        (
            "another channel's game",
            button(mover.0, mover.1, CHANNEL + 1, &deck),
            "no game in this channel",
        ),
        (
            "a garbled custom_id",
            button(mover.0, mover.1, CHANNEL, "ttr:1:2:3:4:5"),
            "belongs to nothing",
        ),
        (
            "an unknown action",
            button(
                mover.0,
                mover.1,
                CHANNEL,
                &format!("ttr:{}:{version}:fly", table.game.0),
            ),
            "belongs to nothing",
        ),
        (
            "a payment button garbled",
            button(
                mover.0,
                mover.1,
                CHANNEL,
                &format!("ttr:{}:{version}:pay-r9999-0000000006", table.game.0),
            ),
            "",
        ),
        (
            "a second game in a busy channel",
            slash(other.0, other.1, CHANNEL, "start", &[("map", json!("europe"))]),
            "already has a game",
        ),
        (
            "leaving a game in play before computer players exist",
            slash(other.0, other.1, CHANNEL, "leave", &[]),
            "computer player",
        ),
        (
            "ending by someone who may not",
            button(PEOPLE[1].0, PEOPLE[1].1, CHANNEL, &format!("ttr:{}:end", table.game.0)),
            "Only the host",
        ),
    ];
    for (what, interaction, expected) in cases {
        let answer = table.fake.interact(interaction).await;
        // A payment button lives on a private picker, which its answer replaces (and which stays private).
        let replaces_picker = what.contains("payment button") && answer["type"] == 7;
        assert!(is_ephemeral(&answer["data"]) || replaces_picker, "{what}: {answer:#}");
        let said = content(&answer);
        assert!(!said.is_empty() && said.contains(expected), "{what}: {said}");
        assert!(!said.contains("Sorry, something went wrong"), "{what}: {said}");
        assert_eq!(table.state().await.1, version, "{what} changed the game");
    }
    // A stale button, after the turn moved on.
    let first = table.fake.interact(button(mover.0, mover.1, CHANNEL, &deck)).await;
    assert_eq!(first["type"], 7);
    let stale = table.fake.interact(button(mover.0, mover.1, CHANNEL, &deck)).await;
    assert!(
        is_ephemeral(&stale["data"]) && content(&stale).contains("already played"),
        "{stale:#}"
    );
    assert_eq!(table.state().await.1, version + 1);

    // The host may end the game, after confirming; its buttons then say it is over.
    let (host, host_name) = PEOPLE[0];
    let asked = table.fake.interact(slash(host, host_name, CHANNEL, "end", &[])).await;
    assert!(is_ephemeral(&asked["data"]), "{asked:#}");
    let confirm = find_id(&asked["data"], ":end").unwrap();
    let ended = table.fake.interact(button(host, host_name, CHANNEL, &confirm)).await;
    assert!(content(&ended).contains("ended"), "{ended:#}");
    let over = table.fake.interact(button(mover.0, mover.1, CHANNEL, &deck)).await;
    assert!(content(&over).contains("game is over"), "{over:#}");
    assert_eq!(table.store.running_game_in_channel(CHANNEL).await.unwrap(), None);
    table.fake.stop().await;
}
