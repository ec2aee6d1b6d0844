//! The host's end of the link: one request, one reply, over a serial port, with retries.
//!
//! Every request but Identify gets the next sequence number (`gpu16_sim::link`, sequence
//! numbers). A request whose reply does not come (a byte lost on the line), comes damaged, or
//! is refused as damaged (`BadCrc`) is sent again with the same number, after the line has been
//! quiet long enough for the board to have dropped any partial frame: the board carries out a
//! request that changes it at most once, and only the reply with the request's number is taken.
//! A reply is waited for up to its deadline, whatever damaged or stale frames come first; once
//! bytes have come and the line has gone quiet, the reply is known lost. A reply is read by
//! what the request asked for: only a frame of its code and length (or an error reply) is
//! taken (`Deframer::expecting`), so data that looks like a frame never hides the reply.
//!
//! A board that answers nothing at all for [`Timing::silent_attempts`] sendings in a row has
//! stopped answering. A line that garbles replies is tried longer, up to
//! [`Timing::max_attempts`]: each damaged reply shows the board is there. The waits double
//! with each attempt that brings nothing back at all (the quiet ones up to 16 times, the wait
//! for a reply to start up to 4: a slow adapter, a machine busy with other work) and halve
//! with each that brings its reply.
//!
//! **Every wait has a hard limit, whatever arrives.** For one request a board sends its reply
//! and perhaps a late one to the request before, each perhaps repeated by the line: at most
//! [`STREAM_BYTES`] (four largest frames, 1,044 bytes). A wait for a reply, or for a quiet
//! line, in which more bytes arrive without the pause that ends it, or in which bytes keep
//! coming for longer than [`Link::stream_limit`] (four reply waits and those bytes' time on
//! the line, twice over), comes from something that never stops sending — another device, a
//! console printing in a loop, a line picking up noise — and ends in [`HostError::Chatter`].
//! At 115200 baud a port that streams is reported after its first 1,045 bytes, 91 ms on the
//! line; one that trickles within 1.4 s of its first byte (the reply wait is 0.3 s on a
//! board), counting only the time the host was running ([`Stream`]).

use crate::Phase;
use gpu16_sim::link::framing::{Deframer, Found, OVERHEAD};
use gpu16_sim::link::{
    next_seq, request_frame, Command, Identity, LinkError, Reply, MAX_PAYLOAD, REPLY_SYNC,
    TIMEOUT_BIT_TIMES,
};
use serialport::{ClearBuffer, SerialPort};
use std::io::{ErrorKind, Read, Write};
use std::time::{Duration, Instant};

