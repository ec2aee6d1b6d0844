//! The viewer page: one HTML file with its script, styles and data inside, that steps through
//! a [`Recording`] (no server, no network, nothing beside it).
//!
//! The data is a JSON object in the page:
//! - `layout`: the names of the numbers that describe a cycle (the scheduler's, then each
//!   core's, then each bank's, [`numbers`]), so the script finds each by name;
//! - `cycles`: per cycle `[changes, register writes, memory writes]`, where `changes` lists
//!   `index, value` pairs of the numbers that differ from the cycle before (all zero before
//!   the first);
//! - `regs`, `sm`: registers and memory when the first cycle began; `program`: every frame as
//!   the disassembler prints it; `listing`, for a program given as assembly: its lines and
//!   where each frame and instruction is among them; `overview`: the timeline picture, with
//!   its cycle scale.

use super::{CoreState, CycleView, Recording};
use crate::asm::{word_text, FrameSource};
use crate::frame::{layout, ControlFrame, Frame, FrameKind};
use crate::markup::escape;
use crate::run::ErrorCode;
use serde_json::{json, Value};

/// The page's template: styles and script, with the data's place marked.
const TEMPLATE: &str = include_str!("page.html");
const DATA_MARK: &str = "/*GPU16_DATA*/";

/// "No value" in a number of the layout (no IP, no grant, no lock).
pub const NONE: u32 = 255;

/// An assembly program as the learner wrote it: its text and where each frame is in it.
pub struct Listing<'a> {
    pub text: &'a str,
    pub frames: &'a [FrameSource],
}

/// What the page says about the run beside its cycles.
pub struct Labels<'a> {
    /// The page's title (the program and the engine).
    pub title: &'a str,
    /// Where the cycles come from, e.g. "rtl engine (rust-hdl)".
    pub source: &'a str,
    /// The run's status line.
    pub status: &'a str,
}

