//! Stalled turns: once a turn's deadline has passed, anyone else at the table may skip it or hand the seat to a
//! computer (`Skip turn` / `Hand to computer` on the deadline's reminder, `/ttr skip`, `/ttr replace`); the seat's
//! player takes it back with `/ttr rejoin`.

use super::component::Component;
use super::data::{Context, Data};
use super::locale::{private_lang, user_lang};
use super::outcome::{Outcome, Told};
use super::play::play_seat;
use super::refusal::Error;
use super::reply::{Private, escape_markdown, who};
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

/// `user` (shown as `who`) skips the stalled turns of `table`'s game or hands those seats to computers.
///
/// # Errors
/// Refused: not seated, no deadline, deadline ahead, nobody stalled. Internal: the store's.
///
/// The outcome answers `user` privately; the channel is told of each skip, or of the seats handed over.
async fn remedy(data: &Data, table: Table, user: u64, who: &str, remedy: Remedy, lang: Lang) -> Result<Outcome, Error> {
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
            Ok(Outcome {
                reply: Private::text(tr!(lang, "skipped-private", names = and_list(lang, &skipped))),
                told: played.into_iter().map(|p| Told::Played(Box::new(p))).collect(),
            })
        }
        Remedy::Replace => {
            for (_, stalled_user) in &stalled {
                data.store.hand_to_computer(table.id, *stalled_user).await?;
            }
            let public = and_list(table.lang(), &names);
            let said = tr!(table.lang(), "replaced-public", who = who, names = public);
            let answer = tr!(lang, "replaced-private", names = and_list(lang, &names));
            Ok(Outcome::telling(answer, table.channel, said))
        }
    }
}

/// Runs a remedy for a command and answers it.
async fn remedy_command(ctx: Context<'_>, how: Remedy) -> Result<(), Error> {
    let Opened { held, table } = Opened::command(ctx).await?;
    let (user, lang) = (ctx.author().id.get(), user_lang(ctx));
    let done = remedy(ctx.data(), table, user, &who(ctx.author()), how, lang).await?;
    done.send(ctx, held).await
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
    let done = remedy(data, table, component.user.id.get(), &who(&component.user), how, lang).await?;
    done.respond(ctx, data, component, false, held).await
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
    let said = tr!(table.lang(), "rejoined-public", name = name);
    let answer = tr!(user_lang(ctx), "rejoined-private");
    Outcome::telling(answer, table.channel, said).send(ctx, held).await
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
        let [Told::Played(skip)] = done.told.as_slice() else {
            panic!("the skip is there to be told, alone");
        };
        assert!(skip.after.game.is_over(), "the skip ended the game");
        assert!(done.reply.content.contains("skipped"), "{}", done.reply.content);
        let stored = data.store.load(id).await.unwrap();
        assert!(stored.game.is_over());
    }
}
