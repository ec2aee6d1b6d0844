//! Which cores' requests a lock holds back (SPEC §6 rules 3 and 5), for the lock-wait
//! counters: a request waits for a lock another core holds on its bank when it is an
//! `ld_sync`, or a plain access to the locked row. The owner's own request is its `st_sync`
//! (the core allows it nothing else while it holds the lock), which is never held back.
//!
//! One lookup of its bank's lock per core, not a row comparison per bank and core. Only the
//! counters use it, so a build without them drops it.

use rust_hdl::prelude::*;

/// Cores and banks.
const N: usize = 16;

/// Per core: whether a lock holds its request back this cycle.
#[derive(LogicBlock, Default)]
pub struct LockWaits {
    /// Per bank: its lock is held, and on which row.
    pub locked: Signal<In, Bits<16>>,
    pub locked_row: [Signal<In, Bits<8>>; N],
    /// Per core: a request, its byte address `{bank, row}`, store?, `_sync`?
    pub req: [Signal<In, Bit>; N],
    pub addr: [Signal<In, Bits<12>>; N],
    pub write: [Signal<In, Bit>; N],
    pub sync: [Signal<In, Bit>; N],
    /// Bit i: core i's request waits for a lock.
    pub held: Signal<Out, Bits<16>>,

    /// The locked rows packed four banks to a word (bank 4q + k in bits 8k.. of
    /// `rows[q]`). Scratch per core: its bank's word, shifted down to its bank's row
    /// (`bank_in_word`, `row_shift`), its bank and whether that bank is locked.
    rows: [Signal<Local, Bits<32>>; 4],
    row_word: Signal<Local, Bits<32>>,
    bank_in_word: Signal<Local, Bits<2>>,
    row_shift: Signal<Local, Bits<5>>,
    bank: Signal<Local, Bits<4>>,
    bank_locked: Signal<Local, Bits<1>>,
    mask: Signal<Local, Bits<16>>,
}

impl Logic for LockWaits {
    #[hdl_gen]
    fn update(&mut self) {
        for q in 0..4 {
            self.rows[q].next = 0.into();
        }
        self.row_word.next = 0.into();
        self.bank_in_word.next = 0.into();
        self.row_shift.next = 0.into();
        self.bank.next = 0.into();
        self.bank_locked.next = 0.into();
        self.mask.next = 0.into();
        // Only while a bank is locked: rust-hdl's simulation then skips the lookups.
        if self.locked.val().any() {
            self.rows[0].next = bit_cast::<32, 8>(self.locked_row[0].val())
                | (bit_cast::<32, 8>(self.locked_row[1].val()) << 8)
                | (bit_cast::<32, 8>(self.locked_row[2].val()) << 16)
                | (bit_cast::<32, 8>(self.locked_row[3].val()) << 24);
            self.rows[1].next = bit_cast::<32, 8>(self.locked_row[4].val())
                | (bit_cast::<32, 8>(self.locked_row[5].val()) << 8)
                | (bit_cast::<32, 8>(self.locked_row[6].val()) << 16)
                | (bit_cast::<32, 8>(self.locked_row[7].val()) << 24);
            self.rows[2].next = bit_cast::<32, 8>(self.locked_row[8].val())
                | (bit_cast::<32, 8>(self.locked_row[9].val()) << 8)
                | (bit_cast::<32, 8>(self.locked_row[10].val()) << 16)
                | (bit_cast::<32, 8>(self.locked_row[11].val()) << 24);
            self.rows[3].next = bit_cast::<32, 8>(self.locked_row[12].val())
                | (bit_cast::<32, 8>(self.locked_row[13].val()) << 8)
                | (bit_cast::<32, 8>(self.locked_row[14].val()) << 16)
                | (bit_cast::<32, 8>(self.locked_row[15].val()) << 24);
            for i in 0..16 {
                match self.addr[i].val().get_bits::<2>(10).index() {
                    0 => self.row_word.next = self.rows[0].val(),
                    1 => self.row_word.next = self.rows[1].val(),
                    2 => self.row_word.next = self.rows[2].val(),
                    _ => self.row_word.next = self.rows[3].val(),
                }
                self.bank_in_word.next = self.addr[i].val().get_bits::<2>(8);
                self.row_shift.next = bit_cast::<5, 2>(self.bank_in_word.val()) << 3;
                self.row_word.next = self.row_word.val() >> self.row_shift.val();
                self.bank.next = self.addr[i].val().get_bits::<4>(8);
                self.bank_locked.next = bit_cast::<1, 16>(self.locked.val() >> self.bank.val());
                self.mask.next = self.mask.val().replace_bit(
                    i,
                    self.req[i].val()
                        && self.bank_locked.val().any()
                        && !(self.sync[i].val() && self.write[i].val())
                        && ((self.row_word.val().get_bits::<8>(0)
                            == self.addr[i].val().get_bits::<8>(0))
                            || self.sync[i].val()),
                );
            }
        }
        self.held.next = self.mask.val();
    }
}
