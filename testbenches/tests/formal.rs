//! Proofs on the emitted Verilog (yosys, then yosys-smtbmc with z3 or yosys-abc's PDR): the
//! arbiter, the shared memory's locks, the fence rules and the scheduler's issue rules, as the
//! property modules in testbenches/formal/ state them. Each property is also shown to fail on
//! a deliberately broken copy of its block, so that a proof that cannot fail does not pass
//! for one.

use gpu16_fpga::cosim::{ports_of, Port};
use gpu16_fpga::emit;
use gpu16_fpga::formal::{check, instantiate, Mode, Verdict};
use gpu16_hdl::scheduler::{FenceCheck, Scheduler};
use gpu16_hdl::shared_mem::{BankAccess, BankLock, RoundRobin};
use gpu16_hdl::sim::connected;
use gpu16_testbenches::scratch;

/// A block under proof: its Verilog, its instantiation and its property module.
struct Subject {
    name: &'static str,
    design: String,
    dut: String,
    properties: String,
    top: &'static str,
}

impl Subject {
    /// A leaf block emitted as `module`, with the property module `top` in `file`.
    fn leaf<B: rust_hdl::prelude::Block>(
        name: &'static str,
        uut: &B,
        module: &str,
        file: &str,
        top: &'static str,
    ) -> Subject {
        Subject {
            name,
            design: emit::verilog(uut, module).unwrap(),
            dut: instantiate(module, &ports_of(uut)),
            properties: properties(file),
            top,
        }
    }

    fn check(&self, design: &str, work: &str, mode: Mode) -> Verdict {
        let dir = scratch!(&format!("formal-{}-{work}", self.name));
        check(&dir, design, &self.properties, self.top, &self.dut, mode)
            .unwrap_or_else(|e| panic!("{}: {e}", self.name))
    }

    /// Every property holds to `depth` cycles from power-up and, where `induction` is given,
    /// for ever (k-induction over that many cycles).
    fn proves(&self, depth: u32, induction: Option<u32>) {
        assert_eq!(
            self.check(&self.design, "bmc", Mode::Bmc { depth }),
            Verdict::Passed,
            "{}: bounded model check to {depth} cycles",
            self.name
        );
        if let Some(k) = induction {
            assert_eq!(
                self.check(&self.design, "bmc-base", Mode::Bmc { depth: k }),
                Verdict::Passed
            );
            assert_eq!(
                self.check(&self.design, "induction", Mode::Induction { depth: k }),
                Verdict::Passed,
                "{}: induction over {k} cycles",
                self.name
            );
        }
    }

    /// Every property holds in every state reachable from power-up (ABC's PDR).
    fn proves_for_ever(&self) {
        assert_eq!(
            self.check(&self.design, "pdr", Mode::Pdr),
            Verdict::Passed,
            "{}: PDR",
            self.name
        );
    }

    /// The copy with `from` replaced by `to` breaks `property` under `mode`.
    fn broken_copy_fails(&self, from: &str, to: &str, property: &str, mode: Mode) {
        assert_eq!(
            self.design.matches(from).count(),
            1,
            "{}: the mutation's text {from:?} must occur once",
            self.name
        );
        let broken = self.design.replacen(from, to, 1);
        match self.check(&broken, property, mode) {
            Verdict::Failed { assertion, .. } => assert_eq!(
                assertion, property,
                "{}: `{from}` -> `{to}` should break {property}",
                self.name
            ),
            other => panic!(
                "{}: `{from}` -> `{to}` should break {property}, got {other:?}",
                self.name
            ),
        }
    }
}

