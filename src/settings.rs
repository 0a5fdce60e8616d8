//! A game's settings, typed: chosen with `/ttr start`, changed with `/ttr settings`, stored with the game and read
//! once with it. Stored as JSON whose keys are the fields' names; a value that does not read (an older or hand-edited
//! row) falls back to its default alone, never the whole.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize};

use crate::ai::Level;
use crate::lang::Lang;

/// Hours between reminders when a game's settings do not say (0 turns reminders off).
pub const DEFAULT_REMINDER_HOURS: u32 = 12;

/// Hours a turn may wait before the others may skip it or hand it to a computer, when a game's settings do not say
/// (0: no deadline).
pub const DEFAULT_DEADLINE_HOURS: u32 = 48;

/// How the channel shows a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Layout {
    /// A new turn message with the board each turn (the default).
    #[default]
    Feed,
    /// One status message edited in place, and one short ping per turn.
    Dashboard,
}

impl Layout {
    /// Every layout, as `/ttr start layout:` and `/ttr settings layout:` name them.
    pub const ALL: [Layout; 2] = [Layout::Feed, Layout::Dashboard];

    /// Its name as commands write it: `feed`, `dashboard`.
    pub fn name(self) -> &'static str {
        match self {
            Layout::Feed => "feed",
            Layout::Dashboard => "dashboard",
        }
    }

    /// The layout with this name.
    pub fn from_name(name: &str) -> Option<Layout> {
        Layout::ALL.into_iter().find(|l| l.name() == name.trim())
    }
}

/// A game's settings. `Default` is what a game has when nothing was chosen. Every field reads on its own
/// (`deserialize_with`), so a stored value that does not read costs only that setting.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The level of the computer players seated from the start (one of [`Level::IN_GAMES`]; a stand-in always
    /// plays normal).
    #[serde(deserialize_with = "or_default_level")]
    pub computer_level: Level,
    /// Hours between reminders to the player to move (0: none).
    #[serde(deserialize_with = "or_default_reminder")]
    pub reminder_hours: u32,
    /// Hours a turn may wait before the others may skip it (0: no deadline).
    #[serde(deserialize_with = "or_default_deadline")]
    pub deadline_hours: u32,
    /// Whether a claim or a station is shown with `Confirm` / `Cancel` before it is made.
    #[serde(deserialize_with = "or_default")]
    pub confirm_claims: bool,
    /// How the channel shows the game.
    #[serde(deserialize_with = "or_default")]
    pub layout: Layout,
    /// Whether the players may ask for a hint (`/ttr hint`): off unless the host turns it on.
    #[serde(deserialize_with = "or_default")]
    pub hints: bool,
    /// The language of the game's public messages: the server's when the game was opened.
    #[serde(rename = "lang", serialize_with = "lang_code", deserialize_with = "lang_from_code")]
    pub language: Lang,
    /// Settings this version does not know (written by a newer one): kept as they are, so that changing another
    /// setting here does not drop them.
    #[serde(flatten, skip_serializing_if = "serde_json::Map::is_empty")]
    pub unknown: serde_json::Map<String, serde_json::Value>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            computer_level: Level::default(),
            reminder_hours: DEFAULT_REMINDER_HOURS,
            deadline_hours: DEFAULT_DEADLINE_HOURS,
            confirm_claims: false,
            layout: Layout::default(),
            hints: false,
            language: Lang::default(),
            unknown: serde_json::Map::new(),
        }
    }
}

impl Settings {
    /// The settings stored as `json`; defaults for whatever is missing or does not read.
    pub fn from_json(json: &str) -> Settings {
        serde_json::from_str(json).unwrap_or_default()
    }

