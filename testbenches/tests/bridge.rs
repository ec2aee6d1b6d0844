//! The UART host bridge against a mock GPU (testbenches/src/bridge_harness.rs): every
//! command, every refusal, damaged and truncated frames, damaged headers, garbage,
//! back-to-back requests, resends, reused numbers and sessions.

use gpu16_hdl::bridge::BridgeConfig;
use gpu16_sim::link::framing::{encode, Frame};
use gpu16_sim::link::{
    request_frame, BoardStatus, Command, Handled, Identity, Launched, LinkError, LogEntry,
    ERROR_REPLY, REQUEST_SYNC, TIMEOUT_BIT_TIMES,
};
use gpu16_testbenches::bridge_harness::{BridgeHarness, FINGERPRINT};
use gpu16_testbenches::faulty_line::forge_length;
use gpu16_testbenches::numbered::answer;

fn refused(reply: &Frame, error: LinkError, command: u8) {
    assert_eq!(reply.code, ERROR_REPLY, "{reply:?}");
    assert_eq!(reply.payload, [error as u8, command], "{reply:?}");
}

#[test]
fn identify_reports_version_options_clock_and_baud_and_design_its_fingerprint() {
    let mut h = BridgeHarness::new();
    let reply = h.request(Command::Identify, &[]);
    assert_eq!(reply.code, Command::Identify as u8);
    let expected = BridgeConfig {
        clock_hz: 25_000_000,
        baud: 6_250_000,
        counters: true,
        simulated: true,
        cores: 16,
        fingerprint: FINGERPRINT,
    }
    .identity();
    assert_eq!(Identity::decode(&reply.payload), Some(expected));
    // The design's fingerprint, little-endian.
    let reply = h.request(Command::Design, &[]);
    assert_eq!(reply.code, Command::Design as u8);
    assert_eq!(reply.payload, FINGERPRINT.to_le_bytes());
}

#[test]
fn task_memory_lines_are_written_little_endian_from_the_given_line() {
    let mut h = BridgeHarness::new();
    let lines: Vec<u64> = (0..40u64)
        .map(|i| 0x0102_0304_0506_0708 * (i + 1))
        .collect();
    for (k, chunk) in lines.chunks(31).enumerate() {
        let mut payload = vec![(10 + 31 * k) as u8];
        for l in chunk {
            payload.extend(l.to_le_bytes());
        }
        let reply = h.request(Command::WriteTm, &payload);
        assert_eq!(
            (reply.code, reply.payload.len()),
            (Command::WriteTm as u8, 0)
        );
    }
    assert_eq!(&h.gpu.tm[10..50], &lines[..]);
    assert_eq!(h.gpu.tm[9], 0);
    assert_eq!(h.gpu.tm[50], 0);
}

#[test]
fn shared_memory_is_written_read_back_in_bulk_and_cleared() {
    let mut h = BridgeHarness::new();
    // A write that wraps from byte 4095 to byte 0.
    let bytes: Vec<u8> = (0..200).map(|i| (i * 13 + 1) as u8).collect();
    let mut payload = 4000u16.to_le_bytes().to_vec();
    payload.extend(&bytes);
    h.request(Command::WriteSm, &payload);
    for (i, b) in bytes.iter().enumerate() {
        assert_eq!(h.gpu.sm[(4000 + i) % 4096], *b);
    }
    // Read back across banks (one byte from each bank's row).
    let reply = h.request(Command::ReadSm, &[0xa0, 0x0f, 96]);
    assert_eq!(reply.payload, &bytes[..96]);
    let reply = h.request(Command::ReadSm, &[0x00, 0x00, 104]);
    assert_eq!(reply.payload, &bytes[96..200]);
    h.request(Command::ClearSm, &[]);
    assert!(h.gpu.sm.iter().all(|&b| b == 0));
}

