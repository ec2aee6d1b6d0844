//! Drives the RTL [`SharedMem`] port by port, cycle by cycle.

use gpu16_fpga::cosim::Recording;
use gpu16_hdl::shared_mem::SharedMem;
use gpu16_hdl::sim::{connected, settle, tick};

/// Ports (cores) and banks.
pub const PORTS: usize = 16;

/// One port's request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    pub addr: u16,
    pub write: bool,
    pub sync: bool,
    pub data: u8,
}

impl Request {
    pub fn bank(&self) -> usize {
        (self.addr >> 8) as usize & 15
    }

    pub fn row(&self) -> u8 {
        self.addr as u8
    }

    /// An `ld_sync`.
    pub fn is_lock(&self) -> bool {
        self.sync && !self.write
    }
}

/// The shared memory and a cycle counter.
pub struct SmHarness {
    pub sm: SharedMem,
    pub cycle: u64,
    /// The performance events summed since the clear: per bank (accesses, contended
    /// cycles), per port lock waits.
    counts: [(u64, u64); PORTS],
    lock_waits: [u64; PORTS],
    /// When set, every cycle's ports are recorded for a Verilog cosimulation.
    pub recording: Option<Recording>,
}

impl Default for SmHarness {
    fn default() -> Self {
        Self::new()
    }
}

impl SmHarness {
    /// A cleared shared memory (all bytes 0).
    pub fn new() -> SmHarness {
        let mut h = SmHarness {
            sm: connected(),
            cycle: 0,
            counts: [(0, 0); PORTS],
            lock_waits: [0; PORTS],
            recording: None,
        };
        h.sm.clear.next = true;
        h.cycle(&[None; PORTS], 0);
        h.sm.clear.next = false;
        h
    }

    /// One cycle: presents `requests` and the `task_end` mask, returns which were granted and
    /// `rdata` of every port (the bytes of last cycle's granted loads). Every request stays
    /// up until its grant, as a core's does unless its instruction faults.
    pub fn cycle(
        &mut self,
        requests: &[Option<Request>; PORTS],
        task_end: u16,
    ) -> ([bool; PORTS], [u8; PORTS]) {
        self.cycle_withdrawing(requests, task_end, 0)
    }

    /// [`Self::cycle`], where the ports in `withdrawn` say (`keep` low) that their request
    /// will not be up next cycle, as a core's whose instruction faults.
    pub fn cycle_withdrawing(
        &mut self,
        requests: &[Option<Request>; PORTS],
        task_end: u16,
        withdrawn: u16,
    ) -> ([bool; PORTS], [u8; PORTS]) {
        let s = &mut self.sm;
        for (i, r) in requests.iter().enumerate() {
            let r = r.unwrap_or(Request {
                addr: 0,
                write: false,
                sync: false,
                data: 0,
            });
            s.cores[i].req.next = requests[i].is_some();
            s.cores[i].keep.next = withdrawn & (1 << i) == 0;
            s.cores[i].addr.next = (r.addr as u64).into();
            s.cores[i].write.next = r.write;
            s.cores[i].sync.next = r.sync;
            s.cores[i].wdata.next = (r.data as u64).into();
            s.task_end[i].next = task_end & (1 << i) != 0;
        }
        settle(s).expect("the shared memory settles");
        let grants = std::array::from_fn(|i| s.cores[i].gnt.val());
        let rdata = std::array::from_fn(|i| s.cores[i].rdata.val().index() as u8);
        if let Some(r) = &mut self.recording {
            r.sample(&self.sm);
        }
        let s = &self.sm;
        let counting = u64::from(!s.clear.val());
        for (b, count) in self.counts.iter_mut().enumerate() {
            *count = (
                counting * (count.0 + u64::from(s.perf_access.val().get_bit(b))),
                counting * (count.1 + u64::from(s.perf_contended.val().get_bit(b))),
            );
        }
        for (p, waits) in self.lock_waits.iter_mut().enumerate() {
            *waits = counting * (*waits + u64::from(s.perf_lock_wait.val().get_bit(p)));
        }
        tick(&mut self.sm, |s| &mut s.clock).expect("the shared memory settles");
        self.cycle += 1;
        (grants, rdata)
    }

    /// Host write of `data` to byte `addr` (one cycle).
    pub fn host_write(&mut self, addr: u16, data: u8) {
        self.host(addr, Some(data));
    }

    /// Host read of byte `addr` (a row read: the byte arrives the cycle after).
    pub fn host_read(&mut self, addr: u16) -> u8 {
        self.host_read_row(addr as u8)[(addr >> 8) as usize & 15]
    }

    /// Host read of row `row` of every bank.
    pub fn host_read_row(&mut self, row: u8) -> [u8; PORTS] {
        self.host(row as u16, None);
        settle(&mut self.sm).expect("the shared memory settles");
        std::array::from_fn(|b| self.sm.host_rdata[b].val().index() as u8)
    }

    fn host(&mut self, addr: u16, write: Option<u8>) {
        let s = &mut self.sm;
        s.host_en.next = true;
        s.host_addr.next = (addr as u64).into();
        s.host_write.next = write.is_some();
        s.host_wdata.next = (write.unwrap_or(0) as u64).into();
        self.cycle(&[None; PORTS], 0);
        self.sm.host_en.next = false;
        self.sm.host_write.next = false;
    }

    /// Per bank, the performance events since the clear: (accesses, contended cycles).
    pub fn counters(&self, bank: usize) -> (u64, u64) {
        self.counts[bank]
    }

    /// Per port, the cycles its `ld_sync` waited for a lock since the clear.
    pub fn lock_waits(&self, port: usize) -> u64 {
        self.lock_waits[port]
    }
}
