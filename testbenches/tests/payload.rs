//! A reply's payload bytes (hdl/src/bridge/payload.rs) from each source, against mock
//! sources whose every word is a known function of its address: the captured bytes by their
//! number, shared memory a byte per word (the bank from the address), registers a byte per
//! word, counters 4 bytes per word and log entries 10, little-endian, words in order from the
//! first named. Its Verilog replays inside the board top's (`board_verilog.rs`).

use gpu16_hdl::bridge::payload::Payload;
use gpu16_hdl::bridge::Source;
use gpu16_hdl::sim::{connected, settle, tick};
use rust_hdl::prelude::*;

/// The mock sources' words.
fn sm_byte(bank: usize, row: u64) -> u8 {
    (bank as u64 * 31 + row * 7 + 1) as u8
}
fn register(sel: u64) -> u8 {
    (sel * 3 + 5) as u8
}
fn counter(sel: u64) -> u32 {
    0x0101_0101u32.wrapping_mul(sel as u32 + 1) ^ 0x8040_2010
}
fn log_entry(addr: u64) -> u128 {
    (u128::from(addr) * 0x0123_4567_89ab_cdef_1357) & ((1 << 80) - 1)
}

/// One clock edge. The mock sources answer as the real ones do: each shows, after the edge,
/// the word its read port addressed before it (shared memory's banks, the GPU's registered
/// debug and counter reads, the log's block RAM); shared memory shows a row only after a
/// cycle it was read in, and bytes that match no row otherwise.
fn clock(p: &mut Payload) {
    settle(p).unwrap();
    let row = p
        .reads
        .sm_read
        .val()
        .then(|| p.reads.sm_addr.val().index() as u64 & 0xff);
    let reg = register(p.reads.dbg_sel.val().index() as u64);
    let count = counter(p.reads.stat_sel.val().index() as u64);
    let entry = log_entry(p.reads.log_addr.val().index() as u64);
    tick(p, |p| &mut p.clock).unwrap();
    for (b, data) in p.sm_rdata.iter_mut().enumerate() {
        data.next = u64::from(row.map_or(0xa5, |row| sm_byte(b, row))).into();
    }
    p.reads.dbg_value.next = u64::from(reg).into();
    p.reads.stat_value.next = u64::from(count).into();
    p.reads.log_data.next =
        Bits::<80>::from(entry as u64) | (Bits::<80>::from((entry >> 64) as u64) << 64);
}

/// The payload bytes 1..len of a reply planned with `source`, `word`, `last_byte`, `fixed`,
/// walked as the reply walks them (fetch, wait, capture, send).
fn walk(source: Source, word: u64, last_byte: u64, fixed: u128, len: u64) -> Vec<u8> {
    let mut p = connected::<Payload>();
    p.plan.next = true;
    p.planned.source.next = source;
    p.planned.word.next = word.into();
    p.planned.last_byte.next = last_byte.into();
    p.planned.fixed.next =
        Bits::<128>::from(fixed as u64) | (Bits::<128>::from((fixed >> 64) as u64) << 64);
    clock(&mut p);
    p.plan.next = false;
    let mut bytes = vec![];
    for ptr in 1..len {
        p.ptr.next = ptr.into();
        // Fetch: the read ports' addresses are registered.
        p.fetch.next = true;
        p.reading.next = true;
        settle(&mut p).unwrap();
        assert_eq!(
            p.reads.sm_read.val(),
            source == Source::Sm,
            "shared memory read"
        );
        clock(&mut p);
        // Wait1: the sources read; Wait2: their data is registered; Wait3: the byte is taken.
        p.fetch.next = false;
        clock(&mut p);
        p.reading.next = false;
        clock(&mut p);
        p.capture.next = true;
        clock(&mut p);
        p.capture.next = false;
        // SendByte: sent.
        settle(&mut p).unwrap();
        bytes.push(p.data.val().index() as u8);
        p.sent.next = true;
        clock(&mut p);
        p.sent.next = false;
    }
    bytes
}

#[test]
fn captured_bytes_come_by_their_number() {
    let fixed: u128 = 0x0f0e_0d0c_0b0a_0908_0706_0504_0302_0100;
    assert_eq!(
        walk(Source::Fixed, 0, 0, fixed, 16),
        (1..16).collect::<Vec<u8>>()
    );
}

#[test]
fn shared_memory_and_registers_give_a_byte_per_word() {
    let start = 0x3fe;
    let expected: Vec<u8> = (0..20u64)
        .map(|k| {
            let a = start + k;
            sm_byte((a >> 8) as usize & 15, a & 0xff)
        })
        .collect();
    assert_eq!(walk(Source::Sm, start, 0, 0, 21), expected);
    let expected: Vec<u8> = (0x40..0x50).map(register).collect();
    assert_eq!(walk(Source::Regs, 0x40, 0, 0, 17), expected);
}

#[test]
fn counters_give_four_bytes_and_log_entries_ten_little_endian() {
    let expected: Vec<u8> = (5..8).flat_map(|s| counter(s).to_le_bytes()).collect();
    assert_eq!(walk(Source::Counters, 5, 3, 0, 13), expected);
    let expected: Vec<u8> = (100..103)
        .flat_map(|a| log_entry(a).to_le_bytes()[..10].to_vec())
        .collect();
    assert_eq!(walk(Source::Events, 100, 9, 0, 31), expected);
}
