#!/usr/bin/env bash
# `make bench`: every benchmark, one "name value unit" line each (build with `swift build -c release` first).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench-out/study
game=$(SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy SOUNDSAFARI_BENCH_TRIALS_CSV=bench-out/study/trials-20k.csv \
  .build/release/soundsafari-bench)
echo "$game"
# trials.csv read through the record, against pandas.read_csv on the same file (install-deps.sh --bench has pandas).
# The first python with pandas, as Analysis/bench/run.sh picks it (a pyenv shim may come first on PATH).
PEER_PY=""
for candidate in python3 /usr/bin/python3; do
  if "$candidate" -c "import pandas" 2>/dev/null; then PEER_PY="$candidate"; break; fi
done
if [ -n "$PEER_PY" ]; then
  "$PEER_PY" scripts/read-csv-peer.py bench-out/study/trials-20k.csv \
    "$(awk '$1 == "study.trials_csv_read_rows_per_s" {print $2}' <<<"$game")"
else
  echo "note: no pandas for the trials.csv read's peer; run scripts/install-deps.sh --bench" >&2
fi
bash Analysis/bench/run.sh
# Mixed models on a generated 1,000,000-trial log, with lme4 on the same file when R has it.
bash Analysis/bench/lmm-bench.sh .build/release/soundsafari-analyze
# Nothing lost under stress (issue 17): memory per round of a windowed play, concurrent starts and resumes,
# and the kill loop (random SIGKILLs of simulate and of a study window, each session resumed and audited).
bash scripts/play-memory.sh .build/release 30 | grep -v rss_round
bash scripts/start-race.sh .build/release 20
bash scripts/kill-loop.sh .build/release 24
# Bad inputs (issue 30): each refused in a sentence; "tried / handled / crash / hang / silent", the last three 0.
python3 scripts/bad-inputs.py .build/release
# The study server (issue 24): sync ingest against COPY, the export of 1,000,000 rows, a home machine's 30 days.
bash scripts/server-bench.sh
# The Debian packages (issue 44): each package's size, and the time from `apt-get install ./soundsafari_*.deb` in a
# clean Debian 12 root to the end of a first simulate (debootstrap's own time too; debootstrap and chroot need root).
# Of the release packages `make deb` left in .build/deb: making them here would be two more release builds, with the
# static Swift runtime, beside the one above (an hour on 2 cores). Run `make deb` first to have these lines.
game_deb=(.build/deb/soundsafari_*_amd64.deb)
server_deb=(.build/deb/soundsafari-server_*_amd64.deb)
if [ -f "${game_deb[0]}" ] && [ -f "${server_deb[0]}" ]; then
    echo "deb.*: the packages of $(dpkg-deb -f "${game_deb[0]}" Version) in .build/deb, made by make deb at $(date -r "${game_deb[0]}" '+%F %H:%M')" >&2
    if [ "$(id -u)" -eq 0 ] || sudo -n true 2>/dev/null; then
        as_root=()
        [ "$(id -u)" -eq 0 ] || as_root=(sudo)
        # The lines only; the test's steps stay in a file, whose last lines are shown if it fails.
        "${as_root[@]}" bash scripts/deb-install-test.sh .build/deb 2>bench-out/deb-install-test.log | grep '^deb\.' ||
            { tail -n 5 bench-out/deb-install-test.log >&2; echo "deb.*: the install test failed (bench-out/deb-install-test.log)" >&2; }
    else
        echo "deb.soundsafari_size $(stat -c %s "${game_deb[0]}") bytes"
        echo "deb.soundsafari_server_size $(stat -c %s "${server_deb[0]}") bytes"
        echo "deb.apt_install_to_first_simulate: skipped, the install test needs root or sudo (debootstrap, chroot)" >&2
    fi
else
    echo "deb.*: skipped, no packages in .build/deb: run make deb first (make bench does not build them)" >&2
fi
