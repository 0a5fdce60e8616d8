//! Where each city's name goes: a search over spots around its dot for one that covers no route, no city, no other
//! name and stays on the board. Exact geometry (separating axes), so a test can check the result the same way.

use super::draw::{self, Point};
use super::fonts::LABEL;
use super::glyphs;
use crate::rules::{CityId, Map, Place, RouteId, RouteKind};

/// Label sizes tried, largest first: a crowded city gets a smaller name before it gets a covered one.
const SIZES: [f32; 4] = [15.0, 13.5, 12.0, 11.0];
/// Gaps between a city's dot and its name, tried nearest first.
const GAPS: [f32; 8] = [3.5, 7.0, 11.0, 17.0, 24.0, 32.0, 42.0, 54.0];
/// Room kept around a route's spaces: a claimed car is drawn wider than its printed space, with an outline.
pub const ROUTE_CLEARANCE: f32 = 3.0;
/// Room kept around a city's dot (a station drawn on it is a little larger than the dot and its ring).
const DOT_CLEARANCE: f32 = 12.5;
/// Distance kept from the board's edges.
const EDGE: f32 = 3.0;

/// A city's name as drawn at 1×: the text, its size, the top-left corner it is drawn from, and the box its ink and
/// halo may cover.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// The location named.
    pub city: CityId,
    /// What is written: the city's name, or a border exit's country.
    pub text: String,
    /// Font size in pixels.
    pub size: f32,
    /// Where the text is drawn from (its top-left corner).
    pub at: Point,
    /// The box the text and its halo stay inside: `[left, top, right, bottom]`.
    pub bounds: [f32; 4],
}

/// Draws a name as the base layer does, at scale `k` (the base layer draws at twice the size, then halves).
pub fn draw(img: &mut image::RgbaImage, label: &Label, k: f32, color: image::Rgba<u8>) {
    glyphs::haloed_text(
        img,
        &LABEL,
        label.size * k,
        (label.at.0 * k, label.at.1 * k),
        color,
        super::style::HALO,
        &label.text,
    );
}

/// Something a name must not cover.
enum Obstacle {
    /// A route's space (grown by the clearance), a metro line's band.
    Polygon(Vec<Point>),
    /// A city's dot with its clearance.
    Circle(Point, f32),
}

