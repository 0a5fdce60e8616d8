//! The game shown, changing nothing: `/ttr hand` and `Hand` (privately: cards, tickets, one's own picture),
//! `/ttr board` and `/ttr status` (for everyone), `/ttr rules` (privately).

use poise::serenity_prelude as serenity;

use std::time::Instant;

use super::data::{Context, Data};
use super::limits::Often;
use super::locale::{private_lang, user_lang};
use super::pictures::{board_png_on_request, seat_png};
use super::refusal::{Error, Refused};
use super::reply::{
    Asker, Private, acknowledge_command, acknowledge_press_privately, answer_command, follow_up,
    refuse_after_public_defer, say_privately,
};
use super::table::{Opened, Press, Table};
use super::turn_message::{scores_embed, watch_button};
use crate::lang::Lang;
use crate::text::{self, catalog::tr};

/// Your cards, your tickets and your own board picture (only you see them).
#[poise::command(slash_command)]
pub async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    // Rendering can take a moment: acknowledge first.
    acknowledge_command(ctx, false).await?;
    let table = Table::running(ctx.data(), ctx.channel_id().get()).await?;
    let answer = hand_answer(ctx.data(), &table, ctx.author().id.get(), lang).await?;
    Asker::Command(ctx).answer(answer).await
}

/// The `Hand` button: as `/ttr hand`.
///
/// # Errors
/// Refused: not seated (told after the press was acknowledged). Internal: Discord's or the store's.
pub async fn on_button(press: &Press<'_>) -> Result<(), Error> {
    let Press {
        ctx, data, component, ..
    } = *press;
    let lang = private_lang(&component.locale);
    let Opened { held, table } = Opened::component(press).await?;
    drop(held);
    // Drawing the picture can take a moment: acknowledge first, then answer.
    acknowledge_press_privately(ctx, component).await?;
    let answer = match hand_answer(data, &table, component.user.id.get(), lang).await {
        Err(Error::Refused(refused)) => Private::text(refused.words(lang)),
        other => other?,
    };
    follow_up(ctx, component, answer).await
}

/// A player's cards, tickets and own picture; past their pictures for the minute (or with the drawing queue full),
/// the same without the picture and a sentence saying why.
async fn hand_answer(data: &Data, table: &Table, user: u64, lang: Lang) -> Result<Private, Error> {
    let seat = table.seat(user)?;
    let content = text::hand(lang, table.game.map(), &table.game.seat_view(seat));
    let picture = match count_picture(data, user) {
        Ok(()) => seat_png(data, table, seat, lang).await,
        Err(refused) => Err(refused.into()),
    };
    Ok(match picture {
        Ok(picture) => Private {
            content,
            components: Vec::new(),
            picture: Some(picture),
        },
        Err(Error::Refused(why)) => Private::text(format!("{content}\n\n{}", why.words(lang))),
        Err(e) => return Err(e),
    })
}

/// Counts one private picture for `user`, or says they had as many as they may this minute.
fn count_picture(data: &Data, user: u64) -> Result<(), Refused> {
    let what = Often::Picture;
    data.limits
        .count(what, user, Instant::now())
        .map_err(|wait| Refused::TooOften { what, wait })
}

/// The board as it stands, for everyone.
#[poise::command(slash_command)]
pub async fn board(ctx: Context<'_>) -> Result<(), Error> {
    // For everyone (DESIGN §6), at most `limits::PUBLIC_BOARDS_A_MINUTE` a minute in a channel; past that, for the
    // asker only, with when the next public one may come (counted among their pictures): anyone may look, nobody may
    // fill the channel with boards.
    let data = ctx.data();
    let user = ctx.author().id.get();
    // Everything that may refuse is asked before the acknowledgement, which is public for a public board (a refusal
    // after it would be shown to the channel).
    let table = Table::running(data, ctx.channel_id().get()).await?;
    if data.pools.drawing_queue_full() {
        return Err(Refused::DrawingBusy.into());
    }
    let what = Often::PublicBoard;
    let past_limit = data
        .limits
        .count(what, table.channel, Instant::now())
        .err()
        .map(|wait| Refused::TooOften { what, wait });
    let public = past_limit.is_none();
    if !public {
        count_picture(data, user)?;
    }
    acknowledge_command(ctx, public).await?;
    let view = table.game.public_view();
    let png = match board_png_on_request(data, &table, table.lang()).await {
        Ok(png) => png,
        Err(Error::Refused(refused)) if public => return refuse_after_public_defer(ctx, &refused).await,
        Err(e) => return Err(e),
    };
    let mut reply = poise::CreateReply::default()
        .embed(scores_embed(&table, &view).image("attachment://board.png"))
        .attachment(serenity::CreateAttachment::bytes(png, "board.png"))
        .ephemeral(!public);
    if let Some(why) = past_limit {
        reply = reply.content(why.words(user_lang(ctx)));
    }
    answer_command(ctx, reply).await
}

/// Whose turn it is and everyone's scores, pieces and counts, as text for everyone.
#[poise::command(slash_command)]
pub async fn status(ctx: Context<'_>) -> Result<(), Error> {
    let table = Table::running(ctx.data(), ctx.channel_id().get()).await?;
    let view = table.game.public_view();
    let whose = text::whose_turn(table.lang(), &table.names(), &view);
    let mut reply = poise::CreateReply::default()
        .content(whose)
        .embed(scores_embed(&table, &view))
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    if let Some(watch) = watch_button(&table) {
        reply = reply.components(vec![serenity::CreateActionRow::Buttons(vec![watch])]);
    }
    answer_command(ctx, reply).await
}

/// The rules of this channel's map in short (the game's, or the open lobby's), only for you.
#[poise::command(slash_command)]
pub async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let channel = ctx.channel_id().get();
    let content = match Table::in_channel(ctx.data(), channel).await? {
        Some(table) => text::rules(lang, table.game.map()),
        None => match ctx.data().store.lobby(channel).await? {
            Some(lobby) => text::rules(lang, &lobby.board),
            None => tr!(lang, "no-game-start"),
        },
    };
    say_privately(ctx, content).await
}
