//! The scheduler's fault priority encoder (hdl/src/scheduler/fault_priority.rs): of the cores
//! faulting in one cycle the lowest is reported, with its own code, IP and frame.

use gpu16_hdl::scheduler::FaultPriority;
use gpu16_hdl::sim::{connected, settle};
use gpu16_testbenches::rng::Rng;

#[test]
fn reports_the_lowest_faulting_core() {
    let mut f = connected::<FaultPriority>();
    let mut rng = Rng::new(11);
    for n in 0..2000u64 {
        // Every single core, then random masks (sparse and dense) and none.
        let mask = match n {
            0..=15 => 1 << n,
            16 => 0,
            _ => rng.next_u64() & rng.next_u64() & 0xffff,
        };
        let code: [u64; 16] = std::array::from_fn(|_| 1 + rng.below(2));
        let ip: [u64; 16] = std::array::from_fn(|_| rng.below(16));
        let frame: [u64; 16] = std::array::from_fn(|_| rng.below(64));
        f.faults.next = mask.into();
        for i in 0..16 {
            f.code[i].next = code[i].into();
            f.ip[i].next = ip[i].into();
            f.frame[i].next = frame[i].into();
        }
        settle(&mut f).unwrap();
        assert_eq!(f.any.val(), mask != 0, "mask {mask:#06x}");
        let got = (
            f.first_core.val().to_u64(),
            f.first_code.val().to_u64(),
            f.first_ip.val().to_u64(),
            f.first_frame.val().to_u64(),
        );
        let want = match mask {
            0 => (0, 0, 0, 0),
            _ => {
                let i = mask.trailing_zeros() as usize;
                (i as u64, code[i], ip[i], frame[i])
            }
        };
        assert_eq!(got, want, "mask {mask:#06x}");
    }
}
