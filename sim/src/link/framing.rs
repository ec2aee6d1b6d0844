//! Frames on the line: building them, and finding them again in a byte stream that may hold
//! garbage, lost bytes or damaged frames.
//!
//! ```text
//! sync  code  length  header_check  payload[length]  crc_hi crc_lo
//! ```
//!
//! The header check ([`header_check`]) covers code and length, so where a frame ends is never
//! taken from a damaged length byte; the CRC-16 covers every byte after the sync byte.

use super::crc::{crc16, header_check};
use super::{ERROR_REPLY, MAX_PAYLOAD};

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
    let mut bytes = Vec::with_capacity(payload.len() + OVERHEAD);
    let length = payload.len() as u8;
    bytes.extend([sync, code, length, header_check(code, length)]);
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
    /// The earliest candidate frame is complete and its CRC does not check (its bytes are still
    /// searched for a frame start).
    Damaged,
}

/// Finds frames that start with a given sync byte in a stream of bytes.
///
/// Every sync byte received is a candidate frame start, and all candidates are followed at
/// once: a stray sync byte whose "length" claims more bytes than the real frame after it has
/// does not hide that frame, which is found as soon as its last byte arrives. A candidate
/// whose header does not check is dropped as soon as its header check arrives.
///
/// [`Deframer::in_order`] reads frames as a receiver that takes one frame at a time does: a
/// frame found inside the bytes of an earlier live candidate is held until that candidate
/// dies, so a frame's data that looks like a frame is never taken for it. A host waiting for
/// one reply uses [`Deframer::expecting`]: in order, and only candidates of that reply's code
/// and length, or error replies, live.
pub struct Deframer {
    sync: u8,
    /// Bytes from the earliest live candidate frame start on.
    pending: Vec<u8>,
    /// The only code and payload length taken, besides an error reply's.
    expect: Option<(u8, u8)>,
    /// The earliest live candidate has the first claim.
    in_order: bool,
    /// A frame found inside a live earlier candidate: where it starts in `pending`, and it.
    held: Option<(usize, Frame)>,
}

/// Bytes a frame takes besides its payload: sync, code, length, header check, CRC.
pub const OVERHEAD: usize = 6;

/// Bytes a frame of payload length `len` takes.
fn frame_bytes(len: u8) -> usize {
    usize::from(len) + OVERHEAD
}

/// The payload length of an [`ERROR_REPLY`].
const ERROR_LENGTH: u8 = 3;

impl Deframer {
    pub fn new(sync: u8) -> Deframer {
        Deframer {
            sync,
            pending: Vec::new(),
            expect: None,
            in_order: false,
            held: None,
        }
    }

    /// A deframer that gives the earliest live candidate the first claim: a frame inside it is
    /// taken only if it dies.
    pub fn in_order(sync: u8) -> Deframer {
        Deframer {
            in_order: true,
            ..Deframer::new(sync)
        }
    }

    /// A deframer that takes only frames of `code` with a payload of `length` bytes, or error
    /// replies: the reply a host's request asks for (`Command::reply_length`).
    pub fn expecting(sync: u8, code: u8, length: u8) -> Deframer {
        Deframer {
            expect: Some((code, length)),
            ..Deframer::in_order(sync)
        }
    }

    /// `candidate` (from a sync byte on) can still be a frame: its header, as far as it has
    /// come, checks, and is of the shape expected.
    fn header_ok(&self, candidate: &[u8]) -> bool {
        let shape_ok = |code: u8, length: u8| match self.expect {
            Some(expected) => {
                (code, length) == expected || (code, length) == (ERROR_REPLY, ERROR_LENGTH)
            }
            None => true,
        };
        match candidate {
            [_, code, length, check, ..] => {
                header_check(*code, *length) == *check && shape_ok(*code, *length)
            }
            [_, code, length] => shape_ok(*code, *length),
            _ => true,
        }
    }