#[test]
fn launch_status_and_the_refusals_while_running() {
    let mut h = BridgeHarness::new();
    h.gpu.run_cycles = 30_000;
    let reply = h.request(Command::Launch, &[64, 0x78, 0x56, 0x34, 0x12]);
    assert_eq!(reply.code, Command::Launch as u8);
    assert_eq!(h.gpu.launches, [(64, 0x1234_5678)]);
    let st = BoardStatus::decode(&h.request(Command::Status, &[]).payload).unwrap();
    assert!(st.running && !st.done);
    assert_eq!(st.runs, 1);
    // While running: no second launch, no memory or register traffic; status and identify
    // are answered.
    for (command, payload) in [
        (Command::Launch, vec![1, 0, 0, 0, 0]),
        (Command::WriteSm, vec![0, 0, 7]),
        (Command::ReadSm, vec![0, 0, 1]),
        (Command::ClearSm, vec![]),
        (Command::WriteTm, vec![0; 9]),
        (Command::ReadRegs, vec![0, 1]),
        (Command::ReadCounters, vec![0, 1]),
    ] {
        refused(
            &h.request(command, &payload),
            LinkError::Busy,
            command as u8,
        );
    }
    assert_eq!(h.gpu.launches.len(), 1);
    assert!(h.gpu.sm.iter().all(|&b| b == 0));
    assert_eq!(
        h.request(Command::Identify, &[]).code,
        Command::Identify as u8
    );
    // The run ends; its status comes back.
    h.gpu.status = (4, 9, 13, 15, 123_456);
    while h.gpu.running() {
        h.idle(1000);
    }
    let st = BoardStatus::decode(&h.request(Command::Status, &[]).payload).unwrap();
    assert_eq!(
        st,
        BoardStatus {
            running: false,
            done: true,
            stopped: false,
            events_overflowed: false,
            counters_ready: true,
            code: 4,
            frame: 9,
            core: 13,
            ip: 15,
            cycles: 123_456,
            runs: 1,
            events: 0,
            seq: 1,
            session: 0,
        }
    );
    // Shared memory can be read after a machine error.
    h.gpu.sm[5] = 0x5a;
    assert_eq!(h.request(Command::ReadSm, &[5, 0, 1]).payload, [0x5a]);
}

#[test]
fn the_timeline_log_registers_and_counters_are_read_back() {
    let mut h = BridgeHarness::new();
    h.gpu.log = (0..40u32)
        .map(|i| LogEntry {
            cycle: 1000 * i + 7,
            ready: (i * 3) as u16,
            handled: (i % 3 == 0).then_some(Handled {
                is_if: i % 2 == 0,
                frame: (i % 64) as u8,
                mask: 0x8000 | i as u16,
            }),
        })
        .collect();
    let st = BoardStatus::decode(&h.request(Command::Status, &[]).payload).unwrap();
    assert_eq!(st.events, 40);
    let reply = h.request(Command::ReadEvents, &[5, 0, 25]);
    let got: Vec<LogEntry> = reply
        .payload
        .chunks(LogEntry::BYTES)
        .map(|b| LogEntry::decode(b).unwrap())
        .collect();
    assert_eq!(got, &h.gpu.log[5..30]);
    let reply = h.request(Command::ReadRegs, &[250, 6]);
    assert_eq!(reply.payload, &h.gpu.regs[250..256]);
    let reply = h.request(Command::ReadCounters, &[90, 6]);
    let words: Vec<u32> = reply
        .payload
        .chunks(4)
        .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
        .collect();
    assert_eq!(words, &h.gpu.counters[90..96]);
}

#[test]
fn counters_are_read_only_once_final() {
    let mut h = BridgeHarness::new();
    h.gpu.counters_ready = false;
    let st = BoardStatus::decode(&h.request(Command::Status, &[]).payload).unwrap();
    assert!(!st.running && !st.counters_ready);
    refused(
        &h.request(Command::ReadCounters, &[0, 4]),
        LinkError::Busy,
        Command::ReadCounters as u8,
    );
    h.gpu.counters_ready = true;
    let st = BoardStatus::decode(&h.request(Command::Status, &[]).payload).unwrap();
    assert!(st.counters_ready);
    let reply = h.request(Command::ReadCounters, &[0, 4]);
    assert_eq!(reply.payload.len(), 16);
    assert_eq!(&reply.payload[12..16], &h.gpu.counters[3].to_le_bytes());
}