/// The names of a cycle's numbers for `cores` cores, in [`numbers`]' order.
pub fn number_names(cores: usize) -> Vec<String> {
    let mut names: Vec<String> = ["tp", "busy", "acq", "holds", "handled", "error"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for c in 0..cores {
        for f in ["state", "bank", "holder", "frame", "ip", "fault"] {
            names.push(format!("core{c}.{f}"));
        }
    }
    for b in 0..16 {
        for f in ["requests", "grant", "pointer", "lock_holder", "lock_row"] {
            names.push(format!("bank{b}.{f}"));
        }
    }
    names
}

/// A cycle as numbers (see [`number_names`]). A core's state: 0 idle, 1 running, 2 waits for
/// its bank, 3 waits for a lock, 4 READY, 5 fault (its `fault`: the error's hardware code).
pub fn numbers(c: &CycleView) -> Vec<u32> {
    let s = &c.sched;
    let mut v = vec![
        u32::from(s.tp),
        u32::from(s.busy),
        u32::from(s.acq),
        u32::from(s.holds),
        u32::from(s.handled),
        u32::from(s.error),
    ];
    for core in &c.cores {
        let (state, bank, holder, fault) = match core.state {
            CoreState::Idle => (0, NONE, NONE, 0),
            CoreState::Running => (1, NONE, NONE, 0),
            CoreState::WaitBank { bank } => (2, u32::from(bank), NONE, 0),
            CoreState::WaitLock { bank, holder } => (3, u32::from(bank), u32::from(holder), 0),
            CoreState::Ready => (4, NONE, NONE, 0),
            CoreState::Fault { code } => (5, NONE, NONE, u32::from(code.hardware_code())),
        };
        let ip = core.ip.map_or(NONE, u32::from);
        v.extend([state, bank, holder, u32::from(core.frame), ip, fault]);
    }
    for b in &c.banks {
        let (holder, row) = b
            .lock
            .map_or((NONE, 0), |(h, r)| (u32::from(h), u32::from(r)));
        v.extend([
            u32::from(b.requests),
            b.grant.map_or(NONE, u32::from),
            u32::from(b.pointer),
            holder,
            row,
        ]);
    }
    v
}

/// Every frame of the program as the page lists it without its source: a CF's directive, an
/// IF's 16 instructions, with `disasm`'s note for a word that is no instruction.
fn program(frames: &[Frame]) -> Value {
    let kinds = layout(frames);
    let list: Vec<Value> = frames
        .iter()
        .zip(kinds)
        .enumerate()
        .map(|(f, (frame, kind))| match kind {
            FrameKind::Cf => {
                let cf = ControlFrame::decode(frame);
                let fence = cf
                    .fence()
                    .map_or_else(|| format!("{}", cf.fence_bits), |x| x.name().to_string());
                let init: Vec<String> = (0..16)
                    .filter(|i| cf.init_r0_vect & (1 << i) != 0)
                    .map(|i| format!("{i}={:#04x}", cf.init_r0[i]))
                    .collect();
                let mut text = format!(
                    ".cf mask={:#06x} fence={fence} ; {} IF",
                    cf.core_active_vect, cf.if_num
                );
                if !init.is_empty() {
                    text += &format!(" ; .init {}", init.join(" "));
                }
                json!({"frame": f, "kind": "cf", "text": text, "fence": fence,
                       "mask": cf.core_active_vect})
            }
            FrameKind::If { cf, index } => {
                let lines: Vec<String> = frame.words().iter().map(|&w| word_text(w)).collect();
                json!({"frame": f, "kind": "if", "cf": cf, "index": index, "lines": lines})
            }
        })
        .collect();
    Value::Array(list)
}

/// The source's lines, and for each frame the line of its directive and of each instruction
/// (counted from 1).
fn source(listing: &Listing) -> Value {
    json!({
        "lines": listing.text.lines().collect::<Vec<_>>(),
        "frames": listing.frames.iter().map(|f| json!({"line": f.line, "insns": f.insns}))
            .collect::<Vec<_>>(),
    })
}

/// The page for `recording`, a run of `frames` on `cores` cores, written as `listing` when it
/// was assembly. `overview` is the timeline picture (SVG) and its scale: cycle c is drawn at
/// x = left + c × scale.
pub fn write(
    recording: &Recording,
    frames: &[Frame],
    listing: Option<&Listing>,
    cores: usize,
    overview: Option<(&str, f64, f64)>,
    labels: &Labels,
) -> String {
    let mut previous = vec![0u32; number_names(cores).len()];
    let cycles: Vec<Value> = recording
        .cycles
        .iter()
        .map(|c| {
            let now = numbers(c);
            let changes: Vec<u32> = now
                .iter()
                .zip(&previous)
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .flat_map(|(i, (&a, _))| [i as u32, a])
                .collect();
            previous = now;
            let regs: Vec<u8> = c
                .reg_writes
                .iter()
                .flat_map(|&(c, r, v)| [c, r, v])
                .collect();
            let sm: Vec<u32> = c
                .sm_writes
                .iter()
                .flat_map(|&(a, v)| [u32::from(a), u32::from(v)])
                .collect();
            json!([changes, regs, sm])
        })
        .collect();
    let sm_hex: String = recording.sm.iter().map(|b| format!("{b:02x}")).collect();
    let data = json!({
        "title": labels.title,
        "source": labels.source,
        "status": labels.status,
        "cores": cores,
        "first": recording.first,
        "layout": number_names(cores),
        "none": NONE,
        "errors": ErrorCode::ALL.iter().map(|e| (e.hardware_code().to_string(), json!(e.name())))
            .collect::<serde_json::Map<_, _>>(),
        "cycles": cycles,
        "regs": recording.regs,
        "sm": sm_hex,
        "program": program(frames),
        "listing": listing.map(source),
        // Inline in HTML, the picture needs no namespace declaration (and the page then
        // names no address at all).
        "overview": overview.map(|(svg, left, scale)| json!({
            "svg": svg.replacen(r#" xmlns="http://www.w3.org/2000/svg""#, "", 1),
            "left": left,
            "scale": scale,
        })),
    });
    // Inside <script>, "</" would end the element.
    let data = data.to_string().replace("</", "<\\/");
    TEMPLATE
        .replacen(DATA_MARK, &data, 1)
        .replacen("GPU16_TITLE", &escape(labels.title), 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::image::sm;
    use crate::view::{BankView, CoreView, SchedView};

    fn cycle(state: CoreState) -> CycleView {
        CycleView {
            sched: SchedView::default(),
            cores: vec![CoreView {
                state,
                frame: 1,
                ip: Some(3),
            }],
            banks: [BankView::default(); 16],
            reg_writes: vec![(0, 2, 7)],
            sm_writes: vec![],
        }
    }

    #[test]
    fn numbers_follow_their_names() {
        let c = cycle(CoreState::WaitLock { bank: 4, holder: 9 });
        let names = number_names(1);
        let v = numbers(&c);
        assert_eq!(names.len(), v.len());
        let at = |n: &str| v[names.iter().position(|x| x == n).unwrap()];
        assert_eq!(
            (at("core0.state"), at("core0.bank"), at("core0.holder")),
            (3, 4, 9)
        );
        assert_eq!((at("core0.frame"), at("core0.ip")), (1, 3));
        assert_eq!(at("bank3.grant"), NONE);
    }

    #[test]
    fn the_page_holds_its_data_and_no_external_reference() {
        let mut rec = Recording::new(0, vec![[0; 16]], sm::zeroed());
        rec.cycles.push(cycle(CoreState::Running));
        rec.cycles.push(cycle(CoreState::Ready));
        let labels = Labels {
            title: "t </script> & co",
            source: "test",
            status: "status: ok cycles: 2",
        };
        let page = write(&rec, &[], None, 1, None, &labels);
        assert!(!page.contains(DATA_MARK));
        assert!(page.contains("t &lt;/script&gt; &amp; co"));
        // Only the second cycle's changed state number (core 0's state, 1 → 4) is listed.
        let state = number_names(1)
            .iter()
            .position(|n| n == "core0.state")
            .unwrap();
        assert!(page.contains(&format!("[[{state},4],[0,2,7],[]]")));
        assert!(!page.contains("http://") && !page.contains("https://"));
    }
}
