// What gpu16's models of the Xilinx 7-series block RAMs share (xilinx_ramb18e1.v,
// xilinx_ramb36e1.v), written in place of the `include line by crate::netlist. The including
// module gives its size: PD data and PP parity bits on each port's pins, MEM_DATA data bits
// (and an eighth of that in parity bits), the widest TDP port PD + PP bits, the SDP port
// twice that. A word is held as 72 bits, {parity[7:0], data[63:0]}, whatever its width.

	reg mem [0:MEM_DATA + MEM_DATA / 8 - 1];
	// Port A's and port B's outputs as {parity, data} (in SDP, A's the low half of the word
	// read, B's the high half).
	reg [PP+PD-1:0] out_a, out_b;
	assign {DOPADOP, DOADO} = out_a;
	assign {DOPBDOP, DOBDO} = out_b;
	wire sdp = RAM_MODE == "SDP";
	localparam integer TDP_MAX = PD + PP;
	localparam integer SDP_WIDTH = 2 * TDP_MAX;

	function modelled_width;
		input integer width;
		modelled_width = width == 0 || width == 1 || width == 2 || width == 4 || width == 9
			|| width == 18 || width == TDP_MAX;
	endfunction
	function modelled_mode;
		input [8*11-1:0] mode;
		modelled_mode = mode == "READ_FIRST" || mode == "WRITE_FIRST" || mode == "NO_CHANGE";
	endfunction
	// `value` with its x and z bits as 0.
	function [PP+PD-1:0] known;
		input [PP+PD-1:0] value;
		integer k;
		for (k = 0; k < PP + PD; k = k + 1)
			known[k] = value[k] === 1'b1;
	endfunction

	integer i;
	initial begin
		if (DOA_REG != 0 || DOB_REG != 0 || !modelled_mode(WRITE_MODE_A)
				|| !modelled_mode(WRITE_MODE_B) || !modelled_extras
				|| {IS_CLKARDCLK_INVERTED, IS_CLKBWRCLK_INVERTED, IS_ENARDEN_INVERTED,
					IS_ENBWREN_INVERTED, IS_RSTRAMARSTRAM_INVERTED, IS_RSTRAMB_INVERTED,
					IS_RSTREGARSTREG_INVERTED, IS_RSTREGB_INVERTED} != 0
				|| (RAM_MODE == "TDP" && !(modelled_width(READ_WIDTH_A)
					&& modelled_width(READ_WIDTH_B) && modelled_width(WRITE_WIDTH_A)
					&& modelled_width(WRITE_WIDTH_B)))
				|| (RAM_MODE == "SDP" && !((READ_WIDTH_A == SDP_WIDTH || READ_WIDTH_A == 0)
					&& READ_WIDTH_B == 0 && WRITE_WIDTH_A == 0
					&& (WRITE_WIDTH_B == SDP_WIDTH || WRITE_WIDTH_B == 0)))
				|| (RAM_MODE != "TDP" && RAM_MODE != "SDP")) begin
			$display("%m: configuration not modelled");
			$finish;
		end
		for (i = 0; i < MEM_DATA + MEM_DATA / 8; i = i + 1)
			mem[i] = 1'b0;
		out_a = known(INIT_A);
		out_b = known(INIT_B);
	end

	// A port of `width` bits: its data bits (8 of a 9-bit byte) and parity bits, and the place
	// of its word's bit k (data) or parity bit k among the memory's bits. The address's bits
	// above the memory's (a RAMB36E1's cascade bit) are not the word's.
	function integer data_bits;
		input integer width;
		data_bits = width == 72 ? 64 : width == 36 ? 32 : width == 18 ? 16 : width == 9 ? 8
			: width;
	endfunction
	function integer parity_bits;
		input integer width;
		parity_bits = width / 9;
	endfunction
	function integer data_place;
		input [15:0] addr;
		input integer width;
		input integer k;
		data_place = ((addr % MEM_DATA) / data_bits(width)) * data_bits(width) + k;
	endfunction
	function integer parity_place;
		input [15:0] addr;
		input integer width;
		input integer k;
		parity_place = MEM_DATA + ((addr % MEM_DATA) / data_bits(width)) * parity_bits(width)
			+ k;
	endfunction

	// The word of `width` bits at `addr`.
	function [71:0] read;
		input [15:0] addr;
		input integer width;
		integer k;
		begin
			read = 72'b0;
			for (k = 0; k < data_bits(width); k = k + 1)
				read[k] = mem[data_place(addr, width, k)];
			for (k = 0; k < parity_bits(width); k = k + 1)
				read[64 + k] = mem[parity_place(addr, width, k)];
		end
	endfunction
	// The word as the outputs carry it: {B's, A's}, each {parity, data}; a TDP port's is A's
	// half, an SDP word's low half A's and its high half B's.
	function [2*(PP+PD)-1:0] to_pins;
		input [71:0] word;
		to_pins = {word[64 + PP +: PP], word[PD +: PD], word[64 +: PP], word[0 +: PD]};
	endfunction
	// `word` with the bytes `enables` selects replaced by those of `data`.
	function [71:0] merge;
		input [71:0] word, data;
		input [7:0] enables;
		input integer width;
		integer k;
		begin
			merge = word;
			for (k = 0; k < data_bits(width); k = k + 1)
				if (enables[width < 18 ? 0 : k / 8])
					merge[k] = data[k];
			for (k = 0; k < parity_bits(width); k = k + 1)
				if (enables[width < 18 ? 0 : k])
					merge[64 + k] = data[64 + k];
		end
	endfunction

	// Port A: the TDP port A, or the SDP read port.
	reg [71:0] old_a, new_a;
	integer ka;
	wire [71:0] data_a = {{(8 - PP){1'b0}}, DIPADIP, {(64 - PD){1'b0}}, DIADI};
	wire [7:0] enables_a = {{(8 - PP){1'b0}}, WEA};
	always @(posedge CLKARDCLK) if (ENARDEN) begin
		old_a = read(ADDRARDADDR, READ_WIDTH_A != 0 ? READ_WIDTH_A : WRITE_WIDTH_A);
		new_a = old_a;
		if (!sdp && WRITE_WIDTH_A != 0 && enables_a != 0) begin
			new_a = merge(old_a, data_a, enables_a, WRITE_WIDTH_A);
			for (ka = 0; ka < data_bits(WRITE_WIDTH_A); ka = ka + 1)
				mem[data_place(ADDRARDADDR, WRITE_WIDTH_A, ka)] <= new_a[ka];
			for (ka = 0; ka < parity_bits(WRITE_WIDTH_A); ka = ka + 1)
				mem[parity_place(ADDRARDADDR, WRITE_WIDTH_A, ka)] <= new_a[64 + ka];
		end
		if (READ_WIDTH_A != 0) begin
			if (RSTRAMARSTRAM && sdp)
				{out_b, out_a} <= {known(SRVAL_B), known(SRVAL_A)};
			else if (RSTRAMARSTRAM)
				out_a <= known(SRVAL_A);
			else if (sdp)
				{out_b, out_a} <= to_pins(old_a);
			else if (WRITE_WIDTH_A == 0 || enables_a == 0 || WRITE_MODE_A == "READ_FIRST")
				out_a <= to_pins(old_a);
			else if (WRITE_MODE_A == "WRITE_FIRST")
				out_a <= to_pins(new_a);
		end
	end

	// Port B: the TDP port B, or the SDP write port (a byte enable in each WEBWE bit, the low
	// half of the word from port A's data pins, the high half from B's).
	reg [71:0] old_b, new_b;
	integer kb;
	wire [7:0] enables_b = sdp ? {{(8 - 2 * PP){1'b0}}, WEBWE}
		: {{(8 - PP){1'b0}}, WEBWE[PP-1:0]};
	wire [71:0] data_b = sdp
		? {{(8 - 2 * PP){1'b0}}, DIPBDIP, DIPADIP, {(64 - 2 * PD){1'b0}}, DIBDI, DIADI}
		: {{(8 - PP){1'b0}}, DIPBDIP, {(64 - PD){1'b0}}, DIBDI};
	always @(posedge CLKBWRCLK) if (ENBWREN) begin
		old_b = read(ADDRBWRADDR, READ_WIDTH_B != 0 ? READ_WIDTH_B : WRITE_WIDTH_B);
		new_b = old_b;
		if (WRITE_WIDTH_B != 0 && enables_b != 0) begin
			new_b = merge(old_b, data_b, enables_b, WRITE_WIDTH_B);
			for (kb = 0; kb < data_bits(WRITE_WIDTH_B); kb = kb + 1)
				mem[data_place(ADDRBWRADDR, WRITE_WIDTH_B, kb)] <= new_b[kb];
			for (kb = 0; kb < parity_bits(WRITE_WIDTH_B); kb = kb + 1)
				mem[parity_place(ADDRBWRADDR, WRITE_WIDTH_B, kb)] <= new_b[64 + kb];
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