#[test]
fn bad_requests_are_refused_and_change_nothing() {
    let mut h = BridgeHarness::new();
    let cases: Vec<(u8, Vec<u8>, LinkError)> = vec![
        (0, vec![], LinkError::UnknownCommand),
        (0x42, vec![1, 2], LinkError::UnknownCommand),
        (Command::Identify as u8, vec![1], LinkError::BadLength),
        (Command::WriteTm as u8, vec![0; 8], LinkError::BadLength),
        (Command::WriteTm as u8, vec![0; 10], LinkError::BadLength),
        (Command::WriteSm as u8, vec![0, 0], LinkError::BadLength),
        (Command::ReadSm as u8, vec![0, 0], LinkError::BadLength),
        (Command::ReadSm as u8, vec![0, 0, 0], LinkError::BadArgument),
        // A reply carries its seq and at most 254 bytes.
        (
            Command::ReadSm as u8,
            vec![0, 0, 255],
            LinkError::BadArgument,
        ),
        (
            Command::ReadRegs as u8,
            vec![0, 255],
            LinkError::BadArgument,
        ),
        (
            Command::Launch as u8,
            vec![0, 1, 0, 0, 0],
            LinkError::BadArgument,
        ),
        (
            Command::Launch as u8,
            vec![65, 1, 0, 0, 0],
            LinkError::BadArgument,
        ),
        (
            Command::Launch as u8,
            vec![1, 1, 0, 0],
            LinkError::BadLength,
        ),
        (
            Command::ReadEvents as u8,
            vec![0, 0, 26],
            LinkError::BadArgument,
        ),
        (
            Command::ReadCounters as u8,
            vec![0, 64],
            LinkError::BadArgument,
        ),
        (Command::ReadRegs as u8, vec![0, 0], LinkError::BadArgument),
        (Command::ClearSm as u8, vec![0], LinkError::BadLength),
    ];
    h.gpu.sm[7] = 7;
    for (code, args, error) in cases {
        // Every request but Identify starts with its seq; the error reply carries it back.
        let mut payload = args.clone();
        if code != Command::Identify as u8 {
            payload.insert(0, 0x33);
        }
        let f = h.exchange(&encode(REQUEST_SYNC, code, &payload));
        let seq = payload.first().copied().unwrap_or(0);
        assert_eq!(f.payload.first(), Some(&seq), "{code:#x} {args:?}: {f:?}");
        let without_seq = Frame {
            code: f.code,
            payload: f.payload[1..].to_vec(),
        };
        refused(&without_seq, error, code);
    }
    assert!(h.gpu.launches.is_empty());
    assert_eq!(h.gpu.sm[7], 7);
    assert!(h.gpu.tm.iter().all(|&l| l == 0));
}

/// The bridge's silence timeout, in cycles (4 clocks a bit), and a little more.
const QUIET: usize = 4 * TIMEOUT_BIT_TIMES as usize + 64;

#[test]
fn a_damaged_frame_gets_a_crc_error_and_nothing_is_taken_until_the_line_is_quiet() {
    let mut h = BridgeHarness::new();
    let mut frame = request_frame(Command::WriteSm, 1, &[0, 0, 1, 2, 3]);
    frame[7] ^= 0x20;
    let reply = h.exchange(&frame);
    refused(
        &answer(Command::WriteSm, 1, reply),
        LinkError::BadCrc,
        Command::WriteSm as u8,
    );
    assert!(
        h.gpu.sm.iter().all(|&b| b == 0),
        "a damaged write writes nothing"
    );
    // Right after it, even a whole request is dropped: the receiver drains.
    let start = h.sent.len();
    h.send(&request_frame(Command::ClearSm, 2, &[]));
    assert_eq!(h.reply_since(start, 2_000), None, "taken while draining");
    h.idle(QUIET);
    assert_eq!(
        h.request(Command::Identify, &[]).code,
        Command::Identify as u8
    );
}

