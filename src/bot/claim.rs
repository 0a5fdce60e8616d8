//! Claiming routes, building stations and answering a tunnel: `/ttr claim` and `/ttr station` with autocomplete,
//! the `Claim` and `Station` pickers (pages of selects, so more than 25 choices work), payment buttons when more
//! than one payment is possible, and the tunnel's private `Pay` / `Give up`.

use poise::serenity_prelude as serenity;

use super::game::{Outcome, Private, Table, play, play_seat, table, table_for};
use super::settings::CONFIRM_CLAIMS;
use super::{ButtonId, Context, Data, Error, user_lang};
use crate::rules::names;
use crate::rules::{Action, CardCounts, CityId, Game, RouteId, RuleError, Seat, Step};
use crate::text::catalog::tr;
use crate::text::{self, Lang};

/// Discord's most options in one select menu.
const PER_SELECT: usize = 25;
/// Select menus on one picker page: Discord allows five rows, and one stays for the page buttons.
const SELECTS_PER_PAGE: usize = 4;
/// Payment buttons on one page: four rows of five, and one row for the page buttons and `Give up`.
const PAYMENTS_PER_PAGE: usize = 20;

/// What a payment buys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purchase {
    /// A route (one track of a double).
    Route(RouteId),
    /// A station in a city.
    Station(CityId),
    /// The extra cards of the tunnel being claimed.
    Tunnel,
}

impl Purchase {
    /// Its short form inside a `custom_id`: `r12`, `s3`, `t`.
    fn code(self) -> String {
        match self {
            Purchase::Route(r) => format!("r{}", r.0),
            Purchase::Station(c) => format!("s{}", c.0),
            Purchase::Tunnel => "t".to_string(),
        }
    }

    fn parse(code: &str) -> Option<Purchase> {
        match code.split_at_checked(1)? {
            ("r", id) => Some(Purchase::Route(RouteId(id.parse().ok()?))),
            ("s", id) => Some(Purchase::Station(CityId(id.parse().ok()?))),
            ("t", "") => Some(Purchase::Tunnel),
            _ => None,
        }
    }

    fn action(self, cards: CardCounts) -> Action {
        match self {
            Purchase::Route(route) => Action::Claim { route, cards },
            Purchase::Station(city) => Action::BuildStation { city, cards },
            Purchase::Tunnel => Action::PayTunnel { cards },
        }
    }

    /// Every way `seat` can pay for it now, or why it cannot have it at all.
    fn payments(self, game: &Game, seat: Seat) -> Result<Vec<CardCounts>, RuleError> {
        match self {
            Purchase::Route(route) => {
                if usize::from(route.0) >= game.map().routes.len() {
                    return Err(RuleError::NoSuchRoute);
                }
                let options = game.claim_options(seat, route);
                match options.blocked {
                    Some(e) => Err(e),
                    None => Ok(options.payments),
                }
            }
            Purchase::Station(city) => game.station_options(seat, city),
            Purchase::Tunnel => game.tunnel_options(seat),
        }
    }

    /// What it is, as the text layer names it (a tunnel with its extra cards when one is pending).
    fn described(self, game: &Game) -> text::Purchase {
        match self {
            Purchase::Route(route) => text::Purchase::Route(route),
            Purchase::Station(city) => text::Purchase::Station(city),
            Purchase::Tunnel => match game.step() {
                Step::Tunnel(claim) => text::Purchase::Tunnel {
                    route: Some(claim.route),
                    extra: claim.extra,
                },
                _ => text::Purchase::Tunnel { route: None, extra: 0 },
            },
        }
    }
}

/// Cards inside a `custom_id`: one base-36 digit per card kind.
fn encode_cards(cards: &CardCounts) -> String {
    cards
        .0
        .iter()
        .map(|&n| char::from_digit(u32::from(n), 36).unwrap_or('z'))
        .collect()
}

