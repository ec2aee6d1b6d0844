//! The packers of the status reply (hdl/src/bridge/status_word.rs) and of the timeline log's
//! entries (hdl/src/bridge/packing.rs): whatever their inputs, the word, read as the host
//! reads it (`BoardStatus::decode`, `LogEntry::decode`), gives back every input. Their
//! Verilog, generated from the same layouts, replays cycle for cycle inside the board top's
//! (`board_verilog.rs`), whose exchange reads the status and the log.

use gpu16_hdl::bridge::packing::LogEntryWord;
use gpu16_hdl::bridge::status_word::StatusWord;
use gpu16_hdl::sim::{connected, settle};
use gpu16_sim::link::{BoardStatus, Handled, LogEntry};
use gpu16_testbenches::rng::Rng;
use rust_hdl::prelude::Bits;

/// The first `n` bytes of `word`.
fn bytes<const W: usize>(word: Bits<W>, n: usize) -> Vec<u8> {
    (0..n)
        .map(|i| word.get_bits::<8>(8 * i).to_u64() as u8)
        .collect()
}

#[test]
fn a_status_reads_back_as_every_input() {
    let mut s = connected::<StatusWord>();
    let mut rng = Rng::new(13);
    for round in 0..2_000 {
        // The extremes first, then at random.
        let any = |rng: &mut Rng, width: u32| match round {
            0 => 0,
            1 => (1u64 << width) - 1,
            _ => rng.next_u64() & ((1u64 << width) - 1),
        };
        let want = BoardStatus {
            running: any(&mut rng, 1) == 1,
            done: any(&mut rng, 1) == 1,
            stopped: any(&mut rng, 1) == 1,
            events_overflowed: any(&mut rng, 1) == 1,
            counters_ready: any(&mut rng, 1) == 1,
            code: any(&mut rng, 3) as u8,
            frame: any(&mut rng, 7) as u8,
            core: any(&mut rng, 4) as u8,
            ip: any(&mut rng, 4) as u8,
            cycles: any(&mut rng, 32) as u32,
            runs: any(&mut rng, 8) as u8,
            events: any(&mut rng, 12) as u16,
            seq: any(&mut rng, 8) as u8,
            session: any(&mut rng, 16) as u16,
        };
        s.running.next = want.running;
        s.done.next = want.done;
        s.stopped.next = want.stopped;
        s.events_overflowed.next = want.events_overflowed;
        s.counters_ready.next = want.counters_ready;
        s.code.next = u64::from(want.code).into();
        s.frame.next = u64::from(want.frame).into();
        s.core.next = u64::from(want.core).into();
        s.ip.next = u64::from(want.ip).into();
        s.cycles.next = u64::from(want.cycles).into();
        s.runs.next = u64::from(want.runs).into();
        s.events.next = u64::from(want.events).into();
        s.seq.next = u64::from(want.seq).into();
        s.session.next = u64::from(want.session).into();
        settle(&mut s).unwrap();
        let got = BoardStatus::decode(&bytes(s.word.val(), BoardStatus::BYTES));
        assert_eq!(got, Some(want), "round {round}");
    }
}

#[test]
fn a_log_entry_reads_back_as_every_input() {
    let mut e = connected::<LogEntryWord>();
    let mut rng = Rng::new(14);
    let mut handled_seen = [0; 2];
    for round in 0..2_000 {
        let bits = |rng: &mut Rng, width: u32| match round {
            0 => 0,
            1 => (1u64 << width) - 1,
            _ => rng.next_u64() & ((1u64 << width) - 1),
        };
        let handled = (round % 3 != 0).then(|| Handled {
            is_if: bits(&mut rng, 1) == 1,
            frame: bits(&mut rng, 6) as u8,
            mask: bits(&mut rng, 16) as u16,
        });
        let want = LogEntry {
            cycle: bits(&mut rng, 32) as u32,
            ready: bits(&mut rng, 16) as u16,
            handled,
        };
        let h = handled.unwrap_or(Handled {
            is_if: false,
            frame: 0,
            mask: 0,
        });
        e.cycle.next = u64::from(want.cycle).into();
        e.ready.next = u64::from(want.ready).into();
        e.mask.next = u64::from(h.mask).into();
        e.frame.next = u64::from(h.frame).into();
        e.handled.next = handled.is_some();
        e.is_if.next = h.is_if;
        settle(&mut e).unwrap();
        let got = LogEntry::decode(&bytes(e.word.val(), LogEntry::BYTES));
        assert_eq!(got, Some(want), "round {round}");
        handled_seen[usize::from(handled.is_some())] += 1;
    }
    assert!(handled_seen.iter().all(|&n| n > 500), "{handled_seen:?}");
}
