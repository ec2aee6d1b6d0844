#!/usr/bin/env bash
# Cross-checks, by hand, gpu16's Xilinx pieces against Xilinx's own simulation models
# (docs/VERIFICATION.md): the RAMB18E1 and RAMB36E1 models the netlist replay uses, and the Artix-7 design
# and VGA pixel clocks `gpu16 build` writes (pll.v).
#   scripts/crosscheck/xilinx-models.sh PATH/TO/XilinxUnisimLibrary
# The library (Apache-2.0) is github.com/Xilinx/XilinxUnisimLibrary; Icarus runs it. GPU16
# names the gpu16 program (default: target/release/gpu16).
set -euo pipefail
unisim="${1:?usage: $0 PATH/TO/XilinxUnisimLibrary}/verilog/src"
here="$(cd "$(dirname "$0")" && pwd)"
gpu16="${GPU16:-$here/../../target/release/gpu16}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$gpu16" build --board basys3 --design uart-echo --clock 75 -o "$work/project" > /dev/null
iverilog -g2005 -o "$work/mmcm.vvp" -s mmcm_tb -s glbl "$here/mmcm_tb.v" \
  "$work/project/pll.v" "$unisim/glbl.v" "$unisim/unisims/MMCME2_BASE.v" \
  "$unisim/unisims/MMCME2_ADV.v" "$unisim/unisims/BUFGCE.v" "$unisim/unisims/BUFG.v" \
  "$unisim/unisims/BUFH.v" 2>/dev/null
vvp -n "$work/mmcm.vvp" | grep "^MMCM"

# Our models as the replay reads them: the shared part written in place of its include.
for cell in ramb18e1 ramb36e1; do
  sed -e "s/^module RAMB\(18\|36\)E1(/module OUR_RAMB\1E1(/" \
      -e "/\`include \"xilinx_bram_common.vh\"/{r $here/../../fpga/src/netlist/xilinx_bram_common.vh" -e "d}" \
      "$here/../../fpga/src/netlist/xilinx_$cell.v" > "$work/ours_$cell.v"
done
# The configurations yosys's synth_xilinx uses (and some it may), as
# CELL MODE RWA WWA RWB WWB WRITE_MODE_A WRITE_MODE_B.
while read -r cell mode rwa wwa rwb wwb wma wmb; do
  define=""
  [ "$cell" = RAMB36E1 ] && define="-DRAMB36"
  lower=$(echo "$cell" | tr 'A-Z' 'a-z')
  iverilog -g2005 $define -o "$work/tb.vvp" -s tb -s glbl \
    -Ptb.RAM_MODE="\"$mode\"" -Ptb.READ_WIDTH_A="$rwa" -Ptb.WRITE_WIDTH_A="$wwa" \
    -Ptb.READ_WIDTH_B="$rwb" -Ptb.WRITE_WIDTH_B="$wwb" \
    -Ptb.WRITE_MODE_A="\"$wma\"" -Ptb.WRITE_MODE_B="\"$wmb\"" \
    "$here/xilinx_bram_tb.v" "$unisim/glbl.v" "$unisim/unisims/$cell.v" "$work/ours_$lower.v" \
    2>/dev/null
  vvp -n "$work/tb.vvp" | grep "^cycle\|cycles," || true
done <<'CONFIGS'
RAMB18E1 TDP 0 18 18 0 READ_FIRST READ_FIRST
RAMB18E1 TDP 18 18 18 18 READ_FIRST READ_FIRST
RAMB18E1 TDP 9 9 9 9 READ_FIRST READ_FIRST
RAMB18E1 TDP 9 0 0 9 READ_FIRST READ_FIRST
RAMB18E1 TDP 18 18 18 18 WRITE_FIRST WRITE_FIRST
RAMB18E1 TDP 18 18 9 9 NO_CHANGE READ_FIRST
RAMB18E1 TDP 4 4 18 18 READ_FIRST READ_FIRST
RAMB18E1 TDP 1 1 2 2 READ_FIRST WRITE_FIRST
RAMB18E1 SDP 36 0 0 36 READ_FIRST READ_FIRST
RAMB36E1 TDP 0 9 9 0 READ_FIRST READ_FIRST
RAMB36E1 TDP 36 36 36 36 READ_FIRST READ_FIRST
RAMB36E1 TDP 9 9 18 18 READ_FIRST READ_FIRST
RAMB36E1 TDP 36 36 9 9 NO_CHANGE READ_FIRST
RAMB36E1 TDP 1 1 4 4 WRITE_FIRST READ_FIRST
RAMB36E1 SDP 72 0 0 72 READ_FIRST READ_FIRST
CONFIGS
