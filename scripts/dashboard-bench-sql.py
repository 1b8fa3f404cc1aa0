#!/usr/bin/env python3
"""The pgbench peer of a dashboard page: the statements the server ran for one request of it, as PostgreSQL logged
them (log_statement = 'all' around that one request), each with its parameters written in as literals, in the
order they started. So the bench measures the page against the SQL the page runs, not against a copy of it.

  python3 scripts/dashboard-bench-sql.py LOG OFFSET    prints the pgbench script of the log's lines after OFFSET

A statement whose parameters are not in the log, or a log with no statement, is an error (exit 1).
"""
import re
import sys

PREFIX = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? \S+ \[(\d+)\] ([A-Z]+):  (.*)$")
EXECUTE = re.compile(r"^execute [^:]*: (.*)$", re.S)
PARAMETER = re.compile(r"\$(\d+)(?!\d)")
# postgres-nio's pool checks an idle connection with this every 30 s: not the page's, when it falls in the window.
KEEP_ALIVE = "SELECT 1"


def records(lines):
    """(pid, level, message) per log record; a record's later lines (a statement's) start with a tab."""
    current = None
    for line in lines:
        line = line.rstrip("\n")
        match = PREFIX.match(line)
        if match:
            if current:
                yield current
            current = [match.group(1), match.group(2), match.group(3)]
        elif current:
            current[2] += "\n" + (line[1:] if line.startswith("\t") else line)
    if current:
        yield current


def parameters(text):
    """`$1 = 'a''b', $2 = NULL` as {1: "'a''b'", 2: "NULL"}: the values as SQL literals, as logged."""
    values = {}
    at = 0
    while at < len(text):
        match = re.compile(r"\s*,?\s*\$(\d+) = ").match(text, at)
        if not match:
            break
        number, at = int(match.group(1)), match.end()
        if text.startswith("NULL", at):
            values[number], at = "NULL", at + 4
            continue
        if text[at] != "'":
            sys.exit(f"error: parameter ${number} of the log is neither NULL nor quoted: {text[at:at + 40]}")
        end = at + 1
        while True:
            end = text.index("'", end)
            if text.startswith("''", end):
                end += 2
                continue
            break
        values[number], at = text[at:end + 1], end + 1
    return values


def main():
    path, offset = sys.argv[1], int(sys.argv[2])
    with open(path, encoding="utf-8", errors="replace") as log:
        lines = log.readlines()[offset:]
    statements = []
    bound = set()
    waiting = {}
    for pid, level, message in records(lines):
        if level == "LOG":
            match = EXECUTE.match(message)
            if match:
                statements.append(match.group(1).strip().rstrip(";").rstrip())
                waiting[pid] = len(statements) - 1
        elif level == "DETAIL" and message.startswith("parameters: ") and pid in waiting:
            index = waiting.pop(pid)
            values = parameters(message[len("parameters: "):])

            def literal(match):
                number = int(match.group(1))
                if number not in values:
                    sys.exit(f"error: statement {index + 1} uses ${number}, which the log does not give")
                return values[number]

            statements[index] = PARAMETER.sub(literal, statements[index])
            bound.add(index)
    if not [statement for statement in statements if statement != KEEP_ALIVE]:
        sys.exit(f"error: {path} logged no statement after line {offset}: was log_statement = 'all' in effect?")
    for index, statement in enumerate(statements):
        if statement == KEEP_ALIVE:
            continue
        if index not in bound and PARAMETER.search(statement):
            sys.exit(f"error: a statement's parameters are missing from the log: {statement[:80]}")
        print(statement + ";")


main()
