//! The disassembler: any Task Memory image to assembly that reassembles to the same bytes.
//!
//! Frames the friendly directives cannot express (reserved bits, fence 3, an `IF_Num` running
//! past the end, R0 values for cores not selected) come out as `.cf_raw`; instruction words
//! that are illegal or not canonical come out as `.hword`.

use crate::frame::{layout, ControlFrame, Frame, FrameKind, IF_INSNS};
use crate::isa::{decode, is_canonical, Decoded, Instruction};
use std::fmt::Write;

/// Disassembles a program (as read from a TM image).
pub fn disassemble(frames: &[Frame]) -> String {
    let mut out = String::new();
    for (f, (frame, kind)) in frames.iter().zip(layout(frames)).enumerate() {
        match kind {
            FrameKind::Cf => control_frame(&mut out, f, frame, frames.len()),
            FrameKind::If { cf, index } => {
                writeln!(
                    out,
                    ".if                     ; frame {f}: IF {index} of the CF at frame {cf}"
                )
                .unwrap();
                instruction_frame(&mut out, frame);
            }
        }
    }
    out
}

fn control_frame(out: &mut String, f: usize, frame: &Frame, len: usize) {
    let cf = ControlFrame::decode(frame);
    let stray_r0 = (0..16).any(|i| cf.init_r0_vect & (1 << i) == 0 && cf.init_r0[i] != 0);
    let truncated = f + cf.if_num as usize >= len;
    match cf.fence() {
        Some(fence) if !stray_r0 && !truncated && !ControlFrame::reserved_bits_set(frame) => {
            writeln!(
                out,
                ".cf mask={:#06x} fence={}     ; frame {f}: {} IF",
                cf.core_active_vect,
                fence.name(),
                cf.if_num
            )
            .unwrap();
            let inits: Vec<String> = (0..16)
                .filter(|i| cf.init_r0_vect & (1 << i) != 0)
                .map(|i| format!("{i}={:#04x}", cf.init_r0[i]))
                .collect();
            for chunk in inits.chunks(8) {
                writeln!(out, ".init {}", chunk.join(" ")).unwrap();
            }
        }
        _ => {
            let lines: Vec<String> = (0..4)
                .map(|k| format!("{:#018x}", frame.task_line(k)))
                .collect();
            writeln!(
                out,
                ".cf_raw {}  ; frame {f}: IF_Num={} fence={} mask={:#06x}{}",
                lines.join(" "),
                cf.if_num,
                cf.fence_bits,
                cf.core_active_vect,
                if truncated { " (truncated)" } else { "" }
            )
            .unwrap();
        }
    }
}

fn instruction_frame(out: &mut String, frame: &Frame) {
    let words = frame.words();
    let mut targeted = [false; IF_INSNS];
    for &w in &words {
        if let Decoded::Legal(Instruction::Bnz { target, .. }) = decode(w) {
            if is_canonical(w) {
                targeted[target as usize] = true;
            }
        }
    }
    // Trailing zero words are the assembler's padding, unless a branch lands there.
    let Some(last) = (0..IF_INSNS).rev().find(|&i| words[i] != 0 || targeted[i]) else {
        return;
    };
    for (i, &w) in words.iter().enumerate().take(last + 1) {
        let label = if targeted[i] {
            format!("L{i}:")
        } else {
            String::new()
        };
        let text = match decode(w) {
            Decoded::Legal(Instruction::Bnz { src0, target }) if is_canonical(w) => {
                format!("bnz {src0}, L{target}")
            }
            _ => word_text(w),
        };
        writeln!(out, "{label:<5}   {text}").unwrap();
    }
}

/// One instruction word as the disassembler writes it (a `bnz` with its target's IP): an
/// instruction, or a `.hword` with a note saying why it is not one.
pub fn word_text(w: u16) -> String {
    match decode(w) {
        Decoded::Legal(insn) if is_canonical(w) => insn.to_string(),
        Decoded::Legal(insn) => format!(".hword {w:#06x}  ; {insn} (ignored bits set)"),
        Decoded::Illegal { is_store, mode } => format!(
            ".hword {w:#06x}  ; illegal: {} with mode {mode:02b}",
            if is_store { "st" } else { "ld" }
        ),
    }
}
