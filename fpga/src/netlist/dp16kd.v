// A simulation model of the ECP5 DP16KD block RAM as yosys's `synth_ecp5` instantiates it
// (its `brams_map.v`): both ports of one width, 1, 2 or 4 (16384, 8192 or 4096 words of
// DI/DO[W-1:0] at AD[13:0], AD[13:1] or AD[13:2]), 9 (2048 words), 18 (1024 words, byte
// enables on AD[1:0]) or 36 (512 words: port A writes {DIB, DIA} with byte enables on
// AD[3:0], port B reads {DOB, DOA}); no output registers; chip selects decoded to 0. yosys
// 0.23 ships this cell without a behaviour. Reads are synchronous; a port writing shows,
// by its WRITEMODE, its old word (READBEFOREWRITE), the new one (WRITETHROUGH) or keeps
// its output (NORMAL); a read of a word the other port writes in the same cycle gives the
// old word. Any other configuration stops the simulation.
module DP16KD(
	input DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0,
	input ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0,
	input CEA, OCEA, CLKA, WEA, RSTA,
	input CSA2, CSA1, CSA0,
	output DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0,
	input DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0,
	input ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0,
	input CEB, OCEB, CLKB, WEB, RSTB,
	input CSB2, CSB1, CSB0,
	output DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0
);
	parameter DATA_WIDTH_A = 18;
	parameter DATA_WIDTH_B = 18;
	parameter REGMODE_A = "NOREG";
	parameter REGMODE_B = "NOREG";
	parameter CSDECODE_A = "0b000";
	parameter CSDECODE_B = "0b000";
	parameter WRITEMODE_A = "NORMAL";
	parameter WRITEMODE_B = "NORMAL";
	parameter CLKAMUX = "CLKA";
	parameter CLKBMUX = "CLKB";
	parameter RESETMODE = "SYNC";
	parameter ASYNC_RESET_RELEASE = "SYNC";
	parameter GSR = "ENABLED";
	parameter WID = 0;
	parameter INIT_DATA = "STATIC";
	// The initial contents: the netlist is refused unless they are all zero (crate::netlist).
	parameter INITVAL_00 = 320'h0;
	parameter INITVAL_01 = 320'h0;
	parameter INITVAL_02 = 320'h0;
	parameter INITVAL_03 = 320'h0;
	parameter INITVAL_04 = 320'h0;
	parameter INITVAL_05 = 320'h0;
	parameter INITVAL_06 = 320'h0;
	parameter INITVAL_07 = 320'h0;
	parameter INITVAL_08 = 320'h0;
	parameter INITVAL_09 = 320'h0;
	parameter INITVAL_0A = 320'h0;
	parameter INITVAL_0B = 320'h0;
	parameter INITVAL_0C = 320'h0;
	parameter INITVAL_0D = 320'h0;
	parameter INITVAL_0E = 320'h0;
	parameter INITVAL_0F = 320'h0;
	parameter INITVAL_10 = 320'h0;
	parameter INITVAL_11 = 320'h0;
	parameter INITVAL_12 = 320'h0;
	parameter INITVAL_13 = 320'h0;
	parameter INITVAL_14 = 320'h0;
	parameter INITVAL_15 = 320'h0;
	parameter INITVAL_16 = 320'h0;
	parameter INITVAL_17 = 320'h0;
	parameter INITVAL_18 = 320'h0;
	parameter INITVAL_19 = 320'h0;
	parameter INITVAL_1A = 320'h0;
	parameter INITVAL_1B = 320'h0;
	parameter INITVAL_1C = 320'h0;
	parameter INITVAL_1D = 320'h0;
	parameter INITVAL_1E = 320'h0;
	parameter INITVAL_1F = 320'h0;
	parameter INITVAL_20 = 320'h0;
	parameter INITVAL_21 = 320'h0;
	parameter INITVAL_22 = 320'h0;
	parameter INITVAL_23 = 320'h0;
	parameter INITVAL_24 = 320'h0;
	parameter INITVAL_25 = 320'h0;
	parameter INITVAL_26 = 320'h0;
	parameter INITVAL_27 = 320'h0;
	parameter INITVAL_28 = 320'h0;
	parameter INITVAL_29 = 320'h0;
	parameter INITVAL_2A = 320'h0;
	parameter INITVAL_2B = 320'h0;
	parameter INITVAL_2C = 320'h0;
	parameter INITVAL_2D = 320'h0;
	parameter INITVAL_2E = 320'h0;
	parameter INITVAL_2F = 320'h0;
	parameter INITVAL_30 = 320'h0;
	parameter INITVAL_31 = 320'h0;
	parameter INITVAL_32 = 320'h0;
	parameter INITVAL_33 = 320'h0;
	parameter INITVAL_34 = 320'h0;
	parameter INITVAL_35 = 320'h0;
	parameter INITVAL_36 = 320'h0;
	parameter INITVAL_37 = 320'h0;
	parameter INITVAL_38 = 320'h0;
	parameter INITVAL_39 = 320'h0;
	parameter INITVAL_3A = 320'h0;
	parameter INITVAL_3B = 320'h0;
	parameter INITVAL_3C = 320'h0;
	parameter INITVAL_3D = 320'h0;
	parameter INITVAL_3E = 320'h0;
	parameter INITVAL_3F = 320'h0;

	wire [17:0] dia = {DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0};
	wire [17:0] dib = {DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0};
	wire [13:0] ada = {ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0};
	wire [13:0] adb = {ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0};

	localparam W = DATA_WIDTH_A;
	// Words of W bits, each of W / 9 bytes of 9 bits.
	reg [35:0] mem [0:2047];
	// Widths 1, 2 and 4: a word of W bits at each address.
	reg [3:0] narrow [0:16383];
	function [13:0] narrow_word;
		input [13:0] ad;
		narrow_word = W == 1 ? ad : W == 2 ? {1'b0, ad[13:1]} : {2'b0, ad[13:2]};
	endfunction
	wire [3:0] mask = W == 1 ? 4'b0001 : W == 2 ? 4'b0011 : 4'b1111;
	reg [17:0] doa = 18'b0;
	reg [17:0] dob = 18'b0;
	assign {DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0} = doa;
	assign {DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0} = dob;

	integer i;
	initial begin
		if (DATA_WIDTH_A != DATA_WIDTH_B || (W != 1 && W != 2 && W != 4 && W != 9 && W != 18 && W != 36)
				|| REGMODE_A != "NOREG" || REGMODE_B != "NOREG"
				|| CSDECODE_A != "0b000" || CSDECODE_B != "0b000"
				|| CLKAMUX != "CLKA" || CLKBMUX != "CLKB") begin
			$display("DP16KD: configuration not modelled");
			$finish;
		end
		for (i = 0; i < 2048; i = i + 1)
			mem[i] = 36'b0;
		for (i = 0; i < 16384; i = i + 1)
			narrow[i] = 4'b0;
	end

	// The word a port addresses, and (9 and 18 bits) its byte enables.
	function [10:0] word;
		input [13:0] ad;
		word = W == 9 ? ad[13:3] : W == 18 ? {1'b0, ad[13:4]} : {2'b0, ad[13:5]};
	endfunction
	function [3:0] enables;
		input [13:0] ad;
		enables = W == 9 ? 4'b0001 : W == 18 ? {2'b0, ad[1:0]} : ad[3:0];
	endfunction
	function [35:0] merged;
		input [35:0] old;
		input [35:0] data;
		input [3:0] be;
		merged = {be[3] ? data[35:27] : old[35:27], be[2] ? data[26:18] : old[26:18],
			be[1] ? data[17:9] : old[17:9], be[0] ? data[8:0] : old[8:0]};
	endfunction

	wire chip_a = {CSA2, CSA1, CSA0} == 3'b000;
	wire chip_b = {CSB2, CSB1, CSB0} == 3'b000;

	// Port A: reads and writes (1 to 18 bits) or writes {DIB, DIA} (36 bits).
	always @(posedge CLKA) if (CEA && chip_a && W < 9) begin
		if (WEA) begin
			narrow[narrow_word(ada)] <= dia[3:0] & mask;
			if (WRITEMODE_A == "READBEFOREWRITE")
				doa <= {14'b0, narrow[narrow_word(ada)]};
			else if (WRITEMODE_A == "WRITETHROUGH")
				doa <= {14'b0, dia[3:0] & mask};
		end else
			doa <= {14'b0, narrow[narrow_word(ada)]};
	end else if (CEA && chip_a) begin
		if (WEA) begin
			mem[word(ada)] <= merged(mem[word(ada)], W == 36 ? {dib, dia} : {18'b0, dia}, enables(ada));
			if (W != 36 && WRITEMODE_A == "READBEFOREWRITE")
				doa <= mem[word(ada)];
			else if (W != 36 && WRITEMODE_A == "WRITETHROUGH")
				doa <= merged(mem[word(ada)], {18'b0, dia}, enables(ada));
		end else if (W != 36)
			doa <= mem[word(ada)];
	end

	// Port B: reads and writes (1 to 18 bits) or reads {DOB, DOA} (36 bits).
	always @(posedge CLKB) if (CEB && chip_b && W < 9) begin
		if (WEB) begin
			narrow[narrow_word(adb)] <= dib[3:0] & mask;
			if (WRITEMODE_B == "READBEFOREWRITE")
				dob <= {14'b0, narrow[narrow_word(adb)]};
			else if (WRITEMODE_B == "WRITETHROUGH")
				dob <= {14'b0, dib[3:0] & mask};
		end else
			dob <= {14'b0, narrow[narrow_word(adb)]};
	end else if (CEB && chip_b) begin
		if (W == 36)
			{dob, doa} <= mem[word(adb)];
		else if (WEB) begin
			mem[word(adb)] <= merged(mem[word(adb)], {18'b0, dib}, enables(adb));
			if (WRITEMODE_B == "READBEFOREWRITE")
				dob <= mem[word(adb)];
			else if (WRITEMODE_B == "WRITETHROUGH")
				dob <= merged(mem[word(adb)], {18'b0, dib}, enables(adb));
		end else
			dob <= mem[word(adb)];
	end
endmodule
