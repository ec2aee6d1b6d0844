// Properties of one bank's access stage with its lock (hdl/src/shared_mem/access.rs), checked
// on its emitted Verilog by testbenches/tests/formal.rs against a reference lock kept here from
// what the stage serves. Every bank of the shared memory is an instance of this block, fed its
// registered arbitration winner: what holds here holds for each of the 16 banks.
//
// - one_owner: an ld_sync is never served while the bank is locked, so a lock has one owner
//   until its st_sync, its owner's end of task or a launch releases it;
// - locked_byte_untouched: no plain access to the locked row is served while the lock is held
//   (neither another core's nor, against SPEC §6, its owner's);
// - locked_as_reference: the lock the stage reports (and the arbitration reads) is the
//   reference's;
// - served_only_if_asked: nothing is served without a winner, or while the host holds the
//   banks (a winner's request is still up: the shared memory registers only requests that
//   stay up, testbenches/tests/shared_mem.rs);
// - served_unless_locked: a winner, with the host away, is served unless the
//   lock holds it back as above (so the arbiter's 15-turn bound is not lost to the lock);
// - next_lock_when_served: when the winner is served, locked_next (which keeps the arbitration
//   from picking an ld_sync the lock would hold back) is the lock after this access.
//
// Nothing is assumed of the inputs: any winner, row and task end in any cycle.
module bank_access_props(
  input clock,
  input clear,
  input [15:0] win,
  input [7:0] row,
  input write,
  input sync,
  input host_en,
  input [15:0] task_end
);
  wire go;
  wire locked;
  wire locked_next;
  // DUT: testbenches/tests/formal.rs instantiates gpu16_bank_access here as `dut`.

  wire ld_sync = sync && !write;
  wire st_sync = sync && write;
  wire asking = win != 16'd0 && !host_en;

  reg held = 0;
  reg [7:0] held_row = 0;
  reg [15:0] held_owner = 0;
  always @(posedge clock) begin
    if (go && ld_sync) begin
      held <= 1;
      held_row <= row;
      held_owner <= win;
    end
    if ((go && st_sync) || clear || (held && (task_end & held_owner) != 16'd0)) held <= 0;
  end

  always @(*) begin
    one_owner: assert (!(go && ld_sync && held));
    locked_byte_untouched: assert (!(go && held && !sync && row == held_row));
    locked_as_reference: assert (locked == held);
    served_only_if_asked: assert (!go || asking);
    served_unless_locked: assert (go || !asking || (held && (ld_sync || (!sync && row == held_row))));
    next_lock_when_served: assert (!go || locked_next == (ld_sync || (held && !st_sync)));
  end
endmodule
