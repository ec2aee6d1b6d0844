//! The scheduler's tasks in flight (hdl/src/scheduler/tasks.rs), against a model of the masks:
//! an IF handled starts its cores the next cycle on its frame and keeps them busy until the
//! decision frees them; an `acq` IF's cores are remembered until the next IF; each core
//! keeps the frame of its last task; every frame handled shows on the event outputs the
//! next cycle; launch forgets the tasks. Its Verilog replays inside the scheduler's
//! (`gpu_verilog.rs`).

use gpu16_hdl::scheduler::Tasks;
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_testbenches::rng::Rng;

#[test]
fn starts_busy_and_acq_masks_core_frames_and_events_follow_the_decisions() {
    let mut t = connected::<Tasks>();
    let mut rng = Rng::new(11);
    // The model: busy and acq masks, core frames, and what shows this cycle.
    let (mut busy, mut acq) = (0u16, 0u16);
    let mut frames = [0u64; 16];
    let mut start = 0u16;
    let mut event: Option<(bool, u64, u16)> = None;
    for cycle in 0..20_000 {
        settle(&mut t).unwrap();
        assert_eq!(t.busy.val().index() as u16, busy, "cycle {cycle}: busy");
        assert_eq!(t.acq_mask.val().index() as u16, acq, "cycle {cycle}: acq");
        assert_eq!(t.start.val().index() as u16, start, "cycle {cycle}: start");
        for (c, f) in frames.iter().enumerate() {
            assert_eq!(
                t.core_frame[c].val().index() as u64,
                *f,
                "cycle {cycle}: core {c}"
            );
        }
        assert_eq!(t.event_valid.val(), event.is_some(), "cycle {cycle}: event");
        if let Some((is_if, frame, mask)) = event {
            assert_eq!(t.event_if.val(), is_if, "cycle {cycle}");
            assert_eq!(t.event_frame.val().index() as u64, frame, "cycle {cycle}");
            assert_eq!(t.event_mask.val().index() as u16, mask, "cycle {cycle}");
            if is_if {
                assert_eq!(t.start_frame.val().index() as u64, frame, "cycle {cycle}");
            }
        }

        // This cycle's decision, as the scheduler could make it: some busy cores are freed;
        // an IF goes only on idle cores, a CF or an IF or nothing.
        let busy_now = busy & rng.next_u64() as u16;
        let launch = rng.chance(1);
        let tp = rng.below(64);
        let mask = (rng.next_u64() as u16) & !busy_now;
        let cf_mask = rng.next_u64() as u16;
        let (cf_go, if_go) = match rng.below(4) {
            0 => (true, false),
            1 => (false, true),
            _ => (false, false),
        };
        let acquire = rng.chance(30);
        t.launch.next = launch;
        t.tp.next = tp.into();
        t.cf_go.next = cf_go;
        t.cf_mask.next = u64::from(cf_mask).into();
        t.if_go.next = if_go;
        t.acquire.next = acquire;
        t.mask.next = u64::from(mask).into();
        t.busy_now.next = u64::from(busy_now).into();
        settle(&mut t).unwrap();
        let idle_after = busy_now == 0 && !(if_go && mask != 0);
        assert_eq!(t.idle_after.val(), idle_after, "cycle {cycle}: idle after");
        tick(&mut t, |t| &mut t.clock).unwrap();

        start = 0;
        busy = busy_now;
        event = (cf_go || if_go).then_some((if_go, tp, if if_go { mask } else { cf_mask }));
        if if_go {
            start = mask;
            busy |= mask;
            acq = if acquire { mask } else { 0 };
            for (c, f) in frames.iter_mut().enumerate() {
                if mask & (1 << c) != 0 {
                    *f = tp;
                }
            }
        }
        if launch {
            (busy, acq, start) = (0, 0, 0);
            event = None;
        }
    }
}
