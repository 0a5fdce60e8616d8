//! A drawing surface in map coordinates (polygons, circles, lines, text, titled groups), so one function per thing
//! decides what the board shows where, for the PNG's canvas and the SVG alike.

use image::{Rgba, RgbaImage};

use super::draw::{self, Point};
use super::fonts::LABEL;
use super::glyphs;
use crate::rules::{CityId, RouteId, Seat};

/// What a group of shapes stands for: the SVG names it (a class, ids, a title); the PNG draws its shapes alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// A route's printed spaces.
    Route(RouteId),
    /// A city's dot, or a border exit's square.
    City(CityId),
    /// A city's name and its leader line.
    Name(CityId),
    /// The glow under the last claim.
    Glow(RouteId),
    /// A route's cars, claimed by a seat.
    Claimed(RouteId, Seat),
    /// A seat's station on a city.
    Station(CityId, Seat),
}

/// Where a text stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Anchor {
    /// The top-left corner of its line (as the name placement measured it).
    TopLeft(Point),
    /// Its box centred on the point, raised by a pixel (a metro badge's number).
    Centre(Point),
}

/// A line of text in the labels' font.
#[derive(Clone, Copy, Debug)]
pub struct Text<'a> {
    /// What is written.
    pub content: &'a str,
    /// Font size in pixels (ascent plus descent, as the rasteriser's scale means it).
    pub size: f32,
    /// Where it stands.
    pub at: Anchor,
    /// The ink.
    pub color: Rgba<u8>,
    /// A halo around the ink, so it reads over routes and colours.
    pub halo: Option<Rgba<u8>>,
}

/// Something the board can be drawn on, in map coordinates (pixels of the board at 1×). Shapes are painted in the
/// order they are given, each over the ones before.
pub trait Surface {
    /// A filled convex polygon.
    fn polygon(&mut self, points: &[Point], color: Rgba<u8>);
    /// A filled circle.
    fn circle(&mut self, center: Point, radius: f32, color: Rgba<u8>);
    /// A straight line of the given width, its ends cut square at `a` and `b`.
    fn line(&mut self, a: Point, b: Point, width: f32, color: Rgba<u8>);
    /// A line of text.
    fn text(&mut self, text: &Text);
    /// The shapes drawn until the matching [`Surface::end`] stand for `group`.
    fn begin(&mut self, group: Group);
    /// Closes the group opened last.
    fn end(&mut self);
}

/// The top-left corner, in drawing pixels at scale `k`, of a text centred on `c` (map coordinates): its box measured
/// at the size it is drawn.
pub fn centred_top_left(text: &Text, c: Point, k: f32) -> Point {
    let (tw, th) = glyphs::text_size(&LABEL, text.size * k, text.content);
    (c.0 * k - tw / 2.0, c.1 * k - th / 2.0 - k)
}

/// An image drawn on at scale `k` (the base layer is drawn at twice its size, then halved).
pub struct Canvas<'a> {
    img: &'a mut RgbaImage,
    k: f32,
}

impl<'a> Canvas<'a> {
    /// A surface drawing on `img`, map coordinates multiplied by `k`.
    pub fn new(img: &'a mut RgbaImage, k: f32) -> Canvas<'a> {
        Canvas { img, k }
    }

    fn at(&self, p: Point) -> Point {
        (p.0 * self.k, p.1 * self.k)
    }
}

impl Surface for Canvas<'_> {
    fn polygon(&mut self, points: &[Point], color: Rgba<u8>) {
        if self.k == 1.0 {
            draw::fill_convex(self.img, points, color);
        } else {
            let scaled: Vec<Point> = points.iter().map(|&p| self.at(p)).collect();
            draw::fill_convex(self.img, &scaled, color);
        }
    }

    fn circle(&mut self, center: Point, radius: f32, color: Rgba<u8>) {
        draw::fill_circle(self.img, self.at(center), radius * self.k, color);
    }

    fn line(&mut self, a: Point, b: Point, width: f32, color: Rgba<u8>) {
        draw::line(self.img, self.at(a), self.at(b), width * self.k, color);
    }

    fn text(&mut self, text: &Text) {
        let size = text.size * self.k;
        let at = match text.at {
            Anchor::TopLeft(p) => self.at(p),
            Anchor::Centre(c) => centred_top_left(text, c, self.k),
        };
        match text.halo {
            Some(halo) => glyphs::haloed_text(self.img, &LABEL, size, at, text.color, halo, text.content),
            None => glyphs::text(self.img, &LABEL, size, at, text.color, text.content),
        }
    }

    fn begin(&mut self, _: Group) {}

    fn end(&mut self) {}
}
