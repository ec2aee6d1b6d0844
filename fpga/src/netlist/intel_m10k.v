// A simulation model of the Cyclone V M10K block RAM as yosys's `synth_intel_alm` instantiates
// it (`MISTRAL_M10K`): one write port (A), one read port (B, reading when B1EN is high), one
// clock, 2^CFG_ABITS words of CFG_DBITS bits; a read of the word written in the same edge gives
// the old word. The write enable is the hardware's: active low (WREN[1]), except in the
// 256 × 40 mode, where it is WREN[0], active high (yosys's `bram_m10k_map.v` inverts it
// accordingly). yosys's own model (`intel_alm/common/mem_sim.v`) writes on a low A1EN in every
// mode, and selects a word of one wide vector by a part-select with two variable bounds, which
// Icarus refuses: here the words are an array. The contents start at zeros (crate::netlist
// refuses other INIT values) and the output at 0, as the hardware's registers power up cleared.
module MISTRAL_M10K(CLK1, A1ADDR, A1DATA, A1EN, B1ADDR, B1DATA, B1EN);
	parameter INIT = 0;
	parameter CFG_ABITS = 10;
	parameter CFG_DBITS = 10;
	input CLK1;
	input [CFG_ABITS-1:0] A1ADDR, B1ADDR;
	input [CFG_DBITS-1:0] A1DATA;
	input A1EN, B1EN;
	output reg [CFG_DBITS-1:0] B1DATA = 0;

	reg [CFG_DBITS-1:0] words [0:2**CFG_ABITS-1];
	integer w;
	initial
		for (w = 0; w < 2**CFG_ABITS; w = w + 1)
			words[w] = 0;

	wire write = CFG_DBITS == 40 ? A1EN : !A1EN;

	always @(posedge CLK1) begin
		if (write)
			words[A1ADDR] <= A1DATA;
		if (B1EN)
			B1DATA <= words[B1ADDR];
	end
endmodule
