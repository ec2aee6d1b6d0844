//! The bridge's request check (hdl/src/bridge/request_check.rs): the contract's rules
//! (`gpu16_sim::link::refusal`) against the protocol as BOARD.md states it, for every command
//! code, every length and the edges of every count; and the block's generated Verilog against
//! its simulation, cycle for cycle in Icarus, over the same requests.

use gpu16_fpga::cosim::{Recording, Simulator};
use gpu16_fpga::emit;
use gpu16_hdl::bridge::request_check::RequestCheck;
use gpu16_hdl::sim::{connected, settle};
use gpu16_sim::link::{refusal, BoardState, Command, LinkError};
use gpu16_testbenches::rng::Rng;
use gpu16_testbenches::scratch;
use rust_hdl::prelude::*;

/// The rules restated from the protocol's description, independently of `Command::shape`.
fn expected(
    code: u8,
    length: u8,
    payload: [u8; 4],
    board: BoardState,
    resend: bool,
) -> Option<LinkError> {
    use LinkError::*;
    let count = |i: usize, max: u8| (payload[i] == 0 || payload[i] > max).then_some(BadArgument);
    let verdict = match code {
        1 => (length != 0).then_some(BadLength),
        2 => (length < 10 || length % 8 != 2).then_some(BadLength),
        3 => (length < 4).then_some(BadLength),
        4 => {
            if length != 4 {
                Some(BadLength)
            } else {
                count(3, 254)
            }
        }
        5 | 7 => (length != 1).then_some(BadLength),
        6 => {
            if length != 6 {
                Some(BadLength)
            } else {
                count(1, 64)
            }
        }
        8 => {
            if length != 4 {
                Some(BadLength)
            } else {
                count(3, 25)
            }
        }
        9 => {
            if length != 3 {
                Some(BadLength)
            } else {
                count(2, 63).or((!board.counters_ready).then_some(Busy))
            }
        }
        10 => {
            if length != 3 {
                Some(BadLength)
            } else {
                count(2, 254)
            }
        }
        11 => {
            if length != 3 {
                Some(BadLength)
            } else {
                (payload[1] == 0 && payload[2] == 0).then_some(BadArgument)
            }
        }
        12..=14 => (length != 1).then_some(BadLength),
        _ => Some(UnknownCommand),
    };
    let idle_only = !matches!(code, 1 | 7 | 8 | 11..=14);
    verdict.or(((1..=14).contains(&code) && idle_only && board.running && !resend).then_some(Busy))
}

/// Requests worth checking: every code and length with typical payloads, then the edges of
/// each count with every board state.
fn requests(rng: &mut Rng) -> Vec<(u8, u8, [u8; 4], BoardState, bool)> {
    let mut out = Vec::new();
    let idle = BoardState {
        running: false,
        counters_ready: true,
    };
    for code in 0..=255u8 {
        for length in 0..=255u8 {
            if code <= 14 || length % 37 == 0 {
                out.push((code, length, [1, 1, 1, 1], idle, false));
            }
        }
    }
    // A session number of 0 in either byte order, and numbers with one byte 0.
    for number in [[0u8, 0], [1, 0], [0, 1]] {
        out.push((11, 3, [5, number[0], number[1], 0], idle, false));
    }
    for command in Command::ALL {
        let code = command as u8;
        for length in [0, 1, 3, 4, 6, 10] {
            for edge in [0u8, 1, 25, 26, 63, 64, 65, 254, 255] {
                for (running, counters_ready, resend) in
                    (0..8).map(|b| (b & 1 != 0, b & 2 != 0, b & 4 != 0))
                {
                    let mut payload: [u8; 4] = std::array::from_fn(|_| rng.below(256) as u8);
                    payload[1] = edge;
                    payload[2] = edge;
                    payload[3] = edge;
                    out.push((
                        code,
                        length,
                        payload,
                        BoardState {
                            running,
                            counters_ready,
                        },
                        resend,
                    ));
                }
            }
        }
    }
    out
}

