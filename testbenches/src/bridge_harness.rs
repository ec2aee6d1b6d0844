//! The UART host bridge on its own: the `Bridge` block in rust-hdl, fed request bytes as its
//! UART receiver would hand them over, its reply bytes taken as a UART transmitter would
//! (busy for a few cycles after each), and its GPU side answered by a mock GPU written in
//! plain Rust.

use crate::numbered::{answer, Numbering};
use gpu16_hdl::bridge::{Bridge, BridgeConfig};
use gpu16_hdl::sim::{settle, tick};
use gpu16_sim::link::framing::{Deframer, Found, Frame};
use gpu16_sim::link::{Command, LogEntry, IDLE_BIT_TIMES, REPLY_SYNC};
use rust_hdl::prelude::*;

/// Cycles between two received bytes (a UART at 4 clocks per bit delivers one per 40).
const BYTE_GAP: usize = 6;
/// Cycles the mock transmitter is busy after each byte.
const TX_BUSY: usize = 5;
/// Cycles of silence after which a sync byte starts a request (4 clocks a bit).
pub const IDLE: usize = 4 * IDLE_BIT_TIMES as usize;

/// The design fingerprint the harness's bridge reports.
pub const FINGERPRINT: u64 = 0x0123_4567_89ab_cdef;

/// What the GPU side of the bridge sees and answers.
pub struct MockGpu {
    pub tm: [u64; 256],
    pub sm: Vec<u8>,
    pub regs: [u8; 256],
    pub counters: [u32; 96],
    pub log: Vec<LogEntry>,
    /// Launches seen: (length, max_cycles).
    pub launches: Vec<(u8, u32)>,
    /// Cycles in which the bridge asked the GPU to stop, and whether a run was on then.
    pub stops: Vec<(u64, bool)>,
    /// Cycles a run lasts after launch.
    pub run_cycles: u64,
    running_left: u64,
    pub done: bool,
    /// Status outputs after a run: code, frame, core, ip, cycles.
    pub status: (u8, u8, u8, u8, u32),
    /// The SM row read last cycle (the GPU answers a host read a cycle later).
    sm_row: Option<u8>,
    /// The counts are final (the GPU raises it about a hundred cycles after a run).
    pub counters_ready: bool,
    /// The counter selected last cycle (the GPU answers from its counters' RAM a cycle
    /// later).
    stat_word: u32,
    /// The register selected last cycle (the GPU registers its debug read).
    dbg_sel: usize,
}

impl MockGpu {
    fn new() -> MockGpu {
        MockGpu {
            tm: [0; 256],
            sm: vec![0; 4096],
            regs: std::array::from_fn(|i| (i * 7 + 3) as u8),
            counters: std::array::from_fn(|i| 0x0101_0000 * i as u32 + 0x1234),
            log: Vec::new(),
            launches: Vec::new(),
            stops: Vec::new(),
            run_cycles: 200,
            running_left: 0,
            done: false,
            status: (0, 0, 0, 0, 0),
            sm_row: None,
            stat_word: 0,
            dbg_sel: 0,
            counters_ready: true,
        }
    }

    pub fn running(&self) -> bool {
        self.running_left > 0
    }
}

/// The bridge, its mock GPU, and the bytes in flight.
pub struct BridgeHarness {
    pub bridge: Bridge,
    pub gpu: MockGpu,
    pub cycle: u64,
    /// Bytes the bridge sent.
    pub sent: Vec<u8>,
    pub numbering: Numbering,
    tx_busy: usize,
    /// The cycle of the last byte received.
    last_rx: u64,
}

impl BridgeHarness {
    /// A bridge built for a 4-clock UART bit time (its silence timeout: 8,192 cycles).
    pub fn new() -> BridgeHarness {
        let config = BridgeConfig {
            clock_hz: 25_000_000,
            baud: 6_250_000,
            counters: true,
            simulated: true,
            cores: 16,
            fingerprint: FINGERPRINT,
        };
        let mut bridge = Bridge::new(config);
        bridge.connect_all();
        BridgeHarness {
            bridge,
            gpu: MockGpu::new(),
            cycle: 0,
            sent: Vec::new(),
            numbering: Numbering::default(),
            tx_busy: 0,
            last_rx: 0,
        }
    }

