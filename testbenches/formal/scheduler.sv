// Properties of the task scheduler (hdl/src/scheduler), checked on its emitted Verilog by
// testbenches/tests/formal.rs, seen from its ports only, with the program loaded through its
// Task Memory port as the host does.
//
// Kept here from what the ports show: the cores in flight (`start` makes a core busy, its
// READY frees it), the fence of every CF written to Task Memory, the fence of the CF being
// walked (from the `event_*` outputs), and the cores of an `acq` task not yet READY.
//
// - tasks_never_share_a_core: `start` names no core that is busy;
// - r0_only_to_idle_cores: R0 is written to no core that is busy;
// - acq_blocks_later_frames: after an `acq` task is issued, no frame is handled before its
//   last READY;
// - rel_waits_for_all: an IF under `rel` is handled only when no task is in flight.
//
// Assumed of the rest of the GPU: a core signals READY (and a fault with it) only while
// busy; the host writes Task Memory and launches only while the scheduler is idle, with a
// length of 1-64 frames.
module scheduler_props(
  input clock,
  input tm_write,
  input [7:0] tm_line,
  input [63:0] tm_data,
  input launch,
  input [6:0] length,
  input [31:0] max_cycles,
  input [15:0] ready,
  input [15:0] fault,
  input [16*2-1:0] fault_code,
  input [16*4-1:0] fault_ip
);
  wire core_clear, halt, running, done, event_valid, event_if;
  wire [15:0] start, r0_write, event_mask;
  wire [63:0] code_line0, code_line1, code_line2, code_line3;
  wire [16*8-1:0] r0_value;
  wire [31:0] cycles;
  wire [2:0] status_code;
  wire [6:0] status_frame;
  wire [5:0] event_frame;
  wire [3:0] status_core, status_ip;
  // DUT: testbenches/tests/formal.rs instantiates gpu16_scheduler here as `dut`, each port
  // `name$i` connected to element i of `name`.

  reg [15:0] busy = 0;       // cores running a task
  reg [1:0] fence_of [0:63]; // the fence bits of frame f's first task line
  reg [1:0] fence = 0;       // the fence of the CF being walked
  reg [15:0] acq_left = 0;   // cores of the issued acq task not READY yet
  reg [15:0] in_flight = 0;  // last cycle's cores in flight (started or busy, not READY)
  integer f;
  initial for (f = 0; f < 64; f = f + 1) fence_of[f] = 0;

  always @(posedge clock) begin
    busy <= (busy & ~ready) | start;
    in_flight <= (busy | start) & ~ready;
    if (tm_write && tm_line[1:0] == 2'd0) fence_of[tm_line[7:2]] <= tm_data[7:6];
    acq_left <= acq_left & ~ready;
    if (event_valid && !event_if) fence <= fence_of[event_frame];
    if (event_valid && event_if && fence == 2'd1) acq_left <= event_mask & ~ready;
    if (launch) begin
      fence <= 0;
      acq_left <= 0;
    end
  end

  always @(*) begin
    assume ((ready & ~busy) == 16'd0);
    assume ((fault & ~ready) == 16'd0);
    if (tm_write || launch) assume (!running && busy == 16'd0);
    if (launch) assume (length >= 7'd1 && length <= 7'd64);
  end

  always @(*) begin
    tasks_never_share_a_core: assert ((start & busy) == 16'd0);
    r0_only_to_idle_cores: assert ((r0_write & busy) == 16'd0);
    acq_blocks_later_frames: assert (!event_valid || acq_left == 16'd0);
    rel_waits_for_all: assert (!(event_valid && event_if && fence == 2'd2) || in_flight == 16'd0);
  end
endmodule
