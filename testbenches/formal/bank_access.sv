// Properties of one bank's access stage with its lock (hdl/src/shared_mem/access.rs), checked
// on its emitted Verilog by testbenches/tests/formal.rs against a reference lock kept here from
// what the stage serves. Every bank of the shared memory is an instance of this block, fed its
// arbitration's pick: what holds here holds for each of the 16 banks.
//
// - winner_as_picked: the winner served now is last cycle's pick (none after a launch);
// - one_owner: an ld_sync is never served while the bank is locked, so a lock has one owner
//   until its st_sync, its owner's end of task or a launch releases it;
// - locked_byte_untouched: no plain access to the locked row is served while the lock is held
//   (neither another core's nor, against MACHINE.md §6, its owner's);
// - locked_as_reference: the lock the stage reports (and the counters read) is the
//   reference's;
// - served_only_if_asked: nothing is served without a winner, or while the host holds the
//   banks (a winner's request is still up: the shared memory registers only requests that
//   stay up, testbenches/tests/shared_mem.rs);
// - served_unless_locked: a winner, with the host away, is served unless the
//   lock holds it back as above (so the arbiter's 15-turn bound is not lost to the lock);
// - next_lock_as_reference: locked_next (a register, which keeps the arbitration from
//   picking an ld_sync the lock would hold back) is the lock after this cycle's access, the
//   winner counted as served: exactly, in every cycle but the one after a launch (then 0).
//
// Nothing is assumed of the inputs: any pick, row and task end in any cycle.
module bank_access_props(
  input clock,
  input clear,
  input [15:0] pick,
  input [7:0] pick_row,
  input pick_write,
  input pick_sync,
  input host_en,
  input [15:0] task_end
);
  wire [15:0] win;
  wire [7:0] row;
  wire write;
  wire go;
  wire locked;
  wire locked_next;
  // DUT: testbenches/tests/formal.rs instantiates gpu16_bank_access here as `dut`.

  // The pick as registered for this cycle's access (the reference's winner).
  reg [15:0] p_win = 0;
  reg [7:0] p_row = 0;
  reg p_write = 0;
  reg p_sync = 0;
  reg cleared = 0;
  always @(posedge clock) begin
    p_win <= clear ? 16'd0 : pick;
    p_row <= pick_row;
    p_write <= pick_write;
    p_sync <= pick_sync;
    cleared <= clear;
  end

  wire ld_sync = p_sync && !p_write;
  wire st_sync = p_sync && p_write;
  wire asking = p_win != 16'd0 && !host_en;

  reg held = 0;
  reg [7:0] held_row = 0;
  reg [15:0] held_owner = 0;
  always @(posedge clock) begin
    if (go && ld_sync) begin
      held <= 1;
      held_row <= p_row;
      held_owner <= p_win;
    end
    if ((go && st_sync) || clear || (held && (task_end & held_owner) != 16'd0)) held <= 0;
  end

  always @(*) begin
    winner_as_picked: assert (win == p_win && row == p_row && write == p_write);
    one_owner: assert (!(go && ld_sync && held));
    locked_byte_untouched: assert (!(go && held && !p_sync && p_row == held_row));
    locked_as_reference: assert (locked == held);
    served_only_if_asked: assert (!go || asking);
    served_unless_locked: assert (go || !asking || (held && (ld_sync || (!p_sync && p_row == held_row))));
    next_lock_as_reference: assert (locked_next == (!cleared && (ld_sync || (held && !st_sync))));
  end
endmodule