    /// One clock cycle; `rx` is a byte the UART receiver hands over this cycle.
    pub fn step(&mut self, rx: Option<u8>) {
        let b = &mut self.bridge;
        let g = &mut self.gpu;
        b.rx_valid.next = rx.is_some();
        b.rx_data.next = u64::from(rx.unwrap_or(0)).into();
        b.tx_ready.next = self.tx_busy == 0;
        b.gpu.running.next = g.running_left > 0;
        b.gpu.done.next = g.done;
        b.gpu.cycles.next = u64::from(g.status.4).into();
        b.gpu.status_code.next = u64::from(g.status.0).into();
        b.gpu.status_frame.next = u64::from(g.status.1).into();
        b.gpu.status_core.next = u64::from(g.status.2).into();
        b.gpu.status_ip.next = u64::from(g.status.3).into();
        b.log_count.next = (g.log.len() as u64).into();
        b.log_overflow.next = false;
        b.gpu.stat_ready.next = g.counters_ready;
        for bank in 0..16 {
            let v = g
                .sm_row
                .map_or(0, |row| g.sm[bank * 256 + usize::from(row)]);
            b.sm_rdata[bank].next = u64::from(v).into();
        }
        b.gpu.stat_value.next = u64::from(g.stat_word).into();
        settle(b).unwrap();
        // The register selected last cycle (the GPU registers its debug read).
        b.gpu.dbg_value.next = u64::from(g.regs[g.dbg_sel]).into();
        settle(b).unwrap();

        // The clock edge: what the GPU, the log RAM and the UART do with this cycle's outputs.
        let log_addr = b.log_addr.val().index();
        let entry = g.log.get(log_addr).map_or([0u8; 10], |e| e.encode());
        let word = entry.iter().rev().fold(Bits::<80>::default(), |v, byte| {
            (v << 8) | Bits::<80>::from(u64::from(*byte))
        });
        if b.gpu.tm_write.val() {
            g.tm[b.gpu.tm_line.val().index()] = b.gpu.tm_data.val().to_u64();
        }
        g.sm_row = None;
        g.stat_word = g.counters[b.gpu.stat_sel.val().index() % 96];
        g.dbg_sel = (b.gpu.dbg_core.val().index() << 4) | b.gpu.dbg_reg.val().index();
        if b.gpu.sm_en.val() {
            let addr = b.gpu.sm_addr.val().index();
            if b.gpu.sm_write.val() {
                g.sm[addr] = b.gpu.sm_wdata.val().index() as u8;
            } else {
                g.sm_row = Some((addr & 0xff) as u8);
            }
        }
        if b.gpu.stop.val() {
            g.stops.push((self.cycle, g.running_left > 0));
            // The GPU ends the run the cycle after, as its limit would.
            g.running_left = g.running_left.min(1);
        }
        if b.gpu.launch.val() {
            g.launches.push((
                b.gpu.length.val().index() as u8,
                b.gpu.max_cycles.val().index() as u32,
            ));
            g.running_left = g.run_cycles;
            g.done = false;
        } else if g.running_left > 0 {
            g.running_left -= 1;
            g.done = g.running_left == 0;
        }
        if b.tx_start.val() {
            assert_eq!(
                self.tx_busy, 0,
                "the bridge sent while the transmitter was busy"
            );
            self.sent.push(b.tx_data.val().index() as u8);
            self.tx_busy = TX_BUSY;
        } else {
            self.tx_busy = self.tx_busy.saturating_sub(1);
        }
        tick(b, |b| &mut b.clock).unwrap();
        b.log_data.next = word;
        self.cycle += 1;
    }

    /// Sends `bytes` a byte every [`BYTE_GAP`] cycles, after the line has been idle for
    /// [`IDLE`] cycles since the last byte received, as a host sends after a reply.
    pub fn send(&mut self, bytes: &[u8]) {
        // The byte before was taken in cycle `last_rx`; the receiver counts the cycles after it.
        let quiet = (self.cycle - self.last_rx) as usize;
        self.idle((IDLE + 1).saturating_sub(quiet));
        self.send_now(bytes);
    }

    /// Sends `bytes` a byte every [`BYTE_GAP`] cycles, at once.
    pub fn send_now(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.last_rx = self.cycle;
            self.step(Some(byte));
            for _ in 1..BYTE_GAP {
                self.step(None);
            }
        }
    }

    /// Runs `cycles` cycles with nothing received.
    pub fn idle(&mut self, cycles: usize) {
        for _ in 0..cycles {
            self.step(None);
        }
    }

    /// Waits up to `cycles` for a whole reply in the bytes sent from `start` on (a reply may
    /// begin while the last request byte's gap is still running); `None` if none came.
    pub fn reply_since(&mut self, start: usize, cycles: usize) -> Option<Found> {
        let mut deframer = Deframer::new(REPLY_SYNC);
        let mut seen = start;
        for _ in 0..=cycles {
            while seen < self.sent.len() {
                if let Some(found) = deframer.push(self.sent[seen]) {
                    return Some(found);
                }
                seen += 1;
            }
            self.step(None);
        }
        None
    }

    /// Sends a numbered request and returns its reply without the number (which must come
    /// within 20,000 cycles and carry the request's number).
    pub fn request(&mut self, command: Command, args: &[u8]) -> Frame {
        let (bytes, seq) = self.numbering.next(command, args);
        answer(command, seq, self.exchange(&bytes))
    }

    /// Sends `bytes` as they are and returns the whole reply frame, which must come within
    /// 20,000 cycles.
    pub fn exchange(&mut self, bytes: &[u8]) -> Frame {
        let start = self.sent.len();
        self.send(bytes);
        match self.reply_since(start, 20_000) {
            Some(Found::Frame(f)) => f,
            other => panic!("{bytes:02x?}: no whole reply ({other:?})"),
        }
    }
}

impl Default for BridgeHarness {
    fn default() -> Self {
        BridgeHarness::new()
    }
}
