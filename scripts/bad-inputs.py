#!/usr/bin/env python3
"""Battery of bad inputs: every one must be refused in a sentence, never crash, hang or pass silently.

Usage: scripts/bad-inputs.py [BIN_DIR] [--verbose]
BIN_DIR (default .build/release, else .build/debug) holds soundsafari and soundsafari-analyze.

Each case puts one bad input (a profile, a plan and its questionnaires, an audiogram, ratings.csv,
questionnaires.csv, reminder settings, a SOFA file, an analyzer input, a flag) into a fresh folder and runs the
command that reads it, as a user would.
A case is
  handled  a non-zero exit with a message on stderr (the one sentence),
  crash    ended by a signal, or a runtime trap ("Fatal error", "Illegal instruction"),
  hang     still running after 60 s (then killed),
  silent   exit 0, or a non-zero exit without a word (or, where a case names what its sentence must say, a
           sentence about something else): the bad input was taken.
Prints one "name value unit" line each (bad_inputs.tried/handled/crash/hang/silent) and the line
"tried N / handled N / crash N / hang N / silent N"; exits 1 unless crash, hang and silent are 0.
"""
import concurrent.futures
import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
KEMAR = "/usr/share/libmysofa/MIT_KEMAR_normal_pinna.sofa"
TIMEOUT = 60
TRAPS = ("Fatal error", "Illegal instruction", "Segmentation fault", "Aborted", "core dumped")

# Wrong JSON values for a field: another type, or a number no range allows.
WRONG_TYPES = ['"abc"', "[]", "{}"]
HUGE = ["1e308", "-1e308"]


def arguments():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    binary = args[0] if args else ""
    if not binary:
        binary = os.path.join(ROOT, ".build/release")
        if not os.path.exists(os.path.join(binary, "soundsafari")):
            binary = os.path.join(ROOT, ".build/debug")
    return os.path.abspath(binary), "--verbose" in sys.argv


BIN, VERBOSE = arguments()
SOUNDSAFARI = os.path.join(BIN, "soundsafari")
ANALYZE = os.path.join(BIN, "soundsafari-analyze")


class Case:
    """One bad input: `files` (path → bytes, or a special: "fifo", "devzero", "folder", ("link", target))
    written into a fresh folder, then `argv` run there ({dir} replaced by the folder)."""

    def __init__(self, surface, name, files, argv, env=None, said=None):
        self.surface, self.name, self.files, self.argv, self.env = surface, name, files, argv, env or {}
        # Text the sentence must hold (the input it names): another complaint means the bad input went unnoticed.
        self.said = said