/// Whether a box `[left, top, right, bottom]` overlaps a convex polygon: no separating axis among the box's two and
/// the polygon's edge normals.
pub fn box_meets_polygon(b: &[f32; 4], poly: &[Point]) -> bool {
    let corners = [(b[0], b[1]), (b[2], b[1]), (b[2], b[3]), (b[0], b[3])];
    let overlap_along = |(ax, ay): Point| {
        let project = |pts: &mut dyn Iterator<Item = Point>| {
            pts.map(|p| p.0 * ax + p.1 * ay)
                .fold((f32::MAX, f32::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
        };
        let (a0, a1) = project(&mut corners.iter().copied());
        let (b0, b1) = project(&mut poly.iter().copied());
        a1 > b0 && b1 > a0
    };
    let edge_normals = (0..poly.len()).map(|i| {
        let (p, q) = (poly[i], poly[(i + 1) % poly.len()]);
        (q.1 - p.1, p.0 - q.0)
    });
    [(1.0, 0.0), (0.0, 1.0)]
        .into_iter()
        .chain(edge_normals)
        .all(overlap_along)
}

fn box_meets_circle(b: &[f32; 4], c: Point, r: f32) -> bool {
    let dx = c.0 - c.0.clamp(b[0], b[2]);
    let dy = c.1 - c.1.clamp(b[1], b[3]);
    dx * dx + dy * dy < r * r
}

fn boxes_meet(a: &[f32; 4], b: &[f32; 4]) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

/// A convex polygon grown outwards by `by` pixels (for tests that check what lies where).
pub fn grown(points: &[Point], by: f32) -> Vec<Point> {
    draw::grow(points, by)
}

/// The outline of a route as drawn, for placement and for tests: its spaces grown by the clearance, and a metro
/// line's band between its cities.
pub fn route_shapes(map: &Map, id: RouteId) -> Vec<Vec<Point>> {
    let mut shapes: Vec<Vec<Point>> = super::style::car_quads(map, id)
        .iter()
        .map(|q| draw::grow(q, ROUTE_CLEARANCE))
        .collect();
    let route = map.route(id);
    if route.kind == RouteKind::Metro {
        let (a, b) = (map.city(route.a), map.city(route.b));
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len = (dx * dx + dy * dy).sqrt().max(1e-6);
        let (nx, ny) = (-dy / len * 3.0, dx / len * 3.0);
        shapes.push(vec![
            (a.x + nx, a.y + ny),
            (b.x + nx, b.y + ny),
            (b.x - nx, b.y - ny),
            (a.x - nx, a.y - ny),
        ]);
    }
    shapes
}

/// Everything names must keep clear of, filed in a grid of square cells so that a box is tested only against the
/// shapes near it: the search tries about a thousand spots per city, and testing each against every route of a map
/// made the first board of a map take seconds.
struct Obstacles {
    shapes: Vec<Obstacle>,
    /// Each shape's bounding box `[left, top, right, bottom]`.
    bounds: Vec<[f32; 4]>,
    /// For each cell (row by row), the shapes whose bounding box reaches into it.
    cells: Vec<Vec<u32>>,
    columns: usize,
    rows: usize,
}

/// Side of a grid cell, in board pixels: about a name's height, so a box meets a handful of cells.
const CELL: f32 = 32.0;
/// How much a shape's bounding box is grown: a rounding error must never make the grid miss a shape the exact test
/// would find.
const SLACK: f32 = 0.01;

impl Obstacles {
    fn new(map: &Map) -> Obstacles {
        let mut shapes: Vec<Obstacle> = (0..map.routes.len())
            .flat_map(|i| route_shapes(map, RouteId(i as u16)))
            .map(Obstacle::Polygon)
            .collect();
        shapes.extend(map.cities.iter().map(|c| Obstacle::Circle((c.x, c.y), DOT_CLEARANCE)));
        let bounds: Vec<[f32; 4]> = shapes.iter().map(Obstacle::bounds).collect();
        let columns = (map.width as f32 / CELL).ceil().max(1.0) as usize;
        let rows = (map.height as f32 / CELL).ceil().max(1.0) as usize;
        let mut grid = Obstacles {
            shapes,
            bounds,
            cells: vec![Vec::new(); columns * rows],
            columns,
            rows,
        };
        for (i, b) in grid.bounds.iter().enumerate() {
            for row in grid.cell_row(b[1])..=grid.cell_row(b[3]) {
                for column in grid.cell_column(b[0])..=grid.cell_column(b[2]) {
                    grid.cells[row * columns + column].push(i as u32);
                }
            }
        }
        grid
    }

    /// The column of cells holding `x`; everything left or right of the board falls in the first or last column.
    fn cell_column(&self, x: f32) -> usize {
        ((x / CELL).floor().max(0.0) as usize).min(self.columns - 1)
    }

    /// The row of cells holding `y`, clamped the same way.
    fn cell_row(&self, y: f32) -> usize {
        ((y / CELL).floor().max(0.0) as usize).min(self.rows - 1)
    }

    /// How many shapes a box covers. A shape filed in several of the box's cells is counted once: in the cell that
    /// holds the top-left corner of where its bounding box and the box overlap.
    fn hits(&self, b: &[f32; 4]) -> usize {
        let mut count = 0;
        for row in self.cell_row(b[1])..=self.cell_row(b[3]) {
            for column in self.cell_column(b[0])..=self.cell_column(b[2]) {
                for &i in &self.cells[row * self.columns + column] {
                    let o = &self.bounds[i as usize];
                    // Both separating-axis tests and the circle test fail when the bounding boxes are apart.
                    if !boxes_meet(b, o)
                        || self.cell_column(b[0].max(o[0])) != column
                        || self.cell_row(b[1].max(o[1])) != row
                    {
                        continue;
                    }
                    if self.shapes[i as usize].meets(b) {
                        count += 1;
                    }
                }
            }
        }
        count
    }

    /// Whether a box covers no shape (stops at the first it covers).
    fn clear(&self, b: &[f32; 4]) -> bool {
        for row in self.cell_row(b[1])..=self.cell_row(b[3]) {
            for column in self.cell_column(b[0])..=self.cell_column(b[2]) {
                for &i in &self.cells[row * self.columns + column] {
                    if boxes_meet(b, &self.bounds[i as usize]) && self.shapes[i as usize].meets(b) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The same count by testing every shape: what the grid must agree with.
    #[cfg(test)]
    fn hits_by_scanning(&self, b: &[f32; 4]) -> usize {
        self.shapes.iter().filter(|o| o.meets(b)).count()
    }
}

impl Obstacle {
    fn meets(&self, b: &[f32; 4]) -> bool {
        match self {
            Obstacle::Polygon(p) => box_meets_polygon(b, p),
            Obstacle::Circle(c, r) => box_meets_circle(b, *c, *r),
        }
    }

    /// The smallest box around the shape, slightly grown so that a box that touches the shape strictly overlaps it.
    fn bounds(&self) -> [f32; 4] {
        match self {
            Obstacle::Polygon(p) => {
                let b = p.iter().fold([f32::MAX, f32::MAX, f32::MIN, f32::MIN], |b, q| {
                    [b[0].min(q.0), b[1].min(q.1), b[2].max(q.0), b[3].max(q.1)]
                });
                [b[0] - SLACK, b[1] - SLACK, b[2] + SLACK, b[3] + SLACK]
            }
            Obstacle::Circle(c, r) => [c.0 - r - SLACK, c.1 - r - SLACK, c.0 + r + SLACK, c.1 + r + SLACK],
        }
    }
}

/// What is written beside a location: its name, or a border exit's country.
pub(crate) fn name_of(map: &Map, city: CityId) -> String {
    let place = match map.city(city).country {
        Some(country) => Place::Country(country),
        None => Place::City(city),
    };
    map.place_name(place).to_string()
}

/// Places every city's name. Cities with the fewest free spots choose first; each takes its best free spot, where
/// nearer is better and a step down in size counts as 4 pixels farther; among equals, right, left, above, below,
/// then the diagonals and the angles between. A city with no free spot takes the one that covers the fewest
/// things (a test keeps that from happening on the built-in maps).
pub fn place(map: &Map) -> Vec<Label> {
    let obstacles = Obstacles::new(map);
    let texts: Vec<String> = (0..map.cities.len()).map(|i| name_of(map, CityId(i as u16))).collect();
    let candidates: Vec<Vec<Label>> = (0..map.cities.len())
        .map(|i| candidates(map, CityId(i as u16), &texts[i]))
        .collect();
    let hits = |label: &Label| obstacles.hits(&label.bounds);
    let inside = |b: &[f32; 4]| {
        b[0] >= EDGE && b[1] >= EDGE && b[2] <= map.width as f32 - EDGE && b[3] <= map.height as f32 - EDGE
    };
    let free: Vec<usize> = candidates
        .iter()
        .map(|list| {
            list.iter()
                .filter(|l| inside(&l.bounds) && obstacles.clear(&l.bounds))
                .count()
        })
        .collect();
    let mut order: Vec<usize> = (0..map.cities.len()).collect();
    order.sort_by_key(|&i| (free[i], i));
    let mut placed: Vec<Option<Label>> = vec![None; map.cities.len()];
    let mut taken: Vec<[f32; 4]> = Vec::new();
    for i in order {
        let cost = |l: &Label| {
            let overlaps = taken.iter().filter(|t| boxes_meet(t, &l.bounds)).count();
            (usize::from(!inside(&l.bounds)) * 1000) + overlaps * 10 + hits(l)
        };
        let best = candidates[i]
            .iter()
            .find(|l| cost(l) == 0)
            .or_else(|| candidates[i].iter().min_by_key(|l| cost(l)))
            .expect("every city has candidate spots")
            .clone();
        taken.push(best.bounds);
        placed[i] = Some(best);
    }
    placed.into_iter().map(|l| l.expect("every city placed")).collect()
}

/// The pairs of cities whose names, placed as the map's board places them, overlap each other, or where one's name
/// covers the other's marker: what a map's maker should move apart or shorten. Each pair once, the lower id first,
/// in order. Read from the map's base layer, so the names warned about are those drawn (and no second search).
pub fn crowded_names(map: &Map) -> Vec<(CityId, CityId)> {
    let layer = super::base_layer(map);
    let labels = layer.placed();
    let mut pairs = Vec::new();
    for (i, label) in labels.iter().enumerate() {
        for (j, other) in labels.iter().enumerate().filter(|&(j, _)| j != i) {
            let marker = map.city(other.city);
            let covers_marker = box_meets_circle(&label.bounds, (marker.x, marker.y), super::style::CITY_RADIUS);
            if covers_marker || (j > i && boxes_meet(&label.bounds, &other.bounds)) {
                pairs.push((label.city.min(other.city), label.city.max(other.city)));
            }
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

/// Every spot tried for one city's name, in order of preference.
fn candidates(map: &Map, city: CityId, text: &str) -> Vec<Label> {
    let c = map.city(city);
    // Right, left, up, down, the four diagonals, then the eight angles between them (degrees, y pointing down).
    let mut angles: Vec<f32> = vec![
        0.0, 180.0, 270.0, 90.0, 315.0, 225.0, 45.0, 135.0, 337.5, 202.5, 292.5, 247.5, 22.5, 157.5, 67.5, 112.5,
    ];
    angles.extend((0..16).map(|i| 11.25 + 22.5 * i as f32));
    let mut out = Vec::with_capacity(SIZES.len() * GAPS.len() * angles.len());
    for size in SIZES {
        let (w, _) = glyphs::text_size(&LABEL, size, text);
        let h = glyphs::line_height(&LABEL, size);
        let halo = (size / 9.0).max(1.0) + 1.0;
        let (half_w, half_h) = (w / 2.0 + halo, h / 2.0 + halo);
        for gap in GAPS {
            for (preference, &angle) in angles.iter().enumerate() {
                let (dx, dy) = (angle.to_radians().cos(), angle.to_radians().sin());
                // How far the box reaches towards the city along this direction, so its nearest edge keeps the gap.
                let reach = dx.abs() * half_w + dy.abs() * half_h;
                let distance = super::style::CITY_RADIUS + gap + reach;
                let center = (c.x + dx * distance, c.y + dy * distance);
                let label = Label {
                    city,
                    text: text.to_string(),
                    size,
                    at: (center.0 - w / 2.0, center.1 - h / 2.0),
                    bounds: [
                        center.0 - half_w,
                        center.1 - half_h,
                        center.0 + half_w,
                        center.1 + half_h,
                    ],
                };
                // A step down in size costs as much as 4 pixels farther away: near and slightly smaller reads
                // better than large and far.
                let cost = gap + (SIZES[0] - size) * 4.0 / 1.5;
                out.push((cost, preference, label));
            }
        }
    }
    out.sort_by(|a, b| (a.0, a.1).partial_cmp(&(b.0, b.1)).expect("costs are finite"));
    out.into_iter().map(|(_, _, label)| label).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::maps;

    #[test]
    fn the_grid_counts_the_same_shapes_as_testing_every_one() {
        for (id, _) in maps::BUILTIN {
            let map = maps::builtin(id).unwrap();
            let obstacles = Obstacles::new(&map);
            let mut tried = 0;
            for (i, city) in map.cities.iter().enumerate() {
                // Every seventh spot of every city (all of them take a while in a debug build), and boxes reaching
                // off the board on each side.
                let spots = candidates(&map, CityId(i as u16), &city.name);
                for label in spots.iter().step_by(7) {
                    let count = obstacles.hits_by_scanning(&label.bounds);
                    assert_eq!(obstacles.hits(&label.bounds), count, "{id}: {label:?}");
                    assert_eq!(obstacles.clear(&label.bounds), count == 0, "{id}: {label:?}");
                    tried += 1;
                }
                let (w, h) = (map.width as f32, map.height as f32);
                for b in [
                    [city.x - 900.0, city.y - 5.0, city.x + 4.0, city.y + 5.0],
                    [city.x - 4.0, city.y - 900.0, city.x + w, city.y + 5.0],
                    [city.x, city.y, city.x + 40.0, h + 50.0],
                ] {
                    assert_eq!(obstacles.hits(&b), obstacles.hits_by_scanning(&b), "{id}: {b:?}");
                }
            }
            assert!(tried > 1000, "{id}: {tried} spots tried");
        }
    }
}
