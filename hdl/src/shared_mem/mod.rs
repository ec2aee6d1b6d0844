//! Shared memory (SPEC §5–§6): 16 banks of 256 bytes behind a 16 × 16 crossbar.
//!
//! ```text
//!  core i: req/addr/write/sync/wdata ──► bank select, lock check ──► eligible[b] ──► RoundRobin[b]
//!                                                                                    │ grant[b]
//!  core i: grant ◄── OR over banks ◄─────────────────────────────────────────────────┤
//!  core i: rdata ◄── bank[rsel[i]].read_data (next cycle)     bank b RAM ◄── granted request
//! ```
//!
//! - Each bank serves one request per cycle, chosen round-robin ([`arbiter`]).
//! - Each bank has one lock ([`lock`]): while core o holds row r, other cores' accesses to
//!   row r and every `ld_sync` to the bank wait (and count as lock waits); plain accesses to
//!   other rows proceed. An `ld_sync` to a locked bank does not take part in arbitration; a
//!   plain access to the locked row does, and when it wins the bank makes no access that
//!   cycle (one row comparison per bank, after arbitration, instead of one per bank and
//!   core). A granted `ld_sync` locks, a granted `st_sync` unlocks, and a core's `task_end`
//!   (its task ended) drops its lock. The shared memory relies on the core for the rest of
//!   SPEC §6: an `st_sync` comes only from the lock's owner, to the locked byte, and a core
//!   holding a lock makes no other access.
//! - No broadcast: plain loads of one byte are served one per cycle like any requests. SPEC
//!   §5 allows serving them together, but the comparators cost ~2.1k LUT4 of an ECP5-25F that
//!   the GPU does not have (docs/microarchitecture.md).
//! - A load's byte is on `rdata` in the cycle after its grant (the banks are block RAMs with a
//!   registered read).
//! - The host port writes one byte, or reads one row of all 16 banks, per cycle (a whole dump
//!   takes 256 cycles); while `host_en` is high no core is granted.

mod arbiter;
mod lock;
mod popcount;

pub use arbiter::RoundRobin;
pub use lock::BankLock;
pub use popcount::PopCount;

use crate::counter::Counter;
use rust_hdl::prelude::*;

/// Cores (ports) and banks.
const N: usize = 16;

/// The shared memory with its 16 core ports and the host port.
#[derive(LogicBlock)]
pub struct SharedMem {
    pub clock: Signal<In, Clock>,
    /// Launch: drop every lock, reset arbitration and counters.
    pub clear: Signal<In, Bit>,
    /// Per core: a request this cycle, its byte address `{bank, row}`, store?, `_sync`?, data.
    pub req: [Signal<In, Bit>; N],
    pub addr: [Signal<In, Bits<12>>; N],
    pub write: [Signal<In, Bit>; N],
    pub sync: [Signal<In, Bit>; N],
    pub wdata: [Signal<In, Bits<8>>; N],
    /// Per core: the request is served this cycle.
    pub grant: [Signal<Out, Bit>; N],
    /// Per core: the byte its load granted in the previous cycle read.
    pub rdata: [Signal<Out, Bits<8>>; N],
    /// Per core: its task ended this cycle; a lock it holds is released.
    pub task_end: [Signal<In, Bit>; N],
    /// Host access (only while the GPU is idle): enable, byte address, write?, data. A write
    /// stores one byte; a read fetches row `host_addr[7:0]` of every bank: bank b's byte is on
    /// `host_rdata[b]` the next cycle.
    pub host_en: Signal<In, Bit>,
    pub host_addr: Signal<In, Bits<12>>,
    pub host_write: Signal<In, Bit>,
    pub host_wdata: Signal<In, Bits<8>>,
    pub host_rdata: [Signal<Out, Bits<8>>; N],
    /// Per bank: accesses served, request-cycles lost to another core's grant, request-cycles
    /// held back by a lock.
    pub accesses: [Signal<Out, Bits<32>>; N],
    pub conflict_waits: [Signal<Out, Bits<32>>; N],
    pub lock_waits: [Signal<Out, Bits<32>>; N],

