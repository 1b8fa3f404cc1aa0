#!/usr/bin/env bash
# Memory profile of a 30-round `play` in a real X11 window (Xvfb): resident memory after every round.
# Usage: scripts/play-memory.sh [BIN_DIR] [ROUNDS]   (BIN_DIR defaults to .build/release, then .build/debug)
# ROUNDS above 30 (play's menu maximum) run as a one-condition `study` of that many rounds instead.
# Prints "name value unit" lines: the resident memory after each round, and the growth per round over the
# first and the last third of the rounds (a leak keeps growing; a bounded cache levels off).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-}"
if [ -z "$bin" ]; then bin=.build/release; [ -x "$bin/soundsafari-autopilot" ] || bin=.build/debug; fi
rounds="${2:-30}"
work="$(mktemp -d)"
xvfb_pid=""
cleanup() {
    [ -n "${app_pid:-}" ] && kill "$app_pid" 2>/dev/null || true
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

display=":$((100 + RANDOM % 800))"
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
sleep 1

script="$work/autopilot.txt"
{
    echo "wait menu"; echo "key Return"; echo "wait headphone-check"; echo "key Left"; echo "key Right"
    for _ in $(seq "$rounds"); do
        echo "wait running"; echo "key Space"; echo "wait round-result"; echo "key Return"
    done
    echo "wait summary"; echo "key Return"
} >"$script"

if [ "$rounds" -le 30 ]; then
    command=(play --participant MEM01 --mode one-target --rounds "$rounds" --input keyboard --seed 9)
else
    # A registered participant goes straight to the headphone check, as in play.
    "$bin/soundsafari" simulate --participant MEM01 --rounds 1 --logs "$work/registered" >/dev/null
    mkdir -p "$work/logs" && cp "$work/registered/participants.csv" "$work/logs/"
    echo "{\"name\": \"memory\", \"conditions\": [{\"level\": \"one-target\", \"repetitions\": $rounds}]}" \
        >"$work/memory.json"
    sed -i '1,2d' "$script" && sed -i '1i wait headphone-check' "$script"
    command=(study --protocol "$work/memory.json" --participant MEM01 --input keyboard --seed 9)
fi
DISPLAY="$display" SDL_AUDIODRIVER=dummy SDL_VIDEODRIVER=x11 "$bin/soundsafari-autopilot" --script "$script" -- \
    "${command[@]}" --logs "$work/logs" >"$work/out.txt" 2>"$work/err.txt" &
app_pid=$!

declare -a rss
last=0
while kill -0 "$app_pid" 2>/dev/null; do
    trials=$(ls "$work"/logs/MEM01/*/trials.csv 2>/dev/null | head -1 || true)
    if [ -n "$trials" ]; then
        rows=$(($(wc -l <"$trials") - 1))
        if [ "$rows" -gt "$last" ]; then
            kib=$(awk '/VmRSS/ {print $2}' "/proc/$app_pid/status" 2>/dev/null || echo 0)
            for r in $(seq $((last + 1)) "$rows"); do rss[$r]=$kib; done
            last=$rows
        fi
    fi
    sleep 0.05
done
wait "$app_pid" || { echo "play failed:"; cat "$work/err.txt"; exit 1; }
app_pid=""
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
for r in $(seq 1 "$last"); do echo "play.memory.rss_round$(printf %02d "$r") $(mib "${rss[$r]}") MiB"; done
third=$((last / 3))
slope() { awk -v a="${rss[$1]}" -v b="${rss[$2]}" -v n="$(($2 - $1))" 'BEGIN { printf "%.3f", (b - a) / 1024 / n }'; }
echo "play.memory.rounds $last count"
echo "play.memory.growth_first_third $(slope 1 $((third + 1))) MiB/round"
echo "play.memory.growth_last_third $(slope $((last - third)) "$last") MiB/round"
