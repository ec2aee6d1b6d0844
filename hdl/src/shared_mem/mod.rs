//! Shared memory (MACHINE.md §5–§6): 16 banks of 256 bytes behind a 16 × 16 crossbar, in three
//! pipeline stages.
//!
//! ```text
//!        cycle c: request            cycle c+1: arbitrate                cycle c+2: access
//!  core i: req/keep/addr/write/sync/wdata                            ┌───────────────────────────┐
//!     ──► │asks[b]│ ──► eligible[b] ──► RoundRobin[b] ──► │win[b]│ ──►│ lock check ──► bank b RAM │
//!     ──► │fields[i]│ ─────────── winner's fields ──────► │regs │     └────────────┬──────────────┘
//!  core i: grant ◄── OR over banks ◄─────────────────────────────────────────────────┘ served[b]
//!  core i: rdata ◄── bank[rsel[i]].data (cycle c+3: the bank read the winner's row at the
//!                   start of c+2, as it was picked in c+1, into a register beside its RAM)
//! ```
//!
//! Each bank's logic, from its registered requests to its RAM, is a [`BankSlice`]; this block
//! around the 16 slices is the crossbar: the requests registered per bank and per core, the
//! picked core's fields into each bank ([`OneHotSelects`]), the grants and read bytes back to
//! the cores, and the host port (one byte written, or one row of all 16 banks read, a cycle;
//! no core is granted from the cycle after `host_en` rises until the cycle after it falls).
//!
//! How each stage works, why every stage starts from flip-flops, when a request is eligible,
//! the lock and the round-robin bound: docs/microarchitecture.md, "Shared memory". The port's
//! protocol (a request is withdrawn only in its first cycle): docs/interfaces.md.

mod access;
mod arbiter;
mod bank;
mod bank_slice;
mod lock;
mod lock_waits;
mod one_hot_selects;

pub use access::BankAccess;
pub use arbiter::RoundRobin;
pub use bank::Bank;
pub use bank_slice::BankSlice;
pub use lock::BankLock;
pub use lock_waits::LockWaits;
pub use one_hot_selects::OneHotSelects;

use crate::sm_port::SmPortTarget;
use gpu16_sim::isa::sm::BANKS;
use rust_hdl::prelude::*;

/// Cores (ports) and banks.
const N: usize = gpu16_sim::frame::CORES;

/// The shared memory with its 16 core ports and the host port.
#[derive(LogicBlock, Default)]
pub struct SharedMem {
    pub clock: Signal<In, Clock>,
    /// Launch: drop every lock, reset arbitration and counters.
    pub clear: Signal<In, Bit>,
    /// Per core: its shared-memory port ([`SmPortTarget`]; its protocol in
    /// docs/interfaces.md).
    pub cores: [SmPortTarget; N],
    /// Per core: its READY (its task ended this cycle or the one before); a lock it holds is
    /// released.
    pub task_end: [Signal<In, Bit>; N],
    /// Host access (only while the GPU is idle): enable, byte address, write?, data. A write
    /// stores one byte; a read fetches row `host_addr[7:0]` of every bank: bank b's byte is on
    /// `host_rdata[b]` the next cycle.
    pub host_en: Signal<In, Bit>,
    pub host_addr: Signal<In, Bits<12>>,
    pub host_write: Signal<In, Bit>,
    pub host_wdata: Signal<In, Bits<8>>,
    pub host_rdata: [Signal<Out, Bits<8>>; N],
    /// Performance events this cycle (for [`crate::counters::Counters`]). Per bank: an
    /// access is made (`perf_access` bit b); two or more cores ask for it (`perf_contended`).
    /// Per core: its `ld_sync` waits while its bank is locked (`perf_lock_wait` bit i).
    pub perf_access: Signal<Out, Bits<16>>,
    pub perf_contended: Signal<Out, Bits<16>>,
    pub perf_lock_wait: Signal<Out, Bits<16>>,

    /// Per bank: its registered requests, arbitration, access stage and RAM.
    banks: [BankSlice; N],
    lock_waits: LockWaits,
    /// Per bank, the fields of the core its arbiter picked (`{wdata, sync, write, row}`).
    pick: OneHotSelects<18>,
    /// Per core, the byte read by the bank that granted it last cycle.
    read: OneHotSelects<8>,
    /// Per core, the fields of its request of last cycle, registered (the request stage: the
    /// wire from each core to the banks is a cycle of its own).
    fields: [DFF<Bits<18>>; N],
    /// Per core: one-hot bank that granted it last cycle (where its read data comes from).
    rsel: [DFF<Bits<16>>; N],
    /// The host read last cycle: `host_rdata` is valid (else 0, never the RAM's undefined
    /// power-up output).
    host_read: DFF<Bit>,
    /// `host_en` of last cycle: the access stages serve nothing.
    hold: DFF<Bit>,