    banks: [RAM<Bits<8>, 8>; N],
    arbiters: [RoundRobin; N],
    locks: [BankLock; N],
    /// Per core: one-hot bank that granted it last cycle (where its read data comes from).
    rsel: [DFF<Bits<16>>; N],
    /// The host read last cycle: `host_rdata` is valid (else 0, never the RAM's undefined
    /// power-up output).
    host_read_q: DFF<Bit>,
    accesses_count: [Counter<1>; N],
    conflicts_count: [Counter<5>; N],
    lock_waits_count: [Counter<5>; N],

    /// Per bank: how many eligible requesters lost to the grant, how many a lock held back.
    n_lost: [PopCount; N],
    n_held: [PopCount; N],
    /// Per bank: requesters it may grant, and requesters a lock holds back.
    eligible: [Signal<Local, Bits<16>>; N],
    held: [Signal<Local, Bits<16>>; N],
    /// Per bank: the core it serves this cycle (its winner, unless blocked by the lock).
    served: [Signal<Local, Bits<16>>; N],
    /// Per bank: the granted request.
    sel_row: [Signal<Local, Bits<8>>; N],
    sel_write: [Signal<Local, Bit>; N],
    sel_sync: [Signal<Local, Bit>; N],
    sel_wdata: [Signal<Local, Bits<8>>; N],
    /// Per bank: the winner asks for the row another core has locked (not performed).
    sel_blocked: [Signal<Local, Bit>; N],
    /// Per bank: the winner's access is performed this cycle.
    go: [Signal<Local, Bit>; N],
    /// Per core: banks that granted it (one-hot), and its read data.
    granted_by: [Signal<Local, Bits<16>>; N],
    read_byte: [Signal<Local, Bits<8>>; N],
    task_end_mask: Signal<Local, Bits<16>>,
    /// Scratch per (bank, core) pair: the core asks this bank.
    hit: Signal<Local, Bit>,
    host_bank: Signal<Local, Bits<16>>,
    /// For the counters: the banks' locked flags, their locked rows packed four banks to a
    /// word (bank 4q + k in bits 8k.. of `lock_rows[q]`), and per core whether a lock holds
    /// its request back. Scratch per core: its bank's word of rows, shifted down to its
    /// bank's row (`bank_in_word`, `row_shift`), its bank and whether that bank is locked.
    locked_banks: Signal<Local, Bits<16>>,
    lock_rows: [Signal<Local, Bits<32>>; 4],
    blocked_cores: Signal<Local, Bits<16>>,
    row_word: Signal<Local, Bits<32>>,
    bank_in_word: Signal<Local, Bits<2>>,
    row_shift: Signal<Local, Bits<5>>,
    core_bank: Signal<Local, Bits<4>>,
    core_bank_locked: Signal<Local, Bits<1>>,
}

impl Default for SharedMem {
    fn default() -> Self {
        SharedMem {
            clock: Default::default(),
            clear: Default::default(),
            req: Default::default(),
            addr: Default::default(),
            write: Default::default(),
            sync: Default::default(),
            wdata: Default::default(),
            grant: Default::default(),
            rdata: Default::default(),
            task_end: Default::default(),
            host_en: Default::default(),
            host_addr: Default::default(),
            host_write: Default::default(),
            host_wdata: Default::default(),
            host_rdata: Default::default(),
            accesses: Default::default(),
            conflict_waits: Default::default(),
            lock_waits: Default::default(),
            // Zero-initialised, so every simulator reads 0 (not X) from an unwritten byte.
            banks: std::array::from_fn(|_| RAM::from((0..256).map(|_| Bits::<8>::default()))),
            arbiters: Default::default(),
            locks: Default::default(),
            rsel: Default::default(),
            host_read_q: Default::default(),
            accesses_count: Default::default(),
            conflicts_count: Default::default(),
            lock_waits_count: Default::default(),
            n_lost: Default::default(),
            n_held: Default::default(),
            eligible: Default::default(),
            held: Default::default(),
            served: Default::default(),
            sel_row: Default::default(),
            sel_write: Default::default(),
            sel_sync: Default::default(),
            sel_wdata: Default::default(),
            sel_blocked: Default::default(),
            go: Default::default(),
            granted_by: Default::default(),
            read_byte: Default::default(),
            task_end_mask: Default::default(),
            hit: Default::default(),
            host_bank: Default::default(),
            locked_banks: Default::default(),
            lock_rows: Default::default(),
            blocked_cores: Default::default(),
            row_word: Default::default(),
            bank_in_word: Default::default(),
            row_shift: Default::default(),
            core_bank: Default::default(),
            core_bank_locked: Default::default(),
        }
    }
}

