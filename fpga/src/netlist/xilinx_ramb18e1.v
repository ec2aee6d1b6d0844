// A simulation model of the Xilinx 7-series RAMB18E1 block RAM (16,384 data bits and 2,048
// parity bits) as yosys's `synth_xilinx` instantiates it (its `brams_xc6v_map.v`): true dual
// port (RAM_MODE "TDP"), each port 1, 2, 4, 9 or 18 bits wide, its word at ADDR[13:0],
// [13:1], [13:2], [13:3] or [13:4], the 18-bit width with a write enable per byte (WEA, and
// WEBWE[1:0]); or simple dual port ("SDP"), 36 bits read on port A (DOADO low, DOBDO high)
// at ADDRARDADDR[13:5] and written from port B (DIADI low, DIBDI high, a byte enable in each
// WEBWE bit) at ADDRBWRADDR[13:5]. A 9-bit byte's ninth bit is its parity bit (DIP/DOP). No
// output registers (DOA_REG = DOB_REG = 0), no inverted pins. yosys ships this cell only as
// an empty shell.
//
// On a clock edge with its enable a port writes the bytes it enables and reads: a writing
// port's output shows the old word (WRITE_MODE "READ_FIRST"), the new one ("WRITE_FIRST") or
// keeps its value ("NO_CHANGE"); a read of a word the other port writes in the same edge gives
// the old word; RSTRAM sets the output to SRVAL (in SDP, RSTRAMARSTRAM the whole word: SRVAL_A
// the low half, SRVAL_B the high). Outputs start at INIT_A and INIT_B (an x bit as 0, as in a
// bitstream). The initial contents must be zeros (crate::netlist refuses
// others). Any other configuration stops the simulation.
module RAMB18E1(CLKARDCLK, CLKBWRCLK, ENARDEN, ENBWREN, REGCEAREGCE, REGCEB, RSTRAMARSTRAM,
	RSTRAMB, RSTREGARSTREG, RSTREGB, ADDRARDADDR, ADDRBWRADDR, DIADI, DIBDI, DIPADIP, DIPBDIP,
	WEA, WEBWE, DOADO, DOBDO, DOPADOP, DOPBDOP);
	input CLKARDCLK, CLKBWRCLK, ENARDEN, ENBWREN, REGCEAREGCE, REGCEB;
	input RSTRAMARSTRAM, RSTRAMB, RSTREGARSTREG, RSTREGB;
	input [13:0] ADDRARDADDR, ADDRBWRADDR;
	input [15:0] DIADI, DIBDI;
	input [1:0] DIPADIP, DIPBDIP;
	input [1:0] WEA;
	input [3:0] WEBWE;
	output [15:0] DOADO, DOBDO;
	output [1:0] DOPADOP, DOPBDOP;
	parameter integer DOA_REG = 0;
	parameter integer DOB_REG = 0;
	parameter INITP_00 = 256'h0;
	parameter INITP_01 = 256'h0;
	parameter INITP_02 = 256'h0;
	parameter INITP_03 = 256'h0;
	parameter INITP_04 = 256'h0;
	parameter INITP_05 = 256'h0;
	parameter INITP_06 = 256'h0;
	parameter INITP_07 = 256'h0;
	parameter INIT_00 = 256'h0;
	parameter INIT_01 = 256'h0;
	parameter INIT_02 = 256'h0;
	parameter INIT_03 = 256'h0;
	parameter INIT_04 = 256'h0;
	parameter INIT_05 = 256'h0;
	parameter INIT_06 = 256'h0;
	parameter INIT_07 = 256'h0;
	parameter INIT_08 = 256'h0;
	parameter INIT_09 = 256'h0;
	parameter INIT_0A = 256'h0;
	parameter INIT_0B = 256'h0;
	parameter INIT_0C = 256'h0;
	parameter INIT_0D = 256'h0;
	parameter INIT_0E = 256'h0;
	parameter INIT_0F = 256'h0;
	parameter INIT_10 = 256'h0;
	parameter INIT_11 = 256'h0;
	parameter INIT_12 = 256'h0;
	parameter INIT_13 = 256'h0;
	parameter INIT_14 = 256'h0;
	parameter INIT_15 = 256'h0;
	parameter INIT_16 = 256'h0;
	parameter INIT_17 = 256'h0;
	parameter INIT_18 = 256'h0;
	parameter INIT_19 = 256'h0;
	parameter INIT_1A = 256'h0;
	parameter INIT_1B = 256'h0;
	parameter INIT_1C = 256'h0;
	parameter INIT_1D = 256'h0;
	parameter INIT_1E = 256'h0;
	parameter INIT_1F = 256'h0;
	parameter INIT_20 = 256'h0;
	parameter INIT_21 = 256'h0;
	parameter INIT_22 = 256'h0;
	parameter INIT_23 = 256'h0;
	parameter INIT_24 = 256'h0;
	parameter INIT_25 = 256'h0;
	parameter INIT_26 = 256'h0;
	parameter INIT_27 = 256'h0;
	parameter INIT_28 = 256'h0;
	parameter INIT_29 = 256'h0;
	parameter INIT_2A = 256'h0;
	parameter INIT_2B = 256'h0;
	parameter INIT_2C = 256'h0;
	parameter INIT_2D = 256'h0;
	parameter INIT_2E = 256'h0;
	parameter INIT_2F = 256'h0;
	parameter INIT_30 = 256'h0;
	parameter INIT_31 = 256'h0;
	parameter INIT_32 = 256'h0;
	parameter INIT_33 = 256'h0;
	parameter INIT_34 = 256'h0;
	parameter INIT_35 = 256'h0;
	parameter INIT_36 = 256'h0;
	parameter INIT_37 = 256'h0;
	parameter INIT_38 = 256'h0;
	parameter INIT_39 = 256'h0;
	parameter INIT_3A = 256'h0;
	parameter INIT_3B = 256'h0;
	parameter INIT_3C = 256'h0;
	parameter INIT_3D = 256'h0;
	parameter INIT_3E = 256'h0;
	parameter INIT_3F = 256'h0;
	parameter INIT_A = 18'h0;
	parameter INIT_B = 18'h0;
	parameter INIT_FILE = "NONE";
	parameter RAM_MODE = "TDP";
	parameter RDADDR_COLLISION_HWCONFIG = "DELAYED_WRITE";
	parameter integer READ_WIDTH_A = 0;
	parameter integer READ_WIDTH_B = 0;
	parameter RSTREG_PRIORITY_A = "RSTREG";
	parameter RSTREG_PRIORITY_B = "RSTREG";
	parameter SIM_COLLISION_CHECK = "ALL";
	parameter SIM_DEVICE = "7SERIES";
	parameter SRVAL_A = 18'h0;
	parameter SRVAL_B = 18'h0;
	parameter WRITE_MODE_A = "WRITE_FIRST";
	parameter WRITE_MODE_B = "WRITE_FIRST";
	parameter integer WRITE_WIDTH_A = 0;
	parameter integer WRITE_WIDTH_B = 0;
	parameter IS_CLKARDCLK_INVERTED = 1'b0;
	parameter IS_CLKBWRCLK_INVERTED = 1'b0;
	parameter IS_ENARDEN_INVERTED = 1'b0;
	parameter IS_ENBWREN_INVERTED = 1'b0;
	parameter IS_RSTRAMARSTRAM_INVERTED = 1'b0;
	parameter IS_RSTRAMB_INVERTED = 1'b0;
	parameter IS_RSTREGARSTREG_INVERTED = 1'b0;
	parameter IS_RSTREGB_INVERTED = 1'b0;

	// Bits 0-16,383 are the data bits, 16,384-18,431 the parity bits.
	reg mem [0:18431];
	// Port A's and port B's outputs as {parity, data}: 18 bits each (in SDP, A's the low
	// half of the 36-bit word read, B's the high half).
	reg [17:0] out_a, out_b;
	assign {DOPADOP, DOADO} = out_a;
	assign {DOPBDOP, DOBDO} = out_b;
	wire sdp = RAM_MODE == "SDP";

	function modelled_width;
		input integer width;
		modelled_width = width == 0 || width == 1 || width == 2 || width == 4 || width == 9
			|| width == 18;
	endfunction
	function modelled_mode;
		input [8*11-1:0] mode;
		modelled_mode = mode == "READ_FIRST" || mode == "WRITE_FIRST" || mode == "NO_CHANGE";
	endfunction
	// `value` with its x and z bits as 0.
	function [17:0] known;
		input [17:0] value;
		integer k;
		for (k = 0; k < 18; k = k + 1)
			known[k] = value[k] === 1'b1;
	endfunction

	integer i;
	initial begin
		if (DOA_REG != 0 || DOB_REG != 0 || !modelled_mode(WRITE_MODE_A)
				|| !modelled_mode(WRITE_MODE_B)
				|| {IS_CLKARDCLK_INVERTED, IS_CLKBWRCLK_INVERTED, IS_ENARDEN_INVERTED,
					IS_ENBWREN_INVERTED, IS_RSTRAMARSTRAM_INVERTED, IS_RSTRAMB_INVERTED,
					IS_RSTREGARSTREG_INVERTED, IS_RSTREGB_INVERTED} != 0
				|| (RAM_MODE == "TDP" && !(modelled_width(READ_WIDTH_A)
					&& modelled_width(READ_WIDTH_B) && modelled_width(WRITE_WIDTH_A)
					&& modelled_width(WRITE_WIDTH_B)))
				|| (RAM_MODE == "SDP" && !((READ_WIDTH_A == 36 || READ_WIDTH_A == 0)
					&& READ_WIDTH_B == 0 && WRITE_WIDTH_A == 0
					&& (WRITE_WIDTH_B == 36 || WRITE_WIDTH_B == 0)))
				|| (RAM_MODE != "TDP" && RAM_MODE != "SDP")) begin
			$display("RAMB18E1: configuration not modelled");
			$finish;
		end
		for (i = 0; i < 18432; i = i + 1)
			mem[i] = 1'b0;
		out_a = known(INIT_A);
		out_b = known(INIT_B);
	end

	// A port of `width` bits: its data bits (8 of a 9-bit byte) and parity bits, and the place
	// of its word's bit k (data) or parity bit k among the memory's bits.
	function integer data_bits;
		input integer width;
		data_bits = width == 36 ? 32 : width == 18 ? 16 : width == 9 ? 8 : width;
	endfunction
	function integer parity_bits;
		input integer width;
		parity_bits = width / 9;
	endfunction
	function integer data_place;
		input [13:0] addr;
		input integer width;
		input integer k;
		data_place = (addr / data_bits(width)) * data_bits(width) + k;
	endfunction
	function integer parity_place;
		input [13:0] addr;
		input integer width;
		input integer k;
		parity_place = 16384 + (addr / data_bits(width)) * parity_bits(width) + k;
	endfunction

	// The word of `width` bits at `addr`, as {parity, data} (36 bits: {p3..p0, d31..d0}).
	function [35:0] read;
		input [13:0] addr;
		input integer width;
		integer k;
		begin
			read = 36'b0;
			for (k = 0; k < data_bits(width); k = k + 1)
				read[k] = mem[data_place(addr, width, k)];
			for (k = 0; k < parity_bits(width); k = k + 1)
				read[32 + k] = mem[parity_place(addr, width, k)];
		end
	endfunction
	// The word as the outputs carry it: 18 bits {parity[1:0], data[15:0]}, or for 36 bits
	// the low half then the high half.
	function [35:0] to_pins;
		input [35:0] word;
		to_pins = {word[35:34], word[31:16], word[33:32], word[15:0]};
	endfunction
	// `word` with the bytes `enables` selects replaced by those of `data`.
	function [35:0] merge;
		input [35:0] word, data;
		input [3:0] enables;
		input integer width;
		integer k;
		begin
			merge = word;
			for (k = 0; k < data_bits(width); k = k + 1)
				if (enables[width < 18 ? 0 : k / 8])
					merge[k] = data[k];
			for (k = 0; k < parity_bits(width); k = k + 1)
				if (enables[width < 18 ? 0 : k])
					merge[32 + k] = data[32 + k];
		end
	endfunction

	// Port A: the TDP port A, or the SDP read port.
	reg [35:0] old_a, new_a;
	integer ka;
	always @(posedge CLKARDCLK) if (ENARDEN) begin
		old_a = read(ADDRARDADDR, READ_WIDTH_A != 0 ? READ_WIDTH_A : WRITE_WIDTH_A);
		new_a = old_a;
		if (!sdp && WRITE_WIDTH_A != 0 && WEA != 0) begin
			new_a = merge(old_a, {2'b0, DIPADIP, 16'b0, DIADI}, {2'b0, WEA}, WRITE_WIDTH_A);
			for (ka = 0; ka < data_bits(WRITE_WIDTH_A); ka = ka + 1)
				mem[data_place(ADDRARDADDR, WRITE_WIDTH_A, ka)] <= new_a[ka];
			for (ka = 0; ka < parity_bits(WRITE_WIDTH_A); ka = ka + 1)
				mem[parity_place(ADDRARDADDR, WRITE_WIDTH_A, ka)] <= new_a[32 + ka];
		end
		if (READ_WIDTH_A != 0) begin
			if (RSTRAMARSTRAM && sdp)
				{out_b, out_a} <= {known(SRVAL_B), known(SRVAL_A)};
			else if (RSTRAMARSTRAM)
				out_a <= known(SRVAL_A);
			else if (sdp)
				{out_b, out_a} <= to_pins(old_a);
			else if (WRITE_WIDTH_A == 0 || WEA == 0 || WRITE_MODE_A == "READ_FIRST")
				out_a <= to_pins(old_a);
			else if (WRITE_MODE_A == "WRITE_FIRST")
				out_a <= to_pins(new_a);
		end
	end

	// Port B: the TDP port B, or the SDP write port.
	reg [35:0] old_b, new_b;
	integer kb;
	wire [3:0] enables_b = sdp ? WEBWE : {2'b0, WEBWE[1:0]};
	wire [35:0] data_b = sdp ? {DIPBDIP, DIPADIP, DIBDI, DIADI} : {2'b0, DIPBDIP, 16'b0, DIBDI};
	always @(posedge CLKBWRCLK) if (ENBWREN) begin
		old_b = read(ADDRBWRADDR, READ_WIDTH_B != 0 ? READ_WIDTH_B : WRITE_WIDTH_B);
		new_b = old_b;
		if (WRITE_WIDTH_B != 0 && enables_b != 0) begin
			new_b = merge(old_b, data_b, enables_b, WRITE_WIDTH_B);
			for (kb = 0; kb < data_bits(WRITE_WIDTH_B); kb = kb + 1)
				mem[data_place(ADDRBWRADDR, WRITE_WIDTH_B, kb)] <= new_b[kb];
			for (kb = 0; kb < parity_bits(WRITE_WIDTH_B); kb = kb + 1)
				mem[parity_place(ADDRBWRADDR, WRITE_WIDTH_B, kb)] <= new_b[32 + kb];
		end
		if (!sdp && READ_WIDTH_B != 0) begin
			if (RSTRAMB)
				out_b <= known(SRVAL_B);
			else if (WRITE_WIDTH_B == 0 || enables_b == 0 || WRITE_MODE_B == "READ_FIRST")
				out_b <= to_pins(old_b);
			else if (WRITE_MODE_B == "WRITE_FIRST")
				out_b <= to_pins(new_b);
		end
	end
endmodule
