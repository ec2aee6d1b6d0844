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
	`include "gowin_bsram_common.vh"

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
