//! Everything one bank does, from the cores' requests to its RAM: the requests registered
//! per bank (`asks`), their eligibility and the round-robin pick ([`RoundRobin`]), the access
//! stage with the bank's lock ([`BankAccess`]), and the RAM ([`Bank`]). The crossbar that
//! brings the picked core's fields in and the byte read back out is the shared memory's
//! ([`super::SharedMem`]).

use super::{Bank, BankAccess, RoundRobin};
use crate::trace::BankTrace;
use gpu16_sim::frame::CORES;
use rust_hdl::prelude::*;

/// One bank of the shared memory.
#[derive(LogicBlock, Default)]
pub struct BankSlice {
    pub clock: Signal<In, Clock>,
    /// Launch: drop the lock, the pick and the registered requests, reset the arbitration.
    pub clear: Signal<In, Bit>,
    /// Cores whose request names this bank now (bit i: core i; none in a launch's cycle); of
    /// all the cores, those that keep their request, and those whose request is an
    /// `ld_sync`.
    pub hits: Signal<In, Bits<16>>,
    pub keep: Signal<In, Bits<16>>,
    pub ld_sync: Signal<In, Bits<16>>,
    /// The fields (`{wdata, sync, write, row}`) of the request `pick` names, from the
    /// crossbar.
    pub picked: Signal<In, Bits<18>>,
    /// Cores whose task ended this cycle: a lock one of them holds is released.
    pub task_end: Signal<In, Bits<16>>,
    /// The host's access: the banks are the host's now; they were last cycle (nothing is
    /// served); its row, a write to this bank, its byte.
    pub host_en: Signal<In, Bit>,
    pub hold: Signal<In, Bit>,
    pub host_row: Signal<In, Bits<8>>,
    pub host_write: Signal<In, Bit>,
    pub host_wdata: Signal<In, Bits<8>>,
    /// The arbitration's pick this cycle (one-hot core): served next cycle.
    pub pick: Signal<Out, Bits<16>>,
    /// The core served this cycle (one-hot, 0 for none).
    pub served: Signal<Out, Bits<16>>,
    /// The byte of the row read for the last winner; the row the host read last cycle.
    pub data: Signal<Out, Bits<8>>,
    pub row_data: Signal<Out, Bits<8>>,
    /// Performance events: the bank is locked; an access is made; two or more cores ask.
    pub locked: Signal<Out, Bit>,
    pub go: Signal<Out, Bit>,
    pub contended: Signal<Out, Bit>,
    /// What the viewer shows of the bank (simulation only: nothing reads it).
    pub trace: BankTrace,

    arbiter: RoundRobin,
    access: BankAccess,
    ram: Bank,
    /// The requests of last cycle, registered, so that the wire from each core to the banks
    /// is a cycle of its own and the arbitration starts from flip-flops. Bit i: core i asked
    /// this bank, kept its request and was neither served nor picked (so it asks again now,
    /// and may be picked) …
    asks: DFF<Bits<16>>,
    /// … and that request is an `ld_sync` (MACHINE.md §6 rule 5's input to the eligibility).
    asks_ld_sync: DFF<Bits<16>>,
    /// The data of the winner the access stage registered (the rest of the winner is
    /// registered in [`BankAccess`]).
    win_wdata: DFF<Bits<8>>,
    /// The cores asking now, on their way into `asks`.
    asking: Signal<Local, Bits<16>>,
    /// The requests the arbiter may pick this cycle.
    eligible: Signal<Local, Bits<16>>,
    /// Scratch for the scan of `hits`: one core / two cores so far asked.
    asked: Signal<Local, Bit>,
    two_asked: Signal<Local, Bit>,
}

