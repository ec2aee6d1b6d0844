//! The host's end of the link: one request, one reply, over a serial port, with retries.
//!
//! A request whose reply does not come (a byte lost on the line), comes damaged, or is refused
//! as damaged (`BadCrc`) is sent again, after the line has been quiet long enough for the
//! board to have dropped any partial frame. Every command may be repeated without harm except
//! `Launch`, which [`crate::host::run`] checks through the board's run count.

use gpu16_sim::link::framing::{encode, Deframer, Found};
use gpu16_sim::link::{Command, LinkError, ERROR_REPLY, REPLY_SYNC, REQUEST_SYNC};
use serialport::{ClearBuffer, SerialPort};
use std::io::{ErrorKind, Read, Write};
use std::time::{Duration, Instant};

/// Why talking to the board failed.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    #[error("{port}: no such serial port; list them with `ls /dev/ttyUSB* /dev/ttyACM*` (ULX3S: an FT231X, usually /dev/ttyUSB0)")]
    NoSuchPort { port: String },
    #[error("{port}: permission denied; add yourself to the group that owns it (`ls -l {port}`, usually dialout: `sudo usermod -aG dialout $USER`, then log in again)")]
    PermissionDenied { port: String },
    #[error("{port}: cannot open the serial port: {message}")]
    Open { port: String, message: String },
    #[error("{port}: nothing answered at {baud} baud. Is the board flashed with the gpu16 bitstream (`gpu16 flash`), is this its port, and does --baud match the bitstream's (115200 unless built with another)?")]
    NoAnswer { port: String, baud: u32 },
    #[error("{port}: the device that answered is not a gpu16 board")]
    NotGpu16 { port: String },
    #[error("{port}: the board's bitstream speaks link protocol version {board}, this gpu16 speaks {host}: rebuild and flash it (`gpu16 build`, `gpu16 flash`)")]
    Version { port: String, board: u8, host: u8 },
    #[error("{port}: the board stopped answering during {what} ({attempts} attempts); check the cable, then run again")]
    Timeout {
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
    #[error("{port}: {0}", port = .1)]
    Io(std::io::Error, String),
}

/// How long to wait for replies.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// For a reply to start arriving after a request is sent (besides the bytes' own time).
    pub reply: Duration,
    /// Attempts per request.
    pub attempts: u32,
}

impl Timing {
    /// A real board: replies come within milliseconds.
    pub const BOARD: Timing = Timing {
        reply: Duration::from_millis(300),
        attempts: 5,
    };
    /// The Verilator board: its clock runs a hundred times slower than a real one, so a
    /// 64-byte reply (~3,000 cycles at its 4-clock bit time) takes ~10 ms; the margin is for a
    /// machine busy with other work.
    pub const SIMULATED: Timing = Timing {
        reply: Duration::from_millis(1500),
        attempts: 5,
    };
}

/// An open link to a board.
pub struct Link {
    port: Box<dyn SerialPort>,
    name: String,
    baud: u32,
    timing: Timing,
    /// Requests sent again so far (for reports).
    pub retries: u32,
}

