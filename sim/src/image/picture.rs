//! The picture (MACHINE.md §5, "The picture"): shared memory seen as 64 × 64 pixels of one
//! byte each, pixel (x, y) at address 64·y + x, so that line y is in bank y / 4 and a core
//! that paints the four lines of its own bank never waits for another. A pixel is RGB332:
//! red in bits 7–5, green in 4–2, blue in 1–0.

use crate::isa::sm::BYTES;

/// Pixels along a line and lines down the picture.
pub const SIZE: usize = 64;

/// How many times larger than the picture a PNG draws it (each pixel a square of this side).
pub const PNG_SCALE: usize = 4;

/// The shared-memory address of pixel (x, y).
pub const fn address(x: usize, y: usize) -> usize {
    SIZE * y + x
}

/// A pixel's colour as 8-bit red, green and blue: each field's bits repeated until they fill
/// eight (so 0 is black and all ones is full brightness).
pub const fn rgb(pixel: u8) -> [u8; 3] {
    let (r, g, b) = (pixel >> 5, (pixel >> 2) & 7, pixel & 3);
    [r << 5 | r << 2 | r >> 1, g << 5 | g << 2 | g >> 1, b * 0x55]
}

/// A picture that could not be written as a PNG.
#[derive(Debug, thiserror::Error)]
#[error("cannot encode the picture as a PNG: {0}")]
pub struct PngError(#[from] png::EncodingError);

/// The picture `sm` holds as a PNG file's bytes: RGB, 8 bits a channel, each pixel a square
/// of [`PNG_SCALE`].
pub fn png(sm: &[u8; BYTES]) -> Result<Vec<u8>, PngError> {
    let side = SIZE * PNG_SCALE;
    let mut rgb_lines = Vec::with_capacity(side * side * 3);
    for y in 0..side {
        for x in 0..side {
            rgb_lines.extend(rgb(sm[address(x / PNG_SCALE, y / PNG_SCALE)]));
        }
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, side as u32, side as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&rgb_lines)?;
    writer.finish()?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_in_one_bank_and_colours_span_black_to_white() {
        for y in 0..SIZE {
            let banks: Vec<usize> = (0..SIZE).map(|x| address(x, y) / 256).collect();
            assert!(banks.iter().all(|&b| b == y / 4), "line {y}");
        }
        assert_eq!(address(SIZE - 1, SIZE - 1), BYTES - 1);
        assert_eq!(rgb(0), [0, 0, 0]);
        assert_eq!(rgb(0xff), [255, 255, 255]);
        assert_eq!(rgb(0xe0), [255, 0, 0]);
        assert_eq!(rgb(0x1c), [0, 255, 0]);
        assert_eq!(rgb(0x03), [0, 0, 255]);
    }

    #[test]
    fn the_png_decodes_to_the_pictures_colours() {
        let mut sm = [0u8; BYTES];
        for (i, b) in sm.iter_mut().enumerate() {
            *b = (i * 37 % 256) as u8;
        }
        let bytes = png(&sm).unwrap();
        let decoder = png::Decoder::new(bytes.as_slice());
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        let side = SIZE * PNG_SCALE;
        assert_eq!((info.width as usize, info.height as usize), (side, side));
        for (x, y) in [(0, 0), (5, 9), (63, 0), (0, 63), (63, 63), (31, 40)] {
            for (dx, dy) in [(0, 0), (PNG_SCALE - 1, PNG_SCALE - 1)] {
                let at = ((y * PNG_SCALE + dy) * side + x * PNG_SCALE + dx) * 3;
                assert_eq!(buf[at..at + 3], rgb(sm[address(x, y)]), "pixel ({x}, {y})");
            }
        }
    }
}