impl SharedMem {
    /// Build the shared memory without its performance counters (see [`Counter`]).
    pub fn disable_counters(&mut self) {
        for b in 0..N {
            self.accesses_count[b].disable();
            self.conflicts_count[b].disable();
            self.lock_waits_count[b].disable();
        }
    }
}

impl Logic for SharedMem {
    #[hdl_gen]
    fn update(&mut self) {
        self.host_read_q.clock.next = self.clock.val();
        self.host_read_q.d.next = self.host_en.val() && !self.host_write.val();
        self.task_end_mask.next = 0.into();
        self.host_bank.next = 0.into();
        for i in 0..16 {
            self.task_end_mask.next = self
                .task_end_mask
                .val()
                .replace_bit(i, self.task_end[i].val());
            self.host_bank.next = self
                .host_bank
                .val()
                .replace_bit(i, self.host_addr.val().get_bits::<4>(8).index() == i);
        }

        // For the counters only (synthesis drops it with them): each core's request waits for
        // a lock held by another core (its locked row, or any row for an `ld_sync`). One
        // lookup of the core's bank per core, not a row comparison per bank and core. The
        // owner's own request is its `st_sync` (the core allows it no other access while it
        // holds the lock; SPEC §6), which is never held back. Only while a bank is locked:
        // rust-hdl then skips it, as the old per-pair check skipped its row comparison.
        self.locked_banks.next = 0.into();
        for b in 0..16 {
            self.locked_banks.next = self
                .locked_banks
                .val()
                .replace_bit(b, self.locks[b].locked.val());
        }
        for q in 0..4 {
            self.lock_rows[q].next = 0.into();
        }
        self.row_word.next = 0.into();
        self.bank_in_word.next = 0.into();
        self.row_shift.next = 0.into();
        self.core_bank.next = 0.into();
        self.core_bank_locked.next = 0.into();
        self.blocked_cores.next = 0.into();
        if self.locked_banks.val().any() {
            self.lock_rows[0].next = bit_cast::<32, 8>(self.locks[0].locked_row.val())
                | (bit_cast::<32, 8>(self.locks[1].locked_row.val()) << 8)
                | (bit_cast::<32, 8>(self.locks[2].locked_row.val()) << 16)
                | (bit_cast::<32, 8>(self.locks[3].locked_row.val()) << 24);
            self.lock_rows[1].next = bit_cast::<32, 8>(self.locks[4].locked_row.val())
                | (bit_cast::<32, 8>(self.locks[5].locked_row.val()) << 8)
                | (bit_cast::<32, 8>(self.locks[6].locked_row.val()) << 16)
                | (bit_cast::<32, 8>(self.locks[7].locked_row.val()) << 24);
            self.lock_rows[2].next = bit_cast::<32, 8>(self.locks[8].locked_row.val())
                | (bit_cast::<32, 8>(self.locks[9].locked_row.val()) << 8)
                | (bit_cast::<32, 8>(self.locks[10].locked_row.val()) << 16)
                | (bit_cast::<32, 8>(self.locks[11].locked_row.val()) << 24);
            self.lock_rows[3].next = bit_cast::<32, 8>(self.locks[12].locked_row.val())
                | (bit_cast::<32, 8>(self.locks[13].locked_row.val()) << 8)
                | (bit_cast::<32, 8>(self.locks[14].locked_row.val()) << 16)
                | (bit_cast::<32, 8>(self.locks[15].locked_row.val()) << 24);
            for i in 0..16 {
                match self.addr[i].val().get_bits::<2>(10).index() {
                    0 => self.row_word.next = self.lock_rows[0].val(),
                    1 => self.row_word.next = self.lock_rows[1].val(),
                    2 => self.row_word.next = self.lock_rows[2].val(),
                    _ => self.row_word.next = self.lock_rows[3].val(),
                }
                self.bank_in_word.next = self.addr[i].val().get_bits::<2>(8);
                self.row_shift.next = bit_cast::<5, 2>(self.bank_in_word.val()) << 3;
                self.row_word.next = self.row_word.val() >> self.row_shift.val();
                self.core_bank.next = self.addr[i].val().get_bits::<4>(8);
                self.core_bank_locked.next =
                    bit_cast::<1, 16>(self.locked_banks.val() >> self.core_bank.val());
                self.blocked_cores.next = self.blocked_cores.val().replace_bit(
                    i,
                    self.req[i].val()
                        && self.core_bank_locked.val().any()
                        && !(self.sync[i].val() && self.write[i].val())
                        && ((self.row_word.val().get_bits::<8>(0)
                            == self.addr[i].val().get_bits::<8>(0))
                            || self.sync[i].val()),
                );
            }
        }

        // Which requests each bank may arbitrate: the bank is theirs and, while the bank is
        // locked, they are not an `ld_sync` (one lock per bank). Whether the locked row holds
        // a request back is checked after arbitration, on the winner alone (`sel_blocked`):
        // one row comparison per bank instead of one per bank and core.
        for b in 0..16 {
            self.eligible[b].next = 0.into();
            self.held[b].next = 0.into();
            for i in 0..16 {
                // Bit expressions, not `if`s: each (bank, core) pair then costs one bit of
                // logic instead of a 16-bit multiplexer.
                self.hit.next =
                    self.req[i].val() && (self.addr[i].val().get_bits::<4>(8).index() == b);
                self.eligible[b].next = self.eligible[b].val().replace_bit(
                    i,
                    self.hit.val()
                        && !(self.locks[b].locked.val()
                            && self.sync[i].val()
                            && !self.write[i].val())
                        && !self.host_en.val(),
                );
                self.held[b].next = self.held[b]
                    .val()
                    .replace_bit(i, self.hit.val() && self.blocked_cores.val().get_bit(i));
            }
            self.arbiters[b].clock.next = self.clock.val();
            self.arbiters[b].clear.next = self.clear.val();
            self.arbiters[b].eligible.next = self.eligible[b].val();
        }

        // The granted request of each bank, and the banks that granted each core.
        for i in 0..16 {
            self.granted_by[i].next = 0.into();
        }
        for b in 0..16 {
            self.sel_row[b].next = 0.into();
            self.sel_write[b].next = false;
            self.sel_sync[b].next = false;
            self.sel_wdata[b].next = 0.into();
            // The grant is one-hot, so OR-ing the granted fields selects them: an AND-OR
            // multiplexer, ~40% smaller than the priority chain `sel = field` would build.
            for i in 0..16 {
                if self.arbiters[b].grant.val().get_bit(i) {
                    self.sel_row[b].next =
                        self.sel_row[b].val() | self.addr[i].val().get_bits::<8>(0);
                    self.sel_write[b].next = self.sel_write[b].val() || self.write[i].val();
                    self.sel_sync[b].next = self.sel_sync[b].val() || self.sync[i].val();
                    self.sel_wdata[b].next = self.sel_wdata[b].val() | self.wdata[i].val();
                }
            }
            // A plain access that wins and asks for the locked row is not served: the access
            // is not made and the core asks again. The round-robin pointer still moves past
            // it, so the owner's `st_sync` and the other rows of the bank are served meanwhile
            // (within 15 turns, as any request). Sync winners are never blocked: an `ld_sync`
            // to a locked bank is not eligible, and an `st_sync` comes from the owner (the
            // core checks that, SPEC §7).
            self.sel_blocked[b].next = self.locks[b].locked.val()
                && !self.sel_sync[b].val()
                && (self.locks[b].locked_row.val() == self.sel_row[b].val());
            self.go[b].next = self.arbiters[b].grant.val().any() && !self.sel_blocked[b].val();
            if self.go[b].val() {
                self.served[b].next = self.arbiters[b].grant.val();
            } else {
                self.served[b].next = 0.into();
            }
            for i in 0..16 {
                self.granted_by[i].next = self.granted_by[i]
                    .val()
                    .replace_bit(b, self.served[b].val().get_bit(i));
            }

            // The bank's RAM: the host's access, or the granted core's.
            self.banks[b].read_clock.next = self.clock.val();
            self.banks[b].write_clock.next = self.clock.val();
            if self.host_en.val() {
                self.banks[b].read_address.next = self.host_addr.val().get_bits::<8>(0);
                self.banks[b].write_address.next = self.host_addr.val().get_bits::<8>(0);
                self.banks[b].write_data.next = self.host_wdata.val();
                self.banks[b].write_enable.next =
                    self.host_write.val() && self.host_bank.val().get_bit(b);
            } else {
                self.banks[b].read_address.next = self.sel_row[b].val();
                self.banks[b].write_address.next = self.sel_row[b].val();
                self.banks[b].write_data.next = self.sel_wdata[b].val();
                self.banks[b].write_enable.next = self.go[b].val() && self.sel_write[b].val();
            }
            if self.host_read_q.q.val() {
                self.host_rdata[b].next = self.banks[b].read_data.val();
            } else {
                self.host_rdata[b].next = 0.into();
            }

            // The lock: a granted ld_sync takes it, a granted st_sync gives it back.
            self.locks[b].clock.next = self.clock.val();
            self.locks[b].clear.next = self.clear.val();
            self.locks[b].acquire.next =
                self.go[b].val() && self.sel_sync[b].val() && !self.sel_write[b].val();
            self.locks[b].unlock.next =
                self.go[b].val() && self.sel_sync[b].val() && self.sel_write[b].val();
            self.locks[b].row.next = self.sel_row[b].val();
            self.locks[b].owner.next = self.arbiters[b].grant.val();
            self.locks[b].task_end.next = self.task_end_mask.val();

            // Counters.
            self.n_lost[b].bits.next =
                self.eligible[b].val() & !self.held[b].val() & !self.served[b].val();
            self.n_held[b].bits.next = self.held[b].val();
            self.accesses_count[b].clock.next = self.clock.val();
            self.accesses_count[b].clear.next = self.clear.val();
            self.accesses_count[b].add.next = self.go[b].val().into();
            self.conflicts_count[b].clock.next = self.clock.val();
            self.conflicts_count[b].clear.next = self.clear.val();
            self.conflicts_count[b].add.next = self.n_lost[b].count.val();
            self.lock_waits_count[b].clock.next = self.clock.val();
            self.lock_waits_count[b].clear.next = self.clear.val();
            self.lock_waits_count[b].add.next = self.n_held[b].count.val();
            self.accesses[b].next = self.accesses_count[b].count.val();
            self.conflict_waits[b].next = self.conflicts_count[b].count.val();
            self.lock_waits[b].next = self.lock_waits_count[b].count.val();
        }

        // Per core: grant now, read data from the bank that granted it last cycle.
        for i in 0..16 {
            self.grant[i].next = self.granted_by[i].val().any();
            self.rsel[i].clock.next = self.clock.val();
            self.rsel[i].d.next = self.granted_by[i].val();
            self.read_byte[i].next = 0.into();
            for b in 0..16 {
                // One-hot select: an AND-OR multiplexer (see the request select above).
                if self.rsel[i].q.val().get_bit(b) {
                    self.read_byte[i].next =
                        self.read_byte[i].val() | self.banks[b].read_data.val();
                }
            }
            self.rdata[i].next = self.read_byte[i].val();
        }
    }
}
