#!/usr/bin/env python3
"""The peer of `study.trials_csv_read_rows_per_s`: pandas.read_csv on the same trials.csv, every column typed.

  python3 scripts/read-csv-peer.py FILE OURS_ROWS_PER_S    prints the peer's rows/s and ours as a ratio to it
"""
import sys
import time

import pandas as pd

path, ours = sys.argv[1], float(sys.argv[2])
best = float("inf")
rows = 0
# The best of three, as the file is small: the first read also pays for pandas' imports of its parsers.
for _ in range(3):
    start = time.perf_counter()
    frame = pd.read_csv(path, parse_dates=["onset_at", "shot_at"])
    best = min(best, time.perf_counter() - start)
    rows = len(frame)
print(f"study.trials_csv_read_pandas_rows_per_s {rows / best:.0f} rows/s")
print(f"study.trials_csv_read_vs_pandas {ours / (rows / best):.2f} x")
