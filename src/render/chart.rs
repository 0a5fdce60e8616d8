//! The score-over-time chart of a finished game: each player's score after every round, one line per player in
//! their colour, the final scores (tickets and bonuses counted) as the last point. Drawn 800 px wide, the width a
//! chat shows a picture at, so it reads without opening it.

use image::{Rgba, RgbaImage};

use super::draw::{self, Point};
use super::fonts::{LABEL, TEXT};
use super::glyphs;
use super::style::{INK, player_rgba};
use crate::seating::Player;
use crate::text::clip;

/// The chart's width and height in pixels.
pub const CHART_SIZE: (u32, u32) = (800, 450);

const BACKGROUND: Rgba<u8> = Rgba([250, 248, 242, 255]);
const GRID: Rgba<u8> = Rgba([222, 216, 204, 255]);
const AXIS: Rgba<u8> = Rgba([120, 112, 100, 255]);

/// The plot's box inside the picture: left, top, right, bottom.
const PLOT: [f32; 4] = [58.0, 52.0, 610.0, 400.0];

/// One player's line: who, and their score at each point (every point of every line is at the same x).
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreLine {
    /// The player, for the name and colour.
    pub player: Player,
    /// Scores in order; the last is the final score.
    pub scores: Vec<i32>,
}

/// Draws the chart: `title` on top, a line per player, the rounds along the bottom ("end" for the final scores),
/// and a legend of names with final scores, best first.
pub fn score_chart(title: &str, lines: &[ScoreLine]) -> RgbaImage {
    let (width, height) = CHART_SIZE;
    let mut img = RgbaImage::from_pixel(width, height, BACKGROUND);
    glyphs::text(&mut img, &LABEL, 26.0, (PLOT[0], 12.0), INK, title);
    let axes = Axes::for_lines(lines);
    axes.draw(&mut img);
    // The lines, lowest final score first so the leader is drawn on top.
    let mut order: Vec<&ScoreLine> = lines.iter().collect();
    order.sort_by_key(|l| l.scores.last().copied().unwrap_or(0));
    for line in &order {
        let color = player_rgba(line.player.color);
        let at: Vec<Point> = line
            .scores
            .iter()
            .enumerate()
            .map(|(i, &s)| (axes.x_of(i), axes.y_of(s)))
            .collect();
        for pair in at.windows(2) {
            draw::line(&mut img, pair[0], pair[1], 4.0, color);
            draw::fill_circle(&mut img, pair[1], 2.0, color);
        }
        if let Some(&end) = at.last() {
            draw::fill_circle(&mut img, end, 6.0, color);
        }
    }
    draw_legend(&mut img, &order);
    img
}

/// The chart's scales: scores from `low` to `high` in steps of `step`, `points` points along the bottom.
struct Axes {
    low: i32,
    high: i32,
    step: i32,
    points: usize,
}

impl Axes {
    /// Scales that hold every score of `lines`, on round numbers, 0 included.
    fn for_lines(lines: &[ScoreLine]) -> Axes {
        let points = lines.iter().map(|l| l.scores.len()).max().unwrap_or(0).max(2);
        let all = lines.iter().flat_map(|l| l.scores.iter().copied());
        let (low, high) = all.fold((0, 10), |(lo, hi), s| (lo.min(s), hi.max(s)));
        let step = nice_step(high - low);
        Axes {
            low: low.div_euclid(step) * step,
            high: (high + step - 1).div_euclid(step) * step,
            step,
            points,
        }
    }

    fn x_of(&self, i: usize) -> f32 {
        PLOT[0] + (PLOT[2] - PLOT[0]) * i as f32 / (self.points - 1) as f32
    }

    fn y_of(&self, s: i32) -> f32 {
        PLOT[3] - (PLOT[3] - PLOT[1]) * (s - self.low) as f32 / (self.high - self.low).max(1) as f32
    }

    /// The grid with the scores on the left, and the rounds along the bottom ("end" under the final scores).
    fn draw(&self, img: &mut RgbaImage) {
        let mut s = self.low;
        while s <= self.high {
            let y = self.y_of(s);
            draw::line(img, (PLOT[0], y), (PLOT[2], y), if s == 0 { 2.0 } else { 1.0 }, GRID);
            let label = s.to_string();
            let (w, h) = glyphs::text_size(&TEXT, 16.0, &label);
            glyphs::text(img, &TEXT, 16.0, (PLOT[0] - 8.0 - w, y - h / 2.0 - 2.0), AXIS, &label);
            s += self.step;
        }
        let rounds = self.points - 1;
        let every = nice_step(rounds as i32).max(1) as usize;
        let below = |img: &mut RgbaImage, i: usize, label: &str| {
            let (w, _) = glyphs::text_size(&TEXT, 16.0, label);
            glyphs::text(img, &TEXT, 16.0, (self.x_of(i) - w / 2.0, PLOT[3] + 8.0), AXIS, label);
        };
        for i in (0..rounds).step_by(every) {
            below(img, i, &i.to_string());
        }
        below(img, rounds, "end");
        glyphs::text(img, &TEXT, 16.0, (PLOT[0], PLOT[3] + 28.0), AXIS, "round");
        draw::line(img, (PLOT[0], PLOT[1]), (PLOT[0], PLOT[3]), 1.5, AXIS);
    }
}

/// The legend right of the plot, best first: each player's colour, name and final score.
fn draw_legend(img: &mut RgbaImage, lowest_first: &[&ScoreLine]) {
    let mut y = PLOT[1];
    for line in lowest_first.iter().rev() {
        let color = player_rgba(line.player.color);
        let swatch = draw::rect(PLOT[2] + 24.0, y + 4.0, PLOT[2] + 44.0, y + 20.0);
        draw::fill_convex(img, &swatch, color);
        let name = clip(&line.player.name, 12);
        glyphs::text(img, &LABEL, 18.0, (PLOT[2] + 52.0, y), INK, &name);
        let score = line.scores.last().copied().unwrap_or(0).to_string();
        let points = format!("{score} points");
        glyphs::text(img, &TEXT, 16.0, (PLOT[2] + 52.0, y + 22.0), AXIS, &points);
        y += 52.0;
    }
}

/// A round step for axis labels spanning `range`: 1, 2, 5, 10, 20, 25, 50, … giving at most about eight labels.
fn nice_step(range: i32) -> i32 {
    let range = range.max(1);
    let mut scale = 1;
    loop {
        for step in [1, 2, 5] {
            if range / (step * scale) <= 8 {
                return step * scale;
            }
        }
        scale *= 10;
    }
}

#[cfg(test)]
mod tests {
    use super::nice_step;

    #[test]
    fn axis_steps_are_round_and_few() {
        assert_eq!(nice_step(7), 1);
        assert_eq!(nice_step(15), 2);
        assert_eq!(nice_step(40), 5);
        assert_eq!(nice_step(130), 20);
        assert_eq!(nice_step(0), 1);
    }
}
