#!/usr/bin/env bash
# Kill loop: sessions stopped without warning at random moments, then resumed to the end, then audited.
# Usage: scripts/kill-loop.sh [BIN_DIR] [KILLS] [SIGNAL]
#   KILLS (default 24): three quarters `simulate` (virtual clock and --realtime alternating), one quarter a
#   `study` window (Examples/thesis-study.json) under Xvfb driven by soundsafari-autopilot. Then as many
#   training-plan sessions (Examples/training-plan.json): a third `train` windows, the rest `simulate --plan
#   --sessions 2`, each continued by `simulate --plan` after the signal; and KILLS / 4 races of three plan
#   starts of one participant at once (one of them stopped), finished by one more: no plan session may be
#   played twice (check-logs.py's plan_sessions_played_twice).
#   SIGNAL (default KILL): KILL, or TERM / INT / HUP to check the orderly stop (exit 128+n, session.json
#   `interruptions`).
# trials.csv is copied just before each kill; scripts/check-logs.py then counts the rows of those copies that
# are gone (lost), files that do not parse (corrupt) and targets logged twice (duplicates).
set -uo pipefail
cd "$(dirname "$0")/.."
bin="${1:-}"
if [ -z "$bin" ]; then bin=.build/release; [ -x "$bin/soundsafari-autopilot" ] || bin=.build/debug; fi
kills="${2:-24}"
signal="${3:-KILL}"
work="$(mktemp -d)"
logs="$work/logs"
snapshots="$work/snapshots"
xvfb_pid=""
cleanup() {
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
display=":$((100 + RANDOM % 800))"
Xvfb "$display" -screen 0 1920x1080x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
sleep 1

# The study window's script: participant sheet, headphone check, 9 rounds (15 photos) with two breaks.
study_script="$work/study.txt"
{
    printf '%s\n' "wait participant-sheet" "key 6" "key 1" "key Down" "key Down" "key Right" "key Up" "key Up" \
        "key Up" "key Return" "wait headphone-check" "key Left" "key Right"
    for condition in 1 2 3; do
        for _ in 1 2 3; do
            printf '%s\n' "wait running" "key Space"
            [ "$condition" -gt 1 ] && printf '%s\n' "wait intermediate" "key Return" "wait running" "key Space"
            printf '%s\n' "wait round-result" "key Return"
        done
        [ "$condition" -lt 3 ] && printf '%s\n' "wait break" "key Return"
    done
    printf '%s\n' "wait summary" "key Return"
} >"$study_script"

study_kills=$((kills / 4))
simulate_kills=$((kills - study_kills))
killed=0 finished_first=0 resume_failures=0 wrong_status=0 not_marked=0
snapshot() {  # copies the newest session's trials.csv of participant $1
    local folder
    folder=$(ls -d "$logs/$1"/*/ 2>/dev/null | tail -1)
    [ -n "$folder" ] && [ -f "$folder/trials.csv" ] || return 0
    mkdir -p "$snapshots/$1"
    cp "$folder/trials.csv" "$snapshots/$1/$(basename "$folder").csv"
}
stop() {  # stops pid $1 (participant $2) with the signal, counts what its exit says; $3: its stderr, if kept
    snapshot "$2"
    if kill -"$signal" "$1" 2>/dev/null; then killed=$((killed + 1)); else finished_first=$((finished_first + 1)); fi
    wait "$1" 2>/dev/null
    local status=$?
    # A plan start refused before the signal (status 1 with its sentence) ended on its own, as it should.
    if [ "$status" -eq 1 ] && [ -n "${3:-}" ] && grep -qE "Another session of|is in use by" "$3"; then return; fi
    if [ "$signal" != KILL ] && [ "$status" -ne 0 ]; then
        local expected=$((128 + $(kill -l "$signal")))
        [ "$status" -eq "$expected" ] || { wrong_status=$((wrong_status + 1)); echo "problem: $2 exited with $status, not $expected" >&2; }
        local folder
        folder=$(ls -d "$logs/$2"/*/ 2>/dev/null | tail -1)
        # Stopped before its session existed (menus, participant sheet): there is nothing to mark.
        if [ -n "$folder" ] && ! grep -q '"signal" : "SIG'"$signal"'"' "$folder/session.json"; then
            not_marked=$((not_marked + 1))
        fi
    fi
}
resume() {
    "$bin/soundsafari" simulate --resume --participant "$1" --logs "$logs" >/dev/null 2>"$work/resume.txt" \
        || { grep -q "has no interrupted session" "$work/resume.txt" \
            || { resume_failures=$((resume_failures + 1)); cat "$work/resume.txt" >&2; }; }
}

for i in $(seq "$simulate_kills"); do
    participant="KS$i"
    if [ $((i % 2)) -eq 0 ]; then
        "$bin/soundsafari" simulate --participant "$participant" --mode two-targets --rounds 6 --realtime \
            --logs "$logs" >/dev/null 2>&1 &
        delay=$(awk -v r=$RANDOM 'BEGIN { printf "%.2f", 0.5 + r / 32767 * 12 }')
    else
        "$bin/soundsafari" simulate --participant "$participant" --mode two-targets-background --rounds 30 \
            --logs "$logs" >/dev/null 2>&1 &
        delay=$(awk -v r=$RANDOM 'BEGIN { printf "%.2f", 0.3 + r / 32767 * 2.5 }')
    fi
    pid=$!
    sleep "$delay"
    stop "$pid" "$participant"
    resume "$participant"
done

for i in $(seq "$study_kills"); do
    participant="KW$i"
    DISPLAY="$display" SDL_AUDIODRIVER=dummy SDL_VIDEODRIVER=x11 "$bin/soundsafari-autopilot" \
        --script "$study_script" --window-size 1920x1080 -- study --protocol Examples/thesis-study.json \
        --participant "$participant" --input keyboard --logs "$logs" >/dev/null 2>"$work/study-$i.txt" &
    pid=$!
    sleep "$(awk -v r=$RANDOM 'BEGIN { printf "%.2f", 2.5 + r / 32767 * 5.5 }')"
    stop "$pid" "$participant"
    [ -n "${KILL_LOOP_VERBOSE:-}" ] && echo "study $i: $(tail -2 "$work/study-$i.txt")" >&2
    resume "$participant"
done

# Training-plan sessions: the `train` window and `simulate --plan`, stopped, then continued through the plan.
plan=Examples/training-plan.json
train_script="$work/train.txt"
{
    printf '%s\n' "wait headphone-check" "key Left" "key Right" "wait ratings-before"
    for _ in 1 2 3 4 5 6 7; do printf '%s\n' "sleep 150" "key Down" "key Down" "key Return"; done
    for _ in $(seq 60); do printf '%s\n' "wait running" "hold Right 300" "key Space" "wait round-result" "key Return"; done
} >"$train_script"
plan_continue() {  # continues participant $1's plan (the interrupted session first), counting failures
    "$bin/soundsafari" simulate --plan "$plan" --participant "$1" --sessions 2 --logs "$logs" >/dev/null \
        2>"$work/plan-continue.txt" || { plan_failures=$((plan_failures + 1)); cat "$work/plan-continue.txt" >&2; }
}
plan_failures=0 plan_refusals=0
train_kills=$((kills / 3))
for i in $(seq "$kills"); do
    participant="KP$i"
    if [ "$i" -le "$train_kills" ]; then
        DISPLAY="$display" SDL_AUDIODRIVER=dummy SDL_VIDEODRIVER=x11 "$bin/soundsafari-autopilot" \
            --script "$train_script" --window-size 1920x1080 -- train --participant "$participant" --plan "$plan" \
            --input keyboard --logs "$logs" >/dev/null 2>"$work/train-$i.txt" &
        delay=$(awk -v r=$RANDOM 'BEGIN { printf "%.2f", 2.5 + r / 32767 * 8 }')
    elif [ $((i % 2)) -eq 0 ]; then
        "$bin/soundsafari" simulate --plan "$plan" --participant "$participant" --sessions 2 --realtime \
            --logs "$logs" >/dev/null 2>&1 &
        delay=$(awk -v r=$RANDOM 'BEGIN { printf "%.2f", 0.5 + r / 32767 * 10 }')
    else
        "$bin/soundsafari" simulate --plan "$plan" --participant "$participant" --sessions 2 \
            --logs "$logs" >/dev/null 2>&1 &
        delay=$(awk -v r=$RANDOM 'BEGIN { printf "%.2f", 0.3 + r / 32767 * 3 }')
    fi
    pid=$!
    sleep "$delay"
    stop "$pid" "$participant"
    plan_continue "$participant"
done
# Three plan starts of one participant at once, one stopped; a refused start must say why in one sentence.
races=$(( (kills + 3) / 4 ))
for i in $(seq "$races"); do
    participant="KR$i"
    pids=()
    for j in 1 2 3; do
        "$bin/soundsafari" simulate --plan "$plan" --participant "$participant" --sessions 2 --seed "$j" \
            --logs "$logs" >/dev/null 2>"$work/race-$i-$j.txt" &
        pids+=($!)
    done
    sleep "$(awk -v r=$RANDOM 'BEGIN { printf "%.2f", 0.2 + r / 32767 * 2 }')"
    stopped=$((RANDOM % 3))
    stop "${pids[$stopped]}" "$participant" "$work/race-$i-$((stopped + 1)).txt"
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null; done
    for j in 1 2 3; do
        grep -qE "Another session of|is in use by" "$work/race-$i-$j.txt" && plan_refusals=$((plan_refusals + 1))
    done
    plan_continue "$participant"
done

echo "kill.signal SIG$signal name"
echo "kill.stopped $killed processes"
echo "kill.finished_before_the_signal $finished_first processes"
echo "kill.simulate $simulate_kills runs"
echo "kill.study_window $study_kills runs"
echo "kill.resume_failures $resume_failures runs"
echo "kill.plan_sessions $kills runs"
echo "kill.plan_train_window $train_kills runs"
echo "kill.plan_races $races runs"
echo "kill.plan_starts_refused $plan_refusals runs"
echo "kill.plan_continue_failures $plan_failures runs"
if [ "$signal" != KILL ]; then
    echo "kill.wrong_exit_status $wrong_status runs"
    echo "kill.not_marked_interrupted $not_marked runs"
fi
echo "kill.rows_on_disk_at_the_signal $(cat "$snapshots"/*/*.csv 2>/dev/null | grep -vc '^schema_version') rows"
python3 scripts/check-logs.py "$logs" --snapshots "$snapshots" | sed 's/^/kill./'
