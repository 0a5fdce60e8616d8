//! What a server's map's first board worked out (its names' places and its palette), written down to be kept with
//! the map and handed back to a later process: the name search is most of a new map's first board (about a second
//! for 150 cities), and a map's boards must not wait for it again after every restart.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use serde::{Deserialize, Serialize};

use super::labels::{self, Label};
use super::palette::{Palette, Rgb};
use crate::rules::{CityId, Map};

/// Most maps whose drawings a process keeps (each is a few kilobytes).
const MOST_REMEMBERED: usize = 256;

/// The written form: the map's fingerprint (a drawing only ever serves the map it was made for), each city's name
/// as placed (size, corner and box, as the bits of each `f32`, so they come back exactly), and the palette.
#[derive(Serialize, Deserialize)]
struct Written {
    fingerprint: u64,
    labels: Vec<[u32; 7]>,
    palette: Vec<Rgb>,
}

/// A drawing handed back, ready for the base layer.
pub(super) struct Remembered {
    labels: Vec<[u32; 7]>,
    palette: Vec<Rgb>,
}

fn remembered() -> &'static Mutex<HashMap<u64, Arc<Remembered>>> {
    static REMEMBERED: OnceLock<Mutex<HashMap<u64, Arc<Remembered>>>> = OnceLock::new();
    REMEMBERED.get_or_init(Mutex::default)
}

/// What was handed back for `map`, if anything was.
pub(super) fn remembered_for(map: &Map) -> Option<Arc<Remembered>> {
    let key = super::stored::fingerprint(map);
    remembered()
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&key)
        .cloned()
}

/// Whether `map`'s first board in this process would search for its names' places: no drawing was handed back for
/// it and it is not a built-in map.
pub fn needs_drawing(map: &Map) -> bool {
    super::stored::precomputed_for(map).is_none() && remembered_for(map).is_none()
}

/// A drawing written down: `map`'s names as `placed` and the `palette` its boards are encoded with.
pub(super) fn written(map: &Map, placed: &[Label], palette: &Palette) -> String {
    let written = Written {
        fingerprint: super::stored::fingerprint(map),
        labels: placed
            .iter()
            .map(|l| {
                let [a, b, c, d] = l.bounds.map(f32::to_bits);
                [l.size.to_bits(), l.at.0.to_bits(), l.at.1.to_bits(), a, b, c, d]
            })
            .collect(),
        palette: palette.colors().to_vec(),
    };
    serde_json::to_string(&written).expect("a drawing always serialises")
}

/// Takes back a drawing [`super::drawing_of`] wrote for `map`; true if it is `map`'s and whole. One written for another map,
/// or damaged, is ignored (the map's first board then searches as usual).
pub fn remember_drawing(map: &Map, written: &str) -> bool {
    let Ok(written) = serde_json::from_str::<Written>(written) else {
        return false;
    };
    let fingerprint = super::stored::fingerprint(map);
    let whole = written.fingerprint == fingerprint
        && written.labels.len() == map.cities.len()
        && !written.palette.is_empty()
        && written.palette.len() <= 256;
    if !whole {
        return false;
    }
    let mut kept = remembered().lock().unwrap_or_else(PoisonError::into_inner);
    if kept.len() >= MOST_REMEMBERED {
        kept.clear();
    }
    kept.insert(
        fingerprint,
        Arc::new(Remembered {
            labels: written.labels,
            palette: written.palette,
        }),
    );
    true
}

impl Remembered {
    /// The names as they were placed.
    pub(super) fn labels(&self, map: &Map) -> Vec<Label> {
        self.labels
            .iter()
            .enumerate()
            .map(|(i, &[size, x, y, a, b, c, d])| {
                let city = CityId(i as u16);
                Label {
                    city,
                    text: labels::name_of(map, city),
                    size: f32::from_bits(size),
                    at: (f32::from_bits(x), f32::from_bits(y)),
                    bounds: [a, b, c, d].map(f32::from_bits),
                }
            })
            .collect()
    }

    /// The palette the map's boards are encoded with.
    pub(super) fn palette(&self) -> Palette {
        Palette::of(self.palette.clone())
    }
}
