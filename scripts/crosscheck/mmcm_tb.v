// gpu16's Artix-7 design clock (`gpu16 build`'s pll.v: an MMCME2_BASE behind a BUFGCE, its
// second output the VGA pixel clock on a BUFG), with Xilinx's own models of them
// (XilinxUnisimLibrary): no clock edge reaches the design before LOCKED, and after it the
// clock's period is the one asked for, and the pixel clock's 40 ns (25 MHz). Run by
// xilinx-models.sh, which writes pll.v for 75 MHz from the Basys 3's 100 MHz.
`timescale 1 ps / 1 ps
module mmcm_tb;
	parameter integer PERIOD_PS = 13333;
	parameter integer PIXEL_PS = 40000;
	reg clkin = 0;
	always #5000 clkin = !clkin;
	wire clkout, locked, pixel_clock;
	gpu16_pll pll(.clkin(clkin), .clkout(clkout), .locked(locked), .pixel_clock(pixel_clock));

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
	integer pixel_edges = 0;
	time pixel_last = 0, pixel_shortest = 0, pixel_longest = 0;
	always @(posedge pixel_clock) if (locked) begin
		if (pixel_edges > 0) begin
			if (pixel_shortest == 0 || $time - pixel_last < pixel_shortest)
				pixel_shortest = $time - pixel_last;
			if ($time - pixel_last > pixel_longest) pixel_longest = $time - pixel_last;
		end
		pixel_edges = pixel_edges + 1;
		pixel_last = $time;
	end
	initial begin
		#100000000;
		$display("MMCM: locked %0d, %0d edges before the lock, %0d after, period %0t-%0t ps (asked %0d)",
			locked, edges_before_lock, edges, shortest, longest, PERIOD_PS);
		$display("MMCM: pixel clock %0d edges after the lock, period %0t-%0t ps (asked %0d)",
			pixel_edges, pixel_shortest, pixel_longest, PIXEL_PS);
		$finish;
	end
endmodule
