//! A server's own maps: `/ttr map upload`, `list`, `show` and `remove`.

use std::sync::Arc;
use std::time::Instant;

use poise::serenity_prelude as serenity;

use super::data::Context;
use super::download::NotFetched;
use super::limits::Often;
use super::locale::{command_server_lang, user_lang};
use super::refusal::{Error, Refused};
use super::reply::{acknowledge_command, answer_command, escape_markdown, refuse_after_public_defer, say_privately};
use super::server_maps::{complete_server_map, may_change_maps, server, server_map};
use crate::lang::Lang;
use crate::maps;
use crate::rules::names;
use crate::store::{ServerMap, Uploaded};
use crate::text::{self, catalog::tr};

/// Discord's most characters in a message's content, less room for a closing line.
const CONTENT_ROOM: usize = 1900;

/// The maps of this server: upload, list, show, remove.
#[poise::command(slash_command, subcommands("upload", "list", "show", "remove"), subcommand_required)]
pub async fn map(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// An upload checked: the map file as our TOML (converted when it was the map editor's JSON), what the conversion
/// noted, and what the checks found.
struct Upload {
    toml: String,
    notes: Vec<String>,
    checked: maps::Checked,
}

/// A map file's text checked as an upload: converted first when it is the map editor's JSON, whose refusal is then
/// the only line.
fn check_upload(file_name: &str, text: &str) -> Result<Upload, String> {
    let (toml, notes) = if maps::editor::is_editor_json(file_name, text) {
        let converted = maps::editor::convert(text).map_err(|e| e.to_string())?;
        (converted.toml, converted.notes)
    } else {
        (text.to_string(), Vec::new())
    };
    let checked = maps::check(file_name, &toml, &maps::Limits::UPLOAD);
    Ok(Upload { toml, notes, checked })
}

/// Lines as one message's content, as many as fit; the rest are counted, and all are in the file given back.
fn fitted(lang: Lang, heading: String, lines: &[String]) -> (String, Option<Vec<u8>>) {
    let mut content = heading;
    for (shown, line) in lines.iter().enumerate() {
        let next = format!("\n• {}", escape_markdown(line));
        if content.chars().count() + next.chars().count() > CONTENT_ROOM {
            content.push('\n');
            content.push_str(&tr!(lang, "server-map-report-more", count = lines.len() - shown));
            let whole = lines.join("\n").into_bytes();
            return (content, Some(whole));
        }
        content.push_str(&next);
    }
    (content, None)
}

/// Upload a map file (ttrbot's TOML, or the map editor's JSON) for this server's games.
#[poise::command(slash_command)]
pub async fn upload(ctx: Context<'_>, file: serenity::Attachment) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let guild = server(ctx)?;
    may_change_maps(ctx, guild).await?;
    let data = ctx.data();
    if file.size as usize > maps::MAX_MAP_BYTES {
        return Err(Refused::MapFile(NotFetched::TooBig {
            most: maps::MAX_MAP_BYTES,
        })
        .into());
    }
    if data.pools.drawing_queue_full() {
        return Err(Refused::DrawingBusy.into());
    }
    let what = Often::MapUpload;
    data.limits
        .count(what, guild, Instant::now())
        .map_err(|wait| Refused::TooOften { what, wait })?;
    // Fetching, checking and drawing take longer than Discord waits for a first answer.
    acknowledge_command(ctx, false).await?;
    let bytes = data
        .downloads
        .fetch(&file.url, u64::from(file.size), maps::MAX_MAP_BYTES)
        .await
        .map_err(Refused::MapFile)?;
    let Ok(text) = String::from_utf8(bytes) else {
        return Err(Refused::MapNotText.into());
    };
    let name = names::excerpt(&file.filename);
    let json = maps::editor::is_editor_json(&name, &text);
    let upload = match data.pools.think(move || check_upload(&name, &text)).await? {
        Ok(upload) => upload,
        Err(refused) => {
            let heading = tr!(lang, "server-map-refused", count = 1);
            return answer_report(ctx, heading, &[refused], Files::NONE).await;
        }
    };
    let Upload {
        toml: text,
        notes,
        checked,
    } = upload;
    let mut lines = notes;
    lines.extend(checked.problems.iter().map(|p| text::map_problem(lang, p)));
    // The editor's JSON comes back as the map file it became: the lines above are that file's.
    let converted = json.then(|| text.clone().into_bytes());
    let Some(map) = checked.map else {
        let refusals = checked
            .problems
            .iter()
            .filter(|p| p.severity == maps::Severity::Refusal)
            .count();
        let heading = tr!(lang, "server-map-refused", count = refusals);
        return answer_report(ctx, heading, &lines, Files { png: None, converted }).await;
    };
    let map = Arc::new(map);
    // Drawn once here, and the name places kept with the map: its games' first boards skip the search.
    let drawn = data.pools.draw_on_request({
        let map = Arc::clone(&map);
        move || {
            let crowded = crate::render::crowded_names(&map);
            (
                crate::render::empty_board_png(&map),
                crate::render::drawing_of(&map),
                crowded,
            )
        }
    });
    let (png, drawing, crowded) = drawn.await?;
    // Stored once drawn: a map that cannot be drawn now is not kept.
    let uploaded = data.store.upload_map(guild, ctx.author().id.get(), &map, &text).await?;
    lines.extend(
        crowded
            .into_iter()
            .map(|pair| text::map_problem(lang, &maps::names_collide(&map, &checked.city_lines, pair))),
    );
    data.store
        .set_map_drawing(&crate::store::text_hash(&text), &drawing)
        .await?;
    let heading = [
        tr!(
            lang,
            match uploaded {
                Uploaded::Added => "server-map-added",
                Uploaded::Replaced => "server-map-replaced",
                Uploaded::Unchanged => "server-map-unchanged",
            },
            name = escape_markdown(&map.name),
            id = map.id.as_str()
        ),
        text::map_summary(lang, &maps::summary(&map)),
    ]
    .join("\n");
    answer_report(
        ctx,
        heading,
        &lines,
        Files {
            png: Some(png),
            converted,
        },
    )
    .await
}

/// The files an upload's answer carries: the map drawn empty, and the map file an editor's JSON became.
struct Files {
    png: Option<Vec<u8>>,
    converted: Option<Vec<u8>>,
}

impl Files {
    /// No file at all.
    const NONE: Files = Files {
        png: None,
        converted: None,
    };
}

/// A private answer: the heading, then the lines as fit, the whole list as a file when they do not, and the board.
async fn answer_report(ctx: Context<'_>, heading: String, lines: &[String], files: Files) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let (content, whole) = fitted(lang, heading, lines);
    let mut reply = poise::CreateReply::default().content(content).ephemeral(true);
    if let Some(whole) = whole {
        reply = reply.attachment(serenity::CreateAttachment::bytes(whole, "problems.txt"));
    }
    if let Some(converted) = files.converted {
        reply = reply.attachment(serenity::CreateAttachment::bytes(converted, "map.toml"));
    }
    if let Some(png) = files.png {
        reply = reply.attachment(serenity::CreateAttachment::bytes(png, "board.png"));
    }
    answer_command(ctx, reply).await
}

/// This server's maps.
#[poise::command(slash_command)]
pub async fn list(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let guild = server(ctx)?;
    let kept = ctx.data().store.server_maps(guild).await?;
    if kept.is_empty() {
        return say_privately(ctx, tr!(lang, "server-map-list-empty")).await;
    }
    // Thirty maps' lines may pass a message's length: as many as fit, and all of them in a file.
    let heading = tr!(lang, "server-map-list-heading", count = kept.len());
    let lines: Vec<String> = kept.iter().map(|m| listed(lang, m)).collect();
    answer_report(ctx, heading, &lines, Files::NONE).await
}

/// One line of `/ttr map list`.
fn listed(lang: Lang, map: &ServerMap) -> String {
    tr!(
        lang,
        "server-map-list-line",
        name = escape_markdown(&map.name),
        id = map.id.as_str(),
        user = format!("<@{}>", map.uploaded_by),
        when = format!("<t:{}:d>", map.uploaded_at / 1000)
    )
}

/// Show one of this server's maps, empty, to the channel.
#[poise::command(slash_command)]
pub async fn show(
    ctx: Context<'_>,
    #[autocomplete = "complete_server_map"]
    #[max_length = 40]
    name: String,
) -> Result<(), Error> {
    let data = ctx.data();
    let guild = server(ctx)?;
    let (_, map) = server_map(ctx, guild, &name).await?;
    if data.pools.drawing_queue_full() {
        return Err(Refused::DrawingBusy.into());
    }
    let channel = ctx.channel_id().get();
    data.limits
        .count(Often::PublicBoard, channel, Instant::now())
        .map_err(|wait| Refused::TooOften {
            what: Often::PublicBoard,
            wait,
        })?;
    acknowledge_command(ctx, true).await?;
    let png = data.pools.draw_on_request({
        let map = Arc::clone(&map);
        move || crate::render::empty_board_png(&map)
    });
    let png = match png.await {
        Ok(png) => png,
        Err(Error::Refused(refused)) => return refuse_after_public_defer(ctx, &refused).await,
        Err(e) => return Err(e),
    };
    let lang = command_server_lang(ctx);
    let content = [
        tr!(
            lang,
            "server-map-shown",
            name = escape_markdown(&map.name),
            id = map.id.as_str()
        ),
        text::map_summary(lang, &maps::summary(&map)),
    ]
    .join("\n");
    let reply = poise::CreateReply::default()
        .content(content)
        .attachment(serenity::CreateAttachment::bytes(png, "board.png"))
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    answer_command(ctx, reply).await
}

/// Remove one of this server's maps (games already played on it keep it).
#[poise::command(slash_command)]
pub async fn remove(
    ctx: Context<'_>,
    #[autocomplete = "complete_server_map"]
    #[max_length = 40]
    name: String,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let guild = server(ctx)?;
    may_change_maps(ctx, guild).await?;
    let removed = ctx.data().store.remove_server_map(guild, &name).await?;
    say_privately(
        ctx,
        tr!(
            lang,
            "server-map-removed",
            name = escape_markdown(&removed.name),
            id = removed.id.as_str()
        ),
    )
    .await
}
