//! The turn message everyone reads: what just happened, the player to move pinged, the board, the scores and the
//! turn's buttons; once the game is over, the final scoreboard. Built from the public view alone.

use poise::serenity_prelude as serenity;

use super::component::Component;
use super::pictures::Pictures;
use super::table::Table;
use crate::lang::Lang;
use crate::rules::view::FinalResult;
use crate::rules::{Action, PublicView, Step};
use crate::text::{self, catalog::tr};

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
/// `Hand`. A button the player to move cannot use now is shown disabled; none is shown once the game is over.
pub fn turn_components(table: &Table) -> Vec<serenity::CreateActionRow> {
    if table.game.is_over() {
        return Vec::new();
    }
    let lang = table.lang();
    let id = |component: Component| component.id(table.id, table.version);
    let map = table.game.map();
    let mut legal = Vec::new();
    table.game.legal_actions(table.game.current(), &mut legal);
    let view = table.game.public_view();
    let faceup = text::faceup(lang, map, &view);
    let mut cards: Vec<serenity::CreateButton> = faceup
        .into_iter()
        .enumerate()
        .map(|(slot, label)| {
            let slot = slot as u8;
            serenity::CreateButton::new(id(Component::Take { slot }))
                .label(label)
                .style(serenity::ButtonStyle::Secondary)
                .disabled(!legal.contains(&Action::DrawFaceup { slot }))
        })
        .collect();
    cards.push(
        serenity::CreateButton::new(id(Component::Deck))
            .label(tr!(lang, "button-deck"))
            .style(serenity::ButtonStyle::Primary)
            .disabled(!legal.contains(&Action::DrawBlind)),
    );
    let (first, rest) = cards.split_at(cards.len().min(5));
    let mut second: Vec<serenity::CreateButton> = rest.to_vec();
    // `Claim` and `Station` only open a private picker of the game as it is then, so they carry no version; the
    // picker's own choices do. During a tunnel, `Claim` brings back the tunnel's Pay / Give up.
    let tunnel = matches!(table.game.step(), Step::Tunnel(_));
    let can_claim = tunnel || legal.iter().any(|a| matches!(a, Action::Claim { .. }));
    second.push(
        serenity::CreateButton::new(id(Component::Claim))
            .label(tr!(lang, "button-claim"))
            .style(serenity::ButtonStyle::Success)
            .disabled(!can_claim),
    );
    second.push(
        serenity::CreateButton::new(id(Component::Tickets))
            .label(tr!(lang, "button-tickets"))
            .style(serenity::ButtonStyle::Secondary)
            .disabled(!legal.contains(&Action::DrawTickets)),
    );
    if map.rules.stations > 0 {
        second.push(
            serenity::CreateButton::new(id(Component::Station))
                .label(tr!(lang, "button-station"))
                .style(serenity::ButtonStyle::Secondary)
                .disabled(!legal.iter().any(|a| matches!(a, Action::BuildStation { .. }))),
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
    // Only when nothing else is possible (no card to draw, no route or ticket to take) may a player pass.
    if legal.contains(&Action::Pass) {
        rows.push(serenity::CreateActionRow::Buttons(vec![
            serenity::CreateButton::new(id(Component::Pass))
                .label(tr!(lang, "button-pass"))
                .style(serenity::ButtonStyle::Danger),
        ]));
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
/// ✗ failed), and the winner. Nobody is pinged and no button is left.
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
    let mut message = serenity::CreateMessage::new()
        .content(format!("{happened}\n{verdict}"))
        .embed(embed)
        .add_file(serenity::CreateAttachment::bytes(pictures.board, "board.png"));
    if let Some(chart) = pictures.chart {
        message = message
            .add_embed(serenity::CreateEmbed::new().image("attachment://scores.png"))
            .add_file(serenity::CreateAttachment::bytes(chart, "scores.png"));
    }
    message
        .components(Vec::new())
        .allowed_mentions(serenity::CreateAllowedMentions::new())
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
