// Properties of the task scheduler (hdl/src/scheduler), checked on its emitted Verilog by
// testbenches/tests/formal.rs with the Task Memory's three block RAMs replaced by free outputs:
// whatever frame the scheduler reads, in every cycle, may be anything at all.
//
// - cores_never_shared: a task is started only on a core with no task in flight;
// - r0_only_to_idle: a register (a CF's R0, or launch's zeroing) is written only on cores
//   with no task in flight;
// - starts_the_frame_named_ahead: a start's frame is the `next_frame` of the cycle before,
//   whose word 0 the cores read ahead from their program memories;
// - only_present_cores: no task starts on a core the build lacks (`present`, a constant of
//   the build: MACHINE.md §1, `NO_CORE`).
//
// What the cores may do: a core signals READY only while it has a task in flight (a task is
// in flight from the cycle after its `start` until its READY), and a fault comes with a
// READY. Launch forgets every task.
//
// The 16 task ports show here side by side: `cores_start[i]` is core i's `start`,
// `cores_start_frame[6i+5:6i]` its `start_frame`.
module scheduler_props(
    input clock, input tm_write, input [7:0] tm_line, input [63:0] tm_data, input launch,
    input [6:0] length, input [31:0] max_cycles, input stop, input [15:0] cores_ready,
    input [15:0] cores_fault, input [31:0] cores_fault_code, input [63:0] cores_fault_ip,
    input [15:0] present);
  wire clear, halt, running, done, event_valid, event_if;
  wire [15:0] cores_clear, cores_halt, cores_start, cores_init_write, ready, event_mask;
  wire [95:0] cores_start_frame, cores_next_frame;
  wire [63:0] cores_init_reg;
  wire [127:0] cores_init_value;
  wire [31:0] cycles;
  wire [2:0] status_code;
  wire [6:0] status_frame;
  wire [3:0] status_core, status_ip;
  wire [5:0] event_frame;
  wire [6:0] trace_tp;
  wire [15:0] trace_busy, trace_acq, trace_holds;
  wire trace_handled;
  wire [2:0] trace_error;
  // DUT: testbenches/tests/formal.rs instantiates gpu16_scheduler here as `dut`.

  // Cores with a task in flight, as the cores see it.
  reg [15:0] inflight = 16'd0;
  always @(posedge clock)
    if (launch) inflight <= 16'd0;
    else inflight <= (inflight & ~cores_ready) | cores_start;

  // `next_frame` in the cycle before.
  reg [5:0] named_ahead = 6'd0;
  always @(posedge clock) named_ahead <= cores_next_frame[5:0];

  // `present` is the same in every cycle.
  reg [15:0] present_before = 16'd0;
  reg started = 1'b0;
  always @(posedge clock) begin
    present_before <= present;
    started <= 1'b1;
  end

  always @(*) begin
    if (started) assume (present == present_before);
    assume ((cores_ready & ~inflight) == 16'd0);
    assume ((cores_fault & ~cores_ready) == 16'd0);
    if (!launch) begin
      cores_never_shared: assert ((cores_start & inflight) == 16'd0);
      r0_only_to_idle: assert ((cores_init_write & inflight) == 16'd0);
      starts_the_frame_named_ahead: assert (cores_start == 0 || cores_start_frame[5:0] == named_ahead);
      only_present_cores: assert ((cores_start & ~present) == 16'd0);
    end
  end
endmodule
