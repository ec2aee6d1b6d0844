// Properties of one bank's lock (hdl/src/shared_mem/lock.rs), checked on its emitted Verilog
// by testbenches/tests/formal.rs against a reference lock kept here from its inputs.
//
// - locked_as_reference: the lock is held exactly from a granted ld_sync (acquire) until its
//   st_sync (unlock), its owner's end of task, or a launch (clear) — never released earlier,
//   never held longer;
// - row_as_reference: while held, it names the row the ld_sync locked;
// - after_as_reference: locked_after is the lock as it will be next cycle.
//
// Assumed of the shared memory around it: an ld_sync is granted only to an unlocked bank,
// by one core (a one-hot owner); an st_sync only while the bank is locked.
module bank_lock_props(
  input clock,
  input clear,
  input acquire,
  input [7:0] row,
  input [15:0] owner,
  input unlock,
  input [15:0] task_end
);
  wire locked;
  wire [7:0] locked_row;
  wire locked_after;
  // DUT: testbenches/tests/formal.rs instantiates gpu16_bank_lock here as `dut`.

  reg held = 0;
  reg [7:0] held_row = 0;
  reg [15:0] held_owner = 0;
  always @(posedge clock) begin
    if (acquire) begin
      held <= 1;
      held_row <= row;
      held_owner <= owner;
    end
    if (unlock || clear || (held && (task_end & held_owner) != 16'd0)) held <= 0;
  end
  wire held_next = (acquire || held) && !(unlock || clear || (held && (task_end & held_owner) != 16'd0));

  always @(*) begin
    if (acquire) assume (!held && owner != 16'd0 && (owner & (owner - 16'd1)) == 16'd0);
    if (unlock) assume (held && !acquire);
  end

  always @(*) begin
    locked_as_reference: assert (locked == held);
    row_as_reference: assert (!held || locked_row == held_row);
    after_as_reference: assert (locked_after == held_next);
  end
endmodule
