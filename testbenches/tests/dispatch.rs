//! What the bridge does with a request (hdl/src/bridge/dispatch.rs), command by command: the
//! loads start the loader and reply after it, a launch is registered with its length and
//! limit and counted, the reads plan their reply's source, length and first word, a refused
//! or damaged request is answered `[seq, error, command]` and changes nothing, a resend of
//! the last request that changed the board (its number, command and CRC) is answered without
//! being carried out again, and a session's number is kept for the status.
//! Nothing happens while the bridge is busy. Its Verilog replays inside the board top's
//! (`board_verilog.rs`).

use gpu16_hdl::bridge::dispatch::Dispatch;
use gpu16_hdl::bridge::Source;
use gpu16_hdl::sim::{settle, tick};
use gpu16_sim::link::crc::crc16;
use gpu16_sim::link::{Command, LinkError, ERROR_REPLY};
use rust_hdl::prelude::*;

/// What the dispatch shows for one request.
#[derive(Debug, PartialEq)]
struct Shown {
    writes: (bool, bool, bool),
    reply_now: bool,
    code: u8,
    len: u64,
    has_seq: bool,
    source: Source,
    word: u64,
    last_byte: u64,
    /// Bytes 1 and 2 of the captured payload (a refusal's error and command).
    fixed: (u64, u64),
}

fn dispatch() -> Dispatch {
    let mut d = Dispatch::new(
        Bits::<128>::from(0x0123_4567_89ab_cdefu64),
        0xfedc_ba98_7654_3210,
    );
    d.connect_all();
    d
}

/// Presents a request whose payload is `payload` (`seq` first) while idle, and what the
/// dispatch decides; then lets the cycle pass. (Its CRC stands for the frame's: requests that
/// differ have different ones.)
fn request(d: &mut Dispatch, cmd: u8, payload: &[u8], ok: bool) -> Shown {
    let mut args = [0u8; 6];
    for (a, p) in args.iter_mut().zip(payload) {
        *a = *p;
    }
    let args = args.iter().rev().fold(0u64, |v, b| v << 8 | u64::from(*b));
    d.idle.next = true;
    d.frame_ok.next = ok;
    d.frame_bad.next = !ok;
    d.cmd.next = u64::from(cmd).into();
    d.length.next = (payload.len() as u64).into();
    d.args.next = args.into();
    d.frame_crc.next = u64::from(crc16(payload)).into();
    d.running.next = false;
    d.counters_ready.next = true;
    settle(d).unwrap();
    assert!(
        d.plan.val(),
        "every request arriving while idle gets a reply"
    );
    let shown = Shown {
        writes: (d.write_tm.val(), d.write_sm.val(), d.clear_sm.val()),
        reply_now: d.reply_now.val(),
        code: d.code.val().index() as u8,
        len: d.len.val().index() as u64,
        has_seq: d.has_seq.val(),
        source: d.payload.source.val(),
        word: d.payload.word.val().index() as u64,
        last_byte: d.payload.last_byte.val().index() as u64,
        fixed: (
            d.payload.fixed.val().get_bits::<8>(8).to_u64(),
            d.payload.fixed.val().get_bits::<8>(16).to_u64(),
        ),
    };
    tick(d, |d| &mut d.clock).unwrap();
    d.frame_ok.next = false;
    d.frame_bad.next = false;
    settle(d).unwrap();
    shown
}

fn reply(code: u8, len: u64, source: Source, word: u64, last_byte: u64) -> Shown {
    Shown {
        writes: (false, false, false),
        reply_now: true,
        code,
        len,
        has_seq: true,
        source,
        word,
        last_byte,
        fixed: (0, 0),
    }
}

