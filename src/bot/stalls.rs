//! Stalled turns: once a turn's deadline has passed, anyone else at the table may skip it or hand the seat to a
//! computer (`Skip turn` / `Hand to computer` on the deadline's reminder, `/ttr skip`, `/ttr replace`); the seat's
//! player takes it back with `/ttr rejoin`.

use poise::serenity_prelude as serenity;

use super::announce::{after_play, tell_channel};
use super::component::Component;
use super::data::{Context, Data, Held};
use super::locale::{private_lang, user_lang};
use super::play::{Played, play_seat};
use super::refusal::Error;
use super::reply::{escape_markdown, reply_ephemeral, say_privately, who};
use super::table::{Opened, Press, Table};
use crate::lang::Lang;
use crate::rules::Action;
use crate::text::{and_list, catalog::tr};

/// What the table does about a turn that waited past its deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Remedy {
    /// The stalled seats' turns are skipped.
    Skip,
    /// A computer plays the stalled seats until their players come back.
    Replace,
}

/// What a remedy did: the private answer, then what the channel is told.
struct Remedied {
    answer: String,
    played: Vec<Played>,
    said: Vec<String>,
}

impl Remedied {
    /// Tells the channel, in order, after the answer was sent (the game lock `held` is given up for the channel's
    /// announcing queue, as after any move).
    async fn tell_channel(self, ctx: &serenity::Context, data: &Data, channel: u64, held: Held) -> Result<(), Error> {
        if self.played.is_empty() && self.said.is_empty() {
            return Ok(());
        }
        let _order = data.announcing(channel, held).await;
        for said in self.said {
            tell_channel(ctx, channel, said).await?;
        }
        for played in &self.played {
            after_play(ctx, data, played).await?;
        }
        Ok(())
    }
}

/// `user` (shown as `who`) skips the stalled turns of `table`'s game or hands those seats to computers.
///
/// # Errors
/// Refused: not seated, no deadline, deadline ahead, nobody stalled. Internal: the store's.
async fn remedy(
    data: &Data,
    table: Table,
    user: u64,
    who: &str,
    remedy: Remedy,
    lang: Lang,
) -> Result<Remedied, Error> {
    let stalled = data.store.stalled_seats(table.id, user, &table.game.to_act()).await?;
    let names: Vec<String> = stalled.iter().map(|(seat, _)| table.name(*seat)).collect();
    match remedy {
        Remedy::Skip => {
            let (id, channel) = (table.id, table.channel);
            let mut played = Vec::new();
            let mut skipped = Vec::new();
            let mut table = Some(table);
            for (seat, name) in stalled.iter().map(|(seat, _)| *seat).zip(&names) {
                // The next stalled seat is skipped from the game as now stored (it may have ended: a finished game
                // loads by its id all the same).
                let now = match table.take() {
                    Some(now) => now,
                    None => Table::load(data, id, channel).await?,
                };
                match play_seat(data, now, seat, Action::Skip, lang).await {
                    Ok(done) => played.push(done),
                    // The skips already stored are still told; this one is not made.
                    Err(e) if played.is_empty() => return Err(e),
                    Err(e) => {
                        tracing::info!(game = id.0, "a later stalled seat was not skipped: {e}");
                        break;
                    }
                }
                skipped.push(name.clone());
            }
            Ok(Remedied {
                answer: tr!(lang, "skipped-private", names = and_list(lang, &skipped)),
                played,
                said: Vec::new(),
            })
        }
        Remedy::Replace => {
            for (_, stalled_user) in &stalled {
                data.store.hand_to_computer(table.id, *stalled_user).await?;
            }
            let public = and_list(table.lang(), &names);
            let said = tr!(table.lang(), "replaced-public", who = who, names = public);
            Ok(Remedied {
                answer: tr!(lang, "replaced-private", names = and_list(lang, &names)),
                played: Vec::new(),
                said: vec![said],
            })
        }
    }
}

/// Runs a remedy for a command and answers it.
async fn remedy_command(ctx: Context<'_>, how: Remedy) -> Result<(), Error> {
    let Opened { held, table } = Opened::command(ctx).await?;
    let channel = table.channel;
    let done = remedy(
        ctx.data(),
        table,
        ctx.author().id.get(),
        &who(ctx.author()),
        how,
        user_lang(ctx),
    )
    .await?;
    // Stored already: the channel is told whatever became of the answer.
    let answered = say_privately(ctx, done.answer.clone()).await;
    let told = done
        .tell_channel(ctx.serenity_context(), ctx.data(), channel, held)
        .await;
    answered.map_err(Error::after_answer)?;
    told.map_err(Error::after_answer)
}

