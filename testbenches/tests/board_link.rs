//! The board link under faults: the host's own code (`gpu16_host::run`, what `gpu16 run
//! --engine board` calls) against the simulated board (`gpu16 board-sim`: the board top in
//! Verilator) through a faulty line (testbenches/src/faulty_line.rs).
//!
//! Each case aims one fault at one request or reply — dropped, damaged, duplicated or delayed
//! whole, one byte of it lost or doubled — at every command the host sends and at the status
//! reads after the launch. In every case the board's run count
//! rises by exactly one, and the host reports the run exactly as `--engine rtl` does (or, where
//! the line leaves it no way, a clear error: never another run's result). Every flip of a
//! request's length byte, with its CRC forged to match, costs a resend. A board restarted at
//! any point of a run (the line switched to a fresh simulated board) is reported as reset,
//! never read as a result.
//!
//! `noisy_line_campaign` runs random programs on a line that damages and loses bytes at
//! random; `GPU16_SEEDS` sets how many, `GPU16_BOARDS` on how many simulated boards at once
//! (default 4; docs/VERIFICATION.md has the recorded campaign).

use gpu16_fpga::board::sim::{BoardSim, Running};
use gpu16_host::{self as host, board_status, identify, HostError, Link, Phase, ReadBack, Timing};
use gpu16_sim::frame::Frame;
use gpu16_sim::image::sm::{self, SmImage};
use gpu16_sim::link::Command;
use gpu16_sim::run::{RunConfig, RunResult};
use gpu16_testbenches::faulty_line::{Aim, Fault, FaultyLine, Plan, Way, EVERY};
use gpu16_testbenches::random_program::random_program;
use gpu16_testbenches::{asm, seeds, simulated_board};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Everything the host reads back.
const READ_ALL: ReadBack = ReadBack {
    sm: true,
    regs: true,
    counters: true,
};

/// All but shared memory (4 KB: most of a run's time on the simulated board's line).
const READ_ALL_BUT_SM: ReadBack = ReadBack {
    sm: false,
    ..READ_ALL
};

/// The simulated board, built once (in the cache `gpu16 run` uses).
fn board_sim() -> &'static BoardSim {
    simulated_board::board_sim()
}

/// The simulated board's design fingerprint, as `gpu16 run` works it out.
fn design() -> u64 {
    simulated_board::design()
}

/// The board's run count, read over a clean line (with the simulated board's timing from
/// the first request: on a machine busy with the other boards, identify's first waits, made
/// for a board not known yet, can be too short).
fn runs(board: &Running) -> u8 {
    let line = FaultyLine::new(&board.port, Plan::Aimed(vec![])).unwrap();
    let mut link = Link::open(&line.port, 115_200).unwrap();
    link.set_timing(Timing::SIMULATED);
    identify(&mut link).unwrap();
    board_status(&mut link).unwrap().runs
}

/// Runs `frames` through a line with `plan` (whose restarts switch to `spare`), reading back
/// `read`; the result, how many times `board` ran it, the line's count of faults carried out,
/// and the requests sent again.
fn run_through(
    board: &Running,
    spare: Option<&Running>,
    plan: Plan,
    frames: &[Frame],
    init: &SmImage,
    config: RunConfig,
    read: ReadBack,
) -> (Result<RunResult, HostError>, u8, usize, u32) {
    let before = runs(board);
    let line = match spare {
        Some(spare) => FaultyLine::with_spare(&board.port, &spare.port, plan),
        None => FaultyLine::new(&board.port, plan),
    }
    .unwrap();
    let mut link = Link::open(&line.port, 115_200).unwrap();
    let design = Some(design());
    let result = host::run(&mut link, frames, init, config, read, design, &mut |_| {});
    let hits = line.count().hits;
    drop(line);
    let ran = runs(board).wrapping_sub(before);
    (result, ran, hits, link.retries)
}

/// The commands a run sends (not `Stop`, nor `Launched`, which only a board that is already
/// running is asked).
fn sent_in_a_run() -> impl Iterator<Item = Command> {
    Command::ALL
        .into_iter()
        .filter(|c| !matches!(c, Command::Stop | Command::Launched))
}

/// What differs between the board's result and rtl's, if anything (shared memory only if it
/// was read back).
fn differs(board: &RunResult, rtl: &RunResult, read: ReadBack) -> Option<String> {
    let checks = [
        ("status", board.status == rtl.status),
        ("cycles", board.cycles == rtl.cycles),
        ("shared memory", !read.sm || board.sm == rtl.sm),
        ("registers", board.regs == rtl.regs),
        ("timeline", board.timeline == rtl.timeline),
        (
            "counters",
            board.stats.report(board.cycles) == rtl.stats.report(rtl.cycles),
        ),
    ];
    let wrong: Vec<&str> = checks.iter().filter(|c| !c.1).map(|c| c.0).collect();
    (!wrong.is_empty()).then(|| wrong.join(", "))
}

