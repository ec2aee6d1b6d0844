//! The host side of the board link: running a program on a board (or the simulated board)
//! and reading back everything the other engines report.
//!
//! A run: identify the board; clear shared memory and write the nonzero bytes of the initial
//! image; write the program's task lines; launch; poll the status until done; read the
//! timeline log and what the caller asked for (shared memory, registers, counters). Nothing
//! that need not be sent is sent: zero bytes after the clear, frames past L, memories no one
//! will look at.

pub mod link;

use gpu16_hdl::counters::COUNTERS;
use gpu16_hdl::gpu::stats_from_counters;
use gpu16_hdl::scheduler::status;
use gpu16_hdl::timeline::{HandledFrame, TimelineRecorder};
use gpu16_sim::frame::{Frame, TASK_LINES};
use gpu16_sim::image::sm::{self, SmImage};
use gpu16_sim::link::{
    BoardStatus, Command, Identity, LogEntry, MAX_COUNTERS_READ, MAX_EVENTS_READ, MAX_SM_WRITE,
    MAX_TM_LINES, VERSION,
};
use gpu16_sim::run::{RunConfig, RunResult};
pub use link::{HostError, Link, Timing};

/// Largest reply payload the host asks for: a damaged frame costs its resend, so frames are
/// kept short (5 bytes of framing per 64: 7%); on a line that damages one byte in a hundred,
/// most 64-byte replies still arrive whole, where nearly every 255-byte one would not.
const READ_CHUNK: usize = 64;
use crate::progress::Progress;
use std::time::Duration;

/// Asks the board who it is; refuses anything but a gpu16 board of this protocol version.
/// Sets the link's timing for a simulated board.
pub fn identify(link: &mut Link) -> Result<Identity, HostError> {
    let reply = match link.request_with(Command::Identify, &[], 3) {
        Err(HostError::Timeout { .. }) => {
            return Err(HostError::NoAnswer {
                port: link.name().to_string(),
                baud: link.baud(),
            })
        }
        other => other?,
    };
    let id = Identity::decode(&reply).ok_or_else(|| HostError::NotGpu16 {
        port: link.name().to_string(),
    })?;
    if id.version != VERSION {
        return Err(HostError::Version {
            port: link.name().to_string(),
            board: id.version,
            host: VERSION,
        });
    }
    if id.simulated {
        link.set_timing(Timing::SIMULATED);
    }
    Ok(id)
}

fn bad_reply(link: &Link, command: Command, detail: &str) -> HostError {
    HostError::BadReply {
        port: link.name().to_string(),
        command,
        detail: detail.to_string(),
    }
}

/// The board's status.
pub fn board_status(link: &mut Link) -> Result<BoardStatus, HostError> {
    let reply = link.request(Command::Status, &[])?;
    BoardStatus::decode(&reply).ok_or_else(|| bad_reply(link, Command::Status, "length"))
}

/// A read command's reply, checked for its length.
fn read_reply(
    link: &mut Link,
    command: Command,
    args: &[u8],
    len: usize,
) -> Result<Vec<u8>, HostError> {
    let reply = link.request(command, args)?;
    if reply.len() != len {
        return Err(bad_reply(
            link,
            command,
            &format!("{} bytes, not {len}", reply.len()),
        ));
    }
    Ok(reply)
}

/// Loads shared memory: clear, then the nonzero bytes in runs (short gaps of zeros are sent
/// inside a run: cheaper than a new frame).
fn write_sm(link: &mut Link, init: &SmImage) -> Result<(), HostError> {
    link.request(Command::ClearSm, &[])?;
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for (addr, _) in init.iter().enumerate().filter(|(_, b)| **b != 0) {
        match runs.last_mut() {
            Some((start, end)) if addr - *end <= 6 && addr - *start < MAX_SM_WRITE => {
                *end = addr + 1
            }
            _ => runs.push((addr, addr + 1)),
        }
    }
    let mut progress = Progress::bar("shared memory", runs.iter().map(|(s, e)| e - s).sum());
    for (start, end) in runs {
        let mut payload = (start as u16).to_le_bytes().to_vec();
        payload.extend_from_slice(&init[start..end]);
        link.request(Command::WriteSm, &payload)?;
        progress.advance(end - start);
    }
    Ok(())
}

/// Writes the program's task lines.
fn write_tm(link: &mut Link, frames: &[Frame]) -> Result<(), HostError> {
    let lines: Vec<u64> = frames
        .iter()
        .flat_map(|f| (0..TASK_LINES).map(|k| f.task_line(k)))
        .collect();
    let mut progress = Progress::bar("task memory", lines.len());
    for (chunk_no, chunk) in lines.chunks(MAX_TM_LINES).enumerate() {
        let mut payload = vec![(chunk_no * MAX_TM_LINES) as u8];
        for line in chunk {
            payload.extend(line.to_le_bytes());
        }
        link.request(Command::WriteTm, &payload)?;
        progress.advance(chunk.len());
    }
    Ok(())
}

