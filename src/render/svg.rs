//! The board as SVG, drawn by `scene.rs` as the PNG is: a surface that writes each shape as markup, in map pixels.

use std::fmt::Write;

use image::Rgba;

use super::board::base_layer;
use super::draw::Point;
use super::fonts::LABEL;
use super::glyphs;
use super::scene;
use super::style::BACKGROUND;
use super::surface::{Anchor, Group, Surface, Text, centred_top_left};
use crate::rules::{Map, PublicView};
use crate::seating::Player;
use crate::text::{self, Lang};

/// The font family the SVG's text asks for: the web page serves the labels' font (`fonts/`) under this name.
pub const FONT_FAMILY: &str = "ttrbot-label";

/// An SVG document being written, shape by shape.
struct Svg<'a> {
    out: String,
    /// The language and map the groups' titles are written from (none: no titles).
    titles: Option<(Lang, &'a Map)>,
}

/// The map alone (no panel) as a complete SVG document; see [`super::base_svg`].
pub fn base_svg(lang: Lang, map: &Map) -> String {
    // The names where the PNG's base layer placed them (and the layer is then there for the PNGs).
    let layer = base_layer(map);
    let (w, h) = (map.width, map.height);
    let mut svg = Svg {
        out: String::with_capacity(64 * 1024),
        titles: Some((lang, map)),
    };
    let _ = write!(
        svg.out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" font-family=\"{FONT_FAMILY}, sans-serif\" \
         stroke-linejoin=\"round\"><rect width=\"{w}\" height=\"{h}\""
    );
    svg.paint("fill", BACKGROUND);
    svg.out.push_str("/>");
    scene::draw_map(map, layer.placed(), &mut svg);
    // Last, as the PNG draws the pieces over the whole map, names included.
    svg.out.push_str("<g id=\"pieces\"></g></svg>");
    svg.out
}

/// The players' pieces as SVG elements; see [`super::pieces_svg`].
pub fn pieces_svg(map: &Map, view: &PublicView, players: &[Player]) -> String {
    let mut svg = Svg {
        out: String::with_capacity(16 * 1024),
        titles: None,
    };
    scene::draw_pieces(map, view, players, &mut svg);
    svg.out
}

/// `text` made safe inside an element or an attribute: the five XML specials as entities, and characters XML does
/// not allow at all (most control characters) left out. Names come from uploaded maps.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c < ' ' || c == '\u{fffe}' || c == '\u{ffff}' => {}
            c => out.push(c),
        }
    }
    out
}

impl Svg<'_> {
    /// A number with at most one decimal (a tenth of a map pixel is finer than any screen shows the board).
    fn num(&mut self, v: f32) {
        let tenths = (v * 10.0).round() as i64;
        if tenths < 0 {
            self.out.push('-');
        }
        let t = tenths.unsigned_abs();
        let _ = write!(self.out, "{}", t / 10);
        if !t.is_multiple_of(10) {
            let _ = write!(self.out, ".{}", t % 10);
        }
    }

    /// ` name="value"` with a number.
    fn attr(&mut self, name: &str, v: f32) {
        let _ = write!(self.out, " {name}=\"");
        self.num(v);
        self.out.push('"');
    }

    /// A colour as `fill` or `stroke`, with its opacity when not opaque.
    fn paint(&mut self, what: &str, color: Rgba<u8>) {
        let [r, g, b, a] = color.0;
        let _ = write!(self.out, " {what}=\"#{r:02x}{g:02x}{b:02x}\"");
        if a < 255 {
            let _ = write!(self.out, " {what}-opacity=\"{:.2}\"", f32::from(a) / 255.0);
        }
    }

    fn point(&mut self, p: Point) {
        self.num(p.0);
        self.out.push(' ');
        self.num(p.1);
    }
}

