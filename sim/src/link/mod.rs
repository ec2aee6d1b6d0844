//! The board link: how a host PC drives a gpu16 board over a UART. One definition for both
//! sides — the bridge in the board's RTL (`hdl/src/bridge/`) takes its command codes, limits
//! and CRC from here, and so does the host (`host/`).
//!
//! Every exchange is one **request** from the host and one **reply** from the board:
//!
//! ```text
//! request:  A5  command  length  hcheck  payload[length]  crc_hi crc_lo
//! reply:    5A  code     length  hcheck  payload[length]  crc_hi crc_lo
//! ```
//!
//! `hcheck` ([`crc::header_check`]) is a CRC-8 of command/code and length: the length says
//! where a frame ends, so it is checked on its own, and one damaged header byte is always
//! caught. The CRC-16 ([`crc`]) covers every byte after the sync byte. A reply's code is the
//! request's command when it succeeded, or [`ERROR_REPLY`] ([`LinkError`]). The board checks a
//! request whole before it acts on it: a frame with a bad header or CRC, an unknown command, a
//! wrong length or a bad argument changes nothing.
//!
//! **Where a frame may start.** A sync byte is also a data byte, so neither side takes one for
//! a frame's start wherever it finds it. The board takes a request's sync byte only after
//! [`IDLE_BIT_TIMES`] of silence on the line (a host sends a request after the reply to the
//! last, never straight after other bytes); any other byte between frames — a request whose
//! sync byte was lost or damaged, a line joined mid-frame, garbage — is damage, and so are a
//! bad header and a bad CRC: the board then takes nothing until the line has been silent for
//! [`TIMEOUT_BIT_TIMES`] bit times, so no byte inside a damaged frame is ever read as the start
//! of a request. A frame that stops arriving is dropped after the same silence. A host takes a
//! reply only of the shape its request asks for ([`Command::reply_length`]: its code, or
//! [`ERROR_REPLY`], and its length), so a reply's data never hides the reply itself: a frame
//! inside the data would have to be as long as the reply that carries it. Garbage and lost
//! bytes cost one retry, never a wedged link or a request nobody sent.
//!
//! **Sequence numbers: every request is carried out at most once.** The first payload byte of
//! every request but [`Command::Identify`] is its sequence number `seq`, and the first payload
//! byte of its reply (an error reply's too) is the same `seq`:
//!
//! ```text
//! request:  A5  command  length  hcheck  seq  args…      crc_hi crc_lo
//! reply:    5A  command  length  hcheck  seq  data…      crc_hi crc_lo
//! error:    5A  EE       03      hcheck  seq  error  command  crc_hi crc_lo
//! ```
//!
//! A host numbers its requests 1, 2, … 255, 1, … ([`next_seq`]; never 0) and sends a request
//! again — the same bytes, with the *same* `seq` — when its reply is lost or damaged. The board
//! remembers the `seq`, command and CRC-16 of the last request that changed it
//! ([`Command::changes_board`]: session, write TM, write SM, clear SM, launch; 0 after
//! power-up; the `seq` is reported in [`BoardStatus::seq`]). A request that changes the board
//! and repeats all three is a resend ([`is_resend`]): the board answers it as it answered the
//! first (an empty success), and does not carry it out again — a launch whose reply was lost
//! never runs the program twice. A request under the same number that differs in any byte is
//! another request, and is carried out. Reads are carried out again: they change nothing. A
//! host takes only the reply whose `seq` is the one it sent, so a late or duplicated reply to
//! an earlier request is never taken for the answer to this one.
//!
//! **Sessions: the board a host reads is the board it loaded.** A host starts each run with
//! [`Command::Session`], giving a random nonzero number; the board reports it in every status
//! ([`BoardStatus::session`]) until it is powered off, reset or re-flashed (then 0) or another
//! session starts. A host checks it in every status it reads from then on — before the launch,
//! while the run goes on, after the read-back — so a board that lost what was uploaded to it
//! is reported, never read as a result.
//!
//! `Identify` has no `seq`, in this version and every other: its exchange is the one a host
//! of any version can make with a board of any version, to learn the board's [`VERSION`].
//!
//! Multi-byte numbers in payloads are little-endian.

pub mod crc;
pub mod framing;

pub use crate::run::Handled;

/// The protocol's version, reported by [`Command::Identify`]. A host refuses a board of
/// another version.
pub const VERSION: u8 = 6;

/// The first byte of a request.
pub const REQUEST_SYNC: u8 = 0xa5;
/// The first byte of a reply.
pub const REPLY_SYNC: u8 = 0x5a;
/// A reply's code when the request failed.
pub const ERROR_REPLY: u8 = 0xee;
/// The largest payload of a frame.
pub const MAX_PAYLOAD: usize = 255;

