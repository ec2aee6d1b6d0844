// Properties of the scheduler's fence rules (hdl/src/scheduler/fence.rs), checked on its
// emitted Verilog by testbenches/tests/formal.rs for every input.
//
// The scheduler issues the IF when none of the cores in `waits_for` is busy (`may_issue`
// below, for any set of busy cores):
//
// - rel_waits_for_all: under `rel` an IF may issue only when no task is in flight;
// - cores_never_shared: under `no` and `acq` only when none of its cores is busy;
// - own_cores_only: under `no` and `acq` an IF waits for no core outside its mask (a task
//   elsewhere never holds it back);
// - acquire_is_acq: the IF blocks later frames exactly under `acq`.
module fence_check_props(input [1:0] fence, input [15:0] mask, input [15:0] busy);
  wire [15:0] waits_for;
  wire acquire;
  // DUT: testbenches/tests/formal.rs instantiates gpu16_fence_check here as `dut`.
  wire may_issue = (waits_for & busy) == 16'd0;

  always @(*) begin
    rel_waits_for_all: assert (!(fence == 2'd2 && may_issue) || busy == 16'd0);
    cores_never_shared: assert (!(fence != 2'd2 && may_issue) || (mask & busy) == 16'd0);
    own_cores_only: assert (fence == 2'd2 || (waits_for & ~mask) == 16'd0);
    acquire_is_acq: assert (acquire == (fence == 2'd1));
  end
endmodule
