//! The whole board top in rust-hdl, driven through its UART pins as the PC's USB-UART would:
//! request bytes go out bit by bit on `uart_rx`, `uart_tx` is sampled back into bytes. Every
//! cycle can be recorded for a cycle-for-cycle replay of the emitted Verilog.

use crate::numbered::{answer, Numbering};
use gpu16_fpga::board::sim::{sim_config, SIM_CLOCKS_PER_BIT};
use gpu16_fpga::cosim::Recording;
use gpu16_hdl::board::top::BoardTop;
use gpu16_hdl::sim::{settle, tick};
use gpu16_sim::link::framing::{Deframer, Found, Frame};
use gpu16_sim::link::{BoardStatus, Command, REPLY_SYNC};
use rust_hdl::prelude::*;
use std::collections::VecDeque;

/// The board top (the simulated board's configuration: 4 clocks per UART bit) and the PC's
/// side of its UART.
pub struct BoardHarness {
    pub top: BoardTop,
    pub recording: Option<Recording>,
    /// Line levels still to drive on `uart_rx`, one per cycle.
    to_board: VecDeque<bool>,
    /// Receiving from `uart_tx`: bit index (None: waiting for a start bit), countdown, byte.
    rx_bit: Option<u32>,
    rx_count: u32,
    rx_byte: u8,
    pub received: Vec<u8>,
    pub numbering: Numbering,
}

impl BoardHarness {
    pub fn new(counters: bool) -> BoardHarness {
        BoardHarness::with_cores(counters, 16)
    }

    /// The board top with a GPU of `cores` cores.
    pub fn with_cores(counters: bool, cores: usize) -> BoardHarness {
        let mut top = BoardTop::new(sim_config(counters, cores));
        top.connect_all();
        BoardHarness {
            top,
            recording: None,
            to_board: VecDeque::new(),
            rx_bit: None,
            rx_count: 0,
            rx_byte: 0,
            received: Vec::new(),
            numbering: Numbering::default(),
        }
    }

    /// One clock cycle.
    pub fn step(&mut self) {
        self.top.uart_rx.next = self.to_board.pop_front().unwrap_or(true);
        settle(&mut self.top).unwrap();
        if let Some(rec) = &mut self.recording {
            rec.sample(&self.top);
        }
        let line = self.top.uart_tx.val();
        match self.rx_bit {
            None if !line => {
                self.rx_bit = Some(0);
                self.rx_count = SIM_CLOCKS_PER_BIT / 2;
            }
            None => {}
            Some(bit) => {
                self.rx_count -= 1;
                if self.rx_count == 0 {
                    self.rx_count = SIM_CLOCKS_PER_BIT;
                    if (1..=8).contains(&bit) {
                        self.rx_byte |= u8::from(line) << (bit - 1);
                    }
                    if bit == 9 {
                        self.received.push(self.rx_byte);
                        self.rx_byte = 0;
                        self.rx_bit = None;
                    } else {
                        self.rx_bit = Some(bit + 1);
                    }
                }
            }
        }
        tick(&mut self.top, |t| &mut t.clock).unwrap();
    }

    /// Queues `bytes` on the line (8N1).
    pub fn send(&mut self, bytes: &[u8]) {
        for &b in bytes {
            let frame = std::iter::once(false)
                .chain((0..8).map(|i| b >> i & 1 == 1))
                .chain(std::iter::once(true));
            for bit in frame {
                for _ in 0..SIM_CLOCKS_PER_BIT {
                    self.to_board.push_back(bit);
                }
            }
        }
    }

    /// Runs `cycles` cycles.
    pub fn idle(&mut self, cycles: usize) {
        for _ in 0..cycles {
            self.step();
        }
    }

    /// Sends a request and runs until its whole reply has arrived.
    pub fn request(&mut self, command: Command, args: &[u8]) -> Frame {
        let start = self.received.len();
        let (bytes, seq) = self.numbering.next(command, args);
        self.send(&bytes);
        let mut deframer = Deframer::new(REPLY_SYNC);
        let mut seen = start;
        for _ in 0..200_000 {
            self.step();
            while seen < self.received.len() {
                match deframer.push(self.received[seen]) {
                    Some(Found::Frame(f)) => return answer(command, seq, f),
                    Some(Found::Damaged) => panic!("{command:?}: damaged reply"),
                    None => seen += 1,
                }
            }
        }
        panic!("{command:?}: no reply");
    }
}

/// An exchange on the board top's UART pins (with counters, a GPU of `cores` cores), from
/// power-up, recorded for a replay: identify, load a program and a byte of memory, launch,
/// poll, read the timeline log, memory, registers and counters.
pub fn recorded_exchange(cores: usize) -> Recording {
    let mut h = BoardHarness::with_cores(true, cores);
    h.recording = Some(Recording::default());
    h.idle(1100); // the power-on reset
    assert_eq!(h.request(Command::Identify, &[]).payload.len(), 15);
    // One or two cores double the byte at 0: two read 21 before either writes, so it is 42
    // either way.
    let mask = if cores > 1 { 0x3 } else { 0x1 };
    let source = format!(
        ".cf mask={mask:#x} fence=no\n.if\n  sub r0, r0, r0\n  ld [r0, r0], r9\n  add r9, r9, r9\n  \
         st [r0, r0], r9\n  ready\n"
    );
    let frames = gpu16_sim::asm::assemble_for(&source, cores)
        .unwrap_or_else(|e| panic!("{e}\n{source}"))
        .frames;
    let mut payload = vec![0u8];
    for f in &frames {
        for k in 0..4 {
            payload.extend(f.task_line(k).to_le_bytes());
        }
    }
    h.request(Command::WriteTm, &payload);
    h.request(Command::WriteSm, &[0, 0, 21]);
    h.request(Command::Launch, &[frames.len() as u8, 0, 1, 0, 0]);
    let status = loop {
        let st = BoardStatus::decode(&h.request(Command::Status, &[]).payload).unwrap();
        if st.done {
            break st;
        }
    };
    assert_eq!(status.code, 0);
    h.request(Command::ReadEvents, &[0, 0, status.events as u8]);
    assert_eq!(h.request(Command::ReadSm, &[0, 0, 2]).payload, [42, 0]);
    h.request(Command::ReadRegs, &[9, 2]);
    h.request(Command::ReadCounters, &[0, 2]);
    h.recording.take().unwrap()
}