/// Launches a run of `frames` frames; a launch whose reply was lost is recognised by the
/// board's run count.
fn launch(link: &mut Link, frames: usize, max_cycles: u32) -> Result<(), HostError> {
    let before = board_status(link)?;
    let mut payload = vec![frames as u8];
    payload.extend(max_cycles.to_le_bytes());
    match link.request(Command::Launch, &payload) {
        Ok(_) => Ok(()),
        Err(e @ HostError::Timeout { .. }) => {
            if board_status(link)?.runs == before.runs.wrapping_add(1) {
                Ok(())
            } else {
                Err(e)
            }
        }
        Err(e) => Err(e),
    }
}

/// What to read back after a run besides the status and the timeline: each costs UART time
/// (all of shared memory: 4 KB, a third of a second at 115200 baud).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadBack {
    pub sm: bool,
    pub regs: bool,
    /// The performance counters (an error if the bitstream has none).
    pub counters: bool,
}

/// Runs `frames` on the board behind `link`. What `read` leaves out is zero in the result. A
/// cycle limit of 0 (none) becomes the largest the board counts, 2³²−1 cycles, so that a
/// program that never ends still gives the board back.
pub fn run(
    link: &mut Link,
    frames: &[Frame],
    init: &SmImage,
    config: RunConfig,
    read: ReadBack,
) -> Result<RunResult, HostError> {
    let id = identify(link)?;
    if read.counters && !id.counters {
        return Err(HostError::BadReply {
            port: link.name().to_string(),
            command: Command::Identify,
            detail: "--stats needs a bitstream with the performance counters; this one was \
                     built with --no-counters"
                .into(),
        });
    }
    let now = board_status(link)?;
    if now.running {
        // The last run's limit bounds how long this can last.
        wait_done(link, &id)?;
    }
    write_sm(link, init)?;
    write_tm(link, frames)?;
    let max_cycles = match config.max_cycles {
        0 => u32::MAX,
        n => n.min(u64::from(u32::MAX)) as u32,
    };
    launch(link, frames.len(), max_cycles)?;
    let end = wait_done(link, &id)?;

    // The timeline log.
    let count = usize::from(end.events);
    let mut recorder = TimelineRecorder::default();
    let mut first = 0;
    while first < count {
        let n = (count - first)
            .min(MAX_EVENTS_READ)
            .min(READ_CHUNK / LogEntry::BYTES);
        let mut args = (first as u16).to_le_bytes().to_vec();
        args.push(n as u8);
        let reply = read_reply(link, Command::ReadEvents, &args, n * LogEntry::BYTES)?;
        for bytes in reply.chunks(LogEntry::BYTES) {
            let e = LogEntry::decode(bytes)
                .ok_or_else(|| bad_reply(link, Command::ReadEvents, "entry"))?;
            let handled = e.handled.map(|h| HandledFrame {
                is_if: h.is_if,
                frame: h.frame,
                mask: h.mask,
            });
            recorder.observe(u64::from(e.cycle), handled, e.ready);
        }
        first += n;
    }
    let cycles = u64::from(end.cycles);
    let timeline = recorder.finish(cycles);

    // Shared memory.
    let mut mem = sm::zeroed();
    let sm_bytes = if read.sm { mem.len() } else { 0 };
    let mut progress = Progress::bar("reading memory", sm_bytes);
    for start in (0..sm_bytes).step_by(READ_CHUNK) {
        let n = (mem.len() - start).min(READ_CHUNK);
        let mut args = (start as u16).to_le_bytes().to_vec();
        args.push(n as u8);
        let reply = read_reply(link, Command::ReadSm, &args, n)?;
        mem[start..start + n].copy_from_slice(&reply);
        progress.advance(n);
    }
    drop(progress);

    // Registers.
    let mut regs = [[0u8; 16]; 16];
    let reg_count = if read.regs { 256 } else { 0 };
    for first in (0..reg_count).step_by(READ_CHUNK) {
        let reply = read_reply(
            link,
            Command::ReadRegs,
            &[first as u8, READ_CHUNK as u8],
            READ_CHUNK,
        )?;
        for (i, v) in reply.iter().enumerate() {
            regs[(first + i) / 16][(first + i) % 16] = *v;
        }
    }

    // Counters.
    let mut words = [0u64; COUNTERS];
    if read.counters {
        let per_read = MAX_COUNTERS_READ.min(READ_CHUNK / 4);
        for first in (0..COUNTERS).step_by(per_read) {
            let n = (COUNTERS - first).min(per_read);
            let reply = read_reply(link, Command::ReadCounters, &[first as u8, n as u8], 4 * n)?;
            for (k, w) in reply.chunks(4).enumerate() {
                words[first + k] = u64::from(u32::from_le_bytes([w[0], w[1], w[2], w[3]]));
            }
        }
    }
    let mut stats = stats_from_counters(&words);
    stats.count_frames(&timeline);
    Ok(RunResult {
        status: status::decode(u64::from(end.code), end.frame, end.core, end.ip),
        cycles,
        sm: mem,
        regs,
        timeline,
        stats,
    })
}

/// Polls the status until the run is over and its counts are final.
fn wait_done(link: &mut Link, id: &Identity) -> Result<BoardStatus, HostError> {
    let poll = if id.simulated {
        Duration::from_millis(5)
    } else {
        Duration::from_millis(20)
    };
    loop {
        let st = board_status(link)?;
        if !st.running && st.counters_ready {
            return Ok(st);
        }
        std::thread::sleep(poll);
    }
}
