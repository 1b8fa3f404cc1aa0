#!/usr/bin/env python3
"""Audits a SoundSafari logs folder after kills and races (scripts/kill-loop.sh, scripts/start-race.sh).

Usage: check-logs.py LOGS [--snapshots DIR]
Counts, over every session folder and participants.csv:
  corrupt     files that do not parse: session.json not JSON, trials.csv with a wrong header, a row with the
              wrong number of fields or not ending in a line break, participants.csv with more than one header
  duplicates  a (round, target_index) logged twice in one session, a participant registered twice
  lost        targets a completed session lacks, plus rows of a snapshot (trials.csv copied just before a
              kill, DIR/<participant>/<session>.csv) that are no longer in the final file, byte for byte
  incomplete  sessions not completed (reported, not an error: the runs may have been stopped on purpose)
  plan_twice  a training-plan session (plan version and session number) played in more than one session folder
              of a participant
A session a plan's minutes ended (session.json `ended_by` "time") is complete without all its targets.
Prints one "name value unit" line each.
"""
import csv
import io
import json
import os
import sys


def audit(logs, snapshots):
    corrupt = duplicates = lost = incomplete = sessions = rows_total = plan_twice = 0
    problems = []
    participants = os.path.join(logs, "participants.csv")
    if os.path.exists(participants):
        with open(participants, newline="") as handle:
            text = handle.read()
        lines = [line for line in text.split("\n") if line]
        headers = [line for line in lines if line.startswith("participant,")]
        if len(headers) != 1 or not lines[0].startswith("participant,"):
            corrupt += 1
            problems.append(f"{participants}: {len(headers)} header lines")
        ids = [row[0] for row in csv.reader(io.StringIO(text)) if row and row[0] != "participant"]
        if len(ids) != len(set(ids)):
            duplicates += len(ids) - len(set(ids))
            problems.append(f"{participants}: participants registered twice")
    for participant in sorted(os.listdir(logs)) if os.path.isdir(logs) else []:
        folder = os.path.join(logs, participant)
        if not os.path.isdir(folder):
            continue
        plan_sessions = {}
        for session in sorted(os.listdir(folder)):
            path = os.path.join(folder, session)
            session_json = os.path.join(path, "session.json")
            if not os.path.exists(session_json):
                continue  # killed before anything was written: nothing to lose
            sessions += 1
            try:
                with open(session_json) as handle:
                    record = json.load(handle)
            except ValueError as error:
                corrupt += 1
                problems.append(f"{session_json}: {error}")
                continue
            plan = record.get("plan")
            if plan:
                key = (plan.get("version"), plan.get("session"))
                if key in plan_sessions:
                    plan_twice += 1
                    problems.append(f"{path}: plan session {key} already played in {plan_sessions[key]}")
                plan_sessions[key] = session
            expected = {
                (plan["round"], index + 1)
                for plan in record["protocol"]["rounds"]
                for index in range(len(plan["target_sounds"]))
            }
            trials = os.path.join(path, "trials.csv")
            data = open(trials, newline="").read() if os.path.exists(trials) else ""
            if data and not data.endswith("\n"):
                corrupt += 1
                problems.append(f"{trials}: last row cut off")
            table = list(csv.reader(io.StringIO(data)))
            keys = []
            if table:
                header = table[0]
                if header[:2] != ["schema_version", "session_id"]:
                    corrupt += 1
                    problems.append(f"{trials}: header {header[:3]}")
                for row in table[1:]:
                    if len(row) != len(header):
                        corrupt += 1
                        problems.append(f"{trials}: a row of {len(row)} fields")
                        continue
                    keys.append((int(row[header.index("round")]), int(row[header.index("target_index")])))
            rows_total += len(keys)
            if len(keys) != len(set(keys)):
                duplicates += len(keys) - len(set(keys))
                problems.append(f"{trials}: {len(keys) - len(set(keys))} targets logged twice")
            if record.get("completed") and record.get("ended_by") != "time":
                missing = expected - set(keys)
                lost += len(missing)
                if missing:
                    problems.append(f"{trials}: completed but lacks {sorted(missing)}")
            else:
                incomplete += 1
            snapshot = os.path.join(snapshots or "", participant, session + ".csv")
            if snapshots and os.path.exists(snapshot):
                before = open(snapshot, newline="").read()
                kept = before[: before.rfind("\n") + 1]  # a cut-off fragment was never a row
                if not data.startswith(kept):
                    gone = kept.count("\n") - sum(1 for line in kept.split("\n") if line and line in data)
                    lost += max(gone, 1)
                    problems.append(f"{trials}: rows on disk before the kill are gone or changed")
    for problem in problems:
        print("problem:", problem, file=sys.stderr)
    print(f"sessions {sessions} count")
    print(f"rows {rows_total} count")
    print(f"lost {lost} rows")
    print(f"corrupt {corrupt} files")
    print(f"duplicates {duplicates} rows")
    print(f"incomplete {incomplete} sessions")
    print(f"plan_sessions_played_twice {plan_twice} sessions")
    return lost + corrupt + duplicates + plan_twice


if __name__ == "__main__":
    arguments = sys.argv[1:]
    snapshots = None
    if "--snapshots" in arguments:
        at = arguments.index("--snapshots")
        snapshots = arguments[at + 1]
        del arguments[at : at + 2]
    if len(arguments) != 1:
        sys.exit(__doc__)
    sys.exit(1 if audit(arguments[0], snapshots) else 0)
