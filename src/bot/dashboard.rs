//! The dashboard layout, a game's choice for a quiet channel: one status message per game, edited in place after
//! every action (what just happened, the board, the scores, whose turn, the turn buttons), and one short ping per
//! turn, deleted once the turn is played. The feed layout, the default, posts a turn message per turn instead.

use poise::serenity_prelude as serenity;

use super::data::Data;
use super::pictures::board_png;
use super::post::{self, Priority, nonce, post};
use super::refusal::Error;
use super::table::Table;
use super::turn_message::{heads_up, post_turn_message, scores_embed, turn_components};
use crate::text;
use crate::text::catalog::tr;

/// Shows `table`'s game on its dashboard after an action: `happened` on the status message with the board, the
/// scores and the turn buttons (posted anew when it is missing, say deleted by someone); when a new turn began, the
/// last turn's ping is deleted and the player to move pinged. A finished game's final scoreboard is posted as a new
/// message, and the status message says so.
///
/// # Errors
/// Discord's or the store's.
pub async fn show(
    ctx: &serenity::Context,
    data: &Data,
    table: &Table,
    happened: &str,
    new_turn: bool,
) -> Result<(), Error> {
    let (status, ping) = data.store.dashboard_messages(table.id).await?;
    if table.game.is_over() {
        return show_over(ctx, data, table, happened, (status, ping)).await;
    }
    let status = show_status(ctx, data, table, happened, status).await?;
    let mut current_ping = ping;
    if new_turn {
        if let Some(old) = ping {
            delete_ping(ctx, table, old).await;
        }
        current_ping = ping_to_move(ctx, table).await?;
    }
    data.store
        .set_dashboard_messages(table.id, Some(status), current_ping)
        .await?;
    Ok(())
}

/// The end of a dashboard game: the ping goes, the status message says the game is over, and the final scoreboard
/// is posted as a new message.
async fn show_over(
    ctx: &serenity::Context,
    data: &Data,
    table: &Table,
    happened: &str,
    (status, ping): (Option<u64>, Option<u64>),
) -> Result<(), Error> {
    if let Some(ping) = ping {
        delete_ping(ctx, table, ping).await;
    }
    if let Some(status) = status {
        let over = serenity::EditMessage::new()
            .content(tr!(table.lang(), "dashboard-over"))
            .embeds(Vec::new())
            .components(Vec::new())
            .remove_all_attachments();
        // The final scoreboard follows as a new message, so a status message that cannot say "over" (deleted by
        // someone, or Discord failing past the retries) only leaves its last turn's buttons, which are stale.
        if let Err(e) = post::edit(
            ctx,
            table.channel,
            serenity::MessageId::new(status),
            over,
            "ending a status message",
        )
        .await
        {
            tracing::warn!(
                game = table.id.0,
                "the status message could not say the game is over: {e}"
            );
        }
    }
    post_turn_message(ctx, data, table, happened, 't').await?;
    data.store.set_dashboard_messages(table.id, status, None).await?;
    Ok(())
}

/// The status message edited to show the game now (or posted anew when it cannot be edited); its id.
async fn show_status(
    ctx: &serenity::Context,
    data: &Data,
    table: &Table,
    happened: &str,
    status: Option<u64>,
) -> Result<u64, Error> {
    let png = board_png(data, table).await?;
    let view = table.game.public_view();
    let content = format!("{happened}\n{}", text::whose_turn(table.lang(), &table.names(), &view));
    let embed = scores_embed(table, &view).image("attachment://board.png");
    let board = serenity::CreateAttachment::bytes(png, "board.png");
    let quiet = serenity::CreateAllowedMentions::new;
    if let Some(id) = status {
        let edit = serenity::EditMessage::new()
            .content(&content)
            .embed(embed.clone())
            .components(turn_components(table))
            .remove_all_attachments()
            .new_attachment(board.clone())
            .allowed_mentions(quiet());
        // A status message someone deleted (Discord's 10008, Unknown Message) is replaced by a new one; any other
        // failure stands, and the game stays owed its announcement (a second status message would leave two sets
        // of live buttons).
        match post::edit(
            ctx,
            table.channel,
            serenity::MessageId::new(id),
            edit,
            "editing a status message",
        )
        .await
        {
            Ok(edited) => return Ok(edited.id.get()),
            Err(e) if e.discord_code() == Some(10008) => {}
            Err(e) => return Err(e),
        }
    }
    let status_post = serenity::CreateMessage::new()
        .content(content)
        .embed(embed)
        .add_file(board)
        .components(turn_components(table))
        .allowed_mentions(quiet());
    let posted = post(
        ctx,
        table.channel,
        status_post,
        Some(nonce(table.id, table.version, 'd')),
        Priority::Game,
    )
    .await?;
    Ok(posted.id.get())
}

/// Deletes the last turn's ping. One that stays (Discord failing past the retries) is only a stale mention; the
/// game goes on. A process that lost the game deletes nothing (the ping may be its successor's).
async fn delete_ping(ctx: &serenity::Context, table: &Table, ping: u64) {
    if let Err(e) = post::delete(ctx, table.channel, ping).await {
        tracing::warn!(game = table.id.0, "the last turn's ping could not be deleted: {e}");
    }
}

/// The short ping of a new turn: the player to move (and the next one, if they asked for a heads-up); its id, or
/// `None` when nobody is to be pinged (a computer's turn, the starting tickets).
async fn ping_to_move(ctx: &serenity::Context, table: &Table) -> Result<Option<u64>, Error> {
    let view = table.game.public_view();
    let to_move = table.seats.get(view.current.index()).and_then(|s| s.user_id);
    let Some(user) = to_move.filter(|_| view.phase == crate::rules::Step::Turn) else {
        return Ok(None);
    };
    let mut pinged = vec![user];
    let mut said = tr!(table.lang(), "dashboard-ping", name = format!("<@{user}>"));
    if let Some(next) = heads_up(table, &view) {
        said.push(' ');
        said.push_str(&tr!(table.lang(), "turn-next", name = format!("<@{next}>")));
        pinged.push(next);
    }
    let message = serenity::CreateMessage::new()
        .content(said)
        .allowed_mentions(serenity::CreateAllowedMentions::new().users(pinged.into_iter().map(serenity::UserId::new)));
    let sent = post(
        ctx,
        table.channel,
        message,
        Some(nonce(table.id, table.version, 'p')),
        Priority::Game,
    )
    .await?;
    Ok(Some(sent.id.get()))
}
