	// Shared by the Gowin block RAM models (gowin_dpx9b.v, gowin_sdpx9b.v, gowin_dpb.v): the
	// initial contents' parameters (which must be zeros), the memory and how a port addresses it.
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
