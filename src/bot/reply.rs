//! The only code that answers a user, inside their own interaction: `Asker` (a command, or a press answered with a
//! new private message, in place, on the turn message, or only acknowledged), a private answer (text, components, a
//! picture) in any of Discord's reply builders, acknowledgements and followups, and the few public answers to a
//! command. Names and free text are escaped here before they enter a message.

use poise::serenity_prelude as serenity;

use super::data::Context;
use super::in_time::{acknowledged_already, acknowledged_here};
use super::locale::{private_lang, user_lang};
use super::refusal::{Error, Refused};
use crate::lang::Lang;
use crate::store::Actor;

/// Fills one of Discord's reply builders (they share these methods but no trait) with a private answer: its text,
/// components and picture, marked ephemeral. `$attach` is the builder's method for a file.
macro_rules! private_builder {
    ($builder:expr, $private:expr, $attach:ident) => {{
        let private = $private;
        let builder = $builder
            .content(private.content)
            .components(private.components)
            .ephemeral(true);
        match private.picture {
            Some(png) => builder.$attach(serenity::CreateAttachment::bytes(png, "board.png")),
            None => builder,
        }
    }};
}

/// A private answer: text, and maybe components and a picture.
pub struct Private {
    /// What it says.
    pub content: String,
    /// Its buttons and selects.
    pub components: Vec<serenity::CreateActionRow>,
    /// A picture (`board.png`), if any.
    pub picture: Option<Vec<u8>>,
}

impl Private {
    /// An answer in words only.
    pub fn text(content: impl Into<String>) -> Private {
        Private {
            content: content.into(),
            components: Vec::new(),
            picture: None,
        }
    }

    /// As a command's reply.
    pub fn into_reply(self) -> poise::CreateReply {
        private_builder!(poise::CreateReply::default(), self, attachment)
    }

    /// As a followup to a component already acknowledged.
    pub fn into_followup(self) -> serenity::CreateInteractionResponseFollowup {
        private_builder!(serenity::CreateInteractionResponseFollowup::new(), self, add_file)
    }

    /// As a new private message answering a component.
    pub fn into_message(self) -> serenity::CreateInteractionResponseMessage {
        private_builder!(serenity::CreateInteractionResponseMessage::new(), self, add_file)
    }

    /// The same answer replacing the message a component sits on: a private picker, or a public turn message, so
    /// it pings nobody (an update carries no ephemeral flag: a private message stays one).
    pub fn into_update(self) -> serenity::CreateInteractionResponseMessage {
        serenity::CreateInteractionResponseMessage::new()
            .content(self.content)
            .components(self.components)
            .allowed_mentions(serenity::CreateAllowedMentions::new())
    }
}

/// How a press is answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PressAnswer {
    /// With a new private message.
    NewMessage,
    /// By replacing the private message pressed on (a picker).
    InPlace,
    /// By replacing the public turn message pressed on, which then shows the action (the player's own part follows
    /// privately).
    TurnMessage,
    /// Only acknowledged: what the press did is shown elsewhere (the dashboard's status message).
    Acknowledged,
}

/// The person an answer is for, in the interaction that lets the bot answer them: a slash command, or a press on a
/// component (answered as [`PressAnswer`] says). Every answer to a user goes out through here.
#[derive(Clone, Copy)]
pub enum Asker<'a> {
    /// A slash command: its answer is its reply.
    Command(Context<'a>),
    /// A press on a button or a select.
    Press {
        /// Discord's client.
        ctx: &'a serenity::Context,
        /// The press.
        component: &'a serenity::ComponentInteraction,
        /// How it is answered.
        how: PressAnswer,
    },
}

