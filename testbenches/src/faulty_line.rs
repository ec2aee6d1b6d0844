//! A faulty serial line between the host's code and a board (`gpu16 board-sim`): a
//! pseudo-terminal for the host's `--port` on one side, the board's terminal on the other, and
//! between them faults aimed at chosen requests or replies (dropped, damaged, duplicated or
//! delayed whole, one byte of them lost or doubled, a length byte forged, or the board
//! restarted there), or random noise on every byte.
//!
//! Aimed faults read the line as frames: the n-th request of a command (towards the board) or
//! the n-th reply to it (towards the host) gets the fault; everything else passes whole.
//! Noise works on bytes: each byte is damaged (one bit flipped) or lost with the given odds.
//! Either way the line keeps the order of what it carries; a delay holds back everything
//! behind it, as a stalled USB-serial adapter would.

use crate::rng::Rng;
use gpu16_sim::link::crc::crc16;
use gpu16_sim::link::framing::{encode, Deframer, Found, Frame};
use gpu16_sim::link::{Command, ERROR_REPLY, REPLY_SYNC, REQUEST_SYNC};
use std::collections::VecDeque;
use std::ffi::CString;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Which way bytes go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    /// Host to board: requests.
    ToBoard,
    /// Board to host: replies.
    ToHost,
}

/// What happens to a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// It never arrives.
    Drop,
    /// Byte `at` of it arrives with a bit flipped.
    Damage { at: usize },
    /// Byte `at` of it is lost.
    DropByte { at: usize },
    /// Byte `at` of it arrives twice.
    DuplicateByte { at: usize },
    /// It arrives twice.
    Duplicate,
    /// It (and all behind it) arrives this much later.
    Delay(Duration),
    /// Its bytes from `at` on (and all behind them) arrive `pause` later: a board that stops
    /// partway through a reply.
    Stall { at: usize, pause: Duration },
    /// Bit `bit` of its length byte is flipped, its CRC forged ([`forge_length`]).
    ForgeLength { bit: u32 },
    /// The board is restarted: a request goes, and everything after it comes and goes, to and
    /// from the spare board ([`FaultyLine::with_spare`]), in its power-on state; a reply still
    /// reaches the host, and everything after it is the spare board's.
    Restart,
}

/// `frame` with bit `bit` of its length byte flipped; where that shortens the payload, the two
/// bytes after the shortened payload are made the CRC-16 of the shortened frame, so that only
/// the header check can tell: the worst a line can do to a frame's length.
pub fn forge_length(frame: &[u8], bit: u32) -> Vec<u8> {
    let mut bytes = frame.to_vec();
    bytes[2] ^= 1 << bit;
    let short = usize::from(bytes[2]) + 4;
    if short + 2 <= bytes.len() {
        let crc = crc16(&bytes[1..short]);
        bytes[short..short + 2].copy_from_slice(&crc.to_be_bytes());
    }
    bytes
}

/// An [`Aim::nth`] that hits every request of its command, or every reply to it.
pub const EVERY: usize = usize::MAX;

/// A fault aimed at the `nth` (from 0) request of `command`, or reply to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aim {
    pub way: Way,
    pub command: Command,
    /// Which one, from 0, or [`EVERY`] one.
    pub nth: usize,
    pub fault: Fault,
}

/// What the line does.
#[derive(Clone, Debug)]
pub enum Plan {
    /// Faults at chosen frames.
    Aimed(Vec<Aim>),
    /// Each byte, either way, is damaged with odds `damage` and lost with odds `drop` (per
    /// million), from a generator seeded with `seed`; with `restart_after` = Some(n), the
    /// board is restarted right after the n-th request (from 1) has gone to it, whole or not
    /// (everything after is the spare board's, [`FaultyLine::with_spare`]).
    Noise {
        damage: u64,
        drop: u64,
        seed: u64,
        restart_after: Option<usize>,
    },
}

/// What the line has done so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineCount {
    /// Requests of each command (by code) that went towards the board, whole or not.
    pub requests: [usize; 16],
    /// Aimed faults carried out.
    pub hits: usize,
    /// Bytes damaged and lost by noise.
    pub damaged: usize,
    pub dropped: usize,
}

