//! Which core fault a run reports (MACHINE.md §7): of the cores that fault in the same cycle, the
//! lowest-numbered.

use rust_hdl::prelude::*;

/// Cores.
const N: usize = gpu16_sim::frame::CORES;

/// The first of this cycle's core faults, with its code, IP and frame.
#[derive(LogicBlock, Default)]
pub struct FaultPriority {
    /// Bit i: core i faults this cycle.
    pub faults: Signal<In, Bits<16>>,
    /// Per core: its fault's code (1 `ILLEGAL_INSN`, 2 `ATOMIC_VIOLATION`), IP, and the frame
    /// its task came from.
    pub code: [Signal<In, Bits<2>>; N],
    pub ip: [Signal<In, Bits<4>>; N],
    pub frame: [Signal<In, Bits<6>>; N],
    /// Some core faults; the lowest one, its code, IP and frame (0 when none).
    pub any: Signal<Out, Bit>,
    pub first_core: Signal<Out, Bits<4>>,
    pub first_code: Signal<Out, Bits<2>>,
    pub first_ip: Signal<Out, Bits<4>>,
    pub first_frame: Signal<Out, Bits<6>>,

    /// The lowest set bit of `faults` (one-hot), and its number.
    first: Signal<Local, Bits<16>>,
    core: Signal<Local, Bits<4>>,
    code_sel: Signal<Local, Bits<2>>,
    ip_sel: Signal<Local, Bits<4>>,
    frame_sel: Signal<Local, Bits<6>>,
}

impl Logic for FaultPriority {
    #[hdl_gen]
    fn update(&mut self) {
        // x & -x isolates the lowest set bit; its number is four ORs of masks.
        self.first.next = self.faults.val() & (!self.faults.val() + 1);
        self.core.next = 0.into();
        self.core.next = self
            .core
            .val()
            .replace_bit(0, (self.first.val() & 0xaaaa).any());
        self.core.next = self
            .core
            .val()
            .replace_bit(1, (self.first.val() & 0xcccc).any());
        self.core.next = self
            .core
            .val()
            .replace_bit(2, (self.first.val() & 0xf0f0).any());
        self.core.next = self
            .core
            .val()
            .replace_bit(3, (self.first.val() & 0xff00).any());
        // One-hot select: an AND-OR multiplexer.
        self.code_sel.next = 0.into();
        self.ip_sel.next = 0.into();
        self.frame_sel.next = 0.into();
        for i in 0..N {
            if self.first.val().get_bit(i) {
                self.code_sel.next = self.code_sel.val() | self.code[i].val();
                self.ip_sel.next = self.ip_sel.val() | self.ip[i].val();
                self.frame_sel.next = self.frame_sel.val() | self.frame[i].val();
            }
        }
        self.any.next = self.faults.val().any();
        self.first_core.next = self.core.val();
        self.first_code.next = self.code_sel.val();
        self.first_ip.next = self.ip_sel.val();
        self.first_frame.next = self.frame_sel.val();
    }
}