impl Asker<'_> {
    /// Discord's client.
    pub fn serenity(&self) -> &serenity::Context {
        match self {
            Asker::Command(ctx) => ctx.serenity_context(),
            Asker::Press { ctx, .. } => ctx,
        }
    }

    /// The language of a private answer: the user's own locale.
    pub fn lang(&self) -> Lang {
        match self {
            Asker::Command(ctx) => user_lang(*ctx),
            Asker::Press { component, .. } => private_lang(&component.locale),
        }
    }

    /// The turn message pressed on, for a press answered by replacing it.
    pub fn turn_message(&self) -> Option<serenity::MessageId> {
        match self {
            Asker::Press {
                component,
                how: PressAnswer::TurnMessage,
                ..
            } => Some(component.message.id),
            _ => None,
        }
    }

    /// Whether what only the player learns (the card they drew) is told apart, privately, after the answer: when the
    /// answer is public (a turn message) or there is none (an acknowledged press).
    pub fn tells_the_secret_apart(&self) -> bool {
        matches!(
            self,
            Asker::Press {
                how: PressAnswer::TurnMessage | PressAnswer::Acknowledged,
                ..
            }
        )
    }

    /// The answer: a command's reply, or a press answered as it says (an acknowledged press sends `private` nowhere).
    ///
    /// # Errors
    /// Discord's.
    pub async fn answer(&self, private: Private) -> Result<(), Error> {
        match *self {
            Asker::Command(ctx) => {
                ctx.send(private.into_reply()).await?;
                Ok(())
            }
            Asker::Press { ctx, component, how } => match how {
                PressAnswer::NewMessage => answer_with_message(ctx, component, private).await,
                PressAnswer::InPlace | PressAnswer::TurnMessage => {
                    update_message(ctx, component, private.into_update()).await
                }
                PressAnswer::Acknowledged if acknowledged_already() => Ok(()),
                PressAnswer::Acknowledged => Ok(acknowledge_press(ctx, component).await?),
            },
        }
    }

    /// A private word after the answer (what a player drew, a permission the bot lacks).
    ///
    /// # Errors
    /// Discord's.
    pub async fn tell_privately(&self, notice: &str) -> Result<(), Error> {
        match *self {
            Asker::Command(ctx) => say_privately(ctx, notice.to_string()).await,
            Asker::Press { ctx, component, .. } => tell_privately(ctx, component, notice).await,
        }
    }
}

/// Acknowledges a press without answering it yet (Discord shows nothing; the answer edits the message pressed on or
/// follows up).
///
/// # Errors
/// Discord's.
pub async fn acknowledge_press(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
) -> Result<(), serenity::Error> {
    component
        .create_response(&ctx.http, serenity::CreateInteractionResponse::Acknowledge)
        .await
}

/// Acknowledges a press that will be answered privately once a picture is drawn: its answer, a refusal or an
/// apology included, follows up from now on.
///
/// # Errors
/// Discord's.
pub async fn acknowledge_press_privately(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    if !acknowledged_already() {
        component.defer_ephemeral(&ctx.http).await?;
        acknowledged_here();
    }
    Ok(())
}

/// A private answer to a press that was acknowledged already (see [`acknowledge_press_privately`]).
///
/// # Errors
/// Discord's.
pub async fn follow_up(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    private: Private,
) -> Result<(), Error> {
    component.create_followup(&ctx.http, private.into_followup()).await?;
    Ok(())
}

/// Acknowledges a command that takes a moment (a picture, a think), privately or for everyone (`public`): its answer
/// then comes with [`answer_command`].
///
/// # Errors
/// Discord's.
pub async fn acknowledge_command(ctx: Context<'_>, public: bool) -> Result<(), Error> {
    if public {
        ctx.defer().await?;
    } else {
        ctx.defer_ephemeral().await?;
    }
    Ok(())
}

/// A command's answer as built (private or public, with its embeds, files, components and mentions). Prefer
/// [`Asker::answer`], [`say_privately`] or [`say_quietly`], which decide those; this is for the public answers that
/// carry more (a lobby, a board).
///
/// # Errors
/// Discord's.
pub async fn answer_command(ctx: Context<'_>, reply: poise::CreateReply) -> Result<(), Error> {
    ctx.send(reply).await?;
    Ok(())
}

/// An ephemeral answer to a component.
pub async fn reply_ephemeral(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    content: &str,
) -> Result<(), Error> {
    answer_with_message(ctx, component, Private::text(content)).await
}

