//! Core-like random traffic for the shared memory, checked as it runs against a scoreboard:
//! every read, no lost write, the round-robin bound, the lock rules, and the counters.

use crate::rng::Rng;
use crate::sm_harness::{Request, SmHarness, PORTS};

/// What a port driver (standing in for a core) is doing.
#[derive(Clone, Copy, Debug)]
pub enum Phase {
    /// Nothing to ask for this many more cycles.
    Idle(u64),
    /// Waiting for a grant; `waited` counts the cycles since it last became eligible (no lock
    /// holding it back).
    Pending(Request, u64),
    /// Inside an atomic sequence on `addr`; the body lasts `left` more cycles.
    Locked { addr: u16, value: u8, left: u64 },
}

/// The independent view of the memory and its locks, updated in grant order.
pub struct Scoreboard {
    pub mem: Vec<u8>,
    /// Per bank: the port holding its lock, and the row.
    pub holder: [Option<(usize, u8)>; 16],
    /// Per port: the byte its load granted last cycle must return.
    pub expect_read: [Option<u8>; PORTS],
    /// The performance events: per bank, accesses made and cycles two or more ports asked
    /// for it; per port, cycles its `ld_sync` waited while its bank was locked.
    pub accesses: [u64; 16],
    pub contended: [u64; 16],
    pub lock_waits: [u64; PORTS],
    pub max_waited: u64,
}

impl Scoreboard {
    fn new() -> Scoreboard {
        Scoreboard {
            mem: vec![0; 4096],
            holder: [None; 16],
            expect_read: [None; PORTS],
            accesses: [0; 16],
            contended: [0; 16],
            lock_waits: [0; PORTS],
            max_waited: 0,
        }
    }

    /// A lock held by another port keeps this request waiting (MACHINE.md §6 rules 3 and 5).
    fn held_back(&self, port: usize, r: &Request) -> bool {
        matches!(self.holder[r.bank()], Some((o, row)) if o != port && (row == r.row() || r.is_lock()))
    }
}