    /// True while part of a frame may have been received.
    pub fn in_frame(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Takes one byte; reports a frame when one is complete.
    pub fn push(&mut self, byte: u8) -> Option<Found> {
        if self.pending.is_empty() && byte != self.sync {
            return None;
        }
        self.pending.push(byte);
        // A frame ends at this byte if a candidate's length says so and its CRC checks.
        let end = self.pending.len();
        for start in 0..end {
            let candidate = &self.pending[start..];
            if candidate[0] != self.sync {
                continue;
            }
            if let Some(&len) = candidate.get(2) {
                if candidate.len() == frame_bytes(len)
                    && self.header_ok(candidate)
                    && crc16(&candidate[1..]) == 0
                {
                    let frame = Frame {
                        code: candidate[1],
                        payload: candidate[4..4 + usize::from(len)].to_vec(),
                    };
                    if start > 0 && self.in_order {
                        // Inside the earliest candidate, which is still live: its data, unless
                        // that candidate dies.
                        self.held.get_or_insert((start, frame));
                        continue;
                    }
                    self.pending.clear();
                    self.held = None;
                    return Some(Found::Frame(frame));
                }
            }
        }
        // The earliest candidate is dead once its header fails or all its bytes are in (its
        // CRC failed): drop it, and any dead candidates after it, up to the next one that may
        // still be a frame.
        let mut damaged = None;
        while let Some(&len) = self.pending.get(2) {
            let complete = self.pending.len() >= frame_bytes(len);
            if self.header_ok(&self.pending) && !complete {
                break;
            }
            damaged = Some(Found::Damaged);
            let next = self.pending[1..].iter().position(|&b| b == self.sync);
            let dropped = next.map_or(self.pending.len(), |at| at + 1);
            self.pending.drain(..dropped);
            // A frame held inside the candidate that died is now the earliest: it was a frame.
            if let Some((start, frame)) = self.held.take() {
                match start.checked_sub(dropped) {
                    Some(0) | None => {
                        self.pending.clear();
                        return Some(Found::Frame(frame));
                    }
                    Some(at) => self.held = Some((at, frame)),
                }
            }
        }
        damaged
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::{REPLY_SYNC, REQUEST_SYNC};

    fn frames(d: &mut Deframer, bytes: &[u8]) -> Vec<Found> {
        bytes.iter().filter_map(|&b| d.push(b)).collect()
    }

    /// What `d` found in `bytes`, each with the index of the byte it was found at.
    fn found_at(d: &mut Deframer, bytes: &[u8]) -> Vec<(usize, Found)> {
        bytes
            .iter()
            .enumerate()
            .filter_map(|(i, &b)| d.push(b).map(|f| (i, f)))
            .collect()
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
    fn a_stray_sync_byte_claiming_a_long_frame_does_not_delay_the_real_one() {
        // The stray claims 200 bytes, and its header checks (garbage does, one time in 256);
        // the real frame is found at its own last byte.
        let mut bytes = vec![REPLY_SYNC, 0x01, 200, header_check(0x01, 200)];
        let real = encode(REPLY_SYNC, 2, &[5, 6]);
        bytes.extend(&real);
        let mut d = Deframer::new(REPLY_SYNC);
        let found = found_at(&mut d, &bytes);
        assert_eq!(
            found,
            [(
                bytes.len() - 1,
                Found::Frame(Frame {
                    code: 2,
                    payload: vec![5, 6]
                })
            )]
        );
        assert!(!d.in_frame());
    }

    #[test]
    fn a_frame_with_a_damaged_length_is_dropped_at_its_header() {
        // Any flip of the length byte: the candidate dies at its header check, whatever the
        // payload holds, and the frame after it is found.
        let good = encode(REQUEST_SYNC, 4, &[1]);
        for bit in 0..8 {
            let mut bad = encode(REQUEST_SYNC, 3, &[9; 40]);
            bad[2] ^= 1 << bit;
            let mut d = Deframer::new(REQUEST_SYNC);
            let found = frames(&mut d, &bad[..4]);
            assert_eq!(found, [Found::Damaged], "bit {bit}");
            frames(&mut d, &bad[4..]);
            let found = frames(&mut d, &good);
            assert_eq!(
                found.last(),
                Some(&Found::Frame(Frame {
                    code: 4,
                    payload: vec![1]
                })),
                "bit {bit}"
            );
        }
    }

    #[test]
    fn a_reply_whose_data_holds_frames_is_read_whole() {
        use crate::link::Command;
        // Data holding a frame of every reply shape the link has (each code, with its header
        // check and CRC), the error reply among them, read back as a host reads it.
        let mut data = Vec::new();
        for code in (1..=14).chain([ERROR_REPLY]) {
            data.extend(encode(REPLY_SYNC, code, &[7, 1, 2]));
            data.extend(encode(REPLY_SYNC, code, &[]));
        }
        data.extend([0x5a, 0x07, 0x00, 0xbc, 0x2f, 0x5b]);
        for chunk in data.chunks(64) {
            let mut payload = vec![9];
            payload.extend(chunk);
            let reply = encode(REPLY_SYNC, Command::ReadSm as u8, &payload);
            let args = [0, 0, chunk.len() as u8];
            let length = Command::ReadSm.reply_length(&args);
            let mut d = Deframer::expecting(REPLY_SYNC, Command::ReadSm as u8, length);
            let found = found_at(&mut d, &reply);
            assert_eq!(
                found,
                [(
                    reply.len() - 1,
                    Found::Frame(Frame {
                        code: Command::ReadSm as u8,
                        payload: payload.clone()
                    })
                )],
                "{chunk:02x?}"
            );
        }
    }

    #[test]
    fn an_error_reply_inside_a_reply_that_dies_was_the_reply() {
        // A stray sync byte with a header of the expected shape, then a whole error reply: the
        // stray dies at its CRC and the error reply is taken.
        let mut bytes = vec![REPLY_SYNC, 4, 12, header_check(4, 12)];
        let error = encode(REPLY_SYNC, ERROR_REPLY, &[3, 4, 4]);
        bytes.extend(&error);
        bytes.extend([0; 8]);
        let mut d = Deframer::expecting(REPLY_SYNC, 4, 12);
        let found = frames(&mut d, &bytes);
        assert!(
            found.contains(&Found::Frame(Frame {
                code: ERROR_REPLY,
                payload: vec![3, 4, 4]
            })),
            "{found:?}"
        );
        // Without the stray, it is taken at its last byte.
        let mut d = Deframer::expecting(REPLY_SYNC, 4, 12);
        assert_eq!(
            frames(&mut d, &error),
            [Found::Frame(Frame {
                code: ERROR_REPLY,
                payload: vec![3, 4, 4]
            })]
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
