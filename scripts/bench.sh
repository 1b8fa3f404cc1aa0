#!/usr/bin/env bash
# `make bench`: every benchmark, one "name value unit" line each (build with `swift build -c release` first).
set -euo pipefail
cd "$(dirname "$0")/.."
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .build/release/soundsafari-bench
bash Analysis/bench/run.sh
# Mixed models on a generated 1,000,000-trial log, with lme4 on the same file when R has it.
bash Analysis/bench/lmm-bench.sh .build/release/soundsafari-analyze
