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
	`include "gowin_bsram_common.vh"

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