/// A faulty line serving on a pseudo-terminal; it stops when dropped.
pub struct FaultyLine {
    /// The terminal the host opens.
    pub port: String,
    count: Arc<Mutex<LineCount>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl FaultyLine {
    /// A line from a new terminal to the board at `board_port`.
    pub fn new(board_port: &str, plan: Plan) -> std::io::Result<FaultyLine> {
        FaultyLine::open(board_port, None, plan)
    }

    /// A line to the board at `board_port` that a [`Fault::Restart`] switches to the board at
    /// `spare_port`, a fresh one.
    pub fn with_spare(board_port: &str, spare_port: &str, plan: Plan) -> std::io::Result<Self> {
        FaultyLine::open(board_port, Some(spare_port), plan)
    }

    fn open(board_port: &str, spare_port: Option<&str>, plan: Plan) -> std::io::Result<Self> {
        let (master, port) = new_pty()?;
        let board = open_raw(board_port)?;
        let spare = spare_port.map(open_raw).transpose()?;
        let count = Arc::new(Mutex::new(LineCount::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let (count, stop) = (count.clone(), stop.clone());
            std::thread::spawn(move || {
                carry(master, [board, spare.unwrap_or(-1)], plan, &count, &stop)
            })
        };
        Ok(FaultyLine {
            port,
            count,
            stop,
            thread: Some(thread),
        })
    }

    /// What the line has done so far.
    pub fn count(&self) -> LineCount {
        self.count.lock().unwrap().clone()
    }
}

impl Drop for FaultyLine {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            t.join().ok();
        }
    }
}

/// A new pseudo-terminal: its master's descriptor and the terminal's path (raw mode, held
/// open so the master never sees a hang-up between two programs using it).
fn new_pty() -> std::io::Result<(i32, String)> {
    // SAFETY: plain libc calls on descriptors this function owns.
    unsafe {
        let fd = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY | libc::O_NONBLOCK);
        if fd < 0 || libc::grantpt(fd) != 0 || libc::unlockpt(fd) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        let name = std::ffi::CStr::from_ptr(libc::ptsname(fd))
            .to_string_lossy()
            .into_owned();
        open_raw(&name)?;
        Ok((fd, name))
    }
}

/// Opens a terminal in raw mode, not blocking on reads; the descriptor lives as long as the
/// process (closing it could hang up the terminal under a program still using it).
fn open_raw(path: &str) -> std::io::Result<i32> {
    let c = CString::new(path).expect("a terminal path has no NUL");
    // SAFETY: plain libc calls on a descriptor this function owns.
    unsafe {
        let fd = libc::open(c.as_ptr(), libc::O_RDWR | libc::O_NOCTTY | libc::O_NONBLOCK);
        if fd < 0 {
            return Err(std::io::Error::last_os_error());
        }
        let mut t: libc::termios = std::mem::zeroed();
        libc::tcgetattr(fd, &mut t);
        libc::cfmakeraw(&mut t);
        libc::tcsetattr(fd, libc::TCSANOW, &t);
        Ok(fd)
    }
}

fn read_some(fd: i32, buf: &mut [u8]) -> usize {
    // SAFETY: reading into a buffer this function borrows.
    let n = unsafe { libc::read(fd, buf.as_mut_ptr().cast(), buf.len()) };
    n.max(0) as usize
}

/// Writes `bytes`; what the other side has not taken within a second is lost, as on a line
/// nobody reads (so that a line whose host has gone never blocks its own shutdown).
fn write_all(fd: i32, mut bytes: &[u8]) {
    let give_up = Instant::now() + Duration::from_secs(1);
    while !bytes.is_empty() && Instant::now() < give_up {
        // SAFETY: writing from a buffer this function borrows.
        let n = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
        if n > 0 {
            bytes = &bytes[n as usize..];
        } else {
            std::thread::sleep(Duration::from_micros(200));
        }
    }
}

/// One direction of the line: frames found in it (for aimed faults) and what waits to go out.
struct Lane {
    way: Way,
    deframer: Deframer,
    /// Frames seen per command code.
    seen: [usize; 16],
    /// Bytes to send and when they may go.
    queue: VecDeque<(Instant, Vec<u8>)>,
}

impl Lane {
    fn new(way: Way) -> Lane {
        let sync = match way {
            Way::ToBoard => REQUEST_SYNC,
            Way::ToHost => REPLY_SYNC,
        };
        Lane {
            way,
            // As the board and the host read frames: a frame's data is never taken for a frame.
            deframer: Deframer::in_order(sync),
            seen: [0; 16],
            queue: VecDeque::new(),
        }
    }

    /// Queues `bytes`, no earlier than what is queued already.
    fn push(&mut self, not_before: Instant, bytes: Vec<u8>) {
        let after = self.queue.back().map_or(not_before, |(t, _)| *t);
        self.queue.push_back((not_before.max(after), bytes));
    }

