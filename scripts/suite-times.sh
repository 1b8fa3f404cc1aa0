#!/usr/bin/env bash
# The test suites by wall time, slowest first, from a `make test` log (Swift Testing's "Suite X passed after N seconds").
# Suites run in parallel and nest (WindowTests holds the window suites), so the times overlap and do not add up.
set -euo pipefail
log="${1:?usage: scripts/suite-times.sh TEST-LOG [COUNT]}"
count="${2:-15}"
echo "Slowest test suites (wall time, seconds; suites overlap):"
grep -aE 'Suite .* (passed|failed) after [0-9.]+ seconds' "$log" \
  | sed -E 's/.*Suite "?([^"]*)"? (passed|failed) after ([0-9.]+) seconds.*/\3 \1/' \
  | sort -rn | awk -v count="$count" 'NR <= count { printf "  %8.1f  %s\n", $1, substr($0, index($0, " ") + 1) }'
# (awk reads every line rather than `head` closing the pipe early: with pipefail, sort's SIGPIPE failed CI, exit 141.)
