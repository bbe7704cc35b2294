//! What leaves the editor: the level as a download, or a link to it.

use super::*;

/// Ctrl+D: the level as the editor holds it, as a file download in the
/// browser (named as the level's file). On the desktop a level is a file
/// already: Ctrl+S saves it.
pub(super) fn download(session: &Session) -> String {
    let Some(editor) = session.editor() else {
        return "nothing is being edited".into();
    };
    let name = editor
        .path()
        .file_name()
        .map_or_else(|| "level.txt".into(), |n| n.to_string_lossy().into_owned());
    #[cfg(target_arch = "wasm32")]
    {
        crate::game::web::download(&name, &editor.text());
        crate::game::web::log(&format!("download {name}"));
        format!("{name} is offered as a download")
    }
    #[cfg(not(target_arch = "wasm32"))]
    format!("{name} is a file here already: Ctrl+S saves it")
}

/// Where the browser build is served by the README's own command
/// (`python3 -m http.server -d dist 8000`): the page a desktop link opens
/// when `$DROPTHROUGH_WEB_URL` names no other.
#[cfg(not(target_arch = "wasm32"))]
const LOCAL_WEB_URL: &str = "http://localhost:8000/";

/// Gives out a link to `shared`, and says where it is. In the browser: in
/// the address bar, and on the clipboard. On the desktop: on the clipboard
/// and on stdout, a whole address: `$DROPTHROUGH_WEB_URL` (where a browser
/// build is hosted) if set, else the browser build served locally, then
/// `#level=…` (which `dropthrough 'LINK'` opens too).
pub(super) fn share(shared: &dropthrough::link::Shared) -> String {
    let what = if shared.run.is_some() {
        "the level and its best run"
    } else {
        "the level"
    };
    #[cfg(target_arch = "wasm32")]
    {
        crate::game::web::share(&shared.fragment());
        crate::game::web::log(&format!("shared {}", shared.fragment().len()));
        format!("a link to {what} is in the address bar, and copied if the browser allowed it")
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let base = std::env::var("DROPTHROUGH_WEB_URL")
            .ok()
            .filter(|b| !b.is_empty())
            .unwrap_or_else(|| LOCAL_WEB_URL.to_string());
        let link = format!("{base}{shared}");
        macroquad::miniquad::window::clipboard_set(&link);
        println!("{link}");
        format!(
            "a link to {what} ({} characters) is copied, and printed where the game was started",
            link.chars().count()
        )
    }
}
