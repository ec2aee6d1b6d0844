//! Frames on the line: building them, and finding them again in a byte stream that may hold
//! garbage, lost bytes or damaged frames.

use super::crc::crc16;
use super::MAX_PAYLOAD;

/// A frame's contents: the command (request) or code (reply), and the payload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub code: u8,
    pub payload: Vec<u8>,
}

/// The bytes of a frame starting with `sync`. Panics on a payload over [`MAX_PAYLOAD`]
/// bytes (callers split transfers into frames that fit).
pub fn encode(sync: u8, code: u8, payload: &[u8]) -> Vec<u8> {
    assert!(
        payload.len() <= MAX_PAYLOAD,
        "a frame carries at most 255 bytes"
    );
    let mut bytes = Vec::with_capacity(payload.len() + 5);
    bytes.extend([sync, code, payload.len() as u8]);
    bytes.extend_from_slice(payload);
    let crc = crc16(&bytes[1..]);
    bytes.extend(crc.to_be_bytes());
    bytes
}

/// What [`Deframer::push`] made of the bytes so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A frame whose CRC checks.
    Frame(Frame),
    /// A frame whose CRC does not check (its bytes are searched again for a frame start).
    Damaged,
}

/// Finds frames that start with a given sync byte in a stream of bytes.
pub struct Deframer {
    sync: u8,
    /// Bytes from a candidate frame start on.
    pending: Vec<u8>,
}

impl Deframer {
    pub fn new(sync: u8) -> Deframer {
        Deframer {
            sync,
            pending: Vec::new(),
        }
    }

    /// True while part of a frame has been received.
    pub fn in_frame(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Takes one byte; reports a frame when one is complete.
    pub fn push(&mut self, byte: u8) -> Option<Found> {
        if self.pending.is_empty() && byte != self.sync {
            return None;
        }
        self.pending.push(byte);
        let need = match self.pending.get(2) {
            Some(&len) => usize::from(len) + 5,
            None => return None,
        };
        if self.pending.len() < need {
            return None;
        }
        if crc16(&self.pending[1..]) == 0 {
            let len = usize::from(self.pending[2]);
            let frame = Frame {
                code: self.pending[1],
                payload: self.pending[3..3 + len].to_vec(),
            };
            self.pending.clear();
            return Some(Found::Frame(frame));
        }
        // Damaged, or a sync byte that was not a frame start: look for the next start in
        // what came after it.
        let rest: Vec<u8> = self.pending.drain(..).skip(1).collect();
        let mut found = Some(Found::Damaged);
        for b in rest {
            if let Some(f @ Found::Frame(_)) = self.push(b) {
                found = Some(f);
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::{REPLY_SYNC, REQUEST_SYNC};

    fn frames(d: &mut Deframer, bytes: &[u8]) -> Vec<Found> {
        bytes.iter().filter_map(|&b| d.push(b)).collect()
    }

    #[test]
    fn a_frame_is_found_among_garbage() {
        let mut bytes = vec![0x00, 0xff, 0x13];
        bytes.extend(encode(REPLY_SYNC, 7, &[1, 2, 3]));
        bytes.extend(encode(REPLY_SYNC, 8, &[]));
        let mut d = Deframer::new(REPLY_SYNC);
        let found = frames(&mut d, &bytes);
        assert_eq!(
            found,
            [
                Found::Frame(Frame {
                    code: 7,
                    payload: vec![1, 2, 3]
                }),
                Found::Frame(Frame {
                    code: 8,
                    payload: vec![]
                })
            ]
        );
        assert!(!d.in_frame());
    }

    #[test]
    fn a_damaged_frame_is_reported_and_the_next_one_still_found() {
        let mut bad = encode(REQUEST_SYNC, 3, &[9, 9, 9, 9]);
        bad[4] ^= 1;
        let good = encode(REQUEST_SYNC, 4, &[1]);
        let mut d = Deframer::new(REQUEST_SYNC);
        let mut found = frames(&mut d, &bad);
        found.extend(frames(&mut d, &good));
        assert_eq!(found[0], Found::Damaged);
        assert_eq!(
            found.last(),
            Some(&Found::Frame(Frame {
                code: 4,
                payload: vec![1]
            }))
        );
    }

    #[test]
    fn a_sync_byte_inside_garbage_does_not_hide_a_following_frame() {
        // A stray sync byte claims a long frame; the real frame inside it is found anyway.
        let mut bytes = vec![REPLY_SYNC, 0x01, 0x10];
        bytes.extend(encode(REPLY_SYNC, 2, &[5]));
        bytes.extend([0u8; 16]);
        let mut d = Deframer::new(REPLY_SYNC);
        let found = frames(&mut d, &bytes);
        assert!(found.contains(&Found::Frame(Frame {
            code: 2,
            payload: vec![5]
        })));
    }
}
