//! UART receiver, 8N1: a two-flip-flop synchroniser on the line, then each bit sampled in the
//! middle of its bit time, counted from the falling edge of the start bit.
//!
//! The receiver looks for the next start bit from the middle of the stop bit on, so each byte
//! realigns to its own start edge: a sender a few per cent off the nominal rate still lands
//! every sample well inside its bit (±2% drifts 0.2 bit over a byte).

use rust_hdl::prelude::*;

/// Where the receiver is in a byte.
#[derive(Copy, Clone, PartialEq, Debug, LogicState)]
pub enum RxState {
    /// Waiting for a start bit.
    Idle,
    /// Counting to the middle of the start bit.
    Start,
    /// Sampling the 8 data bits, least significant first.
    Data,
    /// Counting to the middle of the stop bit.
    Stop,
}

/// An 8N1 UART receiver with a bit time fixed at build time.
#[derive(LogicBlock)]
pub struct UartRx {
    pub clock: Signal<In, Clock>,
    /// The line: idle high, asynchronous to `clock`.
    pub line: Signal<In, Bit>,
    /// A byte arrived: `data` holds it for this cycle.
    pub valid: Signal<Out, Bit>,
    pub data: Signal<Out, Bits<8>>,
    /// A byte's stop bit was 0 (wrong baud rate, noise or a break): the byte is dropped.
    pub framing_error: Signal<Out, Bit>,
    sync: BitSynchronizer,
    /// Clock cycles per bit, less one; and half of that, to the middle of the start bit.
    bit_reload: Constant<Bits<16>>,
    half_reload: Constant<Bits<16>>,
    state: DFF<RxState>,
    /// Cycles left to the next sample.
    count: DFF<Bits<16>>,
    /// Data bits sampled so far.
    bits: DFF<Bits<4>>,
    shift: DFF<Bits<8>>,
    valid_q: DFF<Bit>,
    framing_error_q: DFF<Bit>,
    shifted: Signal<Local, Bits<8>>,
}

impl UartRx {
    /// A receiver for bit times of `clocks_per_bit` cycles (at least 4).
    pub fn new(clocks_per_bit: u32) -> UartRx {
        assert!(
            (4..=65_536).contains(&clocks_per_bit),
            "a UART bit time of {clocks_per_bit} clocks is out of range (4-65536)"
        );
        UartRx {
            clock: Default::default(),
            line: Default::default(),
            valid: Default::default(),
            data: Default::default(),
            framing_error: Default::default(),
            sync: Default::default(),
            bit_reload: Constant::new(u64::from(clocks_per_bit - 1).into()),
            half_reload: Constant::new(u64::from(clocks_per_bit / 2 - 1).into()),
            state: Default::default(),
            count: Default::default(),
            bits: Default::default(),
            shift: Default::default(),
            valid_q: Default::default(),
            framing_error_q: Default::default(),
            shifted: Default::default(),
        }
    }
}

impl Logic for UartRx {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            state,
            count,
            bits,
            shift,
            valid_q,
            framing_error_q
        );
        self.sync.clock.next = self.clock.val();
        self.sync.sig_in.next = self.line.val();
        self.valid_q.d.next = false;
        self.framing_error_q.d.next = false;
        self.shifted.next = self.shift.q.val() >> 1;
        if self.count.q.val().any() {
            self.count.d.next = self.count.q.val() - 1;
        }
        match self.state.q.val() {
            RxState::Idle => {
                if !self.sync.sig_out.val() {
                    self.state.d.next = RxState::Start;
                    self.count.d.next = self.half_reload.val();
                }
            }
            RxState::Start => {
                if !self.count.q.val().any() {
                    if self.sync.sig_out.val() {
                        // A glitch, not a start bit.
                        self.state.d.next = RxState::Idle;
                    } else {
                        self.state.d.next = RxState::Data;
                        self.bits.d.next = 0.into();
                        self.count.d.next = self.bit_reload.val();
                    }
                }
            }
            RxState::Data => {
                if !self.count.q.val().any() {
                    self.shift.d.next = self.shifted.val().replace_bit(7, self.sync.sig_out.val());
                    self.bits.d.next = self.bits.q.val() + 1;
                    self.count.d.next = self.bit_reload.val();
                    if self.bits.q.val() == 7 {
                        self.state.d.next = RxState::Stop;
                    }
                }
            }
            RxState::Stop => {
                if !self.count.q.val().any() {
                    self.state.d.next = RxState::Idle;
                    if self.sync.sig_out.val() {
                        self.valid_q.d.next = true;
                    } else {
                        self.framing_error_q.d.next = true;
                    }
                }
            }
            _ => {
                self.state.d.next = RxState::Idle;
            }
        }
        self.valid.next = self.valid_q.q.val();
        self.data.next = self.shift.q.val();
        self.framing_error.next = self.framing_error_q.q.val();
    }
}
