//! The request side of the link: finds request frames in the received bytes, checks the
//! header, keeps the payload in a buffer, checks the CRC, and hands the bridge a whole,
//! checked frame — or reports a damaged one. Nothing of a request is acted on before its CRC
//! has checked.
//!
//! ```text
//!  Hunt ─sync after idle─► Command ─► Length ─► Header ─check ok─► Payload… ─► CrcHigh ─► CrcLow ─► Check
//!   │ ▲                                            │ (length 0: to CrcHigh)                          │
//!   │ │                                            └─check bad─► Drain ◄──────────────── CRC bad ───┤
//!   │ └──────────── silence of the timeout ───────────────────────┘                 CRC ok: Hunt ◄┘
//!   └─any other byte────────────────────────────────────────────►─┘
//! ```
//!
//! A byte starts a frame only if it is the sync byte and the line was idle before it
//! (`IDLE_BIT_TIMES` since the byte before; bytes of one stream arrive 10 bit times apart).
//! Any other byte in the hunt — a request whose sync byte was lost or damaged, a line joined
//! mid-frame, a sync byte inside a stream of data, garbage — is damage, like a bad header
//! check (a CRC-8 of command and length, [`HeaderCheck`], taken before any payload byte, so
//! where a frame ends is never read from a damaged length byte) or a bad CRC. After damage the
//! receiver drains: it takes nothing until the line has been silent for the timeout, so no
//! byte inside a damaged frame is read as the start of a request (a host waits that long
//! before it sends again). The silence count starts at 0 at power-up, so a board that starts
//! in the middle of a frame drains it too. A frame that stops arriving (a lost byte) is
//! dropped after the same silence. While the bridge is busy with a request (`hold`), bytes are
//! dropped: a host waits for each reply, so only garbage can arrive then.

use super::header_check::HeaderCheck;
use gpu16_sim::link::{IDLE_BIT_TIMES, REQUEST_SYNC, TIMEOUT_BIT_TIMES};
use rust_hdl::prelude::*;

/// Where the receiver is in a frame.
#[derive(Copy, Clone, PartialEq, Debug, LogicState)]
pub enum RxFrame {
    /// Between frames: a sync byte after an idle line starts one; any other byte is damage.
    Hunt,
    Command,
    Length,
    /// The header check is due.
    Header,
    Payload,
    CrcHigh,
    CrcLow,
    /// The last byte is in the CRC register: check it.
    Check,
    /// After a damaged frame: taking nothing until the line has been silent for the timeout.
    Drain,
}

/// The request-frame receiver.
#[derive(LogicBlock)]
pub struct Receiver {
    pub clock: Signal<In, Clock>,
    /// A byte from the UART (`rx_byte`; not `byte`, a SystemVerilog keyword).
    pub byte_valid: Signal<In, Bit>,
    pub rx_byte: Signal<In, Bits<8>>,
    /// Drop bytes (the bridge is busy, or the board is in reset).
    pub hold: Signal<In, Bit>,
    /// A frame arrived whole and its CRC checked (one cycle).
    pub frame_ok: Signal<Out, Bit>,
    /// A frame's header or CRC did not check, or a byte came between frames that does not
    /// start one (one cycle).
    pub frame_bad: Signal<Out, Bit>,
    /// The last frame's command, payload length and first six payload bytes (byte i in bits
    /// 8i+7..8i: the `seq`, then the arguments).
    pub command: Signal<Out, Bits<8>>,
    pub length: Signal<Out, Bits<8>>,
    pub args: Signal<Out, Bits<48>>,
    /// The last frame's CRC-16, as its last two bytes (high byte first).
    pub frame_crc: Signal<Out, Bits<16>>,
    /// Payload byte `buffer_addr` of the last frame, the cycle after it is asked for.
    pub buffer_addr: Signal<In, Bits<8>>,
    pub buffer_data: Signal<Out, Bits<8>>,
    buffer: RAM<Bits<8>, 8>,
    crc: super::crc16::Crc16,
    header: HeaderCheck,
    sync: Constant<Bits<8>>,
    /// Clock cycles of silence after which a started frame is dropped.
    timeout: Constant<Bits<32>>,
    /// Clock cycles since the byte before after which a sync byte starts a frame.
    idle: Constant<Bits<32>>,
    state: DFF<RxFrame>,
    command_q: DFF<Bits<8>>,
    length_q: DFF<Bits<8>>,
    args_q: DFF<Bits<48>>,
    crc_q: DFF<Bits<16>>,
    /// Payload bytes received.
    count: DFF<Bits<8>>,
    /// Cycles since the last byte received (held or not), up to the timeout.
    silence: DFF<Bits<32>>,
    frame_ok_q: DFF<Bit>,
    frame_bad_q: DFF<Bit>,
    take: Signal<Local, Bit>,
    arg_shift: Signal<Local, Bits<8>>,
}

impl Receiver {
    /// A receiver for a UART bit time of `clocks_per_bit` cycles.
    pub fn new(clocks_per_bit: u32) -> Receiver {
        Receiver {
            clock: Default::default(),
            byte_valid: Default::default(),
            rx_byte: Default::default(),
            hold: Default::default(),
            frame_ok: Default::default(),
            frame_bad: Default::default(),
            command: Default::default(),
            length: Default::default(),
            args: Default::default(),
            frame_crc: Default::default(),
            buffer_addr: Default::default(),
            buffer_data: Default::default(),
            buffer: RAM::from((0..256).map(|_| Bits::<8>::default())),
            crc: Default::default(),
            header: Default::default(),
            sync: Constant::new(u64::from(REQUEST_SYNC).into()),
            timeout: Constant::new((u64::from(clocks_per_bit) * TIMEOUT_BIT_TIMES).into()),
            idle: Constant::new((u64::from(clocks_per_bit) * IDLE_BIT_TIMES).into()),
            state: Default::default(),
            command_q: Default::default(),
            length_q: Default::default(),
            args_q: Default::default(),
            crc_q: Default::default(),
            count: Default::default(),
            silence: Default::default(),
            frame_ok_q: Default::default(),
            frame_bad_q: Default::default(),
            take: Default::default(),
            arg_shift: Default::default(),
        }
    }
}