fn decode_cards(code: &str) -> Option<CardCounts> {
    let mut cards = CardCounts::default();
    if code.chars().count() != cards.0.len() {
        return None;
    }
    for (slot, digit) in cards.0.iter_mut().zip(code.chars()) {
        *slot = u8::try_from(digit.to_digit(36)?).ok()?;
    }
    Some(cards)
}

/// What a place picker picks: a route to claim or a city for a station.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Route,
    City,
}

impl Place {
    fn code(self) -> &'static str {
        match self {
            Place::Route => "r",
            Place::City => "s",
        }
    }

    fn parse(code: &str) -> Option<Place> {
        match code {
            "r" => Some(Place::Route),
            "s" => Some(Place::City),
            _ => None,
        }
    }
}

/// The routes `seat` can claim now with its cards, or the cities where it can build a station, as (label, id),
/// sorted by label.
fn places(game: &Game, seat: Seat, place: Place, lang: Lang) -> Vec<(String, u16)> {
    let map = game.map();
    let mut found: Vec<(String, u16)> = match place {
        Place::Route => (0..map.routes.len())
            .map(|i| RouteId(i as u16))
            .filter(|&r| game.claim_options(seat, r).claimable())
            .map(|r| (text::route(lang, map, r), r.0))
            .collect(),
        Place::City => (0..map.cities.len())
            .map(|i| CityId(i as u16))
            .filter(|&c| game.station_options(seat, c).is_ok_and(|p| !p.is_empty()))
            .map(|c| (map.city(c).name.clone(), c.0))
            .collect(),
    };
    found.sort();
    found
}

/// The picker of routes (or station cities) a user can pay for now, one page of up to 100 in four selects.
fn place_picker(table: &Table, seat: Seat, place: Place, page: usize, lang: Lang) -> Private {
    if let Err(e) = table.game.check_turn_action(seat) {
        return Private::text(text::rule_error(lang, table.game.map(), &e));
    }
    let all = places(&table.game, seat, place, lang);
    if all.is_empty() {
        return Private::text(match place {
            Place::Route => tr!(lang, "picker-no-route"),
            Place::City => tr!(lang, "picker-no-city"),
        });
    }
    let per_page = PER_SELECT * SELECTS_PER_PAGE;
    let pages = all.len().div_ceil(per_page);
    let page = page.min(pages - 1);
    let shown = &all[page * per_page..((page + 1) * per_page).min(all.len())];
    let (game, version) = (table.id.0, table.version);
    let mut rows: Vec<serenity::CreateActionRow> = shown
        .chunks(PER_SELECT)
        .enumerate()
        .map(|(i, chunk)| {
            let options = chunk
                .iter()
                .map(|(label, id)| serenity::CreateSelectMenuOption::new(clip(label, 100), id.to_string()))
                .collect();
            let first = chunk.first().map_or("", |(l, _)| l.as_str());
            let last = chunk.last().map_or("", |(l, _)| l.as_str());
            serenity::CreateActionRow::SelectMenu(
                serenity::CreateSelectMenu::new(
                    ButtonId::at(game, version, &format!("pick-{}-{i}", place.code())),
                    serenity::CreateSelectMenuKind::String { options },
                )
                .placeholder(clip(&span(initial_words(first), initial_words(last)), 150)),
            )
        })
        .collect();
    if pages > 1 {
        rows.push(page_buttons(
            game,
            version,
            &format!("page-{}", place.code()),
            page,
            pages,
            lang,
        ));
    }
    let pages_note = if pages > 1 {
        tr!(lang, "picker-page", page = page + 1, pages = pages)
    } else {
        String::new()
    };
    let key = match place {
        Place::Route => "picker-routes",
        Place::City => "picker-cities",
    };
    Private {
        content: tr!(lang, key, page = pages_note, count = all.len()),
        components: rows,
        picture: None,
    }
}

/// A select's placeholder: the first and last of its choices ("Amsterdam … Marseille"), or the only one.
fn span(first: &str, last: &str) -> String {
    if first == last {
        first.to_string()
    } else {
        format!("{first} … {last}")
    }
}

