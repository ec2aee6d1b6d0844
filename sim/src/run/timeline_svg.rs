//! A run's timeline as a picture (SVG): cores × cycles, the way the machine's fences are
//! drawn in docs/MACHINE.md.
//!
//! - One row per core that runs a task; each task is a bar from its issue to that core's
//!   READY, coloured by its frame and labelled with the frame's number (`f3`: frame 3).
//! - A `frames` row on top: every CF as a dashed line across the cores with its fence, and
//!   the cycles the next frame waited to be handled as a band saying what it waited for —
//!   an `acq` task to complete, every task in flight (`rel`), or busy cores.
//! - Memory waits lengthen a bar; `--stats` counts them per core.

use super::{Event, EventKind};
use crate::frame::{layout, ControlFrame, Fence, Frame, FrameKind};
use crate::markup::escape;
use std::fmt::Write;

/// A timeline that does not belong to the program it is drawn with.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PictureError {
    #[error("timeline entry {entry} is frame {frame}, but the program has {frames} frames")]
    NotInProgram {
        entry: usize,
        frame: u8,
        frames: usize,
    },
    #[error("timeline entry {entry} calls frame {frame} a{} but the program's frame {frame} is a{}",
        kind_name(*timeline), kind_name(*program))]
    WrongKind {
        entry: usize,
        frame: u8,
        timeline: EventKind,
        program: EventKind,
    },
    #[error("timeline entry {entry} has {got} READY cycles for a mask of {cores} cores")]
    WrongReady {
        entry: usize,
        got: usize,
        cores: u32,
    },
}

fn kind_name(kind: EventKind) -> &'static str {
    match kind {
        EventKind::Cf => " CF",
        EventKind::If => "n IF",
    }
}

/// What the frame after a band waited for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wait {
    /// The `acq` task of this frame to complete.
    Acq(u8),
    /// Every task in flight (an IF under `rel`).
    Rel,
    /// The cores of its mask (an IF) or of its R0 initialisation (a CF).
    Busy,
}

/// Frame colours, by frame number.
const PALETTE: [&str; 8] = [
    "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f",
];
const LEFT: f64 = 64.0;
const TOP: f64 = 34.0;
const ROW: f64 = 22.0;
const PLOT_WIDTH: f64 = 960.0;
/// The legend's two lines at its font size: the picture is at least this wide after `LEFT`.
const LEGEND_WIDTH: f64 = 790.0;

/// The cycle after the timeline's last event.
fn end_of(timeline: &[Event]) -> u64 {
    timeline
        .iter()
        .map(|e| e.complete.max(e.issue) + 1)
        .max()
        .unwrap_or(1)
}

/// Where [`draw`] puts the cycles of `timeline`: cycle c starts at x = left + c × scale.
pub fn cycle_axis(timeline: &[Event]) -> (f64, f64) {
    (LEFT, (PLOT_WIDTH / end_of(timeline) as f64).min(24.0))
}

