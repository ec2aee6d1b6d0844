//! The per-frame timeline of SPEC §9.

use serde::{Deserialize, Serialize};

/// What kind of frame an event is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EventKind {
    Cf,
    If,
}

/// One handled frame: for an IF, `issue` is the cycle its cores execute instruction 0 and
/// `complete` the cycle its last READY arrives; for a CF both are the cycle it is handled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub frame: u8,
    pub kind: EventKind,
    pub mask: u16,
    pub issue: u64,
    pub complete: u64,
}

/// The timeline as the JSON array `--timeline` writes, one event per line (`[]` when empty).
pub fn to_json(events: &[Event]) -> String {
    if events.is_empty() {
        return "[]\n".into();
    }
    let lines: Vec<String> = events
        .iter()
        .map(|e| serde_json::to_string(e).expect("an event serialises"))
        .collect();
    format!("[\n  {}\n]\n", lines.join(",\n  "))
}

/// Parses a timeline written by [`to_json`] (or any engine).
pub fn from_json(text: &str) -> Result<Vec<Event>, serde_json::Error> {
    serde_json::from_str(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timelines_round_trip_and_an_empty_one_is_an_empty_array() {
        assert_eq!(to_json(&[]), "[]\n");
        let events = [Event {
            frame: 1,
            kind: EventKind::If,
            mask: 3,
            issue: 5,
            complete: 9,
        }];
        assert_eq!(from_json(&to_json(&events)).unwrap(), events);
        assert!(from_json(&to_json(&[])).unwrap().is_empty());
    }
}
