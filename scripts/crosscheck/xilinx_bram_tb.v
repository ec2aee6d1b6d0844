// Cross-check of gpu16's RAMB18E1 and RAMB36E1 models (fpga/src/netlist/xilinx_ramb18e1.v,
// xilinx_ramb36e1.v, renamed OUR_<cell> by the script) against Xilinx's own
// (XilinxUnisimLibrary, verilog/src/unisims/): both get the same random inputs on one clock,
// for CYCLES cycles after the global reset, and their outputs are compared after every edge.
// The cell is the RAMB18E1, or the RAMB36E1 with -DRAMB36. Addresses stay in a small window,
// so that the ports often meet on a word. The two ports never write one word in the same edge
// (its contents are then undefined); when one reads a word the other writes, Xilinx's model
// gives x (SIM_COLLISION_CHECK "ALL"; ours gives the old word, as yosys's memory library for
// these RAMs has it, `wrtrans all old`). The output bits a port drives at its read width are
// compared (an unread port's, or those past its width, are not); one Xilinx's model leaves
// unknown is counted, not compared. Run by xilinx-models.sh.
`timescale 1 ps / 1 ps
module tb;
	parameter RAM_MODE = "TDP";
	parameter integer READ_WIDTH_A = 18;
	parameter integer READ_WIDTH_B = 18;
	parameter integer WRITE_WIDTH_A = 18;
	parameter integer WRITE_WIDTH_B = 18;
	parameter WRITE_MODE_A = "READ_FIRST";
	parameter WRITE_MODE_B = "READ_FIRST";
	parameter integer CYCLES = 20000;
	parameter integer SEED = 1;
	parameter COLLISIONS = "ALL";

`ifdef RAMB36
	localparam integer PD = 32, PP = 4, AW = 16;
`else
	localparam integer PD = 16, PP = 2, AW = 14;
`endif
	reg clk = 0;
	reg ena = 0, enb = 0, rsta = 0, rstb = 0;
	reg [15:0] addra = 0, addrb = 0;
	reg [PD-1:0] dia = 0, dib = 0;
	reg [PP-1:0] dipa = 0, dipb = 0, wea = 0;
	reg [2*PP-1:0] web = 0;
	wire [PD-1:0] doa_x, dob_x, doa_o, dob_o;
	wire [PP-1:0] dopa_x, dopb_x, dopa_o, dopb_o;

`ifdef RAMB36
	RAMB36E1 #(.RAM_MODE(RAM_MODE), .READ_WIDTH_A(READ_WIDTH_A), .READ_WIDTH_B(READ_WIDTH_B),
`else
	RAMB18E1 #(.RAM_MODE(RAM_MODE), .READ_WIDTH_A(READ_WIDTH_A), .READ_WIDTH_B(READ_WIDTH_B),
`endif
		.WRITE_WIDTH_A(WRITE_WIDTH_A), .WRITE_WIDTH_B(WRITE_WIDTH_B),
		.WRITE_MODE_A(WRITE_MODE_A), .WRITE_MODE_B(WRITE_MODE_B), .DOA_REG(0), .DOB_REG(0),
		.SIM_DEVICE("7SERIES"), .SIM_COLLISION_CHECK(COLLISIONS))
	xilinx(.CLKARDCLK(clk), .CLKBWRCLK(clk), .ENARDEN(ena), .ENBWREN(enb), .REGCEAREGCE(1'b0),
		.REGCEB(1'b0), .RSTRAMARSTRAM(rsta), .RSTRAMB(rstb), .RSTREGARSTREG(1'b0),
		.RSTREGB(1'b0), .ADDRARDADDR(addra[AW-1:0]), .ADDRBWRADDR(addrb[AW-1:0]),
		.DIADI(dia), .DIBDI(dib), .DIPADIP(dipa), .DIPBDIP(dipb), .WEA(wea), .WEBWE(web),
		.DOADO(doa_x), .DOBDO(dob_x), .DOPADOP(dopa_x), .DOPBDOP(dopb_x));
`ifdef RAMB36
	OUR_RAMB36E1 #(.RAM_MODE(RAM_MODE), .READ_WIDTH_A(READ_WIDTH_A), .READ_WIDTH_B(READ_WIDTH_B),
