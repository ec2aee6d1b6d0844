//! Two clocks in one testbench: the GPU's and the pixel clock, stepped in time order, and the
//! GPU's host port as the picture's copy (`gpu16_hdl::video::FrameCopy`) sees it.

use gpu16_hdl::video::FrameCopy;

/// A rising edge of one of the two clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    Gpu,
    Pixel,
}

/// Calls `step` for a GPU edge every `gpu` time units and a pixel edge every `pixel`, in time
/// order (the GPU's first when they meet), for `time` units.
pub fn two_clocks(time: u64, gpu: u64, pixel: u64, mut step: impl FnMut(Edge)) {
    let (mut next_gpu, mut next_pixel) = (0, 0);
    while next_gpu.min(next_pixel) < time {
        if next_gpu <= next_pixel {
            step(Edge::Gpu);
            next_gpu += gpu;
        } else {
            step(Edge::Pixel);
            next_pixel += pixel;
        }
    }
}

/// Drives `copy`'s host-port read data as the GPU would: row `read_row` of every bank of
/// `sm` when a read was made last cycle, zeros when none was.
pub fn answer_reads(copy: &mut FrameCopy, sm: &[u8], read_row: Option<usize>) {
    for (bank, byte) in copy.sm_rdata.iter_mut().enumerate() {
        byte.next = u64::from(read_row.map_or(0, |row| sm[256 * bank + row])).into();
    }
}
