//! An answer to one user and, when the game changed, what the channel is told afterwards: sent in that order, so
//! drawing the board never delays the acknowledgement.

use poise::serenity_prelude as serenity;

use super::announce::{after_play, after_turn_button, permission_notice, tell_channel};
use super::data::{Context, Data, Held};
use super::play::Played;
use super::refusal::Error;
use super::reply::{Asker, PressAnswer, Private};

/// Something stored that the channel is told of after the answer.
pub enum Told {
    /// An action: its sentences or a new turn message (or the dashboard redrawn), and its tickets' DM. (Boxed: a
    /// game after the action is large beside a notice.)
    Played(Box<Played>),
    /// A notice about something stored that is not an action (the game ended, a seat handed over, a player back):
    /// the channel's id and the words.
    Notice(u64, String),
}

impl Told {
    /// The channel told.
    fn channel(&self) -> u64 {
        match self {
            Told::Played(played) => played.after.channel,
            Told::Notice(channel, _) => *channel,
        }
    }
}

/// An answer to the person who asked and, if something was stored, what the channel is told after it, in order.
pub struct Outcome {
    /// The answer (private, but for a turn button's update of the turn message).
    pub reply: Private,
    /// What the channel is told, in this order.
    pub told: Vec<Told>,
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
            told: Vec::new(),
        }
    }

    /// An action stored, answered privately with its sentences for everyone.
    pub fn played(played: Played) -> Outcome {
        let reply = Private::text(played.public.join("\n"));
        Outcome::answering(reply, played)
    }

    /// An action stored, answered with `reply`.
    pub fn answering(reply: Private, played: Played) -> Outcome {
        Outcome {
            reply,
            told: vec![Told::Played(Box::new(played))],
        }
    }

    /// A private answer in words, and a notice for a channel posted after it (for something stored that is not an
    /// action).
    pub fn telling(content: impl Into<String>, channel: u64, notice: String) -> Outcome {
        Outcome {
            reply: Private::text(content),
            told: vec![Told::Notice(channel, notice)],
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
        let Outcome { reply, told } = self;
        // A turn message replaced by the answer shows the action itself; should the replacement fail, it is edited.
        // (Whether a game shows its actions on turn messages or on its dashboard is the game's: a dashboard game's
        // action is told by `after_play` whatever the press was answered with.)
        let replaced = match (asker.turn_message(), told.as_slice()) {
            (Some(message), [Told::Played(played)]) if !played.after.is_dashboard() => {
                Some((message, reply.content.clone(), reply.components.clone()))
            }
            _ => None,
        };
        let secret = match told.as_slice() {
            [Told::Played(played), ..] if asker.tells_the_secret_apart() => {
                Some(played.private.join(" ")).filter(|s| !s.is_empty())
            }
            _ => None,
        };
        let answered = asker.answer(reply).await;
        let Some(channel) = told.first().map(Told::channel) else {
            return answered;
        };
        let shown = async {
            // What the player drew is theirs alone; failing to tell them must not keep the channel from being told.
            let secret = match (&answered, secret) {
                (Ok(()), Some(secret)) => asker.tell_privately(&secret).await,
                _ => Ok(()),
            };
            let _order = data.announcing(channel, held).await;
            for item in &told {
                let done = match item {
                    Told::Notice(channel, words) => tell_channel(ctx, *channel, words.clone()).await,
                    Told::Played(played) => match &replaced {
                        Some((message, content, components)) => {
                            let shown = (content.clone(), components.clone());
                            after_turn_button(ctx, data, played, *message, shown, answered.is_ok()).await
                        }
                        None => after_play(ctx, data, played).await,
                    },
                };
                if let Err(e) = done {
                    let about_a_move = matches!(item, Told::Played(_));
                    let notice = permission_notice(e, asker.lang(), about_a_move)?;
                    // Without an answer there is no interaction to tell this player through; the game stays owed
                    // its announcement, and whoever acts next is told.
                    if answered.is_ok() {
                        asker.tell_privately(&notice).await?;
                    }
                    break;
                }
            }
            secret
        };
        let shown: Result<(), Error> = shown.await;
        answered.map_err(Error::after_answer)?;
        shown.map_err(Error::after_answer)
    }
}