/// The start of a label, for a select's placeholder ("Atlanta – Miami (5, blue)" → "Atlanta – Miami").
fn initial_words(label: &str) -> &str {
    label.split(" (").next().unwrap_or(label)
}

/// At most `max` characters of a label (Discord refuses longer ones).
fn clip(label: &str, max: usize) -> String {
    label.chars().take(max).collect()
}

/// `◀ Earlier` / `More ▶` buttons of a paged picker.
fn page_buttons(
    game: i64,
    version: i64,
    prefix: &str,
    page: usize,
    pages: usize,
    lang: Lang,
) -> serenity::CreateActionRow {
    serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(ButtonId::at(
            game,
            version,
            &format!("{prefix}-{}", page.saturating_sub(1)),
        ))
        .label(tr!(lang, "button-earlier"))
        .style(serenity::ButtonStyle::Secondary)
        .disabled(page == 0),
        serenity::CreateButton::new(ButtonId::at(game, version, &format!("{prefix}-{}", page + 1)))
            .label(tr!(lang, "button-more"))
            .style(serenity::ButtonStyle::Secondary)
            .disabled(page + 1 >= pages),
    ])
}

/// Buttons for each way to pay, a page at a time; a tunnel's also has `Give up`.
fn payment_picker(table: &Table, purchase: Purchase, payments: &[CardCounts], page: usize, lang: Lang) -> Private {
    let map = table.game.map();
    let (game, version) = (table.id.0, table.version);
    let pages = payments.len().div_ceil(PAYMENTS_PER_PAGE).max(1);
    let page = page.min(pages - 1);
    let shown =
        &payments[(page * PAYMENTS_PER_PAGE).min(payments.len())..((page + 1) * PAYMENTS_PER_PAGE).min(payments.len())];
    let mut rows: Vec<serenity::CreateActionRow> = shown
        .chunks(5)
        .map(|chunk| {
            serenity::CreateActionRow::Buttons(
                chunk
                    .iter()
                    .map(|cards| {
                        let id = format!("pay-{}-{}", purchase.code(), encode_cards(cards));
                        serenity::CreateButton::new(ButtonId::at(game, version, &id))
                            .label(clip(
                                &tr!(lang, "button-pay", cards = text::payment(lang, map, cards)),
                                80,
                            ))
                            .style(serenity::ButtonStyle::Primary)
                    })
                    .collect(),
            )
        })
        .collect();
    let mut last = Vec::new();
    if pages > 1 {
        let serenity::CreateActionRow::Buttons(nav) =
            page_buttons(game, version, &format!("pays-{}", purchase.code()), page, pages, lang)
        else {
            unreachable!("page_buttons makes buttons")
        };
        last.extend(nav);
    }
    if purchase == Purchase::Tunnel {
        last.push(
            serenity::CreateButton::new(ButtonId::at(game, version, "give-up"))
                .label(tr!(lang, "button-give-up"))
                .style(serenity::ButtonStyle::Danger),
        );
    }
    if !last.is_empty() {
        rows.push(serenity::CreateActionRow::Buttons(last));
    }
    let what = text::purchase(lang, table.game.map(), &purchase.described(&table.game));
    let content = match purchase {
        Purchase::Tunnel if payments.is_empty() => tr!(lang, "tunnel-cannot-pay", what = what),
        Purchase::Tunnel => tr!(lang, "tunnel-pay", what = what),
        _ => tr!(lang, "pay-how", what = what),
    };
    Private {
        content,
        components: rows,
        picture: None,
    }
}

/// Whether a purchase is played at once or, in a game that asks to confirm claims, only once confirmed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Confirm {
    /// Ask first if the game's settings say so.
    AsSet,
    /// The player pressed `Confirm`.
    Given,
}

