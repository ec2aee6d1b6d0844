// A simulation model of the Gowin SDPX9B block RAM (simple dual port, 9-bit bytes) as yosys's
// `synth_gowin` instantiates it (its `brams_map.v`, `brams.txt`): port A writes, 9, 18 or 36
// bits wide, every byte enabled by CEA (yosys folds the write enable into it) and AD's low
// bits; port B reads, 9, 18 or 36 bits wide, with no output register (READ_MODE 0, so OCE does
// nothing); both block selects 0. yosys ships this cell only as a black box. A read of a
// byte written at the same edge gives the old byte. The read port's reset zeroes the output,
// at the clock edge whatever CEB (RESET_MODE "SYNC") or at once ("ASYNC"); the output starts
// at 0. The initial contents must be zeros (crate::netlist refuses others). Any other
// configuration stops the simulation.
module SDPX9B(CLKA, CEA, CLKB, CEB, OCE, RESETA, RESETB, RESET, ADA, ADB, BLKSELA, BLKSELB, DI,
	DO);
	input CLKA, CEA, CLKB, CEB, OCE;
	// The read port's reset: RESETB on the GW1N and GW2A (RESETA, the write port's, changes
	// nothing a port shows), RESET on the GW5A; a reset the netlist leaves out reads 0.
	input tri0 RESETA, RESETB, RESET;
	input [13:0] ADA, ADB;
	input [2:0] BLKSELA, BLKSELB;
	input [35:0] DI;
	output [35:0] DO;
	parameter READ_MODE = 1'b0;
	parameter BIT_WIDTH_0 = 36;
	parameter BIT_WIDTH_1 = 36;
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

	reg [35:0] dout = 36'b0;
	assign DO = dout;

	initial begin
		if (READ_MODE != 0 || BLK_SEL_0 != 0 || BLK_SEL_1 != 0
				|| (BIT_WIDTH_0 != 9 && BIT_WIDTH_0 != 18 && BIT_WIDTH_0 != 36)
				|| (BIT_WIDTH_1 != 9 && BIT_WIDTH_1 != 18 && BIT_WIDTH_1 != 36)
				|| (RESET_MODE != "SYNC" && RESET_MODE != "ASYNC")) begin
			$display("SDPX9B: configuration not modelled");
			$finish;
		end
		for (i = 0; i < 2048; i = i + 1)
			mem[i] = 9'b0;
	end

	wire [10:0] at_w = first(ADA, BIT_WIDTH_0);
	wire [3:0] be = enables(ADA, BIT_WIDTH_0);
	wire [10:0] at_r = first(ADB, BIT_WIDTH_1);
	wire reset = RESETB | RESET;
	reg [35:0] read;
	integer k;

	always @(posedge CLKA) if (CEA && BLKSELA == BLK_SEL_0)
		for (k = 0; k < BIT_WIDTH_0 / 9; k = k + 1)
			if (be[k])
				mem[at_w + k] <= DI[k * 9 +: 9];
	always @(posedge CLKB) begin
		read = word(at_r);
		if (RESET_MODE == "SYNC" && reset)
			dout <= 36'b0;
		else if (CEB && BLKSELB == BLK_SEL_1)
			dout <= BIT_WIDTH_1 == 9 ? {27'b0, read[8:0]} : BIT_WIDTH_1 == 18 ? {18'b0, read[17:0]} : read;
	end
	always @(posedge reset) if (RESET_MODE == "ASYNC") dout <= 36'b0;
endmodule
