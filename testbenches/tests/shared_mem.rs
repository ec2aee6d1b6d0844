//! The RTL shared memory (hdl/src/shared_mem): random traffic from 16 ports against a
//! scoreboard, the round-robin bound on every request, the lock rules, the host port and the
//! counters.

use gpu16_testbenches::sm_harness::{Request, SmHarness, PORTS};
use gpu16_testbenches::sm_traffic::random_traffic;

#[test]
fn random_traffic_keeps_every_rule() {
    for (seed, hot) in [(1, 1), (2, 2), (3, 4), (4, 16)] {
        let mut h = SmHarness::new();
        let sb = random_traffic(seed, 1500, hot, &mut h);
        // No write lost: the host reads back exactly the scoreboard's memory.
        for addr in 0..(hot as u16) * 256 {
            if addr & 0xff < 8 {
                assert_eq!(h.host_read(addr), sb.mem[addr as usize], "byte {addr:#x}");
            }
        }
        for b in 0..16 {
            assert_eq!(
                h.counters(b),
                (sb.accesses[b], sb.conflict_waits[b], sb.lock_waits[b]),
                "bank {b} counters (seed {seed})"
            );
        }
        if hot == 1 {
            assert!(
                sb.max_waited >= 8,
                "one hot bank makes ports wait ({})",
                sb.max_waited
            );
        }
        assert!(sb.lock_waits.iter().sum::<u64>() > 0);
    }
}

#[test]
fn sixteen_sequences_in_sixteen_banks_at_once() {
    let mut h = SmHarness::new();
    let lock = |p: usize, write| {
        Some(Request {
            addr: (p as u16) << 8 | 0x42,
            write,
            sync: true,
            data: p as u8,
        })
    };
    let (grants, _) = h.cycle(&std::array::from_fn(|p| lock(p, false)), 0);
    assert!(grants.iter().all(|&g| g), "every bank grants its ld_sync");
    // While all 16 hold their locks, a plain access to another row of each bank proceeds...
    let (grants, _) = h.cycle(
        &std::array::from_fn(|p| {
            Some(Request {
                addr: ((p as u16 + 1) % 16) << 8 | 0x43,
                write: true,
                sync: false,
                data: 9,
            })
        }),
        0,
    );
    assert!(grants.iter().all(|&g| g));
    // ...and every st_sync closes its own sequence.
    let (grants, _) = h.cycle(&std::array::from_fn(|p| lock(p, true)), 0);
    assert!(grants.iter().all(|&g| g));
    for p in 0..16u16 {
        assert_eq!(h.host_read(p << 8 | 0x42), p as u8);
        assert_eq!(h.host_read(p << 8 | 0x43), 9);
    }
}

fn req(addr: u16, write: bool, sync: bool, data: u8) -> Option<Request> {
    Some(Request {
        addr,
        write,
        sync,
        data,
    })
}

/// Port 0 locks bank 3 row 5; port 1 then presents `other` for `cycles` cycles. Returns the
/// cycle (from 1) in which port 1 was granted, if it was.
fn against_lock(other: Option<Request>, cycles: usize) -> Option<usize> {
    let mut h = SmHarness::new();
    let mut reqs = [None; PORTS];
    reqs[0] = req(0x305, false, true, 0);
    assert!(h.cycle(&reqs, 0).0[0]);
    reqs[0] = None;
    reqs[1] = other;
    (1..=cycles).find(|_| h.cycle(&reqs, 0).0[1])
}

#[test]
fn the_locked_byte_and_other_ld_syncs_of_its_bank_wait() {
    assert_eq!(
        against_lock(req(0x305, false, false, 0), 20),
        None,
        "ld of the locked byte"
    );
    assert_eq!(
        against_lock(req(0x305, true, false, 1), 20),
        None,
        "st to the locked byte"
    );
    assert_eq!(
        against_lock(req(0x307, false, true, 0), 20),
        None,
        "ld_sync to another row"
    );
    assert_eq!(
        against_lock(req(0x307, false, false, 0), 20),
        Some(1),
        "ld of another row"
    );
    assert_eq!(
        against_lock(req(0x307, true, false, 0), 20),
        Some(1),
        "st to another row"
    );
    assert_eq!(
        against_lock(req(0x405, false, true, 0), 20),
        Some(1),
        "ld_sync in another bank"
    );
}

#[test]
fn loads_of_the_locked_byte_cannot_starve_the_owner_or_other_rows() {
    // Port 0 locks bank 3 row 5; ports 2..16 then hammer that byte. They take part in
    // arbitration and win turns in which the bank does nothing, but the owner's st_sync and
    // port 1's load of another row are each served within 15 turns.
    let mut h = SmHarness::new();
    let mut reqs = [None; PORTS];
    reqs[0] = req(0x305, false, true, 0);
    assert!(h.cycle(&reqs, 0).0[0]);
    for r in reqs.iter_mut().skip(2) {
        *r = req(0x305, false, false, 0);
    }
    reqs[0] = req(0x305, true, true, 0x5a);
    reqs[1] = req(0x306, false, false, 0);
    let mut served = [None; 2];
    for cycle in 1..=16 {
        let (g, _) = h.cycle(&reqs, 0);
        assert!(
            g.iter().skip(2).all(|&g| !g) || served[0].is_some(),
            "locked byte served"
        );
        for p in 0..2 {
            if g[p] {
                served[p].get_or_insert(cycle);
                reqs[p] = None;
            }
        }
    }
    assert!(served.iter().all(|s| s.is_some()), "{served:?}");
    assert_eq!(h.host_read(0x305), 0x5a);
}