#[test]
fn every_flip_of_a_length_byte_is_caught_at_the_header_whatever_the_payload() {
    let mut h = BridgeHarness::new();
    h.gpu.sm[0x300] = 0x11;
    // One request of every command, long enough that most flips shorten it.
    let requests: Vec<(Command, Vec<u8>)> = vec![
        (Command::Identify, vec![]),
        (Command::WriteTm, [&[0u8][..], &[0x42; 16]].concat()),
        (Command::WriteSm, [&[0u8, 3][..], &[0x77; 40]].concat()),
        (Command::ReadSm, vec![0, 3, 8]),
        (Command::ClearSm, vec![]),
        (Command::Launch, vec![3, 0, 1, 0, 0]),
        (Command::Status, vec![]),
        (Command::ReadEvents, vec![0, 0, 1]),
        (Command::ReadCounters, vec![0, 4]),
        (Command::ReadRegs, vec![0, 16]),
        (Command::Session, vec![0xef, 0xbe]),
    ];
    for (command, args) in &requests {
        for bit in 0..8 {
            let frame = forge_length(&request_frame(*command, 9, args), bit);
            let reply = h.exchange(&frame);
            assert_eq!(
                (reply.code, reply.payload.get(1)),
                (ERROR_REPLY, Some(&(LinkError::BadCrc as u8))),
                "{command:?}, length bit {bit}: {reply:?}"
            );
            h.idle(QUIET);
        }
    }
    // Nothing was carried out.
    assert!(h.gpu.launches.is_empty());
    assert!(h.gpu.tm.iter().all(|&l| l == 0));
    assert_eq!(h.gpu.sm[0x300], 0x11);
    assert!(h
        .gpu
        .sm
        .iter()
        .enumerate()
        .all(|(a, &b)| b == 0 || a == 0x300));
    let st = BoardStatus::decode(&h.request(Command::Status, &[]).payload).unwrap();
    assert_eq!((st.seq, st.session), (0, 0));
}

#[test]
fn no_byte_of_a_damaged_frame_is_read_as_a_request() {
    // A write whose data holds a whole request (a write of 0x66 to 0x123), as shared-memory
    // data may. Damaged in its length so it seems to end just before the inner request, or in
    // a data byte: either way the inner request is never carried out.
    let inner = request_frame(Command::WriteSm, 50, &[0x23, 0x01, 0x66]);
    let mut data = vec![0u8; 8];
    data.extend(&inner);
    let outer = request_frame(Command::WriteSm, 1, &[[0u8, 0][..].to_vec(), data].concat());
    let mut cut_short = outer.clone();
    // The length that ends the outer frame's payload right before the inner request, with the
    // CRC forged to match.
    let before_inner = 3 + 8;
    cut_short[2] = before_inner as u8;
    cut_short[3] = gpu16_sim::link::crc::header_check(cut_short[1], cut_short[2]) ^ 0x01;
    let mut bad_data = outer.clone();
    bad_data[8] ^= 0x04;
    for (what, frame) in [("length", cut_short), ("data", bad_data)] {
        let mut h = BridgeHarness::new();
        let start = h.sent.len();
        h.send(&frame);
        h.idle(QUIET);
        let mut replies = 0;
        let mut deframer = gpu16_sim::link::framing::Deframer::new(gpu16_sim::link::REPLY_SYNC);
        for &b in &h.sent[start..] {
            if let Some(gpu16_sim::link::framing::Found::Frame(f)) = deframer.push(b) {
                assert_eq!(f.code, ERROR_REPLY, "{what}: {f:?}");
                replies += 1;
            }
        }
        assert_eq!(replies, 1, "{what}: one error reply");
        assert_eq!(
            h.gpu.sm[0x123], 0,
            "{what}: the inner request was carried out"
        );
        assert!(h.gpu.sm.iter().all(|&b| b == 0), "{what}");
    }
}

