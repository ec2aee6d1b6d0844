// A simulation model of the Gowin DPB block RAM (dual port, 16 Kbit, no parity bits) as yosys's
// `synth_gowin` instantiates it (its `brams_map.v`, `brams.txt`) for a memory of bytes or
// narrower words: each port 1, 2, 4 or 8 bits wide, its word at AD[13:0], AD[13:1], AD[13:2]
// or AD[13:3]; no output register (READ_MODE 0, so OCE does nothing), both block selects 0.
// yosys ships this cell only as a black box. On a clock edge with CE a port writes (WRE) or
// reads; a writing port's output keeps its value (WRITE_MODE 0), shows the new word (1) or the
// old one (2); a read of a word the other port writes in the same edge gives the old word.
// RESET zeroes a port's output, at its clock edge whatever CE (RESET_MODE "SYNC") or at once
// ("ASYNC"); outputs start at 0. The initial contents must be zeros (crate::netlist refuses
// others). Any other configuration (the 16-bit width with its byte enables among them) stops
// the simulation.
module DPB(CLKA, CEA, CLKB, CEB, OCEA, OCEB, RESETA, RESETB, WREA, WREB, ADA, ADB, DIA, DIB,
	BLKSELA, BLKSELB, DOA, DOB);
	input CLKA, CEA, CLKB, CEB, OCEA, OCEB, RESETA, RESETB, WREA, WREB;
	input [13:0] ADA, ADB;
	input [15:0] DIA, DIB;
	input [2:0] BLKSELA, BLKSELB;
	output [15:0] DOA, DOB;
	parameter READ_MODE0 = 1'b0;
	parameter READ_MODE1 = 1'b0;
	parameter WRITE_MODE0 = 2'b00;
	parameter WRITE_MODE1 = 2'b00;
	parameter BIT_WIDTH_0 = 16;
	parameter BIT_WIDTH_1 = 16;
	parameter BLK_SEL_0 = 3'b000;
	parameter BLK_SEL_1 = 3'b000;
	parameter RESET_MODE = "SYNC";
	`include "gowin_bsram_common.vh"

	reg [15:0] doa = 16'b0;
	reg [15:0] dob = 16'b0;
	assign DOA = doa;
	assign DOB = dob;

	initial begin
		if (READ_MODE0 != 0 || READ_MODE1 != 0 || BLK_SEL_0 != 0 || BLK_SEL_1 != 0
				|| !modelled(BIT_WIDTH_0) || !modelled(BIT_WIDTH_1)
				|| WRITE_MODE0 > 2 || WRITE_MODE1 > 2
				|| (RESET_MODE != "SYNC" && RESET_MODE != "ASYNC")) begin
			$display("DPB: configuration not modelled");
			$finish;
		end
		for (i = 0; i < 2048; i = i + 1)
			mem[i] = 9'b0;
	end

	function modelled;
		input integer width;
		modelled = width == 1 || width == 2 || width == 4 || width == 8;
	endfunction

	// Bit k of the word a port of `width` bits addresses at `ad`: its place among the 16,384
	// bits, 8 in each of the memory's 9-bit bytes (the ninth is DPX9B's).
	function [13:0] place;
		input [13:0] ad;
		input integer width;
		input integer k;
		place = (width == 8 ? {ad[13:3], 3'b0} : width == 4 ? {ad[13:2], 2'b0}
			: width == 2 ? {ad[13:1], 1'b0} : ad) + k;
	endfunction
	function [15:0] read;
		input [13:0] ad;
		input integer width;
		integer k;
		reg [13:0] p;
		begin
			read = 16'b0;
			for (k = 0; k < width; k = k + 1) begin
				p = place(ad, width, k);
				read[k] = mem[p[13:3]][p[2:0]];
			end
		end
	endfunction

	wire sel_a = BLKSELA == BLK_SEL_0;
	wire sel_b = BLKSELB == BLK_SEL_1;
	// The words the ports address, read at the clock edge.
	reg [15:0] old_a, old_b;
	integer ka, kb;
	reg [13:0] pa, pb;

	always @(posedge CLKA) begin
		old_a = read(ADA, BIT_WIDTH_0);
		if (CEA && sel_a && WREA)
			for (ka = 0; ka < BIT_WIDTH_0; ka = ka + 1) begin
				pa = place(ADA, BIT_WIDTH_0, ka);
				mem[pa[13:3]][pa[2:0]] <= DIA[ka];
			end
		if (RESET_MODE == "SYNC" && RESETA)
			doa <= 16'b0;
		else if (CEA && sel_a && (!WREA || WRITE_MODE0 != 0))
			doa <= WREA && WRITE_MODE0 == 1 ? DIA & ~(16'hffff << BIT_WIDTH_0) : old_a;
	end
	always @(posedge CLKB) begin
		old_b = read(ADB, BIT_WIDTH_1);
		if (CEB && sel_b && WREB)
			for (kb = 0; kb < BIT_WIDTH_1; kb = kb + 1) begin
				pb = place(ADB, BIT_WIDTH_1, kb);
				mem[pb[13:3]][pb[2:0]] <= DIB[kb];
			end
		if (RESET_MODE == "SYNC" && RESETB)
			dob <= 16'b0;
		else if (CEB && sel_b && (!WREB || WRITE_MODE1 != 0))
			dob <= WREB && WRITE_MODE1 == 1 ? DIB & ~(16'hffff << BIT_WIDTH_1) : old_b;
	end
	always @(posedge RESETA) if (RESET_MODE == "ASYNC") doa <= 16'b0;
	always @(posedge RESETB) if (RESET_MODE == "ASYNC") dob <= 16'b0;
endmodule
