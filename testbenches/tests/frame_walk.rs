//! The scheduler's walk through Task Memory (hdl/src/scheduler/frame_walk.rs) against random
//! frames and random decisions: once primed, the fields shown are those of the frame at TP,
//! whatever frames were handled before; handling a frame moves TP on by one and the frames
//! left down by one; a CF handled sets the fence, mask and IFs to come, an IF counts one off;
//! `last` says when no frame is left after the cycle; a launch starts again at frame 0. Its
//! Verilog replays inside the scheduler's (`gpu_verilog.rs`).

use gpu16_hdl::scheduler::FrameWalk;
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_testbenches::rng::Rng;

#[test]
fn the_frame_at_tp_follows_the_decisions() {
    let mut w = connected::<FrameWalk>();
    let mut rng = Rng::new(41);
    // 64 frames of random task lines, written as the host writes them.
    let tm: Vec<[u64; 4]> = (0..64)
        .map(|_| std::array::from_fn(|_| rng.next_u64()))
        .collect();
    for (f, lines) in tm.iter().enumerate() {
        for (k, line) in lines.iter().enumerate() {
            w.tm_write.next = true;
            w.tm_line.next = ((4 * f + k) as u64).into();
            w.tm_data.next = (*line).into();
            tick(&mut w, |w| &mut w.clock).unwrap();
        }
    }
    w.tm_write.next = false;
    for run in 0..30 {
        let length = 1 + rng.below(64);
        // The cores the build has: all, or a smaller build's (MACHINE.md §1).
        let present = match rng.below(3) {
            0 => 0xffff,
            _ => (1u64 << (1 + rng.below(15))) - 1,
        };
        w.present.next = present.into();
        w.launch.next = true;
        w.length.next = length.into();
        tick(&mut w, |w| &mut w.clock).unwrap();
        w.launch.next = false;
        // The zeroing (any number of cycles), then the run.
        w.zeroing.next = true;
        for _ in 0..1 + rng.below(4) {
            tick(&mut w, |w| &mut w.clock).unwrap();
        }
        w.zeroing.next = false;
        w.running.next = true;
        let (mut tp, mut ifs_left, mut fence, mut mask) = (0u64, 0u64, None, None);
        settle(&mut w).unwrap();
        assert!(
            !w.at_tp.primed.val(),
            "run {run}: frame 0 is loaded in the run's first cycle"
        );
        w.at_tp.cf_go.next = false;
        w.at_tp.if_go.next = false;
        tick(&mut w, |w| &mut w.clock).unwrap();
        while tp < length {
            settle(&mut w).unwrap();
            assert!(w.at_tp.primed.val());
            let at = |r: u32| -> String { format!("run {run}, TP {tp}: {r}") };
            let f = tm[tp as usize];
            assert_eq!(w.tp.val().index() as u64, tp, "{}", at(0));
            assert_eq!(w.at_tp.left.val().index() as u64, length - tp, "{}", at(1));
            assert_eq!(w.at_tp.if_num.val().index() as u64, f[0] & 63, "{}", at(2));
            assert_eq!(
                w.at_tp.cf_fence.val().index() as u64,
                (f[0] >> 6) & 3,
                "{}",
                at(3)
            );
            let named = (f[0] >> 16) & 0xffff;
            assert_eq!(
                w.at_tp.cf_mask.val().index() as u64,
                named & present,
                "{}",
                at(4)
            );
            assert_eq!(w.at_tp.cf_absent.val(), named & !present != 0, "{}", at(12));
            assert_eq!(
                w.at_tp.cf_init.val().index() as u64,
                (f[0] >> 32) & 0xffff,
                "{}",
                at(5)
            );
            assert_eq!(w.cf_r0.val().get_bits::<64>(0).to_u64(), f[2], "{}", at(6));
            assert_eq!(w.cf_r0.val().get_bits::<64>(64).to_u64(), f[3], "{}", at(7));
            assert_eq!(w.at_tp.ifs_left.val().index() as u64, ifs_left, "{}", at(8));
            if let (Some(fe), Some(m)) = (fence, mask) {
                assert_eq!(w.at_tp.fence.val().index() as u64, fe, "{}", at(9));
                assert_eq!(w.at_tp.mask.val().index() as u64, m, "{}", at(10));
            }
            // A decision: wait, handle as a CF (when no IF is due), or as an IF.
            let (cf_go, if_go) = match rng.below(3) {
                0 => (false, false),
                _ if ifs_left == 0 => (true, false),
                _ => (false, true),
            };
            w.at_tp.cf_go.next = cf_go;
            w.at_tp.if_go.next = if_go;
            settle(&mut w).unwrap();
            let go = cf_go || if_go;
            assert_eq!(w.last.val(), go && length - tp == 1, "{}", at(11));
            tick(&mut w, |w| &mut w.clock).unwrap();
            if cf_go {
                ifs_left = f[0] & 63;
                fence = Some((f[0] >> 6) & 3);
                mask = Some((f[0] >> 16) & present);
            }
            if if_go {
                ifs_left -= 1;
            }
            tp += u64::from(go);
        }
        settle(&mut w).unwrap();
        assert!(w.last.val(), "run {run}: no frame left");
        w.at_tp.cf_go.next = false;
        w.at_tp.if_go.next = false;
        w.running.next = false;
    }
}