def plant(folder, files):
    for relative, content in files.items():
        path = os.path.join(folder, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if content == "fifo":
            os.mkfifo(path, 0o600)
        elif content == "devzero":
            os.symlink("/dev/zero", path)
        elif content == "folder":
            os.makedirs(path, exist_ok=True)
        elif isinstance(content, tuple) and content[0] == "link":
            os.symlink(os.path.join(folder, content[1]), path)
        elif isinstance(content, tuple) and content[0] == "copy":
            shutil.copyfile(content[1], path)
        else:
            with open(path, "wb") as handle:
                handle.write(content if isinstance(content, bytes) else content.encode())


def run(case):
    folder = tempfile.mkdtemp(prefix="bad-input-")
    try:
        plant(folder, case.files)
        argv = [part.replace("{dir}", folder) for part in case.argv]
        env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(folder, "config"),
                   XDG_DATA_HOME=os.path.join(folder, "data"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        env["PATH"] = os.path.join(folder, "bin") + ":" + env.get("PATH", "")
        env.update({key: value.replace("{dir}", folder) for key, value in case.env.items()})
        # A systemctl that does nothing: no user manager runs here, and nothing may be enabled for real.
        os.makedirs(os.path.join(folder, "bin"), exist_ok=True)
        fake = os.path.join(folder, "bin", "systemctl")
        with open(fake, "w") as handle:
            handle.write("#!/bin/sh\nexit 0\n")
        os.chmod(fake, 0o755)
        try:
            done = subprocess.run(argv, cwd=folder, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                                  timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            return case, "hang", ""
        stderr = done.stderr.decode(errors="replace")
        if done.returncode < 0 or any(trap in stderr for trap in TRAPS):
            return case, "crash", stderr
        if done.returncode == 0 or not stderr.strip():
            return case, "silent", stderr + done.stdout.decode(errors="replace")[-300:]
        if case.said is not None and case.said not in stderr:
            return case, "silent", f"the sentence does not say {case.said!r}: " + stderr
        return case, "handled", stderr
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def json_text(value):
    return json.dumps(value, indent=2) + "\n"


def set_path(document, path, raw):
    """A copy of `document` with the value at `path` (keys and list indexes) replaced by the JSON text `raw`."""
    changed = copy.deepcopy(document)
    target = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = json.loads(raw)
    return changed


def leaves(value, path=()):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, path + (key,))
    elif isinstance(value, list) and value and not isinstance(value[0], (dict, list)):
        yield path, value
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, path + (index,))
    else:
        yield path, value


def special_files(surface, relative, argv):
    """The same reader given a FIFO, a link to /dev/zero, a folder, an empty file and binary junk."""
    cases = []
    for name, content in [("FIFO", "fifo"), ("link to /dev/zero", "devzero"), ("folder", "folder"),
                          ("empty file", b""), ("binary junk", bytes(range(256)) * 4),
                          ("a NUL in the text", b"{\"a\x00\": 1}\n")]:
        cases.append(Case(surface, name, {relative: content}, argv))
    return cases


# --- profile.json ----------------------------------------------------------------------------------------
PROFILE = {
    "schema_version": 1, "participant": "P01",
    "audiogram": {"unit": "dB HL", "left": {"1000": 20, "4000": 35}, "right": {"1000": 25, "4000": 40}},
    "tinnitus": {"pitch_hz": 4000, "ear": "both", "probe": "tone", "level_db_above_threshold": 8},
    "tailoring": {"notch": {"center_hz": 4000, "width_octaves": 1}, "gain_rule": "half-gain", "max_gain_db": 20},
    "calibration": {"left_db_spl_at_0_dbfs": 100, "right_db_spl_at_0_dbfs": 100},
    "output": {"ceiling_dbfs": -1, "max_volume_db": -6},
}
PROFILE_SHOW = [SOUNDSAFARI, "profile", "show", "--participant", "P01", "--logs", "{dir}/logs"]
PROFILE_WRITE = [SOUNDSAFARI, "profile", "set-output", "--participant", "P01", "--logs", "{dir}/logs",
                 "--ceiling-dbfs", "-3"]
PROFILE_FILE = "logs/P01/profile.json"


def profile_cases():
    cases = []
    numbers = [path for path, value in leaves(PROFILE)
               if isinstance(value, (int, float)) and not isinstance(value, bool)
               and path[-1] not in ("schema_version", "level_db_above_threshold")]
    for path in numbers:
        for raw in WRONG_TYPES + HUGE + ["true"]:
            text = json_text(set_path(PROFILE, path, raw))
            name = f"{'.'.join(map(str, path))} = {raw}"
            cases.append(Case("profile", name, {PROFILE_FILE: text}, PROFILE_SHOW))
            cases.append(Case("profile", name + " (writer)", {PROFILE_FILE: text}, PROFILE_WRITE))
    enums = [("audiogram", "unit"), ("tailoring", "gain_rule")]
    for path in enums:
        for raw in ['"dB SPL"', '"none at all"', "3"]:
            cases.append(Case("profile", f"{'.'.join(path)} = {raw}",
                              {PROFILE_FILE: json_text(set_path(PROFILE, path, raw))}, PROFILE_SHOW))
    texts = [("tinnitus", "ear"), ("tinnitus", "probe")]
    for path in texts:
        for raw in ["3", "false", "[]", '"sideways"']:
            cases.append(Case("profile", f"{'.'.join(path)} = {raw}",
                              {PROFILE_FILE: json_text(set_path(PROFILE, path, raw))}, PROFILE_SHOW))
    for key, raw in [("created_at", '"yesterday"'), ("created_at", "5"), ("source", "7"), ("source", "[]"),
                     ("version", "true"), ("version", "1.5"), ("schema_version", "true")]:
        cases.append(Case("profile", f"{key} = {raw}", {PROFILE_FILE: json_text(set_path(PROFILE, (key,), raw))},
                          PROFILE_SHOW))
    for path, raw in [(("tinnitus", "runs_hz"), '"abc"'), (("tinnitus", "runs_hz"), "[1e308]"),
                      (("tinnitus", "runs_hz"), "[true]"), (("tinnitus", "level_db_above_threshold"), "1e308"),
                      (("tinnitus", "spread_octaves"), "-1")]:
        cases.append(Case("profile", f"{'.'.join(path)} = {raw}",
                          {PROFILE_FILE: json_text(set_path(PROFILE, path, raw))}, PROFILE_SHOW))
    for where, misspelt in [((), "max_gain_db"), (("tailoring",), "max_gain_dB"), (("output",), "ceiling_dBFS"),
                            (("tinnitus",), "pitch"), (("calibration",), "left")]:
        bad = copy.deepcopy(PROFILE)
        target = bad
        for key in where:
            target = target[key]
        target[misspelt] = 1
        cases.append(Case("profile", f"unknown key {'.'.join(where + (misspelt,))}", {PROFILE_FILE: json_text(bad)},
                          PROFILE_SHOW))
    text = json_text(PROFILE)
    cases.append(Case("profile", "trailing comma", {PROFILE_FILE: text.replace('"max_volume_db": -6', '"max_volume_db": -6,')},
                      PROFILE_SHOW))
    cases.append(Case("profile", "repeated key", {PROFILE_FILE: text.replace('"gain_rule": "half-gain",',
                                                                            '"gain_rule": "half-gain", "gain_rule": "none",')},
                      PROFILE_SHOW))
    # One frequency under two spellings (issue 47): each command took one of the two levels silently.
    for spelling in ["1e3", "1000.0", "1.0e+3", "01000"]:
        bad = copy.deepcopy(PROFILE)
        bad["audiogram"]["left"][spelling] = 35
        text = json_text(bad)
        for command, argv in [("show", PROFILE_SHOW), ("set-output", PROFILE_WRITE),
                              ("simulate", [SOUNDSAFARI, "simulate", "--rounds", "1", "--participant", "P01",
                                            "--logs", "{dir}/logs"])]:
            cases.append(Case("profile", f"audiogram 1000 and {spelling} ({command})", {PROFILE_FILE: text}, argv,
                              said="names the same frequency"))
    for frequency in ["abc", "10", "30000", "-1000"]:
        bad = copy.deepcopy(PROFILE)
        bad["audiogram"]["left"][frequency] = 20
        cases.append(Case("profile", f"audiogram frequency {frequency}", {PROFILE_FILE: json_text(bad)}, PROFILE_SHOW))
    structural = {
        "schema_version 2": json_text(dict(PROFILE, schema_version=2)),
        "participant P99": json_text(dict(PROFILE, participant="P99")),
        "participant missing": json_text({k: v for k, v in PROFILE.items() if k != "participant"}),
        "a JSON list": "[1, 2]\n",
        "cut off": json_text(PROFILE)[:120],
        "versions empty": json_text(dict(PROFILE, versions=[])),
        "versions not objects": json_text(dict(PROFILE, versions=[1, 2])),
    }
    versioned = [dict(PROFILE, version=n) for n in (1, 2, 3)]
    for name, numbers_of in [("versions reversed", [3, 2, 1]), ("version repeated", [1, 2, 2]),
                             ("version gap", [1, 2, 5]), ("version 0", [0, 1, 2])]:
        listed = [dict(v, version=n) for v, n in zip(versioned, numbers_of)]
        structural[name] = json_text(dict(listed[-1], versions=listed))
    top_edit = dict(versioned[-1], versions=versioned)
    top_edit = dict(top_edit, output={"ceiling_dbfs": -12, "max_volume_db": -6})
    structural["top level edited alone"] = json_text(top_edit)
    for name, text in structural.items():
        cases.append(Case("profile", name, {PROFILE_FILE: text}, PROFILE_SHOW))
        cases.append(Case("profile", name + " (writer)", {PROFILE_FILE: text}, PROFILE_WRITE))
    cases += special_files("profile", PROFILE_FILE, PROFILE_SHOW)
    cases.append(Case("profile", "link into P02's folder",
                      {"logs/P02/profile.json": json_text(dict(PROFILE, participant="P02")),
                       PROFILE_FILE: ("link", "logs/P02/profile.json")}, PROFILE_WRITE))
    return cases


# --- training plans ----------------------------------------------------------------------------------------
def plan_cases():
    with open(os.path.join(ROOT, "Examples/training-plan.json")) as handle:
        plan = json.load(handle)
    argv = [SOUNDSAFARI, "plan", "assign", "--participant", "P01", "--logs", "{dir}/logs", "{dir}/plan.json"]
    cases = []
    for path, value in leaves(plan):
        if path[-1] in ("description", "comment"):
            continue
        if isinstance(value, bool):
            bad = ['"yes"', "1", "[]"]
        elif isinstance(value, (int, float)):
            bad = WRONG_TYPES + HUGE + ["true"]
        elif isinstance(value, str):
            bad = ["42", "[]", '"no-such-value"'] if path[-1] not in ("name",) else ["42", "[]", '""']
        else:  # a list of plain values
            bad = ['"abc"', "[]", '["abc"]', "[1e308]"]
        for raw in bad:
            text = json_text(set_path(plan, path, raw))
            cases.append(Case("plan", f"{'.'.join(map(str, path))} = {raw}", {"plan.json": text}, argv))
    text = json_text(plan)
    for name, edited in {
        "trailing comma": text.replace('"down": 2,', '"down": 2,,').replace('"threshold_reversals": 6',
                                                                           '"threshold_reversals": 6,'),
        "repeated key": text.replace('"up": 1,', '"up": 1, "up": 3,'),
        "unknown key": text.replace('"up": 1,', '"upp": 1, "up": 1,'),
        "step 1e-300": text.replace('"step_sizes": [\n      8,\n      4,\n      2\n    ]', '"step_sizes": [1e-300]'),
        "unknown sound": text.replace('"frog"', '"unicorn"', 1),
        "cut off": text[: len(text) // 2],
    }.items():
        cases.append(Case("plan", name, {"plan.json": edited}, argv))
    cases += special_files("plan", "plan.json", argv)
    cases.append(Case("plan", "--rounds with --plan", {"plan.json": text},
                      [SOUNDSAFARI, "simulate", "--plan", "{dir}/plan.json", "--rounds", "5", "--logs", "{dir}/l"]))
    return cases


# --- audiogram CSV -----------------------------------------------------------------------------------------
def audiogram_cases():
    argv = [SOUNDSAFARI, "profile", "set-audiogram", "--participant", "P01", "--logs", "{dir}/logs", "{dir}/a.csv"]
    header = "frequency_hz,left_db_hl,right_db_hl\n"
    rows = {
        "level 121": "1000,121,20\n", "level -11": "1000,-11,20\n", "level abc": "1000,abc,20\n",
        "level 1e308": "1000,1e308,20\n", "level nan": "1000,nan,20\n", "level inf": "1000,inf,20\n",
        "level empty": "1000,,20\n", "level with a NUL": "1000,2\x000,20\n", "decimal comma": '1000,"20,5",20\n',
        "frequency 100": "100,20,20\n", "frequency 20000": "20000,20,20\n", "frequency abc": "abc,20,20\n",
        "frequency repeated": "1000,20,20\n1000,25,25\n", "four fields": "1000,20,20,20\n",
        "two fields": "1000,20\n", "open quote": '1000,"20,20\n', "a NUL alone": "\x00\n",
    }
    cases = [Case("audiogram", name, {"a.csv": header + row}, argv) for name, row in rows.items()]
    for name, text in {
        "semicolons": "frequency_hz;left_db_hl;right_db_hl\n1000;20;20\n",
        "tabs": "frequency_hz\tleft_db_hl\tright_db_hl\n1000\t20\t20\n",
        "no frequency column": "hz,left_db_hl,right_db_hl\n1000,20,20\n",
        "header only": header, "no rows, no header": "",
    }.items():
        cases.append(Case("audiogram", name, {"a.csv": text}, argv))
    cases += special_files("audiogram", "a.csv", argv)
    return cases


# --- reminder settings -------------------------------------------------------------------------------------
SETTINGS = {"participant": "P01", "logs": "/tmp/logs", "executable": "/usr/bin/soundsafari",
            "training": ["Mon 18:00"], "prompts": 2, "windows": ["09:00-21:00"], "plan_days": 7}


def reminder_cases():
    file = "config/soundsafari/reminders/P01.json"
    units = "config/systemd/user/soundsafari-reminder-P01-prompt.timer"
    cases = []
    bad = {
        "participant": ['"M3"', '""', "42"], "logs": ['"relative"', '"/tmp/x\\nExecStartPre=/usr/bin/id"', '"/a\\u0000b"', "1"],
        "executable": ['"soundsafari"', '"/usr/bin/x\\nExecStartPre=/usr/bin/id"', "[]"],
        "training": ['["Someday 18:00"]', '["Mon 25:00"]', '"Mon 18:00"', "42"],
        "prompts": ["-4", "400", '"four"', "1e308", "2.5"],
        "windows": ['["22:00-08:00"]', '["24:00-08:00"]', '["08:00-08:00"]', '["8-22"]', '"09:00-21:00"'],
        "plan_days": ["100000000", "0", "-1", "61", '"seven"', "1e308"],
    }
    for key, values in bad.items():
        for raw in values:
            text = json_text(set_path(SETTINGS, (key,), raw))
            for command in ("replan", "show"):
                cases.append(Case("reminders", f"{key} = {raw} ({command})", {file: text, units: "[Timer]\n"},
                                  [SOUNDSAFARI, "reminders", command, "--participant", "P01"]))
    for name, text in {"unknown key": json_text(dict(SETTINGS, plan_dayz=7)),
                       "missing plan_days": json_text({k: v for k, v in SETTINGS.items() if k != "plan_days"}),
                       "trailing comma": json_text(SETTINGS).replace('"plan_days": 7', '"plan_days": 7,'),
                       "repeated key": json_text(SETTINGS).replace('"prompts": 2,', '"prompts": 2, "prompts": -4,'),
                       "not JSON": "plan_days = 7\n"}.items():
        cases.append(Case("reminders", name, {file: text, units: "[Timer]\n"},
                          [SOUNDSAFARI, "reminders", "replan", "--participant", "P01"]))
    for name, content in [("FIFO", "fifo"), ("link to /dev/zero", "devzero"), ("folder", "folder")]:
        cases.append(Case("reminders", name, {file: content, units: "[Timer]\n"},
                          [SOUNDSAFARI, "reminders", "replan", "--participant", "P01"]))
    flags = [
        ["--window", "22:00-08:00"], ["--window", "24:00-08:00"], ["--window", "25:00-26:00"], ["--window", "8-22"],
        ["--window", "Someday 08:00-22:00"], ["--days", "0"], ["--days", "61"], ["--days", "1000000000"],
        ["--prompts", "-4"], ["--prompts", "0"], ["--prompts", "1000"], ["--logs", "/tmp/x\nExecStartPre=/bin/id"],
        ["--logs", "/tmp/\x1b[31mred"], ["--logs", ""], ["--training", "Someday 18:00"], ["--training", "Mon 18:61"],
    ]
    for extra in flags:
        base = ["--prompts", "2"] if "--prompts" not in extra and "--window" in extra else []
        cases.append(Case("reminders", "set " + " ".join(extra).replace("\n", "\\n"), {},
                          [SOUNDSAFARI, "reminders", "set", "--participant", "P01", "--training", "Mon 18:00"]
                          + base + extra))
    for zone in ["Invalid/Zone", "UTC+25", "Europe/Lndon", "Mars/Olympus", ":Nowhere"]:
        cases.append(Case("reminders", f"TZ={zone}", {},
                          [SOUNDSAFARI, "reminders", "plan", "--prompts", "2", "--days", "1", "--seed", "1"],
                          env={"TZ": zone}))
        cases.append(Case("reminders", f"TZ={zone} (set)", {},
                          [SOUNDSAFARI, "reminders", "set", "--participant", "P01", "--prompts", "2"],
                          env={"TZ": zone}))
    return cases


# --- SOFA files --------------------------------------------------------------------------------------------
def questionnaire_cases():
    cases = special_files("questionnaire", "instrument.json", [SOUNDSAFARI, "questionnaire", "check",
                                                                "{dir}/instrument.json"])
    # A plan's questionnaires (issue 28), through plan assign.
    with open(os.path.join(ROOT, "Examples/training-plan.json")) as handle:
        plan = json.load(handle)
    assign = [SOUNDSAFARI, "plan", "assign", "--participant", "P01", "--logs", "{dir}/logs", "{dir}/plan.json"]
    for raw in ['"mini-tq"', "[]", "42", '{"baseline": "mini-tq"}', '{"baseline": ["Mini TQ"]}',
                '{"baseline": [3]}', '{"follow_up": ["thi", "thi"]}', '{"followup": ["thi"]}',
                '{"every_n_sessions": {"n": 0, "ids": ["thi"]}}', '{"every_n_sessions": {"n": 10, "ids": ["thi"]}}',
                '{"every_n_sessions": {"n": 1e308, "ids": ["thi"]}}', '{"every_n_sessions": {"n": 2, "ids": []}}',
                '{"every_n_sessions": {"ids": ["thi"]}}', '{"every_n_sessions": [2]}']:
        cases.append(Case("plan questionnaires", f"questionnaires = {raw}",
                          {"plan.json": json_text(set_path(plan, ("questionnaires",), raw))}, assign))
    # A plan naming an instrument this machine lacks: simulate refuses it before any session.
    cases.append(Case("plan questionnaires", "unknown instrument (simulate)",
                      {"plan.json": json_text(set_path(plan, ("questionnaires",), '{"baseline": ["tfi"]}'))},
                      [SOUNDSAFARI, "simulate", "--plan", "{dir}/plan.json", "--answer-ratings", "--logs", "{dir}/l"]))
    # questionnaires.csv damaged by hand, read by the analyzer.
    analyze = [ANALYZE, "questionnaires", "{dir}/logs"]
    relative = "logs/P01/questionnaires.csv"
    header = ("participant,administration,instrument,instrument_version,language,moment,session_index,record,"
              "item,value,skipped,band,missing_items,prorated,recorded_at")
    good = "P01,A1,mini-tq,1,en,baseline,,finished,total,12.000,,moderate,0,FALSE,2026-11-21T20:15:00.000Z"
    for name, row in {
        "moment 'sometime'": good.replace(",baseline,", ",sometime,"),
        "record 'score'": good.replace(",finished,", ",score,"),
        "version 'one'": good.replace(",1,en,", ",one,en,"),
        "total 'twelve'": good.replace(",12.000,", ",twelve,"),
        "skipped on a score row": good.replace(",12.000,,", ",12.000,TRUE,"),
        "answer skipped with a value": good.replace(",finished,total,12.000,,", ",answer,mtq01,2.000,TRUE,"),
        "no timestamp": good.replace("2026-11-21T20:15:00.000Z", "yesterday"),
        "session_index 'x'": good.replace(",baseline,,", ",baseline,x,"),
    }.items():
        cases.append(Case("questionnaires csv", name, {relative: header + "\n" + row + "\n"}, analyze))
    cases.append(Case("questionnaires csv", "another header", {relative: "participant,score\nP01,3\n"}, analyze))
    cases.append(Case("questionnaires csv", "no folder", {}, [ANALYZE, "questionnaires", "{dir}/nothing"]))
    cases.append(Case("questionnaires csv", "no instrument file", {relative: header + "\n" + good + "\n"},
                      analyze + ["--instrument-file", "{dir}/none.json"]))
    return cases


def sofa_cases():
    argv = [SOUNDSAFARI, "hrtf", "import", "{dir}/in.sofa", "--name", "bad"]
    cases = special_files("sofa", "in.sofa", argv)
    cases.append(Case("sofa", "a text file", {"in.sofa": "not a SOFA file\n"}, argv))
    if os.path.exists(KEMAR):
        with open(KEMAR, "rb") as handle:
            kemar = handle.read()
        for fraction in (0.001, 0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99):
            cases.append(Case("sofa", f"KEMAR cut at {fraction:.0%}", {"in.sofa": kemar[: int(len(kemar) * fraction)]},
                              argv))
        for offset in (8, 64, 4096):
            damaged = bytearray(kemar)
            damaged[offset:offset + 64] = b"\xff" * 64
            cases.append(Case("sofa", f"KEMAR with 64 bytes overwritten at {offset}", {"in.sofa": bytes(damaged)},
                              argv))
    return cases


# --- the analyzer's inputs and ratings.csv -----------------------------------------------------------------
def analyzer_cases():
    with open(os.path.join(ROOT, "Examples/sample-session/P07/20261126T014050Z-18a8/trials.csv")) as handle:
        trials = handle.read()
    header, first = trials.split("\n")[0], trials.split("\n")[1]
    columns = header.split(",")
    cells = first.split(",")
    cases = []
    # Each bad cell is given to a command that reads its column (a column no command reads is not taken).
    describe = [ANALYZE, "describe", "{dir}/trials.csv"]
    for column, raw, argv in [
        ("abs_deviation_deg", "nan", describe), ("abs_deviation_deg", "inf", describe),
        ("abs_deviation_deg", "1e308", describe), ("abs_deviation_deg", "abc", describe),
        ("abs_deviation_deg", "", describe), ("time_s", "abc", describe + ["--value", "time_s"]),
        ("time_s", "nan", describe + ["--value", "time_s"]), ("deviation_deg", "abc", describe + ["--value",
                                                                                               "deviation_deg"]),
        ("front_back_confusion", "maybe", [ANALYZE, "rate", "{dir}/trials.csv"]),
        ("front_back_reversal", "maybe", [ANALYZE, "rate", "{dir}/trials.csv", "--value", "front_back_reversal"]),
        ("condition", "", describe + ["--by", "condition"]),
        ("abs_deviation_deg", "200", describe), ("abs_deviation_deg", "-1", describe),
        ("abs_deviation_deg", "200", [ANALYZE, "progress", "{dir}/trials.csv"]),
        ("abs_deviation_deg", "1e308", [ANALYZE, "progress", "{dir}/trials.csv"]),
        ("abs_deviation_deg", "nan", [ANALYZE, "progress", "{dir}/trials.csv"]),
        ("time_s", "-3", [ANALYZE, "progress", "{dir}/trials.csv"]), ("time_s", "-3", describe + ["--value", "time_s"]),
        ("front_back_confusion", "yes", [ANALYZE, "rate", "{dir}/trials.csv"]),
        ("front_back_reversal", "yes", [ANALYZE, "progress", "{dir}/trials.csv"]),
        ("abs_deviation_deg", "1\x002", describe),
        # Issue 47: the row is checked whichever column the command analyses.
        ("time_s", "-3", describe), ("time_s", "-0.001", describe), ("time_s", "-3", [ANALYZE, "rate", "{dir}/trials.csv"]),
        ("target_bearing_deg", "400", describe), ("aim_bearing_deg", "-1", describe),
        ("deviation_deg", "200", describe), ("time_s", "abc", describe),
        ("time_s", "-3", [ANALYZE, "report", "{dir}/trials.csv", "--out", "{dir}/out", "--no-mixed-models"]),
        ("time_s", "-3", [ANALYZE, "lmm", "{dir}/trials.csv", "--model", "abs_deviation_deg ~ 1 + (1 | participant)"]),
    ]:
        if column not in columns:
            continue
        row = list(cells)
        row[columns.index(column)] = raw
        text = header + "\n" + ",".join(row) + "\n"
        cases.append(Case("analyzer", f"{column} = {raw!r}", {"trials.csv": text}, argv))
    for name, text in {"no header": first + "\n", "header only, no column we need": "a,b,c\n1,2,3\n",
                       "open quote": header + "\n\"" + first + "\n", "one field short": header + "\n" +
                       ",".join(cells[:-1]) + "\n"}.items():
        cases.append(Case("analyzer", name, {"trials.csv": text}, [ANALYZE, "describe", "{dir}/trials.csv"]))
    cases.append(Case("analyzer", "a header naming a column twice",
                      {"trials.csv": header.replace("deviation_deg,abs", "abs_deviation_deg,abs", 1) + "\n" + first + "\n"},
                      describe))
    ratings_header = ("participant,session_id,session_index,moment,item,value,answered_at,prompted_at,skipped,"
                      "codebook_version\n")
    good = "P07,20261126T014050Z-18a8,1,before,tinnitus_loudness,0.500,2026-11-23T17:00:00.000Z,,FALSE,1\n"
    for name, row in [("42 on a 0-1 slider", "P07,20261126T014050Z-18a8,1,after,tinnitus_loudness,42,2026-11-23T17:10:00.000Z,,FALSE,1"),
                      ("1e308", "P07,20261126T014050Z-18a8,1,after,tinnitus_loudness,1e308,2026-11-23T17:10:00.000Z,,FALSE,1"),
                      ("SAM 0", "P07,20261126T014050Z-18a8,1,after,mood,0,2026-11-23T17:10:00.000Z,,FALSE,1"),
                      ("SAM 4.5", "P07,20261126T014050Z-18a8,1,after,mood,4.5,2026-11-23T17:10:00.000Z,,FALSE,1"),
                      ("yes/no 0.5", "P07,20261126T014050Z-18a8,1,after,tinnitus_noticed,0.5,2026-11-23T17:10:00.000Z,,FALSE,1"),
                      ("unknown item", "P07,20261126T014050Z-18a8,1,after,happiness,0.5,2026-11-23T17:10:00.000Z,,FALSE,1"),
                      ("codebook_version 3 (unknown)", "P07,20261126T014050Z-18a8,1,after,tinnitus_loudness,0.4,2026-11-23T17:10:00.000Z,,FALSE,3"),
                      ("moment 'during'", "P07,20261126T014050Z-18a8,1,during,tinnitus_loudness,0.4,2026-11-23T17:10:00.000Z,,FALSE,1"),
                      ("answered twice", good.strip())]:
        cases.append(Case("analyzer ratings", name, {"logs/P07/ratings.csv": ratings_header + good + row + "\n"},
                          [ANALYZE, "ratings", "{dir}/logs"]))
    # Issue 47: every column out of its domain, each said at its own column.
    after = "P07,20261126T014050Z-18a8,1,after,tinnitus_loudness,0.400,2026-11-23T17:10:00.000Z,,FALSE,2".split(",")
    names = ratings_header.strip().split(",")
    for column, raw in [("participant", "P08"), ("participant", "a b"), ("participant", ""), ("session_id", "S1"),
                        ("session_index", "0"), ("session_index", "-1"), ("session_index", "x"),
                        ("moment", "BEFORE"), ("item", "concentration (before)"), ("value", "-0.1"),
                        ("value", "nan"), ("answered_at", "yesterday"), ("answered_at", "2026-11-23"),
                        ("answered_at", ""), ("prompted_at", "2026-11-23T17:00:00.000Z"), ("prompted_at", "soon"),
                        ("skipped", "TRUE"), ("skipped", "yes"), ("codebook_version", "0"),
                        ("codebook_version", "9"), ("codebook_version", "")]:
        row = list(after)
        if column == "item":
            row[names.index("moment")], row[names.index("item")] = "before", "concentration"
        else:
            row[names.index(column)] = raw
        cases.append(Case("analyzer ratings", f"{column} = {raw!r}",
                          {"logs/P07/ratings.csv": ratings_header + good + ",".join(row) + "\n"},
                          [ANALYZE, "ratings", "{dir}/logs"], said=f"column '{column}'"))
    prompt = "P07,,,prompt,mood,5.000,2026-11-23T17:10:00.000Z,,FALSE,2"
    for column, raw in [("session_id", "20261126T014050Z-18a8"), ("session_index", "2")]:
        row = prompt.split(",")
        row[names.index(column)] = raw
        cases.append(Case("analyzer ratings", f"a prompt with {column} {raw}",
                          {"logs/P07/ratings.csv": ratings_header + good + ",".join(row) + "\n"},
                          [ANALYZE, "ratings", "{dir}/logs"], said=f"column '{column}'"))
    session = {"logs/P07/20261126T014050Z-18a8/trials.csv": trials, "logs/P07/20261126T014050Z-18a8/session.json": "{}\n",
               "logs/P07/ratings.csv": ratings_header + good}
    for out in ["logs/P07", "logs/P07/20261126T014050Z-18a8", "logs/P07/20261126T014050Z-18a8/figures"]:
        cases.append(Case("analyzer", f"report --out {out}", session, [ANALYZE, "report", "{dir}/logs", "--out",
                                                                       "{dir}/" + out]))
    for name, text in [("plan-001.json not JSON", "{"), ("plan-001.json without its plan", '{"version": 1}'),
                       ("plan-001.json assigned 'last week'", '{"version": 1, "assigned_at": "last week", "plan": {}}')]:
        cases.append(Case("analyzer", f"progress with {name}", dict(session, **{"logs/P07/plan-001.json": text}),
                          [ANALYZE, "progress", "{dir}/logs"]))
    cases += special_files("analyzer", "trials.csv", [ANALYZE, "describe", "{dir}/trials.csv"])
    cases += special_files("analyzer ratings", "logs/P01/ratings.csv", [ANALYZE, "ratings",
                                                                        "{dir}/logs/P01/ratings.csv"])
    cases.append(Case("analyzer", "a missing file", {}, [ANALYZE, "describe", "{dir}/nothing.csv"]))
    return cases


# --- protocol files --------------------------------------------------------------------------------------
def protocol_cases():
    with open(os.path.join(ROOT, "Examples/latin-square.json")) as handle:
        study = json.load(handle)
    argv = [SOUNDSAFARI, "simulate", "--protocol", "{dir}/study.json", "--participant", "P01", "--logs", "{dir}/logs"]
    cases = []
    # Issue 47: a bearing outside a circle's degrees is refused, never wrapped.
    for raw in ["1e308", "-1e308", "360", "400", "-90", "-0.001", "1e15"]:
        listed = list(study["bearings_deg"])
        listed[3] = json.loads(raw)
        text = json_text(dict(study, bearings_deg=listed))
        cases.append(Case("protocol", f"bearings_deg[3] = {raw}", {"study.json": text}, argv, said="bearings_deg[3]"))
    return cases


# --- flags ---------------------------------------------------------------------------------------------------
def flag_cases():
    cases = []
    render = [SOUNDSAFARI, "render", "--sound", "frog", "--out", "{dir}/x.wav"]
    for bearing in ["1e308", "-1e308", "nan", "inf", "720", "-400", "abc", ""]:
        cases.append(Case("flags", f"render --bearing {bearing}", {}, render + ["--bearing", bearing]))
    for heading in ["1e308", "nan", "361"]:
        cases.append(Case("flags", f"render --heading {heading}", {}, render + ["--bearing", "0", "--heading", heading]))
    for extra in [["--seconds", "0"], ["--seconds", "1e9"], ["--gain-db", "1e308"], ["--gain-db", "nan"],
                  ["--sound", "unicorn"], ["--hrtf", "no-such-hrtf"]]:
        cases.append(Case("flags", "render " + " ".join(extra), {}, render + ["--bearing", "0"] + extra))
    for participant in ["", "../P01", "P01/..", "a b", "P\n01", "P" * 300, "Pé01", ".hidden", "-P01"]:
        for command in (["profile", "show"], ["plan", "assign"], ["profile", "set-output", "--ceiling-dbfs", "-3"]):
            argv = [SOUNDSAFARI] + command + ["--participant=" + participant, "--logs", "{dir}/logs"]
            if command[0] == "plan":
                argv.append(os.path.join(ROOT, "Examples/training-plan.json"))
            cases.append(Case("flags", f"{' '.join(command)} --participant {participant[:20]!r}", {}, argv,
                              said="it is empty" if participant == "" else None))
    for command in (["simulate", "--rounds", "1"], ["profile", "show", "--participant", "P01"],
                    ["plan", "assign", "--participant", "P01", os.path.join(ROOT, "Examples/training-plan.json")],
                    ["rate", "--participant", "P01"]):
        cases.append(Case("flags", f"{command[0]} --logs ''", {}, [SOUNDSAFARI] + command + ["--logs", ""]))
    for rounds in ["0", "31", "-1", "1e9", "abc"]:
        cases.append(Case("flags", f"simulate --rounds {rounds}", {},
                          [SOUNDSAFARI, "simulate", "--rounds", rounds, "--logs", "{dir}/l"]))
    for extra in [["--max-gain-db", "41"], ["--max-gain-db", "nan"], ["--ceiling-dbfs", "1"], ["--ceiling-dbfs", "-41"],
                  ["--notch-width", "2"], ["--max-volume-db", "5"], ["--calibration-left-db-spl", "50",
                                                                      "--calibration-right-db-spl", "100"],
                  ["--calibration-left-db-spl", "100"], ["--notch-width", "1", "--no-notch"]]:
        cases.append(Case("flags", "profile set-output " + " ".join(extra), {},
                          [SOUNDSAFARI, "profile", "set-output", "--participant", "P01", "--logs", "{dir}/l"] + extra))
    return cases


def export_cases():
    """A damaged or odd file among a participant's logs, and odd flags: export says one sentence, writes nothing."""
    cases = []
    export = [SOUNDSAFARI, "export", "--participant", "P01", "--logs", "{dir}/logs"]
    session = "logs/P01/20261127T100000Z-0a1b/session.json"
    damaged = {
        "profile.json garbage": {"logs/P01/profile.json": "{not json"},
        "profile.json FIFO": {"logs/P01/profile.json": "fifo"},
        "ratings.csv /dev/zero": {"logs/P01/ratings.csv": "devzero"},
        "ratings.csv other header": {"logs/P01/ratings.csv": "a,b\n1,2\n"},
        "diary.csv FIFO": {"logs/P01/diary.csv": "fifo"},
        "questionnaires.csv garbage": {"logs/P01/questionnaires.csv": "participant\n\u0000\n"},
        "plan-001.json garbage": {"logs/P01/plan-001.json": "[1, 2"},
        "session.json garbage": {session: "{\"session_id\": 3}"},
        "session.json a folder": {session: "folder"},
    }
    for name, files in damaged.items():
        for output in (["--fhir", "{dir}/out.json"], ["--pdf", "{dir}/out.pdf"]):
            cases.append(Case("export", f"{name} {output[0]}", files, export + output))
    # The participant's folder exists and holds nothing damaged: what is refused is the flags.
    present = {"logs/P01/diary.csv": ""}
    for name, argv in {
        "no participant folder": [SOUNDSAFARI, "export", "--participant", "P02", "--logs", "{dir}/logs", "--fhir",
                                  "{dir}/out.json"],
        "neither --fhir nor --pdf": export,
        "--fhir a folder": export + ["--fhir", "{dir}/logs"],
        "--fhir empty": export + ["--fhir", ""],
        "--fhir and --pdf one file": export + ["--fhir", "{dir}/x", "--pdf", "{dir}/x"],
    }.items():
        cases.append(Case("export", name, present, argv))
    return cases


def main():
    for binary in (SOUNDSAFARI, ANALYZE):
        if not os.access(binary, os.X_OK):
            sys.exit(f"{binary} is missing: build first (swift build -c release)")
    cases = profile_cases() + plan_cases() + audiogram_cases() + reminder_cases() + sofa_cases() + \
        questionnaire_cases() + protocol_cases() + \
        analyzer_cases() + flag_cases() + export_cases()
    counts = {"handled": 0, "crash": 0, "hang": 0, "silent": 0}
    by_surface = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        for case, outcome, said in pool.map(run, cases):
            counts[outcome] += 1
            by_surface.setdefault(case.surface, {"tried": 0, "handled": 0})
            by_surface[case.surface]["tried"] += 1
            by_surface[case.surface]["handled"] += outcome == "handled"
            if outcome != "handled" or VERBOSE:
                last = said.strip().splitlines()[-1:] if said.strip() else ["(nothing on stderr)"]
                print(f"{outcome}: {case.surface}: {case.name}: {last[0][:300]}", file=sys.stderr)
    for surface, numbers in sorted(by_surface.items()):
        print(f"bad_inputs.{surface.replace(' ', '_')}.tried {numbers['tried']} inputs")
        print(f"bad_inputs.{surface.replace(' ', '_')}.handled {numbers['handled']} inputs")
    print(f"bad_inputs.tried {len(cases)} inputs")
    for outcome, count in counts.items():
        print(f"bad_inputs.{outcome} {count} inputs")
    print(f"tried {len(cases)} / handled {counts['handled']} / crash {counts['crash']} / hang {counts['hang']} / "
          f"silent {counts['silent']}")
    return 1 if counts["crash"] or counts["hang"] or counts["silent"] else 0


if __name__ == "__main__":
    sys.exit(main())