    /// The settings as they are stored.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("plain data serialises")
    }

    /// When a turn that began at `turn_started_at` (Unix ms; `None` for a game stored before turns were timed)
    /// passes its deadline; `None` when the game has none.
    pub fn deadline_at(&self, turn_started_at: Option<i64>) -> Option<i64> {
        let hours = i64::from(self.deadline_hours);
        turn_started_at
            .filter(|_| hours > 0)
            .map(|start| start + hours * HOUR_MS)
    }

    /// When the players to move in a turn that began at `turn_started_at` are next reminded, counted from `now`:
    /// one interval later, but never past the turn's deadline while that is still ahead (the deadline's reminder
    /// is the one that offers to skip the turn); `None` when neither reminders nor a deadline are due.
    pub fn next_reminder_at(&self, turn_started_at: Option<i64>, now: i64) -> Option<i64> {
        let next = (self.reminder_hours > 0).then(|| now + i64::from(self.reminder_hours) * HOUR_MS);
        match self.deadline_at(turn_started_at) {
            Some(deadline) if deadline > now => Some(next.map_or(deadline, |next| next.min(deadline))),
            _ => next,
        }
    }
}

/// An hour in milliseconds, the unit of stored times.
const HOUR_MS: i64 = 3_600_000;

/// A value of `T`, or its default when the stored value is not one.
fn or_default<'de, D: Deserializer<'de>, T: DeserializeOwned + Default>(d: D) -> Result<T, D::Error> {
    Ok(read_or(d, T::default))
}

fn or_default_level<'de, D: Deserializer<'de>>(d: D) -> Result<Level, D::Error> {
    let level = read_or(d, Level::default);
    Ok(if Level::IN_GAMES.contains(&level) {
        level
    } else {
        Level::default()
    })
}

fn or_default_reminder<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    Ok(read_or(d, || DEFAULT_REMINDER_HOURS))
}

fn or_default_deadline<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    Ok(read_or(d, || DEFAULT_DEADLINE_HOURS))
}

/// Reads any JSON value, then `T` from it; `default()` when it is not a `T`.
fn read_or<'de, D: Deserializer<'de>, T: DeserializeOwned>(d: D, default: impl FnOnce() -> T) -> T {
    serde_json::Value::deserialize(d)
        .ok()
        .and_then(|value| serde_json::from_value(value).ok())
        .unwrap_or_else(default)
}

fn lang_code<S: serde::Serializer>(lang: &Lang, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(lang.code())
}

