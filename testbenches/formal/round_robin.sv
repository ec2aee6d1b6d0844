// Properties of one bank's arbiter (hdl/src/shared_mem/arbiter.rs), checked on its emitted
// Verilog by testbenches/tests/formal.rs.
//
// - one_winner: at most one grant per cycle;
// - only_requesters: a grant goes only to an eligible requester;
// - someone_wins: if anyone is eligible, someone is granted;
// - fair: a requester that stays eligible is granted within 15 grants to others.
module round_robin_props(input clock, input clear, input [15:0] eligible);
  wire [15:0] grant;
  gpu16_round_robin dut(.clock(clock), .clear(clear), .eligible(eligible), .grant(grant));

  // The requester whose wait is measured: any one, fixed for the run.
  (* anyconst *) reg [3:0] watched;
  // Cycles the watched requester has been eligible without a grant (since the last clear:
  // launch starts arbitration afresh).
  reg [4:0] waited = 0;
  always @(posedge clock)
    if (clear) waited <= 0;
    else if (eligible[watched] && !grant[watched]) waited <= waited + 1;
    else waited <= 0;

  always @(*) begin
    one_winner: assert ((grant & (grant - 16'd1)) == 16'd0);
    only_requesters: assert ((grant & ~eligible) == 16'd0);
    someone_wins: assert (eligible == 16'd0 || grant != 16'd0);
    fair: assert (waited <= 5'd15);
  end
endmodule
