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
// others). Any other configuration stops the simulation. The behaviour is
// xilinx_bram_common.vh's, which the RAMB36E1's model shares.
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

	localparam integer PD = 16;
	localparam integer PP = 2;
	localparam integer MEM_DATA = 16384;
	localparam modelled_extras = 1;
	`include "xilinx_bram_common.vh"
endmodule
