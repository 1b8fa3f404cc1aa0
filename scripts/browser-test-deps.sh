#!/usr/bin/env bash
# Installs axe-core for the dashboard's browser tests: PyPI's axe-selenium-python ships axe.min.js, which the tests
# inject through WebDriver. It goes into a git-ignored venv (.browser-venv/); prints the path of axe.min.js.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.browser-venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
axe=$(find "$venv" -name axe.min.js -path '*axe_selenium_python*' 2>/dev/null | head -1)
if [ -z "$axe" ]; then
  "$venv/bin/pip" install --quiet --disable-pip-version-check axe-selenium-python==2.1.6
  axe=$(find "$venv" -name axe.min.js -path '*axe_selenium_python*' | head -1)
fi
[ -n "$axe" ] || { echo "error: axe-selenium-python installed no axe.min.js: check $venv" >&2; exit 1; }
echo "$PWD/$axe"