/// Why talking to the board failed.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    #[error("{port}: no such serial port; list them with `ls /dev/ttyUSB* /dev/ttyACM*` (ULX3S: an FT231X, usually /dev/ttyUSB0)")]
    NoSuchPort { port: String },
    #[error("{port}: the serial port is in use by another program ({users}): close it (a terminal program, another gpu16), then run again")]
    PortInUse { port: String, users: String },
    #[error("{port}: the serial port went away {during} ({message}): was the board unplugged, re-flashed through its USB port, or `gpu16 board-sim` stopped? Plug it in (or start it again), then run again")]
    Gone {
        port: String,
        during: Phase,
        message: String,
    },
    #[error("{port}: permission denied; add yourself to the group that owns it (`ls -l {port}`, usually dialout: `sudo usermod -aG dialout $USER`, then log in again)")]
    PermissionDenied { port: String },
    #[error("{port}: cannot open the serial port: {message}")]
    Open { port: String, message: String },
    #[error("{port}: nothing answered at {baud} baud. Is the board flashed with the gpu16 bitstream (`gpu16 flash`), is this its port, and does --baud match the bitstream's (115200 unless built with another)?")]
    NoAnswer { port: String, baud: u32 },
    #[error("{port}: the device that answered is not a gpu16 board")]
    NotGpu16 { port: String },
    #[error("{port}: the board runs another design than this checkout makes (board {board:016x}, checkout {checkout:016x}): {hint}; or pass --any-design to run on it as it is. Nothing was uploaded")]
    OtherDesign {
        port: String,
        board: u64,
        checkout: u64,
        hint: &'static str,
    },
    #[error("{port}: the board's bitstream speaks link protocol version {board}, this gpu16 speaks {host}: rebuild and flash it (`gpu16 build`, `gpu16 flash`)")]
    Version { port: String, board: u8, host: u8 },
    #[error("{port}: the board stopped answering during {what} ({attempts} attempts); check the cable, then run again")]
    Timeout {
        port: String,
        what: String,
        attempts: u32,
    },
    #[error("{port}: the replies to {what} kept arriving damaged ({attempts} attempts): the line is too noisy; check the cable and its connectors, or use a lower --baud (built into the bitstream with `gpu16 build --baud`)")]
    Garbled {
        port: String,
        what: String,
        attempts: u32,
    },
    #[error("{port}: the board refused {command:?}: {}", error.describe())]
    Refused {
        port: String,
        command: Command,
        error: LinkError,
    },
    #[error("{port}: the board's reply to {command:?} is malformed ({detail})")]
    BadReply {
        port: String,
        command: Command,
        detail: String,
    },
    #[error("{port}: the board no longer holds the run this host launched ({detail}): another program used it. Nothing of that run is reported; run the program again")]
    LostRun { port: String, detail: String },
    #[error("{port}: the board was reset, powered off or re-flashed {during}: it no longer holds what this host uploaded (its status shows no session). Nothing of that run is reported; run the program again")]
    BoardReset { port: String, during: crate::Phase },
    #[error("{port}: {bytes} bytes kept arriving over {seconds:.2} s without a pause: whatever is on this port never stops sending, and a gpu16 board sends one reply per request. Is --port the board's (`ls /dev/ttyUSB* /dev/ttyACM*`), is another program or a console using it, and does --baud match the bitstream's?")]
    Chatter {
        port: String,
        bytes: usize,
        seconds: f64,
    },
    #[error("a cycle limit of {max_cycles} does not fit the board's 32-bit cycle counter: at most 4294967295 (0 = no limit)")]
    CycleLimit { max_cycles: u64 },
    #[error("{port}: the board still runs a run another host launched, {waited} s after this host found it ({progress}); end it with `gpu16 stop --port {port}`, then run again")]
    StillRunning {
        port: String,
        waited: u64,
        progress: String,
    },
    #[error("{port}: interrupted {during}{stopped}")]
    Interrupted {
        port: String,
        during: Phase,
        stopped: String,
    },
}

/// How long to wait for replies, and how often to send again.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// For a reply to start arriving after a request is sent (besides the bytes' own time).
    pub reply: Duration,
    /// Quiet after the last byte received by which a reply is known to be over (longer than
    /// the board takes to carry out any request).
    pub gap: Duration,
    /// Quiet before a resend, besides the board's own partial-frame timeout
    /// (`TIMEOUT_BIT_TIMES`), so that the board has dropped what it had of the lost request.
    pub quiet: Duration,
    /// Sendings in a row with nothing at all back, after which the board has stopped
    /// answering.
    pub silent_attempts: u32,
    /// Sendings of one request at most, however the line garbles them.
    pub max_attempts: u32,
}

impl Timing {
    /// A real board: replies come within milliseconds.
    /// (The board's own partial-frame timeout, [`TIMEOUT_BIT_TIMES`] at its rate, is added to
    /// `quiet`.)
    pub const BOARD: Timing = Timing {
        reply: Duration::from_millis(300),
        gap: Duration::from_millis(30),
        quiet: Duration::from_millis(30),
        silent_attempts: 5,
        max_attempts: 40,
    };
    /// The Verilator board: its clock runs tens of times slower than a real one, so a 64-byte
    /// reply (~3,000 cycles at its 4-clock bit time) takes a few milliseconds and its
    /// partial-frame timeout (8,192 cycles) ~10 ms, whatever `--baud` says; the margins are
    /// for a machine busy with other work (waiting too little only costs a resend).
    pub const SIMULATED: Timing = Timing {
        reply: Duration::from_millis(500),
        gap: Duration::from_millis(20),
        quiet: Duration::from_millis(100),
        silent_attempts: 5,
        max_attempts: 40,
    };
}