impl Link {
    /// Opens `name` at `baud`, 8N1, no flow control, and discards anything waiting.
    pub fn open(name: &str, baud: u32) -> Result<Link, HostError> {
        let port = serialport::new(name, baud)
            .timeout(Duration::from_millis(20))
            .open()
            .map_err(|e| {
                let port = name.to_string();
                match e.kind() {
                    serialport::ErrorKind::NoDevice => HostError::NoSuchPort { port },
                    serialport::ErrorKind::Io(ErrorKind::NotFound) => {
                        HostError::NoSuchPort { port }
                    }
                    serialport::ErrorKind::Io(ErrorKind::PermissionDenied) => {
                        HostError::PermissionDenied { port }
                    }
                    _ if !std::path::Path::new(name).exists() => HostError::NoSuchPort { port },
                    _ => HostError::Open {
                        port,
                        message: e.to_string(),
                    },
                }
            })?;
        port.clear(ClearBuffer::All).ok();
        Ok(Link {
            port,
            name: name.to_string(),
            baud,
            timing: Timing::BOARD,
            retries: 0,
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

    fn io(&self, e: std::io::Error) -> HostError {
        HostError::Io(e, self.name.clone())
    }

    /// Time for `bytes` bytes on the line (10 bits each), doubled for slack.
    fn line_time(&self, bytes: usize) -> Duration {
        Duration::from_secs_f64(2.0 * 10.0 * bytes as f64 / f64::from(self.baud))
    }

    /// Sends `command` with `payload` and returns the reply's payload. `expect` is the
    /// reply's payload length, if fixed.
    pub fn request(&mut self, command: Command, payload: &[u8]) -> Result<Vec<u8>, HostError> {
        self.request_with(command, payload, self.timing.attempts)
    }

    /// [`Link::request`] with a number of attempts.
    pub fn request_with(
        &mut self,
        command: Command,
        payload: &[u8],
        attempts: u32,
    ) -> Result<Vec<u8>, HostError> {
        let frame = encode(REQUEST_SYNC, command as u8, payload);
        for attempt in 0..attempts {
            if attempt > 0 {
                self.retries += 1;
                self.settle()?;
            }
            self.port.write_all(&frame).map_err(|e| self.io(e))?;
            self.port.flush().map_err(|e| self.io(e))?;
            match self.reply(frame.len())? {
                Some((code, reply)) if code == command as u8 => return Ok(reply),
                Some((ERROR_REPLY, reply)) => {
                    match reply.first().copied().map(LinkError::from_code) {
                        Some(Some(LinkError::BadCrc)) => continue,
                        Some(Some(error)) => {
                            return Err(HostError::Refused {
                                port: self.name.clone(),
                                command,
                                error,
                            })
                        }
                        _ => {
                            return Err(HostError::BadReply {
                                port: self.name.clone(),
                                command,
                                detail: format!("error reply {reply:02x?}"),
                            })
                        }
                    }
                }
                // A reply to something else (a stale one), damaged, or none: send again.
                _ => continue,
            }
        }
        Err(HostError::Timeout {
            port: self.name.clone(),
            what: format!("{command:?}"),
            attempts,
        })
    }

    /// Waits for one whole reply; `None` if none came in time or it was damaged.
    fn reply(&mut self, sent: usize) -> Result<Option<(u8, Vec<u8>)>, HostError> {
        let mut deframer = Deframer::new(REPLY_SYNC);
        // The request's own time on the line, then the reply's wait; every byte that arrives
        // extends the deadline by the time a largest reply's byte takes.
        let mut deadline = Instant::now() + self.line_time(sent) + self.timing.reply;
        let mut buf = [0u8; 512];
        while Instant::now() < deadline {
            let n = match self.port.read(&mut buf) {
                Ok(n) => n,
                Err(e) if e.kind() == ErrorKind::TimedOut => 0,
                Err(e) if e.kind() == ErrorKind::Interrupted => 0,
                Err(e) => return Err(self.io(e)),
            };
            if n > 0 {
                deadline = deadline.max(Instant::now() + self.line_time(260) + self.timing.reply);
            }
            for &b in &buf[..n] {
                match deframer.push(b) {
                    Some(Found::Frame(f)) => return Ok(Some((f.code, f.payload))),
                    Some(Found::Damaged) => return Ok(None),
                    None => {}
                }
            }
        }
        Ok(None)
    }

    /// Lets the line go quiet (the board drops a partial frame after a silence, and a late
    /// reply finishes), then discards what arrived.
    fn settle(&mut self) -> Result<(), HostError> {
        let quiet = self.timing.reply / 2;
        let mut last = Instant::now();
        let mut buf = [0u8; 512];
        while last.elapsed() < quiet {
            match self.port.read(&mut buf) {
                Ok(n) if n > 0 => last = Instant::now(),
                Ok(_) => {}
                Err(e) if e.kind() == ErrorKind::TimedOut => {}
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(self.io(e)),
            }
        }
        self.port.clear(ClearBuffer::Input).ok();
        Ok(())
    }
}
