#!/usr/bin/env bash
# Times every test binary of `cargo test --workspace`, one after another, as CI runs them: a
# line per binary (seconds, exit status, name), then the total. For finding what makes the
# suite long; run it on a clean clone with an empty cache (`gpu16 clean`, `rm -rf target/tmp`) to
# include the tool builds the tests cache. Assumes the tools scripts/test.sh installs.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="${XDG_CACHE_HOME:-$HOME/.cache}/gpu16/pytools/bin:$PATH"
start=$(date +%s)
cargo test --workspace --no-run -q 2>/dev/null
echo "$(( $(date +%s) - start )) s build"
out=$(mktemp -d)
cargo test --workspace --no-run --message-format=json 2>/dev/null |
  python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["profile"]["test"]:
        print(m["executable"], m["manifest_path"])' |
  while read -r exe manifest; do
    t0=$(date +%s)
    (cd "$(dirname "$manifest")" && "$exe" -q </dev/null >"$out/$(basename "$exe").txt" 2>&1)
    rc=$?
    echo "$(( $(date +%s) - t0 )) s rc=$rc $(basename "$exe")"
  done
t0=$(date +%s)
cargo test --workspace --doc -q >"$out/doctests.txt" 2>&1
rc=$?
echo "$(( $(date +%s) - t0 )) s rc=$rc doctests"
echo "$(( $(date +%s) - start )) s in all (outputs in $out)"
