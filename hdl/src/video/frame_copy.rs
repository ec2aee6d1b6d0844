//! The copy of the picture from shared memory into the frame memory, across the two clocks:
//! [`FrameCopy`] reads shared memory in the GPU's clock, [`FrameWrite`] writes the frame
//! memory in the pixel clock, and a row at a time crosses between them by a handshake.
//!
//! ```text
//!  GPU clock                                     │  pixel clock
//!  done rises ─► pending: rows 0..255            │
//!  host port free ─► read row r of every bank ──►│ row (16 bytes) and its index, held
//!                    (the next cycle: 16 bytes)  │
//!  offer: toggle `offer` ───────────────────────►│ 2 flip-flops ─► a row offered, not taken
//!                                                │   while vblank: write its 16 bytes, bank j's
//!  2 flip-flops ◄─ `taken` toggled ◄─────────────│   at 256·j + r (16 cycles), toggle `taken`
//!  the next row once the last is taken           │
//! ```
//!
//! - **When.** A copy starts when a run ends (`done` rises) and reads the rows through the
//!   host port's read path (one row of all 16 banks a cycle), only in a cycle the port is
//!   free: the cores lose no cycle and the host's own reads are not delayed. A launch before
//!   the copy ends leaves the picture half copied; the next run's end copies it again.
//! - **Crossing.** The row and its index change only after the pixel side has taken the last
//!   one, so they are stable whenever `offer` and `taken` differ; each side reads the other's
//!   toggle through two flip-flops. The bytes land at the same addresses as in shared memory
//!   (the picture's layout is shared memory's, docs/MACHINE.md §5).
//! - **No read of a byte being written.** The pixel side starts a row only while the scan-out
//!   is in its vertical blanking ([`super::ScanOut`]'s `vblank`) and writes it in the 16
//!   cycles after, so a row started in the blanking's last cycle is written by the first
//!   line's 16th pixel, and the picture starts lines below that.
//! - **No frame shows two pictures.** The pixel side takes a copy's first row (index 0) only
//!   in the blanking's first lines ([`window_lines`]), from which the longest copy
//!   ([`COPY_CYCLES`]) still ends inside that blanking: every frame drawn shows one run's
//!   picture whole. A launch while a copy is under way takes the port from it (the next
//!   run's end copies again from row 0): until that run ends the frame memory holds rows of
//!   two pictures, the one case that shows a mix.

use super::VideoMode;
use gpu16_sim::isa::sm::BANKS;
use rust_hdl::prelude::*;

/// The most pixel cycles a row takes, from [`FrameWrite`] taking it to taking the next, while
/// the host port is free and the GPU's clock is at least [`SLOWEST_GPU_CLOCK`] of the pixel
/// clock: its 16 writes, the two toggles' crossings and the GPU side's read (measured in
/// testbenches/tests/frame_copy.rs).
pub const ROW_CYCLES: u32 = 40;
/// The slowest GPU clock the bound above holds for, as a fraction of the pixel clock.
pub const SLOWEST_GPU_CLOCK: (u32, u32) = (1, 4);
/// The most pixel cycles a whole copy takes from its first row taken.
pub const COPY_CYCLES: u32 = 256 * ROW_CYCLES;

/// The lines at the start of `mode`'s vertical blanking in which a copy may start, so that
/// [`COPY_CYCLES`] still end inside the blanking; `None` if the blanking is too short.
pub fn window_lines(mode: VideoMode) -> Option<u16> {
    let blank = mode.v_total() - mode.v_visible;
    let needed = COPY_CYCLES.div_ceil(u32::from(mode.h_total()));
    u16::try_from(needed)
        .ok()
        .and_then(|n| blank.checked_sub(n))
        .filter(|&w| w > 0)
}

/// The GPU's side: reads each row and offers it.
#[derive(LogicBlock, Default)]
pub struct FrameCopy {
    pub clock: Signal<In, Clock>,
    /// The last run has ended (level); the host port is the copy's this cycle (no run, and
    /// the host does not use it).
    pub done: Signal<In, Bit>,
    pub port_free: Signal<In, Bit>,
    /// The host port's read: row `sm_row` of every bank, on `sm_rdata` the next cycle.
    pub sm_en: Signal<Out, Bit>,
    pub sm_row: Signal<Out, Bits<8>>,
    pub sm_rdata: [Signal<In, Bits<8>>; BANKS],
    /// The row offered (bank j's byte in `row_data[j]`) and its index, stable while
    /// `offer` ≠ `taken`; `offer` toggles with each new row.
    pub row_data: [Signal<Out, Bits<8>>; BANKS],
    pub row_index: Signal<Out, Bits<8>>,
    pub offer: Signal<Out, Bit>,
    /// The pixel side's toggle: equal to `offer` once it has written the row (asynchronous).
    pub taken: Signal<In, Bit>,