/// An open link to a board.
pub struct Link {
    port: Box<dyn SerialPort>,
    name: String,
    baud: u32,
    /// The board's own UART rate, once it has said it ([`Link::set_board`]): its
    /// partial-frame timeout is counted at it.
    board_baud: Option<u32>,
    timing: Timing,
    /// The sequence number of the last request numbered.
    seq: u8,
    /// How many times longer than [`Timing`] says the waits are now: doubled by each attempt
    /// that brings nothing back at all (a board or adapter slower than expected, a machine
    /// busy with other work), halved by each that brings its reply.
    slack: u32,
    /// Requests sent again so far (for reports).
    pub retries: u32,
    /// Where the host's work is ([`Link::enter`]), for the error when the port goes away.
    phase: Phase,
}

/// The most [`Link`]'s slack grows to, for the quiet waits and for the wait for a reply to
/// start (which bounds how long a board that is gone takes to be reported).
const MAX_SLACK: u32 = 16;
const MAX_REPLY_SLACK: u32 = 4;

/// The bytes of a largest frame.
const MAX_FRAME: usize = MAX_PAYLOAD + OVERHEAD;

/// The most bytes a board sends for one request: its reply and a late one, each perhaps
/// repeated by the line.
pub const STREAM_BYTES: usize = 4 * MAX_FRAME;

/// The longest one read of the port takes (its timeout is 5 ms), with room for a machine busy
/// with other work: a longer step between reads means the host was not running.
const MAX_STEP: Duration = Duration::from_millis(50);

/// Bytes that have kept coming in one wait: how many, and for how long the host has watched
/// them come, from the first. Only the host's own watching counts, each step between reads
/// at most [`MAX_STEP`]: a host that did not run for a while (a machine busy with other work,
/// a laptop asleep) finds the bytes that came meanwhile waiting, which is no stream.
struct Stream {
    bytes: usize,
    watched: Duration,
    last: Instant,
}

impl Stream {
    fn new() -> Stream {
        Stream {
            bytes: 0,
            watched: Duration::ZERO,
            last: Instant::now(),
        }
    }

    /// One read of the wait brought `n` bytes (perhaps none): the error if the bytes are more
    /// than a board sends for a request, or have been watched coming for longer than `limit`.
    fn read(&mut self, n: usize, limit: Duration, port: &str) -> Result<(), HostError> {
        let now = Instant::now();
        if self.bytes > 0 {
            self.watched += (now - self.last).min(MAX_STEP);
        }
        self.last = now;
        self.bytes += n;
        if self.bytes > STREAM_BYTES || self.watched > limit {
            return Err(HostError::Chatter {
                port: port.to_string(),
                bytes: self.bytes,
                seconds: self.watched.as_secs_f64(),
            });
        }
        Ok(())
    }
}

/// A request, numbered, as it goes on the line (again, on a resend).
#[derive(Clone, Debug)]
pub struct Request {
    pub command: Command,
    pub seq: u8,
    bytes: Vec<u8>,
    /// The payload length of its reply when carried out.
    reply_length: u8,
}

/// What one sending of a request brought back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// The reply's data.
    Done(Vec<u8>),
    /// The board refused the request (not as damaged).
    Refused(LinkError),
    /// Bytes came back, but no whole reply to this request (damaged, or the request arrived
    /// damaged).
    Garbled,
    /// A reply started and stopped partway: a byte of it was lost, or the board (a simulated
    /// one on a loaded machine) paused longer than the host waits between bytes.
    Cut,
    /// Nothing came back before the deadline.
    Silent,
}

/// Counts a request's sendings: whether to send it again.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tries {
    /// Sendings so far, and those in a row with nothing back.
    pub sent: u32,
    silent: u32,
}

impl Tries {
    /// Notes what a sending brought; false once the request should be given up.
    pub fn again(&mut self, attempt: &Attempt, timing: &Timing) -> bool {
        self.sent += 1;
        self.silent = match attempt {
            Attempt::Silent => self.silent + 1,
            _ => 0,
        };
        self.silent < timing.silent_attempts && self.sent < timing.max_attempts
    }

    /// Given up because the board fell silent (else: because every reply came damaged).
    pub fn silenced(&self) -> bool {
        self.silent > 0
    }
}

impl Link {
    /// Opens `name` at `baud`, 8N1, no flow control, and discards anything waiting.
    pub fn open(name: &str, baud: u32) -> Result<Link, HostError> {
        let port = serialport::new(name, baud)
            .timeout(Duration::from_millis(5))
            .open()
            .map_err(|e| open_error(name, &e))?;
        port.clear(ClearBuffer::All).ok();
        Ok(Link {
            port,
            name: name.to_string(),
            baud,
            board_baud: None,
            timing: Timing::BOARD,
            seq: 0,
            slack: 1,
            retries: 0,
            phase: Phase::Start,
        })
    }

