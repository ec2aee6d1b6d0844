//! Carries out the requests that load the board: `WriteTm` (payload bytes shifted into task
//! lines, each line written to Task Memory after its eighth byte), `WriteSm` (each payload
//! byte written to shared memory) and `ClearSm` (0 written to each of the 4,096 bytes). The
//! payload is read from the receiver's buffer, a byte every two cycles (address, then data).

use rust_hdl::prelude::*;

/// What the loader is doing.
#[derive(Copy, Clone, PartialEq, Debug, LogicState)]
pub enum LoadState {
    Idle,
    /// `WriteTm`: read a payload byte from the buffer, shift it into the task line, write the
    /// line after its eighth byte.
    TmRead,
    TmShift,
    TmWrite,
    /// `WriteSm`: read a payload byte, write it.
    SmRead,
    SmWrite,
    /// `ClearSm`: write a byte a cycle.
    Clear,
}

/// Task Memory and shared-memory writes from a request's payload.
#[derive(LogicBlock, Default)]
pub struct Loader {
    pub clock: Signal<In, Clock>,
    /// Stop, back to idle (power-on reset).
    pub reset: Signal<In, Bit>,
    /// Start a `WriteTm` from task line `first_line`, a `WriteSm` from byte address
    /// `sm_start`, a `ClearSm`; the request's payload length.
    pub write_tm: Signal<In, Bit>,
    pub write_sm: Signal<In, Bit>,
    pub clear_sm: Signal<In, Bit>,
    pub first_line: Signal<In, Bits<8>>,
    pub sm_start: Signal<In, Bits<12>>,
    pub length: Signal<In, Bits<8>>,
    /// The receiver's buffer: the payload byte asked for, and it a cycle later.
    pub buffer_addr: Signal<Out, Bits<8>>,
    pub buffer_data: Signal<In, Bits<8>>,
    /// Loading; the last write is made now (the reply starts next cycle).
    pub busy: Signal<Out, Bit>,
    pub done: Signal<Out, Bit>,
    /// Task Memory: write line `tm_line` with `tm_data` (registered).
    pub tm_write: Signal<Out, Bit>,
    pub tm_line: Signal<Out, Bits<8>>,
    pub tm_data: Signal<Out, Bits<64>>,
    /// Shared memory: write `sm_wdata` at `sm_addr` (for the bridge's registers of the
    /// GPU's host port).
    pub sm_write: Signal<Out, Bit>,
    pub sm_addr: Signal<Out, Bits<12>>,
    pub sm_wdata: Signal<Out, Bits<8>>,

    state: DFF<LoadState>,
    /// The payload byte being read.
    ptr: DFF<Bits<8>>,
    /// The shared-memory address written next.
    addr: DFF<Bits<12>>,
    /// The task line being assembled, its number, and the number of the line written.
    line: DFF<Bits<64>>,
    line_no: DFF<Bits<8>>,
    tm_write_q: DFF<Bit>,
    tm_line_q: DFF<Bits<8>>,
    ptr_next: Signal<Local, Bits<8>>,
    /// This cycle's `done`, shared-memory write and its byte, before they are given out
    /// (each port written once).
    done_l: Signal<Local, Bit>,
    sm_write_l: Signal<Local, Bit>,
    sm_wdata_l: Signal<Local, Bits<8>>,
}

impl Logic for Loader {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, state, ptr, addr, line, line_no, tm_write_q, tm_line_q);
        self.ptr_next.next = self.ptr.q.val() + 1;
        self.tm_write_q.d.next = false;
        self.done_l.next = false;
        self.sm_write_l.next = false;
        self.sm_wdata_l.next = self.buffer_data.val();
        match self.state.q.val() {
            LoadState::Idle => {
                self.addr.d.next = 0.into();
                // Task lines are payload bytes 2-9, 10-17, …; shared-memory bytes 3, 4, …
                if self.write_tm.val() {
                    self.ptr.d.next = 2.into();
                    self.line_no.d.next = self.first_line.val();
                    self.state.d.next = LoadState::TmRead;
                }
                if self.write_sm.val() {
                    self.ptr.d.next = 3.into();
                    self.addr.d.next = self.sm_start.val();
                    self.state.d.next = LoadState::SmRead;
                }
                if self.clear_sm.val() {
                    self.state.d.next = LoadState::Clear;
                }
            }
            LoadState::TmRead => {
                self.state.d.next = LoadState::TmShift;
            }
            LoadState::TmShift => {
                // Little-endian: the line's first byte ends up in bits 7..0.
                self.line.d.next =
                    (self.line.q.val() >> 8) | (bit_cast::<64, 8>(self.buffer_data.val()) << 56);
                self.ptr.d.next = self.ptr_next.val();
                if self.ptr.q.val().get_bits::<3>(0) == 1 {
                    self.state.d.next = LoadState::TmWrite;
                } else {
                    self.state.d.next = LoadState::TmRead;
                }
            }
            LoadState::TmWrite => {
                self.tm_write_q.d.next = true;
                self.tm_line_q.d.next = self.line_no.q.val();
                self.line_no.d.next = self.line_no.q.val() + 1;
                if self.ptr.q.val() == self.length.val() {
                    self.done_l.next = true;
                    self.state.d.next = LoadState::Idle;
                } else {
                    self.state.d.next = LoadState::TmRead;
                }
            }
            LoadState::SmRead => {
                self.state.d.next = LoadState::SmWrite;
            }
            LoadState::SmWrite => {
                self.sm_write_l.next = true;
                self.addr.d.next = self.addr.q.val() + 1;
                self.ptr.d.next = self.ptr_next.val();
                if self.ptr_next.val() == self.length.val() {
                    self.done_l.next = true;
                    self.state.d.next = LoadState::Idle;
                } else {
                    self.state.d.next = LoadState::SmRead;
                }
            }
            LoadState::Clear => {
                self.sm_write_l.next = true;
                self.sm_wdata_l.next = 0.into();
                self.addr.d.next = self.addr.q.val() + 1;
                if self.addr.q.val().all() {
                    self.done_l.next = true;
                    self.state.d.next = LoadState::Idle;
                }
            }
            _ => {
                self.state.d.next = LoadState::Idle;
            }
        }
        if self.reset.val() {
            self.state.d.next = LoadState::Idle;
        }
        self.busy.next = self.state.q.val() != LoadState::Idle;
        self.done.next = self.done_l.val();
        self.sm_write.next = self.sm_write_l.val();
        self.sm_addr.next = self.addr.q.val();
        self.sm_wdata.next = self.sm_wdata_l.val();
        self.buffer_addr.next = self.ptr.q.val();
        self.tm_write.next = self.tm_write_q.q.val();
        self.tm_line.next = self.tm_line_q.q.val();
        self.tm_data.next = self.line.q.val();
    }
}
