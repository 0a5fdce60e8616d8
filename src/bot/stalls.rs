//! Stalled turns: once a turn's deadline has passed, anyone else at the table may skip it or hand the seat to a
//! computer (`Skip turn` / `Hand to computer` on the deadline's reminder, `/ttr skip`, `/ttr replace`); the seat's
//! player takes it back with `/ttr rejoin`.

use poise::serenity_prelude as serenity;

use super::game::{Played, Table, after_play, play_seat, table, table_for};
use super::lobby::say_privately;
use super::{Context, Data, Error, Held, refusal_or_error, user_lang};
use crate::rules::Action;
use crate::store::StoreError;
use crate::text::Lang;
use crate::text::catalog::tr;

/// What the table does about a turn that waited past its deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Remedy {
    /// The stalled seats' turns are skipped.
    Skip,
    /// A computer plays the stalled seats until their players come back.
    Replace,
}

/// What a remedy did: the private answer, then what the channel is told.
pub(super) struct Remedied {
    pub(super) answer: String,
    played: Vec<Played>,
    said: Vec<String>,
}

impl Remedied {
    fn refused(answer: String) -> Remedied {
        Remedied {
            answer,
            played: Vec::new(),
            said: Vec::new(),
        }
    }

    /// Tells the channel, in order, after the answer was sent (the game lock `held` is given up for the channel's
    /// announcing queue, as after any move).
    pub(super) async fn tell_channel(
        self,
        ctx: &serenity::Context,
        data: &Data,
        channel: u64,
        held: Held,
    ) -> Result<(), Error> {
        if self.played.is_empty() && self.said.is_empty() {
            return Ok(());
        }
        let _order = data.announcing(channel, held).await;
        for said in self.said {
            let quiet = serenity::CreateMessage::new()
                .content(said)
                .allowed_mentions(serenity::CreateAllowedMentions::new());
            serenity::ChannelId::new(channel).send_message(ctx, quiet).await?;
        }
        for played in &self.played {
            after_play(ctx, data, played).await?;
        }
        Ok(())
    }
}

/// `user` (shown as `who`) skips the stalled turns of `table`'s game or hands those seats to computers. Refusals
/// (not seated, no deadline, deadline ahead, nobody stalled) come back as the answer, with nothing changed.
pub(super) async fn remedy(
    data: &Data,
    table: Table,
    user: u64,
    who: &str,
    remedy: Remedy,
    lang: Lang,
) -> Result<Remedied, Error> {
    let stalled = match data.store.stalled_seats(table.id, user, &table.game.to_act()).await {
        Ok(stalled) => stalled,
        Err(e @ StoreError::Refused(_)) => return Ok(Remedied::refused(refusal_or_error(lang, e)?)),
        Err(e) => return Err(e.into()),
    };
    let names = table.names();
    let stalled_names: Vec<String> = stalled
        .iter()
        .map(|(seat, _)| names.get(seat.index()).cloned().unwrap_or_default())
        .collect();
    let listed = crate::text::and_list(lang, &stalled_names);
    match remedy {
        Remedy::Skip => {
            let mut played = Vec::new();
            let mut table = table;
            for (seat, _) in &stalled {
                match play_seat(data, table, *seat, Action::Skip, lang).await? {
                    Ok(done) => {
                        table = reload(data, &done).await?;
                        played.push(done);
                    }
                    Err(refusal) => return Ok(Remedied::refused(refusal)),
                }
            }
            Ok(Remedied {
                answer: tr!(lang, "skipped-private", names = listed),
                played,
                said: Vec::new(),
            })
        }
        Remedy::Replace => {
            for (_, stalled_user) in &stalled {
                data.store.hand_to_computer(table.id, *stalled_user).await?;
            }
            let public = crate::text::and_list(table.lang(), &stalled_names);
            let said = tr!(table.lang(), "replaced-public", who = who, names = public);
            Ok(Remedied {
                answer: tr!(lang, "replaced-private", names = listed),
                played: Vec::new(),
                said: vec![said],
            })
        }
    }
}

/// The game after a skip, to skip the next stalled seat from (its seats as stored).
async fn reload(data: &Data, played: &Played) -> Result<Table, Error> {
    let channel = played.after.channel;
    table(data, channel)
        .await?
        .ok_or_else(|| Error::from("the game ended while its stalled turns were being skipped"))
}

/// Runs a remedy for a command and answers it.
async fn remedy_command(ctx: Context<'_>, how: Remedy) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let channel = ctx.channel_id().get();
    let held = ctx.data().hold(channel).await;
    let Some(table) = table_for(ctx).await? else {
        return Ok(());
    };
    let who = super::escape_markdown(ctx.author().global_name.as_deref().unwrap_or(&ctx.author().name));
    let done = remedy(ctx.data(), table, ctx.author().id.get(), &who, how, lang).await?;
    say_privately(ctx, done.answer.clone()).await?;
    done.tell_channel(ctx.serenity_context(), ctx.data(), channel, held)
        .await
}

/// Skip the turn of a player who let the game's deadline pass (anyone else at the table).
#[poise::command(slash_command)]
pub async fn skip(ctx: Context<'_>) -> Result<(), Error> {
    remedy_command(ctx, Remedy::Skip).await
}

/// Hand the seat of a player who let the game's deadline pass to a computer, until they come back.
#[poise::command(slash_command)]
pub async fn replace(ctx: Context<'_>) -> Result<(), Error> {
    remedy_command(ctx, Remedy::Replace).await
}

/// Take back your seat from the computer that has been playing it.
#[poise::command(slash_command)]
pub async fn rejoin(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let channel = ctx.channel_id().get();
    let _held = ctx.data().hold(channel).await;
    let Some(table) = table_for(ctx).await? else {
        return Ok(());
    };
    match ctx.data().store.rejoin(table.id, ctx.author().id.get()).await {
        Ok(seat) => {
            let name = ctx.data().store.seats(table.id).await?;
            let name = name
                .get(seat.index())
                .map_or_else(String::new, |s| super::escape_markdown(&s.player.name));
            say_privately(ctx, tr!(lang, "rejoined-private")).await?;
            serenity::ChannelId::new(channel)
                .send_message(
                    ctx,
                    serenity::CreateMessage::new()
                        .content(tr!(table.lang(), "rejoined-public", name = name))
                        .allowed_mentions(serenity::CreateAllowedMentions::new()),
                )
                .await?;
            Ok(())
        }
        Err(e @ StoreError::Refused(_)) => say_privately(ctx, refusal_or_error(lang, e)?).await,
        Err(e) => Err(e.into()),
    }
}
