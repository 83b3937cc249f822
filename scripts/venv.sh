#!/usr/bin/env bash
# Make .venv (Python 3.11+) and install the app into it, with the test tools when asked
# ("test"). Reinstalls only when pyproject.toml changed.
set -euo pipefail
cd "$(dirname "$0")/.."
extras=${1:-}
python=${PYTHON:-python3}
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "Python 3.11 or newer is needed as '$python' (set PYTHON=/path/to/python3.11)." >&2
  exit 1
fi
[ -x .venv/bin/python ] || "$python" -m venv .venv
spec="."
[ "$extras" = test ] && spec=".[test]"
stamp=".venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)-${extras:-run}"
if [ ! -e "$stamp" ]; then
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e "$spec"
  rm -f .venv/.installed-*
  touch "$stamp"
fi
