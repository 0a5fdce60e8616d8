//! The median cut that chooses a palette: a picture's colours, in CIELAB, split where a split lowers the weighted
//! error most until there are as many groups as palette colours; each group is drawn with one colour it holds.

use super::color::{Rgb, distance2};

/// One colour of a picture, with how many pixels have it.
pub(super) struct Entry {
    pub(super) lab: [f32; 3],
    pub(super) rgb: Rgb,
    pub(super) weight: f64,
}

/// A run of entries that one palette colour will stand for, with its weighted squared error around its mean.
struct Cut {
    start: usize,
    end: usize,
    error: f64,
}

/// Weighted sums over a group of colours: enough for its mean and its squared error.
#[derive(Clone, Copy, Default)]
struct Sums {
    pub(super) weight: f64,
    lab: [f64; 3],
    squares: f64,
}

impl Sums {
    fn of(entries: &[Entry]) -> Sums {
        let mut sums = Sums::default();
        for e in entries {
            sums.add(e);
        }
        sums
    }

    fn add(&mut self, e: &Entry) {
        self.weight += e.weight;
        for (sum, &v) in self.lab.iter_mut().zip(&e.lab) {
            let v = f64::from(v);
            *sum += e.weight * v;
            self.squares += e.weight * v * v;
        }
    }

    /// The sums of a group without the entries summed in `part`.
    fn without(self, part: Sums) -> Sums {
        Sums {
            weight: self.weight - part.weight,
            lab: [0, 1, 2].map(|k| self.lab[k] - part.lab[k]),
            squares: self.squares - part.squares,
        }
    }

    /// The weighted squared error around the weighted mean.
    fn error(&self) -> f64 {
        if self.weight == 0.0 {
            return 0.0;
        }
        let [l, a, b] = self.lab;
        (self.squares - (l * l + a * a + b * b) / self.weight).max(0.0)
    }
}

/// The weighted squared error of entries around their weighted mean.
fn error_of(entries: &[Entry]) -> f64 {
    Sums::of(entries).error()
}

/// Splits the colours into `count` groups, always splitting the group with the largest error, along its widest
/// axis, where the two halves' errors add up least (a median cut, but at the best split rather than the median);
/// each group gives one colour (see [`representative`]).
pub(super) fn cut_colours(entries: &mut [Entry], count: usize) -> Vec<Rgb> {
    let mut cuts = vec![Cut {
        start: 0,
        end: entries.len(),
        error: error_of(entries),
    }];
    while cuts.len() < count {
        let Some((worst, _)) = cuts
            .iter()
            .enumerate()
            .filter(|(_, c)| c.end - c.start > 1)
            .max_by(|a, b| a.1.error.total_cmp(&b.1.error).then(b.0.cmp(&a.0)))
        else {
            break;
        };
        let Cut { start, end, .. } = cuts[worst];
        let group = &mut entries[start..end];
        let axis = widest_axis(group);
        group.sort_unstable_by(|a, b| a.lab[axis].total_cmp(&b.lab[axis]).then(a.rgb.cmp(&b.rgb)));
        let split = start + best_split(group);
        cuts[worst] = Cut {
            start,
            end: split,
            error: error_of(&entries[start..split]),
        };
        cuts.push(Cut {
            start: split,
            end,
            error: error_of(&entries[split..end]),
        });
    }
    let mut colors: Vec<Rgb> = cuts.iter().map(|c| representative(&entries[c.start..c.end])).collect();
    colors.sort_unstable();
    colors.dedup();
    colors
}

/// The CIELAB axis along which a group's colours spread most (weighted).
fn widest_axis(group: &[Entry]) -> usize {
    let w: f64 = group.iter().map(|e| e.weight).sum();
    (0..3)
        .map(|k| {
            let mean = group.iter().map(|e| e.weight * f64::from(e.lab[k])).sum::<f64>() / w;
            let spread: f64 = group
                .iter()
                .map(|e| e.weight * (f64::from(e.lab[k]) - mean).powi(2))
                .sum();
            (k, spread)
        })
        .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
        .map_or(0, |(k, _)| k)
}

/// Where to split a group sorted along an axis: the index (1..len) where the two halves' errors add up least.
fn best_split(group: &[Entry]) -> usize {
    let total = Sums::of(group);
    let mut left = Sums::default();
    let mut best = (f64::MAX, 1);
    for (i, e) in group.iter().enumerate().take(group.len() - 1) {
        left.add(e);
        let error = left.error() + total.without(left).error();
        if error < best.0 {
            best = (error, i + 1);
        }
    }
    best.1
}

/// The colour a group is drawn with: its most common colour when that is at least half of it (a flat area keeps
/// its exact colour), otherwise the member nearest to the group's weighted mean (a colour the picture really has).
fn representative(group: &[Entry]) -> Rgb {
    let w: f64 = group.iter().map(|e| e.weight).sum();
    let common = group
        .iter()
        .max_by(|a, b| a.weight.total_cmp(&b.weight).then(b.rgb.cmp(&a.rgb)))
        .expect("a group is never empty");
    if common.weight * 2.0 >= w {
        return common.rgb;
    }
    let mean: [f32; 3] =
        std::array::from_fn(|k| (group.iter().map(|e| e.weight * f64::from(e.lab[k])).sum::<f64>() / w) as f32);
    group
        .iter()
        .min_by(|a, b| {
            distance2(a.lab, mean)
                .total_cmp(&distance2(b.lab, mean))
                .then(a.rgb.cmp(&b.rgb))
        })
        .expect("a group is never empty")
        .rgb
}
