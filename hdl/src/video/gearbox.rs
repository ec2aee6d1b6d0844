//! The serialiser's fabric half on the ECP5, which has no 10:1 output register: each pixel
//! cycle's three symbols and the TMDS clock's, two bits a cycle of the bit clock (5× the pixel
//! clock, from the same PLL) into each pin's DDR register (`ODDRX1F`), which sends the first
//! on the bit clock's rising edge and the second on its falling edge.
//!
//! ```text
//!  pixel clock │ symbols ─► word (30 bits)        phase: toggles every pixel cycle
//!  ────────────┼──────────────│──────────────────────────│───────────────────────────────
//!  bit clock   │              ▼                          ▼ 2 flip-flops ─► a change seen
//!              │   count = 0: load four shift registers   (count realigned if off)
//!              │   (blue, green, red, 0000011111) ─► >> 2 each cycle ─► pairs_q ─► pairs
//! ```
//!
//! - **Where a word is loaded.** `count` runs 0–4 in the bit clock and the shift registers
//!   load `word` at the end of a cycle with `count` = 0. The pixel side toggles `phase` as
//!   it registers each word; the bit side sees the change two or three bit cycles after the
//!   pixel edge (its two flip-flops) and puts `count` at 0 the cycle after, so the load comes
//!   three or four bit cycles after the word changed and one or two before it changes again,
//!   whatever the phase between the two clocks. A change seen when `count` is 3, 4 or 0 (the
//!   two possible delays) leaves `count` alone: once aligned, the load stays on one edge.
//! - **No reset needed.** `count` wraps from anything above 4, and the first change seen
//!   aligns it, so the clocks may start before their PLL has locked.
//! - **Latency.** A symbol's first bit leaves 3–4 bit cycles after its load (the shift
//!   register, `pairs_q`, the pin's register); every lane has the same, so the lanes and the
//!   TMDS clock stay aligned.

use crate::codes::Code;
use rust_hdl::prelude::*;

/// The TMDS clock lane's word: five bit times high, then five low (bit 0 sent first).
pub const CLOCK_WORD: u64 = 0b00000_11111;

/// Four lanes of 10:2 serialisation across the pixel and bit clocks.
#[derive(LogicBlock, Default)]
pub struct Gearbox {
    /// The pixel clock, and the bit clock: 5× it, from the same PLL.
    pub pixel_clock: Signal<In, Clock>,
    pub bit_clock: Signal<In, Clock>,
    /// This pixel cycle's symbols (pixel clock), bit 0 sent first.
    pub blue: Signal<In, Bits<10>>,
    pub green: Signal<In, Bits<10>>,
    pub red: Signal<In, Bits<10>>,
    /// This bit cycle's two bits per lane (bit clock): bits 2k (first) and 2k + 1 of lane k,
    /// for lanes blue, green, red and the TMDS clock.
    pub pairs: Signal<Out, Bits<8>>,

    /// Pixel clock: the three symbols, `{red, green, blue}`; toggled with each.
    word: DFF<Bits<30>>,
    phase: DFF<Bit>,
    /// Bit clock: `phase` through two flip-flops, and its value last cycle.
    phase_sync: BitSynchronizer,
    phase_seen: DFF<Bit>,
    /// The bit cycle within the word (0–4); the load is at the end of 0.
    count: DFF<Bits<3>>,
    shift_blue: DFF<Bits<10>>,
    shift_green: DFF<Bits<10>>,
    shift_red: DFF<Bits<10>>,
    shift_clock: DFF<Bits<10>>,
    pairs_q: DFF<Bits<8>>,
    clock_word: Code<CLOCK_WORD, 10>,
    /// `phase` has changed; `count` is where a change may be seen once aligned.
    changed: Signal<Local, Bit>,
    aligned: Signal<Local, Bit>,
}

impl Logic for Gearbox {
    #[hdl_gen]
    fn update(&mut self) {
        // ---- the pixel clock ----
        self.word.clock.next = self.pixel_clock.val();
        self.phase.clock.next = self.pixel_clock.val();
        self.word.d.next = (bit_cast::<30, 10>(self.red.val()) << 20)
            | (bit_cast::<30, 10>(self.green.val()) << 10)
            | bit_cast::<30, 10>(self.blue.val());
        self.phase.d.next = !self.phase.q.val();

        // ---- the bit clock: find the word's edge ----
        dff_setup!(
            self,
            bit_clock,
            phase_seen,
            count,
            shift_blue,
            shift_green,
            shift_red,
            shift_clock,
            pairs_q
        );
        self.phase_sync.clock.next = self.bit_clock.val();
        self.phase_sync.sig_in.next = self.phase.q.val();
        self.phase_seen.d.next = self.phase_sync.sig_out.val();
        self.changed.next = self.phase_sync.sig_out.val() != self.phase_seen.q.val();
        self.aligned.next =
            (self.count.q.val() == 3) || (self.count.q.val() == 4) || (self.count.q.val() == 0);
        self.count.d.next = self.count.q.val() + 1;
        if self.count.q.val() >= 4 {
            self.count.d.next = 0.into();
        }
        if self.changed.val() && !self.aligned.val() {
            self.count.d.next = 0.into();
        }

        // ---- load a word, or send two more bits of each ----
        if self.count.q.val() == 0 {
            self.shift_blue.d.next = self.word.q.val().get_bits::<10>(0);
            self.shift_green.d.next = self.word.q.val().get_bits::<10>(10);
            self.shift_red.d.next = self.word.q.val().get_bits::<10>(20);
            self.shift_clock.d.next = self.clock_word.val();
        } else {
            self.shift_blue.d.next = self.shift_blue.q.val() >> 2;
            self.shift_green.d.next = self.shift_green.q.val() >> 2;
            self.shift_red.d.next = self.shift_red.q.val() >> 2;
            self.shift_clock.d.next = self.shift_clock.q.val() >> 2;
        }
        self.pairs_q.d.next = (bit_cast::<8, 2>(self.shift_clock.q.val().get_bits::<2>(0)) << 6)
            | (bit_cast::<8, 2>(self.shift_red.q.val().get_bits::<2>(0)) << 4)
            | (bit_cast::<8, 2>(self.shift_green.q.val().get_bits::<2>(0)) << 2)
            | bit_cast::<8, 2>(self.shift_blue.q.val().get_bits::<2>(0));
        self.pairs.next = self.pairs_q.q.val();
    }
}
