//! An answer to one user and, when the game changed, what the channel is told afterwards: sent in that order, so
//! drawing the board never delays the acknowledgement.

use poise::serenity_prelude as serenity;

use super::announce::{after_play, permission_notice, tell_channel};
use super::data::{Context, Data, Held};
use super::locale::{private_lang, user_lang};
use super::play::Played;
use super::refusal::Error;
use super::reply::{Private, answer_with_message, tell_privately, update_message};

/// A private answer and, if an action was stored, what the channel is told after it.
pub struct Outcome {
    /// The private answer.
    pub reply: Private,
    /// The action stored, if any.
    pub played: Option<Played>,
    /// A notice for the channel (its id, the words) about something stored that is not an action (the game ended,
    /// a seat handed over), posted after the answer.
    pub notice: Option<(u64, String)>,
}

impl Outcome {
    /// A private answer in words, the game unchanged.
    pub fn private(content: impl Into<String>) -> Outcome {
        Outcome::reply(Private::text(content))
    }

    /// A private answer, the game unchanged.
    pub fn reply(reply: Private) -> Outcome {
        Outcome {
            reply,
            played: None,
            notice: None,
        }
    }

    /// An action stored, answered privately with its sentences for everyone.
    pub fn played(played: Played) -> Outcome {
        Outcome {
            reply: Private::text(played.public.join("\n")),
            played: Some(played),
            notice: None,
        }
    }

    /// A private answer in words, and a notice for a channel posted after it (for something stored that is not an
    /// action: an outcome tells one or the other, never both).
    pub fn telling(content: impl Into<String>, channel: u64, notice: String) -> Outcome {
        let answer = Outcome::private(content);
        Outcome {
            notice: Some((channel, notice)),
            ..answer
        }
    }

    /// Answers a command privately, then (letting go of the game lock `held`) tells the channel. An action once
    /// stored is told whatever became of the answer.
    ///
    /// # Errors
    /// Discord's or the store's; after an action was stored, only as [`Error::Kept`].
    pub async fn send(self, ctx: Context<'_>, held: Held) -> Result<(), Error> {
        let answered = ctx.send(self.reply.into_reply()).await;
        if let Some((channel, notice)) = self.notice {
            // Stored already: the channel is told whatever became of the answer.
            let _order = ctx.data().announcing(channel, held).await;
            let told = tell_channel(ctx.serenity_context(), channel, notice).await;
            answered.map_err(|e| Error::from(e).after_answer())?;
            return told.map_err(Error::after_answer);
        }
        let Some(played) = &self.played else {
            answered?;
            return Ok(());
        };
        let told = async {
            let _order = ctx.data().announcing(played.after.channel, held).await;
            if let Err(e) = after_play(ctx.serenity_context(), ctx.data(), played).await {
                let notice = permission_notice(e, user_lang(ctx))?;
                // Without an answer there is no interaction to tell this player through; the game stays owed its
                // announcement, and whoever acts next is told.
                if answered.is_ok() {
                    ctx.send(poise::CreateReply::default().content(notice).ephemeral(true))
                        .await?;
                }
            }
            Ok(())
        };
        let told: Result<(), Error> = told.await;
        answered.map_err(|e| Error::from(e).after_answer())?;
        told.map_err(Error::after_answer)
    }

    /// Answers a component, replacing the private message it sits on (`in_place`) or with a new private message,
    /// then tells the channel.
    ///
    /// # Errors
    /// Discord's or the store's.
    pub async fn respond(
        self,
        ctx: &serenity::Context,
        data: &Data,
        component: &serenity::ComponentInteraction,
        in_place: bool,
        held: Held,
    ) -> Result<(), Error> {
        let answered = if in_place {
            update_message(ctx, component, self.reply.into_update()).await
        } else {
            answer_with_message(ctx, component, self.reply).await
        };
        if let Some((channel, notice)) = self.notice {
            // Stored already: the channel is told whatever became of the answer.
            let _order = data.announcing(channel, held).await;
            let told = tell_channel(ctx, channel, notice).await;
            answered.map_err(Error::after_answer)?;
            return told.map_err(Error::after_answer);
        }
        let Some(played) = &self.played else {
            return answered;
        };
        let told = async {
            let _order = data.announcing(played.after.channel, held).await;
            if let Err(e) = after_play(ctx, data, played).await {
                let notice = permission_notice(e, private_lang(&component.locale))?;
                if answered.is_ok() {
                    tell_privately(ctx, component, &notice).await?;
                }
            }
            Ok(())
        };
        let told: Result<(), Error> = told.await;
        answered.map_err(Error::after_answer)?;
        told.map_err(Error::after_answer)
    }
}