#[test]
fn a_reused_number_with_another_payload_is_carried_out() {
    let mut h = BridgeHarness::new();
    // A client that numbers badly: two different writes under number 5, two launches under 6.
    h.send(&request_frame(Command::WriteSm, 5, &[0, 0, 0x11]));
    h.idle(500);
    let reply = answer(
        Command::WriteSm,
        5,
        h.exchange(&request_frame(Command::WriteSm, 5, &[1, 0, 0x22])),
    );
    assert_eq!(reply.code, Command::WriteSm as u8);
    assert_eq!(&h.gpu.sm[..2], [0x11, 0x22]);
    // The second's true resend is still answered and not carried out again.
    h.gpu.sm[1] = 0x33;
    h.exchange(&request_frame(Command::WriteSm, 5, &[1, 0, 0x22]));
    assert_eq!(h.gpu.sm[1], 0x33);
    h.gpu.run_cycles = 10;
    for length in [2, 3] {
        h.exchange(&request_frame(Command::Launch, 6, &[length, 0, 0, 0, 0]));
        h.idle(100);
    }
    assert_eq!(h.gpu.launches, [(2, 0), (3, 0)]);
}

#[test]
fn the_status_shows_the_session_until_another_starts() {
    let mut h = BridgeHarness::new();
    let status = |h: &mut BridgeHarness| {
        BoardStatus::decode(&h.request(Command::Status, &[]).payload)
            .unwrap()
            .session
    };
    // Power-up: no session.
    assert_eq!(status(&mut h), 0);
    h.request(Command::Session, &[0xef, 0xbe]);
    assert_eq!(status(&mut h), 0xbeef);
    h.request(Command::ClearSm, &[]);
    h.request(Command::Launch, &[1, 0, 0, 0, 0]);
    assert_eq!(status(&mut h), 0xbeef);
    h.request(Command::Session, &[0x34, 0x12]);
    assert_eq!(status(&mut h), 0x1234);
}

#[test]
fn garbage_and_a_truncated_frame_are_dropped_and_the_link_resynchronises() {
    let mut h = BridgeHarness::new();
    // Garbage between frames is damage: one error reply, and nothing is taken until the line
    // has been quiet; then the next request is answered.
    let start = h.sent.len();
    h.send(&[0x00, 0xff, 0x13, 0x37]);
    let reply = h.reply_since(start, 2_000);
    let Some(gpu16_sim::link::framing::Found::Frame(reply)) = reply else {
        panic!("{reply:?}")
    };
    assert_eq!(
        (reply.code, reply.payload.get(1)),
        (ERROR_REPLY, Some(&(LinkError::BadCrc as u8)))
    );
    h.idle(QUIET);
    assert_eq!(
        h.request(Command::Identify, &[]).code,
        Command::Identify as u8
    );
    // A request that loses its last bytes: no reply; after the silence timeout the bridge
    // hunts for a sync byte again.
    let frame = request_frame(Command::WriteSm, 1, &[0, 0, 9, 9, 9, 9]);
    let start = h.sent.len();
    h.send(&frame[..frame.len() - 3]);
    assert_eq!(
        h.reply_since(start, 2_000),
        None,
        "a truncated frame gets no reply"
    );
    h.idle((4 * TIMEOUT_BIT_TIMES) as usize);
    assert_eq!(
        h.request(Command::Identify, &[]).code,
        Command::Identify as u8
    );
    assert!(
        h.gpu.sm.iter().all(|&b| b == 0),
        "nothing of the lost frame was written"
    );
}

