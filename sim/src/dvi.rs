//! A DVI receiver written from DVI 1.0 §3.2, independent of the RTL it checks: the TMDS
//! encoder as the standard gives it (the reference for `gpu16_hdl::video::TmdsEncoder`), its
//! decoder, and what a monitor makes of one cycle's three symbols and of a frame of them (the
//! picture `gpu16 run --frame` takes from the hardware's scan-out).

use thiserror::Error;

/// What a monitor cannot make sense of.
#[derive(Debug, Error, PartialEq)]
pub enum DviError {
    #[error("symbols {red:010b} {green:010b} {blue:010b} mix data and control, or put control bits on red or green")]
    Symbols { red: u16, green: u16, blue: u16 },
    #[error("no whole frame seen")]
    NoFrame,
    #[error("a frame of {width} × {height} pixels has no room for the picture, or uneven lines")]
    FrameSize { width: usize, height: usize },
    #[error("pixel ({x}, {y}) of the picture is not one colour")]
    NotOneColour { x: usize, y: usize },
    #[error("pixel ({x}, {y}): {rgb:?} is no RGB332 colour")]
    NotRgb332 { x: usize, y: usize, rgb: [u8; 3] },
}

/// The four control symbols for `{C1, C0}` = 0..3, as DVI lists them (bit 9 first).
pub const CONTROL: [&str; 4] = ["1101010100", "0010101011", "0101010100", "1010101011"];

/// DVI's encoder: the symbol for `data` and the running disparity after it.
pub fn encode(data: u8, cnt: i32) -> (u16, i32) {
    let ones = data.count_ones();
    let xnor = ones > 4 || (ones == 4 && data & 1 == 0);
    let mut q_m = u16::from(data & 1);
    for i in 1..8 {
        let bit = ((q_m >> (i - 1)) & 1) ^ u16::from((data >> i) & 1);
        q_m |= (if xnor { bit ^ 1 } else { bit }) << i;
    }
    if !xnor {
        q_m |= 1 << 8;
    }
    let q_m8 = (q_m >> 8) & 1;
    let n1 = (q_m & 0xff).count_ones() as i32;
    let n0 = 8 - n1;
    let byte = q_m & 0xff;
    if cnt == 0 || n1 == n0 {
        if q_m8 == 1 {
            (0b01 << 8 | byte, cnt + n1 - n0)
        } else {
            (0b10 << 8 | (!byte & 0xff), cnt + n0 - n1)
        }
    } else if (cnt > 0 && n1 > n0) || (cnt < 0 && n0 > n1) {
        (
            1 << 9 | q_m8 << 8 | (!byte & 0xff),
            cnt + 2 * q_m8 as i32 + n0 - n1,
        )
    } else {
        (q_m8 << 8 | byte, cnt - 2 * (1 - q_m8 as i32) + n1 - n0)
    }
}

/// DVI's decoder: a data symbol's byte.
pub fn decode(symbol: u16) -> u8 {
    let d = if symbol & 1 << 9 != 0 {
        !symbol & 0xff
    } else {
        symbol & 0xff
    };
    let xor = symbol & 1 << 8 != 0;
    let mut data = d & 1;
    for i in 1..8 {
        let bit = ((d >> i) ^ (d >> (i - 1))) & 1;
        data |= (if xor { bit } else { bit ^ 1 }) << i;
    }
    data as u8
}

/// Ones minus zeros in a symbol.
pub fn disparity(symbol: u16) -> i32 {
    2 * symbol.count_ones() as i32 - 10
}

/// What a monitor reads from one cycle's three channels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Received {
    /// A pixel's red, green and blue.
    Pixel([u8; 3]),
    /// Blanking, with the blue channel's control bits: HSYNC and VSYNC.
    Blanking { hsync: bool, vsync: bool },
}

/// One cycle's symbols (red, green, blue); an error for a mix of data and control symbols,
/// or control bits on red or green.
pub fn receive(red: u16, green: u16, blue: u16) -> Result<Received, DviError> {
    let control = |s: u16| {
        CONTROL
            .iter()
            .position(|c| u16::from_str_radix(c, 2).unwrap() == s)
    };
    match (control(red), control(green), control(blue)) {
        (None, None, None) => Ok(Received::Pixel([decode(red), decode(green), decode(blue)])),
        (Some(0), Some(0), Some(c)) => Ok(Received::Blanking {
            hsync: c & 1 != 0,
            vsync: c & 2 != 0,
        }),
        _ => Err(DviError::Symbols { red, green, blue }),
    }
}

/// A monitor: takes one cycle's symbols at a time and keeps the last whole frame it saw, as
/// lines of pixels. A frame starts where VSYNC's pulse ends; a line is a run of pixels.
pub struct Monitor {
    /// The frame being received, a line at a time, and the line being received.
    lines: Vec<Vec<[u8; 3]>>,
    line: Vec<[u8; 3]>,
    /// VSYNC last cycle, and its level outside the pulse.
    vsync_was: Option<bool>,
    vsync_idle: bool,
    /// A pulse's end has been seen: the lines since are a frame from its start.
    synced: bool,
    /// The last whole frame.
    pub frame: Option<Vec<Vec<[u8; 3]>>>,
}

impl Monitor {
    /// A monitor for syncs that are `sync_idle_high` outside their pulses (640×480: true).
    pub fn new(sync_idle_high: bool) -> Monitor {
        Monitor {
            lines: Vec::new(),
            line: Vec::new(),
            vsync_was: None,
            vsync_idle: sync_idle_high,
            synced: false,
            frame: None,
        }
    }

    /// One cycle.
    pub fn see(&mut self, received: Received) {
        match received {
            Received::Pixel(rgb) => self.line.push(rgb),
            Received::Blanking { vsync, .. } => {
                if !self.line.is_empty() {
                    self.lines.push(std::mem::take(&mut self.line));
                }
                // The pulse ends: what was seen since the one before is a whole frame.
                let idle = self.vsync_idle;
                if self.vsync_was == Some(!idle) && vsync == idle {
                    let lines = std::mem::take(&mut self.lines);
                    if self.synced {
                        self.frame = Some(lines);
                    }
                    self.synced = true;
                }
                self.vsync_was = Some(vsync);
            }
        }
    }

    /// The picture in the last whole frame, drawn `scale` × `scale` and centred: 64 × 64
    /// bytes of RGB332 (docs/MACHINE.md §5), each square checked to be one colour that
    /// RGB332 gives.
    pub fn picture(&self, scale: usize) -> Result<Vec<u8>, DviError> {
        let frame = self.frame.as_ref().ok_or(DviError::NoFrame)?;
        let (h, w) = (frame.len(), frame.first().map_or(0, Vec::len));
        let side = 64 * scale;
        if h < side || w < side || frame.iter().any(|l| l.len() != w) {
            return Err(DviError::FrameSize {
                width: w,
                height: h,
            });
        }
        let (left, top) = ((w - side) / 2, (h - side) / 2);
        let mut picture = Vec::with_capacity(64 * 64);
        for y in 0..64 {
            for x in 0..64 {
                let rgb = frame[top + y * scale][left + x * scale];
                for dy in 0..scale {
                    for dx in 0..scale {
                        if frame[top + y * scale + dy][left + x * scale + dx] != rgb {
                            return Err(DviError::NotOneColour { x, y });
                        }
                    }
                }
                let byte = (0..=255u8)
                    .find(|&p| crate::image::picture::rgb(p) == rgb)
                    .ok_or(DviError::NotRgb332 { x, y, rgb })?;
                picture.push(byte);
            }
        }
        Ok(picture)
    }
}