/// `Skip turn` and `Hand to computer` on the deadline's reminder.
///
/// # Errors
/// As the commands.
pub async fn on_button(press: &Press<'_>) -> Result<(), Error> {
    let (ctx, data, component, id) = press.parts();
    let how = match id.component {
        Component::Skip => Remedy::Skip,
        Component::Replace => Remedy::Replace,
        other => return Err(Error::misrouted(other)),
    };
    let lang = private_lang(&component.locale);
    let Opened { held, table } = Opened::component(press).await?;
    let channel = table.channel;
    let done = remedy(data, table, component.user.id.get(), &who(&component.user), how, lang).await?;
    let answered = reply_ephemeral(ctx, component, &done.answer).await;
    let told = done.tell_channel(ctx, data, channel, held).await;
    answered.map_err(Error::after_answer)?;
    told.map_err(Error::after_answer)
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
    let Opened { held, table } = Opened::command(ctx).await?;
    let seat = ctx.data().store.rejoin(table.id, ctx.author().id.get()).await?;
    let seats = ctx.data().store.seats(table.id).await?;
    let name = seats
        .get(seat.index())
        .map_or_else(String::new, |s| escape_markdown(&s.player.name));
    let answered = say_privately(ctx, tr!(user_lang(ctx), "rejoined-private")).await;
    let said = tr!(table.lang(), "rejoined-public", name = name);
    let told = async {
        let _order = ctx.data().announcing(table.channel, held).await;
        tell_channel(ctx.serenity_context(), table.channel, said).await
    }
    .await;
    answered.map_err(Error::after_answer)?;
    told.map_err(Error::after_answer)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicI64, Ordering};

    use super::*;
    use crate::rules::GameRng;
    use crate::seating::PlayerColor;
    use crate::settings::Settings;
    use crate::store::{Clock, NewGame, NewSeat, Store};

    /// A stored 2-player game of two people played at random to the last turn of its final round; the bot's state
    /// over it, and the store's clock.
    async fn game_at_its_last_turn(name: &str) -> (Data, crate::ids::GameId, Arc<AtomicI64>) {
        let dir = std::env::temp_dir().join(format!("ttrbot-stalls-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let now = Arc::new(AtomicI64::new(1_800_000_000_000));
        let clock = Clock::from_fn({
            let now = Arc::clone(&now);
            move || now.load(Ordering::SeqCst)
        });
        let url = format!("sqlite://{}", dir.join("games.db").display());
        let store = Store::open_with_clock(&url, clock).await.unwrap();
        let seats = (0..2)
            .map(|i| NewSeat {
                user_id: Some(11 + i as u64),
                name: format!("P{i}"),
                color: PlayerColor::for_seat(i),
            })
            .collect();
        let new = NewGame {
            channel_id: 5,
            guild_id: Some(7),
            // The first built-in map (the rules are the same on any).
            map: crate::maps::BUILTIN[0].0.into(),
            seed: 3.into(),
            seats,
            settings: Settings::default(),
        };
        let id = store.create_game(&new).await.unwrap();
        let mut rng = GameRng::new(9);
        loop {
            let loaded = store.load(id).await.unwrap();
            if loaded.game.public_view().final_turns_left == Some(1) {
                break;
            }
            let seat = loaded.game.to_act()[0];
            let mut legal = Vec::new();
            loaded.game.legal_actions(seat, &mut legal);
            let action = legal[rng.below(legal.len())];
            store
                .apply_to(id, &loaded.game, loaded.version, seat, action)
                .await
                .unwrap();
        }
        (Data::new(store, None, std::time::Duration::from_secs(60)), id, now)
    }

    #[tokio::test]
    async fn skipping_the_turn_that_ends_the_game_finishes_it_and_is_told() {
        let (data, id, now) = game_at_its_last_turn("last").await;
        let table = Table::load(&data, id, 5).await.unwrap();
        let stalled = table.game.current();
        let other = table.seats[1 - stalled.index()].user_id.unwrap();
        // Past the turn's deadline (48 hours by default).
        now.fetch_add(49 * 3_600_000, Ordering::SeqCst);
        let done = remedy(&data, table, other, "P", Remedy::Skip, Lang::En)
            .await
            .expect("the skip is made");
        assert_eq!(done.played.len(), 1, "the skip is there to be told");
        assert!(done.played[0].after.game.is_over(), "the skip ended the game");
        assert!(done.answer.contains("skipped"), "{}", done.answer);
        let stored = data.store.load(id).await.unwrap();
        assert!(stored.game.is_over());
    }
}