/// Runs `check` on each item over `lanes` simulated boards at once (most of a faulty run is
/// spent waiting for replies that do not come, not simulating).
fn on_boards<T: Sync>(items: &[T], lanes: usize, check: impl Fn(&Running, &T) + Sync) {
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..lanes {
            scope.spawn(|| {
                let board = board_sim().start().unwrap();
                while let Some(item) = items.get(next.fetch_add(1, Ordering::Relaxed)) {
                    check(&board, item);
                }
            });
        }
    });
}

#[test]
fn no_single_fault_on_any_command_runs_a_program_twice_or_changes_its_answer() {
    // atomic_counter: 16 cores add 10 each to byte 0 under the lock; a second launch would
    // leave 0x40 (160 + 160, mod 256). A byte of bank 1 makes the host write memory too.
    let frames = asm(&std::fs::read_to_string(
        gpu16_testbenches::examples_dir().join("atomic_counter.s"),
    )
    .unwrap());
    let mut init = sm::zeroed();
    init[0x100] = 0x5a;
    let config = RunConfig::limit(100_000);
    let rtl = gpu16_hdl::driver::run(&frames, &init, config, None).unwrap();
    assert_eq!(rtl.sm[0], 0xa0);

    // Past the host's first wait for a reply (0.5 s on the simulated board).
    let delay = Duration::from_millis(1500);
    let faults = [
        (Way::ToBoard, Fault::Drop),
        (Way::ToBoard, Fault::Damage { at: 4 }),
        (Way::ToBoard, Fault::DropByte { at: 2 }),
        (Way::ToBoard, Fault::DuplicateByte { at: 4 }),
        (Way::ToBoard, Fault::Duplicate),
        (Way::ToHost, Fault::Drop),
        (Way::ToHost, Fault::Damage { at: 3 }),
        (Way::ToHost, Fault::DropByte { at: 3 }),
        (Way::ToHost, Fault::DuplicateByte { at: 5 }),
        (Way::ToHost, Fault::Duplicate),
        (Way::ToHost, Fault::Delay(delay)),
    ];
    let mut cases: Vec<Aim> = Vec::new();
    // The launch, and the status reads that follow it, get every fault; every other command
    // gets each fault at its first request or reply.
    for command in sent_in_a_run() {
        for (way, fault) in faults {
            cases.push(Aim {
                way,
                command,
                nth: 0,
                fault,
            });
        }
    }
    for nth in 1..2 {
        for (way, fault) in faults {
            cases.push(Aim {
                way,
                command: Command::Status,
                nth,
                fault,
            });
        }
    }
    let failures = std::sync::Mutex::new(Vec::new());
    on_boards(&cases, 4, |board, aim| {
        // Shared memory, where a second run would show, is read back when the launch or a
        // memory read is hit.
        let read = match aim.command {
            Command::Launch | Command::ReadSm => READ_ALL,
            _ => READ_ALL_BUT_SM,
        };
        let plan = Plan::Aimed(vec![*aim]);
        let (result, ran, hits, retries) =
            run_through(board, None, plan, &frames, &init, config, read);
        // The host waits for a first identify reply for ~1.4 s, knowing nothing of the board
        // yet: past that, "nothing answered" is the clear error.
        let too_late_to_identify =
            aim.command == Command::Identify && matches!(aim.fault, Fault::Delay(_));
        let verdict = match &result {
            _ if hits != 1 => Some(format!("the fault was carried out {hits} times")),
            Err(HostError::NoAnswer { .. }) if too_late_to_identify && ran == 0 => None,
            _ if ran != 1 => Some(format!("the board ran the program {ran} times")),
            Ok(r) => differs(r, &rtl, read).map(|d| format!("a wrong answer ({d})")),
            // Every other single fault is recovered from.
            Err(e) => Some(format!("an error: {e}")),
        };
        eprintln!("{aim:?}: {retries} sent again, {:?}", verdict);
        if let Some(v) = verdict {
            failures.lock().unwrap().push(format!("{aim:?}: {v}"));
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{failures:#?}");
}

/// A board that stalls partway through every reply of a command (a simulated board on a
/// loaded machine did): the host's waits between a reply's bytes grow until the whole reply
/// is taken, where a constant wait would give up with "the line is too noisy".
#[test]
fn replies_that_stall_partway_are_waited_for() {
    let frames = asm(&std::fs::read_to_string(
        gpu16_testbenches::examples_dir().join("vector_add.s"),
    )
    .unwrap());
    let init = sm::zeroed();
    let config = RunConfig::limit(100_000);
    let rtl = gpu16_hdl::driver::run(&frames, &init, config, None).unwrap();
    // Past the simulated board's gap between bytes (20 ms) a few times over.
    let pause = Duration::from_millis(150);
    let plan = Plan::Aimed(vec![Aim {
        way: Way::ToHost,
        command: Command::WriteTm,
        nth: EVERY,
        fault: Fault::Stall { at: 4, pause },
    }]);
    let board = board_sim().start().unwrap();
    let (result, ran, hits, retries) =
        run_through(&board, None, plan, &frames, &init, config, READ_ALL_BUT_SM);
    let result = result.unwrap_or_else(|e| panic!("{e} after {retries} requests sent again"));
    assert_eq!(ran, 1);
    assert!(hits >= 2, "{hits} replies stalled");
    assert_eq!(differs(&result, &rtl, READ_ALL_BUT_SM), None);
}

#[test]
fn noisy_line_campaign() {
    // Each byte, either way: damaged with odds 1%, lost with odds 0.1%; one seed in three has
    // the board restarted after a request picked at random among a run's first 120 (a run
    // takes ~100-250 on this line).
    let seeds = seeds(6);
    let totals = std::sync::Mutex::new([0usize; 4]);
    let boards = std::env::var("GPU16_BOARDS").map_or(4, |n| n.parse().expect("GPU16_BOARDS"));
    on_boards(&seeds, boards, |board, &seed| {
        let p = random_program(seed);
        let frames = asm(&p.source);
        let rtl = gpu16_hdl::driver::run(&frames, &p.init, p.config, None).unwrap();
        let restart_after = (seed % 3 == 0)
            .then(|| 1 + gpu16_testbenches::rng::Rng::new(seed ^ 0x5eed).below(120) as usize);
        let spare = board_sim().start().unwrap();
        let plan = Plan::Noise {
            damage: 10_000,
            drop: 1_000,
            seed,
            restart_after,
        };
        let (result, ran, restarts, retries) = run_through(
            board,
            Some(&spare),
            plan,
            &frames,
            &p.init,
            p.config,
            READ_ALL,
        );
        let ran_on_spare = runs(&spare);
        eprintln!(
            "seed {seed}: {retries} sent again, {}{}",
            if restarts > 0 { "restarted, " } else { "" },
            match &result {
                Ok(_) => "the answer".to_string(),
                Err(e) => format!("{e}"),
            }
        );
        assert!(
            ran <= 1 && ran_on_spare <= 1,
            "seed {seed}: the boards ran it {ran} and {ran_on_spare} times"
        );
        let mut t = totals.lock().unwrap();
        t[0] += retries as usize;
        t[1] += restarts;
        match result {
            Ok(r) => {
                if restarts == 0 {
                    assert_eq!(ran, 1, "seed {seed}: the board ran it {ran} times");
                }
                if let Some(d) = differs(&r, &rtl, READ_ALL) {
                    panic!("seed {seed}: a wrong answer on a noisy line ({d})");
                }
                t[2] += 1;
            }
            // A reset is reported only where the board restarted.
            Err(HostError::BoardReset { .. }) => {
                assert!(restarts > 0, "seed {seed}: a reset reported, none happened");
                t[3] += 1;
            }
            // Noise alone costs resends, never the answer.
            Err(e) => panic!("seed {seed}: {e} ({restarts} restarts)"),
        }
    });
    let [retries, restarts, right, resets] = totals.into_inner().unwrap();
    eprintln!(
        "{} runs on a noisy line, {restarts} boards restarted: {right} right answers, {resets} \
         resets reported, 0 wrong, 0 run twice; {retries} requests sent again",
        seeds.len()
    );
    // Every run the noise alone touched gave the answer; the noise was felt.
    assert_eq!(right + resets, seeds.len());
    assert!(right >= seeds.len() - restarts, "{right} right answers");
    assert!(
        retries > 0,
        "the noise cost no resend: it never touched a frame"
    );
}

#[test]
fn every_flip_of_a_length_byte_costs_a_resend_never_the_answer() {
    // Each case flips one bit of the length byte of the first request of every command, with
    // the CRC forged so that a frame cut short would check: only the header check catches it.
    let example = gpu16_testbenches::examples()
        .into_iter()
        .find(|e| e.name == "histogram")
        .unwrap();
    let (frames, init) = (example.frames, example.init);
    let config = RunConfig::limit(100_000);
    let rtl = gpu16_hdl::driver::run(&frames, &init, config, None).unwrap();
    let bits: Vec<u32> = (0..8).collect();
    let failures = std::sync::Mutex::new(Vec::new());
    on_boards(&bits, 4, |board, &bit| {
        let aims: Vec<Aim> = sent_in_a_run()
            .map(|command| Aim {
                way: Way::ToBoard,
                command,
                nth: 0,
                fault: Fault::ForgeLength { bit },
            })
            .collect();
        let (result, ran, hits, retries) = run_through(
            board,
            None,
            Plan::Aimed(aims.clone()),
            &frames,
            &init,
            config,
            READ_ALL,
        );
        let verdict = match &result {
            _ if hits != aims.len() => Some(format!("{hits} requests forged")),
            _ if ran != 1 => Some(format!("the board ran the program {ran} times")),
            Ok(r) => differs(r, &rtl, READ_ALL).map(|d| format!("a wrong answer ({d})")),
            Err(e) => Some(format!("an error: {e}")),
        };
        eprintln!("length bit {bit}: {retries} sent again, {verdict:?}");
        if let Some(v) = verdict {
            failures.lock().unwrap().push(format!("bit {bit}: {v}"));
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn a_board_restarted_at_any_point_of_a_run_is_reported_never_read_as_a_result() {
    // vector_add writes shared memory in several requests. The restart switches the line to a
    // fresh simulated board: the board's power-on state, memories and all.
    let example = gpu16_testbenches::examples()
        .into_iter()
        .find(|e| e.name == "vector_add")
        .unwrap();
    let (frames, init) = (example.frames, example.init);
    let config = RunConfig::limit(100_000);
    let rtl = gpu16_hdl::driver::run(&frames, &init, config, None).unwrap();
    let at = |way, command, nth| {
        Some(Aim {
            way,
            command,
            nth,
            fault: Fault::Restart,
        })
    };
    let cases = [
        ("no restart", None, None),
        (
            "before the first WriteTm",
            at(Way::ToBoard, Command::WriteTm, 0),
            Some(Phase::Upload),
        ),
        (
            "between two WriteSm",
            at(Way::ToBoard, Command::WriteSm, 1),
            Some(Phase::Upload),
        ),
        (
            "just before the launch",
            at(Way::ToBoard, Command::Launch, 0),
            Some(Phase::Run),
        ),
        (
            "during the run",
            at(Way::ToHost, Command::Launch, 0),
            Some(Phase::Run),
        ),
        (
            "during the read-back",
            at(Way::ToBoard, Command::ReadSm, 2),
            Some(Phase::ReadBack),
        ),
    ];
    let failures = std::sync::Mutex::new(Vec::new());
    on_boards(&cases, 3, |board, (what, aim, phase)| {
        let spare = board_sim().start().unwrap();
        let plan = Plan::Aimed(aim.iter().copied().collect());
        let (result, _, hits, _) =
            run_through(board, Some(&spare), plan, &frames, &init, config, READ_ALL);
        let verdict = match (&result, phase) {
            _ if hits != usize::from(aim.is_some()) => Some(format!("{hits} restarts")),
            (Ok(r), None) => differs(r, &rtl, READ_ALL).map(|d| format!("a wrong answer ({d})")),
            (Err(HostError::BoardReset { during, .. }), Some(want)) if during == want => None,
            (Ok(_), Some(_)) => Some("a result from a restarted board".to_string()),
            (Err(e), _) => Some(format!("{e}")),
        };
        eprintln!("{what}: {verdict:?}");
        if let Some(v) = verdict {
            failures.lock().unwrap().push(format!("{what}: {v}"));
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn a_fresh_simulated_board_answers_its_first_request() {
    // The simulated board runs its clock through the power-on reset, so the host's first
    // request, sent at once with a real board's timing, is answered the first time.
    let board = board_sim().start().unwrap();
    let mut link = Link::open(&board.port, 115_200).unwrap();
    identify(&mut link).unwrap();
    board_status(&mut link).unwrap();
    assert_eq!(link.retries, 0, "requests sent again");
}

#[test]
fn a_request_hidden_in_a_writes_data_never_runs_whichever_way_its_sync_byte_is_lost() {
    // Shared memory holding, at 0x010, a whole request: a write of 0x66 to 0x123. The host
    // sends it inside its first WriteSm; that write's sync byte is damaged or lost on the line.
    let example = gpu16_testbenches::examples()
        .into_iter()
        .find(|e| e.name == "fences")
        .unwrap();
    let frames = example.frames;
    let mut init = sm::zeroed();
    let hidden = gpu16_sim::link::request_frame(Command::WriteSm, 50, &[0x23, 0x01, 0x66]);
    init[0x010..0x010 + hidden.len()].copy_from_slice(&hidden);
    let config = RunConfig::limit(100_000);
    let rtl = gpu16_hdl::driver::run(&frames, &init, config, None).unwrap();
    assert_eq!(rtl.sm[0x123], 0, "the program leaves 0x123 alone");
    let faults = [Fault::Damage { at: 0 }, Fault::DropByte { at: 0 }];
    let failures = std::sync::Mutex::new(Vec::new());
    on_boards(&faults, 3, |board, &fault| {
        let plan = Plan::Aimed(vec![Aim {
            way: Way::ToBoard,
            command: Command::WriteSm,
            nth: 0,
            fault,
        }]);
        let (result, ran, hits, retries) =
            run_through(board, None, plan, &frames, &init, config, READ_ALL);
        let verdict = match &result {
            _ if hits != 1 => Some(format!("the fault was carried out {hits} times")),
            Ok(r) if r.sm[0x123] != 0 => Some("the hidden request was carried out".into()),
            _ if ran != 1 => Some(format!("the board ran the program {ran} times")),
            Ok(r) => differs(r, &rtl, READ_ALL).map(|d| format!("a wrong answer ({d})")),
            Err(e) => Some(format!("an error: {e}")),
        };
        eprintln!("{fault:?}: {retries} sent again, {verdict:?}");
        if let Some(v) = verdict {
            failures.lock().unwrap().push(format!("{fault:?}: {v}"));
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn memory_shaped_like_replies_reads_back_as_it_is() {
    // Shared memory holding a whole reply of every code the link has (the error reply's
    // too), each with its header check and CRC, and reply headers with no payload; read back
    // over a clean line.
    use gpu16_sim::link::framing::encode;
    use gpu16_sim::link::{ERROR_REPLY, REPLY_SYNC};
    let example = gpu16_testbenches::examples()
        .into_iter()
        .find(|e| e.name == "fences")
        .unwrap();
    let frames = example.frames;
    let mut shapes = Vec::new();
    for code in Command::ALL.iter().map(|&c| c as u8).chain([ERROR_REPLY]) {
        shapes.extend(encode(REPLY_SYNC, code, &[]));
        shapes.extend(encode(REPLY_SYNC, code, &[1, 4, code]));
        shapes.extend(encode(REPLY_SYNC, code, &[9; 15]));
    }
    shapes.extend([0x5a, 0x07, 0x00, 0xbc, 0x2f, 0x5b]);
    let mut init = sm::zeroed();
    for (i, b) in shapes.iter().cycle().take(4096).enumerate() {
        init[i] = *b;
    }
    let config = RunConfig::limit(100_000);
    let rtl = gpu16_hdl::driver::run(&frames, &init, config, None).unwrap();
    let board = board_sim().start().unwrap();
    let (result, ran, _, retries) = run_through(
        &board,
        None,
        Plan::Aimed(vec![]),
        &frames,
        &init,
        config,
        READ_ALL,
    );
    let result = result.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ran, 1);
    assert_eq!(differs(&result, &rtl, READ_ALL), None);
    assert_eq!(retries, 0, "requests sent again on a clean line");
}

#[test]
fn a_resend_waits_out_the_boards_drain_whatever_baud_the_host_is_given() {
    // A damaged request makes the board drain for 2048 of its bit times: on the simulated
    // board 8,192 clock cycles whatever `--baud` says. The host's wait before the resend
    // covers it at the rates a user may give, so the damage costs exactly one resend.
    let example = gpu16_testbenches::examples()
        .into_iter()
        .find(|e| e.name == "fences")
        .unwrap();
    let (frames, init) = (example.frames, example.init);
    let config = RunConfig::limit(100_000);
    let board = board_sim().start().unwrap();
    for baud in [115_200, 1_000_000, 12_000_000] {
        let plan = Plan::Aimed(vec![Aim {
            way: Way::ToBoard,
            command: Command::WriteTm,
            nth: 0,
            fault: Fault::Damage { at: 6 },
        }]);
        let line = FaultyLine::new(&board.port, plan).unwrap();
        let mut link = Link::open(&line.port, baud).unwrap();
        let result = host::run(
            &mut link,
            &frames,
            &init,
            config,
            READ_ALL_BUT_SM,
            Some(design()),
            &mut |_| {},
        );
        assert!(result.is_ok(), "{baud} baud: {:?}", result.err());
        assert_eq!(line.count().hits, 1, "{baud} baud");
        assert_eq!(link.retries, 1, "{baud} baud: requests sent again");
    }
}
