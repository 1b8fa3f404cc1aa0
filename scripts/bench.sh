#!/usr/bin/env bash
# `make bench`: every benchmark, one "name value unit" line each (build with `swift build -c release` first).
set -euo pipefail
cd "$(dirname "$0")/.."
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .build/release/soundsafari-bench
if [ -x Analysis/bench/run.sh ]; then bash Analysis/bench/run.sh; fi
