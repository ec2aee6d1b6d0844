//! Runs tasks on one RTL [`Core`] with a memory stub that grants requests after random delays,
//! recording what the core did, for comparison with the reference model.

use crate::program_words::program_word;
use crate::rng::Rng;
use gpu16_fpga::cosim::Recording;
use gpu16_hdl::codes::fault_error;
use gpu16_hdl::core::Core;
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_sim::frame::Frame;
use gpu16_sim::isa::sm::BYTES;
use gpu16_sim::run::ErrorCode;

/// How a task ended on the RTL core.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TaskEnd {
    /// Cycles from `start` to `ready` (exclusive of the start cycle).
    pub cycles: u64,
    /// A core error and its IP.
    pub fault: Option<(ErrorCode, u8)>,
}

/// A memory request: address, store?, `_sync`?, store data.
type MemRequest = (usize, bool, bool, usize);

/// What the core's request of last cycle obliges it to present now.
#[derive(Clone, Copy, Debug)]
enum Pending {
    /// No request, or it was granted.
    Nothing,
    /// Kept up and not granted: the same request again.
    Kept(MemRequest),
    /// Withdrawn (`mem.keep` low): no request.
    Withdrawn,
}

/// One core, a byte-addressed memory stub and a cycle counter.
pub struct CoreHarness {
    pub core: Core,
    pub mem: Box<[u8; BYTES]>,
    rng: Rng,
    /// Shortest and longest grant delay the stub chooses (0 = grant at once).
    pub min_delay: u64,
    pub max_delay: u64,
    /// Cycles the pending request still waits.
    delay: Option<u64>,
    /// Last cycle's request, as the port's contract says this cycle's must be.
    pending: Pending,
    /// The byte a load granted this cycle read (on `mem.rdata` next cycle).
    rdata_next: u8,
    /// `ready` pulses seen.
    pub readies: u64,
    /// Loads and stores the stub served.
    pub loads: u64,
    pub stores: u64,
    /// Cycles stepped.
    pub cycle: u64,
    /// Tasks started (task n is written into frame n mod 64 of the program memory).
    tasks: usize,
    /// The core's performance events summed since its clear: (retired, stalled, busy).
    counts: (u64, u64, u64),
    /// When set, every cycle's ports are recorded for a Verilog cosimulation.
    pub recording: Option<Recording>,
}

impl CoreHarness {
    /// Core `id`, launched (cleared, then its registers zeroed one a cycle, as the scheduler
    /// does), with memory `mem`; grant delays drawn from `seed`.
    pub fn new(id: u8, mem: &[u8; BYTES], seed: u64, max_delay: u64) -> CoreHarness {
        let mut core: Core = connected();
        core.core_id.next = (id as u64).into();
        core.task.clear.next = true;
        let mut h = CoreHarness {
            core,
            mem: Box::new(*mem),
            rng: Rng::new(seed),
            min_delay: 0,
            max_delay,
            delay: None,
            pending: Pending::Nothing,
            rdata_next: 0,
            readies: 0,
            loads: 0,
            stores: 0,
            cycle: 0,
            tasks: 0,
            counts: (0, 0, 0),
            recording: None,
        };
        h.step();
        h.core.task.clear.next = false;
        for r in 0..16 {
            h.write_register(r, 0);
        }
        h
    }

