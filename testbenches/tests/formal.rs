//! Proofs on the emitted Verilog (yosys + yosys-smtbmc + z3): the arbiter, the shared memory's
//! locks and the scheduler's issue rules, as the property modules in testbenches/formal/
//! state them. Each property is also shown to fail on a deliberately broken copy of its
//! block, so that a proof that cannot fail does not pass for one.

use gpu16_fpga::blocks::{Block, Counters};
use gpu16_fpga::cosim::ports_of;
use gpu16_fpga::emit;
use gpu16_fpga::formal::{check, instantiate, Mode, Verdict};
use gpu16_hdl::shared_mem::RoundRobin;
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
    fn round_robin() -> Subject {
        let uut = connected::<RoundRobin>();
        Subject {
            name: "round_robin",
            design: emit::verilog(&uut, "gpu16_round_robin").unwrap(),
            dut: instantiate("gpu16_round_robin", &ports_of(&uut)),
            properties: properties("round_robin.sv"),
            top: "round_robin_props",
        }
    }

    fn block(block: Block, file: &str, top: &'static str) -> Subject {
        Subject {
            name: block.name(),
            design: block.verilog_with(Counters::Off).unwrap(),
            dut: instantiate(block.top(), &block.ports()),
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

    /// The copy with `from` replaced by `to` breaks `property` within `depth` cycles.
    fn broken_copy_fails(&self, from: &str, to: &str, property: &str, depth: u32) {
        assert_eq!(
            self.design.matches(from).count(),
            1,
            "{}: the mutation's text {from:?} must occur once",
            self.name
        );
        let broken = self.design.replacen(from, to, 1);
        match self.check(&broken, property, Mode::Bmc { depth }) {
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
    let rr = Subject::round_robin();
    rr.proves(17, Some(17));
    rr.broken_copy_fails(
        "pick = both & (~both + 32'h1);",
        "pick = both;",
        "one_winner",
        3,
    );
    rr.broken_copy_fails(
        "| ((eligible & above$q)",
        "| ((above$q)",
        "only_requesters",
        3,
    );
    rr.broken_copy_fails(
        "grant = winner;",
        "grant = winner & 16'h7fff;",
        "someone_wins",
        3,
    );
    rr.broken_copy_fails(
        "above$d = ~((winner << 32'h1) - 32'h1);",
        "above$d = 16'hffff;",
        "fair",
        20,
    );
}

#[test]
fn the_scheduler_never_shares_a_core_and_keeps_its_fences() {
    let sched = Subject::block(Block::Scheduler, "scheduler.sv", "scheduler_props");
    sched.proves(12, None);
}
