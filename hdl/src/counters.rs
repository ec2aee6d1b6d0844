//! The performance counters (`gpu16 run --stats`): 96 counts of 32 bits kept in one block RAM,
//! or, in a build without counters, nothing at all.
//!
//! The counters are not part of the machine (MACHINE.md). Kept as 96 adders of 32 bits behind a
//! 96:1 read-back multiplexer they would cost several times what this block does
//! (docs/decisions.md, D7).
//! Here each counter is a small **prescaler** in fabric, and one **drain** walks the 96
//! prescalers, a prescaler a cycle, adding each one's count into its 32-bit word in a RAM:
//!
//! ```text
//!  events ─► inc (registered) ─► prescaler i += inc ──┐ the drain's turn (one-hot `hot`):
//!                                                       │ take prescaler p + inc, zero it
//!          RAM[p] (read) ──► + ◄── taken ◄──────────────┘
//!                            └──► RAM[p] (written the next cycle)
//!  host: once `ready`, RAM[sel] ──► value (the next cycle)
//! ```
//!
//! Every event is one bit a cycle, and a prescaler is visited every 96 cycles, so it never
//! holds more than 96 increments: 7 bits. When no run is in progress the drain goes on until
//! every prescaler has been emptied into the RAM, then stops and raises `ready`: from then on the RAM's read port is the host's. A launch (`clear`)
//! zeroes the prescalers, and the drain's first pass writes each word instead of adding to it,
//! so the RAM never needs clearing.
//!
//! An FPGA build may leave the counters out ([`Counters::disable`]): the block then emits
//! `value = 0` and `ready = 1`, and synthesis removes every gate that only fed it (the
//! events the cores and the shared memory raise).
//!
//! The block's Verilog is written by hand (below) beside its Rust simulation; the two are held
//! equal by their own test (`testbenches/tests/counters.rs`): every one of the 96 events,
//! each at random and all at once, across runs shorter and longer than a drain pass, replayed
//! cycle for cycle in Icarus against this simulation.

use gpu16_sim::run::CounterGroup;
use rust_hdl::prelude::*;

/// Number of counters (`sel` 0–95), in the order `gpu16_sim::run::CounterGroup` gives.
pub use gpu16_sim::run::COUNTERS;
/// Cycles without a run after which every prescaler has been drained: a full pass of the
/// drain (96), the registered events and the RAM write (2), and margin.
const QUIET: u8 = 100;
/// Cycles after `running` falls within which `ready` rises.
pub const READY_WITHIN: usize = QUIET as usize + 2;

/// The counters, their drain and the RAM they are read from.
#[derive(LogicBlock)]
pub struct Counters {
    pub clock: Signal<In, Clock>,
    /// Launch: every counter starts again from 0; events in this cycle are not counted.
    pub clear: Signal<In, Bit>,
    /// A run is in progress. Events come only while it is; once it has been low for a full
    /// pass of the drain, the counts are final.
    pub running: Signal<In, Bit>,
    /// Events this cycle: a group of 16 per [`CounterGroup`], bit i for core (or bank) i.
    pub events: PerfEvents,
    /// Counter to read (0–95); its count is on `value` the next cycle, while `ready`.
    pub sel: Signal<In, Bits<7>>,
    pub value: Signal<Out, Bits<32>>,
    /// The counts are final and the read port is the host's.
    pub ready: Signal<Out, Bit>,
    _enabled: bool,
    _state: Box<Drain>,
}

/// The events of a cycle, a field per [`CounterGroup`] (named as the group), bit i for core
/// or bank i. The block numbers the counters in the contract's order ([`PerfEvents::group`]).
#[derive(LogicInterface, Default)]
pub struct PerfEvents {
    pub retired: Signal<In, Bits<16>>,
    pub mem_stall: Signal<In, Bits<16>>,
    pub busy: Signal<In, Bits<16>>,
    pub lock_waits: Signal<In, Bits<16>>,
    pub bank_accesses: Signal<In, Bits<16>>,
    pub bank_contended: Signal<In, Bits<16>>,
}

