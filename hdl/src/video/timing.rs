//! The video timing generator: where the beam is, and the display enable and sync levels
//! there, for one video mode.
//!
//! ```text
//!   x: 0 … visible−1 │ front porch │ sync pulse │ back porch │ (total−1, then 0 and y + 1)
//!   de:  high        │ low ─────────────────────────────────────
//!   hsync: idle      │ idle        │ active     │ idle
//! ```
//!
//! `x` counts pixels along a line and `y` lines down the frame, both from registers, with the
//! visible area first; `de`, `hsync` and `vsync` are one compare each from them. The sync
//! levels carry the mode's polarity (640×480 at 60 Hz: both low during the pulse), as DVI
//! sends them in the blue channel's control bits.

use rust_hdl::prelude::*;

/// A video mode's timing: pixels per line and lines per frame, each as visible, front porch,
/// sync pulse and back porch; the sync pulses' polarity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VideoMode {
    pub h_visible: u16,
    pub h_front: u16,
    pub h_sync: u16,
    pub h_back: u16,
    pub v_visible: u16,
    pub v_front: u16,
    pub v_sync: u16,
    pub v_back: u16,
    /// The sync levels are high during the pulse (false: low during it).
    pub sync_high: bool,
}

impl VideoMode {
    /// 640×480 at 60 Hz (a 25.175 MHz pixel clock; monitors take 25 MHz): the DMT/VESA
    /// timing, both syncs negative.
    pub const VGA: VideoMode = VideoMode {
        h_visible: 640,
        h_front: 16,
        h_sync: 96,
        h_back: 48,
        v_visible: 480,
        v_front: 10,
        v_sync: 2,
        v_back: 33,
        sync_high: false,
    };

    /// Pixels per line, blanking included.
    pub const fn h_total(&self) -> u16 {
        self.h_visible + self.h_front + self.h_sync + self.h_back
    }

    /// Lines per frame, blanking included.
    pub const fn v_total(&self) -> u16 {
        self.v_visible + self.v_front + self.v_sync + self.v_back
    }
}

/// The beam's position and what the display sees there.
#[derive(LogicBlock)]
pub struct VideoTiming {
    pub clock: Signal<In, Clock>,
    /// The pixel (`x` along the line, `y` down the frame) of this cycle.
    pub x: Signal<Out, Bits<10>>,
    pub y: Signal<Out, Bits<10>>,
    /// The pixel is in the visible area.
    pub de: Signal<Out, Bit>,
    /// The sync levels to send (the mode's polarity applied).
    pub hsync: Signal<Out, Bit>,
    pub vsync: Signal<Out, Bit>,
    /// The pixel is the last of its line (the next is at x = 0); the line is below the
    /// visible area (the vertical blanking).
    pub line_end: Signal<Out, Bit>,
    pub vblank: Signal<Out, Bit>,

    x_q: DFF<Bits<10>>,
    y_q: DFF<Bits<10>>,
    /// The mode: the last pixel and line, the visible area, the sync pulses (first and one
    /// past the last), the level during a pulse.
    h_last: Constant<Bits<10>>,
    v_last: Constant<Bits<10>>,
    h_visible: Constant<Bits<10>>,
    v_visible: Constant<Bits<10>>,
    h_sync_start: Constant<Bits<10>>,
    h_sync_end: Constant<Bits<10>>,
    v_sync_start: Constant<Bits<10>>,
    v_sync_end: Constant<Bits<10>>,
    sync_active: Constant<Bit>,
}

impl VideoTiming {
    /// The generator for `mode` (at most 1,024 pixels and lines in all).
    pub fn new(mode: VideoMode) -> VideoTiming {
        assert!(mode.h_total() <= 1024 && mode.v_total() <= 1024);
        let c = |v: u16| Constant::new(u64::from(v).into());
        VideoTiming {
            clock: Default::default(),
            x: Default::default(),
            y: Default::default(),
            de: Default::default(),
            hsync: Default::default(),
            vsync: Default::default(),
            line_end: Default::default(),
            vblank: Default::default(),
            x_q: Default::default(),
            y_q: Default::default(),
            h_last: c(mode.h_total() - 1),
            v_last: c(mode.v_total() - 1),
            h_visible: c(mode.h_visible),
            v_visible: c(mode.v_visible),
            h_sync_start: c(mode.h_visible + mode.h_front),
            h_sync_end: c(mode.h_visible + mode.h_front + mode.h_sync),
            v_sync_start: c(mode.v_visible + mode.v_front),
            v_sync_end: c(mode.v_visible + mode.v_front + mode.v_sync),
            sync_active: Constant::new(mode.sync_high),
        }
    }
}

impl Logic for VideoTiming {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, x_q, y_q);
        if self.x_q.q.val() == self.h_last.val() {
            self.x_q.d.next = 0.into();
            if self.y_q.q.val() == self.v_last.val() {
                self.y_q.d.next = 0.into();
            } else {
                self.y_q.d.next = self.y_q.q.val() + 1;
            }
        } else {
            self.x_q.d.next = self.x_q.q.val() + 1;
        }
        self.line_end.next = self.x_q.q.val() == self.h_last.val();
        self.vblank.next = self.y_q.q.val() >= self.v_visible.val();
        self.x.next = self.x_q.q.val();
        self.y.next = self.y_q.q.val();
        self.de.next =
            (self.x_q.q.val() < self.h_visible.val()) && (self.y_q.q.val() < self.v_visible.val());
        if (self.x_q.q.val() >= self.h_sync_start.val())
            && (self.x_q.q.val() < self.h_sync_end.val())
        {
            self.hsync.next = self.sync_active.val();
        } else {
            self.hsync.next = !self.sync_active.val();
        }
        if (self.y_q.q.val() >= self.v_sync_start.val())
            && (self.y_q.q.val() < self.v_sync_end.val())
        {
            self.vsync.next = self.sync_active.val();
        } else {
            self.vsync.next = !self.sync_active.val();
        }
    }
}
