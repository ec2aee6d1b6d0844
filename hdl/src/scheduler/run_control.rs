//! The run's course: it starts when the launch's register zeroing is over, counts its cycles
//! against the limit (`TIMEOUT` when the count reaches `max_cycles`, 0 = no limit, or the
//! cycle after the host's `stop`), stops the walk at the first error, and ends when the walk
//! is over and no task is in flight.

use rust_hdl::prelude::*;

/// Whether a run is on, its cycle count and its end.
#[derive(LogicBlock, Default)]
pub struct RunControl {
    pub clock: Signal<In, Clock>,
    /// Launch with a cycle limit; the zeroing's last register is written now.
    pub launch: Signal<In, Bit>,
    pub max_cycles: Signal<In, Bits<32>>,
    /// The host ends the run: `TIMEOUT` the cycle after, as if the limit were reached.
    pub stop: Signal<In, Bit>,
    pub zeroed: Signal<In, Bit>,
    /// This cycle: the walk reports an error, or a core faults (the walk stops at it); no
    /// frame is left after this cycle; no task is in flight after it.
    pub error: Signal<In, Bit>,
    pub last: Signal<In, Bit>,
    pub idle_after: Signal<In, Bit>,
    /// A run is on; it has ended; its cycles so far.
    pub running: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    pub cycles: Signal<Out, Bits<32>>,
    /// The walk was stopped by an error; the cycle count reaches the limit now.
    pub stopped: Signal<Out, Bit>,
    pub timeout: Signal<Out, Bit>,

    running_q: DFF<Bit>,
    done_q: DFF<Bit>,
    cycles_q: DFF<Bits<32>>,
    limit: DFF<Bits<32>>,
    /// The cycle count equals the limit this cycle: compared a cycle ahead, so that the
    /// 32-bit comparison is not on the path from the count through `halt` into every core
    /// and the shared memory's arbitration.
    at_limit: DFF<Bit>,
    stopped_q: DFF<Bit>,
    /// The cycle count after this cycle; the walk is stopped after this cycle.
    cycles_next: Signal<Local, Bits<32>>,
    stop_next: Signal<Local, Bit>,
}

impl Logic for RunControl {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, running_q, done_q, cycles_q, limit, at_limit, stopped_q);
        self.timeout.next = self.running_q.q.val() && self.at_limit.q.val();
        self.cycles_next.next = self.cycles_q.q.val() + 1;
        self.stop_next.next = self.stopped_q.q.val() || self.error.val();
        self.stopped_q.d.next = self.stop_next.val();
        if self.running_q.q.val() {
            if self.timeout.val() {
                self.running_q.d.next = false;
                self.done_q.d.next = true;
                self.at_limit.d.next = false;
            } else {
                self.cycles_q.d.next = self.cycles_next.val();
                self.at_limit.d.next = (self.limit.q.val().any()
                    && (self.cycles_next.val() == self.limit.q.val()))
                    || self.stop.val();
                // The walk is over and no task is in flight after it: from the decisions
                // through a few gates, not a comparison of TP and an OR over the busy mask.
                if (self.stop_next.val() || self.last.val()) && self.idle_after.val() {
                    self.running_q.d.next = false;
                    self.done_q.d.next = true;
                }
            }
        }
        if self.zeroed.val() {
            self.running_q.d.next = true;
        }
        if self.launch.val() {
            self.running_q.d.next = false;
            self.done_q.d.next = false;
            self.stopped_q.d.next = false;
            self.cycles_q.d.next = 0.into();
            self.limit.d.next = self.max_cycles.val();
            self.at_limit.d.next = false;
        }
        self.running.next = self.running_q.q.val();
        self.done.next = self.done_q.q.val();
        self.cycles.next = self.cycles_q.q.val();
        self.stopped.next = self.stopped_q.q.val();
    }
}
