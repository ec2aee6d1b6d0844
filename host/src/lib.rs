//! The host side of the board link: running a program on a board (or the simulated board)
//! and reading back everything the other engines report.
//!
//! A run: identify the board; check it runs the design asked for; start a session; clear
//! shared memory and write the nonzero bytes of the initial image; write the program's task
//! lines; launch; poll the status until done;
//! read the timeline log and what the caller asked for (shared memory, registers, counters).
//! Nothing that need not be sent is sent: zero bytes after the clear, frames past L, memories
//! no one will look at.
//!
//! **Exactly one run, and its own result.** The launch is numbered like every request that
//! changes the board; when its reply does not come, the host asks the board's status whether
//! the board carried it out (the status's `seq` is the launch's) before it sends the same
//! launch again, which the board would answer without running anything twice.
//!
//! **The board it reads is the board it loaded.** Before it uploads anything the host starts
//! a session with a random number ([`Command::Session`]); every status it reads from then on
//! — before the launch, while the run goes on, and once more after everything has been read
//! back — must show that number, and after the launch this launch too (its `seq` and the run
//! count it gave). A board that was reset, powered off or re-flashed at any point reports
//! session 0 and is reported as such ([`HostError::BoardReset`]), never read as a result.
//!
//! **No wait is silent, and none is endless.** A run another host left going (one killed
//! with Ctrl-C before it could stop it, a closed laptop) is told at once, with its cycle count
//! and limit, and waited for at most [`EARLIER_RUN_WAIT`]; [`stop`] ends it. A long run of
//! this host's is told every [`RUN_NOTE_EVERY`]. Once [`interrupt`] is called (the CLI's
//! Ctrl-C), the host stops the run it launched, if one is going, and gives up.

pub mod link;
mod session;

use gpu16_sim::frame::{Frame, TASK_LINES};
use gpu16_sim::image::sm::{self, SmImage};
use gpu16_sim::link::{
    BoardStatus, Command, Identity, LogEntry, MAX_COUNTERS_READ, MAX_EVENTS_READ, MAX_SM_WRITE,
    MAX_TM_LINES, VERSION,
};
use gpu16_sim::run::{Event, RunConfig, RunResult, Stats, Status, TimelineRecorder, COUNTERS};
use link::{Attempt, Tries};
pub use link::{HostError, Link, Timing};
pub use session::Phase;
use session::Session;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Largest data the host puts in a request or asks for in a reply: a damaged frame costs its
/// resend, so frames are kept short (6 bytes of framing per 64: 9%); on a line that damages
/// one byte in a hundred, about half of the 64-byte exchanges still arrive whole, where nearly
/// every 255-byte one would not.
const CHUNK: usize = 64;

/// How far a transfer has got: `done` of `total` units of `what` (bytes or task lines), told
/// to [`run`]'s caller after each request so it can draw a bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transfer {
    pub what: &'static str,
    pub done: usize,
    pub total: usize,
}

/// What [`run`] tells its caller as it goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Update {
    /// A transfer got further (for a bar).
    Transfer(Transfer),
    /// Something the user should know while the host waits.
    Note(String),
}

/// Where [`run`] reports its progress.
pub type Report<'a> = &'a mut dyn FnMut(Update);

/// The longest a host waits for a run another host left going on the board.
pub const EARLIER_RUN_WAIT: Duration = Duration::from_secs(10);

/// How often a host tells that its own run is still going.
pub const RUN_NOTE_EVERY: Duration = Duration::from_secs(10);

/// Set by [`interrupt`].
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Asks the run in progress to give up: the host stops the run it launched on the board,
/// if one is going, and returns [`HostError::Interrupted`]. Safe to call from a signal
/// handler (it only stores to an atomic).
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::Relaxed);
}

fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// [`HostError::Interrupted`] `during` a phase, if [`interrupt`] was called.
fn unless_interrupted(link: &Link, during: Phase, stopped: &str) -> Result<(), HostError> {
    if interrupted() {
        return Err(HostError::Interrupted {
            port: link.name().to_string(),
            during,
            stopped: stopped.to_string(),
        });
    }
    Ok(())
}