impl Surface for Svg<'_> {
    fn polygon(&mut self, points: &[Point], color: Rgba<u8>) {
        self.out.push_str("<path d=\"M");
        for (i, &p) in points.iter().enumerate() {
            if i > 0 {
                self.out.push(' ');
            }
            self.point(p);
        }
        self.out.push_str("Z\"");
        self.paint("fill", color);
        self.out.push_str("/>");
    }

    fn circle(&mut self, center: Point, radius: f32, color: Rgba<u8>) {
        self.out.push_str("<circle");
        self.attr("cx", center.0);
        self.attr("cy", center.1);
        self.attr("r", radius);
        self.paint("fill", color);
        self.out.push_str("/>");
    }

    fn line(&mut self, a: Point, b: Point, width: f32, color: Rgba<u8>) {
        self.out.push_str("<line");
        self.attr("x1", a.0);
        self.attr("y1", a.1);
        self.attr("x2", b.0);
        self.attr("y2", b.1);
        self.attr("stroke-width", width);
        self.paint("stroke", color);
        self.out.push_str("/>");
    }

    fn text(&mut self, text: &Text) {
        // SVG places a text by its baseline; the scene, as the rasteriser does, by the top of its line.
        let top_left = match text.at {
            Anchor::TopLeft(p) => p,
            Anchor::Centre(c) => centred_top_left(text, c, 1.0),
        };
        self.out.push_str("<text");
        self.attr("x", top_left.0);
        self.attr("y", top_left.1 + glyphs::ascent(&LABEL, text.size));
        self.attr("font-size", glyphs::em_size(&LABEL, text.size));
        self.paint("fill", text.color);
        if let Some(halo) = text.halo {
            self.paint("stroke", halo);
            self.attr("stroke-width", 2.0 * glyphs::halo_radius(text.size));
            self.out.push_str(" paint-order=\"stroke\"");
        }
        let _ = write!(self.out, ">{}</text>", escape(text.content));
    }

    fn begin(&mut self, group: Group) {
        let (class, ids): (&str, [Option<(&str, usize)>; 2]) = match group {
            Group::Route(r) => ("route", [Some(("route", usize::from(r.0))), None]),
            Group::City(c) => ("city", [Some(("city", usize::from(c.0))), None]),
            Group::Name(c) => ("name", [Some(("city", usize::from(c.0))), None]),
            Group::Glow(r) => ("glow", [Some(("route", usize::from(r.0))), None]),
            Group::Claimed(r, s) => (
                "claimed",
                [Some(("route", usize::from(r.0))), Some(("seat", s.index()))],
            ),
            Group::Station(c, s) => ("station", [Some(("city", usize::from(c.0))), Some(("seat", s.index()))]),
        };
        let _ = write!(self.out, "<g class=\"{class}\"");
        for (name, value) in ids.into_iter().flatten() {
            let _ = write!(self.out, " data-{name}=\"{value}\"");
        }
        self.out.push('>');
        let title = match (group, self.titles) {
            (Group::Route(r), Some((lang, map))) => Some(text::route(lang, map, r)),
            (Group::City(c), Some((_, map))) => Some(map.city(c).name.clone()),
            _ => None,
        };
        if let Some(title) = title {
            let _ = write!(self.out, "<title>{}</title>", escape(&title));
        }
    }

    fn end(&mut self) {
        self.out.push_str("</g>");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_leaves_no_markup_and_no_character_xml_refuses() {
        assert_eq!(
            escape("<script>&\"'</script>"),
            "&lt;script&gt;&amp;&quot;&apos;&lt;/script&gt;"
        );
        assert_eq!(escape("Zürich – Łódź"), "Zürich – Łódź");
        assert_eq!(escape("a\u{0}b\u{1b}c\td"), "abc\td");
    }

    #[test]
    fn numbers_have_at_most_one_decimal() {
        let mut svg = Svg {
            out: String::new(),
            titles: None,
        };
        for v in [0.0, 12.0, 12.34, -0.04, -3.25, 99.96] {
            svg.num(v);
            svg.out.push(' ');
        }
        assert_eq!(svg.out, "0 12 12.3 0 -3.3 100 ");
    }
}
