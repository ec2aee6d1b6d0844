//! Shared memory of MACHINE.md §5–§6: 16 banks, one access per bank per cycle granted round-robin,
//! and one lock (row + owner) per bank.

use crate::frame::CORES;
use crate::image::sm::SmImage;
use crate::isa::sm::{bank, BANKS};
use crate::run::Stats;
use crate::view::BankView;

/// What a memory instruction does to its byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Load,
    Store(u8),
    /// `ld_sync`: read and lock.
    LoadSync,
    /// `st_sync`: write and unlock.
    StoreSync(u8),
}

/// A core's request this cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    pub addr: u16,
    pub access: Access,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Lock {
    row: u8,
    owner: u8,
}

/// The banks, their locks and their round-robin pointers.
pub struct SharedMem {
    pub bytes: SmImage,
    locks: [Option<Lock>; BANKS],
    /// The core granted last by each bank; the search for the next grant starts after it.
    last_grant: [u8; BANKS],
}

impl SharedMem {
    pub fn new(bytes: SmImage) -> SharedMem {
        SharedMem {
            bytes,
            locks: [None; BANKS],
            last_grant: [CORES as u8 - 1; BANKS],
        }
    }

    /// Grants at most one request per bank and performs it. Returns, per core, `Some(byte)` if
    /// granted (the byte read, or the byte written). Counts each core's lock waits and each
    /// bank's accesses and contended cycles into `stats`.
    pub fn serve(
        &mut self,
        requests: &[Option<Request>; CORES],
        stats: &mut Stats,
    ) -> [Option<u8>; CORES] {
        let mut out = [None; CORES];
        // The cores per bank asking for it, and those whose request no lock holds back.
        let mut asking = [0u16; BANKS];
        let mut eligible = [0u16; BANKS];
        for (core, req) in requests.iter().enumerate() {
            let Some(req) = req else { continue };
            let b = bank(req.addr);
            asking[b] |= 1 << core;
            let blocked = self.locks[b].is_some_and(|l| {
                l.owner as usize != core
                    && (l.row == req.addr as u8 || req.access == Access::LoadSync)
            });
            if blocked {
                stats.cores[core].lock_waits += u64::from(req.access == Access::LoadSync);
            } else {
                eligible[b] |= 1 << core;
            }
        }
        for b in 0..BANKS {
            stats.banks[b].contended += u64::from(asking[b].count_ones() >= 2);
            if eligible[b] == 0 {
                continue;
            }
            // Round-robin: the first eligible core after the last one granted.
            let start = (self.last_grant[b] as u32 + 1) % CORES as u32;
            let core = ((eligible[b].rotate_right(start).trailing_zeros() + start) % 16) as usize;
            self.last_grant[b] = core as u8;
            stats.banks[b].accesses += 1;
            let req = requests[core].expect("a granted core has a request");
            let addr = req.addr as usize;
            out[core] = Some(match req.access {
                Access::Load => self.bytes[addr],
                Access::LoadSync => {
                    self.locks[b] = Some(Lock {
                        row: req.addr as u8,
                        owner: core as u8,
                    });
                    self.bytes[addr]
                }
                Access::Store(v) => {
                    self.bytes[addr] = v;
                    v
                }
                Access::StoreSync(v) => {
                    self.locks[b] = None;
                    self.bytes[addr] = v;
                    v
                }
            });
        }
        out
    }

    /// Bank `b` of a GPU of `cores` cores as the viewer shows it at the start of a cycle
    /// (before [`SharedMem::serve`]): its lock and the core its round-robin search favours,
    /// always one of the GPU's (after core N-1 the search starts again at core 0).
    pub fn bank_view(&self, b: usize, cores: usize) -> BankView {
        let next = self.last_grant[b] + 1;
        BankView {
            requests: 0,
            grant: None,
            pointer: if usize::from(next) < cores { next } else { 0 },
            lock: self.locks[b].map(|l| (l.owner, l.row)),
        }
    }

    /// Releases any lock `core` holds (its task ended).
    pub fn release(&mut self, core: usize) {
        for l in self.locks.iter_mut() {
            if l.is_some_and(|l| l.owner as usize == core) {
                *l = None;
            }
        }
    }
}
