//! What the hardware must agree on with the reference model after a run: status, shared
//! memory, every register and the frames handled (frame, kind and mask, in order). The cycles
//! differ: the model's timing is ideal.

use gpu16_sim::run::{EventKind, RunResult};

/// The first difference between the model's run and the hardware's, described.
pub fn against_model(model: &RunResult, hw: &RunResult) -> Result<(), String> {
    if model.status != hw.status {
        return Err(format!("status: model {} rtl {}", model.status, hw.status));
    }
    if let Some(a) = (0..model.sm.len()).find(|&a| model.sm[a] != hw.sm[a]) {
        return Err(format!(
            "SM byte {a:#x}: model {:#04x} rtl {:#04x}",
            model.sm[a], hw.sm[a]
        ));
    }
    if model.regs.len() != hw.regs.len() {
        return Err(format!(
            "cores: model {} rtl {}",
            model.regs.len(),
            hw.regs.len()
        ));
    }
    if let Some(c) = (0..model.regs.len()).find(|&c| model.regs[c] != hw.regs[c]) {
        return Err(format!(
            "core {c} registers: model {:?} rtl {:?}",
            model.regs[c], hw.regs[c]
        ));
    }
    let handled = |r: &RunResult| -> Vec<(u8, EventKind, u16)> {
        r.timeline
            .iter()
            .map(|e| (e.frame, e.kind, e.mask))
            .collect()
    };
    if handled(model) != handled(hw) {
        return Err(format!(
            "handled frames: model {:?} rtl {:?}",
            handled(model),
            handled(hw)
        ));
    }
    Ok(())
}
