// gpu16 testbench (plain Verilog-2005): runs one program on the emitted GPU, gpu16_top,
// playing the host exactly as the rust-hdl driver does (hdl/src/driver.rs), so every engine
// reports the same cycles and timeline.
//
// Plusargs:
//   +tm=FILE          Task Memory image (SPEC §8), required
//   +frames=L         program length in frames (1-64), required
//   +sm=FILE          initial shared memory image (default: all zero)
//   +max_cycles=N     TIMEOUT limit (default 0: none)
//   +dump=FILE        final shared memory, $writememh (4096 bytes)
//   +timeline=FILE    timeline JSON (SPEC §9)
//   +regs=FILE        final registers, $writememh (core c register r at line 16c+r)
//   +stats=FILE       counters, $writememh (the GPU's stat_sel order, 96 words)
//   +vcd=FILE         waveform
// Standard output ends with the SPEC §9 status line.
`timescale 1ns/1ps
module gpu16_tb;
  reg clock = 1'b0;
  reg tm_write = 1'b0;
  reg [7:0] tm_line = 8'd0;
  reg [63:0] tm_data = 64'd0;
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
  wire [5:0] status_frame;
  wire [3:0] status_core, status_ip;
  wire event_valid, event_if;
  wire [5:0] event_frame;
  wire [15:0] event_mask, ready_mask;
  reg [3:0] dbg_core = 4'd0, dbg_reg = 4'd0;
  wire [7:0] dbg_value;
  reg [6:0] stat_sel = 7'd0;
  wire [31:0] stat_value;

  gpu16_top uut(
    .clock(clock), .tm_write(tm_write), .tm_line(tm_line), .tm_data(tm_data),
    .sm_en(sm_en), .sm_addr(sm_addr), .sm_write(sm_write), .sm_wdata(sm_wdata),
    .sm_rdata$0(rd0), .sm_rdata$1(rd1), .sm_rdata$2(rd2), .sm_rdata$3(rd3),
    .sm_rdata$4(rd4), .sm_rdata$5(rd5), .sm_rdata$6(rd6), .sm_rdata$7(rd7),
    .sm_rdata$8(rd8), .sm_rdata$9(rd9), .sm_rdata$10(rd10), .sm_rdata$11(rd11),
    .sm_rdata$12(rd12), .sm_rdata$13(rd13), .sm_rdata$14(rd14), .sm_rdata$15(rd15),
    .launch(launch), .length(length), .max_cycles(max_cycles),
    .running(running), .done(done), .cycles(cycles),
    .status_code(status_code), .status_frame(status_frame),
    .status_core(status_core), .status_ip(status_ip),
    .event_valid(event_valid), .event_if(event_if), .event_frame(event_frame),
    .event_mask(event_mask), .ready_mask(ready_mask),
    .dbg_core(dbg_core), .dbg_reg(dbg_reg), .dbg_value(dbg_value),
    .stat_sel(stat_sel), .stat_value(stat_value)
  );

  reg [63:0] tm [0:255];
  reg [7:0] sm [0:4095];
  reg [7:0] regs [0:255];
  reg [31:0] stats [0:95];
  // The timeline: one entry per handled frame.
  reg [5:0] ev_frame [0:63];
  reg ev_if [0:63];
  reg [15:0] ev_mask [0:63];
  reg [31:0] ev_issue [0:63];
  reg [31:0] ev_complete [0:63];
  reg [15:0] ev_left [0:63];
  reg [6:0] task_of [0:15];

  reg [1023:0] tm_file, sm_file, dump_file, timeline_file, regs_file, stats_file, vcd_file;
  integer frames, n_events, cycle, a, c, r, e, fd;

  // One clock cycle: the inputs as set, settled; then the rising and falling edges.
  task step;
    begin
      #1 clock = 1'b1;
      #1 clock = 1'b0;
      #1;
    end
  endtask

  // What the host sees this cycle (the design settled, before the edge): timeline events
  // and READY signals, as hdl/src/driver.rs records them.
  task observe;
    begin
      if (event_valid) begin
        ev_frame[n_events] = event_frame;
        ev_if[n_events] = event_if;
        ev_mask[n_events] = event_mask;
        if (event_if) ev_issue[n_events] = cycle + 1;
        else ev_issue[n_events] = cycle - 1;
        ev_complete[n_events] = ev_issue[n_events];
        ev_left[n_events] = event_if ? event_mask : 16'd0;
        for (c = 0; c < 16; c = c + 1)
          if (event_if && event_mask[c]) task_of[c] = n_events;
        n_events = n_events + 1;
      end
      for (c = 0; c < 16; c = c + 1)
        if (ready_mask[c]) begin
          e = task_of[c];
          ev_left[e] = ev_left[e] & ~(16'd1 << c);
          if (ev_left[e] == 16'd0) ev_complete[e] = cycle;
        end
    end
  endtask

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
    if (!$value$plusargs("max_cycles=%d", max_cycles)) max_cycles = 32'd0;
    n_events = 0;
    cycle = 0;
    #1;

    // Load Task Memory, then the shared-memory bytes that are not 0 (it starts zeroed).
    for (a = 0; a < 4 * frames; a = a + 1) begin
      tm_write = 1'b1; tm_line = a; tm_data = tm[a];
      step;
    end
    tm_write = 1'b0;
    for (a = 0; a < 4096; a = a + 1)
      if (sm[a] != 8'd0) begin
        sm_en = 1'b1; sm_write = 1'b1; sm_addr = a; sm_wdata = sm[a];
        step;
      end
    sm_en = 1'b0; sm_write = 1'b0;

    // Launch and run until done.
    launch = 1'b1; length = frames;
    step;
    launch = 1'b0;
    while (!done) begin
      observe;
      step;
      cycle = cycle + 1;
    end
    for (e = 0; e < n_events; e = e + 1)
      if (ev_left[e] != 16'd0) ev_complete[e] = cycles;

    // Read back shared memory, one row of all banks per cycle.
    sm_en = 1'b1;
    for (r = 0; r <= 256; r = r + 1) begin
      if (r < 256) sm_addr = r;
      if (r > 0) begin
        sm[0 * 256 + r - 1] = rd0;   sm[1 * 256 + r - 1] = rd1;
        sm[2 * 256 + r - 1] = rd2;   sm[3 * 256 + r - 1] = rd3;
        sm[4 * 256 + r - 1] = rd4;   sm[5 * 256 + r - 1] = rd5;
        sm[6 * 256 + r - 1] = rd6;   sm[7 * 256 + r - 1] = rd7;
        sm[8 * 256 + r - 1] = rd8;   sm[9 * 256 + r - 1] = rd9;
        sm[10 * 256 + r - 1] = rd10; sm[11 * 256 + r - 1] = rd11;
        sm[12 * 256 + r - 1] = rd12; sm[13 * 256 + r - 1] = rd13;
        sm[14 * 256 + r - 1] = rd14; sm[15 * 256 + r - 1] = rd15;
      end
      step;
    end
    sm_en = 1'b0;
    if ($value$plusargs("dump=%s", dump_file)) $writememh(dump_file, sm);

    // Registers and counters through the debug selects.
    for (c = 0; c < 16; c = c + 1)
      for (r = 0; r < 16; r = r + 1) begin
        dbg_core = c; dbg_reg = r;
        #1 regs[16 * c + r] = dbg_value;
      end
    if ($value$plusargs("regs=%s", regs_file)) $writememh(regs_file, regs);
    for (a = 0; a < 96; a = a + 1) begin
      stat_sel = a;
      #1 stats[a] = stat_value;
    end
    if ($value$plusargs("stats=%s", stats_file)) $writememh(stats_file, stats);

    if ($value$plusargs("timeline=%s", timeline_file)) begin
      fd = $fopen(timeline_file, "w");
      $fwrite(fd, "[\n");
      for (e = 0; e < n_events; e = e + 1)
        $fwrite(fd, "  {\"frame\":%0d,\"kind\":\"%s\",\"mask\":%0d,\"issue\":%0d,\"complete\":%0d}%s\n",
                ev_frame[e], ev_if[e] ? "if" : "cf", ev_mask[e], ev_issue[e], ev_complete[e],
                e + 1 < n_events ? "," : "");
      $fwrite(fd, "]\n");
      $fclose(fd);
    end

    case (status_code)
      3'd0: $display("status: ok cycles: %0d", cycles);
      3'd1: $display("status: error BAD_FENCE frame: %0d cycles: %0d", status_frame, cycles);
      3'd2: $display("status: error TRUNCATED frame: %0d cycles: %0d", status_frame, cycles);
      3'd3: $display("status: error ILLEGAL_INSN frame: %0d core: %0d ip: %0d cycles: %0d",
                     status_frame, status_core, status_ip, cycles);
      3'd4: $display("status: error ATOMIC_VIOLATION frame: %0d core: %0d ip: %0d cycles: %0d",
                     status_frame, status_core, status_ip, cycles);
      default: $display("status: error TIMEOUT frame: %0d cycles: %0d", status_frame, cycles);
    endcase
    $finish;
  end
endmodule
