//! Text inside the SVG and HTML we write (the timeline picture, the viewer's page).

/// `text` with the characters markup gives a meaning escaped.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
