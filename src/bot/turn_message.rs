//! The turn message everyone reads: what just happened, the player to move pinged, the board, the scores and the
//! turn's buttons; once the game is over, the final scoreboard. Built from the public view alone.

use poise::serenity_prelude as serenity;

use super::component::Component;
use super::data::Data;
use super::pictures::{Pictures, pictures};
use super::post::{Priority, nonce, post};
use super::refusal::Error;
use super::table::Table;
use crate::lang::Lang;
use crate::rules::view::FinalResult;
use crate::rules::{PublicView, Step};
use crate::text::{self, catalog::tr};

/// Posts `table`'s turn message with `happened` on top, its pictures drawn, with the nonce of this version and
/// `kind` (a turn `t`, a repost `r`: see [`nonce`]), so it is posted once however often it is sent.
///
/// # Errors
/// Discord's, the store's (a finished game's chart reads its log) or the drawing thread's.
pub async fn post_turn_message(
    ctx: &serenity::Context,
    data: &Data,
    table: &Table,
    happened: &str,
    kind: char,
) -> Result<(), Error> {
    let message = turn_message(table, happened, pictures(data, table).await?);
    let once = Some(nonce(table.id, table.version, kind));
    post(ctx, table.channel, message, once, Priority::Game).await?;
    Ok(())
}

/// The turn message: what just happened, the player to move pinged, the board picture and the scores. Once the
/// game is over: the final board, the scores in full, every player's tickets revealed, and the winner.
pub fn turn_message(table: &Table, happened: &str, pictures: Pictures) -> serenity::CreateMessage {
    let view = table.game.public_view();
    if let Some(result) = &view.result {
        return final_message(table, result, happened, pictures);
    }
    let lang = table.lang();
    let whose = match &view.phase {
        Step::Over => tr!(lang, "whose-over"),
        // A computer player is named, not addressed: it moves right after this message.
        _ if table.is_computer(view.current) => tr!(lang, "whose-turn", name = table.mention(view.current)),
        _ => tr!(lang, "turn-yours", name = table.mention(view.current)),
    };
    let mut pinged = Vec::new();
    if !matches!(view.phase, Step::Over)
        && let Some(user) = table.seats.get(view.current.index()).and_then(|s| s.user_id)
    {
        pinged.push(user);
    }
    let mut next_up = String::new();
    if let Some(user) = heads_up(table, &view) {
        next_up = format!("\n{}", tr!(lang, "turn-next", name = format!("<@{user}>")));
        pinged.push(user);
    }
    let mentions = serenity::CreateAllowedMentions::new().users(pinged.into_iter().map(serenity::UserId::new));
    serenity::CreateMessage::new()
        .content(format!("{happened}\n{whose}{next_up}"))
        .embed(scores_embed(table, &view).image("attachment://board.png"))
        .add_file(serenity::CreateAttachment::bytes(pictures.board, "board.png"))
        .components(turn_components(table))
        .allowed_mentions(mentions)
}

/// The player after the one to move, when they asked to be told their turn is coming (`/ttr settings heads_up:`).
pub fn heads_up(table: &Table, view: &PublicView) -> Option<u64> {
    if view.phase != Step::Turn {
        return None;
    }
    let next = table.seats.get((view.current.index() + 1) % table.seats.len().max(1))?;
    next.user_id.filter(|_| next.heads_up && next.seat != view.current)
}

