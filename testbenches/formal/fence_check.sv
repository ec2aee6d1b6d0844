// Properties of the scheduler's fence rules (hdl/src/scheduler/fence.rs), checked on its
// emitted Verilog by testbenches/tests/formal.rs for every input.
//
// - rel_waits_for_all: under `rel` an IF may issue only when no task is in flight;
// - cores_never_shared: under `no` and `acq` only when none of its cores is busy;
// - idle_machine_issues: with nothing in flight an IF may always issue (no deadlock);
// - acquire_is_acq: the IF blocks later frames exactly under `acq`.
module fence_check_props(input [1:0] fence, input [15:0] mask, input [15:0] busy);
  wire may_issue, acquire;
  // DUT: testbenches/tests/formal.rs instantiates gpu16_fence_check here as `dut`.

  always @(*) begin
    rel_waits_for_all: assert (!(fence == 2'd2 && may_issue) || busy == 16'd0);
    cores_never_shared: assert (!(fence != 2'd2 && may_issue) || (mask & busy) == 16'd0);
    idle_machine_issues: assert (busy != 16'd0 || may_issue);
    acquire_is_acq: assert (acquire == (fence == 2'd1));
  end
endmodule