`else
	OUR_RAMB18E1 #(.RAM_MODE(RAM_MODE), .READ_WIDTH_A(READ_WIDTH_A), .READ_WIDTH_B(READ_WIDTH_B),
`endif
		.WRITE_WIDTH_A(WRITE_WIDTH_A), .WRITE_WIDTH_B(WRITE_WIDTH_B),
		.WRITE_MODE_A(WRITE_MODE_A), .WRITE_MODE_B(WRITE_MODE_B), .DOA_REG(0), .DOB_REG(0))
	ours(.CLKARDCLK(clk), .CLKBWRCLK(clk), .ENARDEN(ena), .ENBWREN(enb), .REGCEAREGCE(1'b0),
		.REGCEB(1'b0), .RSTRAMARSTRAM(rsta), .RSTRAMB(rstb), .RSTREGARSTREG(1'b0),
		.RSTREGB(1'b0), .ADDRARDADDR(addra[AW-1:0]), .ADDRBWRADDR(addrb[AW-1:0]),
		.DIADI(dia), .DIBDI(dib), .DIPADIP(dipa), .DIPBDIP(dipb), .WEA(wea), .WEBWE(web),
		.DOADO(doa_o), .DOBDO(dob_o), .DOPADOP(dopa_o), .DOPBDOP(dopb_o));

	always #5000 clk = !clk;

	function integer data_bits;
		input integer width;
		data_bits = width == 72 ? 64 : width == 36 ? 32 : width == 18 ? 16 : width == 9 ? 8
			: width;
	endfunction
	// The first data bit of the word a port of `width` bits addresses at `addr`.
	function integer first_bit;
		input [15:0] addr;
		input integer width;
		first_bit = (addr / data_bits(width)) * data_bits(width);
	endfunction
	function overlap;
		input [15:0] a, b;
		input integer width_a, width_b;
		overlap = first_bit(a, width_a) < first_bit(b, width_b) + data_bits(width_b)
			&& first_bit(b, width_b) < first_bit(a, width_a) + data_bits(width_a);
	endfunction

	// The output bits a port of `width` bits drives (none for a port that does not read), as
	// {parity, data}: its word's.
	function [PP+PD-1:0] driven;
		input integer width;
		integer k;
		for (k = 0; k < PP + PD; k = k + 1)
			driven[k] = width != 0 && (k < PD ? k < data_bits(width) : k - PD < width / 9);
	endfunction
	wire [PP+PD-1:0] driven_a = driven(READ_WIDTH_A);
	wire [PP+PD-1:0] driven_b = driven(READ_WIDTH_B);
	wire [2*(PP+PD)-1:0] compared = RAM_MODE == "SDP" ? {2*(PP+PD){READ_WIDTH_A != 0}}
		: {driven_b[PD +: PP], driven_a[PD +: PP], driven_b[PD-1:0], driven_a[PD-1:0]};
	wire [2*(PP+PD)-1:0] seen_x = {dopb_x, dopa_x, dob_x, doa_x};
	wire [2*(PP+PD)-1:0] seen_o = {dopb_o, dopa_o, dob_o, doa_o};
	integer cycle, k, seed, mismatches = 0, unknown = 0, shown = 0;
	initial begin
		seed = SEED;
		// Xilinx's global set/reset holds for the first 100 ns.
		#200000;
		for (cycle = 0; cycle < CYCLES; cycle = cycle + 1) begin
			@(negedge clk);
			ena = $random(seed) % 8 != 0;
			enb = $random(seed) % 8 != 0;
			rsta = $random(seed) % 64 == 0;
			rstb = $random(seed) % 64 == 0;
			// Bit addresses in the first 512 bits: 16 words of 32, 32 of 16, 64 of 8.
			addra = $random(seed) & 16'h1ff;
			addrb = $random(seed) & 16'h1ff;
			dia = $random(seed);
			dib = $random(seed);
			dipa = $random(seed);
			dipb = $random(seed);
			wea = $random(seed);
			web = $random(seed);
			if (RAM_MODE == "TDP" && WRITE_WIDTH_A != 0 && WRITE_WIDTH_B != 0 && ena && enb
					&& wea != 0 && web[PP-1:0] != 0
					&& overlap(addra, addrb, WRITE_WIDTH_A, WRITE_WIDTH_B))
				web = 0;
			@(posedge clk);
			#1000;
			for (k = 0; k < 2 * (PP + PD); k = k + 1)
				if (!compared[k])
					;
				else if (seen_x[k] !== 1'b0 && seen_x[k] !== 1'b1)
					unknown = unknown + 1;
				else if (seen_x[k] !== seen_o[k]) begin
					mismatches = mismatches + 1;
					if (shown < 5) begin
						shown = shown + 1;
						$display("cycle %0d: Xilinx's %h, ours %h", cycle, seen_x, seen_o);
					end
				end
		end
		$display("%0s %s A r%0d/w%0d %s, B r%0d/w%0d %s: %0d cycles, %0d mismatched bits, %0d unknown in Xilinx's",
			PD == 32 ? "RAMB36E1" : "RAMB18E1", RAM_MODE, READ_WIDTH_A, WRITE_WIDTH_A, WRITE_MODE_A, READ_WIDTH_B, WRITE_WIDTH_B,
			WRITE_MODE_B, CYCLES, mismatches, unknown);
		$finish;
	end
endmodule
