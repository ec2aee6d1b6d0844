//! Shared Memory images (`*.sm.hex`): one byte per line, line i = byte address i
//! (bank i / 256, row i % 256). Bytes not given are 0; a dump always has 4096 lines.

use super::hex::read_words;
use crate::diag::SourceError;
use crate::isa::sm::BYTES;
use std::fmt::Write;

/// The 4096 bytes of shared memory.
pub type SmImage = Box<[u8; BYTES]>;

/// An all-zero shared memory.
pub fn zeroed() -> SmImage {
    Box::new([0u8; BYTES])
}

/// Parses an SM image.
pub fn parse(text: &str) -> Result<SmImage, SourceError> {
    let mut sm = zeroed();
    for (addr, value, _) in read_words(text, 2, BYTES)? {
        sm[addr] = value as u8;
    }
    Ok(sm)
}

/// Writes an SM dump: exactly 4096 lines of 2 hex digits.
pub fn write(sm: &[u8; BYTES]) -> String {
    let mut s = String::with_capacity(BYTES * 3);
    for b in sm.iter() {
        writeln!(s, "{b:02x}").unwrap();
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_errors() {
        let sm = parse("01 02\n@100 ff // bank 1, row 0\n").unwrap();
        assert_eq!((sm[0], sm[1], sm[2], sm[0x100]), (1, 2, 0, 0xff));
        let dump = write(&sm);
        assert_eq!(dump.lines().count(), 4096);
        assert_eq!(parse(&dump).unwrap(), sm);
        assert!(parse("100\n").unwrap_err().message.contains("exactly 2"));
        // MACHINE.md §8: two digits per byte, not fewer either.
        let e = parse("01\n7\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 1));
        assert!(e.message.contains("1 hex digits"), "{e}");
        assert!(parse("@1000\n")
            .unwrap_err()
            .message
            .contains("past the end"));
        assert_eq!(parse(&"00\n".repeat(4097)).unwrap_err().line, 4097);
    }
}