#[test]
fn st_sync_by_the_owner_writes_unlocks_and_a_release_drops_the_lock() {
    let mut h = SmHarness::new();
    let mut reqs = [None; PORTS];
    reqs[0] = req(0x305, false, true, 0);
    h.cycle(&reqs, 0);
    reqs[0] = req(0x305, true, true, 0x77);
    reqs[1] = req(0x305, false, false, 0);
    // Port 1 has the round-robin turn but asks for the locked byte: an idle cycle, then the
    // owner's st_sync.
    let (g, _) = h.cycle(&reqs, 0);
    assert_eq!(
        (g[0], g[1]),
        (false, false),
        "the locked byte's turn is lost"
    );
    let (g, _) = h.cycle(&reqs, 0);
    assert_eq!(
        (g[0], g[1]),
        (true, false),
        "the owner's st_sync goes; the load still waits"
    );
    reqs[0] = None;
    let (g, _) = h.cycle(&reqs, 0);
    assert!(g[1], "unlocked: the load goes");
    let (_, rdata) = h.cycle(&[None; PORTS], 0);
    assert_eq!(rdata[1], 0x77, "and reads what st_sync wrote");

    // A task that ends while holding a lock releases it.
    reqs = [None; PORTS];
    reqs[2] = req(0x610, false, true, 0);
    h.cycle(&reqs, 0);
    reqs[2] = None;
    reqs[3] = req(0x611, false, true, 0);
    assert!(!h.cycle(&reqs, 0).0[3]);
    assert!(
        !h.cycle(&reqs, 1 << 2).0[3],
        "released at the end of this cycle"
    );
    assert!(h.cycle(&reqs, 0).0[3]);
}

#[test]
fn host_port_loads_and_reads_every_byte_and_blocks_cores() {
    let mut h = SmHarness::new();
    for a in 0..4096u16 {
        h.host_write(a, (a as u8).wrapping_mul(31) ^ (a >> 8) as u8);
    }
    for a in (0..4096u16).rev() {
        assert_eq!(
            h.host_read(a),
            (a as u8).wrapping_mul(31) ^ (a >> 8) as u8,
            "byte {a:#x}"
        );
    }
    // No core is granted while the host holds the port.
    h.sm.host_en.next = true;
    let (g, _) = h.cycle(
        &std::array::from_fn(|p| req((p as u16) << 8, false, false, 0)),
        0,
    );
    assert!(g.iter().all(|&g| !g));
}

#[test]
fn round_robin_serves_a_waiting_port_within_15_grants() {
    // All 16 ports keep loading from bank 0, each its own row: port p's first load waits p
    // cycles, and every later one exactly 15 (the grants go once around the other ports).
    let mut h = SmHarness::new();
    let loads: [Option<Request>; PORTS] =
        std::array::from_fn(|p| req(0x010 + p as u16, false, false, 0));
    let mut waits: [Vec<u64>; PORTS] = std::array::from_fn(|_| Vec::new());
    let mut waiting = [0u64; PORTS];
    for _ in 0..16 * 4 {
        let (g, _) = h.cycle(&loads, 0);
        assert_eq!(g.iter().filter(|&&g| g).count(), 1);
        for p in 0..PORTS {
            if g[p] {
                waits[p].push(waiting[p]);
                waiting[p] = 0;
            } else {
                waiting[p] += 1;
            }
        }
    }
    for (p, w) in waits.iter().enumerate() {
        assert_eq!(w[0], p as u64);
        assert!(w[1..].iter().all(|&n| n == 15), "port {p}: {w:?}");
    }
}

#[test]
fn loads_of_one_byte_are_served_one_per_cycle() {
    // No broadcast (docs/microarchitecture.md): 16 loads of one byte take 16 cycles, one
    // access each, in round-robin order; every port gets the byte.
    let mut h = SmHarness::new();
    h.host_write(0x210, 0x5a);
    let mut reqs = [req(0x210, false, false, 0); PORTS];
    for p in 0..PORTS {
        let (g, _) = h.cycle(&reqs, 0);
        let granted: Vec<usize> = (0..PORTS).filter(|&q| g[q]).collect();
        assert_eq!(granted, vec![p], "cycle {p}");
        reqs[p] = None;
        let (_, rdata) = h.cycle(&[None; PORTS], 0);
        assert_eq!(rdata[p], 0x5a);
    }
    assert_eq!(h.counters(2), (16, 15 * 16 / 2, 0));
}