impl PerfEvents {
    /// The field carrying `group`'s events, and its name in the block's Verilog.
    fn group(&self, group: CounterGroup) -> (&Signal<In, Bits<16>>, &'static str) {
        match group {
            CounterGroup::Retired => (&self.retired, "events$retired"),
            CounterGroup::MemStall => (&self.mem_stall, "events$mem_stall"),
            CounterGroup::Busy => (&self.busy, "events$busy"),
            CounterGroup::LockWaits => (&self.lock_waits, "events$lock_waits"),
            CounterGroup::BankAccesses => (&self.bank_accesses, "events$bank_accesses"),
            CounterGroup::BankContended => (&self.bank_contended, "events$bank_contended"),
        }
    }

    /// Counter n's event this cycle.
    fn event(&self, n: usize) -> bool {
        let group = CounterGroup::ALL[n / 16];
        debug_assert_eq!(group.counter(n % 16), n);
        self.group(group).0.val().get_bit(n % 16)
    }

    /// The Verilog concatenation of every event, counter 0 in bit 0.
    fn verilog_concatenation(&self) -> String {
        let fields: Vec<&str> = CounterGroup::ALL
            .iter()
            .rev()
            .map(|&g| self.group(g).1)
            .collect();
        format!("{{{}}}", fields.join(", "))
    }
}

/// The simulation's state of the counters: what the Verilog keeps in registers and the RAM.
struct Drain {
    /// Last cycle's events (`inc`) and the prescalers.
    inc: [bool; COUNTERS],
    prescaler: [u8; COUNTERS],
    /// The prescaler the drain takes this cycle, and whether this is its first pass since
    /// the launch.
    p: usize,
    first: bool,
    /// What the drain took last cycle: the count, its counter and first-pass flag; `wv`:
    /// it took one (the RAM is written this cycle).
    taken: u8,
    p_q: usize,
    first_q: bool,
    wv: bool,
    ram: [u32; COUNTERS],
    /// The RAM's registered read port.
    rdata: u32,
    /// Cycles without a run (saturates at `QUIET`), and the flag raised one cycle after the
    /// drain stopped.
    quiet: u8,
    ready: bool,
}

impl Default for Drain {
    fn default() -> Self {
        Drain {
            inc: [false; COUNTERS],
            prescaler: [0; COUNTERS],
            p: 0,
            first: true,
            taken: 0,
            p_q: 0,
            first_q: false,
            wv: false,
            ram: [0; COUNTERS],
            rdata: 0,
            quiet: 0,
            ready: false,
        }
    }
}

impl Drain {
    /// One rising edge, with the inputs of the cycle that ends.
    fn edge(&mut self, clear: bool, running: bool, events: [bool; COUNTERS], sel: usize) {
        let draining = self.quiet < QUIET;
        let sums: [u8; COUNTERS] =
            std::array::from_fn(|i| self.prescaler[i] + u8::from(self.inc[i]));
        // The RAM: last cycle's take written, the read port's address registered.
        let read = self.ram[if self.ready { sel } else { self.p }];
        if self.wv {
            let base = if self.first_q { 0 } else { self.rdata };
            self.ram[self.p_q] = base.wrapping_add(u32::from(self.taken));
        }
        self.rdata = read;
        if clear {
            *self = Drain {
                ram: self.ram,
                rdata: self.rdata,
                ..Drain::default()
            };
            return;
        }
        self.wv = draining;
        let p = self.p;
        self.prescaler = std::array::from_fn(|i| if draining && i == p { 0 } else { sums[i] });
        self.inc = events;
        if draining {
            (self.taken, self.p_q, self.first_q) = (sums[self.p], self.p, self.first);
            self.first &= self.p != COUNTERS - 1;
            self.p = (self.p + 1) % COUNTERS;
        }
        self.ready = !draining;
        self.quiet = if running {
            0
        } else {
            (self.quiet + 1).min(QUIET)
        };
    }
}

impl Default for Counters {
    fn default() -> Self {
        Counters {
            clock: Default::default(),
            clear: Default::default(),
            running: Default::default(),
            events: Default::default(),
            sel: Default::default(),
            value: Default::default(),
            ready: Default::default(),
            _enabled: true,
            _state: Default::default(),
        }
    }
}

impl Counters {
    /// Build without counters: `value` is 0 and `ready` 1.
    pub fn disable(&mut self) {
        self._enabled = false;
    }
}

