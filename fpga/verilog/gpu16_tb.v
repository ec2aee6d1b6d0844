// gpu16 testbench (plain Verilog-2005): runs one program on the emitted GPU, gpu16_top,
// playing the host as the rust-hdl driver does (hdl/src/driver.rs), so every engine reports
// the same cycles and timeline. It reports what the hardware's outputs say, undecoded: the
// status codes, the timeline and the counters are read by `gpu16 run --engine verilator`
// (fpga/src/verilog_engine.rs) with the same code that reads the rust-hdl simulation and the
// board (gpu16_sim::run).
//
// Plusargs:
//   +tm=FILE          Task Memory image (MACHINE.md §8), required
//   +frames=L         program length in frames (1-64), required
//   +sm=FILE          initial shared memory image (default: all zero)
//   +max_cycles=N     TIMEOUT limit (default 0: none)
//   +dump=FILE        final shared memory, $writememh (4096 bytes)
//   +events=FILE      the timeline outputs, one line per cycle of the run in which a frame
//                     was handled or a core signalled READY: "cycle event_valid event_if
//                     event_frame event_mask ready_mask", decimal
//   +regs=FILE        final registers, $writememh (core c register r at line 16c+r)
//   +stats=FILE       counters, $writememh (the GPU's stat_sel order, 96 words)
//   +vcd=FILE         waveform
// Standard output ends with the status outputs:
//   "gpu16_tb: status_code C frame F core K ip I cycles N" (C: 0 ok, else the error's code
//   as gpu16_sim::run::ErrorCode::hardware_code gives it).
//
// The host is a state machine clocked by the GPU's clock: on each rising edge it sees the
// GPU's outputs as they were before the edge, and its nonblocking writes are the GPU's
// inputs for the next cycle. Only the clock generator waits on time, so Verilator schedules
// the whole design statically (about twice as fast as a host process stepping the clock
// with delays).
`timescale 1ns/1ps
module gpu16_tb;
  reg clock = 1'b0;
  always #1 clock = ~clock;

  reg tm_write = 1'b0;
  reg [7:0] tm_line = 8'd0;
  reg [63:0] tm_data = 64'd0;
  reg [1:0] line_gap = 2'd0;  // cycles to wait before the next Task Memory line
  reg sm_en = 1'b0;
  reg [11:0] sm_addr = 12'd0;
  reg sm_write = 1'b0;
  reg [7:0] sm_wdata = 8'd0;
  wire [7:0] rd0, rd1, rd2, rd3, rd4, rd5, rd6, rd7, rd8, rd9, rd10, rd11, rd12, rd13, rd14, rd15;
  reg launch = 1'b0;
  reg [6:0] length = 7'd0;
  reg [31:0] max_cycles = 32'd0;
  wire running, done;
  wire [31:0] cycles;
  wire [2:0] status_code;
  wire [6:0] status_frame;
  wire [3:0] status_core, status_ip;
  wire event_valid, event_if;
  wire [5:0] event_frame;
  wire [15:0] event_mask, ready_mask;
  reg [3:0] dbg_core = 4'd0, dbg_reg = 4'd0;
  wire [7:0] dbg_value;
  reg [6:0] stat_sel = 7'd0;
  wire [31:0] stat_value;
  wire stat_ready;

  gpu16_top uut(
    .clock(clock), .host$tm_write(tm_write), .host$tm_line(tm_line), .host$tm_data(tm_data),
    .host$sm_en(sm_en), .host$sm_addr(sm_addr), .host$sm_write(sm_write), .host$sm_wdata(sm_wdata),
    .sm_rdata$0(rd0), .sm_rdata$1(rd1), .sm_rdata$2(rd2), .sm_rdata$3(rd3),
    .sm_rdata$4(rd4), .sm_rdata$5(rd5), .sm_rdata$6(rd6), .sm_rdata$7(rd7),
    .sm_rdata$8(rd8), .sm_rdata$9(rd9), .sm_rdata$10(rd10), .sm_rdata$11(rd11),
    .sm_rdata$12(rd12), .sm_rdata$13(rd13), .sm_rdata$14(rd14), .sm_rdata$15(rd15),
    .host$launch(launch), .host$length(length), .host$max_cycles(max_cycles), .host$stop(1'b0),
    .host$running(running), .host$done(done), .host$cycles(cycles),
    .host$status_code(status_code), .host$status_frame(status_frame),
    .host$status_core(status_core), .host$status_ip(status_ip),
    .event_valid(event_valid), .event_if(event_if), .event_frame(event_frame),
    .event_mask(event_mask), .ready_mask(ready_mask),
    .host$dbg_core(dbg_core), .host$dbg_reg(dbg_reg), .host$dbg_value(dbg_value),
    .host$stat_sel(stat_sel), .host$stat_value(stat_value), .host$stat_ready(stat_ready)
  );

  // The run's inputs, read by the initial block before the first clock edge.
  reg [63:0] tm [0:255];
  reg [7:0] sm [0:4095];
  reg [11:0] sm_nonzero [0:4095];  // addresses of the initial bytes that are not 0
  reg [1023:0] tm_file, sm_file, dump_file, events_file, regs_file, stats_file, vcd_file;
  integer frames, n_nonzero, max_cycles_arg, a;
  reg ready_to_go = 1'b0;

  // What the host read back.
  reg [7:0] regs [0:255];
  reg [31:0] stats [0:95];
  // The timeline outputs' file (0: not asked for).
  integer events_fd = 0;


  initial begin
    if (!$value$plusargs("tm=%s", tm_file) || !$value$plusargs("frames=%d", frames)) begin
      $display("gpu16_tb: +tm=FILE and +frames=L are required");
      $finish;
    end
    if ($value$plusargs("vcd=%s", vcd_file)) begin
      $dumpfile(vcd_file);
      $dumpvars(0, gpu16_tb);
    end
    for (a = 0; a < 4096; a = a + 1) sm[a] = 8'd0;
    $readmemh(tm_file, tm, 0, 4 * frames - 1);
    if ($value$plusargs("sm=%s", sm_file)) $readmemh(sm_file, sm);
    n_nonzero = 0;
    for (a = 0; a < 4096; a = a + 1)
      if (sm[a] != 8'd0) begin
        sm_nonzero[n_nonzero] = a;
        n_nonzero = n_nonzero + 1;
      end
    if (!$value$plusargs("max_cycles=%d", max_cycles_arg)) max_cycles_arg = 0;
    if ($value$plusargs("events=%s", events_file)) events_fd = $fopen(events_file, "w");
    ready_to_go = 1'b1;
  end

  // The host's steps, in order.
  localparam LOAD_TM = 3'd0, LOAD_SM = 3'd1, LAUNCH = 3'd2, RUN = 3'd3, READ_SM = 3'd4,
             READ_REGS = 3'd5, READ_STATS = 3'd6, REPORT = 3'd7;
  reg [2:0] step = LOAD_TM;
  integer i = 0;       // the step's item (TM line, byte, row, register, counter)
  integer cycle = 0;   // cycles since the run started, as the rust-hdl driver counts them
  reg started = 1'b0;  // the run's cycle 0 has come

  // Records this cycle's timeline outputs (the design settled, before the edge), as
  // hdl/src/driver.rs does.
  task observe;
    if (events_fd != 0 && (event_valid || ready_mask != 16'd0))
      $fwrite(events_fd, "%0d %0d %0d %0d %0d %0d\n", cycle, event_valid, event_if, event_frame,
              event_mask, ready_mask);
  endtask

  // Writes the dumps and the status outputs, and ends the simulation.
  task report;
    begin
      if ($value$plusargs("dump=%s", dump_file)) $writememh(dump_file, sm);
      if ($value$plusargs("regs=%s", regs_file)) $writememh(regs_file, regs);
      if ($value$plusargs("stats=%s", stats_file)) $writememh(stats_file, stats);
      if (events_fd != 0) $fclose(events_fd);
      $display("gpu16_tb: status_code %0d frame %0d core %0d ip %0d cycles %0d", status_code,
               status_frame, status_core, status_ip, cycles);
      $finish;
    end
  endtask

  always @(posedge clock) if (ready_to_go) begin
    tm_write <= 1'b0;
    sm_en <= 1'b0;
    sm_write <= 1'b0;
    launch <= 1'b0;
    case (step)
      // Task Memory, a line every 4th cycle (the GPU writes each into the cores' program
      // memories over the cycles after it: hdl/src/program_writer.rs, LINE_CYCLES).
      LOAD_TM:
        if (line_gap != 2'd0) begin
          line_gap <= line_gap - 2'd1;
        end else if (i < 4 * frames) begin
          tm_write <= 1'b1; tm_line <= i[7:0]; tm_data <= tm[i];
          i = i + 1;
          line_gap <= 2'd3;
        end else begin
          step = LOAD_SM; i = 0;
        end
      // Shared memory starts zeroed: only the bytes that are not 0, one per cycle.
      LOAD_SM:
        if (i < n_nonzero) begin
          sm_en <= 1'b1; sm_write <= 1'b1; sm_addr <= sm_nonzero[i]; sm_wdata <= sm[sm_nonzero[i]];
          i = i + 1;
        end else begin
          launch <= 1'b1; length <= frames[6:0]; max_cycles <= max_cycles_arg;
          step = LAUNCH;
        end
      // launch is high this cycle; the GPU then zeroes the cores' registers, and the run's
      // cycle 0 is the first with running high.
      LAUNCH: begin
        step = RUN; cycle = 0; started = 1'b0;
      end
      RUN:
        if (!started && !running) begin
          // the registers are being zeroed
        end else if (!done) begin
          started = 1'b1;
          observe;
          cycle = cycle + 1;
        end else begin
          // The outputs of the cycle done rises in still show the last frame handled.
          observe;
          sm_en <= 1'b1; sm_addr <= 12'd0;
          step = READ_SM; i = 1;
        end
      // One row of all banks per cycle; a row's bytes arrive two edges after its address.
      READ_SM: begin
        sm_en <= 1'b1;
        if (i < 256) sm_addr <= i[11:0];
        if (i >= 2) begin
          sm[0 * 256 + i - 2] = rd0;   sm[1 * 256 + i - 2] = rd1;
          sm[2 * 256 + i - 2] = rd2;   sm[3 * 256 + i - 2] = rd3;
          sm[4 * 256 + i - 2] = rd4;   sm[5 * 256 + i - 2] = rd5;
          sm[6 * 256 + i - 2] = rd6;   sm[7 * 256 + i - 2] = rd7;
          sm[8 * 256 + i - 2] = rd8;   sm[9 * 256 + i - 2] = rd9;
          sm[10 * 256 + i - 2] = rd10; sm[11 * 256 + i - 2] = rd11;
          sm[12 * 256 + i - 2] = rd12; sm[13 * 256 + i - 2] = rd13;
          sm[14 * 256 + i - 2] = rd14; sm[15 * 256 + i - 2] = rd15;
        end
        if (i == 257) begin
          sm_en <= 1'b0;
          dbg_core <= 4'd0; dbg_reg <= 4'd0;
          step = READ_REGS; i = 1;
        end else i = i + 1;
      end
      // Registers through the debug selects: one a cycle, each on dbg_value two rising
      // edges after this host drives its select (the GPU registers it).
      READ_REGS: begin
        if (i >= 2) regs[i - 2] = dbg_value;
        if (i < 257) begin
          dbg_core <= i[7:4]; dbg_reg <= i[3:0];
          i = i + 1;
        end else begin
          step = READ_STATS; i = 0;
        end
      end
      // Counters, once final: counter i arrives the cycle after its select.
      READ_STATS: if (stat_ready) begin
        if (i >= 2) stats[i - 2] = stat_value;
        if (i < 96) stat_sel <= i[6:0];
        if (i == 97) step = REPORT;
        else i = i + 1;
      end
      REPORT: report;
    endcase
  end
endmodule
