#!/usr/bin/env bash
# Set up and start the app with its embedded defaults: SQLite and a secret key in
# ./instance, served on http://127.0.0.1:5000 (HOST=0.0.0.0 lets phones on the same
# network connect; PORT changes the port).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/system-deps.sh run
scripts/venv.sh
.venv/bin/flask --app companion db upgrade
echo "Serving on http://${HOST:-127.0.0.1}:${PORT:-5000} (Ctrl+C stops it)"
# gunicorn rather than Flask's development server: several phones at once.
# Its settings (workers, threads, access log, graceful timeout) are in
# gunicorn.conf.py, read from this folder.
exec .venv/bin/gunicorn