/// A write whose data holds a whole request (a write of 0x66 to 0x123), sync byte first, as
/// shared-memory data may; and where that request starts in it.
fn write_hiding_a_request() -> (Vec<u8>, usize) {
    let inner = request_frame(Command::WriteSm, 50, &[0x23, 0x01, 0x66]);
    let mut data = vec![0x11u8; 8];
    data.extend(&inner);
    data.extend([0x22u8; 8]);
    let outer = request_frame(
        Command::WriteSm,
        1,
        &[[0u8, 0x08][..].to_vec(), data].concat(),
    );
    let at = outer
        .windows(inner.len())
        .position(|w| w == inner)
        .expect("the inner request");
    (outer, at)
}

/// Nothing of `bytes` was carried out: shared memory is as it was (all zero).
fn nothing_carried_out(h: &BridgeHarness, what: &str) {
    assert_eq!(
        h.gpu.sm[0x123], 0,
        "{what}: the hidden request was carried out"
    );
    assert!(h.gpu.sm.iter().all(|&b| b == 0), "{what}: memory written");
}

#[test]
fn a_request_hidden_in_a_write_whose_sync_byte_is_damaged_or_lost_is_never_carried_out() {
    let (outer, _) = write_hiding_a_request();
    let mut damaged: Vec<(String, Vec<u8>)> = (0..8)
        .map(|bit| {
            let mut frame = outer.clone();
            frame[0] ^= 1 << bit;
            (format!("sync bit {bit} flipped"), frame)
        })
        .collect();
    damaged.push(("sync byte lost".into(), outer[1..].to_vec()));
    for (what, frame) in damaged {
        let mut h = BridgeHarness::new();
        h.send(&frame);
        h.idle(QUIET);
        nothing_carried_out(&h, &what);
        // The link works again after the quiet.
        assert_eq!(
            h.request(Command::Identify, &[]).code,
            Command::Identify as u8,
            "{what}"
        );
    }
}

#[test]
fn a_board_that_starts_in_the_middle_of_a_frame_carries_nothing_of_it_out() {
    // The board powers up while a write streams in: it sees the frame from byte k on, for
    // every k, the hidden request's own sync byte included.
    let (outer, at) = write_hiding_a_request();
    for k in 1..outer.len() {
        let mut h = BridgeHarness::new();
        h.send_now(&outer[k..]);
        h.idle(QUIET);
        nothing_carried_out(
            &h,
            &format!("joined at byte {k} (the hidden request at {at})"),
        );
    }
}

#[test]
fn a_stop_ends_the_run_in_progress_and_the_status_says_so() {
    let mut h = BridgeHarness::new();
    let status = |h: &mut BridgeHarness| {
        BoardStatus::decode(&h.request(Command::Status, &[]).payload).expect("a status")
    };
    let launched = |h: &mut BridgeHarness| {
        Launched::decode(&h.request(Command::Launched, &[]).payload).expect("5 bytes")
    };
    assert_eq!(launched(&mut h), Launched::default(), "before any launch");
    // A stop with no run in progress changes nothing.
    assert_eq!(h.request(Command::Stop, &[]).code, Command::Stop as u8);
    assert!(h.gpu.stops.iter().all(|&(_, running)| !running));
    assert!(!status(&mut h).stopped);

    h.gpu.run_cycles = 1_000_000;
    h.request(Command::Launch, &[9, 0x40, 0x42, 0x0f, 0]);
    assert_eq!(
        launched(&mut h),
        Launched {
            frames: 9,
            max_cycles: 1_000_000
        }
    );
    let seq_before = status(&mut h).seq;
    assert!(h.gpu.running());
    assert_eq!(h.request(Command::Stop, &[]).code, Command::Stop as u8);
    assert_eq!(h.gpu.stops.iter().filter(|&&(_, on)| on).count(), 1);
    h.idle(10);
    let st = status(&mut h);
    assert!(!st.running && st.done && st.stopped, "{st:?}");
    // A stop is not numbered among the requests that change the board.
    assert_eq!(st.seq, seq_before);
    // The next launch clears the mark.
    h.gpu.run_cycles = 10;
    h.request(Command::Launch, &[1, 0, 0, 0, 0]);
    h.idle(100);
    assert!(!status(&mut h).stopped);
}