    /// The port's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn baud(&self) -> u32 {
        self.baud
    }

    /// Uses `timing` from now on.
    pub fn set_timing(&mut self, timing: Timing) {
        self.timing = timing;
    }

    /// The board has said who it is: its timing (a simulated board's is slower) and its UART
    /// rate, at which it counts the silence that drops a partial frame.
    pub fn set_board(&mut self, id: &Identity) {
        self.board_baud = Some(id.baud);
        if id.simulated {
            self.set_timing(Timing::SIMULATED);
        }
    }

    /// The timing in use.
    pub fn timing(&self) -> Timing {
        self.timing
    }

    /// Where the link's work is now: a port that fails is reported as gone during it.
    pub(crate) fn enter(&mut self, phase: Phase) {
        self.phase = phase;
    }

    /// A read or write of the port failed: it has gone away (an adapter unplugged, a board
    /// that re-enumerates while re-flashed, a simulated board stopped).
    fn io(&self, e: std::io::Error) -> HostError {
        HostError::Gone {
            port: self.name.clone(),
            during: self.phase,
            message: e.to_string(),
        }
    }

    /// Time for `bytes` bytes on the line (10 bits each), doubled for slack.
    fn line_time(&self, bytes: usize) -> Duration {
        Duration::from_secs_f64(2.0 * 10.0 * bytes as f64 / f64::from(self.baud))
    }

    /// The longest a board's bytes for one request keep coming, with room for a simulated
    /// board on a loaded machine: four waits for a reply to start (as slack has made them) and
    /// twice [`STREAM_BYTES`]' time on the line. Past it, whatever sends them is not a board
    /// answering.
    pub fn stream_limit(&self) -> Duration {
        self.timing.reply * (4 * self.slack.min(MAX_REPLY_SLACK)) + self.line_time(STREAM_BYTES)
    }

    /// The quiet that tells the board has dropped what it had of a request: the timing's, as
    /// slack has made it, besides the board's own partial-frame timeout.
    fn quiet(&self) -> Duration {
        let baud = self.board_baud.unwrap_or(self.baud);
        let board_timeout = Duration::from_secs_f64(TIMEOUT_BIT_TIMES as f64 / f64::from(baud));
        self.timing.quiet * self.slack + board_timeout
    }

    /// Numbers requests on from `seq`, the board's last (`BoardStatus::seq`), so that none of
    /// this host's is taken for a resend of an earlier one.
    pub fn number_from(&mut self, seq: u8) {
        self.seq = seq;
    }

    /// `command` with `args`, given the next sequence number.
    pub fn new_request(&mut self, command: Command, args: &[u8]) -> Request {
        if command != Command::Identify {
            self.seq = next_seq(self.seq);
        }
        Request {
            command,
            seq: self.seq,
            bytes: request_frame(command, self.seq, args),
            reply_length: command.reply_length(args),
        }
    }

    /// Sends `command` with `args` and returns the reply's data, sending it again (the same
    /// request) after a lost or damaged reply.
    pub fn request(&mut self, command: Command, args: &[u8]) -> Result<Vec<u8>, HostError> {
        let request = self.new_request(command, args);
        let mut tries = Tries::default();
        loop {
            let attempt = self.attempt(&request, tries.sent)?;
            match attempt {
                Attempt::Done(data) => return Ok(data),
                Attempt::Refused(error) => return Err(self.refused(command, error)),
                _ if tries.again(&attempt, &self.timing) => {}
                _ => return Err(self.given_up(command, &tries)),
            }
        }
    }

    /// The error for `command` refused with `error`.
    pub fn refused(&self, command: Command, error: LinkError) -> HostError {
        HostError::Refused {
            port: self.name.clone(),
            command,
            error,
        }
    }

    /// The error for `command` given up after `tries`: the board silent, or the line too noisy.
    pub fn given_up(&self, command: Command, tries: &Tries) -> HostError {
        let (port, what, attempts) = (self.name.clone(), format!("{command:?}"), tries.sent);
        if tries.silenced() {
            HostError::Timeout {
                port,
                what,
                attempts,
            }
        } else {
            HostError::Garbled {
                port,
                what,
                attempts,
            }
        }
    }

    /// Sends `request` (attempt 0: the first time; later ones wait for a quiet line first and
    /// count as retries) and waits for its reply.
    pub fn attempt(&mut self, request: &Request, attempt: u32) -> Result<Attempt, HostError> {
        if attempt > 0 {
            self.retries += 1;
            self.settle()?;
        }
        self.port
            .write_all(&request.bytes)
            .map_err(|e| self.io(e))?;
        self.port.flush().map_err(|e| self.io(e))?;
        let attempt = self.reply(request)?;
        // Silence, or a reply that stops partway, says the board may be slower than expected;
        // garble only that the line is noisy. (A cut that was a lost byte costs only longer
        // waits, up to MAX_SLACK.)
        self.slack = match attempt {
            Attempt::Done(_) | Attempt::Refused(_) => (self.slack / 2).max(1),
            Attempt::Silent | Attempt::Cut => (self.slack * 2).min(MAX_SLACK),
            Attempt::Garbled => self.slack,
        };
        Ok(attempt)
    }

    /// Waits for the reply to `request` until its deadline; frames that are damaged, or
    /// replies to something else (late, or repeated by the line), are passed over. Once bytes
    /// have come, a quiet line ends the wait: the board sends a reply's bytes back to back, and
    /// one reply per request. Bytes that keep coming past what a board sends for a request
    /// are [`HostError::Chatter`] ([`Stream`]).
    fn reply(&mut self, request: &Request) -> Result<Attempt, HostError> {
        let code = request.command as u8;
        let mut deframer = Deframer::expecting(REPLY_SYNC, code, request.reply_length);
        // The request's own time on the line, then the reply's wait; every byte that arrives
        // extends the deadline by the time a largest reply takes (bytes that never stop are
        // caught by the stream's limits).
        let mut stream = Stream::new();
        let limit = self.stream_limit();
        let wait = self.timing.reply * self.slack.min(MAX_REPLY_SLACK);
        let mut deadline = Instant::now() + self.line_time(request.bytes.len()) + wait;
        let mut heard = false;
        let mut last_byte = Instant::now();
        let mut buf = [0u8; 512];
        while Instant::now() < deadline {
            // Bytes came but not our reply (damaged, cut short by a lost byte, or another
            // request's), and then the line went quiet: no more is coming.
            if heard && last_byte.elapsed() > self.timing.gap * self.slack + self.line_time(4) {
                break;
            }
            let n = match self.port.read(&mut buf) {
                Ok(n) => n,
                Err(e) if e.kind() == ErrorKind::TimedOut => 0,
                Err(e) if e.kind() == ErrorKind::Interrupted => 0,
                Err(e) => return Err(self.io(e)),
            };
            stream.read(n, limit, &self.name)?;
            if n > 0 {
                heard = true;
                last_byte = Instant::now();
                deadline = deadline.max(Instant::now() + self.line_time(MAX_FRAME) + wait);
            }
            for &b in &buf[..n] {
                let Some(Found::Frame(frame)) = deframer.push(b) else {
                    continue;
                };
                let ours = |seq: Option<u8>| {
                    request.command == Command::Identify || seq == Some(request.seq)
                };
                match Reply::from_frame(&frame) {
                    Some(Reply::Done { seq, data }) if frame.code == code && ours(seq) => {
                        return Ok(Attempt::Done(data))
                    }
                    // A damaged request's number cannot be read back: any such refusal means
                    // "send again".
                    Some(Reply::Refused {
                        error: Some(LinkError::BadCrc),
                        ..
                    }) => return Ok(Attempt::Garbled),
                    Some(Reply::Refused {
                        seq,
                        error,
                        command,
                    }) if command == code && ours(Some(seq)) => {
                        return match error {
                            Some(error) => Ok(Attempt::Refused(error)),
                            None => Err(HostError::BadReply {
                                port: self.name.clone(),
                                command: request.command,
                                detail: format!(
                                    "an error code this host does not know ({frame:02x?})"
                                ),
                            }),
                        };
                    }
                    // A reply to another request (late, or repeated by the line): ours may
                    // still come.
                    _ => {}
                }
            }
        }
        Ok(if !heard {
            Attempt::Silent
        } else if deframer.in_frame() {
            Attempt::Cut
        } else {
            Attempt::Garbled
        })
    }

    /// Lets the line go quiet (the board drops a partial frame after a silence, and a late
    /// reply finishes), then discards what arrived. Bytes that keep coming without that quiet
    /// past what a board sends for a request are [`HostError::Chatter`] ([`Stream`]).
    fn settle(&mut self) -> Result<(), HostError> {
        let quiet = self.quiet();
        let limit = self.stream_limit();
        let mut stream = Stream::new();
        let mut last = Instant::now();
        let mut buf = [0u8; 512];
        while last.elapsed() < quiet {
            let n = match self.port.read(&mut buf) {
                Ok(n) => n,
                Err(e) if e.kind() == ErrorKind::TimedOut => 0,
                Err(e) if e.kind() == ErrorKind::Interrupted => 0,
                Err(e) => return Err(self.io(e)),
            };
            stream.read(n, limit, &self.name)?;
            if n > 0 {
                last = Instant::now();
            }
        }
        self.port.clear(ClearBuffer::Input).ok();
        Ok(())
    }
}

