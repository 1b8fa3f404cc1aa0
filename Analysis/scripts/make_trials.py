#!/usr/bin/env python3
"""Writes a synthetic StudyLogs folder in the log format (docs/LOG-FORMAT.md v1) for tests and the benchmark.

  python3 Analysis/scripts/make_trials.py OUT_DIR --rows N --conditions C --participants P [--seed S] [--single-file]

--single-file writes one OUT_DIR/trials.csv (the benchmark's 1,000,000-row file); otherwise one
OUT_DIR/<participant>/<session>/trials.csv per session plus OUT_DIR/participants.csv.
Deviation grows with the condition index (so tests find an effect) and shrinks over rounds (learning).
"""
import argparse, math, os, random

p = argparse.ArgumentParser()
p.add_argument("out"); p.add_argument("--rows", type=int, default=1000); p.add_argument("--conditions", type=int, default=3)
p.add_argument("--participants", type=int, default=8); p.add_argument("--seed", type=int, default=7)
p.add_argument("--single-file", action="store_true")
a = p.parse_args()
rng = random.Random(a.seed)
header = ("schema_version,session_id,participant,platform,input,hrtf,condition,background,round,targets_in_round,target_index,"
          "target,target_bearing_deg,aim_bearing_deg,deviation_deg,abs_deviation_deg,front_back_confusion,onset_at,shot_at,time_s\n")
conditions = [f"cond-{i + 1:02d}" for i in range(a.conditions)]
participants = [f"P{i + 1:03d}" for i in range(a.participants)]
per_participant = max(1, a.rows // len(participants))
os.makedirs(a.out, exist_ok=True)
single = open(os.path.join(a.out, "trials.csv"), "w") if a.single_file else None
if single: single.write(header)
written = 0
for pi, participant in enumerate(participants):
    skill = rng.gauss(0, 3)
    sessions = 2
    for s in range(sessions):
        session = f"2026112{s}T1{pi % 10}0000Z-{pi:04x}"
        f = single
        if not single:
            folder = os.path.join(a.out, participant, session); os.makedirs(folder, exist_ok=True)
            f = open(os.path.join(folder, "trials.csv"), "w"); f.write(header)
        n = per_participant // sessions + (1 if s < per_participant % sessions else 0)
        for i in range(n):
            c = i % len(conditions); rnd = i // len(conditions) + 1
            target = rng.uniform(0, 360)
            spread = 8 + 2 * c + max(0.0, skill) - min(6.0, 0.3 * rnd) - 2 * s
            dev = max(-180.0, min(180.0, rng.gauss(0.5 * c, max(spread, 1))))
            aim = (target - dev) % 360
            wrapped = (target - aim + 180) % 360 - 180
            if wrapped == -180: wrapped = 180.0
            confused = abs(((180 - target) % 360 - aim + 180) % 360 - 180) < abs(wrapped)
            t = max(0.4, rng.gauss(3 + 0.2 * c - 0.05 * rnd, 0.8))
            f.write(f"1,{session},{participant},linux-sdl2,bot-noisy,default,{conditions[c]},{'true' if c % 2 else 'false'},{rnd},1,1,"
                    f"frog,{target:.3f},{aim:.3f},{wrapped:.3f},{abs(wrapped):.3f},{'true' if confused else 'false'},"
                    f"2026-11-21T20:15:00.000Z,2026-11-21T20:15:03.000Z,{t:.3f}\n")
            written += 1
        if not single: f.close()
if single: single.close()
if not single:
    with open(os.path.join(a.out, "participants.csv"), "w") as f:
        f.write("participant,age,gender,tinnitus,tinnitus_side,hearing_aid,phone_experience_0_5,game_experience_0_5,registered_at\n")
        for i, participant in enumerate(participants):
            f.write(f"{participant},{20 + i * 3 % 40},{'f' if i % 2 else 'm'},{'yes' if i % 3 == 0 else 'no'},{'left' if i % 3 == 0 else ''},no,4,3,2026-11-21T19:00:00Z\n")
print(f"wrote {written} rows to {a.out}")