#[test]
fn a_session_number_of_0_is_refused() {
    let mut h = BridgeHarness::new();
    h.request(Command::Session, &[0x34, 0x12]);
    refused(
        &h.request(Command::Session, &[0, 0]),
        LinkError::BadArgument,
        Command::Session as u8,
    );
    let st = BoardStatus::decode(&h.request(Command::Status, &[]).payload).unwrap();
    assert_eq!(st.session, 0x1234, "a refused session changes nothing");
}

#[test]
fn back_to_back_requests_are_each_answered() {
    let mut h = BridgeHarness::new();
    // Each request follows the last byte of the previous reply at once.
    for i in 0..5u8 {
        let reply = h.request(Command::WriteSm, &[i, 0, i + 1]);
        assert_eq!(reply.code, Command::WriteSm as u8);
        let reply = h.request(Command::ReadSm, &[i, 0, 1]);
        assert_eq!(reply.payload, [i + 1]);
    }
}

#[test]
fn a_resent_launch_is_answered_and_not_run_again() {
    let mut h = BridgeHarness::new();
    h.gpu.run_cycles = 30_000;
    let launch = request_frame(Command::Launch, 7, &[3, 0, 0, 0, 0]);
    let send = |h: &mut BridgeHarness, bytes: &[u8]| answer(Command::Launch, 7, h.exchange(bytes));
    // The first launch runs; its resend (a host whose reply was lost) is answered as the
    // first was, while the run goes on and after it, and runs nothing.
    for _ in 0..3 {
        let reply = send(&mut h, &launch);
        assert_eq!(
            (reply.code, reply.payload.len()),
            (Command::Launch as u8, 0)
        );
        assert_eq!(h.gpu.launches, [(3, 0)]);
    }
    while h.gpu.running() {
        h.idle(1000);
    }
    let reply = send(&mut h, &launch);
    assert_eq!(reply.code, Command::Launch as u8);
    assert_eq!(h.gpu.launches, [(3, 0)]);
    let st = BoardStatus::decode(&h.request(Command::Status, &[]).payload).unwrap();
    assert_eq!((st.runs, st.seq), (1, 7));
    // A new number is a new launch.
    h.numbering.seq = 7;
    h.request(Command::Launch, &[4, 0, 0, 0, 0]);
    assert_eq!(h.gpu.launches, [(3, 0), (4, 0)]);
}

#[test]
fn a_resent_write_is_not_carried_out_again_and_reads_always_are() {
    let mut h = BridgeHarness::new();
    let write = request_frame(Command::WriteSm, 9, &[0, 0, 5]);
    h.send(&write);
    h.idle(500);
    assert_eq!(h.gpu.sm[0], 5);
    // The GPU changes the byte (a run would); a late resend of the write must not undo it.
    h.gpu.sm[0] = 6;
    let reply = answer(Command::WriteSm, 9, h.exchange(&write));
    assert_eq!(reply.code, Command::WriteSm as u8);
    assert_eq!(h.gpu.sm[0], 6);
    // The same number on another command is not a resend of the write.
    let clear = request_frame(Command::ClearSm, 9, &[]);
    h.send(&clear);
    h.idle(5000);
    assert_eq!(h.gpu.sm[0], 0);
    // A read under a repeated number is read again.
    h.gpu.sm[1] = 0x11;
    for expected in [0x11, 0x22] {
        let read = request_frame(Command::ReadSm, 40, &[1, 0, 1]);
        assert_eq!(
            answer(Command::ReadSm, 40, h.exchange(&read)).payload,
            [expected]
        );
        h.gpu.sm[1] = 0x22;
    }
}
