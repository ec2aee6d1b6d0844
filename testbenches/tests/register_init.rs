//! The scheduler's register writes (hdl/src/scheduler/register_init.rs): a launch zeroes
//! register k of every core in the k-th of the next 16 cycles and then signals `zeroed`; a CF
//! handled later writes its R0 values into R0 of its targets the cycle after, and nothing
//! else is ever written. Its Verilog replays inside the scheduler's (`gpu_verilog.rs`).

use gpu16_hdl::scheduler::RegisterInit;
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_testbenches::rng::Rng;
use rust_hdl::prelude::*;

/// The writes shown this cycle: cores, register, each core's value.
fn writes(r: &RegisterInit) -> (u16, u64, Vec<u8>) {
    (
        r.write.val().index() as u16,
        r.register.val().index() as u64,
        r.value.iter().map(|v| v.val().index() as u8).collect(),
    )
}

fn launch(r: &mut RegisterInit) {
    r.launch.next = true;
    tick(r, |r| &mut r.clock).unwrap();
    r.launch.next = false;
    for k in 0..16 {
        settle(r).unwrap();
        assert!(r.zeroing.val(), "register {k}: zeroing");
        assert_eq!(writes(r), (0xffff, k, vec![0; 16]), "register {k}");
        assert_eq!(r.zeroed.val(), k == 15, "register {k}: zeroed");
        tick(r, |r| &mut r.clock).unwrap();
    }
    settle(r).unwrap();
    assert!(!r.zeroing.val() && !r.zeroed.val());
    assert_eq!(r.write.val().index(), 0, "nothing after the zeroing");
}

#[test]
fn launch_zeroes_every_register_then_cfs_write_r0_of_their_targets() {
    let mut r = connected::<RegisterInit>();
    let mut rng = Rng::new(3);
    for _ in 0..3 {
        launch(&mut r);
        for cycle in 0..500 {
            let cf_go = rng.chance(20);
            let targets = rng.next_u64() as u16;
            let values: Vec<u8> = (0..16).map(|_| rng.byte()).collect();
            let packed = values.iter().rev().fold(Bits::<128>::from(0u64), |v, b| {
                (v << 8) | Bits::<128>::from(u64::from(*b))
            });
            r.cf_go.next = cf_go;
            r.targets.next = u64::from(targets).into();
            r.cf_r0.next = packed;
            tick(&mut r, |r| &mut r.clock).unwrap();
            r.cf_go.next = false;
            settle(&mut r).unwrap();
            let (write, register, shown) = writes(&r);
            assert_eq!(register, 0, "cycle {cycle}: only R0 after the zeroing");
            if cf_go {
                assert_eq!(write, targets, "cycle {cycle}: the CF's targets");
                assert_eq!(shown, values, "cycle {cycle}: the CF's R0 values");
            } else {
                assert_eq!(write, 0, "cycle {cycle}: no CF, no write");
            }
        }
    }
}

#[test]
fn a_launch_during_the_zeroing_starts_it_again() {
    let mut r = connected::<RegisterInit>();
    r.launch.next = true;
    tick(&mut r, |r| &mut r.clock).unwrap();
    r.launch.next = false;
    for _ in 0..7 {
        tick(&mut r, |r| &mut r.clock).unwrap();
    }
    launch(&mut r);
}