    /// A whole frame, with the faults aimed at it; true if the board is restarted here.
    fn frame(&mut self, f: Frame, aims: &[Aim], count: &Mutex<LineCount>) -> bool {
        let sync = match self.way {
            Way::ToBoard => REQUEST_SYNC,
            Way::ToHost => REPLY_SYNC,
        };
        // An error reply names its command last.
        let command = if f.code == ERROR_REPLY {
            f.payload.last().copied().unwrap_or(0)
        } else {
            f.code
        };
        let slot = usize::from(command) % 16;
        let nth = self.seen[slot];
        self.seen[slot] += 1;
        if self.way == Way::ToBoard {
            count.lock().unwrap().requests[slot] += 1;
        }
        let mut bytes = encode(sync, f.code, &f.payload);
        let now = Instant::now();
        let aim = aims.iter().find(|a| {
            a.way == self.way && a.command as u8 == command && (a.nth == nth || a.nth == EVERY)
        });
        let Some(aim) = aim else {
            self.push(now, bytes);
            return false;
        };
        count.lock().unwrap().hits += 1;
        match aim.fault {
            Fault::Drop => {}
            Fault::Damage { at } => {
                let at = at.min(bytes.len() - 1);
                bytes[at] ^= 0x08;
                self.push(now, bytes);
            }
            Fault::DropByte { at } => {
                bytes.remove(at.min(bytes.len() - 1));
                self.push(now, bytes);
            }
            Fault::DuplicateByte { at } => {
                let at = at.min(bytes.len() - 1);
                bytes.insert(at, bytes[at]);
                self.push(now, bytes);
            }
            Fault::Duplicate => {
                self.push(now, bytes.clone());
                self.push(now, bytes);
            }
            Fault::Delay(d) => self.push(now + d, bytes),
            Fault::Stall { at, pause } => {
                let rest = bytes.split_off(at.min(bytes.len() - 1));
                self.push(now, bytes);
                self.push(now + pause, rest);
            }
            Fault::ForgeLength { bit } => self.push(now, forge_length(&bytes, bit)),
            Fault::Restart => {
                self.push(now, bytes);
                return true;
            }
        }
        false
    }

    /// Sends what is due.
    fn flush(&mut self, fd: i32) {
        let now = Instant::now();
        while self.queue.front().is_some_and(|(t, _)| *t <= now) {
            let (_, bytes) = self.queue.pop_front().unwrap();
            write_all(fd, &bytes);
        }
    }
}

/// Carries bytes both ways until `stop`, between `host` and `boards[0]` (after a restart,
/// `boards[1]`).
fn carry(host: i32, boards: [i32; 2], plan: Plan, count: &Mutex<LineCount>, stop: &AtomicBool) {
    let mut board = boards[0];
    let mut lanes = [Lane::new(Way::ToBoard), Lane::new(Way::ToHost)];
    let mut rng = match plan {
        Plan::Noise { seed, .. } => Rng::new(seed),
        Plan::Aimed(_) => Rng::new(0),
    };
    let mut buf = [0u8; 512];
    while !stop.load(Ordering::Relaxed) {
        let mut fds = [
            libc::pollfd {
                fd: host,
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: board,
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        // SAFETY: polling descriptors this thread owns.
        unsafe { libc::poll(fds.as_mut_ptr(), 2, 2) };
        for lane in &mut lanes {
            let from = match lane.way {
                Way::ToBoard => host,
                Way::ToHost => board,
            };
            let n = read_some(from, &mut buf);
            for &b in &buf[..n] {
                match &plan {
                    Plan::Aimed(aims) => {
                        if let Some(Found::Frame(f)) = lane.deframer.push(b) {
                            if lane.frame(f, aims, count) {
                                assert!(boards[1] >= 0, "a restart needs a spare board");
                                board = boards[1];
                            }
                        }
                    }
                    Plan::Noise {
                        damage,
                        drop,
                        restart_after,
                        ..
                    } => {
                        let roll = rng.below(1_000_000);
                        if roll < *drop {
                            count.lock().unwrap().dropped += 1;
                        } else if roll < drop + damage {
                            count.lock().unwrap().damaged += 1;
                            lane.push(Instant::now(), vec![b ^ (1 << rng.below(8))]);
                        } else {
                            lane.push(Instant::now(), vec![b]);
                        }
                        // Requests as the host sent them, counted for the restart.
                        let whole = matches!(lane.deframer.push(b), Some(Found::Frame(_)));
                        if lane.way == Way::ToBoard && whole {
                            lane.seen[0] += 1;
                            if Some(lane.seen[0]) == *restart_after {
                                assert!(boards[1] >= 0, "a restart needs a spare board");
                                lane.flush(board);
                                board = boards[1];
                                count.lock().unwrap().hits += 1;
                            }
                        }
                    }
                }
            }
            lane.flush(match lane.way {
                Way::ToBoard => board,
                Way::ToHost => host,
            });
        }
    }
}