/// A turn message's buttons, stamped with the game's version: the face-up cards ("1 · red"), `Deck`, `Tickets` and
/// `Hand` (and `Watch`, a link to the game's page, when it has one). A button is disabled only when the move is
/// impossible whatever the player to move holds: everyone reads these buttons, so they are built from the public view
/// alone. None is shown once the game is over.
pub fn turn_components(table: &Table) -> Vec<serenity::CreateActionRow> {
    if table.game.is_over() {
        return Vec::new();
    }
    let lang = table.lang();
    let id = |component: Component| component.id(table.id, table.version);
    let map = table.game.map();
    let view = table.game.public_view();
    let open = view.open_moves(map);
    let faceup = text::faceup(lang, map, &view);
    let mut cards: Vec<serenity::CreateButton> = faceup
        .into_iter()
        .enumerate()
        .map(|(slot, label)| {
            serenity::CreateButton::new(id(Component::Take { slot: slot as u8 }))
                .label(label)
                .style(serenity::ButtonStyle::Secondary)
                .disabled(!open.take[slot])
        })
        .collect();
    cards.push(
        serenity::CreateButton::new(id(Component::Deck))
            .label(tr!(lang, "button-deck"))
            .style(serenity::ButtonStyle::Primary)
            .disabled(!open.deck),
    );
    let (first, rest) = cards.split_at(cards.len().min(5));
    let mut second: Vec<serenity::CreateButton> = rest.to_vec();
    // `Claim` and `Station` only open a private picker of the game as it is then, so they carry no version; the
    // picker's own choices do. During a tunnel, `Claim` brings back the tunnel's Pay / Give up.
    second.push(
        serenity::CreateButton::new(id(Component::Claim))
            .label(tr!(lang, "button-claim"))
            .style(serenity::ButtonStyle::Success)
            .disabled(!open.claim),
    );
    second.push(
        serenity::CreateButton::new(id(Component::Tickets))
            .label(tr!(lang, "button-tickets"))
            .style(serenity::ButtonStyle::Secondary)
            .disabled(!open.tickets),
    );
    if map.rules.stations > 0 {
        second.push(
            serenity::CreateButton::new(id(Component::Station))
                .label(tr!(lang, "button-station"))
                .style(serenity::ButtonStyle::Secondary)
                .disabled(!open.station),
        );
    }
    second.push(
        serenity::CreateButton::new(id(Component::Hand))
            .label(tr!(lang, "button-hand"))
            .style(serenity::ButtonStyle::Secondary),
    );
    let mut rows = vec![
        serenity::CreateActionRow::Buttons(first.to_vec()),
        serenity::CreateActionRow::Buttons(second),
    ];
    // Only when nothing can be drawn may a player pass (and then only if their cards build nothing: the rules
    // refuse the pass privately otherwise).
    let mut last: Vec<serenity::CreateButton> = Vec::new();
    if open.pass {
        last.push(
            serenity::CreateButton::new(id(Component::Pass))
                .label(tr!(lang, "button-pass"))
                .style(serenity::ButtonStyle::Danger),
        );
    }
    // The link to the game's page goes in the last row, beside Pass when there is one: the second row may already
    // hold 5 buttons, Discord's most.
    if let Some(watch) = watch_button(table) {
        last.push(watch);
    }
    if !last.is_empty() {
        rows.push(serenity::CreateActionRow::Buttons(last));
    }
    rows
}

/// Scores, pieces, cards and tickets held, the face-up row and the piles, for everyone.
pub fn scores_embed(table: &Table, view: &PublicView) -> serenity::CreateEmbed {
    let (map, lang) = (table.game.map(), table.lang());
    serenity::CreateEmbed::new()
        .title(text::map_name(lang, map))
        .description(text::seat_rows(lang, map, &table.names(), view).join("\n"))
        .field(
            tr!(lang, "embed-face-up"),
            text::faceup(lang, map, view).join("\n"),
            true,
        )
        .field(tr!(lang, "embed-piles"), text::piles(lang, view), true)
}

/// The last message of a game: the final board, each player's score in full with their tickets revealed (✓ done,
/// ✗ failed), the hints each person asked for (when hints were on or used), and the winner. Nobody is pinged and no
/// button is left but the link to the game's page.
fn final_message(table: &Table, result: &FinalResult, happened: &str, pictures: Pictures) -> serenity::CreateMessage {
    let lang = table.lang();
    let board = text::final_board(lang, table.game.map(), &table.names(), result);
    let mut embed = serenity::CreateEmbed::new()
        .title(board.title)
        .description(board.rows.join("\n"))
        .image("attachment://board.png");
    for (heading, lines) in board.tickets {
        let value = if lines.is_empty() {
            tr!(lang, "final-no-tickets")
        } else {
            fit_field(&lines, lang)
        };
        embed = embed.field(heading, value, true);
    }
    let verdict = board.verdict;
    let mut content = format!("{happened}\n{verdict}");
    if let Some(hints) = hints_used(table) {
        content = format!("{content}\n{hints}");
    }
    let mut message = serenity::CreateMessage::new()
        .content(content)
        .embed(embed)
        .add_file(serenity::CreateAttachment::bytes(pictures.board, "board.png"));
    if let Some(chart) = pictures.chart {
        message = message
            .add_embed(serenity::CreateEmbed::new().image("attachment://scores.png"))
            .add_file(serenity::CreateAttachment::bytes(chart, "scores.png"));
    }
    let rows = watch_button(table)
        .map(|watch| vec![serenity::CreateActionRow::Buttons(vec![watch])])
        .unwrap_or_default();
    message
        .components(rows)
        .allowed_mentions(serenity::CreateAllowedMentions::new())
}