fn lang_from_code<'de, D: Deserializer<'de>>(d: D) -> Result<Lang, D::Error> {
    Ok(Lang::from_locale(&read_or(d, String::new)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_settings_read_back_and_anything_unreadable_is_its_default() {
        let chosen = Settings {
            computer_level: Level::Hard,
            reminder_hours: 0,
            deadline_hours: 72,
            confirm_claims: true,
            layout: Layout::Dashboard,
            hints: true,
            language: Lang::Es,
            unknown: serde_json::Map::new(),
        };
        assert_eq!(Settings::from_json(&chosen.to_json()), chosen);
        // The keys earlier versions wrote.
        let json = r#"{"computer_level":"easy","reminder_hours":3,"deadline_hours":0,"confirm_claims":true,"layout":"dashboard","lang":"es"}"#;
        let read = Settings::from_json(json);
        assert_eq!(
            (
                read.computer_level,
                read.reminder_hours,
                read.deadline_hours,
                read.layout,
                read.language
            ),
            (Level::Easy, 3, 0, Layout::Dashboard, Lang::Es)
        );
        assert_eq!(Settings::from_json("{}"), Settings::default());
        assert_eq!(Settings::from_json("null"), Settings::default());
        let odd = Settings::from_json(
            r#"{"computer_level":"grandmaster","reminder_hours":-4,"layout":7,"deadline_hours":5}"#,
        );
        assert_eq!(
            (odd.computer_level, odd.reminder_hours, odd.layout, odd.deadline_hours),
            (Level::Normal, DEFAULT_REMINDER_HOURS, Layout::Feed, 5)
        );
    }

    #[test]
    fn a_setting_a_newer_version_wrote_is_kept_when_this_one_changes_another() {
        let stored = r#"{"computer_level":"easy","reminder_hours":3,"lang":"es","turn_timer":{"minutes":5}}"#;
        let mut read = Settings::from_json(stored);
        read.reminder_hours = 6;
        let written: serde_json::Value = serde_json::from_str(&read.to_json()).unwrap();
        assert_eq!(written["turn_timer"], serde_json::json!({ "minutes": 5 }), "{written}");
        assert_eq!(written["reminder_hours"], 6);
        assert_eq!(Settings::from_json(&read.to_json()), read);
    }

    #[test]
    fn a_value_that_does_not_read_costs_only_its_own_setting() {
        // Every field must read on its own (`or_default…`): a new one that does not would let one bad value reset
        // them all. Each key in turn is given a value of no setting's kind; the others must survive.
        let chosen = Settings {
            computer_level: Level::Hard,
            reminder_hours: 3,
            deadline_hours: 72,
            confirm_claims: true,
            layout: Layout::Dashboard,
            hints: true,
            language: Lang::Es,
            unknown: serde_json::Map::new(),
        };
        let serde_json::Value::Object(stored) = serde_json::to_value(&chosen).unwrap() else {
            panic!("settings are stored as an object")
        };
        assert_eq!(
            stored.len(),
            7,
            "a new setting: add it to `chosen` with a value that is not its default"
        );
        for key in stored.keys() {
            let mut damaged = stored.clone();
            damaged.insert(key.clone(), serde_json::json!([{ "not": "a setting" }]));
            let read = Settings::from_json(&serde_json::Value::Object(damaged).to_string());
            let read = serde_json::to_value(&read).unwrap();
            for (other, value) in &stored {
                if other != key {
                    assert_eq!(&read[other], value, "damaging {key} lost {other}");
                }
            }
        }
    }

    #[test]
    fn a_turns_next_reminder_comes_an_interval_later_but_never_after_its_deadline_while_that_is_ahead() {
        const H: i64 = 3_600_000;
        let with = |reminder_hours, deadline_hours| Settings {
            reminder_hours,
            deadline_hours,
            ..Settings::default()
        };
        // (reminders, deadline, turn began, now) → next reminder, deadline.
        let cases = [
            ((12, 48), Some(0), 0, Some(12 * H), Some(48 * H)),
            ((12, 48), Some(0), 40 * H, Some(48 * H), Some(48 * H)),
            ((12, 48), Some(0), 50 * H, Some(62 * H), Some(48 * H)),
            ((0, 48), Some(0), 0, Some(48 * H), Some(48 * H)),
            ((0, 48), Some(0), 48 * H, None, Some(48 * H)),
            ((12, 0), Some(0), 5 * H, Some(17 * H), None),
            ((0, 0), Some(0), 0, None, None),
            ((12, 48), None, 0, Some(12 * H), None),
        ];
        for ((reminders, deadline), began, now, next, due) in cases {
            let settings = with(reminders, deadline);
            assert_eq!(
                settings.next_reminder_at(began, now),
                next,
                "{reminders} {deadline} {began:?} {now}"
            );
            assert_eq!(settings.deadline_at(began), due, "{reminders} {deadline} {began:?}");
        }
    }

    #[test]
    fn levels_and_layouts_read_their_names() {
        for level in Level::IN_GAMES {
            assert_eq!(
                Level::in_games_from_name(&format!(" {} ", level.name().to_uppercase())),
                Some(level)
            );
        }
        assert_eq!(Level::in_games_from_name("random"), None);
        // Nor does a stored game read random play as its computers' level.
        assert_eq!(
            Settings::from_json(r#"{"computer_level": "random"}"#).computer_level,
            Level::Normal
        );
        for layout in Layout::ALL {
            assert_eq!(Layout::from_name(layout.name()), Some(layout));
        }
        assert_eq!(Layout::from_name("grid"), None);
    }
}
