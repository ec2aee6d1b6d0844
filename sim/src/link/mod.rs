//! The board link: how a host PC drives a gpu16 board over a UART. One definition for both
//! sides — the bridge in the board's RTL (`fpga/src/bridge/`) takes its command codes, limits
//! and CRC from here, and so does the host (`fpga/src/host/`).
//!
//! Every exchange is one **request** from the host and one **reply** from the board:
//!
//! ```text
//! request:  A5  command  length  payload[length]  crc_hi crc_lo
//! reply:    5A  code     length  payload[length]  crc_hi crc_lo
//! ```
//!
//! The CRC ([`crc`]) covers command/code, length and payload. A reply's code is the request's
//! command when it succeeded, or [`ERROR_REPLY`] with the payload `[error, command]`
//! ([`LinkError`]). The board checks a request whole before it acts on it: a frame with a bad
//! CRC, an unknown command, a wrong length or a bad argument changes nothing. Bytes outside a
//! frame are skipped; a frame that stops arriving is dropped after [`TIMEOUT_BIT_TIMES`] bit
//! times of silence, so garbage and lost bytes cost one retry, never a wedged link.
//!
//! Multi-byte numbers in payloads are little-endian.

pub mod crc;
pub mod framing;

/// The protocol's version, reported by [`Command::Identify`]. A host refuses a board of
/// another version.
pub const VERSION: u8 = 2;

/// The first byte of a request.
pub const REQUEST_SYNC: u8 = 0xa5;
/// The first byte of a reply.
pub const REPLY_SYNC: u8 = 0x5a;
/// A reply's code when the request failed.
pub const ERROR_REPLY: u8 = 0xee;
/// The largest payload of a frame.
pub const MAX_PAYLOAD: usize = 255;

/// A frame that has started is dropped after this many bit times without a byte.
pub const TIMEOUT_BIT_TIMES: u64 = 2048;

/// The bytes [`Command::Identify`] starts with: a gpu16 board, not some other device.
pub const MAGIC: [u8; 3] = *b"g16";

/// Timeline log entries a board keeps per run (64 frames and up to 1,008 READY cycles fit).
pub const EVENT_CAPACITY: usize = 2048;

/// A request's command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Command {
    /// → [`Identity`] (15 bytes).
    Identify = 1,
    /// `first_line, 8·n bytes` (1 ≤ n ≤ [`MAX_TM_LINES`]): task lines `first_line…` of Task
    /// Memory, each 8 bytes little-endian (frame byte order). Line numbers wrap at 256.
    WriteTm = 2,
    /// `address (2), n bytes` (1 ≤ n ≤ [`MAX_SM_WRITE`]): shared-memory bytes from `address`
    /// (wrapping at 4096).
    WriteSm = 3,
    /// `address (2), count` (1–255) → `count` bytes of shared memory.
    ReadSm = 4,
    /// Zero all of shared memory.
    ClearSm = 5,
    /// `frames (1–64), max_cycles (4)`: start a run of TM frames `0..frames` (0 = no cycle
    /// limit). Refused while a run is in progress.
    Launch = 6,
    /// → [`BoardStatus`] (12 bytes).
    Status = 7,
    /// `first (2), count` (1–[`MAX_EVENTS_READ`]) → `count` timeline log entries
    /// ([`LogEntry`], 10 bytes each).
    ReadEvents = 8,
    /// `first, count` (1–[`MAX_COUNTERS_READ`]) → `count` 32-bit performance counters
    /// (`stat_sel` order, see `gpu16_hdl::gpu`); zeros in a build without counters. Refused
    /// until the counts of the last run are final ([`BoardStatus::counters_ready`]).
    ReadCounters = 9,
    /// `first, count` (1–255) → `count` registers; register r of core c is number 16·c + r.
    ReadRegs = 10,
}

/// Task lines one [`Command::WriteTm`] carries at most.
pub const MAX_TM_LINES: usize = 31;
/// Bytes one [`Command::WriteSm`] carries at most.
pub const MAX_SM_WRITE: usize = MAX_PAYLOAD - 2;
/// Entries one [`Command::ReadEvents`] returns at most.
pub const MAX_EVENTS_READ: usize = MAX_PAYLOAD / LogEntry::BYTES;
/// Counters one [`Command::ReadCounters`] returns at most.
pub const MAX_COUNTERS_READ: usize = MAX_PAYLOAD / 4;

impl Command {
    /// Every command, in code order.
    pub const ALL: [Command; 10] = [
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
    ];

    /// The command with code `code`.
    pub fn from_code(code: u8) -> Option<Command> {
        Command::ALL.into_iter().find(|c| *c as u8 == code)
    }
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
    /// A count of 0 or past the command's limit, or a program length outside 1–64.
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
}

/// Bit of [`Identity`]'s options byte: counters built in.
pub const OPTION_COUNTERS: u8 = 1;
/// Bit of [`Identity`]'s options byte: a simulated board.
pub const OPTION_SIMULATED: u8 = 2;

impl Identity {
    /// Payload bytes.
    pub const BYTES: usize = 15;

