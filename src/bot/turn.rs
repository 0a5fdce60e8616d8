//! Drawing cards and passing: `/ttr draw` with its autocomplete, and the turn message's face-up, `Deck` and `Pass`
//! buttons.

use poise::serenity_prelude as serenity;

use super::component::Component;
use super::data::Context;
use super::locale::{private_lang, user_lang};
use super::outcome::Outcome;
use super::play::play;
use super::refusal::{Error, Refused};
use super::reply::{Asker, PressAnswer, Private};
use super::table::{Opened, Press, Table};
use super::turn_message::turn_components;
use crate::rules::Action;
use crate::rules::names;
use crate::text::{self, catalog::tr};

/// `/ttr draw`: take a card from the deck or a face-up slot.
#[poise::command(slash_command)]
pub async fn draw(
    ctx: Context<'_>,
    #[autocomplete = "complete_draw"]
    #[max_length = 100]
    card: String,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let action = names::parse_draw(&card).ok_or(Refused::DrawHow)?;
    let Opened { held, table } = Opened::command(ctx).await?;
    let played = play(ctx.data(), table, ctx.author().id.get(), action, lang).await?;
    // A blind draw tells the player their card; a face-up one has nothing secret, so it says what happened.
    let said = if played.private.is_empty() {
        played.public.join(" ")
    } else {
        played.private.join(" ")
    };
    Outcome::answering(Private::text(said), played).send(ctx, held).await
}

/// Autocomplete for `/ttr draw`: the deck and the face-up slots as they are now ("1 · red").
async fn complete_draw(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let lang = user_lang(ctx);
    let mut choices: Vec<(String, String)> = vec![(tr!(lang, "draw-deck"), "deck".into())];
    if let Ok(Some(table)) = Table::in_channel(ctx.data(), ctx.channel_id().get()).await {
        let view = table.game.public_view();
        let labels = text::faceup(lang, table.game.map(), &view);
        for (slot, label) in labels.into_iter().enumerate() {
            if view.faceup[slot].is_some() {
                choices.push((label, (slot + 1).to_string()));
            }
        }
    }
    let typed = typed.trim().to_lowercase();
    let choices = choices
        .into_iter()
        .filter(|(name, _)| typed.is_empty() || name.to_lowercase().contains(&typed))
        .map(|(name, value)| serenity::AutocompleteChoice::new(name, value))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// A turn button (`Deck`, a face-up card, `Pass`): the action happens, and the turn message it sits on tells it.
///
/// # Errors
/// Refused: not seated, not one's turn, already played, refused by the rules. Internal: Discord's or the store's.
pub async fn on_button(press: &Press<'_>) -> Result<(), Error> {
    let (ctx, data, component, id) = press.parts();
    let action = match id.component {
        Component::Deck => Action::DrawBlind,
        Component::Take { slot } => Action::DrawFaceup { slot },
        Component::Pass => Action::Pass,
        other => return Err(Error::misrouted(other)),
    };
    let lang = private_lang(&component.locale);
    let Opened { held, table } = Opened::component(press).await?;
    let played = play(data, table, component.user.id.get(), action, lang).await?;
    if played.after.is_dashboard() {
        // The dashboard's status message is redrawn with the board below: the press is only acknowledged.
        let asker = Asker::Press {
            ctx,
            component,
            how: PressAnswer::Acknowledged,
        };
        return Outcome::played(played).deliver(asker, data, held).await;
    }
    // The turn message pressed on gets the action's sentence, and fresh buttons (none once the turn is over).
    let content = format!("{}\n{}", component.message.content, played.public.join("\n"));
    let components = if played.turn_over {
        Vec::new()
    } else {
        turn_components(&played.after)
    };
    let shown = Private {
        content: content.trim().to_string(),
        components,
        picture: None,
    };
    let outcome = Outcome::answering(shown, played);
    let asker = Asker::Press {
        ctx,
        component,
        how: PressAnswer::TurnMessage,
    };
    outcome.deliver(asker, data, held).await
}