/// A frame that has started is dropped after this many bit times without a byte, and after a
/// damaged frame the board takes nothing until the line has been silent this long.
pub const TIMEOUT_BIT_TIMES: u64 = 2048;

/// A request's sync byte starts a frame only when this many bit times have passed since the
/// byte before it was received: back-to-back bytes arrive 10 bit times apart, so a sync byte
/// inside a stream of bytes (a frame's data) is never taken for a frame's start.
pub const IDLE_BIT_TIMES: u64 = 16;

/// The bytes [`Command::Identify`] starts with: a gpu16 board, not some other device.
pub const MAGIC: [u8; 3] = *b"g16";

/// Timeline log entries a board keeps per run (64 frames and up to 1,008 READY cycles fit).
pub const EVENT_CAPACITY: usize = 2048;

/// The sequence number a host gives the request after one numbered `seq`: 1 to 255, then 1
/// again. Never 0, the number a board reports after power-up, so that a host's first request
/// is never taken for a resend.
pub fn next_seq(seq: u8) -> u8 {
    seq % 255 + 1
}

/// The bytes of a request: `seq`, then `args` (Identify: neither).
pub fn request_frame(command: Command, seq: u8, args: &[u8]) -> Vec<u8> {
    if command == Command::Identify {
        return framing::encode(REQUEST_SYNC, command as u8, &[]);
    }
    let mut payload = Vec::with_capacity(args.len() + 1);
    payload.push(seq);
    payload.extend_from_slice(args);
    framing::encode(REQUEST_SYNC, command as u8, &payload)
}

/// A reply as a host reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The request was carried out: its `seq` (none for Identify) and the reply's data.
    Done { seq: Option<u8>, data: Vec<u8> },
    /// The board refused the request `seq` (for [`LinkError::BadCrc`], whatever byte stood
    /// where a `seq` would be). `error` is `None` for a code this host does not know.
    Refused {
        seq: u8,
        error: Option<LinkError>,
        command: u8,
    },
}

impl Reply {
    /// Reads a reply frame; `None` if its shape is not one of a reply's.
    pub fn from_frame(frame: &framing::Frame) -> Option<Reply> {
        let p = &frame.payload;
        if frame.code == ERROR_REPLY {
            return match p[..] {
                [seq, error, command] => Some(Reply::Refused {
                    seq,
                    error: LinkError::from_code(error),
                    command,
                }),
                _ => None,
            };
        }
        if frame.code == Command::Identify as u8 {
            return Some(Reply::Done {
                seq: None,
                data: p.clone(),
            });
        }
        let (&seq, data) = p.split_first()?;
        Some(Reply::Done {
            seq: Some(seq),
            data: data.to_vec(),
        })
    }
}

/// A request's command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Command {
    /// → [`Identity`] (15 bytes).
    Identify = 1,
    /// `first_line, 8·n bytes` (1 ≤ n ≤ [`MAX_TM_LINES`]): task lines `first_line…` of Task
    /// Memory, each 8 bytes little-endian (frame byte order). Line numbers wrap at 256.
    /// (Every request but Identify starts with its `seq`, not listed here.)
    WriteTm = 2,
    /// `address (2), n bytes` (1 ≤ n ≤ [`MAX_SM_WRITE`]): shared-memory bytes from `address`
    /// (wrapping at 4096).
    WriteSm = 3,
    /// `address (2), count` (1–[`MAX_SM_READ`]) → `count` bytes of shared memory.
    ReadSm = 4,
    /// Zero all of shared memory.
    ClearSm = 5,
    /// `frames (1–64), max_cycles (4)`: start a run of TM frames `0..frames` (0 = no cycle
    /// limit). Refused while a run is in progress.
    Launch = 6,
    /// → [`BoardStatus`] (15 bytes).
    Status = 7,
    /// `first (2), count` (1–[`MAX_EVENTS_READ`]) → `count` timeline log entries
    /// ([`LogEntry`], 10 bytes each).
    ReadEvents = 8,
    /// `first, count` (1–[`MAX_COUNTERS_READ`]) → `count` 32-bit performance counters
    /// (`stat_sel` order, see `gpu16_hdl::gpu`); zeros in a build without counters. Refused
    /// until the counts of the last run are final ([`BoardStatus::counters_ready`]).
    ReadCounters = 9,
    /// `first, count` (1–[`MAX_REGS_READ`]) → `count` registers; register r of core c is
    /// number 16·c + r.
    ReadRegs = 10,
    /// `session (2)`, nonzero: start a session; the status reports the number until the board
    /// is reset or another session starts.
    Session = 11,
    /// → the design's fingerprint (8 bytes): a hash of the board top's Verilog as it was built,
    /// this fingerprint 0 in it (`gpu16_fpga::board::fingerprint`). A host compares it with the
    /// design its own sources make for the board's identity.
    Design = 12,
    /// End the run in progress, as its cycle limit would: it ends with `TIMEOUT`, and the status
    /// shows [`BoardStatus::stopped`]. Nothing happens when no run is in progress. Not numbered
    /// among the requests that change the board: a second stop changes nothing either.
    Stop = 13,
    /// → the last launch's arguments (5 bytes: frames, max_cycles; zeros before the first):
    /// how long a run another host left going can last.
    Launched = 14,
}