#[test]
fn every_command_is_carried_out_and_planned() {
    let mut d = dispatch();
    let c = |c: Command| c as u8;
    // The loads: the loader starts, the reply comes after it.
    let mut tm = vec![1, 10];
    tm.extend([0u8; 8]);
    let shown = request(&mut d, c(Command::WriteTm), &tm, true);
    assert_eq!(shown.writes, (true, false, false));
    assert!(!shown.reply_now && shown.len == 1 && shown.has_seq);
    assert_eq!(d.first_line.val().index(), 10);
    let shown = request(&mut d, c(Command::WriteSm), &[2, 0x34, 0x0c, 9, 9], true);
    assert_eq!(
        (shown.writes, shown.reply_now),
        ((false, true, false), false)
    );
    assert_eq!(d.sm_start.val().index(), 0xc34);
    let shown = request(&mut d, c(Command::ClearSm), &[3], true);
    assert_eq!(
        (shown.writes, shown.reply_now),
        ((false, false, true), false)
    );
    // A launch: registered, counted.
    let shown = request(
        &mut d,
        c(Command::Launch),
        &[4, 17, 0x10, 0x20, 0x30, 0x40],
        true,
    );
    assert_eq!(shown, reply(c(Command::Launch), 1, Source::Fixed, 0, 0));
    assert!(d.launch.val());
    assert_eq!(d.run_length.val().index(), 17);
    assert_eq!(d.max_cycles.val().index(), 0x4030_2010);
    assert_eq!((d.runs.val().index(), d.last_seq.val().index()), (1, 4));
    tick(&mut d, |d| &mut d.clock).unwrap();
    settle(&mut d).unwrap();
    assert!(!d.launch.val(), "one cycle");
    // The reads.
    assert_eq!(
        request(&mut d, c(Command::ReadSm), &[5, 0x00, 0x0f, 200], true),
        reply(c(Command::ReadSm), 201, Source::Sm, 0xf00, 0)
    );
    assert_eq!(
        request(&mut d, c(Command::ReadEvents), &[6, 0x02, 0x01, 7], true),
        reply(c(Command::ReadEvents), 71, Source::Events, 0x102, 9)
    );
    assert_eq!(
        request(&mut d, c(Command::ReadCounters), &[7, 5, 3], true),
        reply(c(Command::ReadCounters), 13, Source::Counters, 5, 3)
    );
    assert_eq!(
        request(&mut d, c(Command::ReadRegs), &[8, 0x31, 4], true),
        reply(c(Command::ReadRegs), 5, Source::Regs, 0x31, 0)
    );
    assert_eq!(
        request(&mut d, c(Command::Status), &[9], true),
        reply(c(Command::Status), 16, Source::Fixed, 0, 0)
    );
    // The design's fingerprint, after the `seq`.
    let shown = request(&mut d, c(Command::Design), &[11], true);
    assert_eq!(
        (
            shown.code,
            shown.len,
            shown.has_seq,
            shown.source,
            shown.fixed
        ),
        (c(Command::Design), 9, true, Source::Fixed, (0x10, 0x32))
    );
    // A session: its number kept for the status.
    assert_eq!(
        request(&mut d, c(Command::Session), &[10, 0xef, 0xbe], true),
        reply(c(Command::Session), 1, Source::Fixed, 0, 0)
    );
    assert_eq!(
        (d.session.val().index(), d.last_seq.val().index()),
        (0xbeef, 10)
    );
    let shown = request(&mut d, c(Command::Identify), &[], true);
    assert_eq!(
        (shown.code, shown.len, shown.has_seq),
        (c(Command::Identify), 15, false)
    );
    assert_eq!(d.runs.val().index(), 1, "only launches count");
}

#[test]
fn refusals_and_resends_change_nothing() {
    let mut d = dispatch();
    let c = |c: Command| c as u8;
    // Damaged, unknown, badly sized: [seq, error, command], nothing carried out.
    for (cmd, payload, ok, error) in [
        (c(Command::ClearSm), vec![1], false, LinkError::BadCrc),
        (0x55, vec![1], true, LinkError::UnknownCommand),
        (
            c(Command::ClearSm),
            vec![1, 2, 3],
            true,
            LinkError::BadLength,
        ),
        (
            c(Command::Launch),
            vec![1, 0, 0, 0, 0, 0],
            true,
            LinkError::BadArgument,
        ),
    ] {
        let shown = request(&mut d, cmd, &payload, ok);
        assert_eq!(shown.writes, (false, false, false), "{error:?}");
        assert_eq!(
            (shown.code, shown.len, shown.reply_now),
            (ERROR_REPLY, 3, true)
        );
        assert_eq!(shown.fixed, (error as u64, u64::from(cmd)), "{error:?}");
        assert!(d.refused.val(), "{error:?}: the LED's strobe");
        assert!(!d.launch.val());
    }
    // A request that changed the board, sent again with its seq: answered, not repeated.
    let first = request(&mut d, c(Command::WriteSm), &[42, 0, 0, 7], true);
    assert_eq!(first.writes, (false, true, false));
    let again = request(&mut d, c(Command::WriteSm), &[42, 0, 0, 7], true);
    assert_eq!(
        again.writes,
        (false, false, false),
        "a resend is not carried out"
    );
    assert!(again.reply_now && again.code == c(Command::WriteSm) && again.len == 1);
    let next = request(&mut d, c(Command::WriteSm), &[43, 0, 0, 7], true);
    assert_eq!(next.writes, (false, true, false), "a new seq is");
    let other = request(&mut d, c(Command::WriteSm), &[43, 0, 0, 8], true);
    assert_eq!(
        other.writes,
        (false, true, false),
        "so is another request under the same seq"
    );
    // Nothing while busy.
    d.idle.next = false;
    d.frame_ok.next = true;
    d.cmd.next = u64::from(c(Command::ClearSm)).into();
    d.length.next = 1.into();
    settle(&mut d).unwrap();
    assert!(!d.plan.val() && !d.clear_sm.val());
}
