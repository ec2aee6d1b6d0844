//! The shared memory's lock-wait lookup (hdl/src/shared_mem/lock_waits.rs) against SPEC §6:
//! a request waits for a lock another core holds on its bank when it is an `ld_sync` or a
//! plain access to the locked row; an `st_sync` (the owner's) never waits.

use gpu16_hdl::shared_mem::LockWaits;
use gpu16_hdl::sim::{connected, settle};
use gpu16_testbenches::rng::Rng;

#[test]
fn holds_back_exactly_what_a_lock_forbids() {
    let mut l = connected::<LockWaits>();
    let mut rng = Rng::new(3);
    let mut held_total = 0;
    for n in 0..2000 {
        let locked: u16 = if n % 10 == 0 {
            0
        } else {
            rng.next_u64() as u16 & rng.next_u64() as u16
        };
        // Few rows, so that requests often name the locked one.
        let rows: [u8; 16] = std::array::from_fn(|_| rng.below(4) as u8);
        let reqs: [(bool, u16, bool, bool); 16] = std::array::from_fn(|_| {
            (
                rng.chance(80),
                ((rng.below(16) as u16) << 8) | rng.below(4) as u16,
                rng.chance(50),
                rng.chance(30),
            )
        });
        l.locked.next = (locked as u64).into();
        for (port, &row) in l.locked_row.iter_mut().zip(&rows) {
            port.next = (row as u64).into();
        }
        for (i, &(req, addr, write, sync)) in reqs.iter().enumerate() {
            l.req[i].next = req;
            l.addr[i].next = (addr as u64).into();
            l.write[i].next = write;
            l.sync[i].next = sync;
        }
        settle(&mut l).unwrap();
        for (i, &(req, addr, write, sync)) in reqs.iter().enumerate() {
            let bank = (addr >> 8) as usize;
            let is_locked = locked >> bank & 1 == 1;
            let want = req && is_locked && !(sync && write) && (sync || addr as u8 == rows[bank]);
            assert_eq!(
                l.held.val().get_bit(i),
                want,
                "core {i}: {addr:#05x} write {write} sync {sync}, locks {locked:#06x} rows {rows:?}"
            );
            held_total += want as usize;
        }
    }
    assert!(held_total > 1000, "requests were held back: {held_total}");
}