/// Task lines one [`Command::WriteTm`] carries at most (`seq`, the first line, 31 × 8 bytes).
pub const MAX_TM_LINES: usize = 31;
/// Bytes one [`Command::WriteSm`] carries at most (after its `seq` and address).
pub const MAX_SM_WRITE: usize = MAX_PAYLOAD - 3;
/// The largest reply data: a reply's payload is its `seq` and the data.
pub const MAX_REPLY_DATA: usize = MAX_PAYLOAD - 1;
/// Bytes one [`Command::ReadSm`] returns at most.
pub const MAX_SM_READ: usize = MAX_REPLY_DATA;
/// Registers one [`Command::ReadRegs`] returns at most.
pub const MAX_REGS_READ: usize = MAX_REPLY_DATA;
/// Entries one [`Command::ReadEvents`] returns at most.
pub const MAX_EVENTS_READ: usize = MAX_REPLY_DATA / LogEntry::BYTES;
/// Counters one [`Command::ReadCounters`] returns at most.
pub const MAX_COUNTERS_READ: usize = MAX_REPLY_DATA / 4;

impl Command {
    /// Every command, in code order.
    pub const ALL: [Command; 14] = [
        Command::Identify,
        Command::WriteTm,
        Command::WriteSm,
        Command::ReadSm,
        Command::ClearSm,
        Command::Launch,
        Command::Status,
        Command::ReadEvents,
        Command::ReadCounters,
        Command::ReadRegs,
        Command::Session,
        Command::Design,
        Command::Stop,
        Command::Launched,
    ];

    /// The command with code `code`.
    pub fn from_code(code: u8) -> Option<Command> {
        Command::ALL.into_iter().find(|c| *c as u8 == code)
    }

    /// The payload length of the reply that carries out this request with arguments `args`
    /// (after the `seq`): the `seq` and the data (Identify's: the identity alone). A refusal
    /// is an [`ERROR_REPLY`] of 3 bytes instead. A host reads a reply by it
    /// ([`framing::Deframer::expecting`]).
    pub fn reply_length(self, args: &[u8]) -> u8 {
        let arg = |i: usize| usize::from(args.get(i).copied().unwrap_or(0));
        let data = match self {
            Command::Identify => return Identity::BYTES as u8,
            Command::WriteTm
            | Command::WriteSm
            | Command::ClearSm
            | Command::Launch
            | Command::Session
            | Command::Stop => 0,
            Command::ReadSm => arg(2),
            Command::Status => BoardStatus::BYTES,
            Command::ReadEvents => arg(2) * LogEntry::BYTES,
            Command::ReadCounters => arg(1) * 4,
            Command::ReadRegs => arg(1),
            Command::Design => 8,
            Command::Launched => Launched::BYTES,
        };
        (1 + data).min(MAX_PAYLOAD) as u8
    }

    /// The command changes what the board holds or does (memories, a run): a resend of it
    /// with the same `seq` is answered, not carried out again.
    pub fn changes_board(self) -> bool {
        matches!(
            self,
            Command::WriteTm
                | Command::WriteSm
                | Command::ClearSm
                | Command::Launch
                | Command::Session
        )
    }
}

/// What the board keeps of the last request that changed it (all 0 after power-up).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LastChange {
    pub seq: u8,
    pub command: u8,
    /// The request's CRC-16 (its last two bytes, high byte first).
    pub crc: u16,
}

/// A request of command `code`, number `seq` and CRC-16 `crc` is a resend of `last`, to be
/// answered and not carried out again: it changes the board and repeats the last such request's
/// number, command and CRC. The CRC covers every byte after the sync byte, so a request that
/// differs from the last in its payload is carried out, except when its CRC-16 happens to
/// equal the last one's (1 in 65,536 of such pairs): a client must therefore never give a new
/// request the number of the request before it, which [`next_seq`] never does (docs/BOARD.md,
/// "What the board compares").
pub fn is_resend(code: u8, seq: u8, crc: u16, last: LastChange) -> bool {
    Command::from_code(code).is_some_and(Command::changes_board)
        && seq == last.seq
        && code == last.command
        && crc == last.crc
}

