//! MACHINE.md §7 errors on the reference model: code, frame, core and IP; no hang; SM kept.

use gpu16_sim::image::sm;
use gpu16_sim::run::{CoreFault, ErrorCode, RunConfig, Status};
use gpu16_testbenches::{asm, run_model_zero};

fn error(code: ErrorCode, frame: u8, fault: Option<(u8, u8)>) -> Status {
    Status::Error {
        code,
        frame,
        fault: fault.map(|(core, ip)| CoreFault { core, ip }),
    }
}

/// A task on `mask` that stores 0x11 to bank core-id row `row`.
fn marker(mask: u16, row: u8) -> String {
    format!(".cf mask={mask:#x}\n.if\nset_const 0, r1\nset_const 0x11, r9\nset_const {row}, r8\nst [r8, r1], r9\nready\n")
}

#[test]
fn bad_fence_stops_at_its_cf_and_keeps_earlier_writes() {
    // Frame 2 is a CF with fence 3 (byte 0 = 0xc1: IF_Num 1, fence 3; mask 0x0001).
    let src = format!(
        "{}.cf_raw 0x00000000000100c1 0 0 0\n.if\nready\n{}",
        marker(1, 1),
        marker(1, 2)
    );
    let r = run_model_zero(&src);
    assert_eq!(r.status, error(ErrorCode::BadFence, 2, None));
    assert_eq!(r.status.exit_code(), 2);
    assert_eq!(r.sm[1], 0x11);
    assert_eq!(r.sm[2], 0, "nothing after the bad CF ran");
    assert_eq!(r.timeline.len(), 2);
}

#[test]
fn truncated_cf_stops_at_its_cf() {
    // Frame 2: IF_Num 5 but only one frame follows.
    let src = format!(
        "{}.cf_raw 0x0000000000010005 0 0 0\n.if\nready\n",
        marker(1, 1)
    );
    let r = run_model_zero(&src);
    assert_eq!(r.status, error(ErrorCode::Truncated, 2, None));
    assert_eq!(r.sm[1], 0x11);
}

#[test]
fn illegal_mode_finishes_the_core_and_lets_others_finish() {
    // Core 0 hits `ld` with mode 10 at IP 1; core 1 finishes its own task; no new frame runs.
    let src = format!(
        ".cf mask=0x3\n.if\nset_const 0, r1\nbnz r1, 4\n.hword 0xb2a3\nready\nset_const 0x22, r9\nst [r1, r1], r9\nready\n{}",
        marker(1, 5)
    );
    let r = run_model_zero(&src);
    assert_eq!(r.status, error(ErrorCode::IllegalInsn, 1, Some((0, 2))));
    assert_eq!(r.sm[0x101], 0x22, "core 1 finished its task");
    assert_eq!(r.sm[5], 0, "no frame after the error");
}

/// Runs one task on core 0 (and optionally core 1) and returns the status.
fn violation(body: &str) -> Status {
    let src = format!(".cf mask=0x1\n.if\nsub r0, r0, r0\n{body}\n");
    run_model_zero(&src).status
}

#[test]
fn every_atomic_violation_names_core_and_ip() {
    let v = |ip| error(ErrorCode::AtomicViolation, 1, Some((0, ip)));
    assert_eq!(
        violation("ld_sync [r0, r0], r8\nld_sync [r0, r0], r8"),
        v(2)
    );
    assert_eq!(violation("ld_sync [r0, r0], r8\nld [r0, r0], r8"), v(2));
    assert_eq!(violation("ld_sync [r0, r0], r8\nst [r0, r0], r8"), v(2));
    assert_eq!(
        violation("ld_sync [r0, r0], r8\nadd r8, r8, r8\nready"),
        v(3)
    );
    assert_eq!(violation("st_sync [r0, r0], r8"), v(1));
    assert_eq!(
        violation("set_const 1, r9\nadd r9, r0, r1\nld_sync [r0, r0], r8\nst_sync [r0, r1], r8"),
        v(4)
    );
    // Falling off IP 15 inside a sequence.
    let pad = "nop\n".repeat(13);
    assert_eq!(violation(&format!("ld_sync [r0, r0], r8\n{pad}")), v(15));
}

#[test]
fn a_violation_releases_the_lock_and_skips_the_access() {
    // Core 0 locks byte 0 then does a plain store (violation: not performed, lock released);
    // core 1 waits on the same byte and then gets it.
    let src = ".cf mask=0x3\n.if\nsub r2, r2, r2\nset_const 0x55, r9\nset_const 0, r1\nbnz r1, 6\n\
               ld_sync [r2, r2], r8\nst [r2, r2], r9\nnop\nnop\nld_sync [r2, r2], r8\nst_sync [r2, r2], r1\nready\n";
    let r = run_model_zero(src);
    assert_eq!(r.status, error(ErrorCode::AtomicViolation, 1, Some((0, 5))));
    assert_eq!(
        r.sm[0], 1,
        "core 1 locked and wrote after the release; core 0's st skipped"
    );
}

