//! The link's frame check: CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, bits
//! most significant first, no final XOR). A frame carries it big-endian after its bytes, so
//! the CRC of the bytes *and* their CRC is 0: that is how the hardware checks a frame.

/// The generator polynomial (x¹⁶ + x¹² + x⁵ + 1, the x¹⁶ term implied).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_published_check_value() {
        // The catalogue check value of CRC-16/CCITT-FALSE.
        assert_eq!(crc16(b"123456789"), 0x29b1);
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