impl Logic for BankSlice {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, asks, asks_ld_sync, win_wdata);

        // ---- access: last cycle's winner, unless the lock holds it back ----
        self.access.clock.next = self.clock.val();
        self.access.clear.next = self.clear.val();
        self.access.host_en.next = self.hold.val();
        self.access.task_end.next = self.task_end.val();
        if self.access.go.val() {
            self.served.next = self.access.win.val();
        } else {
            self.served.next = 0.into();
        }
        // The RAM: the host's access, or the winner's write now and the next winner's row
        // read as it is picked (its byte leaves the bank from a register).
        self.ram.clock.next = self.clock.val();
        self.ram.read_row.next = self.picked.val().get_bits::<8>(0);
        if self.host_en.val() {
            self.ram.row.next = self.host_row.val();
            self.ram.write_data.next = self.host_wdata.val();
            self.ram.write.next = self.host_write.val();
        } else {
            self.ram.row.next = self.access.row.val();
            self.ram.write_data.next = self.win_wdata.q.val();
            self.ram.write.next = self.access.go.val() && self.access.write.val();
        }

        // ---- request stage: who asks this bank, for the arbitration of next cycle ----
        // A request served now is still up now (its core drops it next cycle), so it is not
        // registered as asking again; nor is the one picked now (below), which is accessed
        // next cycle and, if the lock holds it back, registered again then. A request not
        // kept is never registered (docs/interfaces.md, the shared-memory port's rule 2).
        self.asked.next = false;
        self.two_asked.next = false;
        for i in 0..CORES {
            self.two_asked.next =
                self.two_asked.val() || (self.hits.val().get_bit(i) && self.asked.val());
            self.asked.next = self.asked.val() || self.hits.val().get_bit(i);
        }
        self.asking.next = self.hits.val() & self.keep.val() & !self.served.val();
        self.asks_ld_sync.d.next = self.asking.val() & self.ld_sync.val();

        // ---- arbitrate: which registered requests the bank may pick, and the pick ----
        // Bit expressions, not `if`s: each core costs one bit of logic, from flip-flops only.
        // `host_en` is left out: it comes late (the run's halt), and while it is high the
        // access stage serves nothing, so a pick made then is never served. `clear` is left
        // out too: the access stage drops a pick made in a launch's cycle, and no request is
        // registered in it. MACHINE.md §6 rule 5: no `ld_sync` is picked for a bank locked after
        // this cycle.
        if self.access.locked_next.val() {
            self.eligible.next = self.asks.q.val() & !self.asks_ld_sync.q.val();
        } else {
            self.eligible.next = self.asks.q.val();
        }
        self.arbiter.clock.next = self.clock.val();
        self.arbiter.clear.next = self.clear.val();
        self.arbiter.eligible.next = self.eligible.val();
        self.access.pick.next = self.arbiter.grant.val();
        self.access.pick_row.next = self.picked.val().get_bits::<8>(0);
        self.access.pick_write.next = self.picked.val().get_bit(8);
        self.access.pick_sync.next = self.picked.val().get_bit(9);
        self.win_wdata.d.next = self.picked.val().get_bits::<8>(10);
        self.asks.d.next = self.asking.val() & !self.arbiter.grant.val();

        self.pick.next = self.arbiter.grant.val();
        self.data.next = self.ram.data.val();
        self.row_data.next = self.ram.row_data.val();
        self.locked.next = self.access.locked.val();
        // (In the halt's cycle a winner may be served while the RAM port is the host's: no
        // access is made then.)
        self.go.next = self.access.go.val() && !self.host_en.val();
        self.contended.next = self.two_asked.val() && !self.host_en.val();

        self.trace.requests.next = self.asks.q.val();
        self.trace.grant.next = self.served.val();
        self.trace.after_last.next = self.arbiter.after_last.val();
        self.trace.locked.next = self.access.locked.val();
        self.trace.lock_row.next = self.access.lock_row.val();
        self.trace.lock_owner.next = self.access.lock_owner.val();
        self.trace.ram_write.next = self.ram.write.val();
        self.trace.ram_row.next = self.ram.row.val();
        self.trace.ram_data.next = self.ram.write_data.val();
    }
}