/// Buys `purchase` for the seat: with the payment given, or the only one possible; when several are possible the
/// answer is the payment buttons. In a game that asks to confirm claims, a route or station is first shown with
/// `Confirm` / `Cancel`. After a claim that turned a tunnel's cards, the answer is the tunnel's choice.
async fn buy(
    data: &Data,
    table: Table,
    seat: Seat,
    purchase: Purchase,
    pay: Option<CardCounts>,
    confirm: Confirm,
    lang: Lang,
) -> Result<Outcome, Error> {
    let cards = match pay {
        Some(cards) => cards,
        None => match purchase.payments(&table.game, seat) {
            Err(e) => return Ok(Outcome::private(text::rule_error(lang, table.game.map(), &e))),
            Ok(payments) if payments.is_empty() && purchase == Purchase::Tunnel => {
                return Ok(Outcome::reply(payment_picker(&table, purchase, &payments, 0, lang)));
            }
            Ok(payments) if payments.is_empty() => {
                let what = purchase.described(&table.game);
                return Ok(Outcome::private(text::cannot_pay(lang, table.game.map(), &what)));
            }
            Ok(payments) if payments.len() == 1 => payments[0],
            Ok(payments) => return Ok(Outcome::reply(payment_picker(&table, purchase, &payments, 0, lang))),
        },
    };
    if confirm == Confirm::AsSet
        && purchase != Purchase::Tunnel
        && table.settings[CONFIRM_CLAIMS].as_bool() == Some(true)
    {
        // Checked before asking, so a claim that cannot be made is refused now, not after the confirmation.
        if let Err(e) = table.game.clone().apply(seat, purchase.action(cards)) {
            return Ok(Outcome::private(text::rule_error(lang, table.game.map(), &e)));
        }
        return Ok(Outcome::reply(confirm_prompt(&table, purchase, cards, lang)));
    }
    let played = match play_seat(data, table, seat, purchase.action(cards), lang).await? {
        Ok(played) => played,
        Err(refusal) => return Ok(Outcome::private(refusal)),
    };
    let mut reply = Private::text(played.public.join("\n"));
    if matches!(played.after.game.step(), Step::Tunnel(_)) && played.after.game.current() == seat {
        let payments = played.after.game.tunnel_options(seat).unwrap_or_default();
        let choice = payment_picker(&played.after, Purchase::Tunnel, &payments, 0, lang);
        reply = Private {
            content: format!("{}\n{}", reply.content, choice.content),
            ..choice
        };
    }
    Ok(Outcome {
        reply,
        played: Some(played),
    })
}

/// The question a game that confirms claims asks: the purchase and its payment, `Confirm` and `Cancel`.
fn confirm_prompt(table: &Table, purchase: Purchase, cards: CardCounts, lang: Lang) -> Private {
    let map = table.game.map();
    let (game, version) = (table.id.0, table.version);
    let what = text::purchase(lang, map, &purchase.described(&table.game));
    let paid = text::payment(lang, map, &cards);
    let id = format!("ok-{}-{}", purchase.code(), encode_cards(&cards));
    Private {
        content: tr!(lang, "confirm-take", what = what, cards = paid),
        components: vec![serenity::CreateActionRow::Buttons(vec![
            serenity::CreateButton::new(ButtonId::at(game, version, &id))
                .label(tr!(lang, "button-confirm"))
                .style(serenity::ButtonStyle::Success),
            serenity::CreateButton::new(ButtonId::at(game, version, "cancel-claim"))
                .label(tr!(lang, "button-cancel"))
                .style(serenity::ButtonStyle::Secondary),
        ])],
        picture: None,
    }
}

/// Claim a route (during a tunnel: pay its extra cards or give it up).
#[poise::command(slash_command)]
pub async fn claim(
    ctx: Context<'_>,
    #[autocomplete = "complete_route"] route: String,
    #[autocomplete = "complete_route_payment"] pay: Option<String>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let held = ctx.data().hold(ctx.channel_id().get()).await;
    let Some(table) = table_for(ctx).await? else {
        return Ok(());
    };
    let outcome = claim_typed(ctx.data(), table, ctx.author().id.get(), &route, pay.as_deref(), lang).await?;
    outcome.send(ctx, held).await
}