impl Transfer {
    fn new(what: &'static str, total: usize) -> Transfer {
        Transfer {
            what,
            done: 0,
            total,
        }
    }

    /// `n` more units are done: tells `report`.
    fn advance(&mut self, n: usize, report: Report<'_>) {
        self.done += n;
        report(Update::Transfer(*self));
    }
}
use std::time::Duration;

/// Asks the board who it is; refuses anything but a gpu16 board of this protocol version.
/// Sets the link's timing for a simulated board.
pub fn identify(link: &mut Link) -> Result<Identity, HostError> {
    let reply = match link.request(Command::Identify, &[]) {
        // Silence, or garbage only (another rate, another device): no gpu16 board answered.
        Err(HostError::Timeout { .. } | HostError::Garbled { .. }) => {
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
    link.set_board(&id);
    Ok(id)
}

/// Checks that the board behind `link` (`id`) runs the design this checkout makes for it,
/// `checkout` (`gpu16_fpga::board::fingerprint`): a bitstream built from other sources, or a
/// simulated board started before the sources changed, answers other cycles than
/// `--engine rtl`.
fn check_design(link: &mut Link, id: &Identity, checkout: u64) -> Result<(), HostError> {
    let reply = read_reply(link, Command::Design, &[], 8)?;
    let board = u64::from_le_bytes(reply.try_into().expect("8 bytes, checked"));
    if board == checkout {
        return Ok(());
    }
    Err(HostError::OtherDesign {
        port: link.name().to_string(),
        board,
        checkout,
        hint: if id.simulated {
            "it was started before the sources changed: stop it and start `gpu16 board-sim` \
             again"
        } else {
            "its bitstream was built from other sources: rebuild and flash it (`gpu16 build \
             --board BOARD`, then `gpu16 flash --board BOARD`)"
        },
    })
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
fn write_sm(link: &mut Link, init: &SmImage, report: Report<'_>) -> Result<(), HostError> {
    link.request(Command::ClearSm, &[])?;
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for (addr, _) in init.iter().enumerate().filter(|(_, b)| **b != 0) {
        match runs.last_mut() {
            Some((start, end)) if addr - *end <= 6 && addr - *start < CHUNK.min(MAX_SM_WRITE) => {
                *end = addr + 1
            }
            _ => runs.push((addr, addr + 1)),
        }
    }
    let mut progress = Transfer::new("shared memory", runs.iter().map(|(s, e)| e - s).sum());
    for (start, end) in runs {
        unless_interrupted(link, Phase::Upload, "; nothing was launched")?;
        let mut payload = (start as u16).to_le_bytes().to_vec();
        payload.extend_from_slice(&init[start..end]);
        link.request(Command::WriteSm, &payload)?;
        progress.advance(end - start, &mut *report);
    }
    Ok(())
}

/// Writes the program's task lines.
fn write_tm(link: &mut Link, frames: &[Frame], report: Report<'_>) -> Result<(), HostError> {
    let lines: Vec<u64> = frames
        .iter()
        .flat_map(|f| (0..TASK_LINES).map(|k| f.task_line(k)))
        .collect();
    let mut progress = Transfer::new("task memory", lines.len());
    let per_request = MAX_TM_LINES.min(CHUNK / 8);
    for (chunk_no, chunk) in lines.chunks(per_request).enumerate() {
        unless_interrupted(link, Phase::Upload, "; nothing was launched")?;
        let mut payload = vec![(chunk_no * per_request) as u8];
        for line in chunk {
            payload.extend(line.to_le_bytes());
        }
        link.request(Command::WriteTm, &payload)?;
        progress.advance(chunk.len(), &mut *report);
    }
    Ok(())
}

/// A launch the board carried out: its `seq`, and the run count it gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Launched {
    seq: u8,
    runs: u8,
}

impl Launched {
    /// The board's status still shows this launch; else why not.
    fn check(&self, st: &BoardStatus) -> Result<(), String> {
        if st.seq != self.seq || st.runs != self.runs {
            return Err(format!(
                "its last request is number {}, its run count {}; this host's launch was \
                 number {} and made the count {}",
                st.seq, st.runs, self.seq, self.runs
            ));
        }
        Ok(())
    }
}

/// Launches a run of `frames` frames, exactly once: a launch whose reply is lost or damaged
/// is settled by the board's status (did it carry out this `seq`?) before the same request
/// is sent again. The board must still hold `session` before and after.
fn launch(
    link: &mut Link,
    session: Session,
    frames: usize,
    max_cycles: u32,
) -> Result<Launched, HostError> {
    let before = session.status(link, Phase::Upload)?;
    let mut args = vec![frames as u8];
    args.extend(max_cycles.to_le_bytes());
    let request = link.new_request(Command::Launch, &args);
    let launched = Launched {
        seq: request.seq,
        runs: before.runs.wrapping_add(1),
    };
    let mut tries = Tries::default();
    loop {
        let attempt = link.attempt(&request, tries.sent)?;
        match attempt {
            Attempt::Done(_) => return Ok(launched),
            Attempt::Refused(error) => return Err(link.refused(Command::Launch, error)),
            _ => {
                if session.status(link, Phase::Run)?.seq == request.seq {
                    return Ok(launched);
                }
                if !tries.again(&attempt, &link.timing()) {
                    return Err(link.given_up(Command::Launch, &tries));
                }
            }
        }
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

/// Runs `frames` on the board behind `link`, which must run the design of fingerprint
/// `design` if one is given ([`check_design`]). What `read` leaves out is zero in the result.
/// A cycle limit of 0 (none) becomes the largest the board counts, 2³²−1 cycles, so that a
/// program that never ends still gives the board back.
pub fn run(
    link: &mut Link,
    frames: &[Frame],
    init: &SmImage,
    config: RunConfig,
    read: ReadBack,
    design: Option<u64>,
    report: Report<'_>,
) -> Result<RunResult, HostError> {
    link.enter(Phase::Start);
    let id = identify(link)?;
    if let Some(checkout) = design {
        check_design(link, &id, checkout)?;
    }
    if read.counters && !id.counters {
        return Err(HostError::BadReply {
            port: link.name().to_string(),
            command: Command::Identify,
            detail: "--stats needs a bitstream with the performance counters; this one was \
                     built with --no-counters"
                .into(),
        });
    }
    let max_cycles = match config.hardware_max_cycles() {
        Some(0) => u32::MAX,
        Some(n) => n,
        None => {
            return Err(HostError::CycleLimit {
                max_cycles: config.max_cycles,
            })
        }
    };
    let now = board_status(link)?;
    link.number_from(now.seq);
    if now.running {
        wait_for_earlier(link, &id, &now, &mut *report)?;
    }
    let session = Session::open(link)?;
    link.enter(Phase::Upload);
    let uploaded =
        write_sm(link, init, &mut *report).and_then(|()| write_tm(link, frames, &mut *report));
    session.unless_lost(link, Phase::Upload, uploaded)?;
    link.enter(Phase::Run);
    let launched = launch(link, session, frames.len(), max_cycles)?;
    let end = wait_done(link, &id, session, launched, max_cycles, &mut *report)?;

    link.enter(Phase::ReadBack);
    let result = read_back(link, &id, &end, read, &mut *report);
    let (timeline, mem, regs, words) = session.unless_lost(link, Phase::ReadBack, result)?;
    // Everything read back is still of this run.
    let after = session.status(link, Phase::ReadBack)?;
    if after != end {
        return Err(HostError::LostRun {
            port: link.name().to_string(),
            detail: launched.check(&after).err().unwrap_or_else(|| {
                format!(
                    "its status changed while the result was read back: {end:?}, then {after:?}"
                )
            }),
        });
    }
    let mut stats = Stats::from_counters(&words);
    stats.count_frames(&timeline);
    Ok(RunResult {
        status: Status::from_hardware(end.code, end.frame, end.core, end.ip),
        cycles: u64::from(end.cycles),
        sm: mem,
        regs,
        timeline,
        stats,
    })
}

/// What a run left, read back after it: the timeline log, and what `read` asks for of shared
/// memory, registers and counters (zero where it does not).
type ReadBackData = (Vec<Event>, SmImage, Vec<[u8; 16]>, [u64; COUNTERS]);

/// Reads back the run that ended with status `end`.
fn read_back(
    link: &mut Link,
    id: &Identity,
    end: &BoardStatus,
    read: ReadBack,
    report: Report<'_>,
) -> Result<ReadBackData, HostError> {
    // The timeline log.
    let count = usize::from(end.events);
    let mut recorder = TimelineRecorder::default();
    let mut first = 0;
    while first < count {
        unless_interrupted(link, Phase::ReadBack, "; the run had ended")?;
        let n = (count - first)
            .min(MAX_EVENTS_READ)
            .min(CHUNK / LogEntry::BYTES);
        let mut args = (first as u16).to_le_bytes().to_vec();
        args.push(n as u8);
        let reply = read_reply(link, Command::ReadEvents, &args, n * LogEntry::BYTES)?;
        for bytes in reply.chunks(LogEntry::BYTES) {
            let e = LogEntry::decode(bytes)
                .ok_or_else(|| bad_reply(link, Command::ReadEvents, "entry"))?;
            recorder.observe(u64::from(e.cycle), e.handled, e.ready);
        }
        first += n;
    }
    let timeline = recorder.finish(u64::from(end.cycles));

    // Shared memory.
    let mut mem = sm::zeroed();
    let sm_bytes = if read.sm { mem.len() } else { 0 };
    let mut progress = Transfer::new("reading memory", sm_bytes);
    for start in (0..sm_bytes).step_by(CHUNK) {
        unless_interrupted(link, Phase::ReadBack, "; the run had ended")?;
        let n = (mem.len() - start).min(CHUNK);
        let mut args = (start as u16).to_le_bytes().to_vec();
        args.push(n as u8);
        let reply = read_reply(link, Command::ReadSm, &args, n)?;
        mem[start..start + n].copy_from_slice(&reply);
        progress.advance(n, &mut *report);
    }

    // Registers.
    let mut regs = vec![[0u8; 16]; usize::from(id.cores)];
    let reg_count = if read.regs { 16 * regs.len() } else { 0 };
    for first in (0..reg_count).step_by(CHUNK) {
        let n = (reg_count - first).min(CHUNK);
        let reply = read_reply(link, Command::ReadRegs, &[first as u8, n as u8], n)?;
        for (i, v) in reply.iter().enumerate() {
            regs[(first + i) / 16][(first + i) % 16] = *v;
        }
    }

    // Counters.
    let mut words = [0u64; COUNTERS];
    if read.counters {
        let per_read = MAX_COUNTERS_READ.min(CHUNK / 4);
        for first in (0..COUNTERS).step_by(per_read) {
            let n = (COUNTERS - first).min(per_read);
            let reply = read_reply(link, Command::ReadCounters, &[first as u8, n as u8], 4 * n)?;
            for (k, w) in reply.chunks(4).enumerate() {
                words[first + k] = u64::from(u32::from_le_bytes([w[0], w[1], w[2], w[3]]));
            }
        }
    }
    Ok((timeline, mem, regs, words))
}

/// How often a host asks the board's status while it waits for a run.
fn poll_interval(id: &Identity) -> Duration {
    if id.simulated {
        Duration::from_millis(5)
    } else {
        Duration::from_millis(20)
    }
}

/// A run's cycle count against its limit, and how long it can still take on a real board.
fn run_progress(id: &Identity, cycles: u32, max_cycles: u32) -> String {
    let limit = if max_cycles == 0 {
        u32::MAX
    } else {
        max_cycles
    };
    let left = f64::from(limit.saturating_sub(cycles));
    let time = if id.simulated {
        "a simulated board".to_string()
    } else {
        format!(
            "at most {:.0} s more at the board's {} MHz",
            (left / f64::from(id.clock_hz)).ceil(),
            f64::from(id.clock_hz) / 1e6
        )
    };
    format!("cycle {cycles} of its limit {limit}, {time}")
}

/// Waits, at most [`EARLIER_RUN_WAIT`], for a run some earlier host launched (`now` is the
/// board's status) to end and its counts to be final, telling the user at once.
fn wait_for_earlier(
    link: &mut Link,
    id: &Identity,
    now: &BoardStatus,
    report: Report<'_>,
) -> Result<(), HostError> {
    use gpu16_sim::link::Launched as LastLaunch;
    let reply = read_reply(link, Command::Launched, &[], LastLaunch::BYTES)?;
    let limit = LastLaunch::decode(&reply).map_or(0, |l| l.max_cycles);
    if now.running {
        report(Update::Note(format!(
            "the board is still running a run another host launched ({}); waiting up to {} s \
             for it to end (`gpu16 stop --port {}` ends it now)",
            run_progress(id, now.cycles, limit),
            EARLIER_RUN_WAIT.as_secs(),
            link.name()
        )));
    }
    let started = Instant::now();
    loop {
        unless_interrupted(
            link,
            Phase::Start,
            "; the earlier run goes on (`gpu16 stop` ends it)",
        )?;
        let st = board_status(link)?;
        if !st.running && st.counters_ready {
            return Ok(());
        }
        if started.elapsed() > EARLIER_RUN_WAIT {
            return Err(HostError::StillRunning {
                port: link.name().to_string(),
                waited: EARLIER_RUN_WAIT.as_secs(),
                progress: run_progress(id, st.cycles, limit),
            });
        }
        std::thread::sleep(poll_interval(id));
    }
}

/// Polls the status until this host's run is over and its counts are final; each status must
/// still show the session and `launched`. Tells the user every [`RUN_NOTE_EVERY`] while the
/// run goes on; after [`interrupt`], stops it.
fn wait_done(
    link: &mut Link,
    id: &Identity,
    session: Session,
    launched: Launched,
    max_cycles: u32,
    report: Report<'_>,
) -> Result<BoardStatus, HostError> {
    let mut next_note = Instant::now() + RUN_NOTE_EVERY;
    loop {
        if interrupted() {
            let stopped = match stop_run(link, id)? {
                Some(st) => format!(
                    "; the run was stopped on the board at cycle {} (the board is idle)",
                    st.cycles
                ),
                None => "; the run had ended".to_string(),
            };
            unless_interrupted(link, Phase::Run, &stopped)?;
        }
        let st = session.status(link, Phase::Run)?;
        launched.check(&st).map_err(|detail| HostError::LostRun {
            port: link.name().to_string(),
            detail,
        })?;
        if !st.running && !st.done {
            return Err(HostError::LostRun {
                port: link.name().to_string(),
                detail: "it is neither running nor done".into(),
            });
        }
        if !st.running && st.counters_ready {
            return Ok(st);
        }
        if st.running && Instant::now() >= next_note {
            report(Update::Note(format!(
                "the run goes on: {}; Ctrl-C stops it",
                run_progress(id, st.cycles, max_cycles)
            )));
            next_note = Instant::now() + RUN_NOTE_EVERY;
        }
        std::thread::sleep(poll_interval(id));
    }
}

/// Ends the run in progress on the board behind `link` ([`Command::Stop`]): its status once
/// it has ended, or `None` if no run was in progress.
fn stop_run(link: &mut Link, id: &Identity) -> Result<Option<BoardStatus>, HostError> {
    if !board_status(link)?.running {
        return Ok(None);
    }
    let started = Instant::now();
    loop {
        link.request(Command::Stop, &[])?;
        let st = board_status(link)?;
        if !st.running {
            return Ok(Some(st));
        }
        // A stop that came in the launch's first cycles, before the run started: again.
        if started.elapsed() > Duration::from_secs(5) {
            return Err(HostError::BadReply {
                port: link.name().to_string(),
                command: Command::Stop,
                detail: "the run still goes on after the board answered the stop".into(),
            });
        }
        std::thread::sleep(poll_interval(id));
    }
}

/// `gpu16 stop`: ends the run in progress on the board behind `link`. Its status once ended
/// (code `TIMEOUT`, `stopped`), or `None` if the board was idle.
pub fn stop(link: &mut Link) -> Result<Option<BoardStatus>, HostError> {
    link.enter(Phase::Start);
    let id = identify(link)?;
    let now = board_status(link)?;
    link.number_from(now.seq);
    link.enter(Phase::Run);
    stop_run(link, &id)
}
