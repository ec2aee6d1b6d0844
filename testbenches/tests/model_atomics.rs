//! MACHINE.md §5–§6 on the reference model: round-robin banks, locks and atomic sequences.

use gpu16_sim::run::Status;
use gpu16_testbenches::run_model_zero;

#[test]
fn sixteen_cores_increment_one_byte_without_losing_an_update() {
    let src = ".cf mask=0xffff\n.if\nsub r0, r0, r0\nset_const 1, r9\nset_const 15, r10\n\
               l: ld_sync [r0, r0], r11\nadd r11, r9, r11\nst_sync [r0, r0], r11\n\
               sub r10, r9, r10\nbnz r10, l\nready\n";
    let r = run_model_zero(src);
    assert_eq!(r.status, Status::Ok);
    assert_eq!(r.sm[0], 240);
    let lock_waits: u64 = r.stats.cores.iter().map(|c| c.lock_waits).sum();
    assert!(lock_waits > 0, "the lock made cores wait");
    assert!(
        r.stats.banks[0].contended > 0,
        "the cores asked for bank 0 together"
    );
}

#[test]
fn same_bank_requests_are_granted_round_robin() {
    // All 16 cores load bank 0 in the same cycle: core i's first load waits i cycles. Its
    // second load then queues behind the 15 others (grants go on round-robin after it), so
    // it waits exactly 15 cycles: the MACHINE.md §5 bound.
    let src = ".cf mask=0xffff\n.if\nld [r8, r0], r9\nld [r8, r0], r9\nready\n";
    let r = run_model_zero(src);
    assert_eq!(r.status, Status::Ok);
    for (i, c) in r.stats.cores.iter().enumerate() {
        assert_eq!(c.mem_stall, i as u64 + 15, "core {i}");
    }
    assert_eq!(r.stats.banks[0].accesses, 32);
    // Two or more cores ask in every cycle but the last, when core 15's second load is alone.
    assert_eq!(r.stats.banks[0].contended, 31);
}

#[test]
fn different_banks_proceed_in_parallel() {
    // Core i touches bank i only: no waits at all, 16 sequences at once.
    let src = ".cf mask=0xffff\n.if\nset_const 0, r1\nld_sync [r8, r1], r9\nnop\nnop\n\
               st_sync [r8, r1], r9\nld [r8, r1], r9\nready\n";
    let r = run_model_zero(src);
    assert_eq!(r.status, Status::Ok);
    assert!(r.stats.banks.iter().all(|b| b.contended == 0));
    assert!(r
        .stats
        .cores
        .iter()
        .all(|c| c.lock_waits == 0 && c.mem_stall == 0));
    assert_eq!(r.cycles, 1 + 7);
}

/// Core 0 locks bank 3 row 0 and holds it ~40 cycles; core 1 and core 2 start at once with
/// `access` to `row` of bank 3, then store a marker to bank 1 / bank 2.
fn contend(access: &str, row: u8) -> gpu16_sim::run::RunResult {
    let src = format!(
        ".cf mask=0x1\n.if\nset_const 3, r9\nadd r9, r0, r1\nsub r2, r2, r2\nld_sync [r2, r1], r10\n\
         set_const 10, r11\nset_const 1, r12\nl: sub r11, r12, r11\nnop\nnop\nbnz r11, l\n\
         st_sync [r2, r1], r12\nready\n\
         .cf mask=0x2\n.if\nnop\nset_const 3, r9\nadd r9, r0, r1\nset_const {row}, r8\n{access}\nready\n"
    );
    let r = run_model_zero(&src);
    assert_eq!(r.status, Status::Ok, "{src}");
    r
}

#[test]
fn the_locked_byte_waits_for_every_other_access() {
    for access in [
        "ld [r8, r1], r10",
        "st [r8, r1], r9",
        "ld_sync [r8, r1], r10\nst_sync [r8, r1], r10",
    ] {
        let r = contend(access, 0);
        let (locker, other) = (&r.timeline[1], &r.timeline[3]);
        assert!(
            other.complete > locker.complete - 2,
            "{access} waited for the unlock"
        );
        // Core 1 waits; only an `ld_sync` counts as waiting for the lock.
        let c = &r.stats.cores[1];
        assert!(c.mem_stall > 30, "{access}");
        assert_eq!(c.lock_waits > 30, access.starts_with("ld_sync"), "{access}");
    }
}

#[test]
fn ld_sync_to_another_row_of_a_locked_bank_waits() {
    let r = contend("ld_sync [r8, r1], r10\nst_sync [r8, r1], r10", 7);
    assert!(r.timeline[3].complete > r.timeline[1].complete - 2);
    assert!(r.stats.cores[1].lock_waits > 30);
}

#[test]
fn plain_access_to_another_row_of_a_locked_bank_proceeds() {
    for access in ["ld [r8, r1], r10", "st [r8, r1], r9"] {
        let r = contend(access, 7);
        assert!(
            r.timeline[3].complete < r.timeline[1].complete - 20,
            "{access}"
        );
        assert_eq!(r.stats.cores[1].mem_stall, 0, "{access}");
    }
}

#[test]
fn st_sync_writes_and_unlocks() {
    let r = contend("ld [r8, r1], r10\nst [r8, r1], r10", 0);
    assert_eq!(r.sm[0x300], 1, "st_sync wrote r12 = 1");
    assert_eq!(
        r.regs[1][10], 1,
        "the waiting load saw the value st_sync wrote"
    );
}
