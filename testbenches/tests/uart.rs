//! The UART at the board's real bit times: 115200 baud (217 clocks at 25 MHz) and 1 Mbaud
//! (25 clocks), a sender up to 2% off either way, framing errors, and the transmitter's
//! waveform bit by bit.

use gpu16_hdl::bridge::uart_rx::UartRx;
use gpu16_hdl::bridge::uart_tx::UartTx;
use gpu16_hdl::sim::{settle, tick};
use rust_hdl::prelude::*;

/// Bit-level waveform of `bytes` as a UART sends them (8N1), `period` clocks per bit (may be
/// fractional: an off-rate sender), with an idle gap between bytes.
fn line_of(bytes: &[u8], period: f64, stop_bit: bool) -> Vec<bool> {
    let mut bits = vec![true; 20];
    for &b in bytes {
        let frame: Vec<bool> = std::iter::once(false)
            .chain((0..8).map(|i| b >> i & 1 == 1))
            .chain(std::iter::once(stop_bit))
            .collect();
        let start = bits.len();
        let len = (10.0 * period).round() as usize;
        for k in 0..len {
            bits.push(frame[((k as f64) / period) as usize]);
        }
        bits.extend(vec![true; (start % 7) * 3 + 5]);
    }
    bits.extend(vec![true; (12.0 * period) as usize]);
    bits
}

/// What the receiver makes of a line: bytes and framing errors.
fn receive(clocks_per_bit: u32, line: &[bool]) -> (Vec<u8>, usize) {
    let mut rx = UartRx::new(clocks_per_bit);
    rx.connect_all();
    let (mut bytes, mut errors) = (Vec::new(), 0);
    for &bit in line {
        rx.line.next = bit;
        settle(&mut rx).unwrap();
        if rx.valid.val() {
            bytes.push(rx.data.val().index() as u8);
        }
        if rx.framing_error.val() {
            errors += 1;
        }
        tick(&mut rx, |r| &mut r.clock).unwrap();
    }
    (bytes, errors)
}

const PATTERN: [u8; 8] = [0x00, 0xff, 0xa5, 0x5a, 0x01, 0x80, 0x3c, 0x7e];

#[test]
fn the_receiver_reads_bytes_at_115200_and_1m_baud_two_percent_off_either_way() {
    for cpb in [217u32, 25] {
        for skew in [0.98, 1.0, 1.02] {
            let line = line_of(&PATTERN, f64::from(cpb) * skew, true);
            assert_eq!(
                receive(cpb, &line),
                (PATTERN.to_vec(), 0),
                "{cpb} clocks per bit, sender at {skew}x the bit time"
            );
        }
    }
}

#[test]
fn a_missing_stop_bit_is_a_framing_error_and_the_byte_is_dropped() {
    let line = line_of(&[0x42], 25.0, false);
    let (bytes, errors) = receive(25, &line);
    assert!(bytes.is_empty(), "{bytes:?}");
    assert_eq!(errors, 1);
}

#[test]
fn a_glitch_shorter_than_half_a_bit_is_not_a_start_bit() {
    let mut line = vec![true; 50];
    line.extend([false; 5]);
    line.extend(vec![true; 400]);
    assert_eq!(receive(25, &line), (vec![], 0));
}

#[test]
fn the_transmitter_sends_each_bit_for_one_bit_time_and_idles_high() {
    for cpb in [217u32, 25] {
        let mut tx = UartTx::new(cpb);
        tx.connect_all();
        let mut line = Vec::new();
        let mut queue = PATTERN.to_vec();
        queue.reverse();
        for _ in 0..(12 * cpb as usize * PATTERN.len()) {
            let send = tx.ready.val() && !queue.is_empty();
            tx.start.next = send;
            if send {
                tx.data.next = (queue.pop().unwrap() as u64).into();
            }
            settle(&mut tx).unwrap();
            line.push(tx.line.val());
            tick(&mut tx, |t| &mut t.clock).unwrap();
        }
        assert!(line[0], "the line idles high from power-up");
        assert!(queue.is_empty());
        // Decode by the book: find each start edge, sample mid-bit.
        let mut got = Vec::new();
        let mut i = 0;
        let c = cpb as usize;
        while i + 10 * c <= line.len() {
            if line[i] {
                i += 1;
                continue;
            }
            let bit = |k: usize| line[i + k * c + c / 2];
            assert!(!bit(0), "start bit");
            assert!(bit(9), "stop bit");
            got.push((1..=8).fold(0u8, |b, k| b | (u8::from(bit(k)) << (k - 1))));
            // Every bit lasts exactly one bit time.
            for k in 0..10 {
                let level = bit(k);
                assert!(
                    (0..c).all(|j| line[i + k * c + j] == level),
                    "bit {k} of byte {}",
                    got.len()
                );
            }
            i += 10 * c;
        }
        assert_eq!(got, PATTERN, "{cpb} clocks per bit");
        // Transmitter into receiver.
        assert_eq!(receive(cpb, &line), (PATTERN.to_vec(), 0));
    }
}