/// `Watch`: a link to the game's web page (the live board and the replay), when the game has one.
pub fn watch_button(table: &Table) -> Option<serenity::CreateButton> {
    let page = table.page.as_ref()?;
    Some(serenity::CreateButton::new_link(page).label(tr!(table.lang(), "button-watch")))
}

/// "Hints asked for: Ana 2, Ben 0." for the people seated (and anyone who asked), when the game allowed hints or
/// someone asked for one.
fn hints_used(table: &Table) -> Option<String> {
    let asked = table.seats.iter().any(|s| s.hints > 0);
    if !table.settings.hints && !asked {
        return None;
    }
    let lang = table.lang();
    let counts: Vec<String> = table
        .seats
        .iter()
        .filter(|s| s.user_id.is_some() || s.stand_in_for.is_some() || s.hints > 0)
        .map(|s| tr!(lang, "final-hints-of", name = table.name(s.seat), count = s.hints))
        .collect();
    Some(tr!(lang, "final-hints", counts = counts.join(", ")))
}

/// Lines in one embed field: Discord takes at most 1,024 characters, so a long list ends with how many more.
fn fit_field(lines: &[String], lang: Lang) -> String {
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        let more = format!("\n{}", tr!(lang, "field-more", count = lines.len() - i));
        if out.chars().count() + line.chars().count() + 1 + more.chars().count() > 1024 {
            out.push_str(more.trim_start_matches('\n'));
            return out;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(line);
    }
    out
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::sync::Arc;

    use super::*;
    use crate::ids::GameId;
    use crate::rules::position::Position;
    use crate::rules::{Action, Game, GameRng, Seat};
    use crate::seating::Player;
    use crate::settings::Settings;
    use crate::store::StoredSeat;

    const PLAYERS: [&str; 3] = ["Ana", "Ben", "Cy"];

    fn table(game: Game) -> Table {
        let seats = Player::list(&PLAYERS)
            .into_iter()
            .enumerate()
            .map(|(i, player)| StoredSeat {
                seat: Seat(i as u8),
                user_id: Some(11 + i as u64),
                stand_in_for: None,
                heads_up: false,
                language: None,
                hints: 0,
                player,
            })
            .collect();
        Table {
            id: GameId(1),
            channel: 5,
            game,
            version: 40,
            seats,
            settings: Settings::default(),
            page: None,
        }
    }

    /// Everything of a turn message that Discord receives but the picture's bytes (drawn from the public view).
    fn payload(game: Game) -> serde_json::Value {
        let pictures = Pictures {
            board: Vec::new(),
            chart: None,
        };
        serde_json::to_value(turn_message(&table(game), "Ana drew a card.", pictures)).unwrap()
    }

    /// The same position with the seat to move holding `hand` instead (the cards come from, and go back to, the
    /// draw pile, whose order nobody sees) and another seat's tickets swapped for the ticket deck's top ones.
    fn with_hidden(position: &Position, hand: &BTreeMap<String, u8>) -> Position {
        let mut p = position.clone();
        let me = usize::from(p.current);
        let mut pool: Vec<String> = p.deck.clone();
        for (card, &n) in &p.seats[me].hand {
            pool.extend(std::iter::repeat_n(card.clone(), usize::from(n)));
        }
        for (card, &n) in hand {
            for _ in 0..n {
                let at = pool.iter().position(|c| c == card).expect("the card is in the pool");
                pool.remove(at);
            }
        }
        p.deck = pool;
        p.seats[me].hand = hand.clone();
        let other = (me + 1) % p.seats.len();
        let n = p.seats[other].tickets.len().min(p.ticket_deck.len());
        let drawn: Vec<Vec<String>> = p.ticket_deck.drain(..n).collect();
        let given_back: Vec<Vec<String>> = p.seats[other].tickets.splice(..n, drawn).collect();
        p.ticket_deck.extend(given_back);
        p
    }

    #[test]
    fn the_turn_message_is_the_same_whatever_the_player_to_move_holds() {
        // A map with stations: the last station costs three cards of one colour, which one hand has and the other
        // does not; before, the Station button told everyone which.
        let (id, _) = crate::maps::BUILTIN
            .iter()
            .find(|(id, _)| crate::maps::builtin(id).is_ok_and(|m| m.rules.stations >= 3))
            .expect("a built-in map with stations");
        let map = crate::maps::builtin(id).unwrap();
        let mut game = Game::new(Arc::clone(&map), PLAYERS.len(), 4).unwrap();
        let mut rng = GameRng::new(4);
        let mut legal = Vec::new();
        // Everyone keeps starting tickets, then a few turns pass.
        for _ in 0..12 {
            let seat = game.to_act()[0];
            game.legal_actions(seat, &mut legal);
            game.apply(seat, legal[rng.below(legal.len())]).unwrap();
        }
        let mut position = game.to_position();
        let me = usize::from(position.current);
        let built = map.rules.stations - 1;
        position.seats[me].stations = 1;
        position.seats[me].station_cities = map
            .cities
            .iter()
            .filter(|c| c.country.is_none())
            .map(|c| c.name.clone())
            .filter(|name| !position.seats.iter().any(|s| s.station_cities.contains(name)))
            .take(usize::from(built))
            .collect();
        let colours: Vec<String> = map.rules.deck_colors.iter().map(|c| c.name().to_string()).collect();
        let pays = BTreeMap::from([(colours[0].clone(), 3u8), (colours[1].clone(), 1)]);
        let cannot = BTreeMap::from([
            (colours[0].clone(), 1u8),
            (colours[1].clone(), 1),
            (colours[2].clone(), 1),
            (colours[3].clone(), 1),
        ]);
        let players = PLAYERS.map(String::from);
        let variant = |hand| Game::from_position(&map, &players, &with_hidden(&position, hand), 4).unwrap();
        let (rich, poor) = (variant(&pays), variant(&cannot));
        let seat = rich.current();
        let mut can_build = |g: &Game| {
            g.legal_actions(seat, &mut legal);
            legal.iter().any(|a| matches!(a, Action::BuildStation { .. }))
        };
        assert!(
            can_build(&rich) && !can_build(&poor),
            "the two hands differ in what they can build"
        );
        assert_eq!(payload(rich), payload(poor));
    }

    #[test]
    fn turn_messages_of_random_games_do_not_change_when_hidden_cards_and_tickets_do() {
        let mut legal = Vec::new();
        for (i, (id, _)) in crate::maps::BUILTIN.iter().enumerate() {
            let map = crate::maps::builtin(id).unwrap();
            let players = PLAYERS.map(String::from);
            let mut game = Game::new(Arc::clone(&map), PLAYERS.len(), i as u64).unwrap();
            let mut rng = GameRng::new(i as u64);
            let mut compared = 0;
            while !game.is_over() {
                let seat = game.to_act()[0];
                game.legal_actions(seat, &mut legal);
                game.apply(seat, legal[rng.below(legal.len())]).unwrap();
                let position = game.to_position();
                if position.pending.is_some() || position.over {
                    continue;
                }
                // The seat to move holds other cards of the same count, drawn from the pool of hidden cards.
                let me = usize::from(position.current);
                let mut pool: Vec<String> = position.deck.clone();
                for (card, &n) in &position.seats[me].hand {
                    pool.extend(std::iter::repeat_n(card.clone(), usize::from(n)));
                }
                let count: usize = position.seats[me].hand.values().map(|&n| usize::from(n)).sum();
                let mut hand = BTreeMap::new();
                for _ in 0..count {
                    let card = pool.remove(rng.below(pool.len()));
                    *hand.entry(card).or_insert(0u8) += 1;
                }
                let other = Game::from_position(&map, &players, &with_hidden(&position, &hand), 9).unwrap();
                let same = Game::from_position(&map, &players, &position, 9).unwrap();
                assert_eq!(payload(same), payload(other), "{id}, turn {}", game.public_view().turn);
                compared += 1;
            }
            assert!(compared > 20, "{id}: {compared} positions compared");
        }
    }
}
