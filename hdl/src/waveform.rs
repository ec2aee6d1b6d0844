//! Waveforms (VCD, for GTKWave) of a block stepped cycle by cycle: one time step per cycle.

use rust_hdl::prelude::*;
use std::io::Write;

/// rust-hdl's VCD writer, fed once per cycle.
pub struct Waveform<W: Write> {
    probe: Option<rust_hdl::core::vcd_probe::VCDProbe<W>>,
    writer: Option<W>,
    time: u64,
}

impl<W: Write> Waveform<W> {
    pub fn new(writer: W) -> Waveform<W> {
        Waveform {
            probe: None,
            writer: Some(writer),
            time: 0,
        }
    }

    /// Records the design's signals at the next time step (the header on the first call).
    pub fn sample<B: Block>(&mut self, uut: &B) {
        let probe = match (self.probe.take(), self.writer.take()) {
            (Some(mut p), _) => {
                // A failed write loses the waveform, not the run.
                let _ = p.timestamp(self.time);
                write_vcd_change(p, uut)
            }
            (None, Some(w)) => write_vcd_dump(write_vcd_header(w, uut), uut),
            (None, None) => unreachable!("a waveform has a probe or a writer"),
        };
        self.probe = Some(probe);
        self.time += 1;
    }
}