/// The lengths a command's payload may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Length {
    /// Exactly this many bytes.
    Exact(u8),
    /// At least this many (and at most [`MAX_PAYLOAD`]).
    AtLeast(u8),
    /// This many, then 1 or more task lines of 8 bytes.
    Lines(u8),
}

/// What a request must be for the board to carry it out, besides arriving whole: one
/// definition for the bridge's checks (`gpu16_hdl::bridge::request_check`) and the host's
/// requests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// The payload's length (its `seq` included).
    pub length: Length,
    /// A count: payload byte `.0` must be 1 to `.1`.
    pub count: Option<(usize, u8)>,
    /// A 16-bit number at payload bytes `n` and `n + 1` that must not be 0.
    pub nonzero: Option<usize>,
    /// Refused while a run is in progress.
    pub needs_idle: bool,
    /// Refused until the performance counters are final.
    pub needs_counters: bool,
}

impl Command {
    /// What this command's requests must be.
    pub const fn shape(self) -> Shape {
        let (length, count, needs_idle) = match self {
            Command::Identify => (Length::Exact(0), None, false),
            Command::Stop => (Length::Exact(1), None, false),
            Command::Launched => (Length::Exact(1), None, false),
            Command::WriteTm => (Length::Lines(2), None, true),
            Command::WriteSm => (Length::AtLeast(4), None, true),
            Command::ReadSm => (Length::Exact(4), Some((3, MAX_SM_READ as u8)), true),
            Command::ClearSm => (Length::Exact(1), None, true),
            Command::Launch => (Length::Exact(6), Some((1, 64)), true),
            Command::Status => (Length::Exact(1), None, false),
            Command::ReadEvents => (Length::Exact(4), Some((3, MAX_EVENTS_READ as u8)), false),
            Command::ReadCounters => (Length::Exact(3), Some((2, MAX_COUNTERS_READ as u8)), true),
            Command::ReadRegs => (Length::Exact(3), Some((2, MAX_REGS_READ as u8)), true),
            Command::Session => (Length::Exact(3), None, false),
            Command::Design => (Length::Exact(1), None, false),
        };
        Shape {
            length,
            count,
            nonzero: match self {
                Command::Session => Some(1),
                _ => None,
            },
            needs_idle,
            needs_counters: matches!(self, Command::ReadCounters),
        }
    }
}

/// What the board knows when it checks a request.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardState {
    /// A run is in progress.
    pub running: bool,
    /// The performance counters hold the last run's final counts.
    pub counters_ready: bool,
}

/// Why the board refuses a whole request of command `code` with a payload of `length` bytes
/// whose first four are `payload` (the `seq` and three arguments: a count is among them), or
/// `None` to carry it out.
/// The checks go in order: a known command, its length, its count, the counters, a run in
/// progress. `resend`: the request repeats the last one that changed the board, which is
/// answered even while the run it started goes on.
pub fn refusal(
    code: u8,
    length: u8,
    payload: [u8; 4],
    board: BoardState,
    resend: bool,
) -> Option<LinkError> {
    let Some(command) = Command::from_code(code) else {
        return Some(LinkError::UnknownCommand);
    };
    let shape = command.shape();
    let length_ok = match shape.length {
        Length::Exact(n) => length == n,
        Length::AtLeast(n) => length >= n,
        Length::Lines(n) => length > n && (length - n).is_multiple_of(8),
    };
    if !length_ok {
        return Some(LinkError::BadLength);
    }
    if let Some((arg, max)) = shape.count {
        if payload[arg] == 0 || payload[arg] > max {
            return Some(LinkError::BadArgument);
        }
    }
    if let Some(at) = shape.nonzero {
        if payload[at] == 0 && payload[at + 1] == 0 {
            return Some(LinkError::BadArgument);
        }
    }
    if shape.needs_counters && !board.counters_ready {
        return Some(LinkError::Busy);
    }
    if shape.needs_idle && board.running && !resend {
        return Some(LinkError::Busy);
    }
    None
}

/// Why the board refused a request (the first payload byte of an [`ERROR_REPLY`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum LinkError {
    /// The frame's CRC did not check: it was damaged on the line.
    BadCrc = 1,
    /// No such command.
    UnknownCommand = 2,
    /// The payload's length does not fit the command.
    BadLength = 3,
    /// A run is in progress (or, for [`Command::ReadCounters`], its counts are not final yet).
    Busy = 4,
    /// A count of 0 or past the command's limit, a program length outside 1–64, or a
    /// session number of 0.
    BadArgument = 5,
}

impl LinkError {
    /// The error with code `code`.
    pub fn from_code(code: u8) -> Option<LinkError> {
        [
            LinkError::BadCrc,
            LinkError::UnknownCommand,
            LinkError::BadLength,
            LinkError::Busy,
            LinkError::BadArgument,
        ]
        .into_iter()
        .find(|e| *e as u8 == code)
    }

