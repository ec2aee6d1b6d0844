//! Reads of a register no earlier line of the program writes: the warning that catches the
//! destination-first habit of other assembly languages (`add r4, r1, r1` meant as
//! r4 = r1 + r1; here the destination is the last operand, docs/ASSEMBLY.md).
//!
//! Every register is 0 at launch (docs/MACHINE.md §4), so such a read is legal and the
//! program runs: this is a warning, never a refusal. Lines are taken in the order they are
//! written, frame after frame (tasks keep their registers from one to the next). Not
//! warned about: a register the same instruction frame writes anywhere (a loop counter or
//! a sum that starts from the 0 of launch, `add r11, r15, r11`), `r0` when a CF initialises
//! it, and a register already warned about.

use super::FrameSource;
use crate::diag::SourceError;
use crate::frame::{layout, ControlFrame, Frame, FrameKind};
use crate::isa::{decode, Decoded, Instruction, Reg};

/// The warnings for `frames`, assembled from the lines `source` gives.
pub fn unwritten_reads(frames: &[Frame], source: &[FrameSource]) -> Vec<SourceError> {
    let mut written = [false; 16];
    let mut warnings = Vec::new();
    for (f, kind) in layout(frames).into_iter().enumerate() {
        match kind {
            FrameKind::Cf => {
                if ControlFrame::decode(&frames[f]).init_r0_vect != 0 {
                    written[0] = true;
                }
            }
            FrameKind::If { .. } => {
                let lines = source.get(f).map_or(&[][..], |s| &s.insns[..]);
                let insns: Vec<(usize, Instruction)> = lines
                    .iter()
                    .enumerate()
                    .filter_map(|(ip, &line)| match decode(frames[f].word(ip)) {
                        Decoded::Legal(insn) => Some((line, insn)),
                        Decoded::Illegal { .. } => None,
                    })
                    .collect();
                let task_writes: Vec<Reg> = insns.iter().flat_map(|(_, i)| i.writes()).collect();
                for (line, insn) in &insns {
                    for reg in insn.reads() {
                        if !written[reg.index()] && !task_writes.contains(&reg) {
                            written[reg.index()] = true;
                            warnings.push(SourceError::new(*line, 0, message(reg)));
                        }
                    }
                    for reg in insn.writes() {
                        written[reg.index()] = true;
                    }
                }
            }
        }
    }
    warnings
}

fn message(reg: Reg) -> String {
    format!(
        "reads {reg}, which no line before this one writes (it is 0 at launch); the \
         destination is the last operand here: `add a, b, d` is d = a + b"
    )
}

#[cfg(test)]
mod tests {
    use crate::asm::assemble;

    fn warnings(source: &str) -> Vec<String> {
        let asm = assemble(source).unwrap();
        asm.warnings
            .iter()
            .map(|w| format!("{}: {}", w.line, w.message))
            .collect()
    }

    #[test]
    fn the_destination_first_habit_is_warned_at_its_line() {
        let w = warnings(".cf mask=all\n.if\n  set_const 3, r9\n  add r4, r9, r9\n  ready\n");
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].starts_with("4: reads r4, which no line"), "{w:?}");
    }

    #[test]
    fn reads_of_what_was_written_loop_counters_and_an_initialised_r0_are_not() {
        let source = ".cf mask=all\n.init 0=1 1=2\n.if\n  set_const 0, r1\n  set_const 3, r9\n  \
                      add r1, r9, r10\n  add r10, r0, r10\n  mul r10, r9, r12\n  \
                      add r12, r13, r14\n  st [r14, r1], r10\n  \
                      loop: add r11, r9, r11\n  bnz r11, loop\n  ready\n";
        assert_eq!(warnings(source), Vec::<String>::new());
    }
}