impl Logic for Counters {
    fn update(&mut self) {
        if !self._enabled {
            self.value.next = 0.into();
            self.ready.next = true;
            return;
        }
        if self.clock.pos_edge() {
            self._state.edge(
                self.clear.val(),
                self.running.val(),
                std::array::from_fn(|i| self.events.event(i)),
                self.sel.val().index(),
            );
        }
        self.value.next = u64::from(self._state.rdata).into();
        self.ready.next = self._state.ready;
    }

    fn connect(&mut self) {
        self.value.connect();
        self.ready.connect();
    }

    fn hdl(&self) -> Verilog {
        if self._enabled {
            Verilog::Custom(verilog(&self.events.verilog_concatenation()))
        } else {
            // Flip-flops that always hold their value: every simulator starts them there (an
            // `always @(*)` with no inputs would never run), and yosys removes them. The unused
            // inputs are named for Verilator's lint (its `*unused*` convention).
            Verilog::Custom(format!(
                "\
initial value = 32'h0;
initial ready = 1'b1;
always @(posedge clock) begin
   value <= 32'h0;
   ready <= 1'b1;
end
wire unused_inputs = &{{1'b0, clear, running, {events}, sel}};
",
                events = self.events.verilog_concatenation()
            ))
        }
    }
}

/// The enabled block's Verilog (see the module comment for the structure), its events
/// `events` (a concatenation, counter 0 in bit 0).
fn verilog(events: &str) -> String {
    format!(
        "\
wire [{c}:0] events = {events};

// The drain: its turn (one-hot `hot` and binary `p`), first pass since the launch, and what
// it took last cycle (`taken`, counter `p_q`), added into the RAM this cycle when `wv`.
reg [{c}:0] hot = {n}'h1;
reg [6:0] p = 7'd0;
reg first = 1'b1;
reg [6:0] taken = 7'd0;
reg [6:0] p_q = 7'd0;
reg first_q = 1'b0;
reg wv = 1'b0;
reg [6:0] quiet = 7'd0;
wire draining = quiet < 7'd{quiet};

// Prescalers: last cycle's events added; zeroed when the drain takes them. `masked` is each
// sum AND its turn, so the drain's select is an OR of 96 terms.
wire [{mb}:0] masked;
genvar i;
generate
   for (i = 0; i < {n}; i = i + 1) begin : counter
      reg inc = 1'b0;
      reg [6:0] prescaler = 7'd0;
      wire [6:0] sum = prescaler + {{6'd0, inc}};
      assign masked[i * 7 +: 7] = hot[i] ? sum : 7'd0;
      always @(posedge clock) begin
         inc <= clear ? 1'b0 : events[i];
         if (clear || (draining && hot[i])) prescaler <= 7'd0;
         else prescaler <= sum;
      end
   end
endgenerate

reg [6:0] take;
integer k;
always @(*) begin
   take = 7'd0;
   for (k = 0; k < {n}; k = k + 1) take = take | masked[k * 7 +: 7];
end

always @(posedge clock) begin
   if (clear) begin
      hot <= {n}'h1;
      p <= 7'd0;
      first <= 1'b1;
      wv <= 1'b0;
      quiet <= 7'd0;
      ready <= 1'b0;
   end else begin
      wv <= draining;
      if (draining) begin
         hot <= {{hot[{cm}:0], hot[{c}]}};
         p <= p == 7'd{c} ? 7'd0 : p + 7'd1;
         first <= first && p != 7'd{c};
         taken <= take;
         p_q <= p;
         first_q <= first;
      end
      ready <= !draining;
      if (running) quiet <= 7'd0;
      else if (draining) quiet <= quiet + 7'd1;
   end
end

// The counts: one block RAM word per counter, its read port the drain's until `ready`.
reg [31:0] ram [0:{c}];
integer m;
initial for (m = 0; m < {n}; m = m + 1) ram[m] = 32'h0;
initial value = 32'h0;
initial ready = 1'b0;
always @(posedge clock) begin
   if (wv) ram[p_q] <= (first_q ? 32'h0 : value) + {{25'd0, taken}};
   value <= ram[ready ? sel : p];
end
",
        c = COUNTERS - 1,
        cm = COUNTERS - 2,
        n = COUNTERS,
        mb = COUNTERS * 7 - 1,
        quiet = QUIET,
    )
}