/// A new private message answering a component (a followup, when the press had to be acknowledged first: see
/// [`super::in_time`]).
pub async fn answer_with_message(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    private: Private,
) -> Result<(), Error> {
    if acknowledged_already() {
        component.create_followup(&ctx.http, private.into_followup()).await?;
    } else {
        let message = serenity::CreateInteractionResponse::Message(private.into_message());
        component.create_response(&ctx.http, message).await?;
    }
    Ok(())
}

/// Replaces the message a component sits on, keeping its files (a turn message's board). The only way the bot
/// updates a message in place.
pub async fn update_message(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    message: serenity::CreateInteractionResponseMessage,
) -> Result<(), Error> {
    // serenity writes `"attachments": []` into every update, and Discord removes each file an update's list does
    // not name; an update without the list keeps them.
    let mut data = serde_json::to_value(&message).map_err(|e| Error::Internal(Box::new(e)))?;
    if let Some(fields) = data.as_object_mut() {
        fields.remove("attachments");
    }
    if acknowledged_already() {
        // Acknowledged with a deferred update: the message pressed on is the interaction's `@original`.
        if let Some(fields) = data.as_object_mut() {
            fields.remove("tts");
        }
        ctx.http
            .edit_original_interaction_response(&component.token, &data, Vec::new())
            .await?;
        return Ok(());
    }
    let update = serde_json::json!({ "type": 7, "data": data });
    ctx.http
        .create_interaction_response(component.id, &component.token, &update, Vec::new())
        .await?;
    Ok(())
}

/// A private followup to a component the bot already answered.
pub async fn tell_privately(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    notice: &str,
) -> Result<(), Error> {
    let followup = serenity::CreateInteractionResponseFollowup::new()
        .content(notice)
        .ephemeral(true);
    component.create_followup(&ctx.http, followup).await?;
    Ok(())
}

/// An ephemeral answer to a command.
pub async fn say_privately(ctx: Context<'_>, content: String) -> Result<(), Error> {
    ctx.send(poise::CreateReply::default().content(content).ephemeral(true))
        .await?;
    Ok(())
}

/// Asks privately before something that cannot be taken back: the question and one red button that does it.
pub async fn ask_to_confirm(ctx: Context<'_>, question: String, button: serenity::CreateButton) -> Result<(), Error> {
    let row = serenity::CreateActionRow::Buttons(vec![button.style(serenity::ButtonStyle::Danger)]);
    let reply = poise::CreateReply::default()
        .content(question)
        .components(vec![row])
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

/// A public answer to a command that may name people (`<@id>`) without pinging anyone.
pub async fn say_quietly(ctx: Context<'_>, content: String) -> Result<(), Error> {
    let reply = poise::CreateReply::default()
        .content(content)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    ctx.send(reply).await?;
    Ok(())
}

/// A name or free text as it should read inside a message: markdown characters escaped, so `**Ana**` is not bold
/// and a link or a code block cannot be faked (mentions are kept harmless by `allowed_mentions`).
pub fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '<' | '#' | '[' | ']') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A user as messages name them: their display name, escaped.
pub fn who(user: &serenity::User) -> String {
    escape_markdown(user.global_name.as_deref().unwrap_or(&user.name))
}

/// Who is asking, and whether they may manage the channel (then they may start, cancel or end any game there, and
/// change its settings, like its host).
pub fn actor(user: &serenity::User, member: Option<&serenity::Member>) -> Actor {
    Actor {
        user_id: user.id.get(),
        manages_channel: member.and_then(|m| m.permissions).is_some_and(|p| p.manage_channels()),
    }
}

/// The name a player is shown by in a game: their nickname in the server, else their display name.
pub fn display_name(user: &serenity::User, member: Option<&serenity::Member>) -> String {
    member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone())
}

/// A refusal after the command was acknowledged publicly: the channel would see it as the command's answer, so that
/// answer is deleted and the refusal told privately.
///
/// # Errors
/// Discord's.
pub async fn refuse_after_public_defer(ctx: Context<'_>, refused: &Refused) -> Result<(), Error> {
    if let poise::Context::Application(app) = ctx {
        app.interaction.delete_response(ctx.http()).await?;
    }
    let words = refused.words(user_lang(ctx));
    ctx.send(poise::CreateReply::default().content(words).ephemeral(true))
        .await?;
    Ok(())
}