    /// What it means, for messages.
    pub fn describe(self) -> &'static str {
        match self {
            LinkError::BadCrc => "the request arrived damaged (CRC)",
            LinkError::UnknownCommand => "the board does not know the command",
            LinkError::BadLength => "the request's length does not fit its command",
            LinkError::Busy => "a run is in progress",
            LinkError::BadArgument => "an argument is out of range",
        }
    }
}

/// [`Command::Identify`]'s reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Identity {
    pub version: u8,
    /// The bitstream has the performance counters (`--stats`).
    pub counters: bool,
    /// A simulated board (`gpu16 board-sim`): its UART bit time is short, its clock slow.
    pub simulated: bool,
    /// The GPU's clock.
    pub clock_hz: u32,
    /// The UART's rate the bitstream was built for.
    pub baud: u32,
    /// Timeline log entries per run.
    pub event_capacity: u16,
    /// N, the GPU's cores (1–16, MACHINE.md §1).
    pub cores: u8,
}

/// Bit of [`Identity`]'s options byte: counters built in.
pub const OPTION_COUNTERS: u8 = 1;
/// Bit of [`Identity`]'s options byte: a simulated board.
pub const OPTION_SIMULATED: u8 = 2;
/// Where [`Identity`]'s options byte holds N − 1 (bits 7..4).
pub const OPTION_CORES_SHIFT: u8 = 4;

impl Identity {
    /// Payload bytes.
    pub const BYTES: usize = 15;

    // The payload: magic (3), version, options (bit 0 counters, bit 1 simulated, bits 7..4
    // N − 1), clock in Hz (4), UART rate (4), log capacity (2).

    pub fn encode(&self) -> [u8; Identity::BYTES] {
        let mut b = [0u8; Identity::BYTES];
        b[..3].copy_from_slice(&MAGIC);
        b[3] = self.version;
        b[4] = (u8::from(self.counters) * OPTION_COUNTERS)
            | (u8::from(self.simulated) * OPTION_SIMULATED)
            | (self.cores.wrapping_sub(1) << OPTION_CORES_SHIFT);
        b[5..9].copy_from_slice(&self.clock_hz.to_le_bytes());
        b[9..13].copy_from_slice(&self.baud.to_le_bytes());
        b[13..15].copy_from_slice(&self.event_capacity.to_le_bytes());
        b
    }

    /// `None` if the payload is not a gpu16 identity.
    pub fn decode(b: &[u8]) -> Option<Identity> {
        if b.len() != Identity::BYTES || b[..3] != MAGIC {
            return None;
        }
        Some(Identity {
            version: b[3],
            counters: b[4] & OPTION_COUNTERS != 0,
            simulated: b[4] & OPTION_SIMULATED != 0,
            clock_hz: u32::from_le_bytes(b[5..9].try_into().ok()?),
            baud: u32::from_le_bytes(b[9..13].try_into().ok()?),
            event_capacity: u16::from_le_bytes(b[13..15].try_into().ok()?),
            cores: (b[4] >> OPTION_CORES_SHIFT) + 1,
        })
    }
}

/// [`Command::Status`]'s reply: the GPU's host view of its last run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct BoardStatus {
    pub running: bool,
    pub done: bool,
    /// The last run was ended by [`Command::Stop`] (its code is `TIMEOUT`).
    pub stopped: bool,
    /// The timeline log filled up: later entries were not kept.
    pub events_overflowed: bool,
    /// The performance counters hold the last run's final counts (about a hundred cycles
    /// after it ends; always in a build without counters).
    pub counters_ready: bool,
    /// The run's status code (`crate::run::ErrorCode::hardware_code`, 0 ok), frame, core and
    /// IP.
    pub code: u8,
    pub frame: u8,
    pub core: u8,
    pub ip: u8,
    pub cycles: u32,
    /// Launches since the board was configured (wraps at 256).
    pub runs: u8,
    /// Timeline log entries of the last run.
    pub events: u16,
    /// The `seq` of the last request that changed the board (0 after power-up): a host
    /// numbers its requests on from it, and sees from it whether its launch was carried out
    /// and whether the run it reads is still its own.
    pub seq: u8,
    /// The number of the last [`Command::Session`] (0 after power-up): a host sees from it
    /// that the board still holds what it uploaded.
    pub session: u16,
}

/// [`Command::Launched`]'s reply: the last launch's arguments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Launched {
    /// Frames run (1–64).
    pub frames: u8,
    /// The cycle limit (0: none).
    pub max_cycles: u32,
}

impl Launched {
    /// Payload bytes.
    pub const BYTES: usize = 5;