#[test]
fn timeout_stops_an_endless_loop() {
    let frames = asm(".cf mask=0x1\n.if\nset_const 1, r8\nl: bnz r8, l\n");
    let r = gpu16_sim::model::run(&frames, &sm::zeroed(), RunConfig::limit(500));
    assert_eq!(r.status, error(ErrorCode::Timeout, 2, None));
    assert_eq!(r.status.exit_code(), 3);
    assert_eq!(r.cycles, 500);
    assert_eq!(
        r.timeline[1].complete, 500,
        "the cut-off task ends at the stop"
    );
}

#[test]
fn the_first_error_is_reported() {
    // Cores 0 and 1 both hit an illegal instruction in the same cycle: core 0 is reported.
    let src = ".cf mask=0x3\n.if\nnop\n.hword 0xd0c0\nready\n";
    let r = run_model_zero(src);
    assert_eq!(r.status, error(ErrorCode::IllegalInsn, 1, Some((0, 1))));
    // A core error before a later timeout stays the reported error.
    let frames = asm(".cf mask=0x3\n.if\nset_const 0, r1\nbnz r1, 3\n.hword 0xb0c0\nset_const 1, r8\nl: bnz r8, l\n");
    let r = gpu16_sim::model::run(&frames, &sm::zeroed(), RunConfig::limit(100));
    assert_eq!(r.status, error(ErrorCode::IllegalInsn, 1, Some((0, 2))));
    assert_eq!(r.cycles, 100);
}

#[test]
fn status_lines_follow_spec_9() {
    assert_eq!(Status::Ok.line(12), "status: ok cycles: 12");
    assert_eq!(
        error(ErrorCode::AtomicViolation, 3, Some((7, 9))).line(40),
        "status: error ATOMIC_VIOLATION frame: 3 core: 7 ip: 9 cycles: 40"
    );
    assert_eq!(
        error(ErrorCode::BadFence, 2, None).line(5),
        "status: error BAD_FENCE frame: 2 cycles: 5"
    );
}

#[test]
fn a_cf_naming_an_absent_core_stops_with_no_core() {
    // On 4 cores: the first group writes its marker; the CF naming core 5 stops the run before
    // anything of its group, or after it, runs.
    let src = format!("{}{}{}", marker(0x3, 1), marker(0x21, 2), marker(0x1, 3));
    let frames = asm(&src);
    let config = RunConfig {
        max_cycles: 1_000,
        cores: 4,
    };
    let r = gpu16_sim::model::run(&frames, &sm::zeroed(), config);
    assert_eq!(r.status, error(ErrorCode::NoCore, 2, None));
    assert_eq!(r.status.exit_code(), 2);
    assert_eq!(
        r.status.line(r.cycles),
        format!("status: error NO_CORE frame: 2 cycles: {}", r.cycles)
    );
    assert_eq!(
        (r.sm[1], r.sm[256 + 1]),
        (0x11, 0x11),
        "the first group ran"
    );
    assert!(
        r.sm.iter().filter(|&&b| b != 0).count() == 2,
        "nothing after the CF"
    );
    assert_eq!(r.regs.len(), 4, "the registers of the cores there are");
    // The same program on 6 cores or more runs to its end.
    for cores in [6, 16] {
        let r = gpu16_sim::model::run(&frames, &sm::zeroed(), RunConfig { cores, ..config });
        assert_eq!(r.status, Status::Ok, "{cores} cores");
        assert_eq!(r.sm[5 * 256 + 2], 0x11, "{cores} cores: core 5's marker");
    }
}

#[test]
fn a_bad_fence_or_truncation_is_reported_before_an_absent_core() {
    let config = RunConfig {
        max_cycles: 1_000,
        cores: 1,
    };
    for (raw, code) in [
        ("0x00000000800000c1", ErrorCode::BadFence),
        ("0x0000000080000005", ErrorCode::Truncated),
        ("0x0000000080000001", ErrorCode::NoCore),
    ] {
        let frames = asm(&format!(".cf_raw {raw} 0 0 0\n.if\nready\n"));
        let r = gpu16_sim::model::run(&frames, &sm::zeroed(), config);
        assert_eq!(r.status, error(code, 0, None), "{raw}");
    }
}
