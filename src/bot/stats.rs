//! `/ttr stats` and `/ttr leaderboard`: a person's record and the server's ranking, from its finished games.

use poise::serenity_prelude as serenity;

use super::data::Context;
use super::locale::command_server_lang;
use super::refusal::Error;
use super::reply::{escape_markdown, say_quietly};
use crate::stats::leaderboard as standings;
use crate::store::StatsPlace;
use crate::text::Lang;
use crate::text::catalog::tr;

/// How many people the leaderboard lists.
const LEADERBOARD_SIZE: usize = 10;

/// Whose games count here: this server's, or outside any server this channel's alone (DMs are never pooled).
fn place(ctx: Context<'_>) -> StatsPlace {
    match ctx.guild_id() {
        Some(guild) => StatsPlace::Server(guild.get()),
        None => StatsPlace::Channel(ctx.channel_id().get()),
    }
}

/// A person's record in this server's finished games: games, wins, scores, favourite map, time to move.
#[poise::command(slash_command)]
pub async fn stats(ctx: Context<'_>, user: Option<serenity::User>) -> Result<(), Error> {
    let who = user.as_ref().unwrap_or_else(|| ctx.author());
    let lang = command_server_lang(ctx);
    let record = ctx.data().store.player_stats(place(ctx), who.id.get()).await?;
    let name = escape_markdown(who.global_name.as_deref().unwrap_or(&who.name));
    let content = if record.games == 0 {
        tr!(lang, "stats-none", name = name)
    } else {
        let rate = 100.0 * f64::from(record.wins) / f64::from(record.games);
        let mut lines = vec![
            format!("**{name}**"),
            tr!(
                lang,
                "stats-record",
                games = tr!(lang, "count-games", count = record.games),
                wins = tr!(lang, "count-wins", count = record.wins),
                rate = decimal(lang, rate, 0)
            ),
            tr!(
                lang,
                "stats-scores",
                mean = decimal(lang, record.mean_score, 1),
                best = record.best_score.unwrap_or(0)
            ),
        ];
        if let Some(map) = record.favourite_map.and_then(|id| crate::maps::builtin(&id).ok()) {
            lines.push(tr!(lang, "stats-favourite", map = crate::text::map_name(lang, &map)));
        }
        if let Some(ms) = record.mean_move_ms {
            lines.push(tr!(lang, "stats-move-time", time = duration(lang, ms)));
        }
        lines.join("\n")
    };
    say_quietly(ctx, content).await
}

/// This server's best players by rating (Elo for games of several players; see docs/players-guide.md).
#[poise::command(slash_command)]
pub async fn leaderboard(ctx: Context<'_>) -> Result<(), Error> {
    let lang = command_server_lang(ctx);
    let games = ctx.data().store.finished_games(place(ctx)).await?;
    let table = standings(&games);
    let content = if table.is_empty() {
        tr!(lang, "leaderboard-empty")
    } else {
        let mut lines = vec![tr!(
            lang,
            "leaderboard-heading",
            games = tr!(lang, "count-games", count = games.len())
        )];
        for (place, s) in table.iter().take(LEADERBOARD_SIZE).enumerate() {
            lines.push(format!(
                "{}. <@{}> · {:.0} · {} · {}",
                place + 1,
                s.user,
                s.rating,
                tr!(lang, "count-games", count = s.games),
                tr!(lang, "count-wins", count = s.wins)
            ));
        }
        lines.join("\n")
    };
    let content = match ctx.guild_id() {
        Some(guild) => match ctx.data().server_page(guild.get()).await? {
            Some(page) => format!("{content}\n{}", tr!(lang, "leaderboard-page", url = page)),
            None => content,
        },
        None => content,
    };
    // The people listed are named, never pinged.
    say_quietly(ctx, content).await
}

/// A number with `places` decimals, written as `lang` writes them ("3.5", "3,5").
fn decimal(lang: Lang, n: f64, places: usize) -> String {
    let written = format!("{n:.places$}");
    match lang {
        Lang::Es => written.replace('.', ","),
        _ => written,
    }
}

/// A wait as a person says it: "40 seconds", "12 minutes", "3.5 hours", "2.1 days".
fn duration(lang: Lang, ms: i64) -> String {
    let seconds = ms.max(0) as f64 / 1000.0;
    let (key, amount) = match seconds {
        s if s < 90.0 => ("duration-seconds", decimal(lang, s, 0)),
        s if s < 90.0 * 60.0 => ("duration-minutes", decimal(lang, s / 60.0, 0)),
        s if s < 36.0 * 3600.0 => ("duration-hours", decimal(lang, s / 3600.0, 1)),
        s => ("duration-days", decimal(lang, s / 86_400.0, 1)),
    };
    tr!(lang, key, amount = amount)
}

#[cfg(test)]
mod tests {
    use super::duration;
    use crate::text::Lang;

    #[test]
    fn a_wait_reads_in_the_unit_a_person_would_use() {
        assert_eq!(duration(Lang::En, 40_000), "40 seconds");
        assert_eq!(duration(Lang::En, 12 * 60_000), "12 minutes");
        assert_eq!(duration(Lang::En, 7 * 1_800_000), "3.5 hours");
        assert_eq!(duration(Lang::En, 50 * 3_600_000), "2.1 days");
    }

    #[test]
    fn a_wait_reads_with_a_decimal_comma_in_spanish() {
        assert_eq!(duration(Lang::Es, 7 * 1_800_000), "3,5 horas");
        assert_eq!(duration(Lang::Es, 12 * 60_000), "12 minutos");
    }
}