    pub fn encode(&self) -> [u8; Launched::BYTES] {
        let m = self.max_cycles.to_le_bytes();
        [self.frames, m[0], m[1], m[2], m[3]]
    }

    pub fn decode(b: &[u8]) -> Option<Launched> {
        match *b {
            [frames, m0, m1, m2, m3] => Some(Launched {
                frames,
                max_cycles: u32::from_le_bytes([m0, m1, m2, m3]),
            }),
            _ => None,
        }
    }
}

/// Where a field of a reply or a log entry lies in its bytes: its first bit (bit 0 is bit 0
/// of byte 0; numbers are little-endian) and its width in bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldAt {
    pub bit: usize,
    pub width: usize,
}

impl FieldAt {
    /// `value`, cut to the field's width, in its place.
    pub fn place(self, value: u64) -> u128 {
        (u128::from(value) & ((1 << self.width) - 1)) << self.bit
    }

    /// The field's value in `word`.
    pub fn take(self, word: u128) -> u64 {
        ((word >> self.bit) & ((1 << self.width) - 1)) as u64
    }
}

/// A layout: each field's name (the RTL's port that carries it) and place.
pub type Layout = [(&'static str, FieldAt)];

/// `values` (in `layout`'s order) packed into one little-endian number.
pub fn pack(layout: &Layout, values: &[u64]) -> u128 {
    layout
        .iter()
        .zip(values)
        .fold(0, |word, ((_, at), value)| word | at.place(*value))
}

/// The low `N` bytes of `word`, as bytes.
fn le_bytes<const N: usize>(word: u128) -> [u8; N] {
    let bytes = word.to_le_bytes();
    std::array::from_fn(|i| bytes[i])
}

/// `bytes` as one little-endian number.
fn le_word(bytes: &[u8]) -> u128 {
    let mut all = [0u8; 16];
    all[..bytes.len()].copy_from_slice(bytes);
    u128::from_le_bytes(all)
}

impl BoardStatus {
    /// Payload bytes.
    pub const BYTES: usize = 15;

    /// The payload as one little-endian number (its low [`BoardStatus::BYTES`] bytes), each
    /// field cut to its width.
    pub fn word(&self) -> u128 {
        pack(&Self::FIELDS, &self.values())
    }

    pub fn encode(&self) -> [u8; BoardStatus::BYTES] {
        le_bytes(self.word())
    }

    pub fn decode(b: &[u8]) -> Option<BoardStatus> {
        if b.len() != BoardStatus::BYTES {
            return None;
        }
        let word = le_word(b);
        Some(Self::from_values(Self::FIELDS.map(|(_, at)| at.take(word))))
    }
}

/// A field of a layout, as the number it is packed as.
trait Field: Copy {
    fn to_u64(self) -> u64;
    /// The value packed as `v` (already cut to the field's width).
    fn from_u64(v: u64) -> Self;
}

impl Field for bool {
    fn to_u64(self) -> u64 {
        u64::from(self)
    }
    fn from_u64(v: u64) -> Self {
        v != 0
    }
}

macro_rules! unsigned_field {
    ($($t:ty),*) => {$(
        impl Field for $t {
            fn to_u64(self) -> u64 {
                u64::from(self)
            }
            fn from_u64(v: u64) -> Self {
                v as $t
            }
        }
    )*};
}
unsigned_field!(u8, u16, u32);

/// A reply's layout, written once: each field of the struct `$t` with its first bit and width,
/// in order. It gives `$t::FIELDS` (the names and places the RTL packs the reply by and the
/// host reads it by), `$t::values` and `$t::from_values` in that order; a field the list
/// leaves out, or names twice, does not compile.
macro_rules! layout {
    ($t:ident, $n:literal: $($field:ident @ $bit:literal, $width:literal;)*) => {
        impl $t {
            /// The layout, field by field in [`Self::values`]' order.
            pub const FIELDS: [(&'static str, FieldAt); $n] =
                [$((stringify!($field), FieldAt { bit: $bit, width: $width }),)*];

            /// The fields' values, in [`Self::FIELDS`]' order.
            pub fn values(&self) -> [u64; $n] {
                [$(Field::to_u64(self.$field),)*]
            }

            /// The struct of `values`, in [`Self::FIELDS`]' order.
            fn from_values(values: [u64; $n]) -> $t {
                let [$($field,)*] = values;
                $t { $($field: Field::from_u64($field),)* }
            }
        }
    };
}

layout!(BoardStatus, 14:
    running @ 0, 1;
    done @ 1, 1;
    events_overflowed @ 2, 1;
    counters_ready @ 3, 1;
    stopped @ 4, 1;
    code @ 8, 8;
    frame @ 16, 8;
    core @ 24, 8;
    ip @ 32, 8;
    cycles @ 40, 32;
    runs @ 72, 8;
    events @ 80, 16;
    seq @ 96, 8;
    session @ 104, 16;
);

/// One entry of the board's timeline log: the GPU's timeline outputs in one cycle where they
/// showed something. The host turns these into MACHINE.md §9's timeline exactly as the rust-hdl
/// driver does from the same outputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogEntry {
    /// The run's cycle (the GPU's `cycles`: 0 in its first cycle).
    pub cycle: u32,
    /// Cores that signalled READY in this cycle.
    pub ready: u16,
    pub handled: Option<Handled>,
}

impl LogEntry {
    /// Bytes per entry.
    pub const BYTES: usize = 10;

    /// The entry's layout, in [`LogEntry::values`]' order: the one definition the board's
    /// timeline log packs its entries by and the host reads them by. `frame` and `mask` mean
    /// something only when `handled` is set.
    pub const FIELDS: [(&'static str, FieldAt); 6] = [
        ("cycle", FieldAt { bit: 0, width: 32 }),
        ("ready", FieldAt { bit: 32, width: 16 }),
        ("mask", FieldAt { bit: 48, width: 16 }),
        ("frame", FieldAt { bit: 64, width: 8 }),
        ("handled", FieldAt { bit: 72, width: 1 }),
        ("is_if", FieldAt { bit: 73, width: 1 }),
    ];

    /// The fields' values, in [`LogEntry::FIELDS`]' order.
    pub fn values(&self) -> [u64; 6] {
        let h = self.handled.unwrap_or(Handled {
            is_if: false,
            frame: 0,
            mask: 0,
        });
        [
            u64::from(self.cycle),
            u64::from(self.ready),
            u64::from(h.mask),
            u64::from(h.frame),
            u64::from(self.handled.is_some()),
            u64::from(h.is_if),
        ]
    }

    pub fn encode(&self) -> [u8; LogEntry::BYTES] {
        le_bytes(pack(&Self::FIELDS, &self.values()))
    }

    pub fn decode(b: &[u8]) -> Option<LogEntry> {
        if b.len() != LogEntry::BYTES {
            return None;
        }
        let word = le_word(b);
        let v: [u64; 6] = std::array::from_fn(|i| Self::FIELDS[i].1.take(word));
        Some(LogEntry {
            cycle: v[0] as u32,
            ready: v[1] as u16,
            handled: (v[4] != 0).then_some(Handled {
                is_if: v[5] != 0,
                frame: v[3] as u8,
                mask: v[2] as u16,
            }),
        })
    }
}

/// The UART bit times, in clock cycles, the board's UART blocks are built for.
pub const BIT_TIME_CLOCKS: std::ops::RangeInclusive<u32> = 4..=65_536;

/// How far a UART's rate may be from the one asked for (either side's receiver samples the
/// middle of each bit: a few percent over a 10-bit character is safe).
pub const BAUD_TOLERANCE: f64 = 0.02;

/// A rate the UART cannot run at from the board's clock.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub struct BaudError {
    pub clock_hz: u32,
    pub baud: u32,
}

impl std::fmt::Display for BaudError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} baud cannot be made from the {} MHz clock within 2% (the UART counts a whole \
             number of clocks per bit, {}-{}): the rates it can make lie between {} and {} \
             baud; try 115200, 230400, 460800 or 1000000",
            self.baud,
            f64::from(self.clock_hz) / 1e6,
            BIT_TIME_CLOCKS.start(),
            BIT_TIME_CLOCKS.end(),
            self.clock_hz.div_ceil(*BIT_TIME_CLOCKS.end()),
            self.clock_hz / BIT_TIME_CLOCKS.start()
        )
    }
}

