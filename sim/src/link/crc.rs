//! The link's checks. A frame's **header check** is CRC-8 (polynomial 0x07, initial value
//! 0xFF, bits most significant first, no final XOR) over its code and length: it says where
//! the frame ends, so it is checked on its own, before any payload byte is taken. The **frame
//! check** is CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, likewise) over
//! every byte after the sync byte; a frame carries it big-endian after its bytes, so the CRC
//! of the bytes *and* their CRC is 0: that is how the hardware checks a frame.

/// The frame check's generator polynomial (x¹⁶ + x¹² + x⁵ + 1, the x¹⁶ term implied).
pub const POLYNOMIAL: u16 = 0x1021;

/// The register's value before the first byte.
pub const INITIAL: u16 = 0xffff;

/// The CRC register after one more byte.
pub fn step(crc: u16, byte: u8) -> u16 {
    let mut c = crc ^ (u16::from(byte) << 8);
    for _ in 0..8 {
        c = if c & 0x8000 != 0 {
            (c << 1) ^ POLYNOMIAL
        } else {
            c << 1
        };
    }
    c
}

/// The CRC of `bytes`.
pub fn crc16(bytes: &[u8]) -> u16 {
    bytes.iter().fold(INITIAL, |c, &b| step(c, b))
}

/// The header check's generator polynomial (x⁸ + x² + x + 1, the x⁸ term implied): every
/// error of up to 8 bits in a row among the header's bytes changes it, so one damaged byte
/// (a length byte with any bits flipped) is always caught.
pub const HEADER_POLYNOMIAL: u8 = 0x07;

/// The header check's register before the code byte.
pub const HEADER_INITIAL: u8 = 0xff;

/// The header check register after one more byte.
pub fn header_step(crc: u8, byte: u8) -> u8 {
    let mut c = crc ^ byte;
    for _ in 0..8 {
        c = if c & 0x80 != 0 {
            (c << 1) ^ HEADER_POLYNOMIAL
        } else {
            c << 1
        };
    }
    c
}

/// The header check of a frame with `code` and payload `length`.
pub fn header_check(code: u8, length: u8) -> u8 {
    header_step(header_step(HEADER_INITIAL, code), length)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_published_check_value() {
        // The catalogue check value of CRC-16/CCITT-FALSE.
        assert_eq!(crc16(b"123456789"), 0x29b1);
    }

    #[test]
    fn the_header_check_keeps_its_check_value() {
        // The customary check input; 0xFB worked out independently of this code.
        let c = b"123456789"
            .iter()
            .fold(HEADER_INITIAL, |c, &b| header_step(c, b));
        assert_eq!(c, 0xfb);
    }

    #[test]
    fn every_error_in_one_header_byte_changes_the_header_check() {
        for code in 0..=255u8 {
            for length in 0..=255u8 {
                let check = header_check(code, length);
                for flip in 1..=255u8 {
                    assert_ne!(header_check(code ^ flip, length), check);
                    assert_ne!(header_check(code, length ^ flip), check);
                }
            }
        }
    }

    #[test]
    fn bytes_followed_by_their_crc_check_to_zero() {
        let mut bytes = b"gpu16 link".to_vec();
        let c = crc16(&bytes);
        bytes.extend(c.to_be_bytes());
        assert_eq!(crc16(&bytes), 0);
        bytes[3] ^= 0x10;
        assert_ne!(crc16(&bytes), 0);
    }
}
