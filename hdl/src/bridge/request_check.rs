//! Whether the bridge carries out a request that arrived whole, and if not why
//! (`gpu16_sim::link::refusal`), and whether it is a resend of the last request that changed
//! the board. Every rule comes from the contract: the simulation asks `refusal` itself, and
//! the Verilog is generated from the commands' shapes (`Command::shape`), so the limits are
//! written once (the board's replays in Icarus and Verilator compare the two cycle for cycle).

use gpu16_sim::link::{is_resend, refusal, BoardState, Command, LastChange, Length, LinkError};
use rust_hdl::prelude::*;

/// Combinational.
#[derive(LogicBlock, Default)]
pub struct RequestCheck {
    /// The request: command code, payload length, payload bytes 0–3 (`seq` and three
    /// arguments; byte i in bits 8i+7..8i).
    pub cmd: Signal<In, Bits<8>>,
    pub length: Signal<In, Bits<8>>,
    pub payload: Signal<In, Bits<32>>,
    /// The request's CRC-16 (its last two bytes, high byte first).
    pub frame_crc: Signal<In, Bits<16>>,
    /// A run is in progress; the counters are final.
    pub running: Signal<In, Bit>,
    pub counters_ready: Signal<In, Bit>,
    /// The `seq`, command and CRC-16 of the last request that changed the board.
    pub last_seq: Signal<In, Bits<8>>,
    pub last_cmd: Signal<In, Bits<8>>,
    pub last_crc: Signal<In, Bits<16>>,
    /// The request changes the board (`Command::changes_board`); it repeats the last one
    /// that did (`is_resend`: the same command, `seq` and CRC).
    pub changes: Signal<Out, Bit>,
    pub resend: Signal<Out, Bit>,
    /// Why it is refused (`LinkError`), 0 to carry it out.
    pub refusal: Signal<Out, Bits<8>>,
}

impl Logic for RequestCheck {
    fn update(&mut self) {
        let code = self.cmd.val().to_u64() as u8;
        let payload: [u8; 4] =
            std::array::from_fn(|i| self.payload.val().get_bits::<8>(8 * i).to_u64() as u8);
        let changes = Command::from_code(code).is_some_and(Command::changes_board);
        let last = LastChange {
            seq: self.last_seq.val().to_u64() as u8,
            command: self.last_cmd.val().to_u64() as u8,
            crc: self.last_crc.val().to_u64() as u16,
        };
        let resend = is_resend(code, payload[0], self.frame_crc.val().to_u64() as u16, last);
        let board = BoardState {
            running: self.running.val(),
            counters_ready: self.counters_ready.val(),
        };
        let why = refusal(
            code,
            self.length.val().to_u64() as u8,
            payload,
            board,
            resend,
        );
        self.changes.next = changes;
        self.resend.next = resend;
        self.refusal.next = u64::from(why.map_or(0, |e| e as u8)).into();
    }

    fn connect(&mut self) {
        self.changes.connect();
        self.resend.connect();
        self.refusal.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(verilog())
    }
}

/// The block's Verilog, written from the commands' shapes in the order `refusal` checks.
fn verilog() -> String {
    let err = |e: LinkError| format!("8'd{}", e as u8);
    let mut v = String::from(
        "reg needs_idle;\nalways @(*) begin\n   refusal = 8'd0;\n   needs_idle = 1'b0;\n   \
         changes = 1'b0;\n   case (cmd)\n",
    );
    for command in Command::ALL {
        let shape = command.shape();
        let length_bad = match shape.length {
            Length::Exact(n) => format!("length != 8'd{n}"),
            Length::AtLeast(n) => format!("length < 8'd{n}"),
            Length::Lines(n) => format!("length <= 8'd{n} || length[2:0] != 3'd{}", n % 8),
        };
        v += &format!("      8'd{}: begin\n", command as u8);
        v += &format!(
            "         changes = 1'b{};\n",
            u8::from(command.changes_board())
        );
        v += &format!("         needs_idle = 1'b{};\n", u8::from(shape.needs_idle));
        v += &format!(
            "         if ({length_bad}) refusal = {};\n",
            err(LinkError::BadLength)
        );
        if let Some((arg, max)) = shape.count {
            let byte = format!("payload[{}:{}]", 8 * arg + 7, 8 * arg);
            v += &format!(
                "         else if ({byte} == 8'd0 || {byte} > 8'd{max}) refusal = {};\n",
                err(LinkError::BadArgument)
            );
        }
        if let Some(at) = shape.nonzero {
            v += &format!(
                "         else if (payload[{}:{}] == 16'd0) refusal = {};\n",
                8 * at + 15,
                8 * at,
                err(LinkError::BadArgument)
            );
        }
        if shape.needs_counters {
            v += &format!(
                "         else if (!counters_ready) refusal = {};\n",
                err(LinkError::Busy)
            );
        }
        v += "      end\n";
    }
    v += &format!(
        "      default: refusal = {};\n   endcase\n   resend = changes && payload[7:0] == last_seq \
         && cmd == last_cmd && frame_crc == last_crc;\n   if (refusal == 8'd0 && needs_idle && running && !resend)\n      \
         refusal = {};\nend\n",
        err(LinkError::UnknownCommand),
        err(LinkError::Busy)
    );
    v
}
