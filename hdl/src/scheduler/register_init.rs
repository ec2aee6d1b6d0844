//! The register writes the scheduler makes (MACHINE.md §3): after a launch, every register of every
//! core zeroed, one a cycle (a register file in distributed RAM has one write port); during
//! the run, a CF's Init_R0 into R0 of its targets, the cycle after the CF is handled.

use rust_hdl::prelude::*;

/// Cores.
const N: usize = gpu16_sim::frame::CORES;

/// The launch's zeroing and the CFs' R0 writes, registered.
#[derive(LogicBlock, Default)]
pub struct RegisterInit {
    pub clock: Signal<In, Clock>,
    /// Launch: zero registers 0–15 of every core in the next 16 cycles.
    pub launch: Signal<In, Bit>,
    /// A CF is handled now: write its R0 values (`cf_r0`, core i's in bits 8i+7..8i) into
    /// R0 of `targets`.
    pub cf_go: Signal<In, Bit>,
    pub targets: Signal<In, Bits<16>>,
    pub cf_r0: Signal<In, Bits<128>>,
    /// The zeroing is under way; its last register is written now (the run starts next
    /// cycle).
    pub zeroing: Signal<Out, Bit>,
    pub zeroed: Signal<Out, Bit>,
    /// This cycle's writes: the cores written, the register, each core's value.
    pub write: Signal<Out, Bits<16>>,
    pub register: Signal<Out, Bits<4>>,
    pub value: [Signal<Out, Bits<8>>; N],

    zeroing_q: DFF<Bit>,
    write_q: DFF<Bits<16>>,
    /// Counts 0–15 while zeroing and wraps to 0: a CF's writes go to R0.
    register_q: DFF<Bits<4>>,
    value_q: [DFF<Bits<8>>; N],
}

impl Logic for RegisterInit {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, zeroing_q, write_q, register_q);
        for i in 0..N {
            self.value_q[i].clock.next = self.clock.val();
            self.value_q[i].d.next = self.value_q[i].q.val();
        }
        self.write_q.d.next = 0.into();
        if self.cf_go.val() {
            self.write_q.d.next = self.targets.val();
            for i in 0..N {
                self.value_q[i].d.next = self.cf_r0.val().get_bits::<8>(8 * i);
            }
        }
        if self.zeroing_q.q.val() {
            self.write_q.d.next = 0xffff.into();
            self.register_q.d.next = self.register_q.q.val() + 1;
            if self.register_q.q.val() == 15 {
                self.zeroing_q.d.next = false;
                self.write_q.d.next = 0.into();
            }
        }
        if self.launch.val() {
            self.zeroing_q.d.next = true;
            self.write_q.d.next = 0xffff.into();
            self.register_q.d.next = 0.into();
            for i in 0..N {
                self.value_q[i].d.next = 0.into();
            }
        }
        self.zeroing.next = self.zeroing_q.q.val();
        self.zeroed.next = self.zeroing_q.q.val() && (self.register_q.q.val() == 15);
        self.write.next = self.write_q.q.val();
        self.register.next = self.register_q.q.val();
        for i in 0..N {
            self.value[i].next = self.value_q[i].q.val();
        }
    }
}
