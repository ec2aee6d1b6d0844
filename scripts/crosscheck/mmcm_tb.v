// gpu16's Artix-7 design clock (`gpu16 build`'s pll.v: an MMCME2_BASE behind a BUFGCE), with
// Xilinx's own models of both (XilinxUnisimLibrary): no clock edge reaches the design before
// LOCKED, and after it the clock's period is the one asked for. Run by xilinx-models.sh,
// which writes pll.v for 75 MHz from the Basys 3's 100 MHz.
`timescale 1 ps / 1 ps
module mmcm_tb;
	parameter integer PERIOD_PS = 13333;
	reg clkin = 0;
	always #5000 clkin = !clkin;
	wire clkout, locked;
	gpu16_pll pll(.clkin(clkin), .clkout(clkout), .locked(locked));

	integer edges_before_lock = 0, edges = 0;
	time last = 0, shortest = 0, longest = 0;
	always @(posedge clkout) begin
		if (!locked)
			edges_before_lock = edges_before_lock + 1;
		else begin
			if (edges > 0) begin
				if (shortest == 0 || $time - last < shortest) shortest = $time - last;
				if ($time - last > longest) longest = $time - last;
			end
			edges = edges + 1;
			last = $time;
		end
	end
	initial begin
		#100000000;
		$display("MMCM: locked %0d, %0d edges before the lock, %0d after, period %0t-%0t ps (asked %0d)",
			locked, edges_before_lock, edges, shortest, longest, PERIOD_PS);
		$finish;
	end
endmodule