/// The UART bit time in clock cycles for `baud` at `clock_hz` (rounded to nearest), if the
/// UART can make that rate within [`BAUD_TOLERANCE`].
pub fn clocks_per_bit(clock_hz: u32, baud: u32) -> Result<u32, BaudError> {
    let error = BaudError { clock_hz, baud };
    if baud == 0 {
        return Err(error);
    }
    let cpb = ((u64::from(clock_hz) + u64::from(baud / 2)) / u64::from(baud)) as u32;
    let made = f64::from(clock_hz) / f64::from(cpb.max(1));
    if !BIT_TIME_CLOCKS.contains(&cpb)
        || (made - f64::from(baud)).abs() > BAUD_TOLERANCE * f64::from(baud)
    {
        return Err(error);
    }
    Ok(cpb)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_round_trip() {
        let id = Identity {
            version: VERSION,
            counters: true,
            simulated: false,
            clock_hz: 25_000_000,
            baud: 115_200,
            event_capacity: EVENT_CAPACITY as u16,
            cores: 16,
        };
        assert_eq!(Identity::decode(&id.encode()), Some(id));
        for cores in 1..=16 {
            let small = Identity { cores, ..id };
            assert_eq!(Identity::decode(&small.encode()), Some(small));
        }
        let mut not_ours = id.encode();
        not_ours[0] = b'x';
        assert_eq!(Identity::decode(&not_ours), None);
        let st = BoardStatus {
            running: false,
            done: true,
            stopped: true,
            events_overflowed: true,
            counters_ready: true,
            code: 4,
            frame: 63,
            core: 15,
            ip: 9,
            cycles: 0x1234_5678,
            runs: 200,
            events: 2047,
            seq: 77,
            session: 0xbeef,
        };
        assert_eq!(BoardStatus::decode(&st.encode()), Some(st));
        let launched = Launched {
            frames: 64,
            max_cycles: 0xdead_beef,
        };
        assert_eq!(Launched::decode(&launched.encode()), Some(launched));
        // The fields lie apart, inside the payload.
        let mut used = 0u128;
        for (name, at) in BoardStatus::FIELDS {
            let bits = ((1u128 << at.width) - 1) << at.bit;
            assert_eq!(used & bits, 0, "{name} overlaps another field");
            assert!(
                at.bit + at.width <= 8 * BoardStatus::BYTES,
                "{name} past the end"
            );
            used |= bits;
        }
        for handled in [
            None,
            Some(Handled {
                is_if: true,
                frame: 63,
                mask: 0x8001,
            }),
        ] {
            let e = LogEntry {
                cycle: 99,
                ready: 0x0f00,
                handled,
            };
            assert_eq!(LogEntry::decode(&e.encode()), Some(e));
        }
    }

    #[test]
    fn command_codes_are_unique_and_found() {
        for c in Command::ALL {
            assert_eq!(Command::from_code(c as u8), Some(c));
        }
        assert_eq!(Command::from_code(0), None);
        assert_eq!(Command::from_code(ERROR_REPLY), None);
    }

    #[test]
    fn bit_times_round_to_the_nearest_clock() {
        assert_eq!(clocks_per_bit(25_000_000, 115_200), Ok(217));
        assert_eq!(clocks_per_bit(25_000_000, 1_000_000), Ok(25));
        assert_eq!(clocks_per_bit(25_000_000, 6_250_000), Ok(4));
        assert_eq!(clocks_per_bit(25_000_000, 382), Ok(65_445));
    }

    #[test]
    fn rates_the_uart_cannot_make_are_errors_that_name_the_range() {
        for baud in [0, 1, 300, 381, 7_000_000, 10_000_000, u32::MAX] {
            let e = clocks_per_bit(25_000_000, baud).unwrap_err();
            assert!(
                e.to_string().contains("between 382 and 6250000 baud"),
                "{baud}: {e}"
            );
        }
        // 4.5 clocks per bit rounds to 5: 11% off.
        assert!(clocks_per_bit(25_000_000, 5_555_555).is_err());
    }

    #[test]
    fn sequence_numbers_skip_zero() {
        assert_eq!(next_seq(0), 1);
        assert_eq!(next_seq(1), 2);
        assert_eq!(next_seq(254), 255);
        assert_eq!(next_seq(255), 1);
    }

    #[test]
    fn requests_carry_their_seq_first_and_replies_are_read_by_it() {
        use framing::{Deframer, Found};
        let bytes = request_frame(Command::ReadSm, 9, &[1, 2, 3]);
        let mut d = Deframer::new(REQUEST_SYNC);
        let found = bytes.iter().find_map(|&b| d.push(b));
        let Some(Found::Frame(f)) = found else {
            panic!("{found:?}")
        };
        assert_eq!(
            (f.code, &f.payload[..]),
            (Command::ReadSm as u8, &[9, 1, 2, 3][..])
        );
        // Identify carries nothing, in every version.
        assert_eq!(
            request_frame(Command::Identify, 9, &[]),
            framing::encode(REQUEST_SYNC, 1, &[])
        );
        let reply = |code, payload: &[u8]| {
            Reply::from_frame(&framing::Frame {
                code,
                payload: payload.to_vec(),
            })
        };
        assert_eq!(
            reply(4, &[9, 7, 8]),
            Some(Reply::Done {
                seq: Some(9),
                data: vec![7, 8]
            })
        );
        assert_eq!(
            reply(1, &[7, 8]),
            Some(Reply::Done {
                seq: None,
                data: vec![7, 8]
            })
        );
        assert_eq!(
            reply(ERROR_REPLY, &[9, 4, 6]),
            Some(Reply::Refused {
                seq: 9,
                error: Some(LinkError::Busy),
                command: 6
            })
        );
        assert_eq!(reply(ERROR_REPLY, &[4, 6]), None);
        assert_eq!(reply(4, &[]), None);
    }
}