/// `/ttr claim` as typed: the route and the payment read by name, then bought.
async fn claim_typed(
    data: &Data,
    table: Table,
    user: u64,
    route: &str,
    pay: Option<&str>,
    lang: Lang,
) -> Result<Outcome, Error> {
    let seat = match table.seat_for(user, lang) {
        Ok(seat) => seat,
        Err(refusal) => return Ok(Outcome::private(refusal)),
    };
    let map = table.game.map().clone();
    let pay = match pay.map(|p| text::parse_cards(lang, &map, p)).transpose() {
        Ok(pay) => pay,
        Err(e) => return Ok(Outcome::private(text::name_error(lang, &map, &e))),
    };
    // A tunnel waiting for this player is answered first, whatever route was typed.
    if matches!(table.game.step(), Step::Tunnel(_)) && table.game.current() == seat {
        return buy(data, table, seat, Purchase::Tunnel, pay, Confirm::AsSet, lang).await;
    }
    let tracks = match names::parse_route(&map, route) {
        Ok(found) => found.tracks,
        Err(e) => return Ok(Outcome::private(text::name_error(lang, &map, &e))),
    };
    let track = table.game.track_for(seat, &tracks, pay.as_ref());
    buy(data, table, seat, Purchase::Route(track), pay, Confirm::AsSet, lang).await
}

/// Build a station in a city (maps with stations).
#[poise::command(slash_command)]
pub async fn station(
    ctx: Context<'_>,
    #[autocomplete = "complete_city"] city: String,
    #[autocomplete = "complete_station_payment"] pay: Option<String>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let held = ctx.data().hold(ctx.channel_id().get()).await;
    let Some(table) = table_for(ctx).await? else {
        return Ok(());
    };
    let user = ctx.author().id.get();
    let outcome = match table.seat_for(user, lang) {
        Err(refusal) => Outcome::private(refusal),
        Ok(seat) => {
            let map = table.game.map().clone();
            let typed = names::find_city(&map, &city)
                .and_then(|c| Ok((c, pay.as_deref().map(|p| text::parse_cards(lang, &map, p)).transpose()?)));
            match typed {
                Err(e) => Outcome::private(text::name_error(lang, &map, &e)),
                Ok((city, pay)) => {
                    buy(
                        ctx.data(),
                        table,
                        seat,
                        Purchase::Station(city),
                        pay,
                        Confirm::AsSet,
                        lang,
                    )
                    .await?
                }
            }
        }
    };
    outcome.send(ctx, held).await
}

