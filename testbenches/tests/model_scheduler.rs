//! MACHINE.md §3 scheduler rules on the reference model, checked on the timeline.

use gpu16_sim::run::{Event, EventKind, Status};
use gpu16_testbenches::{examples, run_model_zero};

/// An IF body that spins about `4 * n` cycles, then stores 1 to bank core-id row `row`.
fn spin(n: u8, row: u8) -> String {
    format!(
        ".if\nset_const {n}, r10\nset_const 1, r9\nl: sub r10, r9, r10\nnop\nnop\nbnz r10, l\n\
         set_const 0, r1\nset_const {row}, r8\nst [r8, r1], r9\nready\n"
    )
}

fn timeline(src: &str) -> Vec<Event> {
    let r = run_model_zero(src);
    assert_eq!(r.status, Status::Ok, "{src}");
    r.timeline
}

fn example_timeline(name: &str) -> Vec<Event> {
    let ex = examples().into_iter().find(|e| e.name == name).unwrap();
    let r = gpu16_sim::model::run(&ex.frames, &ex.init, Default::default());
    assert_eq!(r.status, Status::Ok);
    assert_eq!(r.sm, ex.expected);
    r.timeline
}

#[test]
fn spec_example_1_acq_serialises_everything() {
    let t = example_timeline("spec_example1");
    let kinds: Vec<EventKind> = t.iter().map(|e| e.kind).collect();
    use EventKind::{Cf, If};
    assert_eq!(kinds, [Cf, If, If, If, If, Cf, If, If]);
    // IF0..IF3 one after another (same cores).
    for k in 1..4 {
        assert!(t[k + 1].issue > t[k].complete);
    }
    // CF1 is not handled before IF3 completes.
    assert!(t[5].issue > t[4].complete);
    // IF4, IF5 one after another.
    assert!(t[7].issue > t[6].complete);
}

#[test]
fn spec_example_2_overlaps_cf1_and_if4_with_if3() {
    let t = example_timeline("spec_example2");
    for k in 1..4 {
        assert!(t[k + 1].issue > t[k].complete);
    }
    assert!(t[5].issue < t[4].complete, "CF1 is handled while IF3 runs");
    assert!(t[6].issue < t[4].complete, "IF4 is issued while IF3 runs");
    assert!(t[7].issue > t[6].complete, "IF5 waits for IF4 (same cores)");
}

#[test]
fn fence_no_waits_only_for_the_ifs_own_cores() {
    // Disjoint second task starts at once; overlapping third waits for the first.
    let src = format!(
        ".cf mask=0x1\n{}.cf mask=0x2\n{}.cf mask=0x3\n{}",
        spin(20, 1),
        spin(2, 2),
        spin(1, 3)
    );
    let t = timeline(&src);
    assert!(t[3].issue < t[1].complete);
    assert!(t[5].issue > t[1].complete && t[5].issue > t[3].complete);
    assert_eq!(t[5].issue, t[1].complete.max(t[3].complete) + 1);
}

#[test]
fn fence_rel_waits_for_every_task_in_flight() {
    // Core 0 is busy with a long task; a rel IF on core 1 (idle) still waits for it.
    let rel = format!(
        ".cf mask=0x1\n{}.cf mask=0x2 fence=rel\n{}",
        spin(20, 1),
        spin(1, 2)
    );
    let t = timeline(&rel);
    assert_eq!(t[3].issue, t[1].complete + 1);
    let no = rel.replace("fence=rel", "fence=no");
    let t = timeline(&no);
    assert!(t[3].issue < t[1].complete);
}

#[test]
fn fence_acq_blocks_the_next_cf_and_if_until_it_completes() {
    let src = format!(
        ".cf mask=0x1 fence=acq\n{}.cf mask=0x2\n{}",
        spin(20, 1),
        spin(1, 2)
    );
    let t = timeline(&src);
    assert_eq!(t[2].kind, EventKind::Cf);
    assert_eq!(t[2].issue, t[1].complete + 1);
    // acq also holds back the CF's own next IF on other cores: nothing after it is handled.
    let src = format!(".cf mask=0x1 fence=acq\n{}{}", spin(20, 1), spin(1, 2));
    let t = timeline(&src);
    assert_eq!(t[2].issue, t[1].complete + 1);
}

#[test]
fn r0_init_only_for_active_cores_and_once_per_cf() {
    // Cores 0 and 1 active; core 2 named in .init but not active.
    let src = ".cf mask=0x3\n.init 0=5 1=6 2=7\n\
               .if\nset_const 1, r8\nadd r0, r8, r0\nready\n\
               .if\nset_const 1, r8\nadd r0, r8, r0\nready\n";
    let r = gpu16_sim::model::run(
        &gpu16_testbenches::asm(src),
        &gpu16_sim::image::sm::zeroed(),
        Default::default(),
    );
    assert_eq!(r.status, Status::Ok);
    assert_eq!([r.regs[0][0], r.regs[1][0], r.regs[2][0]], [7, 8, 0]);
}

#[test]
fn a_cf_waits_until_the_cores_it_initialises_are_idle() {
    // Task on core 0 stores its R0 at the end; the next CF re-initialises core 0's R0.
    let src = format!(
        ".cf mask=0x1\n.init 0=3\n{}.cf mask=0x1\n.init 0=9\n.if\nset_const 1, r9\nready\n",
        spin(20, 1).replace("ready", "set_const 0x40, r8\nst [r8, r1], r0\nready")
    );
    let r = run_model_zero(&src);
    assert_eq!(r.status, Status::Ok);
    assert_eq!(r.sm[0x40], 3, "the running task never sees its R0 change");
    assert_eq!(r.regs[0][0], 9);
    assert_eq!(r.timeline[2].issue, r.timeline[1].complete + 1);
}

#[test]
fn a_cf_whose_init_targets_are_idle_does_not_wait_for_other_cores() {
    let src = format!(
        ".cf mask=0x1\n{}.cf mask=0x2\n.init 1=9\n.if\nready\n",
        spin(20, 1)
    );
    let t = timeline(&src);
    assert!(t[2].issue < t[1].complete);
}

#[test]
fn empty_masks_make_empty_tasks_that_complete_at_once() {
    let src = format!(
        ".cf mask=0\n.if\nready\n.if\nready\n.cf mask=0x1\n{}",
        spin(1, 1)
    );
    let r = run_model_zero(&src);
    assert_eq!(r.status, Status::Ok);
    for e in &r.timeline[1..3] {
        assert_eq!((e.kind, e.mask, e.issue), (EventKind::If, 0, e.complete));
    }
    assert_eq!(r.stats.retired(), r.stats.cores[0].retired);
}

#[test]
fn a_task_starts_the_cycle_after_the_last_ready_of_the_one_before() {
    let t = timeline(".cf mask=0xffff\n.if\nready\n.if\nready\n.if\nready\n");
    assert_eq!(
        t.iter().map(|e| (e.issue, e.complete)).collect::<Vec<_>>(),
        [(0, 0), (1, 1), (2, 2), (3, 3)]
    );
}