    /// Rows still to copy; the next row; a read was made last cycle.
    pending: DFF<Bit>,
    row: DFF<Bits<8>>,
    reading: DFF<Bit>,
    done_q: DFF<Bit>,
    row_data_q: [DFF<Bits<8>>; BANKS],
    row_index_q: DFF<Bits<8>>,
    offer_q: DFF<Bit>,
    /// `taken` through two flip-flops.
    taken_sync: BitSynchronizer,
    /// The last row offered has been taken; a read is made now.
    idle: Signal<Local, Bit>,
    read: Signal<Local, Bit>,
}

impl Logic for FrameCopy {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            pending,
            row,
            reading,
            done_q,
            row_index_q,
            offer_q
        );
        self.taken_sync.clock.next = self.clock.val();
        self.taken_sync.sig_in.next = self.taken.val();
        for j in 0..BANKS {
            self.row_data_q[j].clock.next = self.clock.val();
            self.row_data_q[j].d.next = self.row_data_q[j].q.val();
        }
        self.done_q.d.next = self.done.val();
        self.idle.next =
            (self.taken_sync.sig_out.val() == self.offer_q.q.val()) && !self.reading.q.val();

        // ---- read a row when the last is taken and the port is free ----
        self.read.next = self.pending.q.val() && self.idle.val() && self.port_free.val();
        self.sm_en.next = self.read.val();
        self.sm_row.next = self.row.q.val();
        self.reading.d.next = self.read.val();
        if self.read.val() {
            self.row.d.next = self.row.q.val() + 1;
            if self.row.q.val() == 255 {
                self.pending.d.next = false;
            }
        }

        // ---- the next cycle: hold its bytes and offer them ----
        if self.reading.q.val() {
            for j in 0..BANKS {
                self.row_data_q[j].d.next = self.sm_rdata[j].val();
            }
            self.row_index_q.d.next = self.row.q.val() - 1;
            self.offer_q.d.next = !self.offer_q.q.val();
        }

        // ---- a run's end starts a copy from row 0 ----
        if self.done.val() && !self.done_q.q.val() {
            self.pending.d.next = true;
            self.row.d.next = 0.into();
        }

        for j in 0..BANKS {
            self.row_data[j].next = self.row_data_q[j].q.val();
        }
        self.row_index.next = self.row_index_q.q.val();
        self.offer.next = self.offer_q.q.val();
    }
}

/// The pixel clock's side: takes each row offered and writes it into the frame memory.
#[derive(LogicBlock, Default)]
pub struct FrameWrite {
    /// The pixel clock.
    pub clock: Signal<In, Clock>,
    /// The scan-out is in its vertical blanking; in its first lines, where a whole copy
    /// started now ends before the picture is drawn again ([`ScanOut`](super::ScanOut)'s
    /// `copy_window`).
    pub vblank: Signal<In, Bit>,
    pub window: Signal<In, Bit>,
    /// The row offered ([`FrameCopy`]; asynchronous, stable while `offer` ≠ `taken`).
    pub row_data: [Signal<In, Bits<8>>; BANKS],
    pub row_index: Signal<In, Bits<8>>,
    pub offer: Signal<In, Bit>,
    pub taken: Signal<Out, Bit>,
    /// The frame memory's write port.
    pub write: Signal<Out, Bit>,
    pub write_address: Signal<Out, Bits<12>>,
    pub write_data: Signal<Out, Bits<8>>,

    /// `offer` through two flip-flops.
    offer_sync: BitSynchronizer,
    taken_q: DFF<Bit>,
    /// A row is being written; the bank whose byte is written now.
    writing: DFF<Bit>,
    bank: DFF<Bits<4>>,
}

impl Logic for FrameWrite {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, taken_q, writing, bank);
        self.offer_sync.clock.next = self.clock.val();
        self.offer_sync.sig_in.next = self.offer.val();
        if !self.writing.q.val()
            && (self.offer_sync.sig_out.val() != self.taken_q.q.val())
            && self.vblank.val()
            && (self.window.val() || self.row_index.val().any())
        {
            self.writing.d.next = true;
            self.bank.d.next = 0.into();
        }
        self.write.next = self.writing.q.val();
        self.write_address.next =
            (bit_cast::<12, 4>(self.bank.q.val()) << 8) | bit_cast::<12, 8>(self.row_index.val());
        self.write_data.next = 0.into();
        for j in 0..BANKS {
            if self.bank.q.val().index() == j {
                self.write_data.next = self.row_data[j].val();
            }
        }
        if self.writing.q.val() {
            self.bank.d.next = self.bank.q.val() + 1;
            if self.bank.q.val() == 15 {
                self.writing.d.next = false;
                self.taken_q.d.next = !self.taken_q.q.val();
            }
        }
        self.taken.next = self.taken_q.q.val();
    }
}