/// A route picker, payment, confirmation or tunnel button (`claim`, `station`, `page-…`, `pick-…`, `pay-…`,
/// `pays-…`, `ok-…`, `cancel-claim`, `give-up`); `None` when `what` is none of these.
pub(super) async fn on_component(
    data: &Data,
    component: &serenity::ComponentInteraction,
    table: Table,
    what: &str,
    lang: Lang,
) -> Option<Result<(Outcome, bool), Error>> {
    let user = component.user.id.get();
    let seat = match table.seat_for(user, lang) {
        Ok(seat) => seat,
        Err(refusal) => return Some(Ok((Outcome::private(refusal), false))),
    };
    let (kind, rest) = what.split_once('-').unwrap_or((what, ""));
    // Openers sit on the public turn message and answer with a new private message; everything else sits on
    // such a private message and replaces it.
    let outcome = match (kind, rest) {
        ("claim", "") if matches!(table.game.step(), Step::Tunnel(_)) && table.game.current() == seat => {
            return Some(
                buy(data, table, seat, Purchase::Tunnel, None, Confirm::AsSet, lang)
                    .await
                    .map(|o| (o, false)),
            );
        }
        ("claim", "") => {
            return Some(Ok((
                Outcome::reply(place_picker(&table, seat, Place::Route, 0, lang)),
                false,
            )));
        }
        ("station", "") => {
            return Some(Ok((
                Outcome::reply(place_picker(&table, seat, Place::City, 0, lang)),
                false,
            )));
        }
        ("page", rest) => {
            let (place, page) = rest.split_once('-')?;
            Outcome::reply(place_picker(
                &table,
                seat,
                Place::parse(place)?,
                page.parse().ok()?,
                lang,
            ))
        }
        ("pick", rest) => {
            let place = Place::parse(rest.split('-').next()?)?;
            let serenity::ComponentInteractionDataKind::StringSelect { values } = &component.data.kind else {
                return None;
            };
            let id: u16 = values.first()?.parse().ok()?;
            let purchase = match place {
                Place::Route => Purchase::Route(RouteId(id)),
                Place::City => Purchase::Station(CityId(id)),
            };
            return Some(
                buy(data, table, seat, purchase, None, Confirm::AsSet, lang)
                    .await
                    .map(|o| (o, true)),
            );
        }
        ("pay" | "ok", rest) => {
            let (purchase, cards) = rest.split_once('-')?;
            let (purchase, cards) = (Purchase::parse(purchase)?, decode_cards(cards)?);
            let confirm = if kind == "ok" { Confirm::Given } else { Confirm::AsSet };
            return Some(
                buy(data, table, seat, purchase, Some(cards), confirm, lang)
                    .await
                    .map(|o| (o, true)),
            );
        }
        ("cancel", "claim") => Outcome::private(tr!(lang, "claim-cancelled")),
        ("pays", rest) => {
            let (purchase, page) = rest.split_once('-')?;
            let purchase = Purchase::parse(purchase)?;
            match purchase.payments(&table.game, seat) {
                Ok(payments) => Outcome::reply(payment_picker(&table, purchase, &payments, page.parse().ok()?, lang)),
                Err(e) => Outcome::private(text::rule_error(lang, table.game.map(), &e)),
            }
        }
        ("give", "up") => {
            return Some(
                match play(data, table, user, Action::DeclineTunnel, lang).await {
                    Ok(Ok(played)) => Ok(Outcome {
                        reply: Private::text(played.public.join("\n")),
                        played: Some(played),
                    }),
                    Ok(Err(refusal)) => Ok(Outcome::private(refusal)),
                    Err(e) => Err(e),
                }
                .map(|o| (o, true)),
            );
        }
        _ => return None,
    };
    Some(Ok((outcome, true)))
}

/// The value of another option of the command being typed (autocomplete sends them all).
fn other_option(ctx: Context<'_>, name: &str) -> Option<String> {
    fn find(options: &[serenity::CommandDataOption], name: &str) -> Option<String> {
        options.iter().find_map(|o| match &o.value {
            serenity::CommandDataOptionValue::SubCommand(inner) => find(inner, name),
            serenity::CommandDataOptionValue::String(value) if o.name == name => Some(value.clone()),
            serenity::CommandDataOptionValue::Autocomplete { value, .. } if o.name == name => Some(value.clone()),
            _ => None,
        })
    }
    let poise::Context::Application(app) = ctx else {
        return None;
    };
    find(&app.interaction.data.options, name)
}

/// The channel's game and the caller's seat, for autocomplete (no lock: it only reads).
async fn seated(ctx: Context<'_>) -> Option<(Table, Seat)> {
    let table = table(ctx.data(), ctx.channel_id().get()).await.ok()??;
    let seat = table.seat_of(ctx.author().id.get())?;
    Some((table, seat))
}