/// The error for a port that `serialport` could not open.
fn open_error(name: &str, e: &serialport::Error) -> HostError {
    let port = name.to_string();
    let exists = std::path::Path::new(name).exists();
    match e.kind() {
        serialport::ErrorKind::Io(ErrorKind::PermissionDenied) => {
            HostError::PermissionDenied { port }
        }
        _ if !exists => HostError::NoSuchPort { port },
        // Linux answers EBUSY for a port another program holds exclusively, which serialport
        // reports as no device.
        serialport::ErrorKind::NoDevice | serialport::ErrorKind::Io(ErrorKind::ResourceBusy) => {
            let users = port_users(std::path::Path::new(name));
            HostError::PortInUse {
                port,
                users: if users.is_empty() {
                    format!("Linux does not say which; `fuser -v {name}` may")
                } else {
                    users.join(", ")
                },
            }
        }
        _ => HostError::Open {
            port,
            message: e.to_string(),
        },
    }
}

/// The other processes that hold `path` open, as `PID (name)`, as far as Linux shows them
/// (`/proc/PID/fd`; another user's processes are hidden from a user who is not root).
pub(crate) fn port_users(path: &std::path::Path) -> Vec<String> {
    let Ok(target) = std::fs::canonicalize(path) else {
        return Vec::new();
    };
    let me = std::process::id();
    let mut users = Vec::new();
    let Ok(procs) = std::fs::read_dir("/proc") else {
        return users;
    };
    for entry in procs.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == me {
            continue;
        }
        let Ok(fds) = std::fs::read_dir(entry.path().join("fd")) else {
            continue;
        };
        if fds
            .flatten()
            .any(|fd| std::fs::read_link(fd.path()).is_ok_and(|l| l == target))
        {
            let name = std::fs::read_to_string(entry.path().join("comm")).unwrap_or_default();
            users.push(format!("PID {pid} ({})", name.trim()));
        }
    }
    users.sort();
    users
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_programs_that_hold_a_port_are_named() {
        let path = std::env::temp_dir().join(format!("gpu16-port-{}", std::process::id()));
        std::fs::write(&path, b"").unwrap();
        assert_eq!(port_users(&path), Vec::<String>::new());
        let mut holder = std::process::Command::new("sleep")
            .arg("30")
            .stdin(std::fs::File::open(&path).unwrap())
            .spawn()
            .unwrap();
        let users = port_users(&path);
        holder.kill().ok();
        holder.wait().ok();
        std::fs::remove_file(&path).ok();
        assert_eq!(users, [format!("PID {} (sleep)", holder.id())]);
    }

    #[test]
    fn a_port_that_is_gone_is_named_with_the_phase() {
        let gone = HostError::Gone {
            port: "/dev/ttyUSB0".into(),
            during: Phase::Run,
            // EIO: what Linux answers on a port whose device went away.
            message: std::io::Error::from_raw_os_error(5).to_string(),
        };
        let message = gone.to_string();
        assert!(
            message.starts_with("/dev/ttyUSB0: the serial port went away during the run"),
            "{message}"
        );
        assert!(message.contains("unplugged"), "{message}");
    }
}
