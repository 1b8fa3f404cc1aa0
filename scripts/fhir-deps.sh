#!/usr/bin/env bash
# Installs fhir.resources (PyPI) for the FHIR export's validation into a git-ignored venv (.fhir-venv/); prints the
# path of its python, which scripts/fhir-validate.py runs with.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.fhir-venv
version=8.3.0
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if [ "$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("fhir.resources"))' 2>/dev/null)" != "$version" ]; then
  "$venv/bin/pip" install --quiet --disable-pip-version-check "fhir.resources==$version"
fi
"$venv/bin/python" -c 'import fhir.resources.R4B.bundle' || { echo "error: fhir.resources does not import: check $venv" >&2; exit 1; }
echo "$PWD/$venv/bin/python"
