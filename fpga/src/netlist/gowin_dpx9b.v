// A simulation model of the Gowin DPX9B block RAM (dual port, 9-bit bytes) as yosys's
// `synth_gowin` instantiates it (its `brams_map.v`, `brams.txt`): each port 9 or 18 bits wide,
// no output register (READ_MODE 0, so OCE does nothing), both block selects 0. yosys ships
// this cell only as a black box. On a clock edge with CE a port writes (WRE) or reads; a
// writing port's output keeps its value (WRITE_MODE 0), shows the new word (1) or the old
// one (2); a read of a byte the other port writes in the same edge gives the old byte. RESET
// zeroes a port's output, at its clock edge whatever CE (RESET_MODE "SYNC") or at once
// ("ASYNC"); outputs start at 0. The initial contents must be zeros (crate::netlist refuses
// others). Any other configuration stops the simulation.
module DPX9B(CLKA, CEA, CLKB, CEB, OCEA, OCEB, RESETA, RESETB, WREA, WREB, ADA, ADB, DIA, DIB,
	BLKSELA, BLKSELB, DOA, DOB);
	input CLKA, CEA, CLKB, CEB, OCEA, OCEB, RESETA, RESETB, WREA, WREB;
	input [13:0] ADA, ADB;
	input [17:0] DIA, DIB;
	input [2:0] BLKSELA, BLKSELB;
	output [17:0] DOA, DOB;
	parameter READ_MODE0 = 1'b0;
	parameter READ_MODE1 = 1'b0;
	parameter WRITE_MODE0 = 2'b00;
	parameter WRITE_MODE1 = 2'b00;
	parameter BIT_WIDTH_0 = 18;
	parameter BIT_WIDTH_1 = 18;
	parameter BLK_SEL_0 = 3'b000;
	parameter BLK_SEL_1 = 3'b000;
	parameter RESET_MODE = "SYNC";
	parameter INIT_RAM_00 = 288'h0;
	parameter INIT_RAM_01 = 288'h0;
	parameter INIT_RAM_02 = 288'h0;
	parameter INIT_RAM_03 = 288'h0;
	parameter INIT_RAM_04 = 288'h0;
	parameter INIT_RAM_05 = 288'h0;
	parameter INIT_RAM_06 = 288'h0;
	parameter INIT_RAM_07 = 288'h0;
	parameter INIT_RAM_08 = 288'h0;
	parameter INIT_RAM_09 = 288'h0;
	parameter INIT_RAM_0A = 288'h0;
	parameter INIT_RAM_0B = 288'h0;
	parameter INIT_RAM_0C = 288'h0;
	parameter INIT_RAM_0D = 288'h0;
	parameter INIT_RAM_0E = 288'h0;
	parameter INIT_RAM_0F = 288'h0;
	parameter INIT_RAM_10 = 288'h0;
	parameter INIT_RAM_11 = 288'h0;
	parameter INIT_RAM_12 = 288'h0;
	parameter INIT_RAM_13 = 288'h0;
	parameter INIT_RAM_14 = 288'h0;
	parameter INIT_RAM_15 = 288'h0;
	parameter INIT_RAM_16 = 288'h0;
	parameter INIT_RAM_17 = 288'h0;
	parameter INIT_RAM_18 = 288'h0;
	parameter INIT_RAM_19 = 288'h0;
	parameter INIT_RAM_1A = 288'h0;
	parameter INIT_RAM_1B = 288'h0;
	parameter INIT_RAM_1C = 288'h0;
	parameter INIT_RAM_1D = 288'h0;
	parameter INIT_RAM_1E = 288'h0;
	parameter INIT_RAM_1F = 288'h0;
	parameter INIT_RAM_20 = 288'h0;
	parameter INIT_RAM_21 = 288'h0;
	parameter INIT_RAM_22 = 288'h0;
	parameter INIT_RAM_23 = 288'h0;
	parameter INIT_RAM_24 = 288'h0;
	parameter INIT_RAM_25 = 288'h0;
	parameter INIT_RAM_26 = 288'h0;
	parameter INIT_RAM_27 = 288'h0;
	parameter INIT_RAM_28 = 288'h0;
	parameter INIT_RAM_29 = 288'h0;
	parameter INIT_RAM_2A = 288'h0;
	parameter INIT_RAM_2B = 288'h0;
	parameter INIT_RAM_2C = 288'h0;
	parameter INIT_RAM_2D = 288'h0;
	parameter INIT_RAM_2E = 288'h0;
	parameter INIT_RAM_2F = 288'h0;
	parameter INIT_RAM_30 = 288'h0;
	parameter INIT_RAM_31 = 288'h0;
	parameter INIT_RAM_32 = 288'h0;
	parameter INIT_RAM_33 = 288'h0;
	parameter INIT_RAM_34 = 288'h0;
	parameter INIT_RAM_35 = 288'h0;
	parameter INIT_RAM_36 = 288'h0;
	parameter INIT_RAM_37 = 288'h0;
	parameter INIT_RAM_38 = 288'h0;
	parameter INIT_RAM_39 = 288'h0;
	parameter INIT_RAM_3A = 288'h0;
	parameter INIT_RAM_3B = 288'h0;
	parameter INIT_RAM_3C = 288'h0;
	parameter INIT_RAM_3D = 288'h0;
	parameter INIT_RAM_3E = 288'h0;
	parameter INIT_RAM_3F = 288'h0;

	// The memory: 2048 bytes of 9 bits. A port of width 9 addresses byte AD[13:3]; of width 18
	// the two bytes of word AD[13:4], written where AD[1:0] enables; of width 36 the four
	// bytes of word AD[13:5], written where AD[3:0] enables.
	reg [8:0] mem [0:2047];
	integer i;
	function [10:0] first;
		input [13:0] ad;
		input integer width;
		first = width == 9 ? ad[13:3] : width == 18 ? {ad[13:4], 1'b0} : {ad[13:5], 2'b0};
	endfunction
	function [3:0] enables;
		input [13:0] ad;
		input integer width;
		enables = width == 9 ? 4'b0001 : width == 18 ? {2'b0, ad[1:0]} : ad[3:0];
	endfunction
	function [35:0] word;
		input [10:0] at;
		word = {mem[at + 3], mem[at + 2], mem[at + 1], mem[at]};
	endfunction

	reg [17:0] doa = 18'b0;
	reg [17:0] dob = 18'b0;
	assign DOA = doa;
	assign DOB = dob;

	initial begin
		if (READ_MODE0 != 0 || READ_MODE1 != 0 || BLK_SEL_0 != 0 || BLK_SEL_1 != 0
				|| (BIT_WIDTH_0 != 9 && BIT_WIDTH_0 != 18) || (BIT_WIDTH_1 != 9 && BIT_WIDTH_1 != 18)
				|| WRITE_MODE0 > 2 || WRITE_MODE1 > 2
				|| (RESET_MODE != "SYNC" && RESET_MODE != "ASYNC")) begin
			$display("DPX9B: configuration not modelled");
			$finish;
		end
		for (i = 0; i < 2048; i = i + 1)
			mem[i] = 9'b0;
	end

	// A port's byte b (0-1) written or read.
	wire [10:0] at_a = first(ADA, BIT_WIDTH_0);
	wire [10:0] at_b = first(ADB, BIT_WIDTH_1);
	wire [3:0] be_a = enables(ADA, BIT_WIDTH_0);
	wire [3:0] be_b = enables(ADB, BIT_WIDTH_1);
	wire sel_a = BLKSELA == BLK_SEL_0;
	wire sel_b = BLKSELB == BLK_SEL_1;
	// The words the ports address and what a write makes of them, read at the clock edge.
	reg [17:0] old_a, old_b, new_a, new_b;

	always @(posedge CLKA) begin
		old_a = word(at_a);
		new_a = {be_a[1] ? DIA[17:9] : old_a[17:9], be_a[0] ? DIA[8:0] : old_a[8:0]};
		if (CEA && sel_a && WREA) begin
			mem[at_a] <= new_a[8:0];
			if (BIT_WIDTH_0 == 18)
				mem[at_a + 1] <= new_a[17:9];
		end
		if (RESET_MODE == "SYNC" && RESETA)
			doa <= 18'b0;
		else if (CEA && sel_a && (!WREA || WRITE_MODE0 != 0))
			doa <= WREA && WRITE_MODE0 == 1 ? new_a : old_a;
	end
	always @(posedge CLKB) begin
		old_b = word(at_b);
		new_b = {be_b[1] ? DIB[17:9] : old_b[17:9], be_b[0] ? DIB[8:0] : old_b[8:0]};
		if (CEB && sel_b && WREB) begin
			mem[at_b] <= new_b[8:0];
			if (BIT_WIDTH_1 == 18)
				mem[at_b + 1] <= new_b[17:9];
		end
		if (RESET_MODE == "SYNC" && RESETB)
			dob <= 18'b0;
		else if (CEB && sel_b && (!WREB || WRITE_MODE1 != 0))
			dob <= WREB && WRITE_MODE1 == 1 ? new_b : old_b;
	end
	always @(posedge RESETA) if (RESET_MODE == "ASYNC") doa <= 18'b0;
	always @(posedge RESETB) if (RESET_MODE == "ASYNC") dob <= 18'b0;
endmodule
