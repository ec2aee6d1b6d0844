// A simulation model of the ECP5 MULT18X18D as yosys's `synth_ecp5` instantiates it (its
// `dsp_map.v`): no input, pipeline or output registers, C unused, the product on P. yosys
// ships this cell only as a black box. Any other configuration stops the simulation.
module MULT18X18D(
	input A0, A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15, A16, A17,
	input B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17,
	input C0, C1, C2, C3, C4, C5, C6, C7, C8, C9, C10, C11, C12, C13, C14, C15, C16, C17,
	input SIGNEDA, SIGNEDB, SOURCEA, SOURCEB,
	input CLK0, CLK1, CLK2, CLK3, CE0, CE1, CE2, CE3, RST0, RST1, RST2, RST3,
	output P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17,
	output P18, P19, P20, P21, P22, P23, P24, P25, P26, P27, P28, P29, P30, P31, P32, P33,
	output P34, P35
);
	parameter REG_INPUTA_CLK = "NONE";
	parameter REG_INPUTB_CLK = "NONE";
	parameter REG_INPUTC_CLK = "NONE";
	parameter REG_PIPELINE_CLK = "NONE";
	parameter REG_OUTPUT_CLK = "NONE";

	wire [17:0] a = {A17, A16, A15, A14, A13, A12, A11, A10, A9, A8, A7, A6, A5, A4, A3, A2, A1, A0};
	wire [17:0] b = {B17, B16, B15, B14, B13, B12, B11, B10, B9, B8, B7, B6, B5, B4, B3, B2, B1, B0};
	wire [35:0] ea = SIGNEDA ? {{18{a[17]}}, a} : {18'b0, a};
	wire [35:0] eb = SIGNEDB ? {{18{b[17]}}, b} : {18'b0, b};
	wire [35:0] p = ea * eb;
	assign {P35, P34, P33, P32, P31, P30, P29, P28, P27, P26, P25, P24, P23, P22, P21, P20, P19, P18,
		P17, P16, P15, P14, P13, P12, P11, P10, P9, P8, P7, P6, P5, P4, P3, P2, P1, P0} = p;

	initial begin
		if (REG_INPUTA_CLK != "NONE" || REG_INPUTB_CLK != "NONE" || REG_INPUTC_CLK != "NONE"
				|| REG_PIPELINE_CLK != "NONE" || REG_OUTPUT_CLK != "NONE") begin
			$display("MULT18X18D: registered configuration not modelled");
			$finish;
		end
	end
endmodule