    /// Settles the core, plays the memory stub for this cycle, and clocks. Returns the task's
    /// end if `ready` was high in this cycle.
    pub fn step(&mut self) -> Option<Option<(ErrorCode, u8)>> {
        let c = &mut self.core;
        c.mem.gnt.next = false;
        settle(c).expect("the core settles");
        // The port's contract (the shared memory relies on it): a request kept up last cycle
        // and not granted is up now, unchanged and still kept (so a request is withdrawn in
        // its first cycle or never); one not kept is gone.
        let request = c.mem.req.val().then(|| {
            (
                c.mem.addr.val().index(),
                c.mem.write.val(),
                c.mem.sync.val(),
                c.mem.wdata.val().index(),
            )
        });
        match self.pending {
            Pending::Kept(last) => assert_eq!(
                (request, c.mem.keep.val()),
                (Some(last), true),
                "cycle {}: a kept request changed, left or was withdrawn ungranted",
                self.cycle
            ),
            Pending::Withdrawn => assert_eq!(
                request, None,
                "cycle {}: a withdrawn request is still up",
                self.cycle
            ),
            Pending::Nothing => {}
        }
        // Like the shared memory, the stub serves a request only if the core keeps it up (its
        // instruction does not fault; in the GPU the access is made a cycle later).
        self.pending = match request {
            Some(r) if c.mem.keep.val() => Pending::Kept(r),
            Some(_) => Pending::Withdrawn,
            None => Pending::Nothing,
        };
        if let Pending::Kept((addr, write, _, wdata)) = self.pending {
            let delay = *self.delay.get_or_insert_with(|| {
                self.min_delay + self.rng.below(self.max_delay - self.min_delay + 1)
            });
            if delay == 0 {
                self.delay = None;
                self.pending = Pending::Nothing;
                c.mem.gnt.next = true;
                if write {
                    self.mem[addr] = wdata as u8;
                    self.stores += 1;
                } else {
                    self.rdata_next = self.mem[addr];
                    self.loads += 1;
                }
            } else {
                self.delay = Some(delay - 1);
            }
            settle(c).expect("the core settles");
        }
        if let Some(r) = &mut self.recording {
            r.sample(c);
        }
        let end = c.task.ready.val().then(|| {
            c.task.fault.val().then(|| {
                let code = c.task.fault_code.val().index() as u64;
                let code = fault_error(code).unwrap_or_else(|| panic!("unknown fault code {code}"));
                (code, c.task.fault_ip.val().index() as u8)
            })
        });
        // A task ends with its accesses done: no store is still posted.
        assert!(
            end.is_none() || !matches!(self.pending, Pending::Kept(_)),
            "cycle {}: ready with a request still waiting",
            self.cycle
        );
        self.readies += u64::from(end.is_some());
        self.counts = if c.task.clear.val() {
            (0, 0, 0)
        } else {
            (
                self.counts.0 + u64::from(c.perf_retired.val()),
                self.counts.1 + u64::from(c.perf_stalled.val()),
                self.counts.2 + u64::from(c.perf_busy.val()),
            )
        };
        tick(c, |c| &mut c.clock).expect("the core settles");
        c.mem.rdata.next = (self.rdata_next as u64).into();
        c.task.start.next = false;
        c.task.init_write.next = false;
        self.cycle += 1;
        end
    }

    /// Writes R0 (as a CF's Init_R0 does) in one cycle.
    pub fn init_r0(&mut self, value: u8) {
        self.write_register(0, value);
    }

    /// Writes register `r` through the core's `init_*` port in one cycle.
    fn write_register(&mut self, r: u8, value: u8) {
        self.core.task.init_write.next = true;
        self.core.task.init_reg.next = (r as u64).into();
        self.core.task.init_value.next = (value as u64).into();
        self.step();
    }

    /// Writes `frame` into the program memory as frame `slot` (a word per cycle, as the
    /// program writer does), names it as the next frame for a cycle (the idle core reads its
    /// word 0 ahead), starts it and steps until `ready` (at most `limit` cycles).
    pub fn run_task(&mut self, frame: &Frame, limit: u64) -> Option<TaskEnd> {
        let slot = self.tasks % 64;
        self.tasks += 1;
        for (ip, &word) in frame.words().iter().enumerate() {
            let c = &mut self.core;
            c.prog_write.next = true;
            c.prog_address.next = ((slot << 4 | ip) as u64).into();
            c.prog_word.next = program_word(word, ip).into();
            self.step();
        }
        self.core.prog_write.next = false;
        self.core.task.next_frame.next = (slot as u64).into();
        self.step();
        let c = &mut self.core;
        c.task.start.next = true;
        c.task.start_frame.next = (slot as u64).into();
        self.step();
        (1..=limit).find_map(|n| self.step().map(|fault| TaskEnd { cycles: n, fault }))
    }

    /// The 16 registers, through the debug port (each on `dbg_reg` the cycle after its
    /// select).
    pub fn regs(&mut self) -> [u8; 16] {
        std::array::from_fn(|r| {
            self.core.dbg_reg_sel.next = (r as u64).into();
            self.step();
            self.core.dbg_reg.val().index() as u8
        })
    }

    /// The core's performance events since its clear: (retired, stalled, busy).
    pub fn counters(&self) -> (u64, u64, u64) {
        self.counts
    }
}

/// Extra cycle the pipelined core spends on a load: it leaves E the cycle after the grant,
/// when its byte arrives. (A store leaves E in its first cycle and the port holds it; the
/// core counts every cycle E then waits for it as a stall.)
pub const LOAD_EXTRA: u64 = 1;
/// Extra cycles of a `div` (8 cycles in the execute stage).
pub const DIV_EXTRA: u64 = 7;
/// Extra cycles of a `mul`: its product is registered, then its two bytes go through the
/// register file's one write port.
pub const MUL_EXTRA: u64 = 2;
/// Extra cycle of a `bnz` that goes the other way than the fetch guessed (a loop's `bnz`
/// taken, any other not): the word fetched behind it is dropped.
pub const MISPREDICT_EXTRA: u64 = 1;

