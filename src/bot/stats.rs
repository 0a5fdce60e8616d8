//! `/ttr stats` and `/ttr leaderboard`: a person's record and the server's ranking, from its finished games.

use poise::serenity_prelude as serenity;

use super::{Context, Error};
use crate::stats::leaderboard as standings;

/// How many people the leaderboard lists.
const LEADERBOARD_SIZE: usize = 10;

/// A person's record in this server's finished games: games, wins, scores, favourite map, time to move.
#[poise::command(slash_command)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose record (yours when left out)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let who = user.as_ref().unwrap_or_else(|| ctx.author());
    let guild = ctx.guild_id().map(|g| g.get());
    let record = ctx.data().store.player_stats(guild, who.id.get()).await?;
    let name = super::escape_markdown(who.global_name.as_deref().unwrap_or(&who.name));
    let content = if record.games == 0 {
        format!("{name} has not finished a game here yet.")
    } else {
        let mut lines = vec![
            format!("**{name}**"),
            format!(
                "{} · {} · win rate {:.0}%",
                count(record.games, "game", "games"),
                count(record.wins, "win", "wins"),
                100.0 * f64::from(record.wins) / f64::from(record.games)
            ),
            format!(
                "Mean score {:.1} · best {}",
                record.mean_score,
                record.best_score.unwrap_or(0)
            ),
        ];
        if let Some(map) = record.favourite_map.and_then(|id| crate::maps::builtin(&id).ok()) {
            lines.push(format!("Favourite map: {}", map.name));
        }
        if let Some(ms) = record.mean_move_ms {
            lines.push(format!("Average time to move: {}", duration(ms)));
        }
        lines.join("\n")
    };
    super::say_quietly(ctx, content).await
}

/// This server's best players by rating (Elo for games of several players; see the README).
#[poise::command(slash_command)]
pub async fn leaderboard(ctx: Context<'_>) -> Result<(), Error> {
    let guild = ctx.guild_id().map(|g| g.get());
    let games = ctx.data().store.finished_games(guild).await?;
    let table = standings(&games);
    let content = if table.is_empty() {
        "No game has been finished here yet: the leaderboard starts with the first one.".to_string()
    } else {
        let mut lines = vec![format!(
            "**Leaderboard** · {} finished · rating starts at 1500",
            count(games.len() as u32, "game", "games")
        )];
        for (place, s) in table.iter().take(LEADERBOARD_SIZE).enumerate() {
            lines.push(format!(
                "{}. <@{}> · {:.0} · {} · {}",
                place + 1,
                s.user,
                s.rating,
                count(s.games, "game", "games"),
                count(s.wins, "win", "wins")
            ));
        }
        lines.join("\n")
    };
    // The people listed are named, never pinged.
    super::say_quietly(ctx, content).await
}

/// "1 game", "3 games".
fn count(n: u32, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// A wait as a person says it: "40 seconds", "12 minutes", "3.5 hours", "2.1 days".
fn duration(ms: i64) -> String {
    let seconds = ms.max(0) as f64 / 1000.0;
    match seconds {
        s if s < 90.0 => format!("{s:.0} seconds"),
        s if s < 90.0 * 60.0 => format!("{:.0} minutes", s / 60.0),
        s if s < 36.0 * 3600.0 => format!("{:.1} hours", s / 3600.0),
        s => format!("{:.1} days", s / 86_400.0),
    }
}

#[cfg(test)]
mod tests {
    use super::duration;

    #[test]
    fn a_wait_reads_in_the_unit_a_person_would_use() {
        assert_eq!(duration(40_000), "40 seconds");
        assert_eq!(duration(12 * 60_000), "12 minutes");
        assert_eq!(duration(7 * 1_800_000), "3.5 hours");
        assert_eq!(duration(50 * 3_600_000), "2.1 days");
    }
}
