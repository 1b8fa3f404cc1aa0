#!/usr/bin/env bash
# Concurrent starts on one logs folder: N `simulate` processes of N new participants started at once
# (TRIES times each for N = 2 and N = 16), 16 processes of one participant at once, then two `--resume`
# runs of one killed session at once.
# Usage: scripts/start-race.sh [BIN_DIR] [TRIES]   (BIN_DIR defaults to .build/release, then .build/debug)
# Prints "name value unit" lines; lost / corrupt / duplicates come from scripts/check-logs.py.
set -uo pipefail
cd "$(dirname "$0")/.."
bin="${1:-}"
if [ -z "$bin" ]; then bin=.build/release; [ -x "$bin/soundsafari" ] || bin=.build/debug; fi
tries="${2:-20}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for n in 2 16; do
    failed=0 unregistered=0 lost=0 corrupt=0 duplicates=0
    for try in $(seq "$tries"); do
        logs="$work/race-$n-$try"
        pids=()
        for i in $(seq "$n"); do
            "$bin/soundsafari" simulate --participant "RACE$i" --rounds 1 --seed "$i" --logs "$logs" \
                >/dev/null 2>"$work/err-$i.txt" &
            pids+=($!)
        done
        for i in "${!pids[@]}"; do
            if ! wait "${pids[$i]}"; then
                failed=$((failed + 1))
                echo "try $try, process $((i + 1)) of $n failed: $(cat "$work/err-$((i + 1)).txt")" >&2
            fi
        done
        registered=$(python3 -c "import csv,sys; print(sum(1 for r in csv.reader(open(sys.argv[1])) if r and r[0] != 'participant'))" "$logs/participants.csv")
        unregistered=$((unregistered + n - registered))
        audit=$(python3 scripts/check-logs.py "$logs")
        lost=$((lost + $(echo "$audit" | awk '$1=="lost" {print $2}')))
        corrupt=$((corrupt + $(echo "$audit" | awk '$1=="corrupt" {print $2}')))
        duplicates=$((duplicates + $(echo "$audit" | awk '$1=="duplicates" {print $2}')))
        rm -rf "$logs"
    done
    echo "race.start$n.tries $tries count"
    echo "race.start$n.failed_starts $failed processes"
    echo "race.start$n.unregistered $unregistered participants"
    echo "race.start$n.lost $lost rows"
    echo "race.start$n.corrupt $corrupt files"
    echo "race.start$n.duplicates $duplicates rows"
done

# 16 sessions of ONE participant started at once: each must get its own session_index, 1 to 16
# (numbered under <participant>/.start.lock).
failed=0 shared=0 lost=0 corrupt=0 duplicates=0
for try in $(seq "$tries"); do
    logs="$work/same-$try"
    pids=()
    for i in $(seq 16); do
        "$bin/soundsafari" simulate --participant SAME01 --rounds 1 --seed "$i" --logs "$logs" \
            >/dev/null 2>"$work/err-$i.txt" &
        pids+=($!)
    done
    for i in "${!pids[@]}"; do
        if ! wait "${pids[$i]}"; then
            failed=$((failed + 1))
            echo "try $try, process $((i + 1)) of 16 failed: $(cat "$work/err-$((i + 1)).txt")" >&2
        fi
    done
    # Indices other than exactly 1..16, once each: a shared index counts once per session too many.
    shared=$((shared + $(python3 -c "
import json, glob, sys
got = sorted(json.load(open(f)).get('session_index') for f in glob.glob(sys.argv[1] + '/SAME01/*/session.json'))
print(len(got) - len(set(got)) + sum(1 for i in range(1, 17) if i not in got))" "$logs")))
    audit=$(python3 scripts/check-logs.py "$logs")
    lost=$((lost + $(echo "$audit" | awk '$1=="lost" {print $2}')))
    corrupt=$((corrupt + $(echo "$audit" | awk '$1=="corrupt" {print $2}')))
    duplicates=$((duplicates + $(echo "$audit" | awk '$1=="duplicates" {print $2}')))
    rm -rf "$logs"
done
echo "race.same16.tries $tries count"
echo "race.same16.failed_starts $failed processes"
echo "race.same16.wrong_session_index $shared sessions"
echo "race.same16.lost $lost rows"
echo "race.same16.corrupt $corrupt files"
echo "race.same16.duplicates $duplicates rows"

# Two resumes of one interrupted session at once: one continues it, the other is refused (or finds it done).
refused=0 finished=0 both=0 lost=0 corrupt=0 duplicates=0
for try in $(seq "$tries"); do
    logs="$work/resume-$try"
    "$bin/soundsafari" simulate --participant RES01 --rounds 12 --seed "$try" --realtime --logs "$logs" \
        >/dev/null 2>&1 &
    first=$!
    # Killed once it has logged a row (up to 30 s), so there is an interrupted session to resume.
    for _ in $(seq 300); do
        [ "$(cat "$logs"/RES01/*/trials.csv 2>/dev/null | wc -l)" -ge 2 ] && break
        sleep 0.1
    done
    kill -KILL "$first" 2>/dev/null
    wait "$first" 2>/dev/null
    "$bin/soundsafari" simulate --resume --participant RES01 --logs "$logs" >"$work/a.txt" 2>&1 &
    a=$!
    "$bin/soundsafari" simulate --resume --participant RES01 --logs "$logs" >"$work/b.txt" 2>&1 &
    b=$!
    ok=0
    wait "$a" && ok=$((ok + 1))
    wait "$b" && ok=$((ok + 1))
    [ "$ok" -eq 2 ] && both=$((both + 1))
    if grep -qh "is in use by" "$work/a.txt" "$work/b.txt"; then
        refused=$((refused + 1))
    elif grep -qh "completed meanwhile\|has no interrupted session" "$work/a.txt" "$work/b.txt"; then
        finished=$((finished + 1))  # the first resume had already completed the session
    fi
    audit=$(python3 scripts/check-logs.py "$logs")
    lost=$((lost + $(echo "$audit" | awk '$1=="lost" {print $2}')))
    corrupt=$((corrupt + $(echo "$audit" | awk '$1=="corrupt" {print $2}')))
    duplicates=$((duplicates + $(echo "$audit" | awk '$1=="duplicates" {print $2}')))
    rm -rf "$logs"
done
echo "race.resume2.tries $tries count"
echo "race.resume2.refused_in_use $refused tries"
echo "race.resume2.found_it_completed $finished tries"
echo "race.resume2.both_succeeded $both tries"
echo "race.resume2.lost $lost rows"
echo "race.resume2.corrupt $corrupt files"
echo "race.resume2.duplicates $duplicates rows"