impl Logic for Receiver {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            state,
            command_q,
            length_q,
            args_q,
            crc_q,
            count,
            silence,
            frame_ok_q,
            frame_bad_q
        );
        self.arg_shift.next = self.count.q.val() << 3;
        self.take.next = self.byte_valid.val() && !self.hold.val();
        self.frame_ok_q.d.next = false;
        self.frame_bad_q.d.next = false;

        // Every byte after the sync byte goes through the CRC, the CRC's own two included:
        // a whole, undamaged frame leaves 0.
        self.crc.clock.next = self.clock.val();
        self.crc.clear.next = self.state.q.val() == RxFrame::Hunt;
        self.crc.enable.next = self.take.val();
        self.crc.data.next = self.rx_byte.val();

        self.buffer.read_clock.next = self.clock.val();
        self.buffer.write_clock.next = self.clock.val();
        self.buffer.read_address.next = self.buffer_addr.val();
        self.buffer.write_address.next = self.count.q.val();
        self.buffer.write_data.next = self.rx_byte.val();
        self.buffer.write_enable.next = self.take.val() && (self.state.q.val() == RxFrame::Payload);

        self.header.code.next = self.command_q.q.val();
        self.header.length.next = self.length_q.q.val();

        if self.byte_valid.val() {
            self.silence.d.next = 0.into();
        } else if self.silence.q.val() != self.timeout.val() {
            self.silence.d.next = self.silence.q.val() + 1;
        }
        match self.state.q.val() {
            RxFrame::Hunt => {
                if self.take.val() {
                    if (self.rx_byte.val() == self.sync.val())
                        && (self.silence.q.val() >= self.idle.val())
                    {
                        self.state.d.next = RxFrame::Command;
                    } else {
                        self.frame_bad_q.d.next = true;
                        self.state.d.next = RxFrame::Drain;
                    }
                }
            }
            RxFrame::Command => {
                if self.take.val() {
                    self.command_q.d.next = self.rx_byte.val();
                    self.state.d.next = RxFrame::Length;
                }
            }
            RxFrame::Length => {
                if self.take.val() {
                    self.length_q.d.next = self.rx_byte.val();
                    self.args_q.d.next = 0.into();
                    self.count.d.next = 0.into();
                    self.state.d.next = RxFrame::Header;
                }
            }
            RxFrame::Header => {
                if self.take.val() {
                    if self.rx_byte.val() != self.header.check.val() {
                        self.frame_bad_q.d.next = true;
                        self.state.d.next = RxFrame::Drain;
                    } else if self.length_q.q.val().any() {
                        self.state.d.next = RxFrame::Payload;
                    } else {
                        self.state.d.next = RxFrame::CrcHigh;
                    }
                }
            }
            RxFrame::Payload => {
                if self.take.val() {
                    if self.count.q.val() < 6 {
                        self.args_q.d.next = self.args_q.q.val()
                            | (bit_cast::<48, 8>(self.rx_byte.val()) << self.arg_shift.val());
                    }
                    self.count.d.next = self.count.q.val() + 1;
                    if self.count.q.val() == self.length_q.q.val() - 1 {
                        self.state.d.next = RxFrame::CrcHigh;
                    }
                }
            }
            RxFrame::CrcHigh => {
                if self.take.val() {
                    self.crc_q.d.next = bit_cast::<16, 8>(self.rx_byte.val()) << 8;
                    self.state.d.next = RxFrame::CrcLow;
                }
            }
            RxFrame::CrcLow => {
                if self.take.val() {
                    self.crc_q.d.next = self.crc_q.q.val() | bit_cast::<16, 8>(self.rx_byte.val());
                    self.state.d.next = RxFrame::Check;
                }
            }
            RxFrame::Check => {
                if self.crc.value.val().any() {
                    self.frame_bad_q.d.next = true;
                    self.state.d.next = RxFrame::Drain;
                } else {
                    self.frame_ok_q.d.next = true;
                    self.state.d.next = RxFrame::Hunt;
                }
            }
            RxFrame::Drain => {}
            _ => {
                self.state.d.next = RxFrame::Hunt;
            }
        }
        // A started frame that goes silent, or any frame while held, is dropped; a drain ends
        // with the silence.
        if (self.state.q.val() != RxFrame::Hunt)
            && (self.state.q.val() != RxFrame::Check)
            && ((self.silence.q.val() == self.timeout.val())
                || (self.hold.val() && (self.state.q.val() != RxFrame::Drain)))
        {
            self.state.d.next = RxFrame::Hunt;
        }

        self.frame_ok.next = self.frame_ok_q.q.val();
        self.frame_bad.next = self.frame_bad_q.q.val();
        self.command.next = self.command_q.q.val();
        self.length.next = self.length_q.q.val();
        self.args.next = self.args_q.q.val();
        self.frame_crc.next = self.crc_q.q.val();
        self.buffer_data.next = self.buffer.read_data.val();
    }
}
