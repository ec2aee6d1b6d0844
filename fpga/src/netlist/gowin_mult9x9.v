// A simulation model of the Gowin MULT9X9 as yosys's `synth_gowin` instantiates it: no input,
// pipeline or output registers, the operands A and B (not the shift inputs), signed or not by
// ASIGN and BSIGN, the product on DOUT. yosys ships this cell only as a black box. Any other
// configuration stops the simulation.
module MULT9X9(A, SIA, B, SIB, ASIGN, BSIGN, ASEL, BSEL, CE, CLK, RESET, DOUT, SOA, SOB);
	input [8:0] A, SIA, B, SIB;
	input ASIGN, BSIGN, ASEL, BSEL, CE, CLK, RESET;
	output [17:0] DOUT;
	output [8:0] SOA, SOB;
	parameter AREG = 1'b0;
	parameter BREG = 1'b0;
	parameter OUT_REG = 1'b0;
	parameter PIPE_REG = 1'b0;
	parameter ASIGN_REG = 1'b0;
	parameter BSIGN_REG = 1'b0;
	parameter SOA_REG = 1'b0;
	parameter MULT_RESET_MODE = "SYNC";

	wire [17:0] ea = ASIGN ? {{9{A[8]}}, A} : {9'b0, A};
	wire [17:0] eb = BSIGN ? {{9{B[8]}}, B} : {9'b0, B};
	assign DOUT = ea * eb;
	assign SOA = A;
	assign SOB = B;

	initial begin
		if (AREG || BREG || OUT_REG || PIPE_REG || ASIGN_REG || BSIGN_REG || SOA_REG) begin
			$display("MULT9X9: registered configuration not modelled");
			$finish;
		end
	end
	always @(*) if (ASEL || BSEL) begin
		$display("MULT9X9: the shift inputs (ASEL, BSEL) are not modelled");
		$finish;
	end
endmodule
