//! The reply (hdl/src/bridge/reply.rs) sends, for any plan, exactly the frame the contract
//! encodes (`gpu16_sim::link::framing::encode`: sync, code, length, `seq` unless Identify's,
//! payload, CRC), at whatever pace the UART takes bytes, and is idle again after it. Its
//! Verilog replays inside the board top's (`board_verilog.rs`).

use gpu16_hdl::bridge::reply::Reply;
use gpu16_hdl::bridge::Source;
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_sim::link::framing::encode;
use gpu16_sim::link::REPLY_SYNC;
use gpu16_testbenches::rng::Rng;
use rust_hdl::prelude::*;

/// Sends a reply of `code` with the captured bytes `fixed` (`seq` first) as its payload of
/// `len` bytes (the `seq` included unless `has_seq` is false), the UART taking a byte when
/// `rng` says; returns the bytes sent.
fn send(
    r: &mut Reply,
    rng: &mut Rng,
    code: u8,
    fixed: &[u8; 16],
    len: u8,
    has_seq: bool,
) -> Vec<u8> {
    let packed = fixed.iter().rev().fold(Bits::<128>::from(0u64), |v, b| {
        (v << 8) | Bits::<128>::from(u64::from(*b))
    });
    r.plan.next = true;
    r.go.next = true;
    r.code.next = u64::from(code).into();
    r.len.next = u64::from(len).into();
    r.has_seq.next = has_seq;
    r.payload_plan.source.next = Source::Fixed;
    r.payload_plan.word.next = 0.into();
    r.payload_plan.last_byte.next = 0.into();
    r.payload_plan.fixed.next = packed;
    r.seq.next = u64::from(fixed[0]).into();
    tick(r, |r| &mut r.clock).unwrap();
    r.plan.next = false;
    r.go.next = false;
    let mut sent = vec![];
    for _ in 0..10_000 {
        r.tx_ready.next = rng.chance(40);
        settle(r).unwrap();
        if r.tx_start.val() {
            sent.push(r.tx_data.val().index() as u8);
        }
        assert!(
            r.busy.val() || sent.is_empty(),
            "busy until the CRC is sent"
        );
        tick(r, |r| &mut r.clock).unwrap();
        settle(r).unwrap();
        if !r.busy.val() {
            return sent;
        }
    }
    panic!("the reply never ended");
}

#[test]
fn a_reply_is_the_frame_the_contract_encodes() {
    let mut r = connected::<Reply>();
    let mut rng = Rng::new(51);
    for _ in 0..300 {
        let fixed: [u8; 16] = std::array::from_fn(|_| rng.byte());
        let code = rng.byte();
        let has_seq = rng.chance(80);
        // With a seq: 1-16 bytes, the seq first; without: up to 15 bytes from byte 0.
        let len = if has_seq {
            1 + rng.below(16)
        } else {
            1 + rng.below(15)
        } as u8;
        let sent = send(&mut r, &mut rng, code, &fixed, len, has_seq);
        let payload = &fixed[..usize::from(len)];
        assert_eq!(
            sent,
            encode(REPLY_SYNC, code, payload),
            "code {code}, {len} bytes"
        );
    }
}