/// The block in a clocked wrapper, so that its replay has a clock to step.
#[derive(LogicBlock, Default)]
struct Wrapped {
    clock: Signal<In, Clock>,
    cmd: Signal<In, Bits<8>>,
    length: Signal<In, Bits<8>>,
    payload: Signal<In, Bits<32>>,
    running: Signal<In, Bit>,
    counters_ready: Signal<In, Bit>,
    frame_crc: Signal<In, Bits<16>>,
    last_seq: Signal<In, Bits<8>>,
    last_cmd: Signal<In, Bits<8>>,
    last_crc: Signal<In, Bits<16>>,
    changes: Signal<Out, Bit>,
    resend: Signal<Out, Bit>,
    refusal: Signal<Out, Bits<8>>,
    check: RequestCheck,
}

impl Logic for Wrapped {
    #[hdl_gen]
    fn update(&mut self) {
        self.check.cmd.next = self.cmd.val();
        self.check.length.next = self.length.val();
        self.check.payload.next = self.payload.val();
        self.check.running.next = self.running.val();
        self.check.counters_ready.next = self.counters_ready.val();
        self.check.last_seq.next = self.last_seq.val();
        self.check.last_cmd.next = self.last_cmd.val();
        self.check.frame_crc.next = self.frame_crc.val();
        self.check.last_crc.next = self.last_crc.val();
        self.changes.next = self.check.changes.val();
        self.resend.next = self.check.resend.val();
        self.refusal.next = self.check.refusal.val();
    }
}

#[test]
fn the_contract_refuses_what_the_protocol_says() {
    let mut rng = Rng::new(21);
    for (code, length, payload, board, resend) in requests(&mut rng) {
        assert_eq!(
            refusal(code, length, payload, board, resend),
            expected(code, length, payload, board, resend),
            "command {code}, length {length}, payload {payload:?}, {board:?}, resend {resend}"
        );
    }
}

#[test]
fn the_verilog_checks_as_the_simulation_does() {
    let mut w = connected::<Wrapped>();
    let mut rec = Recording::default();
    let mut rng = Rng::new(22);
    let (mut refused, mut resends) = (0, 0);
    for (code, length, payload, board, resend) in requests(&mut rng) {
        // A resend repeats the last changing request's seq, command and CRC; any other
        // request differs in one of them.
        let crc = rng.below(1 << 16) as u16;
        let (mut last_seq, mut last_cmd, mut last_crc) = (payload[0], code, crc);
        if !resend {
            match rng.below(3) {
                0 => last_seq ^= 1,
                1 => last_cmd ^= 1,
                _ => last_crc ^= 1 << rng.below(16),
            }
        }
        w.frame_crc.next = u64::from(crc).into();
        w.last_crc.next = u64::from(last_crc).into();
        w.cmd.next = u64::from(code).into();
        w.length.next = u64::from(length).into();
        w.payload.next = payload
            .iter()
            .rev()
            .fold(0u64, |word, b| word << 8 | u64::from(*b))
            .into();
        w.running.next = board.running;
        w.counters_ready.next = board.counters_ready;
        w.last_seq.next = u64::from(last_seq).into();
        w.last_cmd.next = u64::from(last_cmd).into();
        settle(&mut w).unwrap();
        let is_resend = resend && Command::from_code(code).is_some_and(Command::changes_board);
        assert_eq!(w.resend.val(), is_resend, "command {code}");
        let want = refusal(code, length, payload, board, is_resend).map_or(0, |e| e as u64);
        assert_eq!(
            w.refusal.val().to_u64(),
            want,
            "command {code}, length {length}"
        );
        refused += u32::from(want != 0);
        resends += u32::from(is_resend);
        rec.sample(&w);
    }
    assert!(
        refused > 1000 && resends > 100,
        "{refused} refused, {resends} resends"
    );
    let v = emit::verilog(&w, "request_check").unwrap();
    rec.run(
        &v,
        "request_check",
        Simulator::Icarus,
        &scratch!("request_check"),
    )
    .unwrap();
}
