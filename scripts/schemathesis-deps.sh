#!/usr/bin/env bash
# Installs schemathesis (PyPI) for the study server's API test against its OpenAPI document, into a git-ignored venv
# (.schemathesis-venv/); prints the path of its `schemathesis` program.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.schemathesis-venv
version=4.32.5
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if [ "$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("schemathesis"))' 2>/dev/null)" != "$version" ]; then
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version"
fi
[ -x "$venv/bin/schemathesis" ] || { echo "error: schemathesis installed no program: check $venv" >&2; exit 1; }
echo "$PWD/$venv/bin/schemathesis"