/// `cycles` cycles of random traffic from 16 core-like ports on `h`, checked as it runs (a
/// broken rule panics): `hot_banks` banks and 8 rows, so that conflicts and locks collide often.
pub fn random_traffic(seed: u64, cycles: u64, hot_banks: u64, h: &mut SmHarness) -> Scoreboard {
    let mut rng = Rng::new(seed);
    let mut sb = Scoreboard::new();
    let mut phase = [Phase::Idle(0); PORTS];
    // Per bank: last cycle a request waited on it that no lock held back and that was up the
    // cycle before too (so the bank, which arbitrates among last cycle's requests, picked
    // something then, and must access or have its winner held back by a lock now).
    let mut picked = [false; 16];
    // Per port: its request of this cycle was up, and not granted, last cycle.
    let mut asked_before = [false; PORTS];
    for _ in 0..cycles {
        // Drivers decide this cycle's requests and task ends.
        let mut release = 0u16;
        for (p, ph) in phase.iter_mut().enumerate() {
            *ph = match *ph {
                Phase::Idle(0) => {
                    let addr = ((rng.below(hot_banks) as u16) << 8) | rng.below(8) as u16;
                    let kind = rng.below(10);
                    let r = Request {
                        addr,
                        write: (5..8).contains(&kind),
                        sync: kind >= 8,
                        data: rng.byte(),
                    };
                    Phase::Pending(r, 0)
                }
                Phase::Idle(n) => Phase::Idle(n - 1),
                Phase::Locked {
                    addr,
                    value,
                    left: 0,
                } => {
                    if rng.chance(10) {
                        // The task ends inside the sequence: the hardware must drop the lock.
                        release |= 1 << p;
                        Phase::Idle(rng.below(4))
                    } else {
                        let r = Request {
                            addr,
                            write: true,
                            sync: true,
                            data: value,
                        };
                        Phase::Pending(r, 0)
                    }
                }
                Phase::Locked { addr, value, left } => Phase::Locked {
                    addr,
                    value,
                    left: left - 1,
                },
                pending => pending,
            };
        }
        let requests = std::array::from_fn(|p| match phase[p] {
            Phase::Pending(r, _) => Some(r),
            _ => None,
        });
        let (grants, rdata) = h.cycle(&requests, release);
        for (b, contended) in sb.contended.iter_mut().enumerate() {
            let asking = requests.iter().flatten().filter(|r| r.bank() == b).count();
            *contended += u64::from(asking >= 2);
        }

        // Last cycle's loads return what the scoreboard said.
        for (p, byte) in rdata.iter().enumerate() {
            if let Some(want) = sb.expect_read[p].take() {
                assert_eq!(
                    *byte, want,
                    "port {p} read the wrong byte at cycle {}",
                    h.cycle
                );
            }
        }
        // Check every grant against the rules, in grant order (one per bank, so any order).
        // Eligibility is decided on the locks as they were at the start of the cycle.
        let start = Scoreboard {
            holder: sb.holder,
            ..Scoreboard::new()
        };
        // Per bank: the access it made this cycle (at most one).
        let mut bank_access: [Option<Request>; 16] = [None; 16];
        for p in 0..PORTS {
            let Some(r) = requests[p] else {
                assert!(!grants[p], "port {p} granted without a request");
                continue;
            };
            if !grants[p] {
                continue;
            }
            let b = r.bank();
            match bank_access[b] {
                None => {
                    bank_access[b] = Some(r);
                    sb.accesses[b] += 1;
                }
                Some(first) => panic!("bank {b} granted {first:?} and {r:?} in one cycle"),
            }
            assert!(
                !start.held_back(p, &r),
                "port {p} granted {r:?} past a lock: {:?}",
                sb.holder[b]
            );
            if let Phase::Pending(_, waited) = phase[p] {
                sb.max_waited = sb.max_waited.max(waited);
            }
            if r.write {
                sb.mem[r.addr as usize] = r.data;
            } else {
                sb.expect_read[p] = Some(sb.mem[r.addr as usize]);
            }
            phase[p] = match (r.sync, r.write) {
                (true, false) => {
                    assert_eq!(sb.holder[b], None, "two locks in bank {b}");
                    sb.holder[b] = Some((p, r.row()));
                    let value = sb.mem[r.addr as usize].wrapping_add(1);
                    Phase::Locked {
                        addr: r.addr,
                        value,
                        left: rng.below(4),
                    }
                }
                (true, true) => {
                    assert_eq!(sb.holder[b], Some((p, r.row())), "st_sync by a non-owner");
                    sb.holder[b] = None;
                    Phase::Idle(rng.below(3))
                }
                _ => Phase::Idle(rng.below(3)),
            };
        }
        // Waiting requests: held back by a lock, or lost the round-robin to another port.
        for p in 0..PORTS {
            if let (Some(r), Phase::Pending(_, waited)) = (requests[p], phase[p]) {
                if grants[p] {
                    continue;
                }
                if start.held_back(p, &r) {
                    // Round-robin's bound holds from when the request becomes eligible.
                    sb.lock_waits[p] += u64::from(r.is_lock());
                    phase[p] = Phase::Pending(r, 0);
                } else {
                    // Served within 15 turns of the round robin, plus the cycle that
                    // registers it and the cycle between its pick and its access.
                    let waited = waited + 1;
                    assert!(
                        waited <= 17,
                        "port {p} waited {waited} cycles for bank {}",
                        r.bank()
                    );
                    phase[p] = Phase::Pending(r, waited);
                }
            }
        }
        // A bank idles after a cycle in which it had something to pick only when the lock
        // holds its winner back (the row is checked in the access stage).
        for b in 0..16 {
            assert!(
                !picked[b]
                    || bank_access[b].is_some()
                    || (0..PORTS).any(|q| matches!(requests[q],
                        Some(o) if o.bank() == b && start.held_back(q, &o))),
                "bank {b} idle at cycle {} after a cycle with an eligible request",
                h.cycle
            );
            picked[b] = (0..PORTS).any(|p| {
                matches!((requests[p], phase[p]), (Some(r), Phase::Pending(..))
                    if r.bank() == b && asked_before[p] && !grants[p] && !start.held_back(p, &r))
            });
        }
        for p in 0..PORTS {
            asked_before[p] = requests[p].is_some() && !grants[p];
        }
        for holder in sb.holder.iter_mut() {
            if matches!(holder, Some((o, _)) if release & (1 << *o) != 0) {
                *holder = None;
            }
        }
    }
    sb
}
