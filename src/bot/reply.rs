//! Answers to one user: a private answer (text, components, a picture) in any of Discord's reply builders, and the
//! small helpers that send one. Names and free text are escaped here before they enter a message.

use poise::serenity_prelude as serenity;

use super::data::Context;
use super::in_time::acknowledged_already;
use super::locale::user_lang;
use super::refusal::{Error, Refused};
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

    /// The same answer replacing the private message a component sits on (an update carries no ephemeral flag:
    /// the message already is one).
    pub fn into_update(self) -> serenity::CreateInteractionResponseMessage {
        serenity::CreateInteractionResponseMessage::new()
            .content(self.content)
            .components(self.components)
    }
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