    pub fn encode(&self) -> [u8; Identity::BYTES] {
        let mut b = [0u8; Identity::BYTES];
        b[..3].copy_from_slice(&MAGIC);
        b[3] = self.version;
        b[4] = (u8::from(self.counters) * OPTION_COUNTERS)
            | (u8::from(self.simulated) * OPTION_SIMULATED);
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
        })
    }
}

/// [`Command::Status`]'s reply: the GPU's host view of its last run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct BoardStatus {
    pub running: bool,
    pub done: bool,
    /// The timeline log filled up: later entries were not kept.
    pub events_overflowed: bool,
    /// The performance counters hold the last run's final counts (about a hundred cycles
    /// after it ends; always in a build without counters).
    pub counters_ready: bool,
    /// The scheduler's status code (0 ok, 1 `BAD_FENCE`, 2 `TRUNCATED`, 3 `ILLEGAL_INSN`,
    /// 4 `ATOMIC_VIOLATION`, 5 `TIMEOUT`), frame, core and IP.
    pub code: u8,
    pub frame: u8,
    pub core: u8,
    pub ip: u8,
    pub cycles: u32,
    /// Launches since the board was configured (wraps at 256): tells a host whose launch
    /// reply was lost whether the launch happened.
    pub runs: u8,
    /// Timeline log entries of the last run.
    pub events: u16,
}

impl BoardStatus {
    /// Payload bytes.
    pub const BYTES: usize = 12;

    pub fn encode(&self) -> [u8; BoardStatus::BYTES] {
        let mut b = [0u8; BoardStatus::BYTES];
        b[0] = u8::from(self.running)
            | u8::from(self.done) << 1
            | u8::from(self.events_overflowed) << 2
            | u8::from(self.counters_ready) << 3;
        b[1] = self.code;
        b[2] = self.frame;
        b[3] = self.core;
        b[4] = self.ip;
        b[5..9].copy_from_slice(&self.cycles.to_le_bytes());
        b[9] = self.runs;
        b[10..12].copy_from_slice(&self.events.to_le_bytes());
        b
    }

    pub fn decode(b: &[u8]) -> Option<BoardStatus> {
        if b.len() != BoardStatus::BYTES {
            return None;
        }
        Some(BoardStatus {
            running: b[0] & 1 != 0,
            done: b[0] & 2 != 0,
            events_overflowed: b[0] & 4 != 0,
            counters_ready: b[0] & 8 != 0,
            code: b[1],
            frame: b[2],
            core: b[3],
            ip: b[4],
            cycles: u32::from_le_bytes(b[5..9].try_into().ok()?),
            runs: b[9],
            events: u16::from_le_bytes(b[10..12].try_into().ok()?),
        })
    }
}

/// A frame the scheduler handled, as its timeline outputs show it (a cycle late).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Handled {
    /// An IF (its cores execute instruction 0 the cycle after the entry's); else a CF
    /// (handled the cycle before the entry's).
    pub is_if: bool,
    pub frame: u8,
    pub mask: u16,
}

/// One entry of the board's timeline log: the GPU's timeline outputs in one cycle where they
/// showed something. The host turns these into SPEC §9's timeline exactly as the rust-hdl
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
    /// Bytes per entry: cycle (4), ready (2), mask (2), frame, flags (bit 0 a frame was
    /// handled, bit 1 it is an IF).
    pub const BYTES: usize = 10;

    pub fn encode(&self) -> [u8; LogEntry::BYTES] {
        let mut b = [0u8; LogEntry::BYTES];
        b[..4].copy_from_slice(&self.cycle.to_le_bytes());
        b[4..6].copy_from_slice(&self.ready.to_le_bytes());
        if let Some(h) = self.handled {
            b[6..8].copy_from_slice(&h.mask.to_le_bytes());
            b[8] = h.frame;
            b[9] = 1 | u8::from(h.is_if) << 1;
        }
        b
    }

    pub fn decode(b: &[u8]) -> Option<LogEntry> {
        let b: &[u8; LogEntry::BYTES] = b.try_into().ok()?;
        Some(LogEntry {
            cycle: u32::from_le_bytes(b[..4].try_into().ok()?),
            ready: u16::from_le_bytes([b[4], b[5]]),
            handled: (b[9] & 1 != 0).then(|| Handled {
                is_if: b[9] & 2 != 0,
                frame: b[8],
                mask: u16::from_le_bytes([b[6], b[7]]),
            }),
        })
    }
}

/// The UART bit time in clock cycles for `baud` at `clock_hz` (rounded to nearest).
pub fn clocks_per_bit(clock_hz: u32, baud: u32) -> u32 {
    (clock_hz + baud / 2) / baud
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
        };
        assert_eq!(Identity::decode(&id.encode()), Some(id));
        let mut not_ours = id.encode();
        not_ours[0] = b'x';
        assert_eq!(Identity::decode(&not_ours), None);
        let st = BoardStatus {
            running: false,
            done: true,
            events_overflowed: true,
            counters_ready: true,
            code: 4,
            frame: 63,
            core: 15,
            ip: 9,
            cycles: 0x1234_5678,
            runs: 200,
            events: 2047,
        };
        assert_eq!(BoardStatus::decode(&st.encode()), Some(st));
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
        assert_eq!(clocks_per_bit(25_000_000, 115_200), 217);
        assert_eq!(clocks_per_bit(25_000_000, 1_000_000), 25);
    }
}
