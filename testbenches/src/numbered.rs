//! Requests as a testbench sends them to the bridge: numbered as a host numbers them, each
//! reply checked to carry its request's number and then read without it.

use gpu16_sim::link::framing::Frame;
use gpu16_sim::link::{next_seq, request_frame, Command, Reply, ERROR_REPLY};

/// A testbench's request numbering.
#[derive(Clone, Copy, Debug, Default)]
pub struct Numbering {
    /// The number of the last request sent.
    pub seq: u8,
}

impl Numbering {
    /// The next request's bytes and number (Identify is not numbered).
    pub fn next(&mut self, command: Command, args: &[u8]) -> (Vec<u8>, u8) {
        if command != Command::Identify {
            self.seq = next_seq(self.seq);
        }
        (request_frame(command, self.seq, args), self.seq)
    }
}

/// `reply` to the request `seq` of `command`, as the testbenches read it: the code and the
/// data without the number (an error reply: `[error, command]`). Panics if the reply is not
/// shaped as a reply or carries another number.
pub fn answer(command: Command, seq: u8, reply: Frame) -> Frame {
    match Reply::from_frame(&reply) {
        Some(Reply::Done { seq: got, data }) => {
            if command != Command::Identify {
                assert_eq!(got, Some(seq), "{command:?}: the reply's number");
            }
            Frame {
                code: reply.code,
                payload: data,
            }
        }
        Some(Reply::Refused {
            seq: got,
            error,
            command: code,
        }) => {
            if command != Command::Identify {
                assert_eq!(got, seq, "{command:?}: the error reply's number");
            }
            Frame {
                code: ERROR_REPLY,
                payload: vec![error.map_or(0, |e| e as u8), code],
            }
        }
        None => panic!("{command:?}: not a reply: {reply:?}"),
    }
}