    /// Scratch per core: its request's data and row on their way into the 18 bits `fields`
    /// registers (rule 4 of docs/microarchitecture.md).
    wdata_byte: Signal<Local, Bits<8>>,
    row_byte: Signal<Local, Bits<8>>,
    /// Per bank: the cores whose request names it now.
    hits: [Signal<Local, Bits<16>>; N],
    /// Per core: banks that granted it (one-hot).
    granted_by: [Signal<Local, Bits<16>>; N],
    keep_mask: Signal<Local, Bits<16>>,
    task_end_mask: Signal<Local, Bits<16>>,
    ld_sync_mask: Signal<Local, Bits<16>>,
    locked_banks: Signal<Local, Bits<16>>,
    /// Banks that make an access this cycle; banks two or more cores ask.
    go_mask: Signal<Local, Bits<16>>,
    contended_mask: Signal<Local, Bits<16>>,
}

impl Logic for SharedMem {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, host_read, hold);
        self.host_read.d.next = self.host_en.val() && !self.host_write.val();
        self.hold.d.next = self.host_en.val();

        // ---- per core: its request's fields registered, and its masks ----
        self.keep_mask.next = 0.into();
        self.task_end_mask.next = 0.into();
        self.ld_sync_mask.next = 0.into();
        for i in 0..N {
            // Through scratch bytes: `bit_cast` takes no loop-indexed argument
            // (docs/microarchitecture.md, rule 4).
            self.wdata_byte.next = self.cores[i].wdata.val();
            self.row_byte.next = self.cores[i].addr.val().get_bits::<8>(0);
            self.fields[i].clock.next = self.clock.val();
            self.fields[i].d.next = ((bit_cast::<18, 8>(self.wdata_byte.val()) << 10)
                | bit_cast::<18, 8>(self.row_byte.val()))
            .replace_bit(8, self.cores[i].write.val())
            .replace_bit(9, self.cores[i].sync.val());
            self.pick.input[i].next = self.fields[i].q.val();
            self.keep_mask.next = self
                .keep_mask
                .val()
                .replace_bit(i, self.cores[i].keep.val());
            self.task_end_mask.next = self
                .task_end_mask
                .val()
                .replace_bit(i, self.task_end[i].val());
            self.ld_sync_mask.next = self.ld_sync_mask.val().replace_bit(
                i,
                self.cores[i].req.val() && self.cores[i].sync.val() && !self.cores[i].write.val(),
            );
        }

        // ---- per bank: who asks it, and the bank itself ----
        self.locked_banks.next = 0.into();
        self.go_mask.next = 0.into();
        self.contended_mask.next = 0.into();
        for b in 0..BANKS {
            self.hits[b].next = 0.into();
            for i in 0..N {
                self.hits[b].next = self.hits[b].val().replace_bit(
                    i,
                    self.cores[i].req.val()
                        && (self.cores[i].addr.val().get_bits::<4>(8).index() == b)
                        && !self.clear.val(),
                );
            }
            self.banks[b].clock.next = self.clock.val();
            self.banks[b].clear.next = self.clear.val();
            self.banks[b].hits.next = self.hits[b].val();
            self.banks[b].keep.next = self.keep_mask.val();
            self.banks[b].ld_sync.next = self.ld_sync_mask.val();
            self.banks[b].picked.next = self.pick.out[b].val();
            self.banks[b].task_end.next = self.task_end_mask.val();
            self.banks[b].host_en.next = self.host_en.val();
            self.banks[b].hold.next = self.hold.q.val();
            self.banks[b].host_row.next = self.host_addr.val().get_bits::<8>(0);
            self.banks[b].host_write.next =
                self.host_write.val() && (self.host_addr.val().get_bits::<4>(8).index() == b);
            self.banks[b].host_wdata.next = self.host_wdata.val();
            self.pick.sel[b].next = self.banks[b].pick.val();
            self.read.input[b].next = self.banks[b].data.val();
            if self.host_read.q.val() {
                self.host_rdata[b].next = self.banks[b].row_data.val();
            } else {
                self.host_rdata[b].next = 0.into();
            }
            self.locked_banks.next = self
                .locked_banks
                .val()
                .replace_bit(b, self.banks[b].locked.val());
            self.go_mask.next = self.go_mask.val().replace_bit(b, self.banks[b].go.val());
            self.contended_mask.next = self
                .contended_mask
                .val()
                .replace_bit(b, self.banks[b].contended.val());
        }

        // ---- per core: grant now, read data from the bank that granted it last cycle ----
        for i in 0..N {
            self.granted_by[i].next = 0.into();
            for b in 0..BANKS {
                self.granted_by[i].next = self.granted_by[i]
                    .val()
                    .replace_bit(b, self.banks[b].served.val().get_bit(i));
            }
            self.cores[i].gnt.next = self.granted_by[i].val().any();
            self.rsel[i].clock.next = self.clock.val();
            self.rsel[i].d.next = self.granted_by[i].val();
            self.read.sel[i].next = self.rsel[i].q.val();
            self.cores[i].rdata.next = self.read.out[i].val();
        }

        // ---- performance events (synthesis drops them without the counters) ----
        // The cores whose `ld_sync` finds its bank locked.
        self.lock_waits.locked.next = self.locked_banks.val();
        self.lock_waits.ld_sync.next = self.ld_sync_mask.val();
        for i in 0..N {
            self.lock_waits.bank[i].next = self.cores[i].addr.val().get_bits::<4>(8);
        }
        self.perf_access.next = self.go_mask.val();
        self.perf_contended.next = self.contended_mask.val();
        self.perf_lock_wait.next = self.lock_waits.waits.val();
    }
}
