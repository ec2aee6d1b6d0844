//! The shared memory's lock-wait event (hdl/src/shared_mem/lock_waits.rs): a core waits when
//! it asks with an `ld_sync` and the bank its address names is locked, and only then.

use gpu16_hdl::shared_mem::LockWaits;
use gpu16_hdl::sim::{connected, settle};
use gpu16_testbenches::rng::Rng;

#[test]
fn a_core_waits_exactly_when_its_ld_sync_names_a_locked_bank() {
    let mut w = connected::<LockWaits>();
    let mut rng = Rng::new(23);
    let mut waits_seen = [0u64; 16];
    for n in 0..3000u64 {
        // Every single bank locked alone first, then sparse and dense random masks.
        let locked = match n {
            0..=15 => 1 << n,
            _ => rng.next_u64() & rng.next_u64() & 0xffff,
        };
        let ld_sync = rng.next_u64() & 0xffff;
        let bank: [u64; 16] = std::array::from_fn(|_| rng.below(16));
        w.locked.next = locked.into();
        w.ld_sync.next = ld_sync.into();
        for (port, b) in w.bank.iter_mut().zip(bank) {
            port.next = b.into();
        }
        settle(&mut w).unwrap();
        let want = (0..16).fold(0u64, |acc, i| {
            let waits = ld_sync >> i & 1 == 1 && locked >> bank[i] & 1 == 1;
            acc | u64::from(waits) << i
        });
        assert_eq!(
            w.waits.val().to_u64(),
            want,
            "locked {locked:#06x}, ld_sync {ld_sync:#06x}, banks {bank:?}"
        );
        for (i, seen) in waits_seen.iter_mut().enumerate() {
            *seen += want >> i & 1;
        }
    }
    assert!(
        waits_seen.iter().all(|&n| n > 100),
        "every core seen waiting: {waits_seen:?}"
    );
}
