// The task scheduler's fence rules as a whole (hdl/src/scheduler): properties that
// testbenches/tests/formal.rs adds to scheduler.sv's module (its ports, the tasks in flight
// and what the cores may do), for a copy of the scheduler whose fence register is bound to
// an output, `formal_fence` (no port of the block shows it).
//
// - rel_waits_for_all: an IF under `rel` issues only when no task is in flight;
// - acq_blocks_until_done: once an IF under `acq` has issued, no frame (CF or IF) is handled
//   until every core of that IF has signalled READY.
//
// A frame handled in cycle c shows on the event outputs in c+1, with its mask; an IF's cores
// get `start` on their task ports in c+1 too. The fence an IF issues under is its CF's.
// Which tasks are in flight, and which an `acq` still waits for, are kept here from the
// ports.
  // The IF handled last cycle, and its fence (SPEC: 1 = acq, 2 = rel).
  wire if_event = event_valid && event_if;
  wire acq_event = if_event && formal_fence == 2'd1;
  wire rel_event = if_event && formal_fence == 2'd2;

  // Cores of the last `acq` IF that have not signalled READY. Its cores start in the cycle
  // its event shows, so none of them is READY then.
  reg [15:0] acq_left = 16'd0;
  always @(posedge clock)
    if (launch) acq_left <= 16'd0;
    else acq_left <= acq_event ? event_mask : acq_left & ~cores_ready;

  // What the decision of each cycle faced, for its event a cycle later: any task in flight
  // (those just started included; a READY in that cycle frees its core), and any core of an
  // issued `acq` IF not yet READY.
  reg busy_at_decision = 1'b0;
  reg acq_pending_at_decision = 1'b0;
  always @(posedge clock) begin
    busy_at_decision <= !launch && ((inflight | cores_start) & ~cores_ready) != 16'd0;
    acq_pending_at_decision <=
        !launch && ((acq_event ? event_mask : acq_left) & ~cores_ready) != 16'd0;
  end

  always @(*) begin
    if (!launch) begin
      rel_waits_for_all: assert (!(rel_event && busy_at_decision));
      acq_blocks_until_done: assert (!(event_valid && acq_pending_at_decision));
    end
  end
