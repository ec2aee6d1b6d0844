//! Where the beam is in the picture: the picture (64 × 64 pixels, docs/MACHINE.md §5) drawn
//! `scale` × `scale` per pixel and centred on a video mode's visible area. Two counters follow
//! the beam through it, the picture's column and line and how far into a pixel's square the
//! beam is, so no pixel address is divided out of `x` and `y`.

use super::VideoMode;
use gpu16_sim::image::picture::SIZE;
use rust_hdl::prelude::*;

/// The frame memory's address of the pixel under the beam, for one mode and scale.
#[derive(LogicBlock)]
pub struct Scaler {
    pub clock: Signal<In, Clock>,
    /// The beam ([`super::VideoTiming`]): its column and line, the last cycle of a line, the
    /// vertical blanking.
    pub x: Signal<In, Bits<10>>,
    pub y: Signal<In, Bits<10>>,
    pub line_end: Signal<In, Bit>,
    pub vblank: Signal<In, Bit>,
    /// The pixel under the beam: its address in the frame memory (64·line + column), and
    /// whether the beam is on the picture at all.
    pub address: Signal<Out, Bits<12>>,
    pub on_picture: Signal<Out, Bit>,
    /// The picture's first and one-past-last column and line on the screen, and the last
    /// step inside a pixel's square (`scale` − 1).
    left: Constant<Bits<10>>,
    right: Constant<Bits<10>>,
    top: Constant<Bits<10>>,
    bottom: Constant<Bits<10>>,
    step_last: Constant<Bits<4>>,
    /// The picture's column and line under the beam, and the steps taken into its square.
    column: DFF<Bits<6>>,
    column_step: DFF<Bits<4>>,
    line: DFF<Bits<6>>,
    line_step: DFF<Bits<4>>,
    /// The beam is on the picture's columns, on its lines.
    in_columns: Signal<Local, Bit>,
    in_lines: Signal<Local, Bit>,
}

impl Scaler {
    /// The scaler for `mode`, each pixel `scale` × `scale` (1 to 16; the picture must fit).
    pub fn new(mode: VideoMode, scale: u16) -> Scaler {
        let side = SIZE as u16 * scale;
        assert!((1..=16).contains(&scale), "scale {scale}");
        assert!(
            side <= mode.h_visible && side <= mode.v_visible,
            "the picture fits"
        );
        let left = (mode.h_visible - side) / 2;
        let top = (mode.v_visible - side) / 2;
        let c10 = |v: u16| Constant::new(u64::from(v).into());
        Scaler {
            clock: Default::default(),
            x: Default::default(),
            y: Default::default(),
            line_end: Default::default(),
            vblank: Default::default(),
            address: Default::default(),
            on_picture: Default::default(),
            left: c10(left),
            right: c10(left + side),
            top: c10(top),
            bottom: c10(top + side),
            step_last: Constant::new(u64::from(scale - 1).into()),
            column: Default::default(),
            column_step: Default::default(),
            line: Default::default(),
            line_step: Default::default(),
            in_columns: Default::default(),
            in_lines: Default::default(),
        }
    }
}

impl Logic for Scaler {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, column, column_step, line, line_step);
        self.in_columns.next =
            (self.x.val() >= self.left.val()) && (self.x.val() < self.right.val());
        self.in_lines.next = (self.y.val() >= self.top.val()) && (self.y.val() < self.bottom.val());
        if self.in_columns.val() {
            if self.column_step.q.val() == self.step_last.val() {
                self.column_step.d.next = 0.into();
                self.column.d.next = self.column.q.val() + 1;
            } else {
                self.column_step.d.next = self.column_step.q.val() + 1;
            }
        }
        if self.line_end.val() {
            self.column.d.next = 0.into();
            self.column_step.d.next = 0.into();
            if self.in_lines.val() {
                if self.line_step.q.val() == self.step_last.val() {
                    self.line_step.d.next = 0.into();
                    self.line.d.next = self.line.q.val() + 1;
                } else {
                    self.line_step.d.next = self.line_step.q.val() + 1;
                }
            }
            if self.vblank.val() {
                self.line.d.next = 0.into();
                self.line_step.d.next = 0.into();
            }
        }
        self.address.next =
            (bit_cast::<12, 6>(self.line.q.val()) << 6) | bit_cast::<12, 6>(self.column.q.val());
        self.on_picture.next = self.in_columns.val() && self.in_lines.val();
    }
}
