//! The bridge's loader (hdl/src/bridge/loader.rs) against a mock receiver buffer: `WriteTm`
//! writes each task line little-endian from the line named, `WriteSm` each byte from the
//! address named (wrapping at 4,096), `ClearSm` zeroes all 4,096 bytes; each signals `done`
//! once, in the cycle of its last write, and a reset stops it. Its Verilog replays inside the
//! board top's (`board_verilog.rs`).

use gpu16_hdl::bridge::loader::Loader;
use gpu16_hdl::sim::{connected, settle, tick};
use gpu16_testbenches::rng::Rng;

/// What the loader did in one run: Task Memory lines and shared-memory bytes written, in
/// order, and the cycles from its start to `done`.
#[derive(Default, Debug)]
struct Writes {
    tm: Vec<(u64, u64)>,
    sm: Vec<(u64, u8)>,
    cycles: u64,
}

/// Starts the loader with `start` for a request whose payload is `payload`, and runs it
/// until `done`, serving `payload` as the receiver's buffer does (a byte the cycle after its
/// address).
fn run(l: &mut Loader, payload: &[u8], start: impl Fn(&mut Loader)) -> Writes {
    let mut w = Writes::default();
    l.length.next = (payload.len() as u64).into();
    start(l);
    tick(l, |l| &mut l.clock).unwrap();
    l.write_tm.next = false;
    l.write_sm.next = false;
    l.clear_sm.next = false;
    let mut asked = l.buffer_addr.val().index();
    loop {
        w.cycles += 1;
        assert!(w.cycles < 20_000, "the loader never finished");
        l.buffer_data.next = u64::from(payload.get(asked).copied().unwrap_or(0xee)).into();
        settle(l).unwrap();
        assert!(l.busy.val(), "busy until done");
        if l.tm_write.val() {
            w.tm.push((l.tm_line.val().index() as u64, l.tm_data.val().to_u64()));
        }
        if l.sm_write.val() {
            w.sm.push((
                l.sm_addr.val().index() as u64,
                l.sm_wdata.val().index() as u8,
            ));
        }
        let done = l.done.val();
        asked = l.buffer_addr.val().index();
        tick(l, |l| &mut l.clock).unwrap();
        if done {
            break;
        }
    }
    // The last line's write leaves its register the cycle after `done`.
    settle(l).unwrap();
    if l.tm_write.val() {
        w.tm.push((l.tm_line.val().index() as u64, l.tm_data.val().to_u64()));
    }
    assert!(!l.busy.val(), "idle after done");
    w
}

#[test]
fn task_lines_are_written_little_endian_from_the_line_named() {
    let mut l = connected::<Loader>();
    let mut rng = Rng::new(7);
    for count in [1usize, 2, 31] {
        let first = rng.below(200);
        let lines: Vec<u64> = (0..count).map(|_| rng.next_u64()).collect();
        let mut payload = vec![rng.byte(), first as u8];
        for l in &lines {
            payload.extend(l.to_le_bytes());
        }
        let w = run(&mut l, &payload, |l| {
            l.write_tm.next = true;
            l.first_line.next = first.into();
        });
        let expected: Vec<(u64, u64)> = (0..count as u64).map(|k| first + k).zip(lines).collect();
        assert_eq!(w.tm, expected, "{count} lines from line {first}");
        assert!(w.sm.is_empty());
        // Two cycles a byte, and a cycle to write each line.
        assert_eq!(w.cycles, 17 * count as u64, "{count} lines");
    }
}

#[test]
fn shared_memory_bytes_are_written_from_the_address_named_wrapping_at_4096() {
    let mut l = connected::<Loader>();
    let mut rng = Rng::new(8);
    for (start, count) in [(0u64, 1usize), (4000, 200), (4095, 2), (17, 250)] {
        let bytes: Vec<u8> = (0..count).map(|_| rng.byte()).collect();
        let mut payload = vec![rng.byte(), start as u8, (start >> 8) as u8];
        payload.extend(&bytes);
        let w = run(&mut l, &payload, |l| {
            l.write_sm.next = true;
            l.sm_start.next = start.into();
        });
        let expected: Vec<(u64, u8)> = (0..count as u64)
            .map(|k| (start + k) % 4096)
            .zip(bytes)
            .collect();
        assert_eq!(w.sm, expected, "{count} bytes from {start}");
        assert_eq!(w.cycles, 2 * count as u64);
    }
}

#[test]
fn clear_zeroes_every_byte_once() {
    let mut l = connected::<Loader>();
    let w = run(&mut l, &[9], |l| l.clear_sm.next = true);
    let expected: Vec<(u64, u8)> = (0..4096).map(|a| (a, 0)).collect();
    assert_eq!(w.sm, expected);
    assert_eq!(w.cycles, 4096);
}

#[test]
fn a_reset_stops_a_load_and_the_next_one_starts_afresh() {
    let mut l = connected::<Loader>();
    l.length.next = 100.into();
    l.clear_sm.next = true;
    tick(&mut l, |l| &mut l.clock).unwrap();
    l.clear_sm.next = false;
    for _ in 0..10 {
        tick(&mut l, |l| &mut l.clock).unwrap();
    }
    settle(&mut l).unwrap();
    assert!(l.busy.val());
    l.reset.next = true;
    tick(&mut l, |l| &mut l.clock).unwrap();
    l.reset.next = false;
    settle(&mut l).unwrap();
    assert!(!l.busy.val(), "idle after the reset");
    let w = run(&mut l, &[1, 5, 0, 0xab], |l| {
        l.write_sm.next = true;
        l.sm_start.next = 5.into();
    });
    assert_eq!(w.sm, [(5, 0xab)]);
}
