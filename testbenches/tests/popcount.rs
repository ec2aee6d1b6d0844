//! The shared memory's population count: rust-hdl against a plain count, and its hand-written
//! Verilog against a bit-by-bit sum for all 65,536 masks (Icarus).

use gpu16_fpga::emit;
use gpu16_fpga::tools::run;
use gpu16_hdl::shared_mem::PopCount;
use gpu16_hdl::sim::{connected, settle};

#[test]
fn rust_hdl_counts_the_set_bits() {
    let mut p = connected::<PopCount>();
    for mask in [0u64, 1, 0x8000, 0x5555, 0xaaaa, 0x0ff0, 0xfffe, 0xffff] {
        p.bits.next = mask.into();
        settle(&mut p).unwrap();
        let expected = (0..16).filter(|i| mask >> i & 1 == 1).count() as u64;
        assert_eq!(p.count.val().to_u64(), expected, "mask {mask:#06x}");
    }
}

#[test]
fn the_verilog_counts_every_mask() {
    let dir = gpu16_testbenches::scratch!("popcount");
    let design = emit::verilog(&connected::<PopCount>(), "gpu16_popcount").unwrap();
    std::fs::write(dir.join("popcount.v"), design).unwrap();
    let testbench = "\
module tb;
  reg [15:0] bits;
  wire [4:0] count;
  integer mask, k, sum, errors;
  gpu16_popcount uut(.bits(bits), .count(count));
  initial begin
    errors = 0;
    for (mask = 0; mask < 65536; mask = mask + 1) begin
      bits = mask;
      #1;
      sum = 0;
      for (k = 0; k < 16; k = k + 1)
        sum = sum + bits[k];
      if (count != sum) begin
        if (errors < 5) $display(\"mask %h: count %0d, expected %0d\", bits, count, sum);
        errors = errors + 1;
      end
    end
    $display(\"checked %0d masks, %0d errors\", mask, errors);
    $finish;
  end
endmodule
";
    std::fs::write(dir.join("tb.v"), testbench).unwrap();
    run(
        "iverilog",
        &["-g2005", "-o", "tb.vvp", "tb.v", "popcount.v"],
        &dir,
    )
    .unwrap();
    let out = run("vvp", &["-n", "tb.vvp"], &dir).unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("checked 65536 masks, 0 errors"), "{stdout}");
}