/// Draws `timeline`, a run of `program`, under the title `title`.
pub fn draw(program: &[Frame], timeline: &[Event], title: &str) -> Result<String, PictureError> {
    let fences = fences(program, timeline)?;
    let end = end_of(timeline);
    let (_, scale) = cycle_axis(timeline);
    let x = |cycle: u64| LEFT + cycle as f64 * scale;
    let used: u16 = timeline
        .iter()
        .filter(|e| e.kind == EventKind::If)
        .fold(0, |m, e| m | e.mask);
    let cores: Vec<usize> = (0..16).filter(|c| used & (1 << c) != 0).collect();
    let row_of =
        |core: usize| TOP + ROW * (1 + cores.iter().position(|&c| c == core).unwrap()) as f64;
    let plot_bottom = TOP + ROW * (1 + cores.len()) as f64;
    let width = (x(end) + 24.0).max(LEFT + LEGEND_WIDTH);
    let height = plot_bottom + 78.0;

    let mut svg = String::new();
    let w = &mut svg;
    writeln!(w, r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="11">"##).unwrap();
    writeln!(w, r##"<rect width="100%" height="100%" fill="white"/>"##).unwrap();
    writeln!(
        w,
        r#"<text x="{LEFT}" y="18" font-size="13" font-weight="bold">{}</text>"#,
        escape(title)
    )
    .unwrap();

    // Rows and their names.
    let names = std::iter::once(("frames".to_string(), TOP))
        .chain(cores.iter().map(|&c| (format!("core {c}"), row_of(c))));
    for (i, (name, y)) in names.enumerate() {
        let shade = if i % 2 == 0 { "#f4f4f4" } else { "#ffffff" };
        writeln!(
            w,
            r#"<rect x="{LEFT}" y="{y}" width="{:.1}" height="{ROW}" fill="{shade}"/>"#,
            x(end) - LEFT
        )
        .unwrap();
        writeln!(
            w,
            r#"<text x="{:.0}" y="{:.1}" text-anchor="end">{name}</text>"#,
            LEFT - 6.0,
            y + 15.0
        )
        .unwrap();
    }

    // Waits of the frame at TP, on the frames row.
    for (k, wait) in waits(timeline, &fences) {
        let (from, to) = (timeline[k - 1].issue + 1, timeline[k].issue);
        let (fill, label) = match wait {
            Wait::Acq(f) => ("#e8a0a0", format!("acq f{f}")),
            Wait::Rel => ("#c6a8d8", "rel".to_string()),
            Wait::Busy => ("#c8c8c8", "busy cores".to_string()),
        };
        let bw = (to - from) as f64 * scale;
        writeln!(w, r##"<rect x="{:.1}" y="{:.1}" width="{bw:.1}" height="{:.1}" fill="{fill}"><title>frame {} waits {from}..{to}: {label}</title></rect>"##, x(from), TOP + 3.0, ROW - 6.0, timeline[k].frame).unwrap();
        if bw >= 7.0 * label.len() as f64 {
            writeln!(
                w,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="10">{label}</text>"#,
                x(from) + bw / 2.0,
                TOP + 15.0
            )
            .unwrap();
        }
    }

    // CFs: a dashed line and a label.
    let mut label_end = 0.0;
    for (e, fence) in timeline.iter().zip(&fences) {
        if e.kind != EventKind::Cf {
            continue;
        }
        let cx = x(e.issue) + scale / 2.0;
        writeln!(w, r##"<line x1="{cx:.1}" y1="{TOP}" x2="{cx:.1}" y2="{plot_bottom}" stroke="#333" stroke-dasharray="3,3"><title>CF f{} mask 0x{:04x} fence {} at cycle {}</title></line>"##, e.frame, e.mask, fence.name(), e.issue).unwrap();
        if cx >= label_end {
            let label = format!("CF f{} {}", e.frame, fence.name());
            writeln!(
                w,
                r##"<text x="{:.1}" y="{:.1}" font-size="10" fill="#333">{label}</text>"##,
                cx + 2.0,
                TOP + 15.0
            )
            .unwrap();
            label_end = cx + 6.0 * label.len() as f64 + 4.0;
        }
    }

    // Tasks: one bar per core, issue to that core's READY.
    for e in timeline.iter().filter(|e| e.kind == EventKind::If) {
        let colour = PALETTE[e.frame as usize % PALETTE.len()];
        for &core in cores.iter().filter(|&&c| e.mask & (1 << c) != 0) {
            let ready = e.ready_of(core).unwrap_or(e.complete);
            let bw = ((ready + 1).saturating_sub(e.issue) as f64 * scale).max(1.0);
            let y = row_of(core);
            writeln!(w, r##"<rect x="{:.1}" y="{:.1}" width="{bw:.1}" height="{:.1}" fill="{colour}" stroke="white" stroke-width="0.5"><title>f{} on core {core}: cycles {}..{ready}</title></rect>"##, x(e.issue), y + 2.0, ROW - 4.0, e.frame, e.issue).unwrap();
            if bw >= 30.0 {
                writeln!(
                    w,
                    r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" fill="white">f{}</text>"#,
                    x(e.issue) + bw / 2.0,
                    y + 15.0,
                    e.frame
                )
                .unwrap();
            }
        }
    }

    // The cycle axis.
    let step = tick_step(end);
    for t in (0..=end).step_by(step as usize) {
        writeln!(
            w,
            r##"<line x1="{0:.1}" y1="{plot_bottom}" x2="{0:.1}" y2="{1:.1}" stroke="#666"/>"##,
            x(t),
            plot_bottom + 4.0
        )
        .unwrap();
        writeln!(
            w,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="10">{t}</text>"#,
            x(t),
            plot_bottom + 16.0
        )
        .unwrap();
    }
    writeln!(
        w,
        r#"<text x="{LEFT}" y="{:.1}" font-size="10">cycle (from launch)</text>"#,
        plot_bottom + 30.0
    )
    .unwrap();
    writeln!(w, r##"<text x="{LEFT}" y="{:.1}" font-size="10" fill="#444">Bars: a task on a core, from issue to the core's READY (memory waits lengthen them; --stats counts them). Dashed: a CF handled. fN: frame N.</text>"##, plot_bottom + 48.0).unwrap();
    writeln!(w, r##"<text x="{LEFT}" y="{:.1}" font-size="10" fill="#444">Bands on the frames row: the next frame waiting for an acq task (red), for every task in flight under rel (purple), for busy cores (grey).</text>"##, plot_bottom + 64.0).unwrap();
    writeln!(w, "</svg>").unwrap();
    Ok(svg)
}

/// The fence each timeline entry was handled under (a CF's own, an IF's CF's), after
/// checking that the timeline's frames are the program's.
fn fences(program: &[Frame], timeline: &[Event]) -> Result<Vec<Fence>, PictureError> {
    let kinds = layout(program);
    let fence_of = |f: usize| {
        ControlFrame::decode(&program[f])
            .fence()
            .unwrap_or(Fence::No)
    };
    timeline
        .iter()
        .enumerate()
        .map(|(entry, e)| {
            let at = e.frame as usize;
            let kind = *kinds.get(at).ok_or(PictureError::NotInProgram {
                entry,
                frame: e.frame,
                frames: program.len(),
            })?;
            let (program_kind, fence) = match kind {
                FrameKind::Cf => (EventKind::Cf, fence_of(at)),
                FrameKind::If { cf, .. } => (EventKind::If, fence_of(cf)),
            };
            if program_kind != e.kind {
                return Err(PictureError::WrongKind {
                    entry,
                    frame: e.frame,
                    timeline: e.kind,
                    program: program_kind,
                });
            }
            let cores = if e.kind == EventKind::If {
                e.mask.count_ones()
            } else {
                0
            };
            if !e.ready.is_empty() && e.ready.len() != cores as usize {
                return Err(PictureError::WrongReady {
                    entry,
                    got: e.ready.len(),
                    cores,
                });
            }
            Ok(fence)
        })
        .collect()
}

/// The entries that waited to be handled (more than two cycles after the one before: the
/// scheduler's own pace), with what they waited for in their last cycle of waiting.
fn waits(timeline: &[Event], fences: &[Fence]) -> Vec<(usize, Wait)> {
    (1..timeline.len())
        .filter(|&k| timeline[k].issue > timeline[k - 1].issue + 2)
        .map(|k| {
            let waiting = timeline[k].issue.saturating_sub(2);
            let acq = (0..k).rev().find(|&j| {
                let e = &timeline[j];
                e.kind == EventKind::If
                    && fences[j] == Fence::Acq
                    && e.mask != 0
                    && e.complete >= waiting
            });
            let wait = match acq {
                Some(j) => Wait::Acq(timeline[j].frame),
                None if timeline[k].kind == EventKind::If && fences[k] == Fence::Rel => Wait::Rel,
                None => Wait::Busy,
            };
            (k, wait)
        })
        .collect()
}

/// A tick spacing of 1, 2 or 5 × 10ⁿ cycles that gives at most about 12 ticks.
fn tick_step(end: u64) -> u64 {
    let mut unit = 1;
    loop {
        for m in [1, 2, 5] {
            if end / (m * unit) <= 12 {
                return m * unit;
            }
        }
        unit *= 10;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frame::ControlFrame;

    fn cf(if_num: u8, mask: u16, fence: Fence) -> Frame {
        ControlFrame {
            if_num,
            fence_bits: fence as u8,
            core_active_vect: mask,
            ..ControlFrame::default()
        }
        .encode()
    }

    fn task(frame: u8, mask: u16, issue: u64, ready: &[(usize, u64)]) -> Event {
        let mut e = Event::handled(frame, EventKind::If, mask, issue);
        for &(core, at) in ready {
            e.set_ready(core, at);
            e.complete = e.complete.max(at);
        }
        e
    }

    #[test]
    fn each_core_bar_ends_at_its_own_ready_and_waits_are_named() {
        // CF0 (acq, cores 0-1), IF1; CF2 (no, cores 1-2), IF3 waits for IF1 (acq).
        let program = [
            cf(1, 0b011, Fence::Acq),
            Frame::default(),
            cf(1, 0b110, Fence::No),
            Frame::default(),
        ];
        let timeline = [
            Event::handled(0, EventKind::Cf, 0b011, 0),
            task(1, 0b011, 1, &[(0, 5), (1, 20)]),
            Event::handled(2, EventKind::Cf, 0b110, 21),
            task(3, 0b110, 22, &[(1, 30), (2, 30)]),
        ];
        let svg = draw(&program, &timeline, "a <test>").unwrap();
        assert!(svg.contains("f1 on core 0: cycles 1..5"), "{svg}");
        assert!(svg.contains("f1 on core 1: cycles 1..20"), "{svg}");
        assert!(svg.contains("frame 2 waits 2..21: acq f1"), "{svg}");
        assert!(
            svg.contains("CF f0 acq") && svg.contains("CF f2 no"),
            "{svg}"
        );
        assert!(svg.contains("a &lt;test&gt;"));
        assert!(
            !svg.contains("core 3<"),
            "only the cores that run tasks get a row"
        );
        assert_eq!(
            waits(&timeline, &[Fence::Acq, Fence::Acq, Fence::No, Fence::No]),
            [(2, Wait::Acq(1))]
        );
    }

    #[test]
    fn a_rel_task_waits_for_every_task_and_a_no_task_for_its_cores() {
        let rel = [Fence::No, Fence::No, Fence::Rel, Fence::Rel];
        let timeline = [
            Event::handled(0, EventKind::Cf, 1, 0),
            task(1, 1, 1, &[(0, 9)]),
            Event::handled(2, EventKind::Cf, 2, 2),
            task(3, 2, 10, &[(1, 12)]),
        ];
        assert_eq!(waits(&timeline, &rel), [(3, Wait::Rel)]);
        let no = [Fence::No; 4];
        assert_eq!(waits(&timeline, &no), [(3, Wait::Busy)]);
    }

    #[test]
    fn a_timeline_of_another_program_is_refused() {
        let program = [cf(1, 1, Fence::No), Frame::default()];
        let cf_as_if = [task(0, 1, 0, &[(0, 2)])];
        assert_eq!(
            draw(&program, &cf_as_if, "t"),
            Err(PictureError::WrongKind {
                entry: 0,
                frame: 0,
                timeline: EventKind::If,
                program: EventKind::Cf
            })
        );
        let past_end = [Event::handled(5, EventKind::Cf, 0, 0)];
        assert!(matches!(
            draw(&program, &past_end, "t"),
            Err(PictureError::NotInProgram { frame: 5, .. })
        ));
        let mut short = task(1, 0b11, 1, &[]);
        short.ready.pop();
        let timeline = [Event::handled(0, EventKind::Cf, 3, 0), short];
        assert!(matches!(
            draw(&[cf(1, 3, Fence::No), Frame::default()], &timeline, "t"),
            Err(PictureError::WrongReady {
                got: 1,
                cores: 2,
                ..
            })
        ));
    }

    #[test]
    fn an_empty_timeline_is_an_empty_picture_and_ticks_stay_few() {
        let svg = draw(&[cf(0, 0, Fence::No)], &[], "empty").unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert_eq!(
            [tick_step(10), tick_step(93), tick_step(1_000_000)],
            [1, 10, 100_000]
        );
    }
}
