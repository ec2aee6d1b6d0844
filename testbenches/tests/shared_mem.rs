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
                (sb.accesses[b], sb.contended[b]),
                "bank {b} counters (seed {seed})"
            );
        }
        for p in 0..PORTS {
            assert_eq!(
                h.lock_waits(p),
                sb.lock_waits[p],
                "port {p} lock waits (seed {seed})"
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
        assert!(sb.contended.iter().sum::<u64>() > 0);
    }
}

/// Presents `reqs` until each is granted (a granted port's request is withdrawn, as a core
/// does); returns the cycle (from 1) in which each port was granted.
fn serve(h: &mut SmHarness, mut reqs: [Option<Request>; PORTS]) -> [Option<usize>; PORTS] {
    let mut at = [None; PORTS];
    for cycle in 1..=40 {
        if reqs.iter().all(Option::is_none) {
            break;
        }
        let (g, _) = h.cycle(&reqs, 0);
        for p in (0..PORTS).filter(|&p| g[p]) {
            at[p] = Some(cycle);
            reqs[p] = None;
        }
    }
    at
}

#[test]
fn sixteen_sequences_in_sixteen_banks_at_once() {
    // Every access takes three cycles: the request registered, arbitration, then the access
    // and the grant.
    let mut h = SmHarness::new();
    let lock = |p: usize, write| {
        Some(Request {
            addr: (p as u16) << 8 | 0x42,
            write,
            sync: true,
            data: p as u8,
        })
    };
    let at = serve(&mut h, std::array::from_fn(|p| lock(p, false)));
    assert_eq!(at, [Some(3); PORTS], "every bank grants its ld_sync");
    // While all 16 hold their locks, a plain access to another row of each bank proceeds...
    let at = serve(
        &mut h,
        std::array::from_fn(|p| {
            Some(Request {
                addr: ((p as u16 + 1) % 16) << 8 | 0x43,
                write: true,
                sync: false,
                data: 9,
            })
        }),
    );
    assert_eq!(at, [Some(3); PORTS]);
    // ...and every st_sync closes its own sequence.
    let at = serve(&mut h, std::array::from_fn(|p| lock(p, true)));
    assert_eq!(at, [Some(3); PORTS]);
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
    assert_eq!(serve(&mut h, reqs)[0], Some(3));
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
        Some(3),
        "ld of another row"
    );
    assert_eq!(
        against_lock(req(0x307, true, false, 0), 20),
        Some(3),
        "st to another row"
    );
    assert_eq!(
        against_lock(req(0x405, false, true, 0), 20),
        Some(3),
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
    assert_eq!(serve(&mut h, reqs)[0], Some(3));
    for r in reqs.iter_mut().skip(2) {
        *r = req(0x305, false, false, 0);
    }
    reqs[0] = req(0x305, true, true, 0x5a);
    reqs[1] = req(0x306, false, false, 0);
    let mut served = [None; 2];
    // The cycle that registers the requests, 15 turns, and the cycle from the last pick to
    // its access.
    for cycle in 1..=18 {
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
    assert_eq!(serve(&mut h, reqs)[0], Some(3));
    reqs[0] = req(0x305, true, true, 0x77);
    reqs[1] = req(0x305, false, false, 0);
    // Port 1 has the round-robin turn but asks for the locked byte: picked, then held back
    // by the lock in its access cycle (the owner's st_sync is picked meanwhile), then picked
    // again and served once the st_sync has unlocked.
    let mut grants = Vec::new();
    for _ in 0..5 {
        let (g, _) = h.cycle(&reqs, 0);
        grants.push((g[0], g[1]));
        for p in 0..2 {
            if g[p] {
                reqs[p] = None;
            }
        }
    }
    assert_eq!(
        grants,
        [
            (false, false),
            (false, false),
            (false, false),
            (true, false),
            (false, true)
        ],
        "registered; load picked; load held back, st_sync picked; st_sync served, load \
         picked; load served"
    );
    let (_, rdata) = h.cycle(&[None; PORTS], 0);
    assert_eq!(rdata[1], 0x77, "and reads what st_sync wrote");

    // A task that ends while holding a lock releases it.
    reqs = [None; PORTS];
    reqs[2] = req(0x610, false, true, 0);
    assert_eq!(serve(&mut h, reqs)[2], Some(3));
    reqs[2] = None;
    reqs[3] = req(0x611, false, true, 0);
    assert!(!h.cycle(&reqs, 0).0[3], "registered");
    assert!(
        !h.cycle(&reqs, 1 << 2).0[3],
        "released at the end of this cycle"
    );
    assert!(!h.cycle(&reqs, 0).0[3], "picked");
    assert!(h.cycle(&reqs, 0).0[3], "served");
}

#[test]
fn a_request_withdrawn_in_its_first_cycle_is_never_served() {
    // A core whose store faults withdraws it in the cycle after asking (the core does not
    // wait for its fault checks to ask, and says so with `keep` low in that first cycle; a
    // kept request stays kept until its grant, which the core's testbench checks). The
    // request stage does not register it, so no bank picks it or serves it.
    let mut h = SmHarness::new();
    let mut reqs = [None; PORTS];
    reqs[4] = req(0x512, true, false, 0x99);
    reqs[5] = req(0x613, false, true, 0);
    let nothing = [false; PORTS];
    assert_eq!(
        h.cycle_withdrawing(&reqs, 0, (1 << 4) | (1 << 5)).0,
        nothing
    );
    for when in ["its pick", "its access"] {
        assert_eq!(h.cycle(&[None; PORTS], 0).0, nothing, "nothing at {when}");
    }
    assert_eq!(h.host_read(0x512), 0, "and nothing written");
    // Nor locked: another core's ld_sync of the bank goes at once.
    reqs = [None; PORTS];
    reqs[6] = req(0x614, false, true, 0);
    assert_eq!(serve(&mut h, reqs)[6], Some(3));
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
}

#[test]
fn the_host_port_stops_the_grants_from_the_cycle_after_it_is_taken() {
    // 16 stores to bank 5 keep its access stage busy, one grant a cycle. The host takes the
    // port (as the run's halt does): the winner picked before is still granted in that cycle,
    // but its store is not made (the RAM port is the host's); from the next cycle on no core
    // is granted until the cycle after the host lets go.
    let mut h = SmHarness::new();
    let stores: [Option<Request>; PORTS] =
        std::array::from_fn(|p| req(0x500 + p as u16, true, false, 0x80 | p as u8));
    for first in ["registered", "a pick"] {
        assert!(h.cycle(&stores, 0).0.iter().all(|&g| !g), "{first}");
    }
    let mut waiting = stores;
    let serve_one = |h: &mut SmHarness, waiting: &mut [Option<Request>; PORTS]| {
        let (g, _) = h.cycle(waiting, 0);
        let granted: Vec<usize> = (0..PORTS).filter(|&p| g[p]).collect();
        for &p in &granted {
            waiting[p] = None;
        }
        granted
    };
    assert_eq!(serve_one(&mut h, &mut waiting).len(), 1, "before the host");
    h.sm.host_en.next = true;
    let at_halt = serve_one(&mut h, &mut waiting);
    assert_eq!(at_halt.len(), 1, "the winner picked before the host came");
    for held in 0..5 {
        h.sm.host_en.next = true;
        assert!(
            serve_one(&mut h, &mut waiting).is_empty(),
            "held cycle {held}"
        );
    }
    h.sm.host_en.next = false;
    assert!(
        serve_one(&mut h, &mut waiting).is_empty(),
        "the cycle the host lets go"
    );
    assert_eq!(serve_one(&mut h, &mut waiting).len(), 1, "after the host");
    let p = at_halt[0];
    assert_eq!(
        h.host_read(0x500 + p as u16),
        0,
        "store of port {p} not made"
    );
}

#[test]
fn a_load_served_right_after_a_store_to_its_row_reads_the_stored_byte() {
    // A bank reads the next winner's row as it is picked, at the edge where the access
    // before it writes: a store and a load of one row in back-to-back accesses meet in the
    // RAM, and the store's byte is forwarded (hdl/src/shared_mem/bank.rs). Ports 0–3 keep
    // asking for row 0x10 of bank 3, the even ones loading, the odd ones storing new bytes:
    // the bank serves one every cycle, and every load must read the last byte stored.
    let mut h = SmHarness::new();
    h.host_write(0x310, 0x11);
    let mut row = 0x11u8;
    // Each store asks with a byte of its own, unchanged until its grant.
    let mut next_byte = 0x20u8;
    let mut reqs = [None; PORTS];
    for (p, r) in reqs.iter_mut().take(4).enumerate() {
        *r = req(0x310, p % 2 == 1, false, next_byte);
        next_byte += 1;
    }
    let mut expect: [Option<u8>; PORTS] = [None; PORTS];
    let (mut stored_last_cycle, mut forwarded) = (false, 0);
    for _ in 0..200 {
        let (g, rdata) = h.cycle(&reqs, 0);
        for p in 0..4 {
            if let Some(want) = expect[p].take() {
                assert_eq!(rdata[p], want, "port {p}'s load");
            }
        }
        let granted: Vec<usize> = (0..4).filter(|&p| g[p]).collect();
        assert!(granted.len() <= 1);
        let mut stored = false;
        for &p in &granted {
            let r = reqs[p].unwrap();
            if r.write {
                row = r.data;
                reqs[p] = req(0x310, true, false, next_byte);
                next_byte = next_byte.wrapping_add(1);
                stored = true;
            } else {
                expect[p] = Some(row);
                forwarded += usize::from(stored_last_cycle);
            }
        }
        stored_last_cycle = stored;
    }
    assert!(forwarded > 20, "loads right after a store: {forwarded}");
}

#[test]
fn round_robin_serves_a_waiting_port_within_15_grants() {
    // All 16 ports keep loading from bank 0, each its own row: after the requests are
    // registered and the first pick, one grant per cycle; port p's first load waits p + 2
    // cycles, and every later one exactly 15 (the grants go once around the other ports).
    let mut h = SmHarness::new();
    let loads: [Option<Request>; PORTS] =
        std::array::from_fn(|p| req(0x010 + p as u16, false, false, 0));
    let mut waits: [Vec<u64>; PORTS] = std::array::from_fn(|_| Vec::new());
    let mut waiting = [2u64; PORTS];
    for first in ["registered", "a pick"] {
        assert!(h.cycle(&loads, 0).0.iter().all(|&g| !g), "{first}");
    }
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
        assert_eq!(w[0], p as u64 + 2);
        assert!(w[1..].iter().all(|&n| n == 15), "port {p}: {w:?}");
    }
}