/// Runs `tasks` one after another on core `id` of the RTL (grants delayed up to `max_delay`
/// cycles) and on the reference model (one CF selecting that core, then the tasks as IFs), and
/// asserts they agree: registers, memory, fault with IP, instructions retired, accesses
/// served, and the cycle count `retired + loads·LOAD_EXTRA + divs·DIV_EXTRA + muls·MUL_EXTRA
/// + mispredicted·MISPREDICT_EXTRA + stalls` for tasks that end cleanly.
pub fn compare_with_model(id: u8, tasks: &[Frame], mem: &[u8; BYTES], seed: u64, max_delay: u64) {
    use gpu16_sim::frame::ControlFrame;
    use gpu16_sim::run::{RunConfig, Status};
    let cf = ControlFrame {
        if_num: tasks.len() as u8,
        core_active_vect: 1 << id,
        ..Default::default()
    };
    let program: Vec<Frame> = std::iter::once(cf.encode())
        .chain(tasks.iter().copied())
        .collect();
    let model = gpu16_sim::model::run(&program, &Box::new(*mem), RunConfig::limit(100_000));
    let context = || {
        format!(
            "core {id}, seed {seed}\n{}",
            gpu16_sim::asm::disassemble(&program)
        )
    };
    assert!(
        !matches!(
            model.status,
            Status::Error {
                code: ErrorCode::Timeout,
                ..
            }
        ),
        "test task does not end: {}",
        context()
    );

    let mut h = CoreHarness::new(id, mem, seed, max_delay);
    let mut fault = None;
    for task in tasks {
        let end = h
            .run_task(task, 10_000)
            .unwrap_or_else(|| panic!("RTL core never signalled ready: {}", context()));
        if end.fault.is_some() {
            fault = end.fault;
            break;
        }
    }
    let model_fault = match model.status {
        Status::Ok => None,
        Status::Error { code, fault, .. } => Some((code, fault.expect("a core error").ip)),
    };
    same("the fault (code, IP)", fault, model_fault, &context);
    let (rtl_regs, model_regs) = (h.regs(), model.regs[id as usize]);
    let differing: Vec<String> = (0..16)
        .filter(|&r| rtl_regs[r] != model_regs[r])
        .map(|r| format!("r{r}: RTL {}, model {}", rtl_regs[r], model_regs[r]))
        .collect();
    assert!(
        differing.is_empty(),
        "the registers differ: {}\n  RTL:   {rtl_regs:?}\n  model: {model_regs:?}\nrunning {}",
        differing.join("; "),
        context()
    );
    let diff: Vec<(usize, u8, u8)> = (0..BYTES)
        .filter(|&a| h.mem[a] != model.sm[a])
        .map(|a| (a, h.mem[a], model.sm[a]))
        .collect();
    assert!(
        diff.is_empty(),
        "shared memory differs at (address, RTL, model) {diff:x?}: {}",
        context()
    );
    let stats = &model.stats.cores[id as usize];
    let (retired, stalled, busy) = h.counters();
    same("instructions retired", retired, stats.retired, &context);
    assert_eq!(
        h.readies,
        tasks.len().min(stats.tasks as usize) as u64,
        "ready pulses"
    );
    if fault.is_none() {
        same(
            "memory accesses",
            h.loads + h.stores,
            stats.accesses,
            &context,
        );
        let expected = stats.retired
            + h.loads * LOAD_EXTRA
            + stats.divs * DIV_EXTRA
            + stats.muls * MUL_EXTRA
            + (stats.bnz_back_not_taken + stats.bnz_forward_taken) * MISPREDICT_EXTRA
            + stalled;
        assert_eq!(
            busy,
            expected,
            "busy cycles: the RTL's (left), what the model's counts and the pipeline's costs \
             make (right): {}",
            context()
        );
    }
}

/// Panics unless the RTL's value of `what` is the model's, naming which is which and the
/// program (`context`).
#[track_caller]
fn same<T: PartialEq + std::fmt::Debug>(
    what: &str,
    rtl: T,
    model: T,
    context: &dyn Fn() -> String,
) {
    if rtl != model {
        panic!(
            "{what} differ\n  RTL:   {rtl:?}\n  model: {model:?}\nrunning {}",
            context()
        );
    }
}
