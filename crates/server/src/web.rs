//! The browser front end, embedded in the binary from `web/`: plain HTML,
//! CSS and JavaScript modules, no build step. Any path that is no file is
//! the single page (`/t/ID` opens a table).

use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

#[derive(rust_embed::Embed)]
#[folder = "../../web/"]
struct Web;

fn mime(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        _ => "application/octet-stream",
    }
}

pub(crate) async fn serve(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    if path.starts_with("api/") {
        return (StatusCode::NOT_FOUND, "no such API").into_response();
    }
    let (path, file) = match Web::get(path) {
        Some(file) if !path.is_empty() => (path, file),
        _ => match Web::get("index.html") {
            Some(file) => ("index.html", file),
            None => return (StatusCode::NOT_FOUND, "the front end is missing").into_response(),
        },
    };
    ([(header::CONTENT_TYPE, mime(path)), (header::CACHE_CONTROL, "no-cache")], file.data.into_owned()).into_response()
}
