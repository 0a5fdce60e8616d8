//! An answer to one user and, when the game changed, what the channel is told afterwards: sent in that order, so
//! drawing the board never delays the acknowledgement.

use poise::serenity_prelude as serenity;

use super::announce::{after_play, after_turn_button, permission_notice, tell_channel};
use super::data::{Context, Data, Held};
use super::play::Played;
use super::refusal::Error;
use super::reply::{Asker, PressAnswer, Private};

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
        self.deliver(Asker::Command(ctx), ctx.data(), held).await
    }

    /// Answers a component, replacing the private message it sits on (`in_place`) or with a new private message,
    /// then tells the channel.
    ///
    /// # Errors
    /// Discord's or the store's; after an action was stored, only as [`Error::Kept`].
    pub async fn respond(
        self,
        ctx: &serenity::Context,
        data: &Data,
        component: &serenity::ComponentInteraction,
        in_place: bool,
        held: Held,
    ) -> Result<(), Error> {
        let how = if in_place {
            PressAnswer::InPlace
        } else {
            PressAnswer::NewMessage
        };
        let asker = Asker::Press { ctx, component, how };
        self.deliver(asker, data, held).await
    }

    /// The one door from an answer to what the channel is told: answers `asker`, then (letting go of the game lock
    /// `held`, in the channel's order of announcements) tells the channel of a notice or of the action stored; a
    /// player whose answer is public (a turn button's) learns what they drew privately. A missing permission in the
    /// channel is told to the player; any other failure after the answer is passed up as [`Error::Kept`].
    ///
    /// # Errors
    /// Discord's or the store's.
    pub async fn deliver(self, asker: Asker<'_>, data: &Data, held: Held) -> Result<(), Error> {
        let ctx = asker.serenity();
        // A turn message replaced by the answer shows the action itself; should the replacement fail, it is edited.
        let replaced = asker
            .turn_message()
            .map(|message| (message, self.reply.content.clone(), self.reply.components.clone()));
        let secret = match &self.played {
            Some(played) if asker.answers_in_public() => Some(played.private.join(" ")).filter(|s| !s.is_empty()),
            _ => None,
        };
        let answered = asker.answer(self.reply).await;
        if self.notice.is_none() && self.played.is_none() {
            return answered;
        }
        let told = async {
            // What the player drew is theirs alone; failing to tell them must not keep the channel from being told.
            let secret = match (&answered, secret) {
                (Ok(()), Some(secret)) => asker.tell_privately(&secret).await,
                _ => Ok(()),
            };
            let shown = if let Some((channel, notice)) = self.notice {
                let _order = data.announcing(channel, held).await;
                tell_channel(ctx, channel, notice).await
            } else if let Some(played) = &self.played {
                let _order = data.announcing(played.after.channel, held).await;
                match replaced {
                    Some((message, content, components)) => {
                        let updated = answered.is_ok();
                        after_turn_button(ctx, data, played, message, (content, components), updated).await
                    }
                    None => after_play(ctx, data, played).await,
                }
            } else {
                Ok(())
            };
            if let Err(e) = shown {
                let notice = permission_notice(e, asker.lang())?;
                // Without an answer there is no interaction to tell this player through; the game stays owed its
                // announcement, and whoever acts next is told.
                if answered.is_ok() {
                    asker.tell_privately(&notice).await?;
                }
            }
            secret
        };
        let told: Result<(), Error> = told.await;
        answered.map_err(Error::after_answer)?;
        told.map_err(Error::after_answer)
    }
}
