//! The dashboard layout, a game's choice for a quiet channel: one status message per game, edited in place after
//! every action (what just happened, the board, the scores, whose turn, the turn buttons), and one short ping per
//! turn, deleted once the turn is played. The feed layout, the default, posts a turn message per turn instead.

use poise::serenity_prelude as serenity;

use super::data::Data;
use super::pictures::{board_png, pictures};
use super::refusal::Error;
use super::table::Table;
use super::turn_message::{heads_up, scores_embed, turn_components, turn_message};
use crate::text;
use crate::text::catalog::tr;

/// Shows `table`'s game on its dashboard after an action: `happened` on the status message with the board, the
/// scores and the turn buttons (posted anew when it is missing, say deleted by someone); when a new turn began, the
/// last turn's ping is deleted and the player to move pinged. A finished game's final scoreboard is posted as a new
/// message, and the status message says so.
pub async fn show(
    ctx: &serenity::Context,
    data: &Data,
    table: &Table,
    happened: &str,
    new_turn: bool,
) -> Result<(), Error> {
    let channel = serenity::ChannelId::new(table.channel);
    let (status, ping) = data.store.dashboard_messages(table.id).await?;
    if table.game.is_over() {
        if let Some(ping) = ping {
            // Already gone is as good as deleted.
            let _ = channel.delete_message(ctx, ping).await;
        }
        if let Some(status) = status {
            let over = serenity::EditMessage::new()
                .content(tr!(table.lang(), "dashboard-over"))
                .embeds(Vec::new())
                .components(Vec::new())
                .remove_all_attachments();
            let _ = channel.edit_message(ctx, status, over).await;
        }
        let last = turn_message(table, happened, pictures(data, table).await?);
        channel.send_message(ctx, last).await?;
        data.store.set_dashboard_messages(table.id, status, None).await?;
        return Ok(());
    }
    let png = board_png(table).await?;
    let view = table.game.public_view();
    let content = format!("{happened}\n{}", text::whose_turn(table.lang(), &table.names(), &view));
    let embed = scores_embed(table, &view).image("attachment://board.png");
    let board = serenity::CreateAttachment::bytes(png, "board.png");
    let quiet = serenity::CreateAllowedMentions::new;
    let mut edited = None;
    if let Some(id) = status {
        let edit = serenity::EditMessage::new()
            .content(&content)
            .embed(embed.clone())
            .components(turn_components(table))
            .remove_all_attachments()
            .new_attachment(board.clone())
            .allowed_mentions(quiet());
        // A status message that cannot be edited (deleted, say) is replaced by a new one.
        edited = channel.edit_message(ctx, id, edit).await.ok().map(|m| m.id.get());
    }
    let status = match edited {
        Some(id) => id,
        None => {
            let post = serenity::CreateMessage::new()
                .content(content)
                .embed(embed)
                .add_file(board)
                .components(turn_components(table))
                .allowed_mentions(quiet());
            channel.send_message(ctx, post).await?.id.get()
        }
    };
    let mut current_ping = ping;
    if new_turn {
        if let Some(old) = ping {
            let _ = channel.delete_message(ctx, old).await;
        }
        current_ping = None;
        let to_move = table.seats.get(view.current.index()).and_then(|s| s.user_id);
        if let Some(user) = to_move.filter(|_| view.phase == crate::rules::Step::Turn) {
            let mut pinged = vec![user];
            let mut said = tr!(table.lang(), "dashboard-ping", name = format!("<@{user}>"));
            if let Some(next) = heads_up(table, &view) {
                said.push(' ');
                said.push_str(&tr!(table.lang(), "turn-next", name = format!("<@{next}>")));
                pinged.push(next);
            }
            let message = serenity::CreateMessage::new()
                .content(said)
                .allowed_mentions(quiet().users(pinged.into_iter().map(serenity::UserId::new)));
            current_ping = Some(channel.send_message(ctx, message).await?.id.get());
        }
    }
    data.store
        .set_dashboard_messages(table.id, Some(status), current_ping)
        .await?;
    Ok(())
}
