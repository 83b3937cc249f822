#!/usr/bin/env bash
# Set up and start the app with its embedded defaults: SQLite and a secret key in
# ./instance, served on http://127.0.0.1:5000 (HOST=0.0.0.0 lets phones on the same
# network connect; PORT changes the port).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/system-deps.sh run
scripts/venv.sh
.venv/bin/flask --app companion db upgrade
exec .venv/bin/flask --app companion run --host "${HOST:-127.0.0.1}" --port "${PORT:-5000}"
