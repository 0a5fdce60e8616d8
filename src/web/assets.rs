//! The pages' own files (script, stylesheet, the board's font, an icon), served from the binary, and the security
//! policy that allows nothing else.

use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

/// Only this site's own script, styles, fonts and connections; no frame, no form, no plugin, no inline script.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; \
frame-ancestors 'none'";

/// Each file by name: its content type and bytes.
const FILES: [(&str, &str, &[u8]); 4] = [
    (
        "game.js",
        "text/javascript; charset=utf-8",
        include_bytes!("assets/game.js"),
    ),
    ("page.css", "text/css; charset=utf-8", include_bytes!("assets/page.css")),
    (
        "label.ttf",
        "font/ttf",
        include_bytes!("../../fonts/DejaVuSansCondensed-Bold.ttf"),
    ),
    ("icon.svg", "image/svg+xml", include_bytes!("assets/icon.svg")),
];

/// A file's address: its name and a digest of every file's content.
pub fn url(name: &str) -> String {
    static DIGEST: OnceLock<String> = OnceLock::new();
    let digest = DIGEST.get_or_init(|| {
        use sha2::Digest;
        let mut hasher = sha2::Sha256::new();
        for (_, _, bytes) in FILES {
            hasher.update(bytes);
        }
        hasher.finalize().iter().take(6).map(|b| format!("{b:02x}")).collect()
    });
    format!("/assets/{name}?v={digest}")
}

/// Serves a file by name (404 for any other).
pub async fn asset(Path(name): Path<String>) -> Response {
    let Some((_, kind, bytes)) = FILES.iter().find(|(n, _, _)| *n == name) else {
        return super::not_found();
    };
    let mut response = ([(header::CONTENT_TYPE, *kind)], *bytes).into_response();
    // The script, stylesheet and icon are linked with their content's digest and kept for good; the font, which
    // the stylesheet names by a fixed address, for a day.
    let keep = if name.ends_with(".ttf") {
        "public, max-age=86400"
    } else {
        "public, max-age=31536000, immutable"
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(keep));
    response
}
