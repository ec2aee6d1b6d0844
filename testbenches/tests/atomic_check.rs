//! The core's atomic-rule check (hdl/src/core/atomic_check.rs) against MACHINE.md §6–§7's rules,
//! written out case by case, on every kind of instruction with and without a lock.

use gpu16_hdl::core::AtomicCheck;
use gpu16_hdl::sim::{connected, settle};
use gpu16_testbenches::rng::Rng;

/// The kinds of instruction the check tells apart.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Ld,
    LdSync,
    St,
    StSync,
    Ready,
    Other,
}

/// MACHINE.md §6–§7: does `kind` (to `addr`) break a rule, with the lock as given?
fn breaks_a_rule(kind: Kind, addr: u16, lock: Option<u16>) -> bool {
    match (kind, lock) {
        (Kind::Ld | Kind::LdSync | Kind::St | Kind::Ready, Some(_)) => true,
        (Kind::StSync, Some(locked)) => addr != locked,
        (Kind::StSync, None) => true,
        _ => false,
    }
}

#[test]
fn flags_exactly_what_the_rules_forbid() {
    let mut c = connected::<AtomicCheck>();
    let mut rng = Rng::new(7);
    let kinds = [
        Kind::Ld,
        Kind::LdSync,
        Kind::St,
        Kind::StSync,
        Kind::Ready,
        Kind::Other,
    ];
    let mut seen = [0usize; 2];
    for n in 0..3000 {
        let kind = kinds[n % kinds.len()];
        let lock_addr = rng.below(4096) as u16;
        // The locked byte itself often, any byte otherwise.
        let addr = if rng.chance(50) {
            lock_addr
        } else {
            rng.below(4096) as u16
        };
        let lock = rng.chance(50).then_some(lock_addr);
        c.locked.next = lock.is_some();
        c.lock_addr.next = (lock_addr as u64).into();
        c.is_load.next = matches!(kind, Kind::Ld | Kind::LdSync);
        c.is_store.next = matches!(kind, Kind::St | Kind::StSync);
        c.is_sync.next = matches!(kind, Kind::LdSync | Kind::StSync);
        c.is_ready.next = matches!(kind, Kind::Ready);
        c.addr.next = (addr as u64).into();
        settle(&mut c).unwrap();
        let want = breaks_a_rule(kind, addr, lock);
        assert_eq!(
            c.violation.val(),
            want,
            "{kind:?} to {addr:#05x}, lock {lock:x?}"
        );
        seen[want as usize] += 1;
    }
    assert!(
        seen.iter().all(|&n| n > 500),
        "both outcomes tried: {seen:?}"
    );
}