#[test]
fn loads_of_one_byte_are_served_one_per_cycle() {
    // No broadcast (docs/decisions.md, D2): 16 loads of one byte take 16 cycles after
    // the requests are registered and the first pick, one access each, in round-robin order;
    // every port gets the byte.
    let mut h = SmHarness::new();
    h.host_write(0x210, 0x5a);
    let mut reqs = [req(0x210, false, false, 0); PORTS];
    for first in ["registered", "a pick"] {
        assert!(h.cycle(&reqs, 0).0.iter().all(|&g| !g), "{first}");
    }
    let mut last = None;
    for p in 0..PORTS {
        let (g, rdata) = h.cycle(&reqs, 0);
        if let Some(q) = last {
            assert_eq!(rdata[q], 0x5a, "port {q}");
        }
        let granted: Vec<usize> = (0..PORTS).filter(|&q| g[q]).collect();
        assert_eq!(granted, vec![p], "cycle {p}");
        reqs[p] = None;
        last = Some(p);
    }
    let (_, rdata) = h.cycle(&[None; PORTS], 0);
    assert_eq!(rdata[15], 0x5a);
    // 16 accesses; two or more ports asked in every cycle but the last, when port 15 is alone.
    assert_eq!(h.counters(2), (16, 17));
    assert!((0..PORTS).all(|p| h.lock_waits(p) == 0));
}