/// At most 25 autocomplete choices as (what the user reads, the value sent back). Values are always written in
/// English, the one form the bot reads back whatever the user's language; what the user reads is in theirs.
fn choices(labels: impl IntoIterator<Item = (String, String)>) -> serenity::CreateAutocompleteResponse {
    let choices = labels
        .into_iter()
        .take(PER_SELECT)
        .map(|(label, value)| serenity::AutocompleteChoice::new(clip(&label, 100), clip(&value, 100)))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// A choice whose words are the same in every language (a city's name).
fn same(label: String) -> (String, String) {
    (label.clone(), label)
}

/// Autocomplete for `/ttr claim route`: free routes matching what was typed, those the caller can pay for now
/// first.
async fn complete_route(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let Some((table, seat)) = seated(ctx).await else {
        return choices([]);
    };
    let lang = user_lang(ctx);
    let map = table.game.map();
    let matching = names::search_routes(map, typed);
    let free: Vec<RouteId> = matching
        .into_iter()
        .filter(|&r| table.game.owner(r).is_none())
        .collect();
    let (payable, rest): (Vec<RouteId>, Vec<RouteId>) = free
        .into_iter()
        .partition(|&r| table.game.claim_options(seat, r).claimable());
    let value = |r| text::route(Lang::En, map, r);
    choices(
        payable
            .into_iter()
            .map(|r| (text::route(lang, map, r), value(r)))
            .chain(rest.into_iter().map(|r| {
                (
                    tr!(lang, "not-payable-now", route = text::route(lang, map, r)),
                    value(r),
                )
            })),
    )
}

/// Autocomplete for `/ttr claim pay`: every legal payment for the route typed (or for the tunnel waiting).
async fn complete_route_payment(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let Some((table, seat)) = seated(ctx).await else {
        return choices([]);
    };
    let lang = user_lang(ctx);
    let purchase = if matches!(table.game.step(), Step::Tunnel(_)) {
        Purchase::Tunnel
    } else {
        let route = other_option(ctx, "route").unwrap_or_default();
        let Ok(found) = names::parse_route(table.game.map(), &route) else {
            return choices([]);
        };
        Purchase::Route(table.game.track_for(seat, &found.tracks, None))
    };
    payment_choices(&table, seat, purchase, typed, lang)
}

/// Autocomplete for `/ttr station pay`: every legal payment for a station.
async fn complete_station_payment(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let Some((table, seat)) = seated(ctx).await else {
        return choices([]);
    };
    let lang = user_lang(ctx);
    let city = other_option(ctx, "city").unwrap_or_default();
    let Ok(city) = names::find_city(table.game.map(), &city) else {
        return choices([]);
    };
    payment_choices(&table, seat, Purchase::Station(city), typed, lang)
}

fn payment_choices(
    table: &Table,
    seat: Seat,
    purchase: Purchase,
    typed: &str,
    lang: Lang,
) -> serenity::CreateAutocompleteResponse {
    let typed = typed.trim().to_lowercase();
    let payments = purchase.payments(&table.game, seat).unwrap_or_default();
    let map = table.game.map();
    choices(
        payments
            .iter()
            .map(|cards| (text::payment(lang, map, cards), text::payment(Lang::En, map, cards)))
            .filter(|(label, value)| label.to_lowercase().contains(&typed) || value.to_lowercase().contains(&typed)),
    )
}

/// Autocomplete for `/ttr station city`: cities matching what was typed, those where the caller can build now
/// first.
async fn complete_city(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let Some((table, seat)) = seated(ctx).await else {
        return choices([]);
    };
    let map = table.game.map();
    let (open, rest): (Vec<CityId>, Vec<CityId>) = names::search_cities(map, typed)
        .into_iter()
        .filter(|&c| map.city(c).country.is_none())
        .partition(|&c| table.game.station_options(seat, c).is_ok_and(|p| !p.is_empty()));
    choices(open.into_iter().chain(rest).map(|c| same(map.city(c).name.clone())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_and_purchases_survive_a_custom_id() {
        let mut cards = CardCounts::default();
        cards.0[2] = 3;
        cards.0[9] = 12;
        assert_eq!(decode_cards(&encode_cards(&cards)), Some(cards));
        assert_eq!(decode_cards("00"), None);
        assert_eq!(decode_cards("000000000!"), None);
        for purchase in [
            Purchase::Route(RouteId(17)),
            Purchase::Station(CityId(4)),
            Purchase::Tunnel,
        ] {
            assert_eq!(Purchase::parse(&purchase.code()), Some(purchase));
        }
        for bad in ["", "x1", "r", "rx", "t1", "s-1"] {
            assert_eq!(Purchase::parse(bad), None, "{bad}");
        }
    }
}