fn properties(file: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("formal")
        .join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_arbiter_grants_one_requester_and_is_fair() {
    let rr = Subject::leaf(
        "round_robin",
        &connected::<RoundRobin>(),
        "gpu16_round_robin",
        "round_robin.sv",
        "round_robin_props",
    );
    rr.proves(17, Some(17));
    rr.broken_copy_fails(
        "pick = both & neg;",
        "pick = both;",
        "one_winner",
        Mode::Bmc { depth: 3 },
    );
    rr.broken_copy_fails(
        "| ((eligible & above$q)",
        "| ((above$q)",
        "only_requesters",
        Mode::Bmc { depth: 3 },
    );
    rr.broken_copy_fails(
        "grant = winner;",
        "grant = winner & 16'h7fff;",
        "someone_wins",
        Mode::Bmc { depth: 3 },
    );
    rr.broken_copy_fails(
        "above$d = beyond[(32'h0)+:(16)];",
        "above$d = 16'h0;",
        "fair",
        Mode::Bmc { depth: 20 },
    );
}

#[test]
fn a_bank_lock_is_held_from_its_ld_sync_to_its_st_sync_or_task_end() {
    let lock = Subject::leaf(
        "bank_lock",
        &connected::<BankLock>(),
        "gpu16_bank_lock",
        "bank_lock.sv",
        "bank_lock_props",
    );
    // PDR: the lock's owner is not on its ports, so k-induction cannot tie it to the
    // reference's (an unreachable state with two different owners never shows); PDR's
    // invariant does.
    lock.proves_for_ever();
    // Released by another core's end of task, not only its owner's.
    lock.broken_copy_fails(
        "(valid$q && |(task_end & held_owner$q))",
        "(valid$q && |(task_end))",
        "locked_as_reference",
        Mode::Pdr,
    );
    // Never released by its st_sync.
    lock.broken_copy_fails(
        "if (unlock || clear ||",
        "if (clear ||",
        "locked_as_reference",
        Mode::Pdr,
    );
    // The locked row taken from the wrong input.
    lock.broken_copy_fails(
        "held_row$d = row;",
        "held_row$d = owner[7:0];",
        "row_as_reference",
        Mode::Pdr,
    );
    // The lock's next state reported as its present one.
    lock.broken_copy_fails(
        "locked_after = valid_next;",
        "locked_after = valid$q;",
        "after_as_reference",
        Mode::Pdr,
    );
}

#[test]
fn a_bank_serves_one_lock_owner_and_leaves_its_locked_byte_alone() {
    let access = Subject::leaf(
        "bank_access",
        &connected::<BankAccess>(),
        "gpu16_bank_access",
        "bank_access.sv",
        "bank_access_props",
    );
    access.proves_for_ever();
    let breaks = [
        // An ld_sync served while the bank is locked: a second owner.
        (
            "blocked = lock$locked && ld_sync;",
            "blocked = 1'b0;",
            "one_owner",
        ),
        // A pick made in a launch's cycle kept.
        ("win_q$d = 32'h0;", "win_q$d = pick;", "winner_as_picked"),
        // The row compared with the wrong row.
        (
            "(lock$locked_row == row_q$q);",
            "(lock$locked_row == ~row_q$q);",
            "locked_byte_untouched",
        ),
        // The lock not reported to the arbitration and the counters.
        (
            "locked = lock$locked;",
            "locked = 1'b0;",
            "locked_as_reference",
        ),
        // Served while the host holds the banks.
        ("&& ~host_en", "", "served_only_if_asked"),
        // Everything held back while locked.
        (
            "blocked = lock$locked && (lock$locked_row == row_q$q);",
            "blocked = lock$locked;",
            "served_unless_locked",
        ),
        // A picked st_sync not seen as unlocking.
        (
            "(lock$locked_after && ~(pick_sync && pick_write))",
            "lock$locked_after",
            "next_lock_as_reference",
        ),
        // The lock's present state, not its next, carried into locked_next.
        (
            "((lock$locked_after &&",
            "((lock$locked &&",
            "next_lock_as_reference",
        ),
    ];
    for (from, to, property) in breaks {
        access.broken_copy_fails(from, to, property, Mode::Pdr);
    }
}

#[test]
fn an_if_issues_only_as_its_fence_allows() {
    let fence = Subject::leaf(
        "fence_check",
        &connected::<FenceCheck>(),
        "gpu16_fence_check",
        "fence_check.sv",
        "fence_check_props",
    );
    fence.proves(1, Some(1));
    let breaks = [
        // rel waits only for its own cores.
        (
            "waits_for = 32'hffff;",
            "waits_for = mask;",
            "rel_waits_for_all",
        ),
        // no/acq ignore busy cores.
        (
            "waits_for = mask;",
            "waits_for = 16'h0;",
            "cores_never_shared",
        ),
        // no/acq wait for a core outside the IF.
        (
            "waits_for = mask;",
            "waits_for = mask | 16'h1;",
            "own_cores_only",
        ),
        (
            "acquire = fence == 32'h1;",
            "acquire = fence == 32'h2;",
            "acquire_is_acq",
        ),
    ];
    for (from, to, property) in breaks {
        fence.broken_copy_fails(from, to, property, Mode::Bmc { depth: 1 });
    }
}

/// The scheduler's Verilog with each Task Memory block RAM replaced by a module whose read
/// data is free in every cycle (`anyseq`): a proof then holds for any frames at all.
fn with_free_task_memory(design: &str) -> String {
    let mut out = String::new();
    let mut rest = design;
    let mut stubs = 0;
    while let Some(at) = rest.find("module gpu16_scheduler$walk$tm$lines$") {
        out.push_str(&rest[..at]);
        let header_end = at + rest[at..].find(';').expect("a module header") + 1;
        let end = at + rest[at..].find("endmodule").expect("endmodule") + "endmodule".len();
        out.push_str(&rest[at..header_end]);
        out.push_str(
            "
    input wire clock;
    input wire [5:0] read_address;
    output wire [63:0] read_data;
    input wire write_enable;
    input wire [5:0] write_address;
    input wire [63:0] write_data;
    (* anyseq *) reg [63:0] any_frame_line;
    assign read_data = any_frame_line;
endmodule",
        );
        rest = &rest[end..];
        stubs += 1;
    }
    out.push_str(rest);
    assert_eq!(stubs, 3, "the Task Memory's three RAMs");
    out
}

/// The scheduler's Verilog with the fence its IFs issue under (the frame walk's `fence`) bound
/// to a new output, `formal_fence`, for the property module (as a SystemVerilog `bind` would).
fn with_fence_observer(design: &str) -> String {
    let header = "module gpu16_scheduler(";
    let at = design.find(header).expect("the scheduler's module") + header.len();
    let body = at + design[at..].find(");").expect("its port list") + 2;
    assert!(
        design.contains("wire  [1:0] walk$at_tp$fence;"),
        "the walk's fence"
    );
    format!(
        "{}formal_fence,{}\n    output wire [1:0] formal_fence;\n    assign formal_fence = \
         walk$at_tp$fence;{}",
        &design[..at],
        &design[at..body],
        &design[body..]
    )
}

#[test]
fn the_scheduler_never_shares_a_core_writes_r0_only_to_idle_ones_starts_the_frame_named_ahead_and_only_present_cores(
) {
    let uut = connected::<Scheduler>();
    let sched = Subject {
        name: "scheduler",
        design: with_free_task_memory(&emit::verilog(&uut, "gpu16_scheduler").unwrap()),
        dut: instantiate("gpu16_scheduler", &ports_of(&uut)),
        properties: properties("scheduler.sv"),
        top: "scheduler_props",
    };
    sched.proves_for_ever();
    // An IF under `no`/`acq` issued onto busy cores.
    sched.broken_copy_fails(
        "waits_for = mask;",
        "waits_for = 16'h0;",
        "cores_never_shared",
        Mode::Pdr,
    );
    // A CF handled while the cores it initialises are busy.
    sched.broken_copy_fails(
        "waits_for = acq_mask | cf_targets;",
        "waits_for = acq_mask;",
        "r0_only_to_idle",
        Mode::Pdr,
    );
    // The walk told that every core is present: a CF naming an absent core is handled.
    sched.broken_copy_fails(
        "walk$present = present;",
        "walk$present = 16'hffff;",
        "only_present_cores",
        Mode::Pdr,
    );
    // The cores told to read ahead the frame after the one started.
    sched.broken_copy_fails(
        "cores$0$next_frame = walk$tp[(32'h0)+:(6)];",
        "cores$0$next_frame = walk$tp[(32'h0)+:(6)] + 6'h1;",
        "starts_the_frame_named_ahead",
        Mode::Pdr,
    );
}

/// scheduler.sv's property module with the fence rules of scheduler_fences.sv added, for the
/// scheduler bound by [`with_fence_observer`].
fn with_fence_properties() -> String {
    let scheduler = properties("scheduler.sv");
    let fences = properties("scheduler_fences.sv");
    let at = scheduler.rfind("endmodule").expect("scheduler.sv's module");
    format!("{}{fences}{}", &scheduler[..at], &scheduler[at..]).replacen(
        "  // DUT:",
        "  wire [1:0] formal_fence;\n  // DUT:",
        1,
    )
}

#[test]
fn the_scheduler_applies_acq_and_rel_as_a_whole() {
    let uut = connected::<Scheduler>();
    let mut ports = ports_of(&uut);
    ports.push(Port {
        name: "formal_fence".into(),
        width: 2,
        is_input: false,
    });
    let sched = Subject {
        name: "scheduler_fences",
        design: with_fence_observer(&with_free_task_memory(
            &emit::verilog(&uut, "gpu16_scheduler").unwrap(),
        )),
        dut: instantiate("gpu16_scheduler", &ports),
        properties: with_fence_properties(),
        top: "scheduler_props",
    };
    sched.proves_for_ever();
    // A `rel` IF that waits only for its own cores.
    sched.broken_copy_fails(
        "waits_for = 32'hffff;",
        "waits_for = mask;",
        "rel_waits_for_all",
        Mode::Pdr,
    );
    // Frames handled while an `acq` IF is in flight: its mask never blocks, or is never kept.
    sched.broken_copy_fails(
        "waits_for = acq_mask | cf_targets;",
        "waits_for = cf_targets;",
        "acq_blocks_until_done",
        Mode::Pdr,
    );
    sched.broken_copy_fails(
        "acquire = fence == 32'h1;",
        "acquire = 1'b0;",
        "acq_blocks_until_done",
        Mode::Pdr,
    );
}
