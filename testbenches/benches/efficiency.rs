//! Cycle efficiency: per example, the reference model's ideal cycles against the RTL's, and
//! the geometric mean of their ratio; with a routed Fmax (MHz) given, the work per second it
//! stands for (efficiency × Fmax). Also the dispatch gap (cycles from a task's last READY to
//! the next task's instruction 0 on the same cores).
//!
//! Run: `cargo bench -p gpu16-testbenches --bench efficiency [-- FMAX_MHZ]`; with
//! `GPU16_CORES=N`, on a GPU of N cores, over the examples written for any N.

use gpu16_sim::run::{Event, EventKind, RunConfig};
use gpu16_testbenches::examples;

/// Largest gap between an IF's last READY and the next IF on an overlapping set of cores.
fn max_dispatch_gap(t: &[Event]) -> Option<u64> {
    let ifs: Vec<&Event> = t
        .iter()
        .filter(|e| e.kind == EventKind::If && e.mask != 0)
        .collect();
    ifs.windows(2)
        .filter(|w| w[0].mask & w[1].mask != 0)
        .map(|w| w[1].issue - w[0].complete)
        .max()
}

fn main() {
    // `cargo bench` passes `--bench`; a number among the arguments is the Fmax.
    let fmax: Option<f64> = std::env::args().skip(1).find_map(|a| a.parse().ok());
    let cores = std::env::var("GPU16_CORES").map_or(gpu16_sim::frame::CORES, |n| {
        n.parse().expect("GPU16_CORES: a number of cores, 1-16")
    });
    let config = RunConfig {
        max_cycles: 1_000_000,
        cores,
    };
    println!("GPU of {cores} cores\n");
    println!(
        "| program | model cycles | RTL cycles | model / RTL | dispatch gap, model | dispatch gap, RTL |"
    );
    println!("|---|---|---|---|---|---|");
    let mut log_sum = 0.0;
    let mut n = 0;
    for ex in examples() {
        let Some(frames) = ex.frames_for(cores) else {
            continue;
        };
        let model = gpu16_sim::model::run(&frames, &ex.init, config);
        let rtl = gpu16_hdl::driver::run(&frames, &ex.init, config, None).unwrap();
        assert_eq!(model.sm, rtl.sm, "{}: the engines disagree", ex.name);
        let ratio = model.cycles as f64 / rtl.cycles as f64;
        log_sum += ratio.ln();
        n += 1;
        let gap = |t: &[Event]| max_dispatch_gap(t).map_or("–".to_string(), |g| g.to_string());
        println!(
            "| {} | {} | {} | {ratio:.3} | {} | {} |",
            ex.name,
            model.cycles,
            rtl.cycles,
            gap(&model.timeline),
            gap(&rtl.timeline)
        );
    }
    let efficiency = (log_sum / n as f64).exp();
    println!("\ncycle efficiency (geometric mean of model / RTL): {efficiency:.3}");
    if let Some(f) = fmax {
        println!(
            "work per second at {f} MHz: {efficiency:.3} x {f} = {:.1}",
            efficiency * f
        );
    }
}
